//! What the journal feature asks the worker for, and what it answers.

use std::path::PathBuf;

use time::OffsetDateTime;

use crate::api::model::Claim;
use crate::app::remote::PartialCopy;
use crate::app::resources::Fetched;
use crate::app::session::SessionId;

/// Something the journal feature asks the worker to do.
#[derive(Debug)]
pub enum JournalCommand {
    /// Write the open profile's journal as CSV to this file.
    ExportCsv(PathBuf),
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
    },
}
