//! Creating an order is never retried: against a scripted server, a refusal
//! sends one POST and nothing else; a lost answer (a 502 from a proxy) is
//! followed by one re-read of the list, which finds the order by its
//! quote id, or shows it was not created.

use secrecy::SecretString;

use brlv_core::api::model::{CreateOrder, PaymentMethod};
use brlv_core::api::{Client, ClientConfig, PrivateKey, Signer};
use brlv_desk::app::features::orders::task::create as create_order_reconciled;
use brlv_desk::app::submit::{Created, SubmitOutcome};

use crate::support::{Reply, ScriptedServer};

const PKCS8: &str = include_str!("../fixtures/test-only-rsa2048-pkcs8.pem");
const QUOTE: &str = "0b9e8d7c-6f5a-4b3c-8d2e-1f0a9b8c7d6e";

fn client(server: &ScriptedServer) -> Client {
    let signer = Signer::new(
        SecretString::from("test-key"),
        PrivateKey::from_pem(PKCS8).unwrap(),
    );
    Client::new(ClientConfig::new(&server.base_url, signer).unwrap()).unwrap()
}

fn request() -> CreateOrder {
    CreateOrder {
        quote_id: QUOTE.parse().unwrap(),
        source_wallet_address: None,
        target_wallet_address: Some("0xfeedfacefeedfacefeedfacefeedfacefeedface".to_owned()),
        target_end_user_pix_key: None,
        source_payment_method: Some(PaymentMethod::Brcode),
    }
}

fn lost_answer() -> Reply {
    Reply {
        status: 502,
        headers: vec![("content-type".into(), "text/html".into())],
        body: b"<html>Bad gateway</html>".to_vec(),
        delay: std::time::Duration::ZERO,
    }
}

fn methods(server: &ScriptedServer) -> Vec<String> {
    server
        .captured()
        .iter()
        .map(|c| format!("{} {}", c.method, c.path))
        .collect()
}

#[tokio::test]
async fn a_refusal_is_reported_after_one_post_and_nothing_else() {
    let server = ScriptedServer::start().await;
    server.push(Reply::json(
        422,
        r#"{"error": {"type": "unprocessable", "code": "quote-expired", "message": "expired"}}"#,
    ));
    let outcome = create_order_reconciled(&client(&server), &request()).await;
    assert!(matches!(outcome, SubmitOutcome::Refused(_)), "{outcome:?}");
    assert_eq!(methods(&server), ["POST /api/v0/orders"]);
}

#[tokio::test]
async fn a_lost_answer_is_reconciled_by_quote_id_without_sending_again() {
    let server = ScriptedServer::start().await;
    server.push(lost_answer());
    server.push(Reply::json(
        200,
        &format!(
            r#"{{"orders": [
                {{"id": "11111111-0000-4000-8000-000000000000", "quote-id": "2b9e8d7c-6f5a-4b3c-8d2e-1f0a9b8c7d6e", "state": "completed"}},
                {{"id": "22222222-0000-4000-8000-000000000000", "quote-id": "{QUOTE}", "state": "created"}}
            ]}}"#
        ),
    ));
    let outcome = create_order_reconciled(&client(&server), &request()).await;
    match outcome {
        SubmitOutcome::Created {
            record: Created::Order(order),
            after_unknown,
        } => {
            assert_eq!(order.id.to_string(), "22222222-0000-4000-8000-000000000000");
            assert!(
                after_unknown,
                "found by re-reading, after the answer was lost"
            );
        }
        other => panic!("expected the order found by quote id, got {other:?}"),
    }
    assert_eq!(
        methods(&server),
        ["POST /api/v0/orders", "GET /api/v0/orders"]
    );
}

#[tokio::test]
async fn a_lost_answer_with_no_order_for_the_quote_means_not_created() {
    let server = ScriptedServer::start().await;
    server.push(lost_answer());
    server.push(Reply::json(
        200,
        r#"{"orders": [{"id": "11111111-0000-4000-8000-000000000000", "quote-id": "2b9e8d7c-6f5a-4b3c-8d2e-1f0a9b8c7d6e"}]}"#,
    ));
    let outcome = create_order_reconciled(&client(&server), &request()).await;
    assert!(
        matches!(outcome, SubmitOutcome::NotApplied(_)),
        "{outcome:?}"
    );
    assert_eq!(
        methods(&server),
        ["POST /api/v0/orders", "GET /api/v0/orders"]
    );
}
