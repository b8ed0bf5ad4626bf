//! "Replace the file?": the question a save to a typed path asks when a
//! file is already there (`app::overwrite`). Keeping the file is the
//! button focused first, so Enter never replaces by accident; Escape keeps
//! it too.

use egui::{RichText, Ui};

use crate::app::i18n::{tr, tr_with};
use crate::app::state::AppState;

/// Draws the question while a write waits for it, and hands the answer on.
pub fn replace_file_ui(ui: &mut Ui, state: &mut AppState) {
    let Some(path) = state
        .replace_question
        .as_ref()
        .map(|write| write.path().display().to_string())
    else {
        return;
    };
    let language = state.shared.language;
    let focused_once = egui::Id::unique("replace_file_focused").with(&path);
    let mut answer = None;
    let modal = egui::Modal::new(egui::Id::unique("replace_file")).show(ui.ctx(), |ui| {
        ui.set_width(420.0);
        ui.heading(tr(language, "files.replace_title").as_ref());
        ui.add(
            egui::Label::new(RichText::new(tr_with(
                language,
                "files.replace_body",
                &[("path", &path)],
            )))
            .wrap(),
        );
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            let replace = ui.button(tr(language, "files.replace_confirm").as_ref());
            let keep = ui.button(tr(language, "files.replace_cancel").as_ref());
            if !ui.data(|data| data.get_temp::<bool>(focused_once).unwrap_or(false)) {
                keep.request_focus();
                ui.data_mut(|data| data.insert_temp(focused_once, true));
            }
            if replace.clicked() {
                answer = Some(true);
            } else if keep.clicked() {
                answer = Some(false);
            }
        });
    });
    if answer.is_none() && modal.should_close() {
        answer = Some(false);
    }
    if let Some(replace) = answer {
        ui.data_mut(|data| data.remove::<bool>(focused_once));
        state.answer_replace(replace);
    }
}
