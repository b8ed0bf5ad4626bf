//! One GET to the Banco Central's public services (the PTAX's Olinda API,
//! the SGS series of the Selic): JSON asked for, only a 200 taken, and the
//! answer's size bounded as it arrives, declared or not.

/// The address of a Banco Central service (`https://`, or `http://` on a
/// loopback host) and the HTTP client that asks it: `timeout` for a whole
/// answer, no redirect followed (a redirect would be somebody else's
/// answer), through `path` (the profile's proxy and trusted authorities,
/// never a proxy variable the person did not choose: a rate kept in the
/// journal came the way the person chose). Why not, in words.
pub fn connect(
    base_url: &str,
    timeout: std::time::Duration,
    path: &crate::network::NetworkPath,
) -> Result<(reqwest::Client, url::Url), String> {
    let base_url =
        crate::api::client::parse_base_url(base_url).map_err(|error| error.to_string())?;
    let (builder, _) = crate::network::configure(reqwest::Client::builder(), path, &base_url)
        .map_err(|error| error.to_string())?;
    let http = builder
        .timeout(timeout)
        .connect_timeout(std::time::Duration::from_secs(10))
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("brlv-desk/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|error| format!("the HTTP client could not start: {error}"))?;
    Ok((http, base_url))
}

/// Why an answer could not be had.
#[derive(Debug)]
pub enum Fetch {
    /// The service could not be reached, or the answer was cut: why.
    Unreachable(String),
    /// It answered with another status than 200.
    Status(u16),
    /// The answer was larger than its bound.
    TooLarge,
}

/// The body of `url`'s answer, at most `max_bytes` of it.
pub async fn get_bounded(
    http: &reqwest::Client,
    url: url::Url,
    max_bytes: usize,
) -> Result<Vec<u8>, Fetch> {
    let unreachable = |error: reqwest::Error| Fetch::Unreachable(error.to_string());
    let mut response = http
        .get(url)
        .header(reqwest::header::ACCEPT, "application/json")
        .send()
        .await
        .map_err(unreachable)?;
    if response.status() != reqwest::StatusCode::OK {
        return Err(Fetch::Status(response.status().as_u16()));
    }
    if response
        .content_length()
        .is_some_and(|length| length > max_bytes as u64)
    {
        return Err(Fetch::TooLarge);
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(unreachable)? {
        if body.len() + chunk.len() > max_bytes {
            return Err(Fetch::TooLarge);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}
