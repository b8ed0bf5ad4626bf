//! How the worker is set up: where secrets are kept, the profile file, the
//! environment's temporary profile, how long the service is waited for,
//! where journals are kept, and the system's file dialogs. The app uses
//! [`WorkerConfig::system`]; tests give their own.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use crate::app::clock::Clock;
use crate::app::dialog::{FileDialogs, SystemDialogs};
use brlv_core::api::RetryPolicy;
use brlv_core::api::client::DEFAULT_TIMEOUT;
use brlv_core::keystore::SecretStore;
use brlv_core::profile::ProfileBook;
use brlv_core::update::{Platform, UpdateSource};

/// Where profile secrets are kept.
#[derive(Clone)]
pub enum SecretSource {
    /// The OS keyring, reached anew for each use (it may be unlocked later).
    Os,
    /// A given store (tests: `MemoryStore`).
    Store(Arc<dyn SecretStore>),
}

/// How the worker is set up.
#[derive(Clone)]
pub struct WorkerConfig {
    /// The clock Events are stamped with.
    pub clock: Clock,
    /// Where secrets are kept.
    pub secrets: SecretSource,
    /// The profile file; `None` when the system has no config directory.
    pub profile_path: Option<PathBuf>,
    /// Where `Command::Start` looks for a temporary profile.
    pub environment: EnvironmentProfile,
    /// How long the service is waited for and how reads are retried.
    pub network: NetworkPolicy,
    /// How costly the key sealed for a new profile is to open (the app
    /// always uses `ScryptCost::STANDARD`; tests may use the cheap one).
    pub seal_cost: brlv_core::seal::ScryptCost,
    /// Where each profile's journal is kept; `None` keeps every journal in
    /// memory for the run (tests, a system with no data directory).
    pub journal_dir: Option<PathBuf>,
    /// The system's Save and Open dialogs (tests: `RecordingDialogs`).
    pub dialogs: Arc<dyn FileDialogs>,
    /// Which update feed is checked, for which package kind, and where a
    /// downloaded package is saved.
    pub updates: UpdateConfig,
    /// Where the tax year's PTAX and Selic are asked.
    pub central_bank: CentralBankAddresses,
    /// The instant the embedded sandbox's clock starts at (`--sandbox
    /// --clock-start`); the wall clock's when `None`.
    pub sandbox_clock_start: Option<time::OffsetDateTime>,
}

/// Which update feed the worker checks.
#[derive(Clone, Debug)]
pub enum UpdateFeed {
    /// The feed this build was given (none in a build without one); while
    /// the embedded sandbox is open, the sandbox's demo feed.
    ThisBuild,
    /// This feed, whatever is open (tests: one signed by another key).
    Given(UpdateSource),
}

/// How the worker checks for updates.
#[derive(Clone, Debug)]
pub struct UpdateConfig {
    /// The feed.
    pub feed: UpdateFeed,
    /// The package kind looked for; `None` when none is known for this system.
    pub platform: Option<Platform>,
    /// Where a downloaded package is saved; `None` when the system has no
    /// Downloads folder.
    pub downloads: Option<PathBuf>,
}

impl UpdateConfig {
    /// The app's: this build's feed, this system's package kind and Downloads folder.
    pub fn this_build() -> UpdateConfig {
        UpdateConfig {
            feed: UpdateFeed::ThisBuild,
            platform: Platform::detect(),
            // Without xdg-user-dirs' setting, `~/Downloads`, as file
            // managers and browsers fall back to.
            downloads: directories::UserDirs::new().map(|dirs| {
                dirs.download_dir()
                    .map_or_else(|| dirs.home_dir().join("Downloads"), Path::to_path_buf)
            }),
        }
    }
}

/// Where the Banco Central's services are asked for the tax year's figures
/// (the dollar's PTAX, the monthly Selic). `None`: the embedded sandbox's
/// own emulation on its connection, the Banco Central itself on any other.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CentralBankAddresses {
    /// The Olinda service's base address (`BRLV_PTAX_URL`, as for `tax-report`).
    pub ptax: Option<String>,
    /// The SGS service's base address (`BRLV_SELIC_URL`, as for `tax-report`).
    pub selic: Option<String>,
}

impl CentralBankAddresses {
    /// The addresses the process's `BRLV_PTAX_URL` and `BRLV_SELIC_URL` give.
    pub fn from_process() -> CentralBankAddresses {
        let read = |name: &str| {
            std::env::var(name)
                .ok()
                .map(|value| value.trim().to_owned())
                .filter(|value| !value.is_empty())
        };
        CentralBankAddresses {
            ptax: read("BRLV_PTAX_URL"),
            selic: read("BRLV_SELIC_URL"),
        }
    }
}

/// How the worker's clients wait for the service and retry reads: the
/// client's defaults in the app; tests of faults shorten them, so a hang is
/// seen in a second rather than a minute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetworkPolicy {
    /// How long one attempt may take.
    pub timeout: Duration,
    /// When reads are tried again.
    pub retry: RetryPolicy,
}

impl Default for NetworkPolicy {
    fn default() -> Self {
        NetworkPolicy {
            timeout: DEFAULT_TIMEOUT,
            retry: RetryPolicy::default(),
        }
    }
}

impl WorkerConfig {
    /// The real app's configuration: OS keyring, profile file in the config directory.
    pub fn system(clock: Clock) -> WorkerConfig {
        WorkerConfig {
            clock,
            secrets: SecretSource::Os,
            profile_path: ProfileBook::default_path(),
            environment: EnvironmentProfile::FromProcess,
            network: NetworkPolicy::default(),
            seal_cost: brlv_core::seal::ScryptCost::STANDARD,
            journal_dir: brlv_core::journal::default_dir(),
            dialogs: Arc::new(SystemDialogs),
            updates: UpdateConfig::this_build(),
            central_bank: CentralBankAddresses::from_process(),
            sandbox_clock_start: None,
        }
    }
}

/// The temporary profile of `BRLV_BASE_URL`, `BRLV_API_KEY` and
/// `BRLV_PRIVATE_KEY_FILE`: used for the run, never saved.
#[derive(Clone, Debug)]
#[expect(
    clippy::large_enum_variant,
    reason = "one value per run, read once at start"
)]
pub enum EnvironmentProfile {
    /// Read the process's variables (the app).
    FromProcess,
    /// These credentials, as if read from the variables (tests).
    Given(brlv_core::credentials::Credentials),
    /// None.
    Ignore,
}
