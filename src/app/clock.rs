//! The app's clocks: the monotonic one, shared by the UI thread and the
//! worker, so the instants inside Events ("retry at", "fetched at") mean the
//! same on both sides; and the person's time zone ([`LocalZone`]), which
//! every moment shown is read in.

use std::time::Instant;

use time::{Date, OffsetDateTime, UtcOffset};

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

/// The person's time zone: every moment shown is read in it, and the
/// extrato's days and periods and the charts' months are its days and
/// months. The system's at start ([`LocalZone::system`]); tests and
/// screenshots fix one (`TZ=America/Sao_Paulo`, or [`LocalZone::named`]).
/// Cheap to clone (the zone's rules are shared).
///
/// The zone's rules come from the IANA database bundled into the program,
/// so a moment reads the same on every system, with the offsets its place
/// had then (Brazil's daylight saving until 2019 included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalZone {
    zone: jiff::tz::TimeZone,
}

impl Default for LocalZone {
    /// UTC: what a state made without asking the system reads moments in.
    fn default() -> Self {
        LocalZone::utc()
    }
}

/// The Julian day number of 1970-01-01.
const EPOCH_DAY: i64 = 2_440_588;

/// `date` as the zone rules' calendar writes it.
fn civil_date(date: Date) -> Option<jiff::civil::Date> {
    jiff::civil::Date::new(
        i16::try_from(date.year()).ok()?,
        i8::try_from(u8::from(date.month())).ok()?,
        i8::try_from(date.day()).ok()?,
    )
    .ok()
}

impl LocalZone {
    /// The system's zone: `TZ` when set, else the system's setting
    /// (`/etc/localtime`, or Windows' own, mapped to its IANA name); UTC
    /// when neither can be read.
    pub fn system() -> LocalZone {
        LocalZone {
            zone: jiff::tz::TimeZone::system(),
        }
    }

    /// UTC.
    pub fn utc() -> LocalZone {
        LocalZone {
            zone: jiff::tz::TimeZone::UTC,
        }
    }

    /// The zone of IANA name `name` (`America/Sao_Paulo`); `None` when the
    /// database has no such zone.
    pub fn named(name: &str) -> Option<LocalZone> {
        jiff::tz::TimeZone::get(name)
            .ok()
            .map(|zone| LocalZone { zone })
    }

    /// Its IANA name, when it has one (a zone read from a file may not).
    pub fn name(&self) -> Option<&str> {
        self.zone.iana_name()
    }

    /// Its offset from UTC, in seconds, at the instant `second` (seconds
    /// since 1970 in UTC); UTC's for an instant past the rules' calendar.
    pub fn offset_seconds(&self, second: i64) -> i32 {
        jiff::Timestamp::from_second(second)
            .map_or(0, |instant| self.zone.to_offset(instant).seconds())
    }

    /// Its offset from UTC at `moment`.
    pub fn offset_at(&self, moment: OffsetDateTime) -> UtcOffset {
        UtcOffset::from_whole_seconds(self.offset_seconds(moment.unix_timestamp()))
            .unwrap_or(UtcOffset::UTC)
    }

    /// `moment` as the zone's clocks showed it: the same instant, with the
    /// zone's offset; as it came when that would leave the calendar.
    pub fn local(&self, moment: OffsetDateTime) -> OffsetDateTime {
        moment
            .checked_to_offset(self.offset_at(moment))
            .unwrap_or(moment)
    }

    /// The day it was in the zone at `moment`.
    pub fn date_of(&self, moment: OffsetDateTime) -> Date {
        self.local(moment).date()
    }

    /// The day it was in the zone at the instant `second`; `None` past the
    /// calendar.
    pub fn date_at_second(&self, second: i64) -> Option<Date> {
        let local = second.checked_add(i64::from(self.offset_seconds(second)))?;
        let day = local.div_euclid(86_400) + EPOCH_DAY;
        Date::from_julian_day(i32::try_from(day).ok()?).ok()
    }

    /// The first instant of `day` in the zone, in seconds since 1970 (UTC):
    /// its midnight, or the first minute after a midnight its clocks
    /// skipped (Brazil's daylight saving began at midnight).
    pub fn start_of(&self, day: Date) -> Option<i64> {
        let start = civil_date(day)?
            .to_zoned_datetime(self.zone.clone())
            .ok()?
            .start_of_day()
            .ok()?;
        Some(start.timestamp().as_second())
    }

    /// [`LocalZone::start_of`] as a moment with the zone's offset then.
    pub fn start_moment(&self, day: Date) -> Option<OffsetDateTime> {
        let second = self.start_of(day)?;
        let utc = OffsetDateTime::from_unix_timestamp(second).ok()?;
        Some(self.local(utc))
    }

    /// A finder of the days of instants that come mostly in order.
    pub fn days(&self) -> LocalDays<'_> {
        LocalDays {
            zone: self,
            current: None,
        }
    }
}

/// Finds the zone's day of instants given mostly in order (a timeline,
/// newest first): the last day's bounds are kept, so the zone's rules are
/// read only when an instant leaves them (a million movements over two
/// years read them some two thousand times, not a million).
#[derive(Clone, Debug)]
pub struct LocalDays<'a> {
    zone: &'a LocalZone,
    /// The last day found, and its first and next day's first second.
    current: Option<(Date, i64, i64)>,
}

impl LocalDays<'_> {
    /// The day of the instant `second` (seconds since 1970, UTC); `None`
    /// past the calendar.
    pub fn day_of(&mut self, second: i64) -> Option<Date> {
        if let Some((day, start, end)) = self.current
            && (start..end).contains(&second)
        {
            return Some(day);
        }
        let day = self.zone.date_at_second(second)?;
        let bounds = self
            .zone
            .start_of(day)
            .zip(day.next_day().and_then(|next| self.zone.start_of(next)));
        self.current = bounds.map(|(start, end)| (day, start, end));
        Some(day)
    }
}

#[cfg(test)]
mod tests {
    use time::macros::{date, datetime};

    use super::LocalZone;

    fn sao_paulo() -> LocalZone {
        LocalZone::named("America/Sao_Paulo").unwrap_or_else(|| panic!("no America/Sao_Paulo"))
    }

    #[test]
    fn a_moment_late_at_night_in_sao_paulo_is_on_that_day_there() {
        let pix = datetime!(2026-04-01 01:30 UTC);
        assert_eq!(sao_paulo().date_of(pix), date!(2026 - 03 - 31));
        assert_eq!(LocalZone::utc().date_of(pix), date!(2026 - 04 - 01));
        assert_eq!(
            sao_paulo().local(pix),
            datetime!(2026-03-31 22:30 -03:00),
            "the same instant, with the zone's offset"
        );
        assert_eq!(sao_paulo().name(), Some("America/Sao_Paulo"));
        assert!(LocalZone::named("Nowhere/Atlantis").is_none());
    }

    #[test]
    fn a_day_starts_at_its_first_instant_even_when_midnight_was_skipped() {
        let zone = sao_paulo();
        assert_eq!(
            zone.start_of(date!(2026 - 03 - 31)),
            Some(datetime!(2026-03-31 03:00 UTC).unix_timestamp())
        );
        // Daylight saving began at midnight on 4 November 2018: the day
        // began at 01:00, UTC-2.
        assert_eq!(
            zone.start_moment(date!(2018 - 11 - 04)),
            Some(datetime!(2018-11-04 01:00 -02:00))
        );
    }

    #[test]
    fn days_found_in_order_agree_with_each_read_alone() {
        let zone = sao_paulo();
        let mut days = zone.days();
        // Every 7 minutes, newest first, across the end of daylight saving
        // (17 February 2019, when 00:00 came twice) and a month's end.
        let newest = datetime!(2019-03-02 12:00 UTC).unix_timestamp();
        let oldest = datetime!(2019-02-14 12:00 UTC).unix_timestamp();
        let mut second = newest;
        while second > oldest {
            assert_eq!(days.day_of(second), zone.date_at_second(second), "{second}");
            second -= 7 * 60;
        }
        assert_eq!(
            days.day_of(datetime!(2019-02-17 02:30 UTC).unix_timestamp()),
            Some(date!(2019 - 02 - 16)),
            "23:30 of the hour that came twice"
        );
    }
}
