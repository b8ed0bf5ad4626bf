//! The journal's side of a write from the command line: settling a
//! profile's pending sends against the service's lists (the lists read,
//! [`crate::journal::settle`] matching them), telling each in words,
//! catching a payout that repeats one the service holds
//! ([`crate::duplicates`]), and journaling a write before it leaves (with
//! the ids its list held then) and its outcome after ([`before_send`],
//! [`SendJournal::after`]). `call`, `payouts` and `brlv-desk journal
//! pending` use it.

use std::collections::BTreeSet;
use std::path::PathBuf;

use time::OffsetDateTime;
use uuid::Uuid;

use crate::api::client::RawResponse;
use crate::api::model::{TransferFilter, WalletFilter};
use crate::api::{Client, Error};
use crate::journal::settle::{
    self, CannotTell, ListKind, ListRead, Lists, SEND_LIMIT, Settled, Settlement, Settles, Unlisted,
};
use crate::journal::{JournalError, ListReadRecord, Outcome, OutcomeRecord, PostRecord, Store};

/// The journal the app keeps for the profile called `name` at `base_url`.
pub fn journal_file(name: &str, base_url: &str) -> Option<PathBuf> {
    crate::journal::default_dir().map(|dir| crate::journal::file_for(&dir, name, base_url))
}

/// The profile's name as the app names it: the one given, or the
/// environment's.
fn profile_name(profile: Option<&str>, base_url: &str) -> String {
    profile.map_or_else(
        || crate::profile::Profile::for_environment(base_url).name,
        str::to_owned,
    )
}

/// Reads each list of `kinds` whole, as JSON records. The time kept is
/// when the read was asked for: the list shows everything made before it.
pub async fn read_lists(client: &Client, kinds: &BTreeSet<ListKind>) -> Lists {
    fn values<T: serde::Serialize>(rows: Vec<T>) -> Vec<serde_json::Value> {
        rows.iter()
            .filter_map(|row| serde_json::to_value(row).ok())
            .collect()
    }
    let mut lists = Lists::new();
    for kind in kinds {
        let read_at = OffsetDateTime::now_utc();
        let records = match kind {
            ListKind::Withdrawals => client.list_withdrawals(None).await.map(values),
            ListKind::Transfers => client
                .list_transfers(&TransferFilter::default())
                .await
                .map(values),
            ListKind::Orders => client.list_orders().await.map(values),
            ListKind::Wallets => client
                .list_wallets(&WalletFilter::default())
                .await
                .map(values),
        };
        lists.insert(
            *kind,
            records
                .map(|records| ListRead { records, read_at })
                .map_err(|error| error.to_string()),
        );
    }
    lists
}

/// Settles every pending send of `store` against the service and journals
/// the conclusions that are final. With `wait`, a send not yet known (the
/// service could still accept it, until at most [`SEND_LIMIT`] after its
/// connection closed) is read again once that moment has passed, rather
/// than left undecided.
pub async fn settle_pending(
    client: &Client,
    store: &mut Store,
    wait: bool,
) -> Result<Vec<Settled>, JournalError> {
    let entries = store.posts(None)?;
    let waiting: Vec<_> = entries
        .iter()
        .filter(|entry| settle::is_pending(entry))
        .cloned()
        .collect();
    if waiting.is_empty() {
        return Ok(Vec::new());
    }
    let claimed = settle::claimed_ids(&entries);
    let reads = settle::listed_before_of(store, &waiting);
    let kinds = settle::lists_needed(&waiting);
    let settle_now = |lists: &Lists| settle::settle_all(&waiting, &reads, lists, &claimed);
    let mut settled = settle_now(&read_lists(client, &kinds).await);
    let not_yet = settled
        .iter()
        .filter_map(|settled| match settled.settlement {
            Settlement::NotYetKnown { until } => Some(until),
            _ => None,
        })
        .max();
    if wait && let Some(until) = not_yet {
        let left = (until - OffsetDateTime::now_utc()).clamp(time::Duration::ZERO, SEND_LIMIT * 2);
        let pause = std::time::Duration::try_from(left).unwrap_or_default();
        eprintln!(
            "journal: a send is recent; waiting {} s, until the service can no longer accept it \
             ({}), then reading the lists again",
            pause.as_secs() + 1,
            time_text(until)
        );
        tokio::time::sleep(pause + std::time::Duration::from_secs(1)).await;
        settled = settle_now(&read_lists(client, &kinds).await);
    }
    // An answer given at sending to what the tokens were for follows its send.
    crate::tax::journal::record_settled(store, &settled, OffsetDateTime::now_utc())?;
    Ok(settled)
}

/// How many times [`settle_once_known`] reads the list again when this
/// computer's clock wakes it a little before the horizon.
const READS_ONCE_KNOWN: usize = 3;

/// Settles one send that was not yet known (the window's form whose answer
/// was lost): waits until just after the service could no longer accept it
/// ([`settle::Sent::horizon`]), reads its list again and decides by the one
/// rule ([`settle::settle`]), so the open window learns *done* or *not done*
/// without a restart. `claimed` holds the ids other journaled sends account
/// for.
pub async fn settle_once_known(
    client: &Client,
    sent: &settle::Sent,
    claimed: &BTreeSet<String>,
) -> Settlement {
    let Settles::List(kind) = sent.settles else {
        return settle::settle(sent, Err("no list shows it"), claimed);
    };
    let mut settlement = Settlement::NotYetKnown {
        until: sent.horizon(),
    };
    for _ in 0..READS_ONCE_KNOWN {
        let Settlement::NotYetKnown { until } = settlement else {
            break;
        };
        let left = (until - OffsetDateTime::now_utc()).clamp(time::Duration::ZERO, SEND_LIMIT * 2);
        let pause = std::time::Duration::try_from(left).unwrap_or_default();
        tokio::time::sleep(pause + std::time::Duration::from_secs(1)).await;
        let mut lists = read_lists(client, &BTreeSet::from([kind])).await;
        let list = lists
            .remove(&kind)
            .unwrap_or_else(|| Err("it was not read".to_owned()));
        settlement = settle::settle(sent, list.as_ref().map_err(String::as_str), claimed);
    }
    settlement
}

/// The list a send adds to, read just before it left.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadBefore {
    /// The read's number in the journal, for the sends that leave after
    /// it; `None` when it could not be kept (said on standard error).
    pub seq: Option<i64>,
    /// The list; the duplicate check compares with it.
    pub list: ListRead,
}

/// Reads the list a POST to `path` adds to, just before it leaves, and
/// keeps its ids in the journal. `Ok(None)` for a POST no list shows; the
/// list's failure in words when it could not be read (a send then falls
/// back on its time window, as one journaled by an earlier version).
pub async fn read_before_send(
    client: &Client,
    store: &mut Store,
    path: &str,
) -> Result<Option<ReadBefore>, String> {
    let Settles::List(kind) = settle::settles_by(path) else {
        return Ok(None);
    };
    let mut lists = read_lists(client, &BTreeSet::from([kind])).await;
    let list = lists
        .remove(&kind)
        .unwrap_or_else(|| Err("it was not read".to_owned()))
        .map_err(|reason| format!("the {} could not be read: {reason}", kind.noun()))?;
    let record = ListReadRecord {
        list: kind.path().to_owned(),
        read_at: list.read_at,
        ids: list.ids(kind),
    };
    let seq = match store.append_list_read(&record) {
        Ok(seq) => Some(seq),
        Err(error) => {
            eprintln!("warning: the list read before this send could not be kept: {error}");
            None
        }
    };
    Ok(Some(ReadBefore { seq, list }))
}

fn time_text(at: OffsetDateTime) -> String {
    at.format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_else(|_| at.unix_timestamp().to_string())
}

/// `text` quoted for a POSIX shell.
fn shell_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// One send's conclusion, in words, for a person at a terminal.
pub fn describe(settled: &Settled) -> String {
    let post = &settled.post;
    let what = format!(
        "{} {} sent at {} with {}",
        post.method,
        post.endpoint,
        time_text(post.sent_at),
        post.body
    );
    let list = match settle::settles_by(&post.endpoint) {
        Settles::List(kind) => Some(kind),
        Settles::Unlisted(_) => None,
    };
    match &settled.settlement {
        Settlement::Done {
            id, unconfirmed, ..
        } => {
            let weaker = if unconfirmed.is_empty() {
                String::new()
            } else {
                format!(
                    "\n  a weaker match: the service's record does not show its {}, so only the \
                     rest was compared",
                    unconfirmed.join(", ")
                )
            };
            format!(
                "done: {what}\n  the service holds it: {} {id}{weaker}",
                list.map_or("record", |kind| kind.noun().trim_end_matches('s'))
            )
        }
        Settlement::NotDone => format!(
            "not done: {what}\n  the service did not apply it; nothing was created or paid. To \
             send it again: brlv-desk call {} {} --data {}",
            post.method,
            post.endpoint,
            shell_quoted(&post.body)
        ),
        Settlement::NotYetKnown { until } => format!(
            "not yet known: {what}\n  nothing matches yet, but the service could still accept it \
             until {}; it stays pending: run `brlv-desk journal pending` after then, and do not \
             send it again before it is settled",
            time_text(*until)
        ),
        Settlement::CannotTell(why) if !why.is_final() => format!(
            "cannot tell yet: {what}\n  {why}; it stays pending: run `brlv-desk journal \
             pending` again, and do not send it again before it is settled"
        ),
        Settlement::CannotTell(CannotTell::NoList(Unlisted::Quote)) => format!(
            "cannot tell: {what}\n  {}; it is safe to ask for a new quote",
            CannotTell::NoList(Unlisted::Quote)
        ),
        Settlement::CannotTell(why) => {
            let check = list.map_or_else(
                || "Check the service's own records".to_owned(),
                |kind| {
                    format!(
                        "Check `brlv-desk call GET {}` and the service's own records",
                        kind.path()
                    )
                },
            );
            format!(
                "cannot tell: {what}\n  {why}. It may have been applied: do not send it again \
                 blindly. {check}; `call` refuses an identical send unless given --again."
            )
        }
    }
}

/// A write `call` journaled before it left; [`SendJournal::after`] keeps
/// how it ended.
#[derive(Debug)]
pub struct SendJournal {
    store: Store,
    post_id: Uuid,
}

/// The journal's name of what a POST to `path` creates (as the app's forms
/// name it).
fn form_of(path: &str) -> &'static str {
    match settle::settles_by(path) {
        Settles::List(ListKind::Withdrawals) => "withdrawal",
        Settles::List(ListKind::Transfers) => "transfer",
        Settles::List(ListKind::Orders) => "order",
        Settles::List(ListKind::Wallets) => "wallet",
        Settles::Unlisted(Unlisted::Claim) => "claim",
        Settles::Unlisted(Unlisted::Quote) => "quote",
        Settles::Unlisted(Unlisted::Other) => "call",
    }
}

/// What `call` was asked to send, and how.
#[derive(Debug, Clone, Copy)]
pub struct SendRequest<'a> {
    /// The saved profile, or `None` for the environment's.
    pub profile: Option<&'a str>,
    /// The service's base URL.
    pub base_url: &'a str,
    /// `POST`.
    pub method: &'a str,
    /// The path, e.g. `/api/v0/withdrawals`.
    pub path: &'a str,
    /// The body, as it will be sent.
    pub body: &'a [u8],
    /// Send it even when it repeats a payout the service holds, or one in
    /// flight whose outcome is not known.
    pub again: bool,
    /// How many days back the service's records are compared.
    pub duplicate_days: u32,
}

/// Before `call` sends a write: settles the profile's pending sends
/// (telling each on standard error), reads the list the write adds to and
/// refuses a payout that repeats one the service holds or one in flight
/// (unless `again`; see [`crate::duplicates`]), and journals this one
/// with the ids its list held. `None` when there is no journal to keep it
/// in (said on standard error; the request is still sent, as the app does).
pub async fn before_send(
    client: &Client,
    request: SendRequest<'_>,
) -> Result<Option<SendJournal>, String> {
    let SendRequest {
        profile,
        base_url,
        method,
        path,
        body,
        again,
        duplicate_days,
    } = request;
    let name = profile_name(profile, base_url);
    let Some(file) = journal_file(&name, base_url) else {
        eprintln!("warning: no data directory on this system: this request is not journaled");
        return Ok(None);
    };
    let (mut store, replaced) = match Store::open(&file) {
        Ok(opened) => opened,
        Err(error) => {
            eprintln!("warning: {error}; this request is not journaled");
            return Ok(None);
        }
    };
    if let Some(replaced) = replaced {
        eprintln!("warning: {}", replaced_words(&replaced));
    }
    match settle_pending(client, &mut store, true).await {
        Ok(settled) => {
            for one in &settled {
                eprintln!("journal: {}", describe(one));
            }
        }
        Err(error) => eprintln!("warning: the journal's pending sends were not settled: {error}"),
    }
    let body_text = String::from_utf8_lossy(body).into_owned();
    let read = match read_before_send(client, &mut store, path).await {
        Ok(read) => read,
        Err(reason) if again || !crate::duplicates::compares(path) => {
            eprintln!("warning: {reason}; this send is compared on its time window alone");
            None
        }
        Err(reason) => {
            return Err(format!(
                "{reason}, so whether this send repeats a payout the service holds cannot be \
                 checked; nothing was sent. Try again, or add --again to send it without the check"
            ));
        }
    };
    let listed_before = read.as_ref().and_then(|read| read.seq);
    if !again {
        let entries = store.posts(None).unwrap_or_default();
        let records = read
            .as_ref()
            .map_or(&[][..], |read| read.list.records.as_slice());
        let duplicates = crate::duplicates::find(
            path,
            &body_text,
            crate::duplicates::Against {
                records,
                journal: &entries,
                now: OffsetDateTime::now_utc(),
                days: duplicate_days,
                ignore: &BTreeSet::new(),
            },
        );
        if !duplicates.is_empty() {
            let listed: Vec<String> = duplicates
                .iter()
                .map(|duplicate| format!("  {}", duplicate.summary()))
                .collect();
            return Err(format!(
                "this {method} {path} repeats {} earlier payout(s) of the last {duplicate_days} \
                 day(s) (same method, asset, amount and destination):\n{}\nSending it again \
                 could pay twice: check the service's records first; to send it anyway, add \
                 --again",
                duplicates.len(),
                listed.join("\n")
            ));
        }
    }
    let post = PostRecord {
        id: Uuid::new_v4(),
        sent_at: OffsetDateTime::now_utc(),
        form: form_of(path).to_owned(),
        method: method.to_owned(),
        endpoint: path.split('?').next().unwrap_or(path).to_owned(),
        body: body_text,
    };
    if let Err(error) = store.append_post_after_read(&post, listed_before) {
        eprintln!("warning: this request could not be journaled: {error}");
        return Ok(None);
    }
    Ok(Some(SendJournal {
        store,
        post_id: post.id,
    }))
}

/// A damaged journal replaced, in words: where it went and what was
/// restored from its last good copy.
pub fn replaced_words(replaced: &crate::journal::Replaced) -> String {
    let restored = match &replaced.restored_from {
        Some(copy) => format!(
            "; what its last good copy ({}) held was restored, and what was written after that \
             copy (at most the last send) is settled against the service's records",
            copy.display()
        ),
        None => "; no good copy of it was kept, so what it held is read back from the \
                 service's records before anything is sent"
            .to_owned(),
    };
    let recovered = match replaced.recovered_sends {
        0 => String::new(),
        count => format!(
            "; {count} more send(s) could still be read from the damaged file and were carried \
             over, each settled against the service's records"
        ),
    };
    format!(
        "the journal was damaged ({}) and was moved to {}{restored}{recovered}",
        replaced.reason,
        replaced.moved_to.display()
    )
}

impl SendJournal {
    /// Keeps when the connection closed, and how the send ended: created
    /// (the answer), refused (a 4xx, or a failure before anything left), or
    /// nothing when the answer does not say (lost, unreadable, or a 5xx):
    /// then it stays pending and the next `call` or `journal pending`
    /// settles it.
    pub fn after(mut self, sent: &Result<RawResponse, Error>) {
        let closed_at = OffsetDateTime::now_utc();
        if let Err(error) = self.store.append_closed(self.post_id, closed_at) {
            eprintln!("warning: when this request ended could not be journaled: {error}");
        }
        let outcome = outcome_of(self.post_id, sent, closed_at);
        match outcome {
            Some(outcome) => {
                if let Err(error) = self.store.append_outcome(&outcome) {
                    eprintln!("warning: how this request ended could not be journaled: {error}");
                }
            }
            None => eprintln!(
                "journal: this send is kept as pending; the next `brlv-desk call` that writes, or \
                 `brlv-desk journal pending`, settles it against the service's list"
            ),
        }
    }
}

/// How the send journaled as `post_id` ended, as the journal keeps it:
/// created (the answer), refused (a 4xx), not applied (a failure before
/// anything left), or `None` when the answer does not say (lost,
/// unreadable, or a 5xx): then it stays pending, for settling.
pub fn outcome_of(
    post_id: Uuid,
    sent: &Result<RawResponse, Error>,
    at: OffsetDateTime,
) -> Option<OutcomeRecord> {
    let record = |outcome, answer, error| OutcomeRecord {
        post_id,
        at,
        outcome,
        answer_lost: false,
        answer,
        error,
        reread_error: None,
    };
    match sent {
        Ok(raw) if raw.is_success() => {
            match serde_json::from_slice::<serde_json::Value>(&raw.body) {
                Ok(answer) => {
                    let created = unwrapped(answer).to_string();
                    Some(record(Outcome::Created, Some(created), None))
                }
                Err(_) => None,
            }
        }
        Ok(raw) if (400..500).contains(&raw.status) => {
            Some(record(Outcome::Refused, None, Some(refusal_words(raw))))
        }
        Ok(_) => None,
        Err(error) if error.outcome_unknown() => None,
        Err(error) => Some(record(Outcome::NotApplied, None, Some(error.to_string()))),
    }
}

/// The record an answer carries (`{"withdrawal": {...}}` holds one), as
/// the app journals what was created.
fn unwrapped(answer: serde_json::Value) -> serde_json::Value {
    match answer {
        serde_json::Value::Object(mut envelope) if envelope.len() == 1 => {
            match envelope.values().next() {
                Some(serde_json::Value::Object(_)) => envelope
                    .values_mut()
                    .next()
                    .map(serde_json::Value::take)
                    .unwrap_or_default(),
                _ => serde_json::Value::Object(envelope),
            }
        }
        other => other,
    }
}

/// A refusal in words: its status and the service's message, not the body
/// (which could echo what was sent).
fn refusal_words(raw: &RawResponse) -> String {
    let message = serde_json::from_slice::<serde_json::Value>(&raw.body)
        .ok()
        .and_then(|body| {
            body.pointer("/error/message")
                .and_then(serde_json::Value::as_str)
                .map(|text| text.chars().take(500).collect::<String>())
        });
    match message {
        Some(message) => format!("HTTP {}: {message}", raw.status),
        None => format!("HTTP {}", raw.status),
    }
}
