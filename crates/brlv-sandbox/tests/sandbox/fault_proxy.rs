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

/// A successful answer whose `Date` is off by `seconds` (a proxy's or a
/// gateway's clock, not the service's): the service accepted the token, so
/// there is nothing to correct. No offset is learned, the next request is
/// signed as before and accepted at once, and no clock is blamed.
async fn a_wrong_date_on_a_success_teaches_nothing(seconds: i64) {
    let (sandbox, proxy, client) = setup(Duration::from_secs(5)).await;
    proxy.then(&[Fault::ShiftDate(seconds)]);
    assert!(client.list_orders().await.unwrap().is_empty());
    assert_eq!(client.clock_offset_secs(), 0, "learned from a success");
    assert!(client.list_orders().await.unwrap().is_empty());
    assert_eq!(
        count(&proxy, GET_ORDERS),
        2,
        "nothing refused, nothing re-signed"
    );

    fund(&sandbox).await;
    proxy.then(&[Fault::ShiftDate(seconds)]);
    client.create_withdrawal(&withdrawal()).await.unwrap();
    assert_eq!(client.clock_offset_secs(), 0);
    let listed = client.list_withdrawals(None).await.unwrap();
    assert_eq!(listed.len(), 1, "no error, no clock blamed, one withdrawal");
    assert_eq!(count(&proxy, POST_WITHDRAWALS), 1);
}

#[tokio::test]
async fn a_success_dated_ten_minutes_ahead_teaches_no_offset() {
    a_wrong_date_on_a_success_teaches_nothing(600).await;
}

#[tokio::test]
async fn a_success_dated_ten_minutes_behind_teaches_no_offset() {
    a_wrong_date_on_a_success_teaches_nothing(-600).await;
}

#[tokio::test]
async fn a_401_that_is_not_about_time_teaches_no_offset() {
    let (_sandbox, proxy, client) = setup(Duration::from_secs(5)).await;
    let refused = br#"{"error":{"type":"auth","code":"unknown-key","message":"no such API key"}}"#;
    proxy.then(&[Fault::Answer {
        status: 401,
        body: refused.to_vec(),
        date_ahead_secs: 600,
    }]);
    // Dated ten minutes ahead, but refused for another reason: the clock
    // is not what failed, so nothing is learned and nothing re-signed.
    let error = client.list_orders().await.unwrap_err();
    assert!(matches!(error, Error::Unauthorized { .. }), "{error:?}");
    assert_eq!(client.clock_offset_secs(), 0);
    assert_eq!(proxy.connections(), 1, "not re-signed");
}

/// A POST answered with a 5xx: whatever the body, the service may have
/// applied it, so it is never a refusal.
async fn a_5xx_on_a_post_may_have_been_applied(fault: Fault, applied: bool) {
    let (sandbox, proxy, client) = setup(Duration::from_secs(5)).await;
    fund(&sandbox).await;
    proxy.on(POST_WITHDRAWALS, fault);
    let error = client.create_withdrawal(&withdrawal()).await.unwrap_err();
    assert!(
        error.status().is_some_and(|status| status >= 500),
        "{error:?}"
    );
    assert!(error.outcome_unknown(), "a 5xx is not a refusal: {error:?}");
    assert_eq!(
        count(&proxy, POST_WITHDRAWALS),
        usize::from(applied),
        "a write is never sent again"
    );
    let listed = client.list_withdrawals(None).await.unwrap();
    assert_eq!(listed.len(), usize::from(applied));
}

#[tokio::test]
async fn a_500_with_the_error_object_on_a_post_may_have_been_applied() {
    a_5xx_on_a_post_may_have_been_applied(Fault::Json5xx(500), false).await;
}

#[tokio::test]
async fn a_500_after_the_service_applied_a_post_may_have_been_applied() {
    a_5xx_on_a_post_may_have_been_applied(Fault::AppliedThenJson5xx(500), true).await;
}

#[tokio::test]
async fn a_502_html_page_on_a_post_may_have_been_applied() {
    a_5xx_on_a_post_may_have_been_applied(Fault::Html502, false).await;
}

#[tokio::test]
async fn a_4xx_on_a_post_is_a_refusal() {
    let (_sandbox, proxy, client) = setup(Duration::from_secs(5)).await;
    let refused =
        br#"{"error":{"type":"invalid-request","code":"amount-too-small","message":"no"}}"#;
    proxy.on(
        POST_WITHDRAWALS,
        Fault::Answer {
            status: 422,
            body: refused.to_vec(),
            date_ahead_secs: 0,
        },
    );
    let error = client.create_withdrawal(&withdrawal()).await.unwrap_err();
    assert!(!error.outcome_unknown(), "{error:?}");
}

/// Everything the client shows of an answer, written out.
fn shown(error: &Error) -> String {
    let object = error
        .service_error()
        .map(|object| format!("{} {} {}", object.kind, object.code, object.message))
        .unwrap_or_default();
    format!("{error} {object}")
}

fn assert_safe(text: &str) {
    assert!(
        !text.chars().any(brlv_core::api::safe_text::needs_escape),
        "{text:?}"
    );
}

#[tokio::test]
async fn nul_and_bidi_characters_from_the_service_are_shown_as_escapes() {
    let (_sandbox, proxy, client) = setup(Duration::from_secs(5)).await;
    // A 200 that begins with a NUL byte and carries a right-to-left override.
    proxy.then(&[Fault::Answer {
        status: 200,
        body: b"\x00\xe2\x80\xae{not json".to_vec(),
        date_ahead_secs: 0,
    }]);
    let error = client.list_orders().await.unwrap_err();
    assert_safe(&shown(&error));
    assert!(
        shown(&error).contains("\\u{0}\\u{202e}{not json"),
        "{error}"
    );

    // The service's own error object, every field hostile and one too long.
    let hostile = json!({"error": {
        "type": "a\u{0}b",
        "code": "c\u{202e}d\u{2066}",
        "message": format!("e\u{1b}[31m\nf{}", "g".repeat(5_000)),
    }});
    proxy.then(&[Fault::Answer {
        status: 422,
        body: hostile.to_string().into_bytes(),
        date_ahead_secs: 0,
    }]);
    let error = client.create_withdrawal(&withdrawal()).await.unwrap_err();
    assert_safe(&shown(&error));
    let object = error.service_error().unwrap();
    assert_eq!(object.kind, "a\\u{0}b");
    assert_eq!(object.code, "c\\u{202e}d\\u{2066}");
    assert!(object.message.starts_with("e\\u{1b}[31m\\u{a}f"));
    assert!(object.message.chars().count() <= brlv_core::api::safe_text::MESSAGE_MAX_CHARS);

    // A record whose texts carry the same: a PIX key and an unknown state.
    let record = json!({"withdrawals": [{
        "id": "00000000-0000-0000-0000-000000000001",
        "asset": "fiat/brl", "method": "pix", "amount": "1.00",
        "state": "odd\u{0}state", "pix-key": "key\u{202e}\u{0}",
    }]});
    proxy.then(&[Fault::Answer {
        status: 200,
        body: record.to_string().into_bytes(),
        date_ahead_secs: 0,
    }]);
    let listed = client.list_withdrawals(None).await.unwrap();
    let withdrawal = &listed[0];
    assert_eq!(withdrawal.pix_key(), Some("key\\u{202e}\\u{0}"));
    let state = withdrawal.state.as_ref().unwrap().as_str();
    assert_eq!(state, "odd\\u{0}state");
}
