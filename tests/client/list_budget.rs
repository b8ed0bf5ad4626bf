//! A list decoded against its memory budget while it streams in: refused
//! at the record that passes the budget, with each record's own texts
//! counted, and an answer too long for any list the budget could hold
//! refused before it is decoded.

use brlv_core::api::Error;
use brlv_core::api::footprint::Footprint;
use brlv_core::api::model::Order;
use brlv_core::api::stream::{ANSWER_BYTES_PER_BUDGET_BYTE, digest_of};
use serde_json::json;

use crate::support::{Reply, ScriptedServer};

fn client(server: &ScriptedServer) -> brlv_core::api::Client {
    crate::client::client_for_tests(&server.base_url)
}

fn order(n: u128, qr: Option<&str>) -> serde_json::Value {
    let mut order = json!({
        "id": uuid::Uuid::from_u128(n), "state": "completed",
        "created-at": "2026-03-10T12:00:00Z",
        "source-asset": "fiat/brl", "source-amount": "10.00",
        "target-asset": "eth-base/brlv", "target-amount": "10",
    });
    if let (Some(qr), Some(object)) = (qr, order.as_object_mut()) {
        object.insert("qr-code-base64".to_owned(), json!(qr));
    }
    order
}

fn answer(orders: Vec<serde_json::Value>) -> String {
    json!({ "notice": "skipped", "orders": orders, "count": orders.len() }).to_string()
}

async fn orders_within(
    server: &ScriptedServer,
    body: &str,
    budget_bytes: u64,
) -> Result<Vec<Order>, Error> {
    server.push(Reply::json(200, body));
    let got = client(server)
        .get_list::<Order>(&["orders"], "orders", budget_bytes)
        .await?;
    assert_eq!(got.bytes, body.len() as u64);
    assert_eq!(got.digest, digest_of(body.as_bytes()));
    Ok(got.rows)
}

#[tokio::test]
async fn a_list_is_refused_at_the_record_that_passes_its_memory_budget() {
    let server = ScriptedServer::start().await;
    let body = answer((0..10).map(|n| order(n, None)).collect());
    let each = std::mem::size_of::<Order>() as u64;

    let rows = orders_within(&server, &body, 10 * each).await.unwrap();
    assert_eq!(rows.len(), 10, "exactly the budget fits");
    assert_eq!(rows.last().map(|order| order.id.as_u128()), Some(9));

    let error = orders_within(&server, &body, 10 * each - 1)
        .await
        .unwrap_err();
    assert!(
        matches!(error, Error::ListOverBudget { budget_bytes } if budget_bytes == 10 * each - 1),
        "{error:?}"
    );
}

#[tokio::test]
async fn a_records_own_texts_count_against_the_budget() {
    let server = ScriptedServer::start().await;
    let image = "A".repeat(10_000);
    let body = answer((0..2).map(|n| order(n, Some(&image))).collect());
    let rows = orders_within(&server, &body, 1 << 20).await.unwrap();
    let footprints: Vec<usize> = rows.iter().map(Footprint::footprint).collect();
    assert!(
        footprints
            .iter()
            .all(|bytes| *bytes > std::mem::size_of::<Order>() + 10_000),
        "the image is the order's own: {footprints:?}"
    );
    let both: u64 = footprints.iter().sum::<usize>() as u64;
    assert_eq!(orders_within(&server, &body, both).await.unwrap().len(), 2);
    let error = orders_within(&server, &body, both - 1).await.unwrap_err();
    assert!(matches!(error, Error::ListOverBudget { .. }), "{error:?}");
}

#[tokio::test]
async fn an_answer_longer_than_any_list_the_budget_holds_is_refused_unread() {
    let server = ScriptedServer::start().await;
    let budget: u64 = 4 * 1024;
    let limit = usize::try_from(budget * ANSWER_BYTES_PER_BUDGET_BYTE).unwrap();
    // Members other than the list are skipped, however long, up to the cap.
    let within = json!({ "orders": [], "padding": "x".repeat(limit - 100) }).to_string();
    assert!(
        orders_within(&server, &within, budget)
            .await
            .unwrap()
            .is_empty()
    );
    let past = json!({ "orders": [], "padding": "x".repeat(limit + 1) }).to_string();
    server.push(Reply::json(200, &past));
    let error = client(&server)
        .get_list::<Order>(&["orders"], "orders", budget)
        .await
        .unwrap_err();
    assert!(
        matches!(error, Error::ListOverBudget { budget_bytes } if budget_bytes == budget),
        "{error:?}"
    );
}

#[tokio::test]
async fn an_answer_without_its_list_is_an_error_with_its_beginning() {
    let server = ScriptedServer::start().await;
    server.push(Reply::json(200, r#"{"transfers":[]}"#));
    let error = client(&server)
        .get_list::<Order>(&["orders"], "orders", 1 << 20)
        .await
        .unwrap_err();
    let Error::UnexpectedResponse {
        detail, excerpt, ..
    } = &error
    else {
        panic!("{error:?}");
    };
    assert!(detail.contains("orders"), "{detail}");
    assert!(excerpt.contains("transfers"), "{excerpt}");
}
