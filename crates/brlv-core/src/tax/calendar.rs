//! Business days and the DARF's due date.
//!
//! A DARF of code 4600 is due on the last business day of the month after
//! the sales. A business day here is a weekday that is neither a national
//! holiday (law) nor a day the banks do not open nationally (banking
//! practice: the national banking calendar, on which a DARF cannot be paid
//! at a bank). Each day off says which it is, and why.
//!
//! | Day | Standing | Source |
//! |---|---|---|
//! | 1 January, 21 April, 1 May, 7 September, 2 November, 15 November, 25 December | law | Lei 662/1949 as amended by Lei 10.607/2002 |
//! | 12 October | law | Lei 6.802/1980 |
//! | 20 November (from 2024) | law | Lei 14.759/2023 |
//! | Good Friday | banking practice (a religious holiday by municipal law almost everywhere, Lei 9.093/1995; no national banking) | national banking calendar |
//! | Carnival Monday and Tuesday | banking practice (no law makes them holidays) | national banking calendar |
//! | Corpus Christi | banking practice (municipal religious holiday in many cities) | national banking calendar |
//! | 31 December | banking practice (no banking open to the public) | national banking calendar |
//!
//! State and municipal holidays are not counted: the due date is national.

use time::{Date, Duration, Month, Weekday};

use super::brasilia::YearMonth;

/// Why a weekday is not a business day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DayOff {
    /// A national holiday by law.
    Holiday(Holiday),
    /// A day with no banking nationally: banking practice, not law.
    NoBanking(NoBanking),
}

/// The national holidays by law.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holiday {
    /// 1 January (Lei 662/1949, Lei 10.607/2002).
    NewYear,
    /// 21 April, Tiradentes (Lei 662/1949, Lei 10.607/2002).
    Tiradentes,
    /// 1 May (Lei 662/1949, Lei 10.607/2002).
    LabourDay,
    /// 7 September (Lei 662/1949, Lei 10.607/2002).
    Independence,
    /// 12 October, Nossa Senhora Aparecida (Lei 6.802/1980).
    Aparecida,
    /// 2 November, Finados (Lei 662/1949, Lei 10.607/2002).
    AllSouls,
    /// 15 November (Lei 662/1949, Lei 10.607/2002).
    Republic,
    /// 20 November, Zumbi e Consciência Negra (Lei 14.759/2023, from 2024).
    BlackConsciousness,
    /// 25 December (Lei 662/1949, Lei 10.607/2002).
    Christmas,
}

/// Days with no banking nationally (banking practice).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoBanking {
    /// Carnival Monday (Easter − 48 days).
    CarnivalMonday,
    /// Carnival Tuesday (Easter − 47 days).
    CarnivalTuesday,
    /// Good Friday (Easter − 2 days).
    GoodFriday,
    /// Corpus Christi (Easter + 60 days).
    CorpusChristi,
    /// 31 December.
    YearEnd,
}

/// Easter Sunday of `year` in the Gregorian calendar (the anonymous
/// algorithm of Meeus, Jones and Butcher): a dozen lines of arithmetic,
/// which is all the movable days need.
pub fn easter(year: i32) -> Option<Date> {
    let a = year.rem_euclid(19);
    let b = year.div_euclid(100);
    let c = year.rem_euclid(100);
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15).rem_euclid(30);
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k).rem_euclid(7);
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    Date::from_calendar_date(
        year,
        Month::try_from(u8::try_from(month).ok()?).ok()?,
        u8::try_from(day).ok()?,
    )
    .ok()
}

/// Why `date` is a day off, when it is one besides a weekend.
pub fn day_off(date: Date) -> Option<DayOff> {
    let year = date.year();
    let fixed = match (date.month(), date.day()) {
        (Month::January, 1) => Some(DayOff::Holiday(Holiday::NewYear)),
        (Month::April, 21) => Some(DayOff::Holiday(Holiday::Tiradentes)),
        (Month::May, 1) => Some(DayOff::Holiday(Holiday::LabourDay)),
        (Month::September, 7) => Some(DayOff::Holiday(Holiday::Independence)),
        (Month::October, 12) if year >= 1980 => Some(DayOff::Holiday(Holiday::Aparecida)),
        (Month::November, 2) => Some(DayOff::Holiday(Holiday::AllSouls)),
        (Month::November, 15) => Some(DayOff::Holiday(Holiday::Republic)),
        (Month::November, 20) if year >= 2024 => Some(DayOff::Holiday(Holiday::BlackConsciousness)),
        (Month::December, 25) => Some(DayOff::Holiday(Holiday::Christmas)),
        (Month::December, 31) => Some(DayOff::NoBanking(NoBanking::YearEnd)),
        _ => None,
    };
    if fixed.is_some() {
        return fixed;
    }
    let easter = easter(year)?;
    let from_easter = (date - easter).whole_days();
    match from_easter {
        -48 => Some(DayOff::NoBanking(NoBanking::CarnivalMonday)),
        -47 => Some(DayOff::NoBanking(NoBanking::CarnivalTuesday)),
        -2 => Some(DayOff::NoBanking(NoBanking::GoodFriday)),
        60 => Some(DayOff::NoBanking(NoBanking::CorpusChristi)),
        _ => None,
    }
}

/// Whether a DARF can be paid on `date`: a weekday that is no day off.
pub fn is_business_day(date: Date) -> bool {
    !matches!(date.weekday(), Weekday::Saturday | Weekday::Sunday) && day_off(date).is_none()
}

/// The last business day before `date` (a weekend, a holiday or a day
/// with no banking stepped back over); `None` only at the calendar's start.
pub fn previous_business_day(date: Date) -> Option<Date> {
    let mut day = date.previous_day()?;
    // The longest run of days off is Carnival's four, or the year's turn.
    for _ in 0..31 {
        if is_business_day(day) {
            return Some(day);
        }
        day = day.previous_day()?;
    }
    None
}

/// The last business day of `month`.
pub fn last_business_day(month: YearMonth) -> Option<Date> {
    let mut day = month.last_day()?;
    // A month has at most a handful of days off in a row at its end.
    for _ in 0..31 {
        if is_business_day(day) {
            return Some(day);
        }
        day = day.checked_sub(Duration::DAY)?;
    }
    None
}

/// The due date of the DARF for the sales of `month`: the last business
/// day of the month after.
pub fn darf_due(month: YearMonth) -> Option<Date> {
    last_business_day(month.next())
}
