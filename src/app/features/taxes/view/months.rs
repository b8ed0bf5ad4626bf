//! The months of the year shown against R$35,000: the sales, exempt or
//! taxable, the gain or loss, the tax, the DARF (code 4600, its amount and
//! due date, or what was carried under R$10) with the "paid" mark the
//! person sets; and each month's gain or loss per asset.

use egui::{RichText, Ui};

use crate::app::features::journal::message::JournalCommand;
use crate::app::message::Command;
use crate::app::panel::{Outbox, Shared};
use crate::app::ui::{Tone, badge_ui, note_ui};
use brlv_core::tax::darf::Overdue;
use brlv_core::tax::ledger::AssetMonth;
use brlv_core::tax::months::MonthReport;
use brlv_core::tax::{Reading, TaxInput, YearReport};

use super::super::figures::TaxFigures;
use super::super::words::{date_text, month_title, overdue_parts};
use super::figure::{figure_column_width, figure_ui, right_aligned_ui, rule_tags_ui};

/// The months' table and the gains per asset.
pub(super) fn months_ui(
    ui: &mut Ui,
    cx: &Shared,
    out: &mut Outbox,
    figures: &TaxFigures,
    year: &YearReport,
) {
    let language = cx.language;
    rule_tags_ui(
        ui,
        language,
        &[
            Reading::SaleFee,
            Reading::WeightedAverageCost,
            Reading::LossesNotOffset,
            Reading::BracketsOnMonthTotal,
            Reading::BusinessDays,
        ],
    );
    ui.add_space(4.0);
    let mut toggled = None;
    let widths = MonthWidths::measure(ui, cx, year, &figures.overdue);
    // A late month's second line is striped as its month, so the two read
    // as one row.
    let striped_rows: Vec<bool> = std::iter::once(false)
        .chain(year.months.iter().enumerate().flat_map(|(at, month)| {
            let lines = 1 + usize::from(figures.overdue.of_month(month.month).is_some());
            std::iter::repeat_n(at % 2 == 0, lines)
        }))
        .collect();
    egui::Grid::new("tax_months")
        .num_columns(8)
        .with_row_color(move |row, style| {
            striped_rows
                .get(row)
                .copied()
                .unwrap_or(false)
                .then_some(style.visuals.faint_bg_color)
        })
        .spacing([14.0, 6.0])
        .show(ui, |ui| {
            let heading = |key: &'static str| cx.t(key).into_owned();
            for (heading, width) in [
                (heading("taxes.col.month"), None),
                (heading("taxes.col.sales"), Some(widths.sales)),
                (heading("taxes.col.against_limit"), None),
                (heading("taxes.col.gain"), Some(widths.gain)),
                (heading("taxes.col.tax"), Some(widths.tax)),
                (darf_heading(cx), Some(widths.darf)),
                (heading("taxes.col.due"), None),
                (heading("taxes.col.paid"), None),
            ] {
                match width {
                    Some(width) => right_aligned_ui(ui, width, |ui| ui.strong(heading.as_str())),
                    None => ui.strong(heading.as_str()),
                };
            }
            ui.end_row();
            for month in &year.months {
                if let Some(paid) = month_row_ui(ui, cx, &widths, month) {
                    toggled = Some((month.month, paid));
                }
                ui.end_row();
                if let Some(late) = figures.overdue.of_month(month.month) {
                    late_row_ui(ui, cx, &widths, month, late);
                    ui.end_row();
                }
            }
        });
    if let Some((month, paid)) = toggled {
        out.command(Command::Journal(JournalCommand::KeepTaxInput(
            TaxInput::Paid { month, paid },
        )));
    }
    note_ui(ui, &cx.t("taxes.months_note"));
    ui.add_space(6.0);
    per_asset_ui(ui, cx, figures, year);
}

/// A late DARF's second line, under its month: what it comes to now, fine
/// and Selic included, under the DARF's own amount (paying that amount
/// would leave the debt open), and how late it is under its due date. A
/// line of its own keeps the table to the window's width.
fn late_row_ui(
    ui: &mut Ui,
    cx: &Shared,
    widths: &MonthWidths,
    month: &MonthReport,
    late: &brlv_core::tax::darf::LateDarf,
) {
    let today = brlv_core::tax::brasilia::date_at(cx.wall_now);
    let (how_late, owed) = overdue_parts(cx.language, cx.amounts(), late, today);
    let spoken = cx.t_with(
        "taxes.a11y.overdue",
        &[
            ("month", &month_title(cx.language, month.month)),
            ("value", &format!("{how_late} · {owed}")),
        ],
    );
    for _ in 0..5 {
        ui.label("");
    }
    right_aligned_ui(ui, widths.darf, |ui| {
        let text = RichText::new(owed.as_str())
            .monospace()
            .color(ui.visuals().error_fg_color);
        ui.add(egui::Label::new(text))
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &spoken))
    });
    badge_ui(ui, &how_late, Tone::Danger);
    ui.label("");
}

/// The widths of the months' columns of figures, their figures ending in
/// line at the right.
struct MonthWidths {
    sales: f32,
    gain: f32,
    tax: f32,
    darf: f32,
}

impl MonthWidths {
    fn measure(ui: &Ui, cx: &Shared, year: &YearReport, overdue: &Overdue) -> MonthWidths {
        let amounts = cx.amounts();
        let column = |key: &'static str, of: &dyn Fn(&MonthReport) -> Option<String>| {
            let texts: Vec<String> = year.months.iter().filter_map(of).collect();
            figure_column_width(ui, &cx.t(key), texts.iter().map(String::as_str))
        };
        MonthWidths {
            sales: column("taxes.col.sales", &|month| {
                Some(amounts.brl(month.sales_brl))
            }),
            gain: column("taxes.col.gain", &|month| Some(amounts.brl(month.gain_brl))),
            tax: column("taxes.col.tax", &|month| Some(amounts.brl(month.tax_brl))),
            darf: {
                let today = brlv_core::tax::brasilia::date_at(cx.wall_now);
                let texts: Vec<String> = year
                    .months
                    .iter()
                    .flat_map(|month| {
                        let amount = month.darf.as_ref().map(|darf| amounts.brl(darf.amount_brl));
                        let owed = overdue
                            .of_month(month.month)
                            .map(|late| overdue_parts(cx.language, amounts, late, today).1);
                        amount.into_iter().chain(owed)
                    })
                    .collect();
                figure_column_width(ui, &darf_heading(cx), texts.iter().map(String::as_str))
            },
        }
    }
}

/// The DARF column's heading, naming its revenue code (the same for every
/// month), so that each cell holds the amount alone and the row fits beside
/// what a late one comes to.
fn darf_heading(cx: &Shared) -> String {
    cx.t_with(
        "taxes.col.darf_code",
        &[("code", brlv_core::tax::months::DARF_CODE)],
    )
}

/// One month's row; the new "paid" mark when the person changed it.
fn month_row_ui(
    ui: &mut Ui,
    cx: &Shared,
    widths: &MonthWidths,
    month: &MonthReport,
) -> Option<bool> {
    let language = cx.language;
    let amounts = cx.amounts();
    let name = month_title(language, month.month);
    let named =
        |key: &'static str, value: &str| cx.t_with(key, &[("month", &name), ("value", value)]);
    ui.horizontal(|ui| {
        ui.label(name.as_str());
        if month.not_counted > 0 {
            badge_ui(
                ui,
                &cx.t_with(
                    "taxes.not_counted_badge",
                    &[("count", &month.not_counted.to_string())],
                ),
                Tone::Danger,
            );
        }
    });
    let sales = amounts.brl(month.sales_brl);
    right_aligned_ui(ui, widths.sales, |ui| {
        figure_ui(ui, &sales, &named("taxes.a11y.sales", &sales))
    });
    if month.exempt {
        badge_ui(ui, cx.t("taxes.exempt").as_ref(), Tone::Success);
    } else {
        badge_ui(ui, cx.t("taxes.taxable").as_ref(), Tone::Danger);
    }
    let gain = amounts.brl(month.gain_brl);
    right_aligned_ui(ui, widths.gain, |ui| {
        figure_ui(ui, &gain, &named("taxes.a11y.gain", &gain))
    });
    let tax = amounts.brl(month.tax_brl);
    right_aligned_ui(ui, widths.tax, |ui| {
        figure_ui(ui, &tax, &named("taxes.a11y.tax", &tax))
    });
    match &month.darf {
        Some(darf) => {
            let amount = amounts.brl(darf.amount_brl);
            let spoken = cx.t_with(
                "taxes.a11y.darf",
                &[("month", &name), ("code", darf.code), ("value", &amount)],
            );
            right_aligned_ui(ui, widths.darf, |ui| figure_ui(ui, &amount, &spoken));
            let due = darf
                .due
                .map(|due| date_text(language, due))
                .unwrap_or_else(|| "-".to_owned());
            figure_ui(ui, &due, &named("taxes.a11y.due", &due));
            let mut paid = month.paid;
            let label = cx.t_with("taxes.paid_label", &[("month", &name)]);
            let response = ui.checkbox(&mut paid, "");
            response.widget_info(|| {
                egui::WidgetInfo::selected(egui::Role::CheckBox, true, paid, &label)
            });
            response.changed().then_some(paid)
        }
        None => {
            if month.carried_out_brl.is_zero() {
                ui.label("");
            } else {
                let carried = amounts.brl(month.carried_out_brl);
                figure_ui(
                    ui,
                    &cx.t_with("taxes.carried_short", &[("amount", &carried)]),
                    &named("taxes.a11y.carried", &carried),
                );
            }
            ui.label("");
            ui.label("");
            None
        }
    }
}

/// Each month's gain or loss per asset (sales, cost, fees, gain).
fn per_asset_ui(ui: &mut Ui, cx: &Shared, figures: &TaxFigures, year: &YearReport) {
    let language = cx.language;
    let amounts = cx.amounts();
    let any = year
        .months
        .iter()
        .any(|month| month.assets.iter().any(AssetMonth::sold));
    ui.label(RichText::new(cx.t("taxes.per_asset_heading").as_ref()).strong());
    if !any {
        note_ui(ui, &cx.t("taxes.no_sales"));
        return;
    }
    let sold = || {
        year.months
            .iter()
            .flat_map(|month| month.assets.iter().filter(|asset| asset.sold()))
    };
    let figures_of = |asset: &AssetMonth| {
        [
            asset.sales_brl,
            asset.cost_brl,
            asset.fees_brl,
            asset.gain_brl,
        ]
    };
    let figure_keys = [
        "taxes.col.sales",
        "taxes.col.cost",
        "taxes.col.fees",
        "taxes.col.gain",
    ];
    let widths: Vec<f32> = figure_keys
        .iter()
        .enumerate()
        .map(|(column, key)| {
            let texts: Vec<String> = sold()
                .filter_map(|asset| {
                    figures_of(asset)
                        .get(column)
                        .map(|value| amounts.brl(*value))
                })
                .collect();
            figure_column_width(ui, &cx.t(key), texts.iter().map(String::as_str))
        })
        .collect();
    egui::Grid::new("tax_per_asset")
        .num_columns(6)
        .striped(true)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            ui.strong(cx.t("taxes.col.month").as_ref());
            ui.strong(cx.t("taxes.col.asset").as_ref());
            for (key, width) in figure_keys.iter().zip(&widths) {
                let heading = cx.t(key);
                right_aligned_ui(ui, *width, |ui| ui.strong(heading.as_ref()));
            }
            ui.end_row();
            for month in &year.months {
                let name = month_title(language, month.month);
                for asset in month.assets.iter().filter(|asset| asset.sold()) {
                    let ticker = figures.ledger.asset_name(asset.asset);
                    ui.label(name.as_str());
                    ui.label(ticker);
                    let spoken_keys = [
                        "taxes.a11y.asset_sales",
                        "taxes.a11y.asset_cost",
                        "taxes.a11y.asset_fees",
                        "taxes.a11y.asset_gain",
                    ];
                    for ((key, value), width) in
                        spoken_keys.iter().zip(figures_of(asset)).zip(&widths)
                    {
                        let text = amounts.brl(value);
                        let spoken = cx.t_with(
                            key,
                            &[("month", &name), ("asset", ticker), ("value", &text)],
                        );
                        right_aligned_ui(ui, *width, |ui| figure_ui(ui, &text, &spoken));
                    }
                    ui.end_row();
                }
            }
        });
}
