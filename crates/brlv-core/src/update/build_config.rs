//! Where this build looks for updates and whose signature it trusts: set
//! when the program is built, from `BRLV_UPDATE_FEED_URL` and
//! `BRLV_UPDATE_PUBLIC_KEY` (the base64 line of the release key's
//! `minisign.pub`), so neither can be changed on an installed copy.

use url::Url;

use super::error::UpdateError;
use super::http::check_url;
use super::signature::FeedPublicKey;

/// The feed address this program was built with, if any.
const BUILT_IN_FEED_URL: Option<&str> = option_env!("BRLV_UPDATE_FEED_URL");
/// The release key this program was built with, if any.
const BUILT_IN_PUBLIC_KEY: Option<&str> = option_env!("BRLV_UPDATE_PUBLIC_KEY");

/// A feed and the key it must be signed with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpdateSource {
    /// The feed's address; its signature is the same address with `.minisig` added.
    pub feed_url: Url,
    /// The key the feed must be signed with.
    pub public_key: FeedPublicKey,
}

impl UpdateSource {
    /// A source from an address and a key (the base64 line or a `.pub` file's text).
    pub fn new(feed_url: &str, public_key: &str) -> Result<UpdateSource, UpdateError> {
        Ok(UpdateSource {
            feed_url: check_url(feed_url)?,
            public_key: FeedPublicKey::parse(public_key)?,
        })
    }

    /// Where the feed's signature is: the feed's address with `.minisig`
    /// added to its path, as minisign names the file.
    pub fn signature_url(&self) -> Url {
        let mut url = self.feed_url.clone();
        url.set_path(&format!("{}.minisig", self.feed_url.path()));
        url
    }
}

/// What this build does about updates, for Settings to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuiltInUpdates {
    /// It checks this feed.
    Configured(UpdateSource),
    /// Built without a feed address: it never checks.
    NotConfigured,
    /// Built with a feed address but no usable key (or a refused address):
    /// it never checks, and this says why.
    Misconfigured(String),
}

impl BuiltInUpdates {
    /// What this build was given.
    pub fn of_this_build() -> BuiltInUpdates {
        BuiltInUpdates::from_values(BUILT_IN_FEED_URL, BUILT_IN_PUBLIC_KEY)
    }

    /// What a build given these values would do.
    pub fn from_values(feed_url: Option<&str>, public_key: Option<&str>) -> BuiltInUpdates {
        let feed_url = feed_url.map(str::trim).filter(|url| !url.is_empty());
        let public_key = public_key.map(str::trim).filter(|key| !key.is_empty());
        match (feed_url, public_key) {
            (None, _) => BuiltInUpdates::NotConfigured,
            (Some(_), None) => BuiltInUpdates::Misconfigured(
                "built with BRLV_UPDATE_FEED_URL but without BRLV_UPDATE_PUBLIC_KEY".to_owned(),
            ),
            (Some(url), Some(key)) => match UpdateSource::new(url, key) {
                Ok(source) => BuiltInUpdates::Configured(source),
                Err(error) => BuiltInUpdates::Misconfigured(error.to_string()),
            },
        }
    }

    /// The source to check, or why there is none.
    pub fn source(&self) -> Result<&UpdateSource, UpdateError> {
        match self {
            BuiltInUpdates::Configured(source) => Ok(source),
            BuiltInUpdates::NotConfigured => Err(UpdateError::NotConfigured),
            BuiltInUpdates::Misconfigured(reason) => Err(UpdateError::PublicKey(reason.clone())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "RWTq1fFf76WZuaW8Fuz3kX4YGLJTeedrdCxI8Ly+5qq6Hzh7E6SWF7f6";

    #[test]
    fn a_build_without_a_feed_never_checks_and_says_so() {
        assert_eq!(
            BuiltInUpdates::from_values(None, Some(KEY)),
            BuiltInUpdates::NotConfigured
        );
        assert!(matches!(
            BuiltInUpdates::from_values(None, None).source(),
            Err(UpdateError::NotConfigured)
        ));
        assert!(matches!(
            BuiltInUpdates::from_values(Some("https://example.org/feed.json"), None),
            BuiltInUpdates::Misconfigured(_)
        ));
        assert!(matches!(
            BuiltInUpdates::from_values(Some("http://example.org/feed.json"), Some(KEY)),
            BuiltInUpdates::Misconfigured(_)
        ));
    }

    #[test]
    fn the_signature_sits_beside_the_feed() {
        let BuiltInUpdates::Configured(source) =
            BuiltInUpdates::from_values(Some("https://example.org/brlv/feed.json"), Some(KEY))
        else {
            panic!("configured");
        };
        assert_eq!(
            source.signature_url().as_str(),
            "https://example.org/brlv/feed.json.minisig"
        );
    }
}
