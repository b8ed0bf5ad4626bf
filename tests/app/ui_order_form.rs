//! The new-order form, headless: bad input refused with the message beside
//! the field and nothing sent; good input sends the quote request once, then
//! the order it describes; a refusal shows the service's code and message and
//! keeps what was typed; the fields appear only for the pairs that need them.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use time::macros::datetime;

use brlv_desk::app::features::orders::message::{OrdersCommand, OrdersEvent};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Command;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::{FormKind, SubmitOutcome, SubmitRequest};

use crate::support::ui::{SESSION, connected_state, dec, deliver, harness, settle};

fn form_state() -> AppState {
    let mut state = connected_state(Language::En);
    state.view = View::Orders;
    state.shared.now = 10_000;
    state.shared.wall_now = datetime!(2026-03-10 12:00:00 UTC);
    deliver(&mut state, Fetched::Orders(vec![].into()), 9_000);
    state.panels.orders.form.open = true;
    state
}

fn quote(id: &str) -> brlv_core::api::model::Quote {
    serde_json::from_value(serde_json::json!({
        "id": id,
        "source-asset": "fiat/brl",
        "target-asset": "eth-base/brlv",
        "source-amount": "250.00",
        "target-amount": "248.750000000000000000",
        "base-rate": "1",
        "effective-rate": "0.995",
        "fee-amount": "1.25",
        "fee-asset": "eth-base/brlv",
        "expiration": "2026-03-10T12:01:00Z",
    }))
    .unwrap()
}

const QUOTE_ID: &str = "0b9e8d7c-6f5a-4b3c-8d2e-1f0a9b8c7d6e";
const WALLET: &str = "0xfeedfacefeedfacefeedfacefeedfacefeedface";

fn quote_requests(state: &AppState) -> Vec<&brlv_core::api::model::CreateQuote> {
    state
        .pending_commands()
        .iter()
        .filter_map(|command| match command {
            Command::Orders(OrdersCommand::RequestQuote(request)) => Some(request),
            _ => None,
        })
        .collect()
}

fn order_requests(state: &AppState) -> Vec<&brlv_core::api::model::CreateOrder> {
    state
        .pending_commands()
        .iter()
        .filter_map(|command| match command {
            Command::Submit {
                request: SubmitRequest::Order(request),
                ..
            } => Some(request),
            _ => None,
        })
        .collect()
}

#[test]
fn the_form_refuses_an_amount_finer_than_the_asset_and_sends_nothing() {
    let mut state = form_state();
    state.panels.orders.form.quote_draft.amount = "10.1234".to_owned();
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains("at most 2 decimal places; 4 were typed");
    harness.get_by_label("Get quote").click();
    settle(&mut harness);
    assert!(quote_requests(harness.state()).is_empty());
    // Same asset on both sides is refused beside the assets.
    harness
        .state_mut()
        .panels
        .orders
        .form
        .quote_draft
        .target_asset = "fiat/brl".parse().unwrap();
    settle(&mut harness);
    harness.get_by_label("Pick two different assets.");
}

#[test]
fn the_form_asks_for_a_quote_once_then_creates_the_order_it_describes() {
    let mut state = form_state();
    state.panels.orders.form.quote_draft.amount = "250.00".to_owned();
    let mut harness = harness(state);
    settle(&mut harness);
    // BRL to BRLV: a receiving wallet, no paying wallet, no third-party Pix key.
    assert!(harness.query_all_by_label("Receiving wallet").count() > 0);
    assert!(harness.query_by_label("Paying wallet").is_none());
    assert!(
        harness
            .query_by_label("Third party's Pix key (optional)")
            .is_none()
    );
    harness.get_by_label("Get quote").click();
    settle(&mut harness);
    harness.get_by_label("Get quote").click();
    settle(&mut harness);
    assert_eq!(
        quote_requests(harness.state()),
        vec![&brlv_core::api::model::CreateQuote::paying(
            "fiat/brl".parse().unwrap(),
            "eth-base/brlv".parse().unwrap(),
            dec("250.00"),
        )],
        "one request while the first is in flight"
    );
    harness.get_by_label("Asking for a quote...");
    let state = harness.state_mut();
    let _ = state.take_commands();
    state.apply(brlv_desk::app::message::Event::Orders(
        OrdersEvent::QuoteReceived(Ok(quote(QUOTE_ID))),
    ));
    state.panels.orders.form.order_draft.target_wallet = "0x1234".to_owned();
    settle(&mut harness);
    harness.get_by_label("0.995");
    harness.get_by_label("This quote can be accepted for 1 min 00 s more.");
    harness.get_by_label_contains("needs 40 hex digits after 0x, but has 4");
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    assert!(
        order_requests(harness.state()).is_empty(),
        "a bad address sends nothing"
    );

    harness
        .state_mut()
        .panels
        .orders
        .form
        .order_draft
        .target_wallet = WALLET.to_owned();
    // Once the quote has expired the order is not sent; a new quote is needed.
    harness.state_mut().shared.wall_now = datetime!(2026-03-10 12:01:00 UTC);
    settle(&mut harness);
    harness.get_by_label("This quote has expired; ask for a new one.");
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    assert!(order_requests(harness.state()).is_empty());
    harness.state_mut().shared.wall_now = datetime!(2026-03-10 12:00:00 UTC);
    settle(&mut harness);
    harness.get_by_label("Pix QR code (BRL only)").click();
    settle(&mut harness);
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    assert_eq!(
        order_requests(harness.state()),
        vec![&brlv_core::api::model::CreateOrder {
            quote_id: QUOTE_ID.parse().unwrap(),
            source_wallet_address: None,
            target_wallet_address: Some(WALLET.to_owned()),
            target_end_user_pix_key: None,
            source_payment_method: Some("brcode".parse().unwrap()),
        }],
        "sent once, with the quote received and the brcode payment"
    );

    // Refused: the service's code and message, and what was typed stays.
    harness
        .state_mut()
        .apply(brlv_desk::app::message::Event::Submitted {
            session: SESSION,
            form: FormKind::Order,
            outcome: SubmitOutcome::Refused(brlv_core::api::Error::Service {
                status: 422,
                error: brlv_core::api::model::ServiceErrorObject {
                    kind: "unprocessable".to_owned(),
                    code: "quote-expired".to_owned(),
                    message: "the quote expired at 12:01:00".to_owned(),
                },
            }),
        });
    settle(&mut harness);
    harness.get_by_label("The service refused the request:");
    // What happened and what to do, in words; the code and the service's
    // own message only under "Technical details".
    harness.get_by_label("The quote expired. Ask for a new quote and confirm it in time.");
    assert!(harness.query_by_label_contains("quote-expired").is_none());
    harness.get_by_label("Technical details").click();
    settle(&mut harness);
    harness.get_by_label("HTTP 422 · quote-expired: the quote expired at 12:01:00");
    assert_eq!(
        harness.state().panels.orders.form.order_draft.target_wallet,
        WALLET
    );
}

#[test]
fn selling_usdc_for_brl_asks_for_the_paying_wallet_and_offers_a_third_party_pix_key() {
    let mut state = form_state();
    state.panels.orders.form.quote_draft.source_asset = "eth-base/usdc".parse().unwrap();
    state.panels.orders.form.quote_draft.target_asset = "fiat/brl".parse().unwrap();
    state.panels.orders.form.order_draft.third_party_pix_key = "not a key".to_owned();
    let mut harness = harness(state);
    settle(&mut harness);
    assert!(harness.query_all_by_label("Paying wallet").count() > 0);
    assert!(harness.query_by_label("Receiving wallet").is_none());
    harness.get_by_label("Third party's Pix key (optional)");
    assert!(
        harness.query_all_by_label_contains("Pix key").count() >= 2,
        "the bad key has a message beside it"
    );
}

#[test]
fn the_wallet_fields_offer_the_accounts_wallets_holding_the_asset() {
    const MAIN: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    const TEMPO: &str = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
    let mut state = form_state();
    deliver(
        &mut state,
        Fetched::Wallets(
            vec![
                serde_json::from_value(serde_json::json!({
                    "name": "Main wallet", "address": MAIN, "assets": ["eth-base/brlv"]
                }))
                .unwrap(),
                serde_json::from_value(serde_json::json!({
                    "name": "Tempo", "address": TEMPO, "assets": ["tempo/brlv"]
                }))
                .unwrap(),
            ]
            .into(),
        ),
        9_000,
    );
    state.panels.orders.form.quote_draft.source_asset = "fiat/brl".parse().unwrap();
    state.panels.orders.form.quote_draft.target_asset = "eth-base/brlv".parse().unwrap();
    let mut harness = harness(state);
    settle(&mut harness);
    // The text field and the wallet picker beside it share the label; the picker comes second.
    harness
        .get_all_by_label("Receiving wallet")
        .last()
        .unwrap()
        .click();
    settle(&mut harness);
    harness
        .get_by_label(&format!("Main wallet  {MAIN}"))
        .click();
    settle(&mut harness);
    assert_eq!(
        harness.state().panels.orders.form.order_draft.target_wallet,
        MAIN
    );
    assert!(
        harness.query_by_label(&format!("Tempo  {TEMPO}")).is_none(),
        "a wallet without the asset is not offered when one with it exists"
    );
}

/// The order form of a sealed profile, quoted R$250.00 and its wallet chosen.
fn sealed_form_with_a_quote() -> Harness<'static, AppState> {
    let mut state = form_state();
    crate::support::ui::seal_session(&mut state);
    state.panels.orders.form.quote_draft.amount = "250.00".to_owned();
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Get quote").click();
    settle(&mut harness);
    let state = harness.state_mut();
    let _ = state.take_commands();
    state.apply(brlv_desk::app::message::Event::Orders(
        OrdersEvent::QuoteReceived(Ok(quote(QUOTE_ID))),
    ));
    state.panels.orders.form.order_draft.target_wallet = WALLET.to_owned();
    settle(&mut harness);
    harness
}

#[test]
fn from_a_sealed_profile_an_order_from_the_balance_waits_for_the_right_passphrase() {
    let mut harness = sealed_form_with_a_quote();
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    let expected = harness.state().panels.orders.form.order_request().unwrap();
    assert_ne!(
        expected.source_payment_method,
        Some(brlv_core::api::model::PaymentMethod::Brcode),
        "paid from the balance"
    );
    crate::support::ui::only_the_right_passphrase_sends(
        &mut harness,
        SubmitRequest::Order(expected),
    );
}

#[test]
fn an_order_paid_by_a_pix_qr_code_moves_no_balance_and_asks_no_passphrase() {
    let mut harness = sealed_form_with_a_quote();
    harness.get_by_label("Pix QR code (BRL only)").click();
    settle(&mut harness);
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    assert_eq!(order_requests(harness.state()).len(), 1);
    assert!(
        harness
            .query_by_label("Confirm with your passphrase")
            .is_none()
    );
}

#[test]
fn enter_in_the_amount_asks_for_the_quote() {
    let mut harness = harness(form_state());
    settle(&mut harness);
    let amount = harness.get_by_label("Amount");
    amount.focus();
    settle(&mut harness);
    harness.event(egui::Event::Text("250.00".to_owned()));
    settle(&mut harness);
    assert!(
        quote_requests(harness.state()).is_empty(),
        "not while typing"
    );
    harness.key_press(egui::Key::Enter);
    settle(&mut harness);
    assert_eq!(
        quote_requests(harness.state()),
        vec![&brlv_core::api::model::CreateQuote::paying(
            "fiat/brl".parse().unwrap(),
            "eth-base/brlv".parse().unwrap(),
            dec("250.00"),
        )]
    );
}
