//! `brlv-desk journal pending [--profile NAME]`: the sends of a profile
//! whose outcome is not known (the program stopped, or the answer was
//! lost), each settled against the service's lists as
//! [`brlv_core::journal::settle`] does it, and told in words.
//!
//! `call` uses the same path before it sends anything that writes
//! ([`brlv_core::journal_send::before_send`]): it settles the profile's
//! pending sends first, refuses to send again what it cannot tell about
//! (unless `--again`), and journals the new send before it leaves and its
//! outcome once the answer came. The journal is the one the app keeps for
//! the profile (`journal/` in the platform's local data directory), so the
//! window and the command line settle the same sends.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::cli::call::{self, CallError, PassphraseArgs};
use brlv_core::journal::settle::{self, Settlement};
use brlv_core::journal::{JournalError, Store};
use brlv_core::journal_send::{describe, journal_file, settle_pending};

/// `brlv-desk journal ...`.
#[derive(Clone, Debug, clap::Subcommand)]
pub enum JournalCommand {
    /// List the sends whose outcome is not known and settle each against
    /// the service's lists: done (with its id), not done, or cannot tell.
    Pending(PendingArgs),
}

/// Arguments of `brlv-desk journal pending`.
#[derive(Clone, Debug, clap::Args)]
pub struct PendingArgs {
    /// Use a saved profile (its secrets come from the OS keyring) instead of
    /// the BRLV_* environment variables.
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,
    /// Where the passphrase of a sealed key comes from, as for `call`.
    #[command(flatten)]
    pub passphrase: PassphraseArgs,
}

/// Runs `brlv-desk journal ...`; what the process exits with: 0 when every
/// pending send was settled (or none was pending), 3 when one cannot be
/// told or is not yet known, and `call`'s codes for a failure before.
pub fn run(command: &JournalCommand) -> ExitCode {
    let JournalCommand::Pending(args) = command;
    let mut stdout = std::io::stdout();
    match pending_command(args, &mut stdout) {
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}

/// Why `journal pending` could not settle.
#[derive(Debug, thiserror::Error)]
pub enum PendingError {
    /// Credentials, as `call` reports them.
    #[error(transparent)]
    Call(#[from] CallError),
    /// The journal could not be opened, read or written.
    #[error("the journal {path} could not be used: {error}")]
    Journal {
        /// The file.
        path: PathBuf,
        /// Why.
        error: JournalError,
    },
    /// The async runtime did not start.
    #[error("cannot start the async runtime: {0}")]
    Runtime(std::io::Error),
}

impl PendingError {
    /// The process exit code.
    pub fn exit_code(&self) -> u8 {
        match self {
            PendingError::Call(error) => error.exit_code(),
            PendingError::Journal { .. } | PendingError::Runtime(_) => call::EXIT_FAILED,
        }
    }
}

/// Settles the pending sends of the profile `args` names; each told on
/// `out`. The exit code: 0, or 3 when one cannot be told.
pub fn pending_command(args: &PendingArgs, out: &mut impl Write) -> Result<u8, PendingError> {
    let (credentials, name) =
        call::named_command_credentials(args.profile.as_deref(), args.passphrase.source())?;
    let Some(path) = journal_file(&name, &credentials.base_url) else {
        let _ = writeln!(
            out,
            "No data directory on this system, so no journal: nothing pending."
        );
        return Ok(call::EXIT_OK);
    };
    if !path.exists() {
        let _ = writeln!(
            out,
            "No journal on this device for profile {name:?}: nothing pending."
        );
        return Ok(call::EXIT_OK);
    }
    let failed = |error| PendingError::Journal {
        path: path.clone(),
        error,
    };
    let (mut store, replaced) = Store::open(&path).map_err(failed)?;
    if let Some(replaced) = replaced {
        let _ = writeln!(
            out,
            "The journal was damaged ({}) and was moved to {}; the sends it held cannot be \
             settled from here.",
            replaced.reason,
            replaced.moved_to.display()
        );
    }
    let client = credentials.into_client().map_err(call::CallError::from)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(PendingError::Runtime)?;
    let settled = runtime
        .block_on(settle_pending(&client, &mut store, true))
        .map_err(failed)?;
    if settled.is_empty() {
        let _ = writeln!(out, "No pending sends for profile {name:?}.");
        let undecided = store
            .posts(None)
            .map_err(failed)?
            .iter()
            .filter(|entry| settle::is_cannot_tell(entry))
            .count();
        if undecided > 0 {
            let _ = writeln!(
                out,
                "{} could not be told apart from the service's records; the journal keeps \
                 each with why; check them in the service's records.",
                crate::cli::counted(undecided, "earlier send", "earlier sends")
            );
        }
        return Ok(call::EXIT_OK);
    }
    let _ = writeln!(
        out,
        "{} for profile {name:?}, settled against the service's lists:",
        crate::cli::counted(settled.len(), "pending send", "pending sends")
    );
    for one in &settled {
        let _ = writeln!(out, "{}", describe(one));
    }
    let unsure = settled.iter().any(|one| {
        matches!(
            one.settlement,
            Settlement::CannotTell(_) | Settlement::NotYetKnown { .. }
        )
    });
    Ok(if unsure {
        call::EXIT_OUTCOME_UNKNOWN
    } else {
        call::EXIT_OK
    })
}
