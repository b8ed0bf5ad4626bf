//! Notices: things that happened outside the current screen (a profile saved
//! or not, the sandbox failing, a newer version), shown until dismissed.

use egui::{RichText, Ui};

use crate::app::error_text::Localize;
use crate::app::features::journal::view::settled_text;
use crate::app::features::updates::view::download_ui;
use crate::app::i18n::{self, Language};
use crate::app::message::{Notice, NoticeKind};
use crate::app::state::AppState;
use crate::app::ui::{Tone, live_region};

/// The notice's heading, translated, and how serious it is.
pub fn notice_heading(language: Language, notice: &Notice) -> (String, Tone) {
    let with_name = |key, name: &str| i18n::tr_with(language, key, &[("name", name)]);
    let with_id = |key, id: &str| i18n::tr_with(language, key, &[("id", id)]);
    match &notice.kind {
        NoticeKind::SendSettled { send, time } => settled_text(language, send, time),
        NoticeKind::ProfileSaved(name) => (with_name("notice.profile_saved", name), Tone::Success),
        NoticeKind::ProfileNotSaved(name) => {
            (with_name("notice.profile_not_saved", name), Tone::Warning)
        }
        NoticeKind::ProfileDeleted(name) => {
            (with_name("notice.profile_deleted", name), Tone::Neutral)
        }
        NoticeKind::ProfileNotDeleted(name) => {
            (with_name("notice.profile_not_deleted", name), Tone::Danger)
        }
        NoticeKind::ProfileNotOpened(name) => {
            (with_name("notice.profile_not_opened", name), Tone::Danger)
        }
        NoticeKind::ProfilesUnreadable => (
            i18n::tr(language, "notice.profiles_unreadable").into_owned(),
            Tone::Danger,
        ),
        NoticeKind::EnvironmentProfileInvalid => (
            i18n::tr(language, "notice.environment_invalid").into_owned(),
            Tone::Danger,
        ),
        NoticeKind::PlainKeyFile => (
            i18n::tr(language, "notice.plain_key_file").into_owned(),
            Tone::Warning,
        ),
        NoticeKind::SandboxFailed => (
            i18n::tr(language, "notice.sandbox_failed").into_owned(),
            Tone::Danger,
        ),
        NoticeKind::OrderExpired(id) => (with_id("orders.notice_expired", id), Tone::Neutral),
        NoticeKind::PaymentReturned(id) => {
            (with_id("orders.notice_payment_returned", id), Tone::Warning)
        }
        NoticeKind::RefundInitiated(id) => {
            (with_id("events.notice_refund_initiated", id), Tone::Warning)
        }
        NoticeKind::FoundAfterFailure(id) => {
            (with_id("orders.notice_found_after_failure", id), Tone::Info)
        }
        NoticeKind::QrSaved => (
            i18n::tr(language, "orders.notice_qr_saved").into_owned(),
            Tone::Success,
        ),
        NoticeKind::QrNotSaved => (
            i18n::tr(language, "orders.notice_qr_not_saved").into_owned(),
            Tone::Danger,
        ),
        NoticeKind::JournalReplaced => (
            i18n::tr(language, "journal.notice_replaced").into_owned(),
            Tone::Warning,
        ),
        NoticeKind::JournalUnavailable => (
            i18n::tr(language, "journal.notice_unavailable").into_owned(),
            Tone::Danger,
        ),
        NoticeKind::JournalNotWritten => (
            i18n::tr(language, "journal.notice_not_written").into_owned(),
            Tone::Danger,
        ),
    }
}

/// The notice of a newer version, until dismissed: its number, whether it
/// fixes a security problem, its notes, and its download.
pub fn update_notice_ui(ui: &mut Ui, state: &mut AppState) {
    let Some(notice) = state.panels.updates.offered().cloned() else {
        return;
    };
    let version = notice.version.to_string();
    let (key, tone) = if notice.security {
        ("updates.notice_security", Tone::Warning)
    } else {
        ("updates.notice", Tone::Info)
    };
    let heading = state.shared.t_with(key, &[("version", &version)]);
    let dark = ui.visuals().dark_mode;
    let mut dismissed = false;
    state.show(|panels, cx, out| {
        egui::Frame::new()
            .fill(tone.fill(dark))
            .corner_radius(6)
            .inner_margin(8)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                // Every line of it, the download's too, readable on the fill.
                ui.visuals_mut().override_text_color = Some(tone.text(dark));
                ui.horizontal(|ui| {
                    let heading = ui.label(RichText::new(&heading).strong());
                    live_region(&heading, false);
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        let dismiss = cx.t("updates.notice_dismiss");
                        if ui.button(dismiss.as_ref()).clicked() {
                            dismissed = true;
                        }
                    });
                });
                let notes = match cx.language {
                    Language::PtBr => &notice.notes.pt_br,
                    Language::En => &notice.notes.en,
                };
                if !notes.is_empty() {
                    ui.label(notes);
                }
                download_ui(ui, &mut panels.updates, cx, out);
            });
    });
    ui.add_space(4.0);
    if dismissed {
        state.panels.updates.dismiss();
    }
}

/// The notices, newest last, each with a dismiss button; the update's first.
pub fn notices_ui(ui: &mut Ui, state: &mut AppState) {
    update_notice_ui(ui, state);
    let mut dismissed = None;
    let mut open_journal = false;
    for (index, notice) in state.notices.iter().enumerate() {
        let (heading, tone) = notice_heading(state.shared.language, notice);
        let dark = ui.visuals().dark_mode;
        egui::Frame::new()
            .fill(tone.fill(dark))
            .corner_radius(6)
            .inner_margin(8)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                let text = RichText::new(&heading).strong().color(tone.text(dark));
                if matches!(notice.kind, NoticeKind::SendSettled { .. }) {
                    // A long verdict wraps whole, its actions on the line
                    // below: cut at the window's edge it could lose the
                    // words that say not to send it again.
                    let heading = ui.add(egui::Label::new(text).wrap());
                    live_region(&heading, tone == Tone::Danger);
                    ui.horizontal(|ui| {
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            if ui
                                .button(state.shared.t("notice.dismiss").as_ref())
                                .clicked()
                            {
                                dismissed = Some(index);
                            }
                            // What to do about it is in Settings' list.
                            if ui
                                .button(state.shared.t("settle.open_journal").as_ref())
                                .clicked()
                            {
                                open_journal = true;
                            }
                        });
                    });
                } else {
                    ui.horizontal(|ui| {
                        let heading = ui.label(text);
                        // Notices appear without a click: screen readers announce them.
                        live_region(&heading, tone == Tone::Danger);
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            if ui
                                .button(state.shared.t("notice.dismiss").as_ref())
                                .clicked()
                            {
                                dismissed = Some(index);
                            }
                        });
                    });
                }
                if !notice.detail.is_empty() {
                    ui.label(
                        RichText::new(notice.detail.localize(state.shared.language))
                            .color(tone.text(dark)),
                    );
                }
            });
        ui.add_space(4.0);
    }
    if let Some(index) = dismissed {
        state.notices.remove(index);
    }
    if open_journal {
        state.reveal_settled_sends();
    }
}
