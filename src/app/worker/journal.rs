//! The worker's side of the journal: one thread per open profile owns its
//! [`Store`] (SQLite is blocking; the worker's loop never waits on the disk)
//! and runs the jobs sent to it in the order they were sent, so entries are
//! written in the order things happened. The worker journals each POST
//! before it is sent and its outcome once settled, each polled list's
//! answer (and the notices about money it reveals), each webhook event; at
//! a connection's start it reads back the last known state and the claims
//! history; it exports the activity and deletes a profile's journal.

use std::collections::HashMap;
use std::future::Future;
use std::hash::{Hash as _, Hasher as _};
use std::path::PathBuf;

use time::OffsetDateTime;
use uuid::Uuid;

use crate::api::Client;
use crate::app::export::{ExportKind, FileError, to_csv_string, write_file};
use crate::app::features::journal::message::{JournalCommand, JournalEvent, RestoredList};
use crate::app::features::journal::records::{
    self, KnownStates, claims_history, fetched_of, form_name, money_notices, resource_name,
    snapshot_of, states_of,
};
use crate::app::features::journal::rows::journal_rows;
use crate::app::message::{Event, NoticeKind};
use crate::app::resources::{Fetched, ResourceKey};
use crate::app::session::{ProfileKind, SessionId};
use crate::app::submit::{FormKind, SubmitOutcome, SubmitRequest};
use crate::journal::{self as store, JournalError, OutcomeRecord, PostRecord, Store};
use crate::profile::Profile;
use crate::webhook::WebhookEvent;

use super::{Done, Worker, blocking, notice};

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
    fn close_and_delete(&mut self) -> Result<(), JournalError> {
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
    fn record_fetch(
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

    /// The last known state and the claims history, read at a connection's start.
    fn restore(
        &mut self,
    ) -> Result<(Vec<RestoredList>, Vec<crate::api::model::Claim>), JournalError> {
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
                    .map(|rows| crate::app::remote::PartialCopy {
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
/// (and on disk) before it leaves, its outcome once it is settled. A
/// journal that cannot be written does not stop the POST; its error is
/// returned beside the outcome, to be told.
async fn journaled<T>(
    journal: &JournalHandle,
    post: PostRecord,
    send: impl Future<Output = T>,
    settle: impl FnOnce(Uuid, &T) -> OutcomeRecord,
) -> (T, Option<JournalError>) {
    let post_id = post.id;
    let recorded = journal.run(move |book| book.store.append_post(&post)).await;
    let sent = send.await;
    let outcome = settle(post_id, &sent);
    let settled = journal
        .run(move |book| book.store.append_outcome(&outcome))
        .await;
    (sent, recorded.err().or(settled.err()))
}

/// A form's POST as the worker sends it: journaled, sent once, settled
/// (see [`super::submit`]). The journal's failure, if any, comes beside.
pub async fn submit_journaled(
    client: &Client,
    journal: &JournalHandle,
    request: SubmitRequest,
) -> (SubmitOutcome, &'static [ResourceKey], Option<JournalError>) {
    let post = records::post_record(&request, OffsetDateTime::now_utc());
    let ((outcome, refresh), problem) = journaled(
        journal,
        post,
        super::submit(client, request),
        |post_id, (outcome, _)| {
            records::outcome_record(post_id, outcome, OffsetDateTime::now_utc())
        },
    )
    .await;
    (outcome, refresh, problem)
}

/// A quote request, journaled like a form's POST.
pub async fn quote_journaled(
    client: &Client,
    journal: &JournalHandle,
    request: crate::api::model::CreateQuote,
) -> (
    Result<crate::api::model::Quote, crate::api::Error>,
    Option<JournalError>,
) {
    let post = records::quote_record(&request, OffsetDateTime::now_utc());
    journaled(
        journal,
        post,
        client.create_quote(&request),
        |post_id, result| records::quote_outcome(post_id, result, OffsetDateTime::now_utc()),
    )
    .await
}

/// A journal failure as a notice, or nothing.
pub(super) fn problem_notice(problem: Option<JournalError>) -> Option<Done> {
    problem.map(|error| Done::Report(notice(NoticeKind::JournalNotWritten, error.to_string())))
}

impl Worker {
    /// Where the journal of a connection is kept: a saved profile's and the
    /// environment's on disk; the embedded sandbox's (a new account each
    /// run) and a profile used without saving it in memory, for this run.
    pub(super) fn journal_for(&self, profile: &Profile, kind: ProfileKind) -> JournalHandle {
        let path = match kind {
            ProfileKind::Saved | ProfileKind::Environment => self
                .config
                .journal_dir
                .as_ref()
                .map(|dir| store::file_for(dir, &profile.name, &profile.base_url)),
            ProfileKind::Sandbox | ProfileKind::Unsaved => None,
        };
        JournalHandle::start(path)
    }

    /// The open connection's journal.
    pub(super) fn session_journal(&self) -> Option<JournalHandle> {
        self.session.as_ref().map(|session| session.journal.clone())
    }

    /// Reads back the last known state and the claims history of a
    /// connection just opened, and tells what opening the journal met.
    pub(super) fn restore_journal(&mut self, session: SessionId) {
        let Some(journal) = self.session_journal() else {
            return;
        };
        let reading = journal.run(|book| {
            let problem = book.problem.take();
            book.restore().map(|restored| (problem, restored))
        });
        self.spawn(async move {
            match reading.await {
                Ok((problem, (lists, claims))) => {
                    let mut steps: Vec<Done> = problem
                        .map(|(kind, detail)| Done::Report(notice(kind, detail)))
                        .into_iter()
                        .collect();
                    steps.push(Done::Report(Event::Journal(JournalEvent::Restored {
                        session,
                        lists,
                        claims,
                    })));
                    Done::Sequence(steps)
                }
                Err(error) => {
                    Done::Report(notice(NoticeKind::JournalUnavailable, error.to_string()))
                }
            }
        });
    }

    /// At the end: lets the open journal write what is queued (bounded), so
    /// the last answers are kept when the window closes.
    pub(super) async fn finish_journal(&mut self) {
        if let Some(journal) = self.session_journal() {
            let drained = journal.run(|_| Ok(()));
            if tokio::time::timeout(std::time::Duration::from_secs(2), drained)
                .await
                .is_err()
            {
                tracing::warn!("the journal was still writing when the app closed");
            }
        }
    }

    /// Waits for a journal write off the loop; tells the person if it failed.
    fn journal_write(
        &mut self,
        write: impl Future<Output = Result<(), JournalError>> + Send + 'static,
    ) {
        self.spawn(async move {
            problem_notice(write.await.err()).unwrap_or(Done::Sequence(Vec::new()))
        });
    }

    /// Keeps a polled list's answer (and the notices it reveals).
    pub(super) fn journal_fetched(
        &mut self,
        journal: &JournalHandle,
        fetched: &Fetched,
        states: Option<KnownStates>,
    ) {
        if resource_name(fetched.key()).is_none() {
            return;
        }
        let fetched = fetched.clone();
        let at = OffsetDateTime::now_utc();
        self.journal_write(journal.run(move |book| book.record_fetch(fetched, states, at)));
    }

    /// Keeps a webhook event as a notice.
    pub(super) fn journal_webhook(&mut self, event: &WebhookEvent) {
        let Some(journal) = self.session_journal() else {
            return;
        };
        let record = records::webhook_notice(event, OffsetDateTime::now_utc());
        self.journal_write(journal.run(move |book| book.store.append_notice(&record)));
    }

    /// Deletes the journal of the saved profile `name` (its profile is being
    /// deleted); the open connection's journal thread closes it first.
    pub(super) fn delete_journal(&mut self, name: &str) {
        let (Some(dir), Some(profile)) = (self.config.journal_dir.clone(), self.book.find(name))
        else {
            return;
        };
        let path = store::file_for(&dir, &profile.name, &profile.base_url);
        let open = self
            .session
            .as_ref()
            .filter(|session| session.profile == *profile && session.kind == ProfileKind::Saved)
            .map(|session| session.journal.clone());
        self.spawn(async move {
            let result = match open {
                Some(journal) => journal.run(JournalBook::close_and_delete).await,
                None => {
                    let target = path.clone();
                    blocking(move || store::delete(&target))
                        .await
                        .unwrap_or_else(|reason| Err(std::io::Error::other(reason)))
                        .map_err(|error| JournalError::Open {
                            path,
                            reason: format!("it could not be deleted: {error}"),
                        })
                }
            };
            problem_notice(result.err()).unwrap_or(Done::Sequence(Vec::new()))
        });
    }

    pub(super) fn handle_journal(&mut self, command: JournalCommand) {
        match command {
            JournalCommand::ExportCsv(path) => {
                let reading = self.session_journal().map(|journal| {
                    journal.run(|book| {
                        Ok(journal_rows(book.store.posts(None)?, book.store.notices()?))
                    })
                });
                self.spawn(async move {
                    let rows = match reading {
                        Some(reading) => reading.await,
                        None => Err(JournalError::Stopped),
                    };
                    let result = match rows {
                        Ok(rows) => {
                            let target = path.clone();
                            blocking(move || {
                                let text = to_csv_string(&rows)
                                    .map_err(|error| FileError::encode(&target, error))?;
                                write_file(&target, text.as_bytes())
                            })
                            .await
                            .unwrap_or_else(|reason| Err(FileError::lost(&path, reason)))
                        }
                        Err(error) => Err(FileError::lost(&path, error)),
                    };
                    Done::Report(Event::Exported {
                        kind: ExportKind::Journal,
                        result,
                    })
                });
            }
        }
    }
}
