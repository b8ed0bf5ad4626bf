//! The record panel every list panel shares: the list with its search and
//! sort, the selected record's detail and receipt, and the list's CSV
//! export (through the system's dialog or a typed path, and what became of
//! it). The selected record is read where it lies (never copied per
//! frame), and choosing another record starts its receipt's typed path
//! afresh.

use egui::Ui;

use crate::app::dialog::{DialogPurpose, FileAnswer, WriteKind};
use crate::app::export::{ExportDraft, ExportRecords, ExportRequest};
use crate::app::message::Command;
use crate::app::receipt::Receipt;
use crate::app::selection::RecordSelection;
use crate::app::ui::{Cell, DetailRow, RecordList, export_bar_ui, record_list_ui};

use super::receipt::receipt_ui;
use super::{Ask, Outbox, Shared};

/// How a list panel's records become a receipt and an export.
pub struct RecordFooter<R, E> {
    /// The receipt of a record (`None` until it completes); `None` here
    /// for a list whose records have no receipt (wallets).
    pub receipt: Option<R>,
    /// The records shown, as the CSV export takes them.
    pub export: E,
}

/// Draws `list`, the selected record's receipt and the export bar.
pub fn record_panel_ui<T, K, C, D, R, E>(
    ui: &mut Ui,
    cx: &Shared,
    out: &mut Outbox,
    list: RecordList<'_, T, K, C, D>,
    selection: &mut RecordSelection<K>,
    footer: RecordFooter<R, E>,
) where
    T: Send + Sync + 'static,
    K: PartialEq + Clone,
    C: Fn(&T) -> Vec<Cell>,
    D: Fn(&T) -> Vec<DetailRow>,
    R: Fn(&T) -> Option<Receipt>,
    E: FnOnce(&[T]) -> ExportRecords,
{
    let rows = list.rows;
    let key = list.key;
    let current = selection.selected.clone();
    let clicked = record_list_ui(
        ui,
        cx.language,
        RecordList {
            selected: current.as_ref(),
            ..list
        },
    );
    if let Some(clicked) = clicked {
        selection.select(clicked);
    }
    if let Some(receipt_of) = &footer.receipt
        && let Some(record) = selection
            .selected
            .as_ref()
            .and_then(|selected| rows.iter().find(|row| key(row) == *selected))
    {
        receipt_ui(ui, cx, out, &mut selection.receipt_path, receipt_of(record));
    }
    ui.add_space(6.0);
    if export_bar_ui(ui, cx.language, &mut selection.export) {
        export_records(&mut selection.export, (footer.export)(rows), out);
    }
}

/// Saves `records` as CSV, as the export bar `draft` asked: to the file
/// chosen in the system's dialog ("Save as CSV…"), or to the path typed,
/// asking first when it would replace a file.
pub fn export_records(draft: &mut ExportDraft, records: ExportRecords, out: &mut Outbox) {
    if std::mem::take(&mut draft.dialog_asked) {
        out.ask(Ask::ChooseFile(DialogPurpose::Export(records)));
    } else if let Some(path) = draft.start() {
        out.write_file(Command::Export(ExportRequest { path, records }));
    }
}

/// Takes in what became of the CSV export of `draft`: the file chosen is
/// written (the system's dialog asked before replacing it), the result
/// shows in the export bar, a file kept lets the save be tried again. An
/// answer about another file of the panel's is handed back.
pub fn export_answer(
    draft: &mut ExportDraft,
    answer: FileAnswer,
    out: &mut Outbox,
) -> Option<FileAnswer> {
    match answer {
        FileAnswer::Chosen(DialogPurpose::Export(records), path) => {
            draft.path = path.display().to_string();
            if let Some(path) = draft.start() {
                out.command(Command::Export(ExportRequest { path, records }));
            }
        }
        FileAnswer::Exported(_, result) => draft.finish(result),
        FileAnswer::Kept(WriteKind::Export(_)) => draft.writing = false,
        other => return Some(other),
    }
    None
}

/// A record panel with no receipt (the type of its missing receipt builder).
pub type NoReceipt<T> = fn(&T) -> Option<Receipt>;
