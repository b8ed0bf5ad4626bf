//! The open profile's account holder: the name and CPF or CNPJ a receipt
//! names as who pays. The service's interface says nothing of the
//! account's holder, so the person sets it here, once per profile; it is
//! kept in the profile file.

use egui::{RichText, Ui};

use crate::app::error_text::Localize;
use crate::app::form::FieldError;
use crate::app::message::Command;
use crate::app::panel::{Outbox, Shared};
use crate::app::ui::error_text_ui;
use brlv_core::pix::PixKeyError;
use brlv_core::profile::{AccountHolder, AccountHolderError};

use super::super::state::SettingsState;

/// What is wrong with the typed holder, in the person's language: a CPF or
/// CNPJ whose check digits do not match says so.
fn problem_text(cx: &Shared, error: &AccountHolderError) -> String {
    match error {
        AccountHolderError::NameMissing => FieldError::Required.localize(cx.language),
        AccountHolderError::NameTooLong(longest) => {
            FieldError::TooLong(*longest).localize(cx.language)
        }
        AccountHolderError::Document(Some(
            error @ (PixKeyError::CpfCheckDigits
            | PixKeyError::CnpjCheckDigits
            | PixKeyError::CpfRepeated
            | PixKeyError::CnpjRepeated),
        )) => error.localize(cx.language),
        AccountHolderError::Document(_) => FieldError::NotADocument.localize(cx.language),
    }
}

/// Draws the account holder's fields for the open profile, with Save and
/// Remove; nothing without an open connection.
pub fn account_holder_ui(ui: &mut Ui, settings: &mut SettingsState, cx: &Shared, out: &mut Outbox) {
    let Some(session) = &cx.session else {
        return;
    };
    let profile = session.profile.name.clone();
    let saved = cx.account_holder();
    settings.holder.follow(&profile, saved);
    ui.label(RichText::new(cx.t("settings.holder_title").as_ref()).strong());
    ui.add(egui::Label::new(RichText::new(cx.t("settings.holder_hint").as_ref()).weak()).wrap());
    let draft = &mut settings.holder;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(cx.t("settings.holder_name").as_ref());
        ui.add(egui::TextEdit::singleline(&mut draft.name).desired_width(260.0))
            .labelled_by(label.id);
        let label = ui.label(cx.t("settings.holder_document").as_ref());
        ui.add(egui::TextEdit::singleline(&mut draft.document).desired_width(180.0))
            .labelled_by(label.id);
    });
    let typed = AccountHolder::new(&draft.name, &draft.document);
    let unchanged = matches!((&typed, saved), (Ok(typed), Some(saved)) if typed == saved);
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(
                !unchanged,
                egui::Button::new(cx.t("settings.holder_save").as_ref()),
            )
            .clicked()
        {
            match &typed {
                Ok(holder) => {
                    draft.problem = None;
                    out.command(Command::SetAccountHolder {
                        profile: profile.clone(),
                        holder: Some(holder.clone()),
                    });
                }
                Err(error) => draft.problem = Some(problem_text(cx, error)),
            }
        }
        if saved.is_some() && ui.button(cx.t("settings.holder_remove").as_ref()).clicked() {
            draft.name.clear();
            draft.document.clear();
            draft.problem = None;
            out.command(Command::SetAccountHolder {
                profile: profile.clone(),
                holder: None,
            });
        }
        if unchanged {
            ui.label(RichText::new(cx.t("settings.holder_saved").as_ref()).weak());
        }
    });
    if let Some(problem) = &draft.problem {
        error_text_ui(ui, problem);
    }
    ui.add_space(12.0);
}
