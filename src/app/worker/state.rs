//! What the worker holds: its configuration, the profile book, the open
//! connection (its client, schedule, sealed key, last answers and journal),
//! the embedded sandbox, the webhook plumbing, and the tasks in flight;
//! and what a task hands back to the loop ([`Done`]). Also the two helpers
//! every task uses: [`blocking`] and [`notice`].

use std::collections::HashMap;
use std::sync::{Arc, mpsc};

use secrecy::SecretString;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};
use tokio::task::JoinSet;
use uuid::Uuid;

use crate::app::features::journal::task::JournalHandle;
use crate::app::message::{Event, Notice, NoticeDetail, NoticeKind};
use crate::app::resources::{Answer, Fingerprint, ResourceKey};
use crate::app::schedule::Schedule;
use crate::app::session::{ProfileKind, SessionId};
use crate::app::submit::{FormKind, SubmitOutcome};
use crate::webhook::{ListenError, WebhookEvent, WebhookListener};
use brlv_core::api::{Client, Error};
use brlv_core::keystore::{KeystoreError, ProfileSecrets};
use brlv_core::profile::{Profile, ProfileBook};

use super::config::WorkerConfig;
use super::sandbox::EmbeddedSandbox;

/// Asks the UI to draw again; `egui::Context::request_repaint` in the app.
pub type Repaint = Arc<dyn Fn() + Send + Sync>;

/// A connection to open.
pub(super) struct OpenRequest {
    pub(super) profile: Profile,
    pub(super) kind: ProfileKind,
    pub(super) client: Client,
    /// Save the profile once opened.
    pub(super) save_secrets: Option<ProfileSecrets>,
    /// The key as sealed, which every passphrase is checked against.
    pub(super) sealed_key: Option<SecretString>,
    /// A saved profile's plain secrets, kept to seal them in place.
    pub(super) plain_secrets: Option<ProfileSecrets>,
}

pub(super) struct Session {
    pub(super) id: SessionId,
    pub(super) profile: Profile,
    pub(super) kind: ProfileKind,
    pub(super) client: Client,
    pub(super) schedule: Schedule,
    pub(super) sealed_key: Option<SecretString>,
    pub(super) plain_secrets: Option<ProfileSecrets>,
    /// The last answer of each resource, to tell an identical one.
    pub(super) fingerprints: HashMap<ResourceKey, Fingerprint>,
    /// What this connection sent and learnt, kept on disk (see `journal.rs`).
    pub(super) journal: JournalHandle,
}

/// A profile whose sealed key waits for its passphrase at the unlock screen.
#[derive(Clone)]
pub(super) struct PendingUnlock {
    pub(super) profile: Profile,
    pub(super) kind: ProfileKind,
    pub(super) api_key: SecretString,
    pub(super) sealed_key: SecretString,
}

/// What a background task hands back to the loop.
pub(super) enum Done {
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
    /// A form's send that was not yet known is settled: nothing was sent
    /// again, so no submit ends here.
    Resettled {
        session: SessionId,
        form: FormKind,
        outcome: SubmitOutcome,
    },
    /// A submit that ends with no `Submitted` (a batch of payouts) is over,
    /// so an update check may run again.
    SubmitEnded,
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
    Webhooks(WebhooksDone),
    /// A check of the update feed ended.
    UpdateChecked(Event),
    /// The installer for Update and restart is downloaded and checked, and
    /// the updater beside it, or why not.
    UpdaterReady {
        version: brlv_core::update::Version,
        result: Result<
            crate::app::features::updates::task::UpdaterCommand,
            crate::app::features::updates::problem::UpdateProblem,
        >,
    },
}

pub(super) struct Worker {
    pub(super) config: WorkerConfig,
    pub(super) events: mpsc::Sender<Event>,
    pub(super) repaint: Repaint,
    pub(super) book: ProfileBook,
    pub(super) session: Option<Session>,
    pub(super) next_session: SessionId,
    pub(super) tasks: JoinSet<Done>,
    pub(super) sandbox: Option<EmbeddedSandbox>,
    pub(super) sandbox_starting: bool,
    pub(super) pending_unlock: Option<PendingUnlock>,
    /// Money-moving requests the passphrase let go and not yet sent (a sealed
    /// session sends none without one, whatever the UI asks).
    pub(super) transaction_tickets: u32,
    pub(super) webhooks: Webhooks,
    pub(super) webhook_events: UnboundedReceiver<WebhookEvent>,
    /// The largest list answer accepted, in bytes.
    pub(super) list_budget_bytes: u64,
    /// Forms' POSTs sent and not yet answered (no update check meanwhile).
    pub(super) submits_in_flight: u32,
    /// The update check.
    pub(super) updates: UpdateChecks,
    /// Set to stop the running batch of payouts before its next row.
    pub(super) batch_stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

/// What a listener task hands back to the worker's loop.
pub(super) enum WebhooksDone {
    /// The listener started (or not); `for_sandbox` when the embedded sandbox posts to it.
    ListenerStarted {
        result: Result<WebhookListener, ListenError>,
        for_sandbox: bool,
    },
}

/// The worker's webhook plumbing and the order it keeps fresh.
pub(super) struct Webhooks {
    /// The running listener.
    pub(super) listener: Option<WebhookListener>,
    /// Where listeners send events; the loop reads the other end.
    pub(super) sender: UnboundedSender<WebhookEvent>,
    /// The order whose detail is open.
    pub(super) watched_order: Option<Uuid>,
}

/// What the worker knows of the update check (its rules: `updates.rs`).
#[derive(Debug, Default)]
pub(super) struct UpdateChecks {
    /// The window sent its schedule: the daily check may run.
    pub(super) scheduled: bool,
    /// The daily check is on.
    pub(super) daily: bool,
    /// When the feed was last checked.
    pub(super) last_check: Option<time::OffsetDateTime>,
    /// A check was asked for and has not started yet.
    pub(super) asked: bool,
    /// A check is running.
    pub(super) checking: bool,
    /// The updater was started: the window is closing, nothing more is sent.
    pub(super) updater_started: bool,
}

pub(super) const MIB: u64 = 1024 * 1024;

/// Runs a blocking call on tokio's blocking pool.
pub(super) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|error| format!("the background task failed: {error}"))
}

pub(super) fn notice(kind: NoticeKind, detail: impl Into<NoticeDetail>) -> Event {
    Event::Notice(Notice {
        kind,
        detail: detail.into(),
    })
}
