//! The feed's signature: minisign's format (Ed25519 over the BLAKE2b-512 of
//! the file, and over the signature and its trusted comment), verified
//! with minisign-verify against the key this program was built with.

use minisign_verify::{Error as MinisignError, PublicKey, Signature};

use super::error::UpdateError;

/// A minisign public key the feed must be signed with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeedPublicKey {
    key: PublicKey,
    text: String,
}

impl FeedPublicKey {
    /// Reads a key as minisign writes it: the base64 line
    /// (`RWQ…`, `minisign -G`'s second line), or the whole `.pub` file.
    pub fn parse(text: &str) -> Result<FeedPublicKey, UpdateError> {
        let line = text
            .lines()
            .map(str::trim)
            .find(|line| !line.is_empty() && !line.starts_with("untrusted comment:"))
            .ok_or_else(|| UpdateError::PublicKey("it is empty".to_owned()))?;
        let key = PublicKey::from_base64(line)
            .map_err(|error| UpdateError::PublicKey(error.to_string()))?;
        Ok(FeedPublicKey {
            key,
            text: line.to_owned(),
        })
    }

    /// The key's base64 line, as `--public-key` takes it.
    pub fn as_base64(&self) -> &str {
        &self.text
    }
}

/// Verifies that `signature` (a `.minisig` file's text) signs `feed` with
/// `key`. Only minisign's default, prehashed signatures are accepted.
pub fn verify_feed(feed: &[u8], signature: &str, key: &FeedPublicKey) -> Result<(), UpdateError> {
    let signature = Signature::decode(signature)
        .map_err(|error| UpdateError::SignatureMalformed(error.to_string()))?;
    key.key
        .verify(feed, &signature, false)
        .map_err(|error| match error {
            MinisignError::UnexpectedKeyId => UpdateError::WrongKey,
            MinisignError::InvalidSignature => UpdateError::BadSignature,
            other => UpdateError::SignatureMalformed(other.to_string()),
        })
}

#[cfg(test)]
mod tests {
    use super::super::demo_key::DemoFeedKey;
    use super::*;

    const FIXTURE_PUB: &str = include_str!("../../../../tests/fixtures/test-only-minisign.pub");
    const FIXTURE_FEED: &[u8] = include_bytes!("../../../../tests/fixtures/update-feed.json");
    const FIXTURE_SIG: &str = include_str!("../../../../tests/fixtures/update-feed.json.minisig");

    #[test]
    fn a_feed_signed_by_the_minisign_program_verifies() {
        let key = FeedPublicKey::parse(FIXTURE_PUB).unwrap();
        verify_feed(FIXTURE_FEED, FIXTURE_SIG, &key).unwrap();
    }

    #[test]
    fn a_changed_feed_or_trusted_comment_is_refused() {
        let key = FeedPublicKey::parse(FIXTURE_PUB).unwrap();
        let mut changed = FIXTURE_FEED.to_vec();
        changed[10] ^= 1;
        assert!(matches!(
            verify_feed(&changed, FIXTURE_SIG, &key),
            Err(UpdateError::BadSignature)
        ));
        let comment = FIXTURE_SIG.replace("trusted comment: ", "trusted comment: x");
        assert!(matches!(
            verify_feed(FIXTURE_FEED, &comment, &key),
            Err(UpdateError::BadSignature)
        ));
    }

    #[test]
    fn the_demo_key_signs_as_minisign_does_and_no_other_key_verifies_it() {
        let demo = DemoFeedKey::generate().unwrap();
        let signature = demo.sign(b"feed", "demo");
        let demo_public = FeedPublicKey::parse(&demo.public_key_file()).unwrap();
        verify_feed(b"feed", &signature, &demo_public).unwrap();
        let other = FeedPublicKey::parse(FIXTURE_PUB).unwrap();
        assert!(matches!(
            verify_feed(b"feed", &signature, &other),
            Err(UpdateError::WrongKey)
        ));
        assert!(matches!(
            verify_feed(b"feed", "not a signature", &demo_public),
            Err(UpdateError::SignatureMalformed(_))
        ));
        assert!(FeedPublicKey::parse("RWQnot-a-key").is_err());
    }
}
