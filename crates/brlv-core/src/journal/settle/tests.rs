#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;

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
    let Settlement::Done { id, record } = settle_one(&pix_post(1), &list) else {
        panic!("expected done");
    };
    assert_eq!(id, A);
    assert_eq!(record["amount"], "250.0");
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
fn nothing_found_before_the_service_stops_accepting_it_cannot_tell_yet() {
    let list = read(Vec::new(), Duration::seconds(30));
    assert_eq!(
        settle_one(&pix_post(1), &list),
        Settlement::CannotTell(CannotTell::TooSoon {
            until: sent_at() + SEND_LIMIT
        })
    );
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
    assert_eq!(
        settle_one(&pix_post(1), &list),
        Settlement::CannotTell(CannotTell::Identical {
            ids: vec![A.to_owned(), B.to_owned()]
        })
    );
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
        },
        PostEntry {
            post: pix_post(1),
            outcome: None,
        },
    ];
    let lists: Lists = [(ListKind::Withdrawals, Ok(list))].into();
    let settled = settle_all(&pending, &lists, &BTreeSet::new());
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
    assert_eq!(
        settle_one(&wallet, &list),
        Settlement::CannotTell(CannotTell::Undated {
            ids: vec!["0xabc".into()]
        })
    );
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
    let settled = settle_all(&waiting, &lists, &claimed);
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
    assert!(three.reread_error.unwrap().contains("2 identical records"));
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
