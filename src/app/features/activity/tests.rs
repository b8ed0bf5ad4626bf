//! The extrato's model and the monthly figures, without a window: which
//! way each kind of movement goes, what counts in the totals, the filters,
//! the days, the months, and the cache that spares a rebuild.

use std::str::FromStr;
use std::sync::Arc;

use rust_decimal::Decimal;
use serde_json::json;
use time::macros::{date, datetime};

use crate::app::clock::LocalZone;
use crate::app::resources::{AccountData, Fetched};
use brlv_core::api::model::{Asset, Claim, Deposit, Order, Transfer, Wallet, Withdrawal};

use super::model::{
    ActivityFilter, Direction, Leg, Line, Movement, Source, Sources, Totals, build_timeline,
    filter_timeline, movements,
};
use super::monthly::{YearMonth, last_months, monthly_flows};
use super::state::{ActivityState, Extent, RangePreset, parse_day};
use crate::app::movement::MovementKind;

fn dec(text: &str) -> Decimal {
    Decimal::from_str(text).unwrap_or_default()
}

fn id(n: u128) -> String {
    uuid::Uuid::from_u128(n).to_string()
}

fn order(n: u128, at: &str, state: &str, pay: (&str, &str), get: (&str, &str)) -> Order {
    serde_json::from_value(json!({
        "id": id(n), "created-at": at, "state-updated-at": at, "state": state,
        "source-asset": pay.1, "source-amount": pay.0,
        "target-asset": get.1, "target-amount": get.0,
    }))
    .unwrap_or_else(|error| panic!("order fixture: {error}"))
}

fn transfer(n: u128, at: &str, state: &str, amount: &str, from: &str, to: &str) -> Transfer {
    serde_json::from_value(json!({
        "id": id(n), "created-at": at, "state": state, "asset": "eth-base/brlv",
        "amount": amount, "source-address": from, "target-address": to,
    }))
    .unwrap_or_else(|error| panic!("transfer fixture: {error}"))
}

fn withdrawal(n: u128, at: &str, state: &str, amount: &str, asset: Option<&str>) -> Withdrawal {
    let mut value = json!({
        "id": id(n), "created-at": at, "state": state, "method": "pix", "amount": amount,
    });
    if let (Some(asset), Some(object)) = (asset, value.as_object_mut()) {
        object.insert("asset".into(), json!(asset));
    }
    serde_json::from_value(value).unwrap_or_else(|error| panic!("withdrawal fixture: {error}"))
}

fn deposit(n: u128, at: &str, amount: &str, payer: &str) -> Deposit {
    serde_json::from_value(json!({
        "id": id(n), "created-at": at, "type": "pix", "status": "credited", "amount": amount,
        "coordinates": {"source-tax-id": payer},
    }))
    .unwrap_or_else(|error| panic!("deposit fixture: {error}"))
}

fn claim(n: u128, at: &str, gross: &str, net: &str) -> Claim {
    serde_json::from_value(json!({
        "id": id(n), "updated-at": at, "gross-amount": gross, "net-amount": net,
        "status": "completed",
    }))
    .unwrap_or_else(|error| panic!("claim fixture: {error}"))
}

const OWN_A: &str = "0x1111111111111111111111111111111111111111";
const OWN_B: &str = "0x2222222222222222222222222222222222222222";
const OTHER: &str = "0x3333333333333333333333333333333333333333";

fn wallets() -> Vec<Wallet> {
    [OWN_A, OWN_B]
        .iter()
        .map(|address| {
            serde_json::from_value(json!({"address": address, "assets": ["eth-base/brlv"]}))
                .unwrap_or_else(|error| panic!("wallet fixture: {error}"))
        })
        .collect()
}

/// One of each kind over three days of March 2026 and one of February.
fn sources() -> Sources {
    Sources {
        orders: Arc::new(vec![
            order(
                1,
                "2026-03-10T12:00:00Z",
                "completed",
                ("500.00", "fiat/brl"),
                ("499.5", "eth-base/brlv"),
            ),
            order(
                2,
                "2026-03-09T08:00:00Z",
                "expired",
                ("100.00", "fiat/brl"),
                ("100", "eth-base/brlv"),
            ),
        ]),
        transfers: Arc::new(vec![
            transfer(3, "2026-03-10T09:00:00Z", "completed", "12.5", OWN_A, OTHER),
            transfer(4, "2026-03-09T10:00:00Z", "completed", "7", OWN_A, OWN_B),
        ]),
        withdrawals: Arc::new(vec![
            withdrawal(
                5,
                "2026-03-08T15:30:00Z",
                "completed",
                "0.10",
                Some("fiat/brl"),
            ),
            withdrawal(
                6,
                "2026-03-08T14:00:00Z",
                "failed",
                "99.00",
                Some("fiat/brl"),
            ),
            withdrawal(7, "2026-02-20T10:00:00Z", "completed", "0.20", None),
        ]),
        deposits: [
            Arc::new(vec![deposit(
                8,
                "2026-03-09T11:00:00Z",
                "1000.00",
                "12345678909",
            )]),
            Arc::default(),
            Arc::default(),
            Arc::default(),
        ],
        wallets: Arc::new(wallets()),
        claims: Arc::new(vec![claim(9, "2026-03-10T18:00:00Z", "200.00", "198.00")]),
    }
}

fn legs_of(sources: &Sources, kind: MovementKind, n: u128) -> Vec<Leg> {
    build_timeline(sources)
        .into_iter()
        .find(|movement| {
            movement.kind() == kind
                && sources
                    .record(movement.source())
                    .is_some_and(|record| record.id() == uuid::Uuid::from_u128(n))
        })
        .map(|movement| movement.legs(sources).collect())
        .unwrap_or_default()
}

#[test]
fn an_order_pays_its_source_and_receives_its_target() {
    let legs = legs_of(&sources(), MovementKind::Order, 1);
    assert_eq!(
        legs,
        vec![
            Leg {
                direction: Direction::Out,
                asset: Asset::FiatBrl,
                amount: dec("500.00")
            },
            Leg {
                direction: Direction::In,
                asset: Asset::EthBaseBrlv,
                amount: dec("499.5")
            },
        ]
    );
}

#[test]
fn a_transfer_out_of_the_account_is_out_and_one_between_its_wallets_is_neither() {
    let sources = sources();
    let out = legs_of(&sources, MovementKind::Transfer, 3);
    assert_eq!(out.first().map(|leg| leg.direction), Some(Direction::Out));
    let within = legs_of(&sources, MovementKind::Transfer, 4);
    assert_eq!(
        within.first().map(|leg| leg.direction),
        Some(Direction::Within)
    );
}

#[test]
fn withdrawals_are_out_deposits_and_claims_in_and_a_pix_withdrawal_without_asset_is_brl() {
    let sources = sources();
    let withdrawal = legs_of(&sources, MovementKind::Withdrawal, 7);
    assert_eq!(
        withdrawal,
        vec![Leg {
            direction: Direction::Out,
            asset: Asset::FiatBrl,
            amount: dec("0.20")
        }]
    );
    let deposit = legs_of(&sources, MovementKind::Deposit, 8);
    assert_eq!(
        deposit.first().map(|leg| leg.direction),
        Some(Direction::In)
    );
    assert_eq!(deposit.first().map(|leg| &leg.asset), Some(&Asset::FiatBrl));
    let claim = legs_of(&sources, MovementKind::Claim, 9);
    assert_eq!(
        claim,
        vec![Leg {
            direction: Direction::In,
            asset: Asset::FiatBrl,
            amount: dec("198.00")
        }],
        "the net amount is what arrives"
    );
}

#[test]
fn a_brcode_order_awaiting_its_pix_is_listed_but_not_counted() {
    let awaiting = |brcode: Option<&str>| {
        let mut order = order(
            11,
            "2026-03-10T12:00:00Z",
            "created",
            ("250.00", "fiat/brl"),
            ("250", "eth-base/brlv"),
        );
        order.brcode = brcode.map(Into::into);
        let sources = Sources {
            orders: Arc::new(vec![order]),
            ..Sources::default()
        };
        let timeline = build_timeline(&sources);
        filter_timeline(&timeline, &sources, &ActivityFilter::default())
    };
    let by_pix = awaiting(Some("000201..."));
    assert_eq!(by_pix.count, 1);
    assert!(by_pix.totals.is_empty(), "nothing paid yet");
    let from_balance = awaiting(None);
    assert_eq!(
        from_balance
            .totals
            .get(&Asset::FiatBrl)
            .map(|totals| totals.money_out),
        Some(dec("250.00")),
        "the balance pays at acceptance"
    );
}

#[test]
fn the_timeline_is_newest_first_with_undated_movements_last() {
    let mut sources = sources();
    let mut orders = (*sources.orders).clone();
    let mut undated = order(
        10,
        "2026-03-01T00:00:00Z",
        "completed",
        ("1", "fiat/brl"),
        ("1", "eth-base/brlv"),
    );
    undated.created_at = None;
    orders.insert(0, undated);
    sources.orders = Arc::new(orders);
    let timeline = build_timeline(&sources);
    let times: Vec<_> = timeline.iter().map(|movement| movement.at()).collect();
    let dated: Vec<_> = times.iter().flatten().collect();
    assert!(dated.windows(2).all(|pair| pair[0] >= pair[1]), "{times:?}");
    assert_eq!(times.last(), Some(&None));
    assert_eq!(timeline.len(), 10);
}

#[test]
fn totals_are_exact_per_asset_and_leave_out_the_undone_and_the_moves_within() {
    let sources = sources();
    let timeline = build_timeline(&sources);
    let filtered = filter_timeline(&timeline, &sources, &ActivityFilter::default());
    assert_eq!(filtered.count, 9);
    assert_eq!(
        filtered.totals.get(&Asset::FiatBrl),
        Some(&Totals {
            // Deposit 1000.00 + claim 198.00.
            money_in: dec("1198.00"),
            // Order 500.00 + withdrawals 0.10 + 0.20 (the failed 99.00 and
            // the expired order's 100.00 are not counted).
            money_out: dec("500.30"),
        })
    );
    assert_eq!(
        filtered.totals.get(&Asset::EthBaseBrlv),
        Some(&Totals {
            money_in: dec("499.5"),
            // The transfer out; not the 7 moved between own wallets.
            money_out: dec("12.5"),
        })
    );
}

#[test]
fn lines_group_the_movements_under_their_day() {
    let sources = sources();
    let timeline = build_timeline(&sources);
    let filtered = filter_timeline(&timeline, &sources, &ActivityFilter::default());
    let days: Vec<_> = filtered
        .lines()
        .filter_map(|line| match line {
            Line::Day(day) => Some(day),
            Line::Movement(_) => None,
        })
        .collect();
    assert_eq!(
        days,
        vec![
            Some(date!(2026 - 03 - 10)),
            Some(date!(2026 - 03 - 09)),
            Some(date!(2026 - 03 - 08)),
            Some(date!(2026 - 02 - 20)),
        ]
    );
    assert_eq!(filtered.lines().count(), 9 + 4);
    assert_eq!(filtered.len(), 9 + 4);
    assert!(matches!(filtered.lines().next(), Some(Line::Day(_))));
}

#[test]
fn the_range_includes_both_days_and_the_other_filters_narrow_it() {
    let sources = sources();
    let timeline = build_timeline(&sources);
    let run = |filter: ActivityFilter| filter_timeline(&timeline, &sources, &filter);

    let ninth_to_tenth = run(ActivityFilter {
        from: Some(date!(2026 - 03 - 09)),
        to: Some(date!(2026 - 03 - 10)),
        ..ActivityFilter::default()
    });
    assert_eq!(ninth_to_tenth.count, 6);

    let withdrawals = run(ActivityFilter {
        kind: Some(MovementKind::Withdrawal),
        ..ActivityFilter::default()
    });
    assert_eq!(withdrawals.count, 3);
    assert_eq!(
        withdrawals.totals.get(&Asset::FiatBrl).map(Totals::net),
        Some(dec("-0.30"))
    );

    let brlv = run(ActivityFilter {
        asset: Some(Asset::EthBaseBrlv),
        ..ActivityFilter::default()
    });
    assert_eq!(brlv.count, 4, "two orders and two transfers");
    assert_eq!(
        brlv.totals.keys().collect::<Vec<_>>(),
        vec![&Asset::EthBaseBrlv],
        "with an asset chosen, only its totals"
    );

    let by_address = run(ActivityFilter {
        text: OTHER.to_uppercase(),
        ..ActivityFilter::default()
    });
    assert_eq!(by_address.count, 1, "searched case-insensitively");
    let by_payer = run(ActivityFilter {
        text: "12345678909".into(),
        ..ActivityFilter::default()
    });
    assert_eq!(by_payer.count, 1);
    assert_eq!(
        by_payer
            .totals
            .get(&Asset::FiatBrl)
            .map(|totals| totals.money_in),
        Some(dec("1000.00"))
    );
}

#[test]
fn days_are_read_in_both_ways_people_write_them() {
    assert_eq!(parse_day("2026-03-09"), Some(date!(2026 - 03 - 09)));
    assert_eq!(parse_day(" 09/03/2026 "), Some(date!(2026 - 03 - 09)));
    assert_eq!(parse_day("31/02/2026"), None);
    assert_eq!(parse_day("2026-13-01"), None);
    assert_eq!(parse_day("yesterday"), None);
}

#[test]
fn presets_cover_the_days_they_name() {
    let mut state = ActivityState::default();
    let today = date!(2026 - 03 - 10);
    state.preset = RangePreset::ThisMonth;
    assert_eq!(
        state.range(today),
        Ok((Some(date!(2026 - 03 - 01)), Some(today)))
    );
    state.preset = RangePreset::Last30Days;
    assert_eq!(
        state.range(today),
        Ok((Some(date!(2026 - 02 - 09)), Some(today)))
    );
    state.preset = RangePreset::Last12Months;
    assert_eq!(
        state.range(today),
        Ok((Some(date!(2025 - 04 - 01)), Some(today)))
    );
    state.preset = RangePreset::Custom;
    state.from_text = "10/03/2026".into();
    state.to_text = "2026-03-01".into();
    assert!(state.range(today).is_err(), "from after to");
}

#[test]
fn the_last_twelve_months_cross_the_year() {
    let months = last_months(date!(2026 - 03 - 10), 12);
    assert_eq!(
        months.first(),
        Some(&YearMonth {
            year: 2025,
            month: 4
        })
    );
    assert_eq!(
        months.last(),
        Some(&YearMonth {
            year: 2026,
            month: 3
        })
    );
    assert_eq!(months.len(), 12);
}

#[test]
fn monthly_flows_sum_each_month_of_one_asset() {
    let sources = sources();
    let timeline = build_timeline(&sources);
    let months = last_months(date!(2026 - 03 - 10), 12);
    let utc = LocalZone::utc();
    let flows = monthly_flows(
        timeline.iter().copied(),
        &sources,
        &Asset::FiatBrl,
        &months,
        &utc,
    );
    assert_eq!(
        monthly_flows(
            movements(&sources),
            &sources,
            &Asset::FiatBrl,
            &months,
            &utc
        ),
        flows,
        "the lists summed as they are, without the timeline, give the same months"
    );
    let march = flows.last().cloned();
    let february = flows.get(10).cloned();
    assert_eq!(
        march.as_ref().map(|flow| flow.money_in),
        Some(dec("1198.00"))
    );
    assert_eq!(
        march.as_ref().map(|flow| flow.money_out),
        Some(dec("500.10"))
    );
    assert_eq!(
        february.as_ref().map(|flow| flow.money_out),
        Some(dec("0.20"))
    );
    assert!(
        flows
            .iter()
            .take(10)
            .all(|flow| flow.money_in.is_zero() && flow.money_out.is_zero())
    );
}

#[test]
fn the_timeline_is_built_once_per_list_change_not_per_frame() {
    let mut data = AccountData::default();
    let sources = sources();
    data.finish(
        Fetched::Orders((*sources.orders).clone().into()).key(),
        Ok(Fetched::Orders((*sources.orders).clone().into())),
        1,
        2,
    );
    let mut state = ActivityState::default();
    let ctx = egui::Context::default();
    let now = datetime!(2026-03-10 20:00 UTC);
    let first = state.view(&ctx, &data, &[], now, &LocalZone::utc(), Extent::Extrato);
    let built = state.generation();
    let again = state.view(&ctx, &data, &[], now, &LocalZone::utc(), Extent::Extrato);
    assert_eq!(
        state.generation(),
        built,
        "nothing changed, nothing rebuilt"
    );
    assert!(Arc::ptr_eq(&first.filtered, &again.filtered));
    // The same answer confirmed keeps its Arc: still nothing rebuilt.
    data.unchanged(Fetched::Orders(Vec::new().into()).key(), 3, 4);
    state.view(&ctx, &data, &[], now, &LocalZone::utc(), Extent::Extrato);
    assert_eq!(state.generation(), built);
    // A new answer is a new list.
    data.finish(
        Fetched::Orders(Vec::new().into()).key(),
        Ok(Fetched::Orders((*sources.orders)[..1].to_vec().into())),
        5,
        6,
    );
    let after = state.view(&ctx, &data, &[], now, &LocalZone::utc(), Extent::Extrato);
    assert_eq!(state.generation(), built + 1);
    assert_eq!(after.filtered.count, 1);
    // A filter change refilters without rebuilding.
    state.kind = Some(MovementKind::Claim);
    let claims_only = state.view(&ctx, &data, &[], now, &LocalZone::utc(), Extent::Extrato);
    assert_eq!(state.generation(), built + 1);
    assert_eq!(claims_only.filtered.count, 0);
}

#[test]
fn a_long_list_is_computed_on_a_thread_while_the_last_figures_stay() {
    let count = crate::app::cache::INLINE_ROWS + 1;
    let data = long_orders_data(count);
    let mut state = ActivityState::default();
    let ctx = egui::Context::default();
    let now = datetime!(2026-03-10 20:00 UTC);
    let first = state.view(&ctx, &data, &[], now, &LocalZone::utc(), Extent::Extrato);
    assert!(first.busy, "not computed in the frame");
    assert_eq!(first.filtered.count, 0, "nothing shown before it is ready");
    let ready =
        until_ready(|| state.view(&ctx, &data, &[], now, &LocalZone::utc(), Extent::Extrato));
    assert_eq!(ready.filtered.count, count);
    assert_eq!(
        ready
            .filtered
            .totals
            .get(&Asset::FiatBrl)
            .map(|totals| totals.money_out),
        Some(Decimal::from(count))
    );
}

#[test]
fn a_movement_stays_sixteen_bytes_with_nothing_on_the_heap() {
    // Before: 72 bytes plus a Vec of legs on the heap (112 bytes for an
    // order, as a Vec starts at four legs), about 184 bytes per record.
    // After: 16, no heap. A field added here must earn its place against
    // issue 11's budget of 250 bytes per record for the whole app.
    assert!(
        std::mem::size_of::<Movement>() <= 16,
        "a movement is {} bytes",
        std::mem::size_of::<Movement>()
    );
    assert!(!std::mem::needs_drop::<Movement>(), "nothing on the heap");
}

#[test]
fn a_movement_gives_back_its_source_moment_and_marks_exactly() {
    let moments = [
        None,
        Some(datetime!(2026-03-10 12:00:00.123_456_789 UTC)),
        // Before 1970, and in another offset (read back in UTC).
        Some(datetime!(1969-12-31 23:59:59.5 -03:00)),
        Some(datetime!(9999-12-31 23:59:59.999_999_999 UTC)),
        Some(datetime!(-9999-01-01 00:00 UTC)),
    ];
    let sources = [
        Source::Order(0),
        Source::Transfer(7),
        Source::Withdrawal(u32::MAX),
        Source::Deposit(3, 123_456),
        Source::Deposit(0, 1),
        Source::Claim(2),
    ];
    for at in moments {
        for source in sources {
            for counts in [true, false] {
                for direction in [Direction::In, Direction::Out, Direction::Within] {
                    let movement = Movement::new(source, at, counts, direction);
                    assert_eq!(movement.source(), source);
                    assert_eq!(movement.kind(), source.kind());
                    assert_eq!(movement.at(), at, "{source:?}");
                    for zone in [LocalZone::utc(), sao_paulo()] {
                        assert_eq!(
                            movement.day_in(&mut zone.days()),
                            at.map(|at| zone.date_of(at)),
                            "{zone:?}"
                        );
                    }
                    assert_eq!(movement.counts(), counts);
                    let expected = matches!(source, Source::Transfer(_)).then_some(direction);
                    assert_eq!(movement.transfer_direction(), expected);
                }
            }
        }
    }
}

#[test]
fn movements_of_the_same_second_keep_their_order_by_nanosecond() {
    let mut earlier = order(
        1,
        "2026-03-10T12:00:00.100Z",
        "completed",
        ("1", "fiat/brl"),
        ("1", "eth-base/brlv"),
    );
    let later = order(
        2,
        "2026-03-10T12:00:00.900Z",
        "completed",
        ("1", "fiat/brl"),
        ("1", "eth-base/brlv"),
    );
    earlier.state_updated_at = None;
    let sources = Sources {
        orders: Arc::new(vec![earlier, later]),
        ..Sources::default()
    };
    let ids: Vec<_> = build_timeline(&sources)
        .iter()
        .filter_map(|movement| sources.record(movement.source()))
        .map(|record| record.id())
        .collect();
    assert_eq!(
        ids,
        vec![uuid::Uuid::from_u128(2), uuid::Uuid::from_u128(1)],
        "the later one first"
    );
}

/// The lines a filter shows, written out: each day's header, then its
/// movements' kinds.
fn written_lines(filtered: &super::model::Filtered, timeline: &[Movement]) -> Vec<String> {
    filtered
        .lines()
        .map(|line| match line {
            Line::Day(day) => format!("{day:?}"),
            Line::Movement(position) => timeline
                .get(position as usize)
                .map_or("gone".into(), |movement| movement.kind().wire().into()),
        })
        .collect()
}

#[test]
fn a_narrowed_range_shows_its_movements_under_their_days_by_position() {
    let sources = sources();
    let timeline = build_timeline(&sources);
    let withdrawals = filter_timeline(
        &timeline,
        &sources,
        &ActivityFilter {
            kind: Some(MovementKind::Withdrawal),
            ..ActivityFilter::default()
        },
    );
    assert_eq!(
        written_lines(&withdrawals, &timeline),
        vec![
            "Some(2026-03-08)",
            "withdrawal",
            "withdrawal",
            "Some(2026-02-20)",
            "withdrawal"
        ]
    );
    assert_eq!(withdrawals.line(withdrawals.len()), None, "past the end");
    let searched = filter_timeline(
        &timeline,
        &sources,
        &ActivityFilter {
            text: "completed".into(),
            ..ActivityFilter::default()
        },
    );
    assert_eq!(
        written_lines(&searched, &timeline),
        vec![
            "Some(2026-03-10)",
            "claim",
            "order",
            "transfer",
            "Some(2026-03-09)",
            "transfer",
            "Some(2026-03-08)",
            "withdrawal",
            "Some(2026-02-20)",
            "withdrawal"
        ]
    );
}

#[test]
fn an_unfiltered_range_keeps_nothing_per_movement() {
    let sources = Sources {
        orders: Arc::new(vec![paid_order(1, "2026-03-10T12:00:00Z"); 1_000]),
        ..Sources::default()
    };
    let timeline = build_timeline(&sources);
    let every = filter_timeline(&timeline, &sources, &ActivityFilter::default());
    assert_eq!(every.count, 1_000);
    assert_eq!(every.len(), 1_001, "one day, its header and its movements");
    assert_eq!(every.line(1_000), Some(Line::Movement(999)));
    assert!(
        every.kept_bytes() < 100,
        "one day start, not a line per movement: {} bytes",
        every.kept_bytes()
    );
}

/// The timeline's memory per record, for a hundred thousand orders:
/// `cargo test --lib timeline_memory -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn timeline_memory_per_record() {
    let count: usize = 100_000;
    let orders = numbered_orders(count, |index, copy| {
        copy.created_at = copy
            .created_at()
            .map(|at| (at - time::Duration::minutes(index as i64)).into());
        if !index.is_multiple_of(3) {
            copy.state = Some(brlv_core::api::model::OrderState::Expired);
        }
    });
    let sources = Sources {
        orders: Arc::new(orders),
        ..Sources::default()
    };
    let timeline = build_timeline(&sources);
    // Movements own no heap (asserted above): the vector is all of it.
    let timeline_bytes = timeline.capacity() * std::mem::size_of::<Movement>();
    let every = filter_timeline(&timeline, &sources, &ActivityFilter::default());
    let searched = filter_timeline(
        &timeline,
        &sources,
        &ActivityFilter {
            text: "expired".into(),
            ..ActivityFilter::default()
        },
    );
    let per_record = |bytes: usize| bytes as f64 / count as f64;
    println!(
        "{count} orders over {} days: movement {} bytes; timeline {:.1} bytes/record; \
         unfiltered range {:.2} bytes/record; a search matching {} {:.2} bytes/record",
        every.len() - every.count,
        std::mem::size_of::<Movement>(),
        per_record(timeline_bytes),
        per_record(every.kept_bytes()),
        searched.count,
        per_record(searched.kept_bytes()),
    );
}

#[test]
fn movements_of_the_same_moment_keep_their_lists_order_in_the_timeline() {
    let at = "2026-03-10T12:00:00Z";

    // Past a few dozen, an unstable sort reorders equal keys.
    let many: Vec<u128> = (0..200).map(|n| (n * 7919) % 1000 + 10).collect();
    let sources = Sources {
        orders: Arc::new(many.iter().map(|n| paid_order(*n, at)).collect()),
        withdrawals: Arc::new(vec![
            withdrawal(5, at, "completed", "0.20", None),
            withdrawal(4, at, "completed", "0.30", None),
        ]),
        claims: Arc::new(vec![claim(9, "2026-03-11T18:00:00Z", "200.00", "198.00")]),
        ..Sources::default()
    };
    let ids: Vec<u128> = build_timeline(&sources)
        .iter()
        .filter_map(|movement| sources.record(movement.source()))
        .map(|record| record.id().as_u128())
        .collect();
    let mut expected = vec![9];
    expected.extend(&many);
    expected.extend([5, 4]);
    assert_eq!(ids, expected);
}

/// A completed order that paid R$1.00 for 1 BRLV, created `at`.
fn paid_order(id: u128, at: &str) -> Order {
    order(
        id,
        at,
        "completed",
        ("1.00", "fiat/brl"),
        ("1", "eth-base/brlv"),
    )
}

/// `count` copies of one [`paid_order`], numbered from 0, each changed by
/// `adjust` (given its number).
fn numbered_orders(count: usize, adjust: impl Fn(usize, &mut Order)) -> Vec<Order> {
    let template = paid_order(1, "2026-03-10T12:00:00Z");
    (0..count)
        .map(|index| {
            let mut copy = template.clone();
            copy.id = uuid::Uuid::from_u128(index as u128);
            adjust(index, &mut copy);
            copy
        })
        .collect()
}

fn long_orders_data(count: usize) -> AccountData {
    let orders = numbered_orders(count, |_, _| {});
    let mut data = AccountData::default();
    data.finish(
        Fetched::Orders(Vec::new().into()).key(),
        Ok(Fetched::Orders(orders.into())),
        1,
        2,
    );
    data
}

fn until_ready(mut view: impl FnMut() -> super::state::ActivityView) -> super::state::ActivityView {
    for _ in 0..500 {
        let shown = view();
        if !shown.busy {
            return shown;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the thread never delivered")
}

#[test]
fn the_charts_alone_build_no_timeline_and_the_extrato_serves_them() {
    let data = long_orders_data(3);
    let mut state = ActivityState::default();
    let ctx = egui::Context::default();
    let now = datetime!(2026-03-10 20:00 UTC);
    let charts = state.view(&ctx, &data, &[], now, &LocalZone::utc(), Extent::Charts);
    assert_eq!(state.generation(), 0, "no timeline for the charts");
    assert!(charts.timeline.is_empty());
    assert_eq!(
        charts.flows.last().map(|flow| flow.money_out),
        Some(dec("3.00"))
    );
    let extrato = state.view(&ctx, &data, &[], now, &LocalZone::utc(), Extent::Extrato);
    assert_eq!(state.generation(), 1);
    assert_eq!(extrato.filtered.count, 3);
    assert!(Arc::ptr_eq(&charts.flows, &extrato.flows), "sums kept");
    let charts_again = state.view(&ctx, &data, &[], now, &LocalZone::utc(), Extent::Charts);
    assert_eq!(
        state.generation(),
        1,
        "the extrato's figures serve the charts"
    );
    assert!(Arc::ptr_eq(&charts_again.timeline, &extrato.timeline));
}

#[test]
fn requests_made_while_one_computes_wait_and_only_the_last_is_computed() {
    let count = crate::app::cache::INLINE_ROWS + 1;
    let data = long_orders_data(count);
    let mut state = ActivityState::default();
    let ctx = egui::Context::default();
    let now = datetime!(2026-03-10 20:00 UTC);
    assert!(
        state
            .view(&ctx, &data, &[], now, &LocalZone::utc(), Extent::Extrato)
            .busy
    );
    // Two more choices while the first computes: neither starts a thread.
    state.kind = Some(MovementKind::Claim);
    assert!(
        state
            .view(&ctx, &data, &[], now, &LocalZone::utc(), Extent::Extrato)
            .busy
    );
    state.kind = Some(MovementKind::Order);
    assert!(
        state
            .view(&ctx, &data, &[], now, &LocalZone::utc(), Extent::Extrato)
            .busy
    );
    assert_eq!(state.threads_started(), 1);
    let ready =
        until_ready(|| state.view(&ctx, &data, &[], now, &LocalZone::utc(), Extent::Extrato));
    assert_eq!(ready.filtered.count, count, "the last choice: orders");
    assert_eq!(
        state.threads_started(),
        2,
        "the first, then only the last of the choices made meanwhile"
    );
    assert_eq!(state.generation(), 1, "one timeline, refiltered");
}

#[test]
fn a_long_timeline_searched_in_parts_finds_what_one_pass_finds() {
    let count = 60_001;
    let orders: Vec<Order> = (0..count)
        .map(|n| {
            let paid = if n % 997 == 0 { "7777.00" } else { "1.00" };
            order(
                n as u128,
                "2026-03-10T12:00:00Z",
                "completed",
                (paid, "fiat/brl"),
                ("1", "eth-base/brlv"),
            )
        })
        .collect();
    let sources = Sources {
        orders: Arc::new(orders),
        ..Sources::default()
    };
    let timeline = build_timeline(&sources);
    let filter = ActivityFilter {
        // With its point: "7777" alone is also in the id of order 0x7777.
        text: "7777.00".to_owned(),
        ..ActivityFilter::default()
    };
    let found = filter_timeline(&timeline, &sources, &filter);
    let expected: Vec<u128> = (0..count as u128).filter(|n| n % 997 == 0).collect();
    let ids: Vec<u128> = found
        .lines()
        .filter_map(|line| match line {
            Line::Movement(position) => timeline.get(position as usize),
            Line::Day(_) => None,
        })
        .filter_map(|movement| sources.record(movement.source()))
        .map(|record| record.id().as_u128())
        .collect();
    assert_eq!(ids, expected);
    assert_eq!(
        found
            .totals
            .get(&Asset::FiatBrl)
            .map(|totals| totals.money_out),
        Some(dec("7777.00") * Decimal::from(expected.len()))
    );
}

fn sao_paulo() -> LocalZone {
    LocalZone::named("America/Sao_Paulo").unwrap_or_else(|| panic!("no America/Sao_Paulo"))
}

/// A PIX received at 22:30 in São Paulo on 31 March 2026 (01:30 on 1 April
/// in UTC), and the edges of March there: its first second, the last
/// second of February, the last second of March and the first of April.
fn around_the_end_of_march() -> AccountData {
    let deposits = vec![
        deposit(20, "2026-04-01T03:00:00Z", "4.00", "first of April"),
        deposit(21, "2026-04-01T02:59:59Z", "3.00", "last of March"),
        deposit(22, "2026-04-01T01:30:00Z", "250.00", "the PIX"),
        deposit(23, "2026-03-01T03:00:00Z", "2.00", "first of March"),
        deposit(24, "2026-03-01T02:59:59Z", "1.00", "last of February"),
    ];
    let mut data = AccountData::default();
    let fetched = Fetched::DepositsBrl(deposits.into());
    data.finish(fetched.key(), Ok(fetched), 1, 2);
    data
}

fn paid_in(view: &super::state::ActivityView) -> Option<Decimal> {
    view.filtered
        .totals
        .get(&Asset::FiatBrl)
        .map(|totals| totals.money_in)
}

fn days_of(view: &super::state::ActivityView) -> Vec<Option<time::Date>> {
    view.filtered
        .lines()
        .filter_map(|line| match line {
            Line::Day(day) => Some(day),
            Line::Movement(_) => None,
        })
        .collect()
}

#[test]
fn a_pix_at_half_past_ten_at_night_in_sao_paulo_is_on_march_31_and_in_march() {
    let data = around_the_end_of_march();
    let ctx = egui::Context::default();
    let now = datetime!(2026-04-10 15:00 UTC);
    let mut state = ActivityState::default();
    let view = state.view(&ctx, &data, &[], now, &sao_paulo(), Extent::Extrato);
    assert_eq!(
        days_of(&view),
        vec![
            Some(date!(2026 - 04 - 01)),
            Some(date!(2026 - 03 - 31)),
            Some(date!(2026 - 03 - 01)),
            Some(date!(2026 - 02 - 28)),
        ],
        "the PIX and 23:59:59 are on 31 March; the first second of March is on its own day"
    );
    let march = view.flows.iter().find(|flow| {
        flow.month
            == YearMonth {
                year: 2026,
                month: 3,
            }
    });
    assert_eq!(
        march.map(|flow| flow.money_in),
        Some(dec("255.00")),
        "2 + 250 + 3"
    );
    let april = view.flows.last();
    assert_eq!(april.map(|flow| flow.money_in), Some(dec("4.00")));

    // The same instants read in UTC: the PIX is on 1 April, as before.
    let mut utc = ActivityState::default();
    let view = utc.view(&ctx, &data, &[], now, &LocalZone::utc(), Extent::Extrato);
    assert_eq!(
        days_of(&view),
        vec![Some(date!(2026 - 04 - 01)), Some(date!(2026 - 03 - 01))]
    );
    let march = view.flows.iter().find(|flow| {
        flow.month
            == YearMonth {
                year: 2026,
                month: 3,
            }
    });
    assert_eq!(march.map(|flow| flow.money_in), Some(dec("3.00")), "1 + 2");
}

#[test]
fn this_month_is_the_local_month_up_to_its_last_second() {
    let data = around_the_end_of_march();
    let ctx = egui::Context::default();
    // 23:30 on 31 March in São Paulo: 1 April already in UTC.
    let now = datetime!(2026-04-01 02:30 UTC);
    let mut state = ActivityState::default();
    state.preset = RangePreset::ThisMonth;
    let view = state.view(&ctx, &data, &[], now, &sao_paulo(), Extent::Extrato);
    assert_eq!(
        state.range(sao_paulo().date_of(now)),
        Ok((Some(date!(2026 - 03 - 01)), Some(date!(2026 - 03 - 31))))
    );
    assert_eq!(
        view.filtered.count, 3,
        "the first second of March to the last"
    );
    assert_eq!(paid_in(&view), Some(dec("255.00")));
    assert_eq!(view.flows.last().map(|flow| flow.month.month), Some(3));
}

#[test]
fn a_typed_day_is_that_day_in_the_persons_zone() {
    let data = around_the_end_of_march();
    let ctx = egui::Context::default();
    let now = datetime!(2026-04-10 15:00 UTC);
    let mut state = ActivityState::default();
    state.preset = RangePreset::Custom;
    state.from_text = "31/03/2026".to_owned();
    state.to_text = "2026-03-31".to_owned();
    let view = state.view(&ctx, &data, &[], now, &sao_paulo(), Extent::Extrato);
    assert_eq!(view.filtered.count, 2, "the PIX and 23:59:59");
    assert_eq!(paid_in(&view), Some(dec("253.00")));
    assert_eq!(days_of(&view), vec![Some(date!(2026 - 03 - 31))]);

    state.from_text = "01/04/2026".to_owned();
    state.to_text = String::new();
    let view = state.view(&ctx, &data, &[], now, &sao_paulo(), Extent::Extrato);
    assert_eq!(paid_in(&view), Some(dec("4.00")), "only 00:00 on 1 April");
}
