//! The sandbox clock: wall-clock time plus an offset that only grows.
//!
//! Every timed rule of the sandbox (token expiry, quote and order windows, the
//! transfer and withdrawal state machines, the tax-exemption month) reads this
//! clock, so a test can move an hour forward in a millisecond instead of sleeping.
//! The offset never shrinks: moving time backwards would let expired nonces and
//! orders come back to life.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use time::OffsetDateTime;

/// Shared handle on the sandbox's notion of "now".
#[derive(Clone, Debug, Default)]
pub(crate) struct SandboxClock {
    /// Milliseconds added to the wall clock.
    offset_millis: Arc<AtomicU64>,
}

impl SandboxClock {
    /// The sandbox's current time, in UTC.
    pub(crate) fn now(&self) -> OffsetDateTime {
        let offset = Duration::from_millis(self.offset_millis.load(Ordering::SeqCst));
        let wall = OffsetDateTime::now_utc();
        time::Duration::try_from(offset)
            .ok()
            .and_then(|offset| wall.checked_add(offset))
            .unwrap_or(wall)
    }

    /// Moves the clock forward by `by` (saturating; it never goes back).
    pub(crate) fn advance(&self, by: Duration) {
        let millis = u64::try_from(by.as_millis()).unwrap_or(u64::MAX);
        // fetch_update cannot fail with a closure that always returns Some.
        let _ = self
            .offset_millis
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |current| {
                Some(current.saturating_add(millis))
            });
    }
}

/// Whole seconds, for the timestamps the sandbox writes on most records.
pub(crate) fn whole_seconds(at: OffsetDateTime) -> OffsetDateTime {
    at.replace_nanosecond(0).unwrap_or(at)
}

/// Microseconds, for claims, whose `updated-at` carries a fractional second (spec 2.1 conventions).
pub(crate) fn whole_micros(at: OffsetDateTime) -> OffsetDateTime {
    at.replace_microsecond(at.microsecond()).unwrap_or(at)
}

/// `at + seconds`, saturating at `at` on overflow (which no real timestamp reaches).
pub(crate) fn plus_seconds(at: OffsetDateTime, seconds: i64) -> OffsetDateTime {
    at.checked_add(time::Duration::seconds(seconds))
        .unwrap_or(at)
}

/// `at + duration`, saturating at `at` on overflow.
pub(crate) fn plus(at: OffsetDateTime, duration: Duration) -> OffsetDateTime {
    time::Duration::try_from(duration)
        .ok()
        .and_then(|duration| at.checked_add(duration))
        .unwrap_or(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advancing_moves_now_forward_and_never_back() {
        let clock = SandboxClock::default();
        let before = clock.now();
        clock.advance(Duration::from_secs(3600));
        let after = clock.now();
        assert!(after - before >= time::Duration::seconds(3600));
        assert!(after - before < time::Duration::seconds(3660));
    }
}
