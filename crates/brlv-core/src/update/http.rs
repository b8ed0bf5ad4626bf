//! The update path's HTTP: the core client's conventions (`https://` unless
//! the host is this machine, no redirect followed, answers bounded), for
//! the feed, its signature and the package.

use std::time::Duration;

use url::Url;

use super::error::UpdateError;

/// The largest feed accepted: a feed is a few hundred bytes per platform.
pub const MAX_FEED_BYTES: u64 = 64 * 1024;
/// The largest signature file accepted (minisign's are under 400 bytes).
pub const MAX_SIGNATURE_BYTES: u64 = 4 * 1024;
/// The largest package a feed may name.
pub const MAX_PACKAGE_BYTES: u64 = 1024 * 1024 * 1024;

/// How long a connection may take to open, and a read to wait for bytes.
const PATIENCE: Duration = Duration::from_secs(30);

/// Checks an address the update path will fetch: `https://`, or `http://`
/// on a loopback host (the sandbox, tests).
pub(crate) fn check_url(raw: &str) -> Result<Url, UpdateError> {
    let refuse = |reason: &str| UpdateError::Url {
        url: raw.to_owned(),
        reason: reason.to_owned(),
    };
    let url = Url::parse(raw.trim()).map_err(|error| refuse(&error.to_string()))?;
    match url.scheme() {
        "https" => {}
        "http" if is_loopback(&url) => {}
        "http" => return Err(refuse("plain http is accepted only on this machine")),
        _ => return Err(refuse("only https:// addresses are fetched")),
    }
    if url.host().is_none() {
        return Err(refuse("it names no host"));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(refuse("it carries a user name or password"));
    }
    Ok(url)
}

fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(domain)) => domain.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

/// The client every update request goes through: straight to the feed's
/// server (the update check belongs to no profile, so to no profile's
/// proxy), trusting the system's authorities only, never a variable's.
pub(crate) fn client() -> Result<reqwest::Client, UpdateError> {
    let builder = reqwest::Client::builder();
    let direct = crate::network::NetworkPath::default();
    // Direct: the target only picks a proxy, and there is none to pick.
    let target = url::Url::parse("https://localhost/").map_err(|error| UpdateError::Network {
        url: String::new(),
        message: error.to_string(),
    })?;
    let (builder, _) = crate::network::configure(builder, &direct, &target).map_err(|error| {
        UpdateError::Network {
            url: String::new(),
            message: error.to_string(),
        }
    })?;
    builder
        .connect_timeout(PATIENCE)
        .read_timeout(PATIENCE)
        // A redirect could lead off the checked address (to plain http, or
        // elsewhere): the feed names the exact files.
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("brlv-desk-update/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|error| UpdateError::Network {
            url: String::new(),
            message: format!("the HTTP client could not start: {error}"),
        })
}

/// Starts a GET and returns the answer once its status is 200.
pub(crate) async fn get(
    http: &reqwest::Client,
    url: &Url,
) -> Result<reqwest::Response, UpdateError> {
    let response = http
        .get(url.clone())
        .send()
        .await
        .map_err(|error| network(url, &error))?;
    let status = response.status().as_u16();
    if status != 200 {
        return Err(UpdateError::HttpStatus {
            url: url.to_string(),
            status,
        });
    }
    Ok(response)
}

/// Reads a whole answer of at most `limit` bytes.
pub(crate) async fn read_capped(
    url: &Url,
    mut response: reqwest::Response,
    limit: u64,
) -> Result<Vec<u8>, UpdateError> {
    let too_large = || UpdateError::TooLarge {
        url: url.to_string(),
        limit,
    };
    if response
        .content_length()
        .is_some_and(|length| length > limit)
    {
        return Err(too_large());
    }
    let mut body = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|error| network(url, &error))?
    {
        if body.len() as u64 + chunk.len() as u64 > limit {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

pub(crate) fn network(url: &Url, error: &reqwest::Error) -> UpdateError {
    // reqwest's Display leaves out the cause (refused, reset, timed out).
    let mut message = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    UpdateError::Network {
        url: url.to_string(),
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_https_or_this_machine_is_fetched() {
        assert!(check_url("https://releases.example.org/feed.json").is_ok());
        assert!(check_url("http://127.0.0.1:8787/update/feed.json").is_ok());
        assert!(check_url("http://localhost/feed.json").is_ok());
        assert!(check_url("http://[::1]/feed.json").is_ok());
        for refused in [
            "http://releases.example.org/feed.json",
            "ftp://releases.example.org/feed.json",
            "file:///etc/passwd",
            "https://user:secret@example.org/feed.json",
            "feed.json",
        ] {
            assert!(
                matches!(check_url(refused), Err(UpdateError::Url { .. })),
                "{refused}"
            );
        }
    }
}
