//! The webhook listener over loopback: only a JSON POST of a bounded size
//! at the path with its secret, and not too many, reaches the app; every
//! refusal is answered and hands nothing over (so nothing is journaled or
//! notified).

use brlv_desk::webhook::{
    ListenError, MAX_BODY_BYTES, MAX_EVENTS_PER_MINUTE, WebhookListener, WebhookSecret,
};
use tokio::sync::mpsc;

const EVENT: &str = r#"{"id":"evt-1","type":"order-refund-initiated"}"#;

async fn post(url: &str, content_type: Option<&str>, body: Vec<u8>) -> u16 {
    let mut request = reqwest::Client::new().post(url).body(body);
    if let Some(content_type) = content_type {
        request = request.header("content-type", content_type);
    }
    request.send().await.unwrap().status().as_u16()
}

#[tokio::test]
async fn only_a_json_post_at_the_secret_path_is_handed_over() {
    let (sender, mut received) = mpsc::unbounded_channel();
    let secret = WebhookSecret::generate();
    let listener =
        WebhookListener::start_with_secret("127.0.0.1:0".parse().unwrap(), secret.clone(), sender)
            .await
            .unwrap();
    let url = listener.url();
    assert_eq!(
        url,
        format!("http://{}{}", listener.address(), secret.path())
    );
    let root = format!("http://{}", listener.address());
    let json = Some("application/json");

    // Wrong paths: the old fixed one, the root, a guessed secret, a prefix of it.
    for wrong in [
        format!("{root}/webhook"),
        format!("{root}/"),
        format!(
            "{root}/webhook/{}",
            WebhookSecret::generate()
                .path()
                .trim_start_matches("/webhook/")
        ),
        url[..url.len() - 1].to_owned(),
        format!("{url}/more"),
    ] {
        assert_eq!(post(&wrong, json, EVENT.into()).await, 404, "{wrong}");
    }
    // Not JSON: a web page's form, text, none at all.
    for content_type in [
        Some("application/x-www-form-urlencoded"),
        Some("text/plain"),
        None,
    ] {
        assert_eq!(
            post(&url, content_type, EVENT.into()).await,
            415,
            "{content_type:?}"
        );
    }
    // Too big, declared or streamed.
    let mut big = br#"{"id":"big","pad":""#.to_vec();
    big.resize(MAX_BODY_BYTES + 10, b'a');
    big.extend_from_slice(br#""}"#);
    assert_eq!(post(&url, json, big.clone()).await, 413);
    let (address, path) = (listener.address(), secret.path());
    let streamed = tokio::task::spawn_blocking(move || chunked_post(address, &path, &big))
        .await
        .unwrap();
    assert!(streamed.starts_with("HTTP/1.1 413"), "{streamed}");
    assert!(
        received.try_recv().is_err(),
        "nothing refused was handed over"
    );

    // The good path, with a charset, goes through.
    assert_eq!(
        post(&url, Some("application/json; charset=utf-8"), EVENT.into()).await,
        200
    );
    let event = received.recv().await.unwrap();
    assert_eq!(event.id.as_deref(), Some("evt-1"));
    listener.stop();
}

/// POSTs `body` in one chunk, without a Content-Length; the status line.
fn chunked_post(address: std::net::SocketAddr, path: &str, body: &[u8]) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n{:x}\r\n",
        body.len()
    );
    // The listener may answer and close before it has read it all.
    let _ = stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(body))
        .and_then(|()| stream.write_all(b"\r\n0\r\n\r\n"));
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer)
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn a_flood_is_answered_429_and_only_the_allowed_number_is_handed_over() {
    let (sender, mut received) = mpsc::unbounded_channel();
    let listener = WebhookListener::start("127.0.0.1:0".parse().unwrap(), sender)
        .await
        .unwrap();
    let url = listener.url();
    let mut statuses = Vec::new();
    for _ in 0..MAX_EVENTS_PER_MINUTE + 20 {
        statuses.push(post(&url, Some("application/json"), EVENT.into()).await);
    }
    assert!(
        statuses[..MAX_EVENTS_PER_MINUTE]
            .iter()
            .all(|&status| status == 200)
    );
    assert!(
        statuses[MAX_EVENTS_PER_MINUTE..]
            .iter()
            .all(|&status| status == 429)
    );
    let mut handed_over = 0;
    while received.try_recv().is_ok() {
        handed_over += 1;
    }
    assert_eq!(handed_over, MAX_EVENTS_PER_MINUTE);
    listener.stop();
}

#[tokio::test]
async fn a_non_loopback_address_is_refused_with_a_clear_error() {
    let (sender, _received) = mpsc::unbounded_channel();
    let error = WebhookListener::start("0.0.0.0:0".parse().unwrap(), sender)
        .await
        .unwrap_err();
    assert!(matches!(error, ListenError::NotLoopback(_)));
    assert!(error.to_string().contains("only binds loopback"), "{error}");
}

/// The sandbox's refund event, as it posts it, reaches the app through its
/// own listener: a brcode order paid after its window closed has the
/// payment returned.
#[tokio::test]
async fn the_apps_own_webhook_listener_understands_the_refund_event() {
    use std::time::Duration;

    use brlv_core::api::auth::{PrivateKey, Signer};
    use brlv_core::api::client::{Client, ClientConfig};
    use brlv_core::api::model::{
        Asset, CreateOrder, CreateQuote, OrderState, PaymentMethod, WalletFilter,
    };
    use brlv_sandbox::{Sandbox, SandboxConfig, generate_key_pair};
    use secrecy::{ExposeSecret, SecretString};

    let sandbox = Sandbox::start(SandboxConfig::default()).await.unwrap();
    let keys = generate_key_pair().unwrap();
    sandbox
        .register_account("webhook-refund", &keys.public_key_pem, true)
        .unwrap();
    let signer = Signer::new(
        SecretString::from("webhook-refund".to_owned()),
        PrivateKey::from_pem(keys.private_key_pem.expose_secret()).unwrap(),
    );
    let client =
        Client::new(ClientConfig::new(sandbox.base_url().as_str(), signer).unwrap()).unwrap();
    let (events, mut received) = mpsc::unbounded_channel();
    let listener = WebhookListener::start("127.0.0.1:0".parse().unwrap(), events)
        .await
        .unwrap();
    sandbox.set_webhook_url(Some(listener.url().parse().unwrap()));

    let wallet = client
        .list_wallets(&WalletFilter::default())
        .await
        .unwrap()
        .into_iter()
        .find(|wallet| wallet.assets.contains(&Asset::EthBaseBrlv))
        .unwrap();
    let quote = client
        .create_quote(&CreateQuote::paying(
            Asset::FiatBrl,
            Asset::EthBaseBrlv,
            "42.00".parse().unwrap(),
        ))
        .await
        .unwrap();
    let order = client
        .create_order(&CreateOrder {
            quote_id: quote.id,
            source_wallet_address: None,
            target_wallet_address: Some(wallet.address),
            target_end_user_pix_key: None,
            source_payment_method: Some(PaymentMethod::Brcode),
        })
        .await
        .unwrap();
    let id = order.id.to_string();
    sandbox.advance_clock(Duration::from_secs(601));
    let paid = reqwest::Client::new()
        .post(format!(
            "{}/sandbox/orders/{id}/pay",
            sandbox.base_url().as_str().trim_end_matches('/')
        ))
        .json(&serde_json::json!({ "amount": "42.00" }))
        .send()
        .await
        .unwrap();
    assert_eq!(paid.status().as_u16(), 200);
    let refund = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let event = received.recv().await.unwrap();
            if event.is_refund_initiated() {
                return event;
            }
        }
    })
    .await
    .unwrap();
    let refunded = refund.order.unwrap();
    assert_eq!(refunded.id.to_string(), id);
    assert_eq!(refunded.state, Some(OrderState::PaymentReturned));
    assert!(refund.created_at.is_some() && refund.id.is_some());
    listener.stop();
}
