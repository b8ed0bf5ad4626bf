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
