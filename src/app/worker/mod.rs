//! The worker: a tokio runtime on its own thread. It receives [`Command`]s,
//! owns the [`Client`] and the polling [`Schedule`], and sends [`Event`]s
//! back, asking the UI to repaint after each. Keyring calls and key
//! generation run on tokio's blocking pool: they can take seconds.

use std::future::Future;
use std::path::PathBuf;
use std::sync::{Arc, mpsc};
use std::time::Duration;

use secrecy::SecretString;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio::task::JoinSet;

use crate::api::client::DEFAULT_TIMEOUT;
use crate::api::{Client, ClientConfig, Error, PrivateKey, RetryPolicy, Signer};
use crate::call;
use crate::keystore::{KeyringStore, KeystoreError, ProfileSecrets, SecretStore};
use crate::profile::{Profile, ProfileBook};

use super::clock::{Clock, Millis};
use super::dialog::{FileDialogs, SystemDialogs};
use super::export::{FileError, write_export};
use super::features::guard::state::PassphrasePurpose;
use super::features::journal::records::states_of;
use super::features::journal::task::JournalHandle;
use super::features::{claims, onboarding, orders, transfers, wallets, withdrawals};
use super::message::{Command, Event, Notice, NoticeDetail, NoticeKind};
use super::receipt::write_receipt;
use super::resources::{
    Answer, DEFAULT_LIST_BUDGET_MIB, Fetched, Fingerprint, ResourceKey, fetch_answer, query,
};
use super::schedule::{FetchOutcome, Schedule};
use super::session::{ProfileKind, SessionId};
use super::submit::{FormKind, SubmitOutcome, SubmitRequest};

pub mod journal;
pub mod sandbox;
mod session;
mod webhooks;

use sandbox::EmbeddedSandbox;

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
    pub seal_cost: crate::seal::ScryptCost,
    /// Where each profile's journal is kept; `None` keeps every journal in
    /// memory for the run (tests, a system with no data directory).
    pub journal_dir: Option<PathBuf>,
    /// The system's Save and Open dialogs (tests: `RecordingDialogs`).
    pub dialogs: Arc<dyn FileDialogs>,
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
            seal_cost: crate::seal::ScryptCost::STANDARD,
            journal_dir: crate::journal::default_dir(),
            dialogs: Arc::new(SystemDialogs),
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
    /// The key as sealed, which every passphrase is checked against.
    sealed_key: Option<SecretString>,
    /// A saved profile's plain secrets, kept to seal them in place.
    plain_secrets: Option<ProfileSecrets>,
}

struct Session {
    id: SessionId,
    profile: Profile,
    kind: ProfileKind,
    client: Client,
    schedule: Schedule,
    sealed_key: Option<SecretString>,
    plain_secrets: Option<ProfileSecrets>,
    /// The last answer of each resource, to tell an identical one.
    fingerprints: std::collections::HashMap<ResourceKey, Fingerprint>,
    /// What this connection sent and learnt, kept on disk (see `journal.rs`).
    journal: JournalHandle,
}

/// A profile whose sealed key waits for its passphrase at the unlock screen.
#[derive(Clone)]
struct PendingUnlock {
    profile: Profile,
    kind: ProfileKind,
    api_key: SecretString,
    sealed_key: SecretString,
}

/// What a background task hands back to the loop.
enum Done {
    Fetched {
        session: SessionId,
        resource: ResourceKey,
        result: Result<Answer, Error>,
    },
    /// Something to tell the UI, as it is.
    Report(Event),
    /// A form's POST ended; `refresh` are re-read at once.
    Submitted {
        session: SessionId,
        form: FormKind,
        outcome: SubmitOutcome,
        refresh: &'static [ResourceKey],
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
    /// A sealed profile waits for its passphrase.
    NeedsUnlock(PendingUnlock),
    /// The passphrase opened the waiting profile.
    Unlocked {
        attempt: u64,
        open: OpenRequest,
    },
    /// A transaction passphrase was checked on `session`.
    TransactionChecked {
        session: SessionId,
        attempt: u64,
        accepted: bool,
    },
    /// The open profile's key was sealed in place.
    Sealed {
        session: SessionId,
        result: Result<SecretString, String>,
    },
    /// Several results, handled in order.
    Sequence(Vec<Done>),
    Webhooks(webhooks::WebhooksDone),
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
    pending_unlock: Option<PendingUnlock>,
    /// Money-moving requests the passphrase let go and not yet sent (a sealed
    /// session sends none without one, whatever the UI asks).
    transaction_tickets: u32,
    webhooks: webhooks::Webhooks,
    webhook_events: UnboundedReceiver<crate::webhook::WebhookEvent>,
    /// The largest list answer accepted, in bytes.
    list_budget_bytes: u64,
}

const MIB: u64 = 1024 * 1024;

/// Runs a blocking call on tokio's blocking pool.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|error| format!("the background task failed: {error}"))
}

/// Sends a form's POST once and settles how it ended; with what it changes,
/// to re-read at once.
pub async fn submit(
    client: &Client,
    request: SubmitRequest,
) -> (SubmitOutcome, &'static [ResourceKey]) {
    match request {
        SubmitRequest::Wallet(request) => (
            wallets::task::create(client, &request).await,
            wallets::task::REFRESH_AFTER,
        ),
        SubmitRequest::Transfer(request) => (
            transfers::task::create(client, &request).await,
            transfers::task::REFRESH_AFTER,
        ),
        SubmitRequest::Withdrawal(request) => (
            withdrawals::task::create(client, &request).await,
            withdrawals::task::REFRESH_AFTER,
        ),
        SubmitRequest::Claim {
            wallet_address,
            request,
        } => (
            claims::task::create(client, wallet_address.as_deref(), &request).await,
            claims::task::REFRESH_AFTER,
        ),
        SubmitRequest::Order(request) => (
            orders::task::create(client, &request).await,
            orders::task::REFRESH_AFTER,
        ),
    }
}

fn open_store(source: &SecretSource) -> Result<Arc<dyn SecretStore>, KeystoreError> {
    match source {
        SecretSource::Os => KeyringStore::os().map(|store| Arc::new(store) as Arc<dyn SecretStore>),
        SecretSource::Store(store) => Ok(Arc::clone(store)),
    }
}

fn client_for(
    network: &NetworkPolicy,
    base_url: &str,
    api_key: SecretString,
    private_key: PrivateKey,
) -> Result<Client, Error> {
    let mut config = ClientConfig::new(base_url, Signer::new(api_key, private_key))?;
    config.timeout = network.timeout;
    config.retry = network.retry.clone();
    Client::new(config)
}

fn notice(kind: NoticeKind, detail: impl Into<NoticeDetail>) -> Event {
    Event::Notice(Notice {
        kind,
        detail: detail.into(),
    })
}

impl Worker {
    fn new(config: WorkerConfig, events: mpsc::Sender<Event>, repaint: Repaint) -> Worker {
        let (webhook_sender, webhook_events) = unbounded_channel();
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
            pending_unlock: None,
            transaction_tickets: 0,
            webhooks: webhooks::Webhooks {
                listener: None,
                sender: webhook_sender,
                watched_order: None,
            },
            webhook_events,
            list_budget_bytes: DEFAULT_LIST_BUDGET_MIB * MIB,
        }
    }

    fn emit(&self, event: Event) {
        // The UI may be gone while the worker winds down; nothing to do then.
        let _ = self.events.send(event);
        (self.repaint)();
    }

    /// Sends an Event that changes nothing on screen (a fetch starting, an
    /// answer identical to the last): the UI takes it in with the next
    /// frame, whenever one is drawn, and is not woken for it.
    fn emit_quietly(&self, event: Event) {
        let _ = self.events.send(event);
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
                Some(event) = self.webhook_events.recv() => self.webhook_received(event),
                () = sleep => {}
            }
        }
        self.tasks.abort_all();
        self.finish_journal().await;
    }

    fn start_due_fetches(&mut self) {
        let now = self.config.clock.now_ms();
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let due = session.schedule.take_due(now);
        let id = session.id;
        let client = session.client.clone();
        let budget = self.list_budget_bytes;
        for resource in due {
            self.emit_quietly(Event::FetchStarted {
                session: id,
                resource,
            });
            let client = client.clone();
            self.spawn(async move {
                let result = match fetch_answer(&client, resource, budget).await {
                    // A big list is sorted here, not on the UI thread, and
                    // the book of its states built once for the journal
                    // and the notifications.
                    Ok(answer) => blocking(move || {
                        let data = answer.data.newest_first();
                        Answer {
                            states: states_of(&data),
                            data,
                            ..answer
                        }
                    })
                    .await
                    .map_err(Error::Config),
                    Err(error) => Err(error),
                };
                Done::Fetched {
                    session: id,
                    resource,
                    result,
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
            Command::SetListBudget { mib } => {
                self.list_budget_bytes = mib.max(1).saturating_mul(MIB);
                let now = self.config.clock.now_ms();
                if let Some(session) = self.session.as_mut() {
                    session.schedule.budget_changed(now);
                }
            }
            Command::Connect(request) => self.connect(request),
            Command::OpenProfile(name) => self.open_saved(&name, false),
            Command::DeleteProfile(name) => self.delete_profile(name),
            Command::StartSandbox => self.start_sandbox(),
            Command::Submit(request) => self.submit(request),
            Command::Query(list) => {
                let Some((session, client)) = self.session_client() else {
                    return;
                };
                self.spawn(async move {
                    Done::Report(Event::QueryFinished {
                        session,
                        listed: query(&client, list).await,
                    })
                });
            }
            Command::Export(request) => self.spawn(async move {
                let kind = request.records.kind();
                let path = request.path.clone();
                let result = blocking(move || write_export(&request))
                    .await
                    .unwrap_or_else(|reason| Err(FileError::lost(&path, reason)));
                Done::Report(Event::Exported { kind, result })
            }),
            Command::Onboarding(command) => self.spawn(async move {
                Done::Report(Event::Onboarding(onboarding::task::run(command).await))
            }),
            Command::Orders(command) => self.handle_orders(command),
            Command::Events(command) => self.handle_events(command),
            Command::CheckPassphrase {
                purpose,
                attempt,
                passphrase,
            } => self.check_passphrase(purpose, attempt, passphrase),
            Command::SealProfile { passphrase } => self.seal_profile(passphrase),
            Command::Journal(command) => self.handle_journal(command),
            Command::Recipients(command) => {
                // Beside the profile file: the person's, for every profile.
                let path = self
                    .config
                    .profile_path
                    .as_deref()
                    .map(crate::recipients::RecipientBook::path_beside);
                self.spawn(async move {
                    let event = blocking(move || {
                        crate::app::features::recipients::task::run(command, path)
                    })
                    .await
                    .unwrap_or_else(|reason| {
                        crate::app::features::recipients::message::RecipientsEvent::Saved(Err(
                            crate::recipients::RecipientsError::Io {
                                action: "write",
                                path: std::path::PathBuf::new(),
                                reason,
                            },
                        ))
                    });
                    Done::Report(Event::Recipients(event))
                });
            }
            Command::ChooseFile { purpose, request } => {
                let dialogs = Arc::clone(&self.config.dialogs);
                self.spawn(async move {
                    let answer = dialogs.ask(request).await;
                    Done::Report(Event::FileChosen { purpose, answer })
                });
            }
            Command::SaveReceipt(request) => self.spawn(async move {
                let movement = request.receipt.id;
                let path = request.path.clone();
                let result = blocking(move || write_receipt(&request))
                    .await
                    .unwrap_or_else(|reason| Err(FileError::lost(&path, reason)));
                Done::Report(Event::ReceiptSaved { movement, result })
            }),
        }
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
                    self.emit(notice(NoticeKind::ProfileNotSaved(profile.name), error));
                }
            },
            Done::Deleted { name, result } => match result {
                Ok(()) => {
                    self.delete_journal(&name);
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
                    self.emit(notice(NoticeKind::ProfileNotDeleted(name), error));
                }
            },
            Done::SandboxStarted { sandbox, open } => {
                self.sandbox = Some(sandbox);
                self.sandbox_starting = false;
                self.open(open);
                self.wire_sandbox_webhooks();
            }
            Done::StartupFinished => self.emit(Event::StartupFinished),
            Done::Report(event) => self.emit(event),
            Done::Submitted {
                session,
                form,
                outcome,
                refresh,
            } => self.submitted(session, form, outcome, refresh),
            Done::SandboxFailed => self.sandbox_starting = false,
            Done::Sequence(steps) => {
                for step in steps {
                    self.finished(step);
                }
            }
            Done::Webhooks(done) => self.finished_webhooks(done),
            Done::NeedsUnlock(pending) => {
                let profile = pending.profile.clone();
                self.pending_unlock = Some(pending);
                self.emit(Event::UnlockNeeded(profile));
            }
            Done::Unlocked { attempt, open } => {
                self.pending_unlock = None;
                self.emit(Event::PassphraseChecked {
                    purpose: PassphrasePurpose::Unlock,
                    attempt,
                    accepted: true,
                });
                self.open(open);
            }
            Done::TransactionChecked {
                session,
                attempt,
                accepted,
            } => {
                if accepted && self.session.as_ref().is_some_and(|open| open.id == session) {
                    self.transaction_tickets = self.transaction_tickets.saturating_add(1);
                }
                self.emit(Event::PassphraseChecked {
                    purpose: PassphrasePurpose::Transaction,
                    attempt,
                    accepted,
                });
            }
            Done::Sealed { session, result } => {
                let open = self.session.as_mut().filter(|open| open.id == session);
                match (open, result) {
                    (Some(open), Ok(sealed)) => {
                        open.sealed_key = Some(sealed);
                        open.plain_secrets = None;
                        self.emit(Event::ProfileSealed(Ok(())));
                    }
                    (_, Err(reason)) => self.emit(Event::ProfileSealed(Err(reason))),
                    (None, Ok(_)) => {}
                }
            }
        }
    }

    fn session_client(&self) -> Option<(SessionId, Client)> {
        self.session
            .as_ref()
            .map(|session| (session.id, session.client.clone()))
    }

    fn submit(&mut self, request: SubmitRequest) {
        let (Some((session, client)), Some(journal)) =
            (self.session_client(), self.session_journal())
        else {
            return;
        };
        let form = request.form();
        let sealed = self
            .session
            .as_ref()
            .is_some_and(|open| open.sealed_key.is_some());
        if sealed && request.moves_money() {
            // The UI asks for the passphrase first; this holds even if it did not.
            if self.transaction_tickets == 0 {
                self.emit(Event::Submitted {
                    session,
                    form,
                    outcome: SubmitOutcome::Refused(Error::Config(
                        "no passphrase was given for this request; nothing was sent".to_owned(),
                    )),
                });
                return;
            }
            self.transaction_tickets -= 1;
        }
        self.spawn(async move {
            let (outcome, refresh, problem) =
                journal::submit_journaled(&client, &journal, request).await;
            let submitted = Done::Submitted {
                session,
                form,
                outcome,
                refresh,
            };
            match journal::problem_notice(problem) {
                Some(told) => Done::Sequence(vec![submitted, told]),
                None => submitted,
            }
        });
    }

    fn submitted(
        &mut self,
        session: SessionId,
        form: FormKind,
        outcome: SubmitOutcome,
        refresh: &'static [ResourceKey],
    ) {
        let now = self.config.clock.now_ms();
        // A refusal changed nothing; anything else is worth reading again.
        if !matches!(outcome, SubmitOutcome::Refused(_))
            && let Some(open) = self.session.as_mut().filter(|open| open.id == session)
        {
            for resource in refresh {
                open.schedule.refresh_one(*resource, now);
            }
        }
        self.emit(Event::Submitted {
            session,
            form,
            outcome,
        });
    }

    fn fetched(
        &mut self,
        session_id: SessionId,
        resource: ResourceKey,
        result: Result<Answer, Error>,
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
            Ok(answer) => FetchOutcome::Loaded {
                in_motion: answer.data.in_motion(),
            },
            Err(Error::ListOverBudget { .. } | Error::ResponseTooLarge { .. }) => {
                FetchOutcome::OverBudget
            }
            Err(error) => FetchOutcome::Failed {
                retry_after_ms: error
                    .retry_after()
                    .map(|wait| u64::try_from(wait.as_millis()).unwrap_or(u64::MAX)),
            },
        };
        let bytes = result.as_ref().map_or(0, |answer| answer.bytes);
        let next_at = session.schedule.finish_sized(resource, outcome, bytes, now);
        let journal = session.journal.clone();
        let mut states = None;
        let result = match result {
            Ok(answer) => {
                let unchanged = session.fingerprints.get(&resource) == Some(&answer.fingerprint);
                if unchanged {
                    return self.emit_quietly(Event::FetchUnchanged {
                        session: session_id,
                        resource,
                        at: now,
                        next_at,
                    });
                }
                follow_motion(&mut session.schedule, resource, &answer, now);
                session.fingerprints.insert(resource, answer.fingerprint);
                states = answer.states;
                Ok(answer.data)
            }
            Err(error) => {
                // The next answer is news whatever it is.
                session.fingerprints.remove(&resource);
                Err(error)
            }
        };
        if let Ok(data) = &result {
            self.journal_fetched(&journal, data, states.clone());
        }
        if let Some(states) = states {
            self.emit_quietly(Event::ListStates {
                session: session_id,
                resource,
                states,
            });
        }
        self.emit(Event::FetchFinished {
            session: session_id,
            resource,
            result,
            at: now,
            next_at,
        });
    }
}

/// Keeps the orders in motion followed one by one while their list is too
/// big to re-read as often as they move, and stops following an order once
/// it has settled (its settling already made the balances due).
fn follow_motion(schedule: &mut Schedule, resource: ResourceKey, answer: &Answer, now: Millis) {
    match (resource, &answer.data) {
        (ResourceKey::Orders, Fetched::Orders(rows)) => {
            let big = Schedule::too_big_to_follow_motion(answer.bytes);
            let moving = rows
                .iter()
                .filter(|order| big && order.state.as_ref().is_some_and(|s| s.is_in_motion()))
                .map(|order| order.id);
            schedule.follow(moving, now);
        }
        (ResourceKey::OrderInMotion(_), data) if !data.in_motion() => schedule.remove(resource),
        _ => {}
    }
}
