//! Ledger integrity: a balance changes only together with the check that
//! allows it, under one lock, however many requests race.

use std::sync::Arc;

use brlv_core::api::model::Asset;
use reqwest::Method;
use rust_decimal::Decimal;
use serde_json::json;

use crate::support::{API_KEY, TestSandbox};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_concurrent_withdrawals_never_overdraw() {
    let sandbox = Arc::new(TestSandbox::start(false).await);
    let deposit = sandbox
        .control(
            Method::POST,
            "/sandbox/deposits",
            Some(&json!({"asset": "brl", "amount": "1000.00"})),
        )
        .await;
    assert_eq!(deposit.status, 200, "{:?}", deposit.body);

    // 200 × R$7.00 = R$1,400.00 against R$1,000.00.
    let tasks: Vec<_> = (0..200)
        .map(|_| {
            let sandbox = Arc::clone(&sandbox);
            tokio::spawn(async move {
                sandbox
                    .post(
                        "/api/v0/withdrawals",
                        &json!({"asset": "fiat/brl", "method": "pix", "amount": "7.00", "pix-key": "52998224725"}),
                    )
                    .await
            })
        })
        .collect();
    let mut accepted = 0i64;
    for task in tasks {
        let answer = task.await.unwrap();
        match answer.status {
            200 => accepted += 1,
            422 => assert_eq!(answer.code(), "insufficient-balance"),
            other => panic!("unexpected {other}: {:?}", answer.body),
        }
    }
    assert_eq!(accepted, 142, "exactly as many as R$1,000.00 covers");
    let balance = sandbox.sandbox.balance(API_KEY, &Asset::FiatBrl).unwrap();
    assert_eq!(balance, Decimal::new(100_000 - 700 * accepted, 2));
    assert!(balance >= Decimal::ZERO);
    let listed = sandbox.get("/api/v0/withdrawals").await.body;
    assert_eq!(
        listed["withdrawals"].as_array().unwrap().len() as i64,
        accepted
    );
    let shown = sandbox.get("/api/v0/assets/brl/balance").await.body;
    assert_eq!(shown["balance"]["running-balance"], "6.00");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_orders_and_claims_spend_each_real_a_single_time() {
    let sandbox = Arc::new(TestSandbox::start(true).await);
    sandbox.advance(60);
    let main = sandbox.wallet_on("eth-base").await;
    // 60 orders of R$500 against R$25,000: exactly 50 fit.
    let mut quotes = Vec::new();
    for _ in 0..60 {
        let quote = sandbox
            .post(
                "/api/v0/quotes",
                &json!({"source-asset": "fiat/brl", "target-asset": "eth-base/brlv", "source-amount": "500.00"}),
            )
            .await;
        quotes.push(quote.body["quote"]["id"].as_str().unwrap().to_owned());
    }
    let orders: Vec<_> = quotes
        .into_iter()
        .map(|quote_id| {
            let sandbox = Arc::clone(&sandbox);
            let main = main.clone();
            tokio::spawn(async move {
                sandbox
                    .post(
                        "/api/v0/orders",
                        &json!({"quote-id": quote_id, "target-wallet-address": main}),
                    )
                    .await
                    .status
            })
        })
        .collect();
    // Meanwhile 30 claims of R$200 against R$4,450.50 of certificates: 22 fit.
    // They pay BRLV, so they do not feed the BRL the orders compete for.
    let claims: Vec<_> = (0..30)
        .map(|_| {
            let sandbox = Arc::clone(&sandbox);
            tokio::spawn(async move {
                sandbox
                    .post(
                        "/api/v0/claims",
                        &json!({"amount": "200.00", "target-asset-code": "brlv"}),
                    )
                    .await
                    .status
            })
        })
        .collect();
    let mut placed = 0;
    for order in orders {
        if order.await.unwrap() == 200 {
            placed += 1;
        }
    }
    let mut claimed = 0;
    for claim in claims {
        if claim.await.unwrap() == 200 {
            claimed += 1;
        }
    }
    assert_eq!(placed, 50);
    assert_eq!(claimed, 22);
    let claimable = sandbox.get("/api/v0/claims").await.body;
    assert_eq!(claimable["available-balance"], "50.50");
    // Every accepted order was debited, none twice.
    let brl = sandbox.sandbox.balance(API_KEY, &Asset::FiatBrl).unwrap();
    assert_eq!(brl, Decimal::ZERO);
    let orders = sandbox.get("/api/v0/orders").await.body;
    // The demo's 16 (5 in every state, 11 of the year's trading) and the 50.
    assert_eq!(orders["orders"].as_array().unwrap().len(), 16 + 50);
}
