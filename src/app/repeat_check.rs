//! The repeat check of a payment under review, as state: what the core's
//! one check ([`brlv_core::duplicates::find`]) found when the request was
//! compared with the service's list as last read and with this device's
//! sends whose answer never came (the journal's unsettled sends, and the
//! form's own send still not known), and whether the person chose to send
//! it anyway. Drawn by `panel::repeats`.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::{Map, Value};
use time::OffsetDateTime;
use uuid::Uuid;

use crate::app::clock::Millis;
use crate::app::remote::Remote;
use crate::app::submit::{SubmitOutcome, SubmitStatus};
use brlv_core::duplicates::{self, Against, Duplicate};
use brlv_core::journal::settle::{Sent, Settles};
use brlv_core::journal::{PostEntry, PostRecord};

/// The form's own last send, when its answer was lost and the service could
/// still accept it (its outcome is not known yet), as the journal keeps
/// it: what was sent, rebuilt from the fields the core compares.
pub fn lost_send(status: &SubmitStatus, form: &str) -> Option<PostEntry> {
    let SubmitStatus::Finished(SubmitOutcome::NotYetKnown { sent, .. }) = status else {
        return None;
    };
    let Sent {
        post_id,
        sent_at,
        settles: Settles::List(kind),
        amount,
        fields,
        ..
    } = sent.as_ref()
    else {
        return None;
    };
    let mut body: Map<String, Value> = fields
        .iter()
        .map(|(name, value)| (name.clone(), Value::String(value.clone())))
        .collect();
    if let Some(amount) = amount {
        body.insert("amount".to_owned(), Value::String(amount.to_string()));
    }
    Some(PostEntry {
        post: PostRecord {
            id: *post_id,
            sent_at: *sent_at,
            form: form.to_owned(),
            method: "POST".to_owned(),
            endpoint: kind.path().to_owned(),
            body: Value::Object(body).to_string(),
        },
        outcome: None,
        context: Default::default(),
    })
}

/// The sends of this device whose outcome is not known that a review of
/// `form`'s next request is compared with: the journal's, as it last told
/// them (every send of this window and of earlier runs that ended without
/// an answer or cannot be told, and those in flight), and the form's own
/// last send while its outcome is not known, should the journal not hold
/// it (it could not be written).
pub fn unsettled_here(journal: &[PostEntry], submit: &SubmitStatus, form: &str) -> Vec<PostEntry> {
    let mut sends = journal.to_vec();
    if let Some(own) = lost_send(submit, form)
        && !sends.iter().any(|kept| kept.post.id == own.post.id)
    {
        sends.push(own);
    }
    sends
}

/// What a check compared: the body, the list (its rows' place and when
/// they arrived), the days, and this device's unsettled sends (their
/// journal POSTs).
#[derive(Clone, Debug, PartialEq)]
struct Compared {
    body: String,
    list: (usize, Millis),
    days: u32,
    sends: Vec<Uuid>,
}

/// What the repeat check found for the request under review.
#[derive(Clone, Debug, Default)]
pub struct RepeatCheck {
    /// The body compared, the list (by its identity), the days and the
    /// unsettled sends it was compared with: a new list, other days,
    /// another unsettled send or another request compare again.
    compared: Option<Compared>,
    /// The earlier payments it repeats; `None` when the list could not be
    /// compared (not read yet, or failed).
    pub found: Option<Vec<Duplicate>>,
    /// The person ticked "Send it anyway".
    pub send_anyway: bool,
    /// The rows of a payouts file being sent in this window that were
    /// compared as sends in flight, by the id each was compared under: a
    /// repeat of one is named by its row.
    pub rows_in_flight: std::collections::BTreeMap<Uuid, u64>,
}

impl RepeatCheck {
    /// Compares the POST to `endpoint` with `body` with `list` (the
    /// service's records as last read) over the `days` before `now`, and
    /// with `journal` (this device's sends whose answer never came), unless
    /// it already was with this very list and these sends over those days.
    pub fn compare<R: serde::Serialize>(
        &mut self,
        now: OffsetDateTime,
        days: u32,
        endpoint: &str,
        body: &str,
        list: &Remote<Arc<Vec<R>>>,
        journal: &[PostEntry],
    ) {
        // The rows' place and when they arrived: a list read again is
        // another list, even should it reuse the memory of one gone.
        let identity = list.loaded().map_or((0, 0), |loaded| {
            (Arc::as_ptr(&loaded.value) as usize, loaded.fetched_at)
        });
        let now_compared = Compared {
            body: body.to_owned(),
            list: identity,
            days,
            sends: journal.iter().map(|entry| entry.post.id).collect(),
        };
        if self.compared.as_ref() == Some(&now_compared) {
            return;
        }
        if self
            .compared
            .as_ref()
            .is_none_or(|compared| compared.body != body)
        {
            self.send_anyway = false;
        }
        self.compared = Some(now_compared);
        self.found = list.value().map(|rows| {
            let records: Vec<Value> = rows
                .iter()
                .filter_map(|row| serde_json::to_value(row).ok())
                .collect();
            duplicates::find(
                endpoint,
                body,
                Against {
                    records: &records,
                    journal,
                    now,
                    days,
                    ignore: &BTreeSet::new(),
                },
            )
        });
    }

    /// Whether the request may be sent: it repeats nothing, or the person
    /// ticked "Send it anyway".
    pub fn allows_send(&self) -> bool {
        self.send_anyway || self.found.as_ref().is_some_and(Vec::is_empty)
    }

    /// Forgets the check (the review closed).
    pub fn clear(&mut self) {
        *self = RepeatCheck::default();
    }
}
