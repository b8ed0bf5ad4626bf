//! What the recipients feature asks the worker for, and what it answers.

use std::path::PathBuf;

use brlv_core::recipients::{RecipientBook, RecipientsError};

/// Reading or writing the saved recipients file.
#[derive(Debug)]
pub enum RecipientsCommand {
    /// Read the file (at start).
    Load,
    /// Write the whole list.
    Save {
        /// The list as it is now.
        book: RecipientBook,
        /// Counts the saves of this run: a slower, older save never
        /// overwrites a newer one.
        generation: u64,
        /// Rename the damaged file aside first (the person asked).
        set_aside_damaged: bool,
    },
}

/// What the worker reports about the file.
#[derive(Debug)]
pub enum RecipientsEvent {
    /// The file was read (a missing file is an empty list), or why not.
    Loaded(Result<RecipientBook, RecipientsError>),
    /// This system has no configuration directory: the list lives for the run.
    NoPlace,
    /// A save ended: where a damaged file was set aside, if it was.
    Saved(Result<Option<PathBuf>, RecipientsError>),
}
