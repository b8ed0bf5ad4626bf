//! The saved recipients as the window holds them: the list, where its file
//! stands, the manager's draft, rename and delete in progress, and the
//! "Save this recipient" offer open in a form.

use crate::app::form::{Field, FieldError, FieldErrors, address_field, pix_key_field};
use crate::app::recipient_book::{RecipientKind, check_name};
use crate::app::ted::TedDraft;

use super::message::{RecipientsCommand, RecipientsEvent};
use brlv_core::recipients::{Destination, Recipient, RecipientBook, RecipientsError};

/// Where the saved recipients file stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum FileStatus {
    /// Not read yet.
    #[default]
    Loading,
    /// Read (or absent); changes are saved.
    Ready,
    /// No place on disk on this system: the list lasts for the run.
    InMemory,
    /// The file does not parse: left untouched, changes last for the run
    /// until the person sets it aside.
    Damaged(RecipientsError),
    /// The file could not be read or written.
    Failed(RecipientsError),
}

/// A new recipient as typed in the manager.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecipientDraft {
    /// Its name.
    pub name: String,
    /// PIX, TED or wallet.
    pub kind: RecipientKind,
    /// The PIX key (PIX).
    pub pix_key: String,
    /// The bank account (TED).
    pub ted: TedDraft,
    /// The address (wallet).
    pub address: String,
}

impl RecipientDraft {
    /// The recipient, or what is wrong, by field; checked with the same
    /// validators the forms use.
    pub fn validate(&self, recipients: &[Recipient]) -> Result<Recipient, FieldErrors> {
        let mut errors = FieldErrors::default();
        let name = check_name(recipients, &self.name, None)
            .map_err(|error| errors.set(Field::Name, error))
            .ok();
        let destination = match self.kind {
            RecipientKind::Pix => {
                pix_key_field(&self.pix_key, &mut errors).map(|key| Destination::Pix {
                    key: key.as_str().to_owned(),
                })
            }
            RecipientKind::Ted => self.ted.account(&mut errors).map(Destination::Ted),
            RecipientKind::Wallet => address_field(&self.address, Field::TargetWallet, &mut errors)
                .map(|address| Destination::Wallet { address }),
        };
        match (name, destination) {
            (Some(name), Some(destination)) if errors.is_empty() => {
                Ok(Recipient { name, destination })
            }
            _ => Err(errors),
        }
    }
}

/// The saved recipients' manager: the list itself is the shared half's
/// (every form reads it); here, where its file stands and what is being typed.
#[derive(Clone, Debug, Default)]
pub struct RecipientsState {
    /// Where the file stands.
    pub file: FileStatus,
    /// The manager's new recipient.
    pub draft: RecipientDraft,
    /// The recipient being renamed, and the new name as typed.
    pub renaming: Option<(usize, String)>,
    /// The recipient whose deletion awaits a confirming click.
    pub confirm_delete: Option<usize>,
    /// A damaged file set aside, where it went (shown once saved).
    pub set_aside_to: Option<std::path::PathBuf>,
    /// The names that look like another one, by the list's writes and length.
    pub look_alikes: brlv_core::look_alike::FlaggedNames<(u64, usize)>,
    generation: u64,
}

impl RecipientsState {
    /// A number for the next write of the list, higher than every earlier
    /// one, so the answer to an older write is told apart.
    pub fn next_generation(&mut self) -> u64 {
        self.generation += 1;
        self.generation
    }
}

/// The saved recipients after a change, and the write of the file that
/// keeps it (none while the file cannot be written).
#[derive(Debug)]
pub struct Changed {
    /// The recipients, in the order they were added.
    pub list: Vec<Recipient>,
    /// The write of the list.
    pub save: Option<RecipientsCommand>,
}

impl RecipientsState {
    /// `list` with a recipient added (already checked).
    pub fn add(&mut self, list: &[Recipient], recipient: Recipient) -> Changed {
        let mut list = list.to_vec();
        list.push(recipient);
        self.changed(list)
    }

    /// `list` with the recipient at `index` renamed, or why not.
    pub fn rename(
        &mut self,
        list: &[Recipient],
        index: usize,
        name: &str,
    ) -> Result<Option<Changed>, FieldError> {
        let name = check_name(list, name, Some(index))?;
        let mut list = list.to_vec();
        let Some(recipient) = list.get_mut(index) else {
            return Ok(None);
        };
        recipient.name = name;
        Ok(Some(self.changed(list)))
    }

    /// `list` without the recipient at `index`.
    pub fn delete(&mut self, list: &[Recipient], index: usize) -> Option<Changed> {
        if index < list.len() {
            let mut list = list.to_vec();
            list.remove(index);
            return Some(self.changed(list));
        }
        None
    }

    fn changed(&mut self, list: Vec<Recipient>) -> Changed {
        let save = self.save(&list, false);
        Changed { list, save }
    }

    /// The write of `list`, unless its file is damaged (then only when
    /// the person asked to set the damaged file aside) or there is no place
    /// for it.
    pub fn save(
        &mut self,
        list: &[Recipient],
        set_aside_damaged: bool,
    ) -> Option<RecipientsCommand> {
        let writable = match &self.file {
            FileStatus::Ready | FileStatus::Failed(_) => true,
            FileStatus::Damaged(_) => set_aside_damaged,
            FileStatus::Loading | FileStatus::InMemory => false,
        };
        if !writable {
            return None;
        }
        let generation = self.next_generation();
        Some(RecipientsCommand::Save {
            book: RecipientBook {
                recipients: list.to_vec(),
            },
            generation,
            set_aside_damaged,
        })
    }

    /// Takes in what the worker reports about the file, `list` being the
    /// recipients as they are now: the list read, with the write that keeps
    /// the recipients added before it was read.
    pub fn take_in(&mut self, list: &[Recipient], event: RecipientsEvent) -> Option<Changed> {
        match event {
            RecipientsEvent::Loaded(Ok(book)) => {
                // Anything added before the file was read stays, after it.
                let mut read = book.recipients;
                for recipient in list {
                    if !RecipientBook::name_taken(&read, &recipient.name, None) {
                        read.push(recipient.clone());
                    }
                }
                self.file = FileStatus::Ready;
                let save = if list.is_empty() {
                    None
                } else {
                    self.save(&read, false)
                };
                return Some(Changed { list: read, save });
            }
            RecipientsEvent::Loaded(Err(error)) | RecipientsEvent::Saved(Err(error)) => {
                self.file = match error {
                    RecipientsError::Damaged { .. } => FileStatus::Damaged(error),
                    RecipientsError::Io { .. } => FileStatus::Failed(error),
                };
            }
            RecipientsEvent::NoPlace => self.file = FileStatus::InMemory,
            RecipientsEvent::Saved(Ok(moved)) => {
                if moved.is_some() {
                    self.set_aside_to = moved;
                }
                self.file = FileStatus::Ready;
            }
        }
        None
    }
}

/// What the recipients' panel is told.
#[derive(Debug)]
pub enum RecipientsTold {
    /// What the worker reports about the file.
    File(RecipientsEvent),
    /// A form saved a recipient it offered to keep.
    Add(Recipient),
}
