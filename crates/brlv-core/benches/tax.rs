//! The tax ledger of a big account: 1,000,000 completed orders and
//! 100,000 transfers of tokens to addresses that are not the account's
//! (a third answered payment, a third own wallet, a third gift, the rest
//! unanswered), with the dollar's PTAX of every day already in hand (as
//! the journal keeps it once fetched). A fifth of the orders sell USDC
//! for dollars, so their value comes from the day's rate; the USDC
//! outflows take the day's rate too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use brlv_core::api::model::{Asset, Order, OrderState, Transfer, Wallet};
use brlv_core::tax::ptax::{DollarRate, DollarRates};
use brlv_core::tax::{
    LedgerInput, OutflowAnswer, ServicePrices, TaxInput, TypedValues, build, year_report,
};
use criterion::{Criterion, criterion_group, criterion_main};
use rust_decimal::Decimal;
use time::OffsetDateTime;

const OWN: &str = "0x1111111111111111111111111111111111111111";

fn moment(now: OffsetDateTime, minutes_ago: usize) -> OffsetDateTime {
    now - time::Duration::minutes(i64::try_from(minutes_ago).unwrap())
}

/// `count` orders a minute apart, oldest first: buys of BRLV and USDC for
/// reais, sales of each for reais, and USDC sold for dollars.
fn orders(count: usize, now: OffsetDateTime) -> Vec<Order> {
    let template: Order = serde_json::from_value(serde_json::json!({
        "id": "00000000-0000-4000-8000-000000000000",
        "state": "completed",
        "source-asset": "fiat/brl",
        "target-asset": "eth-base/brlv",
        "source-amount": "100.00",
        "target-amount": "99.5",
    }))
    .unwrap();
    let legs = [
        (Asset::FiatBrl, Asset::EthBaseBrlv, "100.00", "99.5"),
        (Asset::FiatBrl, Asset::EthBaseUsdc, "540.00", "99.5"),
        (Asset::EthBaseBrlv, Asset::FiatBrl, "40", "39.80"),
        (Asset::EthBaseUsdc, Asset::FiatBrl, "20", "110.00"),
        (Asset::EthBaseUsdc, Asset::FiatUsd, "20", "19.90"),
    ];
    (0..count)
        .map(|index| {
            let mut copy = template.clone();
            let at = moment(now, count - index);
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
        .collect()
}

/// `count` transfers to others spread over the same time, alternately
/// BRLV and USDC, each to an address of its own.
fn outflows(count: usize, spread: usize, now: OffsetDateTime) -> Vec<Transfer> {
    let template: Transfer = serde_json::from_value(serde_json::json!({
        "id": "00000000-0000-4000-8000-000000000000",
        "asset": "eth-base/brlv",
        "amount": "1",
        "source-address": OWN,
        "target-address": OWN,
        "state": "completed",
    }))
    .unwrap();
    let step = spread / count;
    (0..count)
        .map(|index| {
            let mut copy = template.clone();
            copy.id = uuid::Uuid::from_u128((1 << 64) + index as u128);
            copy.created_at = Some(moment(now, spread - index * step).into());
            copy.asset = Some(if index % 2 == 0 {
                Asset::EthBaseBrlv
            } else {
                Asset::EthBaseUsdc
            });
            copy.target_address = Some(format!("0x{:040x}", index + 0x1000).into());
            copy
        })
        .collect()
}

fn tax(c: &mut Criterion) {
    let now = OffsetDateTime::now_utc();
    let orders = orders(1_000_000, now);
    let transfers = outflows(100_000, 1_000_000, now);
    let wallets: Vec<Wallet> =
        vec![serde_json::from_value(serde_json::json!({"name": "w", "address": OWN})).unwrap()];
    let mut typed = TypedValues::default();
    for (index, transfer) in transfers.iter().enumerate() {
        let answer = match index % 4 {
            0 => Some(OutflowAnswer::Payment),
            1 => Some(OutflowAnswer::OwnWallet),
            2 => Some(OutflowAnswer::Gift),
            _ => None,
        };
        typed.apply(TaxInput::OutflowAnswer {
            record: transfer.id,
            answer,
        });
    }
    let prices = ServicePrices::default();
    // Every day of the two years the orders span, as if kept in the journal.
    let mut rates = DollarRates::default();
    let mut day = brlv_core::tax::brasilia::date_at(moment(now, 1_000_001));
    let last = brlv_core::tax::brasilia::date_at(now);
    while day <= last {
        rates.insert(
            day,
            DollarRate {
                published_on: day,
                buying: Decimal::new(5_4321, 4),
                selling: Decimal::new(5_4327, 4),
            },
        );
        day = day.next_day().unwrap();
    }
    let input = LedgerInput {
        orders: &orders,
        transfers: &transfers,
        withdrawals: &[],
        deposits: &[],
        claims: &[],
        wallets: &wallets,
        typed: &typed,
        prices: &prices,
        dollar_rates: &rates,
    };
    let ledger = build(&input);
    assert_eq!(ledger.entries.len(), 1_000_000 + 100_000);
    let mut group = c.benchmark_group("tax: 1,000,000 orders and 100,000 outflows");
    group.sample_size(10);
    group.bench_function("build the ledger", |b| b.iter(|| build(black_box(&input))));
    group.bench_function("the days the ledger needs a PTAX for", |b| {
        b.iter(|| brlv_core::tax::ledger::dollar_rate_days(black_box(&input)))
    });
    group.bench_function("the year's report from the ledger", |b| {
        b.iter(|| year_report(&ledger, &typed, now.year(), now))
    });
    // The declaration's money at the service on 31/12, read back from the
    // same records beside the ledger (reais, then dollars).
    let money = brlv_core::tax::money::MoneyRecords {
        orders: &orders,
        withdrawals: &[],
        deposits: Some(&[]),
        claims: &[],
    };
    group.bench_function("the money held at the service, reais and dollars", |b| {
        b.iter(|| {
            (
                brlv_core::tax::money::MoneyMoves::of(&Asset::FiatBrl, black_box(&money)),
                brlv_core::tax::money::MoneyMoves::of(&Asset::FiatUsd, black_box(&money)),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, tax);
criterion_main!(benches);
