//! Saved recipients: PIX keys, TED bank accounts and wallet addresses the
//! person named once, kept as JSON beside the profile file
//! (`~/.config/brlv-desk/recipients.json` on Linux), owner-only.
//!
//! They belong to the person, not to one account: the same landlord's PIX
//! key is paid from any profile (and from the sandbox, whose account is new
//! each run). Not secret, but personal, so the file is private and written
//! whole through a temporary file. A file that does not parse is never
//! overwritten: it is reported, the run starts with an empty list, and it
//! is set aside (renamed, kept) only when the person asks.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::address::validate_evm_address;
use crate::api::payout::TedAccount;
use crate::pix::PixKey;

/// Longest recipient name, in characters.
pub const MAX_NAME_CHARS: usize = 60;

/// Where the money goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Destination {
    /// A PIX key, in its normalised form.
    Pix {
        /// The key.
        key: String,
    },
    /// A bank account for a TED.
    Ted(TedAccount),
    /// An EVM wallet address (transfers, token withdrawals, orders).
    Wallet {
        /// The address.
        address: String,
    },
}

impl Destination {
    /// Whether the destination is well formed, by the same checks the
    /// forms use.
    pub fn is_valid(&self) -> bool {
        match self {
            Destination::Pix { key } => PixKey::parse_wire(key).is_ok(),
            Destination::Ted(account) => account.validate().is_ok(),
            Destination::Wallet { address } => validate_evm_address(address).is_ok(),
        }
    }

    /// The destination as one line: the key, the bank account or the address.
    pub fn summary(&self) -> String {
        match self {
            Destination::Pix { key } => key.clone(),
            Destination::Ted(account) => format!(
                "{} {} / {} ({})",
                account.bank_code, account.branch, account.account, account.name
            ),
            Destination::Wallet { address } => address.clone(),
        }
    }
}

/// A named destination.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Recipient {
    /// What the person calls it; unique in the book (ignoring case).
    pub name: String,
    /// Where the money goes.
    pub destination: Destination,
}

/// Every saved recipient, in the order they were added.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct RecipientBook {
    /// The recipients.
    #[serde(default)]
    pub recipients: Vec<Recipient>,
}

/// Why the recipients file could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecipientsError {
    /// Reading, writing or renaming failed.
    #[error("cannot {action} the saved recipients file {path}: {reason}")]
    Io {
        /// "read", "write" or "set aside".
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The file is not a recipients list; it is left untouched.
    #[error("the saved recipients file {path} is damaged ({reason})")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What did not parse.
        reason: String,
    },
}

impl RecipientBook {
    /// The recipients file beside the profile file `profile_path`.
    pub fn path_beside(profile_path: &Path) -> PathBuf {
        profile_path.with_file_name("recipients.json")
    }

    /// Reads the book; a missing file is an empty book.
    pub fn load(path: &Path) -> Result<RecipientBook, RecipientsError> {
        crate::private_file::read_json(path)
            .map(RecipientBook::made_safe)
            .map_err(RecipientsError::from)
    }

    /// The book with every text made safe to show (see
    /// [`crate::api::safe_text`]): the file may have been edited by hand or
    /// by anything else, and its names and destinations are shown, spoken
    /// and put in requests' review. A text that changes here was not a valid
    /// key, account or address anyway, and the forms' checks still refuse it.
    fn made_safe(mut self) -> RecipientBook {
        use crate::api::safe_text::{LABEL_MAX_CHARS, make_safe};
        for recipient in &mut self.recipients {
            make_safe(&mut recipient.name, LABEL_MAX_CHARS);
            match &mut recipient.destination {
                Destination::Pix { key } => make_safe(key, LABEL_MAX_CHARS),
                Destination::Wallet { address } => make_safe(address, LABEL_MAX_CHARS),
                Destination::Ted(account) => {
                    for text in [
                        &mut account.bank_code,
                        &mut account.branch,
                        &mut account.account,
                        &mut account.document,
                        &mut account.name,
                    ] {
                        make_safe(text, LABEL_MAX_CHARS);
                    }
                }
            }
        }
        self
    }

    /// Writes the book whole, owner-only, never half a file.
    pub fn save(&self, path: &Path) -> Result<(), RecipientsError> {
        crate::private_file::write_json(path, self).map_err(RecipientsError::from)
    }

    /// Renames a damaged file to `<file>.damaged-<unix seconds>` (kept, for
    /// the person to look at) and returns where it went.
    pub fn set_aside(path: &Path, unix_seconds: i64) -> Result<PathBuf, RecipientsError> {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(format!(".damaged-{unix_seconds}"));
        let moved_to = path.with_file_name(name);
        std::fs::rename(path, &moved_to).map_err(|error| RecipientsError::Io {
            action: "set aside",
            path: path.to_owned(),
            reason: error.to_string(),
        })?;
        Ok(moved_to)
    }

    /// Whether `name` is taken by a recipient other than the one at `except`.
    pub fn name_taken(recipients: &[Recipient], name: &str, except: Option<usize>) -> bool {
        let name = name.trim();
        recipients.iter().enumerate().any(|(index, recipient)| {
            Some(index) != except && recipient.name.trim().eq_ignore_ascii_case(name)
        })
    }
}

crate::private_file::from_json_file_error!(RecipientsError, safe_parser_words);

/// The parser's words may quote the file, and the recipients view shows them.
fn safe_parser_words(reason: String) -> String {
    crate::api::safe_text::message(&reason).into_owned()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::api::payout::BankAccountType;

    fn book() -> RecipientBook {
        RecipientBook {
            recipients: vec![
                Recipient {
                    name: "Aluguel".into(),
                    destination: Destination::Pix {
                        key: "52998224725".into(),
                    },
                },
                Recipient {
                    name: "Maria (Itaú)".into(),
                    destination: Destination::Ted(TedAccount {
                        bank_code: "341".into(),
                        branch: "0001".into(),
                        account: "12345-6".into(),
                        account_type: BankAccountType::Savings,
                        document: "52998224725".into(),
                        name: "Maria Silva".into(),
                    }),
                },
                Recipient {
                    name: "Cold wallet".into(),
                    destination: Destination::Wallet {
                        address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed".into(),
                    },
                },
            ],
        }
    }

    #[test]
    fn a_book_reads_back_as_written_and_privately() {
        let dir = tempfile::tempdir().unwrap();
        let path = RecipientBook::path_beside(&dir.path().join("profiles.json"));
        assert_eq!(
            RecipientBook::load(&path).unwrap(),
            RecipientBook::default()
        );
        book().save(&path).unwrap();
        assert_eq!(RecipientBook::load(&path).unwrap(), book());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert!(book().recipients.iter().all(|r| r.destination.is_valid()));
    }

    #[test]
    fn a_damaged_file_is_reported_and_set_aside_only_when_asked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("recipients.json");
        std::fs::write(&path, "{ not json").unwrap();
        let error = RecipientBook::load(&path).unwrap_err();
        assert!(matches!(error, RecipientsError::Damaged { .. }), "{error}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{ not json");
        let moved = RecipientBook::set_aside(&path, 1_700_000_000).unwrap();
        assert!(!path.exists());
        assert_eq!(std::fs::read_to_string(moved).unwrap(), "{ not json");
    }

    #[test]
    fn a_file_with_control_and_bidi_characters_is_read_safe_to_show() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("recipients.json");
        let hostile = serde_json::json!({"recipients": [
            {"name": "Alu\u{0}guel\u{202e}", "destination": {"kind": "pix", "key": "5299\n8224725"}},
            {"name": "x".repeat(1_000), "destination": {"kind": "wallet", "address": "0x\u{2066}ab"}},
            {"name": "TED", "destination": {"kind": "ted", "bank-code": "341", "branch": "0001",
                "account": "12345-6", "account-type": "checking", "document": "\u{7}", "name": "M\u{200f}"}},
        ]});
        std::fs::write(&path, hostile.to_string()).unwrap();
        let book = RecipientBook::load(&path).unwrap();
        let shown: Vec<String> = book
            .recipients
            .iter()
            .flat_map(|r| [r.name.clone(), r.destination.summary()])
            .collect();
        for text in &shown {
            assert!(
                !text.chars().any(crate::api::safe_text::needs_escape),
                "{text:?}"
            );
            assert!(text.chars().count() <= 2 * crate::api::safe_text::LABEL_MAX_CHARS);
        }
        assert_eq!(book.recipients[0].name, "Alu\\u{0}guel\\u{202e}");
        assert_eq!(
            book.recipients[1].name.chars().count(),
            crate::api::safe_text::LABEL_MAX_CHARS
        );
        assert!(!book.recipients[0].destination.is_valid());

        // The parser quotes an unknown kind in its words; they are shown too.
        let damaged = serde_json::json!({"recipients": [
            {"name": "x", "destination": {"kind": "\u{202e}evil\u{0}"}},
        ]});
        std::fs::write(&path, damaged.to_string()).unwrap();
        let reason = RecipientBook::load(&path).unwrap_err().to_string();
        assert!(
            !reason.chars().any(crate::api::safe_text::needs_escape),
            "{reason:?}"
        );
        assert!(reason.contains("\\u{202e}evil\\u{0}"), "{reason}");
    }

    #[test]
    fn names_are_unique_ignoring_case() {
        let recipients = book().recipients;
        assert!(RecipientBook::name_taken(&recipients, " aluguel ", None));
        assert!(!RecipientBook::name_taken(&recipients, "Aluguel", Some(0)));
        assert!(!RecipientBook::name_taken(&recipients, "Luz", None));
    }
}
