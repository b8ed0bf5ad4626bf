//! How a profile's private key is kept in its keyring entry: as bytes, the
//! DER inside its PEM block, written with `set_secret`.
//!
//! Why not the PEM text: Windows' Credential Manager holds at most 2,560
//! bytes in an entry (`CRED_MAX_CREDENTIAL_BLOB_SIZE`), and the keyring
//! crate writes a text *password* there as UTF-16, two bytes a character.
//! The sealed PEM of a 2,048-bit key is about 1,900 characters (3,800
//! bytes), so it would never fit; its DER is about 1,330 bytes, and that of
//! a sealed 4,096-bit key about 2,490. The same bytes are written on every
//! system, so what is tested on one holds on the others.
//!
//! Entries written by earlier versions hold the PEM text itself (UTF-8, on
//! Linux and macOS, where it fitted); they are read as they are.

use pkcs8::{EncryptedPrivateKeyInfoRef, PrivateKeyInfoRef};
use secrecy::SecretString;
use zeroize::Zeroizing;

use crate::api::PrivateKey;
use crate::seal::SEALED_LABEL;

/// The PEM label of a plain PKCS#8 key.
const PKCS8_LABEL: &str = "PRIVATE KEY";

/// Why a private key cannot be written to, or read from, its entry. Never
/// carries key material.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyEntryError {
    /// What was handed in to save is not a private key PEM.
    #[error("the private key to save is not usable ({0})")]
    NotAKey(String),
    /// The entry holds bytes that are neither a key's DER nor its PEM.
    #[error(
        "the private key stored in the keyring is damaged; delete the profile and add it again"
    )]
    Damaged,
}

/// The bytes to store for the private key PEM `pem_text`: the DER of an
/// encrypted (sealed) or plain PKCS#8 key. A PKCS#1 key (`RSA PRIVATE KEY`)
/// is stored as PKCS#8, so that reading back needs no label.
pub fn encode(pem_text: &str) -> Result<Zeroizing<Vec<u8>>, KeyEntryError> {
    let block = pem::parse(pem_text.trim())
        .map_err(|_| KeyEntryError::NotAKey("it is not PEM".to_owned()))?;
    let label = block.tag().to_owned();
    let der = Zeroizing::new(block.into_contents());
    match label.as_str() {
        SEALED_LABEL => {
            EncryptedPrivateKeyInfoRef::try_from(der.as_slice())
                .map_err(|error| KeyEntryError::NotAKey(error.to_string()))?;
            Ok(der)
        }
        PKCS8_LABEL => {
            PrivateKeyInfoRef::try_from(der.as_slice())
                .map_err(|error| KeyEntryError::NotAKey(error.to_string()))?;
            Ok(der)
        }
        _ => PrivateKey::from_pem(pem_text)
            .and_then(|key| key.pkcs8_der())
            .map_err(|error| KeyEntryError::NotAKey(error.to_string())),
    }
}

/// The private key PEM from the bytes of its entry: DER written by
/// [`encode`], or the PEM text an earlier version wrote.
pub fn decode(stored: &[u8]) -> Result<SecretString, KeyEntryError> {
    if stored.starts_with(b"-----BEGIN") {
        let text = std::str::from_utf8(stored).map_err(|_| KeyEntryError::Damaged)?;
        return Ok(SecretString::from(text.to_owned()));
    }
    // The two shapes cannot be confused: an EncryptedPrivateKeyInfo opens
    // with its algorithm (a SEQUENCE), a PrivateKeyInfo with its version (an
    // INTEGER).
    let label = if EncryptedPrivateKeyInfoRef::try_from(stored).is_ok() {
        SEALED_LABEL
    } else if PrivateKeyInfoRef::try_from(stored).is_ok() {
        PKCS8_LABEL
    } else {
        return Err(KeyEntryError::Damaged);
    };
    let config = pem::EncodeConfig::new().set_line_ending(pem::LineEnding::LF);
    let block = pem::Pem::new(label, stored.to_vec());
    Ok(SecretString::from(pem::encode_config(&block, config)))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::seal::{self, ScryptCost};
    use secrecy::ExposeSecret;

    fn key_2048() -> PrivateKey {
        PrivateKey::from_pem(include_str!(
            "../../../../tests/fixtures/test-only-rsa2048-pkcs1.pem"
        ))
        .unwrap()
    }

    #[test]
    fn a_sealed_key_is_stored_as_its_der_and_reads_back_as_the_same_pem() {
        let sealed = seal::seal(
            &key_2048(),
            &SecretString::from("a passphrase".to_owned()),
            ScryptCost::TEST_ONLY_CHEAP,
        )
        .unwrap();
        let stored = encode(sealed.expose_secret()).unwrap();
        assert_eq!(stored[0], 0x30, "DER, not text");
        assert!(stored.len() < 1_400, "{} bytes", stored.len());
        let read = decode(&stored).unwrap();
        assert_eq!(read.expose_secret(), sealed.expose_secret());
    }

    #[test]
    fn a_pkcs1_key_is_stored_as_pkcs8_and_reads_back_as_the_same_key() {
        let key = key_2048();
        let stored = encode(key.pem().expose_secret()).unwrap();
        let read = decode(&stored).unwrap();
        let pkcs8_header = format!("-----BEGIN {PKCS8_LABEL}-----");
        assert!(read.expose_secret().starts_with(&pkcs8_header));
        let again = PrivateKey::from_pem(read.expose_secret()).unwrap();
        assert_eq!(again.public_key_pem(), key.public_key_pem());
    }

    #[test]
    fn pem_text_written_by_an_earlier_version_reads_as_it_is() {
        let pem_text = key_2048().pem().expose_secret().to_owned();
        let read = decode(pem_text.as_bytes()).unwrap();
        assert_eq!(read.expose_secret(), pem_text);
    }

    #[test]
    fn what_is_not_a_key_is_refused_either_way_without_showing_it() {
        assert!(matches!(
            encode("secret words, not a key"),
            Err(KeyEntryError::NotAKey(_))
        ));
        let public = key_2048().public_key_pem().to_owned();
        assert!(matches!(encode(&public), Err(KeyEntryError::NotAKey(_))));
        let error = decode(b"\x30\x03secret").unwrap_err();
        assert_eq!(error, KeyEntryError::Damaged);
        assert!(!format!("{error} {error:?}").contains("secret"));
    }
}
