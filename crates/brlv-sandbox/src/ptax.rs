//! The Banco Central's dollar rates (PTAX), emulated at the same paths as
//! its Olinda service (`brlv_core::tax::ptax::PERIOD_PATH` and `DAY_PATH`),
//! outside `/api/v0` and without authentication, so that the demo and every
//! test value dollars on their day with no network.
//!
//! Fixed rates: every business day (`brlv_core::tax::calendar`) up to the
//! sandbox clock's today in Brasília has
//!
//! - buying: R$ 5 + day of the month / 100 + month / 10,000
//!   (9 January: 5.0901; 30 December: 5.3012);
//! - selling: the buying rate + 0.0006.
//!
//! Weekends and holidays have none, as at the Banco Central. The period's
//! rows honour OData's `$top` and `$skip`, as the service documents them.
//! With [`CentralBankEdges::AsPublished`] it answers as the real service
//! does at its edges: today has no rate before the closing bulletin (13:10
//! in Brasília by the sandbox's clock), and a page holds at most
//! [`PAGE_CAP`] rows, the service naming the next one in `@odata.nextLink`
//! (server-driven paging, which OData allows: the client must follow it).

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::extract::{RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_decimal::Decimal;
use time::{Date, Month, Time};

use super::state::{CentralBankEdges, Shared};
use brlv_core::tax::{brasilia, calendar};

/// The longest period one request may ask, in days (the real service
/// refuses very long ones too).
const MAX_PERIOD_DAYS: i64 = 2 * 366;

/// Rows per page at most when answering as the real service.
pub const PAGE_CAP: usize = 100;

/// When the day's closing bulletin is out, in Brasília.
const CLOSING_BULLETIN: Time = match Time::from_hms(13, 10, 0) {
    Ok(time) => time,
    Err(_) => Time::MIDNIGHT,
};

/// The sandbox's PTAX of `day`: buying and selling, or `None` on a day
/// without one (a weekend, a holiday).
pub fn sandbox_dollar_rate(day: Date) -> Option<(Decimal, Decimal)> {
    if !calendar::is_business_day(day) {
        return None;
    }
    let ten_thousandths = 50_000 + i64::from(day.day()) * 100 + i64::from(u8::from(day.month()));
    Some((
        Decimal::new(ten_thousandths, 4),
        Decimal::new(ten_thousandths + 6, 4),
    ))
}

/// `'MM-DD-YYYY'`, quotes included, as the service's parameters give a day.
fn parse_service_day(text: &str) -> Option<Date> {
    let inner = text.strip_prefix('\'')?.strip_suffix('\'')?;
    let mut parts = inner.split('-');
    let month: u8 = parts.next()?.parse().ok()?;
    let day: u8 = parts.next()?.parse().ok()?;
    let year: i32 = parts.next()?.parse().ok()?;
    if parts.next().is_some() {
        return None;
    }
    Date::from_calendar_date(year, Month::try_from(month).ok()?, day).ok()
}

fn refuse(message: &str) -> Response {
    let body = serde_json::json!({ "error": { "code": "400", "message": message } });
    (StatusCode::BAD_REQUEST, axum::Json(body)).into_response()
}

/// The query's parameters: the days named, `$top` and `$skip`.
#[derive(Default)]
struct Query {
    first: Option<Date>,
    last: Option<Date>,
    day: Option<Date>,
    top: Option<usize>,
    skip: usize,
}

fn query(raw: Option<String>) -> Query {
    let mut query = Query::default();
    for (key, value) in url::form_urlencoded::parse(raw.unwrap_or_default().as_bytes()) {
        match key.as_ref() {
            "@dataInicial" => query.first = parse_service_day(&value),
            "@dataFinalCotacao" => query.last = parse_service_day(&value),
            "@dataCotacao" => query.day = parse_service_day(&value),
            "$top" => query.top = value.parse().ok(),
            "$skip" => query.skip = value.parse().unwrap_or(0),
            _ => {}
        }
    }
    query
}

/// The last day with a rate published now: today once its bulletin is out
/// (all day when the emulation is simplified).
fn last_published(shared: &Shared) -> Date {
    let now = brasilia::in_brasilia(shared.clock.now());
    let today = now.date();
    match shared.central_bank {
        CentralBankEdges::Simple => today,
        CentralBankEdges::AsPublished if now.time() >= CLOSING_BULLETIN => today,
        CentralBankEdges::AsPublished => today.previous_day().unwrap_or(today),
    }
}

/// One row as the service writes it: the rates are JSON numbers with
/// exactly their own digits, written by hand.
fn row(day: Date, (buying, selling): (Decimal, Decimal)) -> String {
    format!(
        r#"{{"cotacaoCompra":{buying},"cotacaoVenda":{selling},"dataHoraCotacao":"{}-{:02}-{:02} 13:05:00.000"}}"#,
        day.year(),
        u8::from(day.month()),
        day.day()
    )
}

fn answer(context: &str, rows: &[String], next_link: Option<String>) -> Response {
    let next = next_link.map_or_else(String::new, |link| {
        format!(r#","@odata.nextLink":"{link}""#)
    });
    let body = format!(
        r#"{{"@odata.context":"https://was-p.bcnet.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata$metadata#{context}"{next},"value":[{}]}}"#,
        rows.join(",")
    );
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// `GET …/CotacaoDolarPeriodo(…)?@dataInicial='MM-DD-YYYY'&@dataFinalCotacao='MM-DD-YYYY'[&$top=N][&$skip=N]&$format=json`.
pub(crate) async fn dollar_period(
    State(shared): State<Arc<Shared>>,
    RawQuery(raw): RawQuery,
) -> Response {
    shared.dollar_rate_requests.fetch_add(1, Ordering::Relaxed);
    let query = query(raw);
    let (Some(first), Some(last)) = (query.first, query.last) else {
        return refuse("@dataInicial and @dataFinalCotacao are wanted as 'MM-DD-YYYY'");
    };
    if last < first || (last - first).whole_days() > MAX_PERIOD_DAYS {
        return refuse("the period is reversed or too long");
    }
    let published = last_published(&shared);
    let mut rows = Vec::new();
    let mut day = first;
    while day <= last.min(published) {
        if let Some(rates) = sandbox_dollar_rate(day) {
            rows.push(row(day, rates));
        }
        match day.next_day() {
            Some(next) => day = next,
            None => break,
        }
    }
    let top = match shared.central_bank {
        CentralBankEdges::Simple => query.top.unwrap_or(usize::MAX),
        CentralBankEdges::AsPublished => query.top.unwrap_or(PAGE_CAP).min(PAGE_CAP),
    };
    let end = query.skip.saturating_add(top).min(rows.len());
    let page = rows.get(query.skip.min(end)..end).unwrap_or_default();
    // Paging the service drives: said only where it cut the client's page.
    let next_link = (shared.central_bank == CentralBankEdges::AsPublished
        && end < rows.len()
        && query.top.is_none_or(|asked| asked > PAGE_CAP))
    .then(|| format!("CotacaoDolarPeriodo?$skip={end}"));
    answer("_CotacaoDolarPeriodo", page, next_link)
}

/// `GET …/CotacaoDolarDia(dataCotacao=@dataCotacao)?@dataCotacao='MM-DD-YYYY'&$format=json`:
/// the day's rate, or no row (a day off, or today before the bulletin).
pub(crate) async fn dollar_day(
    State(shared): State<Arc<Shared>>,
    RawQuery(raw): RawQuery,
) -> Response {
    shared.dollar_rate_requests.fetch_add(1, Ordering::Relaxed);
    let Some(day) = query(raw).day else {
        return refuse("@dataCotacao is wanted as 'MM-DD-YYYY'");
    };
    let rows: Vec<String> = sandbox_dollar_rate(day)
        .filter(|_| day <= last_published(&shared))
        .map(|rates| row(day, rates))
        .into_iter()
        .collect();
    answer("_CotacaoDolarDia", &rows, None)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use time::macros::date;

    use super::*;

    #[test]
    fn business_days_have_the_documented_rates_and_days_off_none() {
        assert_eq!(
            sandbox_dollar_rate(date!(2026 - 01 - 09)),
            Some((Decimal::new(50901, 4), Decimal::new(50907, 4)))
        );
        assert_eq!(
            sandbox_dollar_rate(date!(2025 - 12 - 30)).map(|(buying, _)| buying.to_string()),
            Some("5.3012".to_owned())
        );
        assert_eq!(sandbox_dollar_rate(date!(2026 - 01 - 10)), None);
        assert_eq!(sandbox_dollar_rate(date!(2026 - 01 - 01)), None);
        assert_eq!(
            parse_service_day("'01-09-2026'"),
            Some(date!(2026 - 01 - 09))
        );
        assert_eq!(parse_service_day("01-09-2026"), None);
    }
}
