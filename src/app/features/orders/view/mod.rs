//! The Orders panel: the list ([`list`]), one order's detail with its PIX QR
//! code ([`detail`]) and the new-order form ([`form`]).

pub mod detail;
pub mod form;
pub mod list;

use crate::app::ui::focus::keep_focus_in_view;
use egui::Ui;

use crate::api::model::OrderState;
use crate::app::format::state_label;
use crate::app::i18n::Language;
use crate::app::state::AppState;
use crate::app::ui::Tone;

/// Draws the Orders panel: the form, an order's detail, or the list.
pub fn orders_ui(ui: &mut Ui, state: &mut AppState) {
    if state.orders.form.open {
        egui::ScrollArea::both()
            .id_salt("order_form")
            .show(ui, |ui| {
                form::order_form_ui(ui, state);
                keep_focus_in_view(ui);
            });
    } else if state.orders.selected.is_some() {
        egui::ScrollArea::both()
            .id_salt("order_detail")
            .show(ui, |ui| {
                detail::order_detail_ui(ui, state);
                keep_focus_in_view(ui);
            });
    } else {
        list::orders_list_ui(ui, state);
    }
}

/// An order state as the language names it (an order is feminine in
/// Portuguese: "criada"); an unknown one as it came.
pub fn order_state_label(language: Language, state: &OrderState) -> String {
    state_label(language, "order", state.as_str())
}

/// How a state's badge is colored.
pub fn order_state_tone(state: &OrderState) -> Tone {
    match state {
        OrderState::Created => Tone::Warning,
        OrderState::Completed => Tone::Success,
        OrderState::Expired => Tone::Neutral,
        OrderState::PaymentReturned => Tone::Danger,
        OrderState::Other(_) => Tone::Info,
    }
}
