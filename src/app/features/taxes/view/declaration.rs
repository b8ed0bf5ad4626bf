//! What the year's declaration (IRPF) asks: the positions on 31 December
//! (or today) with their Bens e Direitos code (the person chooses for a
//! yield token) and the Discriminação ready to copy, the custodian it
//! names, the exempt gains for Rendimentos Isentos, and the months with
//! tax due; Bens e Direitos whole ([`super::bens`]) and the late DARFs
//! ([`super::late`]) from the core's figures.

use egui::{RichText, Ui};

use crate::app::features::journal::message::JournalCommand;
use crate::app::features::taxes::state::TaxesState;
use crate::app::message::Command;
use crate::app::panel::{Outbox, Shared};
use crate::app::ui::{Tone, badge_ui, note_ui};
use brlv_core::tax::year::{BENS_GROUP, Position, suggested_code};
use brlv_core::tax::{BensCode, Reading, TaxInput, YearReport};

use super::super::figures::TaxFigures;
use super::super::report::average_text;
use super::super::words::{darf_line, date_text};
use super::figure::{figure_column_width, figure_ui, right_aligned_ui, rule_tags_ui};

/// The codes a person may choose for a yield token.
const YIELD_TOKEN_CODES: [BensCode; 2] = [BensCode::Stablecoin, BensCode::Others];

/// The declaration's part of the view.
pub(super) fn declaration_ui(
    ui: &mut Ui,
    taxes: &mut TaxesState,
    cx: &Shared,
    out: &mut Outbox,
    figures: &TaxFigures,
    year: &YearReport,
) {
    let language = cx.language;
    let amounts = cx.amounts();
    ui.label(
        RichText::new(cx.t_with(
            "taxes.positions_heading",
            &[("date", &date_text(language, year.positions_on))],
        ))
        .strong(),
    );
    rule_tags_ui(
        ui,
        language,
        &[
            Reading::WeightedAverageCost,
            Reading::OneAssetAcrossChains,
            Reading::YieldTokenCode,
            Reading::Custodian,
        ],
    );
    if year.positions.is_empty() {
        note_ui(ui, &cx.t("taxes.no_positions"));
    } else {
        positions_ui(ui, cx, out, year);
        for position in &year.positions {
            discriminacao_ui(ui, cx, position);
        }
    }
    custodian_ui(ui, taxes, cx, out);
    if let Some(declaration) = &figures.declaration {
        super::bens::bens_ui(ui, taxes, cx, out, declaration, figures);
    }
    ui.add_space(8.0);
    let exempt = amounts.brl(year.exempt_gains_brl);
    let text = cx.t_with("taxes.exempt_gains", &[("amount", &exempt)]);
    figure_ui(ui, &text, &text);
    if !year.claims_tax_withheld_brl.is_zero() {
        let withheld = cx.t_with(
            "taxes.claims_withheld",
            &[("amount", &amounts.brl(year.claims_tax_withheld_brl))],
        );
        figure_ui(ui, &withheld, &withheld);
    }
    ui.add_space(6.0);
    ui.label(RichText::new(cx.t("taxes.darf_heading").as_ref()).strong());
    let mut any = false;
    for line in year
        .months_with_tax()
        .filter_map(|month| darf_line(language, amounts, month))
    {
        any = true;
        figure_ui(ui, &line, &line);
    }
    if !any {
        note_ui(ui, &cx.t("taxes.no_tax"));
    }
    super::late::late_darfs_ui(ui, cx, &figures.late_darfs, (&figures.overdue, year.year));
    if !year.carried_at_end_brl.is_zero() {
        note_ui(
            ui,
            &cx.t_with(
                "taxes.carried_at_end",
                &[("amount", &amounts.brl(year.carried_at_end_brl))],
            ),
        );
    }
}

/// The positions' table, with the code (a choice for a yield token).
fn positions_ui(ui: &mut Ui, cx: &Shared, out: &mut Outbox, year: &YearReport) {
    let amounts = cx.amounts();
    let mut chosen = None;
    let figures_of = |position: &Position| {
        [
            ("taxes.a11y.quantity", amounts.number(position.quantity, 18)),
            (
                "taxes.a11y.average_cost",
                average_text(amounts, position.average_cost_brl),
            ),
            (
                "taxes.a11y.total_cost",
                amounts.brl(position.total_cost_brl),
            ),
        ]
    };
    let figure_keys = [
        "taxes.col.quantity",
        "taxes.col.average_cost",
        "taxes.col.total_cost",
    ];
    let rows: Vec<_> = year.positions.iter().map(figures_of).collect();
    let widths: Vec<f32> = figure_keys
        .iter()
        .enumerate()
        .map(|(column, key)| {
            let texts = rows
                .iter()
                .filter_map(|row| row.get(column).map(|(_, text)| text.as_str()));
            figure_column_width(ui, &cx.t(key), texts)
        })
        .collect();
    egui::Grid::new("tax_positions")
        .num_columns(5)
        .striped(true)
        .spacing([14.0, 6.0])
        .show(ui, |ui| {
            ui.strong(cx.t("taxes.col.asset").as_ref());
            for (key, width) in figure_keys.iter().zip(&widths) {
                let heading = cx.t(key);
                right_aligned_ui(ui, *width, |ui| ui.strong(heading.as_ref()));
            }
            ui.strong(cx.t("taxes.col.code").as_ref());
            ui.end_row();
            for (position, figures) in year.positions.iter().zip(&rows) {
                let asset = position.asset.as_str();
                ui.label(RichText::new(asset).strong());
                for ((key, text), width) in figures.iter().zip(&widths) {
                    let name = cx.t_with(key, &[("asset", asset), ("value", text)]);
                    right_aligned_ui(ui, *width, |ui| figure_ui(ui, text, &name));
                }
                if let Some(code) = code_ui(ui, cx, position) {
                    chosen = Some((position.asset.clone(), code));
                }
                ui.end_row();
            }
        });
    if let Some((asset, code)) = chosen {
        out.command(Command::Journal(JournalCommand::KeepTaxInput(
            TaxInput::Code {
                asset,
                code: Some(code),
            },
        )));
    }
}

/// The position's code: fixed, or a choice for a yield token (its
/// suggestion marked uncertain until the person chooses).
fn code_ui(ui: &mut Ui, cx: &Shared, position: &Position) -> Option<BensCode> {
    let (_, uncertain) = suggested_code(&position.asset);
    let shown = format!("{BENS_GROUP} / {}", position.code.code());
    if !uncertain {
        let name = cx.t_with(
            "taxes.a11y.code",
            &[("asset", &position.asset), ("value", &shown)],
        );
        figure_ui(ui, &shown, &name);
        return None;
    }
    let mut code = position.code;
    ui.horizontal(|ui| {
        let label = cx.t_with("taxes.code_choice", &[("asset", &position.asset)]);
        egui::ComboBox::from_id_salt(("tax_code", position.asset.as_str()))
            .selected_text(shown.as_str())
            .show_ui(ui, |ui| {
                for option in YIELD_TOKEN_CODES {
                    let text = cx.t_with(
                        match option {
                            BensCode::Stablecoin => "taxes.code_03",
                            _ => "taxes.code_99",
                        },
                        &[("group", BENS_GROUP)],
                    );
                    ui.selectable_value(&mut code, option, text);
                }
            })
            .response
            .widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::ComboBox, true, format!("{label}: {shown}"))
            });
        if position.code_uncertain {
            badge_ui(ui, cx.t("taxes.code_suggested").as_ref(), Tone::Warning);
        }
    });
    (code != position.code).then_some(code)
}

/// A position's Discriminação, with a button that copies it.
fn discriminacao_ui(ui: &mut Ui, cx: &Shared, position: &Position) {
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(cx.t_with("taxes.discriminacao", &[("asset", &position.asset)])).weak(),
        );
        let name = cx.t_with("taxes.copy_discriminacao", &[("asset", &position.asset)]);
        // While amounts are hidden the text is too, and is not copied.
        let shown = !cx.amounts().hidden;
        let response = ui.add_enabled(
            shown,
            egui::Button::new(cx.t("accounts.copy").as_ref()).small(),
        );
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, shown, &name));
        if response.clicked() {
            ui.ctx().copy_text(position.discriminacao.clone());
        }
    });
    let text = if cx.amounts().hidden {
        cx.t("taxes.discriminacao_hidden").into_owned()
    } else {
        position.discriminacao.clone()
    };
    ui.add(egui::Label::new(RichText::new(text).monospace()).wrap());
}

/// The custodian's name Discriminação gives beside its CNPJ: typed once,
/// kept in the journal.
fn custodian_ui(ui: &mut Ui, taxes: &mut TaxesState, cx: &Shared, out: &mut Outbox) {
    ui.add_space(6.0);
    let kept = taxes.inputs.typed.custodian.clone();
    let mut save = None;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(cx.t("taxes.custodian").as_ref());
        let draft = taxes
            .custodian_draft
            .get_or_insert_with(|| kept.clone().unwrap_or_default());
        ui.add(
            egui::TextEdit::singleline(draft)
                .hint_text(cx.t("taxes.custodian_hint").as_ref())
                .desired_width(380.0),
        )
        .labelled_by(label.id);
        let typed = draft.trim().to_owned();
        let changed = typed != kept.clone().unwrap_or_default();
        if ui
            .add_enabled(
                changed,
                egui::Button::new(cx.t("taxes.keep_custodian").as_ref()),
            )
            .clicked()
        {
            save = Some((!typed.is_empty()).then_some(typed));
        }
    });
    if let Some(custodian) = save {
        out.command(Command::Journal(JournalCommand::KeepTaxInput(
            TaxInput::Custodian(custodian),
        )));
    }
}
