//! The journal's place in Settings: its CSV export as the person fills it.

use crate::app::export::ExportDraft;

/// The journal's state in the window.
#[derive(Clone, Debug, Default)]
pub struct JournalState {
    /// The journal's CSV export ("Activity of this device").
    pub export: ExportDraft,
}
