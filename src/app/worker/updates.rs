//! When the worker checks the update feed: when asked (Settings' button),
//! and, with the daily switch on, at start when the last check is a day
//! old and then once a day while running; never while a form's POST is in
//! flight, and not before the embedded sandbox is up (its demo feed is the
//! one checked then). One check at a time.

use time::OffsetDateTime;

use crate::app::features::updates::message::{UpdatesCommand, UpdatesEvent};
use crate::app::features::updates::problem::UpdateProblem;
use crate::app::features::updates::task;
use crate::app::message::Event;
use crate::app::session::ProfileKind;
use brlv_core::update::{
    BuiltInUpdates, CHECK_INTERVAL, DownloadProgress, UpdateSource, Version, should_check,
};

use super::config::UpdateFeed;
use super::state::{Done, Worker};

impl Worker {
    pub(super) fn handle_updates(&mut self, command: UpdatesCommand) {
        match command {
            UpdatesCommand::CheckNow => self.updates.asked = true,
            UpdatesCommand::Schedule { daily, last_check } => {
                let checks = &mut self.updates;
                checks.scheduled = true;
                checks.daily = daily;
                // This run's own check is newer than what the window kept.
                checks.last_check = checks.last_check.max(last_check);
            }
            UpdatesCommand::Download(notice) => {
                let folder = self.config.updates.downloads.clone();
                let mut progress = self.download_progress(&notice.version);
                self.spawn(async move {
                    let result = task::download(&notice, folder, &mut progress).await;
                    Done::Report(Event::Updates(UpdatesEvent::Downloaded {
                        version: notice.version.clone(),
                        result,
                    }))
                });
            }
            UpdatesCommand::InstallAndRestart(notice) => {
                if self.on_sandbox_demo_feed() {
                    // Its package is a text file: closing the window to run
                    // it would only bring the window back.
                    self.emit(Event::Updates(UpdatesEvent::Restarting {
                        version: notice.version.clone(),
                        result: Err(UpdateProblem::SandboxDemo),
                    }));
                    return;
                }
                let source = self.update_source();
                let mut progress = self.download_progress(&notice.version);
                self.spawn(async move {
                    let result = match source {
                        Ok(source) => task::prepare_install(&notice, &source, &mut progress).await,
                        Err(problem) => Err(problem),
                    };
                    Done::UpdaterReady {
                        version: notice.version.clone(),
                        result,
                    }
                });
            }
        }
    }

    /// Tells the window how much of `version`'s package has arrived, at
    /// most once per percent.
    fn download_progress(
        &self,
        version: &Version,
    ) -> impl FnMut(DownloadProgress) + Send + 'static {
        let events = self.events.clone();
        let repaint = self.repaint.clone();
        let version = version.clone();
        let mut told = None;
        move |progress: DownloadProgress| {
            let percent = (progress.received * 100)
                .checked_div(progress.total)
                .unwrap_or(100);
            if told != Some(percent) {
                told = Some(percent);
                let _ = events.send(Event::Updates(UpdatesEvent::Progress {
                    version: version.clone(),
                    progress,
                }));
                repaint();
            }
        }
    }

    /// The installer is downloaded and checked: the updater starts and the
    /// window closes for it, unless a form's POST or a payout is in flight
    /// (closing then could leave it unanswered): nothing runs, and the
    /// person asks again once it has ended.
    pub(super) fn updater_ready(
        &mut self,
        version: Version,
        result: Result<task::UpdaterCommand, UpdateProblem>,
    ) {
        let result = result.and_then(|command| {
            let started = if self.submits_in_flight > 0 {
                Err(UpdateProblem::Busy)
            } else {
                task::start_updater(&command)
            };
            match started {
                Ok(()) => self.updates.updater_started = true,
                Err(_) => task::discard(&command),
            }
            started
        });
        self.emit(Event::Updates(UpdatesEvent::Restarting { version, result }));
    }

    /// Starts the check when asked for or due.
    pub(super) fn start_due_update_check(&mut self) {
        if self.updates.checking || self.sandbox_starting {
            return;
        }
        let now = OffsetDateTime::now_utc();
        let checks = &self.updates;
        let due = checks.scheduled
            && should_check(
                now,
                checks.last_check,
                checks.daily,
                self.submits_in_flight > 0,
            );
        if !checks.asked && !due {
            return;
        }
        let asked = std::mem::take(&mut self.updates.asked);
        self.updates.last_check = Some(now);
        let source = self.update_source();
        if !asked && matches!(source, Err(UpdateProblem::NotConfigured)) {
            // A build without a feed says so in Settings; its daily check
            // has nothing to fetch and nothing to report.
            return;
        }
        self.updates.checking = true;
        let platform = self.config.updates.platform;
        let memory = self
            .config
            .profile_path
            .as_deref()
            .map(brlv_core::update::FeedMemory::path_beside);
        self.emit(Event::Updates(UpdatesEvent::Checking));
        self.spawn(async move {
            let outcome = task::check(source, platform, memory).await;
            Done::UpdateChecked(Event::Updates(UpdatesEvent::Checked { at: now, outcome }))
        });
    }

    /// A check ended.
    pub(super) fn update_checked(&mut self, event: Event) {
        self.updates.checking = false;
        self.emit(event);
    }

    /// When the daily check is next due, for the loop to wake then.
    pub(super) fn next_update_check(&self) -> Option<tokio::time::Instant> {
        let checks = &self.updates;
        // Busy or starting: the end of the POST or the sandbox's start wakes the loop.
        let waiting = self.submits_in_flight > 0 || self.sandbox_starting;
        if !checks.scheduled || !checks.daily || checks.checking || waiting {
            return None;
        }
        let due = checks.last_check? + CHECK_INTERVAL;
        let wait = (due - OffsetDateTime::now_utc())
            .try_into()
            .unwrap_or(std::time::Duration::ZERO);
        Some(tokio::time::Instant::now() + wait)
    }

    /// Whether the feed checked is the embedded sandbox's demo one.
    fn on_sandbox_demo_feed(&self) -> bool {
        matches!(self.config.updates.feed, UpdateFeed::ThisBuild)
            && self.sandbox.is_some()
            && self
                .session
                .as_ref()
                .is_some_and(|session| session.kind == ProfileKind::Sandbox)
    }

    /// The feed to check: the given one, the sandbox's demo feed while the
    /// embedded sandbox is open, else this build's.
    fn update_source(&self) -> Result<UpdateSource, UpdateProblem> {
        if let UpdateFeed::Given(source) = &self.config.updates.feed {
            return Ok(source.clone());
        }
        let on_sandbox = self.on_sandbox_demo_feed();
        match (&self.sandbox, on_sandbox) {
            (Some(sandbox), true) => sandbox
                .update_source()
                .map_err(UpdateProblem::Misconfigured),
            _ => BuiltInUpdates::of_this_build()
                .source()
                .cloned()
                .map_err(|error| UpdateProblem::from(&error)),
        }
    }
}
