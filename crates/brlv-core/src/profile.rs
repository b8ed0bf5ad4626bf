//! The non-secret side of profiles: name and base URL, kept as JSON in the
//! platform's config directory, with each profile's account holder as the
//! person names it for receipts. Secrets live in [`crate::keystore`] only.

use std::path::{Path, PathBuf};

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::network::NetworkPath;
use crate::pix::{PixKey, PixKeyError};

/// Longest account holder's name, in characters: as long as a TED's
/// holder name may be.
pub const MAX_HOLDER_NAME_CHARS: usize = 120;

/// One account connection, without its secrets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Profile {
    /// What the person calls it; also the keyring entry's name.
    pub name: String,
    /// The service's base URL.
    pub base_url: String,
}

impl Profile {
    /// The profile the `BRLV_*` environment variables make: it has no name
    /// of its own, so it is named after its service's host (the whole URL
    /// when it has none). The window and `tax-report` both name it so, and
    /// so find the same journal.
    pub fn for_environment(base_url: &str) -> Profile {
        let name = url::Url::parse(base_url)
            .ok()
            .and_then(|url| url.host_str().map(str::to_owned))
            .unwrap_or_else(|| base_url.to_owned());
        Profile {
            name,
            base_url: base_url.to_owned(),
        }
    }
}

/// The account's holder as the person sets it for a profile: who pays, as
/// a receipt (*comprovante*) names them. The service's interface says
/// nothing of the account's holder, so it is the person's own word.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct AccountHolder {
    /// The holder's name, as on their documents.
    pub name: String,
    /// Their CPF or CNPJ, digits only.
    pub document: String,
}

/// Why an account holder was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AccountHolderError {
    /// No name was given.
    #[error("the holder's name is empty")]
    NameMissing,
    /// The name is longer than a bank keeps, or holds control characters.
    #[error("the holder's name is longer than {0} characters or holds control characters")]
    NameTooLong(usize),
    /// The document is not a CPF or CNPJ (`None`: it is another kind of
    /// PIX key, such as an e-mail) or its check digits do not match.
    #[error("the holder's document is a CPF (11 digits) or a CNPJ (14){}", .0.as_ref().map(|error| format!(": {error}")).unwrap_or_default())]
    Document(Option<PixKeyError>),
}

impl AccountHolder {
    /// The holder from what the person typed: a name (trimmed, at most
    /// [`MAX_HOLDER_NAME_CHARS`]) and a CPF or CNPJ with its check digits
    /// right (the PIX key's rules), punctuation allowed, kept as digits.
    pub fn new(name: &str, document: &str) -> Result<AccountHolder, AccountHolderError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(AccountHolderError::NameMissing);
        }
        if name.chars().count() > MAX_HOLDER_NAME_CHARS || name.chars().any(char::is_control) {
            return Err(AccountHolderError::NameTooLong(MAX_HOLDER_NAME_CHARS));
        }
        match PixKey::parse_wire(document) {
            Ok(key @ (PixKey::Cpf(_) | PixKey::Cnpj(_))) => Ok(AccountHolder {
                name: name.to_owned(),
                document: key.as_str().to_owned(),
            }),
            Ok(_) => Err(AccountHolderError::Document(None)),
            Err(error) => Err(AccountHolderError::Document(Some(error))),
        }
    }
}

/// Every saved profile, and which was used last.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct ProfileBook {
    /// Saved profiles, in the order they were added.
    #[serde(default)]
    pub profiles: Vec<Profile>,
    /// The profile to open at start.
    #[serde(default)]
    pub last_used: Option<String>,
    /// Plain-key profiles offered the upgrade to a sealed key by earlier
    /// versions, which offered it once; kept so their files read back. The
    /// window now offers it at every start until the key is sealed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seal_offered: Vec<String>,
    /// Each profile's network path (its proxy, a certificate of its own),
    /// by profile name; a profile not listed goes straight to its service
    /// and trusts the system's authorities only. Bound to the profile's key
    /// with its address ([`crate::profile_binding`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub network: BTreeMap<String, NetworkPath>,
    /// Each profile's account holder as the person set it (for receipts),
    /// by profile name; a profile not listed has none set.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub holders: BTreeMap<String, AccountHolder>,
}

/// Why the profile file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    /// Reading or writing failed.
    #[error("cannot {action} the profile file {path}: {reason}")]
    Io {
        /// "read" or "write".
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The file is not a profile book.
    #[error(
        "the profile file {path} is damaged ({reason}); move it aside and add the profiles again"
    )]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What did not parse.
        reason: String,
    },
    /// No config directory is known on this system.
    #[error("this system has no configuration directory for brlv-desk (is HOME set?)")]
    NoConfigDir,
}

impl ProfileBook {
    /// The profile file in the platform's config directory
    /// (`~/.config/brlv-desk/profiles.json` on Linux).
    pub fn default_path() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "brlv-desk")
            .map(|dirs| dirs.config_dir().join("profiles.json"))
    }

    /// Reads the book; a missing file is an empty book.
    pub fn load(path: &Path) -> Result<ProfileBook, ProfileError> {
        crate::private_file::read_json(path).map_err(ProfileError::from)
    }

    /// Writes the book whole, owner-only (names and service addresses are
    /// personal data), never half a file.
    pub fn save(&self, path: &Path) -> Result<(), ProfileError> {
        crate::private_file::write_json(path, self).map_err(ProfileError::from)
    }

    /// The profile called `name`.
    pub fn find(&self, name: &str) -> Option<&Profile> {
        self.profiles.iter().find(|profile| profile.name == name)
    }

    /// Adds `profile`, or replaces the one of the same name.
    pub fn upsert(&mut self, profile: Profile) {
        match self
            .profiles
            .iter_mut()
            .find(|existing| existing.name == profile.name)
        {
            Some(existing) => *existing = profile,
            None => self.profiles.push(profile),
        }
    }

    /// The network path of the profile called `name` (the default when it
    /// has none of its own).
    pub fn network_of(&self, name: &str) -> NetworkPath {
        self.network.get(name).cloned().unwrap_or_default()
    }

    /// Sets the network path of the profile called `name`.
    pub fn set_network(&mut self, name: &str, path: NetworkPath) {
        if path.is_default() {
            self.network.remove(name);
        } else {
            self.network.insert(name.to_owned(), path);
        }
    }

    /// Removes the profile called `name`; forgets it as the last used.
    pub fn remove(&mut self, name: &str) -> Option<Profile> {
        let index = self
            .profiles
            .iter()
            .position(|profile| profile.name == name)?;
        if self.last_used.as_deref() == Some(name) {
            self.last_used = None;
        }
        self.network.remove(name);
        self.holders.remove(name);
        Some(self.profiles.remove(index))
    }
}

crate::private_file::from_json_file_error!(ProfileError);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_profile_is_named_after_its_host() {
        let profile = Profile::for_environment("https://api.example.com:8443/base");
        assert_eq!(profile.name, "api.example.com");
        assert_eq!(profile.base_url, "https://api.example.com:8443/base");
        assert_eq!(Profile::for_environment("not a url").name, "not a url");
    }

    #[test]
    fn a_missing_file_is_an_empty_book_and_a_saved_one_reads_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nested/profiles.json");
        assert_eq!(ProfileBook::load(&path).unwrap(), ProfileBook::default());

        let mut book = ProfileBook::default();
        book.upsert(Profile {
            name: "Conta PJ".into(),
            base_url: "https://api.example.com".into(),
        });
        book.upsert(Profile {
            name: "Conta PJ".into(),
            base_url: "https://api2.example.com".into(),
        });
        book.last_used = Some("Conta PJ".into());
        book.save(&path).unwrap();
        let again = ProfileBook::load(&path).unwrap();
        assert_eq!(again, book);
        assert_eq!(again.profiles.len(), 1);
        assert_eq!(
            again.find("Conta PJ").unwrap().base_url,
            "https://api2.example.com"
        );
    }

    #[test]
    fn removing_the_last_used_profile_forgets_it() {
        let mut book = ProfileBook::default();
        book.upsert(Profile {
            name: "a".into(),
            base_url: "https://x".into(),
        });
        book.last_used = Some("a".into());
        assert!(book.remove("a").is_some());
        assert_eq!(book.last_used, None);
        assert!(book.remove("a").is_none());
    }

    #[test]
    fn a_damaged_file_says_what_to_do() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("profiles.json");
        std::fs::write(&path, "{ not json").unwrap();
        let error = ProfileBook::load(&path).unwrap_err();
        assert!(error.to_string().contains("move it aside"), "{error}");
    }

    #[test]
    fn a_book_that_cannot_be_written_names_the_file_and_the_step() {
        let dir = tempfile::tempdir().unwrap();
        let not_a_folder = dir.path().join("not-a-folder");
        std::fs::write(&not_a_folder, "").unwrap();
        let path = not_a_folder.join("profiles.json");
        let error = ProfileBook::default().save(&path).unwrap_err();
        assert!(
            matches!(&error, ProfileError::Io { action: "write", path: at, .. } if *at == path),
            "{error}"
        );
        assert!(
            error
                .to_string()
                .starts_with("cannot write the profile file"),
            "{error}"
        );
    }

    #[test]
    fn the_file_holds_no_secret_fields() {
        let book = ProfileBook {
            profiles: vec![Profile {
                name: "a".into(),
                base_url: "https://x".into(),
            }],
            last_used: None,
            seal_offered: Vec::new(),
            network: BTreeMap::new(),
            holders: BTreeMap::new(),
        };
        let text = serde_json::to_string(&book).unwrap();
        assert!(!text.contains("key"), "{text}");
    }

    #[test]
    fn an_account_holder_needs_a_name_and_a_valid_cpf_or_cnpj_and_is_kept_with_its_profile() {
        let holder = AccountHolder::new("  Padaria Sol Ltda ", "11.222.333/0001-81").unwrap();
        assert_eq!(holder.name, "Padaria Sol Ltda");
        assert_eq!(holder.document, "11222333000181");
        assert_eq!(
            AccountHolder::new("", "11222333000181"),
            Err(AccountHolderError::NameMissing)
        );
        assert!(matches!(
            AccountHolder::new("Ana", "111.444.777-36"),
            Err(AccountHolderError::Document(_))
        ));
        assert!(matches!(
            AccountHolder::new("Ana", "ana@example.com"),
            Err(AccountHolderError::Document(_))
        ));
        assert!(AccountHolder::new("Ana", "111.444.777-35").is_ok());

        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("profiles.json");
        let mut book = ProfileBook::default();
        book.upsert(Profile {
            name: "Conta PJ".into(),
            base_url: "https://api.example.com".into(),
        });
        book.holders.insert("Conta PJ".into(), holder.clone());
        book.save(&path).unwrap();
        let mut again = ProfileBook::load(&path).unwrap();
        assert_eq!(again.holders.get("Conta PJ"), Some(&holder));
        again.remove("Conta PJ");
        assert!(
            again.holders.is_empty(),
            "a removed profile's holder goes with it"
        );
    }
}
