//! One frame of the Orders view with 10 to 1,000,000 orders: the
//! virtualized table must cost about the same however long the list is;
//! and the sort and search of 10,000 to a million orders, as the thread that
//! computes them runs them (the window keeps drawing meanwhile); and the
//! extrato's timeline of a million orders, built and filtered; and the tax
//! report's ledger of a million orders, alone and as the Taxes view's
//! figures (`cargo bench --bench tables -- tax`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

// The UI tests' helpers, of which this bench uses a few.
#[allow(dead_code)]
#[path = "../tests/app/support/ui.rs"]
mod ui_support;

use brlv_core::api::model::Order;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::View;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use egui_kittest::kittest::Queryable;
use time::OffsetDateTime;
use ui_support::{connected_state, deliver, harness, settle};

fn order(index: usize, now: OffsetDateTime) -> Order {
    let created = now - time::Duration::seconds(i64::try_from(index).unwrap() * 60);
    serde_json::from_value(serde_json::json!({
        "id": format!("{index:08x}-0000-4000-8000-000000000000"),
        "state": if index.is_multiple_of(3) { "completed" } else { "expired" },
        "created-at": brlv_core::api::timestamp::format(&created),
        "source-asset": "fiat/brl",
        "target-asset": "eth-base/brlv",
        "source-amount": "100.00",
        "target-amount": "99.500000000000000000",
    }))
    .unwrap()
}

/// `count` orders: one decoded, the rest copies with their own id, time,
/// state and amount (decoding a million JSON objects would take longer
/// than the benchmark).
fn orders(count: usize, now: OffsetDateTime) -> Vec<Order> {
    let template = order(0, now);
    (0..count)
        .map(|index| {
            let mut copy = template.clone();
            copy.id = uuid::Uuid::from_u128(index as u128);
            copy.created_at =
                Some((now - time::Duration::seconds(i64::try_from(index).unwrap() * 60)).into());
            copy.state = Some(if index.is_multiple_of(3) {
                brlv_core::api::model::OrderState::Completed
            } else {
                brlv_core::api::model::OrderState::Expired
            });
            let amount =
                rust_decimal::Decimal::new(i64::try_from(index % 100_000).unwrap() + 100, 2);
            copy.source_amount = Some(amount.into());
            copy
        })
        .collect()
}

fn orders_frame(c: &mut Criterion) {
    let now = OffsetDateTime::now_utc();
    let mut group = c.benchmark_group("orders view, one frame");
    for count in [10usize, 10_000, 100_000, 1_000_000] {
        let mut state = connected_state(brlv_desk::app::i18n::Language::PtBr);
        state.view = View::Orders;
        state.shared.now = 10_000;
        state.shared.wall_now = now;
        deliver(
            &mut state,
            Fetched::Orders(orders(count, now).into()),
            9_000,
        );
        let mut harness = harness(state);
        settle(&mut harness);
        group.bench_with_input(BenchmarkId::from_parameter(count), &count, |b, _| {
            b.iter(|| harness.step())
        });
    }
    group.finish();
}

/// The same frame in a window that shows ten rows: 10 orders and a million
/// then lay out the same rows, so what is left is what the list's length
/// itself costs.
fn orders_frame_ten_rows_on_screen(c: &mut Criterion) {
    let now = OffsetDateTime::now_utc();
    let mut group = c.benchmark_group("orders view, one frame, ten rows on screen");
    for count in [10usize, 1_000_000] {
        let mut state = connected_state(brlv_desk::app::i18n::Language::PtBr);
        state.view = View::Orders;
        state.shared.now = 10_000;
        state.shared.wall_now = now;
        deliver(
            &mut state,
            Fetched::Orders(orders(count, now).into()),
            9_000,
        );
        let mut harness = egui_kittest::Harness::builder()
            .with_size([1280.0, TEN_ROWS_HIGH])
            .with_max_steps(12)
            .build_ui_state(
                |ui, state: &mut brlv_desk::app::state::AppState| {
                    brlv_desk::app::shell::shell_ui(ui, state)
                },
                state,
            );
        settle(&mut harness);
        // Every order's short id is "00000000": its links are the rows drawn.
        let drawn = harness.query_all_by_label("00000000").count();
        assert_eq!(drawn, 10, "the window must show ten rows, it shows {drawn}");
        group.bench_with_input(BenchmarkId::from_parameter(count), &count, |b, _| {
            b.iter(|| harness.step())
        });
    }
    group.finish();
}

/// A window height whose Orders table shows ten rows (asserted above).
const TEN_ROWS_HIGH: f32 = 484.0;

fn sort_and_search(c: &mut Criterion) {
    use brlv_desk::app::features::orders::view::list::ORDER_ARRANGEMENT;
    use brlv_desk::app::ui::arrange::{Asked, SortBy, arrange};
    let now = OffsetDateTime::now_utc();
    let sort = |column| Asked {
        search: String::new(),
        sort: Some(SortBy {
            column,
            descending: true,
        }),
    };
    let search = |text: &str| Asked {
        search: text.to_owned(),
        sort: None,
    };
    let asked = [
        ("sort by amount", sort(4)),
        ("sort by creation time", sort(1)),
        (
            "search \"100.5\" (amounts and ids written out)",
            search("100.5"),
        ),
        ("search \"completed\"", search("completed")),
    ];
    let mut group = c.benchmark_group("sort and search orders");
    group.sample_size(10);
    for count in [10_000usize, 100_000, 1_000_000] {
        let rows = orders(count, now);
        for (name, asked) in &asked {
            group.bench_with_input(BenchmarkId::new(*name, count), asked, |b, asked| {
                b.iter(|| arrange(&rows, asked, &ORDER_ARRANGEMENT))
            });
        }
    }
    group.finish();
}

/// The extrato of a million orders: the timeline built once per list
/// change (on its own thread past `INLINE_ROWS`), then filtered (by nothing:
/// the totals of every movement; by a text; by a month), and the Overview's
/// monthly flows; they read every movement's legs from its record. Days and
/// months are São Paulo's, as the person's zone there makes them (a zone
/// with daylight saving in its history, so its rules are really read).
fn extrato(c: &mut Criterion) {
    use brlv_core::api::model::Asset;
    use brlv_desk::app::clock::LocalZone;
    use brlv_desk::app::features::activity::model::{
        ActivityFilter, Sources, build_timeline, filter_timeline, movements,
    };
    use brlv_desk::app::features::activity::monthly::{last_months, monthly_flows};
    let now = OffsetDateTime::now_utc();
    let sources = Sources {
        orders: std::sync::Arc::new(orders(1_000_000, now)),
        ..Sources::default()
    };
    let timeline = build_timeline(&sources);
    let zone = LocalZone::named("America/Sao_Paulo").unwrap();
    let every = ActivityFilter {
        zone: zone.clone(),
        ..ActivityFilter::default()
    };
    let mut group = c.benchmark_group("extrato of 1,000,000 orders");
    group.sample_size(10);
    group.bench_function("build the timeline", |b| {
        b.iter(|| build_timeline(&sources))
    });
    group.bench_function("filter by nothing (every movement, its totals)", |b| {
        b.iter(|| filter_timeline(&timeline, &sources, &every))
    });
    group.bench_function("filter by a month's days (the last 30)", |b| {
        let today = zone.date_of(now);
        let filter = ActivityFilter {
            from: Some(today - time::Duration::days(29)),
            to: Some(today),
            ..every.clone()
        };
        b.iter(|| filter_timeline(&timeline, &sources, &filter))
    });
    group.bench_function("monthly flows of BRL over 12 months", |b| {
        let months = last_months(zone.date_of(now), 12);
        b.iter(|| {
            monthly_flows(
                timeline.iter().copied(),
                &sources,
                &Asset::FiatBrl,
                &months,
                &zone,
            )
        })
    });
    group.bench_function(
        "monthly flows of BRL over 12 months, from the lists (no timeline)",
        |b| {
            let months = last_months(zone.date_of(now), 12);
            b.iter(|| {
                monthly_flows(
                    movements(&sources),
                    &sources,
                    &Asset::FiatBrl,
                    &months,
                    &zone,
                )
            })
        },
    );
    group.bench_function("filter by the text \"completed\"", |b| {
        let filter = ActivityFilter {
            text: "completed".to_owned(),
            ..every.clone()
        };
        b.iter(|| filter_timeline(&timeline, &sources, &filter))
    });
    group.finish();
}

/// `count` completed orders a minute apart, newest first as the list
/// comes: buys of BRLV and USDC for reais and sales of each, in turn, so
/// the ledger has sales against an average cost all along (about two years
/// of Brasília months for a million).
fn trading_orders(count: usize, now: OffsetDateTime) -> Vec<Order> {
    use brlv_core::api::model::{Asset, OrderState};
    use rust_decimal::Decimal;
    let template = order(0, now);
    let legs = [
        (
            Asset::FiatBrl,
            Asset::EthBaseBrlv,
            "100.00",
            "99.500000000000000000",
        ),
        (Asset::FiatBrl, Asset::EthBaseUsdc, "540.00", "99.500000"),
        (
            Asset::EthBaseBrlv,
            Asset::FiatBrl,
            "50.000000000000000000",
            "49.75",
        ),
        (Asset::EthBaseUsdc, Asset::FiatBrl, "40.000000", "220.00"),
    ];
    (0..count)
        .map(|index| {
            let mut copy = template.clone();
            let at = now - time::Duration::minutes(i64::try_from(count - index).unwrap());
            copy.id = uuid::Uuid::from_u128(index as u128);
            copy.state = Some(OrderState::Completed);
            copy.created_at = Some(at.into());
            copy.state_updated_at = Some(at.into());
            let (source, target, paid, received) = &legs[index % legs.len()];
            copy.source_asset = Some(source.clone());
            copy.target_asset = Some(target.clone());
            copy.source_amount = Some(paid.parse::<Decimal>().unwrap().into());
            copy.target_amount = Some(received.parse::<Decimal>().unwrap().into());
            copy
        })
        .rev()
        .collect()
}

/// The tax report's ledger of a million orders (the records borrowed, sorted
/// by time, read once), and the months and the year read from it.
fn tax(c: &mut Criterion) {
    use brlv_core::tax::{LedgerInput, ServicePrices, TypedValues, build, year_report};
    use brlv_desk::app::features::taxes::figures;
    let now = OffsetDateTime::now_utc();
    let orders = trading_orders(1_000_000, now);
    let typed = TypedValues::default();
    let prices = ServicePrices::default();
    let input = LedgerInput {
        orders: &orders,
        transfers: &[],
        withdrawals: &[],
        deposits: &[],
        claims: &[],
        wallets: &[],
        typed: &typed,
        prices: &prices,
        dollar_rates: &Default::default(),
    };
    let ledger = build(&input);
    assert_eq!(ledger.entries.len(), 1_000_000);
    let mut group = c.benchmark_group("tax: ledger of 1,000,000 orders");
    group.sample_size(10);
    group.bench_function("build the ledger", |b| b.iter(|| build(&input)));
    group.bench_function("the year's months and positions", |b| {
        b.iter(|| year_report(&ledger, &typed, now.year(), now))
    });
    // What the Taxes view rebuilds when a list or a typed value changes
    // (on a thread of its own past 20,000 records): the ledger, the year's
    // report, each asset's entries of the year and those to check.
    let sources = figures::TaxSources {
        orders: std::sync::Arc::new(orders.clone()),
        now,
        ..figures::TaxSources::default()
    };
    let request = figures::TaxRequest {
        year: now.year(),
        ..figures::TaxRequest::default()
    };
    group.bench_function("the Taxes view's figures", |b| {
        b.iter(|| figures::compute(None, request.clone(), sources.clone()))
    });
    group.finish();
}

criterion_group!(
    benches,
    orders_frame,
    orders_frame_ten_rows_on_screen,
    sort_and_search,
    extrato,
    tax
);
criterion_main!(benches);
