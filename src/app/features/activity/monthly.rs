//! Money over time, per calendar month (UTC), exact: what the Overview's
//! charts draw and their text alternative reads. Pure; the charts convert to
//! floats only to place bars on the screen.
//!
//! - [`monthly_flows`]: money in and out of one asset per month, from the
//!   extrato's movements (the ones that count, as its totals), in any order.
//!
//! The month's sales against the tax exemption are the tax year's
//! (`features::taxes::monthly`), in Brasília's months.

use std::collections::HashMap;

use rust_decimal::Decimal;
use time::{Date, OffsetDateTime};

use crate::api::model::Asset;

use super::model::{Direction, Movement, Sources};

/// A calendar month.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct YearMonth {
    /// The year.
    pub year: i32,
    /// The month, 1 to 12.
    pub month: u8,
}

impl YearMonth {
    /// The month `date` is in.
    pub fn of(date: Date) -> YearMonth {
        YearMonth {
            year: date.year(),
            month: u8::from(date.month()),
        }
    }

    /// The UTC month of `moment`.
    pub fn of_moment(moment: OffsetDateTime) -> YearMonth {
        YearMonth::of(moment.to_offset(time::UtcOffset::UTC).date())
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

    /// `2026-03`.
    pub fn iso(self) -> String {
        format!("{:04}-{:02}", self.year, self.month)
    }
}

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

/// Where each of `months` is in the list of them.
fn slots_of(months: &[YearMonth]) -> HashMap<YearMonth, usize> {
    months
        .iter()
        .enumerate()
        .map(|(position, month)| (*month, position))
        .collect()
}

/// Money in and out of `asset` in each of `months`, from the movements that
/// count (as the extrato's totals: not the undone or failed ones; not what
/// moved between the account's own wallets).
pub fn monthly_flows(
    movements: impl IntoIterator<Item = Movement>,
    sources: &Sources,
    asset: &Asset,
    months: &[YearMonth],
) -> Vec<MonthFlow> {
    let mut flows: Vec<MonthFlow> = months
        .iter()
        .map(|month| MonthFlow {
            month: *month,
            money_in: Decimal::ZERO,
            money_out: Decimal::ZERO,
        })
        .collect();
    let slot = slots_of(months);
    for movement in movements.into_iter().filter(Movement::counts) {
        let Some(flow) = movement
            .day()
            .and_then(|day| slot.get(&YearMonth::of(day)))
            .and_then(|position| flows.get_mut(*position))
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
