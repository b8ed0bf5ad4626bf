//! The panels part 2 fills: a title and a plain note for now.

use egui::Ui;

use crate::app::state::{AppState, View};

/// The translation key of the note shown in `view` until its panel exists.
pub fn placeholder_key(view: View) -> &'static str {
    match view {
        View::Orders => "placeholder.orders",
        View::Wallets => "placeholder.wallets",
        View::Transfers => "placeholder.transfers",
        View::Withdrawals => "placeholder.withdrawals",
        View::Claims => "placeholder.claims",
        View::Deposits => "placeholder.deposits",
        View::Events => "placeholder.events",
        View::Overview | View::Settings => "placeholder.generic",
    }
}

/// A heading and the note.
pub fn placeholder_ui(ui: &mut Ui, state: &AppState, view: View) {
    ui.heading(state.t(view.title_key()).as_ref());
    ui.add_space(12.0);
    ui.label(state.t(placeholder_key(view)).as_ref());
}
