//! The app's monotonic clock, shared by the UI thread and the worker, so the
//! instants inside Events ("retry at", "fetched at") mean the same on both sides.

use std::time::Instant;

/// Milliseconds on the app's monotonic clock, counted from its start.
pub type Millis = u64;

/// A monotonic clock started with the app. Cheap to copy.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    epoch: Instant,
}

impl Default for Clock {
    fn default() -> Self {
        Clock::new()
    }
}

impl Clock {
    /// A clock reading zero now.
    pub fn new() -> Clock {
        Clock {
            epoch: Instant::now(),
        }
    }

    /// Milliseconds since the clock started.
    pub fn now_ms(&self) -> Millis {
        Millis::try_from(self.epoch.elapsed().as_millis()).unwrap_or(Millis::MAX)
    }

    /// The `Instant` of a reading, for timers.
    pub fn instant_at(&self, at: Millis) -> Instant {
        self.epoch + std::time::Duration::from_millis(at)
    }
}
