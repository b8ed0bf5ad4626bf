//! The journal in Settings: the sends an earlier run left without an
//! answer, each with what became of it and what to do (at the top of
//! Settings), and what is kept on this computer with the "activity of this
//! device" CSV export (its section).

use egui::{RichText, Ui};
use uuid::Uuid;

use crate::app::dialog::{DialogPurpose, FileAnswer};
use crate::app::i18n::{self, Language};
use crate::app::message::{Command, Notice, NoticeDetail, NoticeKind};
use crate::app::panel::{Ask, Outbox, Panel, Shared};
use crate::app::ui::{Tone, export_bar_ui, live_region, note_ui};

use super::message::{JournalCommand, SendOutcome, SettledSend};
use super::resend::resend_of;
use super::state::{JournalState, JournalTold};
use crate::app::panel::cannot_tell::{cannot_tell_ui, resend_summary};

/// What became of a send an earlier run left without an answer, in words,
/// and how serious it is: applied (its id), not applied, or cannot be told.
/// The notice at start and the journal's list say it alike.
pub fn settled_text(language: Language, send: &SettledSend, time: &str) -> (String, Tone) {
    let what = i18n::tr(
        language,
        match send.form.as_str() {
            "withdrawal" => "settle.form_withdrawal",
            "transfer" => "settle.form_transfer",
            "claim" => "settle.form_claim",
            "order" => "settle.form_order",
            "wallet" => "settle.form_wallet",
            _ => "settle.form_other",
        },
    );
    let with = |key: &'static str, id: &str| {
        i18n::tr_with(
            language,
            key,
            &[("what", what.as_ref()), ("time", time), ("id", id)],
        )
    };
    match &send.outcome {
        SendOutcome::Done(id) => (with("settle.done", id), Tone::Success),
        SendOutcome::NotDone => (with("settle.not_done", ""), Tone::Warning),
        SendOutcome::CannotTell(candidates) if !candidates.is_empty() => {
            let count = candidates.len();
            let text = i18n::tr_count(
                language,
                (
                    "settle.cannot_tell_matches_one",
                    "settle.cannot_tell_matches",
                ),
                count,
                &[("what", what.as_ref()), ("time", time)],
            );
            (text, Tone::Danger)
        }
        SendOutcome::CannotTell(_) => (with("settle.cannot_tell", ""), Tone::Danger),
        SendOutcome::Pending => (with("settle.pending", ""), Tone::Warning),
    }
}

/// How wide the settled sends' lines may be: Settings scrolls sideways
/// too, and these wrap at the window's edge instead, so no word of what to
/// do is out of sight.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
fn wrap_width(ui: &Ui) -> f32 {
    (ui.clip_rect().right() - ui.cursor().left() - 24.0).max(320.0)
}

/// What the person should do about `send`, beside its verdict.
fn what_to_do_key(send: &SettledSend) -> Option<&'static str> {
    match (&send.outcome, send.form.as_str()) {
        (SendOutcome::Done(_), _) => None,
        (SendOutcome::NotDone, "order") => Some("settle.order_expired"),
        (SendOutcome::NotDone, _) => Some("settle.not_done_again"),
        (SendOutcome::CannotTell(candidates), _) if !candidates.is_empty() => {
            Some("settle.cannot_tell_check")
        }
        (SendOutcome::CannotTell(_), _) => Some("settle.cannot_tell_what_to_do"),
        (SendOutcome::Pending, _) => Some("settle.pending_what_to_do"),
    }
}

/// One settled send: its verdict on its tone, what to do, and for one not
/// done whose form can hold it, "Send again…" (which fills the form; the
/// form's review and the lock come after, as for anything typed), offered
/// once: `sent_again` says it was used (`Some(None)`: filled, not sent
/// yet; `Some(Some(id))`: sent again as the record `id`).
/// `focus`: the first such button takes the keyboard focus (the person
/// came from the notice).
fn settled_send_ui(
    ui: &mut Ui,
    cx: &Shared,
    out: &mut Outbox,
    send: &SettledSend,
    sent_again: Option<Option<Uuid>>,
    focus: &mut bool,
) {
    let time = cx.moments().exact(send.sent_at);
    let (verdict, tone) = settled_text(cx.language, send, &time);
    let dark = ui.visuals().dark_mode;
    let width = wrap_width(ui);
    egui::Frame::new()
        .fill(tone.fill(dark))
        .corner_radius(6)
        .inner_margin(8)
        .show(ui, |ui| {
            ui.set_width(width);
            ui.visuals_mut().override_text_color = Some(tone.text(dark));
            ui.add(egui::Label::new(RichText::new(&verdict).strong()).wrap());
            let resend = resend_of(send);
            if let Some(resend) = &resend {
                ui.add(egui::Label::new(resend_summary(cx, resend)).wrap());
            }
            if let SendOutcome::CannotTell(candidates) = &send.outcome {
                cannot_tell_ui(ui, cx, &send.endpoint, &send.body, candidates);
            }
            match sent_again {
                Some(Some(id)) => {
                    let said = cx.t_with("settle.sent_again", &[("id", &id.to_string())]);
                    ui.add(egui::Label::new(RichText::new(said).strong()).wrap());
                    return;
                }
                Some(None) => {
                    ui.add(egui::Label::new(cx.t("settle.filled_again").as_ref()).wrap());
                    return;
                }
                None => {}
            }
            if let Some(key) = what_to_do_key(send) {
                ui.add(egui::Label::new(cx.t(key).as_ref()).wrap());
            }
            if let Some(resend) = resend {
                let text = cx.t("settle.send_again");
                // Several may be listed: each button's name says which.
                let name = format!("{text} {}", resend_summary(cx, &resend));
                let button = ui.button(text.as_ref());
                if std::mem::take(focus) {
                    button.request_focus();
                }
                button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
                if button.clicked() {
                    out.ask(Ask::FillForm {
                        resend: Box::new(resend),
                        of: send.post_id,
                    });
                }
            }
        });
    ui.add_space(4.0);
}

impl JournalState {
    /// The sends an earlier run left without an answer, when there are
    /// any: drawn at the top of Settings, above everything else, so the
    /// person cannot miss them.
    pub fn settled_ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        if self.settled.is_empty() {
            return;
        }
        let heading = ui.label(RichText::new(cx.t("settle.heading").as_ref()).strong());
        live_region(&heading, false);
        let mut focus = std::mem::take(&mut self.reveal);
        if focus {
            heading.scroll_to_me(Some(egui::Align::TOP));
        }
        let width = wrap_width(ui);
        ui.scope(|ui| {
            ui.set_max_width(width);
            ui.add(egui::Label::new(RichText::new(cx.t("settle.explain").as_ref()).weak()).wrap());
        });
        for send in &self.settled {
            let sent_again = self.sent_again.get(&send.post_id).copied();
            settled_send_ui(ui, cx, out, send, sent_again, &mut focus);
        }
        ui.add_space(8.0);
    }
}

impl Panel for JournalState {
    type Event = JournalTold;

    /// The journal's section of Settings.
    fn ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        ui.label(RichText::new(cx.t("journal.heading").as_ref()).strong());
        note_ui(ui, &cx.t("journal.explain"));
        if !cx.connected() {
            note_ui(ui, &cx.t("journal.no_session"));
            return;
        }
        if export_bar_ui(ui, cx.language, &mut self.export) {
            if std::mem::take(&mut self.export.dialog_asked) {
                out.ask(Ask::ChooseFile(DialogPurpose::ExportJournal));
            } else if let Some(path) = self.export.start() {
                out.write_file(Command::Journal(JournalCommand::ExportCsv(path)));
            }
        }
    }

    fn apply(&mut self, told: JournalTold, cx: &Shared, out: &mut Outbox) {
        let answer = match told {
            JournalTold::File(answer) => answer,
            JournalTold::Settled(sends) => {
                // Each told above the view too, with when it was sent.
                let moments = cx.moments();
                for send in &sends {
                    let time = moments.exact(send.sent_at);
                    out.ask(Ask::Notice(Notice {
                        kind: NoticeKind::SendSettled {
                            send: send.clone(),
                            time,
                        },
                        detail: NoticeDetail::None,
                    }));
                }
                self.told(JournalTold::Settled(sends));
                return;
            }
            told => {
                self.told(told);
                return;
            }
        };
        match answer {
            // The system's Save dialog asked before replacing it.
            FileAnswer::Chosen(DialogPurpose::ExportJournal, path) => {
                self.export.path = path.display().to_string();
                if let Some(path) = self.export.start() {
                    out.command(Command::Journal(JournalCommand::ExportCsv(path)));
                }
            }
            FileAnswer::Exported(_, result) => self.export.finish(result),
            FileAnswer::Kept(_) => self.export.writing = false,
            FileAnswer::Chosen(..) | FileAnswer::NoFile => {}
        }
    }
}
