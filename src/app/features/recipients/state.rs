//! The saved recipients as the window holds them: the list, where its file
//! stands, the manager's draft, rename and delete in progress, and the
//! "Save this recipient" offer open in a form.

use crate::app::form::{Field, FieldError, FieldErrors, address_field, pix_key_field};
use crate::app::ted::TedDraft;

use super::message::{RecipientsCommand, RecipientsEvent};
use brlv_core::recipients::{
    Destination, MAX_NAME_CHARS, Recipient, RecipientBook, RecipientsError,
};

/// The kinds of destination a recipient can be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RecipientKind {
    /// A PIX key.
    #[default]
    Pix,
    /// A TED bank account.
    Ted,
    /// An EVM wallet address.
    Wallet,
}

impl RecipientKind {
    /// The kind of `destination`.
    pub fn of(destination: &Destination) -> RecipientKind {
        match destination {
            Destination::Pix { .. } => RecipientKind::Pix,
            Destination::Ted(_) => RecipientKind::Ted,
            Destination::Wallet { .. } => RecipientKind::Wallet,
        }
    }

    /// Its name's locale key.
    pub fn label_key(self) -> &'static str {
        match self {
            RecipientKind::Pix => "recipients.kind_pix",
            RecipientKind::Ted => "recipients.kind_ted",
            RecipientKind::Wallet => "recipients.kind_wallet",
        }
    }
}

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

/// A recipient's name checked against the others: required, not too long,
/// not taken (ignoring case); `except` is the one being renamed.
pub fn check_name(
    recipients: &[Recipient],
    name: &str,
    except: Option<usize>,
) -> Result<String, FieldError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(FieldError::Required);
    }
    if name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(FieldError::TooLong(MAX_NAME_CHARS));
    }
    if RecipientBook::name_taken(recipients, name, except) {
        return Err(FieldError::NameTaken(name.to_owned()));
    }
    Ok(name.to_owned())
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

/// The saved recipients.
#[derive(Clone, Debug, Default)]
pub struct RecipientsState {
    /// The recipients, in the order they were added.
    pub list: Vec<Recipient>,
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
    /// The number of the last write of the list (with its length, what
    /// tells one list from the next).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// A number for the next write of the list, higher than every earlier
    /// one, so the answer to an older write is told apart.
    pub fn next_generation(&mut self) -> u64 {
        self.generation += 1;
        self.generation
    }

    /// The recipients whose destination is of one of `kinds`, with their index.
    pub fn of_kinds<'a>(
        &'a self,
        kinds: &'a [RecipientKind],
    ) -> impl Iterator<Item = (usize, &'a Recipient)> + 'a {
        of_kinds(&self.list, kinds)
    }

    /// Whether `destination` is saved already (under any name).
    pub fn is_saved(&self, destination: &Destination) -> bool {
        is_saved(&self.list, destination)
    }
}

/// The recipients of `list` whose destination is of one of `kinds`, with their index.
pub fn of_kinds<'a>(
    list: &'a [Recipient],
    kinds: &'a [RecipientKind],
) -> impl Iterator<Item = (usize, &'a Recipient)> + 'a {
    list.iter()
        .enumerate()
        .filter(|(_, recipient)| kinds.contains(&RecipientKind::of(&recipient.destination)))
}

/// Whether `destination` is in `list` already (under any name); an address
/// in another letter case is the same address.
pub fn is_saved(list: &[Recipient], destination: &Destination) -> bool {
    list.iter()
        .any(|recipient| match (&recipient.destination, destination) {
            (Destination::Wallet { address: saved }, Destination::Wallet { address }) => {
                saved.eq_ignore_ascii_case(address)
            }
            (saved, other) => saved == other,
        })
}

impl RecipientsState {
    /// Adds a recipient (already checked); the write of the list, if any.
    pub fn add(&mut self, recipient: Recipient) -> Option<RecipientsCommand> {
        self.list.push(recipient);
        self.save(false)
    }

    /// Renames the recipient at `index`, or says why not; the write of the list.
    pub fn rename(
        &mut self,
        index: usize,
        name: &str,
    ) -> Result<Option<RecipientsCommand>, FieldError> {
        let name = check_name(&self.list, name, Some(index))?;
        let Some(recipient) = self.list.get_mut(index) else {
            return Ok(None);
        };
        recipient.name = name;
        Ok(self.save(false))
    }

    /// Deletes the recipient at `index`; the write of the list.
    pub fn delete(&mut self, index: usize) -> Option<RecipientsCommand> {
        if index < self.list.len() {
            self.list.remove(index);
            return self.save(false);
        }
        None
    }

    /// The write of the list, unless its file is damaged (then only when
    /// the person asked to set the damaged file aside) or there is no place
    /// for it.
    pub fn save(&mut self, set_aside_damaged: bool) -> Option<RecipientsCommand> {
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
                recipients: self.list.clone(),
            },
            generation,
            set_aside_damaged,
        })
    }

    /// Takes in what the worker reports about the file; the write of the
    /// list when recipients added before it was read must be kept.
    pub fn take_in(&mut self, event: RecipientsEvent) -> Option<RecipientsCommand> {
        match event {
            RecipientsEvent::Loaded(Ok(book)) => {
                // Anything added before the file was read stays, after it.
                let added = std::mem::replace(&mut self.list, book.recipients);
                let unsaved = !added.is_empty();
                for recipient in added {
                    if !RecipientBook::name_taken(&self.list, &recipient.name, None) {
                        self.list.push(recipient);
                    }
                }
                self.file = FileStatus::Ready;
                if unsaved {
                    return self.save(false);
                }
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
