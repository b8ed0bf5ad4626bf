//! The save bars: a button opening the system's Save or Open dialog, with a
//! typed path one click away (or open, with a note, where the system has no
//! dialog), and the export bars built from them: one button per kind of
//! file ([`save_bar_ui`]; the extrato's OFX and CSV), or a list's CSV. They read where
//! the dialogs stand from the egui context (`ui::context`), so they need
//! no `AppState`.

use super::waiting::spinner_ui;
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
        spinner_ui(ui);
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

/// Where the typed path fields are kept open, shared by every save bar.
fn typed_paths_id() -> egui::Id {
    egui::Id::unique("brlv_typed_path_open")
}

/// Whether the typed path fields are shown: where the system has no file
/// dialog, or when the person asked for them in Settings' Advanced section
/// (a keyboard or a script instead of the dialog). Beside the save buttons
/// nothing offers it otherwise: the system's dialog is the way.
pub fn typed_paths_shown(ui: &Ui) -> bool {
    let open = ui
        .data(|data| data.get_temp::<bool>(typed_paths_id()))
        .unwrap_or(false);
    open || dialog_status(ui).unavailable
}

/// Shows (or hides) the typed path fields in every save bar.
pub fn set_typed_paths(ctx: &egui::Context, shown: bool) {
    ctx.data_mut(|data| data.insert_temp(typed_paths_id(), shown));
}

/// Settings' choice of typed paths instead of the system's dialog.
pub fn typed_paths_setting_ui(ui: &mut Ui, language: Language) {
    let mut shown = ui
        .data(|data| data.get_temp::<bool>(typed_paths_id()))
        .unwrap_or(false);
    if ui
        .checkbox(&mut shown, tr(language, "files.type_path_setting").as_ref())
        .changed()
    {
        set_typed_paths(ui.ctx(), shown);
    }
}

/// One kind of file a save bar offers: the words of its button that opens
/// the system's dialog, and of the one that saves to the typed path.
#[derive(Clone, Copy, Debug)]
pub struct SaveChoice<'a> {
    /// The dialog's button: "Save as CSV…".
    pub dialog: &'a str,
    /// The typed path's button: "Save".
    pub typed: &'a str,
}

/// The words of a save bar around its choices, by translation key.
#[derive(Clone, Copy, Debug)]
pub struct SaveBarKeys {
    /// The typed path's label ("File", or "Folder" for a set of files).
    pub path: &'static str,
    /// The typed path's example ("/path/to/file.csv", "/path/to/folder").
    pub hint: &'static str,
    /// "Not saved: %{reason}".
    pub failed: &'static str,
}

/// A button per kind of file (the system's dialog), a typed path one click
/// away (its field labelled as `keys` say; or open, with a note, where there
/// is no dialog), and how the last save ended; which choice was used, if one
/// was (the caller then takes the rows and saves them; `draft.dialog_asked`
/// says which way).
pub fn save_bar_ui(
    ui: &mut Ui,
    language: Language,
    draft: &mut ExportDraft,
    keys: SaveBarKeys,
    choices: &[SaveChoice<'_>],
) -> Option<usize> {
    let mut chosen = None;
    let status = dialog_status(ui);
    let typed = ui
        .horizontal(|ui| {
            for (index, choice) in choices.iter().enumerate() {
                let ready = !draft.writing && !status.open;
                if ui
                    .add_enabled(ready, egui::Button::new(choice.dialog))
                    .clicked()
                {
                    draft.dialog_asked = true;
                    chosen = Some(index);
                }
            }
            if status.open {
                spinner_ui(ui);
                ui.label(tr(language, "files.dialog_open").as_ref());
            } else if draft.writing {
                spinner_ui(ui);
            }
            typed_paths_shown(ui)
        })
        .inner;
    if typed {
        unavailable_note_ui(ui, language);
        ui.horizontal(|ui| {
            typed_path_ui(
                ui,
                tr(language, keys.path).as_ref(),
                tr(language, keys.hint).as_ref(),
                &mut draft.path,
            );
            let ready = !draft.path.trim().is_empty() && !draft.writing;
            for (index, choice) in choices.iter().enumerate() {
                if ui
                    .add_enabled(ready, egui::Button::new(choice.typed))
                    .clicked()
                {
                    draft.dialog_asked = false;
                    chosen = Some(index);
                }
            }
        });
    }
    save_result_line_ui(ui, language, draft, keys.failed);
    chosen
}

/// How the last save of `draft` ended, where the bar is not shown (a save
/// started from a menu).
pub fn save_result_ui(ui: &mut Ui, language: Language, draft: &ExportDraft) {
    save_result_line_ui(ui, language, draft, "accounts.export_failed");
}

/// "Saved to …" or "Not saved: …" (`failed`'s words), once a save ended.
fn save_result_line_ui(ui: &mut Ui, language: Language, draft: &ExportDraft, failed: &'static str) {
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
            error_text_ui(ui, &tr_with(language, failed, &[("reason", &reason)]));
        }
        None => {}
    }
}

/// A list's CSV file: the typed path is a file's, a failure the export's.
const LIST_KEYS: SaveBarKeys = SaveBarKeys {
    path: "accounts.export_label",
    hint: "accounts.export_hint",
    failed: "accounts.export_failed",
};

/// "Save as CSV…" (the system's dialog), a typed path one click away (or
/// open, with a note, where there is no dialog), and how the last save
/// ended; true when either was used (the caller then takes the rows and
/// saves them, asking for the dialog or writing to the typed path as the
/// draft says: `panel::record_panel::export_records`).
pub fn export_bar_ui(ui: &mut Ui, language: Language, draft: &mut ExportDraft) -> bool {
    let dialog = tr(language, "files.save_csv");
    let typed = tr(language, "accounts.export_save");
    let choice = SaveChoice {
        dialog: dialog.as_ref(),
        typed: typed.as_ref(),
    };
    save_bar_ui(ui, language, draft, LIST_KEYS, &[choice]).is_some()
}
