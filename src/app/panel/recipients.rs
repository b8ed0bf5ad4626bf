//! A saved recipient in a form: the "Saved recipients" picker each form
//! shows, and "Save this recipient" after a new destination was typed; one
//! line naming a recipient, as the picker and the manager in Settings
//! write it. Every control is named for screen readers and reached with
//! Tab; Enter in the name field saves it.

use egui::Ui;

use crate::app::error_text::Localize;
use crate::app::format::document_shown;
use crate::app::recipient_book::{RecipientKind, check_name, is_saved, of_kinds};
use crate::app::ted::bank_label;
use crate::app::ui::error_text_ui;
use brlv_core::recipients::{Destination, Recipient};

use super::{Ask, Outbox, Shared};

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

/// The "Saved recipients" picker of a form: the recipients of `kinds`;
/// the one picked is returned for the form to fill its fields with.
/// Nothing is drawn while none is saved of those kinds.
pub fn recipient_picker_ui(
    ui: &mut Ui,
    cx: &Shared,
    id: &'static str,
    kinds: &[RecipientKind],
) -> Option<Destination> {
    let choices: Vec<(String, Destination)> = of_kinds(&cx.recipients, kinds)
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
    cx: &Shared,
    out: &mut Outbox,
    offer: &mut Option<String>,
    destination: Option<Destination>,
) {
    let Some(destination) =
        destination.filter(|destination| !is_saved(&cx.recipients, destination))
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
    let checked = check_name(&cx.recipients, name, None);
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
