//! A batch against the journal and the service: what the journal says of
//! the file ([`plan`]), what the service already holds ([`prepare`]), and
//! sending its rows once each ([`run_prepared`], or [`run`] for both).
//!
//! Before anything leaves, the journal's sends with no outcome are settled
//! against the service's list (done, not done, not yet known, cannot
//! tell), and the service's withdrawals are read: each row to send is
//! compared with them and with this device's sends in flight
//! ([`crate::duplicates`]), and a row that repeats one is held unless the
//! person asked to send it again. The same read is kept in the journal as
//! what the list held before the rows left.
//!
//! Each row's POST is journaled, linked to its run and row, before it
//! leaves; when its connection closed and its outcome after, as `call`
//! keeps them ([`crate::journal_send::outcome_of`]). Running the same file
//! again is the resume: a row done or refused is not sent again, a row not
//! done is sent, and a row that cannot be told is held, never sent blindly.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering};

use reqwest::Method;
use time::OffsetDateTime;
use uuid::Uuid;

use super::{Batch, PayoutRow, Summary};
use crate::api::Client;
use crate::duplicates::{self, Duplicate};
use crate::journal::batches::BatchRun;
use crate::journal::settle::{self, Settled};
use crate::journal::{JournalError, Outcome, PostEntry, PostRecord, Store};
use crate::payment_stage::PaymentStage;

/// Where every row's POST goes: the endpoint the Withdrawals form posts to.
pub const ENDPOINT: &str = "/api/v0/withdrawals";

/// What the person chose.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Pay a file whose run finished once more, and send a row that repeats
    /// a payout the service holds or an earlier send whose outcome cannot
    /// be told.
    pub again: bool,
    /// Send no further row once one is not done.
    pub stop_at_first_failure: bool,
}

/// What the journal says of one row before a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlannedRow {
    /// Never sent: it will be.
    Send,
    /// Sent, and the service did not apply it: it will be sent again.
    NotDone {
        /// Why, in words.
        reason: String,
    },
    /// The service holds it.
    Done {
        /// The withdrawal's id.
        id: String,
    },
    /// The service refused it; it is not sent again by a resume.
    Refused {
        /// The refusal, in words.
        reason: String,
    },
    /// Whether the service applied it cannot be told: it is held.
    CannotTell {
        /// Why.
        why: String,
    },
    /// Sent with no outcome yet: settled before anything else is sent.
    InFlight {
        /// Its POST.
        post_id: Uuid,
    },
}

impl PlannedRow {
    /// Whether a run sends it.
    pub fn sends(&self) -> bool {
        matches!(self, PlannedRow::Send | PlannedRow::NotDone { .. })
    }
}

/// What a run of a file would do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The file's SHA-256.
    pub batch: String,
    /// The unfinished run it resumes; `None` starts a new one.
    pub resumes: Option<BatchRun>,
    /// The last finished run of the same file, when `again` pays it once more.
    pub finished_before: Option<BatchRun>,
    /// Each row's state, in the batch's order.
    pub rows: Vec<PlannedRow>,
}

impl Plan {
    /// The rows a run would send, and their totals.
    pub fn to_send(&self, batch: &Batch) -> Summary {
        Summary::of(
            batch
                .rows
                .iter()
                .zip(&self.rows)
                .filter(|(_, state)| state.sends())
                .map(|(row, _)| row),
        )
    }

    /// How many rows are in flight (settled before anything is sent).
    pub fn in_flight(&self) -> usize {
        self.rows
            .iter()
            .filter(|state| matches!(state, PlannedRow::InFlight { .. }))
            .count()
    }
}

/// Why a file cannot be run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    /// Its run finished; it is paid again only when asked.
    #[error(
        "this file (SHA-256 {batch}) was paid already: its run of {rows} row(s) started at {} \
         finished at {}. Paying it again would pay every row again; to do that, ask again \
         (--again on the command line)",
        time_text(*.started_at),
        time_text(*.finished_at)
    )]
    Finished {
        /// The file's SHA-256.
        batch: String,
        /// How many rows.
        rows: u64,
        /// When that run started.
        started_at: OffsetDateTime,
        /// When it finished.
        finished_at: OffsetDateTime,
    },
    /// The journal could not be read or written: nothing is sent unjournaled.
    #[error("{0}; nothing more is sent")]
    Journal(#[from] JournalError),
    /// The service's withdrawals could not be read before the rows left,
    /// so whether a row repeats one cannot be checked.
    #[error(
        "{0}, so whether a row repeats a payout the service holds cannot be checked; nothing \
         was sent. Try again later, or ask to send without the check (--again)"
    )]
    ListUnreadable(String),
}

fn time_text(at: OffsetDateTime) -> String {
    at.format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_else(|_| at.unix_timestamp().to_string())
}

/// The id in a created record (or in its envelope).
fn created_id(answer: Option<&str>) -> String {
    answer
        .and_then(|text| serde_json::from_str::<serde_json::Value>(text).ok())
        .and_then(|value| {
            value
                .get("id")
                .or_else(|| value.get("withdrawal").and_then(|inner| inner.get("id")))
                .and_then(serde_json::Value::as_str)
                .map(str::to_owned)
        })
        .unwrap_or_default()
}

/// The state of each row of `run`, from the last POST journaled for it.
fn row_states(batch: &Batch, store: &Store, run: i64) -> Result<Vec<PlannedRow>, JournalError> {
    let posts: BTreeMap<Uuid, PostEntry> = store
        .posts(Some("withdrawal"))?
        .into_iter()
        .map(|entry| (entry.post.id, entry))
        .collect();
    let mut last: BTreeMap<u64, Uuid> = BTreeMap::new();
    for link in store.batch_rows(run)? {
        last.insert(link.row, link.post_id);
    }
    Ok(batch
        .rows
        .iter()
        .map(|row| {
            let Some(entry) = last.get(&row.row).and_then(|id| posts.get(id)) else {
                return PlannedRow::Send;
            };
            if settle::is_pending(entry) {
                return PlannedRow::InFlight {
                    post_id: entry.post.id,
                };
            }
            let Some(outcome) = &entry.outcome else {
                return PlannedRow::InFlight {
                    post_id: entry.post.id,
                };
            };
            let words = |text: &Option<String>| text.clone().unwrap_or_default();
            match outcome.outcome {
                Outcome::Created => PlannedRow::Done {
                    id: created_id(outcome.answer.as_deref()),
                },
                Outcome::Refused => PlannedRow::Refused {
                    reason: words(&outcome.error),
                },
                Outcome::NotApplied => PlannedRow::NotDone {
                    reason: outcome
                        .error
                        .clone()
                        .filter(|error| error != settle::SETTLED_NOTE)
                        .unwrap_or_else(|| {
                            "the service's list shows it was not applied".to_owned()
                        }),
                },
                Outcome::Unknown => PlannedRow::CannotTell {
                    why: words(&outcome.reread_error),
                },
            }
        })
        .collect())
}

/// What the journal says of `batch`: a new run, a run to resume (each
/// row's state), or, unless `again`, a finished file refused.
pub fn plan(batch: &Batch, store: &Store, again: bool) -> Result<Plan, PlanError> {
    let mut runs = store.batch_runs(&batch.id)?;
    if runs.is_empty() && batch.file_sha256 != batch.id {
        // A run an earlier version journaled under the file's bytes.
        runs = store.batch_runs(&batch.file_sha256)?;
    }
    let fresh = |finished_before| Plan {
        batch: batch.id.clone(),
        resumes: None,
        finished_before,
        rows: vec![PlannedRow::Send; batch.rows.len()],
    };
    match runs.last() {
        None => Ok(fresh(None)),
        Some(last) => match last.finished_at {
            Some(finished_at) if !again => Err(PlanError::Finished {
                batch: batch.id.clone(),
                rows: last.rows,
                started_at: last.started_at,
                finished_at,
            }),
            Some(_) => Ok(fresh(Some(last.clone()))),
            None => Ok(Plan {
                batch: batch.id.clone(),
                resumes: Some(last.clone()),
                finished_before: runs
                    .iter()
                    .rev()
                    .find(|run| run.finished_at.is_some())
                    .cloned(),
                rows: row_states(batch, store, last.run)?,
            }),
        },
    }
}

/// How a row ended in a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowOutcome {
    /// The service holds it.
    Done {
        /// The withdrawal's id.
        id: String,
    },
    /// The service refused it (a 4xx): nothing was paid.
    Refused {
        /// Its words.
        reason: String,
    },
    /// It was not applied (it failed before leaving, or the list shows it
    /// was not): the next run of the file sends it.
    NotDone {
        /// Why.
        reason: String,
    },
    /// Whether it was applied cannot be told; it is not sent again by a
    /// resume: check the service's records.
    CannotTell {
        /// Why.
        why: String,
    },
    /// Its answer was lost and the list could not tell yet; the next run
    /// (or `journal pending`) settles it before sending anything.
    Pending {
        /// Why.
        why: String,
    },
    /// Not sent in this run (cancelled, or stopped at a failure).
    NotSent,
    /// Not sent: it repeats a payout the service holds, or an earlier send
    /// whose outcome cannot be told; only asking again sends it.
    Held {
        /// Why.
        why: String,
        /// The earlier payouts it repeats.
        duplicates: Vec<Duplicate>,
    },
}

impl RowOutcome {
    /// Its name in the result file. A row the service holds is `sent`,
    /// never `done`: accepted is not paid ([`RowOutcome::stage`] says
    /// whether it is paid yet).
    pub fn as_str(&self) -> &'static str {
        match self {
            RowOutcome::Done { .. } => "sent",
            RowOutcome::Refused { .. } => "refused",
            RowOutcome::NotDone { .. } => "not-done",
            RowOutcome::CannotTell { .. } => "cannot-tell",
            RowOutcome::Pending { .. } => "pending",
            RowOutcome::NotSent => "not-sent",
            RowOutcome::Held { .. } => "held",
        }
    }

    /// The service's id, when it holds it.
    pub fn id(&self) -> Option<&str> {
        match self {
            RowOutcome::Done { id } => Some(id),
            _ => None,
        }
    }

    /// Its detail, in words.
    pub fn detail(&self) -> &str {
        match self {
            RowOutcome::Done { .. } | RowOutcome::NotSent => "",
            RowOutcome::Refused { reason } | RowOutcome::NotDone { reason } => reason,
            RowOutcome::CannotTell { why }
            | RowOutcome::Pending { why }
            | RowOutcome::Held { why, .. } => why,
        }
    }

    /// How far the row's payment has gone, given the service's state of
    /// its withdrawal as last read (`None` when not read): a row the
    /// service holds is paid only when the service says `completed`; a
    /// row refused is failed; a row not sent or not applied is not sent; a
    /// row whose answer was lost has no answer.
    pub fn stage(&self, service_state: Option<&str>) -> PaymentStage {
        match self {
            RowOutcome::Done { .. } => PaymentStage::of_state(service_state),
            RowOutcome::Refused { .. } => PaymentStage::Failed,
            RowOutcome::NotDone { .. } | RowOutcome::NotSent | RowOutcome::Held { .. } => {
                PaymentStage::NotSent
            }
            RowOutcome::CannotTell { .. } | RowOutcome::Pending { .. } => PaymentStage::NoAnswer,
        }
    }

    /// Its name in the result file once the service's state of its
    /// withdrawal is known: `paid` or `failed` when the service says so,
    /// `sent` while it is on its way, else [`RowOutcome::as_str`].
    pub fn result_word(&self, service_state: Option<&str>) -> &'static str {
        match self {
            RowOutcome::Done { .. } => self.stage(service_state).as_str(),
            _ => self.as_str(),
        }
    }

    /// Whether it will not change: done, refused, or cannot tell.
    pub fn is_final(&self) -> bool {
        matches!(
            self,
            RowOutcome::Done { .. } | RowOutcome::Refused { .. } | RowOutcome::CannotTell { .. }
        )
    }

    fn of(state: &PlannedRow) -> RowOutcome {
        match state {
            PlannedRow::Send => RowOutcome::NotSent,
            PlannedRow::NotDone { reason } => RowOutcome::NotDone {
                reason: reason.clone(),
            },
            PlannedRow::Done { id } => RowOutcome::Done { id: id.clone() },
            PlannedRow::Refused { reason } => RowOutcome::Refused {
                reason: reason.clone(),
            },
            PlannedRow::CannotTell { why } => RowOutcome::CannotTell { why: why.clone() },
            PlannedRow::InFlight { .. } => RowOutcome::Pending {
                why: "its answer was lost and the service's list cannot tell yet whether it \
                      was applied; run the file again later to settle it"
                    .to_owned(),
            },
        }
    }
}

/// One row told, as it happens.
#[derive(Debug, Clone, Copy)]
pub struct Progress<'a> {
    /// The row.
    pub row: &'a PayoutRow,
    /// Its place in the file, 1-based.
    pub position: usize,
    /// How many rows the file has.
    pub total: usize,
    /// Whether it was sent in this run (or told from the journal).
    pub sent_now: bool,
    /// How it ended (for now: a lost answer is settled at the end).
    pub outcome: &'a RowOutcome,
}

/// How a run ended.
#[derive(Debug, Clone)]
pub struct Report {
    /// The file's SHA-256.
    pub batch: String,
    /// The sends settled before the run (the journal's, the file's or not).
    pub settled_first: Vec<Settled>,
    /// Each row's outcome, in the batch's order.
    pub rows: Vec<RowOutcome>,
    /// How many rows this run sent.
    pub sent: usize,
    /// Cancelled before every row was sent.
    pub cancelled: bool,
    /// Every row's outcome is final: the file is recorded as paid.
    pub finished: bool,
}

/// What a run of a file will meet, found before anything leaves: the
/// journal's sends settled first, the plan, and the earlier payouts each
/// row to send repeats.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// The sends settled before the run (the journal's, the file's or not).
    pub settled_first: Vec<Settled>,
    /// What the journal says of the file.
    pub plan: Plan,
    /// For each row, in the batch's order, the earlier payouts it repeats
    /// (the service's, or this device's in flight); empty for a row that
    /// repeats none, and for a row the plan does not send.
    pub duplicates: Vec<Vec<Duplicate>>,
    /// The rows (their places in the batch) the person chose to send
    /// although they repeat an earlier payout; every other repeating row
    /// is held, unless `again` was asked for all.
    pub send_anyway: BTreeSet<usize>,
    /// The journal's number of the list read, for the rows' sends.
    listed_before: Option<i64>,
}

impl Prepared {
    /// Whether a run sends row `index`: the plan sends it and it repeats
    /// nothing, or `again` was asked, or the person chose to send that row.
    pub fn sends(&self, index: usize, again: bool) -> bool {
        self.plan.rows.get(index).is_some_and(PlannedRow::sends)
            && (again
                || self.send_anyway.contains(&index)
                || self.duplicates.get(index).is_none_or(Vec::is_empty))
    }

    /// The rows a run would send, and their totals.
    pub fn to_send(&self, batch: &Batch, again: bool) -> Summary {
        Summary::of(
            batch
                .rows
                .iter()
                .enumerate()
                .filter(|(index, _)| self.sends(*index, again))
                .map(|(_, row)| row),
        )
    }

    /// The rows the plan would send that repeat an earlier payout: their
    /// places in the batch.
    pub fn repeating(&self) -> Vec<usize> {
        self.duplicates
            .iter()
            .enumerate()
            .filter(|(index, found)| !found.is_empty() && self.plan.rows[*index].sends())
            .map(|(index, _)| index)
            .collect()
    }
}

/// How a run is asked for.
#[derive(Debug, Clone, Copy)]
pub struct Check {
    /// Send what repeats an earlier payout, and pay a finished file again.
    pub again: bool,
    /// How many days back the service's withdrawals are compared.
    pub duplicate_days: u32,
}

impl Default for Check {
    fn default() -> Check {
        Check {
            again: false,
            duplicate_days: duplicates::DEFAULT_DAYS,
        }
    }
}

/// Before a run of `batch`: settles the journal's sends in flight, plans
/// the file, reads the service's withdrawals (kept in the journal as what
/// the list held before the rows left) and finds each row's duplicates.
/// Refused with [`PlanError::Finished`] for a finished file unless
/// `again`, and with [`PlanError::ListUnreadable`] when the withdrawals
/// cannot be read and rows would be sent (unless `again`).
pub async fn prepare(
    client: &Client,
    store: &mut Store,
    batch: &Batch,
    check: Check,
) -> Result<Prepared, PlanError> {
    let settled_first = crate::journal_send::settle_pending(client, store, true).await?;
    let plan = plan(batch, store, check.again)?;
    let sends_any = plan.rows.iter().any(PlannedRow::sends);
    let read = match crate::journal_send::read_before_send(client, store, ENDPOINT).await {
        Ok(read) => read,
        Err(reason) if check.again || !sends_any => {
            tracing::warn!("{reason}; the rows are sent without the duplicate check");
            None
        }
        Err(reason) => return Err(PlanError::ListUnreadable(reason)),
    };
    let in_this_run: BTreeSet<Uuid> = match &plan.resumes {
        Some(run) => store
            .batch_rows(run.run)?
            .into_iter()
            .map(|link| link.post_id)
            .collect(),
        None => BTreeSet::new(),
    };
    let journal: Vec<PostEntry> = store
        .posts(None)?
        .into_iter()
        .filter(|entry| !in_this_run.contains(&entry.post.id))
        .collect();
    let records = read
        .as_ref()
        .map_or(&[][..], |read| read.list.records.as_slice());
    let duplicates = repeats(
        batch,
        &plan,
        records,
        &journal,
        check.duplicate_days,
        OffsetDateTime::now_utc(),
    );
    Ok(Prepared {
        settled_first,
        plan,
        duplicates,
        send_anyway: BTreeSet::new(),
        listed_before: read.and_then(|read| read.seq),
    })
}

/// The earlier payouts each row the plan sends repeats, in the batch's
/// order: the service's `records` (its withdrawals) of the last `days`
/// days before `now`, and this device's sends in `journal` whose outcome
/// is not known. A row the plan does not send is compared with nothing.
/// The one comparison of a batch, before its run ([`prepare`]) and when a
/// window shows the file before it is sent.
pub fn repeats(
    batch: &Batch,
    plan: &Plan,
    records: &[serde_json::Value],
    journal: &[PostEntry],
    days: u32,
    now: OffsetDateTime,
) -> Vec<Vec<Duplicate>> {
    let ignore = BTreeSet::new();
    let bodies: Vec<String> = batch.rows.iter().map(PayoutRow::body).collect();
    let to_check: Vec<&str> = bodies
        .iter()
        .zip(&plan.rows)
        .map(|(body, state)| if state.sends() { body.as_str() } else { "" })
        .collect();
    let found = duplicates::find_each(
        ENDPOINT,
        &to_check,
        duplicates::Against {
            records,
            journal,
            now,
            days,
            ignore: &ignore,
        },
    );
    found
        .into_iter()
        .zip(&plan.rows)
        .map(|(found, state)| if state.sends() { found } else { Vec::new() })
        .collect()
}

/// Runs `batch` as [`prepare`] and [`run_prepared`] do, comparing the
/// service's withdrawals of the last [`duplicates::DEFAULT_DAYS`] days.
pub async fn run(
    client: &Client,
    store: &mut Store,
    batch: &Batch,
    options: Options,
    on_progress: &mut (dyn FnMut(Progress<'_>) + Send),
    cancel: &AtomicBool,
) -> Result<Report, PlanError> {
    let check = Check {
        again: options.again,
        ..Check::default()
    };
    let prepared = prepare(client, store, batch, check).await?;
    run_prepared(client, store, batch, prepared, options, on_progress, cancel).await
}

/// Why a row is held: the earlier payouts it repeats, in words.
fn held_words(duplicates: &[Duplicate]) -> String {
    let listed: Vec<String> = duplicates.iter().map(Duplicate::summary).collect();
    format!(
        "not sent: it repeats {} earlier payout(s) (same method, asset, amount and \
         destination): {}. Check the service's records; to send it anyway, run with again",
        duplicates.len(),
        listed.join("; ")
    )
}

/// Runs a prepared batch: sends each row the plan sends and that repeats
/// no earlier payout (or every one, with `options.again`), once, in order,
/// journaled before it leaves; `on_progress` hears of every row; `cancel`
/// stops before the next row.
pub async fn run_prepared(
    client: &Client,
    store: &mut Store,
    batch: &Batch,
    prepared: Prepared,
    options: Options,
    on_progress: &mut (dyn FnMut(Progress<'_>) + Send),
    cancel: &AtomicBool,
) -> Result<Report, PlanError> {
    let Prepared {
        settled_first,
        plan,
        duplicates: found,
        send_anyway,
        listed_before,
    } = prepared;
    let run = match &plan.resumes {
        Some(run) => run.clone(),
        None => {
            let rows = u64::try_from(batch.rows.len()).unwrap_or(u64::MAX);
            let started_at = OffsetDateTime::now_utc();
            BatchRun {
                run: store.start_batch_run(&batch.id, rows, started_at)?,
                batch: batch.id.clone(),
                started_at,
                rows,
                finished_at: None,
            }
        }
    };
    let total = batch.rows.len();
    let mut outcomes: Vec<RowOutcome> = Vec::with_capacity(total);
    let mut held: BTreeMap<usize, RowOutcome> = BTreeMap::new();
    let mut sent = 0;
    let mut stopped = false;
    let mut cancelled = false;
    let mut lost = false;
    for (index, (row, state)) in batch.rows.iter().zip(&plan.rows).enumerate() {
        let mut sent_now = false;
        let repeats = found
            .get(index)
            .filter(|found| !found.is_empty() && !send_anyway.contains(&index));
        let outcome = if !state.sends() {
            RowOutcome::of(state)
        } else if cancelled || cancel.load(Ordering::SeqCst) {
            cancelled = true;
            RowOutcome::NotSent
        } else if stopped {
            RowOutcome::NotSent
        } else if let Some(repeats) = repeats.filter(|_| !options.again) {
            let outcome = RowOutcome::Held {
                why: held_words(repeats),
                duplicates: repeats.clone(),
            };
            held.insert(index, outcome.clone());
            outcome
        } else {
            sent_now = true;
            sent += 1;
            let outcome = send_row(client, store, run.run, row, listed_before).await?;
            lost |= matches!(outcome, RowOutcome::Pending { .. });
            outcome
        };
        if sent_now && options.stop_at_first_failure && !matches!(outcome, RowOutcome::Done { .. })
        {
            stopped = true;
        }
        on_progress(Progress {
            row,
            position: index + 1,
            total,
            sent_now,
            outcome: &outcome,
        });
        outcomes.push(outcome);
    }
    if lost {
        // The rows whose answer was lost are settled now (waiting, if need
        // be, until the service can no longer accept them), so the result
        // tells them.
        crate::journal_send::settle_pending(client, store, true).await?;
    }
    let states = row_states(batch, store, run.run)?;
    let rows: Vec<RowOutcome> = states
        .iter()
        .enumerate()
        .map(|(index, state)| {
            held.remove(&index)
                .unwrap_or_else(|| match (&outcomes[index], state) {
                    (RowOutcome::NotSent, PlannedRow::Send) => RowOutcome::NotSent,
                    (_, state) => RowOutcome::of(state),
                })
        })
        .collect();
    let finished = rows.iter().all(RowOutcome::is_final);
    if finished {
        store.finish_batch_run(&run, OffsetDateTime::now_utc())?;
    }
    Ok(Report {
        batch: batch.id.clone(),
        settled_first,
        rows,
        sent,
        cancelled,
        finished,
    })
}

/// Journals `row` as a POST of `run`, sends it, journals its outcome.
async fn send_row(
    client: &Client,
    store: &mut Store,
    run: i64,
    row: &PayoutRow,
    listed_before: Option<i64>,
) -> Result<RowOutcome, PlanError> {
    let post = PostRecord {
        id: Uuid::new_v4(),
        sent_at: OffsetDateTime::now_utc(),
        form: "withdrawal".to_owned(),
        method: "POST".to_owned(),
        endpoint: ENDPOINT.to_owned(),
        body: row.body(),
    };
    store.append_batch_post(run, row.row, &post, listed_before)?;
    let sent = match client.raw_url(ENDPOINT) {
        Ok(url) => {
            client
                .send(Method::POST, url, post.body.clone().into_bytes())
                .await
        }
        Err(error) => Err(error),
    };
    let closed_at = OffsetDateTime::now_utc();
    store.append_closed(post.id, closed_at)?;
    let outcome = crate::journal_send::outcome_of(post.id, &sent, closed_at);
    if let Some(record) = &outcome {
        store.append_outcome(record)?;
    }
    Ok(match outcome {
        Some(record) => match record.outcome {
            Outcome::Created => RowOutcome::Done {
                id: created_id(record.answer.as_deref()),
            },
            Outcome::Refused => RowOutcome::Refused {
                reason: record.error.unwrap_or_default(),
            },
            Outcome::NotApplied | Outcome::Unknown => RowOutcome::NotDone {
                reason: record.error.unwrap_or_default(),
            },
        },
        None => RowOutcome::Pending {
            why: match &sent {
                Err(error) => format!("the answer was lost ({error}); it may have been applied"),
                Ok(raw) => format!(
                    "the service answered HTTP {} without saying whether it applied it",
                    raw.status
                ),
            },
        },
    })
}

/// The service's state of each withdrawal, by id, as its list was last
/// read: what a result file and the batch screen say of each row sent.
pub type ServiceStates = BTreeMap<String, String>;

/// The service's state of each withdrawal it lists, by id.
pub fn service_states<'a>(
    withdrawals: impl IntoIterator<Item = &'a crate::api::model::Withdrawal>,
) -> ServiceStates {
    withdrawals
        .into_iter()
        .filter_map(|withdrawal| {
            Some((
                withdrawal.id.to_string(),
                withdrawal.state.as_ref()?.as_str().to_owned(),
            ))
        })
        .collect()
}

/// The columns of the result file, in order.
pub const RESULT_COLUMNS: [&str; 11] = [
    "row",
    "line",
    "method",
    "asset",
    "amount",
    "destination",
    "reference",
    "outcome",
    "state",
    "id",
    "detail",
];

/// Writes the result file: every row of `batch`, what it sent, and how it
/// ended with the service's id and the service's state of it (`states`,
/// as last read; the state is empty when it was not); every cell kept
/// inert for a spreadsheet.
pub fn result_csv<W: std::io::Write>(
    batch: &Batch,
    outcomes: &[RowOutcome],
    states: &ServiceStates,
    out: W,
) -> Result<(), csv::Error> {
    let mut writer = crate::csv_cell::Writer::from_writer(out);
    writer.write_record(RESULT_COLUMNS)?;
    for (row, outcome) in batch.rows.iter().zip(outcomes) {
        let state = outcome
            .id()
            .and_then(|id| states.get(id))
            .map(String::as_str);
        writer.write_record([
            row.row.to_string().as_str(),
            row.line.to_string().as_str(),
            row.request.method.as_str(),
            row.request.asset.as_str(),
            row.request.amount.to_string().as_str(),
            row.destination().as_str(),
            row.reference.as_deref().unwrap_or_default(),
            outcome.result_word(state),
            state.unwrap_or_default(),
            outcome.id().unwrap_or_default(),
            outcome.detail(),
        ])?;
    }
    writer.flush()?;
    Ok(())
}
