//! The request signer of spec section 5.
//!
//! Every request carries `X-API-Key`, `Content-Type: application/json` and a
//! fresh RS256 JWT whose claims bind it to one path, one body and one moment:
//! `uri`, `nonce`, `iat`, `exp`, `sub` and `bodyHash`.

use std::fmt;
use std::sync::Arc;

use aws_lc_rs::encoding::AsDer;
use aws_lc_rs::rsa::{KeyPair, KeySize};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use uuid::Uuid;

/// Token lifetime used unless configured otherwise, in seconds.
pub const DEFAULT_TOKEN_LIFETIME_SECS: u64 = 30;
/// The longest lifetime spec section 5 allows ("within 50 seconds of issue").
pub const MAX_TOKEN_LIFETIME_SECS: u64 = 50;
/// The smallest RSA modulus accepted, in bits.
pub const MIN_KEY_BITS: usize = 2048;

/// Why a private key or a signing setting was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    /// The text is not PEM at all.
    #[error(
        "the private key is not in PEM format: expected a block labelled \"PRIVATE KEY\" or \
         \"RSA PRIVATE KEY\", between -----BEGIN and -----END lines"
    )]
    NotPem,
    /// An encrypted PKCS#8 key, given where no passphrase can be asked.
    #[error(
        "the private key is encrypted (sealed with a passphrase); open it where the \
         passphrase is asked: the app's unlock screen, or `call` on a terminal, with \
         --passphrase-stdin, or (not on Windows) with --passphrase-fd N"
    )]
    Encrypted,
    /// PEM, but not an RSA private key (a public key, a certificate, an EC key…).
    #[error("the PEM block is a {found:?}, not an RSA private key (PKCS#1 or PKCS#8)")]
    WrongBlock {
        /// The PEM tag found.
        found: String,
    },
    /// RSA, but shorter than 2048 bits.
    #[error("the RSA key is shorter than {MIN_KEY_BITS} bits; generate a 2048- or 3072-bit key")]
    TooSmall,
    /// The key material does not decode as RSA.
    #[error("the private key could not be read as an RSA key ({0})")]
    Invalid(String),
    /// Key generation failed.
    #[error("generating an RSA key failed")]
    Generation,
    /// A token lifetime above the spec's limit.
    #[error(
        "a token lifetime of {0} s is longer than the {MAX_TOKEN_LIFETIME_SECS} s the service allows"
    )]
    LifetimeTooLong(u64),
    /// Zero lifetime.
    #[error("a token lifetime must be at least one second")]
    LifetimeZero,
    /// The JWT library refused to sign.
    #[error("signing the request failed: {0}")]
    Signing(String),
}

/// RSA key sizes the app generates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RsaKeyBits {
    /// 2048 bits.
    Rsa2048,
    /// 3072 bits.
    Rsa3072,
}

impl RsaKeyBits {
    /// Size in bits.
    pub fn bits(self) -> usize {
        match self {
            RsaKeyBits::Rsa2048 => 2048,
            RsaKeyBits::Rsa3072 => 3072,
        }
    }
}

/// The account's RSA private key. Its `Debug` never shows key material.
///
/// The key is parsed once, here: checking an RSA key costs more than the
/// signature itself, and a JWT library handed the DER bytes parses them
/// again for every token.
#[derive(Clone)]
pub struct PrivateKey {
    pem: SecretString,
    key_pair: Arc<KeyPair>,
    bits: usize,
    public_key_pem: String,
}

impl fmt::Debug for PrivateKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PrivateKey")
            .field("bits", &self.bits)
            .field("pem", &"[redacted]")
            .finish()
    }
}

impl PrivateKey {
    /// Reads a PEM private key, PKCS#1 (`RSA PRIVATE KEY`) or PKCS#8 (`PRIVATE KEY`).
    pub fn from_pem(text: &str) -> Result<PrivateKey, KeyError> {
        let block = pem::parse(text.trim()).map_err(|_| KeyError::NotPem)?;
        let tag = block.tag().to_owned();
        // The key's bytes are wiped once the key pair is built.
        let der = zeroize::Zeroizing::new(block.into_contents());
        let key_pair = match tag.as_str() {
            "RSA PRIVATE KEY" => KeyPair::from_der(&der),
            "PRIVATE KEY" => KeyPair::from_pkcs8(&der),
            "ENCRYPTED PRIVATE KEY" => return Err(KeyError::Encrypted),
            other => {
                return Err(KeyError::WrongBlock {
                    found: other.to_owned(),
                });
            }
        }
        .map_err(|rejected| match rejected.description_() {
            "TooSmall" => KeyError::TooSmall,
            reason => KeyError::Invalid(reason.to_owned()),
        })?;
        Self::from_key_pair(key_pair, SecretString::from(text.trim().to_owned()))
    }

    /// Generates a fresh key pair.
    pub fn generate(size: RsaKeyBits) -> Result<PrivateKey, KeyError> {
        let key_size = match size {
            RsaKeyBits::Rsa2048 => KeySize::Rsa2048,
            RsaKeyBits::Rsa3072 => KeySize::Rsa3072,
        };
        let key_pair = KeyPair::generate(key_size).map_err(|_| KeyError::Generation)?;
        let pkcs8 = AsDer::<aws_lc_rs::encoding::Pkcs8V1Der>::as_der(&key_pair)
            .map_err(|_| KeyError::Generation)?;
        let pem_text = encode_pem("PRIVATE KEY", pkcs8.as_ref());
        Self::from_key_pair(key_pair, SecretString::from(pem_text))
    }

    fn from_key_pair(key_pair: KeyPair, pem_text: SecretString) -> Result<PrivateKey, KeyError> {
        let bits = key_pair.public_modulus_len() * 8;
        if bits < MIN_KEY_BITS {
            return Err(KeyError::TooSmall);
        }
        let public_der = aws_lc_rs::signature::KeyPair::public_key(&key_pair)
            .as_der()
            .map_err(|_| KeyError::Invalid("its public key could not be encoded".into()))?;
        let public_key_pem = encode_pem("PUBLIC KEY", public_der.as_ref());
        Ok(PrivateKey {
            pem: pem_text,
            key_pair: Arc::new(key_pair),
            bits,
            public_key_pem,
        })
    }

    /// The RS256 (RSASSA-PKCS1-v1_5 with SHA-256) signature of `message`.
    fn sign_rs256(&self, message: &[u8]) -> Result<Vec<u8>, KeyError> {
        let mut signature = vec![0; self.key_pair.public_modulus_len()];
        self.key_pair
            .sign(
                &aws_lc_rs::signature::RSA_PKCS1_SHA256,
                &aws_lc_rs::rand::SystemRandom::new(),
                message,
                &mut signature,
            )
            .map_err(|_| KeyError::Signing("the RSA signature failed".to_owned()))?;
        Ok(signature)
    }

    /// The RS256 signature of `message`: a statement the key vouches for
    /// (see [`crate::profile_binding`]), not a request.
    pub fn sign_statement(&self, message: &[u8]) -> Result<Vec<u8>, KeyError> {
        self.sign_rs256(message)
    }

    /// Whether `signature` is this key's RS256 signature of `message`,
    /// checked with its public half.
    pub fn verifies(&self, message: &[u8], signature: &[u8]) -> bool {
        let public = aws_lc_rs::signature::KeyPair::public_key(self.key_pair.as_ref());
        aws_lc_rs::signature::UnparsedPublicKey::new(
            &aws_lc_rs::signature::RSA_PKCS1_2048_8192_SHA256,
            public.as_ref(),
        )
        .verify(message, signature)
        .is_ok()
    }

    /// Modulus size in bits.
    pub fn bits(&self) -> usize {
        self.bits
    }

    /// The matching public key as SPKI PEM (`PUBLIC KEY`), to register with the service.
    pub fn public_key_pem(&self) -> &str {
        &self.public_key_pem
    }

    /// The private key PEM, for the keyring. Never log or display it.
    pub fn pem(&self) -> &SecretString {
        &self.pem
    }

    /// The key as PKCS#8 DER (a PKCS#1 key is converted), wiped when dropped:
    /// what [`crate::seal`] encrypts.
    pub fn pkcs8_der(&self) -> Result<zeroize::Zeroizing<Vec<u8>>, KeyError> {
        let block = pem::parse(self.pem.expose_secret().trim()).map_err(|_| KeyError::NotPem)?;
        // The block's own label, not a search of the text: "PRIVATE KEY" is
        // PKCS#8 already, "RSA PRIVATE KEY" is PKCS#1.
        let already_pkcs8 = block.tag() == "PRIVATE KEY";
        let contents = zeroize::Zeroizing::new(block.into_contents());
        if already_pkcs8 {
            return Ok(contents);
        }
        let key_pair = KeyPair::from_der(&contents)
            .map_err(|rejected| KeyError::Invalid(rejected.description_().to_owned()))?;
        let pkcs8 = AsDer::<aws_lc_rs::encoding::Pkcs8V1Der>::as_der(&key_pair)
            .map_err(|_| KeyError::Invalid("it could not be encoded as PKCS#8".into()))?;
        Ok(zeroize::Zeroizing::new(pkcs8.as_ref().to_vec()))
    }

    /// Reads a PKCS#8 DER private key (what [`crate::seal::unseal`] opens).
    pub fn from_pkcs8_der(der: &[u8]) -> Result<PrivateKey, KeyError> {
        let text = zeroize::Zeroizing::new(encode_pem("PRIVATE KEY", der));
        PrivateKey::from_pem(&text)
    }
}

/// PEM with Unix line endings (the `pem` crate defaults to CRLF).
fn encode_pem(tag: &str, der: &[u8]) -> String {
    let config = pem::EncodeConfig::new().set_line_ending(pem::LineEnding::LF);
    pem::encode_config(&pem::Pem::new(tag, der.to_vec()), config)
}

/// Lowercase hex SHA-256 of `body`: the `bodyHash` claim.
pub fn body_hash(body: &[u8]) -> String {
    let digest = Sha256::digest(body);
    let mut hex = String::with_capacity(64);
    for byte in digest {
        use fmt::Write;
        let _ = write!(hex, "{byte:02x}");
    }
    hex
}

/// `{"typ":"JWT","alg":"RS256"}` in base64url: the same header on every token.
const RS256_HEADER_B64: &str = "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9";

/// The JWT claims of spec section 5.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// Path of the endpoint being requested, without the query string.
    pub uri: String,
    /// Unique per request.
    pub nonce: String,
    /// Issued at, Unix seconds.
    pub iat: i64,
    /// Expiry, Unix seconds.
    pub exp: i64,
    /// The API key identifier.
    pub sub: String,
    /// Hex SHA-256 of the request body (of the empty string for a GET).
    #[serde(rename = "bodyHash")]
    pub body_hash: String,
}

/// Signs requests for one API key with one private key.
#[derive(Clone)]
pub struct Signer {
    api_key: SecretString,
    key: PrivateKey,
    lifetime_secs: u64,
}

impl fmt::Debug for Signer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Signer")
            .field("api_key", &"[redacted]")
            .field("key", &self.key)
            .field("lifetime_secs", &self.lifetime_secs)
            .finish()
    }
}

impl Signer {
    /// A signer with the default 30-second token lifetime.
    pub fn new(api_key: SecretString, key: PrivateKey) -> Signer {
        Signer {
            api_key,
            key,
            lifetime_secs: DEFAULT_TOKEN_LIFETIME_SECS,
        }
    }

    /// Sets the token lifetime; above 50 s is refused (spec section 8).
    pub fn with_lifetime_secs(mut self, secs: u64) -> Result<Signer, KeyError> {
        if secs == 0 {
            return Err(KeyError::LifetimeZero);
        }
        if secs > MAX_TOKEN_LIFETIME_SECS {
            return Err(KeyError::LifetimeTooLong(secs));
        }
        self.lifetime_secs = secs;
        Ok(self)
    }

    /// The API key, for the `X-API-Key` header.
    pub fn api_key(&self) -> &SecretString {
        &self.api_key
    }

    /// The private key this signer uses.
    pub fn private_key(&self) -> &PrivateKey {
        &self.key
    }

    /// The claims for one request at `now_unix` (already corrected for clock skew).
    /// A fresh UUID v4 nonce every call.
    pub fn claims(&self, path: &str, body: &[u8], now_unix: i64) -> Claims {
        let lifetime =
            i64::try_from(self.lifetime_secs).unwrap_or(DEFAULT_TOKEN_LIFETIME_SECS as i64);
        Claims {
            uri: path.to_owned(),
            nonce: Uuid::new_v4().to_string(),
            iat: now_unix,
            exp: now_unix + lifetime,
            sub: self.api_key.expose_secret().to_owned(),
            body_hash: body_hash(body),
        }
    }

    /// A signed RS256 token for one request. `path` must be the request path
    /// exactly as it goes on the wire (percent-encoded, no query string).
    pub fn token(&self, path: &str, body: &[u8], now_unix: i64) -> Result<SecretString, KeyError> {
        let claims = self.claims(path, body, now_unix);
        self.encode(&claims)
    }

    /// Signs given claims as a compact JWS: the RS256 header, the claims,
    /// the signature, each base64url without padding. Tests use it to build
    /// tokens that break one rule.
    pub fn encode(&self, claims: &impl Serialize) -> Result<SecretString, KeyError> {
        let claims_json =
            serde_json::to_vec(claims).map_err(|error| KeyError::Signing(error.to_string()))?;
        let mut token = String::with_capacity(
            RS256_HEADER_B64.len() + claims_json.len() * 4 / 3 + self.key.bits / 6 + 8,
        );
        token.push_str(RS256_HEADER_B64);
        token.push('.');
        URL_SAFE_NO_PAD.encode_string(&claims_json, &mut token);
        let signature = self.key.sign_rs256(token.as_bytes())?;
        token.push('.');
        URL_SAFE_NO_PAD.encode_string(&signature, &mut token);
        Ok(SecretString::from(token))
    }
}
