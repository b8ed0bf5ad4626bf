//! Settling the POSTs whose answer never came: a crash, a power cut, a
//! closed lid or a lost answer left them in the journal with no outcome (or
//! with "could not tell" because the list could not be read then). Each is
//! compared with the service's list of what it creates, and gets exactly
//! one of three conclusions ([`Settlement`]): *done* (the record's id),
//! *not done*, or *cannot tell* (and why).
//!
//! The service's v0 has no idempotency key, so a record is recognised by
//! what was sent: the asset, the method, the amount, the destination (each
//! field the listed record shows; one it leaves out is not held against
//! it), and a creation time within the send's window:
//!
//! - the window opens [`CLOCK_SKEW_TOLERANCE`] before the journal's send
//!   time and closes [`SEND_LIMIT`] + [`CLOCK_SKEW_TOLERANCE`] after it, on
//!   the service's clock (its `created-at`): the journal's time is this
//!   computer's clock, and the two may disagree by up to the tolerance;
//! - *not done* needs the list to have been read after the service could
//!   last have accepted the request: [`SEND_LIMIT`] after the send on this
//!   computer's clock (the signature the request carried expires 50 s after
//!   it was made, so the service refuses it after that). Both times are on
//!   this computer's clock, so no tolerance is needed there; a list read
//!   sooner with nothing in it says *cannot tell yet*.
//!
//! Records another journaled POST already accounts for (its outcome names
//! the id) are never matched again, and a record matched by one pending
//! POST is not matched by another: two identical sends and one record are
//! one done and one not done.
//!
//! Nothing here reads the network: the caller reads the lists
//! ([`ListKind::path`]) and hands them in as JSON, so the matching is a pure
//! function ([`settle`], [`settle_all`]) and the journal's side is
//! [`pending`] and [`record_all`].

use std::collections::{BTreeMap, BTreeSet};

use rust_decimal::Decimal;
use serde_json::{Value, json};
use time::format_description::well_known::{Iso8601, Rfc3339};
use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use super::{JournalError, Outcome, OutcomeRecord, PostEntry, PostRecord, Store};

/// How long after its send time the service could still create a record:
/// the request's signature expires 50 s after it is made (spec §5), and
/// 10 s more covers the request's own travel.
pub const SEND_LIMIT: Duration = Duration::seconds(60);

/// How far the service's clock (`created-at`) may be from this computer's
/// (the journal's send time) and a record still count as in the window.
pub const CLOCK_SKEW_TOLERANCE: Duration = Duration::minutes(15);

/// A list of the service that shows what a POST created.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ListKind {
    /// `GET /api/v0/withdrawals`.
    Withdrawals,
    /// `GET /api/v0/transfers`.
    Transfers,
    /// `GET /api/v0/orders`.
    Orders,
    /// `GET /api/v0/wallets`.
    Wallets,
}

impl ListKind {
    /// The list's path.
    pub fn path(self) -> &'static str {
        match self {
            ListKind::Withdrawals => "/api/v0/withdrawals",
            ListKind::Transfers => "/api/v0/transfers",
            ListKind::Orders => "/api/v0/orders",
            ListKind::Wallets => "/api/v0/wallets",
        }
    }

    /// What the list holds, in words (`withdrawals`).
    pub fn noun(self) -> &'static str {
        match self {
            ListKind::Withdrawals => "withdrawals",
            ListKind::Transfers => "transfers",
            ListKind::Orders => "orders",
            ListKind::Wallets => "wallets",
        }
    }

    /// The field that identifies a record of this list.
    fn id_field(self) -> &'static str {
        match self {
            ListKind::Wallets => "address",
            _ => "id",
        }
    }
}

/// A POST no list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unlisted {
    /// A claim: the service lists no claims, only a claimable balance.
    Claim,
    /// A quote: it moves no money and is never listed.
    Quote,
    /// An endpoint this build does not know.
    Other,
}

/// Where a POST's record would show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settles {
    /// In this list.
    List(ListKind),
    /// Nowhere that can be read.
    Unlisted(Unlisted),
}

/// Which list (or none) a POST to `endpoint` adds to.
pub fn settles_by(endpoint: &str) -> Settles {
    let path = endpoint.split('?').next().unwrap_or(endpoint);
    let path = path.trim_end_matches('/');
    let segments: Vec<&str> = path.split('/').collect();
    match segments.as_slice() {
        ["", "api", "v0", "withdrawals"] | ["", "api", "v0", "assets", _, "withdrawals"] => {
            Settles::List(ListKind::Withdrawals)
        }
        ["", "api", "v0", "transfers"] => Settles::List(ListKind::Transfers),
        ["", "api", "v0", "orders"] => Settles::List(ListKind::Orders),
        ["", "api", "v0", "wallets"] => Settles::List(ListKind::Wallets),
        ["", "api", "v0", "claims"] | ["", "api", "v0", "wallets", _, "claims"] => {
            Settles::Unlisted(Unlisted::Claim)
        }
        ["", "api", "v0", "quotes"] => Settles::Unlisted(Unlisted::Quote),
        _ => Settles::Unlisted(Unlisted::Other),
    }
}

/// The fields of a withdrawal's body that say where it goes, under the
/// names the service's records use for them too.
const WITHDRAWAL_FIELDS: &[&str] = &[
    "asset",
    "method",
    "pix-key",
    "bank-code",
    "branch",
    "account",
    "account-type",
    "document",
    "name",
    "target-address",
];

/// A transfer's identifying fields, named alike in the body and the record.
const TRANSFER_FIELDS: &[&str] = &["asset", "source-address", "target-address"];

/// What was sent, reduced to what a listed record is compared on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sent {
    /// The journal's POST.
    pub post_id: Uuid,
    /// When it was sent, on this computer's clock.
    pub sent_at: OffsetDateTime,
    /// Where its record would show.
    pub settles: Settles,
    /// The amount sent, when the body has one.
    pub amount: Option<Decimal>,
    /// Each record field and the value sent for it: a record that shows the
    /// field with another value is another record.
    pub fields: Vec<(String, String)>,
}

/// A JSON value as the text compared: a string as it is, anything else as JSON.
fn as_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

fn as_decimal(value: &Value) -> Option<Decimal> {
    match value {
        Value::String(text) => text.trim().parse().ok(),
        Value::Number(number) => number.to_string().parse().ok(),
        _ => None,
    }
}

impl Sent {
    /// What `post` sent. A body that is not a JSON object is compared on
    /// nothing, so it is settled as unlisted (it cannot be recognised).
    pub fn from_post(post: &PostRecord) -> Sent {
        let mut settles = settles_by(&post.endpoint);
        let body = serde_json::from_str::<Value>(&post.body).ok();
        let object = body.as_ref().and_then(Value::as_object);
        if object.is_none() && matches!(settles, Settles::List(_)) {
            settles = Settles::Unlisted(Unlisted::Other);
        }
        let take = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs
                .iter()
                .filter_map(|(sent, listed)| {
                    object
                        .and_then(|object| object.get(*sent))
                        .filter(|value| !value.is_null())
                        .map(|value| ((*listed).to_owned(), as_text(value)))
                })
                .collect()
        };
        let same = |names: &[&'static str]| -> Vec<(&'static str, &'static str)> {
            names.iter().map(|name| (*name, *name)).collect()
        };
        let fields = match settles {
            Settles::List(ListKind::Withdrawals) => take(&same(WITHDRAWAL_FIELDS)),
            Settles::List(ListKind::Transfers) => take(&same(TRANSFER_FIELDS)),
            Settles::List(ListKind::Orders) => take(&[("quote-id", "quote-id")]),
            Settles::List(ListKind::Wallets) => take(&[("wallet-name", "name")]),
            Settles::Unlisted(_) => Vec::new(),
        };
        let amount = match settles {
            Settles::List(ListKind::Withdrawals | ListKind::Transfers) => object
                .and_then(|object| object.get("amount"))
                .and_then(as_decimal),
            _ => None,
        };
        Sent {
            post_id: post.id,
            sent_at: post.sent_at,
            settles,
            amount,
            fields,
        }
    }

    /// The earliest and latest `created-at` a record of this send may carry.
    pub fn window(&self) -> (OffsetDateTime, OffsetDateTime) {
        (
            self.sent_at - CLOCK_SKEW_TOLERANCE,
            self.sent_at + SEND_LIMIT + CLOCK_SKEW_TOLERANCE,
        )
    }
}

/// A list as read from the service.
#[derive(Debug, Clone, PartialEq)]
pub struct ListRead {
    /// Its records, as JSON objects.
    pub records: Vec<Value>,
    /// When the read was asked for, on this computer's clock (the list
    /// shows at least everything created before then).
    pub read_at: OffsetDateTime,
}

/// Why a POST's outcome cannot be told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CannotTell {
    /// Two or more records match what was sent, inside the window.
    Identical {
        /// Their ids.
        ids: Vec<String>,
    },
    /// Records match what was sent but carry no creation time, so whether
    /// one is this send cannot be told (a wallet of the same name).
    Undated {
        /// Their ids.
        ids: Vec<String>,
    },
    /// The list could not be read.
    ListUnreadable {
        /// Why, in words.
        reason: String,
    },
    /// The service lists no record of this kind.
    NoList(Unlisted),
    /// Nothing matches yet, but the list was read before the service
    /// stopped accepting the request; read it again after `until`.
    TooSoon {
        /// When a read can tell.
        until: OffsetDateTime,
    },
}

impl CannotTell {
    /// Whether reading again could tell: an unreadable list or a read too
    /// soon leave the POST pending; the others are kept as its outcome.
    pub fn is_final(&self) -> bool {
        !matches!(
            self,
            CannotTell::ListUnreadable { .. } | CannotTell::TooSoon { .. }
        )
    }

    /// Its name in the journal.
    fn code(&self) -> &'static str {
        match self {
            CannotTell::Identical { .. } => "identical",
            CannotTell::Undated { .. } => "undated",
            CannotTell::ListUnreadable { .. } => "list-unreadable",
            CannotTell::NoList(_) => "no-list",
            CannotTell::TooSoon { .. } => "too-soon",
        }
    }
}

impl std::fmt::Display for CannotTell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CannotTell::Identical { ids } => write!(
                f,
                "{} identical records were created in the window of the send ({}); the service \
                 has no idempotency key to tell which one it was",
                ids.len(),
                ids.join(", ")
            ),
            CannotTell::Undated { ids } => write!(
                f,
                "records like it exist ({}) but carry no creation time, so whether one of them \
                 is this send cannot be told",
                ids.join(", ")
            ),
            CannotTell::ListUnreadable { reason } => {
                write!(f, "the list could not be read: {reason}")
            }
            CannotTell::NoList(Unlisted::Claim) => f.write_str(
                "the service lists no claims (only the claimable balance, which other claims \
                 change too)",
            ),
            CannotTell::NoList(Unlisted::Quote) => {
                f.write_str("quotes are not listed; a quote moves no money by itself")
            }
            CannotTell::NoList(Unlisted::Other) => {
                f.write_str("no list of the service shows what this request creates")
            }
            CannotTell::TooSoon { until } => write!(
                f,
                "nothing matches yet, but the service could still accept it until {}",
                time_text(*until)
            ),
        }
    }
}

/// How a pending POST ended, as the service's list shows it.
#[derive(Debug, Clone, PartialEq)]
pub enum Settlement {
    /// The service holds it: this record.
    Done {
        /// The record's id (a wallet's address).
        id: String,
        /// The record as listed.
        record: Value,
    },
    /// No record matches, and the list was read after the service could
    /// last have accepted it: it was not applied.
    NotDone,
    /// Whether it was applied cannot be told; never send it again blindly.
    CannotTell(CannotTell),
}

/// A pending POST and its conclusion.
#[derive(Debug, Clone, PartialEq)]
pub struct Settled {
    /// The POST as journaled.
    pub post: PostRecord,
    /// What the list shows.
    pub settlement: Settlement,
}

fn time_text(at: OffsetDateTime) -> String {
    super::store::time_text(at)
}

fn parse_created_at(value: &Value) -> Option<OffsetDateTime> {
    let raw = value.as_str()?;
    OffsetDateTime::parse(raw, &Rfc3339)
        .or_else(|_| OffsetDateTime::parse(raw, &Iso8601::DEFAULT))
        .ok()
        .or_else(|| {
            time::PrimitiveDateTime::parse(raw, &Iso8601::DEFAULT)
                .ok()
                .map(time::PrimitiveDateTime::assume_utc)
        })
}

/// Text as compared: case, spaces and punctuation aside, so that a CPF
/// written with or without its dots, or an address in EIP-55 or lower
/// case, is the same destination.
fn comparable(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric() || *c == '@')
        .flat_map(char::to_lowercase)
        .collect()
}

/// Whether nothing `record` shows contradicts what was sent.
fn agrees(sent: &Sent, record: &Value) -> bool {
    if let (Some(amount), Some(listed)) = (sent.amount, record.get("amount"))
        && as_decimal(listed) != Some(amount)
    {
        return false;
    }
    sent.fields
        .iter()
        .all(|(field, value)| match record.get(field) {
            None | Some(Value::Null) => true,
            Some(listed) => comparable(&as_text(listed)) == comparable(value),
        })
}

fn record_id(kind: ListKind, record: &Value) -> Option<String> {
    record.get(kind.id_field()).map(as_text)
}

/// Settles one send against its list. `claimed` holds the ids other
/// journaled POSTs already account for.
pub fn settle(
    sent: &Sent,
    list: Result<&ListRead, &str>,
    claimed: &BTreeSet<String>,
) -> Settlement {
    let kind = match sent.settles {
        Settles::List(kind) => kind,
        Settles::Unlisted(what) => return Settlement::CannotTell(CannotTell::NoList(what)),
    };
    let list = match list {
        Ok(list) => list,
        Err(reason) => {
            return Settlement::CannotTell(CannotTell::ListUnreadable {
                reason: reason.to_owned(),
            });
        }
    };
    let (opens, closes) = sent.window();
    let mut in_window: Vec<(String, &Value)> = Vec::new();
    let mut undated: Vec<String> = Vec::new();
    for record in &list.records {
        let Some(id) = record_id(kind, record) else {
            continue;
        };
        if claimed.contains(&id) || !agrees(sent, record) {
            continue;
        }
        match record.get("created-at").map(parse_created_at) {
            Some(Some(created)) if created >= opens && created <= closes => {
                in_window.push((id, record));
            }
            Some(Some(_)) => {}
            // A list that never dates its records (wallets) or a record
            // whose date is unreadable: it may be this send.
            None | Some(None) => undated.push(id),
        }
    }
    match (in_window.as_slice(), undated.is_empty()) {
        ([(id, record)], true) => Settlement::Done {
            id: id.clone(),
            record: (*record).clone(),
        },
        ([], true) => {
            let until = sent.sent_at + SEND_LIMIT;
            if list.read_at > until {
                Settlement::NotDone
            } else {
                Settlement::CannotTell(CannotTell::TooSoon { until })
            }
        }
        ([], false) => Settlement::CannotTell(CannotTell::Undated { ids: undated }),
        (found, _) => Settlement::CannotTell(CannotTell::Identical {
            ids: found
                .iter()
                .map(|(id, _)| id.clone())
                .chain(undated)
                .collect(),
        }),
    }
}

/// The lists read for settling, by kind: read, or why not.
pub type Lists = BTreeMap<ListKind, Result<ListRead, String>>;

/// The lists `pending` needs.
pub fn lists_needed(pending: &[PostEntry]) -> BTreeSet<ListKind> {
    pending
        .iter()
        .filter_map(|entry| match Sent::from_post(&entry.post).settles {
            Settles::List(kind) => Some(kind),
            Settles::Unlisted(_) => None,
        })
        .collect()
}

/// Settles every pending POST, oldest first; a record matched by one is
/// not matched by a later one. `claimed` as for [`settle`].
pub fn settle_all(
    pending: &[PostEntry],
    lists: &Lists,
    claimed: &BTreeSet<String>,
) -> Vec<Settled> {
    let mut claimed = claimed.clone();
    let mut ordered: Vec<&PostEntry> = pending.iter().collect();
    ordered.sort_by_key(|entry| entry.post.sent_at);
    ordered
        .into_iter()
        .map(|entry| {
            let sent = Sent::from_post(&entry.post);
            let list = match sent.settles {
                Settles::List(kind) => match lists.get(&kind) {
                    Some(Ok(list)) => Ok(list),
                    Some(Err(reason)) => Err(reason.as_str()),
                    None => Err("it was not read"),
                },
                Settles::Unlisted(_) => Err("there is no list"),
            };
            let settlement = settle(&sent, list, &claimed);
            if let Settlement::Done { id, .. } = &settlement {
                claimed.insert(id.clone());
            }
            Settled {
                post: entry.post.clone(),
                settlement,
            }
        })
        .collect()
}

/// Whether `entry` is a POST still to settle: it has no outcome (the
/// program stopped before it knew), or "could not tell" from a re-read
/// that failed (no list to show for it), which reading again may settle.
pub fn is_pending(entry: &PostEntry) -> bool {
    entry.post.method.eq_ignore_ascii_case("POST")
        && match &entry.outcome {
            None => true,
            Some(outcome) => outcome.outcome == Outcome::Unknown && outcome.answer.is_none(),
        }
}

/// Whether `entry` was settled as "cannot tell" for good.
pub fn is_cannot_tell(entry: &PostEntry) -> bool {
    entry
        .outcome
        .as_ref()
        .is_some_and(|outcome| outcome.outcome == Outcome::Unknown && outcome.answer.is_some())
}

/// The POSTs of the journal still to settle, oldest first.
pub fn pending(store: &Store) -> Result<Vec<PostEntry>, JournalError> {
    Ok(store.posts(None)?.into_iter().filter(is_pending).collect())
}

/// The ids of what the journal's outcomes say was created (a record as
/// the app keeps it, or the service's answer with its envelope).
pub fn claimed_ids(entries: &[PostEntry]) -> BTreeSet<String> {
    let id_of = |value: &Value| -> Option<String> {
        ["id", "address"]
            .iter()
            .find_map(|field| value.get(*field).map(as_text))
    };
    entries
        .iter()
        .filter_map(|entry| entry.outcome.as_ref())
        .filter(|outcome| outcome.outcome == Outcome::Created)
        .filter_map(|outcome| outcome.answer.as_deref())
        .filter_map(|answer| serde_json::from_str::<Value>(answer).ok())
        .filter_map(|answer| {
            id_of(&answer).or_else(|| match &answer {
                Value::Object(envelope) if envelope.len() == 1 => {
                    envelope.values().next().and_then(id_of)
                }
                _ => None,
            })
        })
        .collect()
}

/// What the journal says of a POST it settled from a list: no answer was
/// kept for it.
pub const SETTLED_NOTE: &str = "no answer was kept for this request (the program stopped, or the \
                                answer was lost); settled by re-reading the service's list";

/// The outcome to journal for `settled`; `None` when reading again could
/// still tell (it stays pending).
pub fn outcome_record(settled: &Settled, at: OffsetDateTime) -> Option<OutcomeRecord> {
    let (outcome, answer, reread_error) = match &settled.settlement {
        Settlement::Done { record, .. } => (Outcome::Created, Some(record.to_string()), None),
        Settlement::NotDone => (Outcome::NotApplied, None, None),
        Settlement::CannotTell(why) if why.is_final() => {
            let ids = match why {
                CannotTell::Identical { ids } | CannotTell::Undated { ids } => ids.clone(),
                _ => Vec::new(),
            };
            // An answer, unlike the "could not tell" of a failed re-read,
            // marks it final: see `is_pending`.
            let answer = json!({"cannot-tell": why.code(), "ids": ids}).to_string();
            (Outcome::Unknown, Some(answer), Some(why.to_string()))
        }
        Settlement::CannotTell(_) => return None,
    };
    Some(OutcomeRecord {
        post_id: settled.post.id,
        at,
        outcome,
        answer_lost: true,
        answer,
        error: Some(SETTLED_NOTE.to_owned()),
        reread_error,
    })
}

/// Journals the conclusions that are final, in one transaction; how many.
pub fn record_all(
    store: &mut Store,
    settled: &[Settled],
    at: OffsetDateTime,
) -> Result<usize, JournalError> {
    let records: Vec<OutcomeRecord> = settled
        .iter()
        .filter_map(|settled| outcome_record(settled, at))
        .collect();
    store.atomically(|store| {
        for record in &records {
            store.append_outcome(record)?;
        }
        Ok(records.len())
    })
}

/// Whether a POST to `endpoint` with `body` sends the same as `post`: the
/// same list's endpoint and the same JSON (key order and spacing aside).
pub fn same_send(post: &PostRecord, endpoint: &str, body: &str) -> bool {
    let path = |text: &str| {
        text.split('?')
            .next()
            .unwrap_or(text)
            .trim_end_matches('/')
            .to_owned()
    };
    if path(&post.endpoint) != path(endpoint) {
        return false;
    }
    match (
        serde_json::from_str::<Value>(&post.body),
        serde_json::from_str::<Value>(body),
    ) {
        (Ok(journaled), Ok(new)) => journaled == new,
        _ => post.body.trim() == body.trim(),
    }
}

#[cfg(test)]
mod tests;
