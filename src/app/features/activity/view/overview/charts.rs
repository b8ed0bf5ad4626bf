//! The Overview's charts: money in and out per month of one asset, and the
//! tax-exemption use per month against the monthly limit, over the last 12
//! months. The figures are computed exactly
//! ([`crate::app::features::activity::monthly`]; the month's sales as the
//! tax report counts them, [`crate::app::tax_year::monthly`]) and kept
//! until a list changes; floats appear only to place bars. A plot
//! says nothing to a screen reader, so each one carries its figures in
//! words ([`money_summary`], [`tax_summary`]) and offers them as a table.

use egui::Ui;
use egui_plot::{AxisHints, Bar, BarChart, GridMark, HLine, Plot};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use crate::app::features::activity::monthly::{MonthFlow, YearMonth};
use crate::app::features::activity::state::ActivityState;
use crate::app::features::activity::state::{ActivityView, Extent};
use crate::app::features::activity::words::{compact_amount, month_short_name, ticker_and_chain};
use crate::app::format::AmountFormat;
use crate::app::i18n::{self, Language, tr, tr_with};
use crate::app::panel::{Ask, Outbox, Shared};
use crate::app::ui::{choice_ui, note_ui, palette};
use brlv_core::api::model::{Asset, MONTHLY_TAX_EXEMPTION_LIMIT_BRL};

use crate::app::tax_year::gauge::TaxGauge;
use crate::app::tax_year::monthly::{MonthUse, last_months, monthly_sales};

/// Height of a chart.
const CHART_HEIGHT: f32 = 190.0;
/// Widest a chart grows.
const CHART_MAX_WIDTH: f32 = 760.0;

/// The assets the money chart offers: BRL first (what most people count
/// in), then the tokens the overview's balances show.
const CHART_ASSETS: [Asset; 5] = [
    Asset::FiatBrl,
    Asset::EthBaseBrlv,
    Asset::EthMainnetBrlv,
    Asset::TempoBrlv,
    Asset::EthBaseUsdc,
];

/// A month as a chart's axis and summary name it: `Mar 2026`, `mar 2026`.
pub fn month_label(language: Language, month: YearMonth) -> String {
    format!("{} {}", month_short_name(language, month.month), month.year)
}

/// The asset a chart shows, by name: reais as "Reais (R$)", never the
/// code "BRL" beside R$ amounts; a token by its ticker and chain.
fn chart_asset_name(language: Language, asset: &Asset) -> String {
    if asset.is_fiat() && asset.ticker() == "BRL" {
        tr_with(language, "money.reais", &[])
    } else {
        ticker_and_chain(asset)
    }
}

/// The money chart's figures in words: each month with movement, in and out.
pub fn money_summary(amounts: AmountFormat, asset: &Asset, flows: &[MonthFlow]) -> String {
    let language = amounts.language;
    let with_movement: Vec<String> = flows
        .iter()
        .filter(|flow| !flow.money_in.is_zero() || !flow.money_out.is_zero())
        .map(|flow| {
            tr_with(
                language,
                "chart.money_month",
                &[
                    ("month", &month_label(language, flow.month)),
                    ("in", &compact_amount(amounts, flow.money_in, asset)),
                    ("out", &compact_amount(amounts, flow.money_out, asset)),
                ],
            )
        })
        .collect();
    let months = months_text(
        language,
        &with_movement,
        flows.len(),
        ("chart.no_movement", "chart.other_months_empty"),
    );
    tr_with(
        language,
        "chart.money_summary",
        &[
            ("asset", &chart_asset_name(language, asset)),
            ("months", &months),
        ],
    )
}

/// The months described, then a word for the `total` less those (each
/// empty); `keys`: what is said when none is described, and of the rest.
fn months_text(
    language: Language,
    described: &[String],
    total: usize,
    (none, rest): (&'static str, &'static str),
) -> String {
    if described.is_empty() {
        return tr(language, none).into_owned();
    }
    let mut months = described.join("; ");
    if described.len() < total {
        months.push_str("; ");
        months.push_str(&tr(language, rest));
    }
    months
}

fn percent_of(used: Decimal, limit: Decimal) -> Decimal {
    if limit > Decimal::ZERO {
        (used * Decimal::ONE_HUNDRED / limit).floor()
    } else {
        Decimal::ONE_HUNDRED
    }
}

/// Where the service's own figure for this month differs from the report's
/// (the gauge above shows the service's), says so and where both are
/// explained; never one silently for the other.
fn this_month_differs_ui(
    ui: &mut Ui,
    cx: &Shared,
    out: &mut Outbox,
    gauge: Option<&TaxGauge>,
    this_month: Option<&MonthUse>,
) {
    let (Some(gauge), Some(this_month)) = (gauge, this_month) else {
        return;
    };
    if gauge.used == this_month.used() {
        return;
    }
    let amounts = cx.amounts();
    ui.horizontal_wrapped(|ui| {
        ui.label(cx.t_with(
            "chart.tax_service_differs",
            &[
                ("report", &amounts.brl(this_month.used())),
                ("service", &amounts.brl(gauge.used)),
            ],
        ));
        if ui.link(cx.t("overview.open_taxes").as_ref()).clicked() {
            out.ask(Ask::Show(crate::app::view::View::Taxes));
        }
    });
}

/// The tax chart's figures in words: each month with use, and its share of the limit.
pub fn tax_summary(amounts: AmountFormat, limit: Decimal, uses: &[MonthUse]) -> String {
    let language = amounts.language;
    let used: Vec<String> = uses
        .iter()
        .filter(|month| !month.used().is_zero())
        .map(|month| {
            tr_with(
                language,
                "chart.tax_month",
                &[
                    ("month", &month_label(language, month.month)),
                    ("used", &amounts.brl(month.used())),
                    ("percent", &amounts.percent(percent_of(month.used(), limit))),
                ],
            )
        })
        .collect();
    let empty = "chart.tax_other_months_empty";
    let months = months_text(language, &used, uses.len(), (empty, empty));
    tr_with(
        language,
        "chart.tax_summary",
        &[("limit", &amounts.brl(limit)), ("months", &months)],
    )
}

/// A Decimal as a bar's height: screen geometry only.
fn height(value: Decimal) -> f64 {
    value.to_f64().unwrap_or(0.0)
}

/// How a series is drawn, as its legend shows it.
#[derive(Clone, Copy)]
enum LegendMark {
    /// A bar: a filled square.
    Bar,
    /// A dashed line across the chart.
    DashedLine,
}

/// The chart's legend as a line above it, where no bar can be under it
/// (inside the plot it covered the tallest bar of the first months).
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
fn legend_ui(ui: &mut Ui, entries: &[(&str, egui::Color32, LegendMark)]) {
    ui.horizontal(|ui| {
        for (name, color, mark) in entries {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            match mark {
                LegendMark::Bar => {
                    ui.painter().rect_filled(rect.shrink(2.0), 2.0, *color);
                }
                LegendMark::DashedLine => {
                    let y = rect.center().y;
                    for x in [rect.left(), rect.left() + 6.0, rect.left() + 12.0] {
                        ui.painter().line_segment(
                            [egui::pos2(x, y), egui::pos2((x + 3.0).min(rect.right()), y)],
                            egui::Stroke::new(2.0, *color),
                        );
                    }
                }
            }
            ui.label(*name);
            ui.add_space(12.0);
        }
    });
}

/// A plot with one mark per month, not to be dragged or zoomed (the page
/// scrolls under the pointer as it does everywhere else).
fn month_plot(id: &str, language: Language, months: Vec<YearMonth>, width: f32) -> Plot<'static> {
    let count = months.len();
    Plot::new(id)
        .height(CHART_HEIGHT)
        .width(width)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_x(false)
        .show_y(false)
        .show_grid([false, true])
        .include_y(0.0)
        .x_grid_spacer(move |_| {
            (0..count)
                .map(|index| GridMark {
                    value: f64::from(u32::try_from(index).unwrap_or(0)),
                    step_size: 1.0,
                })
                .collect()
        })
        .custom_x_axes(vec![
            // A month per mark, its name over its year: narrow enough for
            // twelve marks in a chart half the window wide.
            AxisHints::new_x()
                .label_spacing(24.0..=32.0)
                .formatter(move |mark, _| {
                    let index = mark.value.round();
                    months
                        .iter()
                        .enumerate()
                        .find(|(position, _)| {
                            f64::from(u32::try_from(*position).unwrap_or(0)) == index
                        })
                        .map(|(_, month)| {
                            format!(
                                "{}\n{}",
                                month_short_name(language, month.month),
                                month.year
                            )
                        })
                        .unwrap_or_default()
                }),
        ])
        .y_axis_formatter(move |mark, _| {
            Decimal::try_from(mark.value)
                .map(|value| i18n::amount(language, value.round(), 0))
                .unwrap_or_default()
        })
}

fn chart_width(ui: &Ui) -> f32 {
    ui.available_width().min(CHART_MAX_WIDTH)
}

/// The figures both charts draw, computed once for the lists shown.
fn chart_figures(ui: &Ui, activity: &mut ActivityState, cx: &Shared) -> ActivityView {
    let (data, claims, now) = (&cx.data, &cx.data.claims_made, cx.wall_now);
    activity.view(ui.ctx(), data, claims, now, &cx.zone, Extent::Charts)
}

/// Money in and out per month of the chosen asset.
#[expect(
    clippy::float_arithmetic,
    reason = "bar positions on the screen, never money"
)]
pub fn money_chart_ui(ui: &mut Ui, activity: &mut ActivityState, cx: &Shared) {
    let language = cx.language;
    let amounts = cx.amounts();
    if amounts.hidden {
        // Bars would show what the numbers hide.
        note_ui(ui, &cx.t("chart.hidden"));
        return;
    }
    choice_ui(
        ui,
        "chart_asset",
        &cx.t("chart.money_asset"),
        &mut activity.chart_asset,
        &CHART_ASSETS,
        |asset| chart_asset_name(cx.language, asset),
    );
    let flows = chart_figures(ui, activity, cx).flows;
    let asset = activity.chart_asset.clone();
    let summary = money_summary(amounts, &asset, &flows);
    let colors = palette::of(ui);
    let position = |index: usize| f64::from(u32::try_from(index).unwrap_or(0));
    let bars_in: Vec<Bar> = flows
        .iter()
        .enumerate()
        .map(|(index, flow)| Bar::new(position(index) - 0.18, height(flow.money_in)).width(0.34))
        .collect();
    let bars_out: Vec<Bar> = flows
        .iter()
        .enumerate()
        .map(|(index, flow)| Bar::new(position(index) + 0.18, height(flow.money_out)).width(0.34))
        .collect();
    let months: Vec<YearMonth> = flows.iter().map(|flow| flow.month).collect();
    let name_in = cx.t("activity.in").into_owned();
    let name_out = cx.t("activity.out").into_owned();
    legend_ui(
        ui,
        &[
            (name_in.as_str(), colors.success, LegendMark::Bar),
            (name_out.as_str(), colors.error, LegendMark::Bar),
        ],
    );
    let response = month_plot("money_chart", language, months, chart_width(ui))
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new(name_in, bars_in).color(colors.success));
            plot.bar_chart(BarChart::new(name_out, bars_out).color(colors.error));
        })
        .response;
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &summary));
    egui::CollapsingHeader::new(cx.t("chart.as_table").as_ref())
        .id_salt("money_chart_table")
        .show(ui, |ui| {
            egui::Grid::new("money_chart_grid")
                .num_columns(3)
                .striped(true)
                .spacing([24.0, 2.0])
                .show(ui, |ui| {
                    for key in ["chart.month", "activity.in", "activity.out"] {
                        ui.strong(tr(language, key).as_ref());
                    }
                    ui.end_row();
                    for flow in flows.iter() {
                        ui.label(month_label(language, flow.month));
                        ui.monospace(compact_amount(amounts, flow.money_in, &asset));
                        ui.monospace(compact_amount(amounts, flow.money_out, &asset));
                        ui.end_row();
                    }
                });
        });
}

/// The tax-exemption use per month against the monthly limit.
#[expect(
    clippy::float_arithmetic,
    reason = "bar positions on the screen, never money"
)]
pub fn tax_chart_ui(ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
    let language = cx.language;
    let amounts = cx.amounts();
    if amounts.hidden {
        note_ui(ui, &cx.t("chart.hidden"));
        return;
    }
    let gauge = cx.data.tax_exemption.value().map(TaxGauge::from_progress);
    let limit = gauge
        .as_ref()
        .map_or(MONTHLY_TAX_EXEMPTION_LIMIT_BRL, |gauge| gauge.limit);
    let months = last_months(cx.wall_now, 12);
    let uses = cx
        .tax_figures
        .as_deref()
        .map(|figures| monthly_sales(&figures.ledger, &months))
        .unwrap_or_default();
    let summary = tax_summary(amounts, limit, &uses);
    let colors = palette::of(ui);
    let bars: Vec<Bar> = uses
        .iter()
        .enumerate()
        .map(|(index, month)| {
            Bar::new(
                f64::from(u32::try_from(index).unwrap_or(0)),
                height(month.used()),
            )
            .width(0.6)
            .fill(colors.tone(month.tone(limit), colors.success))
        })
        .collect();
    let months: Vec<YearMonth> = uses.iter().map(|month| month.month).collect();
    let name_used = cx.t("chart.used").into_owned();
    let name_limit = cx.t("chart.limit").into_owned();
    let limit_height = height(limit);
    legend_ui(
        ui,
        &[
            (name_used.as_str(), colors.success, LegendMark::Bar),
            (name_limit.as_str(), colors.error, LegendMark::DashedLine),
        ],
    );
    let response = month_plot("tax_chart", language, months, chart_width(ui))
        .include_y(limit_height * 1.1)
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new(name_used, bars).color(colors.success));
            plot.hline(
                HLine::new(name_limit, limit_height)
                    .color(colors.error)
                    .style(egui_plot::LineStyle::dashed_loose()),
            );
        })
        .response;
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &summary));
    note_ui(ui, &cx.t("chart.tax_note"));
    this_month_differs_ui(ui, cx, out, gauge.as_ref(), uses.last());
    egui::CollapsingHeader::new(cx.t("chart.as_table").as_ref())
        .id_salt("tax_chart_table")
        .show(ui, |ui| {
            egui::Grid::new("tax_chart_grid")
                .num_columns(3)
                .striped(true)
                .spacing([24.0, 2.0])
                .show(ui, |ui| {
                    for key in ["chart.month", "chart.used"] {
                        ui.strong(tr(language, key).as_ref());
                    }
                    ui.strong("%");
                    ui.end_row();
                    for month in uses.iter() {
                        ui.label(month_label(language, month.month));
                        ui.monospace(amounts.brl(month.used()));
                        ui.monospace(percent_of(month.used(), limit).to_string());
                        ui.end_row();
                    }
                });
        });
}
