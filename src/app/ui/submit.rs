//! A form's send button and where its request stands: in flight, created,
//! refused, not applied, or unknown after a lost answer (see `app::submit`).

use egui::{RichText, Ui};

use crate::app::error_text::Localize;
use crate::app::i18n::{Language, tr};
use crate::app::submit::{SubmitOutcome, SubmitStatus};

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
                ui.spinner();
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
                Some(service) => {
                    error_text_ui(ui, &format!("{}: {}", service.code, service.message));
                }
                None => error_text_ui(ui, &error.localize(language)),
            }
            note_ui(ui, &tr(language, "accounts.kept_typed"));
        }
        SubmitOutcome::NotApplied(error) => {
            let response = ui.label(
                RichText::new(tr(language, "accounts.not_applied").as_ref())
                    .color(palette::of(ui).warning),
            );
            live_region(&response, true);
            note_ui(ui, &error.localize(language));
        }
        SubmitOutcome::Unknown { error, reread } => {
            let response = ui.label(
                RichText::new(tr(language, "accounts.outcome_unknown").as_ref())
                    .color(palette::of(ui).warning),
            );
            live_region(&response, true);
            note_ui(ui, &error.localize(language));
            if let Some(reread) = reread {
                note_ui(ui, &reread.localize(language));
            }
        }
    }
}
