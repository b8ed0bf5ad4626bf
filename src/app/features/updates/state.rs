//! What the window knows of the update check: this build's feed, the daily
//! switch, the last check and what it found, the version the person
//! dismissed, and the download of the one offered.

use time::OffsetDateTime;

use brlv_core::update::{BuiltInUpdates, DownloadProgress, UpdateNotice, Version};

use super::message::{CheckOutcome, SavedPackage, UpdatesCommand, UpdatesEvent};
use super::problem::UpdateProblem;

/// Where the download of the offered version stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum DownloadStatus {
    /// Not asked for.
    #[default]
    Idle,
    /// Downloading this version.
    Downloading(Version),
    /// Saved and checked.
    Saved(SavedPackage),
    /// Windows: checked, the updater started; the window closes for it.
    Restarting(Version),
    /// Refused or not written; nothing was kept.
    Failed(UpdateProblem),
}

/// The update check as the window shows it (Settings' section, the notice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpdatesState {
    /// What this build was given: a feed and its key, or none.
    pub built_in: BuiltInUpdates,
    /// The daily check is on (the person's switch; on by default).
    pub daily: bool,
    /// When the feed was last checked (kept with the preferences).
    pub last_check: Option<OffsetDateTime>,
    /// What the last check of this run found.
    pub last_outcome: Option<CheckOutcome>,
    /// A check is running.
    pub checking: bool,
    /// The newest version whose notice the person dismissed (kept with the
    /// preferences): its notice is not shown again.
    pub dismissed: Option<Version>,
    /// The download of the version offered.
    pub download: DownloadStatus,
    /// How much of the download running has arrived.
    pub progress: Option<DownloadProgress>,
}

impl Default for UpdatesState {
    fn default() -> Self {
        UpdatesState::new(BuiltInUpdates::of_this_build())
    }
}

impl UpdatesState {
    /// A fresh state for a build given `built_in`.
    pub fn new(built_in: BuiltInUpdates) -> UpdatesState {
        UpdatesState {
            built_in,
            daily: true,
            last_check: None,
            last_outcome: None,
            checking: false,
            dismissed: None,
            download: DownloadStatus::Idle,
            progress: None,
        }
    }

    /// What the worker needs to know to check once a day.
    pub fn schedule(&self) -> UpdatesCommand {
        UpdatesCommand::Schedule {
            daily: self.daily,
            last_check: self.last_check,
        }
    }

    /// Turns the daily check on or off; what to tell the worker.
    pub fn set_daily(&mut self, on: bool) -> UpdatesCommand {
        self.daily = on;
        self.schedule()
    }

    /// Asks for a check now; `None` while one is running.
    pub fn check_now(&mut self) -> Option<UpdatesCommand> {
        if self.checking {
            return None;
        }
        self.checking = true;
        Some(UpdatesCommand::CheckNow)
    }

    /// Whether what Settings shows of the check will not change by itself:
    /// no check asked for or running (a screenshot of Settings waits).
    pub fn settled(&self) -> bool {
        !self.checking
    }

    /// The newer version the last check found.
    pub fn newer(&self) -> Option<&UpdateNotice> {
        match &self.last_outcome {
            Some(CheckOutcome::Newer(notice)) => Some(notice),
            _ => None,
        }
    }

    /// The newer version the last check found, unless the person dismissed
    /// its notice (or a newer one's).
    pub fn offered(&self) -> Option<&UpdateNotice> {
        match &self.last_outcome {
            Some(CheckOutcome::Newer(notice))
                if self
                    .dismissed
                    .as_ref()
                    .is_none_or(|dismissed| notice.version.cmp_precedence(dismissed).is_gt()) =>
            {
                Some(notice)
            }
            _ => None,
        }
    }

    /// Hides the notice of the version offered, for good.
    pub fn dismiss(&mut self) {
        if let Some(version) = self.offered().map(|notice| notice.version.clone()) {
            self.dismissed = Some(version);
        }
    }

    /// Asks to download the newer version found (its notice dismissed or
    /// not); `None` when there is none or it is already downloading.
    pub fn download(&mut self) -> Option<UpdatesCommand> {
        let notice = self.start_download()?;
        Some(UpdatesCommand::Download(Box::new(notice)))
    }

    /// The window's Update for the newer version found: on Windows (its
    /// installer runs with no questions) download, check, install and
    /// restart; elsewhere download and check, the command that installs it
    /// then shown. `None` when there is nothing to update to, or it is
    /// already under way.
    pub fn update(&mut self) -> Option<UpdatesCommand> {
        if !self.newer()?.platform.installs_silently() {
            return self.download();
        }
        let notice = self.start_download()?;
        Some(UpdatesCommand::InstallAndRestart(Box::new(notice)))
    }

    /// Whether Update installs and restarts (the newer version's package is
    /// a Windows installer), rather than saving a package to install by hand.
    pub fn restarts_to_update(&self) -> bool {
        self.newer()
            .is_some_and(|notice| notice.platform.installs_silently())
    }

    /// The updater started: the window closes so that it can be replaced.
    pub fn restarting(&self) -> bool {
        matches!(self.download, DownloadStatus::Restarting(_))
    }

    fn start_download(&mut self) -> Option<UpdateNotice> {
        if matches!(
            self.download,
            DownloadStatus::Downloading(_) | DownloadStatus::Restarting(_)
        ) {
            return None;
        }
        let notice = self.newer()?.clone();
        self.download = DownloadStatus::Downloading(notice.version.clone());
        self.progress = None;
        Some(notice)
    }

    /// Takes in what the worker told.
    pub fn take_in(&mut self, event: UpdatesEvent) {
        match event {
            UpdatesEvent::Checking => self.checking = true,
            UpdatesEvent::Checked { at, outcome } => {
                self.checking = false;
                self.last_check = Some(at);
                let before = self.offered().map(|notice| notice.version.clone());
                self.last_outcome = Some(outcome);
                let now = self.offered().map(|notice| notice.version.clone());
                // A saved file or a refusal stays beside the version it was of.
                let under_way = matches!(
                    self.download,
                    DownloadStatus::Downloading(_) | DownloadStatus::Restarting(_)
                );
                if before != now && !under_way {
                    self.download = DownloadStatus::Idle;
                }
            }
            UpdatesEvent::Progress { version, progress } => {
                if self.download == DownloadStatus::Downloading(version) {
                    self.progress = Some(progress);
                }
            }
            UpdatesEvent::Downloaded { version, result } => {
                if self.download == DownloadStatus::Downloading(version) {
                    self.progress = None;
                    self.download = match result {
                        Ok(saved) => DownloadStatus::Saved(saved),
                        Err(problem) => DownloadStatus::Failed(problem),
                    };
                }
            }
            UpdatesEvent::Restarting { version, result } => {
                if self.download == DownloadStatus::Downloading(version.clone()) {
                    self.progress = None;
                    self.download = match result {
                        Ok(()) => DownloadStatus::Restarting(version),
                        Err(problem) => DownloadStatus::Failed(problem),
                    };
                }
            }
        }
    }
}
