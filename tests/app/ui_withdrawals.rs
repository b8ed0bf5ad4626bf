//! The Withdrawals panel, headless: PIX keys checked as typed (CPF check
//! digits, +55 phones), a confirmation step that repeats amount and
//! destination and only then sends the exact request, the list with its
//! asset filter sent to the API and its states as badges.

use egui_kittest::kittest::Queryable;

use brlv_desk::api::model::{Asset, CreateWithdrawal, WithdrawalMethod};
use brlv_desk::app::accounts_command::{AccountsCommand, ListQuery};
use brlv_desk::app::command::ResourceData;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::schedule::ResourceKey;
use brlv_desk::app::state::{AppState, View};

use crate::support::accounts_commands;
use crate::support::ui::{connected_state, dec, deliver, harness, settle, type_into};

fn withdrawals_state(language: Language) -> AppState {
    let mut state = connected_state(language);
    state.view = View::Withdrawals;
    let rows = serde_json::from_value(serde_json::json!([
        {"id": "9c2f0c52-0000-4000-8000-000000000001", "state": "completed", "asset": "fiat/brl",
         "method": "ted", "amount": "1000.00", "created-at": "2026-03-01T10:00:00Z"},
        {"id": "9c2f0c52-0000-4000-8000-000000000002", "state": "pending-payment", "asset": "fiat/brl",
         "method": "pix", "amount": "250.00", "created-at": "2026-03-02T10:00:00Z",
         "end-to-end-id": "E1234"},
    ]))
    .unwrap();
    deliver(
        &mut state,
        ResourceKey::Withdrawals,
        ResourceData::Withdrawals(rows),
        1_000,
    );
    state
}

#[test]
fn a_cpf_with_wrong_check_digits_is_refused_beside_the_field() {
    let mut harness = harness(withdrawals_state(Language::En));
    settle(&mut harness);
    type_into(&mut harness, "Amount to withdraw", "320,50");
    type_into(&mut harness, "PIX key", "529.982.247-26");
    harness.get_by_label("The CPF check digits do not match; check the number for a typo.");
    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    assert!(harness.state().accounts.withdrawals.confirming.is_none());
    assert!(accounts_commands(harness.state_mut()).is_empty());

    harness.state_mut().accounts.withdrawals.draft.pix_key = "+55 (11) 8765-43210".into();
    settle(&mut harness);
    harness.get_by_label_contains("must be a mobile number starting with 9");
}

#[test]
fn the_confirmation_repeats_amount_and_destination_and_only_then_sends() {
    let mut harness = harness(withdrawals_state(Language::PtBr));
    settle(&mut harness);
    type_into(&mut harness, "Valor do saque", "1.320,50");
    type_into(&mut harness, "Chave PIX", "529.982.247-25");
    harness.get_by_label("Reconhecida como CPF: 52998224725");
    harness.get_by_label("Revisar saque").click();
    settle(&mut harness);
    assert!(
        accounts_commands(harness.state_mut()).is_empty(),
        "not before confirming"
    );
    harness.get_by_label("1.320,50 BRL");
    harness.get_by_label("Chave PIX (CPF) 52998224725");

    harness.get_by_label("Voltar e editar").click();
    settle(&mut harness);
    assert_eq!(
        harness.state().accounts.withdrawals.draft.amount,
        "1.320,50"
    );
    harness.get_by_label("Revisar saque").click();
    settle(&mut harness);
    harness.get_by_label("Confirmar e enviar").click();
    settle(&mut harness);
    assert_eq!(
        accounts_commands(harness.state_mut()),
        vec![AccountsCommand::CreateWithdrawal(CreateWithdrawal {
            asset: Asset::FiatBrl,
            method: WithdrawalMethod::Pix,
            amount: dec("1320.50"),
            pix_key: Some("52998224725".into()),
        })]
    );
    harness.get_by_label("Enviando...");
    harness.get_by_label("Confirmar e enviar").click();
    settle(&mut harness);
    assert!(
        accounts_commands(harness.state_mut()).is_empty(),
        "sent once"
    );
}

#[test]
fn a_ted_withdrawal_names_the_registered_bank_account() {
    let mut harness = harness(withdrawals_state(Language::En));
    settle(&mut harness);
    harness.get_by_label("Pay by TED").click();
    settle(&mut harness);
    assert!(harness.query_by_label("PIX key").is_none());
    type_into(&mut harness, "Amount to withdraw", "99.90");
    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    harness.get_by_label("99.90 BRL");
    harness.get_by_label("The bank account registered on the account, by TED");
}

#[test]
fn the_list_shows_badges_all_fields_and_sends_its_asset_filter() {
    let mut state = withdrawals_state(Language::En);
    state.accounts.withdrawals.selected =
        Some("9c2f0c52-0000-4000-8000-000000000002".parse().unwrap());
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("completed");
    assert_eq!(harness.query_all_by_label("pending payment").count(), 2);
    harness.get_by_label("end-to-end-id");
    harness.get_by_label("E1234");
    assert!(accounts_commands(harness.state_mut()).is_empty());
    harness.state_mut().accounts.withdrawals.asset_filter = Some(Asset::EthBaseUsdc);
    settle(&mut harness);
    assert_eq!(
        accounts_commands(harness.state_mut()),
        vec![AccountsCommand::Query(ListQuery::Withdrawals(Some(
            Asset::EthBaseUsdc
        )))]
    );
}

#[test]
fn clicking_a_row_opens_its_details() {
    let mut harness = harness(withdrawals_state(Language::En));
    settle(&mut harness);
    assert!(harness.query_by_label("Details").is_none());
    let cell = harness.get_by_label("1,000.00 BRL");
    let center = cell.rect().center();
    harness.hover_at(center);
    harness.step();
    harness.event(egui::Event::PointerButton {
        pos: center,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    harness.step();
    harness.event(egui::Event::PointerButton {
        pos: center,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    settle(&mut harness);
    assert_eq!(
        harness
            .state()
            .accounts
            .withdrawals
            .selected
            .map(|id| id.to_string()),
        Some("9c2f0c52-0000-4000-8000-000000000001".to_owned())
    );
    harness.get_by_label("Details");
    harness.get_by_label("9c2f0c52-0000-4000-8000-000000000001");
}
