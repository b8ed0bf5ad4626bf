//! Bad input: each kind gets its 4xx with the error object naming the field,
//! never a 500, and leaves everything the account can see unchanged.

use reqwest::Method;
use serde_json::json;

use crate::support::{post_refused, refused, settled_sandbox};

#[tokio::test]
async fn malformed_bodies_and_fields() {
    let sandbox = settled_sandbox().await;
    let path = "/api/v0/withdrawals";
    refused(
        &sandbox,
        Method::POST,
        path,
        br#"{"asset": "fiat/brl", "#,
        400,
        "malformed-json",
        "JSON",
    )
    .await;
    refused(
        &sandbox,
        Method::POST,
        path,
        b"[1, 2]",
        400,
        "malformed-json",
        "object",
    )
    .await;
    refused(
        &sandbox,
        Method::POST,
        path,
        b"",
        400,
        "missing-body",
        "body",
    )
    .await;
    let cases = [
        (
            json!({"asset": "fiat/brl", "method": "ted"}),
            400,
            "missing-field",
            "amount",
        ),
        (
            json!({"method": "ted", "amount": "1.00"}),
            400,
            "missing-field",
            "asset",
        ),
        (
            json!({"asset": "fiat/brl", "method": "ted", "amount": 12.5}),
            400,
            "invalid-field-type",
            "amount",
        ),
        (
            json!({"asset": "fiat/eur", "method": "ted", "amount": "1.00"}),
            400,
            "unknown-asset",
            "asset",
        ),
        (
            json!({"asset": "fiat/brl", "method": "boleto", "amount": "1.00"}),
            400,
            "unknown-method",
            "method",
        ),
        (
            json!({"asset": "fiat/brl", "method": "ted", "amount": "ten"}),
            400,
            "invalid-amount",
            "amount",
        ),
        (
            json!({"asset": "fiat/brl", "method": "ted", "amount": "0"}),
            400,
            "amount-not-positive",
            "amount",
        ),
        (
            json!({"asset": "fiat/brl", "method": "ted", "amount": "-5.00"}),
            400,
            "amount-not-positive",
            "amount",
        ),
        (
            json!({"asset": "fiat/brl", "method": "ted", "amount": "1.001"}),
            400,
            "too-many-decimal-places",
            "amount",
        ),
        (
            json!({"asset": "eth-base/usdc", "method": "token", "amount": "1.0000001"}),
            400,
            "too-many-decimal-places",
            "amount",
        ),
        (
            json!({"asset": "fiat/brl", "method": "ted", "amount": "1e3"}),
            400,
            "invalid-amount",
            "amount",
        ),
        (
            json!({"asset": "fiat/brl", "method": "ted", "amount": "99999999999999.00"}),
            422,
            "amount-too-large",
            "amount",
        ),
        (
            json!({"asset": "fiat/brl", "method": "pix", "amount": "25000.01", "pix-key": "52998224725"}),
            422,
            "insufficient-balance",
            "fiat/brl",
        ),
        (
            json!({"asset": "fiat/brl", "method": "pix", "amount": "1.00"}),
            400,
            "missing-field",
            "pix-key",
        ),
        (
            json!({"asset": "fiat/brl", "method": "pix", "amount": "1.00", "pix-key": "123"}),
            400,
            "invalid-pix-key",
            "pix-key",
        ),
        (
            json!({"asset": "fiat/usd", "method": "ted", "amount": "1.00"}),
            422,
            "method-not-allowed-for-asset",
            "method",
        ),
        (
            json!({"asset": "fiat/brl", "method": "token", "amount": "1.00"}),
            422,
            "method-not-allowed-for-asset",
            "method",
        ),
        (
            json!({"asset": "eth-base/wbrly", "method": "token", "amount": "301", "target-address": "0xdeadbeefdeadbeefdeadbeefdeadbeefdeadbeef"}),
            422,
            "insufficient-balance",
            "eth-base/wbrly",
        ),
    ];
    for (body, status, code, names) in cases {
        post_refused(&sandbox, path, body, status, code, names).await;
    }
}

#[tokio::test]
async fn claims_refusals() {
    let sandbox = settled_sandbox().await;
    let c = "/api/v0/claims";
    post_refused(
        &sandbox,
        c,
        json!({"amount": "4450.51", "target-asset-code": "brl"}),
        422,
        "insufficient-claimable-balance",
        "amount",
    )
    .await;
    post_refused(
        &sandbox,
        c,
        json!({"amount": "10.00", "target-asset-code": "usd"}),
        400,
        "unknown-target-asset-code",
        "target-asset-code",
    )
    .await;
    post_refused(
        &sandbox,
        c,
        json!({"amount": "10.001", "target-asset-code": "brl"}),
        400,
        "too-many-decimal-places",
        "amount",
    )
    .await;
    post_refused(
        &sandbox,
        c,
        json!({"amount": "0.01", "target-asset-code": "brl"}),
        422,
        "amount-too-small",
        "amount",
    )
    .await;
    let tempo = sandbox.wallet_on("tempo").await;
    let path = format!("/api/v0/wallets/{tempo}/claims");
    post_refused(
        &sandbox,
        &path,
        json!({"amount": "1.00", "target-asset-code": "brlv"}),
        422,
        "insufficient-claimable-balance",
        "amount",
    )
    .await;
}

#[tokio::test]
async fn unknown_paths_and_methods_answer_with_the_error_object() {
    let sandbox = settled_sandbox().await;
    let answer = sandbox.get("/api/v0/nothing-here").await;
    assert_eq!((answer.status, answer.code()), (404, "unknown-path"));
    let answer = sandbox
        .send_with(Method::DELETE, "/api/v0/orders", b"", |_| {})
        .await;
    assert_eq!(
        (answer.status, answer.code()),
        (405, "method-not-allowed"),
        "{:?}",
        answer.body
    );
    let answer = sandbox
        .send_with(
            Method::POST,
            "/api/v0/tax-exemption/progress",
            b"{}",
            |_| {},
        )
        .await;
    assert_eq!(answer.status, 405);
    let answer = sandbox.control(Method::GET, "/sandbox/reset", None).await;
    assert_eq!((answer.status, answer.code()), (405, "method-not-allowed"));
    let answer = sandbox.control(Method::GET, "/favicon.ico", None).await;
    assert_eq!((answer.status, answer.code()), (404, "unknown-path"));
}
