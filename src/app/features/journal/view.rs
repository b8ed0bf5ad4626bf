//! The journal in Settings: what is kept on this computer, and the
//! "activity of this device" CSV export.

use egui::{RichText, Ui};

use crate::app::message::Command;
use crate::app::state::AppState;
use crate::app::ui::{export_bar_ui, note_ui};

use super::message::JournalCommand;

/// Draws the journal's section of Settings.
pub fn journal_ui(ui: &mut Ui, state: &mut AppState) {
    ui.label(RichText::new(state.t("journal.heading").as_ref()).strong());
    note_ui(ui, &state.t("journal.explain"));
    if state.session.is_none() {
        note_ui(ui, &state.t("journal.no_session"));
        return;
    }
    if export_bar_ui(ui, state.language, &mut state.journal.export) {
        if std::mem::take(&mut state.journal.export.dialog_asked) {
            state.choose_file(crate::app::dialog::DialogPurpose::ExportJournal);
        } else if let Some(path) = state.journal.export.start() {
            state.push(Command::Journal(JournalCommand::ExportCsv(path)));
        }
    }
}

/// In the top bar, while any list shown is a copy from an earlier run: the
/// oldest such copy's time, so the person knows how old what they see may be.
pub fn saved_copy_status_ui(ui: &mut Ui, state: &AppState) {
    let oldest = state
        .data
        .polled_freshness()
        .iter()
        .filter_map(|resource| resource.saved_at)
        .min();
    if let Some(saved_at) = oldest {
        ui.separator();
        ui.label(
            RichText::new(state.t_with(
                "journal.top_saved",
                &[("time", &state.moments().exact(saved_at))],
            ))
            .weak(),
        );
    }
}
