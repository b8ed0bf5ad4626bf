//! How [`AppState`] takes in the listener's reports and the webhook events
//! it receives: a refund initiated raises a notice; every event is listed,
//! newest first.

use crate::app::i18n::{self, Language};
use crate::app::message::{Notice, NoticeDetail, NoticeKind};
use crate::app::state::AppState;
use crate::webhook::ListenError;

use super::message::EventsEvent;
use super::state::{ListenerStatus, ReceivedEvent};
use crate::app::format::short_id;

/// Why the listener did not start, in the person's language; the system's
/// own reason is quoted as it came.
fn listen_error_text(language: Language, error: &ListenError) -> String {
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

impl AppState {
    /// Takes in what the worker reports about the listener and its events.
    pub(crate) fn apply_events(&mut self, event: EventsEvent) {
        match event {
            EventsEvent::Listening(url) => {
                // The port actually bound (a free one under --sandbox).
                if let Some(port) = url::Url::parse(&url).ok().and_then(|url| url.port()) {
                    self.events.port = port.to_string();
                }
                self.events.status = ListenerStatus::Listening(url);
            }
            EventsEvent::ListenFailed(error) => {
                self.events.status =
                    ListenerStatus::Failed(listen_error_text(self.language, &error));
            }
            EventsEvent::ListenerStopped => self.events.status = ListenerStatus::Off,
            EventsEvent::Received { at, event } => {
                if event.is_refund_initiated() {
                    if let Some(order) = &event.order {
                        self.notify.refund_initiated(order);
                    }
                    let id = event
                        .order
                        .as_ref()
                        .map(|order| short_id(&order.id))
                        .unwrap_or_default();
                    self.add_notice(Notice {
                        kind: NoticeKind::RefundInitiated(id),
                        detail: NoticeDetail::None,
                    });
                }
                std::sync::Arc::make_mut(&mut self.events.received).insert(
                    0,
                    ReceivedEvent {
                        received_at: at,
                        event: *event,
                    },
                );
                // The open event stays open: it moved down by one.
                if let Some(selected) = self.events.selected.as_mut() {
                    *selected += 1;
                }
            }
        }
    }
}
