//! Money over time, per calendar month, exact: what the Overview's
//! charts draw and their text alternative reads. Pure; the charts convert to
//! floats only to place bars on the screen.
//!
//! - [`monthly_flows`]: money in and out of one asset per month of the
//!   person's zone, from the extrato's movements (the ones that count, as
//!   its totals), in any order.
//! - [`monthly_tax_use`]: the tax-exemption use per month, computed the way
//!   the service reports this month's (spec 2.10, and the sandbox's rules in
//!   docs/sandbox.md): the gross amount of the month's claims plus the BRL
//!   value of the month's completed token → BRL orders. The service reports
//!   only the current month; that one is its figure, the earlier ones are
//!   computed from the orders and the claims made on this device.

use std::collections::HashMap;

use rust_decimal::Decimal;
use time::{Date, OffsetDateTime};

use crate::api::model::{Asset, Claim, Order, OrderState};

use crate::app::clock::LocalZone;

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

    /// Its first day.
    pub fn first_day(self) -> Option<Date> {
        Date::from_calendar_date(self.year, time::Month::try_from(self.month).ok()?, 1).ok()
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

/// One month's use of the tax exemption, in BRL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MonthUse {
    /// The month.
    pub month: YearMonth,
    /// Gross amount of the month's claims.
    pub claims: Decimal,
    /// BRL value of the month's completed token → BRL orders.
    pub disposals: Decimal,
    /// The figures are the service's own (this month), not computed here.
    pub from_service: bool,
}

impl MonthUse {
    /// Claims plus other disposals.
    pub fn used(&self) -> Decimal {
        self.claims + self.disposals
    }
}

/// A disposal: a token sold for BRL (a token source, `fiat/brl` target).
fn is_disposal(order: &Order) -> bool {
    order.target_asset == Some(Asset::FiatBrl)
        && order
            .source_asset
            .as_ref()
            .is_some_and(|asset| !asset.is_fiat())
}

/// The tax-exemption use in each of `months`: claims by the month of their
/// `updated-at` (the only time a claim carries), disposals by the month
/// they completed (`state-updated-at` of a completed order). `this_month`,
/// the service's claims and other disposals for the newest of `months`,
/// replaces what is computed for it.
pub fn monthly_tax_use(
    orders: &[Order],
    claims: &[Claim],
    months: &[YearMonth],
    this_month: Option<(Decimal, Decimal)>,
) -> Vec<MonthUse> {
    let mut uses: Vec<MonthUse> = months
        .iter()
        .map(|month| MonthUse {
            month: *month,
            claims: Decimal::ZERO,
            disposals: Decimal::ZERO,
            from_service: false,
        })
        .collect();
    let slot = slots_of(months);
    let month_of =
        |at: Option<OffsetDateTime>| at.and_then(|at| slot.get(&YearMonth::of_moment(at)).copied());
    let mut disposals_by_slot = vec![Decimal::ZERO; months.len()];
    for order in orders
        .iter()
        .filter(|order| order.state == Some(OrderState::Completed) && is_disposal(order))
    {
        if let (Some(position), Some(value)) =
            (month_of(order.state_updated_at()), order.target_amount())
            && let Some(total) = disposals_by_slot.get_mut(position)
        {
            *total += value;
        }
    }
    for claim in claims {
        if let (Some(position), Some(gross)) = (month_of(claim.updated_at), claim.gross_amount)
            && let Some(month) = uses.get_mut(position)
        {
            month.claims += gross;
        }
    }
    for (month, disposals) in uses.iter_mut().zip(disposals_by_slot) {
        month.disposals = disposals;
    }
    if let (Some((claims, disposals)), Some(last)) = (this_month, uses.last_mut()) {
        last.claims = claims;
        last.disposals = disposals;
        last.from_service = true;
    }
    uses
}
