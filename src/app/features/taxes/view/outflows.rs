//! The year's tokens that left to an address that is not the account's
//! (a transfer, a token withdrawal), each asking what it was: a payment or
//! sale (a disposal at its value in reais on its day), a move to the
//! person's own wallet elsewhere (self-custody, still held with its cost),
//! or a gift (out at its cost). Until answered it counts as a payment, the
//! law's default reading, and says so. The answer goes to the journal (the
//! same record `tax-report --outflow` keeps), and the month's sales and
//! gains are computed again from it once kept.

use egui::{RichText, Ui};

use crate::app::features::journal::message::JournalCommand;
use crate::app::message::Command;
use crate::app::panel::{Outbox, Shared};
use crate::app::tax_year::outflow::answer_key;
use crate::app::ui::note_ui;
use brlv_core::tax::ledger::Entry;
use brlv_core::tax::{OutflowAnswer, Reading, TaxInput};

use super::super::figures::TaxFigures;
use super::super::words::kind_text;
use super::figure::rule_tags_ui;

/// The outflows shown at once; the rest are in the ledger's CSV and
/// answered with `tax-report --outflow`.
const SHOWN: usize = 100;

/// An address as a line can hold it: its start and end.
fn short_address(address: &str) -> String {
    let count = address.chars().count();
    if count <= 14 {
        return address.to_owned();
    }
    let start: String = address.chars().take(8).collect();
    let end: String = address.chars().skip(count - 4).collect();
    format!("{start}…{end}")
}

/// Each outflow of the year with its question.
pub(super) fn outflows_ui(ui: &mut Ui, cx: &Shared, out: &mut Outbox, figures: &TaxFigures) {
    rule_tags_ui(ui, cx.language, &[Reading::OutflowToOthers]);
    if figures.outflows.is_empty() {
        note_ui(ui, &cx.t("taxes.outflow.none"));
        return;
    }
    note_ui(ui, &cx.t("taxes.outflow.note"));
    let mut answered = None;
    for index in figures.outflows.iter().take(SHOWN) {
        let Some(entry) = figures
            .ledger
            .entries
            .get(usize::try_from(*index).unwrap_or(usize::MAX))
        else {
            continue;
        };
        ui.separator();
        ui.push_id(("tax_outflow", *index), |ui| {
            if let Some(input) = outflow_ui(ui, cx, figures, entry) {
                answered = Some(input);
            }
        });
    }
    if figures.outflows.len() > SHOWN {
        note_ui(
            ui,
            &cx.t_with(
                "taxes.outflow.more",
                &[("count", &(figures.outflows.len() - SHOWN).to_string())],
            ),
        );
    }
    if let Some(input) = answered {
        out.command(Command::Journal(JournalCommand::KeepTaxInput(input)));
    }
}

/// One outflow: what left, where to, how it counts now, and the question;
/// the answer to keep when one is picked.
fn outflow_ui(ui: &mut Ui, cx: &Shared, figures: &TaxFigures, entry: &Entry) -> Option<TaxInput> {
    let language = cx.language;
    let amounts = cx.amounts();
    let ledger = &figures.ledger;
    let record = figures.sources.record_id(entry.record)?;
    let asset = ledger.asset_name(entry.asset);
    let quantity = amounts
        .written(entry.quantity, asset, crate::app::format::Precision::Exact)
        .text();
    let when = cx.moments().text(entry.at.get());
    let address = figures
        .sources
        .destination(entry.record)
        .map(|address| short_address(&address))
        .unwrap_or_default();
    let what = cx.t_with(
        "taxes.outflow.what",
        &[
            ("quantity", &quantity),
            ("date", &when),
            ("address", &address),
        ],
    );
    ui.label(RichText::new(&what).strong());
    let current = entry.kind.outflow_answer();
    let counted = if entry.kind.is_sale() {
        cx.t_with(
            "taxes.outflow.counted_sale",
            &[
                ("kind", &kind_text(language, entry.kind)),
                ("value", &amounts.brl(entry.value_brl)),
                (
                    "source",
                    entry
                        .source
                        .text(super::super::words::report_language(language)),
                ),
            ],
        )
    } else {
        cx.t_with(
            "taxes.outflow.counted_other",
            &[("kind", &kind_text(language, entry.kind))],
        )
    };
    ui.add(egui::Label::new(RichText::new(counted).weak()).wrap());
    if current.is_none() {
        ui.add(egui::Label::new(cx.t("taxes.outflow.unanswered").as_ref()).wrap());
    }
    ui.label(cx.t("taxes.outflow.question").as_ref());
    let mut picked = None;
    ui.horizontal_wrapped(|ui| {
        for answer in OutflowAnswer::ALL {
            let text = cx.t(answer_key(answer));
            let selected = current == Some(answer);
            let spoken = cx.t_with(
                "taxes.outflow.answer_name",
                &[("answer", text.as_ref()), ("what", &what)],
            );
            // Named with the outflow it answers: every row offers the same three.
            let response = ui.radio(selected, text.as_ref());
            response.widget_info(|| {
                egui::WidgetInfo::selected(egui::Role::RadioButton, true, selected, &spoken)
            });
            if response.clicked() && !selected {
                picked = Some(answer);
            }
        }
    });
    picked.map(|answer| TaxInput::OutflowAnswer {
        record,
        answer: Some(answer),
    })
}
