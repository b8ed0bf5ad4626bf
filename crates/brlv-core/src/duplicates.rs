//! Duplicates caught before anything leaves: a payout that repeats one the
//! service already holds, or one still in flight from this device, is
//! named before it is sent, so that a person (the window's review, each row
//! of a file, every resend, `call`) chooses to send it again or not.
//!
//! The rule is the settling's own ([`crate::journal::settle::agrees`]): the
//! same method, asset and amount, and the same destination (the PIX key,
//! the bank account, the address) on every field the service's record
//! shows. A record that leaves its destination out cannot be told from
//! this payout, so it counts as a duplicate too, said so
//! ([`Duplicate::unconfirmed`]): the reading that cannot pay twice. Among
//! the service's records, those created in the last [`DEFAULT_DAYS`] days
//! (or the number asked) count, in any state but `failed`; a record with no
//! creation time counts. Among this device's sends, those whose outcome is
//! not known (pending, or *cannot tell*) count.
//!
//! Nothing here reads the network or the journal: the caller hands in the
//! list it read and the journal's entries.

use std::collections::{BTreeSet, HashMap};

use rust_decimal::Decimal;
use serde_json::Value;
use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use crate::journal::PostEntry;
use crate::journal::settle::{self, Candidate, ListKind, Sent, Settles};

/// How many days back the service's records are compared, unless asked
/// otherwise (Settings in the window, `--duplicate-days` on the command line).
pub const DEFAULT_DAYS: u32 = 7;

/// Where the earlier payout is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Earlier {
    /// The service holds it.
    Service {
        /// Its id.
        id: String,
        /// Its state as the service wrote it (`created`, `pending-payment`,
        /// `completed`), when it says.
        state: Option<String>,
    },
    /// This device sent it and does not know yet whether the service
    /// applied it (its answer was lost).
    InFlight {
        /// The journal's POST.
        post_id: Uuid,
    },
}

/// An earlier payout the new one repeats: what a review needs to say "You
/// already sent R$ 10.00 by PIX to … on 01/12 at 16:25 — state: pending
/// payment".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Duplicate {
    /// Where it is, and its id or state.
    pub earlier: Earlier,
    /// Its method, as the service names it (`pix`, `ted`, `token`), when shown.
    pub method: Option<String>,
    /// Its asset (`fiat/brl`), when shown.
    pub asset: Option<String>,
    /// Its amount, when shown.
    pub amount: Option<Decimal>,
    /// Where it pays, in the record's words, when it says.
    pub destination: Option<String>,
    /// When it was created (or sent, for one in flight).
    pub at: Option<OffsetDateTime>,
    /// The fields of the new payout the earlier one does not show (its
    /// PIX key, say), so the likeness is weaker: empty when every field
    /// was compared.
    pub unconfirmed: Vec<String>,
}

impl Duplicate {
    /// The earlier payout in one line, in English, for logs and the
    /// command line's English text.
    pub fn summary(&self) -> String {
        let what = match &self.earlier {
            Earlier::Service { id, state } => format!(
                "held by the service (id {id}, state {})",
                state.as_deref().unwrap_or("not shown")
            ),
            Earlier::InFlight { post_id } => {
                format!("sent from this device, its outcome not known yet (journal {post_id})")
            }
        };
        let unconfirmed = if self.unconfirmed.is_empty() {
            String::new()
        } else {
            format!(
                "; the record does not show its {}, so it may be another payout",
                self.unconfirmed.join(", ")
            )
        };
        format!(
            "{} {} by {} to {} at {}, {what}{unconfirmed}",
            self.amount
                .map_or_else(|| "an amount not shown".to_owned(), |a| a.to_string()),
            self.asset.as_deref().unwrap_or(""),
            self.method.as_deref().unwrap_or("a method not shown"),
            self.destination
                .as_deref()
                .unwrap_or("a destination not shown"),
            self.at.map_or_else(
                || "a time not shown".to_owned(),
                |at| at
                    .format(&time::format_description::well_known::Rfc3339)
                    .unwrap_or_default()
            ),
        )
    }
}

/// What the check compares a new payout with.
#[derive(Debug, Clone, Copy)]
pub struct Against<'a> {
    /// The service's list the payout adds to (its withdrawals), as read.
    pub records: &'a [Value],
    /// The journal's sends.
    pub journal: &'a [PostEntry],
    /// Now, on this computer's clock.
    pub now: OffsetDateTime,
    /// How many days back the service's records count.
    pub days: u32,
    /// Ids not to count: records this same run created (a resumed file's
    /// done rows), or that the person already chose to repeat.
    pub ignore: &'a BTreeSet<String>,
}

fn text_of(record: &Value, field: &str) -> Option<String> {
    record.get(field).and_then(Value::as_str).map(str::to_owned)
}

/// Whether a POST to `endpoint` is a payout the check compares: a
/// withdrawal or a transfer.
pub fn compares(endpoint: &str) -> bool {
    matches!(
        settle::settles_by(endpoint),
        Settles::List(ListKind::Withdrawals | ListKind::Transfers)
    )
}

/// The earlier payouts the POST to `endpoint` with `body` would repeat,
/// oldest first; empty when none. Only a send that adds to a list (a
/// withdrawal, a transfer) is compared.
pub fn find(endpoint: &str, body: &str, against: Against<'_>) -> Vec<Duplicate> {
    find_each(endpoint, &[body], against)
        .pop()
        .unwrap_or_default()
}

/// [`find`] for many payouts to one endpoint at once (a file's rows): the
/// service's records are sorted by amount once, so each payout is compared
/// only with those of its amount (and those that show none).
pub fn find_each(endpoint: &str, bodies: &[&str], against: Against<'_>) -> Vec<Vec<Duplicate>> {
    let kind = match settle::settles_by(endpoint) {
        Settles::List(kind @ (ListKind::Withdrawals | ListKind::Transfers)) => kind,
        _ => return vec![Vec::new(); bodies.len()],
    };
    let since = against.now - Duration::days(i64::from(against.days));
    let mut by_amount: HashMap<Decimal, Vec<(String, &Value)>> = HashMap::new();
    let mut without_amount: Vec<(String, &Value)> = Vec::new();
    for record in against.records {
        let Some(id) = settle::record_id(kind, record) else {
            continue;
        };
        if against.ignore.contains(&id) || text_of(record, "state").as_deref() == Some("failed") {
            continue;
        }
        let created = record.get("created-at").and_then(settle::parse_created_at);
        if created.is_some_and(|created| created < since) {
            continue;
        }
        match record.get("amount").and_then(settle::as_decimal) {
            Some(amount) => by_amount
                .entry(amount.normalize())
                .or_default()
                .push((id, record)),
            None => without_amount.push((id, record)),
        }
    }
    let in_flight: Vec<(&PostEntry, Value)> = against
        .journal
        .iter()
        .filter(|entry| settle::is_pending(entry) || settle::is_cannot_tell(entry))
        .filter(|entry| settle::settles_by(&entry.post.endpoint) == Settles::List(kind))
        .filter_map(|entry| {
            serde_json::from_str::<Value>(&entry.post.body)
                .ok()
                .map(|body| (entry, body))
        })
        .collect();
    bodies
        .iter()
        .map(|body| {
            let sent = Sent::from_body(Uuid::nil(), against.now, endpoint, body);
            if sent.settles != Settles::List(kind) {
                return Vec::new();
            }
            let same_amount = sent
                .amount
                .and_then(|amount| by_amount.get(&amount.normalize()))
                .map_or(&[][..], Vec::as_slice);
            let mut found: Vec<Duplicate> = same_amount
                .iter()
                .chain(&without_amount)
                .filter_map(|(id, record)| {
                    let unconfirmed = settle::agrees(&sent, record)?;
                    Some(Duplicate::of(
                        Earlier::Service {
                            id: id.clone(),
                            state: text_of(record, "state"),
                        },
                        id,
                        record,
                        None,
                        unconfirmed,
                    ))
                })
                .collect();
            for (entry, journaled) in &in_flight {
                if let Some(unconfirmed) = settle::agrees(&sent, journaled) {
                    found.push(Duplicate::of(
                        Earlier::InFlight {
                            post_id: entry.post.id,
                        },
                        &entry.post.id.to_string(),
                        journaled,
                        Some(entry.post.sent_at),
                        unconfirmed,
                    ));
                }
            }
            found.sort_by_key(|duplicate| duplicate.at);
            found
        })
        .collect()
}

impl Duplicate {
    fn of(
        earlier: Earlier,
        id: &str,
        record: &Value,
        at: Option<OffsetDateTime>,
        unconfirmed: Vec<String>,
    ) -> Duplicate {
        let candidate = Candidate::of(id.to_owned(), record);
        Duplicate {
            earlier,
            method: text_of(record, "method"),
            asset: text_of(record, "asset"),
            amount: candidate.amount,
            destination: candidate.destination,
            at: at.or(candidate.created_at),
            unconfirmed,
        }
    }
}

#[cfg(test)]
mod tests;
