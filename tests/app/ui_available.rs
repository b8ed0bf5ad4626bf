//! The available balance beside a form's amount field: the figure of the
//! asset picked (R$ for reais, the token's two places for a token), that
//! follows the asset as it changes, gone where the balance does not bound
//! the amount (an order paid by a Pix QR code), and masked (spoken as
//! hidden) while amounts are hidden; "Use all" beside it fills the whole
//! balance in, offered only where the amount is what is paid and never
//! while amounts are hidden.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use brlv_core::api::model::Asset;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::{connected_state, dec, deliver, harness, settle};

/// An account holding R$1,234.56, 10.5 USDC and 100 BRLV, on `view`.
fn holding(language: Language, view: View) -> AppState {
    let mut state = connected_state(language);
    state.view = view;
    deliver(&mut state, Fetched::BalanceBrl(dec("1234.56")), 1_000);
    deliver(&mut state, Fetched::BalanceUsdc(dec("10.5")), 1_000);
    deliver(&mut state, Fetched::BalanceBrlv(dec("100")), 1_000);
    deliver(&mut state, Fetched::Withdrawals(vec![].into()), 1_000);
    deliver(&mut state, Fetched::Transfers(vec![].into()), 1_000);
    deliver(&mut state, Fetched::Orders(vec![].into()), 1_000);
    state
}

/// The lines starting with `prefix`: what is drawn and what a screen
/// reader hears (a line whose spoken name differs from its text gives
/// both), sorted, once each.
fn available_lines(harness: &Harness<'static, AppState>, prefix: &str) -> Vec<String> {
    let found = std::cell::RefCell::new(Vec::new());
    let _ = harness
        .query_all_by(|node| {
            let name = node.label().or_else(|| node.value());
            if let Some(label) = name.filter(|label| label.starts_with(prefix)) {
                found.borrow_mut().push(label);
            }
            false
        })
        .count();
    let mut found = found.into_inner();
    found.sort();
    found.dedup();
    found
}

#[test]
fn a_withdrawal_shows_whats_available_of_the_asset_picked_and_follows_it() {
    let mut harness = harness(holding(Language::PtBr, View::Withdrawals));
    settle(&mut harness);
    // Pix pays reais.
    assert_eq!(
        available_lines(&harness, "Disponível:"),
        ["Disponível: 1.234,56 reais", "Disponível: R$ 1.234,56"],
        "drawn as banks write it, spoken with the currency's name"
    );

    // Tokens: the first token, then another one picked.
    harness.get_by_label("Enviar tokens").click();
    settle(&mut harness);
    assert_eq!(
        harness.state().panels.withdrawals.draft.asset,
        Asset::EthBaseUsdc
    );
    assert_eq!(
        available_lines(&harness, "Disponível:"),
        ["Disponível: 10,50 USDC"]
    );
    harness.state_mut().panels.withdrawals.draft.asset = Asset::EthBaseBrlv;
    settle(&mut harness);
    assert_eq!(
        available_lines(&harness, "Disponível:"),
        ["Disponível: 100,00 BRLV"]
    );
}

#[test]
fn a_transfer_shows_the_tokens_available_and_nothing_for_one_the_balance_does_not_give() {
    let mut state = holding(Language::En, View::Transfers);
    state.panels.transfers.draft.asset = Asset::EthBaseBrlv;
    let mut harness = harness(state);
    settle(&mut harness);
    assert_eq!(
        available_lines(&harness, "Available:"),
        ["Available: 100.00 BRLV"]
    );
    // wBRLY is not in the balance the service gives: no figure is made up.
    harness.state_mut().panels.transfers.draft.asset = Asset::EthBaseWbrly;
    settle(&mut harness);
    assert!(available_lines(&harness, "Available:").is_empty());
}

#[test]
fn an_order_paid_from_the_balance_shows_it_and_one_paid_by_qr_code_does_not() {
    let mut state = holding(Language::En, View::Orders);
    state.panels.orders.form.open = true;
    let mut harness = harness(state);
    settle(&mut harness);
    assert_eq!(
        available_lines(&harness, "Available:"),
        ["Available: 1,234.56 reais", "Available: R$1,234.56"]
    );
    harness.get_by_label("Pix QR code (BRL only)").click();
    settle(&mut harness);
    assert!(available_lines(&harness, "Available:").is_empty());
}

#[test]
fn hidden_amounts_hide_the_available_balance_too() {
    let mut state = holding(Language::PtBr, View::Withdrawals);
    state.shared.hide_amounts = true;
    let mut harness = harness(state);
    settle(&mut harness);
    assert_eq!(
        available_lines(&harness, "Disponível:"),
        ["Disponível: R$ •••••", "Disponível: valor oculto"]
    );
    assert!(
        harness
            .query_all_by(|node| node.label().is_some_and(|l| l.contains("1.234"))
                || node.value().is_some_and(|v| v.contains("1.234")))
            .next()
            .is_none(),
        "no digit of the balance anywhere"
    );
}

#[test]
fn use_all_fills_the_whole_balance_as_the_field_writes_it_and_is_not_offered_while_hidden() {
    let mut harness = harness(holding(Language::PtBr, View::Withdrawals));
    settle(&mut harness);
    harness.get_by_label("Usar tudo").click();
    settle(&mut harness);
    harness.state_mut().panels.withdrawals.draft.pix_key = "ana@example.com".to_owned();
    let draft = &harness.state().panels.withdrawals.draft;
    assert_eq!(draft.amount, "1.234,56");
    let request = draft.validate().expect("a valid amount");
    assert_eq!(request.amount, dec("1234.56"));

    // A token: its balance with the places it carries, no row of zeros.
    harness.state_mut().panels.withdrawals.draft.method =
        brlv_core::api::model::WithdrawalMethod::Token;
    harness.state_mut().panels.withdrawals.draft.asset = Asset::EthBaseBrlv;
    settle(&mut harness);
    harness.get_by_label("Usar tudo").click();
    settle(&mut harness);
    assert_eq!(harness.state().panels.withdrawals.draft.amount, "100,00");

    // Hidden amounts: the button would write the hidden figure into the field.
    harness.state_mut().shared.hide_amounts = true;
    settle(&mut harness);
    assert!(harness.query_by_label("Usar tudo").is_none());
}

#[test]
fn use_all_is_offered_on_an_order_only_when_the_amount_is_what_is_paid() {
    let mut state = holding(Language::En, View::Orders);
    state.panels.orders.form.open = true;
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Use all").click();
    settle(&mut harness);
    assert_eq!(
        harness.state().panels.orders.form.quote_draft.amount,
        "1,234.56"
    );
    harness.get_by_label("The amount is what I receive").click();
    settle(&mut harness);
    assert!(harness.query_by_label("Use all").is_none());
}
