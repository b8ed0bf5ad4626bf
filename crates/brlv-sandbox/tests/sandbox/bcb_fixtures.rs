//! The PTAX and Selic clients against the Banco Central's answers kept as
//! fixtures (`crates/brlv-sandbox/tests/fixtures/bcb/`, each with where its shape comes from),
//! served over loopback at the real services' paths: the Olinda period and
//! day queries, a day with no rate, and the SGS's series 4390 with its
//! "last value" answer and its 404.

use std::collections::BTreeSet;

use axum::extract::RawQuery;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use brlv_core::tax::ptax::{self, DollarRates, PtaxClient, RateOnDay, RateStanding};
use brlv_core::tax::selic::{self, SelicClient, SelicOnMonth, SelicProblem};
use brlv_core::tax::{Language, YearMonth};
use rust_decimal::Decimal;
use time::Date;
use time::macros::date;

const PERIOD: &str =
    include_str!("../fixtures/bcb/olinda-ptax-periodo-2025-01-02-a-2025-01-10.json");
const DAY: &str = include_str!("../fixtures/bcb/olinda-ptax-dia-2025-01-06.json");
const NO_RATE: &str = include_str!("../fixtures/bcb/olinda-ptax-dia-sem-cotacao.json");
const SERIES: &str = include_str!("../fixtures/bcb/sgs-4390-2025-01-a-2025-06.json");
const LAST_VALUE: &str = include_str!("../fixtures/bcb/sgs-4390-ultimo-valor.json");
const NOT_FOUND: &str = include_str!("../fixtures/bcb/sgs-4390-404.json");

fn dec(text: &str) -> Decimal {
    text.parse().unwrap()
}

fn month(year: i32, number: u8) -> YearMonth {
    YearMonth::new(year, number).unwrap()
}

fn json(status: StatusCode, body: &'static str) -> axum::response::Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// The fixtures served as the Banco Central would answer each request.
async fn banco_central() -> String {
    let app = axum::Router::new()
        .route(
            ptax::PERIOD_PATH,
            get(|RawQuery(query): RawQuery| async move {
                // The fixture answers the period that ends on 10 January 2025
                // (the quotes around the day come percent-encoded).
                if query
                    .unwrap_or_default()
                    .contains("@dataFinalCotacao=%2701-10-2025%27")
                {
                    json(StatusCode::OK, PERIOD)
                } else {
                    json(StatusCode::OK, NO_RATE)
                }
            }),
        )
        .route(
            ptax::DAY_PATH,
            get(|RawQuery(query): RawQuery| async move {
                if query
                    .unwrap_or_default()
                    .contains("@dataCotacao=%2701-06-2025%27")
                {
                    json(StatusCode::OK, DAY)
                } else {
                    json(StatusCode::OK, NO_RATE)
                }
            }),
        )
        .route(
            selic::SERIES_PATH,
            get(|RawQuery(query): RawQuery| async move {
                let query = query.unwrap_or_default();
                if query.contains("dataInicial=01%2F01%2F2025") {
                    json(StatusCode::OK, SERIES)
                } else if query.contains("dataInicial=01%2F11%2F2025") {
                    json(StatusCode::OK, LAST_VALUE)
                } else {
                    json(StatusCode::NOT_FOUND, NOT_FOUND)
                }
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{address}/")
}

#[tokio::test]
async fn the_olinda_period_answer_reads_each_business_day_with_its_own_digits() {
    let client = PtaxClient::new(&banco_central().await).unwrap();
    let rates = client
        .period(date!(2025 - 01 - 02), date!(2025 - 01 - 10))
        .await
        .unwrap();
    // Seven business days: Saturday 4 and Sunday 5 January have no row.
    assert_eq!(rates.len(), 7);
    assert_eq!(rates[0].published_on, date!(2025 - 01 - 02));
    // The number as written, its trailing zero kept: 6.2080, not 6.208.
    assert_eq!(rates[0].buying.to_string(), "6.2080");
    assert_eq!(rates[0].selling, dec("6.2086"));
    assert_eq!(rates[6].published_on, date!(2025 - 01 - 10));
    assert_eq!(rates[6].buying, dec("6.0917"));
}

#[tokio::test]
async fn a_saturday_takes_fridays_rate_from_the_period_answer_flagged_as_such() {
    let client = PtaxClient::new(&banco_central().await).unwrap();
    let needed: BTreeSet<Date> = [date!(2025 - 01 - 04), date!(2025 - 01 - 10)].into();
    let completed =
        ptax::complete(&client, &needed, &Default::default(), date!(2025 - 02 - 03)).await;
    assert_eq!(completed.requests, 1);
    let RateOnDay::Known(saturday) = completed.rates.on(date!(2025 - 01 - 04)) else {
        panic!("{:?}", completed.rates.on(date!(2025 - 01 - 04)));
    };
    assert_eq!(saturday.standing, RateStanding::PreviousBusinessDay);
    assert_eq!(saturday.rate.published_on, date!(2025 - 01 - 03));
    assert_eq!(saturday.rate.buying, dec("6.1595"));
    let RateOnDay::Known(friday) = completed.rates.on(date!(2025 - 01 - 10)) else {
        panic!();
    };
    assert_eq!(friday.standing, RateStanding::OfTheDay);
    // Every day of the range before the first business day it answers
    // (its lookback from 31 December) is not kept: only days with a rate.
    assert!(
        completed
            .to_keep
            .iter()
            .all(|(day, rate)| *day >= date!(2025 - 01 - 02) && rate.published_on <= *day)
    );
}

#[tokio::test]
async fn the_day_query_gives_the_days_rate_or_none_and_revalues_a_provisional_day() {
    let client = PtaxClient::new(&banco_central().await).unwrap();
    let monday = client.day(date!(2025 - 01 - 06)).await.unwrap().unwrap();
    assert_eq!(monday.published_on, date!(2025 - 01 - 06));
    assert_eq!(
        (monday.buying, monday.selling),
        (dec("6.1125"), dec("6.1131"))
    );
    // A Sunday has no row: none, not an error.
    assert_eq!(client.day(date!(2025 - 01 - 05)).await.unwrap(), None);

    // Monday 6 January before its bulletin was valued at Friday's rate,
    // provisionally; once the day query has Monday's, it is valued again.
    let friday = ptax::DollarRate {
        published_on: date!(2025 - 01 - 03),
        buying: dec("6.1595"),
        selling: dec("6.1601"),
    };
    let today = date!(2025 - 01 - 06);
    let mut rates = DollarRates::default();
    rates.set(today, ptax::classify(today, Some(&friday), today));
    assert_eq!(rates.provisional().collect::<Vec<_>>(), vec![today]);
    assert!(
        ptax::revalue_provisional(&client, &mut rates, today)
            .await
            .unwrap()
    );
    let RateOnDay::Known(revalued) = rates.on(today) else {
        panic!();
    };
    assert_eq!(revalued.standing, RateStanding::OfTheDay);
    assert_eq!(revalued.rate.buying, dec("6.1125"));
    assert_eq!(rates.provisional().count(), 0);
}

#[tokio::test]
async fn the_sgs_series_reads_each_months_figure_as_written() {
    let client = SelicClient::new(&banco_central().await).unwrap();
    let answer = client.range(month(2025, 1), month(2025, 6)).await.unwrap();
    assert_eq!(answer.months.len(), 6);
    assert_eq!(answer.months[&month(2025, 5)], dec("1.14"));
    assert_eq!(answer.months[&month(2025, 6)], dec("1.10"));
    assert_eq!(answer.last_before, None);
}

#[tokio::test]
async fn months_not_published_yet_are_said_so_with_the_last_month_published() {
    let client = SelicClient::new(&banco_central().await).unwrap();
    // November and December 2025, after the series' last figure: the SGS
    // answers October's alone.
    let needed: BTreeSet<YearMonth> = [month(2025, 11), month(2025, 12)].into();
    let completed = selic::complete(&client, &needed, &Default::default(), month(2026, 1)).await;
    for wanted in &needed {
        let SelicOnMonth::Failed(problem) = completed.months.on(*wanted) else {
            panic!("{:?}", completed.months.on(*wanted));
        };
        assert_eq!(
            *problem,
            SelicProblem::NotPublished {
                last_published: Some(month(2025, 10))
            }
        );
    }
    assert_eq!(
        completed
            .months
            .failures()
            .next()
            .unwrap()
            .1
            .text(month(2025, 11), Language::PortugueseBrazil),
        "o Banco Central ainda não publicou a Selic de 11/2025 (a última é de 10/2025)"
    );
    assert!(completed.to_keep.is_empty());

    // A range starting after today: HTTP 404, which is "not published", not
    // a failure of the service.
    let later: BTreeSet<YearMonth> = [month(2027, 1)].into();
    let completed = selic::complete(&client, &later, &Default::default(), month(2026, 1)).await;
    assert_eq!(
        completed.months.on(month(2027, 1)),
        SelicOnMonth::Failed(&SelicProblem::NotPublished {
            last_published: None
        })
    );
}
