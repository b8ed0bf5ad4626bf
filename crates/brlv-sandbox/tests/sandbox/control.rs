//! The /sandbox/ control endpoints, key registration, demo credentials and the
//! start-up guards.

use std::time::Duration;

use brlv_core::api::auth::{PrivateKey, Signer};
use brlv_core::api::client::{Client, ClientConfig};
use brlv_core::api::model::{BalanceAsset, DepositAsset};
use brlv_sandbox::{Sandbox, SandboxConfig, SandboxError, generate_demo_credentials};
use reqwest::Method;
use secrecy::SecretString;
use serde_json::json;

use crate::support::{API_KEY, TestSandbox, key_pair, other_key_pair};

/// A 1024-bit RSA public key: too small to register.
const SMALL_KEY: &str = "-----BEGIN PUBLIC KEY-----
MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDZPZYtAEuOnxy3WO3OEk8XUZF/
odixqQ6OxViDWKQxyXAUGdXQK9bYHRfAuKR5LohsAHhn5REEGrHX826BCVZNubjL
62AQSBFgDZOn073Qj3AkqGLN9JFJs6Enj6dd/NCWP6za/PSDeWmjotPYfPIqgeF4
MWizCkt4Ld5R0YCaVQIDAQAB
-----END PUBLIC KEY-----
";

/// The same public key as PKCS#1 `RSA PUBLIC KEY` PEM.
fn pkcs1_pem(spki_pem: &str) -> String {
    let spki = pem::parse(spki_pem).unwrap();
    let key = aws_lc_rs::rsa::PublicKey::from_der(spki.contents()).unwrap();
    pem::encode(&pem::Pem::new("RSA PUBLIC KEY", key.as_ref().to_vec()))
}

fn client_for(sandbox: &TestSandbox, api_key: &str, private_pem: &str) -> Client {
    let signer = Signer::new(
        SecretString::from(api_key.to_owned()),
        PrivateKey::from_pem(private_pem).unwrap(),
    );
    Client::new(ClientConfig::new(sandbox.sandbox.base_url().as_str(), signer).unwrap()).unwrap()
}

#[tokio::test]
async fn keys_register_through_the_control_endpoint() {
    use secrecy::ExposeSecret;
    let sandbox = TestSandbox::start(false).await;
    let second = other_key_pair();
    let answer = sandbox
        .control(
            Method::POST,
            "/sandbox/keys",
            Some(&json!({"api-key": "pkcs1-key", "public-key": pkcs1_pem(&second.public_key_pem)})),
        )
        .await;
    assert_eq!(answer.status, 200, "{:?}", answer.body);
    let client = client_for(
        &sandbox,
        "pkcs1-key",
        second.private_key_pem.expose_secret(),
    );
    assert_eq!(
        client.list_orders().await.unwrap().len(),
        16,
        "a new account gets demo data (5 orders in every state, 11 of a year's trading)"
    );

    let empty = sandbox
        .control(
            Method::POST,
            "/sandbox/keys",
            Some(&json!({"api-key": "empty-key", "public-key": second.public_key_pem, "empty": true})),
        )
        .await;
    assert_eq!(empty.status, 200);
    let client = client_for(
        &sandbox,
        "empty-key",
        second.private_key_pem.expose_secret(),
    );
    assert!(client.list_orders().await.unwrap().is_empty());

    let taken = sandbox
        .control(
            Method::POST,
            "/sandbox/keys",
            Some(&json!({"api-key": API_KEY, "public-key": second.public_key_pem})),
        )
        .await;
    assert_eq!((taken.status, taken.code()), (409, "api-key-taken"));
    for bad in ["garbage", SMALL_KEY] {
        let answer = sandbox
            .control(
                Method::POST,
                "/sandbox/keys",
                Some(&json!({"api-key": "k", "public-key": bad})),
            )
            .await;
        assert_eq!(
            (answer.status, answer.code()),
            (400, "invalid-key"),
            "{:?}",
            answer.body
        );
    }
    let small = sandbox.sandbox.register_account("k", SMALL_KEY, true);
    assert!(
        matches!(small, Err(SandboxError::KeyTooSmall { .. })),
        "{small:?}"
    );
}

#[tokio::test]
async fn deposits_clock_webhook_health_and_reset() {
    let sandbox = TestSandbox::start(true).await;
    let client = sandbox.client();
    let deposit = sandbox
        .control(
            Method::POST,
            "/sandbox/deposits",
            Some(&json!({"asset": "brl", "amount": "150.25", "source-bank-code": "077"})),
        )
        .await;
    assert_eq!(deposit.status, 200, "{:?}", deposit.body);
    assert_eq!(deposit.body["deposit"]["type"], "pix");
    let deposits = client.list_deposits(&DepositAsset::Brl).await.unwrap();
    assert_eq!(deposits.len(), 4);
    assert_eq!(
        deposits[0]
            .coordinates
            .as_ref()
            .unwrap()
            .source_bank_code
            .as_deref(),
        Some("077")
    );
    assert_eq!(
        client
            .balance(&BalanceAsset::Brl)
            .await
            .unwrap()
            .running_balance,
        "25150.25".parse().unwrap()
    );
    let bad = sandbox
        .control(
            Method::POST,
            "/sandbox/deposits",
            Some(&json!({"asset": "usdc", "amount": "1"})),
        )
        .await;
    assert_eq!(bad.status, 400);
    let bad = sandbox
        .control(
            Method::POST,
            "/sandbox/deposits",
            Some(&json!({"asset": "brl", "amount": "1.234"})),
        )
        .await;
    assert_eq!((bad.status, bad.code()), (400, "too-many-decimal-places"));

    let before = sandbox.sandbox.now();
    let moved = sandbox
        .control(
            Method::POST,
            "/sandbox/clock/advance",
            Some(&json!({"seconds": 3600})),
        )
        .await;
    assert_eq!(moved.status, 200);
    assert!((sandbox.sandbox.now() - before).whole_seconds() >= 3600);
    let health = sandbox.control(Method::GET, "/sandbox/health", None).await;
    assert_eq!(health.body["status"], "ok");
    assert_eq!(health.body["accounts"], 1);

    let hook = sandbox
        .control(
            Method::PUT,
            "/sandbox/webhook",
            Some(&json!({"url": "ftp://example.com/"})),
        )
        .await;
    assert_eq!((hook.status, hook.code()), (400, "invalid-url"));
    let hook = sandbox
        .control(Method::PUT, "/sandbox/webhook", Some(&json!({"url": null})))
        .await;
    assert_eq!(hook.status, 200);

    // A wallet made now disappears on reset; the demo data comes back.
    sandbox
        .post(
            "/api/v0/wallets",
            &json!({"wallet-name": "temp", "chain": "tempo"}),
        )
        .await;
    assert_eq!(
        sandbox.get("/api/v0/wallets").await.body["wallets"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    let reset = sandbox.control(Method::POST, "/sandbox/reset", None).await;
    assert_eq!(reset.status, 200);
    assert_eq!(
        sandbox.get("/api/v0/wallets").await.body["wallets"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    assert_eq!(
        client
            .balance(&BalanceAsset::Brl)
            .await
            .unwrap()
            .running_balance,
        "25000.00".parse().unwrap()
    );
}

#[tokio::test]
async fn a_deposit_must_name_its_account_when_there_are_several() {
    let sandbox = TestSandbox::start(false).await;
    sandbox
        .sandbox
        .register_account("second", &other_key_pair().public_key_pem, false)
        .unwrap();
    let answer = sandbox
        .control(
            Method::POST,
            "/sandbox/deposits",
            Some(&json!({"asset": "brl", "amount": "1.00"})),
        )
        .await;
    assert_eq!((answer.status, answer.code()), (400, "missing-field"));
    let answer = sandbox
        .control(
            Method::POST,
            "/sandbox/deposits",
            Some(&json!({"api-key": "second", "asset": "brl", "amount": "1.00"})),
        )
        .await;
    assert_eq!(answer.status, 200);
    assert_eq!(
        sandbox
            .sandbox
            .balance("second", &brlv_core::api::model::Asset::FiatBrl),
        Some("1.00".parse().unwrap())
    );
    assert_eq!(
        sandbox
            .sandbox
            .balance(API_KEY, &brlv_core::api::model::Asset::FiatBrl),
        Some(rust_decimal::Decimal::ZERO)
    );
}

#[tokio::test]
async fn demo_credentials_are_written_once_and_work() {
    let dir = tempfile::tempdir().unwrap();
    let credentials = generate_demo_credentials(dir.path()).unwrap();
    let again = generate_demo_credentials(dir.path()).unwrap();
    assert_eq!(
        credentials.api_key, again.api_key,
        "existing credentials are reused"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&credentials.private_key_file)
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(
            mode & 0o077,
            0,
            "the private key is readable by its owner only"
        );
    }
    let sandbox = TestSandbox::start(false).await;
    sandbox
        .sandbox
        .register_account(&credentials.api_key, &credentials.public_key_pem, true)
        .unwrap();
    let private = std::fs::read_to_string(&credentials.private_key_file).unwrap();
    let client = client_for(&sandbox, &credentials.api_key, &private);
    // 5 in every state and 11 of the year's trading.
    assert_eq!(client.list_orders().await.unwrap().len(), 16);
    let usage = credentials.usage(&sandbox.sandbox.base_url());
    assert!(usage.contains("BRLV_API_KEY=") && usage.contains("BRLV_PRIVATE_KEY_FILE="));
    let _ = key_pair();
}

#[tokio::test]
async fn start_up_guards() {
    let refused = Sandbox::start(SandboxConfig {
        listen: "0.0.0.0:0".parse().unwrap(),
        ..SandboxConfig::default()
    })
    .await;
    assert!(matches!(refused, Err(SandboxError::NonLoopback(_))));

    let running = Sandbox::start(SandboxConfig::default()).await.unwrap();
    assert!(running.base_url().as_str().starts_with("http://127.0.0.1:"));
    let taken = Sandbox::start(SandboxConfig {
        listen: running.local_addr(),
        ..SandboxConfig::default()
    })
    .await;
    assert!(matches!(taken, Err(SandboxError::Bind { .. })));
    tokio::time::timeout(Duration::from_secs(6), running.shutdown())
        .await
        .unwrap()
        .unwrap();
}

#[tokio::test]
async fn control_endpoints_are_reachable_without_a_token_but_the_api_is_not() {
    let sandbox = TestSandbox::start(false).await;
    let health = sandbox.control(Method::GET, "/sandbox/health", None).await;
    assert_eq!(health.status, 200);
    let api = sandbox.control(Method::GET, "/api/v0/orders", None).await;
    assert_eq!((api.status, api.code()), (401, "missing-api-key"));
}

#[tokio::test]
async fn a_big_history_is_seeded_older_than_the_demo_records() {
    let sandbox = TestSandbox::start(true).await;
    let client = sandbox.client();
    let demo_orders = client.list_orders().await.unwrap();
    let seeded = sandbox
        .control(
            Method::POST,
            "/sandbox/seed",
            Some(&serde_json::json!({"records": 2_000})),
        )
        .await;
    assert_eq!(seeded.status, 200);
    let orders = client.list_orders().await.unwrap();
    assert_eq!(orders.len(), demo_orders.len() + 2_000);
    let transfers = client
        .list_transfers(&brlv_core::api::model::TransferFilter::default())
        .await
        .unwrap();
    assert!(transfers.len() >= 2_000);
    assert!(client.list_withdrawals(None).await.unwrap().len() >= 2_000);
    let deposits = client
        .list_deposits(&brlv_core::api::model::DepositAsset::Brl)
        .await
        .unwrap();
    assert!(deposits.len() >= 2_000);
    // History, not motion: nothing seeded is in motion, and every seeded
    // order is older than the oldest demo one.
    let oldest_demo = demo_orders
        .iter()
        .filter_map(|order| order.created_at)
        .min();
    let seeded_orders: Vec<_> = orders
        .iter()
        .filter(|order| !demo_orders.iter().any(|demo| demo.id == order.id))
        .collect();
    assert!(
        seeded_orders
            .iter()
            .all(|order| order.created_at < oldest_demo)
    );
    assert!(seeded_orders.iter().all(|order| {
        order
            .state
            .as_ref()
            .is_some_and(|state| !state.is_in_motion())
    }));

    let too_many = sandbox
        .control(
            Method::POST,
            "/sandbox/seed",
            Some(&serde_json::json!({"records": 6_000_000})),
        )
        .await;
    assert_eq!(too_many.status, 400);
}
