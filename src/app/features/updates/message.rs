//! What crosses to and from the worker for the update check.

use std::path::PathBuf;

use time::OffsetDateTime;

use brlv_core::update::{DownloadProgress, UpdateNotice, Version};

use super::problem::UpdateProblem;

/// What the window asks the worker about updates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UpdatesCommand {
    /// Check the feed now (Settings' button), whatever the daily switch says.
    CheckNow,
    /// The daily check's switch and when the feed was last checked (kept
    /// with the preferences): sent at start and whenever the switch
    /// changes. Until it arrives the worker checks only when asked.
    Schedule {
        /// The daily check is on.
        daily: bool,
        /// When the feed was last checked, in an earlier run or this one.
        last_check: Option<OffsetDateTime>,
    },
    /// Download the offered package into the Downloads folder, checked
    /// against the feed (size, SHA-256).
    Download(Box<UpdateNotice>),
    /// Windows: download the offered installer into a private temporary
    /// folder, checked against the feed, then start the updater (`brlv-desk
    /// update install --after-caller --package … --relaunch`) and close the
    /// window, unless a form or a payout is in flight.
    InstallAndRestart(Box<UpdateNotice>),
}

/// What the worker tells the window about updates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UpdatesEvent {
    /// A check started (asked for, or the daily one).
    Checking,
    /// A check ended.
    Checked {
        /// When it started.
        at: OffsetDateTime,
        /// What it found.
        outcome: CheckOutcome,
    },
    /// How much of the package being downloaded has arrived.
    Progress {
        /// The version downloading.
        version: Version,
        /// Bytes so far, of the feed's size.
        progress: DownloadProgress,
    },
    /// The installer was downloaded and checked for Update and restart:
    /// the updater started and waits for the window to close, or why not.
    Restarting {
        /// The version being installed.
        version: Version,
        /// The updater started, or why nothing was run.
        result: Result<(), UpdateProblem>,
    },
    /// A download ended.
    Downloaded {
        /// The version downloaded.
        version: Version,
        /// Where the checked package was saved, or why not.
        result: Result<SavedPackage, UpdateProblem>,
    },
}

/// What one check of the feed found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckOutcome {
    /// The feed offers the running version: nothing newer.
    UpToDate,
    /// A newer version for this platform, from a feed whose signature verified.
    Newer(Box<UpdateNotice>),
    /// Nothing was offered, and why.
    Failed(UpdateProblem),
}

/// A package downloaded and checked against the feed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedPackage {
    /// Where it was saved.
    pub path: PathBuf,
    /// The one command that installs it (Linux), if there is one.
    pub install_command: Option<String>,
}
