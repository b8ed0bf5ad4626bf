//! The whole app under faults, end to end: the real worker talks to a
//! sandbox through the fault-injecting proxy, and the real shell is drawn
//! headless every turn, the way the window draws it. Each fault is one
//! named test of what the person then sees: a hang and garbage leave the
//! last balances on screen with the connection state in words, while frames
//! keep being drawn and Events keep arriving; a POST whose answer is cut is
//! sent once and found again by the re-read; a service clock ten minutes
//! ahead, for good, costs nothing the person notices.

use std::sync::Arc;
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use rust_decimal::Decimal;
use secrecy::SecretString;

use brlv_core::api::RetryPolicy;
use brlv_core::api::model::{Asset, CreateWithdrawal};
use brlv_core::keystore::MemoryStore;
use brlv_desk::app::clock::Clock;
use brlv_desk::app::features::lock::state::LockTold;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Command;
use brlv_desk::app::panel::shared::ConnectionStatus;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::{Created, SubmitOutcome, SubmitRequest, SubmitStatus};
use brlv_desk::app::worker::{
    EnvironmentProfile, NetworkPolicy, SecretSource, WorkerConfig, WorkerHandle,
};
use brlv_sandbox::RunningSandbox;

use crate::fault_proxy_server::{Fault, Proxy};
use crate::support::ui::harness;
use crate::support::worker::{SandboxAccount, sandbox_account, spawn};

/// How long any one wait may take.
const DEADLINE: Duration = Duration::from_secs(60);
pub(crate) const API_KEY: &str = "faults-e2e";
pub(crate) const POST_WITHDRAWALS: &str = "POST /api/v0/withdrawals";
/// What the sandbox's demo account holds in reais.
pub(crate) const DEMO_BRL: Decimal = Decimal::from_parts(2_500_000, 0, 0, false, 2);

/// A sandbox with the demo account, the proxy in front of it, the real
/// worker connected through the proxy, and the shell drawn for its state.
pub(crate) struct FaultedApp {
    runtime: tokio::runtime::Runtime,
    pub(crate) sandbox: RunningSandbox,
    pub(crate) proxy: Proxy,
    clock: Clock,
    worker: WorkerHandle,
    pub(crate) window: Harness<'static, AppState>,
    _dir: tempfile::TempDir,
}

/// What happened while [`FaultedApp::run_until`] waited.
#[derive(Debug, Default)]
pub(crate) struct Turns {
    frames: usize,
    events: usize,
}

impl FaultedApp {
    /// Everything started; `service_clock_ahead` moves the sandbox's clock
    /// before the app first connects.
    pub(crate) fn start(service_clock_ahead: Option<Duration>) -> FaultedApp {
        let SandboxAccount {
            runtime,
            sandbox,
            key,
        } = sandbox_account(API_KEY, 2);
        if let Some(ahead) = service_clock_ahead {
            sandbox.advance_clock(ahead);
        }
        let proxy = runtime.block_on(Proxy::start(sandbox.local_addr()));
        let dir = tempfile::tempdir().unwrap();
        let clock = Clock::new();
        let worker = spawn(WorkerConfig {
            clock,
            secrets: SecretSource::Store(Arc::new(MemoryStore::default())),
            profile_path: Some(dir.path().join("profiles.json")),
            environment: EnvironmentProfile::Given(brlv_core::credentials::Credentials {
                base_url: proxy.base_url.clone(),
                api_key: SecretString::from(API_KEY.to_owned()),
                private_key: key,
                network: Default::default(),
            }),
            seal_cost: brlv_core::seal::ScryptCost::TEST_ONLY_CHEAP,
            journal_dir: None,
            dialogs: Arc::new(brlv_desk::app::dialog::RecordingDialogs::default()),
            updates: brlv_desk::app::worker::UpdateConfig::this_build(),
            central_bank: Default::default(),
            sandbox_clock_start: None,
            // A hang is seen in about two seconds rather than a minute.
            network: NetworkPolicy {
                timeout: Duration::from_millis(500),
                retry: RetryPolicy {
                    max_attempts: 3,
                    initial_backoff: Duration::from_millis(50),
                    max_backoff: Duration::from_millis(200),
                    max_retry_after: Duration::from_secs(5),
                },
            },
        });
        assert!(worker.send(Command::Start { sandbox: false }));
        let mut app = FaultedApp {
            runtime,
            sandbox,
            proxy,
            clock,
            worker,
            window: harness(AppState::new(Language::En)),
            _dir: dir,
        };
        app.run_until("the overview loaded", |state| {
            state.view_loaded(View::Overview)
                && matches!(
                    state.shared.connection_status(),
                    ConnectionStatus::Online { .. }
                )
        });
        app
    }

    /// Turns as the shell does them (Commands to the worker, Events applied,
    /// a frame drawn) until `done` holds; fails after [`DEADLINE`].
    pub(crate) fn run_until(&mut self, what: &str, done: impl Fn(&AppState) -> bool) -> Turns {
        self.run_until_within(DEADLINE, what, done)
    }

    /// [`FaultedApp::run_until`], failing after `deadline`.
    pub(crate) fn run_until_within(
        &mut self,
        deadline: Duration,
        what: &str,
        done: impl Fn(&AppState) -> bool,
    ) -> Turns {
        let started = Instant::now();
        let mut turns = Turns::default();
        loop {
            let state = self.window.state_mut();
            state.shared.now = self.clock.now_ms();
            if done(state) {
                return turns;
            }
            assert!(started.elapsed() < deadline, "timed out waiting for {what}");
            for command in state.take_commands() {
                assert!(self.worker.send(command));
            }
            if let Some(event) = self.worker.recv_timeout(Duration::from_millis(20)) {
                state.apply(event);
                turns.events += 1;
            }
            self.window.step();
            turns.frames += 1;
        }
    }

    pub(crate) fn label_shown(&self, label: &str) -> bool {
        self.window.query_by_label_contains(label).is_some()
    }

    fn brl_shown(&self) -> Option<Decimal> {
        self.window.state().shared.data.balance_brl.value().copied()
    }

    /// Asks for everything at once, as the refresh button does.
    fn refresh(&mut self) {
        assert!(self.worker.send(Command::Refresh));
    }

    pub(crate) fn withdraw_by_pix(&mut self, amount: Decimal) {
        let state = self.window.state_mut();
        state.submit(SubmitRequest::Withdrawal(CreateWithdrawal::pix(
            amount,
            "52998224725".to_owned(),
        )));
        // The environment's plain key: the word typed lets it go.
        state.panels.lock.authorization.as_mut().unwrap().typed = "SEND".to_owned();
        state.tell(|panels| &mut panels.lock, LockTold::ConfirmTyped);
    }

    pub(crate) fn withdrawal_outcome(&mut self) -> SubmitOutcome {
        self.run_until("the withdrawal's outcome", |state| {
            matches!(state.panels.withdrawals.submit, SubmitStatus::Finished(_))
        });
        match &self.window.state().panels.withdrawals.submit {
            SubmitStatus::Finished(outcome) => outcome.clone(),
            other => unreachable!("{other:?}"),
        }
    }

    pub(crate) fn sandbox_brl(&self) -> Option<Decimal> {
        self.sandbox.balance(API_KEY, &Asset::FiatBrl)
    }
}

impl Drop for FaultedApp {
    fn drop(&mut self) {
        // Hung connections sleep on the runtime; do not wait for them.
        let runtime = std::mem::replace(
            &mut self.runtime,
            tokio::runtime::Builder::new_current_thread()
                .build()
                .unwrap(),
        );
        runtime.shutdown_background();
    }
}

#[test]
fn a_hanging_service_is_shown_offline_with_the_last_balances_while_the_window_draws() {
    let mut app = FaultedApp::start(None);
    assert_eq!(app.brl_shown(), Some(DEMO_BRL));
    assert!(app.label_shown("25,000.00 reais"));

    // Every request from now on hangs until the proxy is healed.
    app.proxy.then(&vec![Fault::Hang; 500]);
    app.refresh();
    let during = app.run_until("the offline state", |state| {
        matches!(
            state.shared.connection_status(),
            ConnectionStatus::Offline { .. }
        )
    });
    assert!(app.label_shown("Offline · balance as of "));
    assert!(app.label_shown(" · retrying in "));
    assert!(
        app.label_shown("25,000.00 reais"),
        "the last balance stays on screen"
    );
    assert_eq!(app.brl_shown(), Some(DEMO_BRL));
    // The worker went on reporting (each resource's failure is an Event)
    // and the window went on drawing while every request hung.
    assert!(during.events >= 2, "{during:?}");
    assert!(during.frames > during.events, "{during:?}");

    app.proxy.heal();
    app.refresh();
    app.run_until("online again", |state| {
        matches!(
            state.shared.connection_status(),
            ConnectionStatus::Online { .. }
        )
    });
    assert!(!app.label_shown("Offline"));
    assert!(app.label_shown("25,000.00 reais"));
}

#[test]
fn garbage_from_the_service_is_told_plainly_and_the_lists_stay() {
    let mut app = FaultedApp::start(None);
    let orders_before = app
        .window
        .state()
        .shared
        .data
        .orders
        .value()
        .map(|orders| orders.len());
    assert!(orders_before.is_some_and(|count| count > 0));

    app.proxy.then(&vec![Fault::Garbage200; 500]);
    app.refresh();
    app.run_until("the garbage reported", |state| {
        matches!(
            state.shared.connection_status(),
            ConnectionStatus::Unreadable { .. }
        )
    });
    let ConnectionStatus::Unreadable { message, .. } =
        app.window.state().shared.connection_status()
    else {
        unreachable!()
    };
    assert!(
        message.contains("HTTP 200"),
        "says what came back: {message}"
    );
    // The answer began with a NUL byte: quoted, it is a visible escape.
    assert!(!message.contains('\0'), "{message:?}");
    assert!(message.contains("\\u{0}"), "{message:?}");
    // A 200 refused nothing: the words say the answer could not be read.
    assert!(app.label_shown("The service's answer could not be read; retrying in"));
    assert!(!app.label_shown("refused"));
    assert_eq!(app.brl_shown(), Some(DEMO_BRL));
    assert_eq!(
        app.window
            .state()
            .shared
            .data
            .orders
            .value()
            .map(|orders| orders.len()),
        orders_before,
        "the last list stays"
    );

    app.proxy.heal();
    app.refresh();
    app.run_until("online again", |state| {
        matches!(
            state.shared.connection_status(),
            ConnectionStatus::Online { .. }
        )
    });
}

#[test]
fn a_withdrawal_whose_answer_is_cut_is_sent_once_and_found_by_the_reread() {
    let mut app = FaultedApp::start(None);
    // Only the POST is cut; the reads around it pass.
    app.proxy.on(POST_WITHDRAWALS, Fault::CutAfterForward);
    app.withdraw_by_pix(Decimal::new(1_000, 2));
    match app.withdrawal_outcome() {
        SubmitOutcome::Created {
            record: Created::Withdrawal(withdrawal),
            after_unknown: true,
        } => assert_eq!(withdrawal.amount(), Some(Decimal::new(1_000, 2))),
        other => panic!("{other:?}"),
    }
    assert_eq!(app.proxy.count(POST_WITHDRAWALS), 1, "never sent twice");
    assert_eq!(app.sandbox_brl(), Some(DEMO_BRL - Decimal::new(1_000, 2)));

    app.window.state_mut().view = View::Withdrawals;
    app.run_until("a frame of the withdrawals view", |_| true);
    app.window.step();
    assert!(app.label_shown("the re-read list shows it was done"));
}

/// A POST answered with a 5xx: settled by the re-read as "may have been
/// applied" is, never called a refusal, never sent again; one the re-read
/// does not show yet is "not yet known" until the service could no longer
/// accept it, never "not done, send it again".
fn a_withdrawal_answered_with_a_5xx(fault: Fault, applied: bool, lead: &str) {
    let mut app = FaultedApp::start(None);
    app.proxy.on(POST_WITHDRAWALS, fault);
    app.withdraw_by_pix(Decimal::new(1_000, 2));
    let outcome = app.withdrawal_outcome();
    match (&outcome, applied) {
        (
            SubmitOutcome::Created {
                after_unknown: true,
                ..
            },
            true,
        )
        | (SubmitOutcome::NotYetKnown { .. }, false) => {}
        (other, _) => panic!("settled by the re-read, not refused: {other:?}"),
    }
    assert_eq!(
        app.proxy.count(POST_WITHDRAWALS),
        usize::from(applied),
        "never sent again"
    );
    let spent = if applied {
        Decimal::new(1_000, 2)
    } else {
        Decimal::ZERO
    };
    assert_eq!(app.sandbox_brl(), Some(DEMO_BRL - spent));

    app.window.state_mut().view = View::Withdrawals;
    app.run_until("a frame of the withdrawals view", |_| true);
    app.window.step();
    assert!(!app.label_shown("correct it and send again"));
    assert!(!app.label_shown("The service refused the request"));
    if applied {
        assert!(app.label_shown("the re-read list shows it was done"));
    } else {
        assert!(app.label_shown(lead), "{lead}");
        assert!(app.label_shown("the service could still accept it until"));
        assert!(!app.label_shown("You can send it again."));
    }
}

#[test]
fn a_withdrawal_answered_500_with_the_error_object_is_settled_by_the_reread() {
    a_withdrawal_answered_with_a_5xx(
        Fault::Json5xx(500),
        false,
        "The service answered with a failure (HTTP 500) that does not say whether it was done",
    );
}

#[test]
fn a_withdrawal_answered_502_in_html_is_settled_by_the_reread() {
    a_withdrawal_answered_with_a_5xx(
        Fault::Html502,
        false,
        "The service answered with a failure (HTTP 502) that does not say whether it was done",
    );
}

#[test]
fn a_withdrawal_applied_then_answered_500_is_found_by_the_reread() {
    a_withdrawal_answered_with_a_5xx(Fault::AppliedThenJson5xx(500), true, "");
}

#[test]
fn a_successful_answer_dated_ten_minutes_off_teaches_no_offset_and_blames_no_clock() {
    let mut app = FaultedApp::start(None);
    // Every answer for a while is dated ten minutes ahead, the service's
    // own clock right: the tokens it accepted teach nothing.
    app.proxy.then(&vec![Fault::ShiftDate(600); 40]);
    app.refresh();
    app.withdraw_by_pix(Decimal::new(1_000, 2));
    match app.withdrawal_outcome() {
        SubmitOutcome::Created {
            after_unknown: false,
            ..
        } => {}
        other => panic!("{other:?}"),
    }
    assert_eq!(
        app.proxy.count(POST_WITHDRAWALS),
        1,
        "not refused, not re-signed"
    );
    app.proxy.heal();
    app.refresh();
    app.run_until("online again", |state| {
        matches!(
            state.shared.connection_status(),
            ConnectionStatus::Online { .. }
        )
    });
    let errors: Vec<String> = app
        .window
        .state()
        .shared
        .data
        .polled_freshness()
        .iter()
        .filter_map(|resource| resource.error.map(|error| format!("{error:?}")))
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    assert!(!app.label_shown("clock"));
    assert!(!app.label_shown("refused"));
}

#[test]
fn a_withdrawal_whose_answer_hangs_is_sent_once_and_the_person_is_told() {
    let mut app = FaultedApp::start(None);
    // The POST reaches nobody and never answers; the re-read at once
    // shows nothing new, but a request held on the way could still arrive:
    // the person is told to wait, never that sending again is safe.
    app.proxy.on(POST_WITHDRAWALS, Fault::Hang);
    app.withdraw_by_pix(Decimal::new(1_000, 2));
    let outcome = app.withdrawal_outcome();
    assert!(
        matches!(outcome, SubmitOutcome::NotYetKnown { .. }),
        "{outcome:?}"
    );
    assert_eq!(
        app.proxy.count(POST_WITHDRAWALS),
        0,
        "the hung POST never reached the service, and was not sent again"
    );
    assert_eq!(app.sandbox_brl(), Some(DEMO_BRL));

    app.window.state_mut().view = View::Withdrawals;
    app.window.step();
    app.window.step();
    assert!(app.label_shown("the service could still accept it until"));
    assert!(!app.label_shown("You can send it again."));
}

#[test]
fn a_service_clock_ten_minutes_ahead_for_good_costs_the_person_nothing() {
    let mut app = FaultedApp::start(Some(Duration::from_secs(600)));
    app.run_until("every resource", |state| {
        state
            .shared
            .data
            .polled_freshness()
            .iter()
            .all(|resource| resource.fetched_at.is_some())
    });
    // None refused, although each token's time had to be learned from the
    // service's `Date`.
    let refused: Vec<String> = app
        .window
        .state()
        .shared
        .data
        .polled_freshness()
        .iter()
        .filter_map(|resource| resource.error.map(|error| format!("{error:?}")))
        .collect();
    assert!(refused.is_empty(), "{refused:?}");
    // The first request to reach the service was signed before any answer
    // could teach the client the service's time: refused as expired, it was
    // signed again and sent once more. The fault was real.
    let first = app.proxy.forwarded()[0].clone();
    assert!(app.proxy.count(&first) >= 2, "{first}");
    assert!(!app.label_shown("refused"));

    app.withdraw_by_pix(Decimal::new(2_500, 2));
    match app.withdrawal_outcome() {
        SubmitOutcome::Created {
            after_unknown: false,
            ..
        } => {}
        other => panic!("{other:?}"),
    }
    assert_eq!(
        app.proxy.count(POST_WITHDRAWALS),
        1,
        "signed in the service's time from the first try"
    );
    assert_eq!(app.sandbox_brl(), Some(DEMO_BRL - Decimal::new(2_500, 2)));
}

/// How long a send stays not yet known at most: the service can accept it
/// until a minute after its connection closed, then the window reads again.
pub(crate) const UNTIL_KNOWN: Duration = Duration::from_secs(100);

/// The withdrawal form's outcome once it is no longer "not yet known".
fn settled_by_itself(app: &mut FaultedApp) -> SubmitOutcome {
    app.run_until_within(UNTIL_KNOWN, "the send settled by itself", |state| {
        matches!(
            &state.panels.withdrawals.submit,
            SubmitStatus::Finished(outcome) if !matches!(outcome, SubmitOutcome::NotYetKnown { .. })
        )
    });
    match &app.window.state().panels.withdrawals.submit {
        SubmitStatus::Finished(outcome) => outcome.clone(),
        other => unreachable!("{other:?}"),
    }
}

#[test]
fn a_withdrawal_that_reaches_the_service_late_turns_from_not_yet_known_into_done_in_the_open_window()
 {
    let mut app = FaultedApp::start(None);
    // The request reaches the service 3 s after the app gave up on it (0.5 s).
    app.proxy.on(
        POST_WITHDRAWALS,
        Fault::ForwardLate {
            after: Duration::from_secs(3),
        },
    );
    app.withdraw_by_pix(Decimal::new(1_000, 2));
    let outcome = app.withdrawal_outcome();
    assert!(
        matches!(outcome, SubmitOutcome::NotYetKnown { .. }),
        "{outcome:?}"
    );
    app.window.state_mut().view = View::Withdrawals;
    app.window.step();
    app.window.step();
    assert!(app.label_shown("this window reads the list again by itself"));

    let settled = settled_by_itself(&mut app);
    assert!(
        matches!(
            settled,
            SubmitOutcome::Created {
                record: Created::Withdrawal(_),
                after_unknown: true
            }
        ),
        "{settled:?}"
    );
    app.window.step();
    app.window.step();
    assert!(app.label_shown("the re-read list shows it was done"));
    assert!(!app.label_shown("You can send it again."));
    assert_eq!(
        app.proxy.count(POST_WITHDRAWALS),
        1,
        "sent once, never again"
    );
    assert_eq!(
        app.sandbox_brl(),
        Some(DEMO_BRL - Decimal::new(1_000, 2)),
        "paid once"
    );
}

#[test]
fn a_withdrawal_that_never_reaches_the_service_turns_from_not_yet_known_into_not_done_in_the_open_window()
 {
    let mut app = FaultedApp::start(None);
    app.proxy.on(POST_WITHDRAWALS, Fault::Hang);
    app.withdraw_by_pix(Decimal::new(1_000, 2));
    let outcome = app.withdrawal_outcome();
    let SubmitOutcome::NotYetKnown { until, .. } = outcome else {
        panic!("{outcome:?}");
    };

    let settled = settled_by_itself(&mut app);
    assert!(
        time::OffsetDateTime::now_utc() > until,
        "not done only once the service could no longer accept it"
    );
    assert!(
        matches!(settled, SubmitOutcome::NotApplied(_)),
        "{settled:?}"
    );
    app.window.state_mut().view = View::Withdrawals;
    app.window.step();
    app.window.step();
    assert!(app.label_shown("shows it was not done. You can send it again."));
    assert_eq!(
        app.proxy.count(POST_WITHDRAWALS),
        0,
        "nothing reached the service"
    );
    assert_eq!(app.sandbox_brl(), Some(DEMO_BRL));
}
