//! The keyboard's shortcuts (the table is `ui::shortcuts`) applied to the
//! window's state, once per frame before anything is drawn: a view opened,
//! the list's search focused, amounts hidden or shown, a detail or a
//! confirmation closed with Esc, a refresh asked for.

use egui::{Key, Modifiers, Ui};

use crate::app::message::Command;
use crate::app::state::AppState;
use crate::app::ui::arrange::search_field_id;
use crate::app::ui::shortcuts::{FIND, HIDE_AMOUNTS, REFRESH, view_shortcut};
use crate::app::view::{IntoEnumIterator, View};

/// Applies this frame's shortcuts to `state` (before anything is drawn, so
/// the frame shows their effect).
pub fn handle_shortcuts(ui: &Ui, state: &mut AppState) {
    let connected = state.shared.connected() && !state.shared.adding_profile;
    let refresh = ui.input_mut(|input| {
        input.consume_shortcut(&REFRESH) || input.consume_key(Modifiers::NONE, Key::F5)
    });
    if refresh && state.shared.connected() {
        state.push(Command::Refresh);
    }
    if ui.input_mut(|input| input.consume_shortcut(&HIDE_AMOUNTS)) {
        state.shared.hide_amounts = !state.shared.hide_amounts;
    }
    if !connected {
        return;
    }
    for view in View::iter() {
        if ui.input_mut(|input| input.consume_shortcut(&view_shortcut(view))) {
            state.view = view;
            crate::app::ui::fields::focus_amount_this_frame(ui.ctx());
        }
    }
    if ui.input_mut(|input| input.consume_shortcut(&FIND)) {
        ui.memory_mut(|memory| memory.request_focus(search_field_id()));
    }
    // Esc belongs to an open pop-up (a combo box's list) first; then the
    // view's panel closes its confirmation, else its open detail.
    let popup_open = egui::Popup::is_any_open(ui.ctx());
    if !popup_open && ui.input(|input| input.key_pressed(Key::Escape)) && state.close_one() {
        ui.input_mut(|input| input.consume_key(Modifiers::NONE, Key::Escape));
    }
}
