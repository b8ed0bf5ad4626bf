//! How [`AppState`] keeps the saved recipients: added, renamed and deleted
//! by the person, written by the worker, and what the worker reports about
//! the file.

use crate::app::form::FieldError;
use crate::app::message::Command;
use crate::app::state::AppState;
use brlv_core::recipients::{Recipient, RecipientBook, RecipientsError};

use super::message::{RecipientsCommand, RecipientsEvent};
use super::state::{FileStatus, check_name};

impl AppState {
    /// Adds a recipient (already checked) and saves the list.
    pub fn add_recipient(&mut self, recipient: Recipient) {
        self.recipients.list.push(recipient);
        self.save_recipients(false);
    }

    /// Renames the recipient at `index`, or says why not.
    pub fn rename_recipient(&mut self, index: usize, name: &str) -> Result<(), FieldError> {
        let name = check_name(&self.recipients.list, name, Some(index))?;
        if let Some(recipient) = self.recipients.list.get_mut(index) {
            recipient.name = name;
            self.save_recipients(false);
        }
        Ok(())
    }

    /// Deletes the recipient at `index` and saves the list.
    pub fn delete_recipient(&mut self, index: usize) {
        if index < self.recipients.list.len() {
            self.recipients.list.remove(index);
            self.save_recipients(false);
        }
    }

    /// Writes the list, unless its file is damaged (then only when the person
    /// asked to set the damaged file aside) or there is no place for it.
    pub fn save_recipients(&mut self, set_aside_damaged: bool) {
        let writable = match &self.recipients.file {
            FileStatus::Ready | FileStatus::Failed(_) => true,
            FileStatus::Damaged(_) => set_aside_damaged,
            FileStatus::Loading | FileStatus::InMemory => false,
        };
        if !writable {
            return;
        }
        let generation = self.recipients.next_generation();
        self.push(Command::Recipients(RecipientsCommand::Save {
            book: RecipientBook {
                recipients: self.recipients.list.clone(),
            },
            generation,
            set_aside_damaged,
        }));
    }

    /// Takes in what the worker reports about the file.
    pub(crate) fn apply_recipients(&mut self, event: RecipientsEvent) {
        let recipients = &mut self.recipients;
        match event {
            RecipientsEvent::Loaded(Ok(book)) => {
                // Anything added before the file was read stays, after it.
                let added = std::mem::replace(&mut recipients.list, book.recipients);
                let unsaved = !added.is_empty();
                for recipient in added {
                    if !RecipientBook::name_taken(&recipients.list, &recipient.name, None) {
                        recipients.list.push(recipient);
                    }
                }
                recipients.file = FileStatus::Ready;
                if unsaved {
                    self.save_recipients(false);
                }
            }
            RecipientsEvent::Loaded(Err(error)) => {
                recipients.file = match error {
                    RecipientsError::Damaged { .. } => FileStatus::Damaged(error),
                    RecipientsError::Io { .. } => FileStatus::Failed(error),
                };
            }
            RecipientsEvent::NoPlace => recipients.file = FileStatus::InMemory,
            RecipientsEvent::Saved(Ok(moved)) => {
                if moved.is_some() {
                    recipients.set_aside_to = moved;
                }
                recipients.file = FileStatus::Ready;
            }
            RecipientsEvent::Saved(Err(error)) => {
                recipients.file = match error {
                    RecipientsError::Damaged { .. } => FileStatus::Damaged(error),
                    RecipientsError::Io { .. } => FileStatus::Failed(error),
                };
            }
        }
    }
}
