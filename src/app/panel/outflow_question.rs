//! The outflow question in a review before tokens leave: one line, never
//! blocking, drawn only when the destination is not one of the account's
//! wallets. Its answers are the Taxes view's own ([`OutflowAnswer`]); the
//! answer is kept once the service names the record
//! ([`crate::app::tax_year::outflow`]).

use egui::{RichText, Ui};

use uuid::Uuid;

use crate::app::features::journal::message::JournalCommand;
use crate::app::message::Command;
use crate::app::tax_year::outflow::{OutflowQuestion, answer_key};
use brlv_core::tax::OutflowAnswer;

use super::{Outbox, Shared};

/// Whether `address` is one of the account's wallets (a move between
/// them is no outflow: nothing to ask).
fn is_account_wallet(cx: &Shared, address: &str) -> bool {
    cx.data.wallets.value().is_some_and(|wallets| {
        wallets
            .iter()
            .any(|wallet| wallet.address.eq_ignore_ascii_case(address))
    })
}

/// Asks what tokens going to `target` are for, when it is not the
/// account's; the person's pick goes into `question`.
pub fn outflow_question_ui(
    ui: &mut Ui,
    cx: &Shared,
    target: Option<&str>,
    question: &mut OutflowQuestion,
) {
    let Some(target) = target.map(str::trim).filter(|target| !target.is_empty()) else {
        return;
    };
    if is_account_wallet(cx, target) {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(cx.t("taxes.outflow.at_send.question").as_ref()).weak());
        for answer in OutflowAnswer::ALL {
            let text = cx.t(answer_key(answer));
            let selected = question.answer == Some(answer);
            let spoken = cx.t_with(
                "taxes.outflow.at_send.answer_name",
                &[("answer", text.as_ref())],
            );
            let response = ui.radio(selected, text.as_ref());
            response.widget_info(|| {
                egui::WidgetInfo::selected(egui::Role::RadioButton, true, selected, &spoken)
            });
            if response.clicked() {
                question.answer = Some(answer);
            }
        }
        if question.answer.is_none() {
            ui.label(RichText::new(cx.t("taxes.outflow.at_send.unanswered").as_ref()).weak());
        }
    });
}

/// The question's answer once its send ended: kept in the journal under
/// the record the service `made`, if it made one; dropped either way, so
/// the next review starts unanswered.
pub fn outflow_sent(question: &mut OutflowQuestion, made: Option<Uuid>, out: &mut Outbox) {
    if let Some(input) = made.and_then(|record| question.kept_for(record)) {
        out.command(Command::Journal(JournalCommand::KeepTaxInput(input)));
    }
    question.clear();
}
