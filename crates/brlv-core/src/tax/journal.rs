//! The tax report's side of the journal: the claims this device made (with
//! what each was paid in, which only the request says), what the person
//! typed (read and written as [`TaxInput`]s), the answer given at sending
//! to what tokens leaving are for, kept with their POST until the service's
//! id for them is known ([`append_post_with_answer`], [`record_settled`]),
//! and the dollar's rates already fetched (a day is asked of the Banco
//! Central once, ever).

use std::collections::{BTreeMap, BTreeSet};

use time::{Date, OffsetDateTime};

use uuid::Uuid;

use super::input::{ANSWER_AT_SEND, ClaimMade, OutflowAnswer, TaxInput, TypedValues};
use super::ptax::{self, DollarRate, PtaxClient};
use crate::api::model::{Claim, CreateClaim};
use crate::journal::settle::{self, Settled, Settlement};
use crate::journal::{
    DollarRateRecord, JournalError, Outcome, PostEntry, PostRecord, Store, TaxInputRecord,
};

/// The journal's name of the claim form's POSTs.
pub const CLAIM_FORM: &str = "claim";

/// The claims this device made, oldest first, as the service answered
/// them, each with what it was paid in (from the request's
/// `target-asset-code`). A claim whose answer or request cannot be read is
/// left out.
pub fn claims_made(entries: &[PostEntry]) -> Vec<ClaimMade> {
    entries
        .iter()
        .filter(|entry| entry.post.form == CLAIM_FORM)
        .filter_map(|entry| {
            let outcome = entry.outcome.as_ref()?;
            if outcome.outcome != Outcome::Created {
                return None;
            }
            let claim: Claim = serde_json::from_str(outcome.answer.as_deref()?).ok()?;
            let request: CreateClaim = serde_json::from_str(&entry.post.body).ok()?;
            Some(ClaimMade {
                claim,
                paid_as: request.target_asset_code,
            })
        })
        .collect()
}

/// The claims the journal holds.
pub fn read_claims(store: &Store) -> Result<Vec<ClaimMade>, JournalError> {
    Ok(claims_made(&store.posts(Some(CLAIM_FORM))?))
}

/// What the person typed, the latest of each; also how many records this
/// version could not read.
pub fn read_typed(store: &Store) -> Result<(TypedValues, usize), JournalError> {
    Ok(TypedValues::from_records(&store.tax_inputs()?))
}

/// Keeps one thing the person typed.
pub fn write_typed(
    store: &mut Store,
    input: &TaxInput,
    at: OffsetDateTime,
) -> Result<(), JournalError> {
    store.append_tax_input(&input.to_record(at))
}

/// The answer given at sending for the POST `post_id`, as the journal keeps
/// it beside the POST; `None` drops it (the send was settled).
pub fn answer_at_send_record(
    post_id: Uuid,
    answer: Option<OutflowAnswer>,
    at: OffsetDateTime,
) -> TaxInputRecord {
    TaxInputRecord {
        at,
        kind: ANSWER_AT_SEND.to_owned(),
        subject: post_id.to_string(),
        value: answer.map(|answer| answer.key().to_owned()),
    }
}

/// Journals `post` before it leaves and, in the same transaction, the
/// answer given at sending to what its tokens are for: a crash between the
/// two cannot keep one without the other.
pub fn append_post_with_answer(
    store: &mut Store,
    post: &PostRecord,
    answer: Option<OutflowAnswer>,
) -> Result<(), JournalError> {
    let Some(answer) = answer else {
        return store.append_post(post);
    };
    store.atomically(|store| {
        store.append_post(post)?;
        store.append_tax_input(&answer_at_send_record(post.id, Some(answer), post.sent_at))
    })
}

/// The answers given at sending that still wait for their send's record,
/// by the POST's id (the latest row of each counts; one with no value was
/// dropped). A journal from before these rows has none.
pub fn answers_at_send(store: &Store) -> Result<BTreeMap<Uuid, OutflowAnswer>, JournalError> {
    let mut waiting = BTreeMap::new();
    for record in store.tax_inputs()? {
        if record.kind != ANSWER_AT_SEND {
            continue;
        }
        let Ok(post_id) = Uuid::parse_str(&record.subject) else {
            continue;
        };
        match record.value.as_deref().and_then(OutflowAnswer::parse) {
            Some(answer) => {
                waiting.insert(post_id, answer);
            }
            None => {
                waiting.remove(&post_id);
            }
        }
    }
    Ok(waiting)
}

/// Journals what settling concluded, in one transaction: each final
/// outcome (as [`settle::record_all`]) and, for a send that was given an
/// answer at sending, what becomes of that answer. Settled done with the
/// service's id, the answer is kept under that id (as the Taxes view and
/// `tax-report --outflow` keep one) and no longer waits; not done, it is
/// dropped; when it cannot be told (yet), it keeps waiting. The answers kept
/// under an id come back, for the window to take in.
pub fn record_settled(
    store: &mut Store,
    settled: &[Settled],
    at: OffsetDateTime,
) -> Result<Vec<TaxInput>, JournalError> {
    let waiting = answers_at_send(store)?;
    let outcomes: Vec<_> = settled
        .iter()
        .filter_map(|one| settle::outcome_record(one, at))
        .collect();
    let mut kept = Vec::new();
    let mut dropped = Vec::new();
    for one in settled {
        let Some(answer) = waiting.get(&one.post.id) else {
            continue;
        };
        match &one.settlement {
            Settlement::Done { id, .. } => {
                // An id that is no record's id cannot hold the answer: it waits.
                if let Ok(record) = Uuid::parse_str(id) {
                    kept.push(TaxInput::OutflowAnswer {
                        record,
                        answer: Some(*answer),
                    });
                    dropped.push(one.post.id);
                }
            }
            Settlement::NotDone => dropped.push(one.post.id),
            Settlement::CannotTell(_) | Settlement::NotYetKnown { .. } => {}
        }
    }
    store.atomically(|store| {
        for outcome in &outcomes {
            store.append_outcome(outcome)?;
        }
        for input in &kept {
            store.append_tax_input(&input.to_record(at))?;
        }
        for post_id in &dropped {
            store.append_tax_input(&answer_at_send_record(*post_id, None, at))?;
        }
        Ok(())
    })?;
    Ok(kept)
}

/// The dollar's rates the journal keeps for `days`; a row this version
/// cannot read is left out (asked again).
pub fn read_dollar_rates(
    store: &Store,
    days: &BTreeSet<Date>,
) -> Result<BTreeMap<Date, DollarRate>, JournalError> {
    let (Some(first), Some(last)) = (days.first(), days.last()) else {
        return Ok(BTreeMap::new());
    };
    let records = store.dollar_rates(&ptax::iso_day(*first), &ptax::iso_day(*last))?;
    Ok(records
        .iter()
        .filter_map(|record| {
            let day = ptax::parse_iso_day(&record.day)?;
            let rate = DollarRate {
                published_on: ptax::parse_iso_day(&record.published_on)?,
                buying: record.buying.parse().ok()?,
                selling: record.selling.parse().ok()?,
            };
            days.contains(&day).then_some((day, rate))
        })
        .collect())
}

/// Keeps the dollar's rates of some days, fetched at `at`.
pub fn keep_dollar_rates(
    store: &mut Store,
    rates: &[(Date, DollarRate)],
    at: OffsetDateTime,
) -> Result<usize, JournalError> {
    let records: Vec<DollarRateRecord> = rates
        .iter()
        .map(|(day, rate)| DollarRateRecord {
            day: ptax::iso_day(*day),
            published_on: ptax::iso_day(rate.published_on),
            buying: rate.buying.to_string(),
            selling: rate.selling.to_string(),
            fetched_at: at,
        })
        .collect();
    store.keep_dollar_rates(&records)
}

/// The dollar's rate of every day of `needed`: the journal's when kept,
/// else asked of `client`, and what was learnt kept in the journal. `today`
/// is Brasília's date. A journal that cannot be read or written costs
/// requests, never a figure: the error comes back beside the rates.
pub async fn dollar_rates_through(
    client: &PtaxClient,
    store: Option<&mut Store>,
    needed: &BTreeSet<Date>,
    today: Date,
) -> (ptax::Completed, Option<JournalError>) {
    let mut journal_error = None;
    let cached = match store.as_deref() {
        Some(store) => read_dollar_rates(store, needed).unwrap_or_else(|error| {
            journal_error = Some(error);
            BTreeMap::new()
        }),
        None => BTreeMap::new(),
    };
    let completed = ptax::complete(client, needed, &cached, today).await;
    if let Some(store) = store
        && !completed.to_keep.is_empty()
        && let Err(error) = keep_dollar_rates(store, &completed.to_keep, OffsetDateTime::now_utc())
    {
        journal_error = Some(error);
    }
    (completed, journal_error)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use serde_json::{Value, json};
    use time::Duration;

    use super::*;
    use crate::journal::settle::{ListKind, ListRead, Lists};

    const SOURCE: &str = "0x1111111111111111111111111111111111111111";
    const OWN: &str = "0x2222222222222222222222222222222222222222";
    const FRIEND: &str = "0x3333333333333333333333333333333333333333";
    const SUPPLIER: &str = "0x4444444444444444444444444444444444444444";
    const OWN_RECORD: &str = "00000000-0000-4000-8000-0000000000a1";
    const SUPPLIER_RECORD: &str = "00000000-0000-4000-8000-0000000000a3";

    fn stamp(at: OffsetDateTime) -> String {
        at.format(&time::format_description::well_known::Rfc3339)
            .unwrap()
    }

    /// A transfer of `amount` BRLV to `target`, journaled as sent at `sent_at`.
    fn transfer_post(n: u128, target: &str, amount: &str, sent_at: OffsetDateTime) -> PostRecord {
        PostRecord {
            id: Uuid::from_u128(n),
            sent_at,
            form: "transfer".into(),
            method: "POST".into(),
            endpoint: "/api/v0/transfers".into(),
            body: json!({
                "source-address": SOURCE, "asset": "eth-base/brlv",
                "amount": amount, "target-address": target,
            })
            .to_string(),
        }
    }

    /// The transfer as the service lists it, created a second after `sent_at`.
    fn transfer_record(id: &str, target: &str, amount: &str, sent_at: OffsetDateTime) -> Value {
        let at = stamp(sent_at + Duration::seconds(1));
        json!({
            "id": id, "asset": "eth-base/brlv", "amount": amount,
            "source-address": SOURCE, "target-address": target, "state": "completed",
            "created-at": at, "state-updated-at": at,
        })
    }

    fn transfers_read(records: Vec<Value>, read_at: OffsetDateTime) -> Lists {
        [(ListKind::Transfers, Ok(ListRead { records, read_at }))].into()
    }

    fn settle_pending(store: &mut Store, lists: &Lists, at: OffsetDateTime) -> Vec<TaxInput> {
        let entries = store.posts(None).unwrap();
        let claimed = settle::claimed_ids(&entries);
        let waiting: Vec<_> = entries.into_iter().filter(settle::is_pending).collect();
        let settled = settle::settle_all(&waiting, &Default::default(), lists, &claimed);
        record_settled(store, &settled, at).unwrap()
    }

    /// Three transfers an hour ago whose answers never came (a crash while
    /// sending), each answered at sending: 500 BRLV to the person's own
    /// wallet, which the service holds; 200 BRLV as a gift, which it never
    /// received; 300 BRLV to a supplier, whose list cannot be read at first.
    #[test]
    fn an_answer_given_at_sending_follows_its_send_through_settling() {
        let mut store = Store::in_memory().unwrap();
        let now = OffsetDateTime::now_utc();
        let sent_at = now - Duration::hours(1);
        let sends = [
            (1, OWN, "500", OutflowAnswer::OwnWallet),
            (2, FRIEND, "200", OutflowAnswer::Gift),
            (3, SUPPLIER, "300", OutflowAnswer::Payment),
        ];
        for (n, target, amount, answer) in sends {
            let post = transfer_post(n, target, amount, sent_at);
            append_post_with_answer(&mut store, &post, Some(answer)).unwrap();
        }
        assert_eq!(answers_at_send(&store).unwrap().len(), 3);
        // Waiting answers are nothing the person typed about a record: not
        // in the typed values, and not counted as written by a newer version.
        assert_eq!(read_typed(&store).unwrap(), (TypedValues::default(), 0));

        // The supplier's list cannot be read at this start: only the
        // transfers list is read, and it shows the own-wallet transfer.
        let lists = transfers_read(vec![transfer_record(OWN_RECORD, OWN, "500", sent_at)], now);
        let mut lists_failing = lists.clone();
        lists_failing.insert(ListKind::Transfers, Err("HTTP 503".to_owned()));
        let kept = settle_pending(&mut store, &lists_failing, now);
        assert!(
            kept.is_empty(),
            "nothing settles without the list: {kept:?}"
        );
        assert_eq!(answers_at_send(&store).unwrap().len(), 3, "all still wait");

        // Read: the own-wallet transfer is done with the service's id, its
        // answer kept under that id; the gift was not done, its answer
        // dropped; the supplier's 300 BRLV are not listed either.
        let kept = settle_pending(&mut store, &lists, now);
        let own = Uuid::parse_str(OWN_RECORD).unwrap();
        assert_eq!(
            kept,
            vec![TaxInput::OutflowAnswer {
                record: own,
                answer: Some(OutflowAnswer::OwnWallet),
            }]
        );
        let (typed, unread) = read_typed(&store).unwrap();
        assert_eq!(typed.outflow_answer(&own), Some(OutflowAnswer::OwnWallet));
        assert_eq!(unread, 0);
        assert!(
            answers_at_send(&store).unwrap().is_empty(),
            "done and not done: none waits"
        );
        // Each send has its outcome: the next start settles nothing again.
        assert!(settle::pending(&store).unwrap().is_empty());
    }

    #[test]
    fn a_send_that_cannot_be_told_keeps_its_answer_waiting_until_it_can() {
        let mut store = Store::in_memory().unwrap();
        let now = OffsetDateTime::now_utc();
        // Sent a minute ago: a list read now could still gain its record.
        let sent_at = now - Duration::minutes(1);
        let post = transfer_post(3, SUPPLIER, "300", sent_at);
        append_post_with_answer(&mut store, &post, Some(OutflowAnswer::Payment)).unwrap();
        let kept = settle_pending(&mut store, &transfers_read(Vec::new(), now), now);
        assert!(kept.is_empty());
        assert_eq!(
            answers_at_send(&store).unwrap(),
            [(post.id, OutflowAnswer::Payment)].into()
        );
        // At the next start the service lists it: the answer reaches its record.
        let later = now + Duration::hours(1);
        let lists = transfers_read(
            vec![transfer_record(SUPPLIER_RECORD, SUPPLIER, "300", sent_at)],
            later,
        );
        let kept = settle_pending(&mut store, &lists, later);
        let supplier = Uuid::parse_str(SUPPLIER_RECORD).unwrap();
        assert_eq!(
            kept,
            vec![TaxInput::OutflowAnswer {
                record: supplier,
                answer: Some(OutflowAnswer::Payment),
            }]
        );
        assert_eq!(
            read_typed(&store).unwrap().0.outflow_answer(&supplier),
            Some(OutflowAnswer::Payment)
        );
    }

    /// A journal written before answers were kept with their POST: its
    /// sends settle as before, with no answer to carry.
    #[test]
    fn a_journal_from_before_answers_at_sending_settles_as_before() {
        let mut store = Store::in_memory().unwrap();
        let now = OffsetDateTime::now_utc();
        let sent_at = now - Duration::hours(1);
        store
            .append_post(&transfer_post(1, OWN, "500", sent_at))
            .unwrap();
        assert!(answers_at_send(&store).unwrap().is_empty());
        let lists = transfers_read(vec![transfer_record(OWN_RECORD, OWN, "500", sent_at)], now);
        assert!(settle_pending(&mut store, &lists, now).is_empty());
        assert!(settle::pending(&store).unwrap().is_empty());
        assert_eq!(read_typed(&store).unwrap(), (TypedValues::default(), 0));
    }
}
