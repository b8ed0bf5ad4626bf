//! What a list panel keeps of its records besides the list itself: the
//! selected one, the path typed for its receipt, and the CSV export. Plain
//! data; the record panel (`panel::record_panel`) draws it.

use crate::app::export::ExportDraft;

/// What a list panel keeps for its record panel: the selected record, the
/// receipt's typed path and the CSV export.
#[derive(Clone, Debug, Default)]
pub struct RecordSelection<K> {
    /// The record whose details are shown.
    pub selected: Option<K>,
    /// The path typed for the selected record's receipt.
    pub receipt_path: String,
    /// CSV export.
    pub export: ExportDraft,
}

impl<K: PartialEq> RecordSelection<K> {
    /// Shows `key`'s details; another record's receipt path is let go.
    pub fn select(&mut self, key: K) {
        if self.selected.as_ref() != Some(&key) {
            self.receipt_path.clear();
        }
        self.selected = Some(key);
    }

    /// Closes the details; true when some were open.
    pub fn close(&mut self) -> bool {
        self.receipt_path.clear();
        self.selected.take().is_some()
    }
}
