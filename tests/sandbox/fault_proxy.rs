//! brlv-desk's client against the embedded sandbox through a proxy that
//! injects one fault per connection: a hang, a trickle, 5xx with JSON or
//! HTML, garbage with a 200, a body cut short, the connection cut after a
//! POST was forwarded, 429 with `Retry-After`, a `Date` ten minutes off.
//! Each fault is one named test of what the client then does: reads retried
//! with backoff, a POST sent exactly once, an error that says what happened.

use std::time::{Duration, Instant};

use brlv_core::api::Error;
use brlv_core::api::auth::{PrivateKey, Signer};
use brlv_core::api::client::{Client, ClientConfig, RetryPolicy};
use brlv_core::api::model::{Asset, CreateWithdrawal};
use reqwest::Method;
use rust_decimal::Decimal;
use secrecy::ExposeSecret;
use serde_json::json;

use crate::fault_proxy_server::{Fault, Proxy};
use crate::support::{TestSandbox, key_pair};

/// The sandbox, the proxy in front of it, and the real client through the proxy.
async fn setup(timeout: Duration) -> (TestSandbox, Proxy, Client) {
    let sandbox = TestSandbox::start(false).await;
    let proxy = Proxy::start(sandbox.sandbox.local_addr()).await;
    let key = PrivateKey::from_pem(key_pair().private_key_pem.expose_secret()).unwrap();
    let signer = Signer::new(secrecy::SecretString::from(sandbox.api_key.clone()), key);
    let mut config = ClientConfig::new(&proxy.base_url, signer).unwrap();
    config.timeout = timeout;
    config.retry = RetryPolicy {
        max_attempts: 3,
        initial_backoff: Duration::from_millis(50),
        max_backoff: Duration::from_millis(200),
        max_retry_after: Duration::from_secs(5),
    };
    let client = Client::new(config).unwrap();
    (sandbox, proxy, client)
}

const GET_ORDERS: &str = "GET /api/v0/orders";
const POST_WITHDRAWALS: &str = "POST /api/v0/withdrawals";

fn count(proxy: &Proxy, line: &str) -> usize {
    proxy.count(line)
}

fn withdrawal() -> CreateWithdrawal {
    // A PIX: since the payout path needs a TED's bank account, the plainest payout.
    CreateWithdrawal::pix(Decimal::new(1_000, 2), "52998224725".to_owned())
}

async fn fund(sandbox: &TestSandbox) {
    let deposit = sandbox
        .control(
            Method::POST,
            "/sandbox/deposits",
            Some(&json!({"asset": "brl", "amount": "100.00"})),
        )
        .await;
    assert_eq!(deposit.status, 200, "{:?}", deposit.body);
}

#[tokio::test]
async fn a_hang_times_out_and_the_read_is_retried() {
    let (_sandbox, proxy, client) = setup(Duration::from_millis(500)).await;
    proxy.then(&[Fault::Hang]);
    let started = Instant::now();
    let orders = client.list_orders().await.unwrap();
    assert!(orders.is_empty());
    assert!(started.elapsed() >= Duration::from_millis(500));
    assert_eq!(proxy.connections(), 2, "one hung attempt, one answered");

    proxy.then(&[Fault::Hang, Fault::Hang, Fault::Hang]);
    let error = client.list_orders().await.unwrap_err();
    assert!(matches!(error, Error::Timeout { .. }), "{error:?}");
    assert!(error.to_string().contains("did not answer"), "{error}");
    assert_eq!(proxy.connections(), 5, "three attempts, then the error");
}

#[tokio::test]
async fn a_trickle_within_the_timeout_is_read_whole() {
    let (_sandbox, proxy, client) = setup(Duration::from_secs(5)).await;
    proxy.then(&[Fault::Trickle {
        pause: Duration::from_millis(5),
    }]);
    assert!(client.list_orders().await.unwrap().is_empty());
    assert_eq!(count(&proxy, GET_ORDERS), 1);
}

#[tokio::test]
async fn a_trickle_past_the_timeout_times_out_and_the_read_is_retried() {
    let (_sandbox, proxy, client) = setup(Duration::from_millis(400)).await;
    proxy.then(&[Fault::Trickle {
        pause: Duration::from_millis(100),
    }]);
    assert!(client.list_orders().await.unwrap().is_empty());
    assert_eq!(count(&proxy, GET_ORDERS), 2);
}

#[tokio::test]
async fn a_503_with_the_error_object_is_retried_then_reported() {
    let (_sandbox, proxy, client) = setup(Duration::from_secs(5)).await;
    proxy.then(&[Fault::Json5xx(503)]);
    assert!(client.list_orders().await.unwrap().is_empty());
    assert_eq!(proxy.connections(), 2);

    proxy.then(&[
        Fault::Json5xx(503),
        Fault::Json5xx(503),
        Fault::Json5xx(503),
    ]);
    match client.list_orders().await.unwrap_err() {
        Error::Service { status, error } => {
            assert_eq!(status, 503);
            assert_eq!(error.code, "unavailable");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(proxy.connections(), 5);
}

#[tokio::test]
async fn a_502_html_page_is_reported_with_its_first_words() {
    let (_sandbox, proxy, client) = setup(Duration::from_secs(5)).await;
    proxy.then(&[Fault::Html502, Fault::Html502, Fault::Html502]);
    let error = client.list_orders().await.unwrap_err();
    match &error {
        Error::UnexpectedResponse {
            status, excerpt, ..
        } => {
            assert_eq!(*status, 502);
            assert!(excerpt.contains("502 Bad Gateway"), "{excerpt}");
        }
        other => panic!("{other:?}"),
    }
    assert!(error.to_string().contains("HTTP 502"), "{error}");
    assert_eq!(proxy.connections(), 3, "5xx reads are retried");
}

#[tokio::test]
async fn garbage_with_a_200_is_an_unexpected_answer_not_retried() {
    let (_sandbox, proxy, client) = setup(Duration::from_secs(5)).await;
    proxy.then(&[Fault::Garbage200]);
    match client.list_orders().await.unwrap_err() {
        Error::UnexpectedResponse { status, .. } => assert_eq!(status, 200),
        other => panic!("{other:?}"),
    }
    // The service answered; asking again would get the same garbage.
    assert_eq!(proxy.connections(), 1);
}

#[tokio::test]
async fn a_body_cut_short_is_a_network_error_and_the_read_is_retried() {
    let (sandbox, proxy, client) = setup(Duration::from_secs(5)).await;
    fund(&sandbox).await;
    let direct = sandbox.client();
    direct.create_withdrawal(&withdrawal()).await.unwrap();
    proxy.then(&[Fault::CutBody]);
    let listed = client.list_withdrawals(None).await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(count(&proxy, "GET /api/v0/withdrawals"), 2);

    proxy.then(&[Fault::CutBody, Fault::CutBody, Fault::CutBody]);
    let error = client.list_withdrawals(None).await.unwrap_err();
    assert!(matches!(error, Error::Network { .. }), "{error:?}");
}

#[tokio::test]
async fn a_post_cut_after_forwarding_reaches_the_sandbox_once() {
    let (sandbox, proxy, client) = setup(Duration::from_secs(5)).await;
    fund(&sandbox).await;
    proxy.then(&[Fault::CutAfterForward]);
    let error = client.create_withdrawal(&withdrawal()).await.unwrap_err();
    assert!(
        matches!(
            error,
            Error::Network {
                maybe_delivered: true,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(error.outcome_unknown(), "the person must be told to check");
    assert_eq!(count(&proxy, POST_WITHDRAWALS), 1, "never sent twice");
    // The sandbox did act on it: re-reading shows it, exactly once.
    let listed = client.list_withdrawals(None).await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(
        sandbox.sandbox.balance(&sandbox.api_key, &Asset::FiatBrl),
        Some(Decimal::new(9_000, 2))
    );
}

#[tokio::test]
async fn a_429_is_waited_out_on_a_read_and_returned_on_a_write() {
    let (sandbox, proxy, client) = setup(Duration::from_secs(5)).await;
    proxy.then(&[Fault::TooMany]);
    let started = Instant::now();
    assert!(client.list_orders().await.unwrap().is_empty());
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "Retry-After: 1"
    );
    assert_eq!(count(&proxy, GET_ORDERS), 1);

    fund(&sandbox).await;
    proxy.then(&[Fault::TooMany]);
    match client.create_withdrawal(&withdrawal()).await.unwrap_err() {
        Error::RateLimited { retry_after, .. } => {
            assert_eq!(retry_after, Some(Duration::from_secs(1)));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(count(&proxy, POST_WITHDRAWALS), 0, "a write is not retried");
}

/// A `Date` off by `seconds` on one answer: the client learns the wrong
/// offset, its next request is refused, and the refusal's true `Date` makes
/// it re-sign once and succeed.
async fn one_wrong_date_costs_one_resigned_request(seconds: i64) {
    let (_sandbox, proxy, client) = setup(Duration::from_secs(5)).await;
    proxy.then(&[Fault::ShiftDate(seconds)]);
    assert!(client.list_orders().await.unwrap().is_empty());
    let learned = client.clock_offset_secs();
    assert!((learned - seconds).abs() <= 2, "learned {learned}");
    assert!(client.list_orders().await.unwrap().is_empty());
    assert!(client.clock_offset_secs().abs() <= 2);
    assert_eq!(count(&proxy, GET_ORDERS), 3, "one refused, re-signed once");
}

#[tokio::test]
async fn a_date_ten_minutes_ahead_is_corrected_by_the_next_answer() {
    one_wrong_date_costs_one_resigned_request(600).await;
}

#[tokio::test]
async fn a_date_ten_minutes_behind_is_corrected_by_the_next_answer() {
    one_wrong_date_costs_one_resigned_request(-600).await;
}
