//! The account panels' state: the lists they show ([`AccountLists`], reset
//! with the connection) and, per panel, filters, the selected row, the form's
//! draft, where its request stands and the CSV export ([`AccountsState`]).
//! Plain data; [`AppState::apply`] hands the worker's [`AccountsEvent`]s here.

use crate::api::Error;
use crate::api::model::{Deposit, DepositAsset, Wallet};
use crate::forms::{TransferDraft, WalletDraft, WithdrawalDraft};

use super::accounts_command::{
    AccountsCommand, AccountsEvent, ClaimableBalances, Created, ExportKind, FormKind, ListQuery,
    SubmitOutcome,
};
pub use super::accounts_panels::{
    ClaimsPanel, DepositsPanel, ExportDraft, FilteredList, SubmitStatus, TransferFilterError,
    TransfersPanel, WalletsPanel, WithdrawalsPanel,
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

    /// Whether the list `view` shows has arrived (for `--screenshot`).
    pub fn view_loaded(&self, view: super::state::View, data: &super::state::AccountData) -> bool {
        use super::state::View;
        match view {
            View::Wallets => data.accounts.wallets.value().is_some(),
            View::Transfers => data.transfers.value().is_some(),
            View::Withdrawals => data.withdrawals.value().is_some(),
            View::Claims => data.accounts.claimable.value().is_some(),
            View::Deposits => data
                .accounts
                .deposits(&self.deposits.asset)
                .value()
                .is_some(),
            _ => true,
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
