//! The Orders panel: the list ([`list`]), one order's detail with its PIX QR
//! code ([`detail`]) and the new-order form ([`form`]); how both the list
//! and the detail show an order's state is the design system's
//! (`ui::order_badge`), which the Events panel draws too.

pub mod detail;
pub mod form;
pub mod list;
pub mod review;

use egui::Ui;

use crate::app::features::orders::state::OrdersState;
use crate::app::message::Command;
use crate::app::panel::{Outbox, Panel, PanelContext};
use crate::app::ui::focus::keep_focus_in_view;

impl Panel for OrdersState {
    type Event = std::convert::Infallible;

    fn ui(&mut self, ui: &mut Ui, cx: &PanelContext<'_>, out: &mut Outbox) {
        orders_ui(ui, self, cx, out);
    }

    /// What the worker reports for orders is taken in by the root, which
    /// also keeps the open order's data and raises the notices.
    fn apply(&mut self, event: std::convert::Infallible) -> Vec<Command> {
        match event {}
    }
}

/// Draws the Orders panel: the form, an order's detail, or the list.
fn orders_ui(ui: &mut Ui, orders: &mut OrdersState, cx: &PanelContext<'_>, out: &mut Outbox) {
    if orders.form.open {
        egui::ScrollArea::both()
            .id_salt("order_form")
            .show(ui, |ui| {
                form::order_form_ui(ui, orders, cx, out);
                keep_focus_in_view(ui);
            });
    } else if orders.selected.is_some() {
        egui::ScrollArea::both()
            .id_salt("order_detail")
            .show(ui, |ui| {
                detail::order_detail_ui(ui, orders, cx, out);
                keep_focus_in_view(ui);
            });
    } else {
        list::orders_list_ui(ui, orders, cx, out);
    }
}
