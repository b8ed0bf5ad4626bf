//! A withdrawal that repeats one the service already holds, caught in its
//! review before anything leaves: the earlier payment named in the
//! person's language, "Send it anyway" unticked, and the send button
//! disabled until it is ticked (by pointer, or by Tab and Space); the days
//! compared set in Settings. Headless, with egui_kittest.

use egui::accesskit::{Role, Toggled};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use time::macros::datetime;

use brlv_core::api::model::{CreateWithdrawal, Withdrawal};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::{
    confirm_plain_key, connected_state, dec, deliver, harness, settle, submit_pending,
};

const KEY: &str = "ana@example.com";

/// A PIX of R$ 10.00 to [`KEY`] the service holds, made on 1 December at
/// 16:25 in São Paulo (19:25 UTC), waiting for its payment.
fn earlier(key: &str) -> Withdrawal {
    serde_json::from_value(serde_json::json!({
        "id": "9c2f0c52-0000-4000-8000-0000000000e1",
        "state": "pending-payment",
        "asset": "fiat/brl",
        "method": "pix",
        "amount": "10.00",
        "pix-key": key,
        "created-at": "2026-12-01T19:25:00Z",
    }))
    .unwrap()
}

/// The withdrawal form's review open on a PIX of R$ 10.00 to [`KEY`], the
/// service holding `listed`, two days after the earlier one.
fn reviewing(language: Language, listed: Vec<Withdrawal>) -> Harness<'static, AppState> {
    let mut state = connected_state(language);
    state.shared.zone = brlv_desk::app::clock::LocalZone::named("America/Sao_Paulo").unwrap();
    state.shared.wall_now = datetime!(2026-12-03 13:00 UTC);
    deliver(&mut state, Fetched::Withdrawals(listed.into()), 0);
    state.view = View::Withdrawals;
    state.panels.withdrawals.confirming = Some(CreateWithdrawal::pix(dec("10.00"), KEY.to_owned()));
    let mut harness = harness(state);
    settle(&mut harness);
    harness
}

fn disabled(harness: &Harness<'static, AppState>, label: &str) -> bool {
    harness
        .get(By::new().role(Role::Button).label(label))
        .accesskit_node()
        .is_disabled()
}

fn ticked(harness: &Harness<'static, AppState>, label: &str) -> bool {
    harness
        .get(By::new().role(Role::CheckBox).label_contains(label))
        .accesskit_node()
        .toggled()
        == Some(Toggled::True)
}

#[test]
fn a_repeated_pix_is_named_in_portuguese_and_nothing_leaves_until_send_anyway_is_ticked() {
    let mut harness = reviewing(Language::PtBr, vec![earlier(KEY)]);
    harness.get_by_label("Este pagamento repete um anterior");
    harness.get_by_label(
        "Você já enviou R$ 10,00 por Pix para ana@example.com em 01/12 às 16:25 — situação: \
         pagamento pendente",
    );
    assert!(
        !ticked(&harness, "Enviar mesmo assim"),
        "unticked by default"
    );
    assert!(disabled(&harness, "Confirmar"));
    harness.get_by_label("Confirmar").click();
    settle(&mut harness);
    assert!(!submit_pending(harness.state()), "nothing leaves");
    assert!(
        harness.state().panels.lock.authorization.is_none(),
        "not even the lock's step"
    );

    harness
        .get(
            By::new()
                .role(Role::CheckBox)
                .label_contains("Enviar mesmo assim"),
        )
        .click();
    settle(&mut harness);
    assert!(ticked(&harness, "Enviar mesmo assim"));
    assert!(!disabled(&harness, "Confirmar"));
    harness.get_by_label("Confirmar").click();
    settle(&mut harness);
    confirm_plain_key(&mut harness);
    assert!(submit_pending(harness.state()), "sent once chosen");
}

#[test]
fn send_anyway_is_reached_and_ticked_with_the_keyboard_in_english() {
    let mut harness = reviewing(Language::En, vec![earlier(KEY)]);
    harness.get_by_label(
        "You already sent R$10.00 by PIX to ana@example.com on 01/12 at 16:25 — state: pending \
         payment",
    );
    assert!(disabled(&harness, "Confirm"));
    let name = "Send it anyway: I know it may repeat an earlier payment";
    for _ in 0..40 {
        let focused = harness
            .query(By::new().predicate(|node| node.is_focused()))
            .map(|node| node.accesskit_node().label().unwrap_or_default());
        if focused.as_deref() == Some(name) {
            break;
        }
        harness.key_press_modifiers(Modifiers::NONE, Key::Tab);
        settle(&mut harness);
    }
    harness.key_press_modifiers(Modifiers::NONE, Key::Space);
    settle(&mut harness);
    assert!(ticked(&harness, name), "Space ticks it");
    assert!(!disabled(&harness, "Confirm"));
}

#[test]
fn another_key_or_a_payment_older_than_the_days_set_is_no_repeat() {
    let harness = reviewing(Language::En, vec![earlier("bia@example.com")]);
    assert!(
        harness
            .query_by_label("This payment repeats an earlier one")
            .is_none()
    );
    assert!(!disabled(&harness, "Confirm"));

    let mut harness = reviewing(Language::En, vec![earlier(KEY)]);
    harness.get_by_label("This payment repeats an earlier one");
    // Settings: compared one day back, the payment of the day before
    // yesterday is older than that.
    harness.state_mut().view = View::Settings;
    settle(&mut harness);
    harness
        .get_by_label("Days compared, back from today")
        .focus();
    settle(&mut harness);
    for _ in 0..3 {
        harness.key_press_modifiers(Modifiers::NONE, Key::Backspace);
    }
    harness
        .get_by_label("Days compared, back from today")
        .type_text("1");
    harness.key_press_modifiers(Modifiers::NONE, Key::Enter);
    settle(&mut harness);
    assert_eq!(harness.state().shared.duplicate_days, 1);
    harness.state_mut().view = View::Withdrawals;
    settle(&mut harness);
    assert!(
        harness
            .query_by_label("This payment repeats an earlier one")
            .is_none()
    );
    assert!(!disabled(&harness, "Confirm"));
}

#[test]
fn a_list_not_read_yet_cannot_be_compared_and_asks_the_same_choice() {
    let mut state = connected_state(Language::En);
    state.view = View::Withdrawals;
    state.panels.withdrawals.confirming = Some(CreateWithdrawal::pix(dec("10.00"), KEY.to_owned()));
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains("whether this repeats one cannot be checked");
    assert!(disabled(&harness, "Confirm"));
}
