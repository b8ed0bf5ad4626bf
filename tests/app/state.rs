//! Pure state tests: Events give the expected AppState, the schedule speeds
//! up for things in motion and backs off on failures, and a reload keeps the
//! old value on screen.

use std::str::FromStr;

use rust_decimal::Decimal;

use brlv_core::api::Error;
use brlv_core::api::model::{Order, OrderState};
use brlv_core::profile::Profile;
use brlv_desk::app::i18n::{self, Language};
use brlv_desk::app::message::Event;
use brlv_desk::app::panel::shared::ConnectionStatus;
use brlv_desk::app::remote::Remote;
use brlv_desk::app::resources::{Fetched, ResourceKey};
use brlv_desk::app::schedule::{
    FAST_INTERVAL_MS, FetchOutcome, MAX_BACKOFF_MS, SLOW_INTERVAL_MS, Schedule, backoff_ms,
};
use brlv_desk::app::session::{ProfileKind, SessionInfo};
use brlv_desk::app::state::{AppState, View};

fn dec(text: &str) -> Decimal {
    Decimal::from_str(text).unwrap()
}

fn network_error() -> Error {
    Error::Network {
        message: "connection refused".to_owned(),
        maybe_delivered: false,
    }
}

fn connected_state() -> AppState {
    let mut state = AppState::new(Language::En);
    state.apply(Event::SessionStarted(SessionInfo {
        id: 7,
        profile: Profile {
            name: "Work".to_owned(),
            base_url: "https://api.example.com".to_owned(),
        },
        kind: ProfileKind::Saved,
        sealed: false,
        route: Default::default(),
    }));
    state
}

fn finished(resource: ResourceKey, result: Result<Fetched, Error>, at: u64) -> Event {
    Event::FetchFinished {
        session: 7,
        resource,
        result,
        at,
        next_at: at + 30_000,
    }
}

#[test]
fn a_loaded_balance_is_ready_with_its_arrival_time() {
    let mut state = connected_state();
    state.apply(Event::FetchStarted {
        session: 7,
        resource: ResourceKey::BalanceBrl,
    });
    assert!(state.shared.data.balance_brl.is_loading());
    assert_eq!(state.shared.data.balance_brl.value(), None);
    state.apply(finished(
        ResourceKey::BalanceBrl,
        Ok(Fetched::BalanceBrl(dec("1234.56"))),
        5_000,
    ));
    let loaded = state.shared.data.balance_brl.loaded().unwrap();
    assert_eq!(loaded.value, dec("1234.56"));
    assert_eq!(loaded.fetched_at, 5_000);
    assert!(!state.shared.data.balance_brl.is_loading());
}

#[test]
fn a_reload_keeps_the_old_value_until_the_new_one_arrives() {
    let mut state = connected_state();
    state.apply(finished(
        ResourceKey::BalanceUsdc,
        Ok(Fetched::BalanceUsdc(dec("10.5"))),
        1_000,
    ));
    state.apply(Event::FetchStarted {
        session: 7,
        resource: ResourceKey::BalanceUsdc,
    });
    assert!(state.shared.data.balance_usdc.is_loading());
    assert_eq!(state.shared.data.balance_usdc.value(), Some(&dec("10.5")));

    // A failed reload still shows the last good value.
    state.apply(finished(
        ResourceKey::BalanceUsdc,
        Err(network_error()),
        2_000,
    ));
    assert_eq!(state.shared.data.balance_usdc.value(), Some(&dec("10.5")));
    assert!(state.shared.data.balance_usdc.error().is_some());

    state.apply(Event::FetchStarted {
        session: 7,
        resource: ResourceKey::BalanceUsdc,
    });
    assert_eq!(state.shared.data.balance_usdc.value(), Some(&dec("10.5")));
    state.apply(finished(
        ResourceKey::BalanceUsdc,
        Ok(Fetched::BalanceUsdc(dec("11"))),
        3_000,
    ));
    assert_eq!(state.shared.data.balance_usdc.value(), Some(&dec("11")));
    assert!(state.shared.data.balance_usdc.error().is_none());
}

#[test]
fn a_network_failure_is_offline_with_the_retry_time_and_a_success_is_back_online() {
    let mut state = connected_state();
    assert_eq!(
        state.shared.connection_status(),
        ConnectionStatus::Connecting
    );
    state.apply(finished(
        ResourceKey::BalanceBrl,
        Ok(Fetched::BalanceBrl(dec("1"))),
        1_000,
    ));
    assert_eq!(
        state.shared.connection_status(),
        ConnectionStatus::Online {
            last_refreshed: 1_000
        }
    );

    state.apply(Event::FetchFinished {
        session: 7,
        resource: ResourceKey::Orders,
        result: Err(network_error()),
        at: 2_000,
        next_at: 4_000,
    });
    assert_eq!(
        state.shared.connection_status(),
        ConnectionStatus::Offline { retry_at: 4_000 }
    );
    state.shared.now = 2_500;
    state.shared.zone = brlv_desk::app::clock::LocalZone::utc();
    state.shared.wall_now = time::macros::datetime!(2026-12-01 16:30:00 UTC);
    let (text, _) = brlv_desk::app::shell::top_bar::connection_text(&state);
    // The balance it still shows arrived 1.5 s before now.
    assert_eq!(text, "Offline · balance as of 16:29 · retrying in 2 s");

    state.apply(finished(
        ResourceKey::Orders,
        Ok(Fetched::Orders(vec![].into())),
        4_100,
    ));
    assert_eq!(
        state.shared.connection_status(),
        ConnectionStatus::Online {
            last_refreshed: 4_100
        }
    );
}

#[test]
fn a_refusal_is_not_called_offline() {
    let mut state = connected_state();
    state.apply(finished(
        ResourceKey::TaxExemption,
        Err(Error::Unauthorized {
            error: None,
            hint: brlv_core::api::error::UnauthorizedHint::CheckCredentials,
        }),
        1_000,
    ));
    match state.shared.connection_status() {
        ConnectionStatus::Refused { message, .. } => assert!(message.contains("401")),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn an_answer_that_cannot_be_read_is_not_called_a_refusal() {
    let mut state = connected_state();
    state.apply(finished(
        ResourceKey::BalanceBrl,
        Err(Error::unexpected_answer(200, "not JSON", b"\x00garbage")),
        1_000,
    ));
    match state.shared.connection_status() {
        ConnectionStatus::Unreadable { message, .. } => {
            assert!(message.contains("HTTP 200"), "{message}");
            assert!(!message.contains('\0'), "{message:?}");
        }
        other => panic!("expected an unreadable answer, got {other:?}"),
    }
    // A true refusal beside it is the one told.
    state.apply(finished(
        ResourceKey::TaxExemption,
        Err(Error::Unauthorized {
            error: None,
            hint: brlv_core::api::error::UnauthorizedHint::CheckCredentials,
        }),
        1_000,
    ));
    assert!(matches!(
        state.shared.connection_status(),
        ConnectionStatus::Refused { .. }
    ));
}

#[test]
fn events_of_an_earlier_connection_are_ignored() {
    let mut state = connected_state();
    state.apply(Event::FetchFinished {
        session: 6,
        resource: ResourceKey::BalanceBrl,
        result: Ok(Fetched::BalanceBrl(dec("99"))),
        at: 1,
        next_at: 2,
    });
    assert!(matches!(
        state.shared.data.balance_brl,
        Remote::NotRequested
    ));
}

#[test]
fn a_new_connection_starts_with_empty_data_and_ending_it_shows_onboarding() {
    let mut state = connected_state();
    state.apply(finished(
        ResourceKey::BalanceBrl,
        Ok(Fetched::BalanceBrl(dec("5"))),
        1,
    ));
    assert!(!state.shared.shows_onboarding());
    state.apply(Event::SessionEnded(7));
    assert!(state.shared.shows_onboarding());
    assert!(state.shared.data.balance_brl.value().is_none());
    assert_eq!(
        state.shared.connection_status(),
        ConnectionStatus::NoSession
    );
}

#[test]
fn the_overview_counts_as_loaded_only_when_everything_arrived() {
    let mut state = connected_state();
    let overview = [
        Fetched::BalanceBrl(Decimal::ZERO),
        Fetched::BalanceUsdc(Decimal::ZERO),
        Fetched::BalanceBrlv(Decimal::ZERO),
        Fetched::TaxExemption(serde_json::from_str("{}").unwrap()),
        Fetched::Orders(vec![].into()),
        Fetched::Transfers(vec![].into()),
        Fetched::Withdrawals(vec![].into()),
    ];
    assert_eq!(
        overview.len(),
        ResourceKey::polled()
            .into_iter()
            .filter(|resource| resource.on_overview())
            .count(),
        "every resource the overview shows is delivered here"
    );
    for (index, data) in overview.into_iter().enumerate() {
        assert!(!state.view_loaded(View::Overview));
        state.apply(finished(data.key(), Ok(data), index as u64));
    }
    assert!(state.view_loaded(View::Overview));
}

#[test]
fn an_order_awaiting_payment_is_in_motion() {
    let order: Order =
        serde_json::from_str(r#"{"id":"5b0d1a9e-7c1c-4a8e-9a53-0c3b8d6f1e21","state":"created"}"#)
            .unwrap();
    assert!(Fetched::Orders(vec![order.clone()].into()).in_motion());
    let done = Order {
        state: Some(OrderState::Expired),
        ..order
    };
    assert!(!Fetched::Orders(vec![done].into()).in_motion());
}

#[test]
fn the_schedule_fetches_everything_at_once_then_never_twice_at_the_same_time() {
    let mut schedule = Schedule::new(&ResourceKey::polled(), 0);
    let due = schedule.take_due(0);
    assert_eq!(due.len(), ResourceKey::polled().len());
    assert!(
        schedule.take_due(100_000).is_empty(),
        "all are still in flight"
    );
    assert_eq!(schedule.next_wake(), None);
}

#[test]
fn the_schedule_speeds_up_while_something_is_in_motion() {
    let mut schedule = Schedule::new(&[ResourceKey::Orders, ResourceKey::BalanceBrl], 0);
    let _ = schedule.take_due(0);
    let next_orders = schedule.finish(
        ResourceKey::Orders,
        FetchOutcome::Loaded { in_motion: true },
        1_000,
    );
    assert_eq!(next_orders, 1_000 + FAST_INTERVAL_MS);
    let next_balance = schedule.finish(
        ResourceKey::BalanceBrl,
        FetchOutcome::Loaded { in_motion: false },
        1_000,
    );
    assert_eq!(next_balance, 1_000 + SLOW_INTERVAL_MS);
    assert_eq!(
        schedule.take_due(1_000 + FAST_INTERVAL_MS),
        vec![ResourceKey::Orders]
    );

    // The order settles: orders slow down, and the balance is fetched at once.
    let next_orders = schedule.finish(
        ResourceKey::Orders,
        FetchOutcome::Loaded { in_motion: false },
        5_000,
    );
    assert_eq!(next_orders, 5_000 + SLOW_INTERVAL_MS);
    assert_eq!(schedule.take_due(5_000), vec![ResourceKey::BalanceBrl]);
}

#[test]
fn the_schedule_backs_off_on_failures_and_resets_on_success() {
    assert_eq!(backoff_ms(1), 2_000);
    assert_eq!(backoff_ms(2), 4_000);
    assert_eq!(backoff_ms(3), 8_000);
    assert_eq!(backoff_ms(10), MAX_BACKOFF_MS);
    assert_eq!(backoff_ms(u32::MAX), MAX_BACKOFF_MS);

    let mut schedule = Schedule::new(&[ResourceKey::Transfers], 0);
    let mut now = 0;
    let mut waits = Vec::new();
    for _ in 0..7 {
        assert_eq!(schedule.take_due(now), vec![ResourceKey::Transfers]);
        let next = schedule.finish(
            ResourceKey::Transfers,
            FetchOutcome::Failed {
                retry_after_ms: None,
            },
            now,
        );
        waits.push(next - now);
        now = next;
    }
    assert_eq!(
        waits,
        vec![2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]
    );
    assert_eq!(schedule.take_due(now), vec![ResourceKey::Transfers]);
    let next = schedule.finish(
        ResourceKey::Transfers,
        FetchOutcome::Loaded { in_motion: false },
        now,
    );
    assert_eq!(next - now, SLOW_INTERVAL_MS);
    assert_eq!(schedule.failures(ResourceKey::Transfers), 0);
}

#[test]
fn the_schedule_honours_retry_after_and_retries_the_others_once_back_online() {
    let mut schedule = Schedule::new(&[ResourceKey::Orders, ResourceKey::Withdrawals], 0);
    let _ = schedule.take_due(0);
    let next = schedule.finish(
        ResourceKey::Orders,
        FetchOutcome::Failed {
            retry_after_ms: Some(20_000),
        },
        0,
    );
    assert_eq!(next, 20_000);
    let _ = schedule.finish(
        ResourceKey::Withdrawals,
        FetchOutcome::Loaded { in_motion: false },
        1_000,
    );
    // The service answered again: the failed resource is retried now.
    assert_eq!(schedule.next_due(ResourceKey::Orders), Some(1_000));
}

#[test]
fn a_manual_refresh_makes_everything_due_except_what_is_in_flight() {
    let mut schedule = Schedule::new(&[ResourceKey::Orders, ResourceKey::BalanceBrlv], 0);
    let _ = schedule.take_due(0);
    let _ = schedule.finish(
        ResourceKey::Orders,
        FetchOutcome::Loaded { in_motion: false },
        0,
    );
    schedule.refresh_now(10);
    assert_eq!(schedule.take_due(10), vec![ResourceKey::Orders]);
    assert!(schedule.is_in_flight(ResourceKey::BalanceBrlv));
}

#[test]
fn every_key_has_both_languages_and_the_system_locale_picks_one() {
    assert_eq!(i18n::missing_translations(), Vec::<String>::new());
    assert_eq!(Language::from_locale("pt_BR.UTF-8"), Language::PtBr);
    assert_eq!(Language::from_locale("pt-PT"), Language::PtBr);
    assert_eq!(Language::from_locale("en-US"), Language::En);
    assert_eq!(Language::from_locale("de_DE"), Language::En);
    let brl =
        |language| brlv_desk::app::format::AmountFormat::new(language, false).brl(dec("1234.56"));
    assert_eq!(brl(Language::PtBr), "R$ 1.234,56");
    assert_eq!(brl(Language::En), "R$1,234.56");
}

#[test]
fn every_key_used_in_the_app_source_exists() {
    let mut missing = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/app"
    ))];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for literal in text.split('"').skip(1).step_by(2) {
                let looks_like_key = literal.contains('.')
                    && literal.chars().all(|c| {
                        c.is_ascii_lowercase() || c == '.' || c == '_' || c.is_ascii_digit()
                    })
                    && [
                        "nav.",
                        "placeholder.",
                        "shell.",
                        "top.",
                        "badge.",
                        "status.",
                        "time.",
                        "notice.",
                        "onboarding.",
                        "overview.",
                        "motion.",
                        "state.",
                        "settings.",
                        "accounts.",
                        "wallets.",
                        "transfers.",
                        "withdrawals.",
                        "claims.",
                        "deposits.",
                        "err.",
                        "orders.",
                        "events.",
                    ]
                    .iter()
                    .any(|prefix| literal.starts_with(prefix));
                if looks_like_key && !i18n::has_key(literal) {
                    missing.push(format!("{}: {literal}", path.display()));
                }
            }
        }
    }
    assert_eq!(missing, Vec::<String>::new());
}

#[test]
fn a_change_announced_while_a_list_is_in_flight_is_read_again_after_it() {
    let mut schedule = Schedule::new(&ResourceKey::polled(), 0);
    assert!(schedule.take_due(0).contains(&ResourceKey::Orders));
    // A webhook says an order moved while the list is being fetched: the
    // answer on its way may predate the move.
    schedule.refresh_one(ResourceKey::Orders, 100);
    let next = schedule.finish(
        ResourceKey::Orders,
        FetchOutcome::Loaded { in_motion: false },
        200,
    );
    assert_eq!(
        next, 200,
        "read again at once, not after {SLOW_INTERVAL_MS} ms"
    );
    assert!(schedule.take_due(200).contains(&ResourceKey::Orders));
}
