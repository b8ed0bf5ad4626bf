//! The journal's side of a write from the command line: settling a
//! profile's pending sends against the service's lists (the lists read,
//! [`crate::journal::settle`] matching them), telling each in words, and
//! journaling a write before it leaves and its outcome after
//! ([`before_send`], [`SendJournal::after`]). `call` and
//! `brlv-desk journal pending` both use it.

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
use crate::journal::{JournalError, Outcome, OutcomeRecord, PostRecord, Store};

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
/// the conclusions that are final. With `wait`, a send whose list was read
/// before the service stopped accepting it (at most [`SEND_LIMIT`] ago) is
/// read again once that moment has passed, rather than left undecided.
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
    let kinds = settle::lists_needed(&waiting);
    let mut settled = settle::settle_all(&waiting, &read_lists(client, &kinds).await, &claimed);
    let too_soon = settled
        .iter()
        .filter_map(|settled| match settled.settlement {
            Settlement::CannotTell(CannotTell::TooSoon { until }) => Some(until),
            _ => None,
        })
        .max();
    if wait && let Some(until) = too_soon {
        let left = (until - OffsetDateTime::now_utc()).clamp(time::Duration::ZERO, SEND_LIMIT);
        let pause = std::time::Duration::try_from(left).unwrap_or_default();
        eprintln!(
            "journal: a send of {} is recent; waiting {} s until the service can no longer \
             accept it, then reading the lists again",
            time_text(until - SEND_LIMIT),
            pause.as_secs() + 1
        );
        tokio::time::sleep(pause + std::time::Duration::from_secs(1)).await;
        settled = settle::settle_all(&waiting, &read_lists(client, &kinds).await, &claimed);
    }
    // An answer given at sending to what the tokens were for follows its send.
    crate::tax::journal::record_settled(store, &settled, OffsetDateTime::now_utc())?;
    Ok(settled)
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
        Settlement::Done { id, .. } => format!(
            "done: {what}\n  the service holds it: {} {id}",
            list.map_or("record", |kind| kind.noun().trim_end_matches('s'))
        ),
        Settlement::NotDone => format!(
            "not done: {what}\n  the service did not apply it; nothing was created or paid. To \
             send it again: brlv-desk call {} {} --data {}",
            post.method,
            post.endpoint,
            shell_quoted(&post.body)
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

/// Before `call` sends a write to `path` with `body`: settles the
/// profile's pending sends (telling each on standard error), refuses an
/// identical send whose outcome cannot be told (unless `again`), and
/// journals this one. `None` when there is no journal to keep it in (said
/// on standard error; the request is still sent, as the app does).
pub async fn before_send(
    client: &Client,
    profile: Option<&str>,
    base_url: &str,
    method: &str,
    path: &str,
    body: &[u8],
    again: bool,
) -> Result<Option<SendJournal>, String> {
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
        eprintln!(
            "warning: the journal was damaged ({}) and was moved to {}",
            replaced.reason,
            replaced.moved_to.display()
        );
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
    if !again && settle::settles_by(path) != Settles::Unlisted(Unlisted::Quote) {
        let entries = store.posts(None).unwrap_or_default();
        if let Some(earlier) = entries.iter().find(|entry| {
            (settle::is_pending(entry) || settle::is_cannot_tell(entry))
                && settle::same_send(&entry.post, path, &body_text)
        }) {
            return Err(format!(
                "an identical {} {} was sent at {} and whether the service applied it cannot \
                 be told (see above, or `brlv-desk journal pending`). Sending it again could \
                 pay twice: check the service's records first; to send it anyway, add --again",
                earlier.post.method,
                earlier.post.endpoint,
                time_text(earlier.post.sent_at)
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
    if let Err(error) = store.append_post(&post) {
        eprintln!("warning: this request could not be journaled: {error}");
        return Ok(None);
    }
    Ok(Some(SendJournal {
        store,
        post_id: post.id,
    }))
}

impl SendJournal {
    /// Keeps how the send ended: created (the answer), refused (a 4xx, or a
    /// failure before anything left), or nothing when the answer does not
    /// say (lost, unreadable, or a 5xx): then it stays pending and the next
    /// `call` or `journal pending` settles it.
    pub fn after(mut self, sent: &Result<RawResponse, Error>) {
        let outcome = outcome_of(self.post_id, sent, OffsetDateTime::now_utc());
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
