//! The journal in Settings: what is kept on this computer, and the
//! "activity of this device" CSV export.

use egui::{RichText, Ui};

use crate::app::dialog::DialogPurpose;
use crate::app::message::Command;
use crate::app::panel::{Ask, Outbox, Panel, PanelContext};
use crate::app::ui::{export_bar_ui, note_ui};

use super::message::JournalCommand;
use super::state::JournalState;

impl Panel for JournalState {
    type Event = std::convert::Infallible;

    /// The journal's section of Settings.
    fn ui(&mut self, ui: &mut Ui, cx: &PanelContext<'_>, out: &mut Outbox) {
        ui.label(RichText::new(cx.t("journal.heading").as_ref()).strong());
        note_ui(ui, &cx.t("journal.explain"));
        if !cx.connected {
            note_ui(ui, &cx.t("journal.no_session"));
            return;
        }
        if export_bar_ui(ui, cx.language, &mut self.export) {
            if std::mem::take(&mut self.export.dialog_asked) {
                out.ask(Ask::ChooseFile(DialogPurpose::ExportJournal));
            } else if let Some(path) = self.export.start() {
                out.command(Command::Journal(JournalCommand::ExportCsv(path)));
            }
        }
    }

    fn apply(&mut self, event: std::convert::Infallible) -> Vec<Command> {
        match event {}
    }
}
