//! Bens e Direitos whole, from the core's declaration: every crypto-asset
//! held on 31/12 of the year before or of the year shown (today for the
//! current year), each with both columns (one sold out during the year at
//! R$0,00) and where it stands against R$5,000; the custodian's CNPJ in
//! its own field (typed once, checked, kept in the journal); the BRL and
//! USD held at the service, each with how it was read; and the taxable months whose sales
//! go through GCAP.

use egui::{RichText, Ui};

use crate::app::features::journal::message::JournalCommand;
use crate::app::features::taxes::state::{TaxesPart, TaxesState};
use crate::app::message::Command;
use crate::app::panel::{Outbox, Shared};
use crate::app::ui::{Tone, badge_ui, note_ui};

use brlv_core::tax::TaxInput;
use brlv_core::tax::declaration::{BensLine, CnpjField, Column, Declaration, cnpj_field};
use brlv_core::tax::year::BENS_GROUP;

use super::super::figures::TaxFigures;
use super::super::words::{
    date_text, gcap_text, money_held_words, money_unexplained_words, report_language,
};
use super::figure::figure_ui;

/// Bens e Direitos with both columns, the CNPJ field, the money held and GCAP.
pub(super) fn bens_ui(
    ui: &mut Ui,
    taxes: &mut TaxesState,
    cx: &Shared,
    out: &mut Outbox,
    declaration: &Declaration,
    figures: &TaxFigures,
) {
    let language = cx.language;
    ui.add_space(8.0);
    let top = ui.cursor().min;
    ui.label(RichText::new(cx.t("taxes.bens.heading")).strong());
    note_ui(ui, &cx.t("taxes.bens.note"));
    let previous_on = date_text(language, declaration.previous_on);
    let this_on = date_text(language, declaration.this_on);
    if declaration.lines.is_empty() {
        note_ui(ui, &cx.t("taxes.no_positions"));
    } else {
        egui::Grid::new("tax_bens")
            .num_columns(5)
            .striped(true)
            .spacing([14.0, 6.0])
            .show(ui, |ui| {
                ui.strong(cx.t("taxes.col.asset").as_ref());
                ui.strong(cx.t("taxes.col.code").as_ref());
                ui.strong(cx.t_with("taxes.bens.col_on", &[("date", &previous_on)]));
                ui.strong(cx.t_with("taxes.bens.col_on", &[("date", &this_on)]));
                ui.strong(cx.t("taxes.bens.col_threshold").as_ref());
                ui.end_row();
                for line in &declaration.lines {
                    line_ui(ui, cx, line);
                    ui.end_row();
                }
            });
    }
    cnpj_ui(ui, taxes, cx, out, &declaration.custodian_cnpj);
    money_ui(ui, cx, figures);
    if let Some(gcap) = gcap_text(language, declaration) {
        note_ui(ui, &gcap);
    }
    if taxes.part_in_view == Some(TaxesPart::Bens) {
        super::figure::scroll_to_top(ui, top);
    }
}

/// One line: the asset, its code, both columns and the threshold.
fn line_ui(ui: &mut Ui, cx: &Shared, line: &BensLine) {
    let language = cx.language;
    ui.label(RichText::new(&line.asset).strong());
    let code = format!("{BENS_GROUP} / {}", line.code.code());
    let code_name = cx.t_with(
        "taxes.bens.a11y_code",
        &[("asset", &line.asset), ("value", &code)],
    );
    figure_ui(ui, &code, &code_name);
    column_ui(ui, cx, &line.asset, &line.previous);
    ui.horizontal(|ui| {
        column_ui(ui, cx, &line.asset, &line.this);
        if line.sold_out() {
            badge_ui(ui, cx.t("taxes.bens.sold_out").as_ref(), Tone::Info);
        }
    });
    ui.add(egui::Label::new(line.threshold.text(report_language(language))).wrap());
}

/// One column: the quantity held and its cost on the column's day.
fn column_ui(ui: &mut Ui, cx: &Shared, asset: &str, column: &Column) {
    let amounts = cx.amounts();
    let quantity = amounts.number(column.quantity, 18);
    let cost = amounts.brl(column.total_cost_brl);
    let text = format!("{quantity} · {cost}");
    let name = cx.t_with(
        "taxes.bens.a11y_column",
        &[
            ("asset", asset),
            ("date", &date_text(cx.language, column.on)),
            ("quantity", &quantity),
            ("cost", &cost),
        ],
    );
    figure_ui(ui, &text, &name);
}

/// The custodian's CNPJ field: typed once, checked as typed, kept in the journal.
fn cnpj_ui(ui: &mut Ui, taxes: &mut TaxesState, cx: &Shared, out: &mut Outbox, kept: &CnpjField) {
    ui.add_space(6.0);
    let kept_text = taxes
        .inputs
        .typed
        .custodian_cnpj
        .clone()
        .unwrap_or_default();
    let mut save = None;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(cx.t("taxes.bens.cnpj").as_ref());
        let draft = taxes.cnpj_draft.get_or_insert_with(|| kept_text.clone());
        ui.add(
            egui::TextEdit::singleline(draft)
                .hint_text("00.000.000/0000-00")
                .desired_width(200.0),
        )
        .labelled_by(label.id);
        let typed = draft.trim().to_owned();
        let checked = cnpj_field(Some(&typed));
        let valid_or_empty = typed.is_empty() || matches!(checked, CnpjField::Valid { .. });
        if ui
            .add_enabled(
                typed != kept_text && valid_or_empty,
                egui::Button::new(cx.t("taxes.bens.keep_cnpj").as_ref()),
            )
            .clicked()
        {
            save = Some(match &checked {
                CnpjField::Valid { bare, .. } => Some(bare.clone()),
                _ => None,
            });
        }
        if let CnpjField::Invalid { .. } = checked {
            badge_ui(ui, cx.t("taxes.bens.cnpj_invalid").as_ref(), Tone::Danger);
        }
    });
    let state = match kept {
        CnpjField::Valid { written, .. } => cx.t_with("taxes.bens.cnpj_kept", &[("cnpj", written)]),
        CnpjField::Invalid { typed, .. } => {
            cx.t_with("taxes.bens.cnpj_kept_invalid", &[("cnpj", typed)])
        }
        CnpjField::Missing => cx.t("taxes.bens.cnpj_missing").into_owned(),
    };
    ui.label(RichText::new(state).weak());
    if let Some(cnpj) = save {
        out.command(Command::Journal(JournalCommand::KeepTaxInput(
            TaxInput::CustodianCnpj(cnpj),
        )));
    }
}

/// The BRL and USD held at the service in both columns, each with how it
/// was read, dollars at their cost in reais with the PTAX of 31/12 beside
/// for reference ([`TaxFigures::money_held`]).
fn money_ui(ui: &mut Ui, cx: &Shared, figures: &TaxFigures) {
    super::figure::rule_tags_ui(
        ui,
        cx.language,
        &[brlv_core::tax::Reading::MoneyAtTheService],
    );
    let balance = cx.data.balance_brl.value().copied();
    for held in figures.money_held(balance, cx.language, cx.wall_now) {
        for column in [&held.previous, &held.this] {
            let words = money_held_words(cx.language, cx.amounts(), &held, column);
            ui.horizontal_wrapped(|ui| {
                // A sentence, not a column of figures: read as prose.
                ui.label(RichText::new(&words.head).strong());
                if let Some(flag) = words.flag {
                    badge_ui(ui, cx.t(flag).as_ref(), Tone::Warning);
                }
            });
            for line in words.cost.iter().chain(&words.reference) {
                ui.add(egui::Label::new(line.as_str()).wrap());
            }
            ui.add(egui::Label::new(RichText::new(words.how).weak()).wrap());
        }
        if let Some(gap) = money_unexplained_words(cx.language, cx.amounts(), &held) {
            note_ui(ui, &gap);
        }
    }
    note_ui(ui, &cx.t("taxes.bens.money.code_unsettled"));
}
