//! The new-order form.

use egui::Ui;

use crate::app::state::AppState;

/// Draws the new-order form.
pub fn order_form_ui(ui: &mut Ui, state: &mut AppState) {
    if ui.button(state.t("orders.back").as_ref()).clicked() {
        state.orders.form.open = false;
    }
}
