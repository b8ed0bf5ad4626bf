//! Checking the feed: fetched with its signature, verified, read, and
//! offered only when newer and with a package for this platform.

use std::cmp::Ordering;

use time::Date;

use super::build_config::UpdateSource;
use super::error::UpdateError;
use super::feed::{Feed, PackageEntry, Platform, ReleaseNotes};
use super::http::{MAX_FEED_BYTES, MAX_SIGNATURE_BYTES, client, get, read_capped};
use super::seen::FeedMemory;
use super::signature::verify_feed;

/// A newer release for this platform, from a feed whose signature verified:
/// what the window's notice shows and what [`super::download`] fetches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpdateNotice {
    /// The version offered, newer than the running one.
    pub version: semver::Version,
    /// The day it was released.
    pub date: Date,
    /// What changed, in both languages.
    pub notes: ReleaseNotes,
    /// It fixes a security problem.
    pub security: bool,
    /// The platform whose package this is.
    pub platform: Platform,
    /// The package: where, how big, its SHA-256.
    pub package: PackageEntry,
}

impl UpdateNotice {
    /// The one command that installs the package once downloaded to
    /// `path`, on Linux.
    pub fn install_command(&self, path: &std::path::Path) -> Option<String> {
        self.platform.install_command(path)
    }
}

/// Fetches `source`'s feed and signature and returns the release it
/// offers to a program at version `running` installed as `platform`.
///
/// Refused, each with its [`UpdateError`]: no signature
/// ([`UpdateError::Unsigned`]), one by another key
/// ([`UpdateError::WrongKey`]) or not matching the feed
/// ([`UpdateError::BadSignature`]), a feed that does not read
/// ([`UpdateError::Malformed`]), the running version
/// ([`UpdateError::SameVersion`]) or an older one
/// ([`UpdateError::Downgrade`]), an expired feed ([`UpdateError::Expired`])
/// or one older than the newest `memory` (the file, when there is one)
/// holds for this source ([`UpdateError::RolledBack`]), and no package for
/// `platform` ([`UpdateError::NoPackageForPlatform`]). A verified feed that
/// is the newest seen is remembered in `memory`, whatever it offers.
pub async fn check(
    source: &UpdateSource,
    running: &semver::Version,
    platform: Platform,
    memory: Option<&std::path::Path>,
) -> Result<UpdateNotice, UpdateError> {
    let http = client()?;
    let signature_url = source.signature_url();
    let signature = match get(&http, &signature_url).await {
        Ok(response) => read_capped(&signature_url, response, MAX_SIGNATURE_BYTES).await?,
        Err(UpdateError::HttpStatus { status: 404, .. }) => {
            return Err(UpdateError::Unsigned {
                url: signature_url.to_string(),
            });
        }
        Err(error) => return Err(error),
    };
    let signature = String::from_utf8(signature)
        .map_err(|_| UpdateError::SignatureMalformed("it is not text".to_owned()))?;
    if signature.trim().is_empty() {
        return Err(UpdateError::Unsigned {
            url: signature_url.to_string(),
        });
    }
    let feed_response = get(&http, &source.feed_url).await?;
    let feed_bytes = read_capped(&source.feed_url, feed_response, MAX_FEED_BYTES).await?;
    verify_feed(&feed_bytes, &signature, &source.public_key)?;
    let feed = Feed::parse(&feed_bytes)?;
    let now = time::OffsetDateTime::now_utc();
    match memory {
        Some(path) => {
            let mut seen = FeedMemory::load(path)?;
            seen.judge(source, &feed, now)?;
            seen.save(path)?;
        }
        // No config folder: the expiry is still checked.
        None => FeedMemory::default().judge(source, &feed, now)?,
    }
    offer(feed, running, platform)
}

/// What a verified feed offers to `running` on `platform`.
pub(crate) fn offer(
    mut feed: Feed,
    running: &semver::Version,
    platform: Platform,
) -> Result<UpdateNotice, UpdateError> {
    // Build metadata (`+…`) says nothing about which release is newer.
    match feed.version.cmp_precedence(running) {
        Ordering::Greater => {}
        Ordering::Equal => {
            return Err(UpdateError::SameVersion {
                version: running.clone(),
            });
        }
        Ordering::Less => {
            return Err(UpdateError::Downgrade {
                offered: feed.version,
                running: running.clone(),
            });
        }
    }
    let Some(package) = feed.packages.remove(&platform) else {
        return Err(UpdateError::NoPackageForPlatform {
            version: feed.version,
            platform: platform.as_str().to_owned(),
            offered: if feed.listed.is_empty() {
                "none".to_owned()
            } else {
                feed.listed.join(", ")
            },
        });
    };
    Ok(UpdateNotice {
        version: feed.version,
        date: feed.date,
        notes: feed.notes,
        security: feed.security,
        platform,
        package,
    })
}
