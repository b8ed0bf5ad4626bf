//! What the panels ask for ([`Command`]) and what the worker answers
//! ([`Event`]): the session and profile flows, fetches, and one variant per
//! shared path (submit, filtered list, export) or feature. Plain data: a
//! test pushes Events into `AppState::apply` and reads back the Commands a
//! panel pushed, without a worker.

use std::path::PathBuf;

use secrecy::SecretString;

use brlv_core::api::Error;
use brlv_core::profile::{Profile, ProfileBook};

use super::clock::Millis;
use super::dialog::{DialogAnswer, DialogPurpose, FileDialogRequest};
use super::export::{ExportKind, ExportRequest, FileError};
use super::features::activity::export::ExtratoFileRequest;
use super::features::events::message::{EventsCommand, EventsEvent};
use super::features::journal::message::{JournalCommand, JournalEvent};
use super::features::lock::state::{Authorized, PassphrasePurpose};
use super::features::onboarding::message::{OnboardingCommand, OnboardingEvent};
use super::features::orders::message::{OrdersCommand, OrdersEvent};
use super::features::recipients::message::{RecipientsCommand, RecipientsEvent};
use super::features::taxes::message::{TaxesCommand, TaxesEvent};
use super::features::updates::message::{UpdatesCommand, UpdatesEvent};
use super::features::withdrawals::batch::{BatchCommand, BatchEvent};
use super::receipt::ReceiptRequest;
use super::resources::{Fetched, ListQuery, Listed, ResourceKey};
use super::session::{ConnectRequest, SessionId, SessionInfo};
use super::submit::{FormKind, SubmitOutcome, SubmitRequest};

/// Something for the worker to do. Panels push them into `AppState`; the
/// shell sends them at the end of the frame.
#[must_use = "a Command does nothing until it is sent to the worker"]
#[derive(Debug)]
pub enum Command {
    /// At launch: open the sandbox, the environment's profile or the last used one.
    Start {
        /// `--sandbox`: start the embedded sandbox and connect to it.
        sandbox: bool,
    },
    /// Fetch everything now.
    Refresh,
    /// The largest list answer to accept, in MiB (Settings); lists refused
    /// over the old budget are fetched again.
    SetListBudget {
        /// The budget, in MiB.
        mib: u64,
    },
    /// Test a new connection with a signed GET, then use it (and save it if asked).
    Connect(ConnectRequest),
    /// Open a saved profile (its secrets come from the keyring).
    OpenProfile(String),
    /// Delete a saved profile and its keyring entries.
    DeleteProfile(String),
    /// Keep (or, with `None`, forget) a profile's account holder in the
    /// profile file: who pays, on its receipts.
    SetAccountHolder {
        /// The profile's name.
        profile: String,
        /// The holder, checked.
        holder: Option<brlv_core::profile::AccountHolder>,
    },
    /// Start the embedded sandbox (once) and connect to it.
    StartSandbox,
    /// Send a form's POST once, and settle how it ended.
    Submit {
        /// The POST, exactly as reviewed.
        request: SubmitRequest,
        /// The lock's proof that a money-moving request passed the
        /// passphrase or the typed confirmation; without it, such a
        /// request is refused and nothing is sent.
        authorized: Option<Authorized>,
        /// What the tokens of a transfer or token withdrawal are for, as
        /// answered in its review: journaled with the POST, so that it
        /// reaches the record even when the answer to the POST is lost.
        outflow_answer: Option<brlv_core::tax::OutflowAnswer>,
    },
    /// Fetch a list with the filters a panel shows, sent to the API.
    Query(ListQuery),
    /// Write a list as CSV, off the UI thread.
    Export(ExportRequest),
    /// Make and write the extrato's OFX or CSV, off the UI thread.
    ExportExtrato(ExtratoFileRequest),
    /// Keys for the onboarding form.
    Onboarding(OnboardingCommand),
    /// Quotes, the watched order, the QR code's PNG.
    Orders(OrdersCommand),
    /// The webhook listener.
    Events(EventsCommand),
    /// Check a passphrase against the sealed key, off the UI thread (scrypt
    /// is slow on purpose): to open a profile, to unlock, or to let one
    /// money-moving request go.
    CheckPassphrase {
        /// What the answer is for.
        purpose: PassphrasePurpose,
        /// Which prompt asked; an answer to an older one is dropped.
        attempt: u64,
        /// What was typed.
        passphrase: SecretString,
    },
    /// Read what the environment profile was made of (its key file's path,
    /// its API key), to fill the form that saves it as a sealed profile.
    ReadEnvironmentProfile,
    /// Seal the open profile's plain key with a passphrase, in place.
    SealProfile {
        /// The new passphrase.
        passphrase: SecretString,
    },
    /// The journal on disk.
    Journal(JournalCommand),
    /// The saved recipients file.
    Recipients(RecipientsCommand),
    /// Show the system's Save or Open dialog, off the UI thread; the answer
    /// comes back with `purpose` as [`Event::FileChosen`].
    ChooseFile {
        /// Where the answer goes.
        purpose: DialogPurpose,
        /// What the dialog shows.
        request: FileDialogRequest,
    },
    /// Render and write a receipt, off the UI thread.
    SaveReceipt(ReceiptRequest),
    /// The tax year: the service's prices, the CSV files and the PDF report.
    Taxes(TaxesCommand),
    /// The signed update feed: check it, when, and download what it offers.
    Updates(UpdatesCommand),
    /// Payouts from a file: check it, stop its run, write its result.
    Batch(BatchCommand),
}

/// Something that happened outside the current screen, shown until dismissed.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// What happened.
    pub kind: NoticeKind,
    /// The detail: a path, the keyring's or the service's error.
    pub detail: NoticeDetail,
}

/// The detail under a notice, kept typed where it can be written in the
/// person's language when shown.
#[derive(Clone, Debug, Default)]
pub enum NoticeDetail {
    /// No detail.
    #[default]
    None,
    /// Text that comes as it is (a path, a system message).
    Text(String),
    /// The keyring's refusal.
    Keystore(brlv_core::keystore::KeystoreError),
    /// The service's or the transport's error.
    Client(Error),
    /// A file that could not be written.
    File(FileError),
}

/// Two details are the same notice when they say the same thing; the
/// errors inside have no equality of their own.
impl PartialEq for NoticeDetail {
    fn eq(&self, other: &Self) -> bool {
        use super::error_text::Localize;
        let language = super::i18n::Language::En;
        self.localize(language) == other.localize(language)
    }
}

impl NoticeDetail {
    /// Whether there is nothing to show.
    pub fn is_empty(&self) -> bool {
        match self {
            NoticeDetail::None => true,
            NoticeDetail::Text(text) => text.is_empty(),
            NoticeDetail::Keystore(_) | NoticeDetail::Client(_) | NoticeDetail::File(_) => false,
        }
    }
}

impl From<String> for NoticeDetail {
    fn from(text: String) -> Self {
        if text.is_empty() {
            NoticeDetail::None
        } else {
            NoticeDetail::Text(text)
        }
    }
}

impl From<&str> for NoticeDetail {
    fn from(text: &str) -> Self {
        NoticeDetail::from(text.to_owned())
    }
}

impl From<brlv_core::keystore::KeystoreError> for NoticeDetail {
    fn from(error: brlv_core::keystore::KeystoreError) -> Self {
        NoticeDetail::Keystore(error)
    }
}

impl From<Error> for NoticeDetail {
    fn from(error: Error) -> Self {
        NoticeDetail::Client(error)
    }
}

impl super::error_text::Localize for NoticeDetail {
    fn localize(&self, language: super::i18n::Language) -> String {
        match self {
            NoticeDetail::None => String::new(),
            NoticeDetail::Text(text) => text.clone(),
            NoticeDetail::Keystore(error) => error.localize(language),
            NoticeDetail::Client(error) => error.localize(language),
            NoticeDetail::File(error) => error.localize(language),
        }
    }
}

/// The kinds of notice; each has its own translated heading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    /// A profile was saved to the keyring and the profile file.
    ProfileSaved(String),
    /// Saving a profile failed; it is used for this run only.
    ProfileNotSaved(String),
    /// A profile and its keyring entries were deleted.
    ProfileDeleted(String),
    /// Deleting a profile failed.
    ProfileNotDeleted(String),
    /// A saved profile could not be opened.
    ProfileNotOpened(String),
    /// The profile file could not be read.
    ProfilesUnreadable,
    /// The environment variables do not form a usable profile.
    EnvironmentProfileInvalid,
    /// The embedded sandbox did not start.
    SandboxFailed,
    /// An order's funding window closed unpaid; nothing was charged.
    OrderExpired(String),
    /// A late PIX for an order is being returned to the payer.
    PaymentReturned(String),
    /// The service asked the bank to return a late payment (webhook event).
    RefundInitiated(String),
    /// An order's creation answer was lost, but re-reading found it created.
    FoundAfterFailure(String),
    /// The QR code was saved as PNG.
    QrSaved,
    /// The QR code could not be saved.
    QrNotSaved,
    /// The environment's key file is not sealed: nothing protects it.
    PlainKeyFile,
    /// The journal file was damaged: moved aside and replaced by a fresh one.
    JournalReplaced,
    /// The journal could not be opened: nothing is kept on disk in this run.
    JournalUnavailable,
    /// Something could not be written to the journal.
    JournalNotWritten,
    /// A send an earlier run left without an outcome, settled at start,
    /// and when it left in the person's clock.
    SendSettled {
        /// The send and what became of it.
        send: crate::app::features::journal::message::SettledSend,
        /// When it left, as the person reads moments.
        time: String,
    },
}

/// What the worker reports back. Each carries its own result.
#[derive(Debug)]
pub enum Event {
    /// The saved profiles.
    ProfilesLoaded(ProfileBook),
    /// Something to tell the person.
    Notice(Notice),
    /// The launch sequence is done (whether or not a connection opened).
    StartupFinished,
    /// The embedded sandbox is starting.
    SandboxStarting,
    /// A new connection is being tested.
    Connecting,
    /// The connection test failed; nothing was opened or saved.
    ConnectFailed(Error),
    /// A connection is open; its data is fetched next.
    SessionStarted(SessionInfo),
    /// The connection was closed (its profile was deleted).
    SessionEnded(SessionId),
    /// A fetch started.
    FetchStarted {
        /// The connection it belongs to.
        session: SessionId,
        /// What is fetched.
        resource: ResourceKey,
    },
    /// The book of a list's states, built off the window's thread; sent
    /// just before the list's [`Event::FetchFinished`], for the
    /// notifications to keep instead of building their own.
    ListStates {
        /// The connection it belongs to.
        session: SessionId,
        /// The list.
        resource: ResourceKey,
        /// Its records' states.
        states: crate::app::known_states::KnownStates,
    },
    /// A fetch ended.
    FetchFinished {
        /// The connection it belongs to.
        session: SessionId,
        /// What was fetched.
        resource: ResourceKey,
        /// The data, or why not.
        result: Result<Fetched, Error>,
        /// When it ended.
        at: Millis,
        /// When it is fetched next.
        next_at: Millis,
    },
    /// A fetch brought the same answer as the last one: nothing to rebuild,
    /// only its time to note. The worker asks for no frame for it.
    FetchUnchanged {
        /// The connection it belongs to.
        session: SessionId,
        /// What was fetched.
        resource: ResourceKey,
        /// When it ended.
        at: Millis,
        /// When it is fetched next.
        next_at: Millis,
    },
    /// A form's POST ended.
    Submitted {
        /// The connection it was sent on.
        session: SessionId,
        /// Which form sent it.
        form: FormKind,
        /// How it ended.
        outcome: SubmitOutcome,
    },
    /// A form's POST that was not yet known was settled once the service
    /// could no longer accept it: told to its form only while the form
    /// still shows it as not yet known.
    Resettled {
        /// The connection it was sent on.
        session: SessionId,
        /// Which form sent it.
        form: FormKind,
        /// How it ended.
        outcome: SubmitOutcome,
    },
    /// A filtered list arrived.
    QueryFinished {
        /// The connection it was fetched on.
        session: SessionId,
        /// The list with the filters it answers, or why not.
        listed: Listed,
    },
    /// A CSV file was written, or not.
    Exported {
        /// Which list.
        kind: ExportKind,
        /// The file written, or why not.
        result: Result<PathBuf, FileError>,
    },
    /// Keys for the onboarding form.
    Onboarding(OnboardingEvent),
    /// Quotes and the QR code's PNG.
    Orders(OrdersEvent),
    /// The webhook listener and what it received.
    Events(EventsEvent),
    /// A profile's key is sealed: the passphrase opens it.
    UnlockNeeded(Profile),
    /// A passphrase was checked.
    PassphraseChecked {
        /// What it was for.
        purpose: PassphrasePurpose,
        /// Which prompt asked.
        attempt: u64,
        /// It opened the key.
        accepted: bool,
    },
    /// The open profile's plain key was sealed in place (or not).
    ProfileSealed(Result<(), String>),
    /// The open profile keeps a plain key; it may be offered the upgrade.
    SealingOffered,
    /// What the journal kept from earlier runs.
    Journal(JournalEvent),
    /// The saved recipients file read or written.
    Recipients(RecipientsEvent),
    /// A file dialog ended.
    FileChosen {
        /// What the file is for, as asked.
        purpose: DialogPurpose,
        /// The file, or how it ended without one.
        answer: DialogAnswer,
    },
    /// A receipt was written, or not.
    ReceiptSaved {
        /// The movement it is the receipt of.
        movement: uuid::Uuid,
        /// The file written, or why not.
        result: Result<PathBuf, FileError>,
    },
    /// The tax year: the service's prices.
    Taxes(TaxesEvent),
    /// The update check and the download of what it found.
    Updates(UpdatesEvent),
    /// Payouts from a file: its check, each row's outcome, the result.
    Batch(BatchEvent),
}

impl Event {
    /// The connection an event is about, for those about one: what arrives
    /// for a connection no longer open is dropped.
    pub fn session(&self) -> Option<SessionId> {
        match self {
            Event::FetchStarted { session, .. }
            | Event::ListStates { session, .. }
            | Event::FetchFinished { session, .. }
            | Event::FetchUnchanged { session, .. }
            | Event::Submitted { session, .. }
            | Event::Resettled { session, .. }
            | Event::QueryFinished { session, .. }
            | Event::Journal(
                JournalEvent::Restored { session, .. }
                | JournalEvent::TaxRead { session, .. }
                | JournalEvent::TaxInputKept { session, .. }
                | JournalEvent::Settled { session, .. }
                | JournalEvent::Resent { session, .. }
                | JournalEvent::Unsettled { session, .. },
            )
            | Event::Orders(OrdersEvent::QrMemoryRestored { session, .. })
            | Event::Taxes(
                TaxesEvent::Prices { session, .. } | TaxesEvent::CentralBank { session, .. },
            ) => Some(*session),
            _ => None,
        }
    }
}
