//! The saved recipients' manager in Settings: add with the forms' own
//! checks, rename, delete after a confirming click (the picker and the
//! offer each form shows are the panel kit's, `panel::recipients`). Every
//! control is named for screen readers and reached with Tab; Enter in a
//! name field saves it.

use egui::{RichText, Ui};

use crate::app::error_text::Localize;
use crate::app::form::Field;
use crate::app::ui::ted::ted_form_ui;
use crate::app::ui::{
    address_field_ui, error_text_ui, field_message, note_ui, pix_key_field_ui, text_field_ui,
};
use brlv_core::recipients::RecipientsError;

use crate::app::i18n::{self, Language};

use super::message::RecipientsCommand;
use super::state::{Changed, FileStatus, RecipientsState, RecipientsTold};
use crate::app::message::Command;
use crate::app::panel::Panel;
use crate::app::panel::recipients::destination_line;
use crate::app::panel::{Ask, Outbox, Shared};
use crate::app::recipient_book::{RecipientKind, check_name};

impl Localize for RecipientsError {
    fn localize(&self, language: Language) -> String {
        match self {
            RecipientsError::Io {
                action,
                path,
                reason,
            } => {
                let key = match *action {
                    "read" => "recipients.err_read",
                    "set aside" => "recipients.err_set_aside",
                    _ => "recipients.err_write",
                };
                i18n::tr_with(
                    language,
                    key,
                    &[("path", &path.display().to_string()), ("reason", reason)],
                )
            }
            RecipientsError::Damaged { path, reason } => i18n::tr_with(
                language,
                "recipients.err_damaged",
                &[("path", &path.display().to_string()), ("reason", reason)],
            ),
        }
    }
}

/// A button whose accessible name says what it acts on ("Rename Aluguel"),
/// while it shows only the verb.
fn named_button(ui: &mut Ui, text: &str, name: String) -> egui::Response {
    let response = ui.button(text);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
    response
}

impl Panel for RecipientsState {
    type Event = RecipientsTold;

    fn ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        manager_ui(ui, self, cx, out);
    }

    fn apply(&mut self, event: RecipientsTold, cx: &Shared, out: &mut Outbox) {
        let changed = match event {
            RecipientsTold::File(event) => self.take_in(&cx.recipients, event),
            RecipientsTold::Add(recipient) => Some(self.add(&cx.recipients, recipient)),
        };
        keep(out, changed);
    }
}

/// Hands the worker a write of the list, when there is one.
fn save_into(out: &mut Outbox, save: Option<RecipientsCommand>) {
    if let Some(save) = save {
        out.command(Command::Recipients(save));
    }
}

/// Keeps the changed list as the shared one, and hands the worker its write.
fn keep(out: &mut Outbox, changed: Option<Changed>) {
    if let Some(Changed { list, save }) = changed {
        out.ask(Ask::KeepRecipients(list));
        save_into(out, save);
    }
}

/// The manager in Settings: the file's state, every recipient with Rename
/// and Delete, and the form to add one.
fn manager_ui(ui: &mut Ui, recipients: &mut RecipientsState, cx: &Shared, out: &mut Outbox) {
    ui.label(RichText::new(cx.t("recipients.title").as_ref()).strong());
    file_status_ui(ui, recipients, cx, out);
    list_ui(ui, recipients, cx, out);
    ui.add_space(6.0);
    add_ui(ui, recipients, cx, out);
}

fn file_status_ui(ui: &mut Ui, recipients: &mut RecipientsState, cx: &Shared, out: &mut Outbox) {
    let language = cx.language;
    match recipients.file.clone() {
        FileStatus::Damaged(error) => {
            error_text_ui(
                ui,
                &cx.t_with(
                    "recipients.file_damaged",
                    &[("detail", &error.localize(language))],
                ),
            );
            if ui.button(cx.t("recipients.set_aside").as_ref()).clicked() {
                save_into(out, recipients.save(&cx.recipients, true));
            }
        }
        FileStatus::Failed(error) => error_text_ui(
            ui,
            &cx.t_with(
                "recipients.file_failed",
                &[("detail", &error.localize(language))],
            ),
        ),
        FileStatus::InMemory => note_ui(ui, &cx.t("recipients.in_memory")),
        FileStatus::Loading | FileStatus::Ready => {}
    }
    if let Some(moved) = &recipients.set_aside_to {
        note_ui(
            ui,
            &cx.t_with(
                "recipients.set_aside_done",
                &[("path", &moved.display().to_string())],
            ),
        );
    }
}

enum RowAction {
    StartRename(usize),
    Rename(usize, String),
    CancelRename,
    AskDelete(usize),
    Delete(usize),
    CancelDelete,
}

fn list_ui(ui: &mut Ui, recipients: &mut RecipientsState, cx: &Shared, out: &mut Outbox) {
    if cx.recipients.is_empty() {
        note_ui(ui, &cx.t("recipients.none"));
        return;
    }
    let language = cx.language;
    let mut action = None;
    let mut rename_error = None;
    let (rename, delete) = (cx.t("recipients.rename"), cx.t("recipients.delete"));
    let (save, cancel) = (cx.t("recipients.save_name"), cx.t("recipients.cancel"));
    let (delete_yes, delete_no) = (cx.t("recipients.delete_yes"), cx.t("recipients.delete_no"));
    let list = &cx.recipients;
    // Names a person cannot tell apart are each marked before one is paid;
    // worked out again only when the names change.
    let revision = (names_fingerprint(list), list.len());
    let look_alikes = recipients
        .look_alikes
        .of(revision, || {
            list.iter().map(|recipient| recipient.name.as_str())
        })
        .clone();
    let look_alike = cx.t("recipients.look_alike");
    egui::Grid::new("saved_recipients")
        .num_columns(4)
        .spacing([16.0, 6.0])
        .show(ui, |ui| {
            for (index, recipient) in list.iter().enumerate() {
                let kind = RecipientKind::of(&recipient.destination);
                let field_name = cx.t_with("recipients.new_name_for", &[("name", &recipient.name)]);
                let kind_name = cx.t(kind.label_key());
                let delete_confirm =
                    cx.t_with("recipients.delete_confirm", &[("name", &recipient.name)]);
                let renaming = recipients.renaming.as_mut().filter(|(at, _)| *at == index);
                if let Some((_, name)) = renaming {
                    let field = ui.add(egui::TextEdit::singleline(name).desired_width(180.0));
                    field.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::TextInput, true, &field_name)
                    });
                    if field.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter)) {
                        action = Some(RowAction::Rename(index, name.clone()));
                    }
                    let typed = name.clone();
                    if let Err(error) = check_name(list, &typed, Some(index)) {
                        rename_error = Some(error.localize(language));
                    }
                    ui.label(kind_name.as_ref());
                    ui.label(RichText::new(destination_line(&recipient.destination)).monospace());
                    ui.horizontal(|ui| {
                        if ui.button(save.as_ref()).clicked() {
                            action = Some(RowAction::Rename(index, typed));
                        }
                        if ui.button(cancel.as_ref()).clicked() {
                            action = Some(RowAction::CancelRename);
                        }
                    });
                } else {
                    let shown = if look_alikes.contains(&recipient.name) {
                        format!("{} ({look_alike})", recipient.name)
                    } else {
                        recipient.name.clone()
                    };
                    ui.label(RichText::new(shown).strong());
                    ui.label(kind_name.as_ref());
                    ui.label(RichText::new(destination_line(&recipient.destination)).monospace());
                    ui.horizontal(|ui| {
                        if recipients.confirm_delete == Some(index) {
                            ui.label(&delete_confirm);
                            if ui.button(delete_yes.as_ref()).clicked() {
                                action = Some(RowAction::Delete(index));
                            }
                            if ui.button(delete_no.as_ref()).clicked() {
                                action = Some(RowAction::CancelDelete);
                            }
                        } else {
                            let name = &recipient.name;
                            if named_button(ui, &rename, format!("{rename} {name}")).clicked() {
                                action = Some(RowAction::StartRename(index));
                            }
                            if named_button(ui, &delete, format!("{delete} {name}")).clicked() {
                                action = Some(RowAction::AskDelete(index));
                            }
                        }
                    });
                }
                ui.end_row();
            }
        });
    if let Some(message) = &rename_error {
        error_text_ui(ui, message);
    }
    match action {
        Some(RowAction::StartRename(index)) => {
            let name = list.get(index).map(|recipient| recipient.name.clone());
            recipients.renaming = name.map(|name| (index, name));
            recipients.confirm_delete = None;
        }
        Some(RowAction::Rename(index, name)) => {
            // A refused name stays in the field, its message beside it.
            if let Ok(changed) = recipients.rename(list, index, &name) {
                keep(out, changed);
                recipients.renaming = None;
            }
        }
        Some(RowAction::CancelRename) => recipients.renaming = None,
        Some(RowAction::AskDelete(index)) => {
            recipients.confirm_delete = Some(index);
            recipients.renaming = None;
        }
        Some(RowAction::Delete(index)) => {
            keep(out, recipients.delete(list, index));
            recipients.confirm_delete = None;
        }
        Some(RowAction::CancelDelete) => recipients.confirm_delete = None,
        None => {}
    }
}

/// The form to add a recipient: name, kind, and the kind's fields, each
/// checked as the forms check them.
fn add_ui(ui: &mut Ui, recipients: &mut RecipientsState, cx: &Shared, out: &mut Outbox) {
    let language = cx.language;
    ui.label(RichText::new(cx.t("recipients.add_title").as_ref()).strong());
    let validation = recipients.draft.validate(&cx.recipients);
    let errors = validation.as_ref().err();
    let message = |field| field_message(language, errors, field);
    let name_label = cx.t("recipients.name");
    let name_hint = cx.t("recipients.name_hint");
    text_field_ui(
        ui,
        &name_label,
        &mut recipients.draft.name,
        &name_hint,
        240.0,
        message(Field::Name),
    );
    let kinds = [
        RecipientKind::Pix,
        RecipientKind::Ted,
        RecipientKind::Wallet,
    ];
    let names: Vec<String> = kinds
        .iter()
        .map(|kind| cx.t(kind.label_key()).into_owned())
        .collect();
    ui.horizontal(|ui| {
        ui.label(cx.t("recipients.kind").as_ref());
        for (kind, name) in kinds.iter().zip(&names) {
            ui.radio_value(&mut recipients.draft.kind, *kind, name);
        }
    });
    match recipients.draft.kind {
        RecipientKind::Pix => {
            let label = cx.t("recipients.pix_key");
            let draft = &mut recipients.draft;
            pix_key_field_ui(ui, &label, &mut draft.pix_key, message(Field::PixKey));
        }
        RecipientKind::Ted => ted_form_ui(ui, "recipient_bank", &mut recipients.draft.ted, errors),
        RecipientKind::Wallet => {
            let label = cx.t("recipients.address");
            let address = &mut recipients.draft.address;
            address_field_ui(ui, &label, address, message(Field::TargetWallet));
        }
    }
    let add = crate::app::ui::send_button_ui(
        ui,
        &cx.t("recipients.add"),
        validation.is_ok(),
        &crate::app::submit::SubmitStatus::Idle,
    );
    if add && let Ok(recipient) = validation {
        keep(out, Some(recipients.add(&cx.recipients, recipient)));
        recipients.draft = Default::default();
    }
}

/// A fingerprint of the saved names, so the look-alike marks follow every
/// change of the list, even one the file could not keep.
fn names_fingerprint(list: &[brlv_core::recipients::Recipient]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for recipient in list {
        recipient.name.hash(&mut hasher);
    }
    hasher.finish()
}
