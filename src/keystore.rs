//! Secrets per profile (the API key and the private key PEM), kept in the
//! operating system's keyring and nowhere else: the Secret Service on Linux,
//! the Keychain on macOS, the Credential Manager on Windows.
//!
//! Every call may block on D-Bus or a system prompt, so the app makes them on
//! its worker thread, never on the UI thread.

use std::collections::HashMap;
use std::fmt;
use std::sync::Mutex;

use secrecy::{ExposeSecret, SecretString};

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

/// The OS keyring, through the `keyring` crate's default store.
#[derive(Clone, Debug)]
pub struct KeyringStore {
    service: String,
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
        })
    }

    /// Uses whatever `keyring_core` default store is set; tests set
    /// `keyring_core::mock::Store` and a service name of their own.
    pub fn with_default_store(service: &str) -> KeyringStore {
        KeyringStore {
            service: service.to_owned(),
        }
    }

    fn entry(&self, profile: &str, which: &str) -> Result<keyring_core::Entry, KeystoreError> {
        check_profile_name(profile)?;
        keyring_core::Entry::new(&self.service, &format!("{profile}/{which}"))
            .map_err(|error| map_keyring_error(&error))
    }

    fn read(&self, profile: &str, which: &str) -> Result<Option<SecretString>, KeystoreError> {
        match self.entry(profile, which)?.get_password() {
            Ok(value) => Ok(Some(SecretString::from(value))),
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
        let api_key = self.entry(profile, API_KEY_ENTRY)?;
        let private_key = self.entry(profile, PRIVATE_KEY_ENTRY)?;
        api_key
            .set_password(secrets.api_key.expose_secret())
            .map_err(|error| map_keyring_error(&error))?;
        if let Err(error) = private_key.set_password(secrets.private_key_pem.expose_secret()) {
            // Never leave half a profile behind.
            let _ = api_key.delete_credential();
            return Err(map_keyring_error(&error));
        }
        Ok(())
    }

    fn load(&self, profile: &str) -> Result<Option<ProfileSecrets>, KeystoreError> {
        let api_key = self.read(profile, API_KEY_ENTRY)?;
        let private_key_pem = self.read(profile, PRIVATE_KEY_ENTRY)?;
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
mod tests {
    use super::*;

    fn secrets(api_key: &str) -> ProfileSecrets {
        ProfileSecrets {
            api_key: SecretString::from(api_key.to_owned()),
            private_key_pem: SecretString::from("pem text of a test key".to_owned()),
        }
    }

    fn mock_keyring() -> KeyringStore {
        keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap());
        KeyringStore::with_default_store("brlv-desk-test")
    }

    #[test]
    fn keyring_store_round_trips_and_forgets_on_delete() {
        let store = mock_keyring();
        assert!(store.load("work").unwrap().is_none());
        store.save("work", &secrets("key-1")).unwrap();
        let loaded = store.load("work").unwrap().unwrap();
        assert_eq!(loaded.api_key.expose_secret(), "key-1");
        assert_eq!(
            loaded.private_key_pem.expose_secret(),
            "pem text of a test key"
        );
        store.save("work", &secrets("key-2")).unwrap();
        assert_eq!(
            store.load("work").unwrap().unwrap().api_key.expose_secret(),
            "key-2"
        );
        store.delete("work").unwrap();
        assert!(store.load("work").unwrap().is_none());
        store.delete("work").unwrap();
    }

    #[test]
    fn memory_store_round_trips_and_an_unavailable_one_says_how_to_fix_it() {
        let store = MemoryStore::default();
        store.save("home", &secrets("k")).unwrap();
        assert!(store.load("home").unwrap().is_some());
        store.delete("home").unwrap();
        assert!(store.load("home").unwrap().is_none());

        let error = MemoryStore::unavailable()
            .save("home", &secrets("k"))
            .unwrap_err();
        assert!(error.to_string().contains("Secret Service"), "{error}");
        assert!(error.to_string().contains("sandbox"), "{error}");
    }

    #[test]
    fn bad_profile_names_are_refused() {
        let store = MemoryStore::default();
        assert!(store.save("", &secrets("k")).is_err());
        assert!(store.save(" padded", &secrets("k")).is_err());
        assert!(store.save("a/b", &secrets("k")).is_err());
        assert!(store.save(&"x".repeat(65), &secrets("k")).is_err());
        assert!(store.save("Conta PJ — São Paulo", &secrets("k")).is_ok());
    }

    #[test]
    fn secrets_never_show_in_debug_or_errors() {
        let printed = format!("{:?}", secrets("super-secret-key"));
        assert!(!printed.contains("super-secret-key"));
        let error = map_keyring_error(&keyring_core::Error::BadEncoding(
            b"super-secret-key".to_vec(),
        ));
        assert!(!error.to_string().contains("super-secret"));
        assert!(!format!("{error:?}").contains("super-secret"));
    }
}
