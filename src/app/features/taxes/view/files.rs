//! The year's files for an accountant: the three CSV files (the ledger,
//! the months, the positions) into a folder, and the report as PDF; each
//! through the system's dialog, or a typed path, written by the worker.

use egui::Ui;

use crate::app::state::AppState;
use crate::app::ui::{SaveBarKeys, save_bar_ui};

use super::super::task::csv_names;

/// The two save bars.
pub(super) fn files_ui(ui: &mut Ui, state: &mut AppState, year: i32) {
    let language = state.language;
    let [ledger, months, positions] = csv_names(year);
    ui.label(state.t_with(
        "taxes.files_csv_note",
        &[
            ("ledger", &ledger),
            ("months", &months),
            ("positions", &positions),
        ],
    ));
    let csv_label = state.t("taxes.files_save_csv").into_owned();
    let keys = SaveBarKeys {
        path: "taxes.files_folder_label",
        failed: "taxes.files_not_saved",
    };
    if save_bar_ui(ui, language, &csv_label, keys, &mut state.taxes.csv) {
        state.save_tax_csv();
    }
    ui.add_space(6.0);
    ui.label(state.t("taxes.files_pdf_note").as_ref());
    let pdf_label = state.t("taxes.files_save_pdf").into_owned();
    let keys = SaveBarKeys {
        path: "accounts.export_label",
        failed: "taxes.files_not_saved",
    };
    if save_bar_ui(ui, language, &pdf_label, keys, &mut state.taxes.pdf) {
        state.save_tax_pdf();
    }
}
