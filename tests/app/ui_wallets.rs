//! The Wallets panel, headless: the list with its filters sent to the API,
//! a wallet's every field, the create form refusing bad input beside the
//! field and sending exactly what was typed, a refusal keeping the form.

use egui_kittest::kittest::{NodeT, Queryable};

use brlv_core::api::Error;
use brlv_core::api::model::{Asset, Chain, CreateWallet, ServiceErrorObject, Wallet, WalletFilter};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::resources::{ListQuery, Listed};
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::FormKind;
use brlv_desk::app::submit::SubmitOutcome;
use brlv_desk::app::submit::SubmitRequest;

use crate::support::queries;
use crate::support::ui::{SESSION, connected_state, deliver, harness, settle};

const MAIN: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const TREASURY: &str = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";

fn wallet(name: &str, address: &str, assets: &[&str]) -> Wallet {
    serde_json::from_value(serde_json::json!({
        "name": name,
        "address": address,
        "assets": assets,
        "ui-enabled": true,
        "metadata": {"team": "ops"},
    }))
    .unwrap()
}

fn wallets_state(language: Language) -> AppState {
    let mut state = connected_state(language);
    state.view = View::Wallets;
    deliver(
        &mut state,
        Fetched::Wallets(
            vec![
                wallet("Main wallet", MAIN, &["eth-base/brlv", "eth-base/wbrly"]),
                wallet("Treasury", TREASURY, &["eth-mainnet/brlv"]),
            ]
            .into(),
        ),
        1_000,
    );
    state
}

#[test]
fn the_list_shows_every_wallet_and_the_selected_ones_fields() {
    let mut state = wallets_state(Language::En);
    state.panels.wallets.records.selected = Some(TREASURY.to_owned());
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Main wallet");
    // The assets by name; the ids only under the technical values.
    harness.get_by_label("BRLV on Base, WBRLY on Base");
    assert!(
        harness
            .query_by_label("eth-base/brlv, eth-base/wbrly")
            .is_none()
    );
    harness.get_by_label("Details");
    // The selected wallet's address: shortened in the table, whole in its
    // details, each with a Copy button that copies it whole.
    assert_eq!(harness.query_all_by_label(TREASURY).count(), 1);
    harness.get_by_label(&brlv_desk::app::format::short_hex(Some(TREASURY)));
    harness.get_by_label(r#"{"team":"ops"}"#);
    // One Copy per address in the table, and one in the details.
    assert_eq!(harness.query_all_by_label("Copy").count(), 3);
    harness.query_all_by_label("Copy").next().unwrap().click();
    harness.step();
    let copied = &harness.output().platform_output.commands;
    assert!(
        copied.contains(&egui::OutputCommand::CopyText(MAIN.to_owned())),
        "{copied:?}"
    );
    harness.step();
    harness.get_by_label("Copied");
}

#[test]
fn filters_go_to_the_api_and_a_bad_checksum_is_refused_beside_the_field() {
    let mut harness = harness(wallets_state(Language::En));
    settle(&mut harness);
    assert!(
        queries(harness.state_mut()).is_empty(),
        "no filter, no query"
    );

    let field = harness.get_by_label("With address");
    field.focus();
    // One letter's case flipped: still hex, but the EIP-55 checksum fails.
    field.type_text(&MAIN.replacen("aAeb", "aaeb", 1));
    settle(&mut harness);
    harness.get_by_label_contains("checksum (EIP-55)");
    assert!(
        queries(harness.state_mut()).is_empty(),
        "a bad address is not sent"
    );

    harness.state_mut().panels.wallets.address_filter = TREASURY.to_owned();
    harness.state_mut().panels.wallets.asset_filter = Some(Asset::EthMainnetBrlv);
    settle(&mut harness);
    let filter = WalletFilter {
        assets: vec![Asset::EthMainnetBrlv],
        addresses: vec![TREASURY.to_owned()],
    };
    let expected = ListQuery::Wallets(filter.clone());
    assert_eq!(queries(harness.state_mut()), vec![expected]);
    harness.state_mut().apply(Event::QueryFinished {
        session: SESSION,
        listed: Listed::Wallets(
            filter,
            Ok(vec![wallet("Treasury", TREASURY, &["eth-mainnet/brlv"])]),
        ),
    });
    settle(&mut harness);
    harness.get_by_label("Treasury");
    assert!(
        harness.query_by_label("Main wallet").is_none(),
        "filtered out"
    );
}

#[test]
fn the_create_form_refuses_a_missing_name_and_sends_exactly_what_was_typed() {
    let mut harness = harness(wallets_state(Language::En));
    settle(&mut harness);
    // Nothing typed yet: no "required" said, the button disabled.
    assert!(harness.query_by_label("This field is required.").is_none());
    assert!(
        harness
            .get_by_label("Create wallet")
            .accesskit_node()
            .is_disabled()
    );
    harness.get_by_label("Create wallet").click();
    settle(&mut harness);
    assert!(
        harness.state_mut().take_commands().is_empty(),
        "disabled while invalid"
    );

    let name = harness.get_by_label("Wallet name");
    name.focus();
    name.type_text("Payroll");
    settle(&mut harness);
    harness.get_by_label("Add a metadata row").click();
    settle(&mut harness);
    let key = harness.get_by_label("Key");
    key.focus();
    key.type_text("team");
    settle(&mut harness);
    let value = harness.get_by_label("Value");
    value.focus();
    value.type_text("hr");
    settle(&mut harness);
    harness.state_mut().panels.wallets.draft.chain = Chain::Tempo;
    harness
        .get_by_label("Show this wallet in the service's own interface")
        .click();
    settle(&mut harness);
    assert!(harness.query_by_label("This field is required.").is_none());
    harness.get_by_label("Create wallet").click();
    settle(&mut harness);
    let mut metadata = serde_json::Map::new();
    metadata.insert("team".into(), "hr".into());
    let commands = harness.state_mut().take_commands();
    let sent: Vec<&CreateWallet> = commands
        .iter()
        .filter_map(|command| match command {
            Command::Submit {
                request: SubmitRequest::Wallet(request),
                ..
            } => Some(request),
            _ => None,
        })
        .collect();
    assert_eq!(
        sent,
        vec![&CreateWallet {
            wallet_name: "Payroll".into(),
            chain: Some(Chain::Tempo),
            metadata: Some(metadata),
            ui_enabled: Some(true),
        }]
    );
    // In flight: progress shown, and a second click sends nothing.
    harness.get_by_label("Sending...");
    harness.get_by_label("Create wallet").click();
    settle(&mut harness);
    assert!(harness.state_mut().take_commands().is_empty());
}

#[test]
fn a_refusal_shows_the_service_code_and_message_and_keeps_the_form() {
    let mut state = wallets_state(Language::PtBr);
    state.panels.wallets.draft.name = "Folha".into();
    state.panels.wallets.submit = brlv_desk::app::submit::SubmitStatus::Sending;
    state.apply(Event::Submitted {
        session: SESSION,
        form: FormKind::Wallet,
        outcome: SubmitOutcome::Refused(Error::Service {
            status: 422,
            error: ServiceErrorObject {
                kind: "invalid-request".into(),
                message: "wallet limit reached".into(),
                code: "wallet-limit".into(),
            },
        }),
    });
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("O serviço recusou o pedido:");
    // A code the app has no words for yet says so, in Portuguese; the raw
    // text waits under "Detalhes técnicos".
    harness.get_by_label(
        "por um motivo que o brlv-desk ainda não conhece; os detalhes técnicos dizem qual.",
    );
    assert!(
        harness
            .query_by_label_contains("wallet limit reached")
            .is_none()
    );
    harness.get_by_label("Detalhes técnicos").click();
    settle(&mut harness);
    harness.get_by_label("HTTP 422 · wallet-limit: wallet limit reached");
    assert_eq!(harness.state().panels.wallets.draft.name, "Folha");
    harness.get_by_label("Criar carteira").click();
    settle(&mut harness);
    assert_eq!(
        harness.state_mut().take_commands().len(),
        1,
        "can be sent again"
    );
}

#[test]
fn the_list_reads_name_and_assets_first_and_the_address_last() {
    let mut harness = harness(wallets_state(Language::En));
    settle(&mut harness);
    let left = |title: &str| harness.get_by_label(title).rect().left();
    assert!(left("Name") < left("Assets"));
    assert!(left("Assets") < left("Shown in the service's interface"));
    assert!(left("Shown in the service's interface") < left("Address"));
}

/// Two wallets whose names differ only by a zero-width space (as the
/// service sent them) and one whose "o" is Cyrillic: the invisible
/// character shows as an escape, and every name that looks like another is
/// marked, in the list and for a screen reader; a name unlike any other is
/// not.
#[test]
fn names_that_look_alike_are_shown_with_their_escapes_and_marked() {
    let mut state = connected_state(Language::En);
    state.view = View::Wallets;
    deliver(
        &mut state,
        Fetched::Wallets(
            vec![
                wallet("Ana", MAIN, &["eth-base/brlv"]),
                wallet("Ana\u{200b}", TREASURY, &["eth-base/brlv"]),
                wallet(
                    "J\u{43e}ao",
                    "0x0000000000000000000000000000000000000001",
                    &[],
                ),
                wallet("Joao", "0x0000000000000000000000000000000000000002", &[]),
                wallet("Bia", "0x0000000000000000000000000000000000000003", &[]),
            ]
            .into(),
        ),
        1_000,
    );
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Ana (looks like another wallet's name)");
    harness.get_by_label("Ana\\u{200b} (looks like another wallet's name)");
    harness.get_by_label("Joao (looks like another wallet's name)");
    harness.get_by_label("J\u{43e}ao (looks like another wallet's name)");
    harness.get_by_label("Bia");
    assert!(
        harness.query_by_label_contains("\u{200b}").is_none(),
        "no name holds the raw invisible character"
    );
}
