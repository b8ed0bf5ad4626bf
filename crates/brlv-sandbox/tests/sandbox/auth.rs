//! Spec section 5 on the sandbox: every rule broken once, by a token that
//! breaks only that rule, gives 401 with its own code; a correct token passes;
//! the nonce store stays bounded over a long (moved-clock) run.

use base64::Engine as _;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use reqwest::Method;
use secrecy::ExposeSecret;
use serde_json::{Value, json};

use crate::support::{API_KEY, Answer, TestSandbox, key_pair, other_key_pair, sha256_hex};

const PATH: &str = "/api/v0/orders";

async fn expect_401(sandbox: &TestSandbox, answer: Answer, code: &str) {
    assert_eq!(answer.status, 401, "{code}: {:?}", answer.body);
    assert_eq!(answer.code(), code, "{:?}", answer.body);
    assert_eq!(answer.body["error"]["type"], "authentication");
    assert!(!answer.body["error"]["message"].as_str().unwrap().is_empty());
    // Nothing leaked through: the account still answers normally.
    assert_eq!(sandbox.get(PATH).await.status, 200);
}

#[tokio::test]
async fn a_correct_token_passes() {
    let sandbox = TestSandbox::start(true).await;
    let answer = sandbox.get(PATH).await;
    assert_eq!(answer.status, 200, "{:?}", answer.body);
    assert!(answer.body["orders"].as_array().unwrap().len() >= 5);
}

#[tokio::test]
async fn headers_and_key_registration() {
    let sandbox = TestSandbox::start(false).await;
    let token = sandbox.sign(&sandbox.claims(PATH, b""));
    let missing_key = sandbox
        .send_raw(Method::GET, PATH, b"", None, Some(&token))
        .await;
    expect_401(&sandbox, missing_key, "missing-api-key").await;

    let claims = {
        let mut claims = sandbox.claims(PATH, b"");
        claims["sub"] = json!("not-registered");
        claims
    };
    let unknown = sandbox
        .send_raw(
            Method::GET,
            PATH,
            b"",
            Some("not-registered"),
            Some(&sandbox.sign(&claims)),
        )
        .await;
    expect_401(&sandbox, unknown, "unknown-api-key").await;

    let no_token = sandbox
        .send_raw(Method::GET, PATH, b"", Some(API_KEY), None)
        .await;
    expect_401(&sandbox, no_token, "missing-token").await;

    let garbage = sandbox
        .send_raw(Method::GET, PATH, b"", Some(API_KEY), Some("not-a-jwt"))
        .await;
    expect_401(&sandbox, garbage, "malformed-token").await;
}

#[tokio::test]
async fn only_rs256_signed_by_the_registered_key_is_accepted() {
    let sandbox = TestSandbox::start(false).await;
    let claims = sandbox.claims(PATH, b"");

    let hs256 = jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        &claims,
        &EncodingKey::from_secret(b"a shared secret"),
    )
    .unwrap();
    let answer = sandbox
        .send_raw(Method::GET, PATH, b"", Some(API_KEY), Some(&hs256))
        .await;
    expect_401(&sandbox, answer, "bad-algorithm").await;

    // alg "none": no signature at all.
    let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let unsigned = format!(
        "{}.{}.",
        engine.encode(br#"{"alg":"none","typ":"JWT"}"#),
        engine.encode(serde_json::to_vec(&sandbox.claims(PATH, b"")).unwrap())
    );
    let answer = sandbox
        .send_raw(Method::GET, PATH, b"", Some(API_KEY), Some(&unsigned))
        .await;
    expect_401(&sandbox, answer, "bad-algorithm").await;

    let other_key =
        EncodingKey::from_rsa_pem(other_key_pair().private_key_pem.expose_secret().as_bytes())
            .unwrap();
    let wrong_key = jsonwebtoken::encode(
        &Header::new(Algorithm::RS256),
        &sandbox.claims(PATH, b""),
        &other_key,
    )
    .unwrap();
    let answer = sandbox
        .send_raw(Method::GET, PATH, b"", Some(API_KEY), Some(&wrong_key))
        .await;
    expect_401(&sandbox, answer, "bad-signature").await;

    // A correct token whose payload was altered after signing.
    let good = sandbox.sign(&sandbox.claims(PATH, b""));
    let mut parts: Vec<String> = good.split('.').map(str::to_owned).collect();
    let mut payload: Value = serde_json::from_slice(&engine.decode(&parts[1]).unwrap()).unwrap();
    payload["exp"] = json!(payload["exp"].as_i64().unwrap() + 1);
    parts[1] = engine.encode(serde_json::to_vec(&payload).unwrap());
    let tampered = parts.join(".");
    let answer = sandbox
        .send_raw(Method::GET, PATH, b"", Some(API_KEY), Some(&tampered))
        .await;
    expect_401(&sandbox, answer, "bad-signature").await;
}

#[tokio::test]
async fn every_claim_is_required_with_its_json_type() {
    let sandbox = TestSandbox::start(false).await;
    for claim in ["uri", "nonce", "iat", "exp", "sub", "bodyHash"] {
        let answer = sandbox
            .send_with(Method::GET, PATH, b"", |claims| {
                claims.as_object_mut().unwrap().remove(claim);
            })
            .await;
        assert!(
            answer.body["error"]["message"]
                .as_str()
                .unwrap()
                .contains(claim)
        );
        expect_401(&sandbox, answer, "missing-claim").await;
    }
    let wrong_types = [
        ("uri", json!(42)),
        ("nonce", json!(12345)),
        ("iat", json!("1700000000")),
        ("exp", json!("1700000030")),
        ("sub", json!([API_KEY])),
        ("bodyHash", json!(null)),
    ];
    for (claim, value) in wrong_types {
        let answer = sandbox
            .send_with(Method::GET, PATH, b"", |claims| {
                claims[claim] = value.clone()
            })
            .await;
        expect_401(&sandbox, answer, "claim-type").await;
    }
}

#[tokio::test]
async fn each_claim_rule_broken_alone() {
    let sandbox = TestSandbox::start(false).await;
    let now = sandbox.sandbox.now().unix_timestamp();

    let answer = sandbox
        .send_with(Method::GET, PATH, b"", |claims| {
            claims["sub"] = json!("someone-else")
        })
        .await;
    expect_401(&sandbox, answer, "sub-mismatch").await;

    let answer = sandbox
        .send_with(Method::GET, PATH, b"", |claims| {
            claims["uri"] = json!("/api/v0/transfers")
        })
        .await;
    expect_401(&sandbox, answer, "uri-mismatch").await;

    // The query string is not part of `uri`: signing it in is a mismatch.
    let answer = sandbox
        .send_with(
            Method::GET,
            "/api/v0/transfers?state=failed",
            b"",
            |claims| claims["uri"] = json!("/api/v0/transfers?state=failed"),
        )
        .await;
    expect_401(&sandbox, answer, "uri-mismatch").await;

    let answer = sandbox
        .send_with(Method::GET, PATH, b"", |claims| {
            // From the token's own `iat`: a slow machine may have moved past `now`.
            claims["exp"] = json!(claims["iat"].as_i64().unwrap() + 51)
        })
        .await;
    expect_401(&sandbox, answer, "lifetime-too-long").await;
    // Exactly 50 s is allowed.
    let answer = sandbox
        .send_with(Method::GET, PATH, b"", |claims| {
            // From the token's own `iat`: a slow machine may have moved past `now`.
            claims["exp"] = json!(claims["iat"].as_i64().unwrap() + 50)
        })
        .await;
    assert_eq!(answer.status, 200, "{:?}", answer.body);

    let answer = sandbox
        .send_with(Method::GET, PATH, b"", |claims| {
            claims["iat"] = json!(now - 40);
            claims["exp"] = json!(now - 6);
        })
        .await;
    expect_401(&sandbox, answer, "expired").await;
    // Within the 5 s leeway: accepted.
    let answer = sandbox
        .send_with(Method::GET, PATH, b"", |claims| {
            claims["iat"] = json!(now - 30);
            claims["exp"] = json!(now - 3);
        })
        .await;
    assert_eq!(answer.status, 200, "{:?}", answer.body);

    let answer = sandbox
        .send_with(Method::GET, PATH, b"", |claims| {
            claims["iat"] = json!(now + 20);
            claims["exp"] = json!(now + 40);
        })
        .await;
    expect_401(&sandbox, answer, "issued-in-future").await;

    let answer = sandbox
        .send_with(Method::GET, PATH, b"", |claims| {
            claims["bodyHash"] = json!(sha256_hex(b"{}"))
        })
        .await;
    expect_401(&sandbox, answer, "body-hash-mismatch").await;
}

#[tokio::test]
async fn the_body_hash_covers_the_exact_bytes_received() {
    let sandbox = TestSandbox::start(false).await;
    let body = r#"{"wallet-name":"Conta Poupança ✓","chain":"eth-base"}"#.as_bytes();
    let answer = sandbox
        .send_with(Method::POST, "/api/v0/wallets", body, |_| {})
        .await;
    assert_eq!(answer.status, 200, "{:?}", answer.body);

    // The same JSON with other whitespace is other bytes: refused, and no wallet made.
    let respaced = r#"{ "wallet-name": "Conta Poupança ✓", "chain": "eth-base" }"#.as_bytes();
    let answer = sandbox
        .send_with(Method::POST, "/api/v0/wallets", respaced, |claims| {
            claims["bodyHash"] = json!(sha256_hex(body))
        })
        .await;
    expect_401(&sandbox, answer, "body-hash-mismatch").await;
    let wallets = sandbox.get("/api/v0/wallets").await.body;
    assert_eq!(wallets["wallets"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_replayed_nonce_is_refused_and_a_refused_token_does_not_burn_it() {
    let sandbox = TestSandbox::start(false).await;
    let claims = sandbox.claims(PATH, b"");
    let token = sandbox.sign(&claims);
    let first = sandbox
        .send_raw(Method::GET, PATH, b"", Some(API_KEY), Some(&token))
        .await;
    assert_eq!(first.status, 200);
    let replay = sandbox
        .send_raw(Method::GET, PATH, b"", Some(API_KEY), Some(&token))
        .await;
    expect_401(&sandbox, replay, "nonce-replayed").await;

    // A token refused for its uri does not use up its nonce.
    let mut claims = sandbox.claims(PATH, b"");
    claims["uri"] = json!("/elsewhere");
    let refused = sandbox
        .send_raw(
            Method::GET,
            PATH,
            b"",
            Some(API_KEY),
            Some(&sandbox.sign(&claims)),
        )
        .await;
    assert_eq!(refused.code(), "uri-mismatch");
    claims["uri"] = json!(PATH);
    let retried = sandbox
        .send_raw(
            Method::GET,
            PATH,
            b"",
            Some(API_KEY),
            Some(&sandbox.sign(&claims)),
        )
        .await;
    assert_eq!(retried.status, 200, "{:?}", retried.body);
}

#[tokio::test]
async fn expiry_is_judged_on_the_sandbox_clock() {
    let sandbox = TestSandbox::start(false).await;
    let claims = sandbox.claims(PATH, b"");
    sandbox.advance(60);
    let answer = sandbox
        .send_raw(
            Method::GET,
            PATH,
            b"",
            Some(API_KEY),
            Some(&sandbox.sign(&claims)),
        )
        .await;
    expect_401(&sandbox, answer, "expired").await;
}

#[tokio::test]
async fn the_nonce_store_stays_bounded_over_ten_minutes() {
    let sandbox = TestSandbox::start(false).await;
    let mut largest = 0;
    // Ten minutes of sandbox time, 4 requests every 5 seconds: 480 requests.
    for _ in 0..120 {
        for _ in 0..4 {
            assert_eq!(sandbox.get(PATH).await.status, 200);
        }
        sandbox.advance(5);
        largest = largest.max(sandbox.sandbox.nonce_store_len(API_KEY).unwrap());
    }
    // Tokens live 30 s (+5 s leeway): at most ~8 rounds of 4 nonces are remembered.
    assert!(largest <= 4 * 8, "the nonce store grew to {largest}");
    assert!(largest >= 4, "the nonce store remembered nothing");
    sandbox.advance(60);
    assert_eq!(sandbox.sandbox.nonce_store_len(API_KEY), Some(0));
}

#[tokio::test]
async fn accounts_see_only_their_own_data() {
    let sandbox = TestSandbox::start(true).await;
    let second = other_key_pair();
    sandbox
        .sandbox
        .register_account("test-key-2", &second.public_key_pem, false)
        .unwrap();
    // The first account's token does not open the second account.
    let mut claims = sandbox.claims(PATH, b"");
    claims["sub"] = json!("test-key-2");
    let answer = sandbox
        .send_raw(
            Method::GET,
            PATH,
            b"",
            Some("test-key-2"),
            Some(&sandbox.sign(&claims)),
        )
        .await;
    expect_401(&sandbox, answer, "bad-signature").await;

    let key = EncodingKey::from_rsa_pem(second.private_key_pem.expose_secret().as_bytes()).unwrap();
    let token = jsonwebtoken::encode(&Header::new(Algorithm::RS256), &claims, &key).unwrap();
    let answer = sandbox
        .send_raw(Method::GET, PATH, b"", Some("test-key-2"), Some(&token))
        .await;
    assert_eq!(answer.status, 200);
    assert_eq!(
        answer.body["orders"],
        json!([]),
        "an empty account sees no demo orders of another"
    );

    // Registering the same key again is harmless; another PEM for it is refused.
    assert!(
        sandbox
            .sandbox
            .register_account(API_KEY, &key_pair().public_key_pem, true)
            .is_ok()
    );
    assert!(
        sandbox
            .sandbox
            .register_account(API_KEY, &second.public_key_pem, true)
            .is_err()
    );
    assert!(
        sandbox
            .sandbox
            .register_account("bad key", &second.public_key_pem, true)
            .is_err()
    );
    assert!(
        sandbox
            .sandbox
            .register_account("k3", "not a pem", true)
            .is_err()
    );
}
