//! An order from a pasted quote id, reviewed: the service's interface has
//! no way to read a quote by its id, so the review says plainly that the
//! amounts are unknown, never shows "You pay" blank, cannot be confirmed,
//! and offers a new quote in its place; a pasted id that is the quote
//! received in the form is reviewed with its amounts.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use time::macros::datetime;

use brlv_desk::app::features::orders::form::QuoteSource;
use brlv_desk::app::features::orders::message::{OrdersCommand, OrdersEvent};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::{connected_without_payments, dec, deliver, harness, settle};

const MAIN: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const QUOTE_ID: &str = "0b9e8d7c-6f5a-4b3c-8d2e-1f0a9b8c7d6e";

fn submits(state: &AppState) -> usize {
    state
        .pending_commands()
        .iter()
        .filter(|command| matches!(command, Command::Submit { .. }))
        .count()
}

fn quotes_asked(state: &AppState) -> usize {
    state
        .pending_commands()
        .iter()
        .filter(|command| matches!(command, Command::Orders(OrdersCommand::RequestQuote(_))))
        .count()
}

/// The order form with `QUOTE_ID` pasted, to the main wallet, paid from a
/// balance of R$1,000.00, `amount` typed in the quote's request.
fn pasted(language: Language, amount: &str) -> Harness<'static, AppState> {
    let mut state = connected_without_payments(language);
    state.view = View::Orders;
    state.shared.now = 10_000;
    state.shared.wall_now = datetime!(2026-03-10 12:00:00 UTC);
    deliver(&mut state, Fetched::Orders(vec![].into()), 9_000);
    deliver(
        &mut state,
        Fetched::Wallets(
            vec![
                serde_json::from_value(serde_json::json!({
                    "name": "Main wallet", "address": MAIN, "assets": ["eth-base/brlv"]
                }))
                .unwrap(),
            ]
            .into(),
        ),
        9_000,
    );
    deliver(&mut state, Fetched::BalanceBrl(dec("1000")), 9_000);
    let form = &mut state.panels.orders.form;
    form.open = true;
    form.quote_source = QuoteSource::Paste;
    form.quote_draft.amount = amount.to_owned();
    form.order_draft.quote_id = QUOTE_ID.to_owned();
    form.order_draft.target_wallet = MAIN.to_owned();
    let mut harness = harness(state);
    settle(&mut harness);
    harness
}

#[test]
fn a_pasted_quote_id_is_reviewed_as_unknown_and_a_new_quote_is_offered() {
    let mut harness = pasted(Language::En, "250.00");
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    harness.get_by_label("Check the details");
    harness.get_by_label("Amounts unknown");
    harness.get_by_label(
        "The service gives no way to read a quote by its id, so what you would pay and \
         receive is unknown. Ask for a new quote to see the amounts before confirming.",
    );
    assert!(
        harness.query_by_label("You pay").is_none(),
        "no blank amount"
    );
    assert!(
        harness
            .query_by_label_contains("The balance is used as soon as you confirm")
            .is_none(),
        "nothing is said to be used that cannot be confirmed"
    );
    harness.get_by_label(QUOTE_ID);
    harness.get_by_label("Main wallet (your wallet)");

    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    assert_eq!(submits(harness.state()), 0, "an unknown quote is not sent");
    assert!(harness.query_by_label("Type SEND to confirm").is_none());

    harness.get_by_label("Ask for a new quote").click();
    settle(&mut harness);
    assert_eq!(quotes_asked(harness.state()), 1, "a new quote is asked for");
    assert_eq!(
        harness.state().panels.orders.form.quote_source,
        QuoteSource::Ask
    );
    harness.get_by_label("Asking for a quote...");
}

#[test]
fn with_no_amount_typed_the_new_quote_waits_in_the_form() {
    let mut harness = pasted(Language::En, "");
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    harness.get_by_label("Ask for a new quote").click();
    settle(&mut harness);
    assert_eq!(quotes_asked(harness.state()), 0);
    assert!(harness.query_by_label("Check the details").is_none());
    harness.get_by_label("Get quote");
}

#[test]
fn the_unknown_quote_review_speaks_brazilian_portuguese() {
    let mut harness = pasted(Language::PtBr, "250,00");
    harness.get_by_label("Criar ordem").click();
    settle(&mut harness);
    harness.get_by_label("Confira os dados");
    harness.get_by_label("Valores desconhecidos");
    harness.get_by_label(
        "O serviço não permite ler uma cotação pelo ID; por isso não se sabe quanto você \
         pagaria nem quanto receberia. Peça uma nova cotação para ver os valores antes de \
         confirmar.",
    );
    assert!(harness.query_by_label("Você paga").is_none());
    harness.get_by_label("Pedir nova cotação");
}

#[test]
fn a_pasted_id_of_the_quote_received_here_is_reviewed_with_its_amounts() {
    let mut harness = pasted(Language::En, "250.00");
    let quote = serde_json::from_value(serde_json::json!({
        "id": QUOTE_ID,
        "source-asset": "fiat/brl",
        "target-asset": "eth-base/brlv",
        "source-amount": "250.00",
        "target-amount": "248.750000000000000000",
        "effective-rate": "0.995",
        "fee-amount": "1.25",
        "fee-asset": "eth-base/brlv",
        "expiration": "2026-03-10T12:01:00Z",
    }))
    .unwrap();
    let state = harness.state_mut();
    state.panels.orders.form.quote_in_flight = true;
    state.panels.orders.form.quote_asked = state.panels.orders.form.quote_request().ok();
    state.apply(Event::Orders(OrdersEvent::QuoteReceived(Ok(quote))));
    settle(&mut harness);
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    harness.get_by_label("You pay");
    harness.get_by_label("R$250.00");
    assert!(harness.query_by_label("Amounts unknown").is_none());
}
