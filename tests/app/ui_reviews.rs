//! The review before money moves, headless: pressing send on a valid
//! transfer or order shows "Check the details" with the amount in R$ and in
//! the token, the recipient by name, the fee, the balance before and after
//! and the service, and sends nothing; "Back" returns to the form as typed;
//! "Confirm" hands the request to the lock's step; an expired quote cannot
//! be confirmed and offers a new one; more than the balance is stopped at
//! the form.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use time::macros::datetime;

use brlv_core::api::model::{Asset, CreateTransfer};
use brlv_core::recipients::{Destination, Recipient};
use brlv_desk::app::features::orders::message::{OrdersCommand, OrdersEvent};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::SubmitRequest;

use crate::support::ui::{
    Sent, confirm_plain_key, connected_without_payments, dec, deliver, harness, sent, settle,
    type_into,
};

const MAIN: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const MARIA: &str = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
const QUOTE_ID: &str = "0b9e8d7c-6f5a-4b3c-8d2e-1f0a9b8c7d6e";

fn with_wallet_and_maria(state: &mut AppState) {
    deliver(
        state,
        Fetched::Wallets(
            vec![
                serde_json::from_value(serde_json::json!({
                    "name": "Main wallet", "address": MAIN, "assets": ["eth-base/brlv"]
                }))
                .unwrap(),
            ]
            .into(),
        ),
        1_000,
    );
    state.shared.recipients.push(Recipient {
        name: "Maria".to_owned(),
        destination: Destination::Wallet {
            address: MARIA.to_owned(),
        },
    });
}

/// The transfer form filled with 7.77 BRLV from the main wallet to Maria,
/// the account holding `brlv` BRLV.
fn transfer_form(language: Language, brlv: &str) -> Harness<'static, AppState> {
    let mut state = connected_without_payments(language);
    state.view = View::Transfers;
    with_wallet_and_maria(&mut state);
    deliver(&mut state, Fetched::BalanceBrlv(dec(brlv)), 1_000);
    state.panels.transfers.draft.source = MAIN.to_owned();
    state.panels.transfers.draft.target = MARIA.to_owned();
    state.panels.transfers.draft.amount = "7.77".to_owned();
    let mut harness = harness(state);
    settle(&mut harness);
    harness
}

fn submits(state: &AppState) -> usize {
    state
        .pending_commands()
        .iter()
        .filter(|command| matches!(command, Command::Submit { .. }))
        .count()
}

#[test]
fn a_transfer_is_reviewed_with_its_figures_and_back_keeps_the_form() {
    let mut harness = transfer_form(Language::En, "100");
    harness.get_by_label("Send transfer").click();
    settle(&mut harness);
    harness.get_by_label("Check the details");
    harness.get_by_label("You send");
    harness.get_by_label("R$7.77");
    harness.get_by_label("7.77 BRLV · 1 BRLV = R$1.00");
    // The recipient by the name it was saved under, the address under it.
    harness.get_by_label("Maria (saved recipient)");
    harness.get_by_label(MARIA);
    harness.get_by_label("Main wallet (your wallet)");
    harness.get_by_label("BRLV balance (all your wallets)");
    harness.get_by_label("100.00 BRLV");
    harness.get_by_label("Balance after");
    harness.get_by_label("92.23 BRLV");
    harness.get_by_label("api.example.com");
    harness.get_by_label_contains("cannot be reversed");
    assert_eq!(submits(harness.state()), 0, "nothing leaves on review");
    assert!(
        harness.query_by_label("To address").is_none(),
        "the form gave way"
    );

    harness.get_by_label("Back").click();
    settle(&mut harness);
    assert!(harness.query_by_label("Check the details").is_none());
    harness.get_by_label("Send transfer");
    let draft = &harness.state().panels.transfers.draft;
    assert_eq!(
        (
            draft.source.as_str(),
            draft.target.as_str(),
            draft.amount.as_str()
        ),
        (MAIN, MARIA, "7.77"),
        "everything typed is kept"
    );
    assert_eq!(submits(harness.state()), 0);

    harness.get_by_label("Send transfer").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    // Then the lock's step, which checks that nothing left before it.
    confirm_plain_key(&mut harness);
    assert_eq!(
        sent(harness.state_mut()),
        vec![Sent::Submit(SubmitRequest::Transfer(CreateTransfer {
            source_address: MAIN.to_owned(),
            asset: Asset::EthBaseBrlv,
            amount: dec("7.77"),
            target_address: MARIA.to_owned(),
        }))]
    );
}

#[test]
fn the_transfer_review_speaks_brazilian_portuguese() {
    let mut harness = transfer_form(Language::PtBr, "1234.5");
    harness.get_by_label("Enviar transferência").click();
    settle(&mut harness);
    harness.get_by_label("Confira os dados");
    harness.get_by_label("Você envia");
    harness.get_by_label("R$ 7,77");
    harness.get_by_label("7,77 BRLV · 1 BRLV = R$ 1,00");
    harness.get_by_label("Maria (contato salvo)");
    harness.get_by_label("Main wallet (sua carteira)");
    harness.get_by_label("Saldo depois");
    harness.get_by_label("1.226,73 BRLV");
    harness.get_by_label_contains("não pode ser desfeita");
    harness.get_by_label("Voltar");
    harness.get_by_label("Confirmar");
}

#[test]
fn the_keyboard_reaches_back_then_confirm() {
    let mut harness = transfer_form(Language::En, "100");
    harness.get_by_label("Send transfer").click();
    settle(&mut harness);
    // The focus starts on Back, so a held Enter never confirms by itself.
    assert!(harness.get_by_label("Back").is_focused());
    harness.key_press(egui::Key::Tab);
    settle(&mut harness);
    assert!(harness.get_by_label("Confirm").is_focused());
    harness.key_press(egui::Key::Enter);
    settle(&mut harness);
    harness.get_by_label("Type SEND to confirm");
    assert_eq!(submits(harness.state()), 0, "the lock's step comes first");
}

#[test]
fn a_transfer_over_the_balance_is_stopped_at_the_form() {
    let mut harness = transfer_form(Language::En, "5");
    harness.get_by_label("More than the available balance (5.00 BRLV).");
    harness.get_by_label("Send transfer").click();
    settle(&mut harness);
    assert!(harness.query_by_label("Check the details").is_none());
    assert!(harness.query_by_label("Type SEND to confirm").is_none());
    assert_eq!(submits(harness.state()), 0);
}

fn quote() -> brlv_core::api::model::Quote {
    serde_json::from_value(serde_json::json!({
        "id": QUOTE_ID,
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

/// The order form quoted R$250.00 of BRLV to the main wallet, paid from a
/// balance of `brl`.
fn order_form(language: Language, brl: &str) -> Harness<'static, AppState> {
    let mut state = connected_without_payments(language);
    state.view = View::Orders;
    state.shared.now = 10_000;
    state.shared.wall_now = datetime!(2026-03-10 12:00:00 UTC);
    deliver(&mut state, Fetched::Orders(vec![].into()), 9_000);
    with_wallet_and_maria(&mut state);
    deliver(&mut state, Fetched::BalanceBrl(dec(brl)), 9_000);
    state.panels.orders.form.open = true;
    state.panels.orders.form.quote_draft.amount = "250.00".to_owned();
    let mut harness = harness(state);
    settle(&mut harness);
    let get_quote = match language {
        Language::PtBr => "Obter cotação",
        _ => "Get quote",
    };
    harness.get_by_label(get_quote).click();
    settle(&mut harness);
    let state = harness.state_mut();
    let _ = state.take_commands();
    state.apply(Event::Orders(OrdersEvent::QuoteReceived(Ok(quote()))));
    state.panels.orders.form.order_draft.target_wallet = MAIN.to_owned();
    settle(&mut harness);
    harness
}

#[test]
fn an_order_is_reviewed_with_its_fee_balance_and_countdown() {
    let mut harness = order_form(Language::En, "1000");
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    harness.get_by_label("Check the details");
    harness.get_by_label("You pay");
    harness.get_by_label("R$250.00");
    harness.get_by_label("248.75 BRLV (R$248.75)");
    // The wallet picked by its name, not the raw address alone.
    harness.get_by_label("Main wallet (your wallet)");
    harness.get_by_label("Service fee");
    harness.get_by_label("R$1.25 (1.25 BRLV)");
    harness.get_by_label("0.995");
    harness.get_by_label("Available balance");
    harness.get_by_label("R$1,000.00");
    harness.get_by_label("R$750.00");
    harness.get_by_label("api.example.com");
    harness.get_by_label(QUOTE_ID);
    harness.get_by_label("This quote can be confirmed for 1 min 00 s more.");
    assert_eq!(submits(harness.state()), 0, "nothing leaves on review");

    harness.get_by_label("Back").click();
    settle(&mut harness);
    assert_eq!(
        harness.state().panels.orders.form.order_draft.target_wallet,
        MAIN
    );
    assert_eq!(
        harness.state().panels.orders.form.quote_draft.amount,
        "250.00"
    );
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    confirm_plain_key(&mut harness);
    assert_eq!(
        sent(harness.state_mut()),
        vec![Sent::Submit(SubmitRequest::Order(
            brlv_core::api::model::CreateOrder {
                quote_id: QUOTE_ID.parse().unwrap(),
                source_wallet_address: None,
                target_wallet_address: Some(MAIN.to_owned()),
                target_end_user_pix_key: None,
                source_payment_method: None,
            }
        ))]
    );
}

#[test]
fn the_order_review_speaks_brazilian_portuguese() {
    let mut harness = order_form(Language::PtBr, "1000");
    harness.get_by_label("Criar ordem").click();
    settle(&mut harness);
    harness.get_by_label("Você paga");
    harness.get_by_label("R$ 250,00");
    harness.get_by_label("Tarifa do serviço");
    harness.get_by_label("R$ 1,25 (1,25 BRLV)");
    harness.get_by_label("R$ 1.000,00");
    harness.get_by_label("R$ 750,00");
    harness.get_by_label("ID da cotação");
}

#[test]
fn an_expired_quote_cannot_be_confirmed_and_a_new_one_is_offered() {
    let mut harness = order_form(Language::En, "1000");
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    harness.state_mut().shared.wall_now = datetime!(2026-03-10 12:01:00 UTC);
    settle(&mut harness);
    harness.get_by_label(
        "This quote has expired and can no longer be confirmed. Ask for a new quote.",
    );
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    assert_eq!(submits(harness.state()), 0, "an expired quote is not sent");
    assert!(harness.query_by_label("Type SEND to confirm").is_none());

    harness.get_by_label("Ask for a new quote").click();
    settle(&mut harness);
    let asked: Vec<_> = harness
        .state()
        .pending_commands()
        .iter()
        .filter(|command| matches!(command, Command::Orders(OrdersCommand::RequestQuote(_))))
        .collect();
    assert_eq!(asked.len(), 1, "a new quote is asked for");
    assert!(harness.query_by_label("Check the details").is_none());
    harness.get_by_label("Asking for a quote...");
}

#[test]
fn an_order_over_the_balance_is_stopped_at_the_form() {
    let mut harness = order_form(Language::En, "100");
    harness.get_by_label("More than the available balance (R$100.00).");
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    assert!(harness.query_by_label("Check the details").is_none());
    assert_eq!(submits(harness.state()), 0);
    // Paid by a Pix QR code, the balance is not used: it may go on.
    harness.get_by_label("Pix QR code (BRL only)").click();
    settle(&mut harness);
    assert!(
        harness
            .query_by_label_contains("More than the available balance")
            .is_none()
    );
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    harness.get_by_label("Check the details");
    harness.get_by_label_contains("Nothing leaves until you pay the Pix QR code");
}

#[test]
fn a_claim_is_reviewed_with_the_wallet_by_name_and_what_stays_claimable() {
    use brlv_desk::app::resources::{ClaimableBalances, WalletClaimable};
    let mut state = connected_without_payments(Language::PtBr);
    state.view = View::Claims;
    deliver(
        &mut state,
        Fetched::Claimable(ClaimableBalances {
            account: dec("1200.00"),
            wallets: vec![WalletClaimable {
                address: MAIN.to_owned(),
                name: Some("Main wallet".to_owned()),
                available: dec("1250.50"),
            }],
        }),
        1_000,
    );
    with_wallet_and_maria(&mut state);
    state.panels.claims.wallet = Some(MAIN.to_owned());
    state.panels.claims.draft.amount = "250,50".to_owned();
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Resgatar agora").click();
    settle(&mut harness);
    harness.get_by_label("Confira os dados");
    harness.get_by_label("Você resgata");
    harness.get_by_label("R$ 250,50");
    harness.get_by_label("Main wallet (sua carteira)");
    // Paid in reais, said by name: no code "BRL" beside R$ amounts.
    harness.get_by_label("Recebe em");
    harness.get_by_label("Reais (R$)");
    assert!(harness.query_by_label("BRL").is_none());
    harness.get_by_label("Resgatável agora");
    assert_eq!(
        harness.query_all_by_label("R$ 1.250,50").count(),
        2,
        "above the form and on the review"
    );
    harness.get_by_label("Resgatável depois");
    harness.get_by_label("R$ 1.000,00");
    harness.get_by_label("api.example.com");
    harness.get_by_label("Um resgate não pode ser desfeito.");
    assert_eq!(submits(harness.state()), 0, "nothing leaves on review");

    harness.get_by_label("Voltar").click();
    settle(&mut harness);
    assert_eq!(harness.state().panels.claims.draft.amount, "250,50");
    harness.get_by_label("Resgatar agora").click();
    settle(&mut harness);
    harness.get_by_label("Confirmar").click();
    settle(&mut harness);
    confirm_plain_key(&mut harness);
    assert_eq!(submits(harness.state()), 1);
}

/// How many nodes are labelled `label`.
fn count(harness: &Harness<'static, AppState>, label: &str) -> usize {
    harness.query_all_by_label(label).count()
}

#[test]
fn the_passphrase_dialog_names_wallets_and_recipients_as_the_review_did() {
    let mut state = connected_without_payments(Language::En);
    crate::support::ui::seal_session(&mut state);
    state.view = View::Transfers;
    with_wallet_and_maria(&mut state);
    deliver(&mut state, Fetched::BalanceBrlv(dec("100")), 1_000);
    state.panels.transfers.draft.source = MAIN.to_owned();
    state.panels.transfers.draft.target = MARIA.to_owned();
    state.panels.transfers.draft.amount = "7.77".to_owned();
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Send transfer").click();
    settle(&mut harness);
    // The review names each once, the address under the name.
    let review = (
        count(&harness, "Maria (saved recipient)"),
        count(&harness, "Main wallet (your wallet)"),
        count(&harness, MARIA),
        count(&harness, MAIN),
    );
    assert_eq!(review, (1, 1, 1, 1));
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    harness.get_by_label("Confirm with your passphrase");
    // The dialog names them the same way, and adds no raw address.
    assert_eq!(
        (
            count(&harness, "Maria (saved recipient)"),
            count(&harness, "Main wallet (your wallet)"),
            count(&harness, MARIA),
            count(&harness, MAIN),
        ),
        (2, 2, 1, 1)
    );
}

/// The order form quoted and reviewed, confirmed, waiting at the passphrase.
fn order_at_the_passphrase(language: Language) -> Harness<'static, AppState> {
    let mut harness = order_form(language, "1000");
    crate::support::ui::seal_session(harness.state_mut());
    settle(&mut harness);
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    harness
}

#[test]
fn the_passphrase_dialog_names_the_wallet_and_labels_the_quote_id_as_an_id() {
    let harness = order_at_the_passphrase(Language::En);
    harness.get_by_label("Confirm with your passphrase");
    // The review and the dialog each name the wallet and the quote's id.
    assert_eq!(count(&harness, "Main wallet (your wallet)"), 2);
    assert_eq!(count(&harness, "Quote ID"), 2);
    assert_eq!(count(&harness, QUOTE_ID), 2);
    assert_eq!(
        count(&harness, "Quote"),
        0,
        "an id is never called the quote"
    );
    assert_eq!(
        count(&harness, MAIN),
        1,
        "the address only under the review's name"
    );
}

#[test]
fn a_quote_that_expires_behind_the_passphrase_dialog_cannot_be_sent_and_a_new_one_is_offered() {
    let mut harness = order_at_the_passphrase(Language::En);
    type_into(&mut harness, "Passphrase", "long enough passphrase");
    assert!(
        !harness
            .get_by_label("Authorize and send")
            .accesskit_node()
            .is_disabled()
    );
    harness.state_mut().shared.wall_now = datetime!(2026-03-10 12:01:00 UTC);
    settle(&mut harness);
    assert_eq!(
        count(
            &harness,
            "This quote has expired and can no longer be confirmed. Ask for a new quote."
        ),
        2,
        "said on the review and in the dialog"
    );
    assert!(
        harness
            .get_by_label("Authorize and send")
            .accesskit_node()
            .is_disabled(),
        "the expired quote cannot be authorized"
    );
    harness.key_press(egui::Key::Enter);
    settle(&mut harness);
    assert!(
        !harness
            .state()
            .pending_commands()
            .iter()
            .any(|command| matches!(
                command,
                Command::CheckPassphrase { .. } | Command::Submit { .. }
            )),
        "nothing is checked or sent"
    );

    // The new quote's button, reached by a screen reader's name, closes the
    // dialog and asks the form for a new quote.
    let dialog_buttons: Vec<_> = harness.query_all_by_label("Ask for a new quote").collect();
    dialog_buttons
        .last()
        .expect("offered in the dialog")
        .click();
    settle(&mut harness);
    assert!(
        harness
            .query_by_label("Confirm with your passphrase")
            .is_none()
    );
    assert!(harness.state().panels.lock.authorization.is_none());
    assert_eq!(
        harness
            .state()
            .pending_commands()
            .iter()
            .filter(|command| matches!(command, Command::Orders(OrdersCommand::RequestQuote(_))))
            .count(),
        1,
        "a new quote is asked for"
    );
    assert!(harness.query_by_label("Check the details").is_none());
}

#[test]
fn with_a_plain_key_an_expired_quote_cannot_be_sent_from_the_dialog_either() {
    let mut harness = order_form(Language::PtBr, "1000");
    harness.get_by_label("Criar ordem").click();
    settle(&mut harness);
    harness.get_by_label("Confirmar").click();
    settle(&mut harness);
    harness.get_by_label("Digite ENVIAR para confirmar");
    harness.state_mut().shared.wall_now = datetime!(2026-03-10 12:01:30 UTC);
    settle(&mut harness);
    assert_eq!(
        count(
            &harness,
            "Esta cotação expirou e não pode mais ser confirmada. Peça uma nova cotação."
        ),
        2
    );
    assert!(
        harness
            .query_by_label("Digite ENVIAR para confirmar")
            .is_none()
    );
    assert!(
        harness
            .get_by_label("Enviar")
            .accesskit_node()
            .is_disabled()
    );
    assert_eq!(submits(harness.state()), 0);
}
