//! The receiving end of the service's webhooks (spec section 6): a small HTTP
//! server on a loopback port that answers 200 to each event POST and hands
//! the event to the app.
//!
//! It binds loopback only: the service reaches it through whatever tunnel the
//! account holder sets up, and nothing on the network can post fake events.

use std::net::SocketAddr;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
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
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
}

impl WebhookListener {
    /// Starts listening on `address` (port 0 picks a free one). Each event is
    /// sent on `events`; the sender answers 200 once it is queued.
    pub async fn start(
        address: SocketAddr,
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
        let app = axum::Router::new()
            .route("/", axum::routing::post(receive))
            .route("/{*path}", axum::routing::post(receive))
            .with_state(events);
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
            shutdown: Some(shutdown),
        })
    }

    /// Where it listens.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The URL to give the service (or the sandbox).
    pub fn url(&self) -> String {
        format!("http://{}/webhook", self.address)
    }

    /// Stops accepting events.
    pub fn stop(mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
    }
}

async fn receive(
    State(events): State<mpsc::UnboundedSender<WebhookEvent>>,
    body: Bytes,
) -> (StatusCode, &'static str) {
    match WebhookEvent::parse(&body) {
        Ok(event) => {
            if events.send(event).is_err() {
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
    fn a_body_that_is_not_json_is_refused_in_safe_words() {
        let reason = WebhookEvent::parse(b"\x00\xe2\x80\xae{").unwrap_err();
        assert!(!reason.chars().any(needs_escape), "{reason:?}");
    }
}
