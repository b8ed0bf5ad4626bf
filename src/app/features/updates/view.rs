//! Settings' "Updates" section: what this build is (its version, and
//! whether it was built with a feed and the key to check it), the daily
//! check's switch, "Check now", and the last check's time and result; the
//! newer version found, with its download. The shell's notice draws the
//! same download ([`download_ui`]).

use crate::app::ui::spinner_ui;
use egui::{RichText, Ui};

use brlv_core::update::{BuiltInUpdates, UpdateNotice};

use super::message::{CheckOutcome, UpdatesEvent};
use super::state::{DownloadStatus, UpdatesState};
use super::task::running_version;
use crate::app::error_text::Localize;
use crate::app::message::Command;
use crate::app::panel::{Outbox, Panel, Shared};
use crate::app::ui::{Tone, badge_ui, copy_button_ui, live_region};

impl Panel for UpdatesState {
    type Event = UpdatesEvent;

    fn ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        ui.add_space(12.0);
        ui.label(RichText::new(cx.t("updates.title").as_ref()).strong());
        let version = running_version().to_string();
        ui.label(cx.t_with("updates.this_version", &[("version", &version)]));
        let can_check = match &self.built_in {
            BuiltInUpdates::Configured(source) => {
                let host = source.feed_url.host_str().unwrap_or_default();
                ui.label(cx.t_with("updates.build_checks", &[("host", host)]));
                true
            }
            BuiltInUpdates::NotConfigured => {
                ui.label(cx.t("updates.build_never_checks").as_ref());
                false
            }
            BuiltInUpdates::Misconfigured(reason) => {
                ui.label(cx.t_with("updates.build_misconfigured", &[("reason", reason)]));
                false
            }
        };
        if cx.sandbox() {
            ui.label(RichText::new(cx.t("updates.sandbox_feed").as_ref()).weak());
        }
        let can_check = can_check || cx.sandbox();

        let mut daily = self.daily;
        let switch = ui.add_enabled(
            can_check,
            egui::Checkbox::new(&mut daily, cx.t("updates.daily_switch").as_ref()),
        );
        if switch.changed() {
            out.command(Command::Updates(self.set_daily(daily)));
        }
        ui.horizontal(|ui| {
            let button = egui::Button::new(cx.t("updates.check_now").as_ref());
            if ui
                .add_enabled(can_check && !self.checking, button)
                .clicked()
                && let Some(command) = self.check_now()
            {
                out.command(Command::Updates(command));
            }
            if self.checking {
                spinner_ui(ui);
                ui.label(cx.t("updates.checking").as_ref());
            }
        });
        last_check_ui(ui, self, cx, out);
        ui.add_space(12.0);
    }

    fn apply(&mut self, event: UpdatesEvent, _cx: &Shared, _out: &mut Outbox) {
        self.take_in(event);
    }
}

/// When the feed was last checked and what that found.
fn last_check_ui(ui: &mut Ui, updates: &mut UpdatesState, cx: &Shared, out: &mut Outbox) {
    let Some(at) = updates.last_check else {
        ui.label(RichText::new(cx.t("updates.never_checked").as_ref()).weak());
        return;
    };
    let when = cx.moments().text(at);
    ui.label(cx.t_with("updates.last_checked", &[("time", &when)]));
    let Some(outcome) = &updates.last_outcome else {
        return;
    };
    match outcome {
        CheckOutcome::UpToDate => {
            let text = cx.t("updates.up_to_date");
            let label = ui.label(RichText::new(text.as_ref()));
            live_region(&label, false);
        }
        CheckOutcome::Failed(problem) => {
            let text = cx.t_with(
                "updates.check_failed",
                &[("reason", &problem.localize(cx.language))],
            );
            let label = ui.label(RichText::new(text));
            live_region(&label, false);
        }
        CheckOutcome::Newer(notice) => {
            let notice = notice.as_ref().clone();
            newer_ui(ui, &notice, cx);
            download_ui(ui, updates, cx, out);
        }
    }
}

/// The newer version: its number and day, whether it fixes a security
/// problem, its notes in the person's language, and where it comes from.
pub fn newer_ui(ui: &mut Ui, notice: &UpdateNotice, cx: &Shared) {
    let version = notice.version.to_string();
    let day = cx.moments().day(notice.date);
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(
            RichText::new(cx.t_with("updates.newer", &[("version", &version), ("date", &day)]))
                .strong(),
        );
        live_region(&label, false);
        if notice.security {
            badge_ui(ui, cx.t("updates.security_badge").as_ref(), Tone::Danger);
        }
    });
    let notes = match cx.language {
        crate::app::i18n::Language::PtBr => &notice.notes.pt_br,
        crate::app::i18n::Language::En => &notice.notes.en,
    };
    if !notes.is_empty() {
        ui.label(notes);
    }
    ui.label(
        RichText::new(cx.t_with(
            "updates.package_address",
            &[("url", notice.package.url.as_str())],
        ))
        .weak(),
    );
}

/// The newer version's Update, then where it stands: downloading (with how
/// much has arrived), on Windows the updater started and the window about
/// to close, elsewhere saved with the command that installs it; or refused.
pub fn download_ui(ui: &mut Ui, updates: &mut UpdatesState, cx: &Shared, out: &mut Outbox) {
    let restarts = updates.restarts_to_update();
    match &updates.download {
        DownloadStatus::Downloading(_) => {
            ui.horizontal(|ui| {
                spinner_ui(ui);
                let text = match updates.progress {
                    Some(progress) if progress.total > 0 => {
                        let percent = (progress.received * 100) / progress.total;
                        cx.t_with(
                            "updates.downloading_percent",
                            &[("percent", &percent.to_string())],
                        )
                    }
                    _ => cx.t("updates.downloading").into_owned(),
                };
                ui.label(text);
            });
            return;
        }
        DownloadStatus::Restarting(_) => {
            let label = ui.label(RichText::new(cx.t("updates.restarting").as_ref()));
            live_region(&label, false);
            return;
        }
        DownloadStatus::Saved(saved) => {
            let path = saved.path.display().to_string();
            let label = ui.label(RichText::new(
                cx.t_with("updates.saved", &[("path", &path)]),
            ));
            live_region(&label, false);
            match &saved.install_command {
                Some(command) => {
                    ui.label(cx.t("updates.install_with").as_ref());
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(command).monospace());
                        copy_button_ui(ui, cx.language, command);
                    });
                }
                None => {
                    ui.label(cx.t("updates.run_to_install").as_ref());
                }
            }
            return;
        }
        DownloadStatus::Failed(problem) => {
            let key = if restarts {
                "updates.install_failed"
            } else {
                "updates.download_failed"
            };
            let text = cx.t_with(key, &[("reason", &problem.localize(cx.language))]);
            let label = ui.label(RichText::new(text));
            live_region(&label, true);
        }
        DownloadStatus::Idle => {}
    }
    let button = if restarts {
        "updates.install_restart"
    } else {
        "updates.download"
    };
    if ui.button(cx.t(button).as_ref()).clicked()
        && let Some(command) = updates.update()
    {
        out.command(Command::Updates(command));
    }
}
