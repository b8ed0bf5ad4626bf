//! The idle lock, headless: after the idle time on a clock the test moves the
//! lock screen shows and nothing of the account (no amount, no list, no
//! draft) is in the rendered tree; reads go on and money does not move while
//! locked; Ctrl+L locks at once; the passphrase brings everything back.

use egui_kittest::kittest::{NodeT, Queryable};

use brlv_core::api::model::CreateWithdrawal;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::SubmitRequest;

use crate::support::ui::{
    PASSPHRASE, Sent, answer_passphrase_checks, connected_state, dec, deliver, harness,
    seal_session, sent, settle, type_into,
};

const MINUTE: u64 = 60_000;

fn rows(amount: &str) -> Fetched {
    Fetched::Withdrawals(
        serde_json::from_value::<Vec<_>>(serde_json::json!([
            {"id": "9c2f0c52-0000-4000-8000-000000000001", "state": "completed",
             "asset": "fiat/brl", "method": "pix", "amount": amount,
             "created-at": "2026-03-01T10:00:00Z"},
        ]))
        .unwrap()
        .into(),
    )
}

/// A sealed profile on the Withdrawals view, its list loaded and a draft typed.
fn locked_later_state() -> AppState {
    let mut state = connected_state(Language::En);
    seal_session(&mut state);
    state.view = View::Withdrawals;
    state.now = 1_000;
    state.lock.last_input = 1_000;
    deliver(&mut state, rows("9876.54"), 1_000);
    state.withdrawals.draft.amount = "1.320,50".to_owned();
    state.withdrawals.draft.pix_key = "529.982.247-25".to_owned();
    state
}

/// Every label and value in the rendered tree.
fn rendered_text(harness: &egui_kittest::Harness<'static, AppState>) -> Vec<String> {
    harness
        .get_all_by(|_| true)
        .flat_map(|node| [node.accesskit_node().label(), node.value()])
        .flatten()
        .collect()
}

fn shows_nothing_of_the_account(harness: &egui_kittest::Harness<'static, AppState>) {
    let text = rendered_text(harness);
    for secret in [
        "9,876.54",
        "9876.54",
        "1.320,50",
        "529.982.247-25",
        "Withdrawals",
        "Empresa (",
    ] {
        assert!(
            !text.iter().any(|shown| shown.contains(secret)),
            "{secret:?} is on the lock screen: {text:?}"
        );
    }
}

#[test]
fn after_the_idle_time_the_lock_screen_hides_everything_and_unlocking_brings_it_back() {
    let mut harness = harness(locked_later_state());
    settle(&mut harness);
    assert!(
        rendered_text(&harness)
            .iter()
            .any(|text| text.contains("9,876.54"))
    );
    harness.get_by_label("Amount to withdraw");

    harness.state_mut().now = 1_000 + 5 * MINUTE - 1;
    settle(&mut harness);
    assert!(
        harness.query_by_label("brlv-desk is locked").is_none(),
        "not yet"
    );

    harness.state_mut().now = 1_000 + 5 * MINUTE;
    settle(&mut harness);
    harness.get_by_label("brlv-desk is locked");
    shows_nothing_of_the_account(&harness);

    // Reads go on while locked (notifications still arrive) ...
    deliver(harness.state_mut(), rows("1111.11"), 1_000 + 5 * MINUTE);
    settle(&mut harness);
    shows_nothing_of_the_account(&harness);
    assert!(
        !rendered_text(&harness)
            .iter()
            .any(|text| text.contains("1,111.11"))
    );
    // ... but no money moves, whatever asks.
    harness
        .state_mut()
        .submit(SubmitRequest::Withdrawal(CreateWithdrawal::pix(
            dec("10"),
            "52998224725".to_owned(),
        )));
    settle(&mut harness);
    assert!(sent(harness.state_mut()).is_empty());
    harness.get_by_label("brlv-desk is locked");

    // A wrong passphrase keeps it locked and says so.
    type_into(&mut harness, "Passphrase", "not the passphrase");
    harness.get_by_label("Unlock").click();
    settle(&mut harness);
    answer_passphrase_checks(harness.state_mut());
    settle(&mut harness);
    harness.get_by_label("Wrong passphrase. Nothing was sent.");
    harness.get_by_label("Try again in 1 s.");
    shows_nothing_of_the_account(&harness);

    harness.state_mut().now += 1_000;
    type_into(&mut harness, "Passphrase", PASSPHRASE);
    harness.get_by_label("Unlock").click();
    settle(&mut harness);
    answer_passphrase_checks(harness.state_mut());
    settle(&mut harness);
    assert!(harness.query_by_label("brlv-desk is locked").is_none());
    // The list (as read meanwhile) and the draft are back.
    let text = rendered_text(&harness);
    assert!(
        text.iter().any(|shown| shown.contains("1,111.11")),
        "{text:?}"
    );
    assert!(text.iter().any(|shown| shown == "1.320,50"), "{text:?}");
    assert_eq!(harness.state().withdrawals.draft.pix_key, "529.982.247-25");
    assert!(
        sent(harness.state_mut()).is_empty(),
        "unlocking sends nothing"
    );
}

#[test]
fn ctrl_l_locks_at_once_and_a_request_waiting_for_its_passphrase_is_dropped() {
    let mut state = locked_later_state();
    state.submit(SubmitRequest::Withdrawal(CreateWithdrawal::pix(
        dec("10"),
        "52998224725".to_owned(),
    )));
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Confirm with your passphrase");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::L);
    settle(&mut harness);
    harness.get_by_label("brlv-desk is locked");
    shows_nothing_of_the_account(&harness);
    assert!(harness.state().lock.authorization.is_none());
    assert!(sent(harness.state_mut()).is_empty());
}

#[test]
fn input_keeps_the_window_unlocked_and_the_sandbox_never_locks() {
    let mut harness = harness(locked_later_state());
    settle(&mut harness);
    harness.state_mut().now = 1_000 + 4 * MINUTE;
    harness.get_by_label("Amount to withdraw").click();
    settle(&mut harness);
    harness.state_mut().now = 1_000 + 8 * MINUTE;
    settle(&mut harness);
    assert!(
        harness.query_by_label("brlv-desk is locked").is_none(),
        "touched at 4 min"
    );
    // The idle time set in Settings.
    harness.state_mut().lock.idle_lock_minutes = 2;
    harness.state_mut().now = 1_000 + 4 * MINUTE + 2 * MINUTE;
    settle(&mut harness);
    harness.get_by_label("brlv-desk is locked");

    let mut state = locked_later_state();
    state.session.as_mut().unwrap().sealed = false;
    state.session.as_mut().unwrap().kind = brlv_desk::app::session::ProfileKind::Sandbox;
    let mut harness = crate::support::ui::harness(state);
    harness.state_mut().now = 1_000 + 60 * MINUTE;
    settle(&mut harness);
    assert!(harness.query_by_label("brlv-desk is locked").is_none());
    harness.get_by_label_contains("Sandbox demo: no passphrase");
    let _: Vec<Sent> = sent(harness.state_mut());
}
