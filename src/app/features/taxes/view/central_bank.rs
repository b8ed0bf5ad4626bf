//! What the Banco Central's figures are doing to the year's: asked (with a
//! spinner, the figures drawn meanwhile), and the days and months it could
//! not give, each figure that needs them said to be not final, with the
//! reason and a way to ask again. Never a silent fallback: the ledger flags
//! every figure whose PTAX failed, and this says which days.

use crate::app::ui::spinner_ui;
use egui::{RichText, Ui};

use crate::app::features::taxes::figures::TaxFigures;
use crate::app::features::taxes::state::TaxesState;
use crate::app::panel::Shared;
use crate::app::ui::{note_ui, palette};

use super::super::words::{date_text, month_title};

/// The days or months named at most in a line; the rest are counted.
const NAMED: usize = 12;

/// A list of names, the ones past [`NAMED`] counted.
fn named_list(names: Vec<String>, cx: &Shared) -> String {
    let more = names.len().saturating_sub(NAMED);
    let mut text = names.into_iter().take(NAMED).collect::<Vec<_>>().join(", ");
    if more > 0 {
        text.push_str(&cx.t_with("taxes.bcb_and_more", &[("count", &more.to_string())]));
    }
    text
}

/// The Banco Central's part of the year's figures: in progress, or missing.
pub(super) fn central_bank_ui(
    ui: &mut Ui,
    taxes: &mut TaxesState,
    cx: &Shared,
    figures: &TaxFigures,
) {
    let language = cx.language;
    if let Some(pending) = &taxes.central_bank.pending {
        ui.horizontal_wrapped(|ui| {
            spinner_ui(ui);
            ui.label(cx.t_with(
                "taxes.bcb_fetching",
                &[
                    ("days", &pending.days.len().to_string()),
                    ("months", &pending.months.len().to_string()),
                ],
            ));
        });
    }
    let rates = &figures.sources.dollar_rates;
    let core = super::super::words::report_language(language);
    provisional_ui(ui, cx, rates);
    let failed_days: Vec<(time::Date, String)> = rates
        .failures()
        .filter(|(day, _)| {
            figures.dollar_days.contains(day) || figures.money_dollar_days.contains(day)
        })
        .map(|(day, problem)| (day, problem.text(core)))
        .collect();
    let selic = &figures.sources.selic;
    let failed_months: Vec<(brlv_core::tax::YearMonth, String)> = selic
        .failures()
        .filter(|(month, _)| figures.selic_needed.contains(month))
        .map(|(month, problem)| (month, problem.text(month, core)))
        .collect();
    if failed_days.is_empty() && failed_months.is_empty() {
        return;
    }
    let warning = palette::of(ui).warning;
    let mut again = false;
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(1.0, warning))
        .inner_margin(10)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(cx.t("taxes.bcb_missing_heading")).strong());
            if !failed_days.is_empty() {
                let days = named_list(
                    failed_days
                        .iter()
                        .map(|(day, _)| date_text(language, *day))
                        .collect(),
                    cx,
                );
                ui.add(
                    egui::Label::new(cx.t_with(
                        "taxes.bcb_days_missing",
                        &[("count", &failed_days.len().to_string()), ("days", &days)],
                    ))
                    .wrap(),
                );
            }
            if !failed_months.is_empty() {
                let months = named_list(
                    failed_months
                        .iter()
                        .map(|(month, _)| month_title(language, *month))
                        .collect(),
                    cx,
                );
                ui.add(
                    egui::Label::new(cx.t_with(
                        "taxes.bcb_months_missing",
                        &[
                            ("count", &failed_months.len().to_string()),
                            ("months", &months),
                        ],
                    ))
                    .wrap(),
                );
            }
            if let Some(reason) = failed_days
                .first()
                .map(|(_, reason)| reason.as_str())
                .or_else(|| failed_months.first().map(|(_, reason)| reason.as_str()))
            {
                ui.add(
                    egui::Label::new(
                        RichText::new(cx.t_with("taxes.bcb_reason", &[("reason", reason)])).weak(),
                    )
                    .wrap(),
                );
            }
            let can_ask = taxes.central_bank.pending.is_none() && cx.connected();
            if ui
                .add_enabled(
                    can_ask,
                    egui::Button::new(cx.t("taxes.bcb_ask_again").as_ref()),
                )
                .clicked()
            {
                again = true;
            }
        });
    if again {
        taxes.ask_central_bank_again();
        ui.ctx().request_repaint();
    }
}

/// Today's figures valued at the day before's PTAX until today's closing
/// bulletin is out: said, and looked at again when the next ask is due.
fn provisional_ui(ui: &mut Ui, cx: &Shared, rates: &brlv_core::tax::ptax::DollarRates) {
    let provisional = rates.provisional().count();
    if provisional == 0 {
        return;
    }
    note_ui(
        ui,
        &crate::app::i18n::tr_count(
            cx.language,
            ("taxes.bcb_provisional_one", "taxes.bcb_provisional"),
            provisional,
            &[],
        ),
    );
    // Nothing else changes on screen until then: one frame when it is due.
    let retry = crate::app::features::taxes::central_bank::PROVISIONAL_RETRY;
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_secs(
            u64::try_from(retry.whole_seconds()).unwrap_or(600),
        ));
}
