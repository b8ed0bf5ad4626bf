//! The account panels' state: the lists they show ([`AccountLists`], reset
//! with the connection) and, per panel, filters, the selected row, the form's
//! draft, where its request stands and the CSV export ([`AccountsState`]).
//! Plain data; [`AppState::apply`] hands the worker's [`AccountsEvent`]s here.

use std::path::PathBuf;

use rust_decimal::Decimal;
use uuid::Uuid;

use crate::address::{AddressError, validate_evm_address};
use crate::api::Error;
use crate::api::model::{
    Asset, Claim, CreateWithdrawal, Deposit, DepositAsset, Transfer, TransferFilter, TransferState,
    Wallet, WalletFilter, Withdrawal,
};
use crate::forms::{ClaimDraft, TransferDraft, WalletDraft, WithdrawalDraft};

use super::accounts_command::{
    AccountsCommand, AccountsEvent, ClaimableBalances, Created, ExportKind, FormKind, ListQuery,
    SubmitOutcome,
};
use super::clock::Millis;
use super::command::{Command, ResourceData};
use super::remote::Remote;
use super::schedule::ResourceKey;
use super::state::AppState;

/// The four deposit assets, in the order the panel offers them.
pub const DEPOSIT_ASSETS: [DepositAsset; 4] = [
    DepositAsset::Brl,
    DepositAsset::Usd,
    DepositAsset::Usdc,
    DepositAsset::Usdt,
];

/// The account panels' data, one [`Remote`] per resource.
#[derive(Clone, Debug, Default)]
pub struct AccountLists {
    /// Every wallet (unfiltered: the transfer and claim forms pick from it).
    pub wallets: Remote<Vec<Wallet>>,
    /// Claimable balances, at the account and per wallet.
    pub claimable: Remote<ClaimableBalances>,
    /// BRL deposits.
    pub deposits_brl: Remote<Vec<Deposit>>,
    /// USD deposits.
    pub deposits_usd: Remote<Vec<Deposit>>,
    /// USDC deposits.
    pub deposits_usdc: Remote<Vec<Deposit>>,
    /// USDT deposits.
    pub deposits_usdt: Remote<Vec<Deposit>>,
}

impl AccountLists {
    /// The deposits of `asset`.
    pub fn deposits(&self, asset: &DepositAsset) -> &Remote<Vec<Deposit>> {
        match asset {
            DepositAsset::Usd => &self.deposits_usd,
            DepositAsset::Usdc => &self.deposits_usdc,
            DepositAsset::Usdt => &self.deposits_usdt,
            DepositAsset::Brl | DepositAsset::Other(_) => &self.deposits_brl,
        }
    }

    fn deposits_mut(&mut self, resource: ResourceKey) -> Option<&mut Remote<Vec<Deposit>>> {
        match resource {
            ResourceKey::DepositsBrl => Some(&mut self.deposits_brl),
            ResourceKey::DepositsUsd => Some(&mut self.deposits_usd),
            ResourceKey::DepositsUsdc => Some(&mut self.deposits_usdc),
            ResourceKey::DepositsUsdt => Some(&mut self.deposits_usdt),
            _ => None,
        }
    }

    /// Marks a fetch of one of these lists as started.
    pub fn start_loading(&mut self, resource: ResourceKey) {
        match resource {
            ResourceKey::Wallets => self.wallets.start_loading(),
            ResourceKey::Claimable => self.claimable.start_loading(),
            other => {
                if let Some(remote) = self.deposits_mut(other) {
                    remote.start_loading();
                }
            }
        }
    }

    /// Stores the outcome of a fetch of one of these lists.
    pub fn finish(
        &mut self,
        resource: ResourceKey,
        result: Result<ResourceData, Error>,
        at: Millis,
        next_at: Millis,
    ) {
        match (resource, result) {
            (ResourceKey::Wallets, Ok(ResourceData::Wallets(rows))) => {
                self.wallets.finish(Ok(rows), at, next_at);
            }
            (ResourceKey::Wallets, Err(error)) => self.wallets.finish(Err(error), at, next_at),
            (ResourceKey::Claimable, Ok(ResourceData::Claimable(value))) => {
                self.claimable.finish(Ok(value), at, next_at);
            }
            (ResourceKey::Claimable, Err(error)) => {
                self.claimable.finish(Err(error), at, next_at);
            }
            (other, result) => {
                if let Some(remote) = self.deposits_mut(other) {
                    match result {
                        Ok(ResourceData::Deposits(rows)) => remote.finish(Ok(rows), at, next_at),
                        Err(error) => remote.finish(Err(error), at, next_at),
                        Ok(_) => {}
                    }
                }
            }
        }
    }
}

/// Where a form's request stands.
#[derive(Clone, Debug, Default)]
pub enum SubmitStatus {
    /// Nothing sent (or the result was dismissed).
    #[default]
    Idle,
    /// Sent; the send button stays disabled until it ends.
    Sending,
    /// Ended.
    Finished(SubmitOutcome),
}

impl SubmitStatus {
    /// Whether a request is in flight.
    pub fn is_sending(&self) -> bool {
        matches!(self, SubmitStatus::Sending)
    }
}

/// A list's CSV export as the person fills it.
#[derive(Clone, Debug, Default)]
pub struct ExportDraft {
    /// The file to write.
    pub path: String,
    /// A write is under way.
    pub writing: bool,
    /// How the last write ended: the file, or why not.
    pub result: Option<Result<PathBuf, String>>,
}

/// A list fetched with filters, with the filters it answers.
#[derive(Clone, Debug)]
pub struct FilteredList<T> {
    /// The filters sent.
    pub query: ListQuery,
    /// The rows.
    pub list: Remote<Vec<T>>,
}

/// Keeps `filtered` in step with the filters the person set: `None` (no
/// filter) shows the full list; a new filter asks the worker once.
fn sync_filtered<T>(
    filtered: &mut Option<FilteredList<T>>,
    wanted: Option<ListQuery>,
) -> Option<Command> {
    let Some(query) = wanted else {
        *filtered = None;
        return None;
    };
    if filtered.as_ref().is_some_and(|list| list.query == query) {
        return None;
    }
    *filtered = Some(FilteredList {
        query: query.clone(),
        list: Remote::Loading { previous: None },
    });
    Some(Command::Accounts(AccountsCommand::Query(query)))
}

/// An address typed into a filter: empty means "any".
fn address_filter(raw: &str) -> Result<Option<String>, AddressError> {
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        return Ok(None);
    }
    validate_evm_address(trimmed).map(|()| Some(trimmed.to_owned()))
}

/// The Wallets panel.
#[derive(Clone, Debug, Default)]
pub struct WalletsPanel {
    /// Only wallets holding this asset.
    pub asset_filter: Option<Asset>,
    /// Only the wallet with this address, as typed.
    pub address_filter: String,
    /// The filtered list, while a filter is set.
    pub filtered: Option<FilteredList<Wallet>>,
    /// The address of the wallet whose details are shown.
    pub selected: Option<String>,
    /// The new wallet's form.
    pub draft: WalletDraft,
    /// Where its request stands.
    pub submit: SubmitStatus,
    /// CSV export.
    pub export: ExportDraft,
}

impl WalletsPanel {
    /// The filters as the API takes them, or what is wrong with the address.
    pub fn filter(&self) -> Result<WalletFilter, AddressError> {
        Ok(WalletFilter {
            assets: self.asset_filter.iter().cloned().collect(),
            addresses: address_filter(&self.address_filter)?.into_iter().collect(),
        })
    }

    /// Asks for the filtered list when the filters changed.
    pub fn sync_query(&mut self) -> Option<Command> {
        let Ok(filter) = self.filter() else {
            return None;
        };
        let wanted = (filter != WalletFilter::default()).then_some(ListQuery::Wallets(filter));
        sync_filtered(&mut self.filtered, wanted)
    }
}

/// The Transfers panel.
#[derive(Clone, Debug, Default)]
pub struct TransfersPanel {
    /// `source-address` filter, as typed.
    pub source_filter: String,
    /// `target-address` filter, as typed.
    pub target_filter: String,
    /// `asset` filter.
    pub asset_filter: Option<Asset>,
    /// `state` filter.
    pub state_filter: Option<TransferState>,
    /// The filtered list, while a filter is set.
    pub filtered: Option<FilteredList<Transfer>>,
    /// The transfer whose details are shown.
    pub selected: Option<Uuid>,
    /// The new transfer's form.
    pub draft: TransferDraft,
    /// Where its request stands.
    pub submit: SubmitStatus,
    /// CSV export.
    pub export: ExportDraft,
}

/// Which address filter of the Transfers panel is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransferFilterError {
    /// The source address.
    Source(AddressError),
    /// The target address.
    Target(AddressError),
}

impl TransfersPanel {
    /// The four filters as the API takes them, or which address is wrong.
    pub fn filter(&self) -> Result<TransferFilter, TransferFilterError> {
        Ok(TransferFilter {
            source_address: address_filter(&self.source_filter)
                .map_err(TransferFilterError::Source)?,
            target_address: address_filter(&self.target_filter)
                .map_err(TransferFilterError::Target)?,
            asset: self.asset_filter.clone(),
            state: self.state_filter.clone(),
        })
    }

    /// Asks for the filtered list when the filters changed.
    pub fn sync_query(&mut self) -> Option<Command> {
        let Ok(filter) = self.filter() else {
            return None;
        };
        let wanted = (filter != TransferFilter::default()).then_some(ListQuery::Transfers(filter));
        sync_filtered(&mut self.filtered, wanted)
    }
}

/// The Withdrawals panel.
#[derive(Clone, Debug, Default)]
pub struct WithdrawalsPanel {
    /// `asset` filter.
    pub asset_filter: Option<Asset>,
    /// The filtered list, while a filter is set.
    pub filtered: Option<FilteredList<Withdrawal>>,
    /// The withdrawal whose details are shown.
    pub selected: Option<Uuid>,
    /// The new withdrawal's form.
    pub draft: WithdrawalDraft,
    /// The request awaiting the person's confirmation, frozen as reviewed.
    pub confirming: Option<CreateWithdrawal>,
    /// Where its request stands.
    pub submit: SubmitStatus,
    /// CSV export.
    pub export: ExportDraft,
}

impl WithdrawalsPanel {
    /// Asks for the filtered list when the filter changed.
    pub fn sync_query(&mut self) -> Option<Command> {
        let wanted = self
            .asset_filter
            .clone()
            .map(|asset| ListQuery::Withdrawals(Some(asset)));
        sync_filtered(&mut self.filtered, wanted)
    }
}

/// The Claims panel.
#[derive(Clone, Debug, Default)]
pub struct ClaimsPanel {
    /// The wallet claimed from; `None` for the account's certificates.
    pub wallet: Option<String>,
    /// The claim's form.
    pub draft: ClaimDraft,
    /// Where its request stands.
    pub submit: SubmitStatus,
    /// Claims made in this session, newest first (the service lists none).
    pub made: Vec<Claim>,
    /// The claim whose details are shown.
    pub selected: Option<Uuid>,
    /// CSV export.
    pub export: ExportDraft,
}

impl ClaimsPanel {
    /// What the chosen scope can claim, when known.
    pub fn available(&self, lists: &AccountLists) -> Option<Decimal> {
        lists
            .claimable
            .value()
            .and_then(|balances| balances.available(self.wallet.as_deref()))
    }
}

/// The Deposits panel.
#[derive(Clone, Debug)]
pub struct DepositsPanel {
    /// The asset shown.
    pub asset: DepositAsset,
    /// The deposit whose details are shown.
    pub selected: Option<Uuid>,
    /// CSV export.
    pub export: ExportDraft,
}

impl Default for DepositsPanel {
    fn default() -> Self {
        DepositsPanel {
            asset: DepositAsset::Brl,
            selected: None,
            export: ExportDraft::default(),
        }
    }
}

/// Every account panel's state.
#[derive(Clone, Debug, Default)]
pub struct AccountsState {
    /// Wallets.
    pub wallets: WalletsPanel,
    /// Transfers.
    pub transfers: TransfersPanel,
    /// Withdrawals.
    pub withdrawals: WithdrawalsPanel,
    /// Claims.
    pub claims: ClaimsPanel,
    /// Deposits.
    pub deposits: DepositsPanel,
}

impl AccountsState {
    fn submit_mut(&mut self, form: FormKind) -> &mut SubmitStatus {
        match form {
            FormKind::Wallet => &mut self.wallets.submit,
            FormKind::Transfer => &mut self.transfers.submit,
            FormKind::Withdrawal => &mut self.withdrawals.submit,
            FormKind::Claim => &mut self.claims.submit,
        }
    }

    fn export_mut(&mut self, kind: ExportKind) -> &mut ExportDraft {
        match kind {
            ExportKind::Wallets => &mut self.wallets.export,
            ExportKind::Transfers => &mut self.transfers.export,
            ExportKind::Withdrawals => &mut self.withdrawals.export,
            ExportKind::Claims => &mut self.claims.export,
            ExportKind::Deposits => &mut self.deposits.export,
        }
    }

    /// After the full list of a filtered panel refreshed, the filtered one is
    /// asked for again, so it is never older than the full one.
    pub fn after_fetch(&mut self, resource: ResourceKey) -> Option<Command> {
        let query = match resource {
            ResourceKey::Wallets => self.wallets.filtered.as_ref().map(|f| &f.query),
            ResourceKey::Transfers => self.transfers.filtered.as_ref().map(|f| &f.query),
            ResourceKey::Withdrawals => self.withdrawals.filtered.as_ref().map(|f| &f.query),
            _ => None,
        }?;
        Some(Command::Accounts(AccountsCommand::Query(query.clone())))
    }

    fn query_finished(
        &mut self,
        query: ListQuery,
        result: Result<ResourceData, Error>,
        at: Millis,
    ) {
        fn store<T>(
            filtered: &mut Option<FilteredList<T>>,
            query: &ListQuery,
            result: Result<ResourceData, Error>,
            pick: impl FnOnce(ResourceData) -> Option<Vec<T>>,
            at: Millis,
        ) {
            let Some(list) = filtered.as_mut().filter(|list| &list.query == query) else {
                // The filters changed meanwhile: an answer to old ones is dropped.
                return;
            };
            match result {
                Ok(data) => {
                    if let Some(rows) = pick(data) {
                        list.list.finish(Ok(rows), at, at);
                    }
                }
                Err(error) => list.list.finish(Err(error), at, at),
            }
        }
        match &query {
            ListQuery::Wallets(_) => {
                store(
                    &mut self.wallets.filtered,
                    &query,
                    result,
                    |data| match data {
                        ResourceData::Wallets(rows) => Some(rows),
                        _ => None,
                    },
                    at,
                );
            }
            ListQuery::Transfers(_) => {
                store(
                    &mut self.transfers.filtered,
                    &query,
                    result,
                    |data| match data {
                        ResourceData::Transfers(rows) => Some(rows),
                        _ => None,
                    },
                    at,
                );
            }
            ListQuery::Withdrawals(_) => {
                store(
                    &mut self.withdrawals.filtered,
                    &query,
                    result,
                    |data| match data {
                        ResourceData::Withdrawals(rows) => Some(rows),
                        _ => None,
                    },
                    at,
                );
            }
        }
    }

    fn submit_finished(&mut self, form: FormKind, outcome: SubmitOutcome) {
        if let SubmitOutcome::Created { record, .. } = &outcome {
            // Done: the form starts afresh. On any failure what was typed stays.
            match record {
                Created::Wallet(wallet) => {
                    self.wallets.draft = WalletDraft::default();
                    self.wallets.selected = Some(wallet.address.clone());
                }
                Created::Transfer(transfer) => {
                    let source = std::mem::take(&mut self.transfers.draft.source);
                    self.transfers.draft = TransferDraft {
                        source,
                        ..TransferDraft::default()
                    };
                    self.transfers.selected = Some(transfer.id);
                }
                Created::Withdrawal(withdrawal) => {
                    self.withdrawals.draft = WithdrawalDraft::default();
                    self.withdrawals.selected = Some(withdrawal.id);
                }
                Created::Claim(claim) => {
                    self.claims.draft.amount.clear();
                    if let Some(claim) = claim {
                        self.claims.made.insert(0, claim.clone());
                        self.claims.selected = Some(claim.id);
                    }
                }
            }
        }
        if form == FormKind::Withdrawal {
            self.withdrawals.confirming = None;
        }
        *self.submit_mut(form) = SubmitStatus::Finished(outcome);
    }
}

impl AppState {
    /// Takes in what the worker reports about the account panels' requests.
    pub(super) fn apply_accounts(&mut self, event: AccountsEvent) {
        let current = |state: &AppState, session| {
            state
                .session
                .as_ref()
                .is_some_and(|open| open.id == session)
        };
        match event {
            AccountsEvent::SubmitFinished {
                session,
                form,
                outcome,
            } => {
                if current(self, session) {
                    self.accounts.submit_finished(form, outcome);
                }
            }
            AccountsEvent::QueryFinished {
                session,
                query,
                result,
            } => {
                if current(self, session) {
                    let now = self.now;
                    let result = result.map(ResourceData::newest_first);
                    self.accounts.query_finished(query, result, now);
                }
            }
            AccountsEvent::Exported { kind, result } => {
                let export = self.accounts.export_mut(kind);
                export.writing = false;
                export.result = Some(result);
            }
        }
    }
}
