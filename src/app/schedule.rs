//! When each resource is fetched: pure logic on an injected clock, so tests
//! need no sleeps and the worker only asks "what is due now?".
//!
//! - A resource is never fetched twice at once: it is "in flight" from
//!   [`Schedule::take_due`] until [`Schedule::finish`].
//! - Things in motion (an order awaiting its PIX payment, a pending transfer
//!   or withdrawal) are refreshed every [`FAST_INTERVAL_MS`]; the rest every
//!   [`SLOW_INTERVAL_MS`].
//! - A list whose answer is big is re-read less often: its interval is at
//!   least [`COST_MS_PER_MIB`] for each MiB of its last answer, so a
//!   million orders are not downloaded twice a minute.
//! - The orders in motion of a list re-read less often than
//!   [`FAST_INTERVAL_MS`] are followed one by one (`GET /orders/{id}`, at
//!   most [`MAX_FOLLOWED`] of them), so a paid PIX shows within seconds
//!   without downloading the whole list again ([`Schedule::follow`]).
//! - An answer over the list budget is not fetched again by itself: it is
//!   parked until the budget changes ([`Schedule::budget_changed`]).
//! - Failures back off 2, 4, 8 … up to 60 s, or longer when the service
//!   asked for it with `Retry-After`.
//! - A success after failures means the service is reachable again, so the
//!   other failed resources are retried at once instead of waiting out their
//!   back-off; when something stops being in motion, money has moved, so the
//!   balances and the tax-exemption progress are fetched at once.

use std::collections::BTreeMap;

use super::clock::Millis;
use super::resources::ResourceKey;

/// Refresh interval of a resource with something in motion.
pub const FAST_INTERVAL_MS: Millis = 3_000;
/// Refresh interval of a resource at rest.
pub const SLOW_INTERVAL_MS: Millis = 30_000;
/// A resource's interval is at least this long per MiB of its last answer:
/// 5 MB (10,000 orders) every 10 s at most, 480 MB (a million) every 16 min.
pub const COST_MS_PER_MIB: Millis = 2_000;
/// The most orders in motion followed one by one; beyond them the list's
/// own (slower) reads tell.
pub const MAX_FOLLOWED: usize = 20;
/// Wait after the first failure; doubled after each further one.
pub const FIRST_BACKOFF_MS: Millis = 2_000;
/// Longest wait between retries of a failing resource.
pub const MAX_BACKOFF_MS: Millis = 60_000;

/// How a fetch ended, as the schedule needs to know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FetchOutcome {
    /// Loaded; `in_motion` when it holds something that may change on its own soon.
    Loaded {
        /// Whether anything in it is in motion.
        in_motion: bool,
    },
    /// Failed; the service may have asked to wait at least `retry_after_ms`.
    Failed {
        /// The service's `Retry-After`, in milliseconds.
        retry_after_ms: Option<Millis>,
    },
    /// The answer is larger than the list budget: asking again would only
    /// bring the same answer, so it waits for the budget to change.
    OverBudget,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Entry {
    next_due: Millis,
    in_flight: bool,
    failures: u32,
    in_motion: bool,
    /// Asked for again while in flight: the answer on its way may predate a change.
    again: bool,
    /// Over the list budget: not fetched until the budget changes.
    parked: bool,
}

/// The per-resource timetable of one connection.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Schedule {
    entries: BTreeMap<ResourceKey, Entry>,
}

/// The wait after `failures` consecutive failures: 2, 4, 8 … 60 s.
pub fn backoff_ms(failures: u32) -> Millis {
    if failures == 0 {
        return 0;
    }
    let doublings = failures.saturating_sub(1).min(16);
    FIRST_BACKOFF_MS
        .saturating_mul(1 << doublings)
        .min(MAX_BACKOFF_MS)
}

impl Schedule {
    /// A schedule for `resources`, all due at `now`.
    pub fn new(resources: &[ResourceKey], now: Millis) -> Schedule {
        let entries = resources
            .iter()
            .map(|key| {
                (
                    *key,
                    Entry {
                        next_due: now,
                        ..Entry::default()
                    },
                )
            })
            .collect();
        Schedule { entries }
    }

    /// The resources due at `now` that are not already being fetched; they
    /// are marked in flight until [`Schedule::finish`].
    pub fn take_due(&mut self, now: Millis) -> Vec<ResourceKey> {
        let mut due = Vec::new();
        for (key, entry) in &mut self.entries {
            if !entry.in_flight && !entry.parked && entry.next_due <= now {
                entry.in_flight = true;
                due.push(*key);
            }
        }
        due
    }

    /// Records how the fetch of `key` ended at `now`; returns when it is due next.
    pub fn finish(&mut self, key: ResourceKey, outcome: FetchOutcome, now: Millis) -> Millis {
        self.finish_sized(key, outcome, 0, now)
    }

    /// As [`Schedule::finish`], for an answer of `bytes`: the bigger the
    /// answer, the longer until it is read again.
    pub fn finish_sized(
        &mut self,
        key: ResourceKey,
        outcome: FetchOutcome,
        bytes: u64,
        now: Millis,
    ) -> Millis {
        let Some(entry) = self.entries.get_mut(&key) else {
            return now.saturating_add(SLOW_INTERVAL_MS);
        };
        entry.in_flight = false;
        match outcome {
            FetchOutcome::Loaded { in_motion } => {
                let settled = entry.in_motion && !in_motion;
                entry.failures = 0;
                entry.in_motion = in_motion;
                let base = if in_motion {
                    FAST_INTERVAL_MS
                } else {
                    SLOW_INTERVAL_MS
                };
                let cost = bytes.saturating_mul(COST_MS_PER_MIB) / (1024 * 1024);
                let interval = base.max(cost);
                entry.next_due = if std::mem::take(&mut entry.again) {
                    now
                } else {
                    now.saturating_add(interval)
                };
                let next = entry.next_due;
                for (other_key, other) in &mut self.entries {
                    let money_moved = settled && other_key.changes_with_money();
                    if *other_key != key && (other.failures > 0 || money_moved) {
                        other.next_due = other.next_due.min(now);
                    }
                }
                next
            }
            FetchOutcome::OverBudget => {
                entry.parked = true;
                entry.again = false;
                Millis::MAX
            }
            FetchOutcome::Failed { retry_after_ms } => {
                entry.failures = entry.failures.saturating_add(1);
                let wait = backoff_ms(entry.failures).max(retry_after_ms.unwrap_or(0));
                entry.next_due = now.saturating_add(wait);
                entry.next_due
            }
        }
    }

    /// Starts keeping `key` up to date, due at `now` (the open order's detail).
    pub fn add(&mut self, key: ResourceKey, now: Millis) {
        self.entries.entry(key).or_insert(Entry {
            next_due: now,
            ..Entry::default()
        });
    }

    /// Whether a list whose last answer was `bytes` long is re-read less
    /// often than things in motion need: then they are followed alone.
    pub fn too_big_to_follow_motion(bytes: u64) -> bool {
        bytes.saturating_mul(COST_MS_PER_MIB) / (1024 * 1024) > FAST_INTERVAL_MS
    }

    /// Follows exactly `ids` (the newest [`MAX_FOLLOWED`] of them) one by
    /// one as [`ResourceKey::OrderInMotion`], first due a fast interval after
    /// `now` (the list just told their state); orders followed before and
    /// not among them any more stop being followed.
    pub fn follow(&mut self, ids: impl IntoIterator<Item = uuid::Uuid>, now: Millis) {
        let wanted: std::collections::BTreeSet<ResourceKey> = ids
            .into_iter()
            .take(MAX_FOLLOWED)
            .map(ResourceKey::OrderInMotion)
            .collect();
        self.entries
            .retain(|key, _| !matches!(key, ResourceKey::OrderInMotion(_)) || wanted.contains(key));
        for key in wanted {
            self.entries.entry(key).or_insert(Entry {
                next_due: now.saturating_add(FAST_INTERVAL_MS),
                in_motion: true,
                ..Entry::default()
            });
        }
    }

    /// The orders followed one by one.
    pub fn followed(&self) -> Vec<uuid::Uuid> {
        self.entries
            .keys()
            .filter_map(|key| match key {
                ResourceKey::OrderInMotion(id) => Some(*id),
                _ => None,
            })
            .collect()
    }

    /// Stops keeping `key` up to date; a fetch in flight is ignored when it ends.
    pub fn remove(&mut self, key: ResourceKey) {
        self.entries.remove(&key);
    }

    /// A refresh the person asked for: everything not in flight is due at
    /// `now`, but a list over the budget (its answer would be refused again).
    pub fn refresh_now(&mut self, now: Millis) {
        for entry in self.entries.values_mut() {
            if !entry.in_flight {
                entry.next_due = now;
            }
        }
    }

    /// The list budget changed: lists parked over the old one are due at `now`.
    pub fn budget_changed(&mut self, now: Millis) {
        for entry in self.entries.values_mut() {
            if std::mem::take(&mut entry.parked) {
                entry.next_due = now;
            }
        }
    }

    /// Whether `key` waits for the list budget to change.
    pub fn is_parked(&self, key: ResourceKey) -> bool {
        self.entries.get(&key).is_some_and(|entry| entry.parked)
    }

    /// The earliest moment something is due, if anything is waiting.
    pub fn next_wake(&self) -> Option<Millis> {
        self.entries
            .values()
            .filter(|entry| !entry.in_flight && !entry.parked)
            .map(|entry| entry.next_due)
            .min()
    }

    /// When `key` is fetched next (not meaningful while it is in flight).
    pub fn next_due(&self, key: ResourceKey) -> Option<Millis> {
        self.entries.get(&key).map(|entry| entry.next_due)
    }

    /// Consecutive failures of `key`.
    pub fn failures(&self, key: ResourceKey) -> u32 {
        self.entries.get(&key).map_or(0, |entry| entry.failures)
    }

    /// Makes `key` due at `now`: something changed it (a POST created a
    /// record, a webhook announced a move). A fetch in flight may have been
    /// answered before the change, so it is fetched again as soon as it ends.
    pub fn refresh_one(&mut self, key: ResourceKey, now: Millis) {
        if let Some(entry) = self.entries.get_mut(&key)
            && !entry.parked
        {
            if entry.in_flight {
                entry.again = true;
            } else {
                entry.next_due = now;
            }
        }
    }

    /// Whether `key` is being fetched.
    pub fn is_in_flight(&self, key: ResourceKey) -> bool {
        self.entries.get(&key).is_some_and(|entry| entry.in_flight)
    }
}
