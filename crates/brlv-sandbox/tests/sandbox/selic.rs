//! The monthly Selic client over loopback against the sandbox's emulation
//! of the Banco Central's SGS: a range in one request with each month's
//! exact figure, the journal sparing a second request, the current month
//! never kept, and failures leaving the month flagged with the reason,
//! never a zero.

use std::collections::BTreeSet;
use std::sync::atomic::Ordering;

use axum::http::StatusCode;
use brlv_core::journal::Store;
use brlv_core::tax::YearMonth;
use brlv_core::tax::selic::{self, SelicClient, SelicOnMonth, selic_through};
use brlv_sandbox::{Sandbox, SandboxConfig};

use crate::support::answering;
use rust_decimal::Decimal;
use time::OffsetDateTime;

fn month(year: i32, number: u8) -> YearMonth {
    YearMonth::new(year, number).unwrap()
}

fn this_month() -> YearMonth {
    YearMonth::in_brasilia(OffsetDateTime::now_utc())
}

fn dec(text: &str) -> Decimal {
    text.parse().unwrap()
}

async fn sandbox_client() -> (brlv_sandbox::RunningSandbox, SelicClient) {
    let sandbox = Sandbox::start(SandboxConfig::default()).await.unwrap();
    let client = SelicClient::new(sandbox.base_url().as_str()).unwrap();
    (sandbox, client)
}

#[tokio::test]
async fn a_range_of_months_comes_in_one_request_with_each_months_exact_figure() {
    let (sandbox, client) = sandbox_client().await;
    let months = client.range(month(2025, 5), month(2025, 8)).await.unwrap();
    assert_eq!(sandbox.selic_requests(), 1);
    // 0.90 + month / 100: May 0.95, June 0.96, July 0.97, August 0.98.
    assert_eq!(
        months.months.into_iter().collect::<Vec<_>>(),
        vec![
            (month(2025, 5), dec("0.95")),
            (month(2025, 6), dec("0.96")),
            (month(2025, 7), dec("0.97")),
            (month(2025, 8), dec("0.98")),
        ]
    );
}

#[tokio::test]
async fn a_second_report_asks_nothing_for_a_month_the_journal_keeps() {
    let (sandbox, client) = sandbox_client().await;
    let mut store = Store::in_memory().unwrap();
    let needed: BTreeSet<YearMonth> = [month(2025, 5), month(2025, 6), month(2025, 12)].into();

    let (first, error) = selic_through(&client, Some(&mut store), &needed, this_month()).await;
    assert_eq!(error, None);
    // Months close together: one request for the range May to December.
    assert_eq!(first.requests, 1);
    assert_eq!(sandbox.selic_requests(), 1);
    assert_eq!(
        first.months.on(month(2025, 12)),
        SelicOnMonth::Known(dec("1.02"))
    );
    // Only the months needed are kept, not the range's others.
    assert_eq!(store.selic_months("2025-01", "2025-12").unwrap().len(), 3);

    let (second, error) = selic_through(&client, Some(&mut store), &needed, this_month()).await;
    assert_eq!(error, None);
    assert_eq!(second.requests, 0);
    assert_eq!(sandbox.selic_requests(), 1, "no request for months kept");
    assert_eq!(second.months, first.months);

    // A new month costs one request.
    let more: BTreeSet<YearMonth> = [month(2025, 6), month(2025, 9)].into();
    let (third, _) = selic_through(&client, Some(&mut store), &more, this_month()).await;
    assert_eq!(third.requests, 1);
    assert_eq!(
        third.months.on(month(2025, 9)),
        SelicOnMonth::Known(dec("0.99"))
    );
    assert_eq!(sandbox.selic_requests(), 2);
}

#[tokio::test]
async fn the_current_month_is_not_published_and_is_flagged_not_zero() {
    let (sandbox, client) = sandbox_client().await;
    let mut store = Store::in_memory().unwrap();
    let needed: BTreeSet<YearMonth> = [this_month().previous(), this_month()].into();
    let (first, _) = selic_through(&client, Some(&mut store), &needed, this_month()).await;
    assert!(matches!(
        first.months.on(this_month().previous()),
        SelicOnMonth::Known(_)
    ));
    match first.months.on(this_month()) {
        SelicOnMonth::Failed(why) => {
            let why = why.text(this_month(), brlv_core::tax::Language::English);
            assert!(why.contains("published no Selic"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    // The month before is kept; the current one is asked again.
    let (second, _) = selic_through(&client, Some(&mut store), &needed, this_month()).await;
    assert_eq!(second.requests, 1);
    assert_eq!(sandbox.selic_requests(), 2);
}

#[tokio::test]
async fn a_failure_leaves_each_month_flagged_with_the_reason_and_keeps_nothing() {
    let needed: BTreeSet<YearMonth> = [month(2025, 5), month(2025, 6)].into();
    for (status, body, reason) in [
        (StatusCode::INTERNAL_SERVER_ERROR, "[]", "answered HTTP 500"),
        (
            StatusCode::OK,
            "<html>manutenção</html>",
            "not the monthly Selic",
        ),
        (
            StatusCode::OK,
            r#"[{"data":"01/05/2025","valor":"1,14"}]"#,
            "not the monthly Selic",
        ),
        (
            StatusCode::MOVED_PERMANENTLY,
            "elsewhere",
            "answered HTTP 301",
        ),
    ] {
        let (base, count) = answering(status, body).await;
        let client = SelicClient::new(&base).unwrap();
        let mut store = Store::in_memory().unwrap();
        let (completed, error) =
            selic_through(&client, Some(&mut store), &needed, this_month()).await;
        assert_eq!(error, None);
        assert_eq!(count.load(Ordering::Relaxed), 1);
        for wanted in &needed {
            match completed.months.on(*wanted) {
                SelicOnMonth::Failed(why) => {
                    let why = why.text(*wanted, brlv_core::tax::Language::English);
                    assert!(why.contains(reason), "{why}");
                }
                other => panic!("{status}: {other:?}"),
            }
        }
        assert!(completed.to_keep.is_empty());
        assert!(store.selic_months("2025-01", "2025-12").unwrap().is_empty());
    }
}

#[tokio::test]
async fn an_unreachable_service_is_said_so() {
    // A port bound then dropped: nobody listens there.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    drop(listener);
    let client = SelicClient::new(&format!("http://{address}/")).unwrap();
    let needed: BTreeSet<YearMonth> = [month(2025, 5)].into();
    let completed = selic::complete(&client, &needed, &Default::default(), this_month()).await;
    let failures: Vec<_> = completed.months.failures().collect();
    assert_eq!(failures.len(), 1);
    let why = failures[0]
        .1
        .text(failures[0].0, brlv_core::tax::Language::English);
    assert!(why.contains("could not be reached"), "{why}");
}

#[tokio::test]
async fn as_published_the_sgs_says_not_yet_with_its_last_value_or_a_404() {
    // 1 December 2026 at noon in Brasília: November is the last month published.
    let sandbox = Sandbox::start(SandboxConfig {
        clock_start: Some(time::macros::datetime!(2026-12-01 15:00 UTC)),
        central_bank: brlv_sandbox::CentralBankEdges::AsPublished,
        ..SandboxConfig::default()
    })
    .await
    .unwrap();
    let client = SelicClient::new(sandbox.base_url().as_str()).unwrap();
    // December alone: after the last figure, the SGS answers November's.
    let answer = client
        .range(month(2026, 12), month(2026, 12))
        .await
        .unwrap();
    assert!(answer.months.is_empty());
    assert_eq!(answer.last_before, Some(month(2026, 11)));
    let needed: BTreeSet<YearMonth> = [month(2026, 11), month(2026, 12)].into();
    let completed = selic::complete(&client, &needed, &Default::default(), month(2026, 12)).await;
    assert_eq!(
        completed.months.on(month(2026, 11)),
        SelicOnMonth::Known(dec("1.01"))
    );
    assert_eq!(
        completed.months.on(month(2026, 12)),
        SelicOnMonth::Failed(&selic::SelicProblem::NotPublished {
            last_published: Some(month(2026, 11))
        })
    );
    // A range that starts after today: 404, read as "not published".
    let later: BTreeSet<YearMonth> = [month(2027, 2)].into();
    let completed = selic::complete(&client, &later, &Default::default(), month(2026, 12)).await;
    assert_eq!(
        completed.months.on(month(2027, 2)),
        SelicOnMonth::Failed(&selic::SelicProblem::NotPublished {
            last_published: None
        })
    );
}
