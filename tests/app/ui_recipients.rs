//! Saved recipients, headless: picked in the withdrawal form (Pix and TED)
//! and the transfer form they fill its fields; "Save this recipient" after a
//! new address; the manager refuses a bad Pix key with the forms' own
//! message, renames and deletes; the list survives a restart through the
//! real worker's file, and a damaged file is reported, left untouched, and
//! set aside only when the person asks; the picker works from the keyboard.

use std::sync::Arc;

use egui_kittest::kittest::Queryable;

use brlv_core::api::model::{Asset, WithdrawalMethod};
use brlv_core::api::payout::{BankAccountType, TedAccount};
use brlv_core::recipients::{Destination, Recipient, RecipientBook};
use brlv_desk::app::features::recipients::message::{RecipientsCommand, RecipientsEvent};
use brlv_desk::app::features::recipients::state::FileStatus;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::{connected_state, deliver, harness, settle, type_into};
use crate::support::worker::{pump_until, worker};

const WALLET: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const OTHER_WALLET: &str = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";

fn maria() -> TedAccount {
    TedAccount {
        bank_code: "341".into(),
        branch: "0001".into(),
        account: "12345-6".into(),
        account_type: BankAccountType::Savings,
        document: "52998224725".into(),
        name: "Maria Silva".into(),
    }
}

fn book() -> RecipientBook {
    RecipientBook {
        recipients: vec![
            Recipient {
                name: "Aluguel".into(),
                destination: Destination::Pix {
                    key: "52998224725".into(),
                },
            },
            Recipient {
                name: "Maria (Itaú)".into(),
                destination: Destination::Ted(maria()),
            },
            Recipient {
                name: "Cold wallet".into(),
                destination: Destination::Wallet {
                    address: WALLET.into(),
                },
            },
        ],
    }
}

fn with_book(language: Language, view: View) -> AppState {
    let mut state = connected_state(language);
    state.view = view;
    state.apply(Event::Recipients(RecipientsEvent::Loaded(Ok(book()))));
    state
}

/// The books the state asked the worker to write.
fn saves(state: &mut AppState) -> Vec<(RecipientBook, bool)> {
    state
        .take_commands()
        .into_iter()
        .filter_map(|command| match command {
            Command::Recipients(RecipientsCommand::Save {
                book,
                set_aside_damaged,
                ..
            }) => Some((book, set_aside_damaged)),
            _ => None,
        })
        .collect()
}

fn pick(harness: &mut egui_kittest::Harness<'static, AppState>, line: &str) {
    harness.get_by_label("Saved recipients").click();
    settle(harness);
    harness.get_by_label(line).click();
    settle(harness);
}

#[test]
fn a_saved_pix_key_and_a_saved_bank_account_fill_the_withdrawal_form() {
    let mut harness = harness(with_book(Language::En, View::Withdrawals));
    settle(&mut harness);
    pick(&mut harness, "Aluguel — ***.982.247-**");
    let draft = &harness.state().panels.withdrawals.draft;
    assert_eq!(draft.method, WithdrawalMethod::Pix);
    assert_eq!(draft.pix_key, "52998224725");
    harness.get_by_label("Recognised as CPF: 52998224725");

    pick(
        &mut harness,
        "Maria (Itaú) — Itaú Unibanco (341) 0001 / 12345-6 · Maria Silva",
    );
    let draft = harness.state().panels.withdrawals.draft.clone();
    assert_eq!(draft.method, WithdrawalMethod::Ted);
    assert_eq!(draft.asset, Asset::FiatBrl);
    assert_eq!(draft.ted.bank_code, "341");
    assert_eq!(draft.ted.account, "12345-6");
    assert_eq!(draft.ted.account_type, BankAccountType::Savings);
    type_into(&mut harness, "Amount to withdraw", "100");
    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    let confirming = harness
        .state()
        .panels
        .withdrawals
        .confirming
        .clone()
        .unwrap();
    assert_eq!(confirming.ted_account, Some(maria()));
    // Saved already: nothing to offer.
    assert!(harness.query_by_label("Save this recipient").is_none());
}

#[test]
fn a_saved_wallet_fills_the_transfer_target_and_a_new_one_can_be_saved() {
    let mut state = with_book(Language::En, View::Transfers);
    let wallets = serde_json::from_value::<Vec<_>>(serde_json::json!([
        {"name": "Main", "address": OTHER_WALLET, "assets": ["eth-base/brlv"]},
    ]))
    .unwrap();
    deliver(&mut state, Fetched::Wallets(wallets.into()), 1_000);
    let mut harness = harness(state);
    settle(&mut harness);
    // Only wallets are offered for a transfer's target.
    harness.get_by_label("Saved recipients").click();
    settle(&mut harness);
    assert!(harness.query_by_label("Aluguel — ***.982.247-**").is_none());
    harness
        .get_by_label(&format!("Cold wallet — {WALLET}"))
        .click();
    settle(&mut harness);
    assert_eq!(harness.state().panels.transfers.draft.target, WALLET);

    harness.state_mut().panels.transfers.draft.target = OTHER_WALLET.to_lowercase();
    settle(&mut harness);
    harness.get_by_label("Save this recipient").click();
    settle(&mut harness);
    type_into(&mut harness, "Recipient name", "cold WALLET");
    harness.get_by_label("A saved recipient is already called \"cold WALLET\".");
    *harness
        .state_mut()
        .panels
        .transfers
        .recipient_offer
        .as_mut()
        .unwrap() = "Exchange".into();
    settle(&mut harness);
    harness.get_by_label("Save recipient").click();
    settle(&mut harness);
    let saved = saves(harness.state_mut());
    assert_eq!(saved.len(), 1);
    let last = saved[0].0.recipients.last().unwrap().clone();
    assert_eq!(last.name, "Exchange");
    assert_eq!(
        last.destination,
        Destination::Wallet {
            address: OTHER_WALLET.to_lowercase()
        }
    );
    assert!(harness.query_by_label("Save this recipient").is_none());
}

#[test]
fn the_manager_refuses_a_bad_pix_key_and_adds_renames_and_deletes() {
    let mut harness = harness(with_book(Language::PtBr, View::Settings));
    settle(&mut harness);
    type_into(&mut harness, "Nome do favorecido", "Luz");
    type_into(&mut harness, "Chave Pix do favorecido", "529.982.247-26");
    harness.get_by_label_contains("dígitos verificadores do CPF");
    harness.get_by_label("Adicionar favorecido").click();
    settle(&mut harness);
    assert_eq!(harness.state().shared.recipients.len(), 3);
    assert!(saves(harness.state_mut()).is_empty());

    harness.state_mut().panels.recipients.draft.pix_key = "luz@example.com".into();
    settle(&mut harness);
    harness.get_by_label("Adicionar favorecido").click();
    settle(&mut harness);
    let saved = saves(harness.state_mut());
    assert_eq!(saved.len(), 1);
    assert_eq!(
        saved[0].0.recipients[3],
        Recipient {
            name: "Luz".into(),
            destination: Destination::Pix {
                key: "luz@example.com".into()
            }
        }
    );

    harness.get_by_label("Renomear Aluguel").click();
    settle(&mut harness);
    let field = harness.get_by_label("Novo nome para Aluguel");
    field.focus();
    field.type_text(" da casa");
    settle(&mut harness);
    harness.get_by_label("Salvar nome").click();
    settle(&mut harness);
    assert_eq!(harness.state().shared.recipients[0].name, "Aluguel da casa");

    harness.get_by_label("Excluir Luz").click();
    settle(&mut harness);
    harness.get_by_label("Excluir Luz?");
    harness.get_by_label("Sim, excluir").click();
    settle(&mut harness);
    let saved = saves(harness.state_mut());
    let names: Vec<&str> = saved
        .last()
        .unwrap()
        .0
        .recipients
        .iter()
        .map(|recipient| recipient.name.as_str())
        .collect();
    assert_eq!(names, ["Aluguel da casa", "Maria (Itaú)", "Cold wallet"]);
}

#[test]
fn the_list_survives_a_restart_through_the_workers_file() {
    let dir = tempfile::tempdir().unwrap();
    let profiles = dir.path().join("profiles.json");
    let store = Arc::new(brlv_core::keystore::MemoryStore::default());

    let mut state = AppState::new(Language::En);
    state.push(Command::Recipients(RecipientsCommand::Load));
    let first = worker(store.clone(), profiles.clone());
    pump_until(&first, &mut state, "the empty list", |state| {
        state.panels.recipients.file == FileStatus::Ready
    });
    assert!(state.shared.recipients.is_empty());
    for recipient in book().recipients {
        save_recipient(&mut state, recipient);
    }
    let path = RecipientBook::path_beside(&profiles);
    pump_until(&first, &mut state, "the saves", |_| {
        RecipientBook::load(&path).is_ok_and(|saved| saved == book())
    });
    drop(first);

    let mut restarted = AppState::new(Language::En);
    restarted.push(Command::Recipients(RecipientsCommand::Load));
    let second = worker(store, profiles);
    pump_until(&second, &mut restarted, "the list read back", |state| {
        state.panels.recipients.file == FileStatus::Ready
    });
    assert_eq!(restarted.shared.recipients, book().recipients);
}

#[test]
fn a_damaged_file_is_reported_kept_and_set_aside_only_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let profiles = dir.path().join("profiles.json");
    let path = RecipientBook::path_beside(&profiles);
    std::fs::write(&path, "[{\"name\": \"half a fi").unwrap();
    let store = Arc::new(brlv_core::keystore::MemoryStore::default());
    let worker = worker(store, profiles);

    let mut state = connected_state(Language::En);
    state.view = View::Settings;
    state.push(Command::Recipients(RecipientsCommand::Load));
    pump_until(&worker, &mut state, "the file read", |state| {
        matches!(state.panels.recipients.file, FileStatus::Damaged(_))
    });
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains("The saved recipients could not be read");
    harness.get_by_label(
        "No saved recipients yet. Add one below, or use \"Save this recipient\" in a form.",
    );

    // Added for the run, never written over the damaged file.
    save_recipient(harness.state_mut(), book().recipients[0].clone());
    assert!(saves(harness.state_mut()).is_empty());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "[{\"name\": \"half a fi"
    );

    harness
        .get_by_label("Set the damaged file aside and start a new list")
        .click();
    settle(&mut harness);
    let mut state = std::mem::replace(harness.state_mut(), AppState::new(Language::En));
    pump_until(&worker, &mut state, "the damaged file set aside", |state| {
        state.panels.recipients.set_aside_to.is_some()
    });
    let moved = state.panels.recipients.set_aside_to.clone().unwrap();
    assert_eq!(
        std::fs::read_to_string(moved).unwrap(),
        "[{\"name\": \"half a fi"
    );
    assert_eq!(
        RecipientBook::load(&path).unwrap().recipients,
        vec![book().recipients[0].clone()]
    );
    assert_eq!(state.panels.recipients.file, FileStatus::Ready);
}

#[test]
fn a_saved_wallet_fills_an_orders_receiving_wallet() {
    let mut state = with_book(Language::En, View::Orders);
    deliver(&mut state, Fetched::Orders(vec![].into()), 1_000);
    state.panels.orders.form.open = true;
    state.panels.orders.form.quote_draft.amount = "250.00".to_owned();
    let mut harness = harness(state);
    settle(&mut harness);
    pick(&mut harness, &format!("Cold wallet — {WALLET}"));
    assert_eq!(
        harness.state().panels.orders.form.order_draft.target_wallet,
        WALLET
    );
}

#[test]
fn a_saved_recipient_is_picked_with_the_keyboard_alone() {
    let mut harness = harness(with_book(Language::En, View::Transfers));
    settle(&mut harness);
    harness.get_by_label("Saved recipients").focus();
    settle(&mut harness);
    harness.key_press(egui::Key::Space);
    settle(&mut harness);
    let line = format!("Cold wallet — {WALLET}");
    assert!(harness.query_by_label(&line).is_some(), "the list opened");
    harness.key_press(egui::Key::Tab);
    settle(&mut harness);
    harness.key_press(egui::Key::Enter);
    settle(&mut harness);
    assert_eq!(harness.state().panels.transfers.draft.target, WALLET);
}

/// A recipient saved as a form's "Save this recipient" asks for it.
fn save_recipient(state: &mut AppState, recipient: brlv_core::recipients::Recipient) {
    let mut out = brlv_desk::app::panel::Outbox::default();
    out.ask(brlv_desk::app::panel::Ask::SaveRecipient(recipient));
    state.answer(out);
}

/// Two saved recipients whose names differ only by a Cyrillic letter are
/// each marked in the manager, in both languages; the others are not.
#[test]
fn recipients_whose_names_look_alike_are_marked() {
    for (language, mark) in [
        (Language::En, "looks like another recipient's name"),
        (Language::PtBr, "parece o nome de outro destinatário"),
    ] {
        let mut state = connected_state(language);
        state.view = View::Settings;
        let mut look_alike = book();
        look_alike.recipients.push(Recipient {
            // A Cyrillic "А" (U+0410) in place of the Latin "A".
            name: "\u{410}luguel".into(),
            destination: Destination::Pix {
                key: "other@example.com".into(),
            },
        });
        state.apply(Event::Recipients(RecipientsEvent::Loaded(Ok(look_alike))));
        let mut harness = harness(state);
        settle(&mut harness);
        harness.get_by_label(&format!("Aluguel ({mark})"));
        harness.get_by_label(&format!("\u{410}luguel ({mark})"));
        assert!(
            harness
                .query_by_label(&format!("Cold wallet ({mark})"))
                .is_none()
        );
    }
}
