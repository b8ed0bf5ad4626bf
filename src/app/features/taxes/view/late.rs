//! The year's DARFs not marked paid by their due date, from the core's
//! figures: what each comes to if paid today, the late fine (0.33 % a day
//! up to 20 %) and the Selic interest (the Banco Central's monthly Selic
//! from the month after the due date, plus 1 % for the month of payment),
//! with their sources; interest whose Selic is missing is said to be not
//! final, never counted as zero.

use egui::{RichText, Ui};

use crate::app::panel::Shared;
use crate::app::ui::note_ui;
use brlv_core::tax::darf::LateDarf;

use super::super::words::{date_text, month_title};
use super::figure::figure_ui;

/// Each late DARF of the year.
pub(super) fn late_darfs_ui(ui: &mut Ui, cx: &Shared, late: &[LateDarf]) {
    if late.is_empty() {
        return;
    }
    ui.add_space(6.0);
    ui.label(RichText::new(cx.t("taxes.late.heading")).strong());
    for darf in late {
        late_darf_ui(ui, cx, darf);
    }
    note_ui(ui, &cx.t("taxes.late.source"));
}

fn late_darf_ui(ui: &mut Ui, cx: &Shared, darf: &LateDarf) {
    let language = cx.language;
    let amounts = cx.amounts();
    let percent = |fraction: rust_decimal::Decimal| {
        amounts.number(
            (fraction * rust_decimal::Decimal::ONE_HUNDRED).normalize(),
            2,
        )
    };
    let month = month_title(language, darf.month);
    let owed = cx.t_with(
        "taxes.late.owed",
        &[
            ("month", &month),
            ("amount", &amounts.brl(darf.amount_brl)),
            ("due", &date_text(language, darf.due)),
            ("days", &darf.days_late.to_string()),
            ("paid_on", &date_text(language, darf.paid_on)),
        ],
    );
    figure_ui(ui, &owed, &owed);
    let fine = cx.t_with(
        if darf.fine_capped {
            "taxes.late.fine_capped"
        } else {
            "taxes.late.fine"
        },
        &[
            ("month", &month),
            ("fine", &amounts.brl(darf.fine_brl)),
            ("rate", &percent(darf.fine_rate)),
        ],
    );
    figure_ui(ui, &fine, &fine);
    match (darf.interest_brl, darf.interest_percent, darf.total_brl) {
        (Some(interest), Some(rate), Some(total)) => {
            let text = cx.t_with(
                "taxes.late.interest",
                &[
                    ("month", &month),
                    ("interest", &amounts.brl(interest)),
                    ("rate", &amounts.number(rate.normalize(), 2)),
                    ("months", &darf.interest_months.len().to_string()),
                ],
            );
            figure_ui(ui, &text, &text);
            let total = cx.t_with(
                "taxes.late.total",
                &[("month", &month), ("total", &amounts.brl(total))],
            );
            figure_ui(ui, &total, &total);
        }
        _ => {
            let missing: Vec<String> = darf
                .missing_selic()
                .map(|(month, _)| month_title(language, month))
                .collect();
            let text = cx.t_with(
                "taxes.late.interest_missing",
                &[("month", &month), ("months", &missing.join(", "))],
            );
            ui.add(egui::Label::new(text).wrap());
        }
    }
}
