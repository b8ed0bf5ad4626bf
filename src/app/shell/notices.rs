//! Notices: things that happened outside the current screen (a profile saved
//! or not, the sandbox failing, a newer version), shown until dismissed.

use egui::{RichText, Ui};

use crate::app::error_text::Localize;
use crate::app::features::journal::view::settled_text;
use crate::app::features::updates::view::download_ui;
use crate::app::i18n::{self, Language};
use crate::app::message::{Notice, NoticeKind};
use crate::app::panel::Shared;
use crate::app::state::AppState;
use crate::app::ui::{Tone, live_region};

/// The notice's heading, translated, and how serious it is.
pub fn notice_heading(language: Language, notice: &Notice) -> (String, Tone) {
    use NoticeKind as Kind;
    let (key, tone) = match &notice.kind {
        Kind::SendSettled { send, time } => return settled_text(language, send, time),
        Kind::ProfileSaved(_) => ("notice.profile_saved", Tone::Success),
        Kind::ProfileNotSaved(_) => ("notice.profile_not_saved", Tone::Warning),
        Kind::ProfileDeleted(_) => ("notice.profile_deleted", Tone::Neutral),
        Kind::ProfileNotDeleted(_) => ("notice.profile_not_deleted", Tone::Danger),
        Kind::ProfileNotOpened(_) => ("notice.profile_not_opened", Tone::Danger),
        Kind::ProfilesUnreadable => ("notice.profiles_unreadable", Tone::Danger),
        Kind::EnvironmentProfileInvalid => ("notice.environment_invalid", Tone::Danger),
        Kind::PlainKeyFile => ("notice.plain_key_file", Tone::Warning),
        Kind::SandboxFailed => ("notice.sandbox_failed", Tone::Danger),
        Kind::OrderExpired(_) => ("orders.notice_expired", Tone::Neutral),
        Kind::PaymentReturned(_) => ("orders.notice_payment_returned", Tone::Warning),
        Kind::RefundInitiated(_) => ("events.notice_refund_initiated", Tone::Warning),
        Kind::FoundAfterFailure(_) => ("orders.notice_found_after_failure", Tone::Info),
        Kind::QrSaved => ("orders.notice_qr_saved", Tone::Success),
        Kind::QrNotSaved => ("orders.notice_qr_not_saved", Tone::Danger),
        Kind::JournalReplaced => ("journal.notice_replaced", Tone::Warning),
        Kind::JournalUnavailable => ("journal.notice_unavailable", Tone::Danger),
        Kind::JournalNotWritten => ("journal.notice_not_written", Tone::Danger),
    };
    // The profile or the order it is about, in its placeholder.
    let about = match &notice.kind {
        Kind::ProfileSaved(name)
        | Kind::ProfileNotSaved(name)
        | Kind::ProfileDeleted(name)
        | Kind::ProfileNotDeleted(name)
        | Kind::ProfileNotOpened(name) => Some(("name", name.as_str())),
        Kind::OrderExpired(id)
        | Kind::PaymentReturned(id)
        | Kind::RefundInitiated(id)
        | Kind::FoundAfterFailure(id) => Some(("id", id.as_str())),
        _ => None,
    };
    (i18n::tr_with(language, key, about.as_slice()), tone)
}

/// The notice of a newer version, until dismissed: its number, whether it
/// fixes a security problem, its notes, and its download.
pub fn update_notice_ui(ui: &mut Ui, state: &mut AppState) {
    let Some(notice) = state.panels.updates.offered().cloned() else {
        return;
    };
    let version = notice.version.to_string();
    // On the sandbox the feed is its demo one: said plainly, so a newcomer
    // never takes its made-up version for a real release.
    let (key, tone) = if state.shared.sandbox() {
        ("updates.notice_sandbox_demo", Tone::Neutral)
    } else if notice.security {
        ("updates.notice_security", Tone::Warning)
    } else {
        ("updates.notice", Tone::Info)
    };
    let heading = state.shared.t_with(key, &[("version", &version)]);
    let dark = ui.visuals().dark_mode;
    let mut dismissed = false;
    state.show(|panels, cx, out| {
        notice_frame(tone, dark).show(ui, |ui| {
            ui.set_width(ui.available_width());
            // Every line of it, the download's too, readable on the fill.
            ui.visuals_mut().override_text_color = Some(tone.text(dark));
            ui.horizontal(|ui| {
                let heading = heading_beside_button_ui(ui, RichText::new(&heading).strong());
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

/// The width kept for a notice's Dismiss button beside its words, in
/// points (they scale with the text).
const DISMISS_ROOM: f32 = 120.0;

/// A notice's words, wrapped short of the Dismiss button beside them: a
/// line that would not wrap widens the whole view at 200 %, and every
/// notice below it is cut at the window's edge.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
fn heading_beside_button_ui(ui: &mut Ui, text: RichText) -> egui::Response {
    let room = (ui.available_width() - DISMISS_ROOM).max(DISMISS_ROOM);
    ui.scope(|ui| {
        ui.set_max_width(room);
        ui.add(egui::Label::new(text).wrap())
    })
    .inner
}

/// The notices, newest last, each with a dismiss button; the update's first.
pub fn notices_ui(ui: &mut Ui, state: &mut AppState) {
    update_notice_ui(ui, state);
    let mut dismissed = None;
    let mut open_journal = false;
    for (index, notice) in state.notices.iter().enumerate() {
        let (heading, tone) = notice_heading(state.shared.language, notice);
        let dark = ui.visuals().dark_mode;
        notice_frame(tone, dark).show(ui, |ui| {
            ui.set_width(ui.available_width());
            let text = RichText::new(&heading).strong().color(tone.text(dark));
            let settled = matches!(notice.kind, NoticeKind::SendSettled { .. });
            let (dismiss, journal) = if settled {
                // A long verdict wraps whole, its actions on the line
                // below: cut at the window's edge it could lose the
                // words that say not to send it again.
                let heading = ui.add(egui::Label::new(text).wrap());
                live_region(&heading, tone == Tone::Danger);
                ui.horizontal(|ui| notice_buttons_ui(ui, &state.shared, true))
                    .inner
            } else {
                ui.horizontal(|ui| {
                    let heading = heading_beside_button_ui(ui, text);
                    // Notices appear without a click: screen readers announce them.
                    live_region(&heading, tone == Tone::Danger);
                    notice_buttons_ui(ui, &state.shared, false)
                })
                .inner
            };
            if dismiss {
                dismissed = Some(index);
            }
            open_journal |= journal;
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

/// A notice's buttons, at the line's right end: Dismiss, and for a send
/// settled at start, the way to Settings' list, where what to do about it
/// is; which was clicked.
fn notice_buttons_ui(ui: &mut Ui, cx: &Shared, settled: bool) -> (bool, bool) {
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        let dismiss = ui.button(cx.t("notice.dismiss").as_ref()).clicked();
        let journal = settled && ui.button(cx.t("settle.open_journal").as_ref()).clicked();
        (dismiss, journal)
    })
    .inner
}

/// The frame a notice is drawn in, filled as its tone says.
fn notice_frame(tone: Tone, dark: bool) -> egui::Frame {
    egui::Frame::new()
        .fill(tone.fill(dark))
        .corner_radius(6)
        .inner_margin(8)
}
