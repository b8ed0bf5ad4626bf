//! What the window knows of the update check: this build's feed, the daily
//! switch, the last check and what it found, the version the person
//! dismissed, and the download of the one offered.

use time::OffsetDateTime;

use brlv_core::update::{BuiltInUpdates, UpdateNotice, Version};

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
        if matches!(self.download, DownloadStatus::Downloading(_)) {
            return None;
        }
        let notice = self.newer()?.clone();
        self.download = DownloadStatus::Downloading(notice.version.clone());
        Some(UpdatesCommand::Download(Box::new(notice)))
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
                if before != now && !matches!(self.download, DownloadStatus::Downloading(_)) {
                    self.download = DownloadStatus::Idle;
                }
            }
            UpdatesEvent::Downloaded { version, result } => {
                if self.download == DownloadStatus::Downloading(version) {
                    self.download = match result {
                        Ok(saved) => DownloadStatus::Saved(saved),
                        Err(problem) => DownloadStatus::Failed(problem),
                    };
                }
            }
        }
    }
}
