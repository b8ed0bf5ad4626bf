//! A brcode order's Pix code checked against what the person accepted, not
//! only against the service's own answer: the quote reviewed in the form is
//! kept when the order is created, and an order or code asking for another
//! amount is refused with no QR; an order made elsewhere says it was checked
//! against the service's figures only. The receiver is shown beside the QR;
//! the first one seen is remembered, and a code paying someone else is
//! warned about and hidden until the person asks to see it.

use std::collections::HashMap;

use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use time::OffsetDateTime;
use time::macros::datetime;
use uuid::Uuid;

use brlv_core::api::model::{Asset, Order, PaymentMethod};
use brlv_core::pix::{BrCodeSpec, brcode_crc, build_brcode};
use brlv_desk::app::features::orders::message::{OrdersCommand, OrdersEvent};
use brlv_desk::app::features::orders::qr_memory::{
    AcceptedQuote, QrMemory, Receiver, ReceiverAccount,
};
use brlv_desk::app::features::orders::state::OrderSelector;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::{Created, FormKind, SubmitOutcome};

use crate::support::ui::{SESSION, connected_state, dec, deliver, harness, settle};

const NOW: OffsetDateTime = datetime!(2026-03-10 12:00:00 UTC);
const ORDER_ID: &str = "5b0d1a9e-7c1c-4a8e-9a53-0c3b8d6f1e21";
const QUOTE_ID: &str = "0b9e8d7c-6f5a-4b3c-8d2e-1f0a9b8c7d6e";
const SERVICE_KEY: &str = "7d9f0335-8dcc-4054-9bf9-0dbd61d36906";
const OTHER_KEY: &str = "c0ffee00-8dcc-4054-9bf9-0dbd61d36906";
const WALLET: &str = "0xfeedfacefeedfacefeedfacefeedfacefeedface";

fn brcode(amount: &str, name: &str, key: &str) -> String {
    build_brcode(&BrCodeSpec {
        pix_key: key.to_owned(),
        amount: Some(dec(amount)),
        merchant_name: name.to_owned(),
        merchant_city: "SAO PAULO".to_owned(),
        txid: "ORDER5B0D1A9E".to_owned(),
    })
}

/// The service's usual code for R$`amount`.
fn service_code(amount: &str) -> String {
    brcode(amount, "BRLV SANDBOX", SERVICE_KEY)
}

/// A brcode order of R$`amount` from quote [`QUOTE_ID`], awaiting payment.
fn order(amount: &str, brcode: &str) -> Order {
    serde_json::from_value(serde_json::json!({
        "id": ORDER_ID,
        "quote-id": QUOTE_ID,
        "state": "created",
        "state-updated-at": "2026-03-10T11:55:05Z",
        "created-at": "2026-03-10T11:55:05Z",
        "source-asset": "fiat/brl",
        "target-asset": "eth-base/brlv",
        "source-amount": amount,
        "target-amount": "497.500000000000000000",
        "expiration": "2026-03-10T12:02:05Z",
        "brcode": brcode,
    }))
    .unwrap()
}

fn accepted(amount: &str) -> AcceptedQuote {
    AcceptedQuote {
        quote_id: QUOTE_ID.parse().unwrap(),
        source_amount: dec(amount),
        source_asset: Asset::FiatBrl,
    }
}

fn service_receiver() -> Receiver {
    Receiver {
        name: "BRLV SANDBOX".to_owned(),
        city: "SAO PAULO".to_owned(),
        account: ReceiverAccount::Key(SERVICE_KEY.to_owned()),
    }
}

/// What the journal gave back as the connection opened.
fn memory(accepted: Option<AcceptedQuote>, first_receiver: Option<Receiver>) -> QrMemory {
    QrMemory {
        loaded: true,
        accepted: accepted
            .into_iter()
            .map(|quote| (quote.quote_id, quote))
            .collect::<HashMap<Uuid, AcceptedQuote>>(),
        first_receiver,
    }
}

fn restore(state: &mut AppState, memory: QrMemory) {
    state.apply(Event::Orders(OrdersEvent::QrMemoryRestored {
        session: SESSION,
        memory,
    }));
}

/// `order`'s detail open, with `memory` read back from the journal.
fn detail(order: Order, memory: QrMemory, language: Language) -> Harness<'static, AppState> {
    let mut state = connected_state(language);
    state.view = View::Orders;
    state.shared.now = 10_000;
    state.shared.wall_now = NOW;
    deliver(&mut state, Fetched::Orders(vec![order].into()), 9_000);
    restore(&mut state, memory);
    state.open_order(OrderSelector::Id(ORDER_ID.parse().unwrap()));
    let mut harness = harness(state);
    settle(&mut harness);
    harness
}

fn remembered(state: &AppState) -> Vec<&Receiver> {
    state
        .pending_commands()
        .iter()
        .filter_map(|command| match command {
            Command::Orders(OrdersCommand::RememberReceiver(receiver)) => Some(receiver),
            _ => None,
        })
        .collect()
}

fn assert_no_code_offered(harness: &Harness<'static, AppState>, code: &str) {
    assert!(harness.query_by_label_contains("Pix QR code for").is_none());
    assert!(harness.query_by_label("Copy code").is_none());
    assert!(
        harness.query_by_label(code).is_none(),
        "the code cannot be copied from the fields either"
    );
}

#[test]
fn the_quote_reviewed_in_the_form_is_kept_and_an_order_asking_more_is_refused_with_no_qr() {
    let mut state = connected_state(Language::En);
    state.view = View::Orders;
    state.shared.now = 10_000;
    state.shared.wall_now = NOW;
    deliver(&mut state, Fetched::Orders(vec![].into()), 9_000);
    restore(&mut state, memory(None, None));
    state.panels.orders.form.open = true;
    state.panels.orders.form.quote_draft.amount = "500.00".to_owned();
    state.panels.orders.form.order_draft.target_wallet = WALLET.to_owned();
    state.panels.orders.form.order_draft.payment = Some(PaymentMethod::Brcode);
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Get quote").click();
    settle(&mut harness);
    let state = harness.state_mut();
    let _ = state.take_commands();
    let quote = serde_json::from_value(serde_json::json!({
        "id": QUOTE_ID,
        "source-asset": "fiat/brl",
        "target-asset": "eth-base/brlv",
        "source-amount": "500.00",
        "target-amount": "497.500000000000000000",
        "expiration": "2026-03-10T12:01:00Z",
    }))
    .unwrap();
    state.apply(Event::Orders(OrdersEvent::QuoteReceived(Ok(quote))));
    settle(&mut harness);
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    let kept: Vec<_> = harness
        .state()
        .pending_commands()
        .iter()
        .filter_map(|command| match command {
            Command::Orders(OrdersCommand::KeepAccepted(accepted)) => Some(accepted.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        kept,
        vec![accepted("500.00")],
        "what was reviewed goes to the journal"
    );

    // A relayed service answers with an order (and a matching code) for ten times more.
    let inflated = service_code("5000.00");
    let state = harness.state_mut();
    state.apply(Event::Submitted {
        session: SESSION,
        form: FormKind::Order,
        outcome: SubmitOutcome::Created {
            record: Created::Order(Box::new(order("5000.00", &inflated))),
            after_unknown: false,
        },
    });
    settle(&mut harness);
    harness.get_by_label_contains("Do not pay this order's Pix code");
    harness.get_by_label_contains(
        "The order asks for R$5,000.00, but the quote you accepted was for R$500.00.",
    );
    assert_no_code_offered(&harness, &inflated);
}

#[test]
fn a_code_asking_another_amount_than_the_accepted_quote_is_refused_with_no_qr() {
    // The order matches what was accepted; the code does not.
    let code = service_code("5000.00");
    let harness = detail(
        order("500.00", &code),
        memory(Some(accepted("500.00")), None),
        Language::En,
    );
    harness.get_by_label_contains(
        "The code asks for R$5,000.00, but the quote you accepted was for R$500.00.",
    );
    assert_no_code_offered(&harness, &code);
}

#[test]
fn the_refusal_is_in_portuguese_too() {
    let code = service_code("5000.00");
    let harness = detail(
        order("5000.00", &code),
        memory(Some(accepted("500.00")), None),
        Language::PtBr,
    );
    harness.get_by_label_contains("Não pague o código Pix desta ordem");
    harness.get_by_label_contains(
        "A ordem pede R$ 5.000,00, mas a cotação que você aceitou era de R$ 500,00.",
    );
    assert!(harness.query_by_label("Copiar código").is_none());
}

#[test]
fn a_code_matching_the_accepted_quote_shows_the_qr_with_its_receiver_beside_it() {
    let code = service_code("500.00");
    let harness = detail(
        order("500.00", &code),
        memory(Some(accepted("500.00")), Some(service_receiver())),
        Language::En,
    );
    harness.get_by_label_contains("Pix QR code for R$500.00 to BRLV SANDBOX");
    harness.get_by_label(
        "Checked against the quote you accepted in this app: the amount is the one you saw.",
    );
    harness.get_by_label("Paid to");
    harness.get_by_label("BRLV SANDBOX");
    harness.get_by_label("SAO PAULO");
    harness.get_by_label(&format!("Pix key {SERVICE_KEY}"));
    harness.get_by_label("Copy code");
    assert!(harness.query_by_label("Show the code anyway").is_none());
    assert!(remembered(harness.state()).is_empty(), "already remembered");
}

#[test]
fn an_order_made_elsewhere_is_checked_against_the_services_figures_only_and_says_so() {
    let code = service_code("500.00");
    let harness = detail(
        order("500.00", &code),
        memory(None, Some(service_receiver())),
        Language::En,
    );
    harness.get_by_label_contains("its code was checked only against the service's own figures.");
    harness.get_by_label_contains("Pix QR code for R$500.00");
}

#[test]
fn the_first_receiver_is_remembered_without_a_warning() {
    let code = service_code("500.00");
    let harness = detail(order("500.00", &code), memory(None, None), Language::En);
    harness.get_by_label_contains("Pix QR code for R$500.00 to BRLV SANDBOX");
    assert!(harness.query_by_label_contains("someone else").is_none());
    assert!(harness.query_by_label("Show the code anyway").is_none());
    assert_eq!(
        remembered(harness.state()),
        vec![&service_receiver()],
        "kept in the journal, once"
    );
    assert_eq!(
        harness.state().panels.orders.qr_memory.first_receiver,
        Some(service_receiver())
    );
}

#[test]
fn a_new_receiver_is_warned_and_the_qr_hidden_until_the_person_asks_to_see_it() {
    let code = brcode("500.00", "OUTRA LOJA", OTHER_KEY);
    let mut harness = detail(
        order("500.00", &code),
        memory(Some(accepted("500.00")), Some(service_receiver())),
        Language::En,
    );
    harness.get_by_label_contains("This code pays someone else than before.");
    harness.get_by_label_contains(&format!(
        "Before: BRLV SANDBOX (SAO PAULO), Pix key {SERVICE_KEY}"
    ));
    harness.get_by_label_contains(&format!("Now: OUTRA LOJA (SAO PAULO), Pix key {OTHER_KEY}"));
    harness.get_by_label_contains("Do not pay if you do not expect this.");
    assert_no_code_offered(&harness, &code);
    assert!(
        remembered(harness.state()).is_empty(),
        "the first receiver stays the one remembered"
    );

    // Reached by the keyboard and pressed with Enter.
    let mut reached = false;
    for _ in 0..40 {
        let focused = harness
            .query(By::new().predicate(|node| node.is_focused()))
            .map(|node| node.accesskit_node().label().unwrap_or_default());
        if focused.as_deref() == Some("Show the code anyway") {
            reached = true;
            break;
        }
        harness.key_press(egui::Key::Tab);
        settle(&mut harness);
    }
    assert!(reached, "Tab reaches the button");
    harness.get_by_role_and_label(egui::accesskit::Role::Button, "Show the code anyway");
    harness.key_press(egui::Key::Enter);
    settle(&mut harness);
    harness.get_by_label_contains("Pix QR code for R$500.00 to OUTRA LOJA");
    harness.get_by_label("Copy code");
    // The warning stays above the code it is about.
    harness.get_by_label_contains("This code pays someone else than before.");
    assert!(harness.query_by_label("Show the code anyway").is_none());
}

#[test]
fn the_receiver_warning_is_in_portuguese_too() {
    let code = brcode("500.00", "OUTRA LOJA", OTHER_KEY);
    let harness = detail(
        order("500.00", &code),
        memory(None, Some(service_receiver())),
        Language::PtBr,
    );
    harness.get_by_label_contains("Este código paga outro recebedor");
    harness.get_by_label_contains("Não pague se você não esperava por isso.");
    harness.get_by_label("Mostrar o código mesmo assim");
}

/// A bank's dynamic code: a URL where a static code has its key.
fn dynamic_code(amount: &str) -> String {
    fn field(out: &mut String, id: &str, value: &str) {
        out.push_str(&format!("{id}{:02}{value}", value.len()));
    }
    let mut account = String::new();
    field(&mut account, "00", "br.gov.bcb.pix");
    field(&mut account, "25", "pix.bank.example/qr/v2/7d9f0335");
    let mut body = String::new();
    field(&mut body, "00", "01");
    field(&mut body, "26", &account);
    field(&mut body, "52", "0000");
    field(&mut body, "53", "986");
    field(&mut body, "54", amount);
    field(&mut body, "58", "BR");
    field(&mut body, "59", "BRLV SANDBOX");
    field(&mut body, "60", "SAO PAULO");
    body.push_str("6304");
    let crc = brcode_crc(&body);
    format!("{body}{crc}")
}

#[test]
fn a_dynamic_code_names_the_banks_host_instead_of_a_key() {
    let code = dynamic_code("500.00");
    let harness = detail(order("500.00", &code), memory(None, None), Language::En);
    harness.get_by_label("the bank's dynamic code (pix.bank.example)");
    let receivers = remembered(harness.state());
    assert_eq!(
        receivers.first().map(|receiver| &receiver.account),
        Some(&ReceiverAccount::Dynamic("pix.bank.example".to_owned()))
    );
}

#[test]
fn no_code_is_drawn_before_the_journal_said_whom_it_paid_before() {
    let code = service_code("500.00");
    let mut state = connected_state(Language::En);
    state.view = View::Orders;
    state.shared.now = 10_000;
    state.shared.wall_now = NOW;
    deliver(
        &mut state,
        Fetched::Orders(vec![order("500.00", &code)].into()),
        9_000,
    );
    state.open_order(OrderSelector::Id(ORDER_ID.parse().unwrap()));
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains("Checking this Pix code");
    assert_no_code_offered(&harness, &code);
    // The journal's answer for another connection changes nothing.
    harness
        .state_mut()
        .apply(Event::Orders(OrdersEvent::QrMemoryRestored {
            session: SESSION + 1,
            memory: memory(None, None),
        }));
    settle(&mut harness);
    assert_no_code_offered(&harness, &code);
    restore(harness.state_mut(), memory(None, Some(service_receiver())));
    settle(&mut harness);
    harness.get_by_label("Copy code");
}
