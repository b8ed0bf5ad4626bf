//! The private key sealed at rest: an encrypted PKCS#8 PEM (`BEGIN ENCRYPTED
//! PRIVATE KEY`, PBES2 with scrypt and AES-256-CBC), the same format
//! `openssl pkcs8 -topk8 -scrypt` writes and `openssl pkey` opens with the
//! passphrase. The cryptography is RustCrypto's `pkcs8`/`pkcs5`; nothing here
//! is hand-written beyond choosing parameters.
//!
//! scrypt is slow on purpose (that is what makes guessing a passphrase from a
//! copied keyring expensive), so the app seals and unseals on its worker
//! thread, never on the UI thread.

use std::fmt;

use pkcs8::der::pem::LineEnding;
use pkcs8::pkcs5::{pbes2, scrypt};
use pkcs8::{EncryptedPrivateKeyInfoRef, PrivateKeyInfoRef};
use secrecy::{ExposeSecret, SecretString};
use zeroize::Zeroizing;

use crate::api::{KeyError, PrivateKey};

/// The PEM label of a sealed key.
pub const SEALED_LABEL: &str = "ENCRYPTED PRIVATE KEY";

/// The shortest passphrase accepted when a key is sealed.
pub const MIN_PASSPHRASE_CHARS: usize = 10;

/// How much work (and memory) scrypt asks of whoever opens a sealed key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScryptCost {
    /// log2 of N, the memory-hard cost.
    pub log_n: u8,
    /// Block size.
    pub r: u32,
    /// Parallelism: repeats the whole work without more memory.
    pub p: u32,
}

impl ScryptCost {
    /// What real keys are sealed with. OpenSSL opens scrypt keys only within
    /// 32 MiB of memory (N = 2^14 with r = 8 is 16 MiB; 2^15 would be refused
    /// by `openssl pkey`), so the strength comes from p = 8: eight times the
    /// work of OpenSSL's own `-scrypt` default, about the cost of N = 2^17.
    pub const STANDARD: ScryptCost = ScryptCost {
        log_n: 14,
        r: 8,
        p: 8,
    };

    /// A cheap setting for tests only, so that a test suite that seals many
    /// keys stays quick. Never used by the app.
    pub const TEST_ONLY_CHEAP: ScryptCost = ScryptCost {
        log_n: 8,
        r: 8,
        p: 1,
    };
}

/// Why a key could not be sealed or unsealed. Never carries key material.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SealError {
    /// The passphrase does not open the key.
    #[error("the passphrase is wrong")]
    WrongPassphrase,
    /// The text is not an encrypted PKCS#8 PEM.
    #[error("the key is not sealed (no \"{SEALED_LABEL}\" block)")]
    NotSealed,
    /// The sealed key is damaged or uses an algorithm this app does not open.
    #[error("the sealed key cannot be read ({0})")]
    Damaged(String),
    /// The opened key is not a usable RSA key.
    #[error(transparent)]
    Key(#[from] KeyError),
    /// Sealing failed (random numbers, parameters).
    #[error("sealing the key failed ({0})")]
    Failed(String),
}

/// Whether `pem` is a sealed (encrypted PKCS#8) key.
pub fn is_sealed(pem: &str) -> bool {
    pem.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----")
}

/// Seals `key` with `passphrase`: an encrypted PKCS#8 PEM with a fresh random
/// salt and IV.
pub fn seal(
    key: &PrivateKey,
    passphrase: &SecretString,
    cost: ScryptCost,
) -> Result<SecretString, SealError> {
    let der = key.pkcs8_der()?;
    let info = PrivateKeyInfoRef::try_from(der.as_slice())
        .map_err(|error| SealError::Failed(error.to_string()))?;
    let mut salt = [0u8; 16];
    let mut iv = [0u8; 16];
    let random = aws_lc_rs::rand::SystemRandom::new();
    aws_lc_rs::rand::SecureRandom::fill(&random, &mut salt)
        .and_then(|()| aws_lc_rs::rand::SecureRandom::fill(&random, &mut iv))
        .map_err(|_| SealError::Failed("no random numbers".to_owned()))?;
    let params = scrypt::Params::new(cost.log_n, cost.r, cost.p)
        .map_err(|error| SealError::Failed(error.to_string()))?;
    let pbes2 = pbes2::Parameters::generate_scrypt_aes256cbc(params, &salt, iv)
        .map_err(|error| SealError::Failed(error.to_string()))?;
    let sealed = info
        .encrypt_with_params(pbes2, passphrase.expose_secret().as_bytes())
        .map_err(|error| SealError::Failed(error.to_string()))?;
    let pem = sealed
        .to_pem(SEALED_LABEL, LineEnding::LF)
        .map_err(|error| SealError::Failed(error.to_string()))?;
    Ok(SecretString::from(pem.to_string()))
}

/// Opens a sealed key with `passphrase`. The opened key lives only in memory
/// (the DER is wiped as soon as the key is built).
pub fn unseal(sealed_pem: &str, passphrase: &SecretString) -> Result<PrivateKey, SealError> {
    let (label, der) = pkcs8::der::pem::decode_vec(sealed_pem.trim().as_bytes())
        .map_err(|_| SealError::NotSealed)?;
    if label != SEALED_LABEL {
        return Err(SealError::NotSealed);
    }
    let info = EncryptedPrivateKeyInfoRef::try_from(der.as_slice())
        .map_err(|error| SealError::Damaged(error.to_string()))?;
    if info.encryption_algorithm.pbes2().is_none() {
        return Err(SealError::Damaged("not PBES2".to_owned()));
    }
    // With AES-CBC a wrong passphrase shows as bad padding or, rarely, as
    // padding that happens to fit around bytes that are not DER.
    let opened = info
        .decrypt(passphrase.expose_secret().as_bytes())
        .map_err(|_| SealError::WrongPassphrase)?;
    let der = Zeroizing::new(opened.as_bytes().to_vec());
    drop(opened);
    PrivateKey::from_pkcs8_der(&der).map_err(|error| match error {
        KeyError::NotPem | KeyError::Invalid(_) => SealError::WrongPassphrase,
        other => SealError::Key(other),
    })
}

/// How hard a passphrase is to guess, as the meter shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// Under [`MIN_PASSPHRASE_CHARS`]: refused.
    TooShort,
    /// Accepted, but easy to guess.
    Weak,
    /// Fair.
    Fair,
    /// Strong.
    Strong,
}

/// A rough estimate: the bits of a random string of the same length and
/// character classes, halved for a run of one repeated character. It is a
/// meter to nudge, not a proof; the real defence is scrypt's cost.
pub fn strength(passphrase: &str) -> Strength {
    let length = passphrase.chars().count();
    if length < MIN_PASSPHRASE_CHARS {
        return Strength::TooShort;
    }
    let mut pool = 0u32;
    if passphrase.chars().any(|c| c.is_ascii_lowercase()) {
        pool += 26;
    }
    if passphrase.chars().any(|c| c.is_ascii_uppercase()) {
        pool += 26;
    }
    if passphrase.chars().any(|c| c.is_ascii_digit()) {
        pool += 10;
    }
    if passphrase.chars().any(|c| !c.is_ascii_alphanumeric()) {
        pool += 33;
    }
    let distinct = {
        let mut seen: Vec<char> = passphrase.chars().collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len()
    };
    // bits ≈ length × log2(pool), in whole bits; log2 by counting.
    let bits_per_char = u32::BITS - pool.max(2).leading_zeros() - 1;
    let length = u32::try_from(length.min(distinct * 3)).unwrap_or(u32::MAX);
    match length.saturating_mul(bits_per_char) {
        0..50 => Strength::Weak,
        50..75 => Strength::Fair,
        _ => Strength::Strong,
    }
}

/// A passphrase being typed twice, for sealing.
#[derive(Default)]
pub struct NewPassphrase {
    /// The passphrase.
    pub text: Zeroizing<String>,
    /// The same, typed again.
    pub confirmation: Zeroizing<String>,
}

impl fmt::Debug for NewPassphrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("NewPassphrase { .. }")
    }
}

/// Why a new passphrase cannot be used yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassphraseProblem {
    /// Nothing typed.
    Missing,
    /// Shorter than [`MIN_PASSPHRASE_CHARS`].
    TooShort,
    /// The two fields differ.
    Mismatch,
}

impl NewPassphrase {
    /// The passphrase, when it is long enough and typed the same twice.
    pub fn checked(&self) -> Result<SecretString, PassphraseProblem> {
        if self.text.is_empty() {
            return Err(PassphraseProblem::Missing);
        }
        if strength(&self.text) == Strength::TooShort {
            return Err(PassphraseProblem::TooShort);
        }
        if *self.text != *self.confirmation {
            return Err(PassphraseProblem::Mismatch);
        }
        Ok(SecretString::from(self.text.as_str().to_owned()))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn passphrase(text: &str) -> SecretString {
        SecretString::from(text.to_owned())
    }

    #[test]
    fn a_pkcs1_key_is_sealed_as_pkcs8_and_opens_as_the_same_key() {
        let key = PrivateKey::from_pem(include_str!(
            "../../../tests/fixtures/test-only-rsa2048-pkcs1.pem"
        ))
        .unwrap();
        let sealed = seal(&key, &passphrase("pkcs1 key"), ScryptCost::TEST_ONLY_CHEAP).unwrap();
        let opened = unseal(sealed.expose_secret(), &passphrase("pkcs1 key")).unwrap();
        assert_eq!(opened.public_key_pem(), key.public_key_pem());
    }

    #[test]
    fn a_sealed_key_opens_with_its_passphrase_only() {
        let key = PrivateKey::generate(crate::api::RsaKeyBits::Rsa2048).unwrap();
        let sealed = seal(
            &key,
            &passphrase("correct horse"),
            ScryptCost::TEST_ONLY_CHEAP,
        )
        .unwrap();
        let text = sealed.expose_secret();
        assert!(is_sealed(text), "{}", &text[..40]);
        assert_eq!(pem::parse(text).unwrap().tag(), "ENCRYPTED PRIVATE KEY");
        let opened = unseal(text, &passphrase("correct horse")).unwrap();
        assert_eq!(opened.public_key_pem(), key.public_key_pem());
        for wrong in ["correct horsf", "", "Correct horse"] {
            assert_eq!(
                unseal(text, &passphrase(wrong)).unwrap_err(),
                SealError::WrongPassphrase
            );
        }
    }

    #[test]
    fn the_real_cost_seals_and_opens() {
        let key = PrivateKey::generate(crate::api::RsaKeyBits::Rsa2048).unwrap();
        let sealed = seal(&key, &passphrase("a real passphrase"), ScryptCost::STANDARD).unwrap();
        let opened = unseal(sealed.expose_secret(), &passphrase("a real passphrase")).unwrap();
        assert_eq!(opened.public_key_pem(), key.public_key_pem());
    }

    #[test]
    fn a_plain_key_is_not_sealed() {
        let key = PrivateKey::generate(crate::api::RsaKeyBits::Rsa2048).unwrap();
        assert!(!is_sealed(key.pem().expose_secret()));
        assert_eq!(
            unseal(key.pem().expose_secret(), &passphrase("x")).unwrap_err(),
            SealError::NotSealed
        );
    }

    #[test]
    fn the_meter_refuses_short_and_ranks_the_rest() {
        assert_eq!(strength("abc"), Strength::TooShort);
        assert_eq!(strength("aaaaaaaaaaaa"), Strength::Weak);
        assert_eq!(strength("abcdefghij"), Strength::Weak);
        assert_eq!(strength("Password12"), Strength::Fair);
        assert_eq!(strength("correct horse battery"), Strength::Strong);
        assert_eq!(strength("Correct-Horse-Battery-9-Staple"), Strength::Strong);
    }

    #[test]
    fn a_new_passphrase_must_be_typed_twice_alike() {
        let mut new = NewPassphrase::default();
        assert_eq!(new.checked().unwrap_err(), PassphraseProblem::Missing);
        *new.text = "short".to_owned();
        assert_eq!(new.checked().unwrap_err(), PassphraseProblem::TooShort);
        *new.text = "long enough words".to_owned();
        *new.confirmation = "long enough word".to_owned();
        assert_eq!(new.checked().unwrap_err(), PassphraseProblem::Mismatch);
        *new.confirmation = "long enough words".to_owned();
        assert!(new.checked().is_ok());
    }
}
