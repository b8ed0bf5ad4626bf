//! Settling a send whose answer never came, the one rule for every front:
//! the window's lost answer, `call`, a file of payouts, `journal pending`
//! and the crash settling all decide here. A crash, a power cut, a closed
//! lid or a lost answer left a POST in the journal with no outcome (or
//! with "could not tell" because the list could not be read then). Each is
//! compared with the service's list of what it creates, and gets exactly
//! one of four answers ([`Settlement`]): *done* (the record's id), *not
//! done*, *not yet known* (and when it will be), or *cannot tell* (with
//! every candidate record).
//!
//! The service's v0 has no idempotency key, so a record is recognised by
//! what was sent:
//!
//! - every field the listed record carries must agree with what was sent:
//!   the asset, the method, the amount, the PIX key, the bank account, the
//!   address, the wallet. A field the record leaves out cannot contradict
//!   it, but then the match is weaker, and a *done* says which fields the
//!   record did not show ([`Settlement::Done::unconfirmed`]);
//! - a record whose id the list held before the send left is never the
//!   send (the ids are journaled with it: [`super::SendContext::listed_before`]);
//!   a send journaled before they were kept falls back on the time window
//!   alone;
//! - its `created-at` must fall in the send's window: from
//!   [`CLOCK_SKEW_TOLERANCE`] before the send to the horizon plus the
//!   tolerance (the service's clock and this computer's may disagree); a
//!   record with no creation time is in the window when the list read
//!   before the send did not hold it, and otherwise cannot be placed;
//! - *not done* only from a list read after the horizon, the last moment
//!   the service could still accept the request: [`SEND_LIMIT`] after the
//!   later of the send and the closing of its connection (the signature
//!   the request carried expires 50 s after it was made; counting from the
//!   closing too covers a request a proxy held). A read sooner that finds
//!   nothing is *not yet known*, with that moment;
//! - two or more candidates, or records with no creation time: *cannot
//!   tell*, each candidate listed (amount, destination, time, id).
//!
//! Records another journaled POST already accounts for (its outcome names
//! the id) are never matched again, and a record matched by one pending
//! POST is not matched by another: two identical sends and one record are
//! one done and one not done.
//!
//! Nothing here reads the network: the caller reads the lists
//! ([`ListKind::path`]) and hands them in as JSON, so the matching is a pure
//! function ([`settle`], [`settle_all`]) and the journal's side is
//! [`pending`], [`listed_before_of`] and [`record_all`].

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
/// names the service's records use for them too. The holder's name is not
/// among them: a service may write it otherwise (accents, case, an
/// abbreviation), and a record told apart by a name alone could be taken
/// for "not done" and paid twice.
const WITHDRAWAL_FIELDS: &[&str] = &[
    "asset",
    "method",
    "pix-key",
    "bank-code",
    "branch",
    "account",
    "account-type",
    "document",
    "target-address",
    "source-address",
];

/// Fields compared as numbers: leading zeros aside (`0001` is branch `1`).
const NUMBER_FIELDS: &[&str] = &["bank-code", "branch", "account"];

/// A transfer's identifying fields, named alike in the body and the record.
const TRANSFER_FIELDS: &[&str] = &["asset", "source-address", "target-address"];

/// The fields that say where a payout goes, in the order a person reads
/// them; what a candidate's destination is made of.
const DESTINATION_FIELDS: &[&str] = &[
    "pix-key",
    "bank-code",
    "branch",
    "account",
    "document",
    "target-address",
    "name",
];

/// What was sent, reduced to what a listed record is compared on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sent {
    /// The journal's POST.
    pub post_id: Uuid,
    /// When it was sent, on this computer's clock.
    pub sent_at: OffsetDateTime,
    /// When its connection closed, when known.
    pub closed_at: Option<OffsetDateTime>,
    /// Where its record would show.
    pub settles: Settles,
    /// The amount sent, when the body has one.
    pub amount: Option<Decimal>,
    /// Each record field and the value sent for it: a record that shows the
    /// field with another value is another record.
    pub fields: Vec<(String, String)>,
    /// The ids the list held before it left; `None` when not known.
    pub listed_before: Option<BTreeSet<String>>,
}

/// A JSON value as the text compared: a string as it is, anything else as JSON.
fn as_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// A JSON amount (`"10.50"` or `10.5`) as a decimal.
pub fn as_decimal(value: &Value) -> Option<Decimal> {
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
        Sent::from_body(post.id, post.sent_at, &post.endpoint, &post.body)
    }

    /// What a POST to `endpoint` with `body`, sent at `sent_at`, sent; the
    /// window's forms settle their lost answers with it before the
    /// journal hands back its record.
    pub fn from_body(post_id: Uuid, sent_at: OffsetDateTime, endpoint: &str, body: &str) -> Sent {
        let mut settles = settles_by(endpoint);
        let body = serde_json::from_str::<Value>(body).ok();
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
            post_id,
            sent_at,
            closed_at: None,
            settles,
            amount,
            fields,
            listed_before: None,
        }
    }

    /// What `entry` sent, with what the journal kept for its settling;
    /// `reads` holds the list reads it names ([`listed_before_of`]).
    pub fn from_entry(entry: &PostEntry, reads: &ListedBefore) -> Sent {
        let mut sent = Sent::from_post(&entry.post);
        sent.closed_at = entry.context.closed_at;
        sent.listed_before = entry
            .context
            .listed_before
            .and_then(|read| reads.get(&read))
            .cloned();
        sent
    }

    /// The last moment the service could still accept the request, on this
    /// computer's clock: [`SEND_LIMIT`] after the later of the send and the
    /// closing of its connection.
    pub fn horizon(&self) -> OffsetDateTime {
        self.closed_at
            .map_or(self.sent_at, |closed| closed.max(self.sent_at))
            + SEND_LIMIT
    }

    /// The earliest and latest `created-at` a record of this send may carry.
    pub fn window(&self) -> (OffsetDateTime, OffsetDateTime) {
        (
            self.sent_at - CLOCK_SKEW_TOLERANCE,
            self.horizon() + CLOCK_SKEW_TOLERANCE,
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

impl ListRead {
    /// The ids of its records, as kept in the journal before a send
    /// ([`super::ListReadRecord`]).
    pub fn ids(&self, kind: ListKind) -> Vec<String> {
        self.records
            .iter()
            .filter_map(|record| record_id(kind, record))
            .collect()
    }
}

/// A record that could be the send, as a person checks it against the
/// statement.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// Its id (a wallet's address).
    pub id: String,
    /// Its amount, when it shows one.
    pub amount: Option<Decimal>,
    /// Where it pays, in the record's words, when it says.
    pub destination: Option<String>,
    /// When the service created it, when it says.
    pub created_at: Option<OffsetDateTime>,
    /// The record as listed.
    pub record: Value,
}

impl Candidate {
    /// The candidate `record` (of id `id`) makes.
    pub fn of(id: String, record: &Value) -> Candidate {
        let destination: Vec<String> = DESTINATION_FIELDS
            .iter()
            .filter_map(|field| record.get(*field).filter(|value| !value.is_null()))
            .map(as_text)
            .collect();
        Candidate {
            id,
            amount: record.get("amount").and_then(as_decimal),
            destination: (!destination.is_empty()).then(|| destination.join(" ")),
            created_at: record.get("created-at").and_then(parse_created_at),
            record: record.clone(),
        }
    }

    /// The candidate in one line: amount, destination, time, id.
    pub fn summary(&self) -> String {
        format!(
            "{} to {} at {} (id {})",
            self.amount.map_or_else(
                || "an amount not shown".to_owned(),
                |amount| amount.to_string()
            ),
            self.destination
                .as_deref()
                .unwrap_or("a destination not shown"),
            self.created_at
                .map_or_else(|| "a time not shown".to_owned(), time_text),
            self.id
        )
    }
}

/// Why a POST's outcome cannot be told.
#[derive(Debug, Clone, PartialEq)]
pub enum CannotTell {
    /// Two or more records match what was sent, inside the window.
    Identical {
        /// Each of them.
        candidates: Vec<Candidate>,
    },
    /// Records match what was sent but carry no creation time, so whether
    /// one is this send cannot be told (a wallet of the same name).
    Undated {
        /// Each of them.
        candidates: Vec<Candidate>,
    },
    /// The list could not be read.
    ListUnreadable {
        /// Why, in words.
        reason: String,
    },
    /// The service lists no record of this kind.
    NoList(Unlisted),
}

impl CannotTell {
    /// Whether reading again could not tell either: an unreadable list
    /// leaves the POST pending; the others are kept as its outcome.
    pub fn is_final(&self) -> bool {
        !matches!(self, CannotTell::ListUnreadable { .. })
    }

    /// The records that could be the send.
    pub fn candidates(&self) -> &[Candidate] {
        match self {
            CannotTell::Identical { candidates } | CannotTell::Undated { candidates } => candidates,
            CannotTell::ListUnreadable { .. } | CannotTell::NoList(_) => &[],
        }
    }

    /// Its name in the journal.
    fn code(&self) -> &'static str {
        match self {
            CannotTell::Identical { .. } => "identical",
            CannotTell::Undated { .. } => "undated",
            CannotTell::ListUnreadable { .. } => "list-unreadable",
            CannotTell::NoList(_) => "no-list",
        }
    }
}

fn candidates_text(candidates: &[Candidate]) -> String {
    candidates
        .iter()
        .map(Candidate::summary)
        .collect::<Vec<_>>()
        .join("; ")
}

impl std::fmt::Display for CannotTell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CannotTell::Identical { candidates } => write!(
                f,
                "{} records like it were created in the window of the send ({}); the service \
                 has no idempotency key to tell which one, if any, it was",
                candidates.len(),
                candidates_text(candidates)
            ),
            CannotTell::Undated { candidates } => write!(
                f,
                "records like it exist ({}) but carry no creation time, so whether one of them \
                 is this send cannot be told",
                candidates_text(candidates)
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
        }
    }
}

/// How a send ended, as the service's list shows it: the one answer every
/// front gives.
#[derive(Debug, Clone, PartialEq)]
pub enum Settlement {
    /// The service holds it: this record.
    Done {
        /// The record's id (a wallet's address).
        id: String,
        /// The record as listed.
        record: Value,
        /// The fields sent that the record does not show, so could not
        /// confirm (`pix-key` for a record without its key): a weaker
        /// match, to be said so. Empty when every field sent was confirmed.
        unconfirmed: Vec<String>,
    },
    /// No record matches, and the list was read after the service could
    /// last have accepted it: it was not applied, and sending it again is
    /// safe.
    NotDone,
    /// No record matches yet, but the service could still accept the
    /// request until `until`: read the list again after then. Never send it
    /// again before.
    NotYetKnown {
        /// The horizon ([`Sent::horizon`]).
        until: OffsetDateTime,
    },
    /// Whether it was applied cannot be told; never send it again blindly.
    CannotTell(CannotTell),
}

impl Settlement {
    /// Whether reading the list again later could change it: not yet
    /// known, or a list that could not be read.
    pub fn may_change(&self) -> bool {
        match self {
            Settlement::NotYetKnown { .. } => true,
            Settlement::CannotTell(why) => !why.is_final(),
            Settlement::Done { .. } | Settlement::NotDone => false,
        }
    }
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

/// A record's `created-at` as a time, in the forms the service may write it.
pub fn parse_created_at(value: &Value) -> Option<OffsetDateTime> {
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
/// case, is the same destination; a number's leading zeros aside too.
fn comparable(field: &str, text: &str) -> String {
    let folded: String = text
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '@' || *c == '+')
        .flat_map(char::to_lowercase)
        .collect();
    if NUMBER_FIELDS.contains(&field) {
        let trimmed = folded.trim_start_matches('0');
        if trimmed.is_empty() {
            "0".to_owned()
        } else {
            trimmed.to_owned()
        }
    } else {
        folded
    }
}

/// How a listed record compares with what was sent.
enum Comparison {
    /// A field it shows differs: another record.
    Contradicts,
    /// Nothing it shows differs; these fields sent it does not show.
    Agrees { unconfirmed: Vec<String> },
}

fn compare(sent: &Sent, record: &Value) -> Comparison {
    let mut unconfirmed = Vec::new();
    if let Some(amount) = sent.amount {
        match record.get("amount").filter(|value| !value.is_null()) {
            Some(listed) if as_decimal(listed) != Some(amount) => return Comparison::Contradicts,
            Some(_) => {}
            None => unconfirmed.push("amount".to_owned()),
        }
    }
    for (field, value) in &sent.fields {
        match record.get(field) {
            None | Some(Value::Null) => unconfirmed.push(field.clone()),
            Some(listed) => {
                if comparable(field, &as_text(listed)) != comparable(field, value) {
                    return Comparison::Contradicts;
                }
            }
        }
    }
    Comparison::Agrees { unconfirmed }
}

/// Whether nothing `record` shows contradicts what was sent, by the rule
/// [`settle`] uses; with the fields sent that the record does not show.
/// The duplicate check ([`crate::duplicates`]) compares with it too.
pub fn agrees(sent: &Sent, record: &Value) -> Option<Vec<String>> {
    match compare(sent, record) {
        Comparison::Agrees { unconfirmed } => Some(unconfirmed),
        Comparison::Contradicts => None,
    }
}

/// The id of a record of `kind`'s list.
pub fn record_id(kind: ListKind, record: &Value) -> Option<String> {
    record.get(kind.id_field()).map(as_text)
}

/// Settles one send against its list: the one rule every front uses.
/// `claimed` holds the ids other journaled POSTs already account for.
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
    let mut in_window: Vec<(Candidate, Vec<String>)> = Vec::new();
    let mut undated: Vec<Candidate> = Vec::new();
    for record in &list.records {
        let Some(id) = record_id(kind, record) else {
            continue;
        };
        let listed_before = sent
            .listed_before
            .as_ref()
            .is_some_and(|before| before.contains(&id));
        if claimed.contains(&id) || listed_before {
            continue;
        }
        let Comparison::Agrees { unconfirmed } = compare(sent, record) else {
            continue;
        };
        match record.get("created-at").map(parse_created_at) {
            Some(Some(created)) if created >= opens && created <= closes => {
                in_window.push((Candidate::of(id, record), unconfirmed));
            }
            Some(Some(_)) => {}
            // Not listed just before the send left, so made since: dated or
            // not, it falls in the send's window.
            None | Some(None) if sent.listed_before.is_some() => {
                in_window.push((Candidate::of(id, record), unconfirmed));
            }
            // A list that never dates its records (wallets) or a record
            // whose date is unreadable, and nothing to say it existed
            // before: it may be this send.
            None | Some(None) => undated.push(Candidate::of(id, record)),
        }
    }
    match (in_window.len(), undated.is_empty()) {
        (1, true) => {
            let (candidate, unconfirmed) = in_window.remove(0);
            Settlement::Done {
                id: candidate.id,
                record: candidate.record,
                unconfirmed,
            }
        }
        (0, true) => {
            let until = sent.horizon();
            if list.read_at > until {
                Settlement::NotDone
            } else {
                Settlement::NotYetKnown { until }
            }
        }
        (0, false) => Settlement::CannotTell(CannotTell::Undated {
            candidates: undated,
        }),
        _ => Settlement::CannotTell(CannotTell::Identical {
            candidates: in_window
                .into_iter()
                .map(|(candidate, _)| candidate)
                .chain(undated)
                .collect(),
        }),
    }
}

/// The lists read for settling, by kind: read, or why not.
pub type Lists = BTreeMap<ListKind, Result<ListRead, String>>;

/// The ids each list read held, by the read's number in the journal.
pub type ListedBefore = BTreeMap<i64, BTreeSet<String>>;

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

/// The list reads the journal kept for `pending` (see
/// [`super::SendContext::listed_before`]); a read it cannot give back is left out
/// (that send falls back on its time window).
pub fn listed_before_of(store: &Store, pending: &[PostEntry]) -> ListedBefore {
    let mut reads = ListedBefore::new();
    for seq in pending
        .iter()
        .filter_map(|entry| entry.context.listed_before)
    {
        if reads.contains_key(&seq) {
            continue;
        }
        match store.list_read(seq) {
            Ok(Some(read)) => {
                reads.insert(seq, read.ids.into_iter().collect());
            }
            Ok(None) => {}
            Err(error) => tracing::warn!("a list read of the journal is unreadable: {error}"),
        }
    }
    reads
}

/// Settles every pending POST, oldest first; a record matched by one is
/// not matched by a later one. `claimed` as for [`settle`]; `reads` as
/// [`listed_before_of`] gives them.
pub fn settle_all(
    pending: &[PostEntry],
    reads: &ListedBefore,
    lists: &Lists,
    claimed: &BTreeSet<String>,
) -> Vec<Settled> {
    let mut claimed = claimed.clone();
    let mut ordered: Vec<&PostEntry> = pending.iter().collect();
    ordered.sort_by_key(|entry| entry.post.sent_at);
    ordered
        .into_iter()
        .map(|entry| {
            let sent = Sent::from_entry(entry, reads);
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
            let candidates = why.candidates();
            let listed: Vec<Value> = candidates
                .iter()
                .map(|candidate| {
                    json!({
                        "id": candidate.id,
                        "amount": candidate.amount.map(|amount| amount.to_string()),
                        "destination": candidate.destination,
                        "created-at": candidate.created_at.map(time_text),
                    })
                })
                .collect();
            let ids: Vec<&str> = candidates
                .iter()
                .map(|candidate| candidate.id.as_str())
                .collect();
            // An answer, unlike the "could not tell" of a failed re-read,
            // marks it final: see `is_pending`.
            let answer =
                json!({"cannot-tell": why.code(), "ids": ids, "candidates": listed}).to_string();
            (Outcome::Unknown, Some(answer), Some(why.to_string()))
        }
        Settlement::CannotTell(_) | Settlement::NotYetKnown { .. } => return None,
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
