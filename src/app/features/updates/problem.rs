//! Why a check offered nothing or a download was not kept, in the
//! person's language and with what to do about it. The core's
//! [`UpdateError`] says it in English for the command line; this keeps
//! what a person needs of it.

use brlv_core::update::UpdateError;

use crate::app::error_text::Localize;
use crate::app::i18n::{self, Language};

/// Why nothing was offered, or a download was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UpdateProblem {
    /// This build was made without a feed address: it never checks.
    NotConfigured,
    /// This build's feed address or key cannot be used.
    Misconfigured(String),
    /// No package kind is known for this system (not Windows, Debian or Fedora on x86-64).
    NoPlatform,
    /// The update server could not be reached.
    Unreachable(String),
    /// The update server answered with an error status.
    ServerStatus(u16),
    /// An answer larger than any feed or package the program accepts.
    TooLarge,
    /// The feed has no signature beside it.
    Unsigned,
    /// The feed is signed by a key other than this program's.
    WrongKey,
    /// The feed was changed after it was signed, or its signature does not read.
    BadSignature,
    /// The feed verified but cannot be read.
    Malformed(String),
    /// The feed offers a version older than the running one.
    Downgrade {
        /// What the feed offers.
        offered: String,
        /// What is running.
        running: String,
    },
    /// The feed's expiry has passed: an old feed is being served.
    Expired {
        /// When it expired, as the feed says (UTC).
        expired: String,
    },
    /// The feed is older than one already verified: an old feed is being served.
    RolledBack {
        /// What this feed offers.
        offered: String,
        /// The newest version a verified feed offered before.
        seen: String,
    },
    /// The newer version has no package for this system.
    NoPackage {
        /// The version offered.
        version: String,
        /// This system's package kind.
        platform: String,
    },
    /// The downloaded file is not the one the feed names (size or SHA-256): deleted.
    NotTheAnnouncedFile(String),
    /// The file could not be written.
    File(String),
    /// There is no Downloads folder to save into.
    NoDownloadsFolder,
    /// A form's request or a payout was in flight when the installer was
    /// ready: nothing was run, the window stays open.
    Busy,
    /// The updater could not be prepared or started.
    UpdaterNotStarted(String),
    /// The sandbox's demo update has nothing to install.
    SandboxDemo,
}

impl From<&UpdateError> for UpdateProblem {
    fn from(error: &UpdateError) -> Self {
        match error {
            UpdateError::NotConfigured => UpdateProblem::NotConfigured,
            UpdateError::Url { .. } | UpdateError::PublicKey(_) => {
                UpdateProblem::Misconfigured(error.to_string())
            }
            UpdateError::Network { message, .. } => UpdateProblem::Unreachable(message.clone()),
            UpdateError::HttpStatus { status, .. } => UpdateProblem::ServerStatus(*status),
            UpdateError::TooLarge { .. } => UpdateProblem::TooLarge,
            UpdateError::Unsigned { .. } => UpdateProblem::Unsigned,
            UpdateError::WrongKey => UpdateProblem::WrongKey,
            UpdateError::SignatureMalformed(_) | UpdateError::BadSignature => {
                UpdateProblem::BadSignature
            }
            UpdateError::Malformed(detail) => UpdateProblem::Malformed(detail.clone()),
            // The check reports the same version as up to date before this.
            UpdateError::SameVersion { version } => UpdateProblem::Downgrade {
                offered: version.to_string(),
                running: version.to_string(),
            },
            UpdateError::Downgrade { offered, running } => UpdateProblem::Downgrade {
                offered: offered.to_string(),
                running: running.to_string(),
            },
            UpdateError::Expired { expired, .. } => UpdateProblem::Expired {
                expired: brlv_core::api::timestamp::format(expired),
            },
            UpdateError::RolledBack { offered, seen, .. } => UpdateProblem::RolledBack {
                offered: offered.to_string(),
                seen: seen.to_string(),
            },
            UpdateError::NoPackageForPlatform {
                version, platform, ..
            } => UpdateProblem::NoPackage {
                version: version.to_string(),
                platform: platform.clone(),
            },
            UpdateError::SizeMismatch { .. } | UpdateError::DigestMismatch { .. } => {
                UpdateProblem::NotTheAnnouncedFile(error.to_string())
            }
            UpdateError::File { path, source } => {
                UpdateProblem::File(format!("{}: {source}", path.display()))
            }
        }
    }
}

impl Localize for UpdateProblem {
    fn localize(&self, language: Language) -> String {
        let text = |key: &'static str| i18n::tr(language, key).into_owned();
        let with = |key: &'static str, args: &[(&str, &str)]| i18n::tr_with(language, key, args);
        match self {
            UpdateProblem::NotConfigured => text("updates.problem_not_configured"),
            UpdateProblem::Misconfigured(detail) => {
                with("updates.problem_misconfigured", &[("detail", detail)])
            }
            UpdateProblem::NoPlatform => text("updates.problem_no_platform"),
            UpdateProblem::Unreachable(detail) => {
                with("updates.problem_unreachable", &[("detail", detail)])
            }
            UpdateProblem::ServerStatus(status) => with(
                "updates.problem_server_status",
                &[("status", &status.to_string())],
            ),
            UpdateProblem::TooLarge => text("updates.problem_too_large"),
            UpdateProblem::Unsigned => text("updates.problem_unsigned"),
            UpdateProblem::WrongKey => text("updates.problem_wrong_key"),
            UpdateProblem::BadSignature => text("updates.problem_bad_signature"),
            UpdateProblem::Malformed(detail) => {
                with("updates.problem_malformed", &[("detail", detail)])
            }
            UpdateProblem::Downgrade { offered, running } => with(
                "updates.problem_downgrade",
                &[("offered", offered), ("running", running)],
            ),
            UpdateProblem::Expired { expired } => {
                with("updates.problem_expired", &[("expired", expired)])
            }
            UpdateProblem::RolledBack { offered, seen } => with(
                "updates.problem_rolled_back",
                &[("offered", offered), ("seen", seen)],
            ),
            UpdateProblem::NoPackage { version, platform } => with(
                "updates.problem_no_package",
                &[("version", version), ("platform", platform)],
            ),
            UpdateProblem::NotTheAnnouncedFile(detail) => {
                with("updates.problem_not_the_file", &[("detail", detail)])
            }
            UpdateProblem::File(detail) => with("updates.problem_file", &[("detail", detail)]),
            UpdateProblem::NoDownloadsFolder => text("updates.problem_no_downloads"),
            UpdateProblem::Busy => text("updates.problem_busy"),
            UpdateProblem::SandboxDemo => text("updates.problem_sandbox_demo"),
            UpdateProblem::UpdaterNotStarted(detail) => {
                with("updates.problem_updater", &[("detail", detail)])
            }
        }
    }
}
