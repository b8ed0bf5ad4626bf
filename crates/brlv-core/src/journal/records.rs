//! What the journal keeps, as plain records: the POSTs sent and how each
//! ended, the notices, the dollar's and the Selic's rates, the list
//! snapshots, what the person typed for the tax year; and its errors.

use std::path::PathBuf;

use time::OffsetDateTime;
use uuid::Uuid;

/// The largest snapshot of one list kept, in bytes of JSON. A bigger list is
/// kept as its newest rows that fit (the caller cuts it; see
/// [`SnapshotRows`]); the journal itself has no bound and is never pruned.
pub const SNAPSHOT_MAX_BYTES: usize = 4 * 1024 * 1024;

/// Why the journal could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JournalError {
    /// A newer brlv-desk wrote it; it is left as it is.
    #[error(
        "the journal {path} was written by a newer version of brlv-desk (schema {found}, this \
         one knows up to {known}); it is left untouched and nothing is journaled in this run"
    )]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        found: usize,
        /// The newest this build knows.
        known: usize,
    },
    /// The file could not be opened or created (permissions, a full disk).
    #[error("cannot open the journal {path}: {reason}")]
    Open {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// A read or a write failed.
    #[error("the journal could not be read or written: {0}")]
    Sqlite(String),
    /// A snapshot above [`SNAPSHOT_MAX_BYTES`] was refused.
    #[error(
        "the saved copy of {resource} ({bytes} bytes) is above the bound of {SNAPSHOT_MAX_BYTES} bytes"
    )]
    SnapshotTooLarge {
        /// Which list.
        resource: String,
        /// Its size.
        bytes: usize,
    },
    /// The journal's thread is gone.
    #[error("the journal stopped")]
    Stopped,
}

impl From<rusqlite::Error> for JournalError {
    fn from(error: rusqlite::Error) -> Self {
        JournalError::Sqlite(error.to_string())
    }
}

/// A damaged file that was moved aside and replaced by a fresh one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replaced {
    /// Where the damaged file now is.
    pub moved_to: PathBuf,
    /// What was wrong with it.
    pub reason: String,
    /// The last good copy the journal was restored from, when one was
    /// kept and sound (see [`super::Store::open`]); `None` when the new
    /// journal starts empty.
    pub restored_from: Option<PathBuf>,
    /// How many sends the damaged file still gave up beyond that copy
    /// (read table by table, what SQLite could read); each with no outcome
    /// is settled against the service like any crash.
    pub recovered_sends: usize,
}

/// A POST as the app sent it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostRecord {
    /// The app's own identifier of this POST (the interface has none).
    pub id: Uuid,
    /// When it was sent.
    pub sent_at: OffsetDateTime,
    /// The form that sent it (`wallet`, `transfer`, `withdrawal`, `claim`,
    /// `order`, `quote`).
    pub form: String,
    /// `POST`.
    pub method: String,
    /// The path, e.g. `/api/v0/withdrawals`.
    pub endpoint: String,
    /// The JSON body sent.
    pub body: String,
}

/// How a POST ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The service created what was asked (perhaps found by the re-read
    /// after a lost answer: see [`OutcomeRecord::answer_lost`]).
    Created,
    /// The service refused it: nothing was created.
    Refused,
    /// The answer was lost and the re-read shows it was not applied.
    NotApplied,
    /// The answer was lost and the re-read could not tell.
    Unknown,
}

impl Outcome {
    /// As written in the file and in the activity export.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Created => "created",
            Outcome::Refused => "refused",
            Outcome::NotApplied => "not-applied",
            Outcome::Unknown => "unknown",
        }
    }

    pub(super) fn parse(text: &str) -> Option<Outcome> {
        Some(match text {
            "created" => Outcome::Created,
            "refused" => Outcome::Refused,
            "not-applied" => Outcome::NotApplied,
            "unknown" => Outcome::Unknown,
            _ => return None,
        })
    }
}

/// How one POST ended, appended once it was settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutcomeRecord {
    /// The POST it settles.
    pub post_id: Uuid,
    /// When it was settled.
    pub at: OffsetDateTime,
    /// The conclusion.
    pub outcome: Outcome,
    /// The POST's answer was lost (a timeout, a dropped connection, a proxy's
    /// page) and the outcome is what the re-read concluded.
    pub answer_lost: bool,
    /// What was created, as JSON, when known.
    pub answer: Option<String>,
    /// The POST's failure, in words.
    pub error: Option<String>,
    /// Why the re-read could not tell, when it failed.
    pub reread_error: Option<String>,
}

/// A notice about money: an order expired, a late payment returned, a
/// movement completed or failed, a webhook's refund.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoticeRecord {
    /// When the app learnt it.
    pub at: OffsetDateTime,
    /// What happened, e.g. `order-expired`, `withdrawal-completed`.
    pub kind: String,
    /// The record it is about (an order's id).
    pub subject: String,
    /// The record or the event as it came, as JSON.
    pub detail: Option<String>,
}

/// The dollar's official rate (PTAX) a calendar day takes, as the Banco
/// Central published it: text, read and written by the tax report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DollarRateRecord {
    /// The day, `YYYY-MM-DD`.
    pub day: String,
    /// The business day whose rate it is (the day itself, or the last one
    /// before it), `YYYY-MM-DD`.
    pub published_on: String,
    /// The buying rate, reais per dollar, exact decimal text.
    pub buying: String,
    /// The selling rate, likewise.
    pub selling: String,
    /// When it was fetched.
    pub fetched_at: OffsetDateTime,
}

/// The Selic of one month (the Banco Central's series 4390), as the tax
/// report keeps it: text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelicRecord {
    /// The month, `YYYY-MM`.
    pub month: String,
    /// The month's Selic in percent, exact decimal text (`1.16`).
    pub percent: String,
    /// When it was fetched.
    pub fetched_at: OffsetDateTime,
}

/// How much of a list a snapshot holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SnapshotRows {
    /// Rows in the list as fetched.
    pub total: u64,
    /// Rows kept (the newest), fewer when the list was above the size bound.
    pub kept: u64,
}

/// The last answer of one polled list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnapshotRecord {
    /// Which list (the caller's stable name).
    pub resource: String,
    /// When it was fetched.
    pub fetched_at: OffsetDateTime,
    /// The answer, as JSON.
    pub body: String,
    /// For a list, how many rows it had and how many are kept.
    pub rows: Option<SnapshotRows>,
}

/// Something the person typed for the tax report, as text: the tax
/// report's core reads and writes these (`tax::TaxInput`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaxInputRecord {
    /// When it was typed.
    pub at: OffsetDateTime,
    /// What it is, e.g. `paid`, `arrived-cost-brl`.
    pub kind: String,
    /// What it is about (a month, a record's id, an address); may be empty.
    pub subject: String,
    /// The value; `None` clears an earlier one.
    pub value: Option<String>,
}

/// A POST with how it ended; `outcome` is `None` when the app stopped
/// before it knew.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostEntry {
    /// The POST.
    pub post: PostRecord,
    /// How it ended.
    pub outcome: Option<OutcomeRecord>,
    /// What else the journal kept of it for its settling.
    pub context: SendContext,
}

/// What the journal keeps of a send besides its body, for its settling
/// (schema 8; a send journaled before has neither part).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SendContext {
    /// The read of the send's list made just before it left (see
    /// [`ListReadRecord`]), by its number; `None` when none was made or it
    /// failed.
    pub listed_before: Option<i64>,
    /// When the send's connection closed: the answer came, was lost or
    /// timed out. `None` when the program stopped first.
    pub closed_at: Option<OffsetDateTime>,
}

/// A read of one of the service's lists, kept for the sends that left
/// after it: the ids it held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListReadRecord {
    /// The list's path, e.g. `/api/v0/withdrawals`.
    pub list: String,
    /// When the read was asked for.
    pub read_at: OffsetDateTime,
    /// The ids of its records (a wallet's address).
    pub ids: Vec<String>,
}

/// A quote the person accepted in the app (pressed "create" on it after
/// reviewing it): what its order's PIX code must ask for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AcceptedQuoteRecord {
    /// The quote's id, as the service wrote it.
    pub quote_id: String,
    /// When it was accepted.
    pub at: OffsetDateTime,
    /// The amount to pay, exact decimal text.
    pub source_amount: String,
    /// The asset it is paid in, as the service names it (`fiat/brl`).
    pub source_asset: String,
}

/// Who a checked PIX code pays: the first one seen for a profile is kept,
/// so a code paying someone else can be told apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReceiverRecord {
    /// When it was first seen.
    pub at: OffsetDateTime,
    /// The code's receiver name (field 59).
    pub name: String,
    /// The code's receiver city (field 60).
    pub city: String,
    /// The PIX key, for a code that carries one.
    pub pix_key: Option<String>,
    /// The host of a dynamic code's URL, for a code that carries one.
    pub url_host: Option<String>,
}
