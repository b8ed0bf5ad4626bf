//! The side navigation.

use egui::{RichText, Ui};

use crate::app::state::{AppState, View};

/// The list of views; a click switches the main area.
pub fn navigation_ui(ui: &mut Ui, state: &mut AppState) {
    ui.add_space(8.0);
    for view in View::ALL {
        if view == View::Settings {
            ui.separator();
        }
        let title = state.t(view.title_key());
        let selected = state.view == view;
        let label = RichText::new(title.as_ref()).size(15.0);
        if ui
            .add_sized(
                [ui.available_width(), 28.0],
                egui::Button::selectable(selected, label),
            )
            .clicked()
        {
            state.view = view;
        }
    }
}
