//! The keyboard: one table of shortcuts, handled once per frame before
//! anything is drawn, shown in the navigation's tooltips and listed in
//! Settings. Ctrl (Cmd on macOS) + 1…9 opens a view (Settings, the tenth,
//! takes Ctrl+Comma, the usual key of preferences), Ctrl+F goes to the
//! list's search, Ctrl+Shift+H hides or shows amounts, Esc closes a detail
//! or a confirmation, Ctrl+R refreshes,
//! Ctrl+Plus / Ctrl+Minus / Ctrl+0 scale the interface (egui's own zoom,
//! remembered with the window's state).

use egui::{Key, KeyboardShortcut, Modifiers, Ui};

use crate::app::message::Command;
use crate::app::state::AppState;
use crate::app::view::{IntoEnumIterator, View};

/// The id of the list search box's text field (in `ui/table.rs`).
pub const LIST_SEARCH_ID: &str = "list-search";

/// Ctrl+R (Cmd+R on macOS) refreshes.
pub const REFRESH: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::R);
/// Ctrl+F focuses the list's search box.
pub const FIND: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::F);
/// Ctrl+Shift+H hides or shows every amount (Cmd+H alone hides the whole
/// app on macOS, so the shortcut takes Shift too).
pub const HIDE_AMOUNTS: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::H);

/// The shortcut that opens `view`: Ctrl+1 for the first, in the navigation's
/// order; Settings, past the ninth, Ctrl+Comma (Ctrl+0 resets the zoom).
pub const fn view_shortcut(view: View) -> KeyboardShortcut {
    let key = match view {
        View::Overview => Key::Num1,
        View::Orders => Key::Num2,
        View::Wallets => Key::Num3,
        View::Transfers => Key::Num4,
        View::Withdrawals => Key::Num5,
        View::Claims => Key::Num6,
        View::Deposits => Key::Num7,
        View::Events => Key::Num8,
        View::Activity => Key::Num9,
        View::Settings => Key::Comma,
    };
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

/// A shortcut as the platform writes it ("Ctrl+5", "⌘5").
pub fn shortcut_text(ctx: &egui::Context, shortcut: &KeyboardShortcut) -> String {
    ctx.format_shortcut(shortcut)
}

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
        }
    }
    if ui.input_mut(|input| input.consume_shortcut(&FIND)) {
        ui.memory_mut(|memory| memory.request_focus(egui::Id::unique(LIST_SEARCH_ID)));
    }
    // Esc belongs to an open pop-up (a combo box's list) first.
    let popup_open = egui::Popup::is_any_open(ui.ctx());
    if !popup_open && ui.input(|input| input.key_pressed(Key::Escape)) && close_one(state) {
        ui.input_mut(|input| input.consume_key(Modifiers::NONE, Key::Escape));
    }
}

fn fixed_panels_id() -> egui::Id {
    egui::Id::unique("brlv-desk-fixed-panels")
}

/// Records where the panels that never scroll (top bar, navigation) are,
/// so [`keep_focus_in_view`] leaves their controls alone.
pub fn set_fixed_panels(ctx: &egui::Context, panels: Vec<egui::Rect>) {
    ctx.data_mut(|data| data.insert_temp(fixed_panels_id(), panels));
}

/// Brings the control that just took the keyboard focus into view: egui
/// moves the focus with Tab but scrolls only to a text cursor, so a button
/// below the fold would be focused unseen. Called inside a view's scroll
/// area, after its contents (where the area takes its scroll target).
pub fn keep_focus_in_view(ui: &Ui) {
    let last_focus_id = egui::Id::unique("brlv-desk-last-focus");
    let focused = ui.memory(|memory| memory.focused());
    let last: Option<egui::Id> = ui.data(|data| data.get_temp(last_focus_id)).flatten();
    if focused == last {
        return;
    }
    ui.data_mut(|data| data.insert_temp(last_focus_id, focused));
    let fixed: Vec<egui::Rect> = ui
        .data(|data| data.get_temp(fixed_panels_id()))
        .unwrap_or_default();
    let rect = focused
        .and_then(|id| ui.ctx().read_response(id))
        .map(|response| response.rect)
        .filter(|rect| !fixed.iter().any(|panel| panel.contains_rect(*rect)));
    if let Some(rect) = rect {
        ui.scroll_to_rect(rect, None);
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
        View::Settings if state.settings.confirm_delete.is_some() => {
            state.settings.confirm_delete = None;
            true
        }
        View::Orders if state.orders.selected.is_some() => {
            state.select_order(None);
            true
        }
        View::Wallets => state.wallets.selected.take().is_some(),
        View::Transfers => state.transfers.selected.take().is_some(),
        View::Withdrawals => state.withdrawals.selected.take().is_some(),
        View::Claims => state.claims.selected.take().is_some(),
        View::Deposits => state.deposits.selected.take().is_some(),
        View::Events => state.events.selected.take().is_some(),
        View::Overview | View::Orders | View::Settings | View::Activity => false,
    }
}

/// The shortcuts as a two-column list, in the person's language.
pub fn shortcuts_list_ui(ui: &mut Ui, state: &AppState) {
    let ctx = ui.ctx().clone();
    let mut rows: Vec<(String, String)> = View::iter()
        .map(|view| {
            (
                shortcut_text(&ctx, &view_shortcut(view)),
                state.t_with(
                    "shortcuts.open_view",
                    &[("view", state.t(view.title_key()).as_ref())],
                ),
            )
        })
        .collect();
    let command = |key: Key| shortcut_text(&ctx, &KeyboardShortcut::new(Modifiers::COMMAND, key));
    rows.extend([
        (
            shortcut_text(&ctx, &FIND),
            state.t("shortcuts.find").into_owned(),
        ),
        (
            shortcut_text(&ctx, &HIDE_AMOUNTS),
            state.t("shortcuts.hide_amounts").into_owned(),
        ),
        ("Esc".to_owned(), state.t("shortcuts.close").into_owned()),
        ("Enter".to_owned(), state.t("shortcuts.submit").into_owned()),
        (
            "Tab / Shift+Tab".to_owned(),
            state.t("shortcuts.tab").into_owned(),
        ),
        (
            format!("{} / F5", shortcut_text(&ctx, &REFRESH)),
            state.t("shortcuts.refresh").into_owned(),
        ),
        (
            format!("{} / {}", command(Key::Plus), command(Key::Minus)),
            state.t("shortcuts.zoom").into_owned(),
        ),
        (
            command(Key::Num0),
            state.t("shortcuts.zoom_reset").into_owned(),
        ),
    ]);
    egui::Grid::new("shortcuts")
        .num_columns(2)
        .spacing([24.0, 4.0])
        .striped(true)
        .show(ui, |ui| {
            for (keys, action) in rows {
                ui.label(egui::RichText::new(keys).monospace().strong());
                ui.label(action);
                ui.end_row();
            }
        });
}
