//! Money over time, per calendar month, exact: what the Overview's
//! charts draw and their text alternative reads. Pure; the charts convert to
//! floats only to place bars on the screen.
//!
//! - [`monthly_flows`]: money in and out of one asset per month of the
//!   person's zone, from the extrato's movements (the ones that count, as
//!   its totals), in any order.
//!
//! The month's sales against the tax exemption are the tax year's
//! (`tax_year::monthly`), in Brasília's months.

use rust_decimal::Decimal;
use time::Date;

use brlv_core::api::model::Asset;

use crate::app::clock::LocalZone;

use super::model::{Direction, Movement, Sources};

/// A calendar month: the tax year's, one type for every month the app
/// counts (here the person's zone's, there Brasília's).
pub use brlv_core::tax::YearMonth;

/// The `count` months ending with `today`'s, oldest first.
pub fn last_months(today: Date, count: usize) -> Vec<YearMonth> {
    let mut months = Vec::with_capacity(count);
    let mut month = YearMonth::of(today);
    for _ in 0..count {
        months.push(month);
        month = month.previous();
    }
    months.reverse();
    months
}

/// One month's money in and out of one asset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MonthFlow {
    /// The month.
    pub month: YearMonth,
    /// Received.
    pub money_in: Decimal,
    /// Paid.
    pub money_out: Decimal,
}

/// Where each of `months` begins and ends in `zone`, as seconds since 1970
/// (UTC), ordered by start: a movement's month is then found by comparing
/// its second, with no look-up of the zone's rules per movement.
fn month_bounds(months: &[YearMonth], zone: &LocalZone) -> Vec<(i64, i64, usize)> {
    let start = |month: YearMonth| month.first_day().and_then(|day| zone.start_of(day));
    let mut bounds: Vec<(i64, i64, usize)> = months
        .iter()
        .enumerate()
        .filter_map(|(slot, month)| Some((start(*month)?, start(month.next())?, slot)))
        .collect();
    bounds.sort_unstable();
    bounds
}

/// The slot of the month `second` is in, of `bounds` (see [`month_bounds`]).
fn slot_of(bounds: &[(i64, i64, usize)], second: i64) -> Option<usize> {
    let after = bounds.partition_point(|(start, _, _)| *start <= second);
    let (_, end, slot) = bounds.get(after.checked_sub(1)?)?;
    (second < *end).then_some(*slot)
}

/// Money in and out of `asset` in each of `months` of `zone`, from the
/// movements that count (as the extrato's totals: not the undone or failed
/// ones; not what moved between the account's own wallets).
pub fn monthly_flows(
    movements: impl IntoIterator<Item = Movement>,
    sources: &Sources,
    asset: &Asset,
    months: &[YearMonth],
    zone: &LocalZone,
) -> Vec<MonthFlow> {
    let mut flows: Vec<MonthFlow> = months
        .iter()
        .map(|month| MonthFlow {
            month: *month,
            money_in: Decimal::ZERO,
            money_out: Decimal::ZERO,
        })
        .collect();
    let bounds = month_bounds(months, zone);
    for movement in movements.into_iter().filter(Movement::counts) {
        let Some(flow) = movement
            .unix_second()
            .and_then(|second| slot_of(&bounds, second))
            .and_then(|position| flows.get_mut(position))
        else {
            continue;
        };
        for leg in movement.legs(sources).filter(|leg| &leg.asset == asset) {
            match leg.direction {
                Direction::In => flow.money_in += leg.amount,
                Direction::Out => flow.money_out += leg.amount,
                Direction::Within => {}
            }
        }
    }
    flows
}
