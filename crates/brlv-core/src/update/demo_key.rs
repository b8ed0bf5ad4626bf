//! Signing a feed as `minisign -S` does, for the sandbox's demo feed and the
//! tests. Releases are signed with minisign itself and a key kept offline
//! (`packaging/make-feed.sh`); this key lives in memory and is never one.

use aws_lc_rs::signature::{Ed25519KeyPair, KeyPair};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use blake2::{Blake2b512, Digest};

use super::error::UpdateError;

/// minisign's algorithm tags: `Ed` for a key, `ED` for a prehashed signature.
const KEY_ALGORITHM: &[u8; 2] = b"Ed";
const PREHASHED_ALGORITHM: &[u8; 2] = b"ED";

/// An Ed25519 key in minisign's format, made for one run.
pub struct DemoFeedKey {
    pair: Ed25519KeyPair,
    key_id: [u8; 8],
}

impl std::fmt::Debug for DemoFeedKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DemoFeedKey")
            .field("public_key", &self.public_key_base64())
            .finish_non_exhaustive()
    }
}

impl DemoFeedKey {
    /// A new key, with a random key id as `minisign -G` gives one.
    pub fn generate() -> Result<DemoFeedKey, UpdateError> {
        let failed = |what: &str| UpdateError::PublicKey(format!("no demo key: {what}"));
        let pair = Ed25519KeyPair::generate().map_err(|_| failed("Ed25519"))?;
        let mut key_id = [0u8; 8];
        aws_lc_rs::rand::fill(&mut key_id).map_err(|_| failed("no random bytes"))?;
        Ok(DemoFeedKey { pair, key_id })
    }

    /// The public key's base64 line (`RWQ…`), as `--public-key` and
    /// `BRLV_UPDATE_PUBLIC_KEY` take it.
    pub fn public_key_base64(&self) -> String {
        let mut bytes = Vec::with_capacity(42);
        bytes.extend_from_slice(KEY_ALGORITHM);
        bytes.extend_from_slice(&self.key_id);
        bytes.extend_from_slice(self.pair.public_key().as_ref());
        STANDARD.encode(bytes)
    }

    /// The public key as a `.pub` file, which `minisign -V -p` reads.
    pub fn public_key_file(&self) -> String {
        format!(
            "untrusted comment: minisign public key {}\n{}\n",
            self.key_id_hex(),
            self.public_key_base64()
        )
    }

    /// A `.minisig` file for `message`: Ed25519 over its BLAKE2b-512, then
    /// over that signature and `trusted_comment` (one line).
    pub fn sign(&self, message: &[u8], trusted_comment: &str) -> String {
        let trusted_comment = trusted_comment.replace(['\r', '\n'], " ");
        let prehash = Blake2b512::digest(message);
        let signature = self.pair.sign(prehash.as_slice());
        let mut first = Vec::with_capacity(74);
        first.extend_from_slice(PREHASHED_ALGORITHM);
        first.extend_from_slice(&self.key_id);
        first.extend_from_slice(signature.as_ref());
        let mut global_message = signature.as_ref().to_vec();
        global_message.extend_from_slice(trusted_comment.as_bytes());
        let global = self.pair.sign(&global_message);
        format!(
            "untrusted comment: signature from the brlv-desk demo key {}\n{}\ntrusted comment: {}\n{}\n",
            self.key_id_hex(),
            STANDARD.encode(first),
            trusted_comment,
            STANDARD.encode(global.as_ref())
        )
    }

    /// minisign prints the key id as a little-endian number in hex.
    fn key_id_hex(&self) -> String {
        self.key_id
            .iter()
            .rev()
            .map(|byte| format!("{byte:02X}"))
            .collect()
    }
}
