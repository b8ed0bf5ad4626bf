//! The Deposits panel's state: the asset shown, the selected deposit, the
//! CSV export.

use uuid::Uuid;

use crate::app::export::ExportDraft;
use brlv_core::api::model::DepositAsset;

/// The Deposits panel.
#[derive(Clone, Debug)]
pub struct DepositsState {
    /// The asset shown.
    pub asset: DepositAsset,
    /// The deposit whose details are shown.
    pub selected: Option<Uuid>,
    /// CSV export.
    pub export: ExportDraft,
}

impl Default for DepositsState {
    fn default() -> Self {
        DepositsState {
            asset: DepositAsset::Brl,
            selected: None,
            export: ExportDraft::default(),
        }
    }
}
