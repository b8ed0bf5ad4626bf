//! The order state machine of spec 3.1 on the moved clock: paid in time,
//! expired, paid late (returned, with `order-refund-initiated` arriving at a
//! test receiver that first fails, so delivery must retry).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::TestSandbox;

/// What the receiver keeps: events received, attempts seen, attempts to refuse.
type ReceiverState = (Arc<Mutex<Vec<Value>>>, Arc<Mutex<usize>>, usize);

/// A webhook receiver on loopback that refuses its first `failures` deliveries.
struct Receiver {
    url: String,
    received: Arc<Mutex<Vec<Value>>>,
    attempts: Arc<Mutex<usize>>,
}

impl Receiver {
    async fn start(failures: usize) -> Receiver {
        let received = Arc::new(Mutex::new(Vec::new()));
        let attempts = Arc::new(Mutex::new(0usize));
        let state = (Arc::clone(&received), Arc::clone(&attempts), failures);
        let app = axum::Router::new()
            .route(
                "/hook",
                axum::routing::post(
                    |State((received, attempts, failures)): State<ReceiverState>,
                     Json(event): Json<Value>| async move {
                        let attempt = {
                            let mut attempts = attempts.lock().unwrap();
                            *attempts += 1;
                            *attempts
                        };
                        if attempt <= failures {
                            return StatusCode::SERVICE_UNAVAILABLE;
                        }
                        received.lock().unwrap().push(event);
                        StatusCode::OK
                    },
                ),
            )
            .with_state(state);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/hook", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Receiver {
            url,
            received,
            attempts,
        }
    }

    /// Waits (at most 5 s) for an event of `kind` about `order_id`.
    async fn event(&self, kind: &str, order_id: &str) -> Value {
        for _ in 0..250 {
            let found = self
                .received
                .lock()
                .unwrap()
                .iter()
                .find(|event| event["type"] == kind && event["order"]["id"] == order_id)
                .cloned();
            if let Some(event) = found {
                return event;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!(
            "no {kind} event for {order_id}; got {:?}",
            self.received.lock().unwrap()
        );
    }
}

async fn brcode_order(sandbox: &TestSandbox, brl: &str) -> Value {
    let main = sandbox.wallet_on("eth-base").await;
    let quote = sandbox
        .post(
            "/api/v0/quotes",
            &json!({"source-asset": "fiat/brl", "target-asset": "eth-base/brlv", "source-amount": brl}),
        )
        .await;
    assert_eq!(quote.status, 200, "{:?}", quote.body);
    let order = sandbox
        .post(
            "/api/v0/orders",
            &json!({
                "quote-id": quote.body["quote"]["id"],
                "target-wallet-address": main,
                "source-payment-method": "brcode",
            }),
        )
        .await;
    assert_eq!(order.status, 200, "{:?}", order.body);
    order.body["order"].clone()
}

async fn pay(sandbox: &TestSandbox, order_id: &str, amount: &str) -> crate::support::Answer {
    sandbox
        .control(
            Method::POST,
            &format!("/sandbox/orders/{order_id}/pay"),
            Some(&json!({ "amount": amount })),
        )
        .await
}

#[tokio::test]
async fn paid_in_time_the_order_completes_and_the_tokens_arrive() {
    let sandbox = TestSandbox::start(true).await;
    // Let the demo records in motion settle, so snapshots compare only what this test does.
    sandbox.advance(60);
    let receiver = Receiver::start(0).await;
    let set = sandbox
        .control(
            Method::PUT,
            "/sandbox/webhook",
            Some(&json!({ "url": receiver.url })),
        )
        .await;
    assert_eq!(set.status, 200, "{:?}", set.body);
    let order = brcode_order(&sandbox, "250.00").await;
    let id = order["id"].as_str().unwrap();
    let before = sandbox.snapshot().await;

    let wrong = pay(&sandbox, id, "249.99").await;
    assert_eq!((wrong.status, wrong.code()), (422, "amount-mismatch"));
    assert_eq!(
        sandbox.snapshot().await,
        before,
        "a refused payment changes nothing"
    );

    // Timestamps are whole seconds, so the window as shown can end up to a
    // second before 600 s of real time have passed: pay with a margin.
    sandbox.advance(597);
    let paid = pay(&sandbox, id, "250").await;
    assert_eq!(paid.status, 200, "{:?}", paid.body);
    assert_eq!(paid.body["order"]["state"], "completed");
    let brlv = sandbox.get("/api/v0/assets/brlv/balance").await.body;
    let before_brlv: rust_decimal::Decimal =
        before["/api/v0/assets/brlv/balance"]["balance"]["running-balance"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
    let after_brlv: rust_decimal::Decimal = brlv["balance"]["running-balance"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(
        after_brlv - before_brlv,
        "248.75".parse().unwrap(),
        "250 less the 0.5 % fee"
    );
    let event = receiver.event("order-completed", id).await;
    assert_eq!(event["order"]["state"], "completed");

    let twice = pay(&sandbox, id, "250.00").await;
    assert_eq!((twice.status, twice.code()), (409, "order-already-paid"));
}

#[tokio::test]
async fn unpaid_it_expires_and_a_late_payment_is_returned_with_an_event() {
    let sandbox = TestSandbox::start(true).await;
    // The receiver refuses the first two deliveries: the sandbox must retry.
    let receiver = Receiver::start(2).await;
    sandbox
        .sandbox
        .set_webhook_url(Some(receiver.url.parse().unwrap()));
    let order = brcode_order(&sandbox, "80.00").await;
    let id = order["id"].as_str().unwrap();

    sandbox.advance(601);
    let expired = sandbox.get(&format!("/api/v0/orders/{id}")).await.body["order"].clone();
    assert_eq!(expired["state"], "expired");
    assert_eq!(
        expired["state-updated-at"], order["expiration"],
        "stamped when it fell due"
    );
    receiver.event("order-expired", id).await;

    let before = sandbox.snapshot().await;
    let late = pay(&sandbox, id, "80.00").await;
    assert_eq!(late.status, 200, "{:?}", late.body);
    assert_eq!(late.body["order"]["state"], "payment-returned");
    let event = receiver.event("order-refund-initiated", id).await;
    assert_eq!(event["order"]["state"], "payment-returned");
    assert!(uuid::Uuid::parse_str(event["id"].as_str().unwrap()).is_ok());
    assert!(event["created-at"].as_str().is_some());
    assert!(*receiver.attempts.lock().unwrap() >= 3);

    // The money goes back to the payer: no balance moved.
    let after = sandbox.snapshot().await;
    for path in [
        "/api/v0/assets/brl/balance",
        "/api/v0/assets/brlv/balance",
        "/api/v0/assets/usdc/balance",
    ] {
        assert_eq!(after[path], before[path], "{path}");
    }
    let again = pay(&sandbox, id, "80.00").await;
    assert_eq!(
        (again.status, again.code()),
        (409, "payment-already-returned")
    );
}

#[tokio::test]
async fn only_brcode_orders_can_be_paid() {
    let sandbox = TestSandbox::start(true).await;
    let orders = sandbox.get("/api/v0/orders").await.body;
    let funded = orders["orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|order| order["brcode"].is_null())
        .unwrap();
    let answer = pay(&sandbox, funded["id"].as_str().unwrap(), "1.00").await;
    assert_eq!((answer.status, answer.code()), (409, "not-a-brcode-order"));
    let answer = pay(&sandbox, &uuid::Uuid::new_v4().to_string(), "1.00").await;
    assert_eq!((answer.status, answer.code()), (404, "order-not-found"));
    let answer = pay(&sandbox, "not-a-uuid", "1.00").await;
    assert_eq!((answer.status, answer.code()), (400, "invalid-uuid"));
}

#[tokio::test]
async fn the_demo_data_has_orders_in_every_state() {
    let sandbox = TestSandbox::start(true).await;
    let orders = sandbox.get("/api/v0/orders").await.body;
    let states: Vec<&str> = orders["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|order| order["state"].as_str().unwrap())
        .collect();
    for state in ["created", "completed", "expired", "payment-returned"] {
        assert!(states.contains(&state), "{state} missing from {states:?}");
    }
    let awaiting = orders["orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|order| order["state"] == "created")
        .unwrap();
    assert!(awaiting["brcode"].as_str().unwrap().starts_with("000201"));
    // Paying the demo order completes it.
    let amount = awaiting["source-amount"].as_str().unwrap();
    let paid = pay(&sandbox, awaiting["id"].as_str().unwrap(), amount).await;
    assert_eq!(paid.body["order"]["state"], "completed");
}

#[tokio::test]
async fn the_funding_window_is_configurable() {
    let config = brlv_sandbox::SandboxConfig {
        order_expiry: Duration::from_secs(30),
        ..crate::support::fast_config()
    };
    let sandbox = TestSandbox::start_with(config, true).await;
    let order = brcode_order(&sandbox, "10.00").await;
    let id = order["id"].as_str().unwrap();
    sandbox.advance(28);
    assert_eq!(
        sandbox.get(&format!("/api/v0/orders/{id}")).await.body["order"]["state"],
        "created"
    );
    sandbox.advance(2);
    assert_eq!(
        sandbox.get(&format!("/api/v0/orders/{id}")).await.body["order"]["state"],
        "expired"
    );
}

#[tokio::test]
async fn delivery_gives_up_after_a_bounded_time() {
    let config = brlv_sandbox::SandboxConfig {
        webhook_retry: brlv_sandbox::WebhookRetryPolicy {
            initial_backoff: Duration::from_millis(50),
            max_backoff: Duration::from_millis(100),
            give_up_after: Duration::from_millis(400),
        },
        ..crate::support::fast_config()
    };
    let sandbox = TestSandbox::start_with(config, true).await;
    sandbox.advance(60);
    let receiver = Receiver::start(usize::MAX).await;
    sandbox
        .sandbox
        .set_webhook_url(Some(receiver.url.parse().unwrap()));
    let order = brcode_order(&sandbox, "5.00").await;
    let paid = pay(&sandbox, order["id"].as_str().unwrap(), "5.00").await;
    // The request was answered while delivery was still failing.
    assert_eq!(paid.status, 200);
    tokio::time::sleep(Duration::from_millis(900)).await;
    let attempts = *receiver.attempts.lock().unwrap();
    assert!((3..=8).contains(&attempts), "{attempts} attempts");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        *receiver.attempts.lock().unwrap(),
        attempts,
        "it stopped retrying"
    );
}
