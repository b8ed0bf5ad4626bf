//! The Events panel's state: the webhook listener as the person set it and
//! as it runs, and the events received, newest first.

use time::OffsetDateTime;

use crate::app::i18n::{self, Language};
use crate::webhook::{ListenError, WebhookEvent};

use super::message::DEFAULT_WEBHOOK_PORT;

/// The listener as the worker last reported it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ListenerStatus {
    /// Not listening.
    #[default]
    Off,
    /// Asked to start, no answer yet.
    Starting,
    /// Listening; the service (or the sandbox) posts to this URL.
    Listening(String),
    /// It could not start; why.
    Failed(String),
}

/// One event as received.
#[derive(Clone, Debug, PartialEq)]
pub struct ReceivedEvent {
    /// When it arrived, on the wall clock.
    pub received_at: OffsetDateTime,
    /// The event, its raw body included.
    pub event: WebhookEvent,
}

/// The Events panel's state.
#[derive(Clone, Debug)]
pub struct EventsState {
    /// The port as typed.
    pub port: String,
    /// The listener.
    pub status: ListenerStatus,
    /// Events received, newest first; shared, so the list's search and
    /// sort read it on their own thread without a copy.
    pub received: std::sync::Arc<Vec<ReceivedEvent>>,
    /// The event whose raw JSON is shown (index into `received`).
    pub selected: Option<usize>,
}

impl Default for EventsState {
    fn default() -> Self {
        EventsState {
            port: DEFAULT_WEBHOOK_PORT.to_string(),
            status: ListenerStatus::Off,
            received: std::sync::Arc::default(),
            selected: None,
        }
    }
}

impl EventsState {
    /// The typed port, when it is one (0 picks any free port).
    pub fn port(&self) -> Option<u16> {
        self.port.trim().parse().ok()
    }

    /// Whether the listener is on or starting.
    pub fn is_on(&self) -> bool {
        matches!(
            self.status,
            ListenerStatus::Starting | ListenerStatus::Listening(_)
        )
    }
}

/// Why the listener did not start, in the person's language; the system's
/// own reason is quoted as it came.
pub fn listen_error_text(language: Language, error: &ListenError) -> String {
    match error {
        ListenError::NotLoopback(address) => i18n::tr_with(
            language,
            "events.error_not_loopback",
            &[("address", &address.to_string())],
        ),
        ListenError::Bind { address, reason } => i18n::tr_with(
            language,
            "events.error_bind",
            &[("port", &address.port().to_string()), ("reason", reason)],
        ),
    }
}
