//! The worker: a tokio runtime on its own thread. It receives [`Command`]s,
//! owns the [`Client`] and the polling [`Schedule`], and sends [`Event`]s
//! back, asking the UI to repaint after each. Keyring calls and key
//! generation run on tokio's blocking pool: they can take seconds.

use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

use secrecy::{ExposeSecret, SecretString};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio::task::JoinSet;

use crate::api::model::{BalanceAsset, TransferFilter};
use crate::api::{Client, ClientConfig, Error, PrivateKey, RsaKeyBits, Signer};
use crate::call;
use crate::keystore::{KeyringStore, KeystoreError, ProfileSecrets, SecretStore};
use crate::profile::{Profile, ProfileBook};

use super::clock::Clock;
use super::command::{
    Command, ConnectRequest, Event, Notice, NoticeKind, ProfileKind, ResourceData, SessionId,
    SessionInfo,
};
use super::sandbox_link::EmbeddedSandbox;
use super::schedule::{FetchOutcome, ResourceKey, Schedule};

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
}

impl WorkerConfig {
    /// The real app's configuration: OS keyring, profile file in the config directory.
    pub fn system(clock: Clock) -> WorkerConfig {
        WorkerConfig {
            clock,
            secrets: SecretSource::Os,
            profile_path: ProfileBook::default_path(),
            environment: EnvironmentProfile::FromProcess,
        }
    }
}

/// The temporary profile of `BRLV_BASE_URL`, `BRLV_API_KEY` and
/// `BRLV_PRIVATE_KEY_FILE`: used for the run, never saved.
#[derive(Clone, Debug)]
pub enum EnvironmentProfile {
    /// Read the process's variables (the app).
    FromProcess,
    /// These credentials, as if read from the variables (tests).
    Given(call::Credentials),
    /// None.
    Ignore,
}

/// Asks the UI to draw again; `egui::Context::request_repaint` in the app.
pub type Repaint = Arc<dyn Fn() + Send + Sync>;

/// The UI's side of the worker.
pub struct WorkerHandle {
    commands: Option<UnboundedSender<Command>>,
    events: mpsc::Receiver<Event>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl WorkerHandle {
    /// Starts the worker thread.
    pub fn spawn(config: WorkerConfig, repaint: Repaint) -> std::io::Result<WorkerHandle> {
        let (command_tx, command_rx) = unbounded_channel();
        let (event_tx, event_rx) = mpsc::channel();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("brlv-worker")
            .enable_all()
            .build()?;
        let thread = std::thread::Builder::new()
            .name("brlv-worker".to_owned())
            .spawn(move || {
                let worker = Worker::new(config, event_tx, repaint);
                runtime.block_on(worker.run(command_rx));
                // Do not wait long for a keyring call or key generation still running.
                runtime.shutdown_timeout(Duration::from_secs(2));
            })?;
        Ok(WorkerHandle {
            commands: Some(command_tx),
            events: event_rx,
            thread: Some(thread),
        })
    }

    /// Sends a Command; false if the worker has stopped.
    pub fn send(&self, command: Command) -> bool {
        self.commands
            .as_ref()
            .is_some_and(|sender| sender.send(command).is_ok())
    }

    /// Every Event that arrived since the last call, without waiting.
    pub fn drain(&self) -> Vec<Event> {
        self.events.try_iter().collect()
    }

    /// The next Event, waiting at most `timeout` (for tests and the screenshot mode).
    pub fn recv_timeout(&self, timeout: Duration) -> Option<Event> {
        self.events.recv_timeout(timeout).ok()
    }
}

impl Drop for WorkerHandle {
    fn drop(&mut self) {
        // Closing the channel ends the worker's loop.
        self.commands = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A connection to open.
struct OpenRequest {
    profile: Profile,
    kind: ProfileKind,
    client: Client,
    /// Save the profile once opened.
    save_secrets: Option<ProfileSecrets>,
}

struct Session {
    id: SessionId,
    profile: Profile,
    kind: ProfileKind,
    client: Client,
    schedule: Schedule,
}

/// What a background task hands back to the loop.
enum Done {
    Fetched {
        session: SessionId,
        resource: ResourceKey,
        result: Result<ResourceData, Error>,
    },
    Tested {
        open: OpenRequest,
        result: Result<(), Error>,
    },
    Open(OpenRequest),
    Saved {
        profile: Profile,
        result: Result<(), KeystoreError>,
    },
    Deleted {
        name: String,
        result: Result<(), KeystoreError>,
    },
    SandboxStarted {
        sandbox: EmbeddedSandbox,
        open: OpenRequest,
    },
    SandboxFailed,
    StartupFinished,
    /// Several results, handled in order.
    Sequence(Vec<Done>),
    Nothing,
}

struct Worker {
    config: WorkerConfig,
    events: mpsc::Sender<Event>,
    repaint: Repaint,
    book: ProfileBook,
    session: Option<Session>,
    next_session: SessionId,
    tasks: JoinSet<Done>,
    sandbox: Option<EmbeddedSandbox>,
    sandbox_starting: bool,
}

/// Runs a blocking call on tokio's blocking pool.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|error| format!("the background task failed: {error}"))
}

fn open_store(source: &SecretSource) -> Result<Arc<dyn SecretStore>, KeystoreError> {
    match source {
        SecretSource::Os => KeyringStore::os().map(|store| Arc::new(store) as Arc<dyn SecretStore>),
        SecretSource::Store(store) => Ok(Arc::clone(store)),
    }
}

fn client_for(
    base_url: &str,
    api_key: SecretString,
    private_key: PrivateKey,
) -> Result<Client, Error> {
    Client::new(ClientConfig::new(
        base_url,
        Signer::new(api_key, private_key),
    )?)
}

async fn fetch(client: Client, resource: ResourceKey) -> Result<ResourceData, Error> {
    let balance = |asset| {
        let client = client.clone();
        async move {
            client
                .balance(&asset)
                .await
                .map(|balance| ResourceData::Balance(balance.running_balance))
        }
    };
    match resource {
        ResourceKey::BalanceBrl => balance(BalanceAsset::Brl).await,
        ResourceKey::BalanceUsdc => balance(BalanceAsset::Usdc).await,
        ResourceKey::BalanceBrlv => balance(BalanceAsset::Brlv).await,
        ResourceKey::TaxExemption => client
            .tax_exemption_progress()
            .await
            .map(ResourceData::TaxExemption),
        ResourceKey::Orders => client.list_orders().await.map(ResourceData::Orders),
        ResourceKey::Transfers => client
            .list_transfers(&TransferFilter::default())
            .await
            .map(ResourceData::Transfers),
        ResourceKey::Withdrawals => client
            .list_withdrawals(None)
            .await
            .map(ResourceData::Withdrawals),
    }
}

fn notice(kind: NoticeKind, detail: impl Into<String>) -> Event {
    Event::Notice(Notice {
        kind,
        detail: detail.into(),
    })
}

impl Worker {
    fn new(config: WorkerConfig, events: mpsc::Sender<Event>, repaint: Repaint) -> Worker {
        Worker {
            config,
            events,
            repaint,
            book: ProfileBook::default(),
            session: None,
            next_session: 1,
            tasks: JoinSet::new(),
            sandbox: None,
            sandbox_starting: false,
        }
    }

    fn emit(&self, event: Event) {
        // The UI may be gone while the worker winds down; nothing to do then.
        let _ = self.events.send(event);
        (self.repaint)();
    }

    fn spawn(&mut self, task: impl Future<Output = Done> + Send + 'static) {
        self.tasks.spawn(task);
    }

    async fn run(mut self, mut commands: UnboundedReceiver<Command>) {
        loop {
            self.start_due_fetches();
            let wake = self
                .session
                .as_ref()
                .and_then(|session| session.schedule.next_wake())
                .map(|at| tokio::time::Instant::from_std(self.config.clock.instant_at(at)));
            let sleep = async move {
                match wake {
                    Some(at) => tokio::time::sleep_until(at).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.handle(command),
                    None => break,
                },
                Some(done) = self.tasks.join_next(), if !self.tasks.is_empty() => match done {
                    Ok(done) => self.finished(done),
                    Err(error) => tracing::warn!("a worker task failed: {error}"),
                },
                () = sleep => {}
            }
        }
        self.tasks.abort_all();
    }

    fn start_due_fetches(&mut self) {
        let now = self.config.clock.now_ms();
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let due = session.schedule.take_due(now);
        let id = session.id;
        let client = session.client.clone();
        for resource in due {
            self.emit(Event::FetchStarted {
                session: id,
                resource,
            });
            let client = client.clone();
            self.spawn(async move {
                Done::Fetched {
                    session: id,
                    resource,
                    result: fetch(client, resource).await,
                }
            });
        }
    }

    fn handle(&mut self, command: Command) {
        match command {
            Command::Start { sandbox } => self.start(sandbox),
            Command::Refresh => {
                let now = self.config.clock.now_ms();
                if let Some(session) = self.session.as_mut() {
                    session.schedule.refresh_now(now);
                }
            }
            Command::Connect(request) => self.connect(request),
            Command::OpenProfile(name) => self.open_saved(&name, false),
            Command::DeleteProfile(name) => self.delete_profile(name),
            Command::StartSandbox => self.start_sandbox(),
            Command::GenerateKey(bits) => self.generate_key(bits),
            Command::LoadKeyFile(path) => {
                let events = self.events.clone();
                let repaint = Arc::clone(&self.repaint);
                self.spawn(async move {
                    let read_path = path.clone();
                    let result = blocking(move || call::read_private_key_file(&read_path))
                        .await
                        .and_then(|read| read.map_err(|error| error.to_string()));
                    let _ = events.send(Event::KeyFileLoaded { path, result });
                    repaint();
                    Done::Nothing
                });
            }
            Command::SavePublicKey { path, pem } => {
                let events = self.events.clone();
                let repaint = Arc::clone(&self.repaint);
                self.spawn(async move {
                    let write_path = path.clone();
                    let result = blocking(move || std::fs::write(&write_path, pem))
                        .await
                        .and_then(|written| written.map_err(|error| error.to_string()))
                        .map(|()| path);
                    let _ = events.send(Event::PublicKeySaved(result));
                    repaint();
                    Done::Nothing
                });
            }
        }
    }

    fn start(&mut self, sandbox: bool) {
        if let Some(path) = &self.config.profile_path {
            let path = path.clone();
            let loaded = tokio::task::block_in_place(|| ProfileBook::load(&path));
            match loaded {
                Ok(book) => self.book = book,
                Err(error) => self.emit(notice(NoticeKind::ProfilesUnreadable, error.to_string())),
            }
        }
        self.emit(Event::ProfilesLoaded(self.book.clone()));
        if sandbox {
            self.start_sandbox();
            self.emit(Event::StartupFinished);
            return;
        }
        let environment = match &self.config.environment {
            EnvironmentProfile::Ignore => None,
            EnvironmentProfile::Given(credentials) => Some(Ok(credentials.clone())),
            EnvironmentProfile::FromProcess => std::env::var_os(call::ENV_BASE_URL)
                .is_some()
                .then(|| tokio::task::block_in_place(call::credentials_from_env)),
        };
        if let Some(credentials) = environment {
            self.open_environment(credentials);
            self.emit(Event::StartupFinished);
            return;
        }
        match self.book.last_used.clone() {
            Some(name) if self.book.find(&name).is_some() => self.open_saved(&name, true),
            _ => self.emit(Event::StartupFinished),
        }
    }

    fn open_environment(&mut self, credentials: Result<call::Credentials, call::CallError>) {
        let opened = credentials
            .map_err(|error| error.to_string())
            .and_then(|credentials| {
                let name = url::Url::parse(&credentials.base_url)
                    .ok()
                    .and_then(|url| url.host_str().map(str::to_owned))
                    .unwrap_or_else(|| credentials.base_url.clone());
                let client = client_for(
                    &credentials.base_url,
                    credentials.api_key,
                    credentials.private_key,
                )
                .map_err(|error| error.to_string())?;
                Ok(OpenRequest {
                    profile: Profile {
                        name,
                        base_url: credentials.base_url,
                    },
                    kind: ProfileKind::Environment,
                    client,
                    save_secrets: None,
                })
            });
        match opened {
            Ok(request) => self.open(request),
            Err(detail) => self.emit(notice(NoticeKind::EnvironmentProfileInvalid, detail)),
        }
    }

    fn open(&mut self, request: OpenRequest) {
        let id = self.next_session;
        self.next_session += 1;
        let info = SessionInfo {
            id,
            profile: request.profile.clone(),
            kind: request.kind,
        };
        self.session = Some(Session {
            id,
            profile: request.profile.clone(),
            kind: request.kind,
            client: request.client,
            schedule: Schedule::new(&ResourceKey::ALL, self.config.clock.now_ms()),
        });
        self.emit(Event::SessionStarted(info));
        if let Some(secrets) = request.save_secrets {
            let source = self.config.secrets.clone();
            let profile = request.profile;
            self.spawn(async move {
                let name = profile.name.clone();
                let result = blocking(move || open_store(&source)?.save(&name, &secrets))
                    .await
                    .unwrap_or_else(|detail| Err(KeystoreError::Platform { detail }));
                Done::Saved { profile, result }
            });
        } else if request.kind == ProfileKind::Saved {
            self.remember_last_used(&request.profile.name);
        }
    }

    fn remember_last_used(&mut self, name: &str) {
        if self.book.last_used.as_deref() != Some(name) {
            self.book.last_used = Some(name.to_owned());
            self.write_book();
        }
    }

    fn write_book(&mut self) {
        let Some(path) = self.config.profile_path.clone() else {
            return;
        };
        let book = self.book.clone();
        if let Err(error) = tokio::task::block_in_place(|| book.save(&path)) {
            self.emit(notice(NoticeKind::ProfilesUnreadable, error.to_string()));
        }
        self.emit(Event::ProfilesLoaded(self.book.clone()));
    }

    fn connect(&mut self, request: ConnectRequest) {
        self.emit(Event::Connecting);
        let ConnectRequest {
            profile,
            api_key,
            private_key,
            save,
        } = request;
        let save_secrets = save.then(|| ProfileSecrets {
            api_key: api_key.clone(),
            private_key_pem: private_key.pem().clone(),
        });
        let client = match client_for(&profile.base_url, api_key, private_key) {
            Ok(client) => client,
            Err(error) => {
                self.emit(Event::ConnectFailed(error));
                return;
            }
        };
        let kind = if save {
            ProfileKind::Saved
        } else {
            ProfileKind::Unsaved
        };
        self.spawn(async move {
            // A signed GET proves the URL, the API key, the key and the clock at once.
            let result = client.balance(&BalanceAsset::Brl).await.map(|_| ());
            Done::Tested {
                open: OpenRequest {
                    profile,
                    kind,
                    client,
                    save_secrets,
                },
                result,
            }
        });
    }

    /// Opens a saved profile; at launch (`finishes_startup`) the launch is
    /// reported finished only once the profile is open or refused, so the
    /// onboarding screen does not flash by.
    fn open_saved(&mut self, name: &str, finishes_startup: bool) {
        let Some(profile) = self.book.find(name).cloned() else {
            self.emit(notice(
                NoticeKind::ProfileNotOpened(name.to_owned()),
                "it is not in the profile file",
            ));
            if finishes_startup {
                self.emit(Event::StartupFinished);
            }
            return;
        };
        let source = self.config.secrets.clone();
        let events = self.events.clone();
        let repaint = Arc::clone(&self.repaint);
        let opening = async move {
            let name = profile.name.clone();
            let loaded = blocking(move || open_store(&source)?.load(&name))
                .await
                .unwrap_or_else(|detail| Err(KeystoreError::Platform { detail }));
            let failure = |detail: String| {
                let _ = events.send(notice(
                    NoticeKind::ProfileNotOpened(profile.name.clone()),
                    detail,
                ));
                repaint();
                Done::Nothing
            };
            let secrets = match loaded {
                Ok(Some(secrets)) => secrets,
                Ok(None) => {
                    return failure(
                        "the keyring holds no secrets for it; delete it and add it again"
                            .to_owned(),
                    );
                }
                Err(error) => return failure(error.to_string()),
            };
            let private_key = match PrivateKey::from_pem(secrets.private_key_pem.expose_secret()) {
                Ok(key) => key,
                Err(error) => return failure(error.to_string()),
            };
            match client_for(&profile.base_url, secrets.api_key, private_key) {
                Ok(client) => Done::Open(OpenRequest {
                    profile,
                    kind: ProfileKind::Saved,
                    client,
                    save_secrets: None,
                }),
                Err(error) => failure(error.to_string()),
            }
        };
        self.spawn(async move {
            let done = opening.await;
            if finishes_startup {
                Done::Sequence(vec![done, Done::StartupFinished])
            } else {
                done
            }
        });
    }

    fn delete_profile(&mut self, name: String) {
        let source = self.config.secrets.clone();
        self.spawn(async move {
            let entry = name.clone();
            let result = blocking(move || open_store(&source)?.delete(&entry))
                .await
                .unwrap_or_else(|detail| Err(KeystoreError::Platform { detail }));
            Done::Deleted { name, result }
        });
    }

    fn start_sandbox(&mut self) {
        if self.sandbox_starting {
            return;
        }
        self.sandbox_starting = true;
        self.emit(Event::SandboxStarting);
        let events = self.events.clone();
        let repaint = Arc::clone(&self.repaint);
        let running = self.sandbox.take();
        self.spawn(async move {
            let failure = |detail: String| {
                let _ = events.send(notice(NoticeKind::SandboxFailed, detail));
                repaint();
                Done::SandboxFailed
            };
            let sandbox = match running {
                Some(sandbox) => sandbox,
                None => match EmbeddedSandbox::start().await {
                    Ok(sandbox) => sandbox,
                    Err(detail) => return failure(detail),
                },
            };
            // A fresh key per run: the sandbox forgets accounts when it stops.
            let key = match blocking(|| PrivateKey::generate(RsaKeyBits::Rsa2048)).await {
                Ok(Ok(key)) => key,
                Ok(Err(error)) => return failure(error.to_string()),
                Err(detail) => return failure(detail),
            };
            let api_key = format!("sandbox-{}", uuid::Uuid::new_v4());
            if let Err(detail) = sandbox.register(&api_key, key.public_key_pem()) {
                return failure(detail);
            }
            let base_url = sandbox.base_url();
            match client_for(&base_url, SecretString::from(api_key), key) {
                Ok(client) => Done::SandboxStarted {
                    sandbox,
                    open: OpenRequest {
                        profile: Profile {
                            name: "Sandbox".to_owned(),
                            base_url,
                        },
                        kind: ProfileKind::Sandbox,
                        client,
                        save_secrets: None,
                    },
                },
                Err(error) => failure(error.to_string()),
            }
        });
    }

    fn generate_key(&mut self, bits: RsaKeyBits) {
        let events = self.events.clone();
        let repaint = Arc::clone(&self.repaint);
        self.spawn(async move {
            let result = blocking(move || PrivateKey::generate(bits))
                .await
                .unwrap_or(Err(crate::api::KeyError::Generation));
            let _ = events.send(Event::KeyGenerated(result));
            repaint();
            Done::Nothing
        });
    }

    fn finished(&mut self, done: Done) {
        match done {
            Done::Fetched {
                session,
                resource,
                result,
            } => self.fetched(session, resource, result),
            Done::Tested { open, result } => match result {
                Ok(()) => self.open(open),
                Err(error) => self.emit(Event::ConnectFailed(error)),
            },
            Done::Open(open) => self.open(open),
            Done::Saved { profile, result } => match result {
                Ok(()) => {
                    let name = profile.name.clone();
                    self.book.upsert(profile);
                    self.book.last_used = Some(name.clone());
                    self.write_book();
                    self.emit(notice(NoticeKind::ProfileSaved(name), ""));
                }
                Err(error) => {
                    if let Some(session) = self.session.as_mut()
                        && session.profile == profile
                    {
                        session.kind = ProfileKind::Unsaved;
                    }
                    self.emit(notice(
                        NoticeKind::ProfileNotSaved(profile.name),
                        error.to_string(),
                    ));
                }
            },
            Done::Deleted { name, result } => match result {
                Ok(()) => {
                    self.book.remove(&name);
                    self.write_book();
                    let closes_session = self.session.as_ref().is_some_and(|session| {
                        session.profile.name == name && session.kind == ProfileKind::Saved
                    });
                    if closes_session && let Some(session) = self.session.take() {
                        self.emit(Event::SessionEnded(session.id));
                    }
                    self.emit(notice(NoticeKind::ProfileDeleted(name), ""));
                }
                Err(error) => {
                    self.emit(notice(
                        NoticeKind::ProfileNotDeleted(name),
                        error.to_string(),
                    ));
                }
            },
            Done::SandboxStarted { sandbox, open } => {
                self.sandbox = Some(sandbox);
                self.sandbox_starting = false;
                self.open(open);
            }
            Done::StartupFinished => self.emit(Event::StartupFinished),
            Done::SandboxFailed => self.sandbox_starting = false,
            Done::Sequence(steps) => {
                for step in steps {
                    self.finished(step);
                }
            }
            Done::Nothing => {}
        }
    }

    fn fetched(
        &mut self,
        session_id: SessionId,
        resource: ResourceKey,
        result: Result<ResourceData, Error>,
    ) {
        let now = self.config.clock.now_ms();
        let Some(session) = self
            .session
            .as_mut()
            .filter(|session| session.id == session_id)
        else {
            return;
        };
        let outcome = match &result {
            Ok(data) => FetchOutcome::Loaded {
                in_motion: data.in_motion(),
            },
            Err(error) => FetchOutcome::Failed {
                retry_after_ms: error
                    .retry_after()
                    .map(|wait| u64::try_from(wait.as_millis()).unwrap_or(u64::MAX)),
            },
        };
        let next_at = session.schedule.finish(resource, outcome, now);
        self.emit(Event::FetchFinished {
            session: session_id,
            resource,
            result,
            at: now,
            next_at,
        });
    }
}
