//! The private key sealed at rest: an encrypted PKCS#8 PEM (`BEGIN ENCRYPTED
//! PRIVATE KEY`, PBES2 with scrypt and AES-256-CBC), the same format
//! `openssl pkcs8 -topk8 -scrypt` writes and `openssl pkey` opens with the
//! passphrase. The cryptography is RustCrypto's `pkcs8`/`pkcs5`; nothing here
//! is hand-written beyond choosing parameters.
//!
//! scrypt is slow on purpose (that is what makes guessing a passphrase from a
//! copied keyring expensive), so the app seals and unseals on its worker
//! thread, never on the UI thread.
//!
//! The KDF and its cost are written inside the sealed key, so whoever can
//! rewrite a keyring entry or a key file chooses them. Before any KDF runs,
//! [`unseal`] checks them against what brlv-desk writes ([`KdfPolicy::Sealed`]):
//! PBES2 with scrypt within [`SCRYPT_LOG_N`], r = 8, p within [`SCRYPT_P`],
//! and AES-256-CBC. A key file made by OpenSSL is opened with
//! [`unseal_imported`] ([`KdfPolicy::Imported`]), which also takes PBKDF2 with
//! HMAC-SHA-256/384/512 and [`PBKDF2_ITERATIONS`] rounds: `openssl genrsa
//! -aes256` writes PBKDF2-HMAC-SHA256 with 2,048, the floor; `openssl pkcs8
//! -topk8 -scrypt` writes N = 2^14, r = 8, p = 1, inside the scrypt range.
//! `profile add` seals an imported key again with [`ScryptCost::STANDARD`]
//! before it reaches the keyring; a `BRLV_PRIVATE_KEY_FILE` is the person's
//! own file and is opened as it is on every run.

use std::fmt;
use std::ops::RangeInclusive;

use pkcs8::der::pem::LineEnding;
use pkcs8::pkcs5::{self, pbes2, scrypt};
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

/// The scrypt costs (log2 N) a sealed key may ask for. The top, 2^16 with
/// r = 8, is 64 MiB and four times [`ScryptCost::STANDARD`]'s memory: a
/// tampered entry cannot ask for gigabytes. The bottom admits
/// [`ScryptCost::TEST_ONLY_CHEAP`], which the test binaries (other crates, so
/// no `cfg(test)` reaches them) seal hundreds of keys with: a cheap cost
/// written into an entry only speeds up its own opening, and without the
/// passphrase nobody can write an entry the person's passphrase opens.
pub const SCRYPT_LOG_N: RangeInclusive<u8> = 8..=16;
/// The scrypt block size accepted: what brlv-desk and OpenSSL write.
pub const SCRYPT_R: u32 = 8;
/// The scrypt parallelism accepted: p multiplies the work (not the memory);
/// 16 is twice [`ScryptCost::STANDARD`]'s.
pub const SCRYPT_P: RangeInclusive<u32> = 1..=16;
/// PBKDF2 rounds accepted in an imported key file: from OpenSSL's default
/// (2,048, what `openssl genrsa -aes256` writes) to a count that still opens
/// in seconds.
pub const PBKDF2_ITERATIONS: RangeInclusive<u32> = 2_048..=10_000_000;

/// Which sealed keys are opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KdfPolicy {
    /// What brlv-desk writes: scrypt within the bounds above, AES-256-CBC.
    Sealed,
    /// A key file from another tool: also PBKDF2 with HMAC-SHA-2 and at
    /// least OpenSSL's default rounds.
    Imported,
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
    /// The sealed key asks for a key derivation brlv-desk does not run:
    /// another function, or a cost outside the bounds. Checked before any work.
    #[error("the sealed key asks for {0}, which brlv-desk does not open; {ACCEPTED_KDFS}")]
    KdfRefused(String),
    /// The opened key is not a usable RSA key.
    #[error(transparent)]
    Key(#[from] KeyError),
    /// Sealing failed (random numbers, parameters).
    #[error("sealing the key failed ({0})")]
    Failed(String),
}

/// The first bytes of the scrypt salt of every key brlv-desk seals since
/// profiles bind their service address ([`crate::profile_binding`]). A key
/// sealed so must come with its binding: without one it is refused, not
/// bound anew, so deleting the binding does not let an address in.
pub const BINDING_SALT_MARK: &[u8; 8] = b"brlv-pb1";

/// Whether the sealed key `sealed_pem` was sealed by a brlv-desk that binds
/// the service address to the key (its salt begins with
/// [`BINDING_SALT_MARK`]). Not whether the key opens: that needs the passphrase.
pub fn seals_with_binding(sealed_pem: &str) -> bool {
    let Ok((label, der)) = pkcs8::der::pem::decode_vec(sealed_pem.trim().as_bytes()) else {
        return false;
    };
    if label != SEALED_LABEL {
        return false;
    }
    let Ok(info) = EncryptedPrivateKeyInfoRef::try_from(der.as_slice()) else {
        return false;
    };
    match info.encryption_algorithm.pbes2().map(|pbes2| &pbes2.kdf) {
        Some(pbes2::Kdf::Scrypt(params)) => params.salt.as_bytes().starts_with(BINDING_SALT_MARK),
        _ => false,
    }
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
    // The mark, then 16 random bytes: the salt feeds the key derivation, so
    // whoever rewrites it without the passphrase only makes the key unopenable.
    let mut salt = [0u8; BINDING_SALT_MARK.len() + 16];
    salt[..BINDING_SALT_MARK.len()].copy_from_slice(BINDING_SALT_MARK);
    let mut iv = [0u8; 16];
    let random = aws_lc_rs::rand::SystemRandom::new();
    aws_lc_rs::rand::SecureRandom::fill(&random, &mut salt[BINDING_SALT_MARK.len()..])
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

/// What the refusal of a key derivation says is accepted.
const ACCEPTED_KDFS: &str = "it opens PBES2 with scrypt (N from 2^8 to 2^16, r = 8, p from 1 \
     to 16) and AES-256-CBC, and, in a key file, PBKDF2-HMAC-SHA256 (or SHA-384/512) with \
     2,048 to 10,000,000 iterations";

/// Opens a key brlv-desk sealed (a keyring entry) with `passphrase`, after
/// checking its key derivation against [`KdfPolicy::Sealed`]. The opened key
/// lives only in memory (the DER is wiped as soon as the key is built).
pub fn unseal(sealed_pem: &str, passphrase: &SecretString) -> Result<PrivateKey, SealError> {
    unseal_with(sealed_pem, passphrase, KdfPolicy::Sealed)
}

/// Opens a sealed key file another tool may have written (OpenSSL), under
/// [`KdfPolicy::Imported`].
pub fn unseal_imported(
    sealed_pem: &str,
    passphrase: &SecretString,
) -> Result<PrivateKey, SealError> {
    unseal_with(sealed_pem, passphrase, KdfPolicy::Imported)
}

/// Opens a sealed key whose key derivation `policy` accepts.
pub fn unseal_with(
    sealed_pem: &str,
    passphrase: &SecretString,
    policy: KdfPolicy,
) -> Result<PrivateKey, SealError> {
    let (label, der) = pkcs8::der::pem::decode_vec(sealed_pem.trim().as_bytes())
        .map_err(|_| SealError::NotSealed)?;
    if label != SEALED_LABEL {
        return Err(SealError::NotSealed);
    }
    let info = EncryptedPrivateKeyInfoRef::try_from(der.as_slice())
        .map_err(|error| SealError::Damaged(error.to_string()))?;
    let Some(pbes2) = info.encryption_algorithm.pbes2() else {
        return Err(SealError::KdfRefused("PBES1 (not PBES2)".to_owned()));
    };
    check_kdf(pbes2, policy)?;
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

/// Refuses a key derivation or cipher `policy` does not accept, before any
/// of it runs.
pub fn check_kdf(parameters: &pbes2::Parameters, policy: KdfPolicy) -> Result<(), SealError> {
    if !matches!(
        parameters.encryption,
        pbes2::EncryptionScheme::Aes256Cbc { .. }
    ) {
        return Err(SealError::KdfRefused(format!(
            "the cipher {}",
            parameters.encryption.oid()
        )));
    }
    match &parameters.kdf {
        pbes2::Kdf::Scrypt(params) => {
            let n = params.cost_parameter;
            let log_n = (n.is_power_of_two()).then(|| n.trailing_zeros());
            let log_n_ok = log_n
                .and_then(|log_n| u8::try_from(log_n).ok())
                .is_some_and(|log_n| SCRYPT_LOG_N.contains(&log_n));
            let r_ok = u32::from(params.block_size) == SCRYPT_R;
            let p_ok = SCRYPT_P.contains(&u32::from(params.parallelization));
            if log_n_ok && r_ok && p_ok {
                Ok(())
            } else {
                Err(SealError::KdfRefused(format!(
                    "scrypt with N = {n}, r = {}, p = {}",
                    params.block_size, params.parallelization
                )))
            }
        }
        pbes2::Kdf::Pbkdf2(params) => {
            let prf_ok = matches!(
                params.prf,
                pkcs5::pbes2::Pbkdf2Prf::HmacWithSha256
                    | pkcs5::pbes2::Pbkdf2Prf::HmacWithSha384
                    | pkcs5::pbes2::Pbkdf2Prf::HmacWithSha512
            );
            let rounds_ok = PBKDF2_ITERATIONS.contains(&params.iteration_count);
            if policy == KdfPolicy::Imported && prf_ok && rounds_ok {
                Ok(())
            } else {
                let origin = match policy {
                    KdfPolicy::Sealed => " in a key brlv-desk sealed",
                    KdfPolicy::Imported => "",
                };
                Err(SealError::KdfRefused(format!(
                    "PBKDF2 ({}) with {} iterations{origin}",
                    params.prf.oid(),
                    params.iteration_count
                )))
            }
        }
        other => Err(SealError::KdfRefused(format!("the KDF {}", other.oid()))),
    }
}

/// How hard a passphrase is to guess, as the meter shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// Under [`MIN_PASSPHRASE_CHARS`]: refused.
    TooShort,
    /// Long enough but guessed within about 10^8 tries: refused.
    Weak,
    /// Accepted: more than 10^8 tries (zxcvbn's score 3).
    Fair,
    /// Strong: more than 10^10 tries (zxcvbn's score 4).
    Strong,
}

/// Why a passphrase long enough is still too easy to guess, in the words of
/// zxcvbn's warnings, grouped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weakness {
    /// Repeated characters or words (`aaaaaaaaaa`, `abcabcabc`).
    Repeats,
    /// A sequence or a row of keys (`abcdefghij`, `qwertyuiop`).
    Sequence,
    /// A common password, or close to one.
    Common,
    /// A single word or name.
    Word,
    /// A date or a recent year.
    Date,
    /// Nothing in particular, just too few guesses.
    Guessable,
}

impl Weakness {
    /// The reason, in English (the command line's language).
    pub fn reason(self) -> &'static str {
        match self {
            Weakness::Repeats => "it repeats characters or words",
            Weakness::Sequence => "it is a sequence or a row of keys",
            Weakness::Common => "it is a common password, or close to one",
            Weakness::Word => "it is a single word or name",
            Weakness::Date => "it is a date or a year",
            Weakness::Guessable => "it would be guessed quickly; add a few uncommon words",
        }
    }

    fn of(warning: Option<zxcvbn::feedback::Warning>) -> Weakness {
        use zxcvbn::feedback::Warning;
        match warning {
            Some(
                Warning::RepeatsLikeAaaAreEasyToGuess
                | Warning::RepeatsLikeAbcAbcAreOnlySlightlyHarderToGuess,
            ) => Weakness::Repeats,
            Some(
                Warning::StraightRowsOfKeysAreEasyToGuess
                | Warning::ShortKeyboardPatternsAreEasyToGuess
                | Warning::SequencesLikeAbcAreEasyToGuess,
            ) => Weakness::Sequence,
            Some(
                Warning::ThisIsATop10Password
                | Warning::ThisIsATop100Password
                | Warning::ThisIsACommonPassword
                | Warning::ThisIsSimilarToACommonlyUsedPassword,
            ) => Weakness::Common,
            Some(
                Warning::AWordByItselfIsEasyToGuess
                | Warning::NamesAndSurnamesByThemselvesAreEasyToGuess
                | Warning::CommonNamesAndSurnamesAreEasyToGuess,
            ) => Weakness::Word,
            Some(Warning::RecentYearsAreEasyToGuess | Warning::DatesAreOftenEasyToGuess) => {
                Weakness::Date
            }
            None => Weakness::Guessable,
        }
    }
}

/// A passphrase's strength, and why it is weak when it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// The meter's level.
    pub strength: Strength,
    /// Set when the level is [`Strength::Weak`].
    pub weakness: Option<Weakness>,
}

/// zxcvbn's estimate (dictionaries, keyboard rows, repeats, sequences,
/// dates) of how many guesses find `passphrase`. It reads only the first 100
/// characters, so a pasted novel costs what a sentence does.
pub fn estimate(passphrase: &str) -> Estimate {
    if passphrase.chars().count() < MIN_PASSPHRASE_CHARS {
        return Estimate {
            strength: Strength::TooShort,
            weakness: None,
        };
    }
    let entropy = zxcvbn::zxcvbn(passphrase, &[]);
    let strength = match entropy.score() {
        zxcvbn::Score::Four => Strength::Strong,
        zxcvbn::Score::Three => Strength::Fair,
        _ => Strength::Weak,
    };
    let weakness = (strength == Strength::Weak).then(|| {
        Weakness::of(
            entropy
                .feedback()
                .and_then(zxcvbn::feedback::Feedback::warning),
        )
    });
    Estimate { strength, weakness }
}

/// The meter's level for `passphrase` (see [`estimate`]). It nudges; the
/// real defence against a copied keyring is still scrypt's cost.
pub fn strength(passphrase: &str) -> Strength {
    estimate(passphrase).strength
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
    /// Long enough, but too easy to guess, and why.
    Weak(Weakness),
    /// The two fields differ.
    Mismatch,
}

impl NewPassphrase {
    /// The passphrase, when it is long enough, not too easy to guess, and
    /// typed the same twice.
    pub fn checked(&self) -> Result<SecretString, PassphraseProblem> {
        if self.text.is_empty() {
            return Err(PassphraseProblem::Missing);
        }
        check_strength(&self.text)?;
        if *self.text != *self.confirmation {
            return Err(PassphraseProblem::Mismatch);
        }
        Ok(SecretString::from(self.text.as_str().to_owned()))
    }
}

/// Refuses a passphrase too short or too easy to guess to seal a key with.
pub fn check_strength(passphrase: &str) -> Result<(), PassphraseProblem> {
    let estimate = estimate(passphrase);
    match (estimate.strength, estimate.weakness) {
        (Strength::TooShort, _) => Err(PassphraseProblem::TooShort),
        (Strength::Weak, weakness) => Err(PassphraseProblem::Weak(
            weakness.unwrap_or(Weakness::Guessable),
        )),
        (Strength::Fair | Strength::Strong, _) => Ok(()),
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
    fn a_new_seal_carries_the_binding_mark_and_an_older_one_does_not() {
        let key = PrivateKey::from_pem(include_str!(
            "../../../tests/fixtures/test-only-rsa2048-pkcs1.pem"
        ))
        .unwrap();
        let sealed = seal(
            &key,
            &passphrase("marked seal"),
            ScryptCost::TEST_ONLY_CHEAP,
        )
        .unwrap();
        assert!(seals_with_binding(sealed.expose_secret()));
        // A salt of 16 random bytes, as earlier versions wrote.
        let older = sealed_with(scrypt_kdf(8, 8, 1), true);
        assert!(!seals_with_binding(&older));
        assert!(unseal(&older, &passphrase(OPENSSL_PASSPHRASE)).is_ok());
        assert!(!seals_with_binding(key.pem().expose_secret()));
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
    fn the_meter_refuses_short_and_guessable_and_ranks_the_rest() {
        assert_eq!(strength("abc"), Strength::TooShort);
        assert_eq!(strength("aaaaaaaaaa"), Strength::Weak);
        assert_eq!(strength("abcdefghij"), Strength::Weak);
        assert_eq!(strength("Password12"), Strength::Weak);
        assert_eq!(strength("qwertyuiop"), Strength::Weak);
        assert_eq!(strength("Correct-Horse-Battery-9-Staple"), Strength::Strong);
        assert_eq!(strength("vK7#qz!Lw2@pR9xT"), Strength::Strong);
    }

    #[test]
    fn a_weak_passphrase_is_refused_with_its_reason() {
        let refused = |text: &str| check_strength(text).unwrap_err();
        assert_eq!(
            refused("aaaaaaaaaa"),
            PassphraseProblem::Weak(Weakness::Repeats)
        );
        assert_eq!(
            refused("abcdefghij"),
            PassphraseProblem::Weak(Weakness::Sequence)
        );
        assert_eq!(
            refused("password123"),
            PassphraseProblem::Weak(Weakness::Common)
        );
        assert_eq!(refused("short"), PassphraseProblem::TooShort);
        assert!(Weakness::Repeats.reason().contains("repeats"));
        // Random words and a random string, as a generator would give them.
        check_strength("gravel orbit tundra whisk").unwrap();
        check_strength("j8Rq-t2Vw!xZ4pLm").unwrap();
    }

    #[test]
    fn a_new_passphrase_must_be_typed_twice_alike() {
        let mut new = NewPassphrase::default();
        assert_eq!(new.checked().unwrap_err(), PassphraseProblem::Missing);
        *new.text = "short".to_owned();
        assert_eq!(new.checked().unwrap_err(), PassphraseProblem::TooShort);
        *new.text = "aaaaaaaaaa".to_owned();
        *new.confirmation = "aaaaaaaaaa".to_owned();
        assert!(matches!(
            new.checked().unwrap_err(),
            PassphraseProblem::Weak(_)
        ));
        *new.text = "gravel orbit tundra whisk".to_owned();
        *new.confirmation = "gravel orbit tundra whis".to_owned();
        assert_eq!(new.checked().unwrap_err(), PassphraseProblem::Mismatch);
        *new.confirmation = "gravel orbit tundra whisk".to_owned();
        assert!(new.checked().is_ok());
    }

    const OPENSSL_PASSPHRASE: &str = "openssl test passphrase";

    /// `key` sealed under PBES2 with `kdf` and AES-256-CBC. With `encrypt`
    /// false the data is 32 zero bytes: enough for a refusal that must come
    /// before any KDF runs, and no cost is paid for parameters nobody could
    /// afford.
    fn sealed_with(kdf: pbes2::Kdf, encrypt: bool) -> String {
        let parameters = pbes2::Parameters {
            kdf,
            encryption: pbes2::EncryptionScheme::Aes256Cbc { iv: [7; 16] },
        };
        if encrypt {
            let key = PrivateKey::from_pem(include_str!(
                "../../../tests/fixtures/test-only-rsa2048-pkcs8.pem"
            ))
            .unwrap();
            let der = key.pkcs8_der().unwrap();
            let info = PrivateKeyInfoRef::try_from(der.as_slice()).unwrap();
            let sealed = info
                .encrypt_with_params(parameters, OPENSSL_PASSPHRASE.as_bytes())
                .unwrap();
            return sealed
                .to_pem(SEALED_LABEL, LineEnding::LF)
                .unwrap()
                .to_string();
        }
        let data = [0u8; 32];
        let info = EncryptedPrivateKeyInfoRef {
            encryption_algorithm: pkcs5::EncryptionScheme::Pbes2(parameters),
            encrypted_data: pkcs8::der::asn1::OctetStringRef::new(&data).unwrap(),
        };
        let der = pkcs8::der::Encode::to_der(&info).unwrap();
        pkcs8::der::pem::encode_string(SEALED_LABEL, LineEnding::LF, &der).unwrap()
    }

    fn scrypt_kdf(log_n: u8, r: u32, p: u32) -> pbes2::Kdf {
        let params = scrypt::Params::new(log_n, r, p).unwrap();
        pbes2::ScryptParams::from_params_and_salt(params, &[1; 16])
            .unwrap()
            .into()
    }

    fn pbkdf2_kdf(iterations: u32) -> pbes2::Kdf {
        pbes2::Pbkdf2Params::hmac_sha256(iterations, &[1; 16])
            .unwrap()
            .into()
    }

    #[test]
    fn pbkdf2_with_one_iteration_is_refused_before_it_runs() {
        // Really encrypted, so a refusal cannot be the wrong passphrase.
        let sealed = sealed_with(pbkdf2_kdf(1), true);
        let passphrase = passphrase(OPENSSL_PASSPHRASE);
        for error in [
            unseal(&sealed, &passphrase).unwrap_err(),
            unseal_imported(&sealed, &passphrase).unwrap_err(),
        ] {
            let SealError::KdfRefused(what) = &error else {
                panic!("{error:?}");
            };
            assert!(
                what.contains("PBKDF2") && what.contains("1 iterations"),
                "{what}"
            );
            assert!(error.to_string().contains("2,048"), "{error}");
        }
    }

    #[test]
    fn pbkdf2_is_opened_only_from_a_key_file_with_at_least_openssls_rounds() {
        let sealed = sealed_with(pbkdf2_kdf(2_048), true);
        let passphrase = passphrase(OPENSSL_PASSPHRASE);
        assert!(matches!(
            unseal(&sealed, &passphrase).unwrap_err(),
            SealError::KdfRefused(_)
        ));
        unseal_imported(&sealed, &passphrase).unwrap();
        let fewer = sealed_with(pbkdf2_kdf(2_047), true);
        assert!(matches!(
            unseal_imported(&fewer, &passphrase).unwrap_err(),
            SealError::KdfRefused(_)
        ));
    }

    #[test]
    fn a_scrypt_cost_that_would_exhaust_memory_is_refused_at_once() {
        let passphrase = passphrase("anything at all");
        // 2^24 with r = 8 is 16 GiB; 2^17 is the first step past the bound;
        // p = 1000 is hours of work in 16 MiB.
        for kdf in [
            scrypt_kdf(24, 8, 1),
            scrypt_kdf(17, 8, 1),
            scrypt_kdf(14, 8, 1000),
            scrypt_kdf(14, 64, 1),
        ] {
            let sealed = sealed_with(kdf, false);
            let started = std::time::Instant::now();
            for error in [
                unseal(&sealed, &passphrase).unwrap_err(),
                unseal_imported(&sealed, &passphrase).unwrap_err(),
            ] {
                let SealError::KdfRefused(what) = &error else {
                    panic!("{error:?}");
                };
                assert!(what.starts_with("scrypt with N = "), "{what}");
            }
            assert!(started.elapsed() < std::time::Duration::from_millis(100));
        }
    }

    #[test]
    fn another_cipher_is_refused() {
        let parameters = pbes2::Parameters {
            kdf: scrypt_kdf(8, 8, 1),
            encryption: pbes2::EncryptionScheme::Aes128Cbc { iv: [7; 16] },
        };
        let data = [0u8; 32];
        let info = EncryptedPrivateKeyInfoRef {
            encryption_algorithm: pkcs5::EncryptionScheme::Pbes2(parameters),
            encrypted_data: pkcs8::der::asn1::OctetStringRef::new(&data).unwrap(),
        };
        let der = pkcs8::der::Encode::to_der(&info).unwrap();
        let sealed = pkcs8::der::pem::encode_string(SEALED_LABEL, LineEnding::LF, &der).unwrap();
        let error = unseal_imported(&sealed, &passphrase("x")).unwrap_err();
        assert!(
            matches!(&error, SealError::KdfRefused(what) if what.contains("cipher")),
            "{error:?}"
        );
    }

    #[test]
    fn openssl_defaults_open_and_the_standard_cost_is_accepted() {
        let expected = PrivateKey::from_pem(include_str!(
            "../../../tests/fixtures/test-only-rsa2048-pkcs8.pem"
        ))
        .unwrap()
        .public_key_pem()
        .to_owned();
        let passphrase = passphrase(OPENSSL_PASSPHRASE);
        // `openssl pkcs8 -topk8 -scrypt`: N = 2^14, r = 8, p = 1.
        let scrypt_file =
            include_str!("../../../tests/fixtures/test-only-rsa2048-openssl-scrypt.pem");
        assert_eq!(
            unseal(scrypt_file, &passphrase).unwrap().public_key_pem(),
            expected
        );
        assert_eq!(
            unseal_imported(scrypt_file, &passphrase)
                .unwrap()
                .public_key_pem(),
            expected
        );
        // `openssl pkcs8 -topk8 -v2 aes-256-cbc` (and `genrsa -aes256`):
        // PBKDF2-HMAC-SHA256, 2,048 iterations.
        let pbkdf2_file =
            include_str!("../../../tests/fixtures/test-only-rsa2048-openssl-pbkdf2.pem");
        assert!(matches!(
            unseal(pbkdf2_file, &passphrase).unwrap_err(),
            SealError::KdfRefused(_)
        ));
        assert_eq!(
            unseal_imported(pbkdf2_file, &passphrase)
                .unwrap()
                .public_key_pem(),
            expected
        );
        // STANDARD's parameters pass the check (the_real_cost_seals_and_opens
        // opens one whole).
        let standard = ScryptCost::STANDARD;
        let sealed = sealed_with(scrypt_kdf(standard.log_n, standard.r, standard.p), false);
        assert_eq!(
            unseal(&sealed, &passphrase).unwrap_err(),
            SealError::WrongPassphrase
        );
    }
}
