//! The outflow question at the moment of sending, headless: a transfer's
//! review and a token withdrawal's confirmation ask, in one line that never
//! blocks, what the tokens are for when they go to an address that is not
//! the account's; the answer is kept in the journal under the record the
//! service creates, and the Taxes ledger reads that outflow so once the
//! service lists it. Unanswered, nothing is kept (the outflow counts as a
//! payment, flagged); a move between the account's wallets asks nothing.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use brlv_core::api::model::{Asset, CreateWithdrawal, Transfer, Withdrawal};
use brlv_core::recipients::{Destination, Recipient};
use brlv_core::tax::{EntryKind, OutflowAnswer, TaxInput};
use brlv_desk::app::features::journal::message::JournalEvent;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::{Created, FormKind, SubmitOutcome, SubmitRequest};

use crate::support::ui::{
    SESSION, Sent, confirm_plain_key, connected_without_payments, dec, deliver, harness, sent,
    settle,
};

const MAIN: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const SAVINGS: &str = "0x1111111111111111111111111111111111111111";
const SUPPLIER: &str = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
const TRANSFER_ID: &str = "7d1f0c52-0000-4000-8000-000000000001";
const WITHDRAWAL_ID: &str = "7d1f0c52-0000-4000-8000-000000000002";

fn wallets() -> Fetched {
    Fetched::Wallets(
        vec![
            serde_json::from_value(serde_json::json!({
                "name": "Main wallet", "address": MAIN, "assets": ["eth-base/brlv"]
            }))
            .unwrap(),
            serde_json::from_value(serde_json::json!({
                "name": "Savings", "address": SAVINGS, "assets": ["eth-base/brlv"]
            }))
            .unwrap(),
        ]
        .into(),
    )
}

/// The transfer form filled with 40 BRLV from the main wallet to `target`.
fn transfer_review(language: Language, target: &str) -> Harness<'static, AppState> {
    let mut state = connected_without_payments(language);
    state.view = View::Transfers;
    deliver(&mut state, wallets(), 1_000);
    deliver(&mut state, Fetched::BalanceBrlv(dec("100")), 1_000);
    state.shared.recipients.push(Recipient {
        name: "Supplier".to_owned(),
        destination: Destination::Wallet {
            address: SUPPLIER.to_owned(),
        },
    });
    state.panels.transfers.draft.source = MAIN.to_owned();
    state.panels.transfers.draft.target = target.to_owned();
    state.panels.transfers.draft.amount = "40".to_owned();
    let mut harness = harness(state);
    settle(&mut harness);
    let send = match language {
        Language::PtBr => "Enviar transferência",
        _ => "Send transfer",
    };
    harness.get_by_label(send).click();
    settle(&mut harness);
    harness
}

fn created_transfer() -> Transfer {
    serde_json::from_value(serde_json::json!({
        "id": TRANSFER_ID, "asset": "eth-base/brlv", "amount": "40",
        "source-address": MAIN, "target-address": SUPPLIER, "state": "completed",
        "created-at": "2026-03-10T15:00:00Z", "state-updated-at": "2026-03-10T15:00:30Z",
    }))
    .unwrap()
}

use crate::support::ui::kept_tax_inputs as kept;

#[test]
fn a_transfer_to_a_supplier_asks_what_it_is_and_the_answer_reaches_the_taxes_ledger() {
    let mut harness = transfer_review(Language::En, SUPPLIER);
    harness.get_by_label("Check the details");
    harness.get_by_label("For taxes, these tokens are:");
    harness.get_by_label_contains("Unanswered, they count as a payment");
    // Never blocking: confirm stays open whatever is answered.
    assert!(
        !harness
            .get_by_label("Confirm")
            .accesskit_node()
            .is_disabled()
    );
    harness
        .get_by_label("For taxes, these tokens are: To my own wallet elsewhere")
        .click();
    settle(&mut harness);
    let own = harness.get_by_label("For taxes, these tokens are: To my own wallet elsewhere");
    assert_eq!(
        own.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
    assert!(
        harness
            .query_by_label_contains("Unanswered, they count as a payment")
            .is_none()
    );
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    confirm_plain_key(&mut harness);
    assert_eq!(
        sent(harness.state_mut()),
        vec![Sent::Submit(SubmitRequest::Transfer(
            brlv_core::api::model::CreateTransfer {
                source_address: MAIN.to_owned(),
                asset: Asset::EthBaseBrlv,
                amount: dec("40"),
                target_address: SUPPLIER.to_owned(),
            }
        ))]
    );
    assert!(
        kept(harness.state_mut()).is_empty(),
        "no record yet: nothing kept"
    );

    // The service names the record: the answer is kept under its id.
    let state = harness.state_mut();
    state.apply(Event::Submitted {
        session: SESSION,
        form: FormKind::Transfer,
        outcome: SubmitOutcome::Created {
            record: Created::Transfer(created_transfer()),
            after_unknown: false,
        },
    });
    let record = TRANSFER_ID.parse().unwrap();
    let input = TaxInput::OutflowAnswer {
        record,
        answer: Some(OutflowAnswer::OwnWallet),
    };
    assert_eq!(kept(state), vec![input.clone()]);

    // Kept by the journal and listed by the service: the ledger reads it so.
    state.apply(Event::Journal(JournalEvent::TaxInputKept {
        session: SESSION,
        input,
    }));
    deliver(
        state,
        Fetched::Transfers(vec![created_transfer()].into()),
        2_000,
    );
    deliver(state, Fetched::Orders(vec![].into()), 2_000);
    deliver(state, Fetched::Withdrawals(vec![].into()), 2_000);
    state.shared.wall_now = time::macros::datetime!(2026-03-11 12:00 UTC);
    let ctx = egui::Context::default();
    let (figures, _) = state.tax_figures(&ctx);
    let entry = figures
        .ledger
        .entries
        .iter()
        .find(|entry| figures.sources.record_id(entry.record) == Some(record))
        .expect("the transfer's entry");
    assert_eq!(entry.kind, EntryKind::ToOwnWallet);
    assert_eq!(entry.kind.outflow_answer(), Some(OutflowAnswer::OwnWallet));

    // The next review starts unanswered.
    assert_eq!(state.panels.transfers.outflow.answer, None);
}

/// The answer leaves with the transfer's POST, for the journal to keep
/// beside it: when the service's answer is lost and the outcome stays
/// unknown, the form has no record to keep it under, and the journal's
/// settling takes it to the record (see `journal.rs`).
#[test]
fn the_answer_leaves_with_the_transfers_post_and_survives_an_unknown_outcome() {
    let mut harness = transfer_review(Language::En, SUPPLIER);
    harness
        .get_by_label("For taxes, these tokens are: To my own wallet elsewhere")
        .click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    confirm_plain_key(&mut harness);
    let answers: Vec<Option<OutflowAnswer>> = harness
        .state()
        .pending_commands()
        .iter()
        .filter_map(|command| match command {
            Command::Submit { outflow_answer, .. } => Some(*outflow_answer),
            _ => None,
        })
        .collect();
    assert_eq!(answers, vec![Some(OutflowAnswer::OwnWallet)]);
    let state = harness.state_mut();
    let _ = state.take_commands();
    state.apply(Event::Submitted {
        session: SESSION,
        form: FormKind::Transfer,
        outcome: SubmitOutcome::Unknown {
            error: brlv_core::api::Error::Timeout {
                after: std::time::Duration::from_secs(30),
            },
            reread: None,
        },
    });
    assert!(
        kept(state).is_empty(),
        "no record named: the journal keeps the answer with the POST"
    );
    // Settled at the next start as done, the journal tells the answer kept
    // under the service's id; the Taxes inputs hold it.
    let record = TRANSFER_ID.parse().unwrap();
    state.apply(Event::Journal(JournalEvent::TaxInputKept {
        session: SESSION,
        input: TaxInput::OutflowAnswer {
            record,
            answer: Some(OutflowAnswer::OwnWallet),
        },
    }));
    assert_eq!(
        state.panels.taxes.inputs.typed.outflow_answer(&record),
        Some(OutflowAnswer::OwnWallet)
    );
}

#[test]
fn unanswered_nothing_is_kept_and_back_drops_the_answer() {
    let mut harness = transfer_review(Language::En, SUPPLIER);
    harness
        .get_by_label("For taxes, these tokens are: A gift")
        .click();
    settle(&mut harness);
    assert_eq!(
        harness.state().panels.transfers.outflow.answer,
        Some(OutflowAnswer::Gift)
    );
    // Back to the form: the destination may change, so the answer goes.
    harness.get_by_label("Back").click();
    settle(&mut harness);
    assert_eq!(harness.state().panels.transfers.outflow.answer, None);
    harness.get_by_label("Send transfer").click();
    settle(&mut harness);
    harness.get_by_label_contains("Unanswered, they count as a payment");
    let state = harness.state_mut();
    let _ = state.take_commands();
    state.apply(Event::Submitted {
        session: SESSION,
        form: FormKind::Transfer,
        outcome: SubmitOutcome::Created {
            record: Created::Transfer(created_transfer()),
            after_unknown: false,
        },
    });
    assert!(
        kept(state).is_empty(),
        "unanswered: counted as a payment, flagged in Taxes"
    );
}

#[test]
fn a_move_between_the_accounts_wallets_asks_nothing() {
    let harness = transfer_review(Language::En, SAVINGS);
    harness.get_by_label("Check the details");
    assert!(
        harness
            .query_by_label("For taxes, these tokens are:")
            .is_none()
    );
}

#[test]
fn the_question_speaks_brazilian_portuguese() {
    let harness = transfer_review(Language::PtBr, SUPPLIER);
    harness.get_by_label("Para o imposto, estes tokens são:");
    harness.get_by_label("Para o imposto, estes tokens são: Pagamento ou venda");
    harness.get_by_label("Para o imposto, estes tokens são: Para minha própria carteira");
    harness.get_by_label("Para o imposto, estes tokens são: Doação");
    harness.get_by_label_contains("Sem resposta, contam como pagamento");
}

/// The Withdrawals panel with `request` under confirmation.
fn withdrawal_confirmation(request: CreateWithdrawal) -> Harness<'static, AppState> {
    let mut state = connected_without_payments(Language::En);
    state.view = View::Withdrawals;
    deliver(&mut state, wallets(), 1_000);
    deliver(&mut state, Fetched::Withdrawals(vec![].into()), 1_000);
    state.panels.withdrawals.confirming = Some(request);
    let mut harness = harness(state);
    settle(&mut harness);
    harness
}

#[test]
fn a_token_withdrawal_asks_too_and_keeps_the_answer_under_its_id() {
    let mut harness = withdrawal_confirmation(CreateWithdrawal::token(
        Asset::EthBaseUsdc,
        dec("250"),
        SUPPLIER.to_owned(),
    ));
    harness.get_by_label("For taxes, these tokens are:");
    // By keyboard: the answer is focused and pressed.
    let payment = harness.get_by_label("For taxes, these tokens are: A payment or sale");
    payment.focus();
    harness.run_steps(1);
    harness.key_press(egui::Key::Space);
    settle(&mut harness);
    assert_eq!(
        harness.state().panels.withdrawals.outflow.answer,
        Some(OutflowAnswer::Payment)
    );
    let withdrawal: Withdrawal = serde_json::from_value(serde_json::json!({
        "id": WITHDRAWAL_ID, "asset": "eth-base/usdc", "amount": "250", "method": "token",
        "state": "created", "created-at": "2026-03-10T15:00:00Z",
    }))
    .unwrap();
    let state = harness.state_mut();
    let _ = state.take_commands();
    state.apply(Event::Submitted {
        session: SESSION,
        form: FormKind::Withdrawal,
        outcome: SubmitOutcome::Created {
            record: Created::Withdrawal(withdrawal),
            after_unknown: false,
        },
    });
    assert_eq!(
        kept(state),
        vec![TaxInput::OutflowAnswer {
            record: WITHDRAWAL_ID.parse().unwrap(),
            answer: Some(OutflowAnswer::Payment),
        }]
    );
}

#[test]
fn a_pix_withdrawal_asks_nothing() {
    let harness =
        withdrawal_confirmation(CreateWithdrawal::pix(dec("250"), "52998224725".to_owned()));
    assert!(
        harness
            .query_by_label("For taxes, these tokens are:")
            .is_none()
    );
}
