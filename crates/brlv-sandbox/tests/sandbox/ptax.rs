//! The dollar's official rate (PTAX) client over loopback against the
//! sandbox's emulation of the Banco Central's service: a range in one
//! request, a day off taking the last business day's rate, the journal
//! sparing a second request, and failures leaving the day flagged with the
//! reason, never a zero.

use std::collections::BTreeSet;
use std::sync::atomic::Ordering;

use axum::http::StatusCode;
use brlv_core::journal::Store;
use brlv_core::tax::Language;
use brlv_core::tax::journal::dollar_rates_through;
use brlv_core::tax::ptax::{self, PtaxClient, RateOnDay};
use brlv_sandbox::{Sandbox, SandboxConfig};

use crate::support::answering;
use rust_decimal::Decimal;
use time::macros::date;
use time::{Date, OffsetDateTime};

fn today() -> Date {
    brlv_core::tax::brasilia::date_at(OffsetDateTime::now_utc())
}

fn dec(text: &str) -> Decimal {
    text.parse().unwrap()
}

async fn sandbox_client() -> (brlv_sandbox::RunningSandbox, PtaxClient) {
    let sandbox = Sandbox::start(SandboxConfig::default()).await.unwrap();
    let client = PtaxClient::new(sandbox.base_url().as_str()).unwrap();
    (sandbox, client)
}

#[tokio::test]
async fn a_range_comes_in_one_request_with_each_business_days_exact_rates() {
    let (sandbox, client) = sandbox_client().await;
    let rates = client
        .period(date!(2025 - 06 - 02), date!(2025 - 06 - 13))
        .await
        .unwrap();
    assert_eq!(sandbox.dollar_rate_requests(), 1);
    // Two weeks: ten business days, no weekend.
    assert_eq!(rates.len(), 10);
    assert_eq!(rates[0].published_on, date!(2025 - 06 - 02));
    assert_eq!(rates[0].buying, dec("5.0206"));
    assert_eq!(rates[0].selling, dec("5.0212"));
    assert_eq!(rates[9].published_on, date!(2025 - 06 - 13));
    assert_eq!(rates[9].buying.to_string(), "5.1306");
    assert!(rates.iter().all(|rate| !matches!(
        rate.published_on.weekday(),
        time::Weekday::Saturday | time::Weekday::Sunday
    )));
}

#[tokio::test]
async fn a_weekend_or_a_holiday_takes_the_last_business_days_rate() {
    let (sandbox, client) = sandbox_client().await;
    let saturday = date!(2025 - 06 - 07);
    let sunday = date!(2025 - 06 - 08);
    // Corpus Christi: no banking nationally.
    let corpus_christi = date!(2025 - 06 - 19);
    let needed: BTreeSet<Date> = [saturday, sunday, corpus_christi].into();
    let completed = ptax::complete(&client, &needed, &Default::default(), today()).await;
    // The three days are close: one request.
    assert_eq!(completed.requests, 1);
    assert_eq!(sandbox.dollar_rate_requests(), 1);
    for day in [saturday, sunday] {
        let RateOnDay::Known(rate) = completed.rates.on(day) else {
            panic!("{day}: {:?}", completed.rates.on(day));
        };
        assert_eq!(rate.standing, ptax::RateStanding::PreviousBusinessDay);
        let rate = rate.rate;
        assert_eq!(rate.published_on, date!(2025 - 06 - 06));
        assert_eq!((rate.buying, rate.selling), (dec("5.0606"), dec("5.0612")));
    }
    let RateOnDay::Known(rate) = completed.rates.on(corpus_christi) else {
        panic!("{:?}", completed.rates.on(corpus_christi));
    };
    assert_eq!(rate.rate.published_on, date!(2025 - 06 - 18));
    assert_eq!(rate.rate.buying, dec("5.1806"));
    assert_eq!(
        completed.rates.on(date!(2025 - 06 - 09)),
        RateOnDay::NotAsked
    );
}

#[tokio::test]
async fn a_second_report_asks_nothing_for_a_day_the_journal_keeps() {
    let (sandbox, client) = sandbox_client().await;
    let mut store = Store::in_memory().unwrap();
    let needed: BTreeSet<Date> = [date!(2025 - 03 - 08), date!(2025 - 09 - 15)].into();

    let (first, error) = dollar_rates_through(&client, Some(&mut store), &needed, today()).await;
    assert_eq!(error, None);
    // Six months apart: two ranges, two requests.
    assert_eq!(sandbox.dollar_rate_requests(), 2);
    assert!(first.rates.failures().next().is_none());

    let (second, error) = dollar_rates_through(&client, Some(&mut store), &needed, today()).await;
    assert_eq!(error, None);
    assert_eq!(second.requests, 0);
    assert_eq!(
        sandbox.dollar_rate_requests(),
        2,
        "no request for known days"
    );
    assert_eq!(second.rates, first.rates);
    // Saturday 8 March 2025 kept as Friday the 7th's rate, digits exact.
    let RateOnDay::Known(rate) = second.rates.on(date!(2025 - 03 - 08)) else {
        panic!();
    };
    assert_eq!(rate.rate.published_on, date!(2025 - 03 - 07));
    assert_eq!(rate.rate.selling.to_string(), "5.0709");

    // A new day costs one request, for it alone.
    let more: BTreeSet<Date> = [date!(2025 - 03 - 08), date!(2025 - 11 - 03)].into();
    let (third, _) = dollar_rates_through(&client, Some(&mut store), &more, today()).await;
    assert_eq!(third.requests, 1);
    assert_eq!(sandbox.dollar_rate_requests(), 3);
}

#[tokio::test]
async fn today_is_not_kept_since_its_rate_may_not_be_published_yet() {
    let (sandbox, client) = sandbox_client().await;
    let mut store = Store::in_memory().unwrap();
    let needed: BTreeSet<Date> = [today()].into();
    let (first, _) = dollar_rates_through(&client, Some(&mut store), &needed, today()).await;
    assert!(matches!(first.rates.on(today()), RateOnDay::Known(_)));
    dollar_rates_through(&client, Some(&mut store), &needed, today()).await;
    assert_eq!(sandbox.dollar_rate_requests(), 2);
}

#[tokio::test]
async fn a_failure_leaves_each_day_flagged_with_the_reason_and_keeps_nothing() {
    let day = date!(2025 - 06 - 06);
    let needed: BTreeSet<Date> = [day].into();
    for (status, body, reason) in [
        (
            StatusCode::INTERNAL_SERVER_ERROR,
            "{\"value\":[]}",
            "answered HTTP 500",
        ),
        (
            StatusCode::OK,
            "<html>manutenção</html>",
            "not the dollar's rates",
        ),
        (
            StatusCode::OK,
            r#"{"value":[{"cotacaoCompra":"5,06","cotacaoVenda":"5,07","dataHoraCotacao":"2025-06-06 13:00:00.000"}]}"#,
            "not the dollar's rates",
        ),
        (
            StatusCode::MOVED_PERMANENTLY,
            "elsewhere",
            "answered HTTP 301",
        ),
    ] {
        let (base, count) = answering(status, body).await;
        let client = PtaxClient::new(&base).unwrap();
        let mut store = Store::in_memory().unwrap();
        let (completed, error) =
            dollar_rates_through(&client, Some(&mut store), &needed, today()).await;
        assert_eq!(error, None);
        assert_eq!(count.load(Ordering::Relaxed), 1);
        match completed.rates.on(day) {
            RateOnDay::Failed(why) => {
                let why = why.text(Language::English);
                assert!(why.contains(reason), "{why}");
            }
            other => panic!("{status}: {other:?}"),
        }
        assert!(completed.to_keep.is_empty());
        assert!(
            store
                .dollar_rates("2025-01-01", "2025-12-31")
                .unwrap()
                .is_empty()
        );
    }
}

#[tokio::test]
async fn an_unreachable_service_is_said_so() {
    // A port bound then dropped: nobody listens there.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    drop(listener);
    let client = PtaxClient::new(&format!("http://{address}/")).unwrap();
    let needed: BTreeSet<Date> = [date!(2025 - 06 - 06)].into();
    let completed = ptax::complete(&client, &needed, &Default::default(), today()).await;
    let failures: Vec<_> = completed.rates.failures().collect();
    assert_eq!(failures.len(), 1);
    let why = failures[0].1.text(Language::English);
    assert!(why.contains("could not be reached"), "{why}");
}

/// A sandbox answering as the Banco Central does at its edges, its clock
/// at `start`.
async fn as_published_at(start: OffsetDateTime) -> (brlv_sandbox::RunningSandbox, PtaxClient) {
    let sandbox = Sandbox::start(SandboxConfig {
        clock_start: Some(start),
        central_bank: brlv_sandbox::CentralBankEdges::AsPublished,
        ..SandboxConfig::default()
    })
    .await
    .unwrap();
    let client = PtaxClient::new(sandbox.base_url().as_str()).unwrap();
    (sandbox, client)
}

#[tokio::test]
async fn before_the_closing_bulletin_today_is_provisional_and_after_it_is_valued_again() {
    // Tuesday 10 March 2026, 11:00 in Brasília (14:00 UTC).
    let start = time::macros::datetime!(2026-03-10 14:00 UTC);
    let today = date!(2026 - 03 - 10);
    let (sandbox, client) = as_published_at(start).await;
    let needed: BTreeSet<Date> = [today].into();
    let completed = ptax::complete(&client, &needed, &Default::default(), today).await;
    let RateOnDay::Known(rate) = completed.rates.on(today) else {
        panic!("{:?}", completed.rates.on(today));
    };
    // Monday the 9th's rate for now: 5 + 9/100 + 3/10,000.
    assert_eq!(rate.standing, ptax::RateStanding::Provisional);
    assert_eq!(rate.rate.published_on, date!(2026 - 03 - 09));
    assert_eq!(rate.rate.buying, dec("5.0903"));
    // Not kept: it is not the day's.
    assert!(completed.to_keep.iter().all(|(day, _)| *day < today));
    assert_eq!(client.day(today).await.unwrap(), None);
    let mut rates = completed.rates;
    assert!(
        !ptax::revalue_provisional(&client, &mut rates, today)
            .await
            .unwrap()
    );

    // 13:30 in Brasília: the bulletin is out, and the day is valued again.
    sandbox.advance_clock(std::time::Duration::from_secs(150 * 60));
    assert!(
        ptax::revalue_provisional(&client, &mut rates, today)
            .await
            .unwrap()
    );
    let RateOnDay::Known(rate) = rates.on(today) else {
        panic!();
    };
    assert_eq!(rate.standing, ptax::RateStanding::OfTheDay);
    assert_eq!(rate.rate.buying, dec("5.1003"));
}

#[tokio::test]
async fn the_simplified_demo_serves_todays_rate_all_day() {
    let start = time::macros::datetime!(2026-03-10 14:00 UTC);
    let sandbox = Sandbox::start(SandboxConfig {
        clock_start: Some(start),
        ..SandboxConfig::default()
    })
    .await
    .unwrap();
    let client = PtaxClient::new(sandbox.base_url().as_str()).unwrap();
    let rate = client.day(date!(2026 - 03 - 10)).await.unwrap().unwrap();
    assert_eq!(rate.buying, dec("5.1003"));
}

#[tokio::test]
async fn a_long_period_is_read_page_after_page_as_the_service_pages_it() {
    let start = time::macros::datetime!(2026-03-10 18:00 UTC);
    let (sandbox, client) = as_published_at(start).await;
    // July to December 2025: every business day of the calendar has a row,
    // more than one page of the service's.
    let expected = {
        let mut day = date!(2025 - 07 - 01);
        let mut count = 0;
        while day <= date!(2025 - 12 - 31) {
            if brlv_core::tax::calendar::is_business_day(day) {
                count += 1;
            }
            day = day.next_day().unwrap();
        }
        count
    };
    let rates = client
        .period(date!(2025 - 07 - 01), date!(2025 - 12 - 31))
        .await
        .unwrap();
    assert_eq!(rates.len(), expected);
    // The service cut the page at 100 rows and named the next: two requests.
    assert!(expected > brlv_sandbox::PTAX_PAGE_CAP);
    assert_eq!(sandbox.dollar_rate_requests(), 2);
    // Asked 30 at a time, the client follows its own pages to the end.
    let rates = client
        .with_page_rows(30)
        .period(date!(2025 - 07 - 01), date!(2025 - 12 - 31))
        .await
        .unwrap();
    assert_eq!(rates.len(), expected);
    assert_eq!(
        sandbox.dollar_rate_requests(),
        2 + u64::try_from(expected.div_ceil(30)).unwrap()
    );
    assert!(
        rates
            .windows(2)
            .all(|pair| pair[0].published_on < pair[1].published_on)
    );
}
