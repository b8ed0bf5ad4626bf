//! The worker's side of the journal (whose thread and book are
//! `features::journal::task`): each connection gets its journal, on disk
//! or in memory; the worker journals each POST before it is sent and its
//! outcome once settled, each polled list's answer, each webhook event; at
//! a connection's start it reads back the last known state and the claims
//! history; it writes the journal's CSV and deletes a profile's journal.

use std::future::Future;

use time::OffsetDateTime;

use crate::app::export::{ExportKind, FileError, to_csv_string, write_file};
use crate::app::features::journal::message::{
    JournalCommand, JournalEvent, SendCandidate, SendOutcome, SettledSend,
};
use crate::app::features::journal::records::{self, KnownStates, resource_name};
use crate::app::features::journal::task::{JournalBook, JournalHandle, journaled};
use crate::app::message::{Event, NoticeKind};
use crate::app::resources::{Fetched, ResourceKey};
use crate::app::session::{ProfileKind, SessionId};
use crate::app::submit::{FormKind, SubmitOutcome, SubmitRequest, settled_outcome};
use crate::webhook::WebhookEvent;
use brlv_core::api::Client;
use brlv_core::journal::settle::{self, Sent, Settled};
use brlv_core::journal::{self as store, JournalError};
use brlv_core::journal_send::settle_once_known;
use brlv_core::profile::Profile;

use super::state::{Done, Worker, blocking, notice};
use super::submit::submit;

/// A form's POST as the worker sends it: journaled (with the answer given
/// at sending to what its tokens are for, if any), sent once, settled (see
/// [`submit`]). The journal's failure, if any, comes beside.
pub async fn submit_journaled(
    client: &Client,
    journal: &JournalHandle,
    request: SubmitRequest,
    outflow_answer: Option<brlv_core::tax::OutflowAnswer>,
) -> (SubmitOutcome, &'static [ResourceKey], Option<JournalError>) {
    let post = records::post_record(&request, OffsetDateTime::now_utc());
    let post_id = post.id;
    let ((mut outcome, refresh), problem) = journaled(
        journal,
        (post, outflow_answer),
        submit(client, request),
        |post_id, (outcome, _)| {
            records::outcome_record(post_id, outcome, OffsetDateTime::now_utc())
        },
    )
    .await;
    // Its later settling finds it in the journal by this id.
    if let SubmitOutcome::NotYetKnown { sent, .. } = &mut outcome {
        sent.post_id = post_id;
    }
    (outcome, refresh, problem)
}

/// What the journal kept once sends were settled, as steps: each answer
/// given at sending that reached its record, or the journal's failure.
fn kept_after_settling(
    session: SessionId,
    kept: Result<Vec<brlv_core::tax::TaxInput>, JournalError>,
) -> Vec<Done> {
    match kept {
        Ok(answers) => answers
            .into_iter()
            .map(|input| {
                Done::Report(Event::Journal(JournalEvent::TaxInputKept {
                    session,
                    input,
                }))
            })
            .collect(),
        Err(error) => vec![Done::Report(notice(
            NoticeKind::JournalNotWritten,
            error.to_string(),
        ))],
    }
}

/// This device's payouts whose outcome is not known, as the journal holds
/// them now (in flight, sent without an answer, or *cannot tell*), told to
/// the window so that a review compares a new payment with each of them
/// ([`brlv_core::duplicates`] counts exactly these). Nothing is told when
/// the journal cannot be read: the window keeps what it was told last.
async fn unsettled_told(journal: &JournalHandle, session: SessionId) -> Done {
    let read = journal
        .run(|book| {
            Ok(book
                .store
                .posts(None)?
                .into_iter()
                .filter(|entry| settle::is_pending(entry) || settle::is_cannot_tell(entry))
                .filter(|entry| brlv_core::duplicates::compares(&entry.post.endpoint))
                .collect::<Vec<_>>())
        })
        .await;
    match read {
        Ok(sends) => Done::Report(Event::Journal(JournalEvent::Unsettled { session, sends })),
        Err(error) => {
            tracing::warn!("the journal's unsettled sends could not be read: {error}");
            Done::Sequence(Vec::new())
        }
    }
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
            let problem = book.take_problem();
            let restored = book.restore()?;
            let tax = book.tax()?;
            let orders_sent = book.orders_sent()?;
            Ok((problem, restored, tax, orders_sent))
        });
        self.spawn(async move {
            match reading.await {
                Ok((problem, (lists, claims), tax, orders_sent)) => {
                    let mut steps: Vec<Done> = problem
                        .map(|(kind, detail)| Done::Report(notice(kind, detail)))
                        .into_iter()
                        .collect();
                    steps.push(Done::Report(Event::Journal(JournalEvent::Restored {
                        session,
                        lists,
                        claims,
                        tax,
                        orders_sent,
                    })));
                    Done::Sequence(steps)
                }
                Err(error) => {
                    Done::Report(notice(NoticeKind::JournalUnavailable, error.to_string()))
                }
            }
        });
    }

    /// Tells the window the open connection's unsettled payouts as the
    /// journal holds them now (after a send, a settling, a batch's run).
    pub(super) fn tell_unsettled(&mut self) {
        let (Some((session, _)), Some(journal)) = (self.session_client(), self.session_journal())
        else {
            return;
        };
        self.spawn(async move { unsettled_told(&journal, session).await });
    }

    /// Settles the sends an earlier run left without an outcome (a crash
    /// while sending, a lost answer) against the service's lists, keeps
    /// each conclusion in the journal, and tells the window, once, as the
    /// connection opens. Nothing is sent again here: a send not applied is
    /// the person's to send again, and one that cannot be told never is.
    pub(super) fn settle_at_start(&mut self, session: SessionId) {
        let (Some(journal), Some(client)) = (
            self.session_journal(),
            self.session.as_ref().map(|open| open.client.clone()),
        ) else {
            return;
        };
        self.spawn(async move {
            let told = settled_at_start(&journal, &client, session).await;
            // What is still unsettled once the journal kept what it found.
            Done::Sequence(vec![told, unsettled_told(&journal, session).await])
        });
    }

    /// Settles a form's send that was not yet known once the service can
    /// no longer accept it (the core's [`settle_once_known`]), keeps the
    /// conclusion in the journal as the settling at start would, and tells
    /// the form: the open window learns *done* or *not done* by itself.
    pub(super) fn settle_once_known(
        &mut self,
        session: SessionId,
        form: FormKind,
        error: brlv_core::api::Error,
        sent: Sent,
    ) {
        let (Some((open, client)), Some(journal)) = (self.session_client(), self.session_journal())
        else {
            return;
        };
        if open != session {
            return;
        }
        self.spawn(async move {
            let post_id = sent.post_id;
            // What it sent, as kept: the form names it should it not be told.
            let (claimed, body) = journal
                .run(move |book| {
                    let entries = book.store.posts(None)?;
                    let body = entries
                        .iter()
                        .find(|entry| entry.post.id == post_id)
                        .map(|entry| entry.post.body.clone())
                        .unwrap_or_default();
                    Ok((settle::claimed_ids(&entries), body))
                })
                .await
                .unwrap_or_default();
            let settlement = settle_once_known(&client, &sent, &claimed).await;
            let settled = settlement.clone();
            let kept = journal
                .run(move |book| {
                    let entries = book.store.posts(None)?;
                    let Some(entry) = entries.into_iter().find(|entry| entry.post.id == post_id)
                    else {
                        return Ok(Vec::new());
                    };
                    let settled = [Settled {
                        post: entry.post,
                        settlement: settled,
                    }];
                    brlv_core::tax::journal::record_settled(
                        &mut book.store,
                        &settled,
                        OffsetDateTime::now_utc(),
                    )
                })
                .await;
            let outcome = settled_outcome(error, &sent, &body, settlement);
            let mut steps = vec![Done::Resettled {
                session,
                form,
                outcome,
            }];
            steps.extend(kept_after_settling(session, kept));
            Done::Sequence(steps)
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
            JournalCommand::KeepTaxInput(input) => {
                let (Some(journal), Some(session)) = (
                    self.session_journal(),
                    self.session.as_ref().map(|open| open.id),
                ) else {
                    return;
                };
                let kept = input.clone();
                let writing = journal.run(move |book| {
                    brlv_core::tax::journal::write_typed(
                        &mut book.store,
                        &kept,
                        OffsetDateTime::now_utc(),
                    )
                });
                self.spawn(async move {
                    match writing.await {
                        Ok(()) => Done::Report(Event::Journal(JournalEvent::TaxInputKept {
                            session,
                            input,
                        })),
                        Err(error) => {
                            Done::Report(notice(NoticeKind::JournalNotWritten, error.to_string()))
                        }
                    }
                });
            }
            JournalCommand::KeepResend { of, record } => {
                let Some(journal) = self.session_journal() else {
                    return;
                };
                let writing = journal.run(move |book| {
                    book.store
                        .append_resend(of, &record.to_string(), OffsetDateTime::now_utc())
                });
                self.spawn(async move {
                    match writing.await {
                        Ok(()) => Done::Sequence(Vec::new()),
                        Err(error) => {
                            Done::Report(notice(NoticeKind::JournalNotWritten, error.to_string()))
                        }
                    }
                });
            }
            JournalCommand::ReadTax => {
                let (Some(journal), Some(session)) = (
                    self.session_journal(),
                    self.session.as_ref().map(|open| open.id),
                ) else {
                    return;
                };
                let reading = journal.run(|book| book.tax());
                self.spawn(async move {
                    match reading.await {
                        Ok(tax) => {
                            Done::Report(Event::Journal(JournalEvent::TaxRead { session, tax }))
                        }
                        Err(error) => {
                            Done::Report(notice(NoticeKind::JournalUnavailable, error.to_string()))
                        }
                    }
                });
            }
            JournalCommand::ExportCsv(path) => {
                let reading = self
                    .session_journal()
                    .map(|journal| journal.run(|book| book.rows()));
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

/// The settling at a connection's start ([`Worker::settle_at_start`]):
/// the links of sends sent again, then what became of each send an
/// earlier run left without an outcome, each conclusion kept.
async fn settled_at_start(journal: &JournalHandle, client: &Client, session: SessionId) -> Done {
    use brlv_core::journal::settle::Settlement;
    let pending = journal
        .run(|book| {
            let entries = book.store.posts(None)?;
            let claimed = settle::claimed_ids(&entries);
            let waiting: Vec<_> = entries.into_iter().filter(settle::is_pending).collect();
            let reads = settle::listed_before_of(&book.store, &waiting);
            Ok((waiting, reads, claimed, book.store.resends()?))
        })
        .await;
    // The sends sent again before: told first, so "Send again…" is
    // never offered for one of them.
    let links: std::collections::BTreeMap<uuid::Uuid, uuid::Uuid> = match &pending {
        Ok((_, _, _, resends)) => resends
            .iter()
            .filter_map(|(of, record)| Some((*of, record.parse().ok()?)))
            .collect(),
        Err(_) => Default::default(),
    };
    let resent = Done::Report(Event::Journal(JournalEvent::Resent { session, links }));
    // Told even when there is nothing to settle: the window knows
    // the journal has spoken (a screenshot of Settings waits for it).
    let nothing = |resent| {
        Done::Sequence(vec![
            resent,
            Done::Report(Event::Journal(JournalEvent::Settled {
                session,
                sends: Vec::new(),
            })),
        ])
    };
    let Ok((waiting, reads, claimed, _)) = pending else {
        return nothing(resent);
    };
    if waiting.is_empty() {
        return nothing(resent);
    }
    let kinds = settle::lists_needed(&waiting);
    let lists = brlv_core::journal_send::read_lists(client, &kinds).await;
    let settled = settle::settle_all(&waiting, &reads, &lists, &claimed);
    let sends = settled
        .iter()
        .map(|one| SettledSend {
            post_id: one.post.id,
            form: one.post.form.clone(),
            sent_at: one.post.sent_at,
            endpoint: one.post.endpoint.clone(),
            body: one.post.body.clone(),
            outcome: match &one.settlement {
                Settlement::Done { id, .. } => SendOutcome::Done(id.clone()),
                Settlement::NotDone => SendOutcome::NotDone,
                settlement if settlement.may_change() => SendOutcome::Pending,
                Settlement::CannotTell(why) => SendOutcome::CannotTell(
                    why.candidates().iter().map(SendCandidate::from).collect(),
                ),
                Settlement::NotYetKnown { .. } => SendOutcome::CannotTell(Vec::new()),
            },
        })
        .collect();
    // An answer given at sending reaches the record its send made.
    let kept = journal
        .run(move |book| {
            brlv_core::tax::journal::record_settled(
                &mut book.store,
                &settled,
                OffsetDateTime::now_utc(),
            )
        })
        .await;
    let mut steps = vec![
        resent,
        Done::Report(Event::Journal(JournalEvent::Settled { session, sends })),
    ];
    steps.extend(kept_after_settling(session, kept));
    Done::Sequence(steps)
}
