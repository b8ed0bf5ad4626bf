//! The Transfers panel's state: its four filters (sent to the API), the
//! selected transfer, the new transfer's draft, where its request stands,
//! the CSV export.

use uuid::Uuid;

use crate::app::clock::Millis;
use crate::app::dialog::FileAnswer;
use crate::app::form::{
    Field, FieldError, FieldErrors, address_field, amount_field, optional_address,
};
use crate::app::i18n::{self, Language};
use crate::app::resources::{ListQuery, Narrowed};
use crate::app::selection::RecordSelection;
use crate::app::submit::{SubmitOutcome, SubmitStatus};
use crate::app::tax_year::outflow::OutflowQuestion;
use brlv_core::address::AddressError;
use brlv_core::api::model::{Asset, CreateTransfer, Transfer, TransferFilter, TransferState};

/// The assets the transfer endpoint accepts (spec 4.2).
pub const TRANSFER_ASSETS: [Asset; 2] = [Asset::EthBaseBrlv, Asset::EthBaseWbrly];

/// The Transfers panel.
#[derive(Clone, Debug, Default)]
pub struct TransfersState {
    /// `source-address` filter, as typed.
    pub source_filter: String,
    /// `target-address` filter, as typed.
    pub target_filter: String,
    /// `asset` filter.
    pub asset_filter: Option<Asset>,
    /// `state` filter.
    pub state_filter: Option<TransferState>,
    /// The list narrowed by the filters, while any is set.
    pub list: Narrowed<TransferFilter, Transfer>,
    /// The new transfer's form.
    pub draft: TransferDraft,
    /// The transfer under review, frozen as it was when the person pressed
    /// send; the draft stays as typed for "Voltar".
    pub reviewing: Option<CreateTransfer>,
    /// Where its request stands.
    pub submit: SubmitStatus,
    /// The request under review compared with the service's records for
    /// a repeat, and whether the person chose to send it anyway.
    pub repeats: crate::app::repeat_check::RepeatCheck,
    /// The journal's POST an earlier run left not done that the form was
    /// filled with ("Send again…"): the send it makes is linked to it.
    pub sending_again: Option<Uuid>,
    /// The "Save this recipient" name, while that offer is open.
    pub recipient_offer: Option<String>,
    /// The transfer whose details are shown, its receipt's path, the export.
    pub records: RecordSelection<Uuid>,
    /// What the tokens under review are for, as the review asked.
    pub outflow: OutflowQuestion,
    /// Transfers whose answer an earlier run never had, found in the list
    /// as the connection opened: their rows say so.
    pub found_after_restart: std::collections::BTreeSet<Uuid>,
}

/// What the Transfers panel is told.
#[derive(Debug)]
pub enum TransfersEvent {
    /// The transfer's POST left.
    Sending,
    /// How the transfer's POST ended.
    Submitted(SubmitOutcome),
    /// The filtered list arrived.
    Listed(
        TransferFilter,
        Result<Vec<Transfer>, brlv_core::api::Error>,
        Millis,
    ),
    /// The full list arrived afresh.
    FullListArrived,
    /// Show this transfer, every filter cleared (asked from the extrato).
    Show(Uuid),
    /// Fill the form with a transfer an earlier run left not done, as it
    /// was sent (amounts written in this language); nothing is sent.
    Fill(Box<CreateTransfer>, Language, Uuid),
    /// An earlier run's transfer, whose answer never came, is this one.
    FoundAfterRestart(Uuid),
    /// What became of its CSV export.
    File(FileAnswer),
}

/// Which address filter of the Transfers panel is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransferFilterError {
    /// The source address.
    Source(AddressError),
    /// The target address.
    Target(AddressError),
}

impl TransfersState {
    /// The four filters as the API takes them, or which address is wrong.
    pub fn filter(&self) -> Result<TransferFilter, TransferFilterError> {
        Ok(TransferFilter {
            source_address: optional_address(&self.source_filter)
                .map_err(TransferFilterError::Source)?,
            target_address: optional_address(&self.target_filter)
                .map_err(TransferFilterError::Target)?,
            asset: self.asset_filter.clone(),
            state: self.state_filter.clone(),
        })
    }

    /// Asks for the filtered list when the filters changed.
    pub fn sync_query(&mut self) -> Option<ListQuery> {
        let filter = self.filter().ok()?;
        let wanted = (filter != TransferFilter::default()).then_some(filter);
        self.list.sync(wanted).map(ListQuery::Transfers)
    }
}

impl TransfersState {
    /// A transfer was created: the form starts afresh, from the same wallet,
    /// and the new one is shown.
    pub fn created(&mut self, transfer: &Transfer) {
        let source = std::mem::take(&mut self.draft.source);
        self.draft = TransferDraft {
            source,
            ..TransferDraft::default()
        };
        self.records.select(transfer.id);
    }
}

/// Moving tokens between wallets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransferDraft {
    /// Sending wallet (one of the account's).
    pub source: String,
    /// `eth-base/brlv` or `eth-base/wbrly`.
    pub asset: Asset,
    /// Amount as typed.
    pub amount: String,
    /// Receiving address.
    pub target: String,
}

impl Default for TransferDraft {
    fn default() -> Self {
        TransferDraft {
            source: String::new(),
            asset: Asset::EthBaseBrlv,
            amount: String::new(),
            target: String::new(),
        }
    }
}

impl TransferDraft {
    /// The form holding `request` as it was sent, the amount written in
    /// `language` at the asset's places (so it reads back exactly).
    pub fn sent_as(request: &CreateTransfer, language: Language) -> TransferDraft {
        TransferDraft {
            source: request.source_address.clone(),
            asset: request.asset.clone(),
            amount: i18n::amount(language, request.amount, request.asset.scale()),
            target: request.target_address.clone(),
        }
    }

    /// The request, or what is wrong.
    pub fn validate(&self) -> Result<CreateTransfer, FieldErrors> {
        let mut errors = FieldErrors::default();
        if !self.asset.is_transferable() {
            errors.set(
                Field::Asset,
                FieldError::NotTransferable(self.asset.clone()),
            );
        }
        let source = address_field(&self.source, Field::SourceWallet, &mut errors);
        let target = address_field(&self.target, Field::TargetWallet, &mut errors);
        if let (Some(source), Some(target)) = (&source, &target)
            && source.eq_ignore_ascii_case(target)
        {
            errors.set(Field::TargetWallet, FieldError::SameAddress);
        }
        let amount = amount_field(&self.amount, self.asset.scale(), &mut errors);
        errors.into_result(|| CreateTransfer {
            source_address: source.unwrap_or_default(),
            asset: self.asset.clone(),
            amount: amount.unwrap_or_default(),
            target_address: target.unwrap_or_default(),
        })
    }
}
