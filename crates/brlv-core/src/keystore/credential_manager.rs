//! An in-memory credential store that keeps the rules of Windows' Credential
//! Manager as the keyring crate's Windows store applies them, so that every
//! system's tests catch what only Windows would refuse:
//!
//! - an entry holds at most [`MAX_BLOB_BYTES`] bytes
//!   (`CRED_MAX_CREDENTIAL_BLOB_SIZE`);
//! - a password is written as UTF-16 (little-endian), two bytes for most
//!   characters, and read back from it;
//! - a secret (bytes) is written as it is.
//!
//! The rules are those of `windows-native-keyring-store` 1.1
//! (`validate_password`, `validate_secret`): the same errors, the same names.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use keyring_core::api::{CredentialApi, CredentialStoreApi};
use keyring_core::{Credential, Entry, Error, Result};

/// The most bytes Credential Manager keeps in one credential.
pub const MAX_BLOB_BYTES: u32 = 2_560;

type Blobs = Arc<Mutex<HashMap<(String, String), Vec<u8>>>>;

fn lock(blobs: &Blobs) -> MutexGuard<'_, HashMap<(String, String), Vec<u8>>> {
    // A panic while holding the lock cannot leave a half-written blob.
    blobs.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The store: build entries from it with [`CredentialStoreApi::build`], or
/// hand it to [`super::KeyringStore::with_store`].
#[derive(Debug, Default)]
pub struct CredentialManagerRules {
    blobs: Blobs,
}

impl CredentialManagerRules {
    /// An empty store.
    pub fn new() -> Arc<CredentialManagerRules> {
        Arc::new(CredentialManagerRules::default())
    }

    /// The bytes kept for `service` and `user`, as Credential Manager would
    /// hold them (a password as UTF-16).
    pub fn stored_bytes(&self, service: &str, user: &str) -> Option<Vec<u8>> {
        lock(&self.blobs)
            .get(&(service.to_owned(), user.to_owned()))
            .cloned()
    }
}

impl CredentialStoreApi for CredentialManagerRules {
    fn vendor(&self) -> String {
        "brlv-desk: Windows Credential Manager's rules, in memory".to_owned()
    }

    fn id(&self) -> String {
        format!("{:p}", Arc::as_ptr(&self.blobs))
    }

    fn build(
        &self,
        service: &str,
        user: &str,
        _modifiers: Option<&HashMap<&str, &str>>,
    ) -> Result<Entry> {
        Ok(Entry::new_with_credential(Arc::new(RuledCredential {
            key: (service.to_owned(), user.to_owned()),
            blobs: Arc::clone(&self.blobs),
        }) as Arc<Credential>))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[derive(Debug)]
struct RuledCredential {
    key: (String, String),
    blobs: Blobs,
}

impl CredentialApi for RuledCredential {
    fn set_password(&self, password: &str) -> Result<()> {
        let blob: Vec<u8> = password.encode_utf16().flat_map(u16::to_le_bytes).collect();
        if blob.len() > MAX_BLOB_BYTES as usize {
            return Err(Error::TooLong(
                "password encoded as UTF-16".to_owned(),
                MAX_BLOB_BYTES,
            ));
        }
        lock(&self.blobs).insert(self.key.clone(), blob);
        Ok(())
    }

    fn set_secret(&self, secret: &[u8]) -> Result<()> {
        if secret.len() > MAX_BLOB_BYTES as usize {
            return Err(Error::TooLong("secret".to_owned(), MAX_BLOB_BYTES));
        }
        lock(&self.blobs).insert(self.key.clone(), secret.to_vec());
        Ok(())
    }

    fn get_password(&self) -> Result<String> {
        let blob = self.get_secret()?;
        if blob.len() % 2 != 0 {
            return Err(Error::BadEncoding(blob));
        }
        let units: Vec<u16> = blob
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        String::from_utf16(&units).map_err(|_| Error::BadEncoding(blob))
    }

    fn get_secret(&self) -> Result<Vec<u8>> {
        lock(&self.blobs)
            .get(&self.key)
            .cloned()
            .ok_or(Error::NoEntry)
    }

    fn delete_credential(&self) -> Result<()> {
        lock(&self.blobs)
            .remove(&self.key)
            .map(drop)
            .ok_or(Error::NoEntry)
    }

    fn get_credential(&self) -> Result<Option<Arc<Credential>>> {
        self.get_secret().map(|_| None)
    }

    fn get_specifiers(&self) -> Option<(String, String)> {
        Some(self.key.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn passwords_take_two_bytes_a_character_and_the_limit_is_the_platforms() {
        let store = CredentialManagerRules::new();
        let entry = store.build("s", "u", None).unwrap();
        entry.set_password(&"a".repeat(1_280)).unwrap();
        assert_eq!(store.stored_bytes("s", "u").unwrap().len(), 2_560);
        assert_eq!(entry.get_password().unwrap(), "a".repeat(1_280));
        // The failure seen on Windows for a sealed 2,048-bit key's PEM.
        let refused = entry.set_password(&"a".repeat(1_900)).unwrap_err();
        assert_eq!(
            refused.to_string(),
            Error::TooLong("password encoded as UTF-16".to_owned(), 2_560).to_string()
        );
        entry.set_secret(&[7; 2_560]).unwrap();
        assert!(entry.set_secret(&[7; 2_561]).is_err());
        assert_eq!(entry.get_secret().unwrap(), vec![7; 2_560]);
        entry.delete_credential().unwrap();
        assert!(matches!(entry.get_secret(), Err(Error::NoEntry)));
    }
}
