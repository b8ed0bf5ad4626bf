//! The journal in Settings: what is kept on this computer, and the
//! "activity of this device" CSV export.

use egui::{RichText, Ui};

use crate::app::export::export_bar_ui;
use crate::app::message::Command;
use crate::app::state::AppState;
use crate::app::ui::note_ui;

use super::message::JournalCommand;

/// Draws the activity section.
pub fn activity_ui(ui: &mut Ui, state: &mut AppState) {
    ui.label(RichText::new(state.t("journal.heading").as_ref()).strong());
    note_ui(ui, &state.t("journal.explain"));
    if state.session.is_none() {
        note_ui(ui, &state.t("journal.no_session"));
        return;
    }
    if export_bar_ui(ui, state.language, &mut state.journal.export)
        && let Some(path) = state.journal.export.start()
    {
        state.push(Command::Journal(JournalCommand::ExportActivity(path)));
    }
}
