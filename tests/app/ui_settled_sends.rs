//! Sends an earlier run left without an answer, as the window tells them
//! once they are settled at start: listed in the journal's section of
//! Settings (reached from their notice), each with its verdict and what to
//! do; the record found in its list marked on its row; for one not done,
//! "Send again…" fills its form exactly as it was sent and nothing leaves
//! until it is reviewed and authorized; for one that cannot be told, no
//! resend at all. Headless, with egui_kittest.

use egui::accesskit::Role;
use egui_kittest::kittest::{By, NodeT, Queryable};
use time::macros::datetime;
use uuid::Uuid;

use brlv_core::api::model::{Asset, CreateTransfer, CreateWithdrawal, WithdrawalMethod};
use brlv_core::api::payout::{BankAccountType, TedAccount};
use std::collections::BTreeMap;

use brlv_desk::app::features::journal::message::{
    JournalCommand, JournalEvent, SendOutcome, SettledSend,
};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::{Created, FormKind, SubmitOutcome, SubmitRequest};

use crate::support::ui::{
    SESSION, confirm_plain_key, connected_without_payments, dec, deliver, harness,
    only_the_right_passphrase_sends, seal_session, settle,
};

const FOUND: &str = "9c2f0c52-0000-4000-8000-0000000000aa";

fn ted_withdrawal() -> CreateWithdrawal {
    CreateWithdrawal::ted(
        dec("1234.56"),
        TedAccount {
            bank_code: "341".into(),
            branch: "1234".into(),
            account: "12345-6".into(),
            account_type: BankAccountType::Savings,
            document: "52998224725".into(),
            name: "Maria da Silva".into(),
        },
    )
}

fn pix_withdrawal(amount: &str) -> CreateWithdrawal {
    CreateWithdrawal {
        asset: Asset::FiatBrl,
        method: WithdrawalMethod::Pix,
        amount: dec(amount),
        pix_key: Some("ana@example.com".into()),
        ted_account: None,
        target_address: None,
    }
}

fn transfer() -> CreateTransfer {
    CreateTransfer {
        source_address: "0x1111111111111111111111111111111111111111".into(),
        asset: Asset::EthBaseBrlv,
        amount: dec("1234.5"),
        target_address: "0x2222222222222222222222222222222222222222".into(),
    }
}

/// A send as the worker tells it, its body as the journal kept it.
fn told(n: u128, form: &str, endpoint: &str, body: String, outcome: SendOutcome) -> SettledSend {
    SettledSend {
        post_id: Uuid::from_u128(n),
        form: form.into(),
        sent_at: datetime!(2026-11-20 14:03:07 UTC) + time::Duration::minutes(n as i64),
        endpoint: endpoint.into(),
        body,
        outcome,
    }
}

fn withdrawal(n: u128, request: &CreateWithdrawal, outcome: SendOutcome) -> SettledSend {
    told(
        n,
        "withdrawal",
        "/api/v0/withdrawals",
        serde_json::to_string(request).unwrap(),
        outcome,
    )
}

fn settled(state: &mut AppState, sends: Vec<SettledSend>) {
    state.apply(Event::Journal(JournalEvent::Settled {
        session: SESSION,
        sends,
    }));
}

fn submits(state: &AppState) -> usize {
    state
        .pending_commands()
        .iter()
        .filter(|command| matches!(command, Command::Submit { .. }))
        .count()
}

/// One of each verdict: done (found in the list), not done (a TED),
/// cannot tell (a Pix), and still pending (a transfer).
fn one_of_each(state: &mut AppState) {
    settled(
        state,
        vec![
            withdrawal(1, &pix_withdrawal("12.34"), SendOutcome::Done(FOUND.into())),
            withdrawal(2, &ted_withdrawal(), SendOutcome::NotDone),
            withdrawal(
                3,
                &pix_withdrawal("56.78"),
                SendOutcome::CannotTell(Vec::new()),
            ),
            told(
                4,
                "transfer",
                "/api/v0/transfers",
                serde_json::to_string(&transfer()).unwrap(),
                SendOutcome::Pending,
            ),
        ],
    );
}

fn send_again_buttons(harness: &egui_kittest::Harness<'static, AppState>, text: &str) -> usize {
    harness
        .query_all(By::new().role(Role::Button).label_contains(text))
        .count()
}

#[test]
fn every_send_left_without_an_answer_is_listed_with_its_verdict_and_what_to_do() {
    let mut state = connected_without_payments(Language::En);
    state.view = View::Overview;
    one_of_each(&mut state);
    let mut harness = harness(state);
    settle(&mut harness);
    // Told at once, on whatever screen is open, each with the way to the list.
    harness.get_by_label_contains(&format!("was applied: the service holds it ({FOUND})"));
    let ways = harness
        .query_all(By::new().role(Role::Button).label("Show what to do"))
        .count();
    assert_eq!(ways, 4, "each notice leads to the list");
    harness
        .query_all(By::new().role(Role::Button).label("Show what to do"))
        .next()
        .unwrap()
        .click();
    settle(&mut harness);
    assert_eq!(harness.state().view, View::Settings);

    harness.get_by_label("Sends left without an answer");
    let verdicts = [
        "was applied: the service holds it",
        "was not applied: nothing left",
        "cannot be told",
        "has no answer yet",
    ];
    for verdict in verdicts {
        // The notice and the list both say it.
        assert!(
            harness.query_all_by_label_contains(verdict).count() >= 2,
            "{verdict}"
        );
    }
    // What each asks of the person.
    harness.get_by_label_contains("“Send again…” fills its form exactly as it was sent");
    harness.get_by_label_contains("the service's v0 has no idempotency key");
    harness.get_by_label_contains("What to do: wait.");
    // One resend only, for the one not done, named after what it sends.
    assert_eq!(send_again_buttons(&harness, "Send again…"), 1);
    harness.get(By::new().role(Role::Button).label(
        "Send again… R$1,234.56 · TED to Itaú Unibanco (341), branch 1234, account \
             12345-6 (savings), Maria da Silva, 529.982.247-25",
    ));
    assert_eq!(submits(harness.state()), 0, "telling sends nothing");

    // The one found is marked on its row of the Withdrawals list.
    let rows = serde_json::from_value::<Vec<_>>(serde_json::json!([
        {"id": FOUND, "state": "pending-payment", "asset": "fiat/brl", "method": "pix",
         "amount": "12.34", "created-at": "2026-11-20T14:04:09Z", "pix-key": "ana@example.com"},
        {"id": "9c2f0c52-0000-4000-8000-0000000000bb", "state": "completed", "asset": "fiat/brl",
         "method": "pix", "amount": "1.00", "created-at": "2026-11-19T10:00:00Z"},
    ]))
    .unwrap();
    deliver(
        harness.state_mut(),
        Fetched::Withdrawals(rows.into()),
        1_000,
    );
    harness.state_mut().view = View::Withdrawals;
    settle(&mut harness);
    let marked: Vec<String> = harness
        .query_all_by_label_contains("answer lost, found after a restart")
        .map(|node| node.accesskit_node().label().unwrap_or_default().to_owned())
        .collect();
    assert!(!marked.is_empty(), "its row is marked");
    assert!(
        marked
            .iter()
            .all(|label| !label.contains("1.00") && !label.contains("Completed")),
        "only its row: {marked:?}"
    );
}

#[test]
fn send_again_fills_the_form_as_sent_and_nothing_leaves_until_reviewed_and_authorized() {
    let mut state = connected_without_payments(Language::En);
    seal_session(&mut state);
    state.view = View::Settings;
    // Something typed in the form before is replaced, not mixed in.
    state.panels.withdrawals.draft.amount = "5.00".into();
    one_of_each(&mut state);
    let mut harness = harness(state);
    settle(&mut harness);
    harness
        .get(By::new().role(Role::Button).label_contains("Send again…"))
        .click();
    settle(&mut harness);

    let state = harness.state();
    assert_eq!(state.view, View::Withdrawals);
    assert_eq!(state.panels.withdrawals.draft.method, WithdrawalMethod::Ted);
    assert_eq!(state.panels.withdrawals.draft.amount, "1,234.56");
    assert_eq!(
        state.panels.withdrawals.draft.validate(),
        Ok(ted_withdrawal()),
        "exactly as it was sent"
    );
    assert!(
        state.panels.withdrawals.confirming.is_none(),
        "the form, not sent"
    );
    assert_eq!(submits(state), 0, "nothing leaves on filling");

    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    harness.get_by_label("R$1,234.56");
    assert_eq!(submits(harness.state()), 0, "nothing leaves on review");
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    only_the_right_passphrase_sends(&mut harness, SubmitRequest::Withdrawal(ted_withdrawal()));
}

#[test]
fn a_transfer_not_done_fills_its_form_in_portuguese_amounts() {
    let mut state = connected_without_payments(Language::PtBr);
    state.view = View::Settings;
    settled(
        &mut state,
        vec![told(
            7,
            "transfer",
            "/api/v0/transfers",
            serde_json::to_string(&transfer()).unwrap(),
            SendOutcome::NotDone,
        )],
    );
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Envios que ficaram sem resposta");
    harness
        .get(
            By::new()
                .role(Role::Button)
                .label_contains("Enviar de novo…"),
        )
        .click();
    settle(&mut harness);
    let state = harness.state();
    assert_eq!(state.view, View::Transfers);
    assert_eq!(
        state.panels.transfers.draft.amount,
        "1.234,500000000000000000"
    );
    assert_eq!(state.panels.transfers.draft.validate(), Ok(transfer()));
    assert!(state.panels.transfers.reviewing.is_none());
    assert_eq!(submits(state), 0);
}

#[test]
fn what_cannot_be_told_offers_no_resend_and_says_what_to_do_in_both_languages() {
    for (language, send_again, what_to_do) in [
        (
            Language::En,
            "Send again…",
            "Make it again only if it is in neither. No “send again” is offered: the \
             service's v0 has no idempotency key",
        ),
        (
            Language::PtBr,
            "Enviar de novo…",
            "Só faça de novo se ele não estiver em nenhum dos dois. Não há “enviar de \
             novo”: a versão v0 do serviço não tem chave de idempotência",
        ),
    ] {
        let mut state = connected_without_payments(language);
        state.view = View::Settings;
        settled(
            &mut state,
            vec![
                withdrawal(
                    3,
                    &pix_withdrawal("56.78"),
                    SendOutcome::CannotTell(Vec::new()),
                ),
                withdrawal(5, &pix_withdrawal("9.99"), SendOutcome::Pending),
            ],
        );
        let mut harness = harness(state);
        settle(&mut harness);
        harness.get_by_label_contains(what_to_do);
        assert_eq!(
            send_again_buttons(&harness, send_again),
            0,
            "never a blind resend ({language:?})"
        );
        assert_eq!(submits(harness.state()), 0);
    }
}

#[test]
fn the_keyboard_goes_from_the_notice_to_send_again_and_into_the_form() {
    let mut state = connected_without_payments(Language::En);
    state.view = View::Orders;
    settled(
        &mut state,
        vec![withdrawal(
            2,
            &pix_withdrawal("90.12"),
            SendOutcome::NotDone,
        )],
    );
    let mut harness = harness(state);
    settle(&mut harness);
    harness
        .get(By::new().role(Role::Button).label("Show what to do"))
        .focus();
    settle(&mut harness);
    harness.key_press(egui::Key::Enter);
    settle(&mut harness);
    assert_eq!(harness.state().view, View::Settings);
    // The focus waits on the resend, named after what it sends.
    let button = harness.get(
        By::new()
            .role(Role::Button)
            .label("Send again… R$90.12 · Pix key (e-mail) ana@example.com"),
    );
    assert!(button.is_focused(), "the focus is on Send again…");
    harness.key_press(egui::Key::Enter);
    settle(&mut harness);
    let state = harness.state();
    assert_eq!(state.view, View::Withdrawals);
    assert_eq!(
        state.panels.withdrawals.draft.validate(),
        Ok(pix_withdrawal("90.12"))
    );
    assert_eq!(submits(state), 0);
}

#[test]
fn another_connection_forgets_what_was_told_of_the_last() {
    let mut state = connected_without_payments(Language::En);
    one_of_each(&mut state);
    assert_eq!(state.panels.journal.settled.len(), 4);
    // The same send told again (a reconnection) is listed once.
    settled(
        &mut state,
        vec![withdrawal(2, &ted_withdrawal(), SendOutcome::NotDone)],
    );
    assert_eq!(state.panels.journal.settled.len(), 4);
    state.apply(Event::SessionStarted(
        brlv_desk::app::session::SessionInfo {
            id: SESSION + 1,
            profile: brlv_core::profile::Profile {
                name: "Outra".into(),
                base_url: "https://api.example.com".into(),
            },
            kind: brlv_desk::app::session::ProfileKind::Saved,
            sealed: false,
            route: Default::default(),
        },
    ));
    assert!(state.panels.journal.settled.is_empty());
    assert!(state.panels.withdrawals.found_after_restart.is_empty());
}

#[test]
fn an_order_found_after_a_restart_is_marked_on_its_row_of_the_orders_list() {
    const ORDER: &str = "5b0d1a9e-0000-4000-8000-0000000000cc";
    let mut state = connected_without_payments(Language::En);
    settled(
        &mut state,
        vec![told(
            9,
            "order",
            "/api/v0/orders",
            r#"{"quote-id":"00000000-0000-4000-8000-000000000001"}"#.to_owned(),
            SendOutcome::Done(ORDER.to_owned()),
        )],
    );
    let rows = serde_json::from_value::<Vec<_>>(serde_json::json!([
        {"id": ORDER, "state": "awaiting-payment", "source-asset": "fiat/brl",
         "target-asset": "eth-base/brlv", "source-amount": "250.00", "target-amount": "248.75",
         "created-at": "2026-11-20T14:04:09Z"},
        {"id": "9c2f0c52-0000-4000-8000-0000000000dd", "state": "completed",
         "source-asset": "fiat/brl", "target-asset": "eth-base/brlv", "source-amount": "1.00",
         "target-amount": "0.99", "created-at": "2026-11-19T10:00:00Z"},
    ]))
    .unwrap();
    deliver(&mut state, Fetched::Orders(rows.into()), 1_000);
    state.view = View::Orders;
    let mut harness = harness(state);
    settle(&mut harness);
    let marked: Vec<String> = harness
        .query_all_by_label_contains("answer lost, found after a restart")
        .map(|node| node.accesskit_node().label().unwrap_or_default().to_owned())
        .collect();
    assert!(!marked.is_empty(), "its row is marked");
    assert!(
        marked.iter().all(|label| !label.contains("Completed")),
        "only its row: {marked:?}"
    );
}

/// "Send again…" is offered once: pressed, it is gone (a second press
/// cannot fill a second send), and once the form sent it, the entry names
/// the new withdrawal.
#[test]
fn send_again_is_offered_once_and_the_entry_is_linked_to_the_new_send() {
    let mut state = connected_without_payments(Language::En);
    state.view = View::Settings;
    one_of_each(&mut state);
    let mut harness = harness(state);
    settle(&mut harness);
    assert_eq!(send_again_buttons(&harness, "Send again…"), 1);
    harness
        .get(By::new().role(Role::Button).label_contains("Send again…"))
        .click();
    settle(&mut harness);
    assert_eq!(harness.state().view, View::Withdrawals);

    harness.state_mut().view = View::Settings;
    settle(&mut harness);
    assert_eq!(
        send_again_buttons(&harness, "Send again…"),
        0,
        "pressed once, it is gone"
    );
    harness.get_by_label_contains("“Send again…” filled its form");

    harness.state_mut().view = View::Withdrawals;
    settle(&mut harness);
    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    confirm_plain_key(&mut harness);
    let state = harness.state_mut();
    assert_eq!(
        state
            .take_commands()
            .into_iter()
            .filter(|command| matches!(command, Command::Submit { .. }))
            .count(),
        1,
        "one send"
    );
    state.apply(Event::Submitted {
        session: SESSION,
        form: FormKind::Withdrawal,
        outcome: SubmitOutcome::Created {
            record: Created::Withdrawal(
                serde_json::from_value(serde_json::json!({
                    "id": NEW, "state": "pending-payment", "asset": "fiat/brl",
                    "method": "ted", "amount": "1234.56",
                }))
                .unwrap(),
            ),
            after_unknown: false,
        },
    });
    state.view = View::Settings;
    // The link is kept in the journal, for after a restart.
    let kept: Vec<Command> = state.take_commands();
    assert!(
        kept.iter().any(|command| matches!(
            command,
            Command::Journal(JournalCommand::KeepResend { of, record })
                if *of == Uuid::from_u128(2) && record.to_string() == NEW
        )),
        "{kept:?}"
    );
    settle(&mut harness);
    harness.get_by_label_contains(&format!("Sent again: the new one is {NEW}"));
    assert_eq!(send_again_buttons(&harness, "Send again…"), 0);
    assert_eq!(submits(harness.state()), 0, "nothing more left");
}

/// After a restart the journal tells the link it kept before what its
/// settling found: the same send told not done again offers no "Send
/// again…", and says which record its new send made.
#[test]
fn after_a_restart_a_send_sent_again_is_still_not_offered_again() {
    let restarted = |links: BTreeMap<Uuid, Uuid>| {
        let mut state = connected_without_payments(Language::En);
        state.view = View::Settings;
        state.apply(Event::Journal(JournalEvent::Resent {
            session: SESSION,
            links,
        }));
        settled(
            &mut state,
            vec![withdrawal(2, &ted_withdrawal(), SendOutcome::NotDone)],
        );
        let mut harness = harness(state);
        settle(&mut harness);
        harness
    };
    // Without the link, it would be offered again.
    assert_eq!(
        send_again_buttons(&restarted(BTreeMap::new()), "Send again…"),
        1
    );
    let harness = restarted(BTreeMap::from([(
        Uuid::from_u128(2),
        Uuid::parse_str(NEW).unwrap(),
    )]));
    assert_eq!(send_again_buttons(&harness, "Send again…"), 0);
    harness.get_by_label_contains(&format!("Sent again: the new one is {NEW}"));
}

const NEW: &str = "9c2f0c52-0000-4000-8000-0000000000bb";
