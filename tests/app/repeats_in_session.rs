//! A send of this window that ended without an answer is compared with the
//! next payment at once, not only after the next start: the real worker
//! talks to a sandbox through the fault-injecting proxy, the first Pix's
//! answer is lost, a second (other) Pix is sent after it, and a third
//! identical to the first is named in its review and needs "Send it
//! anyway". Once the first settles by itself, the review follows what the
//! service's records say: nothing to repeat when it was not done, the
//! service's own record when it was.

use std::time::Duration;

use egui::accesskit::Role;
use egui_kittest::kittest::{By, NodeT, Queryable};
use rust_decimal::Decimal;

use brlv_core::api::model::CreateWithdrawal;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::{Created, SubmitOutcome};

use crate::fault_proxy_server::Fault;
use crate::faults_e2e::{FaultedApp, POST_WITHDRAWALS, UNTIL_KNOWN};

/// The key `FaultedApp::withdraw_by_pix` pays.
const KEY: &str = "52998224725";
const UNANSWERED: &str = "whose answer never came";

fn ten() -> Decimal {
    Decimal::new(1_000, 2)
}

/// The first Pix of R$ 10.00 sent with `fault` on its POST, ending not yet
/// known; then another Pix (R$ 11.00) sent and answered, so the form's
/// last send is no longer the first; then the review of a third Pix of
/// R$ 10.00 to the same key, open once the withdrawals list is read again.
fn first_unanswered_then_another_then_a_third_reviewed(fault: Fault) -> FaultedApp {
    let mut app = FaultedApp::start(None);
    app.proxy.on(POST_WITHDRAWALS, fault);
    app.withdraw_by_pix(ten());
    let first = app.withdrawal_outcome();
    assert!(
        matches!(first, SubmitOutcome::NotYetKnown { .. }),
        "{first:?}"
    );
    app.withdraw_by_pix(Decimal::new(1_100, 2));
    app.run_until("the second send answered", |state| {
        matches!(
            state.panels.withdrawals.submit.created(),
            Some(Created::Withdrawal(_))
        )
    });
    app.run_until("the journal told the first as unsettled", |state| {
        state.shared.data.unsettled_sends.len() == 1
            && state.shared.data.withdrawals.value().is_some()
    });
    let state = app.window.state_mut();
    state.view = View::Withdrawals;
    state.panels.withdrawals.confirming = Some(CreateWithdrawal::pix(ten(), KEY.to_owned()));
    app.run_until("a frame of the review", |_| true);
    app.window.step();
    app
}

fn confirm_disabled(app: &FaultedApp) -> bool {
    app.window
        .get(By::new().role(Role::Button).label("Confirm"))
        .accesskit_node()
        .is_disabled()
}

/// Waits until the first send is settled and no longer counted, then
/// draws the review again.
fn after_the_first_settles(app: &mut FaultedApp) {
    app.run_until_within(UNTIL_KNOWN, "the first send settled", |state| {
        state.shared.data.unsettled_sends.is_empty()
    });
    app.run_until("the withdrawals read again", |state: &AppState| {
        state.shared.data.withdrawals.value().is_some()
    });
    app.window.step();
    app.window.step();
}

#[test]
fn a_send_of_this_window_never_answered_is_named_in_the_next_review_until_it_settles_as_not_done() {
    let mut app = first_unanswered_then_another_then_a_third_reviewed(Fault::Hang);
    assert!(
        app.label_shown(&format!("R$10.00 by Pix to {KEY}")) && app.label_shown(UNANSWERED),
        "the first send, not the form's last, is named"
    );
    assert!(confirm_disabled(&app), "nothing leaves until the choice");

    after_the_first_settles(&mut app);
    assert!(!app.label_shown(UNANSWERED));
    assert!(
        !app.label_shown("This payment repeats an earlier one"),
        "the service holds no such payout: nothing to repeat"
    );
    assert!(!confirm_disabled(&app));
    assert_eq!(app.proxy.count(POST_WITHDRAWALS), 1, "only the second left");
}

#[test]
fn a_send_of_this_window_that_arrived_late_is_named_as_the_services_record_once_settled() {
    let mut app = first_unanswered_then_another_then_a_third_reviewed(Fault::ForwardLate {
        after: Duration::from_secs(3),
    });
    assert!(app.label_shown(UNANSWERED));
    assert!(confirm_disabled(&app));

    after_the_first_settles(&mut app);
    assert!(!app.label_shown(UNANSWERED), "settled: no longer in flight");
    assert!(
        app.label_shown(&format!("You already sent R$10.00 by Pix to {KEY}")),
        "the service's own record of it"
    );
    assert!(confirm_disabled(&app));
}

#[test]
fn a_row_of_a_file_repeating_a_form_send_of_this_window_without_an_answer_is_named_on_its_row() {
    use brlv_desk::app::message::Command;

    let mut app = FaultedApp::start(None);
    app.proxy.on(POST_WITHDRAWALS, Fault::Hang);
    app.withdraw_by_pix(ten());
    let first = app.withdrawal_outcome();
    assert!(
        matches!(first, SubmitOutcome::NotYetKnown { .. }),
        "{first:?}"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("payouts.csv");
    std::fs::write(
        &path,
        crate::ui_batch::csv(&[
            &format!("pix,10.00,,{KEY},,,,,,,,same as the form's"),
            "pix,12.00,,ana@example.com,,,,,,,,another",
        ]),
    )
    .unwrap();
    let state = app.window.state_mut();
    state.view = View::Withdrawals;
    state.panels.withdrawals.batch.path = path.display().to_string();
    let check = state.panels.withdrawals.batch.check(false).unwrap();
    state.push(Command::Batch(check));
    app.run_until("the file checked", |state| {
        state.panels.withdrawals.batch.file.is_some()
    });
    app.window.step();
    app.window.step();
    assert!(
        app.label_shown(&format!("R$10.00 by Pix to {KEY}")) && app.label_shown(UNANSWERED),
        "the form's send is named on the row that repeats it"
    );
    assert!(app.label_shown("Send row 1 anyway"));
    assert!(!app.label_shown("Send row 2 anyway"));
}
