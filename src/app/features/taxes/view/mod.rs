//! The Taxes view: the year chosen (the current one first), under the
//! disclaimer; this month's sales beside the service's own figure
//! ([`service`]); the months against R$35,000 with the gain or loss per
//! asset, the tax and the DARF with its "paid" mark ([`months`]); what to
//! declare: the positions with their Bens e Direitos code and the
//! Discriminação to copy, the exempt gains, the months with tax due
//! ([`declaration`]); the ledger of each asset and the entries to check,
//! where a cost or a value in reais is typed ([`ledger`]); the files for an
//! accountant ([`files`]); and every rule the figures rest on.
//!
//! Every figure has an accessible name that says what it is; every rule
//! that is practice rather than law is labelled where it is used.

mod declaration;
mod figure;
mod files;
mod ledger;
mod months;
mod service;

use egui::{RichText, Ui};

use crate::app::i18n::Language;
use crate::app::state::AppState;
use crate::app::ui::{Tone, badge_ui, note_ui, palette, section_ui};
use brlv_core::tax::{Reading, Standing};

use super::words::{disclaimer, reading_name, standing_text};

/// Draws the Taxes view.
pub fn taxes_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    ui.heading(state.t("nav.taxes").as_ref());
    ui.add_space(4.0);
    let warning = palette::of(ui).warning;
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(1.0, warning))
        .inner_margin(10)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.add(egui::Label::new(RichText::new(disclaimer(language)).strong()).wrap());
        });
    ui.add_space(8.0);
    let (figures, busy) = state.tax_figures(ui.ctx());
    year_choice_ui(ui, state, &figures.years, busy);
    let lists_missing = state.data.orders.value().is_none();
    let Some(year) = figures.year.clone() else {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(
                state
                    .t(if lists_missing {
                        "accounts.loading"
                    } else {
                        "taxes.computing"
                    })
                    .as_ref(),
            );
        });
        return;
    };
    if state.taxes.unread > 0 {
        note_ui(
            ui,
            &state.t_with(
                "taxes.unread",
                &[("count", &state.taxes.unread.to_string())],
            ),
        );
    }
    ui.add_space(6.0);
    let current = brlv_core::tax::YearMonth::in_brasilia(state.wall_now).year;
    if year.year == current {
        section_ui(ui, &state.t("taxes.this_month_heading"), |ui| {
            service::this_month_ui(ui, state, &figures);
        });
    }
    section_ui(ui, &state.t("taxes.months_heading"), |ui| {
        months::months_ui(ui, state, &figures, &year);
    });
    section_ui(ui, &state.t("taxes.declaration_heading"), |ui| {
        declaration::declaration_ui(ui, state, &year);
    });
    section_ui(ui, &state.t("taxes.ledger_heading"), |ui| {
        ledger::ledger_ui(ui, state, &figures);
    });
    section_ui(ui, &state.t("taxes.to_check_heading"), |ui| {
        ledger::to_check_ui(ui, state, &figures);
    });
    section_ui(ui, &state.t("taxes.files_heading"), |ui| {
        files::files_ui(ui, state, year.year);
    });
    section_ui(ui, &state.t("taxes.rules_heading"), |ui| {
        note_ui(ui, &state.t("taxes.rules_note"));
        for reading in &year.readings {
            reading_row_ui(ui, language, *reading);
        }
    });
}

/// The year shown, among the years with a movement; a spinner while newer
/// figures are computed.
fn year_choice_ui(ui: &mut Ui, state: &mut AppState, years: &[i32], busy: bool) {
    let shown = state.taxes.shown_year(state.wall_now);
    ui.horizontal(|ui| {
        let label = ui.label(state.t("taxes.year").as_ref());
        let mut chosen = shown;
        egui::ComboBox::from_id_salt("tax_year")
            .selected_text(shown.to_string())
            .show_ui(ui, |ui| {
                for year in years.iter().rev() {
                    ui.selectable_value(&mut chosen, *year, year.to_string());
                }
            })
            .response
            .labelled_by(label.id);
        if chosen != shown {
            state.taxes.year = Some(chosen);
            state.taxes.ledger_asset = None;
        }
        if busy {
            ui.spinner();
            ui.label(state.t("taxes.computing").as_ref());
        }
    });
}

/// One rule in the list at the foot: its name and standing, its text and source.
fn reading_row_ui(ui: &mut Ui, language: Language, reading: Reading) {
    let core = super::words::report_language(language);
    ui.horizontal_wrapped(|ui| {
        let tone = match reading.standing() {
            Standing::InForce => Tone::Success,
            Standing::Practice => Tone::Warning,
            Standing::Unclear => Tone::Danger,
            Standing::Notice => Tone::Info,
        };
        badge_ui(ui, standing_text(language, reading.standing()), tone);
        ui.label(RichText::new(reading_name(language, reading)).strong());
    });
    ui.add(egui::Label::new(reading.text(core)).wrap());
    ui.label(RichText::new(reading.source()).weak().italics());
    ui.add_space(4.0);
}
