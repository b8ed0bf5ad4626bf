//! The worker's side: the file read and written on a blocking thread.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

use brlv_core::recipients::{RecipientBook, RecipientsError};

use super::message::{RecipientsCommand, RecipientsEvent};

/// The newest save written, per file: two saves in flight at once end in
/// the newer list on disk, whichever thread runs first.
static WRITTEN: Mutex<Option<HashMap<PathBuf, u64>>> = Mutex::new(None);

/// Runs `command` against the file at `path` (`None`: no place on disk).
/// Blocking: the worker runs it off its loop.
pub fn run(command: RecipientsCommand, path: Option<PathBuf>) -> RecipientsEvent {
    let Some(path) = path else {
        return RecipientsEvent::NoPlace;
    };
    match command {
        RecipientsCommand::Load => RecipientsEvent::Loaded(RecipientBook::load(&path)),
        RecipientsCommand::Save {
            book,
            generation,
            set_aside_damaged,
        } => {
            let mut written = WRITTEN.lock().unwrap_or_else(PoisonError::into_inner);
            let newest = written.get_or_insert_with(HashMap::new);
            if newest.get(&path).is_some_and(|done| *done > generation) {
                return RecipientsEvent::Saved(Ok(None));
            }
            let moved = if set_aside_damaged && path.exists() {
                let now = time::OffsetDateTime::now_utc().unix_timestamp();
                match RecipientBook::set_aside(&path, now) {
                    Ok(moved) => Some(moved),
                    Err(error) => return RecipientsEvent::Saved(Err(error)),
                }
            } else {
                // Never over a file that does not parse, even one the window
                // has not heard about yet: it may be the only copy.
                if let Err(error @ RecipientsError::Damaged { .. }) = RecipientBook::load(&path) {
                    return RecipientsEvent::Saved(Err(error));
                }
                None
            };
            let result = book.save(&path).map(|()| moved);
            if result.is_ok() {
                newest.insert(path, generation);
            }
            RecipientsEvent::Saved(result)
        }
    }
}
