//! The money held at the service (reais, dollars) on a past day, for Bens e
//! Direitos. The interface gives only today's balance, so a past day's is
//! read back from the account's movements: today's balance less what the
//! records show moved since (deposits credited, withdrawals paid out,
//! completed orders' legs in that currency, claims paid in reais). A
//! currency whose balance the service does not give is summed forward from
//! the movements alone. Either way the figure says how it was read
//! ([`MoneyReading`]), and a sum below zero is no figure at all
//! ([`MoneyReading::BelowZero`]): the lists
//! do not hold the whole history, and the statement of the day must say it.
//!
//! Dollars are declared at their cost in reais ([`DollarCost`]): what was
//! paid in reais for them, at average cost (a purchase for reais, its
//! reais; dollars a sale of tokens brought in, that sale's value in reais
//! less its fee; dollars deposited, their amount at the day's PTAX selling
//! rate, IN SRF 118/2000 art. 2 §2), with the PTAX buying rate of 31/12
//! beside them for reference only.
//!
//! What moves a balance, per record:
//! - a completed order paying in the currency: less its `source-amount`,
//!   unless it carries a `brcode` (paid by PIX from outside, the balance
//!   untouched, spec 4.1);
//! - a completed order receiving the currency: plus its `target-amount`
//!   (what arrived, after the fee);
//! - a withdrawal in the currency, unless it `failed`: less its amount;
//! - a deposit of the currency (credited, or with no status): plus its amount;
//! - a claim this device made, paid in reais: plus its net amount.

use std::collections::{BTreeSet, HashMap};

use rust_decimal::{Decimal, RoundingStrategy};
use time::Date;

use super::declaration::{MoneyColumn, MoneyHeld, MoneyReading, ReferenceRate};
use super::input::ClaimMade;
use super::ledger::{EntryKind, Ledger, RecordRef};
use super::ptax::{DollarRates, RateOnDay};
use crate::api::UtcMicros;
use crate::api::model::{
    Asset, ClaimTarget, Deposit, DepositStatus, Order, OrderState, Withdrawal, WithdrawalState,
};

/// The records a balance is read back from.
#[derive(Clone, Copy, Debug)]
pub struct MoneyRecords<'a> {
    /// The orders.
    pub orders: &'a [Order],
    /// The withdrawals.
    pub withdrawals: &'a [Withdrawal],
    /// The deposits of the currency, when its list was read (`None`: not
    /// read, and the figure says so).
    pub deposits: Option<&'a [Deposit]>,
    /// The claims this device made.
    pub claims: &'a [ClaimMade],
}

/// One currency's movements at the service, in time, with their running sum.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoneyMoves {
    /// `BRL` or `USD`.
    pub currency: &'static str,
    /// Each movement's moment (Unix microseconds), oldest first.
    moments: Vec<i64>,
    /// The sum of the movements up to and including each.
    running: Vec<Decimal>,
    /// The lists that were not read, in words (`deposits`).
    pub unread: Vec<&'static str>,
}

impl MoneyMoves {
    /// The movements of `currency` (`fiat/brl` or `fiat/usd`) in `records`.
    pub fn of(currency: &Asset, records: &MoneyRecords<'_>) -> MoneyMoves {
        let mut moves: Vec<(i64, Decimal)> = Vec::new();
        for order in records.orders {
            if order.state != Some(OrderState::Completed) {
                continue;
            }
            let Some(at) = order.state_updated_at.or(order.created_at) else {
                continue;
            };
            if order.source_asset.as_ref() == Some(currency)
                && order.brcode.is_none()
                && let Some(paid) = order.source_amount()
            {
                moves.push((at.unix_micros(), -paid));
            }
            if order.target_asset.as_ref() == Some(currency)
                && let Some(received) = order.target_amount()
            {
                moves.push((at.unix_micros(), received));
            }
        }
        for withdrawal in records.withdrawals {
            if withdrawal.asset.as_ref() != Some(currency)
                || withdrawal.state == Some(WithdrawalState::Failed)
            {
                continue;
            }
            if let (Some(at), Some(amount)) = (withdrawal.created_at, withdrawal.amount()) {
                moves.push((at.unix_micros(), -amount));
            }
        }
        let mut unread = Vec::new();
        match records.deposits {
            Some(deposits) => {
                for deposit in deposits {
                    if deposit
                        .status
                        .as_ref()
                        .is_some_and(|status| *status != DepositStatus::Credited)
                    {
                        continue;
                    }
                    if let (Some(at), Some(amount)) = (
                        deposit.processed_at.or(deposit.created_at),
                        deposit.amount(),
                    ) {
                        moves.push((at.unix_micros(), amount));
                    }
                }
            }
            None => unread.push("deposits"),
        }
        if *currency == Asset::FiatBrl {
            for made in records.claims {
                if made.paid_as != ClaimTarget::Brl {
                    continue;
                }
                if let (Some(at), Some(net)) = (made.claim.updated_at, made.claim.net_amount) {
                    moves.push((UtcMicros::new(at).unix_micros(), net));
                }
            }
        }
        moves.sort_by_key(|(at, _)| *at);
        let mut sum = Decimal::ZERO;
        let (moments, running) = moves
            .into_iter()
            .map(|(at, change)| {
                sum += change;
                (at, sum)
            })
            .unzip();
        MoneyMoves {
            currency: if *currency == Asset::FiatUsd {
                "USD"
            } else {
                "BRL"
            },
            moments,
            running,
            unread,
        }
    }

    /// How many movements there are.
    pub fn len(&self) -> usize {
        self.moments.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.moments.is_empty()
    }

    /// The sum of the movements up to `until` (included), and how many.
    fn until(&self, until: UtcMicros) -> (Decimal, usize) {
        let count = self
            .moments
            .partition_point(|at| *at <= until.unix_micros());
        let sum = count
            .checked_sub(1)
            .and_then(|last| self.running.get(last))
            .copied()
            .unwrap_or(Decimal::ZERO);
        (sum, count)
    }

    /// The money held in both columns of `year`'s declaration (31/12 of
    /// the year before, and 31/12 of the year or now for the current one),
    /// as the view, the PDF and `tax-report` all read it: `balance` is
    /// today's as the service gave it, or why not; `cost` follows dollars
    /// at their cost in reais (`None` for reais, which are their own cost);
    /// `rates` has the PTAX of 31/12 for the reference beside dollars.
    pub fn held_in_declaration(
        &self,
        balance: Result<Decimal, String>,
        year: i32,
        now: time::OffsetDateTime,
        cost: Option<&DollarCost>,
        rates: &DollarRates,
    ) -> MoneyHeld {
        let today = super::brasilia::date_at(now);
        let current = today.year() == year;
        let (this_until, this_on) = if current {
            (UtcMicros::new(now), today)
        } else {
            (super::declaration::end_of_year(year), year_end(year, today))
        };
        let previous_until = super::declaration::end_of_year(year - 1);
        let column = |until: UtcMicros, on: Date, is_today: bool, year_end: bool| {
            let (amount, reading) = self.held_on(balance.clone(), today, until, is_today);
            let (cost_brl, uncosted) = match (cost, amount) {
                (None, amount) => (amount, Decimal::ZERO),
                (Some(cost), Some(amount)) => {
                    let held = cost.at(until);
                    // What the lists do not show bought has no known cost.
                    let uncosted = held.uncosted + (amount - held.quantity).max(Decimal::ZERO);
                    (Some(held.cost_brl), uncosted)
                }
                (Some(_), None) => (None, Decimal::ZERO),
            };
            let reference = match (cost, amount, year_end) {
                (Some(_), Some(amount), true) if !amount.is_zero() => match rates.on(on) {
                    RateOnDay::Known(rate) => Some(ReferenceRate {
                        day: on,
                        rate: *rate,
                        value_brl: centavos(amount * rate.rate.buying),
                    }),
                    RateOnDay::Failed(_) | RateOnDay::NotAsked => None,
                },
                _ => None,
            };
            MoneyColumn {
                on,
                amount,
                reading,
                cost_brl,
                uncosted,
                reference,
            }
        };
        let unexplained = balance
            .as_ref()
            .ok()
            .map(|balance| *balance - self.until(UtcMicros::LATEST).0);
        MoneyHeld {
            currency: self.currency,
            previous: column(previous_until, year_end(year - 1, today), false, true),
            this: column(this_until, this_on, current, !current),
            unexplained,
        }
    }

    /// The money held at the end of `until` (the column's last moment).
    /// `balance` is today's balance as the service gave it (read on
    /// `read_on`), or why it was not had; `column_is_today` when the column
    /// is of today (the current year's).
    pub fn held_on(
        &self,
        balance: Result<Decimal, String>,
        read_on: Date,
        until: UtcMicros,
        column_is_today: bool,
    ) -> (Option<Decimal>, MoneyReading) {
        let (before, count_before) = self.until(until);
        let (total, _) = self.until(UtcMicros::LATEST);
        let below_zero = |sum: Decimal| MoneyReading::BelowZero { sum };
        let (amount, reading) = match balance {
            Ok(balance) if column_is_today => (Some(balance), MoneyReading::OnTheDay),
            Ok(balance) => {
                let since = total - before;
                let movements = self.len() - count_before;
                let amount = balance - since;
                if amount.is_sign_negative() && !amount.is_zero() {
                    (None, below_zero(amount))
                } else {
                    (
                        Some(amount),
                        MoneyReading::Reconstructed {
                            read_on,
                            balance,
                            movements,
                            unread: self.unread.clone(),
                        },
                    )
                }
            }
            Err(reason) => {
                if before.is_sign_negative() && !before.is_zero() {
                    (None, below_zero(before))
                } else {
                    (
                        Some(before),
                        MoneyReading::FromMovements {
                            movements: count_before,
                            balance_missing: reason,
                            unread: self.unread.clone(),
                        },
                    )
                }
            }
        };
        (amount, reading)
    }
}

/// 31 December of `year`, the day of its column (`fallback` if none).
fn year_end(year: i32, fallback: Date) -> Date {
    Date::from_calendar_date(year, time::Month::December, 31).unwrap_or(fallback)
}

fn centavos(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

/// One movement of dollars at the service.
enum DollarMove {
    /// Dollars in, with what they cost in reais when known.
    In {
        dollars: Decimal,
        cost: Option<Decimal>,
    },
    /// Dollars out, at average cost.
    Out(Decimal),
}

/// Dollars held at the service at some moment, at their cost in reais.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DollarsHeld {
    /// How many dollars the movements show held.
    pub quantity: Decimal,
    /// What they cost in reais (average cost), those with a known cost.
    pub cost_brl: Decimal,
    /// Of the quantity, the dollars whose cost is not known.
    pub uncosted: Decimal,
}

/// The dollars at the service followed in time at their cost in reais,
/// from every movement the lists show (see the module's documentation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DollarCost {
    moments: Vec<i64>,
    after: Vec<DollarsHeld>,
}

impl DollarCost {
    /// The dollars' history from `records` (the same orders the `ledger`
    /// was built from, whose sale values it gives), the PTAX of the days of
    /// dollar deposits in `rates`.
    pub fn of(records: &MoneyRecords<'_>, ledger: &Ledger, rates: &DollarRates) -> DollarCost {
        // What each order selling tokens for dollars brought in, in reais:
        // its value less its fee, as the ledger valued it.
        let mut proceeds: HashMap<u32, Decimal> = HashMap::new();
        for entry in &ledger.entries {
            if let (EntryKind::Sell, RecordRef::Order(index)) = (entry.kind, entry.record)
                && records
                    .orders
                    .get(usize::try_from(index).unwrap_or(usize::MAX))
                    .is_some_and(|order| order.target_asset == Some(Asset::FiatUsd))
            {
                let fee = entry.value_brl - entry.cost_brl - entry.gain_brl;
                proceeds.insert(index, entry.value_brl - fee);
            }
        }
        let mut moves: Vec<(i64, DollarMove)> = Vec::new();
        for (index, order) in records.orders.iter().enumerate() {
            if order.state != Some(OrderState::Completed) {
                continue;
            }
            let Some(at) = order.state_updated_at.or(order.created_at) else {
                continue;
            };
            if order.target_asset == Some(Asset::FiatUsd)
                && let Some(received) = order.target_amount()
            {
                let cost = if order.source_asset == Some(Asset::FiatBrl) {
                    order.source_amount()
                } else {
                    u32::try_from(index)
                        .ok()
                        .and_then(|index| proceeds.get(&index).copied())
                };
                moves.push((
                    at.unix_micros(),
                    DollarMove::In {
                        dollars: received,
                        cost,
                    },
                ));
            }
            if order.source_asset == Some(Asset::FiatUsd)
                && let Some(paid) = order.source_amount()
            {
                moves.push((at.unix_micros(), DollarMove::Out(paid)));
            }
        }
        for withdrawal in records.withdrawals {
            if withdrawal.asset != Some(Asset::FiatUsd)
                || withdrawal.state == Some(WithdrawalState::Failed)
            {
                continue;
            }
            if let (Some(at), Some(amount)) = (withdrawal.created_at, withdrawal.amount()) {
                moves.push((at.unix_micros(), DollarMove::Out(amount)));
            }
        }
        for deposit in records.deposits.unwrap_or_default() {
            if deposit
                .status
                .as_ref()
                .is_some_and(|status| *status != DepositStatus::Credited)
            {
                continue;
            }
            let (Some(at), Some(amount)) = (
                deposit.processed_at.or(deposit.created_at),
                deposit.amount(),
            ) else {
                continue;
            };
            let cost = match rates.on(super::brasilia::date_at(at.get())) {
                RateOnDay::Known(rate) => Some(centavos(amount * rate.rate.selling)),
                RateOnDay::Failed(_) | RateOnDay::NotAsked => None,
            };
            moves.push((
                at.unix_micros(),
                DollarMove::In {
                    dollars: amount,
                    cost,
                },
            ));
        }
        moves.sort_by_key(|(at, ..)| *at);
        let mut held = DollarsHeld::default();
        let mut history = DollarCost::default();
        for (at, change) in moves {
            match change {
                DollarMove::In { dollars, cost } => {
                    match cost {
                        Some(cost) => held.cost_brl += cost,
                        None => held.uncosted += dollars,
                    }
                    held.quantity += dollars;
                }
                DollarMove::Out(out) if out >= held.quantity => {
                    held = DollarsHeld::default();
                }
                DollarMove::Out(out) => {
                    // Out at average cost, costed and uncosted alike.
                    let share = out / held.quantity;
                    let costed = held.quantity - held.uncosted;
                    let cost_out = if costed.is_zero() {
                        Decimal::ZERO
                    } else {
                        centavos(held.cost_brl * share)
                    };
                    held.cost_brl -= cost_out.min(held.cost_brl);
                    held.uncosted -= held.uncosted * share;
                    held.quantity -= out;
                }
            }
            history.moments.push(at);
            history.after.push(held);
        }
        history
    }

    /// The dollars held at the end of `until`.
    pub fn at(&self, until: UtcMicros) -> DollarsHeld {
        let count = self
            .moments
            .partition_point(|at| *at <= until.unix_micros());
        count
            .checked_sub(1)
            .and_then(|last| self.after.get(last))
            .copied()
            .unwrap_or_default()
    }
}

/// The Brasília days whose PTAX the money held at the service needs for
/// `year`'s declaration: each dollar deposit's (its cost in reais) and the
/// 31/12 of both columns (the reference rate), when dollars moved at all.
pub fn dollar_rate_days(records: &MoneyRecords<'_>, year: i32, today: Date) -> BTreeSet<Date> {
    let mut days = BTreeSet::new();
    let moved = records.orders.iter().any(|order| {
        order.source_asset == Some(Asset::FiatUsd) || order.target_asset == Some(Asset::FiatUsd)
    }) || records
        .withdrawals
        .iter()
        .any(|withdrawal| withdrawal.asset == Some(Asset::FiatUsd))
        || records
            .deposits
            .is_some_and(|deposits| !deposits.is_empty());
    if !moved {
        return days;
    }
    for deposit in records.deposits.unwrap_or_default() {
        if let Some(at) = deposit.processed_at.or(deposit.created_at) {
            days.insert(super::brasilia::date_at(at.get()));
        }
    }
    for end in [year - 1, year] {
        let day = year_end(end, today);
        if day < today {
            days.insert(day);
        }
    }
    days
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use serde_json::json;
    use time::macros::{date, datetime};

    use super::*;
    use crate::tax::declaration::end_of_year;

    fn dec(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    fn order(at: &str, (paid, source): (&str, &str), (got, target): (&str, &str)) -> Order {
        serde_json::from_value(json!({
            "id": uuid::Uuid::new_v4(), "state": "completed",
            "created-at": at, "state-updated-at": at,
            "source-asset": source, "source-amount": paid,
            "target-asset": target, "target-amount": got,
        }))
        .unwrap()
    }

    fn withdrawal(at: &str, asset: &str, amount: &str, state: &str) -> Withdrawal {
        serde_json::from_value(json!({
            "id": uuid::Uuid::new_v4(), "asset": asset, "amount": amount, "method": "pix",
            "state": state, "created-at": at,
        }))
        .unwrap()
    }

    fn deposit(at: &str, amount: &str) -> Deposit {
        serde_json::from_value(json!({
            "id": uuid::Uuid::new_v4(), "type": "pix", "amount": amount,
            "status": "credited", "created-at": at, "processed-at": at,
        }))
        .unwrap()
    }

    /// 2025: R$10,000.00 deposited, R$4,000.00 of it paid for BRLV.
    /// 2026: 1,000 BRLV sold for R$995.00, R$2,000.00 withdrawn by PIX (a
    /// failed withdrawal of R$500.00 moved nothing), an order paid by a PIX
    /// QR code (the balance untouched), and 1,000 USDC sold for 1,000
    /// dollars.
    fn records() -> (Vec<Order>, Vec<Withdrawal>, Vec<Deposit>) {
        let mut by_brcode = order(
            "2026-03-01T15:00:00Z",
            ("700.00", "fiat/brl"),
            ("700", "eth-base/brlv"),
        );
        by_brcode.brcode = Some("000201...".into());
        let orders = vec![
            order(
                "2025-06-10T15:00:00Z",
                ("4000.00", "fiat/brl"),
                ("4000", "eth-base/brlv"),
            ),
            order(
                "2026-02-10T15:00:00Z",
                ("1000", "eth-base/brlv"),
                ("995.00", "fiat/brl"),
            ),
            by_brcode,
            order(
                "2026-04-10T15:00:00Z",
                ("1000", "eth-base/usdc"),
                ("1000.00", "fiat/usd"),
            ),
        ];
        let withdrawals = vec![
            withdrawal("2026-05-10T15:00:00Z", "fiat/brl", "2000.00", "completed"),
            withdrawal("2026-05-11T15:00:00Z", "fiat/brl", "500.00", "failed"),
        ];
        let deposits = vec![deposit("2025-05-10T15:00:00Z", "10000.00")];
        (orders, withdrawals, deposits)
    }

    #[test]
    fn a_past_years_balance_is_todays_less_what_moved_since() {
        let (orders, withdrawals, deposits) = records();
        let records = MoneyRecords {
            orders: &orders,
            withdrawals: &withdrawals,
            deposits: Some(&deposits),
            claims: &[],
        };
        let brl = MoneyMoves::of(&Asset::FiatBrl, &records);
        // Today R$4,995.00 (10,000 − 4,000 + 995 − 2,000): since 31/12/2025,
        // +995.00 and −2,000.00, so 31/12/2025 held 4,995 + 1,005 = 6,000.00.
        let (amount, reading) = brl.held_on(
            Ok(dec("4995.00")),
            date!(2026 - 11 - 26),
            end_of_year(2025),
            false,
        );
        assert_eq!(brl.currency, "BRL");
        assert_eq!(amount, Some(dec("6000.00")));
        assert_eq!(
            reading,
            MoneyReading::Reconstructed {
                read_on: date!(2026 - 11 - 26),
                balance: dec("4995.00"),
                movements: 2,
                unread: vec![],
            }
        );
        // The current year's column is today's balance as given.
        let today = brl.held_on(
            Ok(dec("4995.00")),
            date!(2026 - 11 - 26),
            UtcMicros::new(datetime!(2026-11-26 12:00 UTC)),
            true,
        );
        assert_eq!(today, (Some(dec("4995.00")), MoneyReading::OnTheDay));
    }

    #[test]
    fn a_currency_with_no_balance_is_summed_from_its_movements_and_below_zero_is_no_figure() {
        let (orders, withdrawals, _) = records();
        let records = MoneyRecords {
            orders: &orders,
            withdrawals: &withdrawals,
            deposits: None,
            claims: &[],
        };
        let usd = MoneyMoves::of(&Asset::FiatUsd, &records);
        // No dollars at the end of 2025; the 1,000 dollars of April 2026 at its end.
        let gone = "the service gives no balance in dollars".to_owned();
        let (amount, reading) = usd.held_on(
            Err(gone.clone()),
            date!(2027 - 02 - 01),
            end_of_year(2026),
            false,
        );
        assert_eq!(usd.currency, "USD");
        assert_eq!(amount, Some(dec("1000.00")));
        assert_eq!(
            reading,
            MoneyReading::FromMovements {
                movements: 1,
                balance_missing: gone.clone(),
                unread: vec!["deposits"],
            }
        );
        // Reais with the deposits unread: 995 − 4,000 − 2,000 is below zero.
        let brl = MoneyMoves::of(&Asset::FiatBrl, &records);
        let (amount, reading) =
            brl.held_on(Err(gone), date!(2027 - 02 - 01), end_of_year(2026), false);
        assert_eq!(amount, None);
        assert!(
            reading
                == MoneyReading::BelowZero {
                    sum: dec("-5005.00")
                },
            "{reading:?}"
        );
    }

    fn rate(day: Date, buying: &str, selling: &str) -> crate::tax::ptax::DollarRate {
        crate::tax::ptax::DollarRate {
            published_on: day,
            buying: dec(buying),
            selling: dec(selling),
        }
    }

    #[test]
    fn dollars_are_declared_at_their_cost_in_reais_in_both_columns_with_the_ptax_beside() {
        let sold_for_dollars: Order = serde_json::from_value(json!({
            "id": uuid::Uuid::new_v4(), "state": "completed",
            "created-at": "2026-04-10T15:00:00Z", "state-updated-at": "2026-04-10T15:00:00Z",
            "source-asset": "eth-base/usdc", "source-amount": "1000",
            "target-asset": "fiat/usd", "target-amount": "995.00",
            "fee-amount": "5.00", "fee-asset": "fiat/usd",
        }))
        .unwrap();
        let orders = vec![
            // 2025: R$5,500.00 paid for US$1,000.00.
            order(
                "2025-03-10T15:00:00Z",
                ("5500.00", "fiat/brl"),
                ("1000.00", "fiat/usd"),
            ),
            // 2026: 1,000 USDC bought for R$5,000.00, then sold for 995
            // dollars after a fee of 5, on a day whose PTAX buying rate is 6.19.
            order(
                "2026-01-10T15:00:00Z",
                ("5000.00", "fiat/brl"),
                ("1000", "eth-base/usdc"),
            ),
            sold_for_dollars,
        ];
        // US$300.00 paid out in November 2025.
        let withdrawals = vec![withdrawal(
            "2025-11-10T15:00:00Z",
            "fiat/usd",
            "300.00",
            "completed",
        )];
        // US$500.00 deposited on 11 August 2025, PTAX selling 5.6006.
        let deposits = vec![deposit("2025-08-11T15:00:00Z", "500.00")];
        let mut rates = DollarRates::default();
        rates.insert(
            date!(2025 - 08 - 11),
            rate(date!(2025 - 08 - 11), "5.6000", "5.6006"),
        );
        rates.insert(
            date!(2026 - 04 - 10),
            rate(date!(2026 - 04 - 10), "6.1900", "6.1906"),
        );
        // 31/12 has no banking: the reference is the 30th's buying rate.
        rates.insert(
            date!(2025 - 12 - 31),
            rate(date!(2025 - 12 - 30), "5.5000", "5.5006"),
        );
        rates.insert(
            date!(2026 - 12 - 31),
            rate(date!(2026 - 12 - 30), "5.4000", "5.4006"),
        );
        let records = MoneyRecords {
            orders: &orders,
            withdrawals: &withdrawals,
            deposits: Some(&deposits),
            claims: &[],
        };
        let typed = crate::tax::TypedValues::default();
        let prices = crate::tax::ServicePrices::default();
        let ledger = crate::tax::build(&crate::tax::LedgerInput {
            orders: &orders,
            transfers: &[],
            withdrawals: &withdrawals,
            deposits: &[],
            claims: &[],
            wallets: &[],
            typed: &typed,
            prices: &prices,
            dollar_rates: &rates,
        });
        let cost = DollarCost::of(&records, &ledger, &rates);
        let usd = MoneyMoves::of(&Asset::FiatUsd, &records);
        let now = datetime!(2027-02-01 12:00 UTC);
        let no_balance = || Err("the service gives no balance in dollars".to_owned());
        let held = usd.held_in_declaration(no_balance(), 2026, now, Some(&cost), &rates);

        // 31/12/2025: 1,000.00 + 500.00 − 300.00 = US$1,200.00. Cost:
        // 5,500.00 + 500 × 5.6006 = 2,800.30, so 8,300.30 for 1,500; the 300
        // paid out take a fifth of it, 1,660.06: R$6,640.24 left.
        assert_eq!(held.previous.on, date!(2025 - 12 - 31));
        assert_eq!(held.previous.amount, Some(dec("1200.00")));
        assert_eq!(held.previous.cost_brl, Some(dec("6640.24")));
        assert_eq!(held.previous.uncosted, Decimal::ZERO);
        // Beside it, for reference: 1,200 × 5.5000 (30/12's buying rate).
        let reference = held.previous.reference.unwrap();
        assert_eq!(reference.value_brl, dec("6600.00"));
        assert_eq!(
            reference.rate.standing,
            crate::tax::ptax::RateStanding::PreviousBusinessDay
        );
        // 31/12/2026: the sale for dollars brought 995 at its value less its
        // fee: 1,000 × 6.19 = 6,190.00 less 5 × 6.19 = 30.95, R$6,159.05.
        // US$2,195.00 at R$6,640.24 + 6,159.05 = R$12,799.29.
        assert_eq!(held.this.amount, Some(dec("2195.00")));
        assert_eq!(held.this.cost_brl, Some(dec("12799.29")));
        assert_eq!(held.this.reference.unwrap().value_brl, dec("11853.00"));
        assert!(matches!(
            held.this.reading,
            MoneyReading::FromMovements { movements: 4, .. }
        ));
        assert_eq!(held.unexplained, None);

        // A service that answers with its balance, US$500.00 above what the
        // lists show: the gap is said, and has no known cost.
        let held = usd.held_in_declaration(Ok(dec("2695.00")), 2026, now, Some(&cost), &rates);
        assert_eq!(held.unexplained, Some(dec("500.00")));
        assert_eq!(held.this.amount, Some(dec("2695.00")));
        assert_eq!(held.this.cost_brl, Some(dec("12799.29")));
        assert_eq!(held.this.uncosted, dec("500.00"));

        // The days whose PTAX this needs: the deposit's and both 31/12.
        assert_eq!(
            dollar_rate_days(&records, 2026, date!(2027 - 02 - 01)),
            [
                date!(2025 - 08 - 11),
                date!(2025 - 12 - 31),
                date!(2026 - 12 - 31)
            ]
            .into()
        );
    }
}
