//! Why an update was not offered or not kept.

use std::path::PathBuf;

/// Every refusal of the update path, each with what a person needs to be told.
#[derive(Debug, thiserror::Error)]
pub enum UpdateError {
    /// This build was made without a feed address, so it never checks.
    #[error("this build has no update feed: it was built without BRLV_UPDATE_FEED_URL")]
    NotConfigured,
    /// An address that is not `https://` (or `http://` on this machine).
    #[error("refused the address {url}: {reason}")]
    Url {
        /// The address as given.
        url: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The public key given (or built in) is not a minisign public key.
    #[error("the update public key cannot be read: {0}")]
    PublicKey(String),
    /// The request did not get an answer.
    #[error("could not reach {url}: {message}")]
    Network {
        /// What was asked for.
        url: String,
        /// The network's error.
        message: String,
    },
    /// The server answered with something other than 200.
    #[error("{url} answered HTTP {status}")]
    HttpStatus {
        /// What was asked for.
        url: String,
        /// The status it answered.
        status: u16,
    },
    /// An answer larger than anything the update path accepts.
    #[error("{url} sent more than {limit} bytes")]
    TooLarge {
        /// What was asked for.
        url: String,
        /// The limit in bytes.
        limit: u64,
    },
    /// The feed has no signature beside it.
    #[error("the update feed is not signed (no signature at {url})")]
    Unsigned {
        /// Where the signature was looked for.
        url: String,
    },
    /// The signature file is not a minisign signature.
    #[error("the update feed's signature cannot be read: {0}")]
    SignatureMalformed(String),
    /// The feed was signed, but by a key other than the project's.
    #[error("the update feed is signed by another key, not this program's: refused")]
    WrongKey,
    /// The signature does not match the feed: it was changed after signing.
    #[error("the update feed's signature does not match it (the feed was changed): refused")]
    BadSignature,
    /// The feed verified but does not read as a feed.
    #[error("the update feed is malformed: {0}")]
    Malformed(String),
    /// The feed offers the version already running.
    #[error("brlv-desk {version} is the newest version")]
    SameVersion {
        /// The running version, which the feed offers.
        version: semver::Version,
    },
    /// The feed offers an older version than the running one.
    #[error(
        "the update feed offers {offered}, older than the running {running}: a downgrade is refused"
    )]
    Downgrade {
        /// What the feed offers.
        offered: semver::Version,
        /// What is running.
        running: semver::Version,
    },
    /// The feed's expiry has passed: it is an old feed served again (or the
    /// computer's clock is ahead).
    #[error(
        "the update feed expired on {expired} (it was signed on {signed}): an old feed is being \
         served, so it is not trusted; try again later, and check the computer's date if it \
         says so again"
    )]
    Expired {
        /// When it was signed.
        signed: time::OffsetDateTime,
        /// When it expired.
        expired: time::OffsetDateTime,
    },
    /// The feed is older than one this installation has already verified.
    #[error(
        "the update feed offers {offered} (signed on {signed}), older than the feed already seen, \
         which offered {seen} (signed on {seen_signed}): an old feed is being served, refused"
    )]
    RolledBack {
        /// What this feed offers.
        offered: semver::Version,
        /// When it was signed.
        signed: time::OffsetDateTime,
        /// The newest version seen.
        seen: semver::Version,
        /// When the newest feed seen was signed.
        seen_signed: time::OffsetDateTime,
    },
    /// The feed has no package for this platform.
    #[error("brlv-desk {version} has no package for {platform} (the feed lists: {offered})")]
    NoPackageForPlatform {
        /// The version offered.
        version: semver::Version,
        /// This platform's name in the feed.
        platform: String,
        /// The platforms the feed does list, comma-separated.
        offered: String,
    },
    /// The download ended short of, or went past, the feed's size.
    #[error(
        "the download of {url} is {received} bytes, not the {expected} the feed names: refused"
    )]
    SizeMismatch {
        /// What was downloaded.
        url: String,
        /// The feed's size.
        expected: u64,
        /// What arrived (for a longer file, at least this much).
        received: u64,
    },
    /// The downloaded file is not the one the feed names.
    #[error("the download of {url} has SHA-256 {actual}, not the feed's {expected}: refused")]
    DigestMismatch {
        /// What was downloaded.
        url: String,
        /// The feed's digest, hex.
        expected: String,
        /// The file's digest, hex.
        actual: String,
    },
    /// A file or folder of the download could not be written.
    #[error("{path}: {source}")]
    File {
        /// The file or folder.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
}

impl UpdateError {
    /// True when the feed was fine and simply offers nothing newer: a person
    /// is told "up to date", not warned.
    pub fn is_up_to_date(&self) -> bool {
        matches!(self, UpdateError::SameVersion { .. })
    }
}
