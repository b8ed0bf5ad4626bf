//! The Claims panel's state: the scope claimed from, the claim's draft,
//! where its request stands, the claims made from this device (the service
//! lists none; the journal keeps them across restarts), the selected one and the CSV export.

use rust_decimal::Decimal;
use uuid::Uuid;

use crate::app::dialog::FileAnswer;
use crate::app::form::{Field, FieldError, FieldErrors, amount_field};
use crate::app::remote::Remote;
use crate::app::resources::ClaimableBalances;
use crate::app::selection::RecordSelection;
use crate::app::submit::{SubmitOutcome, SubmitStatus};
use brlv_core::api::model::{Claim, ClaimTarget, CreateClaim};

/// The Claims panel.
#[derive(Clone, Debug, Default)]
pub struct ClaimsState {
    /// The wallet claimed from; `None` for the account's certificates.
    pub wallet: Option<String>,
    /// The claim's form.
    pub draft: ClaimDraft,
    /// The claim under review and the wallet it draws on, as they were when
    /// the person pressed send; the draft stays as typed for "Voltar".
    pub reviewing: Option<(Option<String>, CreateClaim)>,
    /// Where its request stands.
    pub submit: SubmitStatus,
    /// The claim whose details are shown, its receipt's path, the export.
    pub records: RecordSelection<Uuid>,
}

/// What the Claims panel is told.
#[derive(Debug)]
pub enum ClaimsEvent {
    /// The claim's POST left.
    Sending,
    /// How the claim's POST ended.
    Submitted(SubmitOutcome),
    /// Show this claim's details (asked from the extrato).
    Show(Uuid),
    /// What became of its CSV export.
    File(FileAnswer),
}

impl ClaimsState {
    /// What the chosen scope can claim, when known.
    pub fn available(&self, claimable: &Remote<ClaimableBalances>) -> Option<Decimal> {
        claimable
            .value()
            .and_then(|balances| balances.available(self.wallet.as_deref()))
    }
}

impl ClaimsState {
    /// A claim was made: the amount is cleared and the claim, when the
    /// service's answer named it, is shown.
    pub fn created(&mut self, claim: Option<&Claim>) {
        self.draft.amount.clear();
        if let Some(claim) = claim {
            self.records.select(claim.id);
        }
    }
}

/// Claiming reward certificates, for the account or one wallet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimDraft {
    /// Amount as typed (BRL, 2 places).
    pub amount: String,
    /// Paid in BRL or BRLV.
    pub target: ClaimTarget,
}

impl Default for ClaimDraft {
    fn default() -> Self {
        ClaimDraft {
            amount: String::new(),
            target: ClaimTarget::Brl,
        }
    }
}

/// Claims are amounts of reward certificates in BRL.
pub const CLAIM_SCALE: u32 = 2;

impl ClaimDraft {
    /// The request, or what is wrong. `available` is the claimable balance
    /// the claim draws on; more than that is refused before it is sent.
    pub fn validate(&self, available: Option<Decimal>) -> Result<CreateClaim, FieldErrors> {
        let mut errors = FieldErrors::default();
        let amount = amount_field(&self.amount, CLAIM_SCALE, &mut errors);
        match (amount, available) {
            (Some(amount), Some(available)) if amount > available => {
                errors.set(Field::Amount, FieldError::AboveClaimable { available });
            }
            (Some(_), None) => errors.set(Field::Amount, FieldError::ClaimableUnknown),
            _ => {}
        }
        errors.into_result(|| CreateClaim {
            amount: amount.unwrap_or_default(),
            target_asset_code: self.target.clone(),
        })
    }
}
