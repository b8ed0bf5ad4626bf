//! Desktop notifications against a recording notifier: which movements
//! notify (an order paid, expired or refunded, a withdrawal completed, a
//! transfer failed), only while the window is unfocused, only with the
//! Settings switch on, never for what the first answer already showed, and
//! once per transition, whichever answer (list, watched order, webhook)
//! brings it.

use std::cell::RefCell;

use egui_kittest::kittest::Queryable;
use time::macros::datetime;

use brlv_desk::app::features::events::message::EventsEvent;
use brlv_desk::app::features::lock::state::LockTold;
use brlv_desk::app::features::notify::{NotificationText, Notifier};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Event;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::webhook::WebhookEvent;

use crate::support::ui::{connected_state, deliver as fetched, harness, settle};

/// Keeps what would have been shown.
#[derive(Default)]
struct RecordingNotifier {
    shown: RefCell<Vec<NotificationText>>,
}

impl Notifier for RecordingNotifier {
    fn notify(&self, text: NotificationText) {
        self.shown.borrow_mut().push(text);
    }
}

impl RecordingNotifier {
    fn titles(&self) -> Vec<String> {
        self.shown
            .borrow()
            .iter()
            .map(|text| text.title.clone())
            .collect()
    }
}

const ORDER_PAID: &str = "9c2f0c52-0000-4000-8000-0000000000a1";
const ORDER_EXPIRES: &str = "9c2f0c52-0000-4000-8000-0000000000a2";
const ORDER_RETURNED: &str = "9c2f0c52-0000-4000-8000-0000000000a3";

fn orders(states: [&str; 3]) -> Fetched {
    let ids = [ORDER_PAID, ORDER_EXPIRES, ORDER_RETURNED];
    let rows: Vec<serde_json::Value> = ids
        .iter()
        .zip(states)
        .map(|(id, state)| {
            serde_json::json!({"id": id, "state": state, "source-asset": "fiat/brl",
                "source-amount": "250.00", "target-asset": "eth-base/brlv",
                "target-amount": "44910.500000000000000000"})
        })
        .collect();
    Fetched::Orders(
        serde_json::from_value::<Vec<_>>(serde_json::Value::Array(rows))
            .unwrap()
            .into(),
    )
}

fn withdrawals(first: &str, second: &str) -> Fetched {
    Fetched::Withdrawals(
        serde_json::from_value::<Vec<_>>(serde_json::json!([
            {"id": "7a000000-0000-4000-8000-000000000001", "state": first,
             "asset": "fiat/brl", "method": "pix", "amount": "1320.50"},
            {"id": "7a000000-0000-4000-8000-000000000002", "state": second,
             "asset": "fiat/brl", "method": "ted", "amount": "10.00"},
        ]))
        .unwrap()
        .into(),
    )
}

fn transfers(first: &str, second: &str) -> Fetched {
    Fetched::Transfers(
        serde_json::from_value::<Vec<_>>(serde_json::json!([
            {"id": "7b000000-0000-4000-8000-000000000001", "state": first,
             "asset": "eth-base/brlv", "amount": "10.500000000000000000"},
            {"id": "7b000000-0000-4000-8000-000000000002", "state": second,
             "asset": "eth-base/brlv", "amount": "1"},
        ]))
        .unwrap()
        .into(),
    )
}

/// Connected, unfocused, every list's first answer in (movements under way).
fn baseline(language: Language) -> AppState {
    baseline_through(language, fetched)
}

/// How a list reaches the window in a test.
type Delivery = fn(&mut AppState, Fetched, u64);

/// [`baseline`], each list delivered by `deliver`.
fn baseline_through(language: Language, deliver: Delivery) -> AppState {
    let mut state = connected_state(language);
    state.notify.window_focused = false;
    deliver(&mut state, orders(["created", "created", "expired"]), 1_000);
    deliver(&mut state, withdrawals("pending-payment", "created"), 1_000);
    deliver(&mut state, transfers("pending", "created"), 1_000);
    state
}

/// The notifications `everything_settles` owes after `baseline`, sorted.
/// Not: the order already expired at the start, the failed withdrawal, the
/// completed transfer.
const EVERY_KIND_OF_NEWS: [&str; 5] = [
    "Order expired",
    "Order paid",
    "Refund initiated",
    "Transfer failed",
    "Withdrawal completed",
];

/// Every movement reaches a final state.
fn everything_settles(state: &mut AppState) {
    everything_settles_through(state, fetched);
}

/// [`everything_settles`], each list delivered by `deliver`.
fn everything_settles_through(state: &mut AppState, deliver: Delivery) {
    deliver(
        state,
        orders(["completed", "expired", "payment-returned"]),
        5_000,
    );
    deliver(state, withdrawals("completed", "failed"), 5_000);
    deliver(state, transfers("failed", "completed"), 5_000);
}

fn refund_event(order_id: &str) -> Event {
    let body = serde_json::json!({
        "id": "evt-1", "type": "order-refund-initiated",
        "order": {"id": order_id, "state": "payment-returned",
                  "source-asset": "fiat/brl", "source-amount": "80.00"},
    });
    Event::Events(EventsEvent::Received {
        at: datetime!(2026-03-10 12:00:00 UTC),
        event: Box::new(WebhookEvent::parse(body.to_string().as_bytes()).unwrap()),
    })
}

#[test]
fn the_first_answers_after_start_notify_nothing() {
    let notifier = RecordingNotifier::default();
    let mut state = connected_state(Language::En);
    state.notify.window_focused = false;
    fetched(
        &mut state,
        orders(["completed", "expired", "payment-returned"]),
        1_000,
    );
    fetched(&mut state, withdrawals("completed", "completed"), 1_000);
    fetched(&mut state, transfers("failed", "failed"), 1_000);
    hand_over(&mut state, &notifier);
    assert!(notifier.titles().is_empty(), "{:?}", notifier.titles());
}

#[test]
fn each_kind_of_news_notifies_with_its_amount_in_the_persons_language() {
    let notifier = RecordingNotifier::default();
    let mut state = baseline(Language::En);
    everything_settles(&mut state);
    hand_over(&mut state, &notifier);
    let mut titles = notifier.titles();
    titles.sort();
    assert_eq!(titles, EVERY_KIND_OF_NEWS);
    let shown = notifier.shown.borrow();
    let body = |title: &str| {
        shown
            .iter()
            .find(|text| text.title == title)
            .map(|text| text.body.clone())
            .unwrap()
    };
    assert_eq!(
        body("Order paid"),
        "Order 9c2f0c52: R$250.00 paid and the order completed."
    );
    assert_eq!(
        body("Withdrawal completed"),
        "Withdrawal 7a000000: R$1,320.50 paid out."
    );
    // A token amount with the places that carry value, not eighteen.
    assert_eq!(
        body("Transfer failed"),
        "Transfer 7b000000 of 10.50 BRLV did not go through."
    );

    let notifier = RecordingNotifier::default();
    let mut state = baseline(Language::PtBr);
    everything_settles(&mut state);
    hand_over(&mut state, &notifier);
    let shown = notifier.shown.borrow();
    let paid = shown
        .iter()
        .find(|text| text.title == "Saque concluído")
        .unwrap();
    assert_eq!(paid.body, "Saque 7a000000: R$ 1.320,50 pagos.");
}

#[test]
fn with_amounts_hidden_a_notification_names_no_amount() {
    let notifier = RecordingNotifier::default();
    let mut state = baseline(Language::En);
    state.shared.hide_amounts = true;
    everything_settles(&mut state);
    hand_over(&mut state, &notifier);
    let shown = notifier.shown.borrow();
    assert_eq!(shown.len(), 5);
    for text in shown.iter() {
        assert!(
            !["250", "1,320", "10.5"]
                .iter()
                .any(|amount| text.body.contains(amount)),
            "an amount shows in {:?}",
            text.body
        );
    }
    let withdrawal = shown
        .iter()
        .find(|text| text.title == "Withdrawal completed")
        .unwrap();
    assert!(
        withdrawal
            .body
            .contains(brlv_desk::app::format::HIDDEN_DIGITS),
        "{}",
        withdrawal.body
    );
}

#[test]
fn a_transition_notifies_once_whichever_answer_brings_it_again() {
    let notifier = RecordingNotifier::default();
    let mut state = baseline(Language::En);
    everything_settles(&mut state);
    hand_over(&mut state, &notifier);
    assert_eq!(notifier.titles().len(), 5);

    // The same answers again, the watched order alone, the webhook about a
    // refund a list already showed: nothing new.
    everything_settles(&mut state);
    let order = orders(["completed", "expired", "payment-returned"]);
    let Fetched::Orders(rows) = order else {
        unreachable!()
    };
    state.panels.orders.selected = Some(rows[0].id);
    fetched(&mut state, Fetched::Order(Box::new(rows[0].clone())), 6_000);
    state.apply(refund_event(ORDER_RETURNED));
    hand_over(&mut state, &notifier);
    assert_eq!(notifier.titles().len(), 5, "{:?}", notifier.titles());

    // A refund first told by the webhook, then by the list: one notification.
    let late = "9c2f0c52-0000-4000-8000-0000000000b1";
    state.apply(refund_event(late));
    hand_over(&mut state, &notifier);
    assert_eq!(notifier.titles().last().unwrap(), "Refund initiated");
    assert!(
        notifier
            .shown
            .borrow()
            .last()
            .unwrap()
            .body
            .contains("R$80.00")
    );
    let mut with_late =
        serde_json::to_value(match orders(["completed", "expired", "payment-returned"]) {
            Fetched::Orders(rows) => rows,
            _ => unreachable!(),
        })
        .unwrap();
    with_late.as_array_mut().unwrap().push(serde_json::json!({
        "id": late, "state": "payment-returned", "source-asset": "fiat/brl", "source-amount": "80.00"
    }));
    fetched(
        &mut state,
        Fetched::Orders(serde_json::from_value::<Vec<_>>(with_late).unwrap().into()),
        7_000,
    );
    hand_over(&mut state, &notifier);
    assert_eq!(notifier.titles().len(), 6, "{:?}", notifier.titles());
}

#[test]
fn nothing_is_notified_while_the_window_has_the_focus() {
    let notifier = RecordingNotifier::default();
    let mut state = baseline(Language::En);
    state.notify.window_focused = true;
    everything_settles(&mut state);
    hand_over(&mut state, &notifier);
    // Nor later, when the window loses the focus: it was seen.
    state.notify.window_focused = false;
    hand_over(&mut state, &notifier);
    everything_settles(&mut state);
    hand_over(&mut state, &notifier);
    assert!(notifier.titles().is_empty(), "{:?}", notifier.titles());
}

#[test]
fn the_settings_switch_turns_notifications_off() {
    let state = baseline(Language::En);
    assert!(state.shared.notifications, "on unless turned off");
    let mut harness = harness(state);
    harness.state_mut().view = View::Settings;
    settle(&mut harness);
    harness
        .get_by_label("Notify me when money moves while the window is in the background")
        .click();
    settle(&mut harness);
    assert!(!harness.state().shared.notifications);

    let notifier = RecordingNotifier::default();
    let state = harness.state_mut();
    state.notify.window_focused = false;
    everything_settles(state);
    hand_over(state, &notifier);
    assert!(notifier.titles().is_empty(), "{:?}", notifier.titles());
}

#[test]
fn the_switch_is_remembered_and_an_older_settings_file_reads_as_on() {
    use brlv_desk::app::shell::PersistedUi;
    let off = PersistedUi {
        desktop_notifications: Some(false),
        ..PersistedUi::default()
    };
    let text = serde_json::to_string(&off).unwrap();
    let read: PersistedUi = serde_json::from_str(&text).unwrap();
    assert_eq!(read.desktop_notifications, Some(false));

    let mut older = serde_json::to_value(PersistedUi::default()).unwrap();
    older
        .as_object_mut()
        .unwrap()
        .remove("desktop_notifications");
    let read: PersistedUi = serde_json::from_value(older).unwrap();
    assert_eq!(read.desktop_notifications, None, "None: on, the default");
}

/// Delivers `data` as the worker does: the book of its states first (built
/// off the window's thread), then the list.
fn fetched_with_book(state: &mut AppState, data: Fetched, at: u64) {
    let states = brlv_desk::app::features::journal::records::states_of(&data)
        .expect("a list of movements has a book");
    state.apply(Event::ListStates {
        session: crate::support::ui::SESSION,
        resource: data.key(),
        states,
    });
    fetched(state, data, at);
}

#[test]
fn the_book_the_worker_built_is_kept_and_tells_the_same_news() {
    let notifier = RecordingNotifier::default();
    let mut state = baseline_through(Language::En, fetched_with_book);
    everything_settles_through(&mut state, fetched_with_book);
    hand_over(&mut state, &notifier);
    let mut titles = notifier.titles();
    titles.sort();
    assert_eq!(titles, EVERY_KIND_OF_NEWS);
}

/// What the shell does at the end of every frame: the notes owed handed to
/// the system.
fn hand_over(state: &mut AppState, notifier: &dyn brlv_desk::app::features::notify::Notifier) {
    state.deliver_notifications(notifier);
}

#[test]
fn while_locked_a_notification_says_only_what_kind_of_movement_changed() {
    for (language, withdrawal_title, body) in [
        (
            Language::En,
            "A withdrawal changed state",
            "brlv-desk is locked: unlock it to see what happened.",
        ),
        (
            Language::PtBr,
            "Um saque mudou de situação",
            "O brlv-desk está bloqueado: desbloqueie para ver o que aconteceu.",
        ),
    ] {
        let notifier = RecordingNotifier::default();
        let mut state = baseline(language);
        crate::support::ui::seal_session(&mut state);
        state.tell(|panels| &mut panels.lock, LockTold::LockNow);
        assert!(state.panels.lock.locked);
        everything_settles(&mut state);
        hand_over(&mut state, &notifier);
        let shown = notifier.shown.borrow();
        assert_eq!(shown.len(), 5, "the news still arrives");
        for text in shown.iter() {
            let whole = format!("{} {}", text.title, text.body);
            for secret in [
                "250", "1,320", "1.320", "10.5", "10,5", "80", "9c2f0c52", "7a000000", "7b000000",
            ] {
                assert!(
                    !whole.contains(secret),
                    "{secret:?} is in a notification while locked: {whole:?}"
                );
            }
            assert_eq!(text.body, body);
        }
        assert!(
            shown.iter().any(|text| text.title == withdrawal_title),
            "{:?}",
            notifier.titles()
        );
    }
}
