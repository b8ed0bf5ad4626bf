//! Big accounts and a quiet window: a list over the budget is reported once
//! and parked, an answer identical to the last rebuilds nothing, a big list
//! is read less often. Behaviour only; the figures are in the benchmarks.

use std::sync::Arc;
use std::time::{Duration, Instant};

use secrecy::SecretString;

use brlv_core::api::Error;
use brlv_core::keystore::MemoryStore;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::panel::shared::ConnectionStatus;
use brlv_desk::app::resources::{Fetched, ResourceKey};
use brlv_desk::app::schedule::{COST_MS_PER_MIB, FetchOutcome, SLOW_INTERVAL_MS, Schedule};
use brlv_desk::app::state::AppState;
use brlv_desk::app::worker::{EnvironmentProfile, WorkerHandle};
use brlv_sandbox::RunningSandbox;

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
        brlv_desk::app::session::SessionInfo {
            id: 7,
            profile: brlv_core::profile::Profile {
                name: "Sandbox".to_owned(),
                base_url: "http://127.0.0.1:1".to_owned(),
            },
            kind: brlv_desk::app::session::ProfileKind::Sandbox,
            sealed: false,
            route: Default::default(),
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
        result: Ok(Fetched::Transfers(Vec::with_capacity(4).into())),
        at: 1_000,
        next_at: 31_000,
    });
    let rows_before = state.shared.data.transfers.value().unwrap().as_ptr();
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
    let loaded = state.shared.data.transfers.loaded().unwrap();
    assert_eq!(loaded.fetched_at, 31_000);
    assert_eq!(
        loaded.value.as_ptr(),
        rows_before,
        "the same rows, not a rebuilt list"
    );
    assert!(!state.shared.data.transfers.is_loading());
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
        result: Err(Error::ListOverBudget { budget_bytes: MIB }),
        at: 1_000,
        next_at: u64::MAX,
    });
    assert!(matches!(
        state.shared.connection_status(),
        ConnectionStatus::Online { .. }
    ));
    assert!(state.shared.data.orders.error().is_some());
}

struct BigAccount {
    sandbox: RunningSandbox,
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
        EnvironmentProfile::Given(brlv_core::credentials::Credentials {
            base_url: sandbox.base_url().to_string(),
            api_key: SecretString::from("big".to_owned()),
            private_key: key,
            network: Default::default(),
        }),
    );
    assert!(worker.send(Command::SetListBudget { mib: budget_mib }));
    assert!(worker.send(Command::Start { sandbox: false }));
    BigAccount {
        sandbox,
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
    // 10,000 orders take about 2 MB once decoded: over a 1 MiB budget.
    let account = big_account(10_000, 1);
    let mut state = AppState::new(Language::En);
    let is_order_fetch = fetches_of(ResourceKey::Orders);
    let mut order_fetches = 0;
    pump(
        &account,
        &mut state,
        "the orders refused",
        |event| order_fetches += usize::from(is_order_fetch(event)),
        |state| state.shared.data.orders.error().is_some(),
    );
    assert!(matches!(
        state.shared.data.orders.error(),
        Some(Error::ListOverBudget { .. })
    ));
    assert!(state.shared.data.orders.value().is_none());

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
        |state| state.shared.data.orders.value().is_some(),
    );
    assert!(state.shared.data.orders.value().unwrap().len() > 10_000);

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

    use brlv_desk::app::i18n::Language;
    use brlv_desk::app::panel::list_arrangements::TRANSFERS;
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
    ) -> brlv_core::api::model::Transfer {
        let created = time::OffsetDateTime::UNIX_EPOCH + time::Duration::days(20_000)
            - time::Duration::minutes(minutes_ago);
        serde_json::from_value(serde_json::json!({
            "id": format!("{id:08x}-0000-4000-8000-000000000000"),
            "state": state,
            "amount": amount,
            "asset": "eth-base/brlv",
            "created-at": brlv_core::api::timestamp::format(&created),
        }))
        .unwrap()
    }

    fn rows() -> Vec<brlv_core::api::model::Transfer> {
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
    fn a_search_finds_words_ids_and_amounts_alone_and_several_words_across_the_row() {
        let search = |text: &str| {
            arrange(
                &rows(),
                &Asked {
                    search: text.to_owned(),
                    sort: None,
                },
                &TRANSFERS,
            )
        };
        assert_eq!(search("9.5"), vec![0, 3], "an amount");
        assert_eq!(search("100.0"), vec![1], "an amount, not an id's digits");
        // "fa" is hex: both the ids and the words are looked through.
        assert_eq!(search("fa"), vec![1], "failed");
        assert_eq!(search("-4000-8000-"), vec![0, 1, 2, 3], "an id's middle");
        assert_eq!(search("BRLV"), vec![0, 1, 2, 3], "any case");
        assert_eq!(
            search("completed 10.00"),
            vec![2],
            "every word, anywhere in the row"
        );
        assert_eq!(search("10.00 COMPLETED"), vec![2], "in any order");
        assert_eq!(search("failed 9.5"), Vec::<u32>::new());
        assert_eq!(search("nothing"), Vec::<u32>::new());
    }

    #[test]
    fn amounts_sort_by_value_not_by_text_and_ties_keep_the_lists_order() {
        // Column 1 is the amount: 9.50 < 10.00 < 100.00, though "10.00" < "9.50" as text.
        let ascending = Asked {
            search: String::new(),
            sort: Some(SortBy {
                column: 1,
                descending: false,
            }),
        };
        assert_eq!(arrange(&rows(), &ascending, &TRANSFERS), vec![0, 3, 2, 1]);
        let descending = Asked {
            sort: Some(SortBy {
                column: 1,
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
        deliver(&mut state, Fetched::Transfers(rows().into()), 9_000);
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
    state.shared.now = 6_000;
    assert_eq!(connection_text(&state).0, "Online · up to date");
    // One frame when the words would change, not one per second.
    assert_eq!(
        connection_text_changes_in(&state),
        Some(Duration::from_millis(UP_TO_DATE_MS - 5_000))
    );
    state.shared.now = 1_000 + 2 * 60_000 + 500;
    assert_eq!(connection_text(&state).0, "Online · refreshed 2 min ago");
    assert_eq!(
        connection_text_changes_in(&state),
        Some(Duration::from_millis(59_500))
    );
}

fn order(id: u128, state: &str) -> brlv_core::api::model::Order {
    serde_json::from_value(serde_json::json!({
        "id": uuid::Uuid::from_u128(id),
        "state": state,
        "created-at": "2026-03-10T11:55:05Z",
    }))
    .unwrap()
}

#[test]
fn a_big_lists_orders_in_motion_are_followed_one_by_one_and_a_small_lists_are_not() {
    let mut schedule = Schedule::new(&[ResourceKey::Orders], 0);
    assert_eq!(schedule.take_due(0), [ResourceKey::Orders]);
    let moving = [uuid::Uuid::from_u128(1), uuid::Uuid::from_u128(2)];
    assert!(!Schedule::too_big_to_follow_motion(500_000));
    assert!(Schedule::too_big_to_follow_motion(48 * MIB));

    schedule.follow(moving, 1_000);
    assert_eq!(schedule.followed(), moving);
    // Due a fast interval on: the list that named them was just read.
    assert!(schedule.take_due(1_000).is_empty());
    let due = schedule.take_due(1_000 + brlv_desk::app::schedule::FAST_INTERVAL_MS);
    assert_eq!(
        due,
        moving.map(ResourceKey::OrderInMotion),
        "each followed alone"
    );

    // A later list where one settled follows only the other.
    schedule.follow([moving[1]], 5_000);
    assert_eq!(schedule.followed(), [moving[1]]);
    // A list small enough to re-read fast follows none.
    schedule.follow([], 6_000);
    assert!(schedule.followed().is_empty());

    // However much moves, the followed stay few.
    schedule.follow((10..1_000).map(uuid::Uuid::from_u128), 7_000);
    assert_eq!(
        schedule.followed().len(),
        brlv_desk::app::schedule::MAX_FOLLOWED
    );
}

fn moving_ids(state: &AppState) -> Vec<u128> {
    state
        .shared
        .data
        .orders_in_motion
        .iter()
        .map(|order| order.id.as_u128())
        .collect()
}

#[test]
fn an_order_read_alone_stands_for_its_row_and_leaves_the_motion_once_settled() {
    let mut state = session_state();
    let mut rows: Vec<_> = (10..200).map(|id| order(id, "completed")).collect();
    rows.push(order(1, "created"));
    rows.push(order(2, "created"));
    state.apply(Event::FetchFinished {
        session: 7,
        resource: ResourceKey::Orders,
        result: Ok(Fetched::Orders(rows.into())),
        at: 1_000,
        next_at: 90_000,
    });
    assert_eq!(moving_ids(&state), [1, 2], "found when the list arrived");

    let paid = order(1, "completed");
    state.apply(Event::FetchFinished {
        session: 7,
        resource: ResourceKey::OrderInMotion(paid.id),
        result: Ok(Fetched::Order(Box::new(paid.clone()))),
        at: 4_000,
        next_at: 34_000,
    });
    assert_eq!(moving_ids(&state), [2], "the paid one settled");
    let rows = Arc::clone(state.shared.data.orders.value().unwrap());
    let row = rows.iter().find(|row| row.id == paid.id).unwrap();
    assert_eq!(
        row.state.as_ref().unwrap().as_str(),
        "created",
        "the list as read"
    );
    assert_eq!(
        state
            .shared
            .data
            .latest_order(row)
            .state
            .as_ref()
            .unwrap()
            .as_str(),
        "completed",
        "its row shows what was read alone"
    );
    assert_eq!(
        state.shared.data.orders.loaded().unwrap().fetched_at,
        1_000,
        "the list itself was not rebuilt"
    );

    // Sorted and searched as it shows: by what was read alone.
    use brlv_desk::app::features::orders::view::list::ORDER_ARRANGEMENT;
    use brlv_desk::app::ui::arrange::{Asked, Newer, SortBy, arrange_with_newer};
    let newer = Newer::new(Arc::clone(&state.shared.data.orders_read_alone), |order| {
        order.id
    });
    let search = |text: &str, newer: Option<&Newer<_>>| {
        let asked = Asked {
            search: text.to_owned(),
            sort: None,
        };
        arrange_with_newer(&rows, newer, &asked, &ORDER_ARRANGEMENT)
            .iter()
            .map(|position| rows[*position as usize].id.as_u128())
            .collect::<Vec<_>>()
    };
    assert_eq!(search("created", None), [1, 2], "the list as read");
    assert_eq!(search("created", Some(&newer)), [2], "the paid one is not");
    let by_state = Asked {
        search: String::new(),
        sort: Some(SortBy {
            column: 4,
            descending: true,
        }),
    };
    let first_two = |newer: Option<&Newer<_>>| {
        let sorted = arrange_with_newer(&rows, newer, &by_state, &ORDER_ARRANGEMENT);
        let mut ids: Vec<u128> = sorted[..2]
            .iter()
            .map(|position| rows[*position as usize].id.as_u128())
            .collect();
        ids.sort_unstable();
        ids
    };
    // Down, "created" comes before every "completed".
    assert_eq!(first_two(None), [1, 2], "the list as read");
    assert_ne!(
        first_two(Some(&newer)),
        [1, 2],
        "the paid one among the completed"
    );

    // The same copy read again keeps the map: nothing is arranged again.
    let map = Arc::clone(&state.shared.data.orders_read_alone);
    state.apply(Event::FetchFinished {
        session: 7,
        resource: ResourceKey::Order(paid.id),
        result: Ok(Fetched::Order(Box::new(paid.clone()))),
        at: 7_000,
        next_at: 37_000,
    });
    assert!(Arc::ptr_eq(&map, &state.shared.data.orders_read_alone));

    // The next list is newer than anything read alone.
    state.apply(Event::FetchFinished {
        session: 7,
        resource: ResourceKey::Orders,
        result: Ok(Fetched::Orders(vec![order(2, "created")].into())),
        at: 90_000,
        next_at: 180_000,
    });
    assert!(state.shared.data.orders_read_alone.is_empty());
    assert_eq!(state.shared.data.orders_in_motion.len(), 1);
}

#[test]
fn the_worker_follows_a_big_lists_awaiting_order_alone_and_learns_it_expired() {
    // 20,000 more orders (about 10 MB) are re-read every ~20 s: far slower
    // than the 3 s an order awaiting payment needs.
    let account = big_account(20_000, 256);
    let mut state = AppState::new(Language::En);
    let followed = std::cell::Cell::new(None);
    pump(
        &account,
        &mut state,
        "the demo's awaiting order followed alone",
        |event| {
            if let Event::FetchStarted {
                resource: ResourceKey::OrderInMotion(id),
                ..
            } = event
            {
                followed.set(Some(*id));
            }
        },
        |_| followed.get().is_some(),
    );
    let followed = followed.get().unwrap();
    let awaiting = state
        .shared
        .data
        .orders_in_motion
        .iter()
        .find(|order| order.id == followed)
        .expect("the followed order is one the list shows in motion");
    assert_eq!(awaiting.state.as_ref().unwrap().as_str(), "created");

    // Its payment window ends; the order's own read says so.
    account.sandbox.advance_clock(Duration::from_secs(3_600));
    let mut learnt_alone = false;
    pump(
        &account,
        &mut state,
        "the followed order read as expired",
        |event| {
            if let Event::FetchFinished {
                resource: ResourceKey::OrderInMotion(id),
                result: Ok(Fetched::Order(order)),
                ..
            } = event
                && *id == followed
                && order
                    .state
                    .as_ref()
                    .is_some_and(|s| s.as_str() == "expired")
            {
                learnt_alone = true;
            }
        },
        |state| {
            !state
                .shared
                .data
                .orders_in_motion
                .iter()
                .any(|order| order.id == followed)
        },
    );
    assert!(
        learnt_alone,
        "the order's own GET told it, not a re-read of the whole list"
    );
}
