//! The receiving end of the service's webhooks (spec section 6): a small HTTP
//! server on a loopback port that answers 200 to each event POST and hands
//! the event to the app.
//!
//! It binds loopback only: the service reaches it through whatever tunnel the
//! account holder sets up, and nothing on the network can post fake events.
//! Loopback is not enough on its own: any program of the machine, and any web
//! page the browser opens (a form can POST to `http://127.0.0.1:PORT`), can
//! reach it. So it takes a POST only at `/webhook/SECRET`, a random secret of
//! the profile ([`WebhookSecret`], kept beside the profile file by
//! [`profile_secret`]), only with a JSON content type (a page's form cannot
//! send one without the browser asking first), only up to
//! [`MAX_BODY_BYTES`], and at most [`MAX_EVENTS_PER_MINUTE`]. Whatever is
//! refused is answered (404, 415, 413, 429) and goes nowhere: not to the
//! journal, not to the notifications.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{Path as UrlPath, State};
use axum::http::{HeaderMap, StatusCode, header};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use tokio::sync::mpsc;

use brlv_core::api::model::Order;
use brlv_core::api::timestamp;

/// The event kind spec section 6 describes.
pub const ORDER_REFUND_INITIATED: &str = "order-refund-initiated";

/// One event as received. Payload fields are not shown by the spec, so all
/// are optional and the whole body is kept.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct WebhookEvent {
    /// Event identifier, when sent.
    #[serde(default)]
    pub id: Option<String>,
    /// Event kind, e.g. `order-refund-initiated`.
    #[serde(rename = "type", default)]
    pub kind: Option<String>,
    /// When the service emitted it.
    #[serde(default, with = "timestamp::option")]
    pub created_at: Option<OffsetDateTime>,
    /// The order it concerns, when it concerns one.
    #[serde(default)]
    pub order: Option<Order>,
    /// The body exactly as parsed, for the detail view.
    #[serde(skip)]
    pub raw: serde_json::Value,
}

impl WebhookEvent {
    /// Whether this is the notice that a late PIX is being returned.
    pub fn is_refund_initiated(&self) -> bool {
        self.kind.as_deref() == Some(ORDER_REFUND_INITIATED)
    }

    /// Parses an event body. An object is required; anything in it is kept,
    /// every string and key made safe to show first (see
    /// [`brlv_core::api::safe_text`]): the event is shown, notified and journaled.
    pub fn parse(body: &[u8]) -> Result<WebhookEvent, String> {
        let raw: serde_json::Value = serde_json::from_slice(body)
            .map(brlv_core::api::safe_text::json)
            .map_err(|error| {
                brlv_core::api::safe_text::message(&format!("not JSON: {error}")).into_owned()
            })?;
        if !raw.is_object() {
            return Err("an event must be a JSON object".to_owned());
        }
        // A field of an unexpected shape (say, a malformed order) must not
        // lose the event: keep what parses and the raw body.
        let mut event =
            serde_json::from_value::<WebhookEvent>(raw.clone()).unwrap_or_else(|_| WebhookEvent {
                id: raw
                    .get("id")
                    .and_then(|value| value.as_str())
                    .map(str::to_owned),
                kind: raw
                    .get("type")
                    .and_then(|value| value.as_str())
                    .map(str::to_owned),
                created_at: None,
                order: None,
                raw: serde_json::Value::Null,
            });
        event.raw = raw;
        Ok(event)
    }
}

/// The largest event body taken; a bigger one is answered 413.
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// How many events are taken in any minute; more are answered 429 (the
/// service retries a refused event later).
pub const MAX_EVENTS_PER_MINUTE: usize = 60;

/// The random part of the listener's path: 244 random bits (two version-4
/// UUIDs) as 64 hex digits. Whoever does not know it gets 404. Its `Debug`
/// does not show it.
#[derive(Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct WebhookSecret(String);

impl std::fmt::Debug for WebhookSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WebhookSecret(..)")
    }
}

impl WebhookSecret {
    /// A fresh secret from the system's random numbers.
    pub fn generate() -> WebhookSecret {
        WebhookSecret(format!(
            "{}{}",
            uuid::Uuid::new_v4().simple(),
            uuid::Uuid::new_v4().simple()
        ))
    }

    /// The path the service posts to: `/webhook/SECRET`.
    pub fn path(&self) -> String {
        format!("/webhook/{}", self.0)
    }

    /// Whether `candidate` is the secret, compared in time that does not
    /// depend on where they first differ.
    fn matches(&self, candidate: &str) -> bool {
        let (ours, theirs) = (self.0.as_bytes(), candidate.as_bytes());
        ours.len() == theirs.len()
            && ours
                .iter()
                .zip(theirs)
                .fold(0u8, |differ, (a, b)| differ | (a ^ b))
                == 0
    }
}

/// The file the profiles' webhook secrets are kept in, beside the profile file.
pub const SECRETS_FILE_NAME: &str = "webhook-secrets.json";

/// The webhook secret of the profile `profile` whose profile file is
/// `book_path`: made once, on first use, and kept (owner-only) in
/// [`SECRETS_FILE_NAME`] beside it, so the URL given to the service stays the
/// same from run to run. What the Settings view shows with the port:
/// `http://127.0.0.1:PORT` followed by [`WebhookSecret::path`].
pub fn profile_secret(
    book_path: &Path,
    profile: &str,
) -> Result<WebhookSecret, brlv_core::profile::ProfileError> {
    use std::collections::BTreeMap;
    let path = book_path.with_file_name(SECRETS_FILE_NAME);
    let mut secrets: BTreeMap<String, WebhookSecret> = brlv_core::private_file::read_json(&path)
        .map_err(brlv_core::profile::ProfileError::from)?;
    if let Some(secret) = secrets.get(profile) {
        return Ok(secret.clone());
    }
    let secret = WebhookSecret::generate();
    secrets.insert(profile.to_owned(), secret.clone());
    brlv_core::private_file::write_json(&path, &secrets)
        .map_err(brlv_core::profile::ProfileError::from)?;
    Ok(secret)
}

/// At most so many events in any sliding minute.
#[derive(Debug)]
struct RateLimit {
    taken: Mutex<VecDeque<Instant>>,
    most: usize,
    window: Duration,
}

impl RateLimit {
    fn new(most: usize, window: Duration) -> RateLimit {
        RateLimit {
            taken: Mutex::new(VecDeque::with_capacity(most)),
            most,
            window,
        }
    }

    /// Counts one more and says whether it is within the limit.
    fn admit(&self) -> bool {
        let now = Instant::now();
        // A panic while holding this lock cannot leave the queue half-written.
        let mut taken = self
            .taken
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        while taken
            .front()
            .is_some_and(|first| now.duration_since(*first) >= self.window)
        {
            taken.pop_front();
        }
        if taken.len() >= self.most {
            return false;
        }
        taken.push_back(now);
        true
    }
}

/// What each request is checked against.
#[derive(Debug)]
struct Gate {
    secret: WebhookSecret,
    rate: RateLimit,
    events: mpsc::UnboundedSender<WebhookEvent>,
}

/// Why the listener could not start.
#[derive(Debug, thiserror::Error)]
pub enum ListenError {
    /// Only loopback addresses are accepted.
    #[error("the webhook listener only binds loopback addresses (127.0.0.1, ::1), not {0}")]
    NotLoopback(SocketAddr),
    /// The port could not be bound.
    #[error("cannot listen on {address}: {reason}")]
    Bind {
        /// The address.
        address: SocketAddr,
        /// Why.
        reason: String,
    },
}

/// A running listener. Dropping it does not stop it; call [`WebhookListener::stop`].
#[derive(Debug)]
pub struct WebhookListener {
    address: SocketAddr,
    secret: WebhookSecret,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
}

impl WebhookListener {
    /// Starts listening on `address` (port 0 picks a free one) at a path
    /// with a fresh secret of its own (see [`WebhookListener::url`]). Each
    /// event is sent on `events`; the sender answers 200 once it is queued.
    pub async fn start(
        address: SocketAddr,
        events: mpsc::UnboundedSender<WebhookEvent>,
    ) -> Result<WebhookListener, ListenError> {
        WebhookListener::start_with_secret(address, WebhookSecret::generate(), events).await
    }

    /// [`WebhookListener::start`] at the path of `secret` (a profile's, from
    /// [`profile_secret`], so the service's URL stays the same).
    pub async fn start_with_secret(
        address: SocketAddr,
        secret: WebhookSecret,
        events: mpsc::UnboundedSender<WebhookEvent>,
    ) -> Result<WebhookListener, ListenError> {
        if !address.ip().is_loopback() {
            return Err(ListenError::NotLoopback(address));
        }
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|error| ListenError::Bind {
                address,
                reason: error.to_string(),
            })?;
        let bound = listener.local_addr().map_err(|error| ListenError::Bind {
            address,
            reason: error.to_string(),
        })?;
        let gate = Arc::new(Gate {
            secret: secret.clone(),
            rate: RateLimit::new(MAX_EVENTS_PER_MINUTE, Duration::from_secs(60)),
            events,
        });
        // Every other path and method falls to the router's 404 or 405.
        let app = axum::Router::new()
            .route("/webhook/{secret}", axum::routing::post(receive))
            .with_state(gate);
        let (shutdown, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(async move {
            let served = axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await;
            if let Err(error) = served {
                tracing::warn!("webhook listener stopped: {error}");
            }
        });
        Ok(WebhookListener {
            address: bound,
            secret,
            shutdown: Some(shutdown),
        })
    }

    /// Where it listens.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The URL to give the service (or the sandbox): its path holds the
    /// secret, so show it only to the account holder.
    pub fn url(&self) -> String {
        format!("http://{}{}", self.address, self.secret.path())
    }

    /// Stops accepting events.
    pub fn stop(mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
    }
}

/// Whether `headers` say the body is JSON (`application/json`, any parameters).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

async fn receive(
    State(gate): State<Arc<Gate>>,
    UrlPath(secret): UrlPath<String>,
    headers: HeaderMap,
    body: Body,
) -> (StatusCode, &'static str) {
    // The cheap refusals first, and none of them reads the body.
    if !gate.secret.matches(&secret) {
        return (StatusCode::NOT_FOUND, "not found");
    }
    if !gate.rate.admit() {
        return (StatusCode::TOO_MANY_REQUESTS, "too many events");
    }
    if !is_json(&headers) {
        return (StatusCode::UNSUPPORTED_MEDIA_TYPE, "events are JSON");
    }
    let declared_too_big = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok())
        .is_some_and(|length| length > MAX_BODY_BYTES as u64);
    if declared_too_big {
        return (StatusCode::PAYLOAD_TOO_LARGE, "event too large");
    }
    // A body sent without its length stops being read past the limit.
    let Ok(body) = axum::body::to_bytes(body, MAX_BODY_BYTES).await else {
        return (StatusCode::PAYLOAD_TOO_LARGE, "event too large");
    };
    match WebhookEvent::parse(&body) {
        Ok(event) => {
            if gate.events.send(event).is_err() {
                // The app is gone; let the service retry later.
                return (StatusCode::SERVICE_UNAVAILABLE, "not accepting events");
            }
            (StatusCode::OK, "ok")
        }
        Err(reason) => {
            tracing::warn!("refused a webhook body: {reason}");
            (StatusCode::BAD_REQUEST, "not an event")
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use brlv_core::api::safe_text::needs_escape;

    #[test]
    fn an_event_is_made_safe_to_show_as_it_is_read() {
        let body = serde_json::json!({
            "id": "ev\u{0}1",
            "type": "order-refund-initiated\u{202e}",
            "note\u{2067}": ["\u{1b}[2J", {"deep": "x".repeat(5_000)}],
            "order": {"id": "00000000-0000-0000-0000-000000000001", "brcode": "000201\u{0}"},
        });
        let event = WebhookEvent::parse(body.to_string().as_bytes()).unwrap();
        assert_eq!(event.id.as_deref(), Some("ev\\u{0}1"));
        assert_eq!(
            event.kind.as_deref(),
            Some("order-refund-initiated\\u{202e}")
        );
        let order = event.order.as_ref().unwrap();
        assert_eq!(order.brcode.as_deref(), Some("000201\\u{0}"));
        let shown = serde_json::to_string_pretty(&event.raw).unwrap();
        let strings = shown.replace("\n", "");
        assert!(!strings.chars().any(needs_escape), "{shown}");
        assert!(
            !shown.contains("\\u001b") && !shown.contains("\\u0000"),
            "{shown}"
        );
        assert!(shown.len() < 2_000, "a long string is bounded");
    }

    #[test]
    fn the_secret_is_long_random_and_compared_whole() {
        let secret = WebhookSecret::generate();
        assert_eq!(secret.0.len(), 64);
        assert_ne!(secret, WebhookSecret::generate());
        assert!(secret.matches(&secret.0.clone()));
        assert!(!secret.matches(&secret.0[..63]));
        assert!(!secret.matches(""));
        assert!(!format!("{secret:?}").contains(&secret.0));
    }

    #[test]
    fn a_profile_keeps_its_secret_and_another_profile_gets_its_own() {
        let dir = tempfile::tempdir().unwrap();
        let book = dir.path().join("profiles.json");
        let work = profile_secret(&book, "Work").unwrap();
        assert_eq!(profile_secret(&book, "Work").unwrap(), work);
        assert_ne!(profile_secret(&book, "Home").unwrap(), work);
        assert!(dir.path().join(SECRETS_FILE_NAME).exists());
    }

    #[test]
    fn the_rate_limit_counts_a_sliding_window() {
        let limit = RateLimit::new(3, Duration::from_millis(200));
        assert!(limit.admit() && limit.admit() && limit.admit());
        assert!(!limit.admit());
        std::thread::sleep(Duration::from_millis(250));
        assert!(limit.admit());
    }

    #[test]
    fn a_body_that_is_not_json_is_refused_in_safe_words() {
        let reason = WebhookEvent::parse(b"\x00\xe2\x80\xae{").unwrap_err();
        assert!(!reason.chars().any(needs_escape), "{reason:?}");
    }
}
