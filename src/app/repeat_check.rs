//! The repeat check of a payment under review, as state: what the core's
//! one check ([`brlv_core::duplicates::find`]) found when the request was
//! compared with the service's list as last read, and whether the person
//! chose to send it anyway. Drawn by `panel::repeats`.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::Value;
use time::OffsetDateTime;

use crate::app::clock::Millis;
use crate::app::remote::Remote;
use brlv_core::duplicates::{self, Against, Duplicate};

/// What the repeat check found for the request under review.
#[derive(Clone, Debug, Default)]
pub struct RepeatCheck {
    /// The body compared, the list (by its identity) and the days it was
    /// compared with: a new list, other days or another request compare
    /// again.
    compared: Option<(String, (usize, Millis), u32)>,
    /// The earlier payments it repeats; `None` when the list could not be
    /// compared (not read yet, or failed).
    pub found: Option<Vec<Duplicate>>,
    /// The person ticked "Send it anyway".
    pub send_anyway: bool,
}

impl RepeatCheck {
    /// Compares the POST to `endpoint` with `body` with `list` (the
    /// service's records as last read) over the `days` before `now`, unless
    /// it already was with this very list over those days.
    pub fn compare<R: serde::Serialize>(
        &mut self,
        now: OffsetDateTime,
        days: u32,
        endpoint: &str,
        body: &str,
        list: &Remote<Arc<Vec<R>>>,
    ) {
        // The rows' place and when they arrived: a list read again is
        // another list, even should it reuse the memory of one gone.
        let identity = list.loaded().map_or((0, 0), |loaded| {
            (Arc::as_ptr(&loaded.value) as usize, loaded.fetched_at)
        });
        if self
            .compared
            .as_ref()
            .is_some_and(|(compared, with, over)| {
                compared == body && *with == identity && *over == days
            })
        {
            return;
        }
        if self
            .compared
            .as_ref()
            .is_none_or(|(compared, _, _)| compared != body)
        {
            self.send_anyway = false;
        }
        self.compared = Some((body.to_owned(), identity, days));
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
                    journal: &[],
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
