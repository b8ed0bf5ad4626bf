#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::journal::SendContext;

/// 2026-09-21 12:00:00 UTC, the send time of the worked examples.
fn sent_at() -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(1_790_000_000).unwrap()
}

fn stamp(at: OffsetDateTime) -> String {
    at.format(&Rfc3339).unwrap()
}

const PIX_BODY: &str =
    r#"{"asset":"fiat/brl","method":"pix","amount":"250.00","pix-key":"ana@example.com"}"#;

fn post(n: u128, endpoint: &str, body: &str, sent_at: OffsetDateTime) -> PostRecord {
    PostRecord {
        id: Uuid::from_u128(n),
        sent_at,
        form: "withdrawal".into(),
        method: "POST".into(),
        endpoint: endpoint.into(),
        body: body.into(),
    }
}

fn pix_post(n: u128) -> PostRecord {
    post(n, "/api/v0/withdrawals", PIX_BODY, sent_at())
}

/// A PIX withdrawal as the service lists it, created `after` the send.
fn pix_record(id: &str, amount: &str, key: &str, after: Duration) -> Value {
    json!({
        "id": id,
        "asset": "fiat/brl",
        "amount": amount,
        "method": "pix",
        "state": "created",
        "pix-key": key,
        "created-at": stamp(sent_at() + after),
        "state-updated-at": stamp(sent_at() + after),
    })
}

fn read(records: Vec<Value>, after: Duration) -> ListRead {
    ListRead {
        records,
        read_at: sent_at() + after,
    }
}

fn settle_one(post: &PostRecord, list: &ListRead) -> Settlement {
    settle(&Sent::from_post(post), Ok(list), &BTreeSet::new())
}

const A: &str = "00000000-0000-4000-8000-00000000000a";
const B: &str = "00000000-0000-4000-8000-00000000000b";

#[test]
fn an_applied_withdrawal_is_done_with_the_id_of_its_record() {
    let list = read(
        vec![
            pix_record(B, "99.00", "ana@example.com", Duration::seconds(2)),
            // Written as the service renders it: one decimal place fewer.
            pix_record(A, "250.0", "ANA@example.com", Duration::seconds(1)),
        ],
        Duration::minutes(5),
    );
    let Settlement::Done {
        id,
        record,
        unconfirmed,
    } = settle_one(&pix_post(1), &list)
    else {
        panic!("expected done");
    };
    assert_eq!(id, A);
    assert_eq!(record["amount"], "250.0");
    assert!(unconfirmed.is_empty(), "every field sent was shown");
}

#[test]
fn a_withdrawal_with_no_record_read_after_the_window_is_not_done() {
    // Another payout to someone else for the same amount does not count.
    let list = read(
        vec![pix_record(
            A,
            "250.00",
            "bia@example.com",
            Duration::seconds(1),
        )],
        SEND_LIMIT + Duration::seconds(1),
    );
    assert_eq!(settle_one(&pix_post(1), &list), Settlement::NotDone);
}

#[test]
fn nothing_found_before_the_service_stops_accepting_it_is_not_yet_known() {
    let list = read(Vec::new(), Duration::seconds(30));
    assert_eq!(
        settle_one(&pix_post(1), &list),
        Settlement::NotYetKnown {
            until: sent_at() + SEND_LIMIT
        }
    );
}

fn ids_of(settlement: &Settlement) -> Vec<String> {
    match settlement {
        Settlement::CannotTell(why) => why
            .candidates()
            .iter()
            .map(|candidate| candidate.id.clone())
            .collect(),
        other => panic!("expected cannot tell, got {other:?}"),
    }
}

#[test]
fn two_identical_records_in_the_window_cannot_tell() {
    let list = read(
        vec![
            pix_record(A, "250.00", "ana@example.com", Duration::seconds(1)),
            pix_record(B, "250.00", "ana@example.com", Duration::seconds(40)),
        ],
        Duration::minutes(5),
    );
    let settlement = settle_one(&pix_post(1), &list);
    assert!(matches!(
        settlement,
        Settlement::CannotTell(CannotTell::Identical { .. })
    ));
    assert_eq!(ids_of(&settlement), vec![A.to_owned(), B.to_owned()]);
}

#[test]
fn a_service_clock_off_within_the_tolerance_still_matches() {
    // The service's clock is 10 minutes behind this computer's: its
    // record says it was made before the send; and 10 minutes ahead.
    for skew in [Duration::minutes(-10), Duration::minutes(10)] {
        let list = read(
            vec![pix_record(A, "250.00", "ana@example.com", skew)],
            Duration::minutes(20),
        );
        assert!(
            matches!(settle_one(&pix_post(1), &list), Settlement::Done { ref id, .. } if id == A),
            "skew {skew}"
        );
    }
}

#[test]
fn an_identical_record_outside_the_window_is_not_matched() {
    let list = read(
        vec![
            // Yesterday's identical payout, and one past the tolerance.
            pix_record(A, "250.00", "ana@example.com", Duration::days(-1)),
            pix_record(
                B,
                "250.00",
                "ana@example.com",
                SEND_LIMIT + CLOCK_SKEW_TOLERANCE + Duration::seconds(1),
            ),
        ],
        Duration::hours(1),
    );
    assert_eq!(settle_one(&pix_post(1), &list), Settlement::NotDone);
}

#[test]
fn a_record_another_post_accounts_for_is_not_matched_again() {
    let list = read(
        vec![pix_record(
            A,
            "250.00",
            "ana@example.com",
            Duration::seconds(1),
        )],
        Duration::minutes(5),
    );
    let claimed: BTreeSet<String> = [A.to_owned()].into();
    assert_eq!(
        settle(&Sent::from_post(&pix_post(1)), Ok(&list), &claimed),
        Settlement::NotDone
    );
}

#[test]
fn two_identical_sends_and_one_record_are_one_done_and_one_not_done() {
    let list = read(
        vec![pix_record(
            A,
            "250.00",
            "ana@example.com",
            Duration::seconds(1),
        )],
        Duration::minutes(5),
    );
    let mut second = pix_post(2);
    second.sent_at += Duration::seconds(3);
    let pending = vec![
        PostEntry {
            post: second,
            outcome: None,
            context: SendContext::default(),
        },
        PostEntry {
            post: pix_post(1),
            outcome: None,
            context: SendContext::default(),
        },
    ];
    let lists: Lists = [(ListKind::Withdrawals, Ok(list))].into();
    let settled = settle_all(&pending, &ListedBefore::new(), &lists, &BTreeSet::new());
    assert_eq!(settled[0].post.id, Uuid::from_u128(1), "oldest first");
    assert!(matches!(settled[0].settlement, Settlement::Done { ref id, .. } if id == A));
    assert_eq!(settled[1].settlement, Settlement::NotDone);
}

#[test]
fn an_unreadable_list_and_a_claim_cannot_tell() {
    let sent = Sent::from_post(&pix_post(1));
    assert_eq!(
        settle(&sent, Err("HTTP 503"), &BTreeSet::new()),
        Settlement::CannotTell(CannotTell::ListUnreadable {
            reason: "HTTP 503".into()
        })
    );
    let claim = post(
        2,
        "/api/v0/wallets/0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed/claims",
        r#"{"amount":"10","target-asset-code":"brlv"}"#,
        sent_at(),
    );
    let list = read(Vec::new(), Duration::hours(1));
    assert_eq!(
        settle_one(&claim, &list),
        Settlement::CannotTell(CannotTell::NoList(Unlisted::Claim))
    );
}

#[test]
fn transfers_orders_and_wallets_match_on_their_own_fields() {
    let transfer = post(
        1,
        "/api/v0/transfers",
        r#"{"source-address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed","asset":"eth-base/brlv","amount":"10.5","target-address":"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"}"#,
        sent_at(),
    );
    let listed = |id: &str, target: &str| {
        json!({"id": id, "asset": "eth-base/brlv", "amount": "10.500",
               "source-address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
               "target-address": target, "created-at": stamp(sent_at() + Duration::seconds(1))})
    };
    let list = read(
        vec![
            listed(A, "0x0000000000000000000000000000000000000001"),
            listed(B, "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359"),
        ],
        Duration::minutes(5),
    );
    assert!(matches!(settle_one(&transfer, &list), Settlement::Done { ref id, .. } if id == B));

    let quote = "00000000-0000-4000-8000-0000000000f1";
    let order = post(
        2,
        "/api/v0/orders",
        &format!(r#"{{"quote-id":"{quote}"}}"#),
        sent_at(),
    );
    let list = read(
        vec![json!({"id": A, "quote-id": quote, "created-at": stamp(sent_at())})],
        Duration::minutes(5),
    );
    assert!(matches!(settle_one(&order, &list), Settlement::Done { ref id, .. } if id == A));

    // Wallets carry no creation time: one of the same name may be older.
    let wallet = post(
        3,
        "/api/v0/wallets",
        r#"{"wallet-name":"Payroll","chain":"eth-base"}"#,
        sent_at(),
    );
    let list = read(
        vec![
            json!({"name": "Payroll", "address": "0xabc"}),
            json!({"name": "Ops", "address": "0xdef"}),
        ],
        Duration::minutes(5),
    );
    let settlement = settle_one(&wallet, &list);
    assert!(matches!(
        settlement,
        Settlement::CannotTell(CannotTell::Undated { .. })
    ));
    assert_eq!(ids_of(&settlement), vec!["0xabc".to_owned()]);
    let list = read(
        vec![json!({"name": "Ops", "address": "0xdef"})],
        Duration::minutes(5),
    );
    assert_eq!(settle_one(&wallet, &list), Settlement::NotDone);
}

#[test]
fn the_journal_keeps_each_conclusion_once_and_leaves_the_undecided_pending() {
    let mut store = Store::in_memory().unwrap();
    // 1 applied, 2 not, 3 and 4 identical and both applied, 5 sent a
    // moment ago with nothing listed yet, 6 settled by the app already.
    let late = |n: u128| {
        let mut post = pix_post(n);
        post.body = PIX_BODY.replace("250.00", &format!("{n}.00"));
        post
    };
    let recent = post(
        5,
        "/api/v0/withdrawals",
        &late(5).body,
        OffsetDateTime::now_utc(),
    );
    let posts = [late(1), late(2), late(3), late(4), recent, late(6)];
    for post in &posts {
        store.append_post(post).unwrap();
    }
    let six = "00000000-0000-4000-8000-000000000006";
    store
        .append_outcome(&OutcomeRecord {
            post_id: Uuid::from_u128(6),
            at: sent_at(),
            outcome: Outcome::Created,
            answer_lost: false,
            answer: Some(pix_record(six, "6.00", "ana@example.com", Duration::ZERO).to_string()),
            error: None,
            reread_error: None,
        })
        .unwrap();
    let records = vec![
        pix_record(A, "1.00", "ana@example.com", Duration::seconds(1)),
        pix_record(B, "3.00", "ana@example.com", Duration::seconds(1)),
        pix_record("c", "3.00", "ana@example.com", Duration::seconds(2)),
        pix_record("d", "4.00", "ana@example.com", Duration::seconds(1)),
        pix_record("e", "4.00", "ana@example.com", Duration::seconds(2)),
        pix_record(six, "6.00", "ana@example.com", Duration::seconds(1)),
    ];
    // Post 3 and post 4 each see two.
    let entries = store.posts(None).unwrap();
    let waiting = pending(&store).unwrap();
    assert_eq!(waiting.len(), 5, "all but the one the app settled");
    let claimed = claimed_ids(&entries);
    assert_eq!(claimed, [six.to_owned()].into());
    let lists: Lists = [(
        ListKind::Withdrawals,
        Ok(ListRead {
            records,
            read_at: OffsetDateTime::now_utc(),
        }),
    )]
    .into();
    let settled = settle_all(&waiting, &ListedBefore::new(), &lists, &claimed);
    let written = record_all(&mut store, &settled, OffsetDateTime::now_utc()).unwrap();
    assert_eq!(written, 4, "the recent one stays pending");

    let after = store.posts(None).unwrap();
    let outcome = |n: u128| {
        after
            .iter()
            .find(|entry| entry.post.id == Uuid::from_u128(n))
            .unwrap()
            .outcome
            .clone()
    };
    let one = outcome(1).unwrap();
    assert_eq!(one.outcome, Outcome::Created);
    assert!(one.answer_lost);
    assert!(one.answer.unwrap().contains(A));
    assert_eq!(one.error.as_deref(), Some(SETTLED_NOTE));
    assert_eq!(outcome(2).unwrap().outcome, Outcome::NotApplied);
    let three = outcome(3).unwrap();
    assert_eq!(three.outcome, Outcome::Unknown);
    assert!(three.reread_error.unwrap().contains("2 records like it"));
    assert!(outcome(5).is_none(), "read too soon: still pending");

    // Settled once: only the recent one is left, and the cannot-tell
    // ones say so without being settled again.
    let left = pending(&store).unwrap();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].post.id, Uuid::from_u128(5));
    let final_ones: Vec<u128> = after
        .iter()
        .filter(|entry| is_cannot_tell(entry))
        .map(|entry| entry.post.id.as_u128())
        .collect();
    assert_eq!(final_ones, vec![3, 4]);
    // What the journal says was created is claimed from now on.
    let claimed = claimed_ids(&after);
    assert!(claimed.contains(A) && claimed.contains(six));
}

#[test]
fn a_lost_answer_the_app_could_not_settle_is_pending_again() {
    let entry = PostEntry {
        post: pix_post(1),
        outcome: Some(OutcomeRecord {
            post_id: Uuid::from_u128(1),
            at: sent_at(),
            outcome: Outcome::Unknown,
            answer_lost: true,
            answer: None,
            error: Some("HTTP 502".into()),
            reread_error: Some("HTTP 503".into()),
        }),
        context: SendContext::default(),
    };
    assert!(is_pending(&entry));
    assert!(!is_cannot_tell(&entry));
}

#[test]
fn the_same_send_is_the_same_endpoint_and_json() {
    let post = pix_post(1);
    let reordered = r#"{ "method": "pix", "asset": "fiat/brl", "pix-key": "ana@example.com", "amount": "250.00" }"#;
    assert!(same_send(&post, "/api/v0/withdrawals/", reordered));
    assert!(!same_send(
        &post,
        "/api/v0/withdrawals",
        &PIX_BODY.replace("250.00", "250.01")
    ));
    assert!(!same_send(&post, "/api/v0/transfers", PIX_BODY));
}

/// A send whose connection closed `closed_after` the send, with the ids
/// listed before it left.
fn sent_with(closed_after: Option<Duration>, listed_before: &[&str]) -> Sent {
    let mut sent = Sent::from_post(&pix_post(1));
    sent.closed_at = closed_after.map(|after| sent_at() + after);
    sent.listed_before = Some(listed_before.iter().map(|id| (*id).to_owned()).collect());
    sent
}

#[test]
fn a_late_request_is_not_yet_known_until_the_horizon_after_its_connection_closed() {
    // The client gave up after 20 s; the request reached the service 25 s
    // after it left, through a proxy that held it.
    let sent = sent_with(Some(Duration::seconds(20)), &[]);
    let horizon = sent_at() + Duration::seconds(20) + SEND_LIMIT;
    assert_eq!(sent.horizon(), horizon);
    let right_after = read(Vec::new(), Duration::seconds(21));
    assert_eq!(
        settle(&sent, Ok(&right_after), &BTreeSet::new()),
        Settlement::NotYetKnown { until: horizon },
        "never 'not done' while the service could still take it"
    );
    // Counted from the send alone, 65 s would already say "not done".
    let between = read(Vec::new(), Duration::seconds(65));
    assert!(matches!(
        settle(&sent, Ok(&between), &BTreeSet::new()),
        Settlement::NotYetKnown { .. }
    ));
    let late = pix_record(A, "250.00", "ana@example.com", Duration::seconds(25));
    let after_horizon = read(vec![late], Duration::seconds(81));
    assert!(matches!(
        settle(&sent, Ok(&after_horizon), &BTreeSet::new()),
        Settlement::Done { ref id, .. } if id == A
    ));
    let nothing_came = read(Vec::new(), Duration::seconds(81));
    assert_eq!(
        settle(&sent, Ok(&nothing_came), &BTreeSet::new()),
        Settlement::NotDone
    );
}

#[test]
fn an_identical_payout_to_another_key_during_the_wait_is_not_this_send() {
    let sent = sent_with(Some(Duration::seconds(20)), &[]);
    let other_key = pix_record(B, "250.00", "bia@example.com", Duration::seconds(10));
    let list = read(vec![other_key], Duration::seconds(90));
    assert_eq!(
        settle(&sent, Ok(&list), &BTreeSet::new()),
        Settlement::NotDone,
        "a payout of the same amount to another key is someone else's"
    );
}

#[test]
fn two_identical_candidates_cannot_tell_and_each_is_listed_for_a_person_to_check() {
    let sent = sent_with(Some(Duration::seconds(20)), &[]);
    let list = read(
        vec![
            pix_record(A, "250.00", "ana@example.com", Duration::seconds(3)),
            pix_record(B, "250.00", "ana@example.com", Duration::seconds(15)),
        ],
        Duration::seconds(90),
    );
    let Settlement::CannotTell(why) = settle(&sent, Ok(&list), &BTreeSet::new()) else {
        panic!("expected cannot tell");
    };
    let candidates = why.candidates();
    assert_eq!(candidates.len(), 2);
    assert_eq!(candidates[0].id, A);
    assert_eq!(candidates[0].amount, Some("250".parse().unwrap()));
    assert_eq!(
        candidates[0].destination.as_deref(),
        Some("ana@example.com")
    );
    assert_eq!(
        candidates[1].created_at,
        Some(sent_at() + Duration::seconds(15))
    );
    let words = why.to_string();
    assert!(words.contains(A) && words.contains(B) && words.contains("ana@example.com"));
    // The journal keeps them with it.
    let settled = Settled {
        post: pix_post(1),
        settlement: Settlement::CannotTell(why),
    };
    let record = outcome_record(&settled, sent_at()).unwrap();
    let answer: Value = serde_json::from_str(record.answer.as_deref().unwrap()).unwrap();
    assert_eq!(answer["candidates"][1]["id"], B);
    assert_eq!(answer["candidates"][1]["amount"], "250.00");
}

#[test]
fn a_record_without_the_destination_field_is_done_on_a_weaker_match_that_says_so() {
    let sent = sent_with(None, &[]);
    let mut record = pix_record(A, "250.00", "ana@example.com", Duration::seconds(2));
    record.as_object_mut().unwrap().remove("pix-key").unwrap();
    let list = read(vec![record], Duration::minutes(5));
    let Settlement::Done {
        id, unconfirmed, ..
    } = settle(&sent, Ok(&list), &BTreeSet::new())
    else {
        panic!("expected done");
    };
    assert_eq!(id, A);
    assert_eq!(unconfirmed, vec!["pix-key".to_owned()]);
}

#[test]
fn a_record_listed_before_the_send_left_is_never_taken_for_it() {
    // An identical payout made 30 s before, well inside the clock's
    // tolerance: the time window alone would take it for this send.
    let earlier = pix_record(A, "250.00", "ana@example.com", Duration::seconds(-30));
    let list = read(vec![earlier], Duration::minutes(5));
    let without_ids = Sent::from_post(&pix_post(1));
    assert!(matches!(
        settle(&without_ids, Ok(&list), &BTreeSet::new()),
        Settlement::Done { .. }
    ));
    let with_ids = sent_with(None, &[A]);
    assert_eq!(
        settle(&with_ids, Ok(&list), &BTreeSet::new()),
        Settlement::NotDone
    );
}

#[test]
fn the_journal_keeps_what_the_list_held_before_and_when_the_connection_closed() {
    let mut store = Store::in_memory().unwrap();
    let read_seq = store
        .append_list_read(&crate::journal::ListReadRecord {
            list: "/api/v0/withdrawals".into(),
            read_at: sent_at() - Duration::seconds(1),
            ids: vec![A.to_owned()],
        })
        .unwrap();
    store
        .append_post_after_read(&pix_post(1), Some(read_seq))
        .unwrap();
    store
        .append_closed(Uuid::from_u128(1), sent_at() + Duration::seconds(20))
        .unwrap();
    let waiting = pending(&store).unwrap();
    assert_eq!(waiting.len(), 1);
    assert_eq!(
        waiting[0].context,
        SendContext {
            listed_before: Some(read_seq),
            closed_at: Some(sent_at() + Duration::seconds(20)),
        }
    );
    let reads = listed_before_of(&store, &waiting);
    let earlier = pix_record(A, "250.00", "ana@example.com", Duration::seconds(-30));
    let lists: Lists = [(
        ListKind::Withdrawals,
        Ok(read(vec![earlier], Duration::seconds(85))),
    )]
    .into();
    let settled = settle_all(&waiting, &reads, &lists, &BTreeSet::new());
    assert_eq!(settled[0].settlement, Settlement::NotDone);
    // Read at 70 s, before the horizon counted from the closing (80 s).
    let lists: Lists = [(
        ListKind::Withdrawals,
        Ok(read(Vec::new(), Duration::seconds(70))),
    )]
    .into();
    let settled = settle_all(&waiting, &reads, &lists, &BTreeSet::new());
    assert!(settled[0].settlement.may_change());
    assert!(
        outcome_record(&settled[0], sent_at()).is_none(),
        "stays pending"
    );
}
