//! A POST's journal entry, through the worker's journaled send path against
//! a scripted server: written before the POST leaves, and settled with what
//! the re-read concluded when the answer was lost (found, not applied, or
//! could not tell, with the re-read's own failure).

use std::str::FromStr;

use rust_decimal::Decimal;
use secrecy::SecretString;

use brlv_core::api::model::{Asset, CreateTransfer, CreateWithdrawal, WithdrawalMethod};
use brlv_core::api::{Client, ClientConfig, PrivateKey, Signer};
use brlv_core::journal::{Outcome, PostEntry};
use brlv_desk::app::features::journal::task::JournalHandle;
use brlv_desk::app::submit::{SubmitOutcome, SubmitRequest};
use brlv_desk::app::worker::journal::submit_journaled;

use crate::support::{Reply, ScriptedServer};

const MAIN: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const OTHER: &str = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
const API_KEY: &str = "journal-outcomes-api-key";

fn client(server: &ScriptedServer) -> Client {
    let pem = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/test-only-rsa2048-pkcs8.pem"
    ))
    .unwrap();
    let signer = Signer::new(
        SecretString::from(API_KEY),
        PrivateKey::from_pem(&pem).unwrap(),
    );
    Client::new(ClientConfig::new(&server.base_url, signer).unwrap()).unwrap()
}

fn bad_gateway() -> Reply {
    let mut reply = Reply::json(502, "<html><body>502 Bad Gateway</body></html>");
    reply.headers = vec![("content-type".into(), "text/html".into())];
    reply
}

fn transfer_json(id: &str) -> String {
    format!(
        r#"{{"id":"{id}","asset":"eth-base/brlv","amount":"10.5","source-address":"{MAIN}","target-address":"{OTHER}","state":"created"}}"#
    )
}

fn withdrawal() -> SubmitRequest {
    SubmitRequest::Withdrawal(CreateWithdrawal {
        asset: Asset::FiatBrl,
        method: WithdrawalMethod::Ted,
        amount: Decimal::from_str("100.00").unwrap(),
        pix_key: None,
        ted_account: None,
        target_address: None,
    })
}

/// Sends `request` journaled into a fresh file; the entries read back.
async fn journaled(
    server: &ScriptedServer,
    request: SubmitRequest,
) -> (SubmitOutcome, Vec<PostEntry>, Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("journal.sqlite3");
    let journal = JournalHandle::start(Some(path.clone()));
    let (outcome, _, problem) = submit_journaled(&client(server), &journal, request, None).await;
    assert!(problem.is_none(), "{problem:?}");
    let entries = journal.run(|book| book.store.posts(None)).await.unwrap();
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend(std::fs::read(dir.path().join("journal.sqlite3-wal")).unwrap_or_default());
    (outcome, entries, bytes)
}

/// Whether `bytes` hold a JWT: `eyJ…` (a base64url JSON header), a dot, and
/// `eyJ…` again (the claims). A bare `eyJ` can occur by chance inside any
/// base64 text (a QR code's PNG); a header and claims joined by a dot cannot.
fn has_jwt(bytes: &[u8]) -> bool {
    let base64url = |byte: &u8| byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_');
    bytes.windows(3).enumerate().any(|(start, window)| {
        if window != b"eyJ" {
            return false;
        }
        let rest = &bytes[start + 3..];
        let run = rest.iter().take_while(|byte| base64url(byte)).count();
        rest[run..].starts_with(b".eyJ")
    })
}

fn assert_no_secret(bytes: &[u8]) {
    let has = |needle: &[u8]| bytes.windows(needle.len()).any(|window| window == needle);
    assert!(!has(API_KEY.as_bytes()), "the API key is in the journal");
    assert!(!has_jwt(bytes), "a JWT is in the journal");
    assert!(!has(b"-----BEGIN"), "PEM text is in the journal");
}

#[tokio::test]
async fn a_lost_answer_found_by_the_reread_is_journaled_as_created_after_a_lost_answer() {
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
    let request = SubmitRequest::Transfer(CreateTransfer {
        source_address: MAIN.into(),
        asset: Asset::EthBaseBrlv,
        amount: Decimal::from_str("10.5").unwrap(),
        target_address: OTHER.into(),
    });
    let (outcome, entries, bytes) = journaled(&server, request).await;
    assert!(matches!(
        outcome,
        SubmitOutcome::Created {
            after_unknown: true,
            ..
        }
    ));
    assert_eq!(entries.len(), 1);
    let entry = &entries[0];
    assert_eq!(entry.post.method, "POST");
    assert_eq!(entry.post.endpoint, "/api/v0/transfers");
    assert!(
        entry.post.body.contains(r#""amount":"10.5""#),
        "{}",
        entry.post.body
    );
    let outcome = entry.outcome.as_ref().expect("settled");
    assert_eq!(outcome.outcome, Outcome::Created);
    assert!(
        outcome.answer_lost,
        "the answer was lost; the re-read found it"
    );
    assert!(
        outcome.answer.as_deref().unwrap().contains(new),
        "the one found"
    );
    assert!(outcome.error.is_none());
    assert_no_secret(&bytes);
}

#[tokio::test]
async fn a_lost_answer_with_nothing_new_yet_stays_pending_never_not_applied() {
    // Read at once, the list cannot show a request the service may still
    // accept (a proxy may deliver it after the client gave up): "not yet
    // known", kept pending with when its connection closed, never "not
    // applied, send it again".
    let server = ScriptedServer::start().await;
    server
        .push(Reply::json(200, r#"{"withdrawals":[]}"#))
        .push(bad_gateway())
        .push(Reply::json(200, r#"{"withdrawals":[]}"#));
    let (outcome, entries, bytes) = journaled(&server, withdrawal()).await;
    assert!(
        matches!(outcome, SubmitOutcome::NotYetKnown { .. }),
        "{outcome:?}"
    );
    let entry = &entries[0];
    let outcome = entry.outcome.as_ref().unwrap();
    assert_eq!(outcome.outcome, Outcome::Unknown);
    assert!(outcome.answer_lost);
    assert!(
        brlv_core::journal::settle::is_pending(entry),
        "settled later, against the service's list"
    );
    assert!(entry.context.closed_at.is_some(), "its closing is kept");
    assert_no_secret(&bytes);
}

#[tokio::test]
async fn a_lost_answer_the_reread_could_not_settle_is_journaled_as_unknown_with_why() {
    let server = ScriptedServer::start().await;
    server
        .push(Reply::json(200, r#"{"withdrawals":[]}"#))
        .push(bad_gateway())
        .push(Reply::json(
            403,
            r#"{"error":{"type":"forbidden","message":"account under review","code":"under-review"}}"#,
        ));
    let (outcome, entries, _) = journaled(&server, withdrawal()).await;
    assert!(
        matches!(
            outcome,
            SubmitOutcome::Unknown {
                reread: Some(_),
                ..
            }
        ),
        "{outcome:?}"
    );
    let outcome = entries[0].outcome.as_ref().unwrap();
    assert_eq!(outcome.outcome, Outcome::Unknown);
    assert!(outcome.answer_lost);
    assert!(
        outcome
            .reread_error
            .as_deref()
            .unwrap()
            .contains("account under review"),
        "{outcome:?}"
    );
}

#[tokio::test]
async fn a_refusal_is_journaled_with_the_services_words() {
    let server = ScriptedServer::start().await;
    server.push(Reply::json(200, r#"{"withdrawals":[]}"#)).push(Reply::json(
        422,
        r#"{"error":{"type":"invalid-request","message":"insufficient balance","code":"insufficient-funds"}}"#,
    ));
    let (_, entries, _) = journaled(&server, withdrawal()).await;
    let outcome = entries[0].outcome.as_ref().unwrap();
    assert_eq!(outcome.outcome, Outcome::Refused);
    assert!(!outcome.answer_lost);
    assert!(
        outcome
            .error
            .as_deref()
            .unwrap()
            .contains("insufficient balance")
    );
}

/// A transfer answered "to my own wallet" at sending whose answer is lost
/// and whose re-read cannot tell: the answer stays in the journal beside
/// its POST, waiting for settling to name the record. One whose send is
/// refused no longer waits.
#[tokio::test]
async fn an_answer_given_at_sending_waits_in_the_journal_while_the_outcome_is_unknown() {
    use brlv_core::tax::OutflowAnswer;
    use brlv_core::tax::journal::answers_at_send;

    let server = ScriptedServer::start().await;
    server
        .push(Reply::json(200, r#"{"transfers":[]}"#))
        .push(bad_gateway())
        .push(Reply::json(
            403,
            r#"{"error":{"type":"forbidden","message":"account under review","code":"under-review"}}"#,
        ))
        .push(Reply::json(200, r#"{"transfers":[]}"#))
        .push(Reply::json(
            422,
            r#"{"error":{"type":"invalid-request","message":"insufficient balance","code":"insufficient-funds"}}"#,
        ));
    let request = SubmitRequest::Transfer(CreateTransfer {
        source_address: MAIN.into(),
        asset: Asset::EthBaseBrlv,
        amount: Decimal::from_str("10.5").unwrap(),
        target_address: OTHER.into(),
    });
    let dir = tempfile::tempdir().unwrap();
    let journal = JournalHandle::start(Some(dir.path().join("journal.sqlite3")));
    let (outcome, _, problem) = submit_journaled(
        &client(&server),
        &journal,
        request.clone(),
        Some(OutflowAnswer::OwnWallet),
    )
    .await;
    assert!(problem.is_none(), "{problem:?}");
    assert!(
        matches!(outcome, SubmitOutcome::Unknown { .. }),
        "{outcome:?}"
    );
    let (entries, waiting) = journal
        .run(|book| Ok((book.store.posts(None)?, answers_at_send(&book.store)?)))
        .await
        .unwrap();
    assert_eq!(
        waiting,
        [(entries[0].post.id, OutflowAnswer::OwnWallet)].into(),
        "the answer waits beside its POST"
    );

    // Refused: nothing was created, and the answer no longer waits.
    let (outcome, _, _) = submit_journaled(
        &client(&server),
        &journal,
        request,
        Some(OutflowAnswer::Gift),
    )
    .await;
    assert!(matches!(outcome, SubmitOutcome::Refused(_)), "{outcome:?}");
    let waiting = journal
        .run(|book| answers_at_send(&book.store))
        .await
        .unwrap();
    assert_eq!(waiting.len(), 1, "only the unknown one waits: {waiting:?}");
}
