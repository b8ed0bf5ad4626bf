//! Brasília's calendar: the months the tax report counts in.
//!
//! The Receita counts a sale in the calendar month it happened in Brasília
//! (America/Sao_Paulo: UTC−3 today; until February 2019 with daylight saving
//! in the southern summer). The zone comes from the IANA database bundled
//! into the program, so the answer is the same on every system and older
//! history gets the offsets it had then.

use std::sync::LazyLock;

use jiff::tz::{Offset, TimeZone, TimeZoneDatabase};
use time::{Date, Month, OffsetDateTime, UtcOffset};

/// The IANA name of Brasília's time zone.
pub const BRASILIA_ZONE: &str = "America/Sao_Paulo";

/// Brasília's standard offset, UTC−3, used only if the bundled database
/// could not give the zone (it always holds it).
const BRASILIA_STANDARD_HOURS: i8 = -3;

static BRASILIA: LazyLock<TimeZone> = LazyLock::new(|| {
    TimeZoneDatabase::bundled()
        .get(BRASILIA_ZONE)
        .unwrap_or_else(|error| {
            tracing::warn!(%error, "no {BRASILIA_ZONE} in the bundled time zones; using UTC−3");
            TimeZone::fixed(Offset::constant(BRASILIA_STANDARD_HOURS))
        })
});

fn timestamp_of(moment: OffsetDateTime) -> Option<jiff::Timestamp> {
    let nanos = i32::try_from(moment.nanosecond()).ok()?;
    jiff::Timestamp::new(moment.unix_timestamp(), nanos).ok()
}

/// Brasília's offset from UTC at `moment` (−3 h, or −2 h in a summer
/// before 2019).
pub fn offset_at(moment: OffsetDateTime) -> UtcOffset {
    let seconds = timestamp_of(moment)
        .map_or(i32::from(BRASILIA_STANDARD_HOURS) * 3_600, |timestamp| {
            BRASILIA.to_offset(timestamp).seconds()
        });
    UtcOffset::from_whole_seconds(seconds).unwrap_or(UtcOffset::UTC)
}

/// `moment` as Brasília's clocks showed it (the same instant, Brasília's offset).
pub fn in_brasilia(moment: OffsetDateTime) -> OffsetDateTime {
    moment
        .checked_to_offset(offset_at(moment))
        .unwrap_or(moment)
}

/// The day it was in Brasília at `moment`.
pub fn date_at(moment: OffsetDateTime) -> Date {
    in_brasilia(moment).date()
}

/// The first instant of `date` in Brasília, as a UTC moment.
pub fn start_of(date: Date) -> Option<OffsetDateTime> {
    let civil = jiff::civil::date(
        i16::try_from(date.year()).ok()?,
        i8::try_from(u8::from(date.month())).ok()?,
        i8::try_from(date.day()).ok()?,
    );
    let timestamp = civil.to_zoned_datetime(BRASILIA.clone()).ok()?.timestamp();
    let moment = OffsetDateTime::from_unix_timestamp(timestamp.as_second()).ok()?;
    moment
        .replace_nanosecond(u32::try_from(timestamp.subsec_nanosecond()).ok()?)
        .ok()
}

/// A calendar month (in Brasília, where the tax report uses it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct YearMonth {
    /// The year.
    pub year: i32,
    /// The month, 1 to 12.
    pub month: u8,
}

impl YearMonth {
    /// `year`-`month`; `None` unless `month` is 1 to 12.
    pub fn new(year: i32, month: u8) -> Option<YearMonth> {
        (1..=12)
            .contains(&month)
            .then_some(YearMonth { year, month })
    }

    /// The month `date` is in.
    pub fn of(date: Date) -> YearMonth {
        YearMonth {
            year: date.year(),
            month: u8::from(date.month()),
        }
    }

    /// The Brasília month of `moment`.
    pub fn in_brasilia(moment: OffsetDateTime) -> YearMonth {
        YearMonth::of(date_at(moment))
    }

    /// The month after.
    pub fn next(self) -> YearMonth {
        if self.month >= 12 {
            YearMonth {
                year: self.year + 1,
                month: 1,
            }
        } else {
            YearMonth {
                year: self.year,
                month: self.month + 1,
            }
        }
    }

    /// The month before.
    pub fn previous(self) -> YearMonth {
        if self.month <= 1 {
            YearMonth {
                year: self.year - 1,
                month: 12,
            }
        } else {
            YearMonth {
                year: self.year,
                month: self.month - 1,
            }
        }
    }

    fn time_month(self) -> Month {
        Month::try_from(self.month).unwrap_or(Month::January)
    }

    /// Its first day.
    pub fn first_day(self) -> Option<Date> {
        Date::from_calendar_date(self.year, self.time_month(), 1).ok()
    }

    /// Its last day.
    pub fn last_day(self) -> Option<Date> {
        let days = self.time_month().length(self.year);
        Date::from_calendar_date(self.year, self.time_month(), days).ok()
    }

    /// Its first instant in Brasília.
    pub fn start_in_brasilia(self) -> Option<OffsetDateTime> {
        start_of(self.first_day()?)
    }

    /// `2026-03`.
    pub fn iso(self) -> String {
        format!("{:04}-{:02}", self.year, self.month)
    }

    /// Reads `2026-03`.
    pub fn parse(text: &str) -> Option<YearMonth> {
        let (year, month) = text.trim().split_once('-')?;
        if year.len() != 4 || month.len() != 2 {
            return None;
        }
        YearMonth::new(year.parse().ok()?, month.parse().ok()?)
    }
}

impl std::fmt::Display for YearMonth {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "{:04}-{:02}", self.year, self.month)
    }
}

/// Finds the Brasília month of moments given in (mostly) increasing
/// order: the month's bounds are kept, so the zone's rules are read only
/// when a moment leaves them (a million moments cost a few hundred
/// look-ups, not a million).
#[derive(Clone, Debug, Default)]
pub struct MonthFinder {
    current: Option<(YearMonth, i64, i64)>,
}

impl MonthFinder {
    /// The Brasília month of the instant `unix_micros` (microseconds since 1970, UTC).
    pub fn month_of(&mut self, unix_micros: i64) -> Option<YearMonth> {
        let second = unix_micros.div_euclid(1_000_000);
        if let Some((month, start, end)) = self.current
            && (start..end).contains(&second)
        {
            return Some(month);
        }
        let moment = OffsetDateTime::from_unix_timestamp(second).ok()?;
        let month = YearMonth::in_brasilia(moment);
        let bounds = month
            .start_in_brasilia()
            .zip(month.next().start_in_brasilia());
        if let Some((start, end)) = bounds {
            self.current = Some((month, start.unix_timestamp(), end.unix_timestamp()));
        }
        Some(month)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use proptest::prelude::*;
    use time::macros::datetime;

    use super::*;

    /// 1 January 2000 and 1 January 2100, UTC, in seconds: the instants
    /// the properties draw from (history with daylight saving, leap days,
    /// years' ends).
    const FROM: i64 = 946_684_800;
    const UNTIL: i64 = 4_102_444_800;

    #[test]
    fn the_calendars_edges_fall_in_brasilias_month_not_utcs() {
        let cases = [
            // 30 Nov 23:30 in Brasília is already 1 December in UTC.
            (datetime!(2026-12-01 02:30 UTC), (2026, 11)),
            // 1 December 00:30 in Brasília.
            (datetime!(2026-12-01 03:30 UTC), (2026, 12)),
            // 31 December 23:30 in Brasília: still the old year.
            (datetime!(2027-01-01 02:30 UTC), (2026, 12)),
            (datetime!(2027-01-01 03:00 UTC), (2027, 1)),
            // A leap day, at noon.
            (datetime!(2028-02-29 15:00 UTC), (2028, 2)),
            // Summer time before 2019: Brasília at UTC−2, so 02:30 UTC on
            // 1 February 2018 was 00:30 there, already February (at UTC−3
            // it would still be 31 January).
            (datetime!(2018-02-01 02:30 UTC), (2018, 2)),
            (datetime!(2018-02-01 01:30 UTC), (2018, 1)),
        ];
        for (moment, (year, month)) in cases {
            assert_eq!(
                YearMonth::in_brasilia(moment),
                YearMonth::new(year, month).unwrap(),
                "{moment}"
            );
        }
    }

    proptest! {
        /// Every instant lies inside the bounds of the month it is put in:
        /// from its first instant in Brasília to the next month's.
        #[test]
        fn an_instant_lies_within_its_months_bounds(second in FROM..UNTIL) {
            let moment = OffsetDateTime::from_unix_timestamp(second).unwrap();
            let month = YearMonth::in_brasilia(moment);
            let start = month.start_in_brasilia().unwrap();
            let end = month.next().start_in_brasilia().unwrap();
            prop_assert!(start <= moment && moment < end, "{moment} not in {month} ({start}..{end})");
            prop_assert_eq!(month.next().previous(), month);
            prop_assert_eq!(YearMonth::parse(&month.iso()), Some(month));
        }

        /// Since Brazil ended daylight saving (2019), Brasília is UTC−3 all
        /// year: the month is the calendar month of the instant three hours
        /// earlier in UTC.
        #[test]
        fn since_2019_the_month_is_utc_minus_three_hours(second in 1_556_668_800_i64..UNTIL) {
            let moment = OffsetDateTime::from_unix_timestamp(second).unwrap();
            let shifted = moment - time::Duration::hours(3);
            prop_assert_eq!(
                YearMonth::in_brasilia(moment),
                YearMonth::new(shifted.year(), u8::from(shifted.month())).unwrap()
            );
        }

        /// The month finder, which keeps the bounds of the last month it
        /// saw, agrees with the direct answer whatever order the instants
        /// come in.
        #[test]
        fn the_month_finder_agrees_in_any_order(
            seconds in proptest::collection::vec(FROM..UNTIL, 1..64),
            near in proptest::collection::vec(-200_000_i64..200_000, 1..64),
        ) {
            let mut finder = MonthFinder::default();
            // Far apart, and then close to each other around each month's edge.
            let instants = seconds.iter().copied().chain(
                seconds.iter().zip(near.iter().cycle()).map(|(second, step)| second + step),
            );
            for second in instants {
                let moment = OffsetDateTime::from_unix_timestamp(second).unwrap();
                let month = YearMonth::in_brasilia(moment);
                prop_assert_eq!(finder.month_of(second * 1_000_000), Some(month));
                let edge = month.start_in_brasilia().unwrap().unix_timestamp();
                for probe in [edge - 1, edge, edge + 1] {
                    let direct = YearMonth::in_brasilia(OffsetDateTime::from_unix_timestamp(probe).unwrap());
                    prop_assert_eq!(finder.month_of(probe * 1_000_000), Some(direct));
                }
            }
        }
    }
}
