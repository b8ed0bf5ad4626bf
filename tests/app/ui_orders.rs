//! The Orders panel, headless: the list newest first with 10,000 rows, a
//! brcode order's QR code and copy code, the warning instead of a QR for a
//! code with a wrong amount or CRC, notices when an order expires or a late
//! payment is returned, the open order's refresh schedule and the command
//! line's order selection. The form is in `ui_order_form.rs`.

use egui_kittest::kittest::Queryable;
use time::OffsetDateTime;
use time::macros::datetime;

use brlv_core::api::model::Order;
use brlv_core::pix::{BrCodeSpec, build_brcode};
use brlv_desk::app::features::orders::message::OrdersCommand;
use brlv_desk::app::features::orders::state::OrderSelector;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Command;
use brlv_desk::app::resources::{Fetched, ResourceKey};
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::{connected_state, dec, deliver, harness, settle};

const NOW: OffsetDateTime = datetime!(2026-03-10 12:00:00 UTC);
const BRCODE_ORDER: &str = "5b0d1a9e-7c1c-4a8e-9a53-0c3b8d6f1e21";

fn brcode_for(amount: &str) -> String {
    build_brcode(&BrCodeSpec {
        pix_key: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906".to_owned(),
        amount: Some(dec(amount)),
        merchant_name: "BRLV SANDBOX".to_owned(),
        merchant_city: "SAO PAULO".to_owned(),
        txid: "ORDER5B0D1A9E".to_owned(),
    })
}

/// A brcode order of R$500.00 awaiting payment, expiring at 12:02:05, with `brcode`.
fn brcode_order(brcode: &str) -> Order {
    serde_json::from_value(serde_json::json!({
        "id": BRCODE_ORDER,
        "quote-id": "0b9e8d7c-6f5a-4b3c-8d2e-1f0a9b8c7d6e",
        "state": "created",
        "state-updated-at": "2026-03-10T11:55:05Z",
        "created-at": "2026-03-10T11:55:05Z",
        "source-asset": "fiat/brl",
        "target-asset": "eth-base/brlv",
        "source-amount": "500.00",
        "target-amount": "497.500000000000000000",
        "base-rate": "1",
        "effective-rate": "0.995",
        "fee-amount": "2.5",
        "fee-asset": "eth-base/brlv",
        "expiration": "2026-03-10T12:02:05Z",
        "brcode": brcode,
        "qr-code-base64": "iVBORw0KGgo=",
    }))
    .unwrap()
}

fn state_with(orders: Vec<Order>) -> AppState {
    let mut state = connected_state(Language::En);
    state.view = View::Orders;
    state.shared.now = 10_000;
    state.shared.wall_now = NOW;
    deliver(&mut state, Fetched::Orders(orders.into()), 9_000);
    // The journal had nothing to compare codes with (a first connection).
    state.apply(brlv_desk::app::message::Event::Orders(
        brlv_desk::app::features::orders::message::OrdersEvent::QrMemoryRestored {
            session: crate::support::ui::SESSION,
            memory: brlv_desk::app::features::orders::qr_memory::QrMemory {
                loaded: true,
                ..Default::default()
            },
        },
    ));
    state
}

fn detail_of(order: Order) -> egui_kittest::Harness<'static, AppState> {
    let id = order.id;
    let mut state = state_with(vec![order]);
    state.open_order(OrderSelector::Id(id));
    let mut harness = harness(state);
    settle(&mut harness);
    harness
}

#[test]
fn a_brcode_order_shows_a_qr_the_copy_code_the_amount_and_the_countdown() {
    let brcode = brcode_for("500.00");
    let mut harness = detail_of(brcode_order(&brcode));
    // A screen reader hears what the picture says: amount, receiver, expiry.
    harness.get_by_role_and_label(
        egui::accesskit::Role::Image,
        "Pix QR code for R$500.00 to BRLV SANDBOX, expires at 10 Mar 2026 12:02",
    );
    harness.get_by_label("Copy code");
    assert_eq!(
        harness.query_all_by_label(&brcode).count(),
        2,
        "the copy-and-paste code beside the QR and in the fields"
    );
    harness.get_by_label_contains("Pay within 2 min 05 s");
    // Every field of the order is listed, named in words.
    for field in [
        "Quote ID",
        "Last change",
        "Your rate, fees included",
        "Fee paid in",
        "QR code image from the service",
    ] {
        harness.get_by_label(field);
    }
    assert!(
        harness
            .query_by_label_contains("state-updated-at")
            .is_none()
    );
    harness.get_by_label("Copy code").click();
    harness.run_steps(1);
    let copied =
        harness.output().platform_output.commands.iter().any(
            |command| matches!(command, egui::OutputCommand::CopyText(text) if *text == brcode),
        );
    assert!(copied, "the copy button puts the brcode on the clipboard");
    settle(&mut harness);
    harness.get_by_label("Copied.");
}

#[test]
fn a_brcode_with_another_amount_is_a_warning_not_a_qr() {
    // The code charges R$5,000.00 for an order of R$500.00.
    let harness = detail_of(brcode_order(&brcode_for("5000.00")));
    harness.get_by_label_contains("Do not pay this order's Pix code");
    harness.get_by_label_contains("asks for R$5,000.00, but the order is for R$500.00");
    assert!(harness.query_by_label_contains("Pix QR code").is_none());
    assert!(
        harness.query_by_label(&brcode_for("5000.00")).is_none(),
        "a code that failed the check is not offered anywhere"
    );
    assert!(harness.query_by_label("Copy code").is_none());
}

#[test]
fn a_brcode_with_a_broken_crc_is_a_warning_not_a_qr() {
    let good = brcode_for("500.00");
    let last = good.chars().last().unwrap();
    let altered_digit = if last == '0' { '1' } else { '0' };
    let broken = format!("{}{altered_digit}", &good[..good.len() - 1]);
    let harness = detail_of(brcode_order(&broken));
    harness.get_by_label_contains("Do not pay this order's Pix code");
    harness.get_by_label_contains("it was changed or cut. Do not pay it.");
    assert!(harness.query_by_label_contains("Pix QR code").is_none());
    assert!(harness.query_by_label(&broken).is_none());
    assert!(harness.query_by_label("Copy code").is_none());
}

#[test]
fn the_warning_is_in_portuguese_too() {
    let mut state = state_with(vec![brcode_order(&brcode_for("5000.00"))]);
    state.shared.language = Language::PtBr;
    state.open_order(OrderSelector::Id(BRCODE_ORDER.parse().unwrap()));
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains("Não pague o código Pix desta ordem");
    assert!(harness.query_by_label("QR code Pix").is_none());
}

fn numbered_order(index: usize) -> Order {
    let created = NOW - time::Duration::seconds(i64::try_from(index).unwrap() * 60);
    serde_json::from_value(serde_json::json!({
        "id": format!("{index:08x}-0000-4000-8000-000000000000"),
        "state": if index.is_multiple_of(3) { "completed" } else { "expired" },
        "created-at": brlv_core::api::timestamp::format(&created),
        "source-asset": "fiat/brl",
        "target-asset": "eth-base/usdc",
        "source-amount": "100.00",
        "target-amount": "18.425925",
    }))
    .unwrap()
}

/// Presses and releases the primary button at the centre of `label`'s widget,
/// as a person clicking that text would.
fn click_text(harness: &mut egui_kittest::Harness<'static, AppState>, label: &str) {
    let center = harness.get_by_label(label).rect().center();
    harness.hover_at(center);
    harness.step();
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos: center,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        harness.step();
    }
    settle(harness);
}

#[test]
fn a_click_on_a_cells_text_opens_that_order() {
    let orders: Vec<Order> = (0..3).map(numbered_order).collect();
    let mut harness = harness(state_with(orders));
    settle(&mut harness);
    // NOW less a minute, in the UTC the tests read moments in.
    let created = "10 Mar 2026 11:59";
    click_text(&mut harness, created);
    assert_eq!(
        harness
            .state()
            .panels
            .orders
            .selected
            .map(|id| id.to_string()),
        Some("00000001-0000-4000-8000-000000000000".to_owned())
    );
}

#[test]
fn each_order_row_reads_as_one_sentence_to_a_screen_reader() {
    let orders: Vec<Order> = (0..3).map(numbered_order).collect();
    let mut harness = harness(state_with(orders));
    settle(&mut harness);
    // NOW less a minute, in the UTC the tests read moments in.
    let created = "10 Mar 2026 11:59";
    harness.get_by_role_and_label(
        egui::accesskit::Role::Row,
        &format!(
            "Created: {created}, Pair: BRL / USDC, You pay: 100.00 reais, \
             You receive: 18.42 USDC, State: expired, Pay within: , Order: 00000001"
        ),
    );
}

#[test]
fn ten_thousand_orders_render_newest_first_and_only_the_visible_rows() {
    // Delivered oldest first: the panel sorts them.
    let orders: Vec<Order> = (0..10_000).rev().map(numbered_order).collect();
    let mut harness = harness(state_with(orders));
    settle(&mut harness);
    harness.get_by_label("10000 orders, newest first. Click one to see every field.");
    harness.get_by_label("00000000"); // the newest
    harness.get_by_label("00000005");
    assert!(
        harness.query_by_label("00002710").is_none()
            && harness.query_by_label("0000270f").is_none(),
        "the oldest rows are not laid out"
    );
    // A click opens the detail and asks the worker to keep it fresh.
    harness.get_by_label("00000005").click();
    settle(&mut harness);
    let state = harness.state();
    let opened = state.panels.orders.selected.unwrap();
    assert_eq!(opened.to_string(), "00000005-0000-4000-8000-000000000000");
    assert!(state.pending_commands().iter().any(|command| matches!(
        command,
        Command::Orders(OrdersCommand::Watch(Some(id))) if *id == opened
    )));
    harness.get_by_label("Back to the orders");
}

#[test]
fn an_order_that_expires_or_has_its_payment_returned_says_what_happens_to_the_money() {
    let brcode = brcode_for("500.00");
    let mut state = state_with(vec![brcode_order(&brcode)]);
    let mut expired = brcode_order(&brcode);
    expired.state = Some("expired".parse().unwrap());
    deliver(
        &mut state,
        Fetched::Orders(vec![expired.clone()].into()),
        12_000,
    );
    state.open_order(OrderSelector::Id(expired.id));
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains("Order 5b0d1a9e expired unpaid: nothing was charged");
    harness.get_by_label_contains("Nothing was charged and the order is undone.");
    assert!(harness.query_by_label_contains("Pix QR code").is_none());

    let mut returned = expired;
    returned.state = Some("payment-returned".parse().unwrap());
    let state = harness.state_mut();
    deliver(state, Fetched::Orders(vec![returned].into()), 15_000);
    settle(&mut harness);
    harness.get_by_label_contains("is being returned to the paying account; the bank settles");
    harness.get_by_label_contains("The service asked the bank to return the money");
}

#[test]
fn the_command_line_alias_opens_the_brcode_order_awaiting_payment() {
    let mut state = connected_state(Language::En);
    state.view = View::Orders;
    state.shared.wall_now = NOW;
    state.open_order(OrderSelector::AwaitingBrcode);
    assert!(!state.view_loaded(View::Orders), "waits for the list");
    let mut completed = brcode_order(&brcode_for("500.00"));
    completed.id = "00000001-0000-4000-8000-000000000000".parse().unwrap();
    completed.state = Some("completed".parse().unwrap());
    deliver(
        &mut state,
        Fetched::Orders(vec![completed, brcode_order(&brcode_for("500.00"))].into()),
        9_000,
    );
    assert_eq!(
        state.panels.orders.selected.unwrap().to_string(),
        BRCODE_ORDER
    );
    assert!(
        !state.view_loaded(View::Orders),
        "waits for the journal's receiver, without which no QR is drawn"
    );
    state.apply(brlv_desk::app::message::Event::Orders(
        brlv_desk::app::features::orders::message::OrdersEvent::QrMemoryRestored {
            session: crate::support::ui::SESSION,
            memory: brlv_desk::app::features::orders::qr_memory::QrMemory {
                loaded: true,
                ..Default::default()
            },
        },
    ));
    assert!(state.view_loaded(View::Orders));
}

#[test]
fn an_open_order_awaiting_payment_is_refreshed_every_3_s_then_every_30_s() {
    use brlv_desk::app::schedule::{FAST_INTERVAL_MS, FetchOutcome, SLOW_INTERVAL_MS, Schedule};
    let order = brcode_order(&brcode_for("500.00"));
    let key = ResourceKey::Order(order.id);
    let mut schedule = Schedule::new(&ResourceKey::polled(), 0);
    schedule.add(key, 1_000);
    assert!(schedule.take_due(1_000).contains(&key));
    let awaiting = Fetched::Order(Box::new(order.clone()));
    let next = schedule.finish(
        key,
        FetchOutcome::Loaded {
            in_motion: awaiting.in_motion(),
        },
        1_500,
    );
    assert_eq!(next, 1_500 + FAST_INTERVAL_MS);
    let mut done = order;
    done.state = Some("completed".parse().unwrap());
    let settled = Fetched::Order(Box::new(done));
    assert!(schedule.take_due(next).contains(&key));
    let later = schedule.finish(
        key,
        FetchOutcome::Loaded {
            in_motion: settled.in_motion(),
        },
        next,
    );
    assert_eq!(later, next + SLOW_INTERVAL_MS);
    // A webhook makes it due at once; closing the detail stops it.
    schedule.refresh_one(key, next + 10);
    assert_eq!(schedule.next_due(key), Some(next + 10));
    schedule.remove(key);
    assert!(!schedule.take_due(u64::MAX).contains(&key));
}

#[test]
fn the_view_argument_names_a_view_or_an_order() {
    use brlv_desk::app::screenshot::parse_view;
    assert_eq!(parse_view("orders"), Some((View::Orders, None)));
    assert_eq!(
        parse_view("order:brcode"),
        Some((View::Orders, Some(OrderSelector::AwaitingBrcode)))
    );
    assert_eq!(
        parse_view(&format!("order:{BRCODE_ORDER}")),
        Some((
            View::Orders,
            Some(OrderSelector::Id(BRCODE_ORDER.parse().unwrap()))
        ))
    );
    assert_eq!(parse_view("order:nope"), None);
    assert_eq!(parse_view("wallet:x"), None);
}

#[test]
fn opening_another_account_closes_the_open_order() {
    let mut state = state_with(vec![brcode_order(&brcode_for("500.00"))]);
    state.open_order(OrderSelector::Id(BRCODE_ORDER.parse().unwrap()));
    let _ = state.take_commands();
    state.apply(brlv_desk::app::message::Event::SessionStarted(
        brlv_desk::app::session::SessionInfo {
            id: crate::support::ui::SESSION + 1,
            profile: brlv_core::profile::Profile {
                name: "Pessoal".to_owned(),
                base_url: "https://api.example.com".to_owned(),
            },
            kind: brlv_desk::app::session::ProfileKind::Saved,
            sealed: false,
            route: Default::default(),
        },
    ));
    assert_eq!(state.panels.orders.selected, None);
    assert!(matches!(
        state.take_commands().as_slice(),
        [Command::Orders(OrdersCommand::Watch(None))]
    ));
}

#[test]
fn offline_the_countdown_to_pay_says_it_cannot_be_checked_instead_of_running() {
    let brcode = brcode_for("500.00");
    let order = brcode_order(&brcode);
    for (language, said, running) in [
        (
            Language::En,
            "The service cannot be reached: the time left cannot be checked (it was due to end at 12:02).",
            "Pay within 2 min",
        ),
        (
            Language::PtBr,
            "Não é possível falar com o serviço: o tempo restante não pode ser conferido (terminaria às 12:02).",
            "Pagar em até 2 min",
        ),
    ] {
        let mut state = state_with(vec![order.clone()]);
        state.shared.language = language;
        state.open_order(OrderSelector::Id(order.id));
        state.apply(brlv_desk::app::message::Event::FetchFinished {
            session: crate::support::ui::SESSION,
            resource: ResourceKey::BalanceBrl,
            result: Err(brlv_core::api::Error::Network {
                message: "connection refused".to_owned(),
                maybe_delivered: false,
            }),
            at: 9_500,
            next_at: 20_000,
        });
        let mut harness = harness(state);
        settle(&mut harness);
        harness.get_by_label(said);
        assert!(harness.query_by_label_contains(running).is_none());
    }
}

#[test]
fn an_order_is_titled_by_what_it_pays_and_when_never_by_its_id_alone() {
    let brcode = brcode_for("500.00");
    let order = brcode_order(&brcode);
    for (language, title, id_title) in [
        (
            Language::En,
            "Order of R$500.00, 10 Mar 2026 11:55",
            "Order ",
        ),
        (
            Language::PtBr,
            "Ordem de R$ 500,00, 10/03/2026 11:55",
            "Ordem ",
        ),
    ] {
        let mut state = state_with(vec![order.clone()]);
        state.shared.language = language;
        state.open_order(OrderSelector::Id(order.id));
        let mut harness = harness(state);
        settle(&mut harness);
        harness.get_by_label(title);
        let short = brlv_desk::app::format::short_id(&order.id);
        assert!(
            harness
                .query_by_label(&format!("{id_title}{short}"))
                .is_none()
        );
    }
}
