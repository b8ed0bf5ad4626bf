//! The sandbox clock: wall-clock time plus an offset that is set once at
//! start and then only grows.
//!
//! Every timed rule of the sandbox (token expiry, quote and order windows, the
//! transfer and withdrawal state machines, the tax-exemption month) and the
//! demo data read this clock, so a test can move an hour forward in a
//! millisecond instead of sleeping, and can start the sandbox at a chosen
//! instant ([`SandboxClock::starting_at`]: the last evening of a month in
//! Brasília, the year's end, a leap day) so that what it expects never
//! depends on the day it happens to run.
//! After start the offset never shrinks: moving time backwards would let
//! expired nonces and orders come back to life.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use time::OffsetDateTime;

/// Shared handle on the sandbox's notion of "now".
#[derive(Clone, Debug, Default)]
pub(crate) struct SandboxClock {
    /// Milliseconds added to the wall clock (negative when the sandbox
    /// started at an instant before the wall clock's).
    offset_millis: Arc<AtomicI64>,
}

impl SandboxClock {
    /// A clock that reads `start` now and runs at the wall clock's pace.
    pub(crate) fn starting_at(start: OffsetDateTime) -> SandboxClock {
        let offset = start - OffsetDateTime::now_utc();
        let millis =
            i64::try_from(offset.whole_milliseconds()).unwrap_or(if offset.is_negative() {
                i64::MIN
            } else {
                i64::MAX
            });
        SandboxClock {
            offset_millis: Arc::new(AtomicI64::new(millis)),
        }
    }

    /// The sandbox's current time, in UTC.
    pub(crate) fn now(&self) -> OffsetDateTime {
        let offset = time::Duration::milliseconds(self.offset_millis.load(Ordering::SeqCst));
        let wall = OffsetDateTime::now_utc();
        wall.checked_add(offset).unwrap_or(wall)
    }

    /// Moves the clock forward by `by` (saturating; it never goes back).
    pub(crate) fn advance(&self, by: Duration) {
        let millis = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
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
    use time::macros::datetime;

    #[test]
    fn advancing_moves_now_forward_and_never_back() {
        let clock = SandboxClock::default();
        let before = clock.now();
        clock.advance(Duration::from_secs(3600));
        let after = clock.now();
        assert!(after - before >= time::Duration::seconds(3600));
        assert!(after - before < time::Duration::seconds(3660));
    }

    #[test]
    fn a_clock_started_in_the_past_or_the_future_reads_its_start_and_runs_on() {
        for start in [
            datetime!(2026-12-01 03:30 UTC),
            datetime!(2028-02-29 15:00 UTC),
            datetime!(2001-01-01 00:00 UTC),
        ] {
            let clock = SandboxClock::starting_at(start);
            let read = clock.now();
            // The offset is kept in whole milliseconds.
            let tick = time::Duration::milliseconds(1);
            assert!(read >= start - tick, "{read} before its start {start}");
            assert!(
                read - start < time::Duration::seconds(5),
                "{read} vs {start}"
            );
            clock.advance(Duration::from_secs(86_400));
            assert!(clock.now() - start >= time::Duration::days(1) - tick);
        }
    }
}
