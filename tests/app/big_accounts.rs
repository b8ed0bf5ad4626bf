//! Big accounts and a quiet window: a list over the budget is reported once
//! and parked, an answer identical to the last rebuilds nothing, a big list
//! is read less often. Behaviour only; the figures are in the benchmarks.

use std::sync::Arc;
use std::time::{Duration, Instant};

use secrecy::SecretString;

use brlv_desk::api::Error;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::resources::{Fetched, ResourceKey};
use brlv_desk::app::schedule::{COST_MS_PER_MIB, FetchOutcome, SLOW_INTERVAL_MS, Schedule};
use brlv_desk::app::state::{AppState, ConnectionStatus};
use brlv_desk::app::worker::{EnvironmentProfile, WorkerHandle};
use brlv_desk::keystore::MemoryStore;
use brlv_desk::sandbox::RunningSandbox;

use crate::support::worker::worker_with;

const MIB: u64 = 1024 * 1024;

#[test]
fn a_big_list_is_read_less_often_than_a_small_one() {
    let mut schedule = Schedule::new(&[ResourceKey::Orders, ResourceKey::Transfers], 0);
    let _ = schedule.take_due(0);
    let loaded = FetchOutcome::Loaded { in_motion: false };
    let small = schedule.finish_sized(ResourceKey::Transfers, loaded, 5_000, 1_000);
    let big = schedule.finish_sized(ResourceKey::Orders, loaded, 480 * MIB, 1_000);
    assert_eq!(small, 1_000 + SLOW_INTERVAL_MS, "a small list keeps 30 s");
    assert_eq!(
        big,
        1_000 + 480 * COST_MS_PER_MIB,
        "a big one waits its cost"
    );
    assert!(big > small);

    // Even something in motion is not re-read every 3 s when it is huge.
    let _ = schedule.take_due(big);
    let moving = schedule.finish_sized(
        ResourceKey::Orders,
        FetchOutcome::Loaded { in_motion: true },
        480 * MIB,
        big,
    );
    assert_eq!(moving, big + 480 * COST_MS_PER_MIB);
}

#[test]
fn a_list_over_the_budget_is_parked_until_the_budget_changes() {
    let mut schedule = Schedule::new(&[ResourceKey::Orders, ResourceKey::BalanceBrl], 0);
    let _ = schedule.take_due(0);
    let _ = schedule.finish(ResourceKey::Orders, FetchOutcome::OverBudget, 1_000);
    let _ = schedule.finish(
        ResourceKey::BalanceBrl,
        FetchOutcome::Loaded { in_motion: false },
        1_000,
    );
    assert!(schedule.is_parked(ResourceKey::Orders));

    // Hours pass, other resources succeed, the person refreshes: the list
    // is not asked for again, so its answer is not downloaded in a loop.
    let mut now = 1_000;
    for _ in 0..10 {
        now += 10 * SLOW_INTERVAL_MS;
        schedule.refresh_now(now);
        schedule.refresh_one(ResourceKey::Orders, now);
        let due = schedule.take_due(now);
        assert_eq!(due, vec![ResourceKey::BalanceBrl]);
        let _ = schedule.finish(
            ResourceKey::BalanceBrl,
            FetchOutcome::Loaded { in_motion: false },
            now,
        );
    }
    assert_ne!(
        schedule.next_wake(),
        Some(u64::MAX),
        "a parked list sets no wake-up"
    );

    schedule.budget_changed(now);
    assert!(!schedule.is_parked(ResourceKey::Orders));
    assert_eq!(schedule.take_due(now), vec![ResourceKey::Orders]);
}

fn session_state() -> AppState {
    let mut state = AppState::new(Language::En);
    state.apply(Event::SessionStarted(
        brlv_desk::app::message::SessionInfo {
            id: 7,
            profile: brlv_desk::profile::Profile {
                name: "Sandbox".to_owned(),
                base_url: "http://127.0.0.1:1".to_owned(),
            },
            kind: brlv_desk::app::message::ProfileKind::Sandbox,
            sealed: false,
        },
    ));
    state
}

#[test]
fn an_unchanged_answer_keeps_the_rows_as_they_are_and_moves_only_the_time() {
    let mut state = session_state();
    state.apply(Event::FetchFinished {
        session: 7,
        resource: ResourceKey::Transfers,
        result: Ok(Fetched::Transfers(Vec::with_capacity(4))),
        at: 1_000,
        next_at: 31_000,
    });
    let rows_before = state.data.transfers.value().unwrap().as_ptr();
    state.apply(Event::FetchStarted {
        session: 7,
        resource: ResourceKey::Transfers,
    });
    state.apply(Event::FetchUnchanged {
        session: 7,
        resource: ResourceKey::Transfers,
        at: 31_000,
        next_at: 61_000,
    });
    let loaded = state.data.transfers.loaded().unwrap();
    assert_eq!(loaded.fetched_at, 31_000);
    assert_eq!(
        loaded.value.as_ptr(),
        rows_before,
        "the same rows, not a rebuilt list"
    );
    assert!(!state.data.transfers.is_loading());
}

#[test]
fn an_over_budget_list_is_the_panels_news_not_a_connection_failure() {
    let mut state = session_state();
    state.apply(Event::FetchFinished {
        session: 7,
        resource: ResourceKey::BalanceBrl,
        result: Ok(Fetched::BalanceBrl(rust_decimal::Decimal::ONE)),
        at: 1_000,
        next_at: 31_000,
    });
    state.apply(Event::FetchFinished {
        session: 7,
        resource: ResourceKey::Orders,
        result: Err(Error::ResponseTooLarge {
            limit_bytes: MIB as usize,
        }),
        at: 1_000,
        next_at: u64::MAX,
    });
    assert!(matches!(
        state.connection_status(),
        ConnectionStatus::Online { .. }
    ));
    assert!(state.data.orders.error().is_some());
}

struct BigAccount {
    _sandbox: RunningSandbox,
    _runtime: tokio::runtime::Runtime,
    worker: WorkerHandle,
    _dir: tempfile::TempDir,
}

/// The real worker on a sandbox account with `records` of each kind more
/// than the demo, its list budget set to `budget_mib` before it starts.
fn big_account(records: usize, budget_mib: u64) -> BigAccount {
    let crate::support::worker::SandboxAccount {
        runtime,
        sandbox,
        key,
    } = crate::support::worker::sandbox_account("big", 1);
    assert!(sandbox.seed_history("big", records));
    let dir = tempfile::tempdir().unwrap();
    let worker = worker_with(
        Arc::new(MemoryStore::default()),
        dir.path().join("profiles.json"),
        EnvironmentProfile::Given(brlv_desk::call::Credentials {
            base_url: sandbox.base_url().to_string(),
            api_key: SecretString::from("big".to_owned()),
            private_key: key,
        }),
    );
    assert!(worker.send(Command::SetListBudget { mib: budget_mib }));
    assert!(worker.send(Command::Start { sandbox: false }));
    BigAccount {
        _sandbox: sandbox,
        _runtime: runtime,
        worker,
        _dir: dir,
    }
}

/// Applies Events to `state` until `done` says so, handing each to `seen`.
fn pump(
    account: &BigAccount,
    state: &mut AppState,
    what: &str,
    mut seen: impl FnMut(&Event),
    done: impl Fn(&AppState) -> bool,
) {
    let start = Instant::now();
    while !done(state) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        for command in state.take_commands() {
            assert!(account.worker.send(command));
        }
        if let Some(event) = account.worker.recv_timeout(Duration::from_millis(200)) {
            seen(&event);
            state.apply(event);
        }
    }
}

fn fetches_of(resource: ResourceKey) -> impl Fn(&Event) -> bool {
    move |event| matches!(event, Event::FetchStarted { resource: fetched, .. } if *fetched == resource)
}

#[test]
fn a_list_over_the_budget_is_reported_once_and_not_fetched_again_until_the_budget_grows() {
    // 5,000 orders are about 2.5 MB: over a 1 MiB budget.
    let account = big_account(5_000, 1);
    let mut state = AppState::new(Language::En);
    let is_order_fetch = fetches_of(ResourceKey::Orders);
    let mut order_fetches = 0;
    pump(
        &account,
        &mut state,
        "the orders refused",
        |event| order_fetches += usize::from(is_order_fetch(event)),
        |state| state.data.orders.error().is_some(),
    );
    assert!(matches!(
        state.data.orders.error(),
        Some(Error::ResponseTooLarge { .. })
    ));
    assert!(state.data.orders.value().is_none());

    // Three refreshes later the balance was read three more times, the
    // orders not once more.
    let deadline = Instant::now() + Duration::from_secs(60);
    for _ in 0..3 {
        assert!(account.worker.send(Command::Refresh));
        loop {
            assert!(Instant::now() < deadline, "timed out waiting for balances");
            let Some(event) = account.worker.recv_timeout(Duration::from_millis(200)) else {
                continue;
            };
            order_fetches += usize::from(is_order_fetch(&event));
            let balance_read = matches!(
                event,
                Event::FetchFinished {
                    resource: ResourceKey::BalanceBrl,
                    ..
                } | Event::FetchUnchanged {
                    resource: ResourceKey::BalanceBrl,
                    ..
                }
            );
            state.apply(event);
            if balance_read {
                break;
            }
        }
    }
    assert_eq!(order_fetches, 1, "asked for once, not in a loop");

    // A bigger budget brings the list.
    assert!(account.worker.send(Command::SetListBudget { mib: 64 }));
    pump(
        &account,
        &mut state,
        "the orders loaded",
        |_| {},
        |state| state.data.orders.value().is_some(),
    );
    assert!(state.data.orders.value().unwrap().len() > 5_000);

    // Read again, the same answer says so instead of bringing a new list.
    assert!(account.worker.send(Command::Refresh));
    let deadline = Instant::now() + Duration::from_secs(60);
    let orders_answer = loop {
        assert!(Instant::now() < deadline, "timed out waiting for orders");
        let Some(event) = account.worker.recv_timeout(Duration::from_millis(200)) else {
            continue;
        };
        let answer = match &event {
            Event::FetchUnchanged {
                resource: ResourceKey::Orders,
                ..
            } => Some("unchanged"),
            Event::FetchFinished {
                resource: ResourceKey::Orders,
                ..
            } => Some("rebuilt"),
            _ => None,
        };
        state.apply(event);
        if let Some(answer) = answer {
            break answer;
        }
    };
    assert_eq!(orders_answer, "unchanged");
}

mod arrange {
    use std::time::{Duration, Instant};

    use brlv_desk::app::features::list_arrangements::TRANSFERS;
    use brlv_desk::app::i18n::Language;
    use brlv_desk::app::resources::Fetched;
    use brlv_desk::app::state::View;
    use brlv_desk::app::ui::arrange::{Asked, SortBy, arrange};
    use egui_kittest::kittest::Queryable;

    use crate::support::ui::{connected_state, deliver, harness, settle};

    fn transfer(
        id: u32,
        state: &str,
        amount: &str,
        minutes_ago: i64,
    ) -> brlv_desk::api::model::Transfer {
        let created = time::OffsetDateTime::UNIX_EPOCH + time::Duration::days(20_000)
            - time::Duration::minutes(minutes_ago);
        serde_json::from_value(serde_json::json!({
            "id": format!("{id:08x}-0000-4000-8000-000000000000"),
            "state": state,
            "amount": amount,
            "asset": "eth-base/brlv",
            "created-at": brlv_desk::api::model::timestamp::format(&created),
        }))
        .unwrap()
    }

    fn rows() -> Vec<brlv_desk::api::model::Transfer> {
        vec![
            transfer(1, "completed", "9.50", 1),
            transfer(2, "failed", "100.00", 2),
            transfer(3, "completed", "10.00", 3),
            transfer(4, "pending", "9.50", 4),
        ]
    }

    #[test]
    fn a_search_keeps_the_matching_rows_in_the_lists_order() {
        let asked = Asked {
            search: "  COMPLETED ".to_owned(),
            sort: None,
        };
        assert_eq!(arrange(&rows(), &asked, &TRANSFERS), vec![0, 2]);
        let by_id = Asked {
            search: "00000003".to_owned(),
            sort: None,
        };
        assert_eq!(arrange(&rows(), &by_id, &TRANSFERS), vec![2]);
    }

    #[test]
    fn amounts_sort_by_value_not_by_text_and_ties_keep_the_lists_order() {
        // Column 2 is the amount: 9.50 < 10.00 < 100.00, though "10.00" < "9.50" as text.
        let ascending = Asked {
            search: String::new(),
            sort: Some(SortBy {
                column: 2,
                descending: false,
            }),
        };
        assert_eq!(arrange(&rows(), &ascending, &TRANSFERS), vec![0, 3, 2, 1]);
        let descending = Asked {
            sort: Some(SortBy {
                column: 2,
                descending: true,
            }),
            ..ascending
        };
        assert_eq!(arrange(&rows(), &descending, &TRANSFERS), vec![1, 2, 0, 3]);
    }

    #[test]
    fn a_header_click_sorts_up_then_down_then_back_to_the_lists_order() {
        let up = SortBy::after_click(None, 1);
        assert_eq!(
            up,
            Some(SortBy {
                column: 1,
                descending: false
            })
        );
        let down = SortBy::after_click(up, 1);
        assert!(down.is_some_and(|sort| sort.descending));
        assert_eq!(SortBy::after_click(down, 1), None);
        assert_eq!(
            SortBy::after_click(down, 2).map(|sort| sort.column),
            Some(2)
        );
    }

    #[test]
    fn typing_in_the_transfers_search_narrows_the_table() {
        let mut state = connected_state(Language::En);
        state.view = View::Transfers;
        deliver(&mut state, Fetched::Transfers(rows()), 9_000);
        let mut harness = harness(state);
        settle(&mut harness);
        assert_eq!(harness.query_all_by_label("failed").count(), 1);
        let field = harness.get_by_label("Search");
        field.focus();
        field.type_text("completed");
        // The narrowing is computed on its own thread: poll, bounded.
        let deadline = Instant::now() + Duration::from_secs(20);
        while harness.query_by_label("2 of 4").is_none() {
            assert!(
                Instant::now() < deadline,
                "the search never narrowed the list"
            );
            std::thread::sleep(Duration::from_millis(20));
            harness.run_steps(1);
        }
        assert_eq!(harness.query_all_by_label("failed").count(), 0);
    }
}

#[test]
fn the_connection_reads_up_to_date_without_a_ticking_clock_until_answers_stop() {
    use brlv_desk::app::shell::top_bar::{
        UP_TO_DATE_MS, connection_text, connection_text_changes_in,
    };
    let mut state = session_state();
    state.apply(Event::FetchFinished {
        session: 7,
        resource: ResourceKey::BalanceBrl,
        result: Ok(Fetched::BalanceBrl(rust_decimal::Decimal::ONE)),
        at: 1_000,
        next_at: 31_000,
    });
    state.now = 6_000;
    assert_eq!(connection_text(&state).0, "Online · up to date");
    // One frame when the words would change, not one per second.
    assert_eq!(
        connection_text_changes_in(&state),
        Some(Duration::from_millis(UP_TO_DATE_MS - 5_000))
    );
    state.now = 1_000 + 2 * 60_000 + 500;
    assert_eq!(connection_text(&state).0, "Online · refreshed 2 min ago");
    assert_eq!(
        connection_text_changes_in(&state),
        Some(Duration::from_millis(59_500))
    );
}
