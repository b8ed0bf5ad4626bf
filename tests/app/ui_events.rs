//! The Events panel, headless: the listener is off until switched on (with a
//! valid port), received events are listed newest first with their raw JSON,
//! and `order-refund-initiated` raises a notice about the money's return.

use egui_kittest::kittest::Queryable;
use time::macros::datetime;

use brlv_desk::app::features::events::message::{EventsCommand, EventsEvent};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::state::{AppState, View};
use brlv_desk::webhook::WebhookEvent;

use crate::support::ui::{connected_state, harness, settle};

fn events_state() -> AppState {
    let mut state = connected_state(Language::En);
    state.view = View::Events;
    state
}

fn received(body: serde_json::Value, second: u8) -> Event {
    Event::Events(EventsEvent::Received {
        at: datetime!(2026-03-10 12:00:00 UTC) + time::Duration::seconds(second.into()),
        event: Box::new(WebhookEvent::parse(body.to_string().as_bytes()).unwrap()),
    })
}

fn order_event(kind: &str, order_id: &str, state: &str) -> serde_json::Value {
    serde_json::json!({
        "id": format!("evt-{kind}"),
        "type": kind,
        "created-at": "2026-03-10T11:59:59Z",
        "order": {"id": order_id, "state": state, "source-amount": "250.00"},
    })
}

#[test]
fn the_listener_is_off_until_switched_on_with_a_valid_port() {
    let mut harness = harness(events_state());
    settle(&mut harness);
    harness.get_by_label("Not listening.");
    harness.get_by_label("No events received yet.");

    harness.state_mut().panels.events.port = "70000".to_owned();
    settle(&mut harness);
    harness.get_by_label_contains("A port is a number from 0 to 65535");
    harness.get_by_label("Listen for webhook events").click();
    settle(&mut harness);
    assert!(harness.state().pending_commands().is_empty());

    harness.state_mut().panels.events.port = "9123".to_owned();
    settle(&mut harness);
    harness.get_by_label("Listen for webhook events").click();
    settle(&mut harness);
    assert!(matches!(
        harness.state_mut().take_commands().as_slice(),
        [Command::Events(EventsCommand::StartListener(9123))]
    ));
    harness.get_by_label("Starting the listener...");
    harness
        .state_mut()
        .apply(Event::Events(EventsEvent::Listening(
            "http://127.0.0.1:9123/webhook".to_owned(),
        )));
    settle(&mut harness);
    harness.get_by_label("Listening at http://127.0.0.1:9123/webhook");

    harness.get_by_label("Listen for webhook events").click();
    settle(&mut harness);
    assert!(matches!(
        harness.state_mut().take_commands().as_slice(),
        [Command::Events(EventsCommand::StopListener)]
    ));
}

#[test]
fn events_are_listed_newest_first_and_a_refund_raises_a_notice() {
    let mut state = events_state();
    state.apply(received(
        order_event(
            "order-completed",
            "11111111-0000-4000-8000-000000000000",
            "completed",
        ),
        1,
    ));
    state.apply(received(
        order_event(
            "order-refund-initiated",
            "22222222-0000-4000-8000-000000000000",
            "payment-returned",
        ),
        2,
    ));
    assert_eq!(
        state.panels.events.received[0].event.kind.as_deref(),
        Some("order-refund-initiated"),
        "newest first"
    );
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains(
        "Order 22222222: the service asked the bank to return a late Pix payment",
    );
    harness.get_by_label_contains("The bank settles the return later.");
    harness.get_by_label("order-completed");
    harness.get_by_label("payment returned");
    harness.get_by_label("22222222").click();
    settle(&mut harness);
    harness.get_by_label("Raw JSON as received");
    harness.get_by_label_contains("\"type\": \"order-refund-initiated\"");
    harness.get_by_label_contains("this event means the return was requested");
    harness.get_by_label("Open the order").click();
    settle(&mut harness);
    let state = harness.state();
    assert_eq!(state.view, View::Orders);
    assert_eq!(
        state.panels.orders.selected.unwrap().to_string(),
        "22222222-0000-4000-8000-000000000000"
    );
}

#[test]
fn a_port_in_use_is_explained_in_portuguese() {
    let mut state = events_state();
    state.shared.language = Language::PtBr;
    state.apply(Event::Events(EventsEvent::ListenFailed(
        brlv_desk::webhook::ListenError::Bind {
            address: "127.0.0.1:8788".parse().unwrap(),
            reason: "Address in use".to_owned(),
        },
    )));
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains("a porta 8788 não está disponível (Address in use)");
    assert!(
        !harness.state().panels.events.is_on(),
        "the switch shows it is off"
    );
}
