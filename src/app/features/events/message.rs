//! What the Events feature asks the worker for, and what it answers: the
//! webhook listener and the events it receives.

use time::OffsetDateTime;

use crate::webhook::{ListenError, WebhookEvent};

/// The port the webhook listener proposes until the person picks another.
pub const DEFAULT_WEBHOOK_PORT: u16 = 8788;

/// Something the Events panel asks the worker to do.
#[derive(Debug)]
pub enum EventsCommand {
    /// Listen for webhook POSTs on this loopback port (0: any free one).
    StartListener(u16),
    /// Stop listening.
    StopListener,
}

/// What the worker reports about the listener and the events it received.
#[derive(Debug)]
pub enum EventsEvent {
    /// The listener is up at this URL.
    Listening(String),
    /// The listener could not start.
    ListenFailed(ListenError),
    /// The listener stopped.
    ListenerStopped,
    /// A webhook event arrived.
    Received {
        /// When it arrived (wall clock).
        at: OffsetDateTime,
        /// The event (boxed: it carries its raw body).
        event: Box<WebhookEvent>,
    },
}
