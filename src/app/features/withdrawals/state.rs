//! The Withdrawals panel's state: its asset filter (sent to the API), the
//! selected withdrawal, the new withdrawal's draft and the request awaiting
//! confirmation, where it stands, the CSV export.

use uuid::Uuid;

use brlv_core::pix::PixKeyKind;

use crate::app::clock::Millis;
use crate::app::dialog::FileAnswer;
use crate::app::form::{
    Field, FieldError, FieldErrors, address_field, amount_field, pix_key_field_as,
};
use crate::app::i18n::{self, Language};
use crate::app::resources::{ListQuery, Narrowed};
use crate::app::selection::RecordSelection;
use crate::app::submit::{SubmitOutcome, SubmitStatus};
use crate::app::tax_year::outflow::OutflowQuestion;
use crate::app::ted::TedDraft;
use brlv_core::api::model::{Asset, CreateWithdrawal, Withdrawal, WithdrawalMethod};

/// The Withdrawals panel.
#[derive(Clone, Debug, Default)]
pub struct WithdrawalsState {
    /// `asset` filter.
    pub asset_filter: Option<Asset>,
    /// The list narrowed by the filter, while it is set.
    pub list: Narrowed<Option<Asset>, Withdrawal>,
    /// The new withdrawal's form.
    pub draft: WithdrawalDraft,
    /// The request awaiting the person's confirmation, frozen as reviewed.
    pub confirming: Option<CreateWithdrawal>,
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
    /// The withdrawal whose details are shown, its receipt's path, the export.
    pub records: RecordSelection<Uuid>,
    /// Payouts from a file.
    pub batch: super::batch::BatchState,
    /// What the tokens of a token withdrawal under confirmation are for,
    /// as the confirmation asked.
    pub outflow: OutflowQuestion,
    /// Withdrawals whose answer an earlier run never had, found in the list
    /// as the connection opened: their rows say so.
    pub found_after_restart: std::collections::BTreeSet<Uuid>,
}

/// What the Withdrawals panel is told.
#[derive(Debug)]
pub enum WithdrawalsEvent {
    /// The form's POST left.
    Sending,
    /// How the form's POST ended.
    Submitted(SubmitOutcome),
    /// The filtered list arrived.
    Listed(
        Option<Asset>,
        Result<Vec<Withdrawal>, brlv_core::api::Error>,
        Millis,
    ),
    /// The full list arrived afresh.
    FullListArrived,
    /// Show this withdrawal, the filter cleared (asked from the extrato).
    Show(Uuid),
    /// A file of payouts was named on the command line: checked, and
    /// brought into view once it is.
    BatchFileOpenedAtStart(std::path::PathBuf),
    /// The batch passed the lock and went to the worker.
    BatchSending,
    /// What the worker tells of the file of payouts.
    Batch(super::batch::BatchEvent),
    /// Fill the form with a withdrawal an earlier run left not done, as it
    /// was sent (amounts written in this language); nothing is sent.
    Fill(Box<CreateWithdrawal>, Language, Uuid),
    /// An earlier run's withdrawal, whose answer never came, is this one.
    FoundAfterRestart(Uuid),
    /// What became of a file it asked for: its CSV export, a payouts
    /// file, a batch's result.
    File(FileAnswer),
}

impl WithdrawalsState {
    /// Asks for the filtered list when the filter changed.
    pub fn sync_query(&mut self) -> Option<ListQuery> {
        let wanted = self.asset_filter.clone().map(Some);
        self.list.sync(wanted).map(ListQuery::Withdrawals)
    }
}

impl WithdrawalsState {
    /// A withdrawal was created: the form starts afresh and the new one is shown.
    pub fn created(&mut self, withdrawal: &Withdrawal) {
        self.draft = WithdrawalDraft::default();
        self.records.select(withdrawal.id);
    }
}

/// Paying out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WithdrawalDraft {
    /// PIX, TED or token.
    pub method: WithdrawalMethod,
    /// `fiat/brl` for PIX and TED; a token for `token`.
    pub asset: Asset,
    /// Amount as typed.
    pub amount: String,
    /// Destination PIX key (PIX only).
    pub pix_key: String,
    /// The answer to "CPF or mobile?" for the key as it was typed when
    /// answered: eleven digits that are both are read as the kind said,
    /// and not at all until it is (typing another key drops the answer).
    pub pix_key_answer: Option<(String, PixKeyKind)>,
    /// The TED's destination account (TED only).
    pub ted: TedDraft,
    /// Where the tokens go (token only): an EVM address.
    pub target_address: String,
}

impl Default for WithdrawalDraft {
    fn default() -> Self {
        WithdrawalDraft {
            method: WithdrawalMethod::Pix,
            asset: Asset::FiatBrl,
            amount: String::new(),
            pix_key: String::new(),
            pix_key_answer: None,
            ted: TedDraft::default(),
            target_address: String::new(),
        }
    }
}

impl WithdrawalDraft {
    /// The form holding `request` as it was sent, the amount written in
    /// `language` at the asset's places (so it reads back exactly).
    pub fn sent_as(request: &CreateWithdrawal, language: Language) -> WithdrawalDraft {
        WithdrawalDraft {
            method: request.method.clone(),
            asset: request.asset.clone(),
            amount: i18n::amount(language, request.amount, request.asset.scale()),
            pix_key: request.pix_key.clone().unwrap_or_default(),
            // Sent, eleven bare digits were a CPF (a phone is sent +55…).
            pix_key_answer: request.pix_key.clone().map(|key| (key, PixKeyKind::Cpf)),
            ted: request
                .ted_account
                .as_ref()
                .map(TedDraft::from)
                .unwrap_or_default(),
            target_address: request.target_address.clone().unwrap_or_default(),
        }
    }

    /// The kind said for the key as typed now, if any.
    pub fn pix_key_kind(&self) -> Option<PixKeyKind> {
        self.pix_key_answer
            .as_ref()
            .filter(|(typed, _)| *typed == self.pix_key)
            .map(|(_, kind)| *kind)
    }

    /// The request, or what is wrong. A PIX key is sent in its normalised form.
    pub fn validate(&self) -> Result<CreateWithdrawal, FieldErrors> {
        let mut errors = FieldErrors::default();
        let pays_brl = matches!(self.method, WithdrawalMethod::Pix | WithdrawalMethod::Ted);
        if pays_brl && self.asset != Asset::FiatBrl {
            errors.set(
                Field::Asset,
                FieldError::MethodAssetMismatch {
                    method: self.method.clone(),
                    asset: self.asset.clone(),
                    expected: "fiat/brl",
                },
            );
        }
        if self.method == WithdrawalMethod::Token && self.asset.is_fiat() {
            errors.set(
                Field::Asset,
                FieldError::MethodAssetMismatch {
                    method: self.method.clone(),
                    asset: self.asset.clone(),
                    expected: "a token",
                },
            );
        }
        let pix_key = (self.method == WithdrawalMethod::Pix)
            .then(|| pix_key_field_as(&self.pix_key, self.pix_key_kind(), &mut errors))
            .flatten();
        let ted_account = (self.method == WithdrawalMethod::Ted)
            .then(|| self.ted.account(&mut errors))
            .flatten();
        let target_address = (self.method == WithdrawalMethod::Token)
            .then(|| address_field(&self.target_address, Field::TargetWallet, &mut errors))
            .flatten();
        let amount = amount_field(&self.amount, self.asset.scale(), &mut errors);
        errors.into_result(|| CreateWithdrawal {
            asset: self.asset.clone(),
            method: self.method.clone(),
            amount: amount.unwrap_or_default(),
            pix_key: pix_key.map(|key| key.as_str().to_owned()),
            ted_account,
            target_address,
        })
    }
}
