//! Every resource the app keeps up to date, declared once: its key
//! ([`ResourceKey`]), its data in its own type ([`Fetched`]), how it is
//! fetched ([`fetch`]), whether it holds something in motion, and where its
//! last value is kept ([`AccountData`]). Each of these is an exhaustive
//! match, so a new resource that is not fetched, stored or shown in the
//! connection status does not compile; [`ResourceKey::polled`] is derived
//! from the enum itself, so a declared resource is always polled.
//!
//! Also here: the lists fetched with filters the API applies ([`ListQuery`],
//! [`Listed`]), kept beside the full list they narrow ([`FilteredList`]).

use std::sync::Arc;

use rust_decimal::Decimal;
use strum::IntoEnumIterator;
use time::OffsetDateTime;

use crate::api::model::{
    Asset, BalanceAsset, ClaimableBalance, Deposit, DepositAsset, Order, TaxExemptionProgress,
    Transfer, TransferFilter, Wallet, WalletFilter, Withdrawal,
};
use crate::api::{Client, Error};

use super::clock::Millis;
use super::remote::Remote;

/// Something the app fetches and keeps up to date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, strum::EnumIter)]
pub enum ResourceKey {
    /// `GET /assets/brl/balance`.
    BalanceBrl,
    /// `GET /assets/usdc/balance`.
    BalanceUsdc,
    /// `GET /assets/brlv/balance`.
    BalanceBrlv,
    /// `GET /tax-exemption/progress`.
    TaxExemption,
    /// `GET /orders`.
    Orders,
    /// `GET /transfers`.
    Transfers,
    /// `GET /withdrawals`.
    Withdrawals,
    /// `GET /wallets`.
    Wallets,
    /// `GET /claims` and `GET /wallets/{address}/claims` for each wallet.
    Claimable,
    /// `GET /assets/brl/deposits`.
    DepositsBrl,
    /// `GET /assets/usd/deposits`.
    DepositsUsd,
    /// `GET /assets/usdc/deposits`.
    DepositsUsdc,
    /// `GET /assets/usdt/deposits`.
    DepositsUsdt,
    /// `GET /orders/{id}`: the order whose detail is open, polled only while it is.
    Order(uuid::Uuid),
    /// `GET /orders/{id}`: an order in motion in a list too big to re-read
    /// as often as it moves, followed alone until it settles (see
    /// [`super::schedule::Schedule::follow`]).
    OrderInMotion(uuid::Uuid),
}

impl ResourceKey {
    /// Every resource kept up to date while an account is open: all of them
    /// but single orders, which come and go with the open detail and with
    /// what is in motion.
    pub fn polled() -> Vec<ResourceKey> {
        ResourceKey::iter()
            .filter(|key| !matches!(key, ResourceKey::Order(_) | ResourceKey::OrderInMotion(_)))
            .collect()
    }

    /// Whether money moving changes it: these are re-read at once when
    /// something stops being in motion.
    pub fn changes_with_money(self) -> bool {
        match self {
            ResourceKey::BalanceBrl
            | ResourceKey::BalanceUsdc
            | ResourceKey::BalanceBrlv
            | ResourceKey::TaxExemption
            | ResourceKey::Claimable => true,
            ResourceKey::Orders
            | ResourceKey::Transfers
            | ResourceKey::Withdrawals
            | ResourceKey::Wallets
            | ResourceKey::DepositsBrl
            | ResourceKey::DepositsUsd
            | ResourceKey::DepositsUsdc
            | ResourceKey::DepositsUsdt
            | ResourceKey::Order(_)
            | ResourceKey::OrderInMotion(_) => false,
        }
    }

    /// Whether the overview shows it (and waits for it before a screenshot).
    pub fn on_overview(self) -> bool {
        match self {
            ResourceKey::BalanceBrl
            | ResourceKey::BalanceUsdc
            | ResourceKey::BalanceBrlv
            | ResourceKey::TaxExemption
            | ResourceKey::Orders
            | ResourceKey::Transfers
            | ResourceKey::Withdrawals => true,
            ResourceKey::Wallets
            | ResourceKey::Claimable
            | ResourceKey::DepositsBrl
            | ResourceKey::DepositsUsd
            | ResourceKey::DepositsUsdc
            | ResourceKey::DepositsUsdt
            | ResourceKey::Order(_)
            | ResourceKey::OrderInMotion(_) => false,
        }
    }
}

/// The four deposit assets, in the order the Deposits panel offers them.
pub const DEPOSIT_ASSETS: [DepositAsset; 4] = [
    DepositAsset::Brl,
    DepositAsset::Usd,
    DepositAsset::Usdc,
    DepositAsset::Usdt,
];

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
fn shared_newest_first<T: Clone, Time: Ord>(
    rows: &mut Rows<T>,
    created: impl Fn(&T) -> Option<Time>,
) {
    if rows.is_sorted_by_key(|row| std::cmp::Reverse(created(row))) {
        return;
    }
    let rows: &mut Vec<T> = Arc::make_mut(rows);
    newest_first(rows, created);
}

fn order_in_motion(order: &Order) -> bool {
    order
        .state
        .as_ref()
        .is_some_and(|state| state.is_in_motion())
}

fn in_motion<T: Clone>(rows: &[T], moving: impl Fn(&T) -> Option<bool>) -> Vec<T> {
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
            Fetched::BalanceBrl(_)
            | Fetched::BalanceUsdc(_)
            | Fetched::BalanceBrlv(_)
            | Fetched::TaxExemption(_)
            | Fetched::Wallets(_)
            | Fetched::Claimable(_)
            | Fetched::Order(_) => {}
        }
        self
    }
}

/// How to tell an answer from the last one without decoding it again: a
/// list by the digest of its bytes (keeping a million records twice to
/// compare them would double the memory), anything small by its value.
#[derive(Clone, Debug, PartialEq)]
pub enum Fingerprint {
    /// A list's digest (see [`crate::api::stream`]).
    Digest(u64),
    /// A small value, as it is.
    Value(Fetched),
}

/// A fetch's data with its fingerprint and its size on the wire (lists;
/// 0 for small values).
#[derive(Clone, Debug)]
pub struct Answer {
    /// The data.
    pub data: Fetched,
    /// What tells it from the last answer.
    pub fingerprint: Fingerprint,
    /// The answer's size in bytes, for lists.
    pub bytes: u64,
    /// The last state of each of a list's movements, built once off the
    /// window's thread (see `worker`) for the journal and the
    /// notifications to share; `None` until then, and for anything else.
    pub states: Option<crate::app::known_states::KnownStates>,
}

/// The default memory budget for one list: 1 GiB holds about five million
/// orders (200 bytes each, as `Footprint` counts them).
pub const DEFAULT_LIST_BUDGET_MIB: u64 = 1024;

/// A decoded list, shared, without the room a growing `Vec` leaves (a list
/// of 600,000 orders decodes into room for 1,048,576). That room is mostly
/// never touched, so it costs address space more than resident memory, but
/// a list is kept for as long as the window is open; giving the room back
/// is cheap (a list this long has its own mapping, shrunk in place).
fn exact_rows<T>(mut rows: Vec<T>) -> Rows<T> {
    rows.shrink_to_fit();
    Arc::new(rows)
}

/// Fetches `key` with `client`; a list is decoded as it streams in and
/// refused once its records would take more than `list_budget_bytes`.
pub async fn fetch_answer(
    client: &Client,
    key: ResourceKey,
    list_budget_bytes: u64,
) -> Result<Answer, Error> {
    let list = |data: Fetched, digest: u64, bytes: u64| Answer {
        data,
        fingerprint: Fingerprint::Digest(digest),
        bytes,
        states: None,
    };
    let budget = list_budget_bytes;
    let deposits = |asset: DepositAsset| async move {
        client
            .get_list::<Deposit>(&["assets", asset.as_str(), "deposits"], "deposits", budget)
            .await
    };
    Ok(match key {
        ResourceKey::Orders => {
            let got = client.get_list(&["orders"], "orders", budget).await?;
            list(Fetched::Orders(exact_rows(got.rows)), got.digest, got.bytes)
        }
        ResourceKey::Transfers => {
            let got = client.get_list(&["transfers"], "transfers", budget).await?;
            list(
                Fetched::Transfers(exact_rows(got.rows)),
                got.digest,
                got.bytes,
            )
        }
        ResourceKey::Withdrawals => {
            let got = client
                .get_list(&["withdrawals"], "withdrawals", budget)
                .await?;
            list(
                Fetched::Withdrawals(exact_rows(got.rows)),
                got.digest,
                got.bytes,
            )
        }
        ResourceKey::Wallets => {
            let got = client.get_list(&["wallets"], "wallets", budget).await?;
            list(
                Fetched::Wallets(exact_rows(got.rows)),
                got.digest,
                got.bytes,
            )
        }
        ResourceKey::DepositsBrl => {
            let got = deposits(DepositAsset::Brl).await?;
            list(
                Fetched::DepositsBrl(exact_rows(got.rows)),
                got.digest,
                got.bytes,
            )
        }
        ResourceKey::DepositsUsd => {
            let got = deposits(DepositAsset::Usd).await?;
            list(
                Fetched::DepositsUsd(exact_rows(got.rows)),
                got.digest,
                got.bytes,
            )
        }
        ResourceKey::DepositsUsdc => {
            let got = deposits(DepositAsset::Usdc).await?;
            list(
                Fetched::DepositsUsdc(exact_rows(got.rows)),
                got.digest,
                got.bytes,
            )
        }
        ResourceKey::DepositsUsdt => {
            let got = deposits(DepositAsset::Usdt).await?;
            list(
                Fetched::DepositsUsdt(exact_rows(got.rows)),
                got.digest,
                got.bytes,
            )
        }
        ResourceKey::BalanceBrl
        | ResourceKey::BalanceUsdc
        | ResourceKey::BalanceBrlv
        | ResourceKey::TaxExemption
        | ResourceKey::Claimable
        | ResourceKey::Order(_)
        | ResourceKey::OrderInMotion(_) => {
            let data = fetch(client, key).await?;
            Answer {
                fingerprint: Fingerprint::Value(data.clone()),
                data,
                bytes: 0,
                states: None,
            }
        }
    })
}

/// Fetches `key` with `client`, each answer read whole (the small resources;
/// lists too, for callers without a budget).
pub async fn fetch(client: &Client, key: ResourceKey) -> Result<Fetched, Error> {
    let balance = |asset: BalanceAsset| async move {
        client
            .balance(&asset)
            .await
            .map(|balance| balance.running_balance)
    };
    Ok(match key {
        ResourceKey::BalanceBrl => Fetched::BalanceBrl(balance(BalanceAsset::Brl).await?),
        ResourceKey::BalanceUsdc => Fetched::BalanceUsdc(balance(BalanceAsset::Usdc).await?),
        ResourceKey::BalanceBrlv => Fetched::BalanceBrlv(balance(BalanceAsset::Brlv).await?),
        ResourceKey::TaxExemption => Fetched::TaxExemption(client.tax_exemption_progress().await?),
        ResourceKey::Orders => Fetched::Orders(client.list_orders().await?.into()),
        ResourceKey::Transfers => Fetched::Transfers(
            client
                .list_transfers(&TransferFilter::default())
                .await?
                .into(),
        ),
        ResourceKey::Withdrawals => {
            Fetched::Withdrawals(client.list_withdrawals(None).await?.into())
        }
        ResourceKey::Wallets => {
            Fetched::Wallets(client.list_wallets(&WalletFilter::default()).await?.into())
        }
        ResourceKey::Claimable => Fetched::Claimable(claimable_balances(client).await?),
        ResourceKey::DepositsBrl => {
            Fetched::DepositsBrl(client.list_deposits(&DepositAsset::Brl).await?.into())
        }
        ResourceKey::DepositsUsd => {
            Fetched::DepositsUsd(client.list_deposits(&DepositAsset::Usd).await?.into())
        }
        ResourceKey::DepositsUsdc => {
            Fetched::DepositsUsdc(client.list_deposits(&DepositAsset::Usdc).await?.into())
        }
        ResourceKey::DepositsUsdt => {
            Fetched::DepositsUsdt(client.list_deposits(&DepositAsset::Usdt).await?.into())
        }
        ResourceKey::Order(id) | ResourceKey::OrderInMotion(id) => {
            Fetched::Order(Box::new(client.get_order(id).await?))
        }
    })
}

async fn claimable_balances(client: &Client) -> Result<ClaimableBalances, Error> {
    let account = client.claimable_balance().await?.available_balance;
    let mut wallets = Vec::new();
    for wallet in client.list_wallets(&WalletFilter::default()).await? {
        let ClaimableBalance { available_balance } =
            client.wallet_claimable_balance(&wallet.address).await?;
        wallets.push(WalletClaimable {
            address: wallet.address,
            name: wallet.name,
            available: available_balance,
        });
    }
    Ok(ClaimableBalances { account, wallets })
}

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

/// A list's rows, shared: the panels read them, and sorting and searching
/// read them on a thread of their own, without a copy.
pub type Rows<T> = Arc<Vec<T>>;

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
    pub orders_read_alone: Arc<std::collections::HashMap<uuid::Uuid, Order>>,
    /// The transfers in motion, newest first, found when the list arrives.
    pub transfers_in_motion: Vec<Transfer>,
    /// The withdrawals in motion, newest first, found when the list arrives.
    pub withdrawals_in_motion: Vec<Withdrawal>,
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

    /// How fresh each polled resource is, read-only.
    pub fn polled_freshness(&self) -> Vec<Freshness<'_>> {
        ResourceKey::polled()
            .into_iter()
            .map(|key| self.freshness_of(key))
            .collect()
    }
}

/// A list fetched with filters the API applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListQuery {
    /// `GET /wallets?assets=…&addresses=…`.
    Wallets(WalletFilter),
    /// `GET /transfers` with its four filters.
    Transfers(TransferFilter),
    /// `GET /withdrawals?asset=…`.
    Withdrawals(Option<Asset>),
}

/// A filtered list as it arrived, with the filters it answers.
#[derive(Debug)]
pub enum Listed {
    /// Wallets.
    Wallets(WalletFilter, Result<Vec<Wallet>, Error>),
    /// Transfers.
    Transfers(TransferFilter, Result<Vec<Transfer>, Error>),
    /// Withdrawals.
    Withdrawals(Option<Asset>, Result<Vec<Withdrawal>, Error>),
}

/// Fetches a filtered list.
pub async fn query(client: &Client, query: ListQuery) -> Listed {
    match query {
        ListQuery::Wallets(filter) => {
            let result = client.list_wallets(&filter).await;
            Listed::Wallets(filter, result)
        }
        ListQuery::Transfers(filter) => {
            let result = client.list_transfers(&filter).await;
            Listed::Transfers(filter, result)
        }
        ListQuery::Withdrawals(asset) => {
            let result = client.list_withdrawals(asset.as_ref()).await;
            Listed::Withdrawals(asset, result)
        }
    }
}

/// A list fetched with filters, with the filters it answers.
#[derive(Clone, Debug)]
pub struct FilteredList<Q, T> {
    /// The filters sent.
    pub query: Q,
    /// The rows.
    pub list: Remote<Rows<T>>,
}

/// A panel's list: the full one, narrowed by filters the API applies while
/// any is set.
#[derive(Clone, Debug)]
pub struct Narrowed<Q, T> {
    /// The filtered list, while a filter is set.
    pub filtered: Option<FilteredList<Q, T>>,
}

impl<Q, T> Default for Narrowed<Q, T> {
    fn default() -> Self {
        Narrowed { filtered: None }
    }
}

impl<Q: Clone + PartialEq, T> Narrowed<Q, T> {
    /// The list to show: the filtered one while a filter is set, else `full`.
    pub fn shown<'a>(&'a self, full: &'a Remote<Rows<T>>) -> &'a Remote<Rows<T>> {
        self.filtered
            .as_ref()
            .map_or(full, |filtered| &filtered.list)
    }

    /// Keeps the filtered list in step with the filters the person set:
    /// `None` (no filter) shows the full list; a new filter is asked for once
    /// (the query to send is returned).
    pub fn sync(&mut self, wanted: Option<Q>) -> Option<Q> {
        let Some(query) = wanted else {
            self.filtered = None;
            return None;
        };
        if self
            .filtered
            .as_ref()
            .is_some_and(|list| list.query == query)
        {
            return None;
        }
        self.filtered = Some(FilteredList {
            query: query.clone(),
            list: Remote::Loading { previous: None },
        });
        Some(query)
    }

    /// The filters to ask for again after the full list refreshed, so the
    /// filtered one is never older than the full one.
    pub fn refresh(&self) -> Option<Q> {
        self.filtered
            .as_ref()
            .map(|filtered| filtered.query.clone())
    }

    /// Takes in an answer to `query`; one to filters changed meanwhile is dropped.
    pub fn arrived(&mut self, query: &Q, result: Result<Vec<T>, Error>, at: Millis) {
        if let Some(list) = self.filtered.as_mut().filter(|list| &list.query == query) {
            list.list.finish(result.map(Arc::new), at, at);
        }
    }
}

#[cfg(test)]
mod tests {
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
