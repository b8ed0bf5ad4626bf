//! A receipt as a comprovante a supplier accepts: who paid (the account's
//! holder as the person set it in Settings, CPF/CNPJ checked and kept with
//! the profile), who received as the app knows them (a saved recipient's
//! name, a TED's holder and bank, a Pix key's kind with the key masked as a
//! bank masks it, an order's wallet), the amount, the method, when, and the
//! service's id, in both languages, in the text, the PDF and the PNG; and
//! the success message after a send, which carries the id and opens the
//! record's receipt.

use egui_kittest::kittest::Queryable;

use brlv_core::profile::{AccountHolder, Profile, ProfileBook};
use brlv_core::recipients::{Destination, Recipient};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::receipt::build::{
    OrderDestination, order_receipt, transfer_receipt, withdrawal_receipt,
};
use brlv_desk::app::receipt::pdf::win_ansi;
use brlv_desk::app::receipt::{Parties, ReceiptFormat, ReceiptRequest};
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::{Created, SubmitOutcome, SubmitStatus};

use crate::receipts::{
    MAIN, WITHDRAWAL_ID, contains, joined, order, pdf_shown_strings, pix_withdrawal,
    png_description, ted_withdrawal, transfer, utc,
};
use crate::support::ui::{connected_state, deliver, harness, settle, type_into};

fn holder() -> AccountHolder {
    AccountHolder::new("Padaria Sol Ltda", "11.222.333/0001-81").unwrap()
}

fn saved(name: &str, destination: Destination) -> Recipient {
    Recipient {
        name: name.to_owned(),
        destination,
    }
}

fn recipients() -> Vec<Recipient> {
    vec![
        saved(
            "Joana (fornecedora)",
            Destination::Pix {
                key: "joana@example.com".to_owned(),
            },
        ),
        saved(
            "Carteira fria",
            Destination::Wallet {
                address: MAIN.to_lowercase(),
            },
        ),
    ]
}

#[test]
fn a_pix_receipt_names_the_payer_the_saved_recipient_and_the_masked_key_in_english() {
    let (holder, recipients) = (holder(), recipients());
    let parties = Parties {
        payer: Some(&holder),
        recipients: &recipients,
    };
    let text = withdrawal_receipt(&utc(Language::En), &pix_withdrawal(), &parties)
        .unwrap()
        .to_text();
    for line in [
        "Withdrawal receipt\nWithdrawal by Pix\n",
        "Amount: R$350.00",
        "Payer: Padaria Sol Ltda",
        "Payer (CPF/CNPJ): 11.222.333/0001-81",
        "Method: Pix",
        "To (saved recipient): Joana (fornecedora)",
        "To (Pix key): e-mail jo***@example.com",
        "Completed at: 10 Mar 2026 12:00:09 (UTC+00:00)",
        &format!("Withdrawal ID: {WITHDRAWAL_ID}"),
    ] {
        assert!(text.contains(line), "{line}:\n{text}");
    }
    assert!(
        !text.contains("joana@example.com"),
        "the key is masked:\n{text}"
    );
}

#[test]
fn a_ted_receipt_in_portuguese_names_the_payer_the_holder_and_the_bank() {
    let holder = AccountHolder::new("Ana Souza", "111.444.777-35").unwrap();
    let parties = Parties {
        payer: Some(&holder),
        recipients: &[],
    };
    let text = withdrawal_receipt(&utc(Language::PtBr), &ted_withdrawal(), &parties)
        .unwrap()
        .to_text();
    for line in [
        "Comprovante de saque\nSaque por TED\n",
        "Valor: R$ 10.000,00",
        "Pagador: Ana Souza",
        // A person's CPF is masked as banks mask it, the payer's too.
        "Pagador (CPF/CNPJ): ***.444.777-**",
        "Forma: TED",
        "Para (nome): Joana da Silva",
        "Para (conta bancária): Itaú Unibanco (341), agência 1234, conta 56789-0",
        "Data da conclusão: 10/03/2026 15:00:00 (UTC+00:00)",
        &format!("ID do saque: {WITHDRAWAL_ID}"),
    ] {
        assert!(text.contains(line), "{line}:\n{text}");
    }
    assert!(!text.contains("11144477735"), "{text}");
}

#[test]
fn a_pix_key_shows_its_kind_masked_as_a_bank_does() {
    for (key, en, pt) in [
        ("11144477735", "CPF ***.444.777-**", "CPF ***.444.777-**"),
        (
            "+5511987654321",
            "phone +55 11 *****-4321",
            "telefone +55 11 *****-4321",
        ),
        (
            "1a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d",
            "random key 1a2b****-****-****-****-********4c5d",
            "chave aleatória 1a2b****-****-****-****-********4c5d",
        ),
    ] {
        let mut withdrawal = serde_json::to_value(pix_withdrawal()).unwrap();
        withdrawal["pix-key"] = serde_json::json!(key);
        let withdrawal = serde_json::from_value(withdrawal).unwrap();
        for (language, shown) in [(Language::En, en), (Language::PtBr, pt)] {
            let text = withdrawal_receipt(&utc(language), &withdrawal, &Parties::default())
                .unwrap()
                .to_text();
            assert!(text.contains(shown), "{shown}:\n{text}");
        }
    }
}

#[test]
fn an_order_receipt_names_the_wallet_it_was_sent_to_and_a_transfer_its_recipient() {
    let (holder, recipients) = (holder(), recipients());
    let parties = Parties {
        payer: Some(&holder),
        recipients: &recipients,
    };
    let wallet = OrderDestination::Wallet(MAIN.to_owned());
    let text = order_receipt(
        &utc(Language::PtBr),
        &order("completed"),
        &parties,
        Some(&wallet),
    )
    .unwrap()
    .to_text();
    for line in [
        "Pagador: Padaria Sol Ltda",
        "Para: BRLV na rede Base",
        "Para (favorecido salvo): Carteira fria",
        &format!("Para (carteira): {MAIN}"),
    ] {
        assert!(text.contains(line), "{line}:\n{text}");
    }
    // An order from the list: the service's record names no wallet, and
    // the receipt says so rather than leave the line out.
    for (language, line) in [
        (
            Language::En,
            "To (wallet): not in the service's order record; the app knows it only for orders \
             sent from this computer with this profile",
        ),
        (
            Language::PtBr,
            "Para (carteira): não consta no registro da ordem no serviço; o app só sabe a \
             carteira das ordens enviadas deste computador com este perfil",
        ),
    ] {
        let text = order_receipt(&utc(language), &order("completed"), &parties, None)
            .unwrap()
            .to_text();
        assert!(text.contains(line), "{language:?}:\n{text}");
    }

    let text = transfer_receipt(&utc(Language::En), &transfer("completed"), &parties)
        .unwrap()
        .to_text();
    assert!(text.contains("Payer: Padaria Sol Ltda"), "{text}");
}

#[test]
fn the_payer_and_recipient_reach_the_pdf_and_the_png() {
    let dir = tempfile::tempdir().unwrap();
    let (holder, recipients) = (holder(), recipients());
    let parties = Parties {
        payer: Some(&holder),
        recipients: &recipients,
    };
    for language in Language::ALL {
        let receipt = withdrawal_receipt(&utc(language), &pix_withdrawal(), &parties).unwrap();
        let path = dir.path().join(receipt.file_name(ReceiptFormat::Pdf));
        brlv_desk::app::receipt::write_receipt(&ReceiptRequest {
            receipt: receipt.clone(),
            format: ReceiptFormat::Pdf,
            path: path.clone(),
        })
        .unwrap();
        let shown = pdf_shown_strings(&std::fs::read(&path).unwrap());
        let lines = joined(&shown, b"\n");
        for needle in [
            "Padaria Sol Ltda",
            "11.222.333/0001-81",
            "Joana (fornecedora)",
            "jo***@example.com",
        ] {
            assert!(
                contains(&lines, &win_ansi(needle)),
                "{language:?} PDF shows {needle}"
            );
        }
        let path = dir.path().join(receipt.file_name(ReceiptFormat::Png));
        brlv_desk::app::receipt::write_receipt(&ReceiptRequest {
            receipt: receipt.clone(),
            format: ReceiptFormat::Png,
            path: path.clone(),
        })
        .unwrap();
        let described = png_description(&std::fs::read(&path).unwrap());
        assert!(described.contains("Padaria Sol Ltda"), "{described}");
        assert!(described.contains("Joana (fornecedora)"), "{described}");
    }
}

fn set_holder_commands(state: &AppState) -> Vec<(String, Option<AccountHolder>)> {
    state
        .pending_commands()
        .iter()
        .filter_map(|command| match command {
            Command::SetAccountHolder { profile, holder } => {
                Some((profile.clone(), holder.clone()))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn settings_keep_the_account_holder_only_with_a_valid_cpf_or_cnpj() {
    for (language, name, document, save, wrong) in [
        (
            Language::En,
            "Holder's name",
            "CPF or CNPJ",
            "Save holder",
            "The CNPJ check digits do not match",
        ),
        (
            Language::PtBr,
            "Nome do titular",
            "CPF ou CNPJ",
            "Salvar titular",
            "Os dígitos verificadores do CNPJ não conferem",
        ),
    ] {
        let mut state = connected_state(language);
        state.view = View::Settings;
        let mut harness = harness(state);
        settle(&mut harness);
        type_into(&mut harness, name, "Padaria Sol Ltda");
        type_into(&mut harness, document, "11.222.333/0001-80");
        harness.get_by_label(save).click();
        settle(&mut harness);
        harness.get_by_label_contains(wrong);
        assert!(set_holder_commands(harness.state()).is_empty());

        harness.state_mut().panels.settings.holder.document = "11.222.333/0001-81".to_owned();
        settle(&mut harness);
        harness.get_by_label(document);
        harness.get_by_label(save).click();
        settle(&mut harness);
        assert_eq!(
            set_holder_commands(harness.state()),
            vec![("Empresa".to_owned(), Some(holder()))]
        );
        assert!(harness.query_by_label_contains(wrong).is_none());
    }
}

/// Withdrawals, with the completed Pix withdrawal's detail open.
fn completed_withdrawal(language: Language) -> AppState {
    let mut state = connected_state(language);
    state.view = View::Withdrawals;
    deliver(
        &mut state,
        Fetched::Withdrawals(vec![pix_withdrawal()].into()),
        1_000,
    );
    state.panels.withdrawals.records.selected = Some(WITHDRAWAL_ID.parse().unwrap());
    state
}

#[test]
fn a_receipt_asks_for_the_payer_until_the_profile_names_one() {
    let mut harness = harness(completed_withdrawal(Language::En));
    settle(&mut harness);
    let note = "To have receipts name who pays, set the account holder's name and CPF or CNPJ in Settings.";
    harness.get_by_label("Save as PDF…");
    harness.get_by_label(note);

    let mut book = ProfileBook::default();
    book.upsert(Profile {
        name: "Empresa".to_owned(),
        base_url: "https://api.example.com".to_owned(),
    });
    book.holders.insert("Empresa".to_owned(), holder());
    harness.state_mut().apply(Event::ProfilesLoaded(book));
    settle(&mut harness);
    assert!(harness.query_by_label(note).is_none());
    assert_eq!(harness.state().shared.account_holder(), Some(&holder()));

    let harness = {
        let mut harness = harness_pt();
        settle(&mut harness);
        harness
    };
    harness.get_by_label(
        "Para os comprovantes mostrarem quem paga, informe o nome e o CPF ou CNPJ do titular da conta em Configurações.",
    );
}

fn harness_pt() -> egui_kittest::Harness<'static, AppState> {
    harness(completed_withdrawal(Language::PtBr))
}

#[test]
fn the_message_after_a_send_carries_the_id_and_opens_the_receipt() {
    for (language, open) in [
        (Language::En, "Open receipt"),
        (Language::PtBr, "Abrir comprovante"),
    ] {
        let mut state = completed_withdrawal(language);
        state.panels.withdrawals.records.selected = None;
        state.panels.withdrawals.submit = SubmitStatus::Finished(SubmitOutcome::Created {
            record: Created::Withdrawal(pix_withdrawal()),
            after_unknown: false,
        });
        let mut harness = harness(state);
        settle(&mut harness);
        harness.get_by_label(WITHDRAWAL_ID);
        harness.get_by_label(open).click();
        settle(&mut harness);
        assert_eq!(
            harness.state().panels.withdrawals.records.selected,
            Some(WITHDRAWAL_ID.parse().unwrap())
        );
    }
}

/// An order from the list, opened in the window: its receipt says the
/// service's record names no wallet, in both languages.
#[test]
fn an_order_from_the_list_says_its_receipt_has_no_wallet_from_the_service() {
    for (language, line) in [
        (
            Language::En,
            "To (wallet): not in the service's order record",
        ),
        (
            Language::PtBr,
            "Para (carteira): não consta no registro da ordem no serviço",
        ),
    ] {
        let mut state = crate::support::ui::connected_state(language);
        let completed = order("completed");
        let id = completed.id;
        crate::support::ui::deliver(
            &mut state,
            brlv_desk::app::resources::Fetched::Orders(vec![completed].into()),
            9_000,
        );
        state.view = brlv_desk::app::state::View::Orders;
        state.panels.orders.selected = Some(id);
        let mut harness = crate::support::ui::harness(state);
        crate::support::ui::settle(&mut harness);
        harness.get_by_label_contains(line);
    }
}
