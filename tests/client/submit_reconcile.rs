//! How the worker settles a POST: sent once and never retried; a refusal is
//! final; when the answer is lost (a 502 page instead of the service's
//! JSON), the list read before sending is compared with a fresh one before
//! the person is told whether it was applied.

use std::str::FromStr;

use axum::http::Method;
use rust_decimal::Decimal;
use secrecy::SecretString;

use brlv_core::api::model::{
    Asset, Chain, ClaimTarget, CreateClaim, CreateTransfer, CreateWallet, CreateWithdrawal,
    WithdrawalMethod,
};
use brlv_core::api::{Client, ClientConfig, PrivateKey, Signer};
use brlv_desk::app::submit::Created;
use brlv_desk::app::submit::FormKind;
use brlv_desk::app::submit::SubmitOutcome;
use brlv_desk::app::submit::SubmitRequest;
use brlv_desk::app::worker::submit;

use crate::support::{Reply, ScriptedServer};

const MAIN: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const OTHER: &str = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";

fn client(server: &ScriptedServer) -> Client {
    client_at(&server.base_url)
}

fn client_at(base_url: &str) -> Client {
    let pem = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/test-only-rsa2048-pkcs8.pem"
    ))
    .unwrap();
    let signer = Signer::new(
        SecretString::from("test-key"),
        PrivateKey::from_pem(&pem).unwrap(),
    );
    Client::new(ClientConfig::new(base_url, signer).unwrap()).unwrap()
}

fn bad_gateway() -> Reply {
    let mut reply = Reply::json(502, "<html><body>502 Bad Gateway</body></html>");
    reply.headers = vec![("content-type".into(), "text/html".into())];
    reply
}

fn dec(text: &str) -> Decimal {
    Decimal::from_str(text).unwrap()
}

fn transfer_json(id: &str) -> String {
    format!(
        r#"{{"id":"{id}","asset":"eth-base/brlv","amount":"10.5","source-address":"{MAIN}","target-address":"{OTHER}","state":"created"}}"#
    )
}

fn posts(server: &ScriptedServer) -> usize {
    server
        .captured()
        .iter()
        .filter(|request| request.method == Method::POST)
        .count()
}

#[tokio::test]
async fn a_lost_answer_is_settled_by_the_reread_list_finding_the_transfer() {
    let server = ScriptedServer::start().await;
    let old = "00000000-0000-4000-8000-000000000001";
    let new = "00000000-0000-4000-8000-000000000002";
    server
        .push(Reply::json(
            200,
            &format!(r#"{{"transfers":[{}]}}"#, transfer_json(old)),
        ))
        .push(bad_gateway())
        .push(Reply::json(
            200,
            &format!(
                r#"{{"transfers":[{},{}]}}"#,
                transfer_json(new),
                transfer_json(old)
            ),
        ));
    let request = CreateTransfer {
        source_address: MAIN.into(),
        asset: Asset::EthBaseBrlv,
        amount: dec("10.5"),
        target_address: OTHER.into(),
    };
    let request = SubmitRequest::Transfer(request);
    assert_eq!(request.form(), FormKind::Transfer);
    let (outcome, _) = submit(&client(&server), request).await;
    let SubmitOutcome::Created {
        record: Created::Transfer(transfer),
        after_unknown: true,
    } = outcome
    else {
        panic!("expected the transfer found again, got {outcome:?}");
    };
    assert_eq!(
        transfer.id.to_string(),
        new,
        "the new one, not the old look-alike"
    );
    assert_eq!(posts(&server), 1, "never sent twice");
    assert_eq!(server.captured().len(), 3, "list, POST, list");
}

#[tokio::test]
async fn a_lost_answer_with_nothing_new_in_the_list_yet_is_not_yet_known() {
    let server = ScriptedServer::start().await;
    server
        .push(Reply::json(200, r#"{"withdrawals":[]}"#))
        .push(bad_gateway())
        .push(Reply::json(200, r#"{"withdrawals":[]}"#));
    let request = CreateWithdrawal {
        asset: Asset::FiatBrl,
        method: WithdrawalMethod::Ted,
        amount: dec("100.00"),
        pix_key: None,
        ted_account: None,
        target_address: None,
    };
    let (outcome, _) = submit(&client(&server), SubmitRequest::Withdrawal(request)).await;
    // Read at once, before the service could no longer accept it: never
    // "not applied, send it again" (the journal settles it later).
    assert!(
        matches!(outcome, SubmitOutcome::NotYetKnown { .. }),
        "{outcome:?}"
    );
    assert_eq!(posts(&server), 1);
}

#[tokio::test]
async fn a_lost_answer_is_not_taken_for_the_same_amount_paid_to_another_key() {
    let server = ScriptedServer::start().await;
    let other = r#"{"id":"00000000-0000-4000-8000-000000000009","asset":"fiat/brl","amount":"100.00","method":"pix","state":"created","pix-key":"bia@example.com"}"#;
    server
        .push(Reply::json(200, r#"{"withdrawals":[]}"#))
        .push(bad_gateway())
        .push(Reply::json(200, &format!(r#"{{"withdrawals":[{other}]}}"#)));
    let request = CreateWithdrawal::pix(dec("100.00"), "ana@example.com".into());
    let (outcome, _) = submit(&client(&server), SubmitRequest::Withdrawal(request)).await;
    assert!(
        !matches!(outcome, SubmitOutcome::Created { .. }),
        "another key's payout is not this one: {outcome:?}"
    );
    assert_eq!(posts(&server), 1);
}

#[tokio::test]
async fn a_refusal_is_final_and_keeps_the_services_code() {
    let server = ScriptedServer::start().await;
    server.push(Reply::json(200, r#"{"wallets":[]}"#)).push(Reply::json(
        422,
        r#"{"error":{"type":"invalid-request","message":"wallet limit reached","code":"wallet-limit"}}"#,
    ));
    let request = CreateWallet {
        wallet_name: "Payroll".into(),
        chain: Some(Chain::EthBase),
        metadata: None,
        ui_enabled: Some(false),
    };
    let (outcome, _) = submit(&client(&server), SubmitRequest::Wallet(request)).await;
    let SubmitOutcome::Refused(error) = outcome else {
        panic!("expected a refusal, got {outcome:?}");
    };
    let service = error.service_error().unwrap();
    assert_eq!(service.code, "wallet-limit");
    assert_eq!(service.message, "wallet limit reached");
    assert_eq!(
        server.captured().len(),
        2,
        "no re-read after a clear refusal"
    );
}

#[tokio::test]
async fn a_lost_claim_answer_is_settled_by_the_claimable_balance() {
    let server = ScriptedServer::start().await;
    server
        .push(Reply::json(200, r#"{"available-balance":"100.00"}"#))
        .push(bad_gateway())
        .push(Reply::json(200, r#"{"available-balance":"90.00"}"#));
    let command = SubmitRequest::Claim {
        wallet_address: Some(MAIN.into()),
        request: CreateClaim {
            amount: dec("10.00"),
            target_asset_code: ClaimTarget::Brlv,
        },
    };
    let (outcome, _) = submit(&client(&server), command).await;
    assert!(
        matches!(
            outcome,
            SubmitOutcome::Created {
                record: Created::Claim(None),
                after_unknown: true
            }
        ),
        "{outcome:?}"
    );
    let paths: Vec<String> = server.captured().iter().map(|r| r.path.clone()).collect();
    assert_eq!(
        paths,
        vec![format!("/api/v0/wallets/{MAIN}/claims"); 3],
        "the wallet's own balance and claim endpoint"
    );
    assert_eq!(posts(&server), 1);
}

#[tokio::test]
async fn a_send_to_a_service_that_cannot_be_reached_is_not_sent_never_refused() {
    // A port nothing listens on: the connection is refused before anything
    // is written.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    let client = client_at(&format!("http://127.0.0.1:{port}"));
    let request = CreateWithdrawal::pix(dec("12.34"), "52998224725".into());
    let (outcome, _) = submit(&client, SubmitRequest::Withdrawal(request)).await;
    let SubmitOutcome::NotSent(error) = outcome else {
        panic!("expected not sent, got {outcome:?}");
    };
    assert!(error.not_sent(), "{error:?}");
}
