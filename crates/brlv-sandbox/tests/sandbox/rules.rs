//! The rules of spec 4.1 (orders), 4.2 (transfers) and 4.3 (wallets), and
//! unknown or malformed ids: each refusal is a 4xx naming the field, and
//! changes nothing the account can see.

use brlv_sandbox::{WHITELISTED_ADDRESS, WHITELISTED_FX_ADDRESS};
use reqwest::Method;
use serde_json::json;

use crate::support::{TestSandbox, post_refused, refused, settled_sandbox};

async fn quote(sandbox: &TestSandbox, source: &str, target: &str, amount: &str) -> String {
    let answer = sandbox
        .post(
            "/api/v0/quotes",
            &json!({"source-asset": source, "target-asset": target, "source-amount": amount}),
        )
        .await;
    assert_eq!(answer.status, 200, "{:?}", answer.body);
    answer.body["quote"]["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn wallets_transfers_and_ids() {
    let sandbox = settled_sandbox().await;
    let main = sandbox.wallet_on("eth-base").await;
    let mainnet = sandbox.wallet_on("eth-mainnet").await;
    post_refused(
        &sandbox,
        "/api/v0/wallets",
        json!({"wallet-name": "x", "chain": "solana"}),
        400,
        "unknown-chain",
        "chain",
    )
    .await;
    post_refused(
        &sandbox,
        "/api/v0/wallets",
        json!({"chain": "tempo"}),
        400,
        "missing-field",
        "wallet-name",
    )
    .await;
    post_refused(
        &sandbox,
        "/api/v0/wallets",
        json!({"wallet-name": "x", "chain": "tempo", "ui-enabled": "yes"}),
        400,
        "invalid-field-type",
        "ui-enabled",
    )
    .await;
    post_refused(
        &sandbox,
        "/api/v0/wallets",
        json!({"wallet-name": "x", "chain": "tempo", "metadata": [1]}),
        400,
        "invalid-field-type",
        "metadata",
    )
    .await;

    let transfer = |source: &str, asset: &str, amount: &str, target: &str| json!({"source-address": source, "asset": asset, "amount": amount, "target-address": target});
    let cases = [
        (
            transfer("0x123", "eth-base/brlv", "1", WHITELISTED_ADDRESS),
            400,
            "invalid-address",
            "source-address",
        ),
        // Mixed case with a wrong EIP-55 checksum.
        (
            transfer(
                &main,
                "eth-base/brlv",
                "1",
                "0xDeadbeefdeadbeefdeadbeefdeadbeefdeadbeef",
            ),
            400,
            "invalid-address",
            "target-address",
        ),
        (
            transfer(&main, "eth-base/usdc", "1", WHITELISTED_ADDRESS),
            400,
            "asset-not-transferable",
            "asset",
        ),
        (
            transfer(&main, "eth-base/brlv", "0", WHITELISTED_ADDRESS),
            400,
            "amount-not-positive",
            "amount",
        ),
        (
            transfer(
                WHITELISTED_FX_ADDRESS,
                "eth-base/brlv",
                "1",
                WHITELISTED_ADDRESS,
            ),
            422,
            "source-wallet-not-owned",
            "source-address",
        ),
        (
            transfer(&mainnet, "eth-base/brlv", "1", WHITELISTED_ADDRESS),
            422,
            "chain-mismatch",
            "source-address",
        ),
        (
            transfer(&main, "eth-base/brlv", "1", &main.to_lowercase()),
            422,
            "same-address",
            "target-address",
        ),
    ];
    for (body, status, code, names) in cases {
        post_refused(&sandbox, "/api/v0/transfers", body, status, code, names).await;
    }

    refused(
        &sandbox,
        Method::GET,
        "/api/v0/orders/not-a-uuid",
        b"",
        400,
        "invalid-uuid",
        "id",
    )
    .await;
    let unknown = format!("/api/v0/orders/{}", uuid::Uuid::new_v4());
    refused(
        &sandbox,
        Method::GET,
        &unknown,
        b"",
        404,
        "order-not-found",
        "order",
    )
    .await;
    refused(
        &sandbox,
        Method::GET,
        "/api/v0/transfers?state=lost",
        b"",
        400,
        "unknown-state",
        "state",
    )
    .await;
    refused(
        &sandbox,
        Method::GET,
        "/api/v0/wallets?assets=eth-base%2Fdoge",
        b"",
        400,
        "unknown-asset",
        "assets",
    )
    .await;
    refused(
        &sandbox,
        Method::GET,
        "/api/v0/withdrawals?asset=gold",
        b"",
        400,
        "unknown-asset",
        "asset",
    )
    .await;
    refused(
        &sandbox,
        Method::GET,
        "/api/v0/assets/eur/balance",
        b"",
        400,
        "unknown-asset",
        "eur",
    )
    .await;
    refused(
        &sandbox,
        Method::GET,
        "/api/v0/assets/brlv/deposits",
        b"",
        400,
        "unknown-asset",
        "brlv",
    )
    .await;
    let stranger = "/api/v0/wallets/0x52908400098527886e0f7030069857d2e4169ee7/claims";
    refused(
        &sandbox,
        Method::GET,
        stranger,
        b"",
        404,
        "wallet-not-found",
        "wallet",
    )
    .await;
    refused(
        &sandbox,
        Method::GET,
        "/api/v0/wallets/0xnope/claims",
        b"",
        400,
        "invalid-address",
        "wallet-address",
    )
    .await;
}

#[tokio::test]
async fn quotes_and_orders_by_the_rules_of_4_1() {
    let sandbox = settled_sandbox().await;
    let main = sandbox.wallet_on("eth-base").await;
    let mainnet = sandbox.wallet_on("eth-mainnet").await;
    let q = "/api/v0/quotes";
    post_refused(
        &sandbox,
        q,
        json!({"source-asset": "fiat/brl", "target-asset": "eth-base/brlv"}),
        400,
        "missing-field",
        "source-amount",
    )
    .await;
    post_refused(&sandbox, q, json!({"source-asset": "fiat/brl", "target-asset": "eth-base/brlv", "source-amount": "1", "target-amount": "1"}), 400, "missing-field", "target-amount").await;
    post_refused(
        &sandbox,
        q,
        json!({"source-asset": "fiat/usd", "target-asset": "eth-base/brlv", "source-amount": "1"}),
        422,
        "unsupported-pair",
        "fiat/usd",
    )
    .await;
    post_refused(&sandbox, q, json!({"source-asset": "fiat/brl", "target-asset": "eth-base/brlv", "source-amount": "1.005"}), 400, "too-many-decimal-places", "source-amount").await;

    let o = "/api/v0/orders";
    post_refused(
        &sandbox,
        o,
        json!({"quote-id": "123"}),
        400,
        "invalid-uuid",
        "quote-id",
    )
    .await;
    post_refused(
        &sandbox,
        o,
        json!({"quote-id": uuid::Uuid::new_v4()}),
        404,
        "quote-not-found",
        "quote-id",
    )
    .await;

    let to_brlv = quote(&sandbox, "fiat/brl", "eth-base/brlv", "100.00").await;
    let to_usdc = quote(&sandbox, "fiat/brl", "eth-base/usdc", "100.00").await;
    let from_brlv = quote(&sandbox, "eth-base/brlv", "fiat/brl", "100").await;
    let too_much = quote(&sandbox, "fiat/brl", "eth-base/brlv", "25000.01").await;
    let cases = [
        (
            json!({"quote-id": to_brlv}),
            400,
            "missing-field",
            "target-wallet-address",
        ),
        (
            json!({"quote-id": to_brlv, "target-wallet-address": main, "source-wallet-address": main}),
            400,
            "unexpected-field",
            "source-wallet-address",
        ),
        (
            json!({"quote-id": to_brlv, "target-wallet-address": "0x52908400098527886e0f7030069857d2e4169ee7"}),
            422,
            "target-wallet-not-whitelisted",
            "target-wallet-address",
        ),
        (
            json!({"quote-id": to_brlv, "target-wallet-address": mainnet}),
            422,
            "chain-mismatch",
            "target-wallet-address",
        ),
        (
            json!({"quote-id": to_brlv, "target-wallet-address": main, "source-payment-method": "card"}),
            400,
            "unknown-payment-method",
            "source-payment-method",
        ),
        (
            json!({"quote-id": to_brlv, "target-wallet-address": main, "target-end-user-pix-key": "pagamentos@example.com"}),
            422,
            "pix-key-not-allowed",
            "target-end-user-pix-key",
        ),
        (
            json!({"quote-id": to_usdc, "target-wallet-address": WHITELISTED_ADDRESS}),
            422,
            "target-wallet-not-fx-whitelisted",
            "target-wallet-address",
        ),
        (
            json!({"quote-id": from_brlv}),
            400,
            "missing-field",
            "source-wallet-address",
        ),
        (
            json!({"quote-id": from_brlv, "source-wallet-address": main, "target-wallet-address": main}),
            400,
            "unexpected-field",
            "target-wallet-address",
        ),
        (
            json!({"quote-id": from_brlv, "source-wallet-address": main, "source-payment-method": "brcode"}),
            422,
            "payment-method-not-allowed",
            "source-payment-method",
        ),
        (
            json!({"quote-id": from_brlv, "source-wallet-address": main, "target-end-user-pix-key": "529.982.247-25"}),
            422,
            "tax-id-mismatch",
            "target-end-user-pix-key",
        ),
        (
            json!({"quote-id": from_brlv, "source-wallet-address": main, "target-end-user-pix-key": "not a key"}),
            400,
            "invalid-pix-key",
            "target-end-user-pix-key",
        ),
        (
            json!({"quote-id": too_much, "target-wallet-address": main}),
            422,
            "insufficient-balance",
            "fiat/brl",
        ),
    ];
    for (body, status, code, names) in cases {
        post_refused(&sandbox, o, body, status, code, names).await;
    }

    // Each refused quote is still usable: the rules refused the order, not the quote.
    let accepted = sandbox
        .post(o, &json!({"quote-id": from_brlv, "source-wallet-address": main, "target-end-user-pix-key": "123.456.789-09"}))
        .await;
    assert_eq!(accepted.status, 200, "{:?}", accepted.body);

    // An expired quote is refused.
    sandbox.advance(61);
    post_refused(
        &sandbox,
        o,
        json!({"quote-id": to_brlv, "target-wallet-address": main}),
        422,
        "quote-expired",
        "quote-id",
    )
    .await;
}

#[tokio::test]
async fn quote_amounts_are_written_at_each_assets_scale() {
    let sandbox = settled_sandbox().await;
    let answer = sandbox
        .post(
            "/api/v0/quotes",
            &json!({"source-asset": "fiat/brl", "target-asset": "eth-base/brlv", "source-amount": "100"}),
        )
        .await;
    assert_eq!(answer.status, 200, "{:?}", answer.body);
    let quote = &answer.body["quote"];
    assert_eq!(quote["source-amount"], "100.00");
    assert_eq!(quote["target-amount"], "99.500000000000000000");
    assert_eq!(quote["fee-amount"], "0.500000000000000000");
    let answer = sandbox
        .post(
            "/api/v0/quotes",
            &json!({"source-asset": "fiat/brl", "target-asset": "eth-base/usdc", "source-amount": "540.00"}),
        )
        .await;
    let quote = &answer.body["quote"];
    assert_eq!(quote["target-amount"], "99.500000", "USDC has 6 places");
}
