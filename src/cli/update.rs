//! `brlv-desk update check`, `brlv-desk update download --to DIR` and
//! `brlv-desk update install`: the window's update path from a terminal.
//! Each reads the feed this program was built with (or `--feed-url` with
//! `--public-key KEY` or `--public-key-file FILE`), verifies its signature
//! and refuses what [`brlv_core::update::check`] refuses; a download is kept
//! only when its size and SHA-256 are the feed's. `download` runs nothing
//! (on Linux it prints the command that installs the package); `install`,
//! on Windows, starts the checked installer silently, and for the window's
//! Update waits for the window to close first and starts the installed
//! program again afterwards (`--after-caller --package FILE --relaunch`).
//!
//! It starts nothing it was not built to: the installer it checked, from a
//! folder only this user can write and locked while it runs; `msiexec.exe`
//! from the system folder; and, with `--relaunch`, the installed brlv-desk,
//! found from the installation's own record, never a program named on the
//! command line.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use brlv_core::update::{
    self, BuiltInUpdates, DownloadProgress, Platform, UpdateError, UpdateNotice, UpdateSource,
    Version,
};

/// `brlv-desk update ...`.
#[derive(Clone, Debug, clap::Subcommand)]
pub enum UpdateCommand {
    /// Check the signed release feed for a newer version and print its notice.
    Check(FeedArgs),
    /// Download the newer version's package into DIR, checked against the
    /// feed (size, SHA-256), and print how to install it.
    Download {
        /// The folder the package is saved in.
        #[arg(long, value_name = "DIR")]
        to: PathBuf,
        /// Which feed, and for which platform.
        #[command(flatten)]
        feed: FeedArgs,
    },
    /// Windows: download the newer version's installer, check it against the
    /// feed (size, SHA-256, signature), and start it silently; this program
    /// ends so that the installer can replace it. On Linux, use `download`
    /// and the command it prints.
    Install {
        /// Wait for the installer to finish and report its outcome (it can
        /// then not replace this very program: for scripts that run the
        /// command from another copy).
        #[arg(long)]
        wait: bool,
        /// Before anything else, wait until the program that started this
        /// command has ended, so that the installer can replace it: that
        /// program holds this command's standard input open until it exits
        /// (the window does so for its Update).
        #[arg(long)]
        after_caller: bool,
        /// Install this file, downloaded before, instead of downloading
        /// again: copied into a folder only this user can write, and checked
        /// there against the feed (size, SHA-256) through the handle that
        /// keeps it unchanged until the installer has ended.
        #[arg(long, value_name = "FILE")]
        package: Option<PathBuf>,
        /// Once the installer has ended, start the installed brlv-desk again
        /// (the one the installation records, not a program named here),
        /// with the window's options given after `--`. It starts even when
        /// the update did not install, so that the person gets the program
        /// back.
        #[arg(long, requires = "wait")]
        relaunch: bool,
        /// The window's options for the program started again (after `--`):
        /// options only, no command.
        #[arg(last = true, value_name = "OPTIONS", requires = "relaunch")]
        relaunch_args: Vec<std::ffi::OsString>,
        /// Which feed, and for which platform.
        #[command(flatten)]
        feed: FeedArgs,
    },
}

/// Which feed is read, and for which platform.
#[derive(Clone, Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("feed_key").args(["public_key", "public_key_file"])))]
pub struct FeedArgs {
    /// A feed other than the one this program was built with (the sandbox's
    /// demo feed, a test feed); needs --public-key or --public-key-file.
    #[arg(long, value_name = "URL", requires = "feed_key")]
    pub feed_url: Option<String>,
    /// The minisign public key that feed must be signed with: its base64
    /// line (RWQ…), the text itself and never a file's name.
    #[arg(long, value_name = "KEY", requires = "feed_url")]
    pub public_key: Option<String>,
    /// The minisign public key that feed must be signed with, read from this
    /// file (minisign's .pub file).
    #[arg(long, value_name = "FILE", requires = "feed_url")]
    pub public_key_file: Option<PathBuf>,
    /// The package kind to look for (windows-x86_64-nsis, windows-x86_64-msi,
    /// linux-x86_64-deb, linux-x86_64-rpm); by default, this system's.
    #[arg(long, value_name = "PLATFORM", value_parser = parse_platform)]
    pub platform: Option<Platform>,
}

fn parse_platform(text: &str) -> Result<Platform, String> {
    Platform::from_name(text).ok_or_else(|| {
        let known: Vec<&str> = Platform::ALL.iter().map(|p| p.as_str()).collect();
        format!("{text:?} is not one of {}", known.join(", "))
    })
}

/// Runs `brlv-desk update ...`: 0 when a newer version was found (and, for
/// `download`, saved and verified) or this is the newest; 1 for a refusal
/// or a failure, with the reason on standard error.
pub fn run(command: &UpdateCommand) -> ExitCode {
    if let UpdateCommand::Install {
        after_caller: true, ..
    } = command
    {
        wait_for_caller_exit();
    }
    let mut stdout = std::io::stdout();
    let (code, installed) = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => match runtime.block_on(run_command(command, &mut stdout)) {
            Ok(()) => (ExitCode::SUCCESS, true),
            Err(UpdateFailure::Refused(error)) if error.is_up_to_date() => {
                let _ = writeln!(stdout, "{error}.");
                (ExitCode::SUCCESS, false)
            }
            Err(error) => {
                eprintln!("error: {error}");
                (ExitCode::FAILURE, false)
            }
        },
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            (ExitCode::FAILURE, false)
        }
    };
    if let UpdateCommand::Install {
        relaunch: true,
        relaunch_args,
        ..
    } = command
    {
        relaunch(relaunch_args, installed, &mut stdout);
    }
    code
}

/// Waits until the standard input ends: the caller holds it open until its
/// process exits (a terminal, until end of input is typed).
fn wait_for_caller_exit() {
    let mut input = std::io::stdin().lock();
    let mut buffer = [0_u8; 512];
    // Whatever arrives is ignored; an error ends the wait as the end does.
    while let Ok(read) = std::io::Read::read(&mut input, &mut buffer) {
        if read == 0 {
            break;
        }
    }
}

/// What `update install --relaunch` starts once the installer has ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelaunchDecision {
    /// Start the installed program: the version just installed, or
    /// (`updated` false) the one that was there, so the person gets it back.
    Start {
        /// The program.
        program: PathBuf,
        /// The update installed.
        updated: bool,
    },
    /// The installation records no program, or it is not there (the
    /// installer moved or removed it).
    NotThere(Option<PathBuf>),
    /// What was to be passed is not the window's options (a command, or a
    /// word that is not an option): nothing is started.
    NotOptions(std::ffi::OsString),
}

/// The program to start again: the installed brlv-desk (`installed`, from
/// the installation's record), started whether or not the update
/// installed, when it is there, with the window's options `args` only.
pub fn relaunch_decision(
    installed: Option<PathBuf>,
    args: &[std::ffi::OsString],
    updated: bool,
    exists: impl Fn(&Path) -> bool,
) -> RelaunchDecision {
    // The window takes options only: a first word that is not one would
    // make the program run a command instead (`call`, `payouts`…).
    if let Some(first) = args.first()
        && !first.to_string_lossy().starts_with('-')
    {
        return RelaunchDecision::NotOptions(first.clone());
    }
    match installed {
        Some(program) if exists(&program) => RelaunchDecision::Start { program, updated },
        other => RelaunchDecision::NotThere(other),
    }
}

/// Where the installed brlv-desk is, as the installation records it: on
/// Windows the `InstallDir` both installers write under
/// `HKEY_CURRENT_USER\Software\brlv-desk`; elsewhere the path the Linux
/// packages install (the package manager's, not the search path's).
fn installed_program() -> Option<PathBuf> {
    #[cfg(debug_assertions)]
    if let Some(program) = std::env::var_os(INSTALLED_PROGRAM_HOOK) {
        return Some(PathBuf::from(program));
    }
    #[cfg(windows)]
    {
        let folder = windows_registry::CURRENT_USER
            .open("Software\\brlv-desk")
            .and_then(|key| key.get_string("InstallDir"))
            .ok()?;
        Some(PathBuf::from(folder).join("brlv-desk.exe"))
    }
    #[cfg(not(windows))]
    {
        Some(PathBuf::from("/usr/bin/brlv-desk"))
    }
}

/// The environment variable of the test hook in [`installed_program`].
#[cfg(debug_assertions)]
const INSTALLED_PROGRAM_HOOK: &str = "BRLV_TEST_HOOK_INSTALLED_PROGRAM";

fn relaunch(args: &[std::ffi::OsString], updated: bool, out: &mut dyn Write) {
    match relaunch_decision(installed_program(), args, updated, Path::is_file) {
        RelaunchDecision::Start { program, updated } => {
            let _ = if updated {
                writeln!(out, "Starting the updated {}.", program.display())
            } else {
                writeln!(
                    out,
                    "The update did not install; starting {} again as it was.",
                    program.display()
                )
            };
            let _ = out.flush();
            let folder = program.parent().map(Path::to_path_buf);
            let mut command = std::process::Command::new(&program);
            command.args(args);
            if let Some(folder) = folder {
                command.current_dir(folder);
            }
            if let Err(error) = command.spawn() {
                eprintln!(
                    "error: {} could not be started again ({error}): start brlv-desk from the Start menu",
                    program.display()
                );
            }
        }
        RelaunchDecision::NotThere(Some(program)) => eprintln!(
            "error: {} is not there to start again: start brlv-desk from the Start menu",
            program.display()
        ),
        RelaunchDecision::NotThere(None) => eprintln!(
            "error: no installation of brlv-desk is recorded for this user, so nothing was started \
             again: start brlv-desk from the Start menu"
        ),
        RelaunchDecision::NotOptions(word) => eprintln!(
            "error: {:?} is not one of the window's options, so nothing was started again (only \
             the window's options may follow --): start brlv-desk from the Start menu",
            word
        ),
    }
}

/// Why `update` stopped.
#[derive(Debug, thiserror::Error)]
pub enum UpdateFailure {
    /// The update path refused the feed or the package.
    #[error("{0}")]
    Refused(#[from] UpdateError),
    /// What the command was given does not work.
    #[error("{0}")]
    Usage(String),
}

/// The running version, as the feed's versions are compared with it.
pub fn running_version() -> Result<Version, UpdateFailure> {
    Version::parse(env!("CARGO_PKG_VERSION"))
        .map_err(|error| UpdateFailure::Usage(format!("this program's version: {error}")))
}

/// Runs one `update` command, writing what a person reads to `out`.
pub async fn run_command(
    command: &UpdateCommand,
    out: &mut dyn Write,
) -> Result<(), UpdateFailure> {
    let feed = match command {
        UpdateCommand::Check(feed)
        | UpdateCommand::Download { feed, .. }
        | UpdateCommand::Install { feed, .. } => feed,
    };
    let source = source(feed)?;
    let platform = match feed.platform.or_else(Platform::detect) {
        Some(platform) => platform,
        None => {
            return Err(UpdateFailure::Usage(
                "no package kind is known for this system: give --platform".to_owned(),
            ));
        }
    };
    let running = running_version()?;
    let memory = brlv_core::profile::ProfileBook::default_path()
        .map(|book| update::FeedMemory::path_beside(&book));
    let notice = update::check(&source, &running, platform, memory.as_deref()).await?;
    print_notice(&notice, &running, out);
    if let UpdateCommand::Install {
        wait,
        package,
        relaunch,
        ..
    } = command
    {
        // Starting the program again means knowing when the installer ended.
        let wait = *wait || *relaunch;
        return install(&notice, package.as_deref(), wait, out).await;
    }
    if let UpdateCommand::Download { to, .. } = command {
        let path = download_to(&notice, to).await?;
        let _ = writeln!(
            out,
            "Saved {} ({} bytes, SHA-256 {}): size, SHA-256 and the feed's signature checked.",
            path.display(),
            notice.package.size,
            notice.package.sha256_hex()
        );
        match notice.install_command(&path) {
            Some(command) => {
                let _ = writeln!(out, "Install it with:\n  {command}");
            }
            None => {
                let _ = writeln!(out, "Run it to install brlv-desk {}.", notice.version);
            }
        }
    } else {
        let _ = writeln!(out, "Download it with: brlv-desk update download --to DIR");
    }
    Ok(())
}

fn source(feed: &FeedArgs) -> Result<UpdateSource, UpdateFailure> {
    let key = match (&feed.public_key, &feed.public_key_file) {
        (Some(key), _) => Some(key.clone()),
        (None, Some(file)) => Some(std::fs::read_to_string(file).map_err(|error| {
            UpdateFailure::Usage(format!(
                "the public key file {} cannot be read: {error}",
                file.display()
            ))
        })?),
        (None, None) => None,
    };
    match (&feed.feed_url, key) {
        (Some(url), Some(key)) => Ok(UpdateSource::new(url, &key)?),
        _ => match BuiltInUpdates::of_this_build() {
            BuiltInUpdates::Configured(source) => Ok(source),
            BuiltInUpdates::NotConfigured => Err(UpdateFailure::Usage(
                "this build has no update feed (it was built without BRLV_UPDATE_FEED_URL), \
                 so it never checks; give --feed-url and --public-key to check one"
                    .to_owned(),
            )),
            BuiltInUpdates::Misconfigured(reason) => Err(UpdateFailure::Usage(format!(
                "this build's update feed cannot be used: {reason}"
            ))),
        },
    }
}

fn print_notice(notice: &UpdateNotice, running: &Version, out: &mut dyn Write) {
    let _ = writeln!(
        out,
        "brlv-desk {} is available (released {}; this is {running}).",
        notice.version, notice.date
    );
    // The feed's notes are made safe to show when it is read (escapes
    // written as `\u{1b}`), so a terminal obeys none of them.
    let _ = writeln!(out, "{}", notice.notes.en.trim());
    let _ = writeln!(
        out,
        "Package for {}: {} ({} bytes)",
        notice.platform, notice.package.url, notice.package.size
    );
}

/// Downloads into a private folder under `to`, then moves the checked
/// package into `to` itself, where apt and dnf can read it; progress shown
/// on a terminal.
async fn download_to(notice: &UpdateNotice, to: &Path) -> Result<PathBuf, UpdateFailure> {
    let terminal = std::io::stderr().is_terminal();
    let mut shown_tenth = None;
    let mut report = |progress: DownloadProgress| {
        let tenth = (progress.received * 10)
            .checked_div(progress.total)
            .unwrap_or(10);
        if terminal && shown_tenth != Some(tenth) {
            shown_tenth = Some(tenth);
            eprint!("\rdownloading: {}%", tenth * 10);
            if progress.received == progress.total {
                eprintln!();
            }
        }
    };
    Ok(update::save_package(notice, to, &mut report).await?)
}

/// The system folder (`C:\\Windows\\System32`) as the shell names it
/// (FOLDERID_System), not as an environment variable says; elsewhere the
/// folder of the system's programs, unused there.
fn system_folder() -> Option<PathBuf> {
    #[cfg(windows)]
    {
        dirs_sys::known_folder(windows_sys::Win32::UI::Shell::FOLDERID_System)
    }
    #[cfg(not(windows))]
    {
        Some(PathBuf::from("/usr/bin"))
    }
}

/// Downloads the installer into a private folder of the system's temporary
/// one, checked against the feed, and starts it with no questions; with
/// `wait`, waits for it and says how it ended. The checked file is run from
/// the private folder it was checked in, never moved after the check.
async fn install(
    notice: &UpdateNotice,
    package: Option<&Path>,
    wait: bool,
    out: &mut dyn Write,
) -> Result<(), UpdateFailure> {
    if !notice.platform.installs_silently() {
        return Err(UpdateFailure::Usage(format!(
            "{} packages are installed by the system's package manager: \
             run `brlv-desk update download --to DIR` and the command it prints",
            notice.platform
        )));
    }
    // Run from a private folder, locked and checked through the handle held
    // until the installer has ended: what runs is what was checked.
    let (locked, folder) = match package {
        Some(given) => update::stage_verified(&notice.package, given, &std::env::temp_dir())?,
        None => {
            let mut report = |_: DownloadProgress| {};
            let downloaded =
                update::download(&notice.package, &std::env::temp_dir(), &mut report).await?;
            match update::lock_verified(&notice.package, &downloaded.path) {
                Ok(locked) => (locked, downloaded.folder),
                Err(error) => {
                    let _ = std::fs::remove_dir_all(&downloaded.folder);
                    return Err(error.into());
                }
            }
        }
    };
    let path = locked.path.clone();
    let Some(system_folder) = system_folder() else {
        return Err(UpdateFailure::Usage(
            "the system folder (System32) cannot be found, so msiexec is not started".to_owned(),
        ));
    };
    let Some(how) = notice.platform.silent_install(&path, &system_folder) else {
        return Err(UpdateFailure::Usage(
            "no silent install for this platform".to_owned(),
        ));
    };
    let _ = writeln!(
        out,
        "Checked {} ({} bytes, SHA-256 {}) against the signed feed.",
        path.display(),
        notice.package.size,
        notice.package.sha256_hex()
    );
    let mut installer = std::process::Command::new(&how.program);
    installer.args(&how.args).current_dir(&folder);
    let mut child = installer.spawn().map_err(|error| {
        let _ = std::fs::remove_dir_all(&folder);
        UpdateFailure::Usage(format!(
            "the installer {} could not be started: {error}",
            path.display()
        ))
    })?;
    if !wait {
        let _ = writeln!(
            out,
            "Installing brlv-desk {}: the installer runs on its own now, and this program ends so that it can be replaced.",
            notice.version
        );
        return Ok(());
    }
    let status = child.wait().map_err(|error| {
        UpdateFailure::Usage(format!("waiting for the installer failed: {error}"))
    })?;
    drop(locked);
    let _ = std::fs::remove_dir_all(&folder);
    if status.success() {
        let _ = writeln!(out, "brlv-desk {} is installed.", notice.version);
        Ok(())
    } else {
        Err(UpdateFailure::Usage(format!(
            "the installer ended with {status}; brlv-desk {} may not be installed",
            notice.version
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INSTALLED_WINDOW: &str = "C:/Users/ana/AppData/Local/Programs/brlv-desk/brlv-desk.exe";

    #[test]
    fn the_installed_program_starts_again_whether_or_not_the_update_installed() {
        for updated in [true, false] {
            let decision = relaunch_decision(
                Some(PathBuf::from(INSTALLED_WINDOW)),
                &["--sandbox".into()],
                updated,
                |path| path == Path::new(INSTALLED_WINDOW),
            );
            assert_eq!(
                decision,
                RelaunchDecision::Start {
                    program: PathBuf::from(INSTALLED_WINDOW),
                    updated
                }
            );
        }
    }

    #[test]
    fn a_program_not_recorded_or_removed_is_not_started_and_is_named() {
        assert_eq!(
            relaunch_decision(Some(PathBuf::from(INSTALLED_WINDOW)), &[], true, |_| false),
            RelaunchDecision::NotThere(Some(PathBuf::from(INSTALLED_WINDOW)))
        );
        assert_eq!(
            relaunch_decision(None, &[], true, |_| true),
            RelaunchDecision::NotThere(None)
        );
    }

    #[test]
    fn only_the_windows_options_are_passed_never_a_command() {
        assert_eq!(
            relaunch_decision(
                Some(PathBuf::from(INSTALLED_WINDOW)),
                &["call".into(), "POST".into()],
                true,
                |_| true
            ),
            RelaunchDecision::NotOptions("call".into())
        );
    }

    #[test]
    fn relaunch_takes_no_program_needs_wait_and_takes_options_after_two_dashes() {
        use clap::Parser;
        #[derive(Debug, clap::Parser)]
        struct Cli {
            #[command(subcommand)]
            command: UpdateCommand,
        }
        let parsed = Cli::try_parse_from([
            "brlv-desk",
            "install",
            "--after-caller",
            "--wait",
            "--package",
            "setup.exe",
            "--relaunch",
            "--",
            "--sandbox",
        ])
        .unwrap();
        let UpdateCommand::Install {
            after_caller,
            wait,
            package,
            relaunch,
            relaunch_args,
            ..
        } = parsed.command
        else {
            panic!("install");
        };
        assert!(after_caller && wait && relaunch);
        assert_eq!(package, Some(PathBuf::from("setup.exe")));
        assert_eq!(relaunch_args, vec![std::ffi::OsString::from("--sandbox")]);

        for refused in [
            &[
                "brlv-desk",
                "install",
                "--wait",
                "--relaunch=C:/Windows/System32/cmd.exe",
            ][..],
            &["brlv-desk", "install", "--wait", "--relaunch", "C:/x.exe"],
            &["brlv-desk", "install", "--relaunch"],
            &["brlv-desk", "install", "--wait", "--", "--sandbox"],
        ] {
            assert!(Cli::try_parse_from(refused).is_err(), "{refused:?}");
        }
    }

    #[test]
    fn a_feed_key_is_text_or_a_file_never_both_and_needs_the_feed() {
        use clap::Parser;
        #[derive(Debug, clap::Parser)]
        struct Cli {
            #[command(subcommand)]
            command: UpdateCommand,
        }
        let url = "http://127.0.0.1:9/feed.json";
        assert!(
            Cli::try_parse_from(["b", "check", "--feed-url", url, "--public-key", "RWQ"]).is_ok()
        );
        assert!(
            Cli::try_parse_from([
                "b",
                "check",
                "--feed-url",
                url,
                "--public-key-file",
                "k.pub"
            ])
            .is_ok()
        );
        for refused in [
            &["b", "check", "--feed-url", url][..],
            &["b", "check", "--public-key", "RWQ"],
            &[
                "b",
                "check",
                "--feed-url",
                url,
                "--public-key",
                "RWQ",
                "--public-key-file",
                "k",
            ],
        ] {
            assert!(Cli::try_parse_from(refused).is_err(), "{refused:?}");
        }
    }
}
