//! Webhook events and their delivery.
//!
//! Each event is POSTed as kebab-case JSON to the webhook URL set with
//! `--webhook-url` or `PUT /sandbox/webhook`:
//!
//! ```json
//! { "id": "<uuid>", "type": "order-refund-initiated",
//!   "created-at": "2025-01-01T12:00:00Z", "order": { ...the order, as GET /api/v0/orders/{id}... } }
//! ```
//!
//! Types: `order-refund-initiated` (spec section 6), and the sandbox's own
//! `order-completed` and `order-expired`. Delivery runs on its own task: a
//! request never waits for it. An attempt succeeds when the receiver answers
//! any 2xx (200 is what the spec asks receivers to send); otherwise it is retried
//! with exponential backoff (0.5 s doubling, at most 30 s apart by default) until
//! 5 minutes have passed, then dropped with a warning. Events are delivered
//! independently of each other, so their order of arrival is not guaranteed. At
//! most 1,024 events wait for delivery; beyond that new ones are dropped with a
//! warning rather than slowing requests down.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serde::Serialize;
use time::OffsetDateTime;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinSet;
use url::Url;
use uuid::Uuid;

use super::records::OrderRecord;
use brlv_core::api::model::Order;
use brlv_core::api::timestamp;

/// How many events may wait for delivery.
const QUEUE_CAPACITY: usize = 1024;
/// Time allowed for one delivery attempt.
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(5);

/// How failed deliveries are retried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebhookRetryPolicy {
    /// Wait after the first failed attempt; doubled after each further one.
    pub initial_backoff: Duration,
    /// The longest wait between two attempts.
    pub max_backoff: Duration,
    /// No attempt starts later than this after the first one.
    pub give_up_after: Duration,
}

impl Default for WebhookRetryPolicy {
    fn default() -> Self {
        WebhookRetryPolicy {
            initial_backoff: Duration::from_millis(500),
            max_backoff: Duration::from_secs(30),
            give_up_after: Duration::from_secs(300),
        }
    }
}

/// Kinds of events the sandbox emits (all about orders, so far).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::enum_variant_names)] // named after their wire types
pub(crate) enum EventKind {
    /// A late PIX is being returned (spec section 6).
    OrderRefundInitiated,
    /// An order was funded and delivered.
    OrderCompleted,
    /// A brcode order's funding window ended unpaid.
    OrderExpired,
}

impl EventKind {
    fn as_str(self) -> &'static str {
        match self {
            EventKind::OrderRefundInitiated => "order-refund-initiated",
            EventKind::OrderCompleted => "order-completed",
            EventKind::OrderExpired => "order-expired",
        }
    }
}

/// One event, as POSTed.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) struct WebhookEvent {
    /// Event identifier: the same on every retry, so a receiver can drop duplicates.
    pub id: Uuid,
    /// The event type.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// When it happened, on the sandbox clock.
    #[serde(with = "timestamp::required")]
    pub created_at: OffsetDateTime,
    /// The order concerned, as it is after the event.
    pub order: Order,
}

impl WebhookEvent {
    /// An event about `order`.
    pub(crate) fn about_order(kind: EventKind, at: OffsetDateTime, order: &OrderRecord) -> Self {
        WebhookEvent {
            id: Uuid::new_v4(),
            kind: kind.as_str(),
            created_at: at,
            order: order.to_wire(),
        }
    }
}

/// The sending side: cheap to clone, never blocks.
#[derive(Clone, Debug)]
pub(crate) struct EventSink {
    queue: mpsc::Sender<WebhookEvent>,
}

impl EventSink {
    /// Queues events for delivery; drops (with a warning) what does not fit.
    pub(crate) fn send_all(&self, events: Vec<WebhookEvent>) {
        for event in events {
            if let Err(error) = self.queue.try_send(event) {
                tracing::warn!(%error, "sandbox webhook queue is full; event dropped");
            }
        }
    }
}

/// The webhook URL, changeable while running.
pub(crate) type WebhookUrl = Arc<Mutex<Option<Url>>>;

/// Reads the current webhook URL.
pub(crate) fn current_url(url: &WebhookUrl) -> Option<Url> {
    url.lock().unwrap_or_else(PoisonError::into_inner).clone()
}

/// Starts the delivery task; it ends when `shutdown` changes.
pub(crate) fn start_delivery(
    url: WebhookUrl,
    policy: WebhookRetryPolicy,
    mut shutdown: watch::Receiver<bool>,
) -> (EventSink, tokio::task::JoinHandle<()>) {
    let (sender, mut queue) = mpsc::channel::<WebhookEvent>(QUEUE_CAPACITY);
    let task = tokio::spawn(async move {
        let client = match reqwest::Client::builder().timeout(ATTEMPT_TIMEOUT).build() {
            Ok(client) => client,
            Err(error) => {
                tracing::error!(%error, "sandbox cannot build its webhook HTTP client; events will not be delivered");
                return;
            }
        };
        let mut deliveries = JoinSet::new();
        loop {
            tokio::select! {
                _ = shutdown.changed() => break,
                event = queue.recv() => {
                    let Some(event) = event else { break };
                    // The URL is read when the event leaves the queue, so an
                    // event emitted before the URL was set is still delivered.
                    let Some(target) = current_url(&url) else {
                        tracing::debug!(kind = event.kind, "no webhook URL set; event not sent");
                        continue;
                    };
                    deliveries.spawn(deliver(client.clone(), target, event, policy.clone()));
                }
                Some(_) = deliveries.join_next(), if !deliveries.is_empty() => {}
            }
        }
        deliveries.abort_all();
    });
    (EventSink { queue: sender }, task)
}

async fn deliver(
    client: reqwest::Client,
    target: Url,
    event: WebhookEvent,
    policy: WebhookRetryPolicy,
) {
    let started = tokio::time::Instant::now();
    let mut backoff = policy.initial_backoff;
    loop {
        match client.post(target.clone()).json(&event).send().await {
            Ok(response) if response.status().is_success() => return,
            Ok(response) => {
                tracing::info!(status = %response.status(), kind = event.kind, "webhook receiver refused an event; retrying")
            }
            Err(error) => {
                tracing::info!(%error, kind = event.kind, "webhook delivery failed; retrying")
            }
        }
        if started.elapsed() + backoff > policy.give_up_after {
            tracing::warn!(kind = event.kind, id = %event.id, "giving up delivering a webhook event");
            return;
        }
        tokio::time::sleep(backoff).await;
        backoff = backoff.saturating_mul(2).min(policy.max_backoff);
    }
}
