//! A fetched resource's data, each in its own type ([`Fetched`]): the
//! balances, the claimable amounts, and every list, shared ([`Rows`]) and
//! ordered newest first as every list shows it; and what is in motion in
//! it, which decides how soon it is fetched again.

use std::sync::Arc;

use rust_decimal::Decimal;

use brlv_core::api::model::{Deposit, Order, TaxExemptionProgress, Transfer, Wallet, Withdrawal};

use super::key::ResourceKey;

/// A list's rows, shared: the panels read them, and sorting and searching
/// read them on a thread of their own, without a copy.
pub type Rows<T> = Arc<Vec<T>>;

/// What can be claimed from reward certificates (spec 2.9).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClaimableBalances {
    /// At the account (`GET /claims`).
    pub account: Decimal,
    /// At each of the account's wallets (`GET /wallets/{address}/claims`).
    pub wallets: Vec<WalletClaimable>,
}

/// What one wallet's certificates allow to claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WalletClaimable {
    /// The wallet's address.
    pub address: String,
    /// Its name, as listed.
    pub name: Option<String>,
    /// `available-balance`.
    pub available: Decimal,
}

impl ClaimableBalances {
    /// What `wallet_address` (or the account, for `None`) can claim.
    pub fn available(&self, wallet_address: Option<&str>) -> Option<Decimal> {
        match wallet_address {
            None => Some(self.account),
            Some(address) => self
                .wallets
                .iter()
                .find(|wallet| wallet.address.eq_ignore_ascii_case(address))
                .map(|wallet| wallet.available),
        }
    }
}

/// A fetched resource: which one, and its data in that resource's own type.
#[derive(Clone, Debug, PartialEq)]
pub enum Fetched {
    /// BRL `running-balance`.
    BalanceBrl(Decimal),
    /// USDC `running-balance`.
    BalanceUsdc(Decimal),
    /// BRLV `running-balance`.
    BalanceBrlv(Decimal),
    /// The month's tax-exemption progress.
    TaxExemption(TaxExemptionProgress),
    /// Every order.
    Orders(Rows<Order>),
    /// Every transfer.
    Transfers(Rows<Transfer>),
    /// Every withdrawal.
    Withdrawals(Rows<Withdrawal>),
    /// Every wallet.
    Wallets(Rows<Wallet>),
    /// What can be claimed, at the account and per wallet.
    Claimable(ClaimableBalances),
    /// BRL deposits.
    DepositsBrl(Rows<Deposit>),
    /// USD deposits.
    DepositsUsd(Rows<Deposit>),
    /// USDC deposits.
    DepositsUsdc(Rows<Deposit>),
    /// USDT deposits.
    DepositsUsdt(Rows<Deposit>),
    /// One order, fetched alone while its detail is open.
    Order(Box<Order>),
}

/// Sorts by `created-at`, newest first; records without one last. Stable,
/// so records with equal times keep the service's order. The time is read
/// as the record holds it (a packed `UtcMicros` orders as its instant), not
/// unpacked once per comparison.
pub fn newest_first<T, Time: Ord>(rows: &mut [T], created: impl Fn(&T) -> Option<Time>) {
    if rows.is_sorted_by_key(|row| std::cmp::Reverse(created(row))) {
        return;
    }
    // Oldest first, as a service may well send them: turned round in place,
    // then each run of equal times turned back so it keeps the service's
    // order. A stable sort would first take a buffer of half the list
    // (136 MB for a million orders).
    if rows.is_sorted_by_key(&created) {
        rows.reverse();
        for run in rows.chunk_by_mut(|a, b| created(a) == created(b)) {
            run.reverse();
        }
        return;
    }
    rows.sort_by_key(|row| std::cmp::Reverse(created(row)));
}

/// [`newest_first`] on shared rows. Rows already in that order (the worker
/// sorted them; the service may send them so) are left as they are, where
/// shared rows would otherwise be cloned whole.
pub(super) fn shared_newest_first<T: Clone, Time: Ord>(
    rows: &mut Rows<T>,
    created: impl Fn(&T) -> Option<Time>,
) {
    if rows.is_sorted_by_key(|row| std::cmp::Reverse(created(row))) {
        return;
    }
    let rows: &mut Vec<T> = Arc::make_mut(rows);
    newest_first(rows, created);
}

pub(super) fn order_in_motion(order: &Order) -> bool {
    order
        .state
        .as_ref()
        .is_some_and(|state| state.is_in_motion())
}

pub(super) fn in_motion<T: Clone>(rows: &[T], moving: impl Fn(&T) -> Option<bool>) -> Vec<T> {
    rows.iter()
        .filter(|row| moving(row).unwrap_or(false))
        .cloned()
        .collect()
}

fn any_in_motion<T>(rows: &[T], moving: impl Fn(&T) -> bool) -> bool {
    rows.iter().any(moving)
}

impl Fetched {
    /// The resource it answers.
    pub fn key(&self) -> ResourceKey {
        match self {
            Fetched::BalanceBrl(_) => ResourceKey::BalanceBrl,
            Fetched::BalanceUsdc(_) => ResourceKey::BalanceUsdc,
            Fetched::BalanceBrlv(_) => ResourceKey::BalanceBrlv,
            Fetched::TaxExemption(_) => ResourceKey::TaxExemption,
            Fetched::Orders(_) => ResourceKey::Orders,
            Fetched::Transfers(_) => ResourceKey::Transfers,
            Fetched::Withdrawals(_) => ResourceKey::Withdrawals,
            Fetched::Wallets(_) => ResourceKey::Wallets,
            Fetched::Claimable(_) => ResourceKey::Claimable,
            Fetched::DepositsBrl(_) => ResourceKey::DepositsBrl,
            Fetched::DepositsUsd(_) => ResourceKey::DepositsUsd,
            Fetched::DepositsUsdc(_) => ResourceKey::DepositsUsdc,
            Fetched::DepositsUsdt(_) => ResourceKey::DepositsUsdt,
            Fetched::Order(order) => ResourceKey::Order(order.id),
        }
    }

    /// Whether it holds something that may change on its own soon (an order
    /// awaiting payment, a pending transfer or withdrawal).
    pub fn in_motion(&self) -> bool {
        match self {
            Fetched::BalanceBrl(_)
            | Fetched::BalanceUsdc(_)
            | Fetched::BalanceBrlv(_)
            | Fetched::TaxExemption(_)
            | Fetched::Wallets(_)
            | Fetched::Claimable(_)
            | Fetched::DepositsBrl(_)
            | Fetched::DepositsUsd(_)
            | Fetched::DepositsUsdc(_)
            | Fetched::DepositsUsdt(_) => false,
            Fetched::Orders(rows) => any_in_motion(rows, order_in_motion),
            Fetched::Transfers(rows) => any_in_motion(rows, |row| {
                row.state.as_ref().is_some_and(|state| state.is_in_motion())
            }),
            Fetched::Withdrawals(rows) => any_in_motion(rows, |row| {
                row.state.as_ref().is_some_and(|state| state.is_in_motion())
            }),
            Fetched::Order(order) => order_in_motion(order),
        }
    }

    /// The same data with lists ordered newest first, as every list shows them.
    pub fn newest_first(mut self) -> Fetched {
        match &mut self {
            Fetched::Orders(rows) => shared_newest_first(rows, |row| row.created_at),
            Fetched::Transfers(rows) => shared_newest_first(rows, |row| row.created_at),
            Fetched::Withdrawals(rows) => shared_newest_first(rows, |row| row.created_at),
            Fetched::DepositsBrl(rows)
            | Fetched::DepositsUsd(rows)
            | Fetched::DepositsUsdc(rows)
            | Fetched::DepositsUsdt(rows) => shared_newest_first(rows, |row| row.created_at),
            // Wallets have no time and keep the service's order; the rest
            // are no lists.
            _ => {}
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use time::OffsetDateTime;

    use super::*;

    fn at(seconds: i64) -> Option<OffsetDateTime> {
        OffsetDateTime::from_unix_timestamp(seconds).ok()
    }

    /// (time, the service's position): equal times must keep that order.
    fn sorted(rows: &[(Option<OffsetDateTime>, u8)]) -> Vec<u8> {
        let mut rows = rows.to_vec();
        newest_first(&mut rows, |row| row.0);
        rows.iter().map(|row| row.1).collect()
    }

    #[test]
    fn oldest_first_is_turned_round_keeping_equal_times_in_the_service_order() {
        let rows = [(None, 0), (at(1), 1), (at(2), 2), (at(2), 3), (at(3), 4)];
        assert_eq!(sorted(&rows), vec![4, 2, 3, 1, 0]);
    }

    #[test]
    fn any_order_comes_out_as_the_stable_sort_would() {
        let rows = [(at(2), 0), (None, 1), (at(3), 2), (at(2), 3), (at(1), 4)];
        let mut expected = rows.to_vec();
        expected.sort_by_key(|row| std::cmp::Reverse(row.0));
        let expected: Vec<u8> = expected.iter().map(|row| row.1).collect();
        assert_eq!(sorted(&rows), expected);
        assert_eq!(sorted(&rows), vec![2, 0, 3, 4, 1]);
        let newest_first_already = [(at(3), 0), (at(2), 1), (at(2), 2), (None, 3)];
        assert_eq!(sorted(&newest_first_already), vec![0, 1, 2, 3]);
    }

    #[test]
    fn shared_rows_already_in_order_are_not_copied() {
        let mut rows: Rows<(Option<OffsetDateTime>, u8)> = Arc::new(vec![(at(2), 0), (at(1), 1)]);
        let other_holder = Arc::clone(&rows);
        shared_newest_first(&mut rows, |row| row.0);
        assert!(Arc::ptr_eq(&rows, &other_holder));
        let mut reversed: Rows<(Option<OffsetDateTime>, u8)> =
            Arc::new(vec![(at(1), 0), (at(2), 1)]);
        shared_newest_first(&mut reversed, |row| row.0);
        assert_eq!(
            reversed.iter().map(|row| row.1).collect::<Vec<_>>(),
            vec![1, 0]
        );
    }
}
