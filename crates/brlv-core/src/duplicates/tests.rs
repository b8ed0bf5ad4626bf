#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::json;
use time::format_description::well_known::Rfc3339;

use super::*;
use crate::journal::{Outcome, OutcomeRecord, PostRecord, SendContext};

/// 2026-12-01 19:25:00 UTC (16:25 in Brasília), when the new payout is checked.
fn now() -> OffsetDateTime {
    OffsetDateTime::parse("2026-12-01T19:25:00Z", &Rfc3339).unwrap()
}

const ENDPOINT: &str = "/api/v0/withdrawals";
const BODY: &str =
    r#"{"asset":"fiat/brl","method":"pix","amount":"10.00","pix-key":"ana@example.com"}"#;

fn withdrawal(id: &str, amount: &str, key: Option<&str>, state: &str, ago: Duration) -> Value {
    let at = (now() - ago).format(&Rfc3339).unwrap();
    let mut record = json!({
        "id": id, "asset": "fiat/brl", "amount": amount, "method": "pix",
        "state": state, "created-at": at, "state-updated-at": at,
    });
    if let Some(key) = key {
        record["pix-key"] = json!(key);
    }
    record
}

/// What a payout checked now is compared with: `records`, the journal's
/// sends in flight, the last `days` days.
fn against<'a>(records: &'a [Value], journal: &'a [PostEntry], days: u32) -> Against<'a> {
    static NONE: BTreeSet<String> = BTreeSet::new();
    Against {
        records,
        journal,
        now: now(),
        days,
        ignore: &NONE,
    }
}

fn find_in(records: &[Value], journal: &[PostEntry], days: u32) -> Vec<Duplicate> {
    find(ENDPOINT, BODY, against(records, journal, days))
}

#[test]
fn a_payout_the_service_holds_is_named_with_what_a_review_says_of_it() {
    let records = [
        withdrawal(
            "w-1",
            "10.0",
            Some("ANA@example.com"),
            "pending-payment",
            Duration::hours(3),
        ),
        // The same amount to someone else, and another amount to Ana.
        withdrawal(
            "w-2",
            "10.00",
            Some("bia@example.com"),
            "created",
            Duration::hours(1),
        ),
        withdrawal(
            "w-3",
            "11.00",
            Some("ana@example.com"),
            "created",
            Duration::hours(1),
        ),
    ];
    let found = find_in(&records, &[], DEFAULT_DAYS);
    assert_eq!(found.len(), 1, "{found:?}");
    let duplicate = &found[0];
    assert_eq!(
        duplicate.earlier,
        Earlier::Service {
            id: "w-1".into(),
            state: Some("pending-payment".into())
        }
    );
    assert_eq!(duplicate.amount, Some("10".parse().unwrap()));
    assert_eq!(duplicate.method.as_deref(), Some("pix"));
    assert_eq!(duplicate.destination.as_deref(), Some("ANA@example.com"));
    assert_eq!(duplicate.at, Some(now() - Duration::hours(3)));
    assert!(duplicate.unconfirmed.is_empty());
}

#[test]
fn a_failed_payout_and_one_older_than_the_window_are_not_duplicates() {
    let records = [
        withdrawal(
            "w-1",
            "10.00",
            Some("ana@example.com"),
            "failed",
            Duration::hours(1),
        ),
        withdrawal(
            "w-2",
            "10.00",
            Some("ana@example.com"),
            "completed",
            Duration::days(8),
        ),
    ];
    assert!(find_in(&records, &[], DEFAULT_DAYS).is_empty());
    // Asked to look back 30 days, the completed one counts.
    let found = find_in(&records, &[], 30);
    assert_eq!(found.len(), 1);
    assert!(matches!(&found[0].earlier, Earlier::Service { id, .. } if id == "w-2"));
}

#[test]
fn a_record_that_does_not_show_its_key_counts_and_says_so() {
    let records = [withdrawal(
        "w-1",
        "10.00",
        None,
        "created",
        Duration::minutes(5),
    )];
    let found = find_in(&records, &[], DEFAULT_DAYS);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].unconfirmed, vec!["pix-key".to_owned()]);
    assert!(found[0].summary().contains("may be another payout"));
}

#[test]
fn a_send_in_flight_from_this_device_is_a_duplicate_and_a_settled_one_is_not() {
    let post = |n: u128| PostRecord {
        id: Uuid::from_u128(n),
        sent_at: now() - Duration::minutes(2),
        form: "withdrawal".into(),
        method: "POST".into(),
        endpoint: ENDPOINT.into(),
        body: BODY.into(),
    };
    let pending = PostEntry {
        post: post(1),
        outcome: None,
        context: SendContext::default(),
    };
    let refused = PostEntry {
        post: post(2),
        outcome: Some(OutcomeRecord {
            post_id: Uuid::from_u128(2),
            at: now(),
            outcome: Outcome::Refused,
            answer_lost: false,
            answer: None,
            error: Some("HTTP 422".into()),
            reread_error: None,
        }),
        context: SendContext::default(),
    };
    let found = find_in(&[], &[pending, refused], DEFAULT_DAYS);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].earlier,
        Earlier::InFlight {
            post_id: Uuid::from_u128(1)
        }
    );
    assert_eq!(found[0].at, Some(now() - Duration::minutes(2)));
}

#[test]
fn a_bank_account_written_with_leading_zeros_is_the_same_account() {
    let body = r#"{"asset":"fiat/brl","method":"ted","amount":"99.90","bank-code":"341",
        "branch":"0001","account":"12345-6","account-type":"checking",
        "document":"52998224725","name":"Ana Souza"}"#;
    let record = json!({
        "id": "w-9", "asset": "fiat/brl", "amount": "99.9", "method": "ted", "state": "created",
        "bank-code": "341", "branch": "1", "account": "123456", "account-type": "checking",
        "document": "529.982.247-25", "name": "ANA SOUZA",
        "created-at": now().format(&Rfc3339).unwrap(),
    });
    let other = json!({
        "id": "w-10", "asset": "fiat/brl", "amount": "99.90", "method": "ted", "state": "created",
        "bank-code": "341", "branch": "2", "account": "123456", "account-type": "checking",
        "document": "52998224725",
        "created-at": now().format(&Rfc3339).unwrap(),
    });
    let records = [record, other];
    let found = find(ENDPOINT, body, against(&records, &[], DEFAULT_DAYS));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(matches!(&found[0].earlier, Earlier::Service { id, .. } if id == "w-9"));
}

#[test]
fn only_payouts_are_compared() {
    assert!(compares("/api/v0/withdrawals"));
    assert!(compares("/api/v0/transfers"));
    assert!(!compares("/api/v0/orders"));
    assert!(!compares("/api/v0/quotes"));
}

#[test]
fn many_payouts_at_once_each_get_their_own_duplicates() {
    let records = [
        withdrawal(
            "w-1",
            "10.00",
            Some("ana@example.com"),
            "created",
            Duration::hours(1),
        ),
        withdrawal(
            "w-2",
            "20.00",
            Some("ana@example.com"),
            "created",
            Duration::hours(1),
        ),
        // No amount shown: it may be any of them with the same key.
        json!({"id": "w-3", "method": "pix", "pix-key": "bia@example.com", "state": "created"}),
    ];
    let bodies = [
        BODY,
        r#"{"asset":"fiat/brl","method":"pix","amount":"20.0","pix-key":"ana@example.com"}"#,
        r#"{"asset":"fiat/brl","method":"pix","amount":"30.00","pix-key":"ana@example.com"}"#,
        r#"{"asset":"fiat/brl","method":"pix","amount":"30.00","pix-key":"bia@example.com"}"#,
    ];
    let found = find_each(ENDPOINT, &bodies, against(&records, &[], DEFAULT_DAYS));
    let ids: Vec<Vec<String>> = found
        .iter()
        .map(|each| {
            each.iter()
                .map(|duplicate| match &duplicate.earlier {
                    Earlier::Service { id, .. } => id.clone(),
                    Earlier::InFlight { post_id } => post_id.to_string(),
                })
                .collect()
        })
        .collect();
    assert_eq!(ids, vec![vec!["w-1"], vec!["w-2"], vec![], vec!["w-3"]]);
    assert_eq!(
        found[3][0].unconfirmed,
        vec!["amount".to_owned(), "asset".to_owned()]
    );
}
