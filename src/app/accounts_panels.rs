//! Each account panel's own state: its filters (and the filtered list they
//! asked for), the selected row, the form's draft, where its request stands
//! and its CSV export. Plain data; the panels draw it, the worker's answers
//! land in it through [`AppState::apply`](super::state::AppState::apply).

use std::path::PathBuf;

use rust_decimal::Decimal;
use uuid::Uuid;

use crate::address::{AddressError, validate_evm_address};
use crate::api::model::{
    Asset, Claim, CreateWithdrawal, DepositAsset, Transfer, TransferFilter, TransferState, Wallet,
    WalletFilter, Withdrawal,
};
use crate::forms::{ClaimDraft, TransferDraft, WalletDraft, WithdrawalDraft};

use super::accounts_command::{AccountsCommand, ListQuery, SubmitOutcome};
use super::accounts_state::AccountLists;
use super::command::Command;
use super::remote::Remote;

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
pub(super) fn sync_filtered<T>(
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
