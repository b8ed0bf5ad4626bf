//! The worker's calls for the update check: the core's signed feed
//! ([`brlv_core::update::check`]), the command line's download into a
//! folder ([`brlv_core::update::save_package`]), and on Windows the
//! installer's download and the updater that installs it once the window
//! has closed and then starts the program again; their refusals turned
//! into [`UpdateProblem`]s.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use brlv_core::update::{self, DownloadProgress, Platform, UpdateNotice, UpdateSource, Version};

use super::message::{CheckOutcome, SavedPackage};
use super::problem::UpdateProblem;

/// The version running, as the feed's versions are compared with it.
pub fn running_version() -> Version {
    // Cargo checks the package's version is semver, so this always parses.
    Version::parse(env!("CARGO_PKG_VERSION")).unwrap_or_else(|_| Version::new(0, 0, 0))
}

/// Checks `source`'s feed for a version newer than this one for `platform`,
/// against the newest feed remembered in `memory` (the file beside the
/// profile file; none when the system has no config folder).
pub async fn check(
    source: Result<UpdateSource, UpdateProblem>,
    platform: Option<Platform>,
    memory: Option<PathBuf>,
) -> CheckOutcome {
    let source = match source {
        Ok(source) => source,
        Err(problem) => return CheckOutcome::Failed(problem),
    };
    let Some(platform) = platform else {
        return CheckOutcome::Failed(UpdateProblem::NoPlatform);
    };
    match update::check(&source, &running_version(), platform, memory.as_deref()).await {
        // The core made the notes safe to show when it read the feed.
        Ok(notice) => CheckOutcome::Newer(Box::new(notice)),
        Err(error) if error.is_up_to_date() => CheckOutcome::UpToDate,
        Err(error) => CheckOutcome::Failed(UpdateProblem::from(&error)),
    }
}

/// Downloads `notice`'s package into `folder` (the Downloads folder),
/// checked against the feed; a file that is not the announced one is deleted.
pub async fn download(
    notice: &UpdateNotice,
    folder: Option<PathBuf>,
    progress: &mut (dyn FnMut(DownloadProgress) + Send),
) -> Result<SavedPackage, UpdateProblem> {
    let folder = folder.ok_or(UpdateProblem::NoDownloadsFolder)?;
    // `~/Downloads` may not exist yet on a system that names no other.
    std::fs::create_dir_all(&folder)
        .map_err(|error| UpdateProblem::File(format!("{}: {error}", folder.display())))?;
    let path = brlv_core::update::save_package(notice, &folder, progress)
        .await
        .map_err(|error| UpdateProblem::from(&error))?;
    Ok(SavedPackage {
        install_command: notice.install_command(&path),
        path,
    })
}

/// The name of the updater's copy beside the checked installer.
pub const UPDATER_FILE_NAME: &str = "brlv-desk-updater.exe";

/// A program to start, with its arguments: the updater.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpdaterCommand {
    /// The updater: a copy of this program beside the checked installer,
    /// since the installed one is about to be replaced.
    pub program: PathBuf,
    /// `update install --after-caller --package … --relaunch -- …`.
    pub args: Vec<OsString>,
    /// The private folder of the installer, the updater and its log.
    pub folder: PathBuf,
}

/// What the updater is told: wait for the window to end, check `package`
/// against `source`'s feed for `notice`'s platform (a copy in a temporary
/// folder cannot tell how the program was installed), run it silently,
/// wait for it, then start the installed program (which it finds from the
/// installation itself) with the window's own options.
pub fn updater_command(
    updater: &Path,
    package: &Path,
    notice: &UpdateNotice,
    source: &UpdateSource,
    window_args: &[OsString],
) -> UpdaterCommand {
    let mut args: Vec<OsString> = [
        "update",
        "install",
        "--after-caller",
        "--wait",
        "--feed-url",
        source.feed_url.as_str(),
        "--public-key",
        source.public_key.as_base64(),
        "--platform",
        notice.platform.as_str(),
    ]
    .into_iter()
    .map(OsString::from)
    .collect();
    args.push("--package".into());
    args.push(package.as_os_str().to_owned());
    args.push("--relaunch".into());
    args.push("--".into());
    args.extend(window_args.iter().cloned());
    UpdaterCommand {
        program: updater.to_owned(),
        args,
        folder: package
            .parent()
            .map_or_else(|| updater.to_owned(), Path::to_path_buf),
    }
}

/// Downloads `notice`'s installer into a private temporary folder, checked
/// against the feed; what to start once the window may close (the updater
/// is copied there only then, by [`start_updater`]).
pub async fn prepare_install(
    notice: &UpdateNotice,
    source: &UpdateSource,
    progress: &mut (dyn FnMut(DownloadProgress) + Send),
) -> Result<UpdaterCommand, UpdateProblem> {
    let downloaded = update::download(&notice.package, &std::env::temp_dir(), progress)
        .await
        .map_err(|error| UpdateProblem::from(&error))?;
    let window_args: Vec<OsString> = std::env::args_os().skip(1).collect();
    Ok(updater_command(
        &downloaded.folder.join(UPDATER_FILE_NAME),
        &downloaded.path,
        notice,
        source,
        &window_args,
    ))
}

/// Copies this program beside the checked installer as the updater (the
/// installed one is about to be replaced) and starts it, its output kept in
/// `update.log` there. Its standard input is a pipe this process holds
/// until it exits: the updater reads it to its end, so it waits exactly
/// until the window has closed.
pub fn start_updater(command: &UpdaterCommand) -> Result<(), UpdateProblem> {
    let failed = |what: &Path, error: std::io::Error| {
        UpdateProblem::UpdaterNotStarted(format!("{}: {error}", what.display()))
    };
    let this_program =
        std::env::current_exe().map_err(|error| failed(Path::new("this program"), error))?;
    std::fs::copy(&this_program, &command.program)
        .map_err(|error| failed(&command.program, error))?;
    let log_path = command.folder.join("update.log");
    let log =
        brlv_core::private_file::create(&log_path).map_err(|error| failed(&log_path, error))?;
    let log_too = log.try_clone().map_err(|error| failed(&log_path, error))?;
    // A working folder of its own: only this user can write there, so
    // nothing it opens by a relative name can be put there by another.
    let mut child = std::process::Command::new(&command.program)
        .args(&command.args)
        .current_dir(&command.folder)
        .stdin(std::process::Stdio::piped())
        .stdout(log)
        .stderr(log_too)
        .spawn()
        .map_err(|error| failed(&command.program, error))?;
    // Kept open, never written, until this process ends: that end is the
    // updater's signal (a process id could be reused; a pipe cannot).
    std::mem::forget(child.stdin.take());
    tracing::info!("the updater started; it logs to {}", log_path.display());
    Ok(())
}

/// Deletes what [`prepare_install`] left when the updater is not started.
pub fn discard(command: &UpdaterCommand) {
    let _ = std::fs::remove_dir_all(&command.folder);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_updater_is_told_to_wait_check_the_file_against_the_feed_and_start_the_window_again() {
        let source = UpdateSource::new(
            "https://releases.example.org/brlv/feed.json",
            "RWTq1fFf76WZuaW8Fuz3kX4YGLJTeedrdCxI8Ly+5qq6Hzh7E6SWF7f6",
        )
        .unwrap();
        let notice = UpdateNotice {
            version: Version::new(0, 2, 0),
            date: time::macros::date!(2026 - 11 - 20),
            notes: update::ReleaseNotes {
                en: String::new(),
                pt_br: String::new(),
            },
            security: false,
            platform: Platform::WindowsNsis,
            package: update::PackageEntry {
                url: "https://releases.example.org/brlv-desk_0.2.0_x64-setup.exe"
                    .parse()
                    .unwrap(),
                size: 4,
                sha256: [7; 32],
            },
        };
        let folder = Path::new("/tmp/brlv-desk-update-1");
        let command = updater_command(
            &folder.join(UPDATER_FILE_NAME),
            &folder.join("brlv-desk_0.2.0_x64-setup.exe"),
            &notice,
            &source,
            &["--sandbox".into()],
        );
        assert_eq!(command.folder, folder);
        assert_eq!(command.program, folder.join(UPDATER_FILE_NAME));
        let args: Vec<String> = command
            .args
            .iter()
            .map(|arg| arg.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            args,
            [
                "update",
                "install",
                "--after-caller",
                "--wait",
                "--feed-url",
                "https://releases.example.org/brlv/feed.json",
                "--public-key",
                "RWTq1fFf76WZuaW8Fuz3kX4YGLJTeedrdCxI8Ly+5qq6Hzh7E6SWF7f6",
                "--platform",
                "windows-x86_64-nsis",
                "--package",
                "/tmp/brlv-desk-update-1/brlv-desk_0.2.0_x64-setup.exe",
                "--relaunch",
                "--",
                "--sandbox",
            ]
        );
    }
}
