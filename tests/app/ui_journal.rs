//! What the journal brings back, headless: lists restored from an earlier
//! run are shown at once with the time they were fetched (and say so until
//! the service confirms them), a fresh answer replaces them, a restored list
//! never overwrites one fetched meanwhile, the claims made before a restart
//! list their gross, tax, fees and net, and the connection is not "online"
//! on a saved copy alone.

use egui_kittest::kittest::Queryable;
use time::macros::datetime;

use brlv_core::api::model::{Claim, Order};
use brlv_desk::app::features::journal::message::{JournalEvent, RestoredList};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Event;
use brlv_desk::app::panel::shared::ConnectionStatus;
use brlv_desk::app::remote::PartialCopy;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::{SESSION, connected_state, dec, deliver, harness, settle};

fn order(id: &str, state: &str) -> Order {
    serde_json::from_value(serde_json::json!({
        "id": id,
        "state": state,
        "created-at": "2026-03-10T11:55:05Z",
        "source-asset": "fiat/brl",
        "target-asset": "eth-base/brlv",
        "source-amount": "500.00",
        "target-amount": "497.500000000000000000",
    }))
    .unwrap()
}

const SAVED: &str = "00000000-0000-4000-8000-00000000000a";

fn restored(state: &mut AppState, claims: Vec<Claim>) {
    state.apply(Event::Journal(JournalEvent::Restored {
        session: SESSION,
        lists: vec![
            RestoredList {
                fetched: Fetched::Orders(vec![order(SAVED, "completed")].into()),
                fetched_at: datetime!(2026-11-20 14:03:07 UTC),
                partial: Some(PartialCopy {
                    kept: 1,
                    total: 5000,
                }),
            },
            RestoredList {
                fetched: Fetched::BalanceBrl(dec("1234.56")),
                fetched_at: datetime!(2026-11-20 14:03:05 UTC),
                partial: None,
            },
        ],
        claims,
        tax: Default::default(),
        orders_sent: Vec::new(),
    }));
}

#[test]
fn restored_orders_show_at_once_marked_with_when_they_were_fetched() {
    let mut state = connected_state(Language::En);
    state.view = View::Orders;
    restored(&mut state, Vec::new());
    assert_eq!(state.shared.data.balance_brl.value(), Some(&dec("1234.56")));
    assert_eq!(
        state.shared.connection_status(),
        ConnectionStatus::Connecting,
        "a saved copy is not news from the service"
    );
    assert!(
        !state.view_loaded(View::Orders),
        "not before the service was tried"
    );
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains("Saved copy, fetched 20 Nov 2026 14:03:07");
    harness.get_by_label_contains("the newest 1 of its 5000 rows");
    harness.get_by_label("Showing saved copies, the oldest fetched 20 Nov 2026 14:03:05");
    assert!(
        harness
            .query_all_by_label_contains("00000000")
            .next()
            .is_some(),
        "the saved order is listed"
    );

    // The service answers: the fresh list replaces the copy and the mark goes.
    let fresh = "00000000-0000-4000-8000-00000000000b";
    deliver(
        harness.state_mut(),
        Fetched::Orders(vec![order(fresh, "created"), order(SAVED, "completed")].into()),
        5_000,
    );
    settle(&mut harness);
    assert!(harness.query_by_label_contains("Saved copy").is_none());
    let state = harness.state();
    assert_eq!(state.shared.data.orders.value().unwrap().len(), 2);
    assert!(state.view_loaded(View::Orders));
}

#[test]
fn restored_balances_say_when_they_were_true_until_the_service_answers() {
    let mut state = connected_state(Language::PtBr);
    state.view = View::Overview;
    restored(&mut state, Vec::new());
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains("Saldos de 20/11/2026");
    deliver(
        harness.state_mut(),
        Fetched::BalanceBrl(dec("1300.00")),
        5_000,
    );
    settle(&mut harness);
    assert!(harness.query_by_label_contains("Saldos de ").is_none());
}

#[test]
fn a_list_fetched_before_the_journal_answered_is_not_overwritten() {
    let mut state = connected_state(Language::En);
    deliver(&mut state, Fetched::BalanceBrl(dec("10.00")), 1_000);
    restored(&mut state, Vec::new());
    assert_eq!(state.shared.data.balance_brl.value(), Some(&dec("10.00")));
    assert!(
        state
            .shared
            .data
            .balance_brl
            .loaded()
            .unwrap()
            .saved_at
            .is_none()
    );
    assert!(
        state
            .shared
            .data
            .orders
            .loaded()
            .unwrap()
            .saved_at
            .is_some()
    );
}

#[test]
fn claims_made_before_a_restart_list_their_gross_tax_fees_and_net() {
    let claim: Claim = serde_json::from_value(serde_json::json!({
        "id": "7d3c9a0e-1b2f-4c5d-8e9f-0a1b2c3d4e5f",
        "gross-amount": "1000.00",
        "tax-amount": "150.00",
        "fees": "7.50",
        "net-amount": "842.50",
        "status": "created",
        "updated-at": "2026-11-20T14:00:00.123Z",
    }))
    .unwrap();
    let mut state = connected_state(Language::En);
    state.view = View::Claims;
    restored(&mut state, vec![claim]);
    let mut harness = harness(state);
    settle(&mut harness);
    for amount in [
        "1,000.00 reais",
        "150.00 reais",
        "7.50 reais",
        "842.50 reais",
    ] {
        harness.get_by_label(amount);
    }
    assert!(harness.query_by_label_contains("No claims made").is_none());
}

#[test]
fn the_journal_of_another_connection_is_ignored() {
    let mut state = connected_state(Language::En);
    state.apply(Event::Journal(JournalEvent::Restored {
        session: SESSION + 1,
        lists: vec![RestoredList {
            fetched: Fetched::BalanceBrl(dec("99.00")),
            fetched_at: datetime!(2026-11-20 14:03:05 UTC),
            partial: None,
        }],
        claims: Vec::new(),
        orders_sent: Vec::new(),
        tax: Default::default(),
    }));
    assert!(state.shared.data.balance_brl.value().is_none());
}
