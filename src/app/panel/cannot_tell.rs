//! A send whose outcome cannot be told, named the same way wherever it is
//! told (the settled sends' card in Settings, the message under the form
//! that sent it): what was sent (amount and destination) and each record
//! at the service that could be it (amount, destination, time, id), with
//! what to check.

use egui::{RichText, Ui};

use crate::app::features::journal::message::SendCandidate;
use crate::app::features::journal::resend::{Resend, request_in};
use crate::app::format::asset_amount_text;
use crate::app::submit::{SubmitOutcome, SubmitStatus};

use super::Shared;

/// What a request to send again holds, in a line: its amount and where
/// it goes (the form shows every field once filled).
pub fn resend_summary(cx: &Shared, resend: &Resend) -> String {
    match resend {
        Resend::Withdrawal(request) => cx.t_with(
            "settle.resend_summary",
            &[
                (
                    "amount",
                    &asset_amount_text(cx.amounts(), Some(request.amount), Some(&request.asset)),
                ),
                (
                    "to",
                    &crate::app::panel::review::destination_text(cx.language, request),
                ),
            ],
        ),
        Resend::Transfer(request) => cx.t_with(
            "settle.resend_summary",
            &[
                (
                    "amount",
                    &asset_amount_text(cx.amounts(), Some(request.amount), Some(&request.asset)),
                ),
                (
                    "to",
                    &cx.t_with("settle.to_address", &[("address", &request.target_address)]),
                ),
            ],
        ),
    }
}

/// The asset a request read back from the journal moves.
fn request_asset(request: &Resend) -> &brlv_core::api::model::Asset {
    match request {
        Resend::Withdrawal(request) => &request.asset,
        Resend::Transfer(request) => &request.asset,
    }
}

/// A send whose outcome cannot be told, named: what was sent (amount,
/// method and destination) and each record at the service that could be
/// it (amount, destination, time, id), so the person can look each one up
/// in the list and in the receiving account's statement.
/// `endpoint` and `body` are what was sent, as the journal keeps it.
pub fn cannot_tell_ui(
    ui: &mut Ui,
    cx: &Shared,
    endpoint: &str,
    body: &str,
    candidates: &[SendCandidate],
) {
    let request = request_in(endpoint, body);
    if let Some(request) = &request {
        let sent = cx.t_with(
            "settle.what_was_sent",
            &[("sent", &resend_summary(cx, request))],
        );
        ui.add(egui::Label::new(sent).wrap());
    }
    if candidates.is_empty() {
        return;
    }
    ui.add(egui::Label::new(RichText::new(cx.t("settle.candidates").as_ref()).strong()).wrap());
    let asset = request.as_ref().map(request_asset);
    let moments = cx.moments();
    // Oldest first, as the statement lists them.
    let mut in_order: Vec<&SendCandidate> = candidates.iter().collect();
    in_order.sort_by_key(|candidate| candidate.created_at);
    for candidate in in_order {
        let line = cx.t_with(
            "settle.candidate",
            &[
                (
                    "amount",
                    &asset_amount_text(cx.amounts(), candidate.amount, asset),
                ),
                (
                    "to",
                    candidate
                        .destination
                        .as_deref()
                        .unwrap_or(crate::app::format::MISSING),
                ),
                ("time", &moments.exact_or_missing(candidate.created_at)),
                ("id", &candidate.id),
            ],
        );
        ui.add(
            egui::Label::new(format!("• {line}"))
                .wrap()
                .selectable(true),
        );
    }
}

/// Under a form whose last send cannot be told: what it sent and each
/// record that could be it, as the settled sends' card names them, and
/// what to check; nothing for any other outcome.
pub fn form_cannot_tell_ui(ui: &mut Ui, cx: &Shared, status: &SubmitStatus) {
    let SubmitStatus::Finished(SubmitOutcome::CannotTell(cannot_tell)) = status else {
        return;
    };
    let candidates: Vec<SendCandidate> = cannot_tell
        .candidates
        .iter()
        .map(SendCandidate::from)
        .collect();
    cannot_tell_ui(
        ui,
        cx,
        &cannot_tell.endpoint,
        &cannot_tell.body,
        &candidates,
    );
    if !candidates.is_empty() {
        ui.add(egui::Label::new(cx.t("settle.cannot_tell_check").as_ref()).wrap());
    }
}
