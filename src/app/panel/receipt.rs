//! The Receipt control under a movement's detail: Save as PDF…, Save as
//! PNG… (the system's dialog; the worker renders and writes), Copy as text,
//! and a typed path where there is no dialog; for a movement not yet
//! completed, a note that its receipt comes then. The typed path belongs to
//! the panel that draws it, so one document's path never fills another's.

use crate::app::ui::spinner_ui;
use egui::{RichText, Ui};

use crate::app::dialog::DialogPurpose;
use crate::app::error_text::Localize;
use crate::app::receipt::{Receipt, ReceiptFormat, ReceiptRequest};
use crate::app::ui::context::dialog_status;
use crate::app::ui::{
    error_text_ui, note_ui, palette, typed_path_ui, typed_paths_shown, unavailable_note_ui,
};

use super::{Ask, Outbox, Shared};

/// How long "Copied" shows after Copy as text, in ms.
const COPIED_NOTE_MS: u64 = 3_000;

/// Draws the Receipt control for a movement: its receipt when completed
/// (`Some`), otherwise the note that there is none until it completes.
/// `typed_path` is the path the person typed for this panel's receipts.
pub fn receipt_ui(
    ui: &mut Ui,
    cx: &Shared,
    out: &mut Outbox,
    typed_path: &mut String,
    receipt: Option<Receipt>,
) {
    ui.add_space(8.0);
    ui.label(RichText::new(cx.t("receipt.heading").as_ref()).strong());
    let Some(receipt) = receipt else {
        note_ui(ui, &cx.t("receipt.not_yet"));
        return;
    };
    if cx.account_holder().is_none() {
        note_ui(ui, &cx.t("receipt.no_payer"));
    }
    let language = cx.language;
    let status = dialog_status(ui);
    let mine = cx.receipt.movement == Some(receipt.id);
    let saving = mine && cx.receipt.saving;
    let mut chosen = None;
    let typed = ui
        .horizontal_wrapped(|ui| {
            let ready = !saving && !status.open;
            for (format, key) in [
                (ReceiptFormat::Pdf, "receipt.save_pdf"),
                (ReceiptFormat::Png, "receipt.save_png"),
            ] {
                if ui
                    .add_enabled(ready, egui::Button::new(cx.t(key).as_ref()))
                    .clicked()
                {
                    chosen = Some(format);
                }
            }
            if ui.button(cx.t("receipt.copy_text").as_ref()).clicked() {
                ui.ctx().copy_text(receipt.to_text());
                out.ask(Ask::ReceiptCopied(receipt.id));
            }
            if status.open {
                spinner_ui(ui);
                ui.label(cx.t("files.dialog_open").as_ref());
            }
            typed_paths_shown(ui)
        })
        .inner;
    if let Some(format) = chosen {
        out.ask(Ask::ChooseFile(DialogPurpose::SaveReceipt {
            receipt: Box::new(receipt.clone()),
            format,
        }));
    }
    if typed {
        unavailable_note_ui(ui, language);
        let mut typed_format = None;
        ui.horizontal_wrapped(|ui| {
            typed_path_ui(
                ui,
                cx.t("receipt.typed_label").as_ref(),
                cx.t("receipt.typed_hint").as_ref(),
                typed_path,
            );
            let ready = !saving && !typed_path.trim().is_empty();
            for (format, key) in [
                (ReceiptFormat::Pdf, "receipt.save_pdf_typed"),
                (ReceiptFormat::Png, "receipt.save_png_typed"),
            ] {
                if ui
                    .add_enabled(ready, egui::Button::new(cx.t(key).as_ref()))
                    .clicked()
                {
                    typed_format = Some(format);
                }
            }
        });
        if let Some(format) = typed_format {
            out.ask(Ask::SaveReceipt(Box::new(ReceiptRequest {
                receipt: receipt.clone(),
                format,
                path: typed_path.trim().into(),
            })));
        }
    }
    status_ui(ui, cx, &receipt);
    preview_ui(ui, cx, &receipt);
}

/// The receipt as it will read, open under its buttons: what is saved or
/// copied, so the person checks it first. One label, so a screen reader
/// reads it whole and the detail's own fields stay the only ones by name.
/// A receipt is exact, so while amounts are hidden it is not shown here.
fn preview_ui(ui: &mut Ui, cx: &Shared, receipt: &Receipt) {
    if cx.hide_amounts {
        return;
    }
    egui::CollapsingHeader::new(cx.t("receipt.preview").as_ref())
        .id_salt(("receipt_preview", receipt.id))
        .default_open(true)
        .show(ui, |ui| {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.add(egui::Label::new(RichText::new(receipt.to_text()).monospace()).wrap());
            });
        });
}

/// Under a send's success message: the service's id of what was created,
/// selectable to copy, and "Open receipt", which shows its details and
/// receipt (a receipt once it completes). True when that was pressed.
pub fn sent_id_ui(ui: &mut Ui, cx: &Shared, id: uuid::Uuid) -> bool {
    ui.horizontal_wrapped(|ui| {
        ui.label(cx.t("receipt.sent_id").as_ref());
        ui.add(egui::Label::new(RichText::new(id.to_string()).monospace()).selectable(true));
        ui.button(cx.t("receipt.open").as_ref()).clicked()
    })
    .inner
}

/// Saving, saved to PATH, not saved and why, or copied.
fn status_ui(ui: &mut Ui, cx: &Shared, receipt: &Receipt) {
    let status = &cx.receipt;
    if status.movement != Some(receipt.id) {
        return;
    }
    if status.saving {
        ui.horizontal(|ui| {
            spinner_ui(ui);
            ui.label(cx.t("receipt.saving").as_ref());
        });
        return;
    }
    match &status.result {
        Some(Ok(path)) => {
            let text = cx.t_with("receipt.saved", &[("path", &path.display().to_string())]);
            ui.label(RichText::new(text).color(palette::of(ui).success));
        }
        Some(Err(error)) => {
            let reason = error.localize(cx.language);
            error_text_ui(ui, &cx.t_with("receipt.not_saved", &[("reason", &reason)]));
        }
        None => {
            let copied_recently = status
                .copied_at
                .is_some_and(|at| cx.now.saturating_sub(at) < COPIED_NOTE_MS);
            if copied_recently {
                ui.label(cx.t("receipt.copied").as_ref());
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_millis(500));
            }
        }
    }
}
