//! Settings' webhook part: the address the service posts events to (the
//! loopback listener's URL, its path holding the profile's secret), with
//! Copy, and whether that secret is kept for the profile.

use egui::{RichText, Ui};

use crate::app::features::events::state::ListenerStatus;
use crate::app::panel::PanelContext;
use crate::app::session::ProfileKind;

/// The listener's address while it runs, with Copy and what is kept of it;
/// while it does not, where to start it.
pub fn webhook_address_ui(ui: &mut Ui, cx: &PanelContext<'_>, status: &ListenerStatus) {
    ui.add_space(12.0);
    ui.label(RichText::new(cx.t("settings.webhook_title").as_ref()).strong());
    let ListenerStatus::Listening(url) = status else {
        ui.label(RichText::new(cx.t("settings.webhook_off").as_ref()).weak());
        return;
    };
    ui.horizontal(|ui| {
        ui.label(RichText::new(url).monospace());
        if ui.button(cx.t("settings.webhook_copy").as_ref()).clicked() {
            ui.ctx().copy_text(url.clone());
        }
    });
    let kept = cx
        .session
        .is_some_and(|session| session.kind == ProfileKind::Saved);
    let hint = if kept {
        "settings.webhook_kept"
    } else {
        "settings.webhook_this_run"
    };
    ui.add(egui::Label::new(RichText::new(cx.t(hint).as_ref()).weak()).wrap());
}
