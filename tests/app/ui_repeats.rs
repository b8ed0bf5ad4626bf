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
use brlv_core::journal::settle::Sent;
use brlv_desk::app::features::journal::message::{JournalEvent, SendOutcome, SettledSend};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Event;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::{SubmitOutcome, SubmitStatus};

use crate::support::ui::{
    confirm_plain_key, connected_state, dec, deliver, harness, settle, submit_pending,
};

const KEY: &str = "ana@example.com";

/// A Pix of R$ 10.00 to [`KEY`] the service holds, made on 1 December at
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

/// The withdrawal form's review open on a Pix of R$ 10.00 to [`KEY`], the
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
        "You already sent R$10.00 by Pix to ana@example.com on 01/12 at 16:25 — state: pending \
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

/// What the journal's settling told, as the connection opened, of a Pix of
/// R$ 10.00 to [`KEY`] sent at 09:50 in São Paulo whose answer never came.
fn told_unsettled(outcome: SendOutcome) -> SettledSend {
    SettledSend {
        post_id: uuid::Uuid::from_u128(0xe2),
        form: "withdrawal".into(),
        sent_at: datetime!(2026-12-03 12:50 UTC),
        endpoint: "/api/v0/withdrawals".into(),
        body: serde_json::to_string(&CreateWithdrawal::pix(dec("10.00"), KEY.to_owned())).unwrap(),
        outcome,
    }
}

fn journal_told(harness: &mut Harness<'static, AppState>, sends: Vec<SettledSend>) {
    harness
        .state_mut()
        .apply(Event::Journal(JournalEvent::Settled {
            session: crate::support::ui::SESSION,
            sends,
        }));
    settle(harness);
}

#[test]
fn a_send_of_this_device_whose_answer_never_came_is_named_and_asks_the_same_choice() {
    for (language, said, confirm) in [
        (
            Language::En,
            "A send of R$10.00 by Pix to ana@example.com from this device on 03/12 at 09:50 \
             whose answer never came",
            "Confirm",
        ),
        (
            Language::PtBr,
            "Um envio de R$ 10,00 por Pix para ana@example.com deste dispositivo em 03/12 às \
             09:50 cuja resposta nunca chegou",
            "Confirmar",
        ),
    ] {
        for outcome in [SendOutcome::CannotTell(Vec::new()), SendOutcome::Pending] {
            // The service lists nothing like it.
            let mut harness = reviewing(language, Vec::new());
            assert!(
                !disabled(&harness, confirm),
                "{language:?}: nothing to repeat yet"
            );
            journal_told(&mut harness, vec![told_unsettled(outcome.clone())]);
            assert!(
                harness.query_by_label_contains(said).is_some(),
                "{language:?} {outcome:?}"
            );
            assert!(disabled(&harness, confirm), "{language:?} {outcome:?}");

            // Settled later as not done: nothing is left to repeat.
            journal_told(&mut harness, vec![told_unsettled(SendOutcome::NotDone)]);
            assert!(harness.query_by_label_contains(said).is_none());
            assert!(!disabled(&harness, confirm), "{language:?} {outcome:?}");
        }
    }
}

#[test]
fn the_forms_own_send_not_yet_known_is_named_in_its_next_review() {
    let mut harness = reviewing(Language::En, Vec::new());
    assert!(!disabled(&harness, "Confirm"));
    let body = serde_json::to_string(&CreateWithdrawal::pix(dec("10.00"), KEY.to_owned())).unwrap();
    let sent = Sent::from_body(
        uuid::Uuid::from_u128(0xe3),
        datetime!(2026-12-03 12:55 UTC),
        "/api/v0/withdrawals",
        &body,
    );
    harness.state_mut().panels.withdrawals.submit =
        SubmitStatus::Finished(SubmitOutcome::NotYetKnown {
            error: brlv_core::api::Error::Config("the answer was lost".into()),
            until: sent.horizon(),
            sent: Box::new(sent),
        });
    settle(&mut harness);
    harness.get_by_label_contains(
        "A send of R$10.00 by Pix to ana@example.com from this device on 03/12 at 09:55 whose \
         answer never came",
    );
    assert!(disabled(&harness, "Confirm"));
}

/// The file of [`crate::ui_batch::THREE`] being sent in this window, its
/// first row answered and sent, and the withdrawal form's review open on a
/// Pix of R$ 2.22 to ana@example.com, as its second row pays.
fn reviewing_while_a_file_is_sent(language: Language) -> Harness<'static, AppState> {
    use brlv_core::payouts::run::RowOutcome;
    use brlv_desk::app::features::withdrawals::batch::BatchEvent;

    let mut state = connected_state(language);
    deliver(&mut state, Fetched::Withdrawals(Vec::new().into()), 0);
    state.view = View::Withdrawals;
    let file = crate::ui_batch::checked(&crate::ui_batch::csv(&crate::ui_batch::THREE));
    state.apply(Event::Batch(BatchEvent::Checked(Ok(file))));
    state.panels.withdrawals.batch.started();
    state.apply(Event::Batch(BatchEvent::Progress {
        position: 1,
        total: 3,
        sent_now: true,
        outcome: RowOutcome::Done {
            id: "9c2f0c52-0000-4000-8000-0000000000f1".into(),
        },
    }));
    state.panels.withdrawals.confirming = Some(CreateWithdrawal::pix(
        dec("2.22"),
        "ana@example.com".to_owned(),
    ));
    let mut harness = harness(state);
    settle(&mut harness);
    harness
}

#[test]
fn a_withdrawal_repeating_a_row_of_the_file_being_sent_is_named_by_its_row_until_it_is_answered() {
    use brlv_core::payouts::run::RowOutcome;
    use brlv_desk::app::features::withdrawals::batch::BatchEvent;

    for (language, said, confirm) in [
        (
            Language::En,
            "Row 2 of the payouts file being sent now: R$2.22 by Pix to ana@example.com",
            "Confirm",
        ),
        (
            Language::PtBr,
            "Linha 2 do arquivo de pagamentos sendo enviado agora: R$ 2,22 por Pix para \
             ana@example.com",
            "Confirmar",
        ),
    ] {
        let mut harness = reviewing_while_a_file_is_sent(language);
        harness.get_by_label(said);
        assert!(disabled(&harness, confirm), "{language:?}");

        // Sent without an answer: still on its way.
        harness
            .state_mut()
            .apply(Event::Batch(BatchEvent::Progress {
                position: 2,
                total: 3,
                sent_now: true,
                outcome: RowOutcome::Pending {
                    why: "its answer was lost".into(),
                },
            }));
        settle(&mut harness);
        harness.get_by_label(said);
        assert!(disabled(&harness, confirm), "{language:?}");

        // The run ended: the journal tells what stays without an answer.
        harness
            .state_mut()
            .apply(Event::Batch(BatchEvent::Finished(Err("stopped".into()))));
        settle(&mut harness);
        assert!(harness.query_by_label(said).is_none(), "{language:?}");
        assert!(!disabled(&harness, confirm), "{language:?}");
    }
}

#[test]
fn a_row_of_the_file_already_answered_or_another_payment_is_not_named_as_being_sent() {
    let mut harness = reviewing_while_a_file_is_sent(Language::En);
    harness.get_by_label_contains("Row 2 of the payouts file");
    // Row 1 (R$ 1.11) was answered: the service's list tells of it, not the run.
    harness.state_mut().panels.withdrawals.confirming =
        Some(CreateWithdrawal::pix(dec("1.11"), "52998224725".to_owned()));
    settle(&mut harness);
    assert!(
        harness
            .query_by_label_contains("of the payouts file being sent now")
            .is_none()
    );
    assert!(!disabled(&harness, "Confirm"));
}

#[test]
fn a_file_shown_before_a_form_send_lost_its_answer_names_that_send_on_the_row_it_repeats() {
    use brlv_core::journal::{PostEntry, PostRecord};

    let mut harness =
        crate::ui_batch::shown_file(Language::En, &crate::ui_batch::csv(&crate::ui_batch::THREE));
    assert!(harness.query_by_label("Send row 2 anyway").is_none());
    // The form's Pix of R$ 2.22 to ana@example.com lost its answer after
    // the file was checked: the journal tells it as unsettled.
    let body = serde_json::to_string(&CreateWithdrawal::pix(
        dec("2.22"),
        "ana@example.com".to_owned(),
    ))
    .unwrap();
    let sends = vec![PostEntry {
        post: PostRecord {
            id: uuid::Uuid::from_u128(0xe4),
            sent_at: datetime!(2026-12-03 12:55 UTC),
            form: "withdrawal".into(),
            method: "POST".into(),
            endpoint: "/api/v0/withdrawals".into(),
            body,
        },
        outcome: None,
        context: Default::default(),
    }];
    harness
        .state_mut()
        .apply(Event::Journal(JournalEvent::Unsettled {
            session: crate::support::ui::SESSION,
            sends,
        }));
    settle(&mut harness);
    harness.get_by_label_contains("A send of R$2.22 by Pix to ana@example.com from this device");
    harness.get_by_label("Send row 2 anyway");
    assert!(harness.query_by_label("Send row 1 anyway").is_none());
    assert!(harness.query_by_label("Send row 3 anyway").is_none());
}
