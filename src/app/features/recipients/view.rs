//! Saved recipients on screen: the manager in Settings (add with the forms'
//! own checks, rename, delete after a confirming click), the "Saved
//! recipients" picker each form shows, and "Save this recipient" after a
//! new destination was typed. Every control is named for screen readers
//! and reached with Tab; Enter in a name field saves it.

use egui::{RichText, Ui};

use crate::app::error_text::Localize;
use crate::app::form::Field;
use crate::app::format::document_shown;
use crate::app::ted::bank_label;
use crate::app::ui::ted::ted_form_ui;
use crate::app::ui::{
    address_field_ui, error_text_ui, field_message, note_ui, pix_key_field_ui, text_field_ui,
};
use brlv_core::recipients::{Destination, Recipient, RecipientsError};

use crate::app::i18n::{self, Language};

use super::message::RecipientsCommand;
use super::state::{
    FileStatus, RecipientKind, RecipientsState, RecipientsTold, check_name, is_saved, of_kinds,
};
use crate::app::message::Command;
use crate::app::panel::Panel;
use crate::app::panel::{Ask, Outbox, PanelContext};

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

/// Where a recipient is paid, in one line; a TED's bank by its name too
/// (`Itaú Unibanco (341) 0001 / 12345-6 · Maria Silva`).
pub fn destination_line(destination: &Destination) -> String {
    match destination {
        Destination::Ted(account) => {
            let bank = bank_label(&account.bank_code);
            format!(
                "{bank} {} / {} · {}",
                account.branch, account.account, account.name
            )
        }
        // A PIX key that is a CPF masked as banks show a contact's.
        Destination::Pix { key } => document_shown(key),
        other => other.summary(),
    }
}

/// One line naming a recipient: its name and where it pays.
pub fn recipient_line(recipient: &Recipient) -> String {
    format!(
        "{} — {}",
        recipient.name,
        destination_line(&recipient.destination)
    )
}

/// A button whose accessible name says what it acts on ("Rename Aluguel"),
/// while it shows only the verb.
fn named_button(ui: &mut Ui, text: &str, name: String) -> egui::Response {
    let response = ui.button(text);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
    response
}

/// The "Saved recipients" picker of a form: the recipients of `kinds`;
/// the one picked is returned for the form to fill its fields with.
/// Nothing is drawn while none is saved of those kinds.
pub fn recipient_picker_ui(
    ui: &mut Ui,
    cx: &PanelContext<'_>,
    id: &'static str,
    kinds: &[RecipientKind],
) -> Option<Destination> {
    let choices: Vec<(String, Destination)> = of_kinds(cx.recipients, kinds)
        .map(|(_, recipient)| (recipient_line(recipient), recipient.destination.clone()))
        .collect();
    if choices.is_empty() {
        return None;
    }
    let mut picked = None;
    ui.horizontal(|ui| {
        let label = ui.label(cx.t("recipients.picker").as_ref());
        egui::ComboBox::from_id_salt(id)
            .selected_text(cx.t("recipients.pick").as_ref())
            .width(360.0)
            .show_ui(ui, |ui| {
                for (line, destination) in &choices {
                    if ui.selectable_label(false, line).clicked() {
                        picked = Some(destination.clone());
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
    picked
}

/// "Save this recipient" under a form's destination, once it is valid and
/// not saved yet: a button that opens a name field (`offer`, the form's
/// own) and its Save button; the recipient saved goes out as
/// [`Ask::SaveRecipient`].
pub fn recipient_offer_ui(
    ui: &mut Ui,
    cx: &PanelContext<'_>,
    out: &mut Outbox,
    offer: &mut Option<String>,
    destination: Option<Destination>,
) {
    let Some(destination) = destination.filter(|destination| !is_saved(cx.recipients, destination))
    else {
        *offer = None;
        return;
    };
    let Some(name) = offer.as_mut() else {
        if ui.button(cx.t("recipients.save_this").as_ref()).clicked() {
            *offer = Some(String::new());
        }
        return;
    };
    let (label, hint) = (cx.t("recipients.name"), cx.t("recipients.name_hint"));
    let (save, cancel) = (cx.t("recipients.save_recipient"), cx.t("recipients.cancel"));
    let mut close = false;
    let checked = check_name(cx.recipients, name, None);
    let message = checked
        .as_ref()
        .err()
        .filter(|_| !name.trim().is_empty())
        .map(|error| error.localize(cx.language));
    ui.horizontal(|ui| {
        let name_label = ui.label(label.as_ref());
        let field = ui
            .add(
                egui::TextEdit::singleline(name)
                    .hint_text(hint.as_ref())
                    .desired_width(220.0),
            )
            .labelled_by(name_label.id);
        let entered = field.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter));
        let clicked = ui
            .add_enabled(checked.is_ok(), egui::Button::new(save.as_ref()))
            .clicked();
        if (clicked || entered)
            && let Ok(name) = &checked
        {
            out.ask(Ask::SaveRecipient(Recipient {
                name: name.clone(),
                destination: destination.clone(),
            }));
            close = true;
        }
        if ui.button(cancel.as_ref()).clicked() {
            close = true;
        }
    });
    if let Some(message) = message {
        error_text_ui(ui, &message);
    }
    if close {
        *offer = None;
    }
}

impl Panel for RecipientsState {
    type Event = RecipientsTold;

    fn ui(&mut self, ui: &mut Ui, cx: &PanelContext<'_>, out: &mut Outbox) {
        manager_ui(ui, self, cx, out);
    }

    fn apply(&mut self, event: RecipientsTold) -> Vec<Command> {
        let save = match event {
            RecipientsTold::File(event) => self.take_in(event),
            RecipientsTold::Add(recipient) => self.add(recipient),
        };
        save.map(Command::Recipients).into_iter().collect()
    }
}

/// Hands the worker a write of the list, when there is one.
fn save_into(out: &mut Outbox, save: Option<RecipientsCommand>) {
    if let Some(save) = save {
        out.command(Command::Recipients(save));
    }
}

/// The manager in Settings: the file's state, every recipient with Rename
/// and Delete, and the form to add one.
fn manager_ui(
    ui: &mut Ui,
    recipients: &mut RecipientsState,
    cx: &PanelContext<'_>,
    out: &mut Outbox,
) {
    ui.label(RichText::new(cx.t("recipients.title").as_ref()).strong());
    file_status_ui(ui, recipients, cx, out);
    list_ui(ui, recipients, cx, out);
    ui.add_space(6.0);
    add_ui(ui, recipients, cx, out);
}

fn file_status_ui(
    ui: &mut Ui,
    recipients: &mut RecipientsState,
    cx: &PanelContext<'_>,
    out: &mut Outbox,
) {
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
                save_into(out, recipients.save(true));
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

fn list_ui(ui: &mut Ui, recipients: &mut RecipientsState, cx: &PanelContext<'_>, out: &mut Outbox) {
    if recipients.list.is_empty() {
        note_ui(ui, &cx.t("recipients.none"));
        return;
    }
    let language = cx.language;
    let mut action = None;
    let mut rename_error = None;
    let (rename, delete) = (cx.t("recipients.rename"), cx.t("recipients.delete"));
    let (save, cancel) = (cx.t("recipients.save_name"), cx.t("recipients.cancel"));
    let (delete_yes, delete_no) = (cx.t("recipients.delete_yes"), cx.t("recipients.delete_no"));
    let list = recipients.list.clone();
    // Names a person cannot tell apart are each marked before one is paid.
    let revision = (recipients.generation(), list.len());
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
                    if let Err(error) = check_name(&list, &typed, Some(index)) {
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
            if let Ok(save) = recipients.rename(index, &name) {
                save_into(out, save);
                recipients.renaming = None;
            }
        }
        Some(RowAction::CancelRename) => recipients.renaming = None,
        Some(RowAction::AskDelete(index)) => {
            recipients.confirm_delete = Some(index);
            recipients.renaming = None;
        }
        Some(RowAction::Delete(index)) => {
            save_into(out, recipients.delete(index));
            recipients.confirm_delete = None;
        }
        Some(RowAction::CancelDelete) => recipients.confirm_delete = None,
        None => {}
    }
}

/// The form to add a recipient: name, kind, and the kind's fields, each
/// checked as the forms check them.
fn add_ui(ui: &mut Ui, recipients: &mut RecipientsState, cx: &PanelContext<'_>, out: &mut Outbox) {
    let language = cx.language;
    ui.label(RichText::new(cx.t("recipients.add_title").as_ref()).strong());
    let validation = recipients.draft.validate(&recipients.list);
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
        save_into(out, recipients.add(recipient));
        recipients.draft = Default::default();
    }
}
