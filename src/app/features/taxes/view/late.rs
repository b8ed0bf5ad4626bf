//! The year's DARFs not marked paid by their due date, from the core's
//! figures: what each comes to if paid today, the late fine (0.33 % a day
//! up to 20 %) and the Selic interest (the Banco Central's monthly Selic
//! from the month after the due date, plus 1 % for the month of payment),
//! with their sources; interest whose Selic is missing is said to be not
//! final, never counted as zero.

use egui::{RichText, Ui};

use crate::app::panel::Shared;
use crate::app::ui::note_ui;
use brlv_core::tax::darf::{LateDarf, Overdue};

use super::super::words::{late_darf_lines, month_title, overdue_short};
use super::figure::figure_ui;

/// Each late DARF of the year, then those of other years still owed.
pub(super) fn late_darfs_ui(
    ui: &mut Ui,
    cx: &Shared,
    late: &[LateDarf],
    (overdue, year): (&Overdue, i32),
) {
    let others: Vec<&LateDarf> = overdue
        .darfs
        .iter()
        .filter(|darf| darf.month.year != year)
        .collect();
    if late.is_empty() && others.is_empty() {
        return;
    }
    ui.add_space(6.0);
    ui.label(RichText::new(cx.t("taxes.late.heading")).strong());
    for darf in late {
        late_darf_ui(ui, cx, darf);
    }
    if !others.is_empty() {
        ui.label(cx.t("taxes.late.other_years").as_ref());
        let today = brlv_core::tax::brasilia::date_at(cx.wall_now);
        for darf in others {
            let text = format!(
                "{}: DARF {} {} · {}",
                month_title(cx.language, darf.month),
                brlv_core::tax::months::DARF_CODE,
                cx.amounts().brl(darf.amount_brl),
                overdue_short(cx.language, cx.amounts(), darf, today)
            );
            figure_ui(ui, &text, &text);
        }
    }
    note_ui(ui, &cx.t("taxes.late.source"));
}

fn late_darf_ui(ui: &mut Ui, cx: &Shared, darf: &LateDarf) {
    let today = brlv_core::tax::brasilia::date_at(cx.wall_now);
    let lines = late_darf_lines(cx.language, cx.amounts(), darf, today);
    let last = lines.len().saturating_sub(1);
    for (at, line) in lines.iter().enumerate() {
        // A missing Selic's line is a sentence to read, not a figure.
        if darf.total_brl.is_none() && at + 1 == last {
            ui.add(egui::Label::new(line.as_str()).wrap());
        } else {
            figure_ui(ui, line, line);
        }
    }
}
