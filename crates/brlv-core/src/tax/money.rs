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
//! What moves a balance, per record:
//! - a completed order paying in the currency: less its `source-amount`,
//!   unless it carries a `brcode` (paid by PIX from outside, the balance
//!   untouched, spec 4.1);
//! - a completed order receiving the currency: plus its `target-amount`
//!   (what arrived, after the fee);
//! - a withdrawal in the currency, unless it `failed`: less its amount;
//! - a deposit of the currency (credited, or with no status): plus its amount;
//! - a claim this device made, paid in reais: plus its net amount.

use rust_decimal::Decimal;
use time::Date;

use super::declaration::{MoneyHeld, MoneyReading};
use super::input::ClaimMade;
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

    /// The money held on the second column's day of `year`'s declaration
    /// (31/12, or now for the current year), as the view, the PDF and
    /// `tax-report` all read it: today's balance for the current year;
    /// for a year over, today's balance less the movements since.
    pub fn held_for_year(
        &self,
        balance: Result<Decimal, String>,
        year: i32,
        now: time::OffsetDateTime,
    ) -> MoneyHeld {
        let today = super::brasilia::date_at(now);
        let current = today.year() == year;
        let until = if current {
            UtcMicros::new(now)
        } else {
            super::declaration::end_of_year(year)
        };
        self.held_on(balance, today, until, current)
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
    ) -> MoneyHeld {
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
        MoneyHeld {
            currency: self.currency,
            amount,
            reading,
        }
    }
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
        let held = brl.held_on(
            Ok(dec("4995.00")),
            date!(2026 - 11 - 26),
            end_of_year(2025),
            false,
        );
        assert_eq!(held.currency, "BRL");
        assert_eq!(held.amount, Some(dec("6000.00")));
        assert_eq!(
            held.reading,
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
        assert_eq!(today.amount, Some(dec("4995.00")));
        assert_eq!(today.reading, MoneyReading::OnTheDay);
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
        let held = usd.held_on(
            Err(gone.clone()),
            date!(2027 - 02 - 01),
            end_of_year(2026),
            false,
        );
        assert_eq!(held.currency, "USD");
        assert_eq!(held.amount, Some(dec("1000.00")));
        assert_eq!(
            held.reading,
            MoneyReading::FromMovements {
                movements: 1,
                balance_missing: gone.clone(),
                unread: vec!["deposits"],
            }
        );
        // Reais with the deposits unread: 995 − 4,000 − 2,000 is below zero.
        let brl = MoneyMoves::of(&Asset::FiatBrl, &records);
        let held = brl.held_on(Err(gone), date!(2027 - 02 - 01), end_of_year(2026), false);
        assert_eq!(held.amount, None);
        assert!(
            held.reading
                == MoneyReading::BelowZero {
                    sum: dec("-5005.00")
                },
            "{:?}",
            held.reading
        );
    }
}
