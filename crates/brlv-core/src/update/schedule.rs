//! When the automatic check runs: once at start and then once a day, only
//! when turned on, and never while a form or a payout is in flight (a
//! notice must not come between a person and a confirmation of money).

use std::time::Duration;

use time::OffsetDateTime;

/// How long after one automatic check the next is due.
pub const CHECK_INTERVAL: Duration = Duration::from_secs(24 * 60 * 60);

/// Whether the automatic check should run now. `last_check` is when this
/// run last checked (`None`: not yet, so at start it is due); `enabled` the
/// person's switch; `busy` true while a form is being sent or a payout is
/// in flight. A clock set back before `last_check` makes it due, rather
/// than silent until the clock catches up.
pub fn should_check(
    now: OffsetDateTime,
    last_check: Option<OffsetDateTime>,
    enabled: bool,
    busy: bool,
) -> bool {
    if !enabled || busy {
        return false;
    }
    match last_check {
        None => true,
        Some(last) if now < last => true,
        Some(last) => now - last >= CHECK_INTERVAL,
    }
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;

    #[test]
    fn due_at_start_then_once_a_day() {
        let start = datetime!(2025-07-01 09:00 UTC);
        assert!(should_check(start, None, true, false));
        let hour = time::Duration::hours(1);
        assert!(!should_check(start + hour, Some(start), true, false));
        assert!(!should_check(start + hour * 23, Some(start), true, false));
        assert!(!should_check(
            start + hour * 24 - time::Duration::seconds(1),
            Some(start),
            true,
            false
        ));
        assert!(should_check(start + hour * 24, Some(start), true, false));
        assert!(should_check(start + hour * 50, Some(start), true, false));
        // The clock set back a day: checked, not skipped for a day.
        assert!(should_check(start - hour * 24, Some(start), true, false));
    }

    #[test]
    fn never_while_busy_or_turned_off() {
        let start = datetime!(2025-07-01 09:00 UTC);
        let due = start + time::Duration::days(2);
        assert!(!should_check(start, None, true, true));
        assert!(!should_check(due, Some(start), true, true));
        assert!(!should_check(start, None, false, false));
        assert!(!should_check(due, Some(start), false, false));
        // Once the payout is settled, the check that waited runs.
        assert!(should_check(due, Some(start), true, false));
    }
}
