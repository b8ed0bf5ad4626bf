//! The Withdrawals panel, headless: PIX keys checked as typed (CPF check
//! digits, +55 phones), a confirmation step that repeats amount and
//! destination and only then sends the exact request, the list with its
//! asset filter sent to the API and its states as badges.

use egui_kittest::kittest::Queryable;

use brlv_core::api::model::{Asset, CreateWithdrawal, WithdrawalMethod};
use brlv_core::api::payout::{BankAccountType, TedAccount};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::resources::ListQuery;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::SubmitRequest;

use crate::support::ui::{Sent, confirm_plain_key, sent};
use crate::support::ui::{connected_state, dec, deliver, harness, settle, type_into};

fn withdrawals_state(language: Language) -> AppState {
    let mut state = connected_state(language);
    state.view = View::Withdrawals;
    let rows = serde_json::from_value::<Vec<_>>(serde_json::json!([
        {"id": "9c2f0c52-0000-4000-8000-000000000001", "state": "completed", "asset": "fiat/brl",
         "method": "ted", "amount": "1000.00", "created-at": "2026-03-01T10:00:00Z"},
        {"id": "9c2f0c52-0000-4000-8000-000000000002", "state": "pending-payment", "asset": "fiat/brl",
         "method": "pix", "amount": "250.00", "created-at": "2026-03-02T10:00:00Z",
         "end-to-end-id": "E1234"},
    ]))
    .unwrap();
    deliver(&mut state, Fetched::Withdrawals(rows.into()), 1_000);
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
    assert!(harness.state().withdrawals.confirming.is_none());
    assert!(sent(harness.state_mut()).is_empty());

    harness.state_mut().withdrawals.draft.pix_key = "+55 (11) 8765-43210".into();
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
        sent(harness.state_mut()).is_empty(),
        "not before confirming"
    );
    harness.get_by_label("R$ 1.320,50");
    harness.get_by_label("Chave PIX (CPF) 529.982.247-25");

    harness.get_by_label("Voltar e editar").click();
    settle(&mut harness);
    assert_eq!(harness.state().withdrawals.draft.amount, "1.320,50");
    harness.get_by_label("Revisar saque").click();
    settle(&mut harness);
    harness.get_by_label("Confirmar e enviar").click();
    settle(&mut harness);
    confirm_plain_key(&mut harness);
    assert_eq!(
        sent(harness.state_mut()),
        vec![Sent::Submit(SubmitRequest::Withdrawal(CreateWithdrawal {
            asset: Asset::FiatBrl,
            method: WithdrawalMethod::Pix,
            amount: dec("1320.50"),
            pix_key: Some("52998224725".into()),
            ted_account: None,
            target_address: None,
        }))]
    );
    harness.get_by_label("Enviando...");
    harness.get_by_label("Confirmar e enviar").click();
    settle(&mut harness);
    assert!(sent(harness.state_mut()).is_empty(), "sent once");
}

#[test]
fn a_ted_asks_for_the_destination_account_checks_each_field_and_repeats_it_before_sending() {
    let mut harness = harness(withdrawals_state(Language::En));
    settle(&mut harness);
    harness.get_by_label("Pay by TED").click();
    settle(&mut harness);
    assert!(harness.query_by_label("PIX key").is_none());
    type_into(&mut harness, "Amount to withdraw", "99.90");
    // Wrong as typed: each field says so beside itself, and nothing can be reviewed.
    type_into(&mut harness, "Bank code", "34");
    type_into(&mut harness, "Branch", "12a");
    type_into(&mut harness, "Account with digit", "123456");
    type_into(&mut harness, "Holder's CPF or CNPJ", "529.982.247-26");
    harness.get_by_label("A bank code has 3 digits, such as 341 (Itaú) or 001 (Banco do Brasil).");
    harness.get_by_label("The branch has 1 to 4 digits, without its check digit.");
    harness.get_by_label("Type the account number, a hyphen and its check digit, such as 12345-6.");
    harness.get_by_label("The CPF check digits do not match; check the number for a typo.");
    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    assert!(harness.state().withdrawals.confirming.is_none());
    assert!(sent(harness.state_mut()).is_empty());

    let ted = &mut harness.state_mut().withdrawals.draft.ted;
    ted.bank_code = "341".into();
    ted.branch = "1234".into();
    ted.account = "12345-6".into();
    ted.document = "529.982.247-25".into();
    ted.name = "Maria da Silva".into();
    settle(&mut harness);
    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    harness.get_by_label("R$99.90");
    harness.get_by_label(
        "TED to Itaú Unibanco (341), branch 1234, account 12345-6 (checking), Maria da Silva, 529.982.247-25",
    );
    assert!(
        sent(harness.state_mut()).is_empty(),
        "not before confirming"
    );
    harness.get_by_label("Confirm and send").click();
    settle(&mut harness);
    confirm_plain_key(&mut harness);
    assert_eq!(
        sent(harness.state_mut()),
        vec![Sent::Submit(SubmitRequest::Withdrawal(
            CreateWithdrawal::ted(
                dec("99.90"),
                TedAccount {
                    bank_code: "341".into(),
                    branch: "1234".into(),
                    account: "12345-6".into(),
                    account_type: BankAccountType::Checking,
                    document: "52998224725".into(),
                    name: "Maria da Silva".into(),
                },
            )
        ))]
    );
}

#[test]
fn tokens_go_to_an_address_checked_as_typed_and_repeated_before_sending() {
    let mut harness = harness(withdrawals_state(Language::PtBr));
    settle(&mut harness);
    harness.get_by_label("Enviar tokens").click();
    settle(&mut harness);
    type_into(&mut harness, "Valor do saque", "12,5");
    type_into(
        &mut harness,
        "Endereço de destino",
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA",
    );
    harness.get_by_label_contains("precisa de 40 dígitos hexadecimais");
    harness.get_by_label("Revisar saque").click();
    settle(&mut harness);
    assert!(harness.state().withdrawals.confirming.is_none());

    harness.state_mut().withdrawals.draft.target_address =
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed".into();
    settle(&mut harness);
    harness.get_by_label("Revisar saque").click();
    settle(&mut harness);
    harness.get_by_label("Tokens para o endereço 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    harness.get_by_label("Confirmar e enviar").click();
    settle(&mut harness);
    confirm_plain_key(&mut harness);
    assert_eq!(
        sent(harness.state_mut()),
        vec![Sent::Submit(SubmitRequest::Withdrawal(
            CreateWithdrawal::token(
                Asset::EthBaseUsdc,
                dec("12.5"),
                "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed".into(),
            )
        ))]
    );
}

#[test]
fn the_list_shows_badges_all_fields_and_sends_its_asset_filter() {
    let mut state = withdrawals_state(Language::En);
    state.withdrawals.records.selected =
        Some("9c2f0c52-0000-4000-8000-000000000002".parse().unwrap());
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("completed");
    assert_eq!(harness.query_all_by_label("pending payment").count(), 2);
    harness.get_by_label("end-to-end-id");
    harness.get_by_label("E1234");
    assert!(sent(harness.state_mut()).is_empty());
    harness.state_mut().withdrawals.asset_filter = Some(Asset::EthBaseUsdc);
    settle(&mut harness);
    assert_eq!(
        sent(harness.state_mut()),
        vec![Sent::Query(ListQuery::Withdrawals(Some(
            Asset::EthBaseUsdc
        )))]
    );
}

#[test]
fn clicking_a_row_opens_its_details() {
    let mut harness = harness(withdrawals_state(Language::En));
    settle(&mut harness);
    assert!(harness.query_by_label("Details").is_none());
    let cell = harness.get_by_label("1,000.00 reais");
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
            .withdrawals
            .records
            .selected
            .map(|id| id.to_string()),
        Some("9c2f0c52-0000-4000-8000-000000000001".to_owned())
    );
    harness.get_by_label("Details");
    harness.get_by_label("9c2f0c52-0000-4000-8000-000000000001");
}

#[test]
fn from_a_sealed_profile_a_withdrawal_waits_for_the_right_passphrase() {
    let mut state = withdrawals_state(Language::En);
    crate::support::ui::seal_session(&mut state);
    let mut harness = harness(state);
    settle(&mut harness);
    type_into(&mut harness, "Amount to withdraw", "1.320,50");
    type_into(&mut harness, "PIX key", "529.982.247-25");
    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    harness.get_by_label("Confirm and send").click();
    settle(&mut harness);
    crate::support::ui::only_the_right_passphrase_sends(
        &mut harness,
        SubmitRequest::Withdrawal(CreateWithdrawal {
            asset: Asset::FiatBrl,
            method: WithdrawalMethod::Pix,
            amount: dec("1320.50"),
            pix_key: Some("52998224725".into()),
            ted_account: None,
            target_address: None,
        }),
    );
}

#[test]
fn the_service_a_withdrawal_goes_to_is_in_the_top_bar_its_review_and_the_passphrase_dialog() {
    let mut state = withdrawals_state(Language::En);
    crate::support::ui::seal_session(&mut state);
    let mut harness = harness(state);
    settle(&mut harness);
    // Always in sight, named for a screen reader.
    harness.get_by_label("Service: api.example.com");
    type_into(&mut harness, "Amount to withdraw", "320,50");
    type_into(&mut harness, "PIX key", "529.982.247-25");
    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    // The review says where the request goes, beside amount and destination.
    harness.get_by_label("Service");
    assert!(harness.query_all_by_label("api.example.com").count() >= 1);
    harness.get_by_label("Confirm and send").click();
    settle(&mut harness);
    // And so does the passphrase's dialog, before the key signs anything.
    harness.get_by_label("Confirm with your passphrase");
    assert!(
        harness.query_all_by_label("Service").count() >= 2,
        "the review and the dialog both name the service"
    );
    assert!(sent(harness.state_mut()).is_empty());
}
