//! What the widgets read from the egui context, set once a frame by the
//! shell: the language they speak (a badge's description needs it), the
//! person's time zone (a moment a table writes) and where the system's file
//! dialogs stand (the save bars). So the design system knows nothing of
//! `AppState`.

use crate::app::clock::LocalZone;
use crate::app::dialog::DialogStatus;
use crate::app::format::MomentFormat;
use crate::app::i18n::Language;

fn language_id() -> egui::Id {
    egui::Id::unique("brlv-desk-widget-language")
}

fn zone_id() -> egui::Id {
    egui::Id::unique("brlv-desk-widget-zone")
}

fn dialog_status_id() -> egui::Id {
    egui::Id::unique("brlv_dialog_status")
}

/// Makes `language` the one the widgets drawn this frame speak in.
pub fn set_language(ctx: &egui::Context, language: Language) {
    ctx.data_mut(|data| data.insert_temp(language_id(), language));
}

/// The language set with [`set_language`]; English before it is.
pub fn language(ui: &egui::Ui) -> Language {
    ui.data(|data| data.get_temp(language_id()))
        .unwrap_or(Language::En)
}

/// Makes `zone` the one the widgets drawn this frame read moments in.
pub fn set_zone(ctx: &egui::Context, zone: &LocalZone) {
    ctx.data_mut(|data| data.insert_temp(zone_id(), zone.clone()));
}

/// How the widgets write moments: in the zone set with [`set_zone`] (UTC
/// before it is), in the language set with [`set_language`].
pub fn moments(ui: &egui::Ui) -> MomentFormat {
    let zone = ui.data(|data| data.get_temp(zone_id())).unwrap_or_default();
    MomentFormat::new(language(ui), zone)
}

/// Makes `status` what the save bars drawn this frame see.
pub fn set_dialog_status(ctx: &egui::Context, status: DialogStatus) {
    ctx.data_mut(|data| data.insert_temp(dialog_status_id(), status));
}

/// What [`set_dialog_status`] set; nothing open before it is.
pub fn dialog_status(ui: &egui::Ui) -> DialogStatus {
    ui.data(|data| data.get_temp(dialog_status_id()))
        .unwrap_or_default()
}
