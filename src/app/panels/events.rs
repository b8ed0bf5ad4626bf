//! The Events panel.

use egui::Ui;

use crate::app::state::AppState;

/// Draws the Events panel.
pub fn events_ui(ui: &mut Ui, state: &mut AppState) {
    ui.heading(state.t("nav.events").as_ref());
}
