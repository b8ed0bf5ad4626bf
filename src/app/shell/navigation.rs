//! The side navigation.

use egui::{RichText, Ui};

use crate::app::state::AppState;
use crate::app::view::{IntoEnumIterator, View};

use crate::app::ui::shortcuts::{shortcut_text, view_shortcut};

/// The list of views; a click (or Ctrl+1…9, shown in each tooltip) switches the main area.
pub fn navigation_ui(ui: &mut Ui, state: &mut AppState) {
    ui.add_space(8.0);
    for view in View::iter().filter(|view| view.in_navigation()) {
        if view == View::Settings {
            ui.separator();
        }
        let title = state.shared.t(view.title_key());
        let selected = state.view == view;
        let label = RichText::new(title.as_ref()).size(15.0);
        let shortcut = shortcut_text(ui.ctx(), &view_shortcut(view));
        let clicked = ui
            .with_layout(egui::Layout::top_down_justified(egui::Align::Min), |ui| {
                ui.add(egui::Button::selectable(selected, label).min_size(egui::vec2(0.0, 28.0)))
            })
            .inner
            .on_hover_text(format!("{title} ({shortcut})"))
            .clicked();
        if clicked {
            state.view = view;
        }
    }
}
