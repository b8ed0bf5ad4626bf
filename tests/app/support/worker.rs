//! The real worker for the end-to-end tests on the embedded sandbox: spawned
//! with a given secret store and profile file, and driven as the shell drives
//! it. Every wait is a bounded poll on Events, never a fixed sleep.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use brlv_core::keystore::SecretStore;
use brlv_desk::app::clock::Clock;
use brlv_desk::app::state::AppState;
use brlv_desk::app::worker::{
    EnvironmentProfile, NetworkPolicy, SecretSource, WorkerConfig, WorkerHandle,
};

/// How long any one wait may take.
const DEADLINE: Duration = Duration::from_secs(60);

/// The real worker as `brlv-desk --sandbox` starts it: secrets in memory,
/// the profile file in a scratch folder (alive as long as the returned
/// guard), and the embedded sandbox asked for.
pub fn on_sandbox() -> (tempfile::TempDir, WorkerHandle) {
    on_sandbox_configured(|config| config)
}

/// The real worker on the embedded sandbox, as [`on_sandbox`], the
/// sandbox's clock started at `clock_start` (as `--sandbox --clock-start`).
pub fn on_sandbox_at(clock_start: time::OffsetDateTime) -> (tempfile::TempDir, WorkerHandle) {
    on_sandbox_configured(|config| WorkerConfig {
        sandbox_clock_start: Some(clock_start),
        ..config
    })
}

/// The real worker on the embedded sandbox, as [`on_sandbox`], asking the
/// Banco Central's services at `central_bank` instead of the sandbox's own.
pub fn on_sandbox_with_central_bank(
    central_bank: brlv_desk::app::worker::CentralBankAddresses,
) -> (tempfile::TempDir, WorkerHandle) {
    on_sandbox_configured(|config| WorkerConfig {
        central_bank,
        ..config
    })
}

/// [`on_sandbox`]'s worker, its configuration changed by `adjust` first.
fn on_sandbox_configured(
    adjust: impl FnOnce(WorkerConfig) -> WorkerConfig,
) -> (tempfile::TempDir, WorkerHandle) {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let worker = spawn(adjust(config(
        Arc::new(brlv_core::keystore::MemoryStore::default()),
        dir.path().join("profiles.json"),
        EnvironmentProfile::Ignore,
    )));
    assert!(worker.send(brlv_desk::app::message::Command::Start { sandbox: true }));
    (dir, worker)
}

/// A worker keeping secrets in `store` and profiles at `profile_path`, blind
/// to the `BRLV_*` environment.
pub fn worker(store: Arc<dyn SecretStore>, profile_path: PathBuf) -> WorkerHandle {
    worker_with(store, profile_path, EnvironmentProfile::Ignore)
}

/// A worker as [`worker`], with `environment` as its environment profile.
pub fn worker_with(
    store: Arc<dyn SecretStore>,
    profile_path: PathBuf,
    environment: EnvironmentProfile,
) -> WorkerHandle {
    spawn(config(store, profile_path, environment))
}

/// The configuration [`worker_with`] spawns.
fn config(
    store: Arc<dyn SecretStore>,
    profile_path: PathBuf,
    environment: EnvironmentProfile,
) -> WorkerConfig {
    WorkerConfig {
        clock: Clock::new(),
        secrets: SecretSource::Store(store),
        profile_path: Some(profile_path),
        environment,
        network: NetworkPolicy::default(),
        seal_cost: brlv_core::seal::ScryptCost::TEST_ONLY_CHEAP,
        journal_dir: None,
        dialogs: Arc::new(brlv_desk::app::dialog::RecordingDialogs::default()),
        updates: brlv_desk::app::worker::UpdateConfig::this_build(),
        central_bank: Default::default(),
        sandbox_clock_start: None,
    }
}

/// The real worker with exactly this configuration.
pub fn spawn(config: WorkerConfig) -> WorkerHandle {
    WorkerHandle::spawn(config, Arc::new(|| {})).unwrap()
}

/// Sends the Commands `state` queued and applies Events, as the shell does,
/// until `done` holds; fails after [`DEADLINE`].
pub fn pump_until(
    worker: &WorkerHandle,
    state: &mut AppState,
    what: &str,
    done: impl Fn(&AppState) -> bool,
) {
    let start = Instant::now();
    while !done(state) {
        assert!(start.elapsed() < DEADLINE, "timed out waiting for {what}");
        for command in state.take_commands() {
            assert!(worker.send(command));
        }
        if let Some(event) = worker.recv_timeout(Duration::from_millis(200)) {
            state.apply(event);
        }
    }
}

/// A sandbox the test runs on a runtime of its own, with one account (demo
/// data included) registered under `api_key` for the fixture key.
pub struct SandboxAccount {
    /// Keeps the sandbox's tasks running; dropped last.
    pub runtime: tokio::runtime::Runtime,
    pub sandbox: brlv_sandbox::RunningSandbox,
    pub key: brlv_core::api::PrivateKey,
}

/// Starts a [`SandboxAccount`] whose runtime has `threads` worker threads.
pub fn sandbox_account(api_key: &str, threads: usize) -> SandboxAccount {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .enable_all()
        .build()
        .unwrap();
    let sandbox = runtime
        .block_on(brlv_sandbox::Sandbox::start(
            brlv_sandbox::SandboxConfig::default(),
        ))
        .unwrap();
    let key = brlv_core::api::PrivateKey::from_pem(&crate::support::ui::fixture_pem(
        "test-only-rsa2048-pkcs8.pem",
    ))
    .unwrap();
    sandbox
        .register_account(api_key, key.public_key_pem(), true)
        .unwrap();
    SandboxAccount {
        runtime,
        sandbox,
        key,
    }
}
