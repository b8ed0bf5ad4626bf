//! One frame of the Orders view with 10,000 orders, against one with 10:
//! the virtualized table must cost about the same however long the list is.
#![allow(clippy::unwrap_used, clippy::expect_used)]

// The UI tests' helpers, of which this bench uses a few.
#[allow(dead_code)]
#[path = "../tests/app/support/ui.rs"]
mod ui_support;

use brlv_desk::api::model::Order;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::View;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use time::OffsetDateTime;
use ui_support::{connected_state, deliver, harness, settle};

fn order(index: usize, now: OffsetDateTime) -> Order {
    let created = now - time::Duration::seconds(i64::try_from(index).unwrap() * 60);
    serde_json::from_value(serde_json::json!({
        "id": format!("{index:08x}-0000-4000-8000-000000000000"),
        "state": if index.is_multiple_of(3) { "completed" } else { "expired" },
        "created-at": brlv_desk::api::model::timestamp::format(&created),
        "source-asset": "fiat/brl",
        "target-asset": "eth-base/brlv",
        "source-amount": "100.00",
        "target-amount": "99.500000000000000000",
    }))
    .unwrap()
}

fn orders_frame(c: &mut Criterion) {
    let now = OffsetDateTime::now_utc();
    let mut group = c.benchmark_group("orders view, one frame");
    for count in [10usize, 10_000] {
        let mut state = connected_state(brlv_desk::app::i18n::Language::PtBr);
        state.view = View::Orders;
        state.now = 10_000;
        state.wall_now = now;
        let orders = (0..count).map(|index| order(index, now)).collect();
        deliver(&mut state, Fetched::Orders(orders), 9_000);
        let mut harness = harness(state);
        settle(&mut harness);
        group.bench_with_input(BenchmarkId::from_parameter(count), &count, |b, _| {
            b.iter(|| harness.step())
        });
    }
    group.finish();
}

criterion_group!(benches, orders_frame);
criterion_main!(benches);
