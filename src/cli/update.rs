//! `brlv-desk update check`, `brlv-desk update download --to DIR` and
//! `brlv-desk update install`: the window's update path from a terminal.
//! Each reads the feed this program was built with (or `--feed-url` with
//! `--public-key`), verifies its signature and refuses what
//! [`brlv_core::update::check`] refuses; a download is kept only when its
//! size and SHA-256 are the feed's. `download` runs nothing (on Linux it
//! prints the command that installs the package); `install`, on Windows,
//! starts the checked installer silently, and for the window's Update waits
//! for the window to close first and starts the program again afterwards
//! (`--after-caller --package FILE --relaunch`).

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
        /// again: checked against the feed (size, SHA-256) right before it
        /// is run, as a download is.
        #[arg(long, value_name = "FILE")]
        package: Option<PathBuf>,
        /// Once the installer has ended, start the program again: PROGRAM,
        /// or by default the brlv-desk.exe beside this program; with the
        /// arguments given after `--`. It starts even when the update did not
        /// install, so that the person gets the program back.
        #[arg(
            long,
            value_name = "PROGRAM",
            num_args = 0..=1,
            require_equals = true,
            requires = "wait"
        )]
        relaunch: Option<Option<PathBuf>>,
        /// The arguments of the program started again (after `--`).
        #[arg(last = true, value_name = "ARGS")]
        relaunch_args: Vec<std::ffi::OsString>,
        /// Which feed, and for which platform.
        #[command(flatten)]
        feed: FeedArgs,
    },
}

/// Which feed is read, and for which platform.
#[derive(Clone, Debug, clap::Args)]
pub struct FeedArgs {
    /// A feed other than the one this program was built with (the sandbox's
    /// demo feed, a test feed); needs --public-key.
    #[arg(long, value_name = "URL", requires = "public_key")]
    pub feed_url: Option<String>,
    /// The minisign public key that feed must be signed with: the base64
    /// line (RWQ…) or a .pub file's path.
    #[arg(long, value_name = "KEY", requires = "feed_url")]
    pub public_key: Option<String>,
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
        relaunch: Some(asked),
        relaunch_args,
        ..
    } = command
    {
        relaunch(asked.as_deref(), relaunch_args, installed, &mut stdout);
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
    /// Start this program: the version just installed, or (`updated`
    /// false) the one that was there, so the person gets it back.
    Start {
        /// The program.
        program: PathBuf,
        /// The update installed.
        updated: bool,
    },
    /// The program is not there (the installer moved or removed it).
    NotThere(PathBuf),
}

/// The program to start again: the one asked for, else the brlv-desk.exe
/// beside `this_program` (the installed console twin's GUI program);
/// started whether or not the update installed, when it is there.
pub fn relaunch_decision(
    asked: Option<&Path>,
    this_program: &Path,
    updated: bool,
    exists: impl Fn(&Path) -> bool,
) -> RelaunchDecision {
    let program = match asked {
        Some(program) => program.to_owned(),
        None => this_program.with_file_name("brlv-desk.exe"),
    };
    if exists(&program) {
        RelaunchDecision::Start { program, updated }
    } else {
        RelaunchDecision::NotThere(program)
    }
}

fn relaunch(asked: Option<&Path>, args: &[std::ffi::OsString], updated: bool, out: &mut dyn Write) {
    let this_program = std::env::current_exe().unwrap_or_default();
    match relaunch_decision(asked, &this_program, updated, Path::is_file) {
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
            if let Err(error) = std::process::Command::new(&program).args(args).spawn() {
                eprintln!(
                    "error: {} could not be started again ({error}): start brlv-desk from the Start menu",
                    program.display()
                );
            }
        }
        RelaunchDecision::NotThere(program) => eprintln!(
            "error: {} is not there to start again: start brlv-desk from the Start menu",
            program.display()
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
    let notice = update::check(&source, &running, platform).await?;
    print_notice(&notice, &running, out);
    if let UpdateCommand::Install {
        wait,
        package,
        relaunch,
        ..
    } = command
    {
        // Starting the program again means knowing when the installer ended.
        let wait = *wait || relaunch.is_some();
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
    match (&feed.feed_url, &feed.public_key) {
        (Some(url), Some(key)) => {
            // A path to a .pub file, or the key itself.
            let key = if Path::new(key).is_file() {
                std::fs::read_to_string(key)
                    .map_err(|error| UpdateFailure::Usage(format!("{key}: {error}")))?
            } else {
                key.clone()
            };
            Ok(UpdateSource::new(url, &key)?)
        }
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
    let path = match package {
        Some(path) => {
            update::verify_file(&notice.package, path)?;
            path.to_owned()
        }
        None => {
            let mut report = |_: DownloadProgress| {};
            update::download(&notice.package, &std::env::temp_dir(), &mut report)
                .await?
                .path
        }
    };
    let Some(how) = notice.platform.silent_install(&path) else {
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
    installer.args(&how.args);
    let mut child = installer.spawn().map_err(|error| {
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

    const INSTALLED_CONSOLE: &str = "C:/Users/ana/AppData/Local/Programs/brlv-desk/brlv-desk.com";
    const INSTALLED_WINDOW: &str = "C:/Users/ana/AppData/Local/Programs/brlv-desk/brlv-desk.exe";

    #[test]
    fn by_default_the_window_beside_the_console_program_starts_again() {
        let decision = relaunch_decision(None, Path::new(INSTALLED_CONSOLE), true, |path| {
            path == Path::new(INSTALLED_WINDOW)
        });
        assert_eq!(
            decision,
            RelaunchDecision::Start {
                program: PathBuf::from(INSTALLED_WINDOW),
                updated: true
            }
        );
    }

    #[test]
    fn the_program_asked_for_starts_again_even_when_the_update_did_not_install() {
        let updater = Path::new("C:/Temp/brlv-desk-update-1/brlv-desk-updater.exe");
        let decision =
            relaunch_decision(Some(Path::new(INSTALLED_WINDOW)), updater, false, |_| true);
        assert_eq!(
            decision,
            RelaunchDecision::Start {
                program: PathBuf::from(INSTALLED_WINDOW),
                updated: false
            }
        );
    }

    #[test]
    fn a_program_the_installer_removed_is_not_started_and_is_named() {
        let updater = Path::new("C:/Temp/brlv-desk-update-1/brlv-desk-updater.exe");
        assert_eq!(
            relaunch_decision(None, updater, true, |_| false),
            RelaunchDecision::NotThere(PathBuf::from("C:/Temp/brlv-desk-update-1/brlv-desk.exe"))
        );
        assert_eq!(
            relaunch_decision(Some(Path::new(INSTALLED_WINDOW)), updater, true, |_| false),
            RelaunchDecision::NotThere(PathBuf::from(INSTALLED_WINDOW))
        );
    }

    #[test]
    fn relaunch_needs_wait_and_takes_the_programs_arguments_after_two_dashes() {
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
            "--relaunch=C:/p/brlv-desk.exe",
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
        assert!(after_caller && wait);
        assert_eq!(package, Some(PathBuf::from("setup.exe")));
        assert_eq!(relaunch, Some(Some(PathBuf::from("C:/p/brlv-desk.exe"))));
        assert_eq!(relaunch_args, vec![std::ffi::OsString::from("--sandbox")]);

        let bare = Cli::try_parse_from(["brlv-desk", "install", "--wait", "--relaunch"]).unwrap();
        assert!(matches!(
            bare.command,
            UpdateCommand::Install {
                relaunch: Some(None),
                ..
            }
        ));
        assert!(
            Cli::try_parse_from(["brlv-desk", "install", "--relaunch"]).is_err(),
            "--relaunch without --wait"
        );
    }
}
