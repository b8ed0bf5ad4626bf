//! The journal's place in Settings: the activity export as the person fills it.

use crate::app::export::ExportDraft;

/// The journal's state in the window.
#[derive(Clone, Debug, Default)]
pub struct JournalState {
    /// The "activity of this device" CSV export.
    pub export: ExportDraft,
}
