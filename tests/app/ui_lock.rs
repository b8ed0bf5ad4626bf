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
    state.shared.now = 1_000;
    state.panels.lock.last_input = 1_000;
    deliver(&mut state, rows("9876.54"), 1_000);
    state.panels.withdrawals.draft.amount = "1.320,50".to_owned();
    state.panels.withdrawals.draft.pix_key = "529.982.247-25".to_owned();
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

    harness.state_mut().shared.now = 1_000 + 5 * MINUTE - 1;
    settle(&mut harness);
    assert!(
        harness.query_by_label("brlv-desk is locked").is_none(),
        "not yet"
    );

    harness.state_mut().shared.now = 1_000 + 5 * MINUTE;
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
    // The wait asks for a frame when its second changes (600 ms from
    // here), not four a second.
    harness.state_mut().shared.now += 400;
    harness.step();
    let delay = harness
        .output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .map(|viewport| viewport.repaint_delay);
    assert_eq!(delay, Some(std::time::Duration::from_millis(605)));

    harness.state_mut().shared.now += 600;
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
    assert_eq!(
        harness.state().panels.withdrawals.draft.pix_key,
        "529.982.247-25"
    );
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
    assert!(harness.state().panels.lock.authorization.is_none());
    assert!(sent(harness.state_mut()).is_empty());
}

#[test]
fn input_keeps_the_window_unlocked_and_the_sandbox_never_locks() {
    let mut harness = harness(locked_later_state());
    settle(&mut harness);
    harness.state_mut().shared.now = 1_000 + 4 * MINUTE;
    harness.get_by_label("Amount to withdraw").click();
    settle(&mut harness);
    harness.state_mut().shared.now = 1_000 + 8 * MINUTE;
    settle(&mut harness);
    assert!(
        harness.query_by_label("brlv-desk is locked").is_none(),
        "touched at 4 min"
    );
    // The idle time set in Settings.
    harness.state_mut().panels.lock.idle_lock_minutes = 2;
    harness.state_mut().shared.now = 1_000 + 4 * MINUTE + 2 * MINUTE;
    settle(&mut harness);
    harness.get_by_label("brlv-desk is locked");

    let mut state = locked_later_state();
    state.shared.session.as_mut().unwrap().sealed = false;
    state.shared.session.as_mut().unwrap().kind = brlv_desk::app::session::ProfileKind::Sandbox;
    let mut harness = crate::support::ui::harness(state);
    harness.state_mut().shared.now = 1_000 + 60 * MINUTE;
    settle(&mut harness);
    assert!(harness.query_by_label("brlv-desk is locked").is_none());
    harness.get_by_label_contains("Sandbox demo: no passphrase");
    let _: Vec<Sent> = sent(harness.state_mut());
}

fn set_minimized(harness: &mut egui_kittest::Harness<'static, AppState>, minimized: bool) {
    harness
        .input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .minimized = Some(minimized);
}

/// One frame carrying `events` together, as a window gets them after a pause.
fn frame_with(harness: &mut egui_kittest::Harness<'static, AppState>, events: Vec<egui::Event>) {
    harness.input_mut().events.extend(events);
    harness.step();
}

fn pointer_at(x: f32, y: f32) -> egui::Event {
    egui::Event::PointerMoved(egui::pos2(x, y))
}

#[test]
fn input_arriving_after_the_deadline_finds_the_window_locked_and_reaches_no_form() {
    let mut harness = harness(locked_later_state());
    settle(&mut harness);
    harness.state_mut().shared.now = 1_000 + MINUTE;
    harness.get_by_label("Amount to withdraw").click();
    settle(&mut harness);
    assert!(harness.query_by_label("brlv-desk is locked").is_none());

    // Nothing for longer than the idle time, then someone moves the
    // pointer and types a digit in the same frame.
    harness.state_mut().shared.now = 1_000 + MINUTE + 5 * MINUTE;
    frame_with(
        &mut harness,
        vec![
            pointer_at(400.0, 300.0),
            egui::Event::Key {
                key: egui::Key::Num7,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            },
            egui::Event::Text("7".to_owned()),
        ],
    );
    settle(&mut harness);
    harness.get_by_label("brlv-desk is locked");
    shows_nothing_of_the_account(&harness);
    assert_eq!(harness.state().panels.withdrawals.draft.amount, "1.320,50");
}

#[test]
fn a_pointer_merely_moving_is_not_someone_at_the_desk() {
    let mut harness = harness(locked_later_state());
    settle(&mut harness);
    for second in (30..=6 * 60).step_by(30) {
        harness.state_mut().shared.now = 1_000 + second * 1_000;
        let x = 300.0 + (second % 120) as f32;
        frame_with(&mut harness, vec![pointer_at(x, 300.0)]);
    }
    settle(&mut harness);
    harness.get_by_label("brlv-desk is locked");
    shows_nothing_of_the_account(&harness);
}

#[test]
fn a_window_restored_after_its_deadline_passed_while_minimized_is_locked_at_once() {
    let mut harness = harness(locked_later_state());
    settle(&mut harness);
    // Minimized a minute in: eframe draws nothing more until it is restored.
    harness.state_mut().shared.now = 1_000 + MINUTE;
    set_minimized(&mut harness, true);
    settle(&mut harness);
    assert!(
        harness.query_by_label("brlv-desk is locked").is_none(),
        "locking on minimize is off unless chosen"
    );

    // Restored half an hour later with a click on the taskbar, the pointer
    // landing over the window.
    harness.state_mut().shared.now = 1_000 + 30 * MINUTE;
    set_minimized(&mut harness, false);
    let at = egui::pos2(400.0, 300.0);
    frame_with(
        &mut harness,
        vec![
            egui::Event::PointerMoved(at),
            egui::Event::PointerButton {
                pos: at,
                button: egui::PointerButton::Primary,
                pressed: true,
                modifiers: egui::Modifiers::NONE,
            },
        ],
    );
    settle(&mut harness);
    harness.get_by_label("brlv-desk is locked");
    shows_nothing_of_the_account(&harness);
}

#[test]
fn a_frame_is_asked_for_the_lock_deadline_so_it_locks_with_no_input() {
    let mut state = locked_later_state();
    // Touched half a minute after the lists arrived, so the lock's deadline
    // falls between the top bar's own once-a-minute redraws.
    state.panels.lock.last_input = 31_000;
    let deadline = 31_000 + 5 * MINUTE;
    let mut harness = harness(state);
    harness.state_mut().shared.now = deadline - 10_000;
    settle(&mut harness);
    assert!(harness.query_by_label("brlv-desk is locked").is_none());
    let delay = harness
        .output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .unwrap()
        .repaint_delay;
    assert!(
        delay <= std::time::Duration::from_millis(10_000),
        "the next frame is due in {delay:?}, after the lock's deadline"
    );
    // That frame, with no input, locks.
    harness.state_mut().shared.now = deadline;
    harness.step();
    settle(&mut harness);
    harness.get_by_label("brlv-desk is locked");
}

#[test]
fn with_the_setting_on_minimizing_the_window_locks_it() {
    let mut harness = harness(locked_later_state());
    harness.state_mut().view = View::Settings;
    settle(&mut harness);
    let switch = harness.get_by_label("Lock when the window is minimized");
    switch.click();
    settle(&mut harness);
    assert!(harness.state().panels.lock.lock_when_minimized);
    // Kept with the other preferences.
    let saved = brlv_desk::app::shell::PersistedUi::of(harness.state());
    assert!(saved.lock_when_minimized);
    let mut restored = AppState::new(Language::En);
    saved.restore_into(&mut restored);
    assert!(restored.panels.lock.lock_when_minimized);

    harness.state_mut().shared.now = 1_000 + MINUTE;
    set_minimized(&mut harness, true);
    settle(&mut harness);
    harness.get_by_label("brlv-desk is locked");
    shows_nothing_of_the_account(&harness);
}

/// The Submit commands queued, with whether each carries the lock's proof.
fn submits_with_proof(state: &mut AppState) -> Vec<(SubmitRequest, bool)> {
    state
        .take_commands()
        .into_iter()
        .filter_map(|command| match command {
            brlv_desk::app::message::Command::Submit {
                request,
                authorized,
                ..
            } => Some((request, authorized.is_some())),
            _ => None,
        })
        .collect()
}

#[test]
fn a_plain_key_moves_money_only_after_the_word_shown_is_typed() {
    use brlv_desk::app::session::ProfileKind;

    for (kind, language, word, field, button) in [
        (
            ProfileKind::Environment,
            Language::En,
            "SEND",
            "Type SEND to confirm",
            "Send",
        ),
        (
            ProfileKind::Saved,
            Language::PtBr,
            "ENVIAR",
            "Digite ENVIAR para confirmar",
            "Enviar",
        ),
    ] {
        let mut state = connected_state(language);
        state.shared.session.as_mut().unwrap().kind = kind;
        state.view = View::Withdrawals;
        let withdrawal =
            SubmitRequest::Withdrawal(CreateWithdrawal::pix(dec("10"), "52998224725".to_owned()));
        state.submit(withdrawal.clone());
        let mut harness = harness(state);
        settle(&mut harness);
        assert!(
            submits_with_proof(harness.state_mut()).is_empty(),
            "{kind:?}: nothing before the word"
        );
        // The button waits for the word; something else typed sends nothing.
        type_into(&mut harness, field, "OK");
        harness.get_by_label(button).click();
        settle(&mut harness);
        harness.key_press(egui::Key::Enter);
        settle(&mut harness);
        assert!(submits_with_proof(harness.state_mut()).is_empty());
        assert!(harness.state().panels.lock.authorization.is_some());

        harness
            .state_mut()
            .panels
            .lock
            .authorization
            .as_mut()
            .unwrap()
            .typed
            .clear();
        type_into(&mut harness, field, &word.to_lowercase());
        harness.get_by_label(button).click();
        settle(&mut harness);
        assert_eq!(
            submits_with_proof(harness.state_mut()),
            vec![(withdrawal.clone(), true)],
            "{kind:?}: sent once, with the proof"
        );
        assert!(harness.state().panels.lock.authorization.is_none());
    }

    // A request that moves nothing needs no word.
    let mut state = connected_state(Language::En);
    state.submit(SubmitRequest::Wallet(brlv_core::api::model::CreateWallet {
        wallet_name: "Payroll".into(),
        chain: None,
        metadata: None,
        ui_enabled: None,
    }));
    assert_eq!(submits_with_proof(&mut state).len(), 1);
}
