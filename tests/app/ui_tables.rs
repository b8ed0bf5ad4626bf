//! Tables read at a glance: every list can be searched and sorted by a
//! click on a header; a token amount shows the places that carry value and
//! gives its exact value on hover, on copy and in the CSV; a detail names
//! its fields in words with the service's keys one switch away.

use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};

use brlv_core::api::model::{Claim, Transfer};
use brlv_desk::app::export::ExportRecords;
use brlv_desk::app::features::events::message::EventsEvent;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Event;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::webhook::WebhookEvent;

use crate::support::ui::{connected_state, deliver, harness, settle};
use crate::ui_hide_amounts::demo_state;

/// The rows of the table shown, as a screen reader reads them, top to bottom.
fn rows(harness: &Harness<'static, AppState>) -> Vec<String> {
    harness
        .query_all(By::new().role(Role::Row))
        .map(|node| node.accesskit_node().label().unwrap_or_default())
        .collect()
}

/// Runs frames until `done` holds: sorting and searching run on a thread
/// of their own.
fn wait_for(
    harness: &mut Harness<'static, AppState>,
    what: &str,
    done: impl Fn(&Harness<'static, AppState>) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done(harness) {
        assert!(Instant::now() < deadline, "never happened: {what}");
        std::thread::sleep(Duration::from_millis(20));
        harness.run_steps(1);
    }
}

#[test]
fn every_list_sorts_by_a_click_on_a_header_and_has_a_search_box() {
    let mut state = demo_state(Language::En);
    // A second claim made here and a second event, so they can change order.
    let claim: Claim = serde_json::from_value(serde_json::json!({
        "id": "c2a2c2a2-0000-4000-8000-000000000002",
        "status": "completed",
        "gross-amount": "10.00",
        "net-amount": "10.00",
        "updated-at": "2026-03-01T10:00:00Z",
    }))
    .unwrap();
    state.shared.data.claim_made(claim);
    let body = serde_json::json!({
        "id": "evt-2", "type": "order.paid", "created-at": "2026-03-10T11:00:00Z",
        "order": {"id": "0e0e0e0e-0000-4000-8000-000000000002", "state": "paid"},
    });
    state.apply(Event::Events(EventsEvent::Received {
        at: time::macros::datetime!(2026-03-10 12:00:30 UTC),
        event: Box::new(WebhookEvent::parse(body.to_string().as_bytes()).unwrap()),
    }));
    let mut harness = harness(state);
    settle(&mut harness);
    // Each list and the header of a column whose order differs from the list's.
    for (view, header) in [
        (View::Orders, "Created"),
        (View::Transfers, "Created"),
        (View::Withdrawals, "Created"),
        (View::Deposits, "Created"),
        (View::Claims, "Updated"),
        (View::Wallets, "Name"),
        (View::Events, "Received"),
    ] {
        harness.state_mut().view = view;
        settle(&mut harness);
        let before = rows(&harness);
        assert!(before.len() >= 2, "{view:?} has rows to sort: {before:?}");
        // Twice: ascending, then descending; the two orders are each other's reverse.
        harness.get_by_role_and_label(Role::Button, header).click();
        settle(&mut harness);
        // Each of these lists comes in another order than the column's.
        wait_for(&mut harness, "the ascending sort", |harness| {
            rows(harness) != before
        });
        let ascending = rows(&harness);
        harness
            .get_by_role_and_label(Role::Button, &format!("{header}, sorted ascending"))
            .click();
        settle(&mut harness);
        let mut expected = ascending.clone();
        expected.reverse();
        wait_for(&mut harness, "the descending sort", |harness| {
            rows(harness) == expected
        });
        assert_ne!(ascending, expected, "{view:?}: the sort changed the order");
        // Back to the list's own order.
        harness
            .get_by_role_and_label(Role::Button, &format!("{header}, sorted descending"))
            .click();
        settle(&mut harness);
        wait_for(&mut harness, "the list's own order", |harness| {
            rows(harness) == before
        });

        // A search that matches nothing empties the table and says so.
        let total = before.len().to_string();
        let field = harness.get_by_role_and_label(Role::TextInput, "Search");
        field.focus();
        field.type_text("no-such-record");
        settle(&mut harness);
        wait_for(&mut harness, "the search", |harness| {
            harness.query_by_label(&format!("0 of {total}")).is_some()
        });
        assert!(rows(&harness).is_empty(), "{view:?}: {:?}", rows(&harness));
        // Cleared for the next list (one search per table id).
        let field = harness.get_by_role_and_label(Role::TextInput, "Search");
        field.focus();
        for _ in 0.."no-such-record".len() {
            harness.key_press(egui::Key::Backspace);
        }
        settle(&mut harness);
    }
}

fn brlv_transfer() -> Transfer {
    serde_json::from_value(serde_json::json!({
        "id": "7a1e0c52-0000-4000-8000-000000000044",
        "state": "completed",
        "asset": "eth-base/brlv",
        "amount": "44910.519870000000000000",
        "source-address": "0x1111111111111111111111111111111111111111",
        "target-address": "0x2222222222222222222222222222222222222222",
        "created-at": "2026-03-10T11:00:00Z",
    }))
    .unwrap()
}

#[test]
fn a_token_amount_shows_two_places_in_the_list_and_every_place_on_hover_copy_details_and_csv() {
    let mut state = connected_state(Language::En);
    state.view = View::Transfers;
    deliver(
        &mut state,
        Fetched::Transfers(vec![brlv_transfer()].into()),
        9_000,
    );
    let mut harness = harness(state);
    settle(&mut harness);
    const EXACT: &str = "44,910.51987 BRLV";
    // Two places in the table, cut, to the eye and to a screen reader.
    let cell = harness.get_by_label("44,910.51 BRLV");
    assert!(harness.query_by_label_contains("44,910.52").is_none());
    harness.get_by_role_and_label(
        Role::Row,
        "Created: 10 Mar 2026 11:00, Amount: 44,910.51 BRLV, State: paid, \
         From: 0x111111...111111, To: 0x222222...222222, Transaction hash: -",
    );
    // Exact on hover.
    let center = cell.rect().center();
    harness.hover_at(center);
    settle(&mut harness);
    harness.get_by_label(EXACT);

    // Exact on copy: the row's menu (a right click).
    harness.get_by_label("44,910.51 BRLV").click_secondary();
    settle(&mut harness);
    harness.get_by_label("Copy Amount (exact)").click();
    harness.run_steps(1);
    let copied = harness
        .output()
        .platform_output
        .commands
        .iter()
        .any(|command| matches!(command, egui::OutputCommand::CopyText(text) if text == EXACT));
    assert!(copied, "the row's menu copies the exact amount");
    settle(&mut harness);

    // The details write every place it carries.
    harness.state_mut().panels.transfers.records.selected = Some(brlv_transfer().id);
    settle(&mut harness);
    assert!(
        harness.query_all_by_label(EXACT).count() >= 1,
        "the details' exact amount"
    );

    // And the CSV of the list shown keeps every place, in the service's notation.
    let state = harness.state();
    let shown = brlv_desk::app::features::transfers::view::shown_transfers(
        &state.panels.transfers,
        &state.shared.data,
    )
    .to_vec();
    let csv = ExportRecords::Transfers(shown).to_csv().unwrap();
    assert!(csv.contains(",44910.519870000000000000,"), "{csv}");
}

#[test]
fn an_orders_details_are_named_in_words_with_the_services_keys_one_switch_away() {
    let mut state = demo_state(Language::PtBr);
    state.view = View::Orders;
    let id = state.shared.data.orders.value().unwrap()[0].id;
    state.select_order(Some(id));
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Última alteração");
    harness.get_by_label("Você paga");
    // The newest demo order pays R$ 250,00 for BRLV: its fee, in BRLV, is
    // given in reais too, and the ids come after what the order is.
    harness.get_by_label("Tarifa em reais");
    let label_top = |label: &str| harness.get_by_label(label).rect().top();
    assert!(label_top("Número da ordem") > label_top("Tarifa"));
    assert!(label_top("ID da cotação") > label_top("Valor que você paga"));
    assert!(
        harness
            .query_by_label_contains("state-updated-at")
            .is_none()
    );
    assert!(harness.query_by_label_contains("source-asset").is_none());
    harness.get_by_label("Mostrar valores técnicos").click();
    settle(&mut harness);
    harness.get_by_label_contains("state-updated-at: ");
    harness.get_by_label("source-asset: fiat/brl");
}

#[test]
fn a_table_writes_its_moments_in_the_persons_clock_as_their_language_does() {
    let mut state = connected_state(Language::PtBr);
    state.shared.zone = brlv_desk::app::clock::LocalZone::named("America/Sao_Paulo").unwrap();
    state.view = View::Orders;
    let order: brlv_core::api::model::Order = serde_json::from_value(serde_json::json!({
        "id": "5b0d1a9e-7c1c-4a8e-9a53-0c3b8d6f1e21",
        "state": "completed",
        "created-at": "2026-11-25T12:59:41Z",
        "source-asset": "fiat/brl",
        "target-asset": "eth-base/brlv",
        "source-amount": "500.00",
        "target-amount": "499.500000000000000000",
    }))
    .unwrap();
    deliver(&mut state, Fetched::Orders(vec![order].into()), 9_000);
    let mut harness = harness(state);
    settle(&mut harness);
    // 12:59 in UTC is 09:59 in São Paulo, written day first.
    harness.get_by_label("25/11/2026 09:59");
    assert!(harness.query_by_label_contains("12:59").is_none());
    assert!(harness.query_by_label_contains("UTC").is_none());
}
