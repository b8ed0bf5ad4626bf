//! A process a test started (a headless sandbox, the command line in the
//! middle of a batch), stopped when the guard goes: at the test's end, and
//! just as well when an assertion fails halfway, so that a failing test
//! never leaves a server listening behind it.

use std::ops::{Deref, DerefMut};
use std::process::Child;

/// Owns a child process; dropping it kills the process and reaps it.
#[derive(Debug)]
pub struct ChildGuard(Child);

impl ChildGuard {
    /// Guards `child` from now on.
    pub fn new(child: Child) -> ChildGuard {
        ChildGuard(child)
    }
}

impl Deref for ChildGuard {
    type Target = Child;

    fn deref(&self) -> &Child {
        &self.0
    }
}

impl DerefMut for ChildGuard {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

impl Drop for ChildGuard {
    fn drop(&mut self) {
        // Already ended (killed or waited for by the test): nothing to do,
        // and a kill of a reaped process only returns an error.
        if matches!(self.0.try_wait(), Ok(Some(_))) {
            return;
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
