//! The Receipt control under a movement's detail: Save as PDF…, Save as
//! PNG… (the system's dialog; the worker renders and writes), Copy as text;
//! for a movement not yet completed, a note that its receipt comes then.

use egui::{RichText, Ui};

use crate::app::dialog::DialogPurpose;
use crate::app::error_text::Localize;
use crate::app::state::AppState;
use crate::app::ui::context::dialog_status;
use crate::app::ui::{
    error_text_ui, note_ui, palette, typed_path_ui, typed_toggle_ui, unavailable_note_ui,
};

use crate::app::receipt::{Receipt, ReceiptFormat};

/// How long "Copied" shows after Copy as text, in ms.
const COPIED_NOTE_MS: u64 = 3_000;

/// Draws the Receipt control for a movement: its receipt when completed
/// (`Some`), otherwise the note that there is none until it completes.
pub fn receipt_ui(ui: &mut Ui, state: &mut AppState, receipt: Option<Receipt>) {
    ui.add_space(8.0);
    ui.label(RichText::new(state.t("receipt.heading").as_ref()).strong());
    let Some(receipt) = receipt else {
        note_ui(ui, &state.t("receipt.not_yet"));
        return;
    };
    let language = state.language;
    let status = dialog_status(ui);
    let mine = state.files.receipt.movement == Some(receipt.id);
    let saving = mine && state.files.receipt.saving;
    let mut chosen = None;
    let typed = ui
        .horizontal_wrapped(|ui| {
            let ready = !saving && !status.open;
            for (format, key) in [
                (ReceiptFormat::Pdf, "receipt.save_pdf"),
                (ReceiptFormat::Png, "receipt.save_png"),
            ] {
                if ui
                    .add_enabled(ready, egui::Button::new(state.t(key).as_ref()))
                    .clicked()
                {
                    chosen = Some(format);
                }
            }
            if ui.button(state.t("receipt.copy_text").as_ref()).clicked() {
                ui.ctx().copy_text(receipt.to_text());
                state.files.receipt.movement = Some(receipt.id);
                state.files.receipt.result = None;
                state.files.receipt.copied_at = Some(state.now);
            }
            if status.open {
                ui.spinner();
                ui.label(state.t("files.dialog_open").as_ref());
            }
            typed_toggle_ui(ui, language)
        })
        .inner;
    if let Some(format) = chosen {
        state.choose_file(DialogPurpose::SaveReceipt {
            receipt: Box::new(receipt.clone()),
            format,
        });
    }
    if typed {
        unavailable_note_ui(ui, language);
        let mut typed_format = None;
        ui.horizontal_wrapped(|ui| {
            typed_path_ui(
                ui,
                state.t("receipt.typed_label").as_ref(),
                state.t("receipt.typed_hint").as_ref(),
                &mut state.files.receipt.typed_path,
            );
            let ready = !saving && !state.files.receipt.typed_path.trim().is_empty();
            for (format, key) in [
                (ReceiptFormat::Pdf, "receipt.save_pdf_typed"),
                (ReceiptFormat::Png, "receipt.save_png_typed"),
            ] {
                if ui
                    .add_enabled(ready, egui::Button::new(state.t(key).as_ref()))
                    .clicked()
                {
                    typed_format = Some(format);
                }
            }
        });
        if let Some(format) = typed_format {
            let path = state.files.receipt.typed_path.trim().into();
            state.save_receipt(receipt.clone(), format, path);
        }
    }
    status_ui(ui, state, &receipt);
}

/// Saving, saved to PATH, not saved and why, or copied.
fn status_ui(ui: &mut Ui, state: &AppState, receipt: &Receipt) {
    let status = &state.files.receipt;
    if status.movement != Some(receipt.id) {
        return;
    }
    if status.saving {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(state.t("receipt.saving").as_ref());
        });
        return;
    }
    match &status.result {
        Some(Ok(path)) => {
            let text = state.t_with("receipt.saved", &[("path", &path.display().to_string())]);
            ui.label(RichText::new(text).color(palette::of(ui).success));
        }
        Some(Err(error)) => {
            let reason = error.localize(state.language);
            error_text_ui(
                ui,
                &state.t_with("receipt.not_saved", &[("reason", &reason)]),
            );
        }
        None => {
            let copied_recently = status
                .copied_at
                .is_some_and(|at| state.now.saturating_sub(at) < COPIED_NOTE_MS);
            if copied_recently {
                ui.label(state.t("receipt.copied").as_ref());
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_millis(500));
            }
        }
    }
}
