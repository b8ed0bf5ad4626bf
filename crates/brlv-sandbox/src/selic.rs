//! The Banco Central's monthly Selic (SGS series 4390), emulated at the
//! same path as its service (`brlv_core::tax::selic::SERIES_PATH`),
//! outside `/api/v0` and without authentication, so that a late DARF's
//! interest is computed with no network.
//!
//! Fixed figures: every month before the sandbox clock's current month in
//! Brasília (a month's figure is published once it is over) has
//!
//! - the Selic of the month, in percent: 0.90 + month / 100
//!   (January 0.91, June 0.96, December 1.02), whatever the year.
//!
//! Written as the SGS writes them: `[{"data":"01/MM/YYYY","valor":"0.91"}]`.
//!
//! With `CentralBankEdges::AsPublished` it answers as the real SGS does at
//! its edges: a range that starts after today has no figure at all (HTTP 404,
//! `Value(s) not found`), and a range after the last published month is
//! answered with that month's figure alone (the SGS's "last value" answer,
//! dated before the range).

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::extract::{RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_decimal::Decimal;

use super::state::{CentralBankEdges, Shared};
use brlv_core::tax::brasilia::YearMonth;
use brlv_core::tax::selic::parse_service_day;

/// The longest range one request may ask, in days: the SGS refuses more
/// than ten years.
const MAX_RANGE_DAYS: i64 = 10 * 366;

/// The sandbox's Selic of `month`, in percent.
pub fn sandbox_selic(month: YearMonth) -> Decimal {
    Decimal::new(90 + i64::from(month.month), 2)
}

fn refuse(message: &str) -> Response {
    let body = serde_json::json!({ "erro": { "code": 400, "message": message } });
    (StatusCode::BAD_REQUEST, axum::Json(body)).into_response()
}

/// `GET /dados/serie/bcdata.sgs.4390/dados?formato=json&dataInicial=dd/MM/yyyy&dataFinal=dd/MM/yyyy`.
pub(crate) async fn monthly_selic(
    State(shared): State<Arc<Shared>>,
    RawQuery(query): RawQuery,
) -> Response {
    shared.selic_requests.fetch_add(1, Ordering::Relaxed);
    let mut first = None;
    let mut last = None;
    for (key, value) in url::form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
        match key.as_ref() {
            "dataInicial" => first = parse_service_day(&value),
            "dataFinal" => last = parse_service_day(&value),
            _ => {}
        }
    }
    let (Some(first), Some(last)) = (first, last) else {
        return refuse("dataInicial and dataFinal are wanted as dd/MM/yyyy");
    };
    if last < first || (last - first).whole_days() > MAX_RANGE_DAYS {
        return refuse("the range is reversed or longer than ten years");
    }
    let now = shared.clock.now();
    let this_month = YearMonth::in_brasilia(now);
    let edges = shared.central_bank == CentralBankEdges::AsPublished;
    if edges && first > brlv_core::tax::brasilia::date_at(now) {
        let body = r#"{"error":"Value(s) not found","message":"Value(s) not found"}"#;
        return (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "application/json")],
            body,
        )
            .into_response();
    }
    let mut rows = Vec::new();
    let mut month = YearMonth::of(first);
    // A monthly figure is dated the month's first day: a range starting
    // after it leaves the month out, as at the SGS.
    if month.first_day().is_some_and(|day| day < first) {
        month = month.next();
    }
    while month.first_day().is_some_and(|day| day <= last) && month < this_month {
        rows.push(format!(
            r#"{{"data":"01/{:02}/{:04}","valor":"{}"}}"#,
            month.month,
            month.year,
            sandbox_selic(month)
        ));
        month = month.next();
    }
    if edges && rows.is_empty() {
        // Past its last figure, the SGS answers with that figure alone.
        let last = this_month.previous();
        rows.push(format!(
            r#"{{"data":"01/{:02}/{:04}","valor":"{}"}}"#,
            last.month,
            last.year,
            sandbox_selic(last)
        ));
    }
    let body = format!("[{}]", rows.join(","));
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn each_month_has_the_documented_figure() {
        let month = |number| YearMonth::new(2025, number).unwrap();
        assert_eq!(sandbox_selic(month(1)).to_string(), "0.91");
        assert_eq!(sandbox_selic(month(6)).to_string(), "0.96");
        assert_eq!(sandbox_selic(month(12)).to_string(), "1.02");
    }
}
