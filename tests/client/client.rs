//! The client against a scripted server on loopback: what goes on the wire
//! for every endpoint, every kind of failure, clock-skew correction, and
//! read retries versus write no-retry.

use std::str::FromStr;
use std::time::{Duration, SystemTime};

use brlv_core::api::auth::body_hash;
use brlv_core::api::client::{MAX_RESPONSE_BYTES, RetryPolicy};
use brlv_core::api::error::UnauthorizedHint;
use brlv_core::api::model::*;
use brlv_core::api::{Client, ClientConfig, Error, PrivateKey, Signer};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use rust_decimal::Decimal;
use secrecy::SecretString;
use uuid::Uuid;

use crate::support::{Captured, Reply, ScriptedServer};

const PKCS8: &str = include_str!("../fixtures/test-only-rsa2048-pkcs8.pem");
const PUBLIC: &str = include_str!("../fixtures/test-only-rsa2048-public.pem");

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/fixtures/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn client_with(base_url: &str, adjust: impl FnOnce(&mut ClientConfig)) -> Client {
    let signer = Signer::new(
        SecretString::from("test-key"),
        PrivateKey::from_pem(PKCS8).unwrap(),
    );
    let mut config = ClientConfig::new(base_url, signer).unwrap();
    config.retry = RetryPolicy {
        max_attempts: 3,
        initial_backoff: Duration::from_millis(20),
        max_backoff: Duration::from_millis(50),
        max_retry_after: Duration::from_secs(2),
    };
    adjust(&mut config);
    Client::new(config).unwrap()
}

/// A client of `base_url` with the tests' key and quick retries.
pub(crate) fn client_for_tests(base_url: &str) -> Client {
    client_with(base_url, |_| {})
}

fn client(server: &ScriptedServer) -> Client {
    client_with(&server.base_url, |_| {})
}

/// The verified claims of a captured request's token.
fn claims(captured: &Captured) -> serde_json::Value {
    let bearer = captured.headers["authorization"].to_str().unwrap();
    let token = bearer.strip_prefix("Bearer ").unwrap();
    let mut validation = Validation::new(Algorithm::RS256);
    validation.validate_exp = false;
    validation.required_spec_claims.clear();
    jsonwebtoken::decode::<serde_json::Value>(
        token,
        &DecodingKey::from_rsa_pem(PUBLIC.as_bytes()).unwrap(),
        &validation,
    )
    .unwrap()
    .claims
}

fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

fn dec(raw: &str) -> Decimal {
    Decimal::from_str(raw).unwrap()
}

#[tokio::test]
async fn every_request_carries_the_three_headers_and_a_bound_token() {
    let server = ScriptedServer::start().await;
    server.push(Reply::json(200, &fixture("balance-brl.json")));
    let balance = client(&server).balance(&BalanceAsset::Brl).await.unwrap();
    assert_eq!(balance.running_balance, dec("12345.67"));

    let request = &server.captured()[0];
    assert_eq!(request.method, "GET");
    assert_eq!(request.path, "/api/v0/assets/brl/balance");
    assert_eq!(request.headers["x-api-key"], "test-key");
    assert_eq!(request.headers["content-type"], "application/json");
    let claims = claims(request);
    assert_eq!(claims["uri"], "/api/v0/assets/brl/balance");
    assert_eq!(claims["sub"], "test-key");
    assert_eq!(claims["bodyHash"], body_hash(b""));
    let iat = claims["iat"].as_i64().unwrap();
    assert!((iat - unix_now()).abs() <= 2);
    assert_eq!(claims["exp"].as_i64().unwrap() - iat, 30);
}

#[tokio::test]
async fn body_hash_is_of_the_bytes_on_the_wire_non_ascii_included() {
    let server = ScriptedServer::start().await;
    server.push(Reply::json(200, &fixture("wallet-created.json")));
    let mut metadata = JsonObject::new();
    metadata.insert("dono".into(), "José Conceição — açaí ✓".into());
    let request = CreateWallet {
        wallet_name: "Carteira São João".into(),
        chain: Some(Chain::EthBase),
        metadata: Some(metadata),
        ui_enabled: Some(true),
    };
    let created = client(&server).create_wallet(&request).await.unwrap();
    assert_eq!(created.assets.len(), 2);

    let captured = &server.captured()[0];
    assert!(
        std::str::from_utf8(&captured.body)
            .unwrap()
            .contains("São João")
    );
    let expected: String = <sha2::Sha256 as sha2::Digest>::digest(&captured.body)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    assert_eq!(claims(captured)["bodyHash"], expected.as_str());
    let sent: serde_json::Value = serde_json::from_slice(&captured.body).unwrap();
    assert_eq!(sent["wallet-name"], "Carteira São João");
}

#[tokio::test]
async fn uri_claim_is_the_path_without_query_and_segments_are_encoded() {
    let server = ScriptedServer::start().await;
    server.push(Reply::json(200, r#"{"withdrawals":[]}"#));
    server.push(Reply::json(200, r#"{"wallets":[]}"#));
    let client = client(&server);
    client
        .list_asset_withdrawals(&Asset::FiatBrl)
        .await
        .unwrap();
    client
        .list_wallets(&WalletFilter {
            assets: vec![Asset::EthBaseBrlv, Asset::EthBaseWbrly],
            addresses: vec!["0xabc".into()],
        })
        .await
        .unwrap();
    let captured = server.captured();
    assert_eq!(captured[0].path, "/api/v0/assets/fiat%2Fbrl/withdrawals");
    assert_eq!(
        claims(&captured[0])["uri"],
        "/api/v0/assets/fiat%2Fbrl/withdrawals"
    );
    assert_eq!(captured[1].path, "/api/v0/wallets");
    assert_eq!(
        captured[1].query.as_deref(),
        Some("assets=eth-base%2Fbrlv&assets=eth-base%2Fwbrly&addresses=0xabc")
    );
    assert_eq!(claims(&captured[1])["uri"], "/api/v0/wallets");
}

/// Every endpoint: its method, path, query and body, and the envelope decoded.
#[tokio::test]
async fn all_eighteen_endpoints_send_and_decode_what_the_spec_says() {
    let server = ScriptedServer::start().await;
    let client = client(&server);
    let order_id = Uuid::from_str("5f0c3b1e-8a4d-4c1f-9e2a-7b6d5c4e3f21").unwrap();
    let wallet = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

    server.push(Reply::json(200, &fixture("quote.json")));
    let quote = client
        .create_quote(&CreateQuote::paying(
            Asset::FiatBrl,
            Asset::EthBaseUsdc,
            dec("540.00"),
        ))
        .await
        .unwrap();
    server.push(Reply::json(200, &fixture("order-full.json")));
    let order = client
        .create_order(&CreateOrder {
            quote_id: quote.id,
            source_wallet_address: None,
            target_wallet_address: Some(wallet.into()),
            target_end_user_pix_key: None,
            source_payment_method: Some(PaymentMethod::Brcode),
        })
        .await
        .unwrap();
    assert_eq!(order.id, order_id);
    server.push(Reply::json(200, &fixture("orders-unknown-values.json")));
    assert_eq!(client.list_orders().await.unwrap().len(), 2);
    server.push(Reply::json(200, &fixture("order-full.json")));
    assert_eq!(client.get_order(order_id).await.unwrap().id, order_id);
    server.push(Reply::json(200, &fixture("transfer-full.json")));
    client
        .create_transfer(&CreateTransfer {
            source_address: wallet.into(),
            asset: Asset::EthBaseBrlv,
            amount: dec("250"),
            target_address: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359".into(),
        })
        .await
        .unwrap();
    server.push(Reply::json(200, &fixture("transfers-partial.json")));
    client
        .list_transfers(&TransferFilter {
            state: Some(TransferState::Pending),
            ..TransferFilter::default()
        })
        .await
        .unwrap();
    server.push(Reply::json(200, &fixture("wallet-created.json")));
    client
        .create_wallet(&CreateWallet {
            wallet_name: "Ops".into(),
            chain: Some(Chain::Tempo),
            metadata: None,
            ui_enabled: None,
        })
        .await
        .unwrap();
    server.push(Reply::json(200, &fixture("wallets.json")));
    assert_eq!(
        client
            .list_wallets(&WalletFilter::default())
            .await
            .unwrap()
            .len(),
        2
    );
    server.push(Reply::json(200, &fixture("withdrawal-full.json")));
    client
        .create_withdrawal(&CreateWithdrawal {
            asset: Asset::FiatBrl,
            method: WithdrawalMethod::Pix,
            amount: dec("320.50"),
            pix_key: Some("52998224725".into()),
            ted_account: None,
            target_address: None,
        })
        .await
        .unwrap();
    server.push(Reply::json(200, r#"{"withdrawals":[]}"#));
    client
        .list_withdrawals(Some(&Asset::FiatBrl))
        .await
        .unwrap();
    server.push(Reply::json(200, &fixture("withdrawals-per-asset.json")));
    assert_eq!(
        client
            .list_asset_withdrawals(&Asset::FiatBrl)
            .await
            .unwrap()
            .len(),
        2
    );
    let claim_body = CreateClaim {
        amount: dec("1000.00"),
        target_asset_code: ClaimTarget::Brl,
    };
    server.push(Reply::json(200, &fixture("claim-full.json")));
    client.create_claim(&claim_body).await.unwrap();
    server.push(Reply::json(200, &fixture("claimable.json")));
    assert_eq!(
        client.claimable_balance().await.unwrap().available_balance,
        dec("4210.37")
    );
    server.push(Reply::json(200, &fixture("claim-full.json")));
    client
        .create_wallet_claim(wallet, &claim_body)
        .await
        .unwrap();
    server.push(Reply::json(200, &fixture("claimable.json")));
    client.wallet_claimable_balance(wallet).await.unwrap();
    server.push(Reply::json(200, &fixture("deposits.json")));
    assert_eq!(
        client
            .list_deposits(&DepositAsset::Brl)
            .await
            .unwrap()
            .len(),
        2
    );
    server.push(Reply::json(200, &fixture("balance-brlv.json")));
    assert_eq!(
        client
            .balance(&BalanceAsset::Brlv)
            .await
            .unwrap()
            .running_balance
            .scale(),
        18
    );
    server.push(Reply::json(200, &fixture("tax-exemption-progress.json")));
    assert_eq!(
        client.tax_exemption_progress().await.unwrap().remaining,
        Some(dec("6500.00"))
    );

    let seen: Vec<(String, String, Option<String>)> = server
        .captured()
        .iter()
        .map(|request| {
            (
                request.method.to_string(),
                request.path.clone(),
                request.query.clone(),
            )
        })
        .collect();
    let expected: Vec<(&str, String, Option<&str>)> = vec![
        ("POST", "/api/v0/quotes".into(), None),
        ("POST", "/api/v0/orders".into(), None),
        ("GET", "/api/v0/orders".into(), None),
        ("GET", format!("/api/v0/orders/{order_id}"), None),
        ("POST", "/api/v0/transfers".into(), None),
        ("GET", "/api/v0/transfers".into(), Some("state=pending")),
        ("POST", "/api/v0/wallets".into(), None),
        ("GET", "/api/v0/wallets".into(), None),
        ("POST", "/api/v0/withdrawals".into(), None),
        (
            "GET",
            "/api/v0/withdrawals".into(),
            Some("asset=fiat%2Fbrl"),
        ),
        ("GET", "/api/v0/assets/fiat%2Fbrl/withdrawals".into(), None),
        ("POST", "/api/v0/claims".into(), None),
        ("GET", "/api/v0/claims".into(), None),
        ("POST", format!("/api/v0/wallets/{wallet}/claims"), None),
        ("GET", format!("/api/v0/wallets/{wallet}/claims"), None),
        ("GET", "/api/v0/assets/brl/deposits".into(), None),
        ("GET", "/api/v0/assets/brlv/balance".into(), None),
        ("GET", "/api/v0/tax-exemption/progress".into(), None),
    ];
    let expected: Vec<(String, String, Option<String>)> = expected
        .into_iter()
        .map(|(method, path, query)| (method.to_owned(), path, query.map(str::to_owned)))
        .collect();
    assert_eq!(seen, expected);

    let order_body: serde_json::Value = serde_json::from_slice(&server.captured()[1].body).unwrap();
    assert_eq!(order_body["quote-id"], quote.id.to_string());
    assert_eq!(order_body["source-payment-method"], "brcode");
    let claim_sent: serde_json::Value =
        serde_json::from_slice(&server.captured()[11].body).unwrap();
    assert_eq!(
        claim_sent,
        serde_json::json!({"amount": "1000.00", "target-asset-code": "brl"})
    );
}

#[tokio::test]
async fn the_service_error_object_is_kept_with_its_status() {
    let server = ScriptedServer::start().await;
    server.push(Reply::json(422, &fixture("error.json")));
    let error = client(&server)
        .create_claim(&CreateClaim {
            amount: dec("1"),
            target_asset_code: ClaimTarget::Brl,
        })
        .await
        .unwrap_err();
    match &error {
        Error::Service { status, error } => {
            assert_eq!(*status, 422);
            assert_eq!(error.code, "invalid-amount");
            assert_eq!(error.kind, "invalid_request_error");
        }
        other => panic!("expected a service error, got {other:?}"),
    }
    assert!(
        error
            .to_string()
            .contains("amount must be greater than zero")
    );
    assert!(!error.outcome_unknown());
}

#[tokio::test]
async fn a_401_with_a_right_clock_blames_the_credentials() {
    let server = ScriptedServer::start().await;
    server.push(Reply::json(
        401,
        r#"{"error":{"type":"auth","message":"bad signature","code":"unauthorized"}}"#,
    ));
    let error = client(&server).list_orders().await.unwrap_err();
    match &error {
        Error::Unauthorized { hint, error } => {
            assert_eq!(*hint, UnauthorizedHint::CheckCredentials);
            assert_eq!(error.as_ref().unwrap().code, "unauthorized");
        }
        other => panic!("expected 401, got {other:?}"),
    }
    assert!(
        error.to_string().contains("public key is registered"),
        "{error}"
    );
    assert_eq!(server.captured().len(), 1, "a plain 401 is not retried");
}

#[tokio::test]
async fn a_two_minute_clock_skew_is_learned_and_the_request_resigned() {
    let server = ScriptedServer::start().await;
    let service_time = SystemTime::now() + Duration::from_secs(120);
    let date = httpdate::fmt_http_date(service_time);
    server.push(
        Reply::json(
            401,
            r#"{"error":{"type":"auth","message":"token not yet valid","code":"iat"}}"#,
        )
        .header("date", &date),
    );
    server.push(Reply::json(200, &fixture("orders-unknown-values.json")).header("date", &date));
    let client = client(&server);
    let orders = client.list_orders().await.unwrap();
    assert_eq!(orders.len(), 2);
    assert!((client.clock_offset_secs() - 120).abs() <= 2);

    let captured = server.captured();
    assert_eq!(captured.len(), 2);
    let first = claims(&captured[0]);
    let second = claims(&captured[1]);
    assert!((second["iat"].as_i64().unwrap() - (unix_now() + 120)).abs() <= 3);
    assert_ne!(
        first["nonce"], second["nonce"],
        "each attempt is signed afresh"
    );
}

#[tokio::test]
async fn a_401_from_a_clock_that_cannot_be_corrected_says_so() {
    let server = ScriptedServer::start().await;
    let date = httpdate::fmt_http_date(SystemTime::now() - Duration::from_secs(300));
    for _ in 0..2 {
        server.push(
            Reply::json(
                401,
                r#"{"error":{"type":"auth","message":"expired","code":"exp"}}"#,
            )
            .header("date", &date),
        );
    }
    let error = client(&server)
        .create_quote(&CreateQuote::paying(
            Asset::FiatBrl,
            Asset::EthBaseBrlv,
            dec("1"),
        ))
        .await
        .unwrap_err();
    // The first 401 teaches the offset; the re-signed attempt fails too, and
    // by then the clock is no longer to blame.
    assert_eq!(server.captured().len(), 2);
    assert!(
        matches!(
            error,
            Error::Unauthorized {
                hint: UnauthorizedHint::CheckCredentials,
                ..
            }
        ),
        "{error:?}"
    );
}

#[tokio::test]
async fn clock_skew_hint_when_the_service_shows_the_clock_off() {
    let raw = brlv_core::api::client::RawResponse {
        status: 401,
        body: Vec::new(),
        retry_after: None,
        measured_skew_secs: Some(-45),
        signed_with_offset_secs: 0,
    };
    let error = raw.into_result().unwrap_err();
    assert!(matches!(
        error,
        Error::Unauthorized {
            hint: UnauthorizedHint::ClockSkew { offset_secs: -45 },
            ..
        }
    ));
    assert!(error.to_string().contains("45 s ahead"), "{error}");
}

#[tokio::test]
async fn a_429_on_a_read_waits_retry_after_then_succeeds() {
    let server = ScriptedServer::start().await;
    server.push(
        Reply::json(
            429,
            r#"{"error":{"type":"rate","message":"slow down","code":"rate-limited"}}"#,
        )
        .header("retry-after", "1"),
    );
    server.push(Reply::json(200, &fixture("claimable.json")));
    let started = std::time::Instant::now();
    let balance = client(&server).claimable_balance().await.unwrap();
    assert_eq!(balance.available_balance, dec("4210.37"));
    assert!(
        started.elapsed() >= Duration::from_millis(950),
        "Retry-After was honoured"
    );
    assert_eq!(server.captured().len(), 2);
}

#[tokio::test]
async fn a_429_on_a_write_is_returned_with_retry_after_and_not_retried() {
    let server = ScriptedServer::start().await;
    server.push(
        Reply::json(
            429,
            r#"{"error":{"type":"rate","message":"slow down","code":"rate-limited"}}"#,
        )
        .header("retry-after", "7"),
    );
    let error = client(&server)
        .create_withdrawal(&CreateWithdrawal {
            asset: Asset::FiatBrl,
            method: WithdrawalMethod::Ted,
            amount: dec("5"),
            pix_key: None,
            ted_account: None,
            target_address: None,
        })
        .await
        .unwrap_err();
    assert_eq!(error.retry_after(), Some(Duration::from_secs(7)));
    assert!(error.to_string().contains("retry in 7 s"), "{error}");
    assert_eq!(server.captured().len(), 1);
}

#[tokio::test]
async fn reads_retry_5xx_with_fresh_nonces_and_writes_never_retry() {
    let server = ScriptedServer::start().await;
    for _ in 0..3 {
        server.push(Reply::json(
            503,
            r#"{"error":{"type":"api","message":"down","code":"unavailable"}}"#,
        ));
    }
    let client = client(&server);
    let error = client.list_orders().await.unwrap_err();
    assert_eq!(error.status(), Some(503));
    let captured = server.captured();
    assert_eq!(captured.len(), 3, "three attempts in all");
    let nonces: std::collections::HashSet<_> = captured
        .iter()
        .map(|request| claims(request)["nonce"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(nonces.len(), 3, "no two attempts share a nonce");

    server.push(Reply::json(
        503,
        r#"{"error":{"type":"api","message":"down","code":"unavailable"}}"#,
    ));
    let error = client
        .create_transfer(&CreateTransfer {
            source_address: "0x1".into(),
            asset: Asset::EthBaseBrlv,
            amount: dec("1"),
            target_address: "0x2".into(),
        })
        .await
        .unwrap_err();
    assert_eq!(error.status(), Some(503));
    assert_eq!(server.captured().len(), 4, "the POST went out once");
}

#[tokio::test]
async fn a_read_recovers_after_a_transient_failure() {
    let server = ScriptedServer::start().await;
    server.push(
        Reply::json(502, "<html><body>Bad Gateway</body></html>")
            .header("content-type", "text/html"),
    );
    server.push(Reply::json(200, &fixture("tax-exemption-progress.json")));
    let progress = client(&server).tax_exemption_progress().await.unwrap();
    assert_eq!(progress.limit, Some(MONTHLY_TAX_EXEMPTION_LIMIT_BRL));
}

#[tokio::test]
async fn an_html_502_page_is_an_error_with_an_excerpt_not_a_panic() {
    let server = ScriptedServer::start().await;
    let page = "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>";
    for _ in 0..3 {
        server.push(Reply::json(502, page).header("content-type", "text/html"));
    }
    let error = client(&server).list_orders().await.unwrap_err();
    match &error {
        Error::UnexpectedResponse {
            status, excerpt, ..
        } => {
            assert_eq!(*status, 502);
            assert!(excerpt.starts_with("<html><head><title>502"));
        }
        other => panic!("expected an unexpected-response error, got {other:?}"),
    }
}

#[tokio::test]
async fn a_body_that_is_not_the_spec_is_an_error() {
    let server = ScriptedServer::start().await;
    server.push(Reply::json(200, r#"{"orders": {"not": "a list"}}"#));
    let error = client(&server).list_orders().await.unwrap_err();
    assert!(
        matches!(error, Error::UnexpectedResponse { status: 200, .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("does not match the interface"));
}

#[tokio::test]
async fn a_closed_port_is_a_network_error_that_was_not_delivered() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    drop(listener);
    let client = client_with(&format!("http://{address}"), |_| {});
    let error = client
        .create_order(&CreateOrder {
            quote_id: Uuid::nil(),
            source_wallet_address: None,
            target_wallet_address: None,
            target_end_user_pix_key: None,
            source_payment_method: None,
        })
        .await
        .unwrap_err();
    assert!(
        matches!(
            error,
            Error::Network {
                maybe_delivered: false,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(!error.outcome_unknown(), "nothing reached the service");
    assert!(error.is_transient());
}

#[tokio::test]
async fn a_slow_service_times_out_and_a_timed_out_write_is_not_resent() {
    let server = ScriptedServer::start().await;
    server.push(Reply::json(200, &fixture("withdrawal-full.json")).delayed(Duration::from_secs(3)));
    let client = client_with(&server.base_url, |config| {
        config.timeout = Duration::from_millis(400)
    });
    let error = client
        .create_withdrawal(&CreateWithdrawal {
            asset: Asset::FiatBrl,
            method: WithdrawalMethod::Pix,
            amount: dec("1"),
            pix_key: Some("52998224725".into()),
            ted_account: None,
            target_address: None,
        })
        .await
        .unwrap_err();
    assert!(matches!(error, Error::Timeout { .. }), "{error:?}");
    assert!(error.outcome_unknown(), "the write may have been applied");
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(server.captured().len(), 1);
}

#[tokio::test]
async fn an_answer_over_32_mib_is_refused() {
    let server = ScriptedServer::start().await;
    let huge = format!(
        r#"{{"orders":[],"padding":"{}"}}"#,
        "x".repeat(MAX_RESPONSE_BYTES)
    );
    server.push(Reply::json(200, &huge));
    let error = client(&server).list_orders().await.unwrap_err();
    assert!(
        matches!(error, Error::ResponseTooLarge { limit_bytes } if limit_bytes == MAX_RESPONSE_BYTES),
        "{error:?}"
    );
    assert!(error.to_string().contains("32 MiB"));
}

#[tokio::test]
async fn an_answer_just_under_the_limit_is_read() {
    let server = ScriptedServer::start().await;
    server.push(Reply::json(
        200,
        &format!(r#"{{"orders":[],"padding":"{}"}}"#, "x".repeat(1000)),
    ));
    let client = client_with(&server.base_url, |config| config.max_response_bytes = 1100);
    assert!(client.list_orders().await.unwrap().is_empty());
}

#[test]
fn base_url_must_be_https_unless_loopback() {
    let signer = || {
        Signer::new(
            SecretString::from("k"),
            PrivateKey::from_pem(PKCS8).unwrap(),
        )
    };
    assert!(ClientConfig::new("https://api.example.com", signer()).is_ok());
    assert!(ClientConfig::new("http://127.0.0.1:8787", signer()).is_ok());
    assert!(ClientConfig::new("http://localhost:8787", signer()).is_ok());
    assert!(ClientConfig::new("http://[::1]:8787", signer()).is_ok());
    let plain = ClientConfig::new("http://api.example.com", signer()).unwrap_err();
    assert!(plain.to_string().contains("only https"), "{plain}");
    assert!(ClientConfig::new("ftp://example.com", signer()).is_err());
    assert!(ClientConfig::new("not a url", signer()).is_err());
}

#[tokio::test]
async fn a_base_url_with_a_path_prefix_keeps_it() {
    let server = ScriptedServer::start().await;
    server.push(Reply::json(200, &fixture("orders-unknown-values.json")));
    let client = client_with(&format!("{}/gateway/", server.base_url), |_| {});
    client.list_orders().await.unwrap();
    let captured = &server.captured()[0];
    assert_eq!(captured.path, "/gateway/api/v0/orders");
    assert_eq!(claims(captured)["uri"], "/gateway/api/v0/orders");
}
