//! Checking a file of payouts before anything leaves: a 10,000-row file
//! (PIX, TED and token rows) parsed and every row validated as the forms
//! validate it, identical rows looked for, and the totals against the
//! balances. A person waits on this after picking the file, so it should
//! take well under a second.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::hint::black_box;

use brlv_core::api::model::BalanceAsset;
use brlv_core::payouts::{check_balances, parse};
use criterion::{Criterion, criterion_group, criterion_main};
use rust_decimal::Decimal;

const ROWS: usize = 10_000;

fn file() -> Vec<u8> {
    let mut text = String::from(
        "method,amount,asset,pix_key,bank_code,branch,account,account_type,document,name,address,reference\n",
    );
    for index in 0..ROWS {
        let cents = 100 + index;
        let amount = format!("{}.{:02}", cents / 100, cents % 100);
        match index % 3 {
            0 => text.push_str(&format!(
                "pix,{amount},,pagador{index}@example.com,,,,,,,,invoice {index}\n"
            )),
            1 => text.push_str(&format!(
                "ted,{amount},fiat/brl,,341,1234,{index}-6,checking,529.982.247-25,Ana Souza,,invoice {index}\n"
            )),
            _ => text.push_str(&format!(
                "token,{amount},eth-base/brlv,,,,,,,,0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed,invoice {index}\n"
            )),
        }
    }
    text.into_bytes()
}

fn payouts(c: &mut Criterion) {
    let bytes = file();
    let balances = BTreeMap::from([
        (BalanceAsset::Brl, Decimal::new(1_000_000_000, 2)),
        (BalanceAsset::Brlv, Decimal::new(1_000_000_000, 2)),
    ]);
    // The file is valid: the benchmark measures a check that passes.
    let batch = parse(&bytes).unwrap();
    assert_eq!(batch.rows.len(), ROWS);
    c.bench_function("check a 10,000-row payouts file", |b| {
        b.iter(|| {
            let batch = parse(black_box(&bytes)).unwrap();
            let summary = batch.summary();
            check_balances(&summary.totals, &balances)
        })
    });
}

/// Each row of the same file compared with 10,000 withdrawals the service
/// holds (none of them a repeat, so every row is compared in full): what a
/// run does before anything leaves.
fn duplicates(c: &mut Criterion) {
    use brlv_core::duplicates::{Against, DEFAULT_DAYS, find_each};
    let batch = parse(&file()).unwrap();
    let now = time::OffsetDateTime::now_utc();
    let created = now
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap();
    let records: Vec<serde_json::Value> = (0..ROWS)
        .map(|index| {
            let cents = 100 + index;
            serde_json::json!({
                "id": format!("w-{index}"), "asset": "fiat/brl", "method": "pix",
                "amount": format!("{}.{:02}", cents / 100, cents % 100),
                "pix-key": format!("someone{index}@example.com"),
                "state": "created", "created-at": created,
            })
        })
        .collect();
    let bodies: Vec<String> = batch.rows.iter().map(|row| row.body()).collect();
    let bodies: Vec<&str> = bodies.iter().map(String::as_str).collect();
    let ignore = std::collections::BTreeSet::new();
    c.bench_function(
        "compare a 10,000-row file with 10,000 withdrawals held",
        |b| {
            b.iter(|| {
                find_each(
                    "/api/v0/withdrawals",
                    black_box(&bodies),
                    Against {
                        records: &records,
                        journal: &[],
                        now,
                        days: DEFAULT_DAYS,
                        ignore: &ignore,
                    },
                )
            })
        },
    );
}

criterion_group!(benches, payouts, duplicates);
criterion_main!(benches);
