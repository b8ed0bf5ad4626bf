//! Secrets that do not linger, headless: what egui keeps of a passphrase
//! field between frames (its undo history holds earlier copies of the text)
//! is gone once the passphrase has been used or the window locks, and a
//! pasted private key is read at once and its field emptied.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use brlv_core::api::model::CreateWithdrawal;
use brlv_desk::app::features::lock::state::LockTold;
use brlv_desk::app::features::lock::view::{TRANSACTION_FIELD, UNLOCK_FIELD};
use brlv_desk::app::features::onboarding::state::{KeyDraft, KeySource};
use brlv_desk::app::features::onboarding::view::PASTED_KEY_FIELD;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::SubmitRequest;
use brlv_desk::app::ui::passphrase::secret_field_id;

use crate::support::ui::{
    PASSPHRASE, answer_passphrase_checks, connected_state, dec, fixture_pem, harness,
    onboarding_state, seal_session, settle, type_into,
};

/// Every text egui keeps for the field `name`: the one its state was last
/// drawn with and each undo point before it.
fn kept_texts(harness: &Harness<'static, AppState>, name: &'static str) -> Vec<String> {
    let Some(state) = egui::TextEdit::load_state(&harness.ctx, secret_field_id(name)) else {
        return Vec::new();
    };
    let mut undoer = state.undoer();
    let mut current = (egui::text::CCursorRange::default(), String::new());
    let mut texts = Vec::new();
    // The history holds at most 100 points; the bound only stops a loop.
    for _ in 0..200 {
        let Some(previous) = undoer.undo(&current).cloned() else {
            break;
        };
        texts.push(previous.1.clone());
        current = previous;
    }
    texts
}

/// Lets time pass with nothing typed, long enough for egui to make what
/// was typed an undo point (it waits for the text to stay still a second).
fn let_the_text_settle(harness: &mut Harness<'static, AppState>) {
    harness.run_steps(8);
}

fn sealed_and_locked() -> AppState {
    let mut state = connected_state(Language::En);
    seal_session(&mut state);
    state.view = View::Withdrawals;
    state.tell(|panels| &mut panels.lock, LockTold::LockNow);
    state
}

#[test]
fn after_unlocking_the_passphrase_field_keeps_no_trace_of_what_was_typed() {
    let mut harness = harness(sealed_and_locked());
    settle(&mut harness);
    harness.get_by_label("brlv-desk is locked");

    // A wrong one first: its check takes the text, and egui's copy goes too.
    type_into(&mut harness, "Passphrase", "not the passphrase");
    let_the_text_settle(&mut harness);
    assert!(
        kept_texts(&harness, UNLOCK_FIELD)
            .iter()
            .any(|text| text == "not the passphrase"),
        "while typed, egui holds the text (what this test looks for)"
    );
    harness.get_by_label("Unlock").click();
    settle(&mut harness);
    answer_passphrase_checks(harness.state_mut());
    settle(&mut harness);
    harness.get_by_label("Wrong passphrase. Nothing was sent.");
    assert_eq!(kept_texts(&harness, UNLOCK_FIELD), Vec::<String>::new());

    harness.state_mut().shared.now += 1_000;
    type_into(&mut harness, "Passphrase", PASSPHRASE);
    let_the_text_settle(&mut harness);
    assert!(
        kept_texts(&harness, UNLOCK_FIELD)
            .iter()
            .any(|text| text == PASSPHRASE)
    );
    harness.get_by_label("Unlock").click();
    settle(&mut harness);
    answer_passphrase_checks(harness.state_mut());
    settle(&mut harness);
    assert!(harness.query_by_label("brlv-desk is locked").is_none());
    let kept = kept_texts(&harness, UNLOCK_FIELD);
    assert!(
        kept.iter().all(String::is_empty),
        "the undo history outlived the unlock: {} texts kept",
        kept.len()
    );
}

#[test]
fn a_transaction_password_typed_then_dropped_by_the_lock_leaves_no_trace() {
    let mut state = connected_state(Language::En);
    seal_session(&mut state);
    state.view = View::Withdrawals;
    state.submit(SubmitRequest::Withdrawal(CreateWithdrawal::pix(
        dec("10"),
        "52998224725".to_owned(),
    )));
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Confirm with your passphrase");
    type_into(&mut harness, "Passphrase", "half of a passphrase");
    let_the_text_settle(&mut harness);
    assert!(
        kept_texts(&harness, TRANSACTION_FIELD)
            .iter()
            .any(|text| text == "half of a passphrase")
    );

    // Locked before it was sent: the request and every copy of the text go.
    harness
        .state_mut()
        .tell(|panels| &mut panels.lock, LockTold::LockNow);
    settle(&mut harness);
    harness.get_by_label("brlv-desk is locked");
    assert_eq!(
        kept_texts(&harness, TRANSACTION_FIELD),
        Vec::<String>::new()
    );
}

#[test]
fn a_pasted_private_key_is_read_at_once_and_its_field_emptied() {
    let pem = fixture_pem("test-only-rsa2048-pkcs8.pem");
    let mut harness = harness(onboarding_state(Language::En));
    settle(&mut harness);
    harness.get_by_label("Advanced").click();
    settle(&mut harness);
    harness.get_by_label("Paste a PEM").click();
    settle(&mut harness);
    assert_eq!(
        harness.state().panels.onboarding.key_source,
        KeySource::Pasted
    );
    let field = harness.get_by_label("Private key");
    field.focus();
    field.type_text(&pem);
    settle(&mut harness);
    let_the_text_settle(&mut harness);

    let onboarding = &harness.state().panels.onboarding;
    assert!(
        matches!(&onboarding.pasted_key, KeyDraft::Ready(key) if key.bits() == 2048),
        "the key was read"
    );
    assert!(onboarding.pasted_pem.is_empty(), "the pasted text is wiped");
    let kept = kept_texts(&harness, PASTED_KEY_FIELD);
    assert!(
        !kept.iter().any(|text| text.contains("PRIVATE KEY")),
        "the field's undo history keeps the pasted key"
    );
    // The field shows nothing of it to an accessibility client.
    let shown = harness.get_by_label("Private key");
    assert!(
        shown
            .value()
            .is_none_or(|value| !value.contains("PRIVATE KEY")),
        "{:?}",
        shown.value()
    );
}
