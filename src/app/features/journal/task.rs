//! The journal's own thread: one per open profile owns its [`Store`]
//! (SQLite is blocking; the worker's loop never waits on the disk) and runs
//! the jobs sent to it in the order they were sent, so entries are written
//! in the order things happened. Here: the book it holds (a polled list's
//! answer taken in with the notices about money it reveals, the last known
//! state and the claims history read back, the rows of its CSV), and a POST
//! sent with its entries around it. The worker decides when (see
//! `worker/journal.rs`).

use std::collections::HashMap;
use std::future::Future;
use std::hash::{Hash as _, Hasher as _};
use std::path::PathBuf;

use time::OffsetDateTime;
use uuid::Uuid;

use crate::app::message::NoticeKind;
use crate::app::remote::PartialCopy;
use crate::app::resources::Fetched;
use crate::app::submit::FormKind;
use brlv_core::api::Client;
use brlv_core::api::model::{Claim, CreateOrder, CreateQuote, Quote};
use brlv_core::journal::{self as store, JournalError, OutcomeRecord, PostRecord, Store};
use brlv_core::tax::OutflowAnswer;
use brlv_core::tax::journal as tax_journal;

use super::message::{RestoredList, TaxJournal};
use super::records::{
    self, KnownStates, claims_history, fetched_of, form_name, money_notices, orders_sent,
    resource_name, snapshot_of, states_of,
};
use super::rows::{JournalRow, journal_rows};

type Job = Box<dyn FnOnce(&mut JournalBook) + Send>;

/// The worker's handle on one profile's journal thread. Cheap to clone;
/// the thread ends when the last handle is dropped.
#[derive(Clone)]
pub struct JournalHandle {
    jobs: std::sync::mpsc::Sender<Job>,
}

impl std::fmt::Debug for JournalHandle {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("JournalHandle")
    }
}

/// The journal as its thread holds it.
pub struct JournalBook {
    /// The store.
    pub store: Store,
    /// The file, or `None` for a journal kept in memory.
    pub path: Option<PathBuf>,
    /// What opening it met, told once at the connection's start.
    problem: Option<(NoticeKind, String)>,
    /// The last known state of each movement, per list: what a fresh answer
    /// is compared with to find the notices about money.
    known: HashMap<String, KnownStates>,
    /// A digest of each list's last answer: an answer that came back the
    /// same only confirms the snapshot's time.
    digests: HashMap<String, u64>,
}

impl JournalBook {
    fn open(path: Option<PathBuf>) -> Result<JournalBook, JournalError> {
        let (store, path, problem) = match path {
            None => (Store::in_memory()?, None, None),
            Some(path) => match Store::open(&path) {
                Ok((store, None)) => (store, Some(path), None),
                Ok((store, Some(replaced))) => {
                    let detail = format!(
                        "{} ({}); moved to {}",
                        path.display(),
                        replaced.reason,
                        replaced.moved_to.display()
                    );
                    (
                        store,
                        Some(path),
                        Some((NoticeKind::JournalReplaced, detail)),
                    )
                }
                Err(error) => {
                    tracing::warn!("{error}");
                    (
                        Store::in_memory()?,
                        None,
                        Some((NoticeKind::JournalUnavailable, error.to_string())),
                    )
                }
            },
        };
        Ok(JournalBook {
            store,
            path,
            problem,
            known: HashMap::new(),
            digests: HashMap::new(),
        })
    }

    /// Closes the file and deletes it (the profile was deleted); what comes
    /// after is kept in memory only.
    pub fn close_and_delete(&mut self) -> Result<(), JournalError> {
        self.store = Store::in_memory()?;
        if let Some(path) = self.path.take() {
            store::delete(&path).map_err(|error| JournalError::Open {
                path: path.clone(),
                reason: format!("it could not be deleted: {error}"),
            })?;
        }
        Ok(())
    }

    /// Takes in a polled list's answer: notices for movements that reached
    /// a final state since the last answer, and the snapshot, in one
    /// transaction.
    /// `states` is the book the worker built for `fetched`, shared with the
    /// notifications; without one it is built here.
    pub fn record_fetch(
        &mut self,
        fetched: Fetched,
        states: Option<KnownStates>,
        at: OffsetDateTime,
    ) -> Result<(), JournalError> {
        let Some(name) = resource_name(fetched.key()) else {
            return Ok(());
        };
        let notices = match states.or_else(|| states_of(&fetched)) {
            Some(states) => {
                let notices = money_notices(self.known.get(name), &fetched, at);
                self.known.insert(name.to_owned(), states);
                notices
            }
            None => Vec::new(),
        };
        let snapshot = snapshot_of(fetched, at);
        let digest = snapshot.as_ref().map(|snapshot| {
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            snapshot.body.hash(&mut hasher);
            hasher.finish()
        });
        let unchanged = digest.is_some() && self.digests.get(name) == digest.as_ref();
        let result = self.store.atomically(|store| {
            for notice in &notices {
                store.append_notice(notice)?;
            }
            match snapshot {
                Some(_) if unchanged && store.confirm_snapshot(name, at)? => Ok(()),
                Some(snapshot) => store.put_snapshot(&snapshot),
                None => Ok(()),
            }
        });
        match (&result, digest) {
            (Ok(()), Some(digest)) => {
                self.digests.insert(name.to_owned(), digest);
            }
            _ => {
                self.digests.remove(name);
            }
        }
        result
    }

    /// What opening the journal met, told once at the connection's start.
    pub fn take_problem(&mut self) -> Option<(NoticeKind, String)> {
        self.problem.take()
    }

    /// The journal as the rows of its CSV, oldest first.
    pub fn rows(&self) -> Result<Vec<JournalRow>, JournalError> {
        Ok(journal_rows(self.store.posts(None)?, self.store.notices()?))
    }

    /// The tax year's side: the claims made here with what each was paid
    /// in, and what the person typed.
    pub fn tax(&self) -> Result<TaxJournal, JournalError> {
        let claims = brlv_core::tax::journal::read_claims(&self.store)?;
        let (typed, unread) = brlv_core::tax::journal::read_typed(&self.store)?;
        Ok(TaxJournal {
            claims,
            typed,
            unread,
        })
    }

    /// The orders this device sent with this profile, each with the body it
    /// sent (where its proceeds went), read at a connection's start.
    pub fn orders_sent(&self) -> Result<Vec<(Uuid, CreateOrder)>, JournalError> {
        Ok(orders_sent(
            &self.store.posts(Some(form_name(FormKind::Order)))?,
        ))
    }

    /// The last known state and the claims history, read at a connection's start.
    pub fn restore(&mut self) -> Result<(Vec<RestoredList>, Vec<Claim>), JournalError> {
        let mut lists = Vec::new();
        for record in self.store.snapshots()? {
            let Some(fetched) = fetched_of(&record) else {
                continue;
            };
            if let Some(states) = states_of(&fetched) {
                self.known.insert(record.resource.clone(), states);
            }
            lists.push(RestoredList {
                fetched,
                fetched_at: record.fetched_at,
                partial: record
                    .rows
                    .filter(|rows| rows.kept < rows.total)
                    .map(|rows| PartialCopy {
                        kept: rows.kept,
                        total: rows.total,
                    }),
            });
        }
        let claims = claims_history(&self.store.posts(Some(form_name(FormKind::Claim)))?);
        Ok((lists, claims))
    }
}

impl JournalHandle {
    /// Starts the journal's thread: the file at `path` (`None`: in memory).
    pub fn start(path: Option<PathBuf>) -> JournalHandle {
        let (jobs, receiver) = std::sync::mpsc::channel::<Job>();
        let spawned = std::thread::Builder::new()
            .name("brlv-journal".to_owned())
            .spawn(move || match JournalBook::open(path) {
                Ok(mut book) => {
                    for job in receiver {
                        job(&mut book);
                    }
                }
                Err(error) => {
                    // Every job is dropped unrun: each caller hears "stopped".
                    tracing::warn!("the journal could not start: {error}");
                }
            });
        if let Err(error) = spawned {
            tracing::warn!("the journal's thread could not start: {error}");
        }
        JournalHandle { jobs }
    }

    /// Queues `job` now (so jobs run in the order of the calls) and returns
    /// its result when it has run.
    pub fn run<T, J>(
        &self,
        job: J,
    ) -> impl Future<Output = Result<T, JournalError>> + Send + 'static + use<T, J>
    where
        T: Send + 'static,
        J: FnOnce(&mut JournalBook) -> Result<T, JournalError> + Send + 'static,
    {
        let (reply, answer) = tokio::sync::oneshot::channel();
        let sent = self.jobs.send(Box::new(move |book: &mut JournalBook| {
            let _ = reply.send(job(book));
        }));
        async move {
            sent.map_err(|_| JournalError::Stopped)?;
            answer.await.map_err(|_| JournalError::Stopped)?
        }
    }
}

/// Sends a POST with its journal entries around it: the POST is written
/// (and on disk) before it leaves, with the answer given at sending to what
/// its tokens are for, if any; its outcome once it is settled. An answer
/// whose send ends here (created, refused, not applied) no longer waits:
/// the form keeps it under the record created; one whose outcome is not
/// known waits for the journal's settling to name the record
/// ([`brlv_core::tax::journal::record_settled`]). A journal that cannot be
/// written does not stop the POST; its error is returned beside the
/// outcome, to be told.
pub async fn journaled<T>(
    journal: &JournalHandle,
    (post, outflow_answer): (PostRecord, Option<OutflowAnswer>),
    send: impl Future<Output = T>,
    settle: impl FnOnce(Uuid, &T) -> OutcomeRecord,
) -> (T, Option<JournalError>) {
    let post_id = post.id;
    let recorded = journal
        .run(move |book| {
            tax_journal::append_post_with_answer(&mut book.store, &post, outflow_answer)
        })
        .await;
    let sent = send.await;
    let closed_at = OffsetDateTime::now_utc();
    let outcome = settle(post_id, &sent);
    let still_waits = outcome.outcome == store::Outcome::Unknown && outcome.answer.is_none();
    let settled = journal
        .run(move |book| {
            // When the connection closed: a send still to settle is not
            // done only after the service could no longer accept it,
            // counted from then.
            book.store.append_closed(post_id, closed_at)?;
            if outflow_answer.is_none() || still_waits {
                return book.store.append_outcome(&outcome);
            }
            let at = outcome.at;
            book.store.atomically(|store| {
                store.append_outcome(&outcome)?;
                store.append_tax_input(&tax_journal::answer_at_send_record(post_id, None, at))
            })
        })
        .await;
    (sent, recorded.err().or(settled.err()))
}

/// A quote request, journaled like a form's POST.
pub async fn quote_journaled(
    client: &Client,
    journal: &JournalHandle,
    request: CreateQuote,
) -> (Result<Quote, brlv_core::api::Error>, Option<JournalError>) {
    let post = records::quote_record(&request, OffsetDateTime::now_utc());
    journaled(
        journal,
        (post, None),
        client.create_quote(&request),
        |post_id, result| records::quote_outcome(post_id, result, OffsetDateTime::now_utc()),
    )
    .await
}
