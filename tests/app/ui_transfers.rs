//! The Transfers panel, headless: states as colored badges, the four filters
//! sent to the API, every field with the tx-hash to copy, a table of 10,000
//! transfers that lays out only what is in view, and the form refusing a bad
//! checksum beside the field while sending exactly the transfer typed.

use egui_kittest::kittest::Queryable;

use brlv_core::api::model::{Asset, CreateTransfer, Transfer, TransferFilter, TransferState};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::resources::ListQuery;
use brlv_desk::app::resources::ResourceKey;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::SubmitRequest;

use crate::support::ui::{Sent, confirm_plain_key, sent};
use crate::support::ui::{connected_state, dec, deliver, harness, settle};

const MAIN: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const OTHER: &str = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
const TX: &str = "0x8f3c1a0e0d7b6a5948372615049382716afbecd1234567890abcdef12345678";

fn transfer(index: usize, state: &str, minute: usize) -> Transfer {
    serde_json::from_value(serde_json::json!({
        "id": format!("7a1e0c52-0000-4000-8000-{index:012}"),
        "state": state,
        "asset": "eth-base/brlv",
        "amount": "12.5",
        "source-address": MAIN,
        "target-address": OTHER,
        "tx-hash": TX,
        "created-at": format!("2026-03-{:02}T{:02}:{:02}:00Z", 1 + minute / 1440, (minute / 60) % 24, minute % 60),
        "state-updated-at": "2026-03-10T12:00:00Z",
    }))
    .unwrap()
}

fn transfers_state(language: Language, transfers: Vec<Transfer>) -> AppState {
    let mut state = connected_state(language);
    state.view = View::Transfers;
    deliver(
        &mut state,
        Fetched::Wallets(
            vec![
                serde_json::from_value(serde_json::json!({"name": "Main wallet", "address": MAIN}))
                    .unwrap(),
            ]
            .into(),
        ),
        1_000,
    );
    deliver(&mut state, Fetched::Transfers(transfers.into()), 1_000);
    state
}

#[test]
fn states_show_as_badges_newest_first_and_the_selected_transfer_in_full() {
    let transfers = vec![
        transfer(1, "completed", 1),
        transfer(2, "failed", 2),
        transfer(3, "pending", 3),
    ];
    let mut state = transfers_state(Language::PtBr, transfers);
    let newest: Vec<_> = state
        .shared
        .data
        .transfers
        .value()
        .unwrap()
        .iter()
        .map(|t| t.id)
        .collect();
    assert_eq!(
        newest[0].to_string(),
        "7a1e0c52-0000-4000-8000-000000000003",
        "newest first"
    );
    state.panels.transfers.records.selected = Some(newest[1]);
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("pago");
    assert_eq!(
        harness.query_all_by_label("falhou").count(),
        2,
        "badge and details"
    );
    harness.get_by_label("enviado ao serviço (pendente)");
    // Shortened in the table, whole in the details with a Copy button.
    assert_eq!(harness.query_all_by_label("0x8f3c1a...345678").count(), 3);
    harness.get_by_label(TX);
    harness.get_by_label("7a1e0c52-0000-4000-8000-000000000002");
    assert_eq!(
        harness.query_all_by_label("Copiar").count(),
        5,
        "id, amount, from, to, tx-hash"
    );
}

#[test]
fn the_four_filters_are_sent_and_a_bad_filter_address_is_refused_beside_it() {
    let mut harness = harness(transfers_state(
        Language::En,
        vec![transfer(1, "completed", 1)],
    ));
    settle(&mut harness);
    assert!(sent(harness.state_mut()).is_empty());
    let field = harness.get_by_label("Only from");
    field.focus();
    field.type_text("0x123");
    settle(&mut harness);
    harness.get_by_label_contains("needs 40 hex digits after 0x, but has 3");
    assert!(sent(harness.state_mut()).is_empty());

    let panel = &mut harness.state_mut().panels.transfers;
    panel.source_filter = MAIN.to_owned();
    panel.target_filter = OTHER.to_lowercase();
    panel.asset_filter = Some(Asset::EthBaseBrlv);
    panel.state_filter = Some(TransferState::Failed);
    settle(&mut harness);
    assert_eq!(
        sent(harness.state_mut()),
        vec![Sent::Query(ListQuery::Transfers(TransferFilter {
            source_address: Some(MAIN.to_owned()),
            target_address: Some(OTHER.to_lowercase()),
            asset: Some(Asset::EthBaseBrlv),
            state: Some(TransferState::Failed),
        }))]
    );
    settle(&mut harness);
    assert!(sent(harness.state_mut()).is_empty(), "asked once");
}

#[test]
fn ten_thousand_transfers_render_only_the_rows_in_view() {
    let transfers: Vec<Transfer> = (0..10_000)
        .map(|index| transfer(index, "completed", index))
        .collect();
    let mut harness = harness(transfers_state(Language::En, transfers));
    settle(&mut harness);
    harness.get_by_label("7 Mar 2026 22:39");
    let shown = harness.query_all_by_label("paid").count();
    assert!((1..60).contains(&shown), "{shown} rows laid out");
    // How long such a frame takes is measured in benches/tables.rs.
}

#[test]
fn the_form_refuses_a_bad_checksum_and_sends_the_exact_transfer() {
    let mut harness = harness(transfers_state(Language::En, Vec::new()));
    settle(&mut harness);
    harness.get_by_label("From wallet").click();
    settle(&mut harness);
    harness
        .get_by_label(&format!("Main wallet ({MAIN})"))
        .click();
    settle(&mut harness);
    assert_eq!(harness.state().panels.transfers.draft.source, MAIN);
    let amount = harness.get_by_label("Amount to send");
    amount.focus();
    amount.type_text("1.234,5");
    settle(&mut harness);
    let target = harness.get_by_label("To address");
    target.focus();
    target.type_text(&OTHER.replacen("fB69", "fb69", 1));
    settle(&mut harness);
    harness.get_by_label_contains("checksum (EIP-55)");
    harness.get_by_label("Send transfer").click();
    settle(&mut harness);
    assert!(sent(harness.state_mut()).is_empty());

    harness.state_mut().panels.transfers.draft.target = OTHER.to_owned();
    settle(&mut harness);
    assert!(harness.query_by_label_contains("checksum").is_none());
    harness.get_by_label("Send transfer").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    confirm_plain_key(&mut harness);
    assert_eq!(
        sent(harness.state_mut()),
        vec![Sent::Submit(SubmitRequest::Transfer(CreateTransfer {
            source_address: MAIN.to_owned(),
            asset: Asset::EthBaseBrlv,
            amount: dec("1234.5"),
            target_address: OTHER.to_owned(),
        }))]
    );
    harness.get_by_label("Sending...");
}

#[test]
fn a_reload_keeps_the_rows_without_flicker_and_a_first_load_says_so() {
    use brlv_desk::app::message::Event;
    let mut state = transfers_state(Language::En, vec![transfer(1, "pending", 1)]);
    state.apply(Event::FetchStarted {
        session: crate::support::ui::SESSION,
        resource: ResourceKey::Transfers,
    });
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("sent to the service (pending)");
    assert!(harness.query_by_label("Loading...").is_none());

    let mut fresh = connected_state(Language::En);
    fresh.view = View::Transfers;
    fresh.apply(Event::FetchStarted {
        session: crate::support::ui::SESSION,
        resource: ResourceKey::Transfers,
    });
    let mut harness = crate::support::ui::harness(fresh);
    let _ = harness.run_ok();
    harness.get_by_label("Loading...");
}

#[test]
fn from_a_sealed_profile_a_transfer_waits_for_the_right_passphrase() {
    let mut state = transfers_state(Language::En, Vec::new());
    crate::support::ui::seal_session(&mut state);
    state.panels.transfers.draft.source = MAIN.to_owned();
    state.panels.transfers.draft.target = OTHER.to_owned();
    state.panels.transfers.draft.amount = "12.5".to_owned();
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Send transfer").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    // The confirmation step repeats what leaves and where it goes, over the review.
    assert!(harness.query_all_by_label_contains("12.5").count() >= 2);
    // The dialog names the recipient as the review did, its address shortened
    // (the review shows it whole).
    assert_eq!(
        harness
            .query_all_by_label_contains("An address not saved here")
            .count(),
        2
    );
    assert_eq!(harness.query_all_by_label(OTHER).count(), 1);
    crate::support::ui::only_the_right_passphrase_sends(
        &mut harness,
        SubmitRequest::Transfer(CreateTransfer {
            source_address: MAIN.to_owned(),
            asset: Asset::EthBaseBrlv,
            amount: dec("12.5"),
            target_address: OTHER.to_owned(),
        }),
    );
}
