//! The year's files for an accountant: the CSV files (the ledger, the
//! months, the positions, Bens e Direitos, the sales for GCAP, the late
//! DARFs) into a folder, the report as PDF, and the year as one workbook
//! (.xlsx); each through the system's dialog, or a typed path, written by
//! the worker.

use egui::Ui;

use crate::app::dialog::{FileAnswer, WriteKind};
use crate::app::features::taxes::state::TaxesState;
use crate::app::features::taxes::state::{ReportFor, TaxFile, TaxFileStep};
use crate::app::message::Command;
use crate::app::panel::{Ask, Outbox, Shared};
use crate::app::ui::{SaveBarKeys, SaveChoice, save_bar_ui};

use super::super::state::csv_names;

/// The three save bars: the CSV files, the PDF, the workbook.
pub(super) fn files_ui(
    ui: &mut Ui,
    taxes: &mut TaxesState,
    cx: &Shared,
    out: &mut Outbox,
    year: i32,
) {
    let [ledger, months, positions, bens, gcap, late] = csv_names(year);
    ui.label(cx.t_with(
        "taxes.files_csv_note",
        &[
            ("ledger", &ledger),
            ("months", &months),
            ("positions", &positions),
            ("bens", &bens),
            ("gcap", &gcap),
            ("late", &late),
        ],
    ));
    for file in [TaxFile::Csv, TaxFile::Pdf, TaxFile::Xlsx] {
        save_bar(ui, taxes, cx, out, file);
    }
}

/// One file's save bar, under its note (the CSV files' note is above).
fn save_bar(ui: &mut Ui, taxes: &mut TaxesState, cx: &Shared, out: &mut Outbox, file: TaxFile) {
    let (note, dialog, path, hint) = match file {
        TaxFile::Csv => (
            None,
            "taxes.files_save_csv",
            "taxes.files_folder_label",
            "taxes.files_folder_hint",
        ),
        TaxFile::Pdf => (
            Some("taxes.files_pdf_note"),
            "taxes.files_save_pdf",
            "taxes.files_pdf_label",
            "taxes.files_pdf_hint",
        ),
        TaxFile::Xlsx => (
            Some("taxes.files_xlsx_note"),
            "taxes.files_save_xlsx",
            "taxes.files_xlsx_label",
            "taxes.files_xlsx_hint",
        ),
    };
    if let Some(note) = note {
        ui.add_space(6.0);
        ui.label(cx.t(note).as_ref());
    }
    let typed = cx.t("accounts.export_save");
    let choice = SaveChoice {
        dialog: &cx.t(dialog),
        typed: &typed,
    };
    let keys = SaveBarKeys {
        path,
        hint,
        failed: "taxes.files_not_saved",
    };
    if save_bar_ui(ui, cx.language, taxes.draft_mut(file), keys, &[choice]).is_some() {
        save(taxes, cx, out, file);
    }
}

/// Saves `file` of the year shown: to the file (the CSV files: the folder)
/// chosen in the system's dialog, or the one typed.
pub(super) fn save(taxes: &mut TaxesState, cx: &Shared, out: &mut Outbox, file: TaxFile) {
    let step = taxes.save(file, report_for(cx));
    take_step(out, step);
}

/// Takes in what became of a file the Taxes panel asked for: the folder
/// or file chosen for `year`'s files is written to, an export's result
/// shows in its save bar, a file kept lets the save be tried again.
pub(super) fn file_answer(
    taxes: &mut TaxesState,
    answer: FileAnswer,
    cx: &Shared,
    out: &mut Outbox,
) {
    match answer {
        FileAnswer::Chosen(purpose, path) => {
            let Some((file, year)) = TaxFile::chosen_for(&purpose) else {
                return;
            };
            match taxes.file_chosen(file, year, path.display().to_string(), report_for(cx)) {
                // The system's Save dialog asked before replacing the file; a
                // folder's dialog asks nothing of the files put in it.
                TaxFileStep::Write(write) if file.dialog_asks_to_replace() => {
                    out.command(Command::Taxes(write));
                }
                step => take_step(out, step),
            }
        }
        FileAnswer::Exported(kind, result) => {
            if let Some(file) = TaxFile::of_export(kind) {
                taxes.draft_mut(file).finish(result);
            }
        }
        FileAnswer::Kept(WriteKind::Export(kind)) => {
            if let Some(file) = TaxFile::of_export(kind) {
                taxes.draft_mut(file).writing = false;
            }
        }
        FileAnswer::Kept(_) | FileAnswer::NoFile => {}
    }
}

/// Who the report is for: the open account, now, in the person's language.
/// The one place the report's inputs are made, for the save bars and the
/// files chosen in the system's dialog alike.
pub(super) fn report_for(cx: &Shared) -> ReportFor<'_> {
    ReportFor {
        language: cx.language,
        account: cx
            .session
            .as_ref()
            .map_or("", |session| session.profile.name.as_str()),
        now: cx.wall_now,
        balance_brl: cx.data.balance_brl.value().copied(),
    }
}

/// Carries out a step of saving the files: the dialog asked for, or the
/// write handed to the worker (after asking, if it would replace a file).
fn take_step(out: &mut Outbox, step: TaxFileStep) {
    match step {
        TaxFileStep::ChooseFile(purpose) => out.ask(Ask::ChooseFile(purpose)),
        TaxFileStep::Write(write) => out.write_file(Command::Taxes(write)),
        TaxFileStep::Done => {}
    }
}
