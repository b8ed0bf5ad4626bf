//! This month: the sales as the report counts them (Brasília's month, the
//! orders and the claims this device knows) against R$35,000, beside the
//! service's own figure, and why the two differ when they do: both shown,
//! neither silently picked.

use egui::{RichText, Ui};
use rust_decimal::Decimal;

use crate::app::panel::Shared;
use crate::app::ui::{gauge_ui, note_ui, palette};
use brlv_core::api::model::MONTHLY_TAX_EXEMPTION_LIMIT_BRL;
use brlv_core::tax::months::compare_with_service;
use brlv_core::tax::{Reading, YearMonth};

use super::super::figures::TaxFigures;
use super::super::words::{month_title, report_language};
use super::figure::{figure_column_width, figure_ui, right_aligned_ui, rule_tags_ui};

/// The month's sales against the limit, the service's figure beside them.
pub(super) fn this_month_ui(ui: &mut Ui, cx: &Shared, figures: &TaxFigures) {
    let language = cx.language;
    let amounts = cx.amounts();
    let this_month = YearMonth::in_brasilia(cx.wall_now);
    let Some(report) = figures
        .year
        .as_ref()
        .and_then(|year| year.months.iter().find(|month| month.month == this_month))
    else {
        return;
    };
    let limit = MONTHLY_TAX_EXEMPTION_LIMIT_BRL;
    let month = month_title(language, this_month);
    let used = amounts.brl(report.sales_brl);
    let percent = amounts.percent((report.sales_brl * Decimal::ONE_HUNDRED / limit).floor());
    let description = cx.t_with(
        "taxes.this_month_gauge",
        &[
            ("month", &month),
            ("used", &used),
            ("limit", &amounts.brl(limit)),
            ("percent", &percent),
        ],
    );
    let colors = palette::of(ui);
    let color = if amounts.hidden {
        ui.visuals().weak_text_color()
    } else if report.sales_brl > limit {
        colors.error
    } else if report.sales_brl * Decimal::from(10) > limit * Decimal::from(8) {
        colors.warning
    } else {
        colors.success
    };
    let fill = if amounts.hidden {
        0.0
    } else {
        rust_decimal::prelude::ToPrimitive::to_f32(
            &(report.sales_brl / limit).clamp(Decimal::ZERO, Decimal::ONE),
        )
        .unwrap_or(0.0)
    };
    ui.horizontal_wrapped(|ui| {
        // The figure goes under the gauge whole when the row is narrow (at
        // a large scale), never broken inside an amount.
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        gauge_ui(ui, fill, color, 280.0, &description);
        ui.add_space(8.0);
        figure_ui(
            ui,
            &cx.t_with(
                "taxes.this_month_used",
                &[("used", &used), ("limit", &amounts.brl(limit))],
            ),
            &description,
        );
    });
    let verdict = if report.exempt {
        cx.t("taxes.this_month_exempt")
    } else {
        cx.t("taxes.this_month_taxable")
    };
    ui.label(RichText::new(verdict.as_ref()).color(if report.exempt {
        colors.success
    } else {
        colors.error
    }));
    rule_tags_ui(
        ui,
        language,
        &[
            Reading::SaleFee,
            Reading::ClaimsAtGross,
            Reading::ServiceFigure,
        ],
    );
    ui.add_space(6.0);
    let Some(service) = cx.data.tax_exemption.value() else {
        note_ui(ui, &cx.t("taxes.service_unknown"));
        return;
    };
    let comparison = compare_with_service(report, service);
    let rows = [
        (
            "taxes.claims_row",
            Some(comparison.report_claims_brl),
            comparison.service_claims_brl,
        ),
        (
            "taxes.sales_row",
            Some(comparison.report_sales_brl),
            comparison.service_disposals_brl,
        ),
        (
            "taxes.total_row",
            Some(report.sales_brl),
            comparison.service_total_brl,
        ),
    ];
    let text_of =
        |value: Option<Decimal>| value.map_or_else(|| "-".to_owned(), |value| amounts.brl(value));
    let width_of = |key: &'static str, texts: Vec<String>| {
        figure_column_width(ui, &cx.t(key), texts.iter().map(String::as_str))
    };
    let ours_width = width_of(
        "taxes.report_counts",
        rows.iter().map(|(_, ours, _)| text_of(*ours)).collect(),
    );
    let theirs_width = width_of(
        "taxes.service_counts",
        rows.iter().map(|(_, _, theirs)| text_of(*theirs)).collect(),
    );
    egui::Grid::new("tax_service_comparison")
        .num_columns(3)
        .spacing([18.0, 4.0])
        .show(ui, |ui| {
            ui.label("");
            for (key, width) in [
                ("taxes.report_counts", ours_width),
                ("taxes.service_counts", theirs_width),
            ] {
                let heading = cx.t(key);
                right_aligned_ui(ui, width, |ui| ui.strong(heading.as_ref()));
            }
            ui.end_row();
            for (key, ours, theirs) in rows {
                let what = cx.t(key).into_owned();
                ui.label(what.as_str());
                for (value, whose, width) in [
                    (ours, "taxes.report_counts", ours_width),
                    (theirs, "taxes.service_counts", theirs_width),
                ] {
                    let text = text_of(value);
                    let name = format!("{what}, {}: {text}", cx.t(whose));
                    right_aligned_ui(ui, width, |ui| figure_ui(ui, &text, &name));
                }
                ui.end_row();
            }
        });
    if comparison.differs {
        ui.label(
            RichText::new(cx.t("taxes.differs").as_ref())
                .color(palette::of(ui).warning)
                .strong(),
        );
        let core = report_language(language);
        for reason in &comparison.reasons {
            ui.add(egui::Label::new(format!("• {}", reason.text(core))).wrap());
        }
    } else {
        note_ui(ui, &cx.t("taxes.same_figure"));
    }
}
