//! Forms and filters name assets as a person reads them ("Real brasileiro",
//! "BRLV na Base"), never by the service's id (`fiat/brl`,
//! `eth-base/brlv`); the id shows beside the name only once the technical
//! values are asked for in Settings' Advanced section.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use brlv_core::api::model::{Asset, WithdrawalMethod};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::{connected_state, deliver, harness, settle};

/// Every name or value on screen that holds `text`.
fn shown_with(harness: &Harness<'static, AppState>, text: &str) -> Vec<String> {
    let found = std::cell::RefCell::new(Vec::new());
    let _ = harness
        .query_all_by(|node| {
            for name in [node.label(), node.value()].into_iter().flatten() {
                if name.contains(text) {
                    found.borrow_mut().push(name);
                }
            }
            false
        })
        .count();
    found.into_inner()
}

fn order_form(language: Language) -> Harness<'static, AppState> {
    let mut state = connected_state(language);
    state.view = View::Orders;
    deliver(&mut state, Fetched::Orders(vec![].into()), 1_000);
    state.panels.orders.form.open = true;
    state.panels.orders.form.quote_draft.source_asset = Asset::FiatBrl;
    state.panels.orders.form.quote_draft.target_asset = Asset::EthBaseBrlv;
    let mut harness = harness(state);
    settle(&mut harness);
    harness
}

/// Turns the technical values on where a person does: Settings, Advanced.
fn show_technical_values(harness: &mut Harness<'static, AppState>, back_to: View) {
    harness.state_mut().view = View::Settings;
    settle(harness);
    harness.get_by_label("Avançado").click_accesskit();
    settle(harness);
    harness
        .get_by_label_contains("Mostrar os valores técnicos do serviço")
        .click_accesskit();
    settle(harness);
    harness.state_mut().view = back_to;
    settle(harness);
}

#[test]
fn the_order_forms_pickers_name_the_assets_and_show_ids_only_when_asked() {
    let mut harness = order_form(Language::PtBr);
    assert!(!shown_with(&harness, "Real brasileiro").is_empty());
    assert!(!shown_with(&harness, "BRLV na Base").is_empty());
    assert!(shown_with(&harness, "fiat/").is_empty(), "no asset id");
    assert!(shown_with(&harness, "eth-base/").is_empty(), "no asset id");

    show_technical_values(&mut harness, View::Orders);
    assert!(!shown_with(&harness, "Real brasileiro (fiat/brl)").is_empty());
    assert!(!shown_with(&harness, "BRLV na Base (eth-base/brlv)").is_empty());
}

#[test]
fn the_transfer_and_withdrawal_forms_name_their_assets() {
    let mut state = connected_state(Language::En);
    state.view = View::Transfers;
    deliver(&mut state, Fetched::Transfers(vec![].into()), 1_000);
    deliver(&mut state, Fetched::Withdrawals(vec![].into()), 1_000);
    let mut harness = harness(state);
    settle(&mut harness);
    assert!(!shown_with(&harness, "BRLV on Base").is_empty());
    assert!(shown_with(&harness, "eth-base/").is_empty(), "no asset id");

    harness.state_mut().view = View::Withdrawals;
    harness.state_mut().panels.withdrawals.draft.method = WithdrawalMethod::Token;
    harness.state_mut().panels.withdrawals.draft.asset = Asset::EthBaseUsdc;
    settle(&mut harness);
    assert!(!shown_with(&harness, "USDC on Base").is_empty());
    assert!(shown_with(&harness, "eth-base/").is_empty(), "no asset id");
}

#[test]
fn the_wallets_view_names_assets_and_chains_and_shows_ids_only_when_asked() {
    let mut state = connected_state(Language::PtBr);
    state.view = View::Wallets;
    let wallets = serde_json::from_value::<Vec<brlv_core::api::model::Wallet>>(serde_json::json!([
        {"name": "Principal", "address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
         "assets": ["eth-base/brlv", "eth-base/usdc"]}
    ]))
    .unwrap();
    deliver(&mut state, Fetched::Wallets(wallets.into()), 1_000);
    state.panels.wallets.draft.chain = brlv_core::api::model::Chain::EthBase;
    let mut harness = harness(state);
    settle(&mut harness);
    assert!(!shown_with(&harness, "BRLV na Base, USDC na Base").is_empty());
    // The new wallet's chain by name.
    assert!(
        shown_with(&harness, "eth-base").is_empty(),
        "no chain or asset id"
    );

    show_technical_values(&mut harness, View::Wallets);
    assert!(!shown_with(&harness, "BRLV na Base (eth-base/brlv)").is_empty());
    assert!(
        !shown_with(&harness, "Base (eth-base)").is_empty(),
        "the chain's id too"
    );
}
