//! The Deposits panel's state: the asset shown, the selected deposit, the
//! CSV export.

use uuid::Uuid;

use crate::app::dialog::FileAnswer;
use crate::app::selection::RecordSelection;
use brlv_core::api::model::DepositAsset;

/// The Deposits panel.
#[derive(Clone, Debug)]
pub struct DepositsState {
    /// The asset shown.
    pub asset: DepositAsset,
    /// The deposit whose details are shown, its receipt's path, the export.
    pub records: RecordSelection<Uuid>,
}

/// What the Deposits panel is told.
#[derive(Debug)]
pub enum DepositsEvent {
    /// Show this deposit of this asset (asked from the extrato).
    Show {
        /// The list it is in.
        asset: DepositAsset,
        /// The deposit.
        id: Uuid,
    },
    /// What became of its CSV export.
    File(FileAnswer),
}

impl Default for DepositsState {
    fn default() -> Self {
        DepositsState {
            asset: DepositAsset::Brl,
            records: RecordSelection::default(),
        }
    }
}
