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
    let connected = state.session.is_some() && !state.adding_profile;
    let refresh = ui.input_mut(|input| {
        input.consume_shortcut(&REFRESH) || input.consume_key(Modifiers::NONE, Key::F5)
    });
    if refresh && state.session.is_some() {
        state.push(Command::Refresh);
    }
    if ui.input_mut(|input| input.consume_shortcut(&HIDE_AMOUNTS)) {
        state.hide_amounts = !state.hide_amounts;
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
    // Esc belongs to an open pop-up (a combo box's list) first.
    let popup_open = egui::Popup::is_any_open(ui.ctx());
    if !popup_open && ui.input(|input| input.key_pressed(Key::Escape)) && close_one(state) {
        ui.input_mut(|input| input.consume_key(Modifiers::NONE, Key::Escape));
    }
}

/// Closes the current view's confirmation, else its open detail; whether
/// there was one.
pub fn close_one(state: &mut AppState) -> bool {
    match state.view {
        View::Withdrawals if state.withdrawals.confirming.is_some() => {
            state.withdrawals.confirming = None;
            true
        }
        View::Transfers if state.transfers.reviewing.is_some() => {
            state.transfers.reviewing = None;
            true
        }
        View::Claims if state.claims.reviewing.is_some() => {
            state.claims.reviewing = None;
            true
        }
        View::Orders if state.orders.form.reviewing.is_some() => {
            state.orders.form.reviewing = None;
            true
        }
        View::Settings if state.settings.confirm_delete.is_some() => {
            state.settings.confirm_delete = None;
            true
        }
        View::Orders if state.orders.selected.is_some() => {
            state.select_order(None);
            true
        }
        View::Wallets => state.wallets.records.close(),
        View::Transfers => state.transfers.records.close(),
        View::Withdrawals => state.withdrawals.records.close(),
        View::Claims => state.claims.records.close(),
        View::Deposits => state.deposits.records.close(),
        View::Events => state.events.selected.take().is_some(),
        View::Overview | View::Orders | View::Settings | View::Activity | View::Taxes => false,
    }
}
