//! The year's files for an accountant: the three CSV files (the ledger,
//! the months, the positions) into a folder, and the report as PDF; each
//! through the system's dialog, or a typed path, written by the worker.

use egui::Ui;

use crate::app::features::taxes::state::TaxesState;
use crate::app::panel::{Ask, Outbox, PanelContext, TaxFile};
use crate::app::ui::{SaveBarKeys, SaveChoice, save_bar_ui};

use super::super::task::csv_names;

/// The two save bars.
pub(super) fn files_ui(
    ui: &mut Ui,
    taxes: &mut TaxesState,
    cx: &PanelContext<'_>,
    out: &mut Outbox,
    year: i32,
) {
    let language = cx.language;
    let [ledger, months, positions] = csv_names(year);
    ui.label(cx.t_with(
        "taxes.files_csv_note",
        &[
            ("ledger", &ledger),
            ("months", &months),
            ("positions", &positions),
        ],
    ));
    let save = cx.t("accounts.export_save").into_owned();
    let csv = SaveChoice {
        dialog: &cx.t("taxes.files_save_csv"),
        typed: &save,
    };
    let keys = SaveBarKeys {
        path: "taxes.files_folder_label",
        failed: "taxes.files_not_saved",
    };
    if save_bar_ui(ui, language, &mut taxes.csv, keys, &[csv]).is_some() {
        out.ask(Ask::SaveTaxFile(TaxFile::Csv));
    }
    ui.add_space(6.0);
    ui.label(cx.t("taxes.files_pdf_note").as_ref());
    let pdf = SaveChoice {
        dialog: &cx.t("taxes.files_save_pdf"),
        typed: &save,
    };
    let keys = SaveBarKeys {
        path: "accounts.export_label",
        failed: "taxes.files_not_saved",
    };
    if save_bar_ui(ui, language, &mut taxes.pdf, keys, &[pdf]).is_some() {
        out.ask(Ask::SaveTaxFile(TaxFile::Pdf));
    }
}
