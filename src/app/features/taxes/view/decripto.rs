//! Reporting to the Receita: each month of the year whose tokens sent to
//! or received from addresses outside the service (payments, gifts,
//! self-custody, deposits and transfers from outside, each at its value of
//! the day) pass the line of that month's rule (R$30,000 under IN RFB
//! 1.888/2019 until June 2026, R$35,000 under DeCripto, IN RFB 2.291/2025,
//! from July 2026) says that a report may be due, with its source.
//! Operations through a Brazilian provider are the provider's to report.

use egui::{RichText, Ui};

use crate::app::panel::Shared;
use crate::app::ui::note_ui;
use brlv_core::tax::{Reading, YearReport};

use super::super::words::{month_title, report_language};
use super::figure::{figure_ui, rule_tags_ui};

/// The year's months that may owe a report, or that none does.
pub(super) fn decripto_ui(ui: &mut Ui, cx: &Shared, year: &YearReport) {
    let language = cx.language;
    let amounts = cx.amounts();
    rule_tags_ui(ui, language, &[Reading::DeCripto]);
    note_ui(ui, &cx.t("taxes.decripto.note"));
    let mut any = false;
    for month in &year.months {
        let Some(decripto) = &month.decripto else {
            continue;
        };
        any = true;
        let title = month_title(language, month.month);
        let figure = cx.t_with(
            "taxes.decripto.month",
            &[
                ("month", &title),
                ("amount", &amounts.brl(decripto.external_brl)),
                ("limit", &amounts.brl(decripto.limit_brl)),
            ],
        );
        figure_ui(ui, &figure, &figure);
        ui.add(egui::Label::new(decripto.rule.text(report_language(language))).wrap());
        ui.label(
            RichText::new(decripto.rule.source(report_language(language)))
                .weak()
                .italics(),
        );
        ui.add_space(4.0);
    }
    if !any {
        note_ui(
            ui,
            &cx.t_with("taxes.decripto.none", &[("year", &year.year.to_string())]),
        );
    }
}
