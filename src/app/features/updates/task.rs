//! The worker's calls for the update check: the core's signed feed
//! ([`brlv_core::update::check`]) and the command line's download into a
//! folder ([`crate::cli::update::save_package`]), their refusals turned
//! into [`UpdateProblem`]s.

use std::path::PathBuf;

use brlv_core::update::{self, Platform, UpdateNotice, UpdateSource, Version};

use super::message::{CheckOutcome, SavedPackage};
use super::problem::UpdateProblem;

/// The version running, as the feed's versions are compared with it.
pub fn running_version() -> Version {
    // Cargo checks the package's version is semver, so this always parses.
    Version::parse(env!("CARGO_PKG_VERSION")).unwrap_or_else(|_| Version::new(0, 0, 0))
}

/// Checks `source`'s feed for a version newer than this one for `platform`.
pub async fn check(
    source: Result<UpdateSource, UpdateProblem>,
    platform: Option<Platform>,
) -> CheckOutcome {
    let source = match source {
        Ok(source) => source,
        Err(problem) => return CheckOutcome::Failed(problem),
    };
    let Some(platform) = platform else {
        return CheckOutcome::Failed(UpdateProblem::NoPlatform);
    };
    match update::check(&source, &running_version(), platform).await {
        Ok(mut notice) => {
            notice.notes.en = safe_notes(&notice.notes.en);
            notice.notes.pt_br = safe_notes(&notice.notes.pt_br);
            CheckOutcome::Newer(Box::new(notice))
        }
        Err(error) if error.is_up_to_date() => CheckOutcome::UpToDate,
        Err(error) => CheckOutcome::Failed(UpdateProblem::from(&error)),
    }
}

/// Release notes made safe to show, line by line (a signed feed is still
/// text from outside), at most 40 lines.
fn safe_notes(notes: &str) -> String {
    use brlv_core::api::safe_text::{MESSAGE_MAX_CHARS, safe_text};
    notes
        .trim()
        .lines()
        .take(40)
        .map(|line| safe_text(line, MESSAGE_MAX_CHARS).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Downloads `notice`'s package into `folder` (the Downloads folder),
/// checked against the feed; a file that is not the announced one is deleted.
pub async fn download(
    notice: &UpdateNotice,
    folder: Option<PathBuf>,
) -> Result<SavedPackage, UpdateProblem> {
    let folder = folder.ok_or(UpdateProblem::NoDownloadsFolder)?;
    // `~/Downloads` may not exist yet on a system that names no other.
    std::fs::create_dir_all(&folder)
        .map_err(|error| UpdateProblem::File(format!("{}: {error}", folder.display())))?;
    let path = crate::cli::update::save_package(notice, &folder, &mut |_| {})
        .await
        .map_err(|error| UpdateProblem::from(&error))?;
    Ok(SavedPackage {
        install_command: notice.install_command(&path),
        path,
    })
}
