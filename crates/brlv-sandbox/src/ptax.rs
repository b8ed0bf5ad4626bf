//! The Banco Central's dollar rates (PTAX), emulated at the same path as
//! its Olinda service (`brlv_core::tax::ptax::PERIOD_PATH`), outside `/api/v0`
//! and without authentication, so that the demo and every test value
//! dollars on their day with no network.
//!
//! Fixed rates: every business day (`brlv_core::tax::calendar`) up to the
//! sandbox clock's today in Brasília has
//!
//! - buying: R$ 5 + day of the month / 100 + month / 10,000
//!   (9 January: 5.0901; 30 December: 5.3012);
//! - selling: the buying rate + 0.0006.
//!
//! Weekends and holidays have none, as at the Banco Central.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::extract::{RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_decimal::Decimal;
use time::{Date, Month};

use super::state::Shared;
use brlv_core::tax::{brasilia, calendar};

/// The longest period one request may ask, in days (the real service
/// refuses very long ones too).
const MAX_PERIOD_DAYS: i64 = 2 * 366;

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

/// `GET …/CotacaoDolarPeriodo(…)?@dataInicial='MM-DD-YYYY'&@dataFinalCotacao='MM-DD-YYYY'&$format=json`.
pub(crate) async fn dollar_period(
    State(shared): State<Arc<Shared>>,
    RawQuery(query): RawQuery,
) -> Response {
    shared.dollar_rate_requests.fetch_add(1, Ordering::Relaxed);
    let mut first = None;
    let mut last = None;
    for (key, value) in url::form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
        match key.as_ref() {
            "@dataInicial" => first = parse_service_day(&value),
            "@dataFinalCotacao" => last = parse_service_day(&value),
            _ => {}
        }
    }
    let (Some(first), Some(last)) = (first, last) else {
        return refuse("@dataInicial and @dataFinalCotacao are wanted as 'MM-DD-YYYY'");
    };
    if last < first || (last - first).whole_days() > MAX_PERIOD_DAYS {
        return refuse("the period is reversed or too long");
    }
    let today = brasilia::date_at(shared.clock.now());
    let mut rows = Vec::new();
    let mut day = first;
    while day <= last.min(today) {
        if let Some((buying, selling)) = sandbox_dollar_rate(day) {
            // Written by hand: the rates are JSON numbers with exactly
            // their own digits, as the Banco Central writes them.
            rows.push(format!(
                r#"{{"cotacaoCompra":{buying},"cotacaoVenda":{selling},"dataHoraCotacao":"{}-{:02}-{:02} 13:05:00.000"}}"#,
                day.year(),
                u8::from(day.month()),
                day.day()
            ));
        }
        match day.next_day() {
            Some(next) => day = next,
            None => break,
        }
    }
    let body = format!(
        r#"{{"@odata.context":"https://was-p.bcnet.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata$metadata#_CotacaoDolarPeriodo","value":[{}]}}"#,
        rows.join(",")
    );
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
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
