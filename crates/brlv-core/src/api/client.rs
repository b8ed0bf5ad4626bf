//! [`Client`]: one async method per endpoint of spec section 4, all going
//! through one [`Client::send`] that signs every attempt, bounds the answer,
//! learns the service's clock from a token refused for its time, and retries
//! reads (never writes).

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use reqwest::Method;
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, DATE, HeaderMap, HeaderValue, RETRY_AFTER};
use secrecy::ExposeSecret;
use serde::Serialize;
use serde::de::DeserializeOwned;
use url::Url;
use uuid::Uuid;

use super::auth::Signer;
use super::error::{BaseUrlProblem, Error, PathProblem, UnauthorizedHint};
use super::footprint::Footprint;
use super::model::ServiceErrorObject;
use super::model::{
    Asset, Balance, BalanceAsset, BalanceEnvelope, Claim, ClaimEnvelope, ClaimableBalance,
    CreateClaim, CreateOrder, CreateQuote, CreateTransfer, CreateWallet, CreateWithdrawal,
    CreatedWallet, CreatedWalletEnvelope, Deposit, DepositAsset, DepositsEnvelope, ErrorBody,
    Order, OrderEnvelope, OrdersEnvelope, PerAssetWithdrawal, PerAssetWithdrawalsEnvelope, Quote,
    QuoteEnvelope, TaxExemptionProgress, TaxExemptionProgressEnvelope, Transfer, TransferEnvelope,
    TransferFilter, TransfersEnvelope, Wallet, WalletFilter, WalletsEnvelope, Withdrawal,
    WithdrawalEnvelope, WithdrawalsEnvelope,
};
use super::stream::{ListDecoder, StreamedList};
use super::version::API_PREFIX;

/// The largest answer accepted, in bytes.
pub const MAX_RESPONSE_BYTES: usize = 32 * 1024 * 1024;
/// How long one attempt may wait for the service's whole answer.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(20);
/// Skew below this many seconds is measurement noise (`Date` has 1 s resolution).
const SKEW_NOISE_SECS: i64 = 2;
/// Skew above which a 401 is blamed on the clock.
pub const SKEW_HINT_SECS: i64 = 10;

/// When and how reads are retried. Writes are never retried: the interface
/// has no idempotency key, so a repeated POST could pay twice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Attempts in all, the first included.
    pub max_attempts: u32,
    /// Wait before the second attempt; doubled for each further one.
    pub initial_backoff: Duration,
    /// Cap on the doubled wait.
    pub max_backoff: Duration,
    /// A `Retry-After` longer than this is not waited out: the error is returned.
    pub max_retry_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_attempts: 3,
            initial_backoff: Duration::from_millis(300),
            max_backoff: Duration::from_secs(5),
            max_retry_after: Duration::from_secs(30),
        }
    }
}

/// Where and how the client talks to the service.
#[derive(Clone, Debug)]
pub struct ClientConfig {
    /// The service's base address (`{base_url}` of the spec).
    pub base_url: Url,
    /// Signs each request.
    pub signer: Signer,
    /// Limit on one attempt, connection to last byte.
    pub timeout: Duration,
    /// Retries of reads.
    pub retry: RetryPolicy,
    /// Largest answer accepted.
    pub max_response_bytes: usize,
    /// The proxy and the trusted authorities: the profile's setting, never
    /// the environment's ([`crate::network`]).
    pub network: crate::network::NetworkPath,
}

impl ClientConfig {
    /// A configuration with default timeout (20 s), retries and size limit.
    /// The base URL must be `https://`, or `http://` on a loopback host.
    pub fn new(base_url: &str, signer: Signer) -> Result<ClientConfig, Error> {
        Ok(ClientConfig {
            base_url: parse_base_url(base_url)?,
            signer,
            timeout: DEFAULT_TIMEOUT,
            retry: RetryPolicy::default(),
            max_response_bytes: MAX_RESPONSE_BYTES,
            network: crate::network::NetworkPath::default(),
        })
    }
}

/// Checks a base URL: absolute, `https` unless the host is loopback, no query or fragment.
pub fn parse_base_url(raw: &str) -> Result<Url, Error> {
    let refuse = |problem: BaseUrlProblem| Error::BaseUrl {
        url: raw.to_owned(),
        problem,
    };
    let url = Url::parse(raw.trim())
        .map_err(|error| refuse(BaseUrlProblem::NotAUrl(error.to_string())))?;
    if url.query().is_some() || url.fragment().is_some() {
        return Err(refuse(BaseUrlProblem::QueryOrFragment));
    }
    match url.scheme() {
        "https" => {}
        "http" if is_loopback_host(&url) => {}
        "http" => return Err(refuse(BaseUrlProblem::PlainHttp)),
        other => return Err(refuse(BaseUrlProblem::Scheme(other.to_owned()))),
    }
    if url.cannot_be_a_base() || url.host().is_none() {
        return Err(refuse(BaseUrlProblem::NoHost));
    }
    Ok(url)
}

/// Refuses a path (with its query) given to [`Client::raw_url`] that names
/// a scheme (`https:`, `file:`…), starts with `//`, holds a backslash, a
/// space or control character, a `.` or `..` segment, or a percent-encoded
/// backslash or slash that would make one. The spec's asset ids travel as one
/// segment with an encoded slash (`fiat%2Fbrl`), so `%2F` between two
/// ordinary names is kept.
pub fn check_relative_path(path_and_query: &str) -> Result<(), Error> {
    let refuse = |problem| {
        Err(Error::PathRefused {
            path: path_and_query.to_owned(),
            problem,
        })
    };
    if path_and_query
        .chars()
        .any(|c| c.is_control() || c.is_whitespace())
    {
        return refuse(PathProblem::ControlCharacter);
    }
    if path_and_query.contains('\\') {
        return refuse(PathProblem::Backslash);
    }
    if path_and_query.starts_with("//") {
        return refuse(PathProblem::OtherHost);
    }
    let first_part = path_and_query
        .split(['/', '?', '#'])
        .next()
        .unwrap_or_default();
    if first_part.contains(':') {
        return refuse(PathProblem::Absolute);
    }
    let path = path_and_query.split(['?', '#']).next().unwrap_or_default();
    match path_problem(path) {
        Some(problem) => refuse(problem),
        None => Ok(()),
    }
}

/// How many times a segment is percent-decoded when looking for what a
/// server that decodes (once, or again) would see.
const DECODE_ROUNDS: usize = 3;

/// A `.`/`..` segment, a backslash, or an encoded separator in `path`, as
/// written or after up to [`DECODE_ROUNDS`] percent-decodings.
fn path_problem(path: &str) -> Option<PathProblem> {
    for segment in path.split('/') {
        let mut seen = std::borrow::Cow::Borrowed(segment);
        for round in 0..=DECODE_ROUNDS {
            if seen == "." || seen == ".." {
                return Some(PathProblem::DotSegment);
            }
            if seen.contains('\\') {
                return Some(if round == 0 {
                    PathProblem::Backslash
                } else {
                    PathProblem::EncodedSeparator
                });
            }
            if seen.contains('/') {
                for part in seen.split('/') {
                    if part.is_empty() || part == "." || part == ".." {
                        return Some(PathProblem::EncodedSeparator);
                    }
                }
            }
            let decoded = percent_decoded(&seen);
            if decoded == seen {
                break;
            }
            seen = std::borrow::Cow::Owned(decoded);
        }
    }
    None
}

/// `text` with each `%XX` replaced by its byte (invalid UTF-8 shown as U+FFFD).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        let hex = bytes
            .get(index + 1..index + 3)
            .filter(|pair| pair.iter().all(u8::is_ascii_hexdigit))
            .and_then(|pair| std::str::from_utf8(pair).ok())
            .and_then(|pair| u8::from_str_radix(pair, 16).ok());
        match (byte, hex) {
            (b'%', Some(decoded)) => {
                out.push(decoded);
                index += 3;
            }
            _ => {
                out.push(byte);
                index += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn is_loopback_host(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(domain)) => domain.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

/// An HTTP answer as received, before it is judged.
#[derive(Clone, Debug)]
pub struct RawResponse {
    /// HTTP status.
    pub status: u16,
    /// The body, at most the configured size.
    pub body: Vec<u8>,
    /// `Retry-After`, when sent.
    pub retry_after: Option<Duration>,
    /// Service time minus local time from this answer's `Date`, in seconds.
    pub measured_skew_secs: Option<i64>,
    /// The clock correction the request was signed with.
    pub signed_with_offset_secs: i64,
}

impl RawResponse {
    /// Whether the status is 2xx.
    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The body of a 2xx answer, or the error the status and body describe.
    pub fn into_result(self) -> Result<Vec<u8>, Error> {
        if self.is_success() {
            return Ok(self.body);
        }
        let error_object = serde_json::from_slice::<ErrorBody>(&self.body)
            .ok()
            .map(|body| body.error);
        match self.status {
            401 => {
                let clock_error = self
                    .measured_skew_secs
                    .map(|skew| skew - self.signed_with_offset_secs);
                let hint = match (self.measured_skew_secs, clock_error) {
                    (Some(skew), Some(error)) if error.abs() > SKEW_HINT_SECS => {
                        UnauthorizedHint::ClockSkew { offset_secs: skew }
                    }
                    _ => UnauthorizedHint::CheckCredentials,
                };
                Err(Error::Unauthorized {
                    error: error_object,
                    hint,
                })
            }
            429 => Err(Error::RateLimited {
                retry_after: self.retry_after,
                error: error_object,
            }),
            status => match error_object {
                Some(error) => Err(Error::Service { status, error }),
                None => Err(Error::unexpected_answer(
                    status,
                    "the body is not the service's error object",
                    &self.body,
                )),
            },
        }
    }
}

/// The v0 client. Cheap to clone; clones share the connection pool and the
/// learned clock offset.
#[derive(Clone, Debug)]
pub struct Client {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    http: reqwest::Client,
    config: ClientConfig,
    route: crate::network::Route,
    clock_offset_secs: AtomicI64,
}

impl Client {
    /// Builds a client.
    pub fn new(config: ClientConfig) -> Result<Client, Error> {
        let builder = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(config.timeout.min(Duration::from_secs(10)))
            // A redirect would change the path the token was signed for.
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("brlv-desk/", env!("CARGO_PKG_VERSION")));
        let (builder, route) =
            crate::network::configure(builder, &config.network, &config.base_url)
                .map_err(|error| Error::Config(error.to_string()))?;
        let http = builder
            .build()
            .map_err(|error| Error::Config(format!("the HTTP client could not start: {error}")))?;
        Ok(Client {
            inner: Arc::new(Inner {
                http,
                config,
                route,
                clock_offset_secs: AtomicI64::new(0),
            }),
        })
    }

    /// The service's base address.
    pub fn base_url(&self) -> &Url {
        &self.inner.config.base_url
    }

    /// Its network path (the profile's proxy setting and certificate).
    pub fn network(&self) -> &crate::network::NetworkPath {
        &self.inner.config.network
    }

    /// The proxy its requests go through (`host:port`), resolved when it was
    /// built; `None` when they go straight to the service.
    pub fn proxy_shown(&self) -> Option<&str> {
        self.inner.route.proxy.as_deref()
    }

    /// What signs its requests (the key that also binds a saved profile's
    /// address, see [`crate::profile_binding`]).
    pub fn signer(&self) -> &Signer {
        &self.inner.config.signer
    }

    /// Service time minus local time, as learned from the `Date` header of
    /// the last answer that refused a token for its time (see
    /// [`refused_for_time`]).
    pub fn clock_offset_secs(&self) -> i64 {
        self.inner.clock_offset_secs.load(Ordering::Relaxed)
    }

    /// Learns the service's clock from `raw` when, and only when, it is a
    /// 401 that says the token's time was refused. A successful answer
    /// teaches nothing: its `Date` may be wrong (a proxy, a cache, a
    /// gateway's own clock) while the service accepted the token, and
    /// learning from it would make the next token wrong.
    fn learn_clock(&self, raw: &RawResponse) {
        if raw.status != 401 {
            return;
        }
        let error = serde_json::from_slice::<ErrorBody>(&raw.body)
            .ok()
            .map(|body| body.error);
        let (Some(skew), true) = (raw.measured_skew_secs, refused_for_time(error.as_ref())) else {
            return;
        };
        let corrected = if skew.abs() < SKEW_NOISE_SECS {
            0
        } else {
            skew
        };
        self.inner
            .clock_offset_secs
            .store(corrected, Ordering::Relaxed);
    }

    fn local_unix_secs() -> i64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| {
                i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
            })
    }

    /// The address of an endpoint: base URL, API prefix, then each segment
    /// percent-encoded on its own (so `fiat/brl` stays one segment).
    pub fn endpoint_url(&self, segments: &[&str], query: &[(&str, String)]) -> Result<Url, Error> {
        let mut url = self.inner.config.base_url.clone();
        {
            let mut path = url
                .path_segments_mut()
                .map_err(|_| Error::Config("the base URL cannot take a path".to_owned()))?;
            path.pop_if_empty();
            path.extend(API_PREFIX.split('/').filter(|part| !part.is_empty()));
            path.extend(segments);
        }
        if !query.is_empty() {
            url.query_pairs_mut().extend_pairs(query);
        }
        Ok(url)
    }

    /// The address of a raw path such as `/api/v0/orders?state=created`,
    /// relative to the base URL (its own path prefix kept). A path that
    /// could lead anywhere else is refused (see [`check_relative_path`]):
    /// `Url::join` takes an absolute URL, `//host` or `\\host` as it is, and
    /// the API key and a signed token would go there.
    pub fn raw_url(&self, path_and_query: &str) -> Result<Url, Error> {
        check_relative_path(path_and_query)?;
        let mut base = self.inner.config.base_url.clone();
        if !base.path().ends_with('/') {
            let with_slash = format!("{}/", base.path());
            base.set_path(&with_slash);
        }
        let url = base
            .join(path_and_query.trim_start_matches('/'))
            .map_err(|error| {
                Error::Config(format!("{path_and_query:?} is not a valid path: {error}"))
            })?;
        self.check_under_base(&url)?;
        Ok(url)
    }

    /// Refuses `url` unless it is under the base URL: the same scheme, host
    /// and port, a path inside the base's own path, and no `.`/`..` segment
    /// or encoded separator a server might decode into one. Every request
    /// passes here before it is signed, so the app is held to it too.
    pub fn check_under_base(&self, url: &Url) -> Result<(), Error> {
        let base = &self.inner.config.base_url;
        let refuse = |problem| Error::PathRefused {
            path: url.to_string(),
            problem,
        };
        let outside = || refuse(PathProblem::OutsideBase(base.to_string()));
        if url.scheme() != base.scheme()
            || url.host() != base.host()
            || url.port_or_known_default() != base.port_or_known_default()
            || !url.username().is_empty()
            || url.password().is_some()
        {
            return Err(outside());
        }
        let prefix = base.path().trim_end_matches('/');
        let path = url.path();
        let inside = path
            .strip_prefix(prefix)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'));
        if !inside {
            return Err(outside());
        }
        match path_problem(path) {
            Some(problem) => Err(refuse(problem)),
            None => Ok(()),
        }
    }

    /// Sends one request (signed afresh on every attempt) and returns the
    /// answer whatever its status. Reads are retried on transient failures;
    /// writes are sent exactly once. Any request is sent once more after a 401
    /// that taught the client a clock correction, since a refused request was
    /// not applied.
    pub async fn send(
        &self,
        method: Method,
        url: Url,
        body: Vec<u8>,
    ) -> Result<RawResponse, Error> {
        let mut retries = Retries::new(method == Method::GET);
        loop {
            let offset_before = self.clock_offset_secs();
            let result = self.attempt(&method, &url, &body).await;
            let failure = match &result {
                Ok(raw) if raw.is_success() => return result,
                Ok(raw) => {
                    self.learn_clock(raw);
                    raw.clone().into_result().err()
                }
                Err(error) => Some(error.clone()),
            };
            let Some(failure) = failure else {
                return result;
            };
            match retries.after(self, &failure, offset_before, &url) {
                Some(wait) => tokio::time::sleep(wait).await,
                None => return result,
            }
        }
    }

    /// `GET` of the list under `field` of the answer, its records decoded
    /// while the answer streams in (see [`super::stream`]) and refused as
    /// soon as they would take more than `budget_bytes` of memory. Retried
    /// like every read, until the answer starts.
    pub async fn get_list<T: DeserializeOwned + Footprint + Send + 'static>(
        &self,
        segments: &[&str],
        field: &'static str,
        budget_bytes: u64,
    ) -> Result<StreamedList<T>, Error> {
        let url = self.endpoint_url(segments, &[])?;
        let mut retries = Retries::new(true);
        loop {
            let offset_before = self.clock_offset_secs();
            let failure =
                match self.open(&Method::GET, &url, &[]).await {
                    Ok(mut opened) if (200..300).contains(&opened.status) => {
                        if opened.response.content_length().is_some_and(|length| {
                            length > ListDecoder::<T>::answer_limit(budget_bytes)
                        }) {
                            return Err(Error::ListOverBudget { budget_bytes });
                        }
                        let mut decoder = ListDecoder::<T>::start(field, budget_bytes);
                        while let Some(chunk) = opened
                            .response
                            .chunk()
                            .await
                            .map_err(|error| self.transport_error(&error))?
                        {
                            if !decoder.feed(chunk).await? {
                                break;
                            }
                        }
                        // `BRLV_LOG=brlv_timing=debug` times a list from here to its rows drawn.
                        tracing::debug!(target: "brlv_timing", %url, "last byte received");
                        return decoder.finish(opened.status).await;
                    }
                    Ok(opened) => {
                        let limit = self.inner.config.max_response_bytes;
                        match self.read_body(opened, limit).await {
                            Ok(raw) => {
                                self.learn_clock(&raw);
                                raw.into_result().err()
                            }
                            Err(error) => Some(error),
                        }
                    }
                    Err(error) => Some(error),
                };
            let Some(failure) = failure else {
                return Err(Error::Config(
                    "a failed answer read as a success".to_owned(),
                ));
            };
            match retries.after(self, &failure, offset_before, &url) {
                Some(wait) => tokio::time::sleep(wait).await,
                None => return Err(failure),
            }
        }
    }

    async fn attempt(&self, method: &Method, url: &Url, body: &[u8]) -> Result<RawResponse, Error> {
        let opened = self.open(method, url, body).await?;
        self.read_body(opened, self.inner.config.max_response_bytes)
            .await
    }

    /// Signs and sends one request and reads the answer's head: status,
    /// the clock from `Date`, `Retry-After`. The body is left to read.
    async fn open(&self, method: &Method, url: &Url, body: &[u8]) -> Result<Opened, Error> {
        self.check_under_base(url)?;
        let signer = &self.inner.config.signer;
        let offset = self.clock_offset_secs();
        let token = signer.token(url.path(), body, Self::local_unix_secs() + offset)?;
        let mut headers = HeaderMap::new();
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        let mut api_key =
            HeaderValue::from_str(signer.api_key().expose_secret()).map_err(|_| {
                Error::Config("the API key contains characters not allowed in a header".to_owned())
            })?;
        api_key.set_sensitive(true);
        headers.insert("X-API-Key", api_key);
        let mut bearer = HeaderValue::from_str(&format!("Bearer {}", token.expose_secret()))
            .map_err(|_| Error::Config("the signed token is not a valid header".to_owned()))?;
        bearer.set_sensitive(true);
        headers.insert(AUTHORIZATION, bearer);

        let mut request = self
            .inner
            .http
            .request(method.clone(), url.clone())
            .headers(headers);
        if !body.is_empty() {
            request = request.body(body.to_vec());
        }
        let response = request
            .send()
            .await
            .map_err(|error| self.transport_error(&error))?;
        let status = response.status().as_u16();
        let measured_skew_secs = response
            .headers()
            .get(DATE)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| httpdate::parse_http_date(value).ok())
            .map(skew_from_server_time);
        let retry_after = response
            .headers()
            .get(RETRY_AFTER)
            .and_then(|value| value.to_str().ok())
            .and_then(parse_retry_after);

        Ok(Opened {
            response,
            status,
            retry_after,
            measured_skew_secs,
            signed_with_offset_secs: offset,
        })
    }

    /// Reads a whole body, refused past `limit` bytes.
    async fn read_body(&self, opened: Opened, limit: usize) -> Result<RawResponse, Error> {
        let Opened {
            mut response,
            status,
            retry_after,
            measured_skew_secs,
            signed_with_offset_secs,
        } = opened;
        if response
            .content_length()
            .is_some_and(|length| length > limit as u64)
        {
            return Err(Error::ResponseTooLarge { limit_bytes: limit });
        }
        let mut received = Vec::with_capacity(
            response
                .content_length()
                .and_then(|length| usize::try_from(length).ok())
                .unwrap_or(0),
        );
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|error| self.transport_error(&error))?
        {
            if received.len() + chunk.len() > limit {
                return Err(Error::ResponseTooLarge { limit_bytes: limit });
            }
            received.extend_from_slice(&chunk);
        }
        Ok(RawResponse {
            status,
            body: received,
            retry_after,
            measured_skew_secs,
            signed_with_offset_secs,
        })
    }

    fn transport_error(&self, error: &reqwest::Error) -> Error {
        // A connect that timed out never wrote the request: it is "could
        // not reach", not a lost answer.
        if error.is_timeout() && !error.is_connect() {
            return Error::Timeout {
                after: self.inner.config.timeout,
            };
        }
        let mut message = error.to_string();
        let mut source = std::error::Error::source(error);
        while let Some(cause) = source {
            message.push_str(": ");
            message.push_str(&cause.to_string());
            source = cause.source();
        }
        Error::Network {
            // A transport's words can quote what the other end sent.
            message: crate::api::safe_text::message(&message).into_owned(),
            maybe_delivered: !error.is_connect(),
        }
    }

    async fn get<T: DeserializeOwned>(
        &self,
        segments: &[&str],
        query: &[(&str, String)],
    ) -> Result<T, Error> {
        let url = self.endpoint_url(segments, query)?;
        let raw = self.send(Method::GET, url, Vec::new()).await?;
        decode(raw)
    }

    async fn post<B: Serialize, T: DeserializeOwned>(
        &self,
        segments: &[&str],
        body: &B,
    ) -> Result<T, Error> {
        let url = self.endpoint_url(segments, &[])?;
        let bytes = serde_json::to_vec(body)
            .map_err(|error| Error::Config(format!("the request could not be encoded: {error}")))?;
        let raw = self.send(Method::POST, url, bytes).await?;
        decode(raw)
    }

    /// `POST /api/v0/quotes`: a quote to accept with [`Client::create_order`].
    pub async fn create_quote(&self, request: &CreateQuote) -> Result<Quote, Error> {
        self.post::<_, QuoteEnvelope>(&["quotes"], request)
            .await
            .map(|envelope| envelope.quote)
    }

    /// `POST /api/v0/orders`: accepts a quote (spec 4.1).
    pub async fn create_order(&self, request: &CreateOrder) -> Result<Order, Error> {
        self.post::<_, OrderEnvelope>(&["orders"], request)
            .await
            .map(|envelope| envelope.order)
    }

    /// `GET /api/v0/orders`.
    pub async fn list_orders(&self) -> Result<Vec<Order>, Error> {
        self.get::<OrdersEnvelope>(&["orders"], &[])
            .await
            .map(|envelope| envelope.orders)
    }

    /// `GET /api/v0/orders/{id}`.
    pub async fn get_order(&self, id: Uuid) -> Result<Order, Error> {
        let id = id.to_string();
        self.get::<OrderEnvelope>(&["orders", &id], &[])
            .await
            .map(|envelope| envelope.order)
    }

    /// `POST /api/v0/transfers` (spec 4.2).
    pub async fn create_transfer(&self, request: &CreateTransfer) -> Result<Transfer, Error> {
        self.post::<_, TransferEnvelope>(&["transfers"], request)
            .await
            .map(|envelope| envelope.transfer)
    }

    /// `GET /api/v0/transfers` with the four optional filters.
    pub async fn list_transfers(&self, filter: &TransferFilter) -> Result<Vec<Transfer>, Error> {
        self.get::<TransfersEnvelope>(&["transfers"], &filter.to_query())
            .await
            .map(|envelope| envelope.transfers)
    }

    /// `POST /api/v0/wallets` (spec 4.3): only the address and assets come back.
    pub async fn create_wallet(&self, request: &CreateWallet) -> Result<CreatedWallet, Error> {
        self.post::<_, CreatedWalletEnvelope>(&["wallets"], request)
            .await
            .map(|envelope| envelope.wallet)
    }

    /// `GET /api/v0/wallets` with `assets` and `addresses` as repeated keys.
    pub async fn list_wallets(&self, filter: &WalletFilter) -> Result<Vec<Wallet>, Error> {
        self.get::<WalletsEnvelope>(&["wallets"], &filter.to_query())
            .await
            .map(|envelope| envelope.wallets)
    }

    /// `POST /api/v0/withdrawals` (spec 4.4).
    pub async fn create_withdrawal(&self, request: &CreateWithdrawal) -> Result<Withdrawal, Error> {
        self.post::<_, WithdrawalEnvelope>(&["withdrawals"], request)
            .await
            .map(|envelope| envelope.withdrawal)
    }

    /// `GET /api/v0/withdrawals`, optionally for one asset.
    pub async fn list_withdrawals(&self, asset: Option<&Asset>) -> Result<Vec<Withdrawal>, Error> {
        let query: Vec<(&str, String)> = asset
            .map(|asset| vec![("asset", asset.as_str().to_owned())])
            .unwrap_or_default();
        self.get::<WithdrawalsEnvelope>(&["withdrawals"], &query)
            .await
            .map(|envelope| envelope.withdrawals)
    }

    /// `GET /api/v0/assets/{asset}/withdrawals`, deprecated in favour of
    /// [`Client::list_withdrawals`]; its records carry no `asset`.
    pub async fn list_asset_withdrawals(
        &self,
        asset: &Asset,
    ) -> Result<Vec<PerAssetWithdrawal>, Error> {
        self.get::<PerAssetWithdrawalsEnvelope>(&["assets", asset.as_str(), "withdrawals"], &[])
            .await
            .map(|envelope| envelope.withdrawals)
    }

    /// `GET /api/v0/assets/{asset}/withdrawals/{id}`: one withdrawal, read
    /// the way the service's own client reads it (the interface document
    /// lists no single-withdrawal read). A record without `asset` gets the
    /// one asked for, as the per-asset listing's records do.
    pub async fn get_withdrawal(&self, asset: &Asset, id: Uuid) -> Result<Withdrawal, Error> {
        let id = id.to_string();
        let mut withdrawal = self
            .get::<WithdrawalEnvelope>(&["assets", asset.as_str(), "withdrawals", &id], &[])
            .await?
            .withdrawal;
        if withdrawal.asset.is_none() {
            withdrawal.asset = Some(asset.clone());
        }
        Ok(withdrawal)
    }

    /// `POST /api/v0/claims`: claims for the account (spec 4.5).
    pub async fn create_claim(&self, request: &CreateClaim) -> Result<Claim, Error> {
        self.post::<_, ClaimEnvelope>(&["claims"], request)
            .await
            .map(|envelope| envelope.claim)
    }

    /// `GET /api/v0/claims`: the account's claimable balance.
    pub async fn claimable_balance(&self) -> Result<ClaimableBalance, Error> {
        self.get::<ClaimableBalance>(&["claims"], &[]).await
    }

    /// `POST /api/v0/wallets/{wallet-address}/claims`: claims from that wallet's certificates only.
    pub async fn create_wallet_claim(
        &self,
        wallet_address: &str,
        request: &CreateClaim,
    ) -> Result<Claim, Error> {
        self.post::<_, ClaimEnvelope>(&["wallets", wallet_address, "claims"], request)
            .await
            .map(|envelope| envelope.claim)
    }

    /// `GET /api/v0/wallets/{wallet-address}/claims`: that wallet's claimable balance.
    pub async fn wallet_claimable_balance(
        &self,
        wallet_address: &str,
    ) -> Result<ClaimableBalance, Error> {
        self.get::<ClaimableBalance>(&["wallets", wallet_address, "claims"], &[])
            .await
    }

    /// `GET /api/v0/assets/{asset}/deposits`.
    pub async fn list_deposits(&self, asset: &DepositAsset) -> Result<Vec<Deposit>, Error> {
        self.get::<DepositsEnvelope>(&["assets", asset.as_str(), "deposits"], &[])
            .await
            .map(|envelope| envelope.deposits)
    }

    /// `GET /api/v0/assets/{asset}/balance`.
    pub async fn balance(&self, asset: &BalanceAsset) -> Result<Balance, Error> {
        self.get::<BalanceEnvelope>(&["assets", asset.as_str(), "balance"], &[])
            .await
            .map(|envelope| envelope.balance)
    }

    /// `GET /api/v0/tax-exemption/progress`.
    pub async fn tax_exemption_progress(&self) -> Result<TaxExemptionProgress, Error> {
        self.get::<TaxExemptionProgressEnvelope>(&["tax-exemption", "progress"], &[])
            .await
            .map(|envelope| envelope.progress)
    }
}

fn decode<T: DeserializeOwned>(raw: RawResponse) -> Result<T, Error> {
    let status = raw.status;
    let body = raw.into_result()?;
    serde_json::from_slice(&body).map_err(|error| {
        Error::unexpected_answer(
            status,
            &format!("the body does not match the interface: {error}"),
            &body,
        )
    })
}

/// An answer whose head has arrived and whose body is still to read.
struct Opened {
    response: reqwest::Response,
    status: u16,
    retry_after: Option<Duration>,
    measured_skew_secs: Option<i64>,
    signed_with_offset_secs: i64,
}

/// One request's attempts: whether and when a failed one is sent again.
struct Retries {
    attempt: u32,
    retries_allowed: bool,
    clock_retry_used: bool,
}

impl Retries {
    fn new(retries_allowed: bool) -> Retries {
        Retries {
            attempt: 1,
            retries_allowed,
            clock_retry_used: false,
        }
    }

    /// The wait before the next attempt after `failure`, or `None` to give
    /// up. A 401 that taught the client a clock correction is sent once more
    /// at once, whatever the method: a refused request was not applied.
    fn after(
        &mut self,
        client: &Client,
        failure: &Error,
        offset_before: i64,
        url: &Url,
    ) -> Option<Duration> {
        let policy = &client.inner.config.retry;
        let offset_learned = (client.clock_offset_secs() - offset_before).abs() >= SKEW_NOISE_SECS;
        if matches!(failure, Error::Unauthorized { .. }) && offset_learned && !self.clock_retry_used
        {
            self.clock_retry_used = true;
            self.attempt += 1;
            tracing::info!(
                offset = client.clock_offset_secs(),
                "re-signing with the service's clock"
            );
            return Some(Duration::ZERO);
        }
        if !self.retries_allowed || !failure.is_transient() || self.attempt >= policy.max_attempts {
            return None;
        }
        let wait = match failure.retry_after() {
            Some(asked) if asked > policy.max_retry_after => return None,
            Some(asked) => asked,
            None => backoff(policy, self.attempt),
        };
        self.attempt += 1;
        tracing::debug!(%url, attempt = self.attempt, ?wait, "retrying a read after: {failure}");
        Some(wait)
    }
}

fn backoff(policy: &RetryPolicy, attempt: u32) -> Duration {
    let factor = 2u32.saturating_pow(attempt.saturating_sub(1));
    policy
        .initial_backoff
        .saturating_mul(factor)
        .min(policy.max_backoff)
}

/// The `code`s by which a 401 says a token's time was refused: the
/// sandbox's (`expired`, `issued-in-future`) and the claims' own names. The
/// interface document lists no codes, so the message is read too.
const TIME_CODES: &[&str] = &[
    "expired",
    "issued-in-future",
    "iat",
    "exp",
    "nbf",
    "token-expired",
    "not-yet-valid",
    "clock-skew",
];

/// Words of a 401's message that say the token's time was refused.
const TIME_WORDS: &[&str] = &["expired", "not yet valid", "in the future", "clock"];

/// Whether a 401's error object says the signature check failed for the
/// token's time (`iat` or `exp` out of range), the only failure a clock
/// correction can cure.
pub fn refused_for_time(error: Option<&ServiceErrorObject>) -> bool {
    let Some(error) = error else {
        return false;
    };
    let code = error.code.to_ascii_lowercase();
    let message = error.message.to_lowercase();
    TIME_CODES.contains(&code.as_str()) || TIME_WORDS.iter().any(|word| message.contains(word))
}

fn skew_from_server_time(server: SystemTime) -> i64 {
    let local = SystemTime::now();
    match server.duration_since(local) {
        Ok(ahead) => i64::try_from(ahead.as_secs()).unwrap_or(i64::MAX),
        Err(behind) => -i64::try_from(behind.duration().as_secs()).unwrap_or(i64::MAX),
    }
}

/// Reads `Retry-After` as seconds or as an HTTP date.
pub fn parse_retry_after(value: &str) -> Option<Duration> {
    let value = value.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let when = httpdate::parse_http_date(value).ok()?;
    Some(
        when.duration_since(SystemTime::now())
            .unwrap_or(Duration::ZERO),
    )
}

#[cfg(test)]
mod path_tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn client(base: &str) -> Client {
        let key = crate::api::PrivateKey::from_pem(include_str!(
            "../../../../tests/fixtures/test-only-rsa2048-pkcs8.pem"
        ))
        .unwrap();
        let signer = Signer::new("test-key".to_owned().into(), key);
        Client::new(ClientConfig::new(base, signer).unwrap()).unwrap()
    }

    fn refused(client: &Client, path: &str) -> PathProblem {
        match client.raw_url(path) {
            Err(Error::PathRefused { problem, .. }) => problem,
            other => panic!("{path:?} gave {other:?}"),
        }
    }

    #[test]
    fn paths_under_the_base_and_its_prefix_are_kept() {
        let client = client("https://api.example.com/prefix");
        for (path, expected) in [
            (
                "/api/v0/orders",
                "https://api.example.com/prefix/api/v0/orders",
            ),
            (
                "api/v0/orders?state=created",
                "https://api.example.com/prefix/api/v0/orders?state=created",
            ),
            (
                "/api/v0/assets/fiat%2Fbrl/balance",
                "https://api.example.com/prefix/api/v0/assets/fiat%2Fbrl/balance",
            ),
            (
                "/api/v0/wallets?assets=eth-base%2Fbrlv&x=//a",
                "https://api.example.com/prefix/api/v0/wallets?assets=eth-base%2Fbrlv&x=//a",
            ),
        ] {
            assert_eq!(client.raw_url(path).unwrap().as_str(), expected, "{path}");
        }
        let endpoint = client
            .endpoint_url(&["assets", "fiat/brl", "balance"], &[])
            .unwrap();
        client.check_under_base(&endpoint).unwrap();
    }

    #[test]
    fn a_path_that_leads_elsewhere_is_refused() {
        let client = client("https://api.example.com/prefix");
        for (path, problem) in [
            ("http://127.0.0.1:18999/steal", PathProblem::Absolute),
            (
                "https://api.example.com/prefix/api/v0/orders",
                PathProblem::Absolute,
            ),
            ("file:///etc/passwd", PathProblem::Absolute),
            ("javascript:alert(1)", PathProblem::Absolute),
            ("//evil.example/x", PathProblem::OtherHost),
            ("/\\evil.example/x", PathProblem::Backslash),
            ("\\\\evil.example\\x", PathProblem::Backslash),
            ("/api/v0/%5cevil", PathProblem::EncodedSeparator),
            ("/api/v0/%2F%2Fevil.example", PathProblem::EncodedSeparator),
            ("/api/%2e%2e/%2e%2e/x", PathProblem::DotSegment),
            ("/api/v0/..%2F..%2Fx", PathProblem::EncodedSeparator),
            ("/api/v0/%252e%252e", PathProblem::DotSegment),
            ("/api/../../x", PathProblem::DotSegment),
            ("/api/./v0", PathProblem::DotSegment),
            ("/api/v0/orders\t", PathProblem::ControlCharacter),
            ("h\ttp://evil.example/", PathProblem::ControlCharacter),
            (" //evil.example/", PathProblem::ControlCharacter),
        ] {
            assert_eq!(refused(&client, path), problem, "{path}");
        }
    }

    #[test]
    fn an_address_off_the_base_is_refused_before_it_is_signed() {
        let client = client("http://127.0.0.1:8080/prefix/");
        for url in [
            "http://127.0.0.1:8081/prefix/api/v0/orders",
            "http://localhost:8080/prefix/api/v0/orders",
            "https://127.0.0.1:8080/prefix/api/v0/orders",
            "http://127.0.0.1:8080/other/api/v0/orders",
            "http://127.0.0.1:8080/prefixed/api/v0/orders",
            "http://user@127.0.0.1:8080/prefix/api/v0/orders",
        ] {
            let url = Url::parse(url).unwrap();
            assert!(
                matches!(
                    client.check_under_base(&url),
                    Err(Error::PathRefused {
                        problem: PathProblem::OutsideBase(_),
                        ..
                    })
                ),
                "{url}"
            );
        }
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let error = runtime
            .block_on(client.send(
                Method::GET,
                Url::parse("http://127.0.0.1:9/steal").unwrap(),
                Vec::new(),
            ))
            .unwrap_err();
        assert!(matches!(error, Error::PathRefused { .. }), "{error:?}");
    }
}
