//! The Orders panel: the list ([`list`]), one order's detail with its PIX QR
//! code ([`detail`]) and the new-order form ([`form`]); how both the list
//! and the detail show an order's state ([`badge`]).

pub mod badge;
pub mod detail;
pub mod form;
pub mod list;

use egui::Ui;

use crate::app::state::AppState;
use crate::app::ui::focus::keep_focus_in_view;

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
