//! Form pieces: a framed section, labelled fields with their message beside
//! them, notes and errors, choices among options.

use egui::{RichText, TextEdit, Ui};

use crate::app::error_text::Localize;
use crate::app::form::{Field, FieldError, FieldErrors};
use crate::app::i18n::{Language, tr};
use brlv_core::address::AddressError;
use brlv_core::money::ParseAmountError;
use brlv_core::pix::PixKeyError;

use super::palette;

/// A framed block with a title.
pub fn section_ui(ui: &mut Ui, title: &str, add_contents: impl FnOnce(&mut Ui)) {
    egui::Frame::group(ui.style())
        .inner_margin(12)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(title).strong().size(16.0));
            ui.add_space(6.0);
            add_contents(ui);
        });
    ui.add_space(10.0);
}

/// What is wrong with a field, as shown beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldMessage {
    /// The sentence.
    pub text: String,
    /// Nothing typed yet: a quiet hint, not a red error.
    pub pending: bool,
}

impl From<String> for FieldMessage {
    fn from(text: String) -> Self {
        FieldMessage {
            text,
            pending: false,
        }
    }
}

/// The message for `field`, if it has an error. An empty field says
/// nothing of being required before anything is typed (its send button,
/// disabled, already tells); a hint of what to type ("enter an amount,
/// such as 1234.56") is shown quietly: nothing is wrong yet.
pub fn field_message(
    language: Language,
    errors: Option<&FieldErrors>,
    field: Field,
) -> Option<FieldMessage> {
    let error = errors?
        .get(field)
        .filter(|error| **error != FieldError::Required)?;
    let pending = matches!(
        error,
        FieldError::Amount(ParseAmountError::Empty)
            | FieldError::PixKey(PixKeyError::Empty)
            | FieldError::Address(AddressError::Empty { .. })
    );
    Some(FieldMessage {
        text: error.localize(language),
        pending,
    })
}

/// A field's message: red when something is wrong, weak while nothing is typed.
pub fn field_message_ui(ui: &mut Ui, message: &FieldMessage) {
    if message.pending {
        ui.add(egui::Label::new(RichText::new(&message.text).weak()).wrap());
    } else {
        error_text_ui(ui, &message.text);
    }
}

/// The id under which a field records that Enter was pressed in it this
/// frame, for the form's send button ([`enter_submitted`]).
fn enter_id() -> egui::Id {
    egui::Id::unique("brlv-desk-enter-submits")
}

/// Whether Enter was pressed in one of the form's text fields this frame:
/// the form's send button acts on it as on a click (fields come first).
pub fn enter_submitted(ui: &Ui) -> bool {
    let pass = ui.ctx().cumulative_pass_nr();
    let pressed_at: Option<u64> = ui.data_mut(|data| data.remove_temp(enter_id()));
    pressed_at == Some(pass)
}

/// Records Enter pressed in `field` (a form's text field) for the form's
/// button drawn after it ([`enter_submitted`]).
pub fn submit_on_enter(ui: &Ui, field: &egui::Response) {
    if field.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter)) {
        let pass = ui.ctx().cumulative_pass_nr();
        ui.data_mut(|data| data.insert_temp(enter_id(), pass));
    }
}

/// A label and a one-line text field that screen readers (and tests) find by
/// the label; the message, if any, goes beside it, or under it where the
/// view is too narrow (at 200 %), never past the window's edge. Enter in it
/// submits the form ([`enter_submitted`]).
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
pub fn text_field_ui(
    ui: &mut Ui,
    label: &str,
    value: &mut String,
    hint: &str,
    width: f32,
    message: Option<FieldMessage>,
) -> egui::Response {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(label);
        let width = width.min(ui.available_width() - ui.spacing().item_spacing.x);
        let response = ui
            .add(
                TextEdit::singleline(value)
                    .hint_text(hint)
                    .desired_width(width.max(MIN_FIELD_WIDTH)),
            )
            .labelled_by(label.id);
        submit_on_enter(ui, &response);
        if let Some(message) = message {
            field_message_ui(ui, &message);
        }
        response
    })
    .inner
}

/// The narrowest a field gets in a narrow view.
const MIN_FIELD_WIDTH: f32 = 120.0;

/// Width of the wallet choice: a wallet's name and its address shortened.
const WALLET_CHOICE_WIDTH: f32 = 420.0;

/// A PIX key's field: its label, the hint every PIX key field shows (in the
/// language the widgets speak), and what is wrong with it.
pub fn pix_key_field_ui(
    ui: &mut Ui,
    label: &str,
    value: &mut String,
    message: Option<FieldMessage>,
) -> egui::Response {
    let hint = tr(super::context::language(ui), "withdrawals.pix_key_hint");
    text_field_ui(ui, label, value, &hint, 300.0, message)
}

/// An on-chain address's field: wide enough for a whole `0x` address, with
/// the hint every address field shows.
pub fn address_field_ui(
    ui: &mut Ui,
    label: &str,
    value: &mut String,
    message: Option<FieldMessage>,
) -> egui::Response {
    text_field_ui(ui, label, value, "0x...", 360.0, message)
}

/// An amount's field: its label, the hint every amount field shows (in the
/// language the widgets speak, see `context`), and what is wrong with it.
pub fn amount_field_ui(
    ui: &mut Ui,
    label: &str,
    value: &mut String,
    message: Option<FieldMessage>,
) -> egui::Response {
    let hint = tr(super::context::language(ui), "accounts.amount_hint");
    let response = text_field_ui(ui, label, value, &hint, 200.0, message);
    if ui.data_mut(|data| data.remove_temp::<bool>(amount_focus_id()).is_some()) {
        response.request_focus();
        response.scroll_to_me(None);
    }
    response
}

fn amount_focus_id() -> egui::Id {
    egui::Id::unique("brlv_focus_amount_on_open")
}

/// Asks the amount field of the view drawn this frame, if it has one, to
/// take the keyboard focus: a view opened by its shortcut starts where the
/// person types, not a dozen Tabs away behind the top bar and the menu.
pub fn focus_amount_this_frame(ctx: &egui::Context) {
    ctx.data_mut(|data| data.insert_temp(amount_focus_id(), true));
}

/// Drops an ask of [`focus_amount_this_frame`] that no field took: it
/// holds for the frame it was made in only.
pub fn forget_amount_focus(ctx: &egui::Context) {
    ctx.data_mut(|data| data.remove_temp::<bool>(amount_focus_id()));
}

/// A validation or request error in red, wrapping.
pub fn error_text_ui(ui: &mut Ui, message: &str) {
    let response =
        ui.add(egui::Label::new(RichText::new(message).color(palette::of(ui).error)).wrap());
    super::live::live_region(&response, false);
}

/// A one-line note in the weak color.
pub fn note_ui(ui: &mut Ui, text: &str) {
    ui.label(RichText::new(text).weak());
}

/// The offered choices of an optional filter, "any" first (in the language
/// the widgets speak).
pub fn option_filter_ui<T: Clone + PartialEq>(
    ui: &mut Ui,
    id: &str,
    label: &str,
    value: &mut Option<T>,
    options: &[T],
    name: impl Fn(&T) -> String,
) {
    let any = tr(super::context::language(ui), "accounts.any");
    let any_text = any.as_ref();
    ui.horizontal(|ui| {
        let label = ui.label(label);
        let shown = value.as_ref().map_or_else(|| any_text.to_owned(), &name);
        egui::ComboBox::from_id_salt(id)
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(value, None, any_text);
                for option in options {
                    ui.selectable_value(value, Some(option.clone()), name(option));
                }
            })
            .response
            .labelled_by(label.id);
    });
}

/// A labelled choice among `options`.
pub fn choice_ui<T: Clone + PartialEq>(
    ui: &mut Ui,
    id: &str,
    label: &str,
    value: &mut T,
    options: &[T],
    name: impl Fn(&T) -> String,
) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        egui::ComboBox::from_id_salt(id)
            .selected_text(name(value))
            .show_ui(ui, |ui| {
                for option in options {
                    ui.selectable_value(value, option.clone(), name(option));
                }
            })
            .response
            .labelled_by(label.id);
    });
}

/// The account's wallets as a choice of address: "name (address)" each.
pub fn wallet_choices(wallets: Option<&[brlv_core::api::model::Wallet]>) -> Vec<(String, String)> {
    wallets
        .map(|wallets| {
            wallets
                .iter()
                .map(|wallet| {
                    let name = wallet.name.clone().unwrap_or_default();
                    (
                        wallet.address.clone(),
                        format!("{name} ({})", wallet.address),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A labelled pick among `choices` (address, text) that sets `address`;
/// `pick` is shown while none of them is chosen.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
pub fn wallet_choice_ui(
    ui: &mut Ui,
    id: &str,
    label: &str,
    pick: &str,
    choices: &[(String, String)],
    address: &mut String,
) -> egui::Response {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        let shown = choices
            .iter()
            .find(|(choice, _)| choice == address)
            .map_or_else(|| pick.to_owned(), |(_, text)| text.clone());
        // As wide as a wallet's name and address, or as the view allows.
        let width = WALLET_CHOICE_WIDTH.min(ui.available_width() - ui.spacing().item_spacing.x);
        egui::ComboBox::from_id_salt(id)
            .selected_text(shown)
            .width(width.max(MIN_FIELD_WIDTH))
            .show_ui(ui, |ui| {
                for (choice, text) in choices {
                    ui.selectable_value(address, choice.clone(), text);
                }
            })
            .response
            .labelled_by(label.id)
    })
    .inner
}
