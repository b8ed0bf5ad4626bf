//! The keyboard: one table of shortcuts, handled once per frame by the
//! shell (`shell::shortcuts`), shown in the navigation's tooltips and
//! listed in Settings. Ctrl (Cmd on macOS) + 1…9 opens a view (Taxes, the
//! tenth, takes Ctrl+T; Settings Ctrl+Comma, the usual key of
//! preferences), Ctrl+F goes
//! to the list's search, Ctrl+Shift+H hides or shows amounts, Ctrl+L locks,
//! Esc closes a detail or a confirmation, Ctrl+R refreshes, Ctrl+Plus /
//! Ctrl+Minus / Ctrl+0 scale the interface (egui's own zoom, remembered
//! with the window's state).

use egui::{Key, KeyboardShortcut, Modifiers, Ui};

use crate::app::i18n::{Language, tr, tr_with};
use crate::app::view::{IntoEnumIterator, View};

/// Ctrl+R (Cmd+R on macOS) refreshes.
pub const REFRESH: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::R);
/// Ctrl+F focuses the list's search box.
pub const FIND: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::F);
/// Ctrl+Shift+H hides or shows every amount (Cmd+H alone hides the whole
/// app on macOS, so the shortcut takes Shift too).
pub const HIDE_AMOUNTS: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::H);

/// The shortcut that opens `view`: Ctrl+1 for the first, in the navigation's
/// order; past the ninth, Taxes takes Ctrl+T and Settings Ctrl+Comma
/// (Ctrl+0 resets the zoom).
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
        View::Taxes => Key::T,
        View::Settings => Key::Comma,
    };
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

/// A shortcut as the platform writes it ("Ctrl+5", "⌘5").
pub fn shortcut_text(ctx: &egui::Context, shortcut: &KeyboardShortcut) -> String {
    ctx.format_shortcut(shortcut)
}

/// Ctrl+L (Cmd+L on macOS) locks the window at once.
pub const LOCK: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::L);

/// The shortcuts as a two-column list, in the person's language.
pub fn shortcuts_list_ui(ui: &mut Ui, language: Language) {
    let ctx = ui.ctx().clone();
    let mut rows: Vec<(String, String)> = View::iter()
        .map(|view| {
            (
                shortcut_text(&ctx, &view_shortcut(view)),
                tr_with(
                    language,
                    "shortcuts.open_view",
                    &[("view", tr(language, view.title_key()).as_ref())],
                ),
            )
        })
        .collect();
    let command = |key: Key| shortcut_text(&ctx, &KeyboardShortcut::new(Modifiers::COMMAND, key));
    rows.extend([
        (
            shortcut_text(&ctx, &FIND),
            tr(language, "shortcuts.find").into_owned(),
        ),
        (
            shortcut_text(&ctx, &HIDE_AMOUNTS),
            tr(language, "shortcuts.hide_amounts").into_owned(),
        ),
        (
            "Esc".to_owned(),
            tr(language, "shortcuts.close").into_owned(),
        ),
        (
            "Enter".to_owned(),
            tr(language, "shortcuts.submit").into_owned(),
        ),
        (
            "Tab / Shift+Tab".to_owned(),
            tr(language, "shortcuts.tab").into_owned(),
        ),
        (
            format!("{} / F5", shortcut_text(&ctx, &REFRESH)),
            tr(language, "shortcuts.refresh").into_owned(),
        ),
        (
            format!("{} / {}", command(Key::Plus), command(Key::Minus)),
            tr(language, "shortcuts.zoom").into_owned(),
        ),
        (
            command(Key::Num0),
            tr(language, "shortcuts.zoom_reset").into_owned(),
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
