//! What the journal feature asks the worker for, and what it answers.

use std::path::PathBuf;

use time::OffsetDateTime;

use crate::app::remote::PartialCopy;
use crate::app::resources::Fetched;
use crate::app::session::SessionId;
use brlv_core::api::model::{Claim, CreateOrder};
use brlv_core::tax::{ClaimMade, TaxInput, TypedValues};

/// Something the journal feature asks the worker to do.
#[derive(Debug)]
pub enum JournalCommand {
    /// Write the open profile's journal as CSV to this file.
    ExportCsv(PathBuf),
    /// Keep something the person typed for the tax year (a month marked
    /// paid, a cost or a value in reais, a code, the custodian).
    KeepTaxInput(TaxInput),
    /// Read the tax year's side of the journal again (a claim was made).
    ReadTax,
    /// Keep that the send `of` (not applied) was sent again and made
    /// `record`: "Send again…" is not offered for it again, after a
    /// restart too.
    KeepResend {
        /// The journal's POST sent again.
        of: uuid::Uuid,
        /// The record the new send made.
        record: uuid::Uuid,
    },
}

/// What the journal keeps for the tax year: the claims this device made,
/// each with what it was paid in (only the request says), and what the
/// person typed.
#[derive(Debug, Default)]
pub struct TaxJournal {
    /// The claims, oldest first.
    pub claims: Vec<ClaimMade>,
    /// What the person typed, the latest of each.
    pub typed: TypedValues,
    /// Typed values written by a newer version, left out.
    pub unread: usize,
}

/// A list as it was last fetched, in an earlier run.
#[derive(Debug)]
pub struct RestoredList {
    /// The data.
    pub fetched: Fetched,
    /// When it was fetched.
    pub fetched_at: OffsetDateTime,
    /// Set when the list was above the journal's size bound and only its
    /// newest rows were kept.
    pub partial: Option<PartialCopy>,
}

/// What the worker reports from the journal.
#[derive(Debug)]
pub enum JournalEvent {
    /// A connection opened: the last known state of its lists and the
    /// claims made from this device, read from its journal.
    Restored {
        /// The connection it belongs to.
        session: SessionId,
        /// Every list kept, as last fetched.
        lists: Vec<RestoredList>,
        /// Claims made from this device, newest first.
        claims: Vec<Claim>,
        /// The tax year's side of the journal.
        tax: TaxJournal,
        /// The orders sent from this device, each with the body it sent
        /// (where its proceeds went), oldest first.
        orders_sent: Vec<(uuid::Uuid, CreateOrder)>,
    },
    /// The tax year's side of the journal, read again.
    TaxRead {
        /// The connection it belongs to.
        session: SessionId,
        /// What it holds.
        tax: TaxJournal,
    },
    /// Something the person typed for the tax year was kept.
    TaxInputKept {
        /// The connection it belongs to.
        session: SessionId,
        /// What was kept.
        input: TaxInput,
    },
    /// A connection opened: the sends an earlier run sent again, each
    /// with the record its new send made (the journal keeps the link).
    Resent {
        /// The connection it belongs to.
        session: SessionId,
        /// By the journal's POST sent again, the record the new send made.
        links: std::collections::BTreeMap<uuid::Uuid, uuid::Uuid>,
    },
    /// Sends left without an outcome by an earlier run (a crash, a power
    /// cut, a lost answer), settled against the service's lists as the
    /// connection opened.
    Settled {
        /// The connection it belongs to.
        session: SessionId,
        /// Each send and what became of it.
        sends: Vec<SettledSend>,
    },
    /// This device's payouts whose outcome is not known, as the journal
    /// holds them now: in flight, sent without an answer, or settled as
    /// *cannot tell* (this window's sends and earlier runs' alike). Told
    /// after each send and each settling, so that a review compares a new
    /// payment with every one of them at once.
    Unsettled {
        /// The connection it belongs to.
        session: SessionId,
        /// Their journal entries (a withdrawal's or a transfer's POST).
        sends: Vec<brlv_core::journal::PostEntry>,
    },
}

/// A send an earlier run left without an outcome, and what became of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettledSend {
    /// The journal's POST.
    pub post_id: uuid::Uuid,
    /// What it was, as the journal names its form (`withdrawal`,
    /// `transfer`, `claim`, `order`, `wallet`).
    pub form: String,
    /// When it left.
    pub sent_at: OffsetDateTime,
    /// Where it was sent (`/api/v0/withdrawals`).
    pub endpoint: String,
    /// What was sent, as the journal kept it: what a form is filled with
    /// to send it again.
    pub body: String,
    /// What became of it.
    pub outcome: SendOutcome,
}

/// A record at the service that could be a send whose outcome cannot be
/// told, as the core's settling found it
/// ([`brlv_core::journal::settle::Candidate`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SendCandidate {
    /// Its id at the service.
    pub id: String,
    /// Its amount, when it shows one.
    pub amount: Option<rust_decimal::Decimal>,
    /// Where it pays, in the record's words, when it says.
    pub destination: Option<String>,
    /// When the service created it, when it says.
    pub created_at: Option<OffsetDateTime>,
}

impl From<&brlv_core::journal::settle::Candidate> for SendCandidate {
    fn from(candidate: &brlv_core::journal::settle::Candidate) -> SendCandidate {
        SendCandidate {
            id: candidate.id.clone(),
            amount: candidate.amount,
            destination: candidate.destination.clone(),
            created_at: candidate.created_at,
        }
    }
}

/// What became of a send whose answer never came.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SendOutcome {
    /// The service holds it: this record.
    Done(String),
    /// It was not applied: nothing left.
    NotDone,
    /// Whether it was applied cannot be told; never send it again blindly.
    /// Each record at the service that could be it, for the person to
    /// check against the statement (none when the service lists no record
    /// of its kind).
    CannotTell(Vec<SendCandidate>),
    /// The lists could not be read yet: it stays pending, settled at the
    /// next start.
    Pending,
}
