//! The Withdrawals panel, headless: Pix keys checked as typed (CPF check
//! digits, +55 phones), more than the balance stopped at the form, a review
//! that shows the amount in R$, the recipient as a person reads it (saved
//! name, institution, masked CPF; a wallet's name), how and when it arrives,
//! the fee, the balance before and after and the service, and only then
//! sends the exact request; the list with its asset filter sent to the API
//! and its states as badges.

use egui_kittest::kittest::{NodeT, Queryable};

use brlv_core::api::model::{Asset, CreateWithdrawal, WithdrawalMethod};
use brlv_core::api::payout::{BankAccountType, TedAccount};
use brlv_core::recipients::{Destination, Recipient};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::resources::ListQuery;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::SubmitRequest;

use crate::support::ui::{Sent, confirm_plain_key, sent};
use crate::support::ui::{connected_state, dec, deliver, harness, settle, type_into};

fn withdrawals_state(language: Language) -> AppState {
    let mut state = connected_state(language);
    deliver(&mut state, Fetched::BalanceBrl(dec("5000.00")), 1_000);
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
    type_into(&mut harness, "Pix key", "529.982.247-26");
    harness.get_by_label("The CPF check digits do not match; check the number for a typo.");
    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    assert!(harness.state().panels.withdrawals.confirming.is_none());
    assert!(sent(harness.state_mut()).is_empty());

    harness.state_mut().panels.withdrawals.draft.pix_key = "+55 (11) 8765-43210".into();
    settle(&mut harness);
    harness.get_by_label_contains("must be a mobile number starting with 9");
}

#[test]
fn the_pix_review_shows_its_figures_and_only_then_sends() {
    let mut harness = harness(withdrawals_state(Language::PtBr));
    settle(&mut harness);
    type_into(&mut harness, "Valor do saque", "1.320,50");
    type_into(&mut harness, "Chave Pix", "529.982.247-25");
    harness.get_by_label("Reconhecida como CPF: 52998224725");
    harness.get_by_label("Revisar saque").click();
    settle(&mut harness);
    assert!(
        sent(harness.state_mut()).is_empty(),
        "not before confirming"
    );
    harness.get_by_label("Confira os dados");
    harness.get_by_label("Você saca");
    harness.get_by_label("R$ 1.320,50");
    // The key whole, every digit there to be checked before paying it
    // (masking is for lists and receipts).
    harness.get_by_label("Chave Pix de terceiro");
    harness.get_by_label("Chave Pix (CPF): 529.982.247-25");
    assert!(harness.query_by_label_contains("***").is_none());
    harness.get_by_label("Como");
    // The review's method, and the list's below it, written as the Banco
    // Central writes it.
    assert!(harness.query_all_by_label("Pix").next().is_some());
    assert!(harness.query_by_label("PIX").is_none());
    harness.get_by_label("Quando chega");
    harness.get_by_label_contains("em qualquer dia e horário");
    harness.get_by_label("Tarifa do serviço");
    harness.get_by_label("Nenhuma informada: o serviço não informa tarifa de saque antes do envio");
    // The last Pix withdrawal's record carried no fee: nothing made up.
    assert!(
        harness
            .query_by_label_contains("mostrou uma tarifa")
            .is_none()
    );
    harness.get_by_label("Saldo disponível");
    harness.get_by_label("R$ 5.000,00");
    harness.get_by_label("Saldo depois");
    harness.get_by_label("R$ 3.679,50");
    harness.get_by_label("api.example.com");
    harness.get_by_label(
        "Um Pix enviado não pode ser cancelado. Confira a chave antes de confirmar: ela não está salva aqui, por isso nenhum nome aparece.",
    );

    harness.get_by_label("Voltar").click();
    settle(&mut harness);
    assert_eq!(harness.state().panels.withdrawals.draft.amount, "1.320,50");
    harness.get_by_label("Revisar saque").click();
    settle(&mut harness);
    harness.get_by_label("Confirmar").click();
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
    harness.get_by_label("Confirmar").click();
    settle(&mut harness);
    assert!(sent(harness.state_mut()).is_empty(), "sent once");
}

#[test]
fn a_saved_pix_key_is_reviewed_by_its_name() {
    let mut state = withdrawals_state(Language::En);
    state.shared.recipients.push(Recipient {
        name: "Maria".to_owned(),
        destination: Destination::Pix {
            key: "maria@example.com".to_owned(),
        },
    });
    let mut harness = harness(state);
    settle(&mut harness);
    type_into(&mut harness, "Amount to withdraw", "10");
    type_into(&mut harness, "Pix key", "maria@example.com");
    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    harness.get_by_label("Maria (saved recipient)");
    harness.get_by_label("Pix key (e-mail): maria@example.com");
    // A name is shown: it is asked to be checked with the key.
    harness.get_by_label(
        "A Pix cannot be cancelled once sent. Check the key and the name before confirming.",
    );
}

#[test]
fn a_withdrawal_over_the_balance_is_stopped_at_the_form() {
    let mut harness = harness(withdrawals_state(Language::En));
    settle(&mut harness);
    type_into(&mut harness, "Amount to withdraw", "5000.01");
    type_into(&mut harness, "Pix key", "529.982.247-25");
    harness.get_by_label("More than the available balance (R$5,000.00).");
    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    assert!(harness.state().panels.withdrawals.confirming.is_none());
    assert!(harness.query_by_label("Check the details").is_none());
    assert!(sent(harness.state_mut()).is_empty());
}

#[test]
fn a_ted_asks_for_the_destination_account_checks_each_field_and_repeats_it_before_sending() {
    let mut harness = harness(withdrawals_state(Language::En));
    settle(&mut harness);
    harness.get_by_label("Pay by TED").click();
    settle(&mut harness);
    assert!(harness.query_by_label("Pix key").is_none());
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
    assert!(harness.state().panels.withdrawals.confirming.is_none());
    assert!(sent(harness.state_mut()).is_empty());

    let ted = &mut harness.state_mut().panels.withdrawals.draft.ted;
    ted.bank_code = "341".into();
    ted.branch = "1234".into();
    ted.account = "12345-6".into();
    ted.document = "529.982.247-25".into();
    ted.name = "Maria da Silva".into();
    settle(&mut harness);
    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    harness.get_by_label("R$99.90");
    harness.get_by_label("Maria da Silva");
    harness.get_by_label("Institution");
    harness.get_by_label("Itaú Unibanco (341)");
    harness.get_by_label("Branch 1234 · account 12345-6 · checking account");
    harness.get_by_label("Holder's CPF/CNPJ");
    harness.get_by_label("***.982.247-**");
    harness.get_by_label("TED (bank transfer)");
    harness.get_by_label_contains("next business day");
    harness.get_by_label("R$4,900.10");
    harness.get_by_label_contains("A TED cannot be cancelled once sent.");
    assert!(
        sent(harness.state_mut()).is_empty(),
        "not before confirming"
    );
    harness.get_by_label("Confirm").click();
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
    assert!(harness.state().panels.withdrawals.confirming.is_none());

    harness.state_mut().panels.withdrawals.draft.target_address =
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed".into();
    settle(&mut harness);
    harness.get_by_label("Revisar saque").click();
    settle(&mut harness);
    // The token amount at the places the amount format gives the asset.
    assert!(
        harness
            .get_by_label_contains("12,5")
            .accesskit_node()
            .value()
            .is_some_and(|text| text.ends_with(" USDC")),
        "the amount in the token, large"
    );
    harness.get_by_label("USDC na Base");
    harness.get_by_label("Endereço não salvo aqui");
    harness.get_by_label("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    harness.get_by_label("Tokens enviados pela blockchain");
    harness.get_by_label_contains("não podem ser recuperados");
    harness.get_by_label("Confirmar").click();
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
    state.panels.withdrawals.records.selected =
        Some("9c2f0c52-0000-4000-8000-000000000002".parse().unwrap());
    let mut harness = harness(state);
    settle(&mut harness);
    // The stage words: a completed withdrawal is paid, one the service
    // holds is sent to it, with its state beside.
    harness.get_by_label("paid");
    assert_eq!(
        harness
            .query_all_by_label("sent to the service (payment pending)")
            .count(),
        2
    );
    harness.get_by_label("end-to-end-id");
    harness.get_by_label("E1234");
    assert!(sent(harness.state_mut()).is_empty());
    harness.state_mut().panels.withdrawals.asset_filter = Some(Asset::EthBaseUsdc);
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
            .panels
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
    type_into(&mut harness, "Pix key", "529.982.247-25");
    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
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
    type_into(&mut harness, "Pix key", "529.982.247-25");
    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    // The review says where the request goes, beside amount and destination.
    harness.get_by_label("Service");
    assert!(harness.query_all_by_label("api.example.com").count() >= 1);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    // And so does the passphrase's dialog, before the key signs anything.
    harness.get_by_label("Confirm with your passphrase");
    assert!(
        harness.query_all_by_label("Service").count() >= 2,
        "the review and the dialog both name the service"
    );
    assert!(sent(harness.state_mut()).is_empty());
}

#[test]
fn a_review_taller_than_the_window_opens_at_its_amount_with_its_buttons_in_view() {
    const HEIGHT: f32 = 560.0;
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1180.0, HEIGHT])
        .with_max_steps(12)
        .build_ui_state(
            |ui, state: &mut AppState| brlv_desk::app::shell::shell_ui(ui, state),
            withdrawals_state(Language::PtBr),
        );
    settle(&mut harness);
    type_into(&mut harness, "Valor do saque", "1.320,50");
    type_into(&mut harness, "Chave Pix", "529.982.247-25");
    harness.get_by_label("Revisar saque").click();
    settle(&mut harness);
    let heading = harness.get_by_label("Confira os dados").rect();
    let amount = harness.get_by_label("R$ 1.320,50").rect();
    let back = harness.get_by_label("Voltar").rect();
    assert!(heading.min.y >= 0.0, "the title in view: {heading:?}");
    assert!(amount.min.y >= 0.0, "the amount in view: {amount:?}");
    assert!(back.max.y <= HEIGHT, "the buttons in view: {back:?}");
    assert!(harness.get_by_label("Voltar").is_focused());
}

/// Eleven digits that are both a valid CPF and a mobile number: the form
/// asks "CPF or mobile?", nothing can be reviewed (let alone sent) until it
/// is answered, and the review shows the key whole, as the kind said.
#[test]
fn an_ambiguous_pix_key_is_asked_cpf_or_mobile_and_the_review_shows_it_whole() {
    for (language, amount, field, review, question, choice, shown, wire) in [
        (
            Language::En,
            "Amount to withdraw",
            "Pix key",
            "Review withdrawal",
            "CPF or mobile? These digits are both; say which kind of key it is.",
            "Mobile +5511987654374",
            "Pix key (phone): +5511987654374",
            "+5511987654374",
        ),
        (
            Language::PtBr,
            "Valor do saque",
            "Chave Pix",
            "Revisar saque",
            "CPF ou celular? Estes dígitos são os dois; diga que tipo de chave é.",
            "CPF 119.876.543-74",
            "Chave Pix (CPF): 119.876.543-74",
            "11987654374",
        ),
    ] {
        let mut harness = harness(withdrawals_state(language));
        settle(&mut harness);
        type_into(&mut harness, amount, "10");
        type_into(&mut harness, field, "11987654374");
        harness.get_by_label(question);
        assert!(
            harness.get_by_label(review).accesskit_node().is_disabled(),
            "nothing goes on until the kind is said"
        );
        assert!(harness.state().panels.withdrawals.draft.validate().is_err());
        harness
            .get(
                egui_kittest::kittest::By::new()
                    .role(egui::accesskit::Role::RadioButton)
                    .label(choice),
            )
            .click();
        settle(&mut harness);
        harness.get_by_label(review).click();
        settle(&mut harness);
        harness.get_by_label(shown);
        assert_eq!(
            harness
                .state()
                .panels
                .withdrawals
                .confirming
                .as_ref()
                .and_then(|request| request.pix_key.as_deref()),
            Some(wire)
        );
        assert!(
            sent(harness.state_mut()).is_empty(),
            "not before confirming"
        );
    }
}

#[test]
fn the_fee_line_says_what_the_last_withdrawal_like_it_showed_in_both_languages() {
    for (language, amount, key, review, said) in [
        (
            Language::En,
            "Amount to withdraw",
            "Pix key",
            "Review withdrawal",
            "Your last withdrawal like this one, on 2 Mar 2026, showed a fee of R$1.50.",
        ),
        (
            Language::PtBr,
            "Valor do saque",
            "Chave Pix",
            "Revisar saque",
            "Seu último saque como este, em 02/03/2026, mostrou uma tarifa de R$ 1,50.",
        ),
    ] {
        let mut state = withdrawals_state(language);
        // A record that brings a fee the interface does not name; an older
        // one of the same kind, and a TED, are not "the last like it".
        let rows = serde_json::from_value::<Vec<_>>(serde_json::json!([
            {"id": "9c2f0c52-0000-4000-8000-000000000001", "state": "completed", "asset": "fiat/brl",
             "method": "ted", "amount": "1000.00", "created-at": "2026-03-03T10:00:00Z",
             "fee-amount": "9.00"},
            {"id": "9c2f0c52-0000-4000-8000-000000000002", "state": "completed", "asset": "fiat/brl",
             "method": "pix", "amount": "250.00", "created-at": "2026-03-02T10:00:00Z",
             "fee-amount": "1.50"},
            {"id": "9c2f0c52-0000-4000-8000-000000000003", "state": "completed", "asset": "fiat/brl",
             "method": "pix", "amount": "20.00", "created-at": "2026-03-01T10:00:00Z",
             "fee-amount": "7.00"},
        ]))
        .unwrap();
        deliver(&mut state, Fetched::Withdrawals(rows.into()), 2_000);
        let mut harness = harness(state);
        settle(&mut harness);
        type_into(&mut harness, amount, "10");
        type_into(&mut harness, key, "529.982.247-25");
        harness.get_by_label(review).click();
        settle(&mut harness);
        harness.get_by_label(said);
    }
}
