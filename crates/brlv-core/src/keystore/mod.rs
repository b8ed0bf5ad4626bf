//! Secrets per profile (the API key and the private key PEM), kept in the
//! operating system's keyring and nowhere else: the Secret Service on Linux,
//! the Keychain on macOS, the Credential Manager on Windows.
//!
//! Every call may block on D-Bus or a system prompt, so the app makes them on
//! its worker thread, never on the UI thread.
//!
//! Each profile has two entries: `NAME/api-key`, a text password, and
//! `NAME/private-key`, bytes (see [`key_entry`] for why bytes, and which).

pub mod credential_manager;
pub mod key_entry;

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use secrecy::{ExposeSecret, SecretString};
use zeroize::Zeroizing;

/// The keyring service name all entries are filed under.
pub const KEYRING_SERVICE: &str = "brlv-desk";

/// The secrets of one profile.
#[derive(Clone)]
pub struct ProfileSecrets {
    /// The API key (`X-API-Key`, JWT `sub`).
    pub api_key: SecretString,
    /// The RSA private key, PEM.
    pub private_key_pem: SecretString,
}

impl fmt::Debug for ProfileSecrets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ProfileSecrets { .. }")
    }
}

/// Why the keyring could not be used. Messages say what is missing and how to fix it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeystoreError {
    /// No keyring service could be reached.
    #[error(
        "no keyring is available, so secrets cannot be saved ({detail}). On Linux a Secret \
         Service such as GNOME Keyring or KWallet must run in your session. The sandbox and the \
         BRLV_BASE_URL / BRLV_API_KEY / BRLV_PRIVATE_KEY_FILE variables work without one"
    )]
    Unavailable {
        /// What the platform reported.
        detail: String,
    },
    /// The keyring is locked or access was refused.
    #[error(
        "the keyring is locked or refused access ({detail}); unlock it (for example by logging \
         in again, or in your passwords app) and retry"
    )]
    Locked {
        /// What the platform reported.
        detail: String,
    },
    /// Only part of a profile's secrets is stored.
    #[error(
        "the keyring holds only part of the secrets of profile {profile:?}; delete the profile \
         and add it again"
    )]
    Incomplete {
        /// The profile.
        profile: String,
    },
    /// A profile name the keyring cannot file.
    #[error("{0}")]
    InvalidName(NameProblem),
    /// Any other keyring failure.
    #[error("the keyring failed: {detail}")]
    Platform {
        /// What the platform reported (never secret material).
        detail: String,
    },
}

/// Why a profile name cannot name keyring entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameProblem {
    /// Nothing but spaces.
    #[error("a profile needs a name")]
    Empty,
    /// Leading or trailing spaces.
    #[error("a profile name cannot start or end with spaces")]
    Padded,
    /// Over 64 characters.
    #[error("a profile name can have at most 64 characters")]
    TooLong,
    /// A `/` (it separates profile and entry) or a control character.
    #[error("a profile name cannot contain '/' or control characters")]
    ForbiddenCharacter,
}

/// Where profile secrets are kept.
pub trait SecretStore: Send + Sync {
    /// Stores both secrets of `profile`, replacing what was there. Either
    /// both are stored or neither is.
    fn save(&self, profile: &str, secrets: &ProfileSecrets) -> Result<(), KeystoreError>;
    /// The secrets of `profile`, or `None` when it has none.
    fn load(&self, profile: &str) -> Result<Option<ProfileSecrets>, KeystoreError>;
    /// Removes the secrets of `profile`; removing what is not there is fine.
    fn delete(&self, profile: &str) -> Result<(), KeystoreError>;
}

/// Names a keyring entry may not be built from.
pub fn check_profile_name(profile: &str) -> Result<(), KeystoreError> {
    let trimmed = profile.trim();
    if trimmed.is_empty() {
        return Err(KeystoreError::InvalidName(NameProblem::Empty));
    }
    if trimmed != profile {
        return Err(KeystoreError::InvalidName(NameProblem::Padded));
    }
    if profile.chars().count() > 64 {
        return Err(KeystoreError::InvalidName(NameProblem::TooLong));
    }
    if profile.contains('/') || profile.chars().any(char::is_control) {
        return Err(KeystoreError::InvalidName(NameProblem::ForbiddenCharacter));
    }
    Ok(())
}

const API_KEY_ENTRY: &str = "api-key";
const PRIVATE_KEY_ENTRY: &str = "private-key";

/// The OS keyring, through the `keyring` crate's default store, or a store
/// of `keyring_core`'s kind handed in (tests).
#[derive(Clone)]
pub struct KeyringStore {
    service: String,
    store: Option<Arc<keyring_core::CredentialStore>>,
}

impl fmt::Debug for KeyringStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KeyringStore")
            .field("service", &self.service)
            .field("store", &self.store.as_ref().map(|store| store.vendor()))
            .finish()
    }
}

impl KeyringStore {
    /// Connects to the platform keyring. Fails with [`KeystoreError::Unavailable`]
    /// when there is none (for example no Secret Service on the session bus).
    pub fn os() -> Result<KeyringStore, KeystoreError> {
        keyring::Entry::store_status()
            .as_ref()
            .map_err(map_keyring_error)?;
        Ok(KeyringStore {
            service: KEYRING_SERVICE.to_owned(),
            store: None,
        })
    }

    /// Uses whatever `keyring_core` default store is set; tests set
    /// `keyring_core::mock::Store` and a service name of their own.
    pub fn with_default_store(service: &str) -> KeyringStore {
        KeyringStore {
            service: service.to_owned(),
            store: None,
        }
    }

    /// Uses `store` and nothing else, whatever the default store is: tests
    /// that run side by side, for example against
    /// [`credential_manager::CredentialManagerRules`].
    pub fn with_store(store: Arc<keyring_core::CredentialStore>, service: &str) -> KeyringStore {
        KeyringStore {
            service: service.to_owned(),
            store: Some(store),
        }
    }

    fn entry(&self, profile: &str, which: &str) -> Result<keyring_core::Entry, KeystoreError> {
        check_profile_name(profile)?;
        let user = format!("{profile}/{which}");
        match &self.store {
            Some(store) => store.build(&self.service, &user, None),
            None => keyring_core::Entry::new(&self.service, &user),
        }
        .map_err(|error| map_keyring_error(&error))
    }

    fn read_api_key(&self, profile: &str) -> Result<Option<SecretString>, KeystoreError> {
        match self.entry(profile, API_KEY_ENTRY)?.get_password() {
            Ok(value) => Ok(Some(SecretString::from(value))),
            Err(keyring_core::Error::NoEntry) => Ok(None),
            Err(error) => Err(map_keyring_error(&error)),
        }
    }

    fn read_private_key(&self, profile: &str) -> Result<Option<SecretString>, KeystoreError> {
        match self.entry(profile, PRIVATE_KEY_ENTRY)?.get_secret() {
            Ok(bytes) => {
                let bytes = Zeroizing::new(bytes);
                key_entry::decode(&bytes)
                    .map(Some)
                    .map_err(|error| KeystoreError::Platform {
                        detail: error.to_string(),
                    })
            }
            Err(keyring_core::Error::NoEntry) => Ok(None),
            Err(error) => Err(map_keyring_error(&error)),
        }
    }

    fn remove(&self, profile: &str, which: &str) -> Result<(), KeystoreError> {
        match self.entry(profile, which)?.delete_credential() {
            Ok(()) | Err(keyring_core::Error::NoEntry) => Ok(()),
            Err(error) => Err(map_keyring_error(&error)),
        }
    }
}

impl SecretStore for KeyringStore {
    fn save(&self, profile: &str, secrets: &ProfileSecrets) -> Result<(), KeystoreError> {
        let key_bytes =
            key_entry::encode(secrets.private_key_pem.expose_secret()).map_err(|error| {
                KeystoreError::Platform {
                    detail: error.to_string(),
                }
            })?;
        let api_key = self.entry(profile, API_KEY_ENTRY)?;
        let private_key = self.entry(profile, PRIVATE_KEY_ENTRY)?;
        api_key
            .set_password(secrets.api_key.expose_secret())
            .map_err(|error| map_keyring_error(&error))?;
        if let Err(error) = private_key.set_secret(&key_bytes) {
            // Never leave half a profile behind.
            let _ = api_key.delete_credential();
            return Err(match error {
                keyring_core::Error::TooLong(_, limit) => KeystoreError::Platform {
                    detail: format!(
                        "the private key takes {} bytes and this system's keyring holds at \
                         most {limit} in an entry; an RSA key of 2,048 to 4,096 bits fits",
                        key_bytes.len()
                    ),
                },
                other => map_keyring_error(&other),
            });
        }
        Ok(())
    }

    fn load(&self, profile: &str) -> Result<Option<ProfileSecrets>, KeystoreError> {
        let api_key = self.read_api_key(profile)?;
        let private_key_pem = self.read_private_key(profile)?;
        match (api_key, private_key_pem) {
            (Some(api_key), Some(private_key_pem)) => Ok(Some(ProfileSecrets {
                api_key,
                private_key_pem,
            })),
            (None, None) => Ok(None),
            _ => Err(KeystoreError::Incomplete {
                profile: profile.to_owned(),
            }),
        }
    }

    fn delete(&self, profile: &str) -> Result<(), KeystoreError> {
        self.remove(profile, API_KEY_ENTRY)?;
        self.remove(profile, PRIVATE_KEY_ENTRY)
    }
}

/// Maps a keyring failure to a message a person can act on. Variants that
/// carry the stored bytes are described without them.
fn map_keyring_error(error: &keyring_core::Error) -> KeystoreError {
    use keyring_core::Error as K;
    match error {
        K::NoDefaultStore => KeystoreError::Unavailable {
            detail: "no credential store could be opened".to_owned(),
        },
        K::PlatformFailure(cause) => KeystoreError::Unavailable {
            detail: cause.to_string(),
        },
        K::NoStorageAccess(cause) => KeystoreError::Locked {
            detail: cause.to_string(),
        },
        K::BadEncoding(_) | K::BadDataFormat(..) => KeystoreError::Platform {
            detail: "a stored secret is not readable text".to_owned(),
        },
        K::NoEntry => KeystoreError::Platform {
            detail: "the entry is missing".to_owned(),
        },
        K::Ambiguous(_) => KeystoreError::Platform {
            detail: "several keyring entries match this profile; remove the duplicates".to_owned(),
        },
        K::TooLong(name, limit) => KeystoreError::Platform {
            detail: format!("{name} is longer than the keyring's limit of {limit}"),
        },
        K::Invalid(name, reason) => KeystoreError::Platform {
            detail: format!("{name}: {reason}"),
        },
        K::BadStoreFormat(reason) | K::NotSupportedByStore(reason) => KeystoreError::Platform {
            detail: reason.clone(),
        },
        other => KeystoreError::Platform {
            detail: other.to_string(),
        },
    }
}

/// An in-memory store: for tests, and for a run that must not touch the
/// keyring. `MemoryStore::unavailable()` behaves like a machine without one.
#[derive(Default)]
pub struct MemoryStore {
    entries: Mutex<HashMap<String, ProfileSecrets>>,
    unavailable: bool,
}

impl fmt::Debug for MemoryStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemoryStore")
            .field("unavailable", &self.unavailable)
            .finish_non_exhaustive()
    }
}

impl MemoryStore {
    /// A store that refuses every call as a machine with no keyring would.
    pub fn unavailable() -> MemoryStore {
        MemoryStore {
            entries: Mutex::default(),
            unavailable: true,
        }
    }

    fn check(&self, profile: &str) -> Result<(), KeystoreError> {
        check_profile_name(profile)?;
        if self.unavailable {
            return Err(KeystoreError::Unavailable {
                detail: "no Secret Service on the session bus".to_owned(),
            });
        }
        Ok(())
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, HashMap<String, ProfileSecrets>> {
        // A panic while holding this lock cannot leave a half-written map.
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl SecretStore for MemoryStore {
    fn save(&self, profile: &str, secrets: &ProfileSecrets) -> Result<(), KeystoreError> {
        self.check(profile)?;
        self.entries().insert(profile.to_owned(), secrets.clone());
        Ok(())
    }

    fn load(&self, profile: &str) -> Result<Option<ProfileSecrets>, KeystoreError> {
        self.check(profile)?;
        Ok(self.entries().get(profile).cloned())
    }

    fn delete(&self, profile: &str) -> Result<(), KeystoreError> {
        self.check(profile)?;
        self.entries().remove(profile);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
