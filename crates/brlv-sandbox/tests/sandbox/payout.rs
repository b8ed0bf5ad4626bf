//! The payout path as the service's own client drives it: TED withdrawals to
//! a bank account and token withdrawals to an address, sent as `json.dumps`
//! writes them (a space after `:` and `,`, non-ASCII escaped) and signed over
//! exactly those bytes; a wallet without `chain`; a quote with
//! `trade-reason`; the claims calls of another contract. Then brlv-desk's own
//! client on the same records.

use brlv_core::api::model::*;
use brlv_sandbox::{WHITELISTED_ADDRESS, WHITELISTED_FX_ADDRESS};
use reqwest::Method;
use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::support::{TestSandbox, refused, settled_sandbox};

fn dec(raw: &str) -> Decimal {
    raw.parse().unwrap()
}

/// What Python's `json.dumps(dict)` writes for these pairs, in this order:
/// `{"a": 1, "b": "x"}`, with every non-ASCII character as `\uXXXX`.
fn dumps(pairs: &[(&str, Value)]) -> Vec<u8> {
    let escape_non_ascii = |text: String| {
        text.chars()
            .map(|c| {
                if c.is_ascii() {
                    c.to_string()
                } else {
                    let mut units = [0u16; 2];
                    c.encode_utf16(&mut units)
                        .iter()
                        .map(|unit| format!("\\u{unit:04x}"))
                        .collect()
                }
            })
            .collect::<String>()
    };
    let members: Vec<String> = pairs
        .iter()
        .map(|(key, value)| {
            let value = match value {
                Value::Array(items) => format!(
                    "[{}]",
                    items
                        .iter()
                        .map(|item| serde_json::to_string(item).unwrap())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                other => serde_json::to_string(other).unwrap(),
            };
            format!("{}: {}", serde_json::to_string(key).unwrap(), value)
        })
        .collect();
    escape_non_ascii(format!("{{{}}}", members.join(", "))).into_bytes()
}

/// The TED body of the service's client, without `asset` (taken from the path).
fn python_ted(amount: &str) -> Vec<(&'static str, Value)> {
    vec![
        ("amount", json!(amount)),
        ("method", json!("ted")),
        ("bank-code", json!("341")),
        ("branch", json!("0001")),
        ("account", json!("12345-6")),
        ("account-type", json!("checking")),
        ("document", json!("52998224725")),
        ("name", json!("José da Silva")),
    ]
}

async fn post_bytes(sandbox: &TestSandbox, path: &str, body: &[u8]) -> crate::support::Answer {
    sandbox.send_with(Method::POST, path, body, |_| {}).await
}

async fn brl_balance(sandbox: &TestSandbox) -> Decimal {
    let answer = sandbox.get("/api/v0/assets/brl/balance").await;
    dec(answer.body["balance"]["running-balance"].as_str().unwrap())
}

async fn withdrawals(sandbox: &TestSandbox) -> Vec<Value> {
    sandbox.get("/api/v0/withdrawals").await.body["withdrawals"]
        .as_array()
        .unwrap()
        .clone()
}

fn assert_ted_destination(record: &Value) {
    assert_eq!(record["method"], "ted", "{record}");
    assert_eq!(record["bank-code"], "341", "{record}");
    assert_eq!(record["branch"], "0001");
    assert_eq!(record["account"], "12345-6");
    assert_eq!(record["account-type"], "checking");
    assert_eq!(record["document"], "52998224725");
    assert_eq!(record["name"], "José da Silva");
}

#[tokio::test]
async fn the_clients_ted_body_on_the_per_asset_path_is_applied_once_and_read_back() {
    let sandbox = settled_sandbox().await;
    let before = brl_balance(&sandbox).await;
    let count_before = withdrawals(&sandbox).await.len();
    let body = dumps(&python_ted("1500.00"));
    assert!(
        body.starts_with(br#"{"amount": "1500.00", "method": "ted", "bank-code": "341", "#),
        "{}",
        String::from_utf8_lossy(&body)
    );
    assert!(String::from_utf8_lossy(&body).contains(r#""name": "Jos\u00e9 da Silva"}"#));

    let created = post_bytes(&sandbox, "/api/v0/assets/brl/withdrawals", &body).await;
    assert_eq!(created.status, 200, "{:?}", created.body);
    let record = &created.body["withdrawal"];
    assert_ted_destination(record);
    assert_eq!(record["asset"], "fiat/brl", "the asset comes from the path");
    assert_eq!(record["amount"], "1500.00");
    assert_eq!(record["state"], "created");
    let id = record["id"].as_str().unwrap().to_owned();

    assert_eq!(brl_balance(&sandbox).await, before - dec("1500.00"));
    let listed = withdrawals(&sandbox).await;
    assert_eq!(listed.len(), count_before + 1, "applied exactly once");
    let mine: Vec<_> = listed.iter().filter(|w| w["id"] == id).collect();
    assert_eq!(mine.len(), 1);
    assert_ted_destination(mine[0]);

    for path in [
        format!("/api/v0/assets/brl/withdrawals/{id}"),
        format!("/api/v0/assets/fiat%2Fbrl/withdrawals/{id}"),
    ] {
        let one = sandbox.get(&path).await;
        assert_eq!(one.status, 200, "{path}: {:?}", one.body);
        assert_ted_destination(&one.body["withdrawal"]);
        assert_eq!(one.body["withdrawal"]["id"], id.as_str());
    }
    let deprecated = sandbox.get("/api/v0/assets/brl/withdrawals").await.body;
    let listed_there = deprecated["withdrawals"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["id"] == id)
        .unwrap();
    assert_ted_destination(listed_there);
    assert!(listed_there.get("asset").is_none());

    // Another asset's path, or an unknown id, does not find it.
    let elsewhere = sandbox
        .get(&format!("/api/v0/assets/usdc/withdrawals/{id}"))
        .await;
    assert_eq!(
        (elsewhere.status, elsewhere.code()),
        (404, "withdrawal-not-found")
    );
    let unknown = sandbox
        .get("/api/v0/assets/brl/withdrawals/00000000-0000-4000-8000-000000000000")
        .await;
    assert_eq!(unknown.status, 404);

    // It moves on like any withdrawal, keeping its destination.
    sandbox.advance(40);
    let one = sandbox
        .get(&format!("/api/v0/assets/brl/withdrawals/{id}"))
        .await;
    assert_eq!(one.body["withdrawal"]["state"], "completed");
    assert_ted_destination(&one.body["withdrawal"]);
    assert_eq!(brl_balance(&sandbox).await, before - dec("1500.00"));
}

#[tokio::test]
async fn a_ted_on_the_documented_path_carries_asset_in_the_body() {
    let sandbox = settled_sandbox().await;
    let before = brl_balance(&sandbox).await;
    let mut pairs = vec![("asset", json!("fiat/brl"))];
    pairs.extend(python_ted("10.00"));
    let created = post_bytes(&sandbox, "/api/v0/withdrawals", &dumps(&pairs)).await;
    assert_eq!(created.status, 200, "{:?}", created.body);
    assert_ted_destination(&created.body["withdrawal"]);
    assert_eq!(brl_balance(&sandbox).await, before - dec("10.00"));

    // The per-asset path with the same asset in the body is fine too.
    let created = post_bytes(
        &sandbox,
        "/api/v0/assets/fiat%2Fbrl/withdrawals",
        &dumps(&pairs),
    )
    .await;
    assert_eq!(created.status, 200, "{:?}", created.body);
    assert_eq!(brl_balance(&sandbox).await, before - dec("20.00"));
}

#[tokio::test]
async fn a_pix_body_in_json_dumps_form_works_on_both_paths() {
    let sandbox = settled_sandbox().await;
    let before = brl_balance(&sandbox).await;
    let body = dumps(&[
        ("amount", json!("25.00")),
        ("method", json!("pix")),
        ("pix-key", json!("52998224725")),
    ]);
    let created = post_bytes(&sandbox, "/api/v0/assets/brl/withdrawals", &body).await;
    assert_eq!(created.status, 200, "{:?}", created.body);
    assert_eq!(created.body["withdrawal"]["pix-key"], "52998224725");
    assert!(created.body["withdrawal"].get("bank-code").is_none());
    assert_eq!(brl_balance(&sandbox).await, before - dec("25.00"));
}

/// USDC over every wallet and chain, as the balance endpoint sums it.
async fn usdc_total(sandbox: &TestSandbox) -> Decimal {
    let answer = sandbox.get("/api/v0/assets/usdc/balance").await;
    dec(answer.body["balance"]["running-balance"].as_str().unwrap())
}

#[tokio::test]
async fn a_token_withdrawal_leaves_the_wallet_that_holds_the_tokens_on_their_chain() {
    let sandbox = settled_sandbox().await;
    let treasury = sandbox.wallet_on("eth-mainnet").await;
    let usdc_before = usdc_total(&sandbox).await;
    let count_before = withdrawals(&sandbox).await.len();

    // eth-mainnet/usdc is held by Treasury only (1,000); Main, the oldest
    // wallet, holds eth-base/usdc, which is another asset.
    let body = dumps(&[
        ("asset", json!("eth-mainnet/usdc")),
        ("amount", json!("600.5")),
        ("method", json!("token")),
        ("target-address", json!(WHITELISTED_FX_ADDRESS)),
    ]);
    let created = post_bytes(&sandbox, "/api/v0/withdrawals", &body).await;
    assert_eq!(created.status, 200, "{:?}", created.body);
    let record = created.body["withdrawal"].clone();
    assert_eq!(record["target-address"], WHITELISTED_FX_ADDRESS);
    assert_eq!(record["source-address"], treasury.as_str());
    assert_eq!(record["asset"], "eth-mainnet/usdc");
    let id = record["id"].as_str().unwrap().to_owned();
    assert_eq!(usdc_total(&sandbox).await, usdc_before - dec("600.5"));
    assert_eq!(withdrawals(&sandbox).await.len(), count_before + 1);
    let one = sandbox
        .get(&format!("/api/v0/assets/usdc/withdrawals/{id}"))
        .await;
    assert_eq!(one.status, 200, "{:?}", one.body);
    assert_eq!(
        one.body["withdrawal"]["target-address"],
        WHITELISTED_FX_ADDRESS
    );
    let listed = withdrawals(&sandbox).await;
    let mine = listed.iter().find(|w| w["id"] == id.as_str()).unwrap();
    assert_eq!(mine["target-address"], WHITELISTED_FX_ADDRESS);

    // What is left at Treasury (399.5) cannot be taken together with Main's
    // eth-base USDC: one on-chain payment leaves one wallet, on one chain.
    refused(
        &sandbox,
        Method::POST,
        "/api/v0/withdrawals",
        &dumps(&[
            ("asset", json!("eth-mainnet/usdc")),
            ("amount", json!("400")),
            ("method", json!("token")),
            ("target-address", json!(WHITELISTED_ADDRESS)),
        ]),
        422,
        "insufficient-balance",
        "eth-mainnet/usdc",
    )
    .await;
}

#[tokio::test]
async fn tokens_spread_over_two_wallets_are_not_split_across_them() {
    let sandbox = settled_sandbox().await;
    let main = sandbox.wallet_on("eth-base").await;
    // A second eth-base wallet receives 100 USDC from an order.
    let created = post_bytes(
        &sandbox,
        "/api/v0/wallets",
        &dumps(&[("wallet-name", json!("Second"))]),
    )
    .await;
    assert_eq!(created.status, 200, "{:?}", created.body);
    let second = created.body["wallet"]["address"]
        .as_str()
        .unwrap()
        .to_owned();
    let quote = sandbox
        .post(
            "/api/v0/quotes",
            &json!({"source-asset": "fiat/brl", "target-asset": "eth-base/usdc", "target-amount": "100"}),
        )
        .await;
    let order = sandbox
        .post(
            "/api/v0/orders",
            &json!({"quote-id": quote.body["quote"]["id"], "target-wallet-address": second}),
        )
        .await;
    assert_eq!(order.status, 200, "{:?}", order.body);
    sandbox.advance(5);
    // Main holds 2,000 and Second 100: 2,050 is there in all, but not in one wallet.
    refused(
        &sandbox,
        Method::POST,
        "/api/v0/withdrawals",
        &dumps(&[
            ("asset", json!("eth-base/usdc")),
            ("amount", json!("2050")),
            ("method", json!("token")),
            ("target-address", json!(WHITELISTED_ADDRESS)),
        ]),
        422,
        "insufficient-balance",
        "eth-base/usdc",
    )
    .await;
    // 100 comes from the oldest wallet that holds it whole: Main.
    let body = dumps(&[
        ("asset", json!("eth-base/usdc")),
        ("amount", json!("100")),
        ("method", json!("token")),
        ("target-address", json!(WHITELISTED_ADDRESS)),
    ]);
    let paid = post_bytes(&sandbox, "/api/v0/withdrawals", &body).await;
    assert_eq!(paid.status, 200, "{:?}", paid.body);
    assert_eq!(paid.body["withdrawal"]["source-address"], main.as_str());
}

#[tokio::test]
async fn a_token_withdrawal_to_an_own_wallet_arrives_there_when_it_completes() {
    let sandbox = settled_sandbox().await;
    let main = sandbox.wallet_on("eth-base").await;
    let created = post_bytes(
        &sandbox,
        "/api/v0/wallets",
        &dumps(&[("wallet-name", json!("Cold"))]),
    )
    .await;
    let cold = created.body["wallet"]["address"]
        .as_str()
        .unwrap()
        .to_owned();
    let usdc_before = usdc_total(&sandbox).await;
    let body = dumps(&[
        ("asset", json!("eth-base/usdc")),
        ("amount", json!("250")),
        ("method", json!("token")),
        ("target-address", json!(cold.to_lowercase())),
    ]);
    let paid = post_bytes(&sandbox, "/api/v0/withdrawals", &body).await;
    assert_eq!(paid.status, 200, "{:?}", paid.body);
    assert_eq!(paid.body["withdrawal"]["source-address"], main.as_str());
    assert_eq!(usdc_total(&sandbox).await, usdc_before - dec("250"));
    sandbox.advance(40);
    assert_eq!(
        usdc_total(&sandbox).await,
        usdc_before,
        "nothing lost, nothing invented"
    );
    let wallets = sandbox
        .get(&format!("/api/v0/wallets?addresses={cold}"))
        .await
        .body;
    assert!(
        wallets["wallets"][0]["assets"]
            .as_array()
            .unwrap()
            .contains(&json!("eth-base/usdc")),
        "{wallets}"
    );
}

/// The `code` of a malformed TED field.
fn invalid_code(field: &str) -> &'static str {
    match field {
        "bank-code" => "invalid-bank-code",
        "branch" => "invalid-branch",
        "account" => "invalid-account",
        "account-type" => "unknown-account-type",
        "document" => "invalid-document",
        _ => "invalid-name",
    }
}

/// Refusals of a withdrawal body: each a 400 naming its field, nothing debited.
#[tokio::test]
async fn a_ted_without_its_account_a_token_without_its_address_and_each_bad_field_are_refused() {
    let sandbox = settled_sandbox().await;
    let ted_with = |field: &str, value: Value| {
        let mut pairs = python_ted("10.00");
        for pair in &mut pairs {
            if pair.0 == field {
                pair.1 = value.clone();
            }
        }
        dumps(&pairs)
    };
    let ted_without = |field: &str| {
        let pairs: Vec<_> = python_ted("10.00")
            .into_iter()
            .filter(|(key, _)| *key != field)
            .collect();
        dumps(&pairs)
    };
    let per_asset = "/api/v0/assets/brl/withdrawals";
    let documented = "/api/v0/withdrawals";
    let mut cases: Vec<(&str, Vec<u8>, &str, &str)> = vec![
        (
            documented,
            dumps(&[
                ("asset", json!("fiat/brl")),
                ("method", json!("ted")),
                ("amount", json!("10.00")),
            ]),
            "missing-field",
            "bank-code",
        ),
        (
            documented,
            dumps(&[
                ("asset", json!("eth-base/usdc")),
                ("method", json!("token")),
                ("amount", json!("10")),
            ]),
            "missing-field",
            "target-address",
        ),
    ];
    for field in brlv_core::api::model::TED_ACCOUNT_FIELDS {
        cases.push((per_asset, ted_without(field), "missing-field", field));
        cases.push((
            per_asset,
            ted_with(field, json!(341)),
            "invalid-field-type",
            field,
        ));
    }
    for (field, value) in [
        ("bank-code", "34"),
        ("bank-code", "3410"),
        ("bank-code", "ab1"),
        ("bank-code", "000"),
        ("branch", ""),
        ("branch", "12345"),
        ("branch", "00a1"),
        ("account", "123456"),
        ("account", "12345-67"),
        ("account", "-6"),
        ("account", "12a45-6"),
        ("account-type", "current"),
        ("account-type", ""),
        ("document", "52998224724"),
        ("document", "11222333000180"),
        ("document", "1234567890"),
        ("document", "maria@example.com"),
        ("document", "11111111111"),
        ("name", ""),
        ("name", "   "),
        ("name", "Maria\nSilva"),
    ] {
        cases.push((
            per_asset,
            ted_with(field, json!(value)),
            invalid_code(field),
            field,
        ));
    }
    let token = |address: Value| {
        dumps(&[
            ("asset", json!("eth-base/usdc")),
            ("method", json!("token")),
            ("amount", json!("10")),
            ("target-address", address),
        ])
    };
    cases.extend([
        (
            documented,
            // One letter's case changed: the EIP-55 checksum no longer matches.
            token(json!("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")),
            "invalid-address",
            "target-address",
        ),
        (
            documented,
            token(json!("0x1234")),
            "invalid-address",
            "target-address",
        ),
        (
            documented,
            token(json!(12)),
            "invalid-field-type",
            "target-address",
        ),
    ]);
    // Destinations that belong to another method.
    let mut pix_with_account = vec![
        ("amount", json!("10.00")),
        ("method", json!("pix")),
        ("pix-key", json!("52998224725")),
    ];
    pix_with_account.push(("bank-code", json!("341")));
    cases.push((
        per_asset,
        dumps(&pix_with_account),
        "unexpected-field",
        "bank-code",
    ));
    let mut ted_with_address = python_ted("10.00");
    ted_with_address.push(("target-address", json!(WHITELISTED_ADDRESS)));
    cases.push((
        per_asset,
        dumps(&ted_with_address),
        "unexpected-field",
        "target-address",
    ));
    let mut ted_with_key = python_ted("10.00");
    ted_with_key.push(("pix-key", json!("52998224725")));
    cases.push((
        per_asset,
        dumps(&ted_with_key),
        "unexpected-field",
        "pix-key",
    ));
    let token_with_account = dumps(&[
        ("asset", json!("eth-base/usdc")),
        ("method", json!("token")),
        ("amount", json!("10")),
        ("target-address", json!(WHITELISTED_ADDRESS)),
        ("document", json!("52998224725")),
    ]);
    cases.push((
        documented,
        token_with_account,
        "unexpected-field",
        "document",
    ));
    let pix_with_address = dumps(&[
        ("asset", json!("fiat/brl")),
        ("method", json!("pix")),
        ("amount", json!("10.00")),
        ("pix-key", json!("52998224725")),
        ("target-address", json!(WHITELISTED_ADDRESS)),
    ]);
    cases.push((
        documented,
        pix_with_address,
        "unexpected-field",
        "target-address",
    ));
    // The asset of the per-asset path: one asset, and the body may not contradict it.
    let mut other_asset = vec![("asset", json!("fiat/usd"))];
    other_asset.extend(python_ted("10.00"));
    cases.push((per_asset, dumps(&other_asset), "asset-mismatch", "asset"));
    cases.push((
        "/api/v0/assets/usdc/withdrawals",
        token(json!(WHITELISTED_ADDRESS)),
        "ambiguous-asset",
        "asset",
    ));

    let before = brl_balance(&sandbox).await;
    for (path, body, code, field) in &cases {
        refused(&sandbox, Method::POST, path, body, 400, code, field).await;
    }
    assert_eq!(brl_balance(&sandbox).await, before);
}

#[tokio::test]
async fn a_wallet_without_chain_is_created_on_the_default_chain() {
    let sandbox = settled_sandbox().await;
    let body = dumps(&[("wallet-name", json!("Payouts"))]);
    assert_eq!(body, br#"{"wallet-name": "Payouts"}"#);
    let created = post_bytes(&sandbox, "/api/v0/wallets", &body).await;
    assert_eq!(created.status, 200, "{:?}", created.body);
    assert_eq!(
        created.body["wallet"]["assets"],
        json!(["eth-base/brlv", "eth-base/wbrly"])
    );
    let address = created.body["wallet"]["address"].as_str().unwrap();
    let listed = sandbox.get("/api/v0/wallets").await.body;
    let wallet = listed["wallets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["address"] == address)
        .unwrap();
    assert_eq!(wallet["name"], "Payouts");
    assert_eq!(wallet["ui-enabled"], false);
}

#[tokio::test]
async fn trade_reason_is_kept_on_the_quote_and_on_the_order() {
    let sandbox = settled_sandbox().await;
    let reason = "purchase-or-sale-of-computing-services";
    let body = dumps(&[
        ("source-asset", json!("fiat/brl")),
        ("target-asset", json!("eth-base/usdc")),
        ("source-amount", json!("540.00")),
        ("trade-reason", json!(reason)),
    ]);
    let quote = post_bytes(&sandbox, "/api/v0/quotes", &body).await;
    assert_eq!(quote.status, 200, "{:?}", quote.body);
    assert_eq!(quote.body["quote"]["trade-reason"], reason);
    let order_body = dumps(&[
        ("quote-id", quote.body["quote"]["id"].clone()),
        ("target-wallet-address", json!(WHITELISTED_FX_ADDRESS)),
    ]);
    let order = post_bytes(&sandbox, "/api/v0/orders", &order_body).await;
    assert_eq!(order.status, 200, "{:?}", order.body);
    assert_eq!(order.body["order"]["trade-reason"], reason);
    let id = order.body["order"]["id"].as_str().unwrap();
    let read = sandbox.get(&format!("/api/v0/orders/{id}")).await;
    assert_eq!(read.body["order"]["trade-reason"], reason);

    // Without it, neither carries the key.
    let plain = sandbox
        .post(
            "/api/v0/quotes",
            &json!({"source-asset": "fiat/brl", "target-asset": "eth-base/brlv", "source-amount": "10.00"}),
        )
        .await;
    assert!(plain.body["quote"].get("trade-reason").is_none());

    for bad in [json!(""), json!(7), json!("Purchase Of Services")] {
        let body = dumps(&[
            ("source-asset", json!("fiat/brl")),
            ("target-asset", json!("eth-base/usdc")),
            ("source-amount", json!("540.00")),
            ("trade-reason", bad.clone()),
        ]);
        let answer = post_bytes(&sandbox, "/api/v0/quotes", &body).await;
        assert_eq!(answer.status, 400, "{bad}: {:?}", answer.body);
        assert!(
            answer.body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("trade-reason")
        );
    }
}

#[tokio::test]
async fn the_claims_calls_of_another_contract_are_told_the_form_the_sandbox_accepts() {
    let sandbox = settled_sandbox().await;
    let simulate = sandbox.get("/api/v0/claims/simulate").await;
    assert!((400..500).contains(&simulate.status), "{:?}", simulate.body);
    let message = simulate.body["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("amount") && message.contains("target-asset-code"),
        "{message}"
    );

    let body = dumps(&[(
        "operation-ids",
        json!(["7d1f0c1e-1111-4a2b-9c3d-000000000001"]),
    )]);
    refused(
        &sandbox,
        Method::POST,
        "/api/v0/claims",
        &body,
        400,
        "unsupported-claim-form",
        "target-asset-code",
    )
    .await;
    // The document's form still works, in json.dumps form too.
    let claim = post_bytes(
        &sandbox,
        "/api/v0/claims",
        &dumps(&[
            ("amount", json!("100.00")),
            ("target-asset-code", json!("brl")),
        ]),
    )
    .await;
    assert_eq!(claim.status, 200, "{:?}", claim.body);
}

#[tokio::test]
async fn brlv_desks_client_sends_both_destinations_and_reads_one_withdrawal_back() {
    let sandbox = settled_sandbox().await;
    let client = sandbox.client();
    let account = TedAccount {
        bank_code: "001".into(),
        branch: "1234".into(),
        account: "98765-X".into(),
        account_type: BankAccountType::Savings,
        document: "11.222.333/0001-81".into(),
        name: "Empresa Exemplo Ltda".into(),
    };
    let ted = client
        .create_withdrawal(&CreateWithdrawal::ted(dec("300.00"), account.clone()))
        .await
        .unwrap();
    assert_eq!(ted.ted_account(), Some(account.clone()));
    let read = client
        .get_withdrawal(&Asset::FiatBrl, ted.id)
        .await
        .unwrap();
    assert_eq!(read.id, ted.id);
    assert_eq!(read.asset, Some(Asset::FiatBrl));
    assert_eq!(read.ted_account(), Some(account));
    assert_eq!(read.target_address(), None);

    let token = client
        .create_withdrawal(&CreateWithdrawal::token(
            Asset::EthBaseUsdc,
            dec("12.5"),
            WHITELISTED_ADDRESS.to_owned(),
        ))
        .await
        .unwrap();
    let read = client
        .get_withdrawal(&Asset::EthBaseUsdc, token.id)
        .await
        .unwrap();
    assert_eq!(read.target_address(), Some(WHITELISTED_ADDRESS));
    assert_eq!(read.ted_account(), None);
    let listed = client.list_withdrawals(None).await.unwrap();
    let listed = listed.iter().find(|w| w.id == token.id).unwrap();
    assert_eq!(listed.target_address(), Some(WHITELISTED_ADDRESS));

    let missing = client
        .get_withdrawal(&Asset::FiatBrl, token.id)
        .await
        .unwrap_err();
    assert_eq!(missing.status(), Some(404));

    let wallet = client
        .create_wallet(&CreateWallet {
            wallet_name: "No chain".into(),
            chain: None,
            metadata: None,
            ui_enabled: None,
        })
        .await
        .unwrap();
    assert_eq!(wallet.assets, vec![Asset::EthBaseBrlv, Asset::EthBaseWbrly]);

    let quote = client
        .create_quote(
            &CreateQuote::paying(Asset::FiatBrl, Asset::EthBaseUsdc, dec("54.00"))
                .with_trade_reason(TradeReason::PurchaseOrSaleOfComputingServices),
        )
        .await
        .unwrap();
    assert_eq!(
        quote.trade_reason,
        Some(TradeReason::PurchaseOrSaleOfComputingServices)
    );
    let order = client
        .create_order(&CreateOrder {
            quote_id: quote.id,
            source_wallet_address: None,
            target_wallet_address: Some(WHITELISTED_FX_ADDRESS.to_owned()),
            target_end_user_pix_key: None,
            source_payment_method: None,
        })
        .await
        .unwrap();
    assert_eq!(
        order.trade_reason,
        Some(TradeReason::PurchaseOrSaleOfComputingServices)
    );
}
