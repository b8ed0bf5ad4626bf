//! The save bars: a button opening the system's Save or Open dialog, with a
//! typed path one click away (or open, with a note, where the system has no
//! dialog), and a list's CSV export bar built from them. They read where
//! the dialogs stand from the egui context (`ui::context`), so they need
//! no `AppState`.

use egui::{RichText, TextEdit, Ui};

use crate::app::error_text::Localize;
use crate::app::export::ExportDraft;
use crate::app::i18n::{Language, tr, tr_with};

use super::context::dialog_status;
use super::fields::error_text_ui;
use super::palette;

/// The button opening the system's dialog, the toggle for a typed path, and
/// while a dialog is open a spinner saying so; true when the button was
/// pressed. `busy`: a write is under way, nothing more is asked.
pub fn dialog_button_ui(ui: &mut Ui, language: Language, label: &str, busy: bool) -> bool {
    let status = dialog_status(ui);
    let clicked = ui
        .add_enabled(!busy && !status.open, egui::Button::new(label))
        .clicked();
    if status.open {
        ui.spinner();
        ui.label(tr(language, "files.dialog_open").as_ref());
    }
    clicked
}

/// The note shown where there is no dialog, above the typed path.
pub fn unavailable_note_ui(ui: &mut Ui, language: Language) {
    if dialog_status(ui).unavailable {
        ui.label(
            RichText::new(tr(language, "files.unavailable").as_ref())
                .color(palette::of(ui).warning),
        );
    }
}

/// A typed path field with its label; the fallback when there is no dialog.
pub fn typed_path_ui(ui: &mut Ui, label: &str, hint: &str, path: &mut String) {
    let label = ui.label(label);
    ui.add(
        TextEdit::singleline(path)
            .hint_text(hint)
            .desired_width(280.0),
    )
    .labelled_by(label.id);
}

/// The toggle that shows the typed path fields; persists in the egui
/// context so every save bar shares it.
pub fn typed_toggle_ui(ui: &mut Ui, language: Language) -> bool {
    let id = egui::Id::unique("brlv_typed_path_open");
    let status = dialog_status(ui);
    let mut open = ui.data(|data| data.get_temp::<bool>(id)).unwrap_or(false);
    if !status.unavailable
        && ui
            .checkbox(&mut open, tr(language, "files.type_path").as_ref())
            .changed()
    {
        ui.data_mut(|data| data.insert_temp(id, open));
    }
    open || status.unavailable
}

/// "Save as CSV…" (the system's dialog), a typed path one click away (or
/// open, with a note, where there is no dialog), and how the last save
/// ended; true when either was used (the caller then takes the rows and
/// calls `AppState::export`, which reads which one from the draft).
pub fn export_bar_ui(ui: &mut Ui, language: Language, draft: &mut ExportDraft) -> bool {
    let label = tr(language, "files.save_csv");
    let keys = SaveBarKeys {
        path: "accounts.export_label",
        failed: "accounts.export_failed",
    };
    save_bar_ui(ui, language, &label, keys, draft)
}

/// The words of a save bar, by translation key.
#[derive(Clone, Copy, Debug)]
pub struct SaveBarKeys {
    /// The typed path's label.
    pub path: &'static str,
    /// "Not saved: %{reason}".
    pub failed: &'static str,
}

/// A save bar: `label` opens the system's dialog, the typed path (its
/// field labelled as `keys` say) is one click away, and how the last save
/// ended is shown; true when either was used (`draft.dialog_asked` says
/// which).
pub fn save_bar_ui(
    ui: &mut Ui,
    language: Language,
    label: &str,
    keys: SaveBarKeys,
    draft: &mut ExportDraft,
) -> bool {
    let mut clicked = false;
    let typed = ui
        .horizontal(|ui| {
            if dialog_button_ui(ui, language, label, draft.writing) {
                draft.dialog_asked = true;
                clicked = true;
            }
            if draft.writing {
                ui.spinner();
            }
            typed_toggle_ui(ui, language)
        })
        .inner;
    if typed {
        unavailable_note_ui(ui, language);
        ui.horizontal(|ui| {
            typed_path_ui(
                ui,
                tr(language, keys.path).as_ref(),
                tr(language, "accounts.export_hint").as_ref(),
                &mut draft.path,
            );
            let ready = !draft.path.trim().is_empty() && !draft.writing;
            if ui
                .add_enabled(
                    ready,
                    egui::Button::new(tr(language, "accounts.export_save").as_ref()),
                )
                .clicked()
            {
                draft.dialog_asked = false;
                clicked = true;
            }
        });
    }
    match &draft.result {
        Some(Ok(path)) => {
            let text = tr_with(
                language,
                "accounts.exported",
                &[("path", &path.display().to_string())],
            );
            ui.label(RichText::new(text).color(palette::of(ui).success));
        }
        Some(Err(error)) => {
            let reason = error.localize(language);
            error_text_ui(ui, &tr_with(language, keys.failed, &[("reason", &reason)]));
        }
        None => {}
    }
    clicked
}
