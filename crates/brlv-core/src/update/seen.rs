//! The newest release feed this installation has verified, remembered so
//! that an older one is refused: a signed feed stays signed for ever, so
//! whoever stands between the program and the feed's address (a network, a
//! mirror, a cache) could otherwise serve last year's, which offers nothing
//! or an old version, and hide a security fix.
//!
//! Kept in `update-feeds.json` beside the profile file, in the person's
//! config folder, owner-only: the window and the command line both read
//! and write it, so a rollback seen by one is refused by the other; it
//! belongs to the installation, not to a profile (the journals are per
//! profile) nor to the window's preferences (which a reset clears); and
//! nobody on the network can write it. What it does not cover: a program of
//! the same user can delete it (the feed's expiry still bounds how old a
//! replayed feed can be), and the first feed an installation ever sees is
//! trusted as the newest.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use super::build_config::UpdateSource;
use super::error::UpdateError;
use super::feed::Feed;

/// The file's name, beside the profile file.
pub const FILE_NAME: &str = "update-feeds.json";

/// The newest feed seen from one source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct SeenFeed {
    /// The highest version a verified feed offered.
    pub version: String,
    /// When the newest verified feed was signed.
    #[serde(with = "time::serde::rfc3339")]
    pub signed: OffsetDateTime,
}

/// The newest feed seen from each source (its address and key).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct FeedMemory {
    /// By source: the feed's address, a space, the key's base64 line.
    #[serde(default)]
    pub feeds: BTreeMap<String, SeenFeed>,
}

impl FeedMemory {
    /// The file beside the profile file `book_path`.
    pub fn path_beside(book_path: &Path) -> PathBuf {
        book_path.with_file_name(FILE_NAME)
    }

    /// Reads the file; a missing one remembers nothing.
    pub fn load(path: &Path) -> Result<FeedMemory, UpdateError> {
        crate::private_file::read_json(path).map_err(|error| memory_error(path, error))
    }

    /// Writes the file whole, owner-only.
    pub fn save(&self, path: &Path) -> Result<(), UpdateError> {
        crate::private_file::write_json(path, self).map_err(|error| memory_error(path, error))
    }

    /// Refuses `feed` from `source` when it has expired at `now` or is older
    /// than the newest seen (a lower version, or the same one signed
    /// earlier); otherwise remembers it when it is the newest.
    pub fn judge(
        &mut self,
        source: &UpdateSource,
        feed: &Feed,
        now: OffsetDateTime,
    ) -> Result<(), UpdateError> {
        if now >= feed.expires {
            return Err(UpdateError::Expired {
                signed: feed.signed,
                expired: feed.expires,
            });
        }
        let key = source_key(source);
        if let Some(seen) = self.feeds.get(&key)
            && let Ok(seen_version) = semver::Version::parse(&seen.version)
        {
            let older = match feed.version.cmp_precedence(&seen_version) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Equal => feed.signed < seen.signed,
                std::cmp::Ordering::Greater => false,
            };
            if older {
                return Err(UpdateError::RolledBack {
                    offered: feed.version.clone(),
                    signed: feed.signed,
                    seen: seen_version,
                    seen_signed: seen.signed,
                });
            }
        }
        self.feeds.insert(
            key,
            SeenFeed {
                version: feed.version.to_string(),
                signed: feed.signed,
            },
        );
        Ok(())
    }
}

fn source_key(source: &UpdateSource) -> String {
    format!("{} {}", source.feed_url, source.public_key.as_base64())
}

fn memory_error(path: &Path, error: crate::private_file::JsonFileError) -> UpdateError {
    let reason = match error {
        crate::private_file::JsonFileError::Io { reason, .. }
        | crate::private_file::JsonFileError::Damaged { reason, .. } => reason,
    };
    UpdateError::File {
        path: path.to_owned(),
        source: std::io::Error::other(reason),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(version: &str, signed: &str, expires: &str) -> Feed {
        let text = format!(
            r#"{{"version":"{version}","date":"2026-01-01","signed":"{signed}","expires":"{expires}","notes":{{"en":"","pt-BR":""}},"platforms":{{}}}}"#
        );
        Feed::parse(text.as_bytes()).unwrap()
    }

    fn at(text: &str) -> OffsetDateTime {
        OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339).unwrap()
    }

    fn source() -> UpdateSource {
        UpdateSource::new(
            "https://releases.example.org/feed.json",
            "RWTq1fFf76WZuaW8Fuz3kX4YGLJTeedrdCxI8Ly+5qq6Hzh7E6SWF7f6",
        )
        .unwrap()
    }

    #[test]
    fn an_older_feed_than_one_seen_is_refused_and_a_newer_one_remembered() {
        let mut memory = FeedMemory::default();
        let now = at("2026-03-10T00:00:00Z");
        let march = feed("0.3.0", "2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z");
        memory.judge(&source(), &march, now).unwrap();
        // A feed of an older release, still within its expiry: rolled back.
        let february = feed("0.2.0", "2026-02-20T00:00:00Z", "2026-03-20T00:00:00Z");
        let error = memory.judge(&source(), &february, now).unwrap_err();
        assert!(matches!(error, UpdateError::RolledBack { .. }), "{error}");
        assert!(error.to_string().contains("0.3.0"), "{error}");
        // The same release signed earlier: an older feed as well.
        let earlier = feed("0.3.0", "2026-02-28T00:00:00Z", "2026-03-30T00:00:00Z");
        assert!(matches!(
            memory.judge(&source(), &earlier, now),
            Err(UpdateError::RolledBack { .. })
        ));
        // The same feed again, and a newer signing, are taken.
        memory.judge(&source(), &march, now).unwrap();
        let resigned = feed("0.3.0", "2026-03-08T00:00:00Z", "2026-04-08T00:00:00Z");
        memory.judge(&source(), &resigned, now).unwrap();
        assert_eq!(
            memory.feeds.values().next().unwrap().signed,
            at("2026-03-08T00:00:00Z")
        );
        // Another source has its own memory.
        let other = UpdateSource::new(
            "http://127.0.0.1:9/sandbox/update/feed.json",
            "RWTq1fFf76WZuaW8Fuz3kX4YGLJTeedrdCxI8Ly+5qq6Hzh7E6SWF7f6",
        )
        .unwrap();
        memory.judge(&other, &february, now).unwrap();
    }

    #[test]
    fn an_expired_feed_is_refused_and_not_remembered() {
        let mut memory = FeedMemory::default();
        let stale = feed("0.3.0", "2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z");
        let error = memory
            .judge(&source(), &stale, at("2026-02-01T00:00:01Z"))
            .unwrap_err();
        assert!(matches!(error, UpdateError::Expired { .. }), "{error}");
        assert!(error.to_string().contains("expired"), "{error}");
        assert!(memory.feeds.is_empty());
    }

    #[test]
    fn the_memory_reads_back_from_its_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = FeedMemory::path_beside(&dir.path().join("profiles.json"));
        assert_eq!(FeedMemory::load(&path).unwrap(), FeedMemory::default());
        let mut memory = FeedMemory::default();
        let march = feed("0.3.0", "2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z");
        memory
            .judge(&source(), &march, at("2026-03-02T00:00:00Z"))
            .unwrap();
        memory.save(&path).unwrap();
        assert_eq!(FeedMemory::load(&path).unwrap(), memory);
    }
}
