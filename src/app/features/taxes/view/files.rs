//! The year's files for an accountant: the CSV files (the ledger, the
//! months, the positions, Bens e Direitos, the sales for GCAP, the late
//! DARFs) into a folder, the report as PDF, and the year as one workbook
//! (.xlsx); each through the system's dialog, or a typed path, written by
//! the worker.

use egui::Ui;

use crate::app::features::taxes::state::TaxesState;
use crate::app::features::taxes::state::{ReportFor, TaxFileStep};
use crate::app::message::Command;
use crate::app::panel::{Ask, Outbox, PanelContext};
use crate::app::ui::{SaveBarKeys, SaveChoice, save_bar_ui};

use super::super::state::csv_names;

/// The two save bars.
pub(super) fn files_ui(
    ui: &mut Ui,
    taxes: &mut TaxesState,
    cx: &PanelContext<'_>,
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
        let step = taxes.save_csv(report_for(cx));
        take_step(out, step);
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
        let step = taxes.save_pdf(report_for(cx));
        take_step(out, step);
    }
    ui.add_space(6.0);
    ui.label(cx.t("taxes.files_xlsx_note").as_ref());
    let xlsx = SaveChoice {
        dialog: &cx.t("taxes.files_save_xlsx"),
        typed: &save,
    };
    let keys = SaveBarKeys {
        path: "taxes.files_xlsx_label",
        hint: "taxes.files_xlsx_hint",
        failed: "taxes.files_not_saved",
    };
    if save_bar_ui(ui, language, &mut taxes.xlsx, keys, &[xlsx]).is_some() {
        let step = taxes.save_xlsx(report_for(cx));
        take_step(out, step);
    }
}

/// Who the report is for: the open account, now, in the person's language.
pub(super) fn report_for<'a>(cx: &'a PanelContext<'_>) -> ReportFor<'a> {
    ReportFor {
        language: cx.language,
        account: cx
            .session
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
