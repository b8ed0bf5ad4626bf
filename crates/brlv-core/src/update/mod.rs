//! A verified update: the signed release feed, checked and downloaded.
//!
//! The project publishes a small JSON feed (`feed.json`: the version, its
//! date, notes in English and Brazilian Portuguese, and per platform the
//! package's URL, size and SHA-256) with a minisign signature beside it
//! (`feed.json.minisig`, Ed25519). The public key and the feed's address are
//! set when the program is built ([`BuiltInUpdates`]); a build without them
//! never checks.
//!
//! - [`check`] fetches the feed and its signature, verifies the signature
//!   before reading a byte of the feed, refuses a feed past its expiry or
//!   older than the newest already seen ([`FeedMemory`]), and offers the
//!   release only when it is newer than the running version and has a
//!   package for this platform.
//! - [`download`] streams that package into a private folder and keeps it
//!   only when its size and SHA-256 are the feed's. Nothing here runs it;
//!   [`lock_verified`] opens a package so that nobody can change it, and
//!   checks it through that handle, before it is run;
//!   [`Platform::silent_install`] says how the Windows installers are run
//!   with no questions (`brlv-desk update install`).
//! - [`should_check`] is when the automatic check happens: at start and once
//!   a day, when turned on, and never while a form or a payout is in flight.
//! - [`DemoFeedKey`] signs feeds as minisign does, for the sandbox's demo
//!   feed and the tests; releases are signed with minisign itself
//!   (`packaging/make-feed.sh`).
//!
//! Every refusal is an [`UpdateError`].

mod build_config;
mod check;
mod demo_key;
mod download;
mod error;
mod feed;
mod http;
mod schedule;
mod seen;
mod signature;

pub use build_config::{BuiltInUpdates, UpdateSource};
pub use check::{UpdateNotice, check};
pub use demo_key::DemoFeedKey;
pub use download::{
    DownloadProgress, DownloadedPackage, LockedPackage, download, lock_verified, save_package,
    stage_verified,
};
pub use error::UpdateError;
pub use feed::{Feed, PackageEntry, Platform, ReleaseNotes, SilentInstall};
pub use http::{MAX_FEED_BYTES, MAX_PACKAGE_BYTES, MAX_SIGNATURE_BYTES};
pub use schedule::{CHECK_INTERVAL, should_check};
pub use seen::{FeedMemory, SeenFeed};
/// Versions as the feed and [`check`] compare them (semver's precedence).
pub use semver::Version;
pub use signature::{FeedPublicKey, verify_feed};
