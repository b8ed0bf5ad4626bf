#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::Path;

use rusqlite::Connection;
use time::OffsetDateTime;
use uuid::Uuid;

use super::paths::companions;
use super::*;

fn at(seconds: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(1_790_000_000 + seconds).unwrap()
}

fn post(n: u128) -> PostRecord {
    PostRecord {
        id: Uuid::from_u128(n),
        sent_at: at(i64::try_from(n).unwrap()),
        form: "withdrawal".into(),
        method: "POST".into(),
        endpoint: "/api/v0/withdrawals".into(),
        body: format!(r#"{{"amount":"{n}.00"}}"#),
    }
}

/// A file at schema `version` (0: an empty file), as an older build left it.
fn file_at_version(path: &Path, version: usize) -> Connection {
    let mut connection = Connection::open(path).unwrap();
    if version > 0 {
        schema::migrations()
            .to_version(&mut connection, version)
            .unwrap();
    }
    connection
}

#[test]
fn a_file_of_every_earlier_version_migrates_to_the_latest_keeping_its_entries() {
    for version in 0..schema::latest() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("j.sqlite3");
        {
            let connection = file_at_version(&path, version);
            if version >= 1 {
                // What version 1 wrote: a POST and its outcome.
                connection
                    .execute(
                        "INSERT INTO posts (id, sent_at, form, method, endpoint, body) \
                         VALUES (?1, '2026-10-01T12:00:00Z', 'claim', 'POST', '/api/v0/claims', '{}')",
                        [Uuid::from_u128(7).to_string()],
                    )
                    .unwrap();
                connection
                    .execute(
                        "INSERT INTO outcomes (post_id, at, outcome, answer_lost, answer) \
                         VALUES (?1, '2026-10-01T12:00:01Z', 'created', 0, '{\"id\":1}')",
                        [Uuid::from_u128(7).to_string()],
                    )
                    .unwrap();
            }
        }
        let (mut store, replaced) = Store::open(&path).unwrap();
        assert_eq!(replaced, None, "version {version} is not damage");
        assert_eq!(store.version().unwrap(), schema::latest());
        let posts = store.posts(None).unwrap();
        if version >= 1 {
            assert_eq!(posts.len(), 1, "from version {version}");
            let outcome = posts[0].outcome.as_ref().unwrap();
            assert_eq!(outcome.outcome, Outcome::Created);
            assert_eq!(outcome.answer.as_deref(), Some("{\"id\":1}"));
            // A send journaled before version 8 has no list read nor
            // closing: it is settled on its time window alone.
            assert_eq!(posts[0].context, SendContext::default());
            store
                .append_closed(Uuid::from_u128(7), at(4))
                .expect("version 8's closing works on an older send");
            // Version 9's link of a send sent again works on an older send.
            assert!(
                store.resends().unwrap().is_empty(),
                "from version {version}"
            );
            store
                .append_resend(Uuid::from_u128(7), "w-9", at(5))
                .expect("version 9's resend link works on an older send");
        } else {
            assert!(posts.is_empty());
        }
        // What the latest version adds works on the migrated file.
        store
            .append_notice(&NoticeRecord {
                at: at(1),
                kind: "order-expired".into(),
                subject: "x".into(),
                detail: None,
            })
            .unwrap();
        store
            .put_snapshot(&SnapshotRecord {
                resource: "orders".into(),
                fetched_at: at(2),
                body: "[]".into(),
                rows: Some(SnapshotRows { total: 0, kept: 0 }),
            })
            .unwrap();
        assert_eq!(store.notices().unwrap().len(), 1);
        let rate = DollarRateRecord {
            day: "2026-01-10".into(),
            published_on: "2026-01-09".into(),
            buying: "5.0901".into(),
            selling: "5.0907".into(),
            fetched_at: at(3),
        };
        assert_eq!(
            store
                .keep_dollar_rates(std::slice::from_ref(&rate))
                .unwrap(),
            1
        );
        assert_eq!(
            store.dollar_rates("2026-01-01", "2026-01-31").unwrap(),
            vec![rate]
        );
        assert_eq!(store.integrity_check().unwrap(), "ok");
    }
}

#[test]
fn a_file_from_a_newer_version_is_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.sqlite3");
    {
        let connection = file_at_version(&path, schema::latest());
        connection
            .pragma_update(
                None,
                "user_version",
                i64::try_from(schema::latest()).unwrap() + 1,
            )
            .unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    let error = Store::open(&path).unwrap_err();
    assert!(
        matches!(error, JournalError::Newer { found, .. } if found == schema::latest() + 1),
        "{error}"
    );
    assert!(
        std::fs::read(&path).unwrap() == before,
        "the file was changed"
    );
}

#[test]
fn entries_read_back_in_order_with_their_outcomes_and_cannot_be_changed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.sqlite3");
    let (mut store, _) = Store::open(&path).unwrap();
    store.append_post(&post(1)).unwrap();
    store.append_post(&post(2)).unwrap();
    store
        .append_outcome(&OutcomeRecord {
            post_id: Uuid::from_u128(1),
            at: at(5),
            outcome: Outcome::NotApplied,
            answer_lost: true,
            answer: None,
            error: Some("502".into()),
            reread_error: None,
        })
        .unwrap();
    let posts = store.posts(None).unwrap();
    assert_eq!(posts.len(), 2);
    assert_eq!(posts[0].post, post(1));
    assert_eq!(
        posts[0].outcome.as_ref().map(|o| o.outcome),
        Some(Outcome::NotApplied)
    );
    assert_eq!(posts[1].outcome, None, "sent, never settled");
    assert_eq!(store.posts(Some("claim")).unwrap().len(), 0);
    store
        .append_notice(&NoticeRecord {
            at: at(6),
            kind: "order-expired".into(),
            subject: "o".into(),
            detail: None,
        })
        .unwrap();

    for statement in [
        "UPDATE posts SET body = '{}'",
        "DELETE FROM posts",
        "UPDATE outcomes SET outcome = 'created'",
        "DELETE FROM outcomes",
        "DELETE FROM notices",
    ] {
        let error = store.connection.execute(statement, []).unwrap_err();
        assert!(
            error.to_string().contains("append-only"),
            "{statement}: {error}"
        );
    }
    drop(store);
    let (store, _) = Store::open(&path).unwrap();
    assert_eq!(store.posts(None).unwrap().len(), 2);
}

#[test]
fn a_snapshot_replaces_the_last_one_and_one_above_the_bound_is_refused() {
    let mut store = Store::in_memory().unwrap();
    let snapshot = |body: String, seconds| SnapshotRecord {
        resource: "orders".into(),
        fetched_at: at(seconds),
        body,
        rows: None,
    };
    store.put_snapshot(&snapshot("[1]".into(), 1)).unwrap();
    store.put_snapshot(&snapshot("[2]".into(), 2)).unwrap();
    let kept = store.snapshot("orders").unwrap().unwrap();
    assert_eq!((kept.body.as_str(), kept.fetched_at), ("[2]", at(2)));
    let huge = "x".repeat(SNAPSHOT_MAX_BYTES + 1);
    assert!(matches!(
        store.put_snapshot(&snapshot(huge, 3)),
        Err(JournalError::SnapshotTooLarge { .. })
    ));
    assert_eq!(store.snapshots().unwrap().len(), 1);
    assert_eq!(store.snapshot("orders").unwrap().unwrap().body, "[2]");
}

#[test]
fn a_file_that_is_not_a_database_is_moved_aside_and_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.sqlite3");
    std::fs::write(&path, "not a database at all, ".repeat(400)).unwrap();
    let (mut store, replaced) = Store::open(&path).unwrap();
    let replaced = replaced.expect("reported as replaced");
    assert!(replaced.moved_to.exists());
    assert!(
        replaced
            .moved_to
            .file_name()
            .unwrap()
            .to_string_lossy()
            .contains("damaged"),
        "{}",
        replaced.moved_to.display()
    );
    assert!(
        std::fs::read(&replaced.moved_to).unwrap()
            == "not a database at all, ".repeat(400).into_bytes(),
        "the damaged file is kept as it was"
    );
    store.append_post(&post(1)).unwrap();
    assert_eq!(store.integrity_check().unwrap(), "ok");
}

#[test]
fn a_file_with_damaged_pages_is_moved_aside_and_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.sqlite3");
    {
        let (mut store, _) = Store::open(&path).unwrap();
        for n in 0..400 {
            store.append_post(&post(n)).unwrap();
        }
        // Everything into the main file, so the damage below is in it.
        store
            .connection
            .execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
            .unwrap();
    }
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() > 8192);
    // Scribble over everything past the first page (the header stays valid).
    for byte in bytes.iter_mut().skip(4096) {
        *byte = 0xA5;
    }
    std::fs::write(&path, &bytes).unwrap();
    // Without its last good copy, the new journal starts empty.
    let copy = last_good::copy_path(&path);
    let kept_copy = dir.path().join("copy-kept-apart");
    std::fs::rename(&copy, &kept_copy).unwrap();
    {
        let (store, replaced) = Store::open(&path).unwrap();
        let replaced = replaced.expect("damage is reported");
        assert_eq!(replaced.restored_from, None);
        assert!(store.posts(None).unwrap().is_empty(), "a fresh journal");
    }
    // With it, every send the damaged file held comes back.
    std::fs::write(&path, &bytes).unwrap();
    for companion in companions(&path) {
        let _ = std::fs::remove_file(companion);
    }
    std::fs::rename(&kept_copy, &copy).unwrap();
    let (store, replaced) = Store::open(&path).unwrap();
    let replaced = replaced.expect("damage is reported");
    assert_eq!(replaced.restored_from.as_deref(), Some(copy.as_path()));
    assert_eq!(
        store.posts(None).unwrap().len(),
        400,
        "restored from the copy"
    );
}

#[test]
fn the_last_good_copy_holds_every_send_and_outcome_as_soon_as_it_is_journaled() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.sqlite3");
    let (mut store, _) = Store::open(&path).unwrap();
    store.append_post(&post(1)).unwrap();
    store
        .append_outcome(&OutcomeRecord {
            post_id: Uuid::from_u128(1),
            at: at(5),
            outcome: Outcome::Created,
            answer_lost: false,
            answer: Some("{\"id\":\"w-1\"}".into()),
            error: None,
            reread_error: None,
        })
        .unwrap();
    store.append_post(&post(2)).unwrap();
    // The copy is read as the journal would be after the original is lost.
    let copy = last_good::copy_path(&path);
    let restored = dir.path().join("restored.sqlite3");
    std::fs::copy(&copy, &restored).unwrap();
    let (copied, replaced) = Store::open(&restored).unwrap();
    assert_eq!(replaced, None);
    let posts = copied.posts(None).unwrap();
    assert_eq!(posts.len(), 2, "the last send is in it before it leaves");
    assert_eq!(
        posts[0].outcome.as_ref().map(|outcome| outcome.outcome),
        Some(Outcome::Created)
    );
    assert!(posts[1].outcome.is_none(), "still to settle");
}

#[cfg(unix)]
#[test]
fn the_folder_and_the_files_are_owner_only() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("journal").join("j.sqlite3");
    let (mut store, _) = Store::open(&path).unwrap();
    store.append_post(&post(1)).unwrap();
    let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(path.parent().unwrap()), 0o700);
    assert_eq!(mode(&path), 0o600);
    let [wal, shm] = companions(&path);
    assert!(wal.exists(), "write-ahead log in use");
    assert_eq!(mode(&wal), 0o600);
    assert_eq!(mode(&shm), 0o600);
    assert_eq!(mode(&last_good::copy_path(&path)), 0o600);
}

#[test]
fn deleting_removes_the_database_and_its_log() {
    let dir = tempfile::tempdir().unwrap();
    let path = file_for(dir.path(), "Conta PJ", "https://api.example.com");
    {
        let (mut store, _) = Store::open(&path).unwrap();
        store.append_post(&post(1)).unwrap();
    }
    assert!(path.exists());
    delete(&path).unwrap();
    assert!(!path.exists());
    assert!(companions(&path).iter().all(|file| !file.exists()));
    assert!(!last_good::copy_path(&path).exists());
    delete(&path).unwrap();
}

#[test]
fn two_profiles_never_share_a_file() {
    let dir = Path::new("/j");
    let a = file_for(dir, "Conta PJ", "https://api.example.com");
    assert_eq!(a, file_for(dir, "Conta PJ", "https://api.example.com"));
    assert_ne!(a, file_for(dir, "Conta PJ", "https://api2.example.com"));
    assert_ne!(a, file_for(dir, "Conta_PJ", "https://api.example.com"));
    let name = a.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("Conta_PJ-") && name.ends_with(".sqlite3"),
        "{name}"
    );
    let odd = file_for(dir, "../../etc/passwd", "x");
    assert_eq!(odd.parent(), Some(dir));
}

#[test]
fn a_days_dollar_rate_is_kept_once_with_its_exact_digits_and_never_changed() {
    let mut store = Store::in_memory().unwrap();
    let rate = |day: &str, buying: &str| DollarRateRecord {
        day: day.into(),
        published_on: "2026-01-09".into(),
        buying: buying.into(),
        selling: "5.09070".into(),
        fetched_at: at(1),
    };
    let kept = [rate("2026-01-09", "5.09010"), rate("2026-01-10", "5.09010")];
    assert_eq!(store.keep_dollar_rates(&kept).unwrap(), 2);
    // A second keep of a known day changes nothing and says so.
    assert_eq!(
        store
            .keep_dollar_rates(&[rate("2026-01-10", "9.99")])
            .unwrap(),
        0
    );
    assert_eq!(
        store.dollar_rates("2026-01-10", "2026-01-10").unwrap(),
        vec![kept[1].clone()]
    );
    assert_eq!(
        store.dollar_rates("2026-01-11", "2026-12-31").unwrap(),
        vec![]
    );
    assert!(
        store
            .connection
            .execute("UPDATE dollar_rates SET buying = '1'", [])
            .is_err()
    );
    assert!(
        store
            .connection
            .execute("DELETE FROM dollar_rates", [])
            .is_err()
    );
}

fn accepted(quote: u128, amount: &str) -> AcceptedQuoteRecord {
    AcceptedQuoteRecord {
        quote_id: Uuid::from_u128(quote).to_string(),
        at: at(i64::try_from(quote).unwrap()),
        source_amount: amount.into(),
        source_asset: "fiat/brl".into(),
    }
}

fn receiver(name: &str, key: &str) -> ReceiverRecord {
    ReceiverRecord {
        at: at(0),
        name: name.into(),
        city: "SAO PAULO".into(),
        pix_key: Some(key.into()),
        url_host: None,
    }
}

#[test]
fn a_version_6_file_migrates_to_7_keeping_its_entries_and_keeps_what_was_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.sqlite3");
    {
        let connection = file_at_version(&path, 6);
        connection
            .execute(
                "INSERT INTO selic_months (month, percent, fetched_at) \
                 VALUES ('2026-01', '1.16', '2026-02-01T00:00:00Z')",
                [],
            )
            .unwrap();
        let found: Result<i64, _> =
            connection.query_row("SELECT COUNT(*) FROM accepted_quotes", [], |row| row.get(0));
        assert!(found.is_err(), "version 6 has no accepted quotes yet");
    }
    let (mut store, replaced) = Store::open(&path).unwrap();
    assert_eq!(replaced, None);
    assert_eq!(store.version().unwrap(), schema::latest());
    assert_eq!(store.selic_months("2026-01", "2026-01").unwrap().len(), 1);
    assert!(store.accepted_quotes().unwrap().is_empty());
    assert_eq!(store.first_receiver().unwrap(), None);
    assert!(store.keep_accepted_quote(&accepted(1, "500.00")).unwrap());
    store
        .keep_first_receiver(&receiver("BRLV SANDBOX", "k1"))
        .unwrap();
    assert_eq!(store.integrity_check().unwrap(), "ok");
}

#[test]
fn an_accepted_quote_is_kept_once_and_outlives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.sqlite3");
    {
        let (mut store, _) = Store::open(&path).unwrap();
        assert!(store.keep_accepted_quote(&accepted(1, "500.00")).unwrap());
        assert!(store.keep_accepted_quote(&accepted(2, "20.00")).unwrap());
        // The same quote again (a retry) changes nothing: the first acceptance counts.
        assert!(!store.keep_accepted_quote(&accepted(1, "900.00")).unwrap());
    }
    let (store, _) = Store::open(&path).unwrap();
    assert_eq!(
        store.accepted_quotes().unwrap(),
        vec![accepted(1, "500.00"), accepted(2, "20.00")]
    );
    let changed = store
        .connection
        .execute("UPDATE accepted_quotes SET source_amount = '1.00'", []);
    assert!(changed.is_err(), "an accepted amount cannot be rewritten");
}

#[test]
fn the_first_receiver_seen_is_the_one_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.sqlite3");
    {
        let (mut store, _) = Store::open(&path).unwrap();
        assert_eq!(store.first_receiver().unwrap(), None);
        let first = receiver("BRLV SANDBOX", "k1");
        assert_eq!(store.keep_first_receiver(&first).unwrap(), first);
        // Someone else later: the first is still the one that counts.
        assert_eq!(
            store
                .keep_first_receiver(&receiver("OUTRA LOJA", "k2"))
                .unwrap(),
            first
        );
    }
    let (store, _) = Store::open(&path).unwrap();
    assert_eq!(
        store.first_receiver().unwrap(),
        Some(receiver("BRLV SANDBOX", "k1"))
    );
    assert!(
        store
            .connection
            .execute("DELETE FROM qr_receivers", [])
            .is_err(),
        "the kept receiver cannot be deleted"
    );
}

#[test]
fn what_a_damaged_file_still_gives_up_beyond_its_last_good_copy_is_carried_over() {
    let dir = tempfile::tempdir().unwrap();
    // The moved-aside file: three sends, the last with no outcome.
    let damaged = dir.path().join("j.sqlite3.damaged-1");
    {
        let (mut store, _) = Store::open(&damaged).unwrap();
        for n in 1..=3 {
            store.append_post(&post(n)).unwrap();
        }
    }
    // The journal restored from its copy, which holds the first two.
    let (mut restored, _) = Store::open(&dir.path().join("j.sqlite3")).unwrap();
    restored.append_post(&post(1)).unwrap();
    restored.append_post(&post(2)).unwrap();
    assert_eq!(restored.recover_from(&damaged), 1);
    let ids: Vec<u128> = restored
        .posts(None)
        .unwrap()
        .iter()
        .map(|entry| entry.post.id.as_u128())
        .collect();
    assert_eq!(ids, vec![1, 2, 3]);
    assert_eq!(restored.recover_from(&damaged), 0, "nothing twice");
    // A file that is no journal at all gives up nothing, and harms nothing.
    let garbage = dir.path().join("garbage");
    std::fs::write(&garbage, "not a database at all, ".repeat(400)).unwrap();
    assert_eq!(restored.recover_from(&garbage), 0);
    assert_eq!(restored.posts(None).unwrap().len(), 3);
}

#[test]
fn a_send_sent_again_stays_linked_to_its_new_record_across_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.sqlite3");
    // A journal as the version before the link left it, with a send not
    // applied.
    {
        let connection = file_at_version(&path, schema::latest() - 1);
        connection
            .execute(
                "INSERT INTO posts (id, sent_at, form, method, endpoint, body) \
                 VALUES (?1, '2026-10-01T12:00:00Z', 'withdrawal', 'POST', \
                 '/api/v0/withdrawals', '{}')",
                [Uuid::from_u128(8).to_string()],
            )
            .unwrap();
    }
    {
        let (mut store, _) = Store::open(&path).unwrap();
        assert!(store.resends().unwrap().is_empty());
        store
            .append_resend(
                Uuid::from_u128(8),
                "7a000000-0000-4000-8000-000000000001",
                at(1),
            )
            .unwrap();
        // A second link of the same send (two windows) keeps the first.
        store
            .append_resend(
                Uuid::from_u128(8),
                "7a000000-0000-4000-8000-000000000002",
                at(2),
            )
            .unwrap();
    }
    let (store, _) = Store::open(&path).unwrap();
    assert_eq!(
        store.resends().unwrap(),
        BTreeMap::from([(
            Uuid::from_u128(8),
            "7a000000-0000-4000-8000-000000000001".to_owned()
        )])
    );
    // Append-only, as every table that speaks of money.
    let error = store
        .connection
        .execute("DELETE FROM resends", [])
        .unwrap_err();
    assert!(error.to_string().contains("append-only"), "{error}");
}
