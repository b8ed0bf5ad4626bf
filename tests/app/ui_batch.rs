//! "Pay from a file" in the Withdrawals view: every wrong row named and
//! nothing sendable, one confirmation with the count and the total through
//! the lock, the worker refusing a batch without the lock's proof, and on
//! the embedded sandbox a 3-row file sent with its progress and result,
//! paused and resumed without a row sent twice, and a finished file that
//! asks before it is paid again.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};

use brlv_core::api::model::BalanceAsset;
use brlv_core::journal::Store;
use brlv_core::payouts::{self, run};
use brlv_desk::app::features::withdrawals::batch::{
    Balances, BatchEvent, BatchReport, CheckedFile,
};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::SubmitRequest;
use brlv_desk::app::worker::WorkerHandle;

use crate::support::ui::{confirm_plain_key, connected_state, dec, harness, settle};
use crate::support::worker::on_sandbox;

const HEADER: &str = "method,amount,asset,pix_key,bank_code,branch,account,account_type,document,name,address,reference\n";

pub(crate) fn csv(rows: &[&str]) -> String {
    let mut text = HEADER.to_owned();
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    text
}

pub(crate) const THREE: [&str; 3] = [
    "pix,1.11,,52998224725,,,,,,,,invoice 1",
    "pix,2.22,,ana@example.com,,,,,,,,invoice 2",
    "pix,3.33,,+5511987654321,,,,,,,,invoice 3",
];

/// A file as the worker would tell it, checked by the core, against a new
/// journal and a BRL balance of 1,000.
pub(crate) fn checked(text: &str) -> Box<CheckedFile> {
    let checked = payouts::check(text.as_bytes()).unwrap();
    let mut file = CheckedFile {
        path: "/tmp/payouts.csv".into(),
        checked,
        again: false,
        plan: None,
        finished: None,
        journal_error: None,
        balances: Balances::NotRead,
        repeats: Vec::new(),
        send_anyway: std::collections::BTreeSet::new(),
    };
    if let Some(batch) = file.batch() {
        file.plan = Some(run::plan(&batch, &Store::in_memory().unwrap(), false).unwrap());
        let balances = BTreeMap::from([(BalanceAsset::Brl, dec("1000"))]);
        file.balances = Balances::Read(payouts::check_balances(
            &file.to_send().unwrap().totals,
            &balances,
        ));
    }
    Box::new(file)
}

pub(crate) fn shown_file(language: Language, text: &str) -> Harness<'static, AppState> {
    let mut state = connected_state(language);
    state.view = View::Withdrawals;
    state.apply(Event::Batch(BatchEvent::Checked(Ok(checked(text)))));
    let mut harness = harness(state);
    settle(&mut harness);
    harness
}

#[test]
fn every_wrong_row_is_named_by_row_and_column_and_nothing_can_be_sent() {
    let text = csv(&[
        THREE[0],
        "pix,2.22,,123.456.789-00,,,,,,,,",
        "ted,abc,,,341,1234,12345-6,savings,529.982.247-25,Ana Souza,,",
    ]);
    for (language, row_2, row_3, review) in [
        (
            Language::En,
            "Row 2, column pix_key:",
            "Row 3, column amount:",
            "Review and send…",
        ),
        (
            Language::PtBr,
            "Linha 2, coluna pix_key:",
            "Linha 3, coluna amount:",
            "Revisar e enviar…",
        ),
    ] {
        let harness = shown_file(language, &text);
        assert!(harness.query_by_label_contains(row_2).is_some(), "{row_2}");
        assert!(harness.query_by_label_contains(row_3).is_some(), "{row_3}");
        // The cell's own words are the person's language too, not the
        // core's English.
        let shown = harness
            .get_by_label_contains(row_2)
            .accesskit_node()
            .value()
            .unwrap_or_default();
        let english = &payouts::check(text.as_bytes()).unwrap().errors[0].message;
        assert!(shown.starts_with(row_2), "{shown}");
        assert!(!shown.contains(english.as_str()), "{shown} / {english}");
        if language == Language::PtBr {
            assert!(!shown.contains(" is "), "{shown}");
        }
        assert!(
            harness.get_by_label(review).accesskit_node().is_disabled(),
            "nothing can be sent while a row has an error"
        );
        assert!(batch_request(&harness).is_none());
    }
}

#[test]
fn identical_rows_are_named_and_refuse_the_file() {
    let harness = shown_file(Language::En, &csv(&[THREE[0], THREE[1], THREE[0]]));
    assert!(
        harness
            .query_by_label_contains("Rows 1, 3 send the same payout")
            .is_some()
    );
    assert!(
        harness
            .get_by_label("Review and send…")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn one_confirmation_with_the_count_and_total_passes_the_lock_once_for_the_batch() {
    let mut harness = shown_file(Language::En, &csv(&THREE));
    assert!(
        harness
            .query_by_label_contains("3 payouts, total")
            .is_some()
    );
    assert!(
        harness
            .query_by_label_contains("The balance covers the total.")
            .is_some()
    );
    harness.get_by_label("Review and send…").click();
    settle(&mut harness);
    // The review in the shape of every other: the total large, who receives
    // it by method, the balance after, the service, what cannot be undone.
    for line in [
        "You pay, in 3 payouts",
        "R$6.66",
        "3 by Pix",
        "Service fee",
        "Payouts cannot be cancelled once sent. Check every key, account and address in the list above before confirming.",
    ] {
        assert!(harness.query_by_label(line).is_some(), "{line} missing");
    }
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    // A plain key: the word is typed once for the whole batch.
    confirm_plain_key(&mut harness);
    let sent: Vec<Command> = harness.state_mut().take_commands();
    let batches: Vec<_> = sent
        .iter()
        .filter_map(|command| match command {
            Command::Submit {
                request: SubmitRequest::Batch(batch),
                authorized,
                ..
            } => Some((batch, authorized)),
            _ => None,
        })
        .collect();
    assert_eq!(batches.len(), 1, "{sent:?}");
    let (batch, proof) = &batches[0];
    assert_eq!(batch.batch.rows.len(), 3);
    let request = SubmitRequest::Batch((*batch).clone());
    assert!(proof.as_ref().is_some_and(|proof| proof.covers(&request)));
    assert!(harness.state().panels.withdrawals.batch.sending);
}

/// Runs the worker and the window together until `done` holds.
pub(crate) fn pump(
    worker: &WorkerHandle,
    harness: &mut Harness<'static, AppState>,
    what: &str,
    done: impl Fn(&AppState) -> bool,
) {
    let start = Instant::now();
    while !done(harness.state()) {
        assert!(
            start.elapsed() < Duration::from_secs(90),
            "timed out waiting for {what}"
        );
        for command in harness.state_mut().take_commands() {
            assert!(worker.send(command));
        }
        while let Some(event) = worker.recv_timeout(Duration::from_millis(50)) {
            harness.state_mut().apply(event);
        }
        harness.step();
    }
    settle(harness);
}

/// The embedded sandbox's account, read, with the file `text` written and
/// checked through the worker; the withdrawals' ids before.
fn sandbox_with_file(
    text: &str,
) -> (
    tempfile::TempDir,
    WorkerHandle,
    Harness<'static, AppState>,
    Vec<uuid::Uuid>,
) {
    let (dir, worker) = on_sandbox();
    let path = dir.path().join("payouts.csv");
    std::fs::write(&path, text).unwrap();
    let mut state = AppState::new(Language::En);
    state.view = View::Withdrawals;
    let mut harness = harness(state);
    pump(&worker, &mut harness, "the account read", |state| {
        state.shared.data.withdrawals.value().is_some()
            && state.shared.data.balance_brl.value().is_some()
    });
    let before: Vec<uuid::Uuid> = withdrawal_ids(harness.state());
    check_file(&worker, &mut harness, &path);
    (dir, worker, harness, before)
}

fn check_file(
    worker: &WorkerHandle,
    harness: &mut Harness<'static, AppState>,
    path: &std::path::Path,
) {
    // The typed path, as where the system has no file dialog.
    harness.state_mut().panels.withdrawals.batch.path = path.display().to_string();
    let command = harness
        .state_mut()
        .panels
        .withdrawals
        .batch
        .check(false)
        .unwrap();
    harness.state_mut().push(Command::Batch(command));
    pump(worker, harness, "the file checked", |state| {
        state.panels.withdrawals.batch.file.is_some()
            || state.panels.withdrawals.batch.problem.is_some()
    });
    assert!(harness.state().panels.withdrawals.batch.problem.is_none());
}

fn withdrawal_ids(state: &AppState) -> Vec<uuid::Uuid> {
    state
        .shared
        .data
        .withdrawals
        .value()
        .map(|rows| rows.iter().map(|row| row.id).collect())
        .unwrap_or_default()
}

/// Reads the withdrawals again and waits for the answer.
fn reread(worker: &WorkerHandle, harness: &mut Harness<'static, AppState>) -> Vec<uuid::Uuid> {
    let before = harness
        .state()
        .shared
        .data
        .withdrawals
        .loaded()
        .unwrap()
        .fetched_at;
    harness.state_mut().push(Command::Refresh);
    pump(worker, harness, "the withdrawals read again", |state| {
        state
            .shared
            .data
            .withdrawals
            .loaded()
            .is_some_and(|loaded| loaded.fetched_at > before)
    });
    withdrawal_ids(harness.state())
}

fn new_ids(before: &[uuid::Uuid], after: &[uuid::Uuid]) -> Vec<uuid::Uuid> {
    after
        .iter()
        .filter(|id| !before.contains(id))
        .copied()
        .collect()
}

#[test]
fn a_three_row_file_is_sent_with_its_progress_and_result_and_asks_before_paying_again() {
    let (dir, worker, mut harness, before) = sandbox_with_file(&csv(&THREE));
    harness.get_by_label("Review and send…").click();
    settle(&mut harness);
    // The sandbox guards nothing: the confirmation lets the batch go.
    harness.get_by_label("Confirm").click();
    pump(&worker, &mut harness, "the batch's end", |state| {
        state.panels.withdrawals.batch.report.is_some()
            || state.panels.withdrawals.batch.failure.is_some()
    });
    let batch = &harness.state().panels.withdrawals.batch;
    assert_eq!(batch.failure, None);
    let report = batch.report.clone().unwrap();
    assert!(report.finished && !report.cancelled);
    assert_eq!(report.sent, 3);
    // Each row's outcome came as it went, and the result says it.
    assert_eq!(batch.position, 3);
    assert!(
        batch
            .progress
            .iter()
            .all(|outcome| matches!(outcome, Some(run::RowOutcome::Done { .. })))
    );
    // Accepted is not paid: no row reads as paid, nor as done.
    assert!(
        harness
            .query_by_label_contains("3 sent, 0 paid yet, of 3 rows; 3 sent in this run.")
            .is_some()
    );
    let ids: Vec<String> = report
        .rows
        .iter()
        .map(|outcome| outcome.id().unwrap().to_owned())
        .collect();
    assert!(
        harness
            .query_by_label_contains(&format!("sent to the service: {}", ids[0]))
            .is_some()
            || harness
                .query_by_label_contains(&format!("sent to the service (created): {}", ids[0]))
                .is_some()
    );
    assert!(harness.query_by_label_contains("Done:").is_none());
    // The service holds exactly the three.
    let after = reread(&worker, &mut harness);
    let mut made: Vec<String> = new_ids(&before, &after)
        .iter()
        .map(ToString::to_string)
        .collect();
    made.sort();
    let mut told = ids.clone();
    told.sort();
    assert_eq!(made, told);

    // The result file, to the typed path.
    let result = dir.path().join("payouts.result.csv");
    harness.state_mut().panels.withdrawals.batch.result_path = result.display().to_string();
    let command = brlv_desk::app::features::withdrawals::view::batch::save_result(
        &mut harness.state_mut().panels.withdrawals.batch,
    )
    .unwrap();
    harness.state_mut().push(command);
    pump(&worker, &mut harness, "the result file", |state| {
        state.panels.withdrawals.batch.result_saved.is_some()
    });
    let written = std::fs::read_to_string(&result).unwrap();
    assert_eq!(written.lines().count(), 4, "{written}");
    assert!(written.contains(&ids[2]), "{written}");

    // The same file again: recognised, and asked about before paying.
    check_file(&worker, &mut harness, &dir.path().join("payouts.csv"));
    assert!(
        harness
            .query_by_label_contains("This file was paid already")
            .is_some()
    );
    assert!(harness.query_by_label("Review and send…").is_none());
    assert!(batch_request(&harness).is_none());
    // Asked again, the person's yes makes it payable once more.
    harness.get_by_label("Pay this file again…").click();
    pump(
        &worker,
        &mut harness,
        "the file checked to pay again",
        |state| {
            state
                .panels
                .withdrawals
                .batch
                .file
                .as_ref()
                .is_some_and(|file| file.again)
        },
    );
    assert!(
        !harness
            .get_by_label("Review and send…")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn pause_stops_further_rows_and_resume_sends_the_rest_once() {
    // Twelve rows: the pause reaches the worker right behind the batch, and
    // the runner would have to send all twelve before the worker reads it
    // for the pause to find nothing left.
    let rows: Vec<String> = (1..=ROWS)
        .map(|n| format!("pix,1.{n:02},,payee{n}@example.com,,,,,,,,invoice {n}"))
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (_dir, worker, mut harness, before) = sandbox_with_file(&csv(&rows));
    harness.get_by_label("Review and send…").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    // The progress laid out before the pause is pressed: a click in the
    // frame the review gives way to it could land on no button. The batch
    // has not left yet (commands reach the worker in `pump`), so the pause
    // goes out right behind it.
    settle(&mut harness);
    harness.get_by_label("Pause").click();
    settle(&mut harness);
    assert_eq!(
        harness.state().panels.withdrawals.batch.stop_asked,
        Some(brlv_desk::app::features::withdrawals::batch::StopAsked::Pause)
    );
    pump(&worker, &mut harness, "the pause", |state| {
        state.panels.withdrawals.batch.report.is_some()
            || state.panels.withdrawals.batch.failure.is_some()
    });
    let batch = &harness.state().panels.withdrawals.batch;
    assert!(batch.paused, "{:?}", batch.report);
    let report = batch.report.clone().unwrap();
    assert!(report.cancelled && !report.finished);
    let sent_before_pause = report.sent;
    assert!(sent_before_pause < ROWS, "the pause stopped further rows");
    assert!(
        harness
            .query_by_label_contains("Paused after row")
            .is_some()
    );
    let after_pause = reread(&worker, &mut harness);
    assert_eq!(new_ids(&before, &after_pause).len(), sent_before_pause);

    // Resume: the rest, and nothing twice.
    harness.get_by_label("Resume").click();
    pump(&worker, &mut harness, "the resumed batch", |state| {
        state
            .panels
            .withdrawals
            .batch
            .report
            .as_ref()
            .is_some_and(|report| report.finished)
            || state.panels.withdrawals.batch.failure.is_some()
    });
    let report = harness
        .state()
        .panels
        .withdrawals
        .batch
        .report
        .clone()
        .unwrap();
    assert_eq!(report.sent, ROWS - sent_before_pause);
    let after = reread(&worker, &mut harness);
    assert_eq!(new_ids(&before, &after).len(), ROWS);
}

/// How many rows the paused batch has.
const ROWS: usize = 12;

#[test]
fn the_worker_refuses_a_batch_without_the_locks_proof_and_sends_nothing() {
    let (_dir, worker, mut harness, before) = sandbox_with_file(&csv(&THREE));
    let request = harness.state().panels.withdrawals.batch.request(7).unwrap();
    harness.state_mut().panels.withdrawals.batch.started();
    assert!(worker.send(Command::Submit {
        request,
        authorized: None,
        outflow_answer: None,
    }));
    pump(&worker, &mut harness, "the refusal", |state| {
        state.panels.withdrawals.batch.failure.is_some()
            || state.panels.withdrawals.batch.report.is_some()
    });
    let failure = harness
        .state()
        .panels
        .withdrawals
        .batch
        .failure
        .clone()
        .unwrap();
    assert!(
        failure.contains("did not pass the passphrase or the typed confirmation"),
        "{failure}"
    );
    assert!(!harness.state().panels.withdrawals.batch.sending);
    let after = reread(&worker, &mut harness);
    assert!(new_ids(&before, &after).is_empty());
}

/// The name of the control that has the keyboard focus.
fn focused(harness: &Harness<'static, AppState>) -> Option<String> {
    harness
        .query(egui_kittest::kittest::By::new().predicate(|node| node.is_focused()))
        .map(|node| node.accesskit_node().label().unwrap_or_default())
}

fn press(harness: &mut Harness<'static, AppState>, key: egui::Key) {
    harness.key_press(key);
    settle(harness);
}

/// Presses Tab until the control named `name` has the focus.
fn tab_to(harness: &mut Harness<'static, AppState>, name: &str) {
    for _ in 0..80 {
        if focused(harness).as_deref() == Some(name) {
            return;
        }
        press(harness, egui::Key::Tab);
    }
    panic!(
        "Tab never reached {name:?}; the focus is on {:?}",
        focused(harness)
    );
}

#[test]
fn a_file_is_chosen_reviewed_and_sent_with_the_keyboard_alone() {
    let mut harness = shown_file(Language::En, &csv(&THREE));
    // Settings' days for repeats reach the batch's own check.
    harness.state_mut().shared.duplicate_days = 3;
    tab_to(&mut harness, "Choose a CSV file…");
    press(&mut harness, egui::Key::Enter);
    assert!(
        harness
            .state_mut()
            .take_commands()
            .iter()
            .any(|command| matches!(
                command,
                Command::ChooseFile {
                    purpose: brlv_desk::app::dialog::DialogPurpose::PayoutsFile,
                    ..
                }
            )),
        "Enter on the button asks for the system's Open dialog"
    );
    // The dialog's answer is not awaited here: the file shown is reviewed.
    harness.state_mut().file_chosen(
        brlv_desk::app::dialog::DialogPurpose::PayoutsFile,
        brlv_desk::app::dialog::DialogAnswer::Cancelled,
    );
    tab_to(&mut harness, "Stop at the first failure");
    press(&mut harness, egui::Key::Space);
    assert!(
        harness
            .state()
            .panels
            .withdrawals
            .batch
            .stop_at_first_failure
    );
    tab_to(&mut harness, "Review and send…");
    press(&mut harness, egui::Key::Enter);
    assert!(harness.state().panels.withdrawals.batch.confirming);
    tab_to(&mut harness, "Confirm");
    press(&mut harness, egui::Key::Enter);
    confirm_plain_key(&mut harness);
    let request = harness
        .state_mut()
        .take_commands()
        .into_iter()
        .find_map(|command| match command {
            Command::Submit {
                request: SubmitRequest::Batch(batch),
                ..
            } => Some(batch),
            _ => None,
        })
        .expect("the batch left through the lock");
    assert!(request.options.stop_at_first_failure);
    assert_eq!(request.duplicate_days, 3);
}

#[test]
fn a_sealed_key_asks_its_passphrase_once_showing_the_count_and_the_total() {
    let mut state = connected_state(Language::En);
    crate::support::ui::seal_session(&mut state);
    state.view = View::Withdrawals;
    state.apply(Event::Batch(BatchEvent::Checked(Ok(checked(&csv(&THREE))))));
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Review and send…").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    // The passphrase dialog repeats what leaves: the batch, its count, its total.
    harness.get_by_label("Payouts from a file");
    // Once on the review behind it, once in the dialog.
    assert_eq!(harness.query_all_by_label("R$6.66").count(), 2);
    let expected = harness.state().panels.withdrawals.batch.request(7).unwrap();
    crate::support::ui::only_the_right_passphrase_sends(&mut harness, expected);
}

#[test]
fn a_file_named_at_start_is_checked_once_the_account_opens_and_waits_for_its_check() {
    let mut state = brlv_desk::app::state::AppState::new(Language::En);
    state.payouts_file_at_start = Some("/tmp/payouts.csv".into());
    state.view = View::Withdrawals;
    state.apply(Event::StartupFinished);
    assert!(
        !state
            .take_commands()
            .iter()
            .any(|command| matches!(command, Command::Batch(_))),
        "nothing to check it with before the account opens"
    );
    let connected = connected_state(Language::En);
    state.apply(Event::SessionStarted(
        connected.shared.session.clone().unwrap(),
    ));
    assert!(state.payouts_file_at_start.is_none(), "opened once");
    assert!(
        state.take_commands().iter().any(|command| matches!(
            command,
            Command::Batch(brlv_desk::app::features::withdrawals::batch::BatchCommand::Check {
                path,
                again: false,
                ..
            }) if path.as_path() == std::path::Path::new("/tmp/payouts.csv")
        )),
        "checked as the account opens"
    );
    assert!(state.panels.withdrawals.batch.checking);
    assert!(
        !state.view_loaded(View::Withdrawals),
        "a screenshot waits for the check"
    );
    state.apply(Event::Batch(BatchEvent::Checked(Ok(checked(&csv(&THREE))))));
    assert!(!state.panels.withdrawals.batch.checking);
    assert!(
        state.panels.withdrawals.batch.scroll_into_view,
        "brought into view"
    );
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains("3 rows, 0 with errors");
    assert!(!harness.state().panels.withdrawals.batch.scroll_into_view);
}

/// A file paying by Pix, TED and in BRLV, reviewed against balances of
/// R$10,000.00 and 500 BRLV: R$5,639.90 and 150 BRLV leave.
#[test]
fn the_batchs_review_says_who_receives_by_method_and_each_balance_after() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/payouts/checked.csv"
    ))
    .unwrap();
    let mut file = checked(&text);
    let balances = BTreeMap::from([
        (BalanceAsset::Brl, dec("10000")),
        (BalanceAsset::Brlv, dec("500")),
    ]);
    file.balances = Balances::Read(payouts::check_balances(
        &file.to_send().unwrap().totals,
        &balances,
    ));
    for (language, lines) in [
        (
            Language::En,
            [
                "You pay, in 4 payouts",
                "R$5,639.90 + 150.00 BRLV",
                "2 by Pix, 1 by TED, 1 in tokens",
                "R$10,000.00",
                "R$4,360.10",
                "350.00 BRLV",
                "api.example.com",
            ],
        ),
        (
            Language::PtBr,
            [
                "Você paga, em 4 pagamentos",
                "R$ 5.639,90 + 150,00 BRLV",
                "2 por Pix, 1 por TED, 1 em tokens",
                "R$ 10.000,00",
                "R$ 4.360,10",
                "350,00 BRLV",
                "api.example.com",
            ],
        ),
    ] {
        let mut state = connected_state(language);
        state.view = View::Withdrawals;
        crate::support::ui::deliver(&mut state, Fetched::BalanceBrl(dec("10000")), 9_000);
        crate::support::ui::deliver(&mut state, Fetched::BalanceBrlv(dec("500")), 9_000);
        state.apply(Event::Batch(BatchEvent::Checked(Ok(file.clone()))));
        state.panels.withdrawals.batch.confirming = true;
        let mut harness = harness(state);
        settle(&mut harness);
        for line in lines {
            assert!(
                harness.query_by_label(line).is_some(),
                "{language:?}: {line} missing"
            );
        }
        assert!(
            harness
                .query_by_label_contains("Sent to the service")
                .is_none()
        );
    }
}

/// The request the batch would hand the lock now, its repeats compared
/// over the default seven days.
fn batch_request(harness: &Harness<'static, AppState>) -> Option<SubmitRequest> {
    harness.state().panels.withdrawals.batch.request(7)
}

const SENT_IDS: [&str; 3] = [
    "7a000000-0000-4000-8000-0000000000b1",
    "7a000000-0000-4000-8000-0000000000b2",
    "7a000000-0000-4000-8000-0000000000b3",
];

/// The service's withdrawals of [`SENT_IDS`], in `states`.
fn listed(states: [&str; 3]) -> Fetched {
    let rows: Vec<serde_json::Value> = SENT_IDS
        .iter()
        .zip(states)
        .zip(THREE)
        .map(|((id, state), row)| {
            let amount = row.split(',').nth(1).unwrap();
            serde_json::json!({"id": id, "state": state, "asset": "fiat/brl",
                "method": "pix", "amount": amount})
        })
        .collect();
    Fetched::Withdrawals(
        serde_json::from_value::<Vec<_>>(serde_json::Value::Array(rows))
            .unwrap()
            .into(),
    )
}

/// [`THREE`] run to its end: the service accepted every row.
fn three_sent(language: Language) -> Harness<'static, AppState> {
    let mut harness = shown_file(language, &csv(&THREE));
    run_to_end(&mut harness, &SENT_IDS);
    harness
}

/// The file shown run to its end, the service accepting each row as
/// `ids`, as the worker tells it: each row's progress, then the report.
pub(crate) fn run_to_end(harness: &mut Harness<'static, AppState>, ids: &[&str]) {
    let rows: Vec<run::RowOutcome> = ids
        .iter()
        .map(|id| run::RowOutcome::Done { id: (*id).into() })
        .collect();
    let state = harness.state_mut();
    state.panels.withdrawals.batch.started();
    for (index, outcome) in rows.iter().enumerate() {
        state.apply(Event::Batch(BatchEvent::Progress {
            position: index + 1,
            total: ids.len(),
            sent_now: true,
            outcome: outcome.clone(),
        }));
    }
    state.apply(Event::Batch(BatchEvent::Finished(Ok(BatchReport {
        rows,
        sent: ids.len(),
        cancelled: false,
        finished: true,
    }))));
    settle(harness);
}

#[test]
fn each_row_accepted_reads_sent_with_the_services_state_until_it_is_paid() {
    for (language, sent, pending, paid, none_paid, one_paid) in [
        (
            Language::En,
            "sent to the service (created): ",
            "sent to the service (payment pending): ",
            "paid: ",
            "3 sent, 0 paid yet, of 3 rows; 3 sent in this run.",
            "3 sent, 1 paid yet, of 3 rows",
        ),
        (
            Language::PtBr,
            "enviado ao serviço (criado): ",
            "enviado ao serviço (pagamento pendente): ",
            "pago: ",
            "3 enviados, 0 pagos ainda, de 3 linhas; 3 enviadas nesta execução.",
            "3 enviados, 1 pago ainda, de 3 linhas",
        ),
    ] {
        let mut harness = three_sent(language);
        assert!(
            harness.query_by_label_contains(none_paid).is_some(),
            "{language:?}"
        );
        crate::support::ui::deliver(
            harness.state_mut(),
            listed(["created", "pending-payment", "created"]),
            2_000,
        );
        settle(&mut harness);
        let row = |harness: &Harness<'static, AppState>, words: &str, id: &str| {
            harness
                .query_by_label_contains(&format!("{words}{id}"))
                .is_some()
        };
        assert!(row(&harness, sent, SENT_IDS[0]), "{language:?}");
        assert!(row(&harness, pending, SENT_IDS[1]), "{language:?}");
        assert!(row(&harness, sent, SENT_IDS[2]), "{language:?}");
        assert!(
            harness.query_by_label_contains(none_paid).is_some(),
            "{language:?}"
        );
        // The list refreshes: the service paid the first row.
        crate::support::ui::deliver(
            harness.state_mut(),
            listed(["completed", "pending-payment", "created"]),
            4_000,
        );
        settle(&mut harness);
        assert!(row(&harness, paid, SENT_IDS[0]), "{language:?}");
        assert!(row(&harness, pending, SENT_IDS[1]), "{language:?}");
        assert!(
            harness.query_by_label_contains(one_paid).is_some(),
            "{language:?}"
        );
    }
}

#[test]
fn the_result_file_from_the_window_says_sent_with_the_services_state() {
    let mut harness = three_sent(Language::En);
    crate::support::ui::deliver(
        harness.state_mut(),
        listed(["created", "pending-payment", "completed"]),
        2_000,
    );
    settle(&mut harness);
    let batch = &mut harness.state_mut().panels.withdrawals.batch;
    batch.result_path = "/tmp/result.csv".into();
    let Some(Command::Batch(
        brlv_desk::app::features::withdrawals::batch::BatchCommand::SaveResult {
            batch: file,
            rows,
            states,
            ..
        },
    )) = brlv_desk::app::features::withdrawals::view::batch::save_result(batch)
    else {
        panic!("no result to save");
    };
    let mut out = Vec::new();
    run::result_csv(&file, &rows, &states, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains(&format!(",sent,created,{},", SENT_IDS[0])),
        "{text}"
    );
    assert!(
        text.contains(&format!(",sent,pending-payment,{},", SENT_IDS[1])),
        "{text}"
    );
    assert!(
        text.contains(&format!(",paid,completed,{},", SENT_IDS[2])),
        "{text}"
    );
}

/// Runs the checked file through its review and waits for the run's end.
fn send_checked(worker: &WorkerHandle, harness: &mut Harness<'static, AppState>) -> BatchReport {
    harness.get_by_label("Review and send…").click();
    settle(harness);
    harness.get_by_label("Confirm").click();
    pump(worker, harness, "the batch's end", |state| {
        state.panels.withdrawals.batch.report.is_some()
            || state.panels.withdrawals.batch.failure.is_some()
    });
    let batch = &harness.state().panels.withdrawals.batch;
    assert_eq!(batch.failure, None);
    batch.report.clone().unwrap()
}

/// The withdrawals the service holds to `key`, read again.
fn paid_to(worker: &WorkerHandle, harness: &mut Harness<'static, AppState>, key: &str) -> usize {
    reread(worker, harness);
    harness
        .state()
        .shared
        .data
        .withdrawals
        .value()
        .unwrap()
        .iter()
        .filter(|withdrawal| withdrawal.pix_key() == Some(key))
        .count()
}

#[test]
fn a_row_that_repeats_a_payout_is_named_and_skipped_unless_its_send_anyway_is_ticked() {
    let (dir, worker, mut harness, _) =
        sandbox_with_file(&csv(&["pix,5.55,,repeat@example.com,,,,,,,,first"]));
    assert!(send_checked(&worker, &mut harness).rows[0].id().is_some());
    assert_eq!(paid_to(&worker, &mut harness, "repeat@example.com"), 1);

    // Another file: its first row pays the same again, its second a new one.
    let path = dir.path().join("again.csv");
    std::fs::write(
        &path,
        csv(&[
            "pix,5.55,,repeat@example.com,,,,,,,,second",
            "pix,6.66,,fresh@example.com,,,,,,,,new",
        ]),
    )
    .unwrap();
    check_file(&worker, &mut harness, &path);
    // Named on its row, with its own "Send anyway", unticked.
    let anyway = harness.get_by_label("Send row 1 anyway");
    assert_eq!(
        anyway.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::False)
    );
    assert!(harness.query_by_label("Send row 2 anyway").is_none());
    assert!(
        harness
            .query_by_label_contains("You already sent R$5.55 by Pix to repeat@example.com")
            .is_some()
    );
    assert!(
        harness
            .query_by_label_contains("Row 1 repeats a payout made before")
            .is_some()
    );
    let report = send_checked(&worker, &mut harness);
    assert!(
        matches!(report.rows[0], run::RowOutcome::Held { .. }),
        "{:?}",
        report.rows
    );
    assert!(report.rows[1].id().is_some());
    assert_eq!(report.sent, 1);
    assert!(
        harness
            .query_by_label_contains("Not sent, as it repeats a payout made before: row 1.")
            .is_some()
    );
    assert_eq!(paid_to(&worker, &mut harness, "repeat@example.com"), 1);
    assert_eq!(paid_to(&worker, &mut harness, "fresh@example.com"), 1);

    // Checked again and ticked: the row is sent, once.
    check_file(&worker, &mut harness, &path);
    harness.get_by_label("Send row 1 anyway").click();
    settle(&mut harness);
    assert_eq!(
        harness
            .get_by_label("Send row 1 anyway")
            .accesskit_node()
            .toggled(),
        Some(egui::accesskit::Toggled::True)
    );
    let report = send_checked(&worker, &mut harness);
    assert!(report.rows[0].id().is_some(), "{:?}", report.rows);
    assert_eq!(
        report.sent, 1,
        "only the ticked row; the other was sent before"
    );
    assert_eq!(paid_to(&worker, &mut harness, "repeat@example.com"), 2);
    assert_eq!(paid_to(&worker, &mut harness, "fresh@example.com"), 1);
}
