//! What the journal feature asks the worker for, and what it answers.

use std::path::PathBuf;

use time::OffsetDateTime;

use crate::app::remote::PartialCopy;
use crate::app::resources::Fetched;
use crate::app::session::SessionId;
use brlv_core::api::model::Claim;
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
}
