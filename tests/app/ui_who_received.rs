//! Lists that say who received: Withdrawals names each payout's recipient
//! beside its method (the name it is saved under, else the Pix key masked,
//! the TED's holder and bank, the address shortened) and says how far it
//! has gone in the stage words; Transfers names the recipient's saved name
//! in its "To" column; the extrato's line of a withdrawal names whom it
//! paid, and its state in the same stage words; Deposits says how to deposit, from what the service's interface
//! gives and where to find the rest. In English and pt-BR.

use egui_kittest::kittest::Queryable;
use serde_json::json;

use brlv_core::recipients::{Destination, Recipient};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::{connected_state, deliver, harness, settle};

const OWN: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const OTHER: &str = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";

fn from_json<T: serde::de::DeserializeOwned>(value: serde_json::Value) -> T {
    serde_json::from_value(value).unwrap()
}

/// Three withdrawals: a Pix to a saved key, a Pix to a CPF key saved under
/// no name, a TED; and a transfer to a saved wallet.
fn payouts_state(language: Language) -> AppState {
    let mut state = connected_state(language);
    state.shared.now = 10_000;
    state.shared.wall_now = time::macros::datetime!(2026-03-10 20:00:00 UTC);
    state.shared.recipients = vec![
        Recipient {
            name: "Joana (fornecedora)".into(),
            destination: Destination::Pix {
                key: "joana@example.com".into(),
            },
        },
        Recipient {
            name: "Maria".into(),
            destination: Destination::Wallet {
                address: OTHER.to_lowercase(),
            },
        },
    ];
    deliver(
        &mut state,
        Fetched::Withdrawals(
            vec![
                from_json(json!({
                    "id": "9c2f0c52-0000-4000-8000-000000000001",
                    "state": "completed",
                    "created-at": "2026-03-08T15:00:00Z",
                    "asset": "fiat/brl", "method": "pix", "amount": "320.50",
                    "pix-key": "joana@example.com",
                })),
                from_json(json!({
                    "id": "9c2f0c52-0000-4000-8000-000000000002",
                    "state": "pending-payment",
                    "created-at": "2026-03-08T14:00:00Z",
                    "asset": "fiat/brl", "method": "pix", "amount": "99.00",
                    "pix-key": "11144477735",
                })),
                from_json(json!({
                    "id": "9c2f0c52-0000-4000-8000-000000000003",
                    "state": "created",
                    "created-at": "2026-03-08T13:00:00Z",
                    "asset": "fiat/brl", "method": "ted", "amount": "1000.00",
                    "bank-code": "341", "branch": "1234", "account": "56789-0",
                    "account-type": "checking", "document": "11144477735",
                    "name": "Joana da Silva",
                })),
            ]
            .into(),
        ),
        9_000,
    );
    deliver(
        &mut state,
        Fetched::Transfers(
            vec![from_json(json!({
                "id": "7a1e0c52-0000-4000-8000-000000000001",
                "state": "completed",
                "created-at": "2026-03-09T09:00:00Z",
                "asset": "eth-base/brlv", "amount": "12.5",
                "source-address": OWN, "target-address": OTHER,
            }))]
            .into(),
        ),
        9_000,
    );
    state
}

fn has(harness: &egui_kittest::Harness<'static, AppState>, label: &str) -> bool {
    harness.query_all_by_label(label).next().is_some()
}

#[test]
fn withdrawals_name_the_recipient_and_the_stage_in_english() {
    let mut state = payouts_state(Language::En);
    state.view = View::Withdrawals;
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Method and recipient");
    harness.get_by_label("Pix · Joana (fornecedora)");
    harness.get_by_label("Pix · CPF ***.444.777-**");
    harness.get_by_label("TED · Joana da Silva · Itaú Unibanco (341)");
    harness.get_by_label("paid");
    harness.get_by_label("sent to the service (payment pending)");
    harness.get_by_label("sent to the service (created)");
    assert!(harness.query_by_label_contains("11144477735").is_none());
}

#[test]
fn withdrawals_name_the_recipient_and_the_stage_in_portuguese() {
    let mut state = payouts_state(Language::PtBr);
    state.view = View::Withdrawals;
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Forma e favorecido");
    harness.get_by_label("Pix · Joana (fornecedora)");
    harness.get_by_label("Pix · CPF ***.444.777-**");
    harness.get_by_label("pago");
    harness.get_by_label("enviado ao serviço (pagamento pendente)");
    harness.get_by_label("enviado ao serviço (criado)");
}

#[test]
fn transfers_name_the_saved_recipient_in_both_languages() {
    for (language, to, paid) in [
        (Language::En, "To", "paid"),
        (Language::PtBr, "Para", "pago"),
    ] {
        let mut state = payouts_state(language);
        state.view = View::Transfers;
        let mut harness = harness(state);
        settle(&mut harness);
        harness.get_by_label(to);
        harness.get_by_label("Maria");
        harness.get_by_label(paid);
    }
}

#[test]
fn the_extrato_line_of_a_withdrawal_names_whom_it_paid() {
    for (language, saved_key, cpf_key, ted, pending) in [
        (
            Language::PtBr,
            "Pix para jo***@example.com",
            "Pix para ***.444.777-**",
            "TED para Joana da Silva",
            "enviado ao serviço",
        ),
        (
            Language::En,
            "Pix to jo***@example.com",
            "Pix to ***.444.777-**",
            "TED to Joana da Silva",
            "sent to the service",
        ),
    ] {
        let mut state = payouts_state(language);
        state.view = View::Activity;
        let mut harness = harness(state);
        settle(&mut harness);
        // Its state in the stage words the lists use.
        for line in [saved_key, cpf_key, ted, pending] {
            assert!(has(&harness, line), "{language:?}: {line}");
        }
        assert!(harness.query_by_label_contains("11144477735").is_none());
    }
}

fn deposits_state(language: Language, target: Option<&str>) -> AppState {
    let mut state = connected_state(language);
    state.view = View::Deposits;
    let mut coordinates = json!({"source-tax-id": "12345678909"});
    if let Some(target) = target {
        coordinates["target"] = json!(target);
    }
    deliver(
        &mut state,
        Fetched::DepositsBrl(
            vec![from_json(json!({
                "id": "d0000000-0000-4000-8000-000000000005",
                "type": "pix", "status": "credited", "amount": "1000.00",
                "created-at": "2026-03-10T08:00:00Z",
                "coordinates": coordinates,
            }))]
            .into(),
        ),
        9_000,
    );
    state
}

#[test]
fn deposits_say_how_to_deposit_from_what_the_service_gives() {
    let key = "7d9f0335-8dcc-4054-9bf9-0dbd61d36906";
    let mut harness = harness(deposits_state(Language::En, Some(key)));
    settle(&mut harness);
    harness.get_by_label("How to deposit");
    harness.get_by_label(
        "Send a Pix or TED in reais from a bank account in your own name: the CPF or CNPJ \
         registered with the service.",
    );
    harness.get_by_label("Your last deposit was paid to");
    harness.get_by_label(key);
    harness.get_by_label("(10 Mar 2026 08:00, as the service recorded it).");
    harness.get_by_label_contains("does not say this is still where to pay");
    harness.get_by_label("Go to Orders").click();
    settle(&mut harness);
    assert_eq!(harness.state().view, View::Orders);

    // Where the service gives nothing, where to find it.
    let mut harness = harness_of(deposits_state(Language::PtBr, None));
    settle(&mut harness);
    harness.get_by_label("Como depositar");
    harness.get_by_label(
        "A interface do serviço não informa chave nem dados bancários para depósito: veja no \
         app ou site do próprio serviço, ou pergunte ao suporte.",
    );
    harness.get_by_label(
        "Para comprar BRLV ou USDC com reais sem depositar antes, crie uma ordem paga por QR \
         code Pix.",
    );
    harness.get_by_label("Ir para Ordens");
    assert!(
        harness
            .query_by_label("Seu último depósito foi pago para")
            .is_none()
    );
}

fn harness_of(state: AppState) -> egui_kittest::Harness<'static, AppState> {
    harness(state)
}
