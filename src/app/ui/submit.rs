//! A form's send button and where its request stands: in flight, created,
//! refused, not applied, or unknown after a lost answer (see `app::submit`).

use super::waiting::spinner_ui;
use egui::{RichText, Ui};

use crate::app::error_text::{Localize, refusal_reason, technical_details};
use crate::app::i18n::{Language, tr, tr_with};
use crate::app::submit::{SubmitOutcome, SubmitStatus};
use brlv_core::api::Error;

use super::fields::{error_text_ui, note_ui};
use super::live::live_region;
use super::palette;

/// The send button: enabled only when the form is valid and nothing is in flight.
pub fn send_button_ui(ui: &mut Ui, label: &str, valid: bool, status: &SubmitStatus) -> bool {
    let enabled = valid && !status.is_sending();
    let clicked = ui.add_enabled(enabled, egui::Button::new(label)).clicked();
    // Enter in one of the form's fields is the same as a click.
    clicked || (super::fields::enter_submitted(ui) && enabled)
}

/// The send button under a form, a little below it: the request
/// `validation` holds when the person sends a valid form, else nothing.
pub fn sent_ui<T, E>(
    ui: &mut Ui,
    label: &str,
    validation: Result<T, E>,
    status: &SubmitStatus,
) -> Option<T> {
    ui.add_space(6.0);
    let send = send_button_ui(ui, label, validation.is_ok(), status);
    validation.ok().filter(|_| send)
}

/// Where a form's request stands: a spinner while it is in flight, then
/// what came of it. `created_text` describes a success.
pub fn submit_status_ui(
    ui: &mut Ui,
    language: Language,
    status: &SubmitStatus,
    created_text: &str,
) {
    let outcome = match status {
        SubmitStatus::Idle => return,
        SubmitStatus::Sending => {
            ui.horizontal(|ui| {
                spinner_ui(ui);
                ui.label(tr(language, "accounts.sending").as_ref());
            });
            return;
        }
        SubmitStatus::Finished(outcome) => outcome,
    };
    match outcome {
        SubmitOutcome::Created { after_unknown, .. } => {
            let response = ui.label(RichText::new(created_text).color(palette::of(ui).success));
            live_region(&response, false);
            if *after_unknown {
                note_ui(ui, &tr(language, "accounts.found_after_unknown"));
            }
        }
        SubmitOutcome::Refused(error) => {
            error_text_ui(ui, &tr(language, "accounts.refused"));
            match error.service_error() {
                Some(service) => error_text_ui(ui, &refusal_reason(language, &service.code)),
                None => error_text_ui(ui, &error.localize(language)),
            }
            note_ui(ui, &tr(language, "accounts.kept_typed"));
            technical_details_ui(ui, language, error);
        }
        // Nothing was refused and nothing left: there is nothing to correct.
        SubmitOutcome::NotSent(error) => {
            let response = ui.label(
                RichText::new(tr(language, "accounts.not_sent").as_ref())
                    .strong()
                    .color(palette::of(ui).warning),
            );
            live_region(&response, true);
            note_ui(ui, &tr(language, "accounts.not_sent_kept"));
            technical_details_ui(ui, language, error);
        }
        SubmitOutcome::NotApplied(error) | SubmitOutcome::NotYetKnown { error, .. } => {
            warning_with_error_ui(ui, language, outcome, error);
        }
        // What was sent and each record that could be it are named below
        // by the form, as the settled sends' card names them.
        SubmitOutcome::CannotTell(cannot_tell) => {
            warning_with_error_ui(ui, language, outcome, &cannot_tell.error);
        }
        SubmitOutcome::Unknown { error, reread } => {
            let response = ui.label(
                RichText::new(outcome_text(language, outcome).unwrap_or_default())
                    .color(palette::of(ui).warning),
            );
            live_region(&response, true);
            note_ui(ui, &error.localize(language));
            if let Some(reread) = reread {
                note_ui(ui, &reread.localize(language));
            }
            technical_details_ui(ui, language, error);
        }
    }
}

/// An outcome that is neither done nor refused, in words on the warning's
/// colour, read out as it appears, with the error and its details.
fn warning_with_error_ui(ui: &mut Ui, language: Language, outcome: &SubmitOutcome, error: &Error) {
    let response = ui.label(
        RichText::new(outcome_text(language, outcome).unwrap_or_default())
            .color(palette::of(ui).warning),
    );
    live_region(&response, true);
    note_ui(ui, &error.localize(language));
    technical_details_ui(ui, language, error);
}

/// The raw error behind "Technical details", closed until opened: what a
/// person sends to support, never in the way of the sentence above it.
pub fn technical_details_ui(ui: &mut Ui, language: Language, error: &Error) {
    egui::CollapsingHeader::new(tr(language, "errors.technical_details").as_ref())
        .id_salt("brlv-desk-technical-details")
        .default_open(false)
        .show(ui, |ui| {
            ui.add(
                egui::Label::new(RichText::new(technical_details(error)).monospace().small())
                    .wrap()
                    .selectable(true),
            );
        });
}

/// What a POST whose answer did not settle it came to, in words that say
/// why the answer could not (lost, a 5xx, unreadable) and what the re-read
/// showed, or that no re-read could be compared; `None` for an outcome the
/// answer settled (created from it, or refused).
pub fn outcome_text(language: Language, outcome: &SubmitOutcome) -> Option<String> {
    let (error, key) = match outcome {
        SubmitOutcome::Created {
            after_unknown: false,
            ..
        }
        | SubmitOutcome::Refused(_)
        | SubmitOutcome::NotSent(_) => return None,
        // The answer that was lost is not kept with a record found again.
        SubmitOutcome::Created { .. } => {
            return Some(tr(language, "accounts.found_after_unknown").into_owned());
        }
        SubmitOutcome::NotApplied(error) => (error, "accounts.not_applied"),
        SubmitOutcome::CannotTell(cannot_tell) => (&cannot_tell.error, "accounts.cannot_tell"),
        SubmitOutcome::NotYetKnown { error, until, .. } => {
            let local = crate::app::clock::LocalZone::system().local(*until);
            let time = format!("{:02}:{:02}", local.hour(), local.minute());
            return Some(tr_with(
                language,
                "accounts.not_yet_known",
                &[("lead", &unsettled_lead(language, error)), ("time", &time)],
            ));
        }
        // Tried and failed: the re-read's own error is kept.
        SubmitOutcome::Unknown {
            error,
            reread: Some(_),
        } => (error, "accounts.outcome_unknown"),
        // Nothing to compare with: the list read before sending had failed,
        // so no re-read was tried.
        SubmitOutcome::Unknown {
            error,
            reread: None,
        } => (error, "accounts.outcome_unknown_no_before"),
    };
    Some(tr_with(
        language,
        key,
        &[("lead", &unsettled_lead(language, error))],
    ))
}

/// Why the answer alone does not say whether a POST was applied.
fn unsettled_lead(language: Language, error: &Error) -> String {
    match error.status() {
        Some(status) if status >= 500 => tr_with(
            language,
            "accounts.lead_failed",
            &[("status", &status.to_string())],
        ),
        _ if error.is_unreadable_answer() => tr(language, "accounts.lead_unreadable").into_owned(),
        _ => tr(language, "accounts.lead_lost").into_owned(),
    }
}
