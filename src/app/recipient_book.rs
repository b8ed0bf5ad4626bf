//! The saved recipients as every form reads them: the kinds of
//! destination a recipient can be, which of a list are of some kinds,
//! whether a destination is saved already, and whether a name is free. The
//! book itself is [`brlv_core::recipients`]; the list is the account's
//! shared data, kept by the recipients' panel.

use crate::app::form::FieldError;
use brlv_core::recipients::{Destination, MAX_NAME_CHARS, Recipient, RecipientBook};

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

/// The saved recipient `destination` is, if any: a PIX key however it was
/// typed (both sides normalised), a bank account by bank, branch and
/// account, an address in any letter case.
pub fn saved_as<'a>(list: &'a [Recipient], destination: &Destination) -> Option<&'a Recipient> {
    let normal_key = |key: &str| {
        brlv_core::pix::PixKey::parse(key)
            .map_or_else(|_| key.to_owned(), |key| key.as_str().to_owned())
    };
    list.iter()
        .find(|recipient| match (&recipient.destination, destination) {
            (Destination::Pix { key: saved }, Destination::Pix { key }) => {
                normal_key(saved) == normal_key(key)
            }
            (Destination::Ted(saved), Destination::Ted(wanted)) => {
                saved.bank_code == wanted.bank_code
                    && saved.branch == wanted.branch
                    && saved.account == wanted.account
            }
            (Destination::Wallet { address: saved }, Destination::Wallet { address }) => {
                saved.eq_ignore_ascii_case(address)
            }
            _ => false,
        })
}
