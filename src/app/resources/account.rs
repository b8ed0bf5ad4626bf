//! The open account's data ([`AccountData`]): one [`Remote`] per resource,
//! where each fetch's answer is kept, and what the connection status reads
//! of each ([`Freshness`]). Each resource's slot is one exhaustive match,
//! so a resource that is not stored does not compile.

use std::collections::HashMap;
use std::sync::Arc;

use rust_decimal::Decimal;
use time::OffsetDateTime;

use crate::app::clock::Millis;
use crate::app::remote::Remote;
use brlv_core::api::Error;
use brlv_core::api::model::{
    Claim, Deposit, DepositAsset, Order, TaxExemptionProgress, Transfer, Wallet, Withdrawal,
};

use super::fetched::{ClaimableBalances, Fetched, Rows, in_motion, order_in_motion};
use super::key::{DEPOSIT_ASSETS, ResourceKey};

/// When a resource's value arrived (if it has one), its error (if the last
/// fetch failed) and when it is retried: what the connection status reads.
#[derive(Clone, Copy, Debug)]
pub struct Freshness<'a> {
    /// When the value shown arrived.
    pub fetched_at: Option<Millis>,
    /// The last fetch's failure.
    pub error: Option<&'a Error>,
    /// When a failed fetch is tried again.
    pub retry_at: Option<Millis>,
    /// For a copy from an earlier run (the journal), when it was fetched.
    pub saved_at: Option<OffsetDateTime>,
    /// Whether there is a value to stand by (see [`Remote::settled`]).
    pub settled: bool,
}

/// A resource's slot, whatever its type: what loading and failing do to it.
trait Slot {
    fn start_loading(&mut self);
    fn fail(&mut self, error: Error, at: Millis, retry_at: Millis);
    fn confirm(&mut self, at: Millis);
    fn freshness(&self) -> Freshness<'_>;
}

impl<T> Slot for Remote<T> {
    fn start_loading(&mut self) {
        Remote::start_loading(self);
    }

    fn fail(&mut self, error: Error, at: Millis, retry_at: Millis) {
        self.finish(Err(error), at, retry_at);
    }

    fn confirm(&mut self, at: Millis) {
        Remote::confirm(self, at);
    }

    fn freshness(&self) -> Freshness<'_> {
        Freshness {
            // A copy from an earlier run is not news from the service.
            fetched_at: self
                .loaded()
                .filter(|loaded| !loaded.is_saved_copy())
                .map(|loaded| loaded.fetched_at),
            error: self.error(),
            retry_at: match self {
                Remote::Failed { retry_at, .. } => Some(*retry_at),
                _ => None,
            },
            saved_at: self.loaded().and_then(|loaded| loaded.saved_at),
            settled: self.settled(),
        }
    }
}

/// The open account's data, one [`Remote`] per resource.
#[derive(Clone, Debug, Default)]
pub struct AccountData {
    /// BRL balance.
    pub balance_brl: Remote<Decimal>,
    /// USDC balance.
    pub balance_usdc: Remote<Decimal>,
    /// BRLV balance.
    pub balance_brlv: Remote<Decimal>,
    /// This month's tax-exemption progress.
    pub tax_exemption: Remote<TaxExemptionProgress>,
    /// Orders, newest first.
    pub orders: Remote<Rows<Order>>,
    /// Transfers, newest first.
    pub transfers: Remote<Rows<Transfer>>,
    /// Withdrawals, newest first.
    pub withdrawals: Remote<Rows<Withdrawal>>,
    /// Every wallet (unfiltered: the transfer and claim forms pick from it).
    pub wallets: Remote<Rows<Wallet>>,
    /// Claimable balances, at the account and per wallet.
    pub claimable: Remote<ClaimableBalances>,
    /// BRL deposits.
    pub deposits_brl: Remote<Rows<Deposit>>,
    /// USD deposits.
    pub deposits_usd: Remote<Rows<Deposit>>,
    /// USDC deposits.
    pub deposits_usdc: Remote<Rows<Deposit>>,
    /// USDT deposits.
    pub deposits_usdt: Remote<Rows<Deposit>>,
    /// The order whose detail is open, as `GET /orders/{id}` last returned it.
    pub order: Remote<Order>,
    /// The last order followed alone ([`ResourceKey::OrderInMotion`]): its
    /// errors and times; its value goes to [`AccountData::orders_in_motion`].
    pub followed_order: Remote<Order>,
    /// The orders in motion, newest first: found in the list when it
    /// arrives (so no frame scans a million rows for them), then kept as
    /// each one's own `GET /orders/{id}` last returned it.
    pub orders_in_motion: Vec<Order>,
    /// Orders read alone since the list was (the followed ones, the open
    /// detail): newer than their rows, which show, sort and search as them
    /// until the list is read again. Shared, so a sort or a search on its
    /// own thread reads them; a new copy is a new map (a few entries).
    pub orders_read_alone: Arc<HashMap<uuid::Uuid, Order>>,
    /// The transfers in motion, newest first, found when the list arrives.
    pub transfers_in_motion: Vec<Transfer>,
    /// The withdrawals in motion, newest first, found when the list arrives.
    pub withdrawals_in_motion: Vec<Withdrawal>,
    /// Claims made from this device, newest first: the service lists none,
    /// so they come from the journal and from this session. Shared, so a
    /// list's search and sort read it on their own thread without a copy.
    pub claims_made: Arc<Vec<Claim>>,
    /// This device's payouts whose outcome is not known (in flight, sent
    /// without an answer, or *cannot tell*), as the journal told them last:
    /// when the connection opened, and again after each send, settling and
    /// batch run of this window. A review compares a new payment with them
    /// too ([`crate::app::repeat_check`]).
    pub unsettled_sends: Arc<Vec<brlv_core::journal::PostEntry>>,
}

/// The slot of `key` in `data`, borrowed as `borrow` (`&` or `&mut`): one
/// table for both borrows.
macro_rules! slot {
    ($data:expr, $key:expr, $($borrow:tt)+) => {
        match $key {
            ResourceKey::BalanceBrl => $($borrow)+ $data.balance_brl,
            ResourceKey::BalanceUsdc => $($borrow)+ $data.balance_usdc,
            ResourceKey::BalanceBrlv => $($borrow)+ $data.balance_brlv,
            ResourceKey::TaxExemption => $($borrow)+ $data.tax_exemption,
            ResourceKey::Orders => $($borrow)+ $data.orders,
            ResourceKey::Transfers => $($borrow)+ $data.transfers,
            ResourceKey::Withdrawals => $($borrow)+ $data.withdrawals,
            ResourceKey::Wallets => $($borrow)+ $data.wallets,
            ResourceKey::Claimable => $($borrow)+ $data.claimable,
            ResourceKey::DepositsBrl => $($borrow)+ $data.deposits_brl,
            ResourceKey::DepositsUsd => $($borrow)+ $data.deposits_usd,
            ResourceKey::DepositsUsdc => $($borrow)+ $data.deposits_usdc,
            ResourceKey::DepositsUsdt => $($borrow)+ $data.deposits_usdt,
            ResourceKey::Order(_) => $($borrow)+ $data.order,
            ResourceKey::OrderInMotion(_) => $($borrow)+ $data.followed_order,
        }
    };
}

impl AccountData {
    /// Puts a list kept from an earlier run (fetched at `at`; `partial`
    /// when it was cut at the list budget) where the panels read it; a
    /// list fetched meanwhile wins.
    pub fn restore_kept(
        &mut self,
        fetched: Fetched,
        at: OffsetDateTime,
        partial: Option<crate::app::remote::PartialCopy>,
    ) {
        let data = self;
        match fetched {
            Fetched::BalanceBrl(value) => data.balance_brl.restore(value, at, partial),
            Fetched::BalanceUsdc(value) => data.balance_usdc.restore(value, at, partial),
            Fetched::BalanceBrlv(value) => data.balance_brlv.restore(value, at, partial),
            Fetched::TaxExemption(value) => data.tax_exemption.restore(value, at, partial),
            Fetched::Orders(rows) => {
                // A list fetched meanwhile wins, its orders in motion with it.
                if data.orders.value().is_none() {
                    data.orders_listed(&rows);
                }
                data.orders.restore(rows, at, partial);
            }
            Fetched::Transfers(rows) => {
                if data.transfers.value().is_none() {
                    data.transfers_listed(&rows);
                }
                data.transfers.restore(rows, at, partial);
            }
            Fetched::Withdrawals(rows) => {
                if data.withdrawals.value().is_none() {
                    data.withdrawals_listed(&rows);
                }
                data.withdrawals.restore(rows, at, partial);
            }
            Fetched::Wallets(rows) => data.wallets.restore(rows, at, partial),
            Fetched::Claimable(value) => data.claimable.restore(value, at, partial),
            Fetched::DepositsBrl(rows) => data.deposits_brl.restore(rows, at, partial),
            Fetched::DepositsUsd(rows) => data.deposits_usd.restore(rows, at, partial),
            Fetched::DepositsUsdc(rows) => data.deposits_usdc.restore(rows, at, partial),
            Fetched::DepositsUsdt(rows) => data.deposits_usdt.restore(rows, at, partial),
            // The watched order is never kept alone; the orders list holds it.
            Fetched::Order(_) => {}
        }
    }

    /// A claim made now heads the claims made from this device.
    pub fn claim_made(&mut self, claim: Claim) {
        Arc::make_mut(&mut self.claims_made).insert(0, claim);
    }

    /// Takes in the claims made from this device in earlier runs, read from
    /// the journal (newest first); one made meanwhile stays on top.
    pub fn restore_claims(&mut self, history: Vec<Claim>) {
        let mut made: Vec<Claim> = self
            .claims_made
            .iter()
            .filter(|claim| !history.iter().any(|kept| kept.id == claim.id))
            .cloned()
            .collect();
        made.extend(history);
        self.claims_made = Arc::new(made);
    }

    fn slot(&mut self, key: ResourceKey) -> &mut dyn Slot {
        slot!(self, key, &mut)
    }

    fn freshness_of(&self, key: ResourceKey) -> Freshness<'_> {
        let slot: &dyn Slot = slot!(self, key, &);
        slot.freshness()
    }

    /// The deposits of `asset`.
    pub fn deposits(&self, asset: &DepositAsset) -> &Remote<Rows<Deposit>> {
        match asset {
            DepositAsset::Usd => &self.deposits_usd,
            DepositAsset::Usdc => &self.deposits_usdc,
            DepositAsset::Usdt => &self.deposits_usdt,
            DepositAsset::Brl | DepositAsset::Other(_) => &self.deposits_brl,
        }
    }

    /// Marks a fetch of `key` as started.
    pub fn start_loading(&mut self, key: ResourceKey) {
        self.slot(key).start_loading();
    }

    /// A fetch of `key` brought the answer already held: nothing is
    /// rebuilt, the value is only marked as confirmed at `at`.
    pub fn unchanged(&mut self, key: ResourceKey, at: Millis, _next_at: Millis) {
        self.slot(key).confirm(at);
    }

    /// Stores how a fetch of `key` ended; a list arrives newest first.
    pub fn finish(
        &mut self,
        key: ResourceKey,
        result: Result<Fetched, Error>,
        at: Millis,
        next_at: Millis,
    ) {
        self.finish_newest_first(key, result.map(Fetched::newest_first), at, next_at);
    }

    /// [`AccountData::finish`] of a result already put newest first
    /// ([`Fetched::newest_first`]), for a caller that needed it so before:
    /// a million rows are not checked twice.
    pub fn finish_newest_first(
        &mut self,
        key: ResourceKey,
        result: Result<Fetched, Error>,
        at: Millis,
        next_at: Millis,
    ) {
        let data = match result {
            Ok(data) => data,
            Err(error) => return self.slot(key).fail(error, at, next_at),
        };
        if let Fetched::Order(order) = &data {
            self.order_read_alone(order);
            if let ResourceKey::OrderInMotion(_) = key {
                return self
                    .followed_order
                    .finish(Ok((**order).clone()), at, next_at);
            }
        }
        match &data {
            Fetched::Orders(rows) => self.orders_listed(rows),
            Fetched::Transfers(rows) => self.transfers_listed(rows),
            Fetched::Withdrawals(rows) => self.withdrawals_listed(rows),
            _ => {}
        }
        match data {
            Fetched::BalanceBrl(value) => self.balance_brl.finish(Ok(value), at, next_at),
            Fetched::BalanceUsdc(value) => self.balance_usdc.finish(Ok(value), at, next_at),
            Fetched::BalanceBrlv(value) => self.balance_brlv.finish(Ok(value), at, next_at),
            Fetched::TaxExemption(value) => self.tax_exemption.finish(Ok(value), at, next_at),
            Fetched::Orders(rows) => self.orders.finish(Ok(rows), at, next_at),
            Fetched::Transfers(rows) => self.transfers.finish(Ok(rows), at, next_at),
            Fetched::Withdrawals(rows) => self.withdrawals.finish(Ok(rows), at, next_at),
            Fetched::Wallets(rows) => self.wallets.finish(Ok(rows), at, next_at),
            Fetched::Claimable(value) => self.claimable.finish(Ok(value), at, next_at),
            Fetched::DepositsBrl(rows) => self.deposits_brl.finish(Ok(rows), at, next_at),
            Fetched::DepositsUsd(rows) => self.deposits_usd.finish(Ok(rows), at, next_at),
            Fetched::DepositsUsdc(rows) => self.deposits_usdc.finish(Ok(rows), at, next_at),
            Fetched::DepositsUsdt(rows) => self.deposits_usdt.finish(Ok(rows), at, next_at),
            Fetched::Order(order) => self.order.finish(Ok(*order), at, next_at),
        }
    }

    /// A new list of orders: it is newer than what was read alone, and the
    /// orders in motion are found in it once here rather than every frame.
    pub fn orders_listed(&mut self, rows: &[Order]) {
        self.orders_in_motion = in_motion(rows, |row| Some(order_in_motion(row)));
        if !self.orders_read_alone.is_empty() {
            self.orders_read_alone = Arc::default();
        }
    }

    /// A new list of transfers: its transfers in motion, found once.
    pub fn transfers_listed(&mut self, rows: &[Transfer]) {
        self.transfers_in_motion =
            in_motion(rows, |row| row.state.as_ref().map(|s| s.is_in_motion()));
    }

    /// A new list of withdrawals: its withdrawals in motion, found once.
    pub fn withdrawals_listed(&mut self, rows: &[Withdrawal]) {
        self.withdrawals_in_motion =
            in_motion(rows, |row| row.state.as_ref().map(|s| s.is_in_motion()));
    }

    /// `order` as read alone: it stands for its row in the list, and
    /// leaves the orders in motion once it settles.
    fn order_read_alone(&mut self, order: &Order) {
        let moving = order_in_motion(order);
        match self
            .orders_in_motion
            .iter()
            .position(|known| known.id == order.id)
        {
            Some(index) if moving => self.orders_in_motion[index] = order.clone(),
            Some(index) => {
                self.orders_in_motion.remove(index);
            }
            None => {}
        }
        // The same copy again (a followed order that has not moved) keeps
        // the map, so a sorted or searched list is not arranged again.
        if self.orders_read_alone.get(&order.id) != Some(order) {
            Arc::make_mut(&mut self.orders_read_alone).insert(order.id, order.clone());
        }
    }

    /// `row` of the orders list, or the newer copy read alone since.
    pub fn latest_order<'a>(&'a self, row: &'a Order) -> &'a Order {
        self.orders_read_alone.get(&row.id).unwrap_or(row)
    }

    /// Whether every resource the overview shows has a value (fresh, or a
    /// saved copy the service could not confirm).
    pub fn overview_loaded(&self) -> bool {
        ResourceKey::polled()
            .into_iter()
            .filter(|key| key.on_overview())
            .all(|key| self.freshness_of(key).settled)
    }

    /// Whether every list the extrato reads has settled.
    pub fn activity_loaded(&self) -> bool {
        self.orders.settled()
            && self.transfers.settled()
            && self.withdrawals.settled()
            && self.wallets.settled()
            && DEPOSIT_ASSETS
                .iter()
                .all(|asset| self.deposits(asset).settled())
    }

    /// Whether every list the tax year reads has settled, the service's
    /// own monthly figure with them.
    pub fn tax_lists_loaded(&self) -> bool {
        self.orders.settled()
            && self.transfers.settled()
            && self.withdrawals.settled()
            && self.wallets.settled()
            && self.tax_exemption.settled()
            && brlv_core::tax::input::TOKEN_DEPOSIT_ASSETS
                .iter()
                .all(|asset| self.deposits(asset).settled())
    }

    /// How fresh each polled resource is, read-only.
    pub fn polled_freshness(&self) -> Vec<Freshness<'_>> {
        ResourceKey::polled()
            .into_iter()
            .map(|key| self.freshness_of(key))
            .collect()
    }
}
