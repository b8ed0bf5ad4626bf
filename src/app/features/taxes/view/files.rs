//! The year's files for an accountant: the CSV files (the ledger, the
//! months, the positions, Bens e Direitos, the sales for GCAP, the late
//! DARFs) into a folder, and the report as PDF; each through the system's
//! dialog, or a typed path, written by the worker.

use egui::Ui;

use crate::app::dialog::{DialogPurpose, FileAnswer, WriteKind};
use crate::app::export::ExportKind;
use crate::app::features::taxes::state::TaxesState;
use crate::app::features::taxes::state::{ReportFor, TaxFileStep};
use crate::app::message::Command;
use crate::app::panel::{Ask, Outbox, Shared};
use crate::app::ui::{SaveBarKeys, SaveChoice, save_bar_ui};

use super::super::state::csv_names;

/// The two save bars.
pub(super) fn files_ui(
    ui: &mut Ui,
    taxes: &mut TaxesState,
    cx: &Shared,
    out: &mut Outbox,
    year: i32,
) {
    let language = cx.language;
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
    let save = cx.t("accounts.export_save").into_owned();
    let csv = SaveChoice {
        dialog: &cx.t("taxes.files_save_csv"),
        typed: &save,
    };
    let keys = SaveBarKeys {
        path: "taxes.files_folder_label",
        hint: "taxes.files_folder_hint",
        failed: "taxes.files_not_saved",
    };
    if save_bar_ui(ui, language, &mut taxes.csv, keys, &[csv]).is_some() {
        save_csv(taxes, cx, out);
    }
    ui.add_space(6.0);
    ui.label(cx.t("taxes.files_pdf_note").as_ref());
    let pdf = SaveChoice {
        dialog: &cx.t("taxes.files_save_pdf"),
        typed: &save,
    };
    let keys = SaveBarKeys {
        path: "taxes.files_pdf_label",
        hint: "taxes.files_pdf_hint",
        failed: "taxes.files_not_saved",
    };
    if save_bar_ui(ui, language, &mut taxes.pdf, keys, &[pdf]).is_some() {
        save_pdf(taxes, cx, out);
    }
}

/// Saves the CSV files of the year shown: into the folder chosen in the
/// system's dialog, or the one typed.
pub(super) fn save_csv(taxes: &mut TaxesState, cx: &Shared, out: &mut Outbox) {
    let step = taxes.save_csv(report_for(cx));
    take_step(out, step);
}

/// Saves the report of the year shown as PDF: to the file chosen in the
/// system's dialog, or the one typed.
pub(super) fn save_pdf(taxes: &mut TaxesState, cx: &Shared, out: &mut Outbox) {
    let step = taxes.save_pdf(report_for(cx));
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
        FileAnswer::Chosen(DialogPurpose::TaxCsv { year }, folder) => {
            taxes.csv.path = folder.display().to_string();
            // A folder's dialog asks nothing of the files put in it.
            let step = taxes.write_csv(year, report_for(cx));
            take_step(out, step);
        }
        FileAnswer::Chosen(DialogPurpose::TaxPdf { year }, path) => {
            taxes.pdf.path = path.display().to_string();
            // The system's Save dialog asked before replacing the PDF.
            match taxes.write_pdf(year, report_for(cx)) {
                TaxFileStep::Write(write) => out.command(Command::Taxes(write)),
                step => take_step(out, step),
            }
        }
        FileAnswer::Exported(ExportKind::TaxCsv, result) => taxes.csv.finish(result),
        FileAnswer::Exported(_, result) => taxes.pdf.finish(result),
        FileAnswer::Kept(WriteKind::Export(ExportKind::TaxCsv)) => taxes.csv.writing = false,
        FileAnswer::Kept(_) => taxes.pdf.writing = false,
        FileAnswer::Chosen(..) | FileAnswer::NoFile => {}
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
