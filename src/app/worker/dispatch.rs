//! The worker's loop: it starts the fetches that are due, runs each
//! Command, takes in what its tasks hand back, and sends Events to the
//! window (asking it to repaint after each that changes what it shows).

use brlv_core::network::NetworkPath;
use std::future::Future;
use std::sync::{Arc, mpsc};

use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};
use tokio::task::JoinSet;

use crate::app::clock::Millis;
use crate::app::export::{ExportKind, FileError, write_export};
use crate::app::features::activity::export::write_extrato_file;
use crate::app::features::journal::records::states_of;
use crate::app::features::lock::state::{Authorized, Guard, PassphrasePurpose};
use crate::app::features::onboarding;
use crate::app::message::{Command, Event, NoticeKind};
use crate::app::receipt::write_receipt;
use crate::app::resources::{
    Answer, DEFAULT_LIST_BUDGET_MIB, Fetched, ResourceKey, fetch_answer, query,
};
use crate::app::schedule::{FetchOutcome, Schedule};
use crate::app::session::{ProfileKind, SessionId};
use crate::app::submit::{FormKind, SubmitOutcome, SubmitRequest};
use brlv_core::api::{Client, Error};
use brlv_core::profile::ProfileBook;

use super::config::WorkerConfig;
use super::journal;
use super::state::{Done, MIB, Repaint, Webhooks, Worker, blocking, notice};

impl Worker {
    pub(super) fn new(
        config: WorkerConfig,
        events: mpsc::Sender<Event>,
        repaint: Repaint,
    ) -> Worker {
        let (webhook_sender, webhook_events) = unbounded_channel();
        Worker {
            config,
            events,
            repaint,
            book: ProfileBook::default(),
            session: None,
            next_session: 1,
            tasks: JoinSet::new(),
            sandbox: None,
            sandbox_starting: false,
            pending_unlock: None,
            transaction_tickets: 0,
            webhooks: Webhooks {
                listener: None,
                sender: webhook_sender,
                watched_order: None,
            },
            webhook_events,
            list_budget_bytes: DEFAULT_LIST_BUDGET_MIB * MIB,
            submits_in_flight: 0,
            updates: Default::default(),
            batch_stop: Arc::default(),
        }
    }

    pub(super) fn emit(&self, event: Event) {
        // The UI may be gone while the worker winds down; nothing to do then.
        let _ = self.events.send(event);
        (self.repaint)();
    }

    /// Sends an Event that changes nothing on screen (a fetch starting, an
    /// answer identical to the last): the UI takes it in with the next
    /// frame, whenever one is drawn, and is not woken for it.
    pub(super) fn emit_quietly(&self, event: Event) {
        let _ = self.events.send(event);
    }

    pub(super) fn spawn(&mut self, task: impl Future<Output = Done> + Send + 'static) {
        self.tasks.spawn(task);
    }

    pub(super) async fn run(mut self, mut commands: UnboundedReceiver<Command>) {
        loop {
            self.start_due_fetches();
            self.start_due_update_check();
            let fetch_wake = self
                .session
                .as_ref()
                .and_then(|session| session.schedule.next_wake())
                .map(|at| tokio::time::Instant::from_std(self.config.clock.instant_at(at)));
            let wake = match (fetch_wake, self.next_update_check()) {
                (Some(fetch), Some(update)) => Some(fetch.min(update)),
                (fetch, update) => fetch.or(update),
            };
            let sleep = async move {
                match wake {
                    Some(at) => tokio::time::sleep_until(at).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.handle(command),
                    None => break,
                },
                Some(done) = self.tasks.join_next(), if !self.tasks.is_empty() => match done {
                    Ok(done) => self.finished(done),
                    Err(error) => tracing::warn!("a worker task failed: {error}"),
                },
                Some(event) = self.webhook_events.recv() => self.webhook_received(event),
                () = sleep => {}
            }
        }
        self.tasks.abort_all();
        self.finish_journal().await;
    }

    pub(super) fn start_due_fetches(&mut self) {
        let now = self.config.clock.now_ms();
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let due = session.schedule.take_due(now);
        let id = session.id;
        let client = session.client.clone();
        let budget = self.list_budget_bytes;
        for resource in due {
            self.emit_quietly(Event::FetchStarted {
                session: id,
                resource,
            });
            let client = client.clone();
            self.spawn(async move {
                let result = match fetch_answer(&client, resource, budget).await {
                    // A big list is sorted here, not on the UI thread, and
                    // the book of its states built once for the journal
                    // and the notifications.
                    Ok(answer) => blocking(move || {
                        let data = answer.data.newest_first();
                        Answer {
                            states: states_of(&data),
                            data,
                            ..answer
                        }
                    })
                    .await
                    .map_err(Error::Config),
                    Err(error) => Err(error),
                };
                Done::Fetched {
                    session: id,
                    resource,
                    result,
                }
            });
        }
    }

    pub(super) fn handle(&mut self, command: Command) {
        match command {
            Command::Start { sandbox } => self.start(sandbox),
            Command::Refresh => {
                let now = self.config.clock.now_ms();
                if let Some(session) = self.session.as_mut() {
                    session.schedule.refresh_now(now);
                }
            }
            Command::SetListBudget { mib } => {
                self.list_budget_bytes = mib.max(1).saturating_mul(MIB);
                let now = self.config.clock.now_ms();
                if let Some(session) = self.session.as_mut() {
                    session.schedule.budget_changed(now);
                }
            }
            Command::Connect(request) => self.connect(request),
            Command::OpenProfile(name) => self.open_saved(&name, false),
            Command::DeleteProfile(name) => self.delete_profile(name),
            Command::SetAccountHolder { profile, holder } => {
                self.change_book(move |book| match holder {
                    Some(holder) => {
                        book.holders.insert(profile, holder);
                    }
                    None => {
                        book.holders.remove(&profile);
                    }
                });
            }
            Command::StartSandbox => self.start_sandbox(),
            Command::Submit {
                request,
                authorized,
                outflow_answer,
            } => self.submit(request, authorized, outflow_answer),
            Command::Query(list) => {
                let Some((session, client)) = self.session_client() else {
                    return;
                };
                self.spawn(async move {
                    Done::Report(Event::QueryFinished {
                        session,
                        listed: query(&client, list).await,
                    })
                });
            }
            Command::Export(request) => self.spawn(async move {
                let kind = request.records.kind();
                let path = request.path.clone();
                let result = blocking(move || write_export(&request))
                    .await
                    .unwrap_or_else(|reason| Err(FileError::lost(&path, reason)));
                Done::Report(Event::Exported { kind, result })
            }),
            Command::ExportExtrato(request) => self.spawn(async move {
                let path = request.path.clone();
                let result = blocking(move || write_extrato_file(&request))
                    .await
                    .unwrap_or_else(|reason| Err(FileError::lost(&path, reason)));
                Done::Report(Event::Exported {
                    kind: ExportKind::Extrato,
                    result,
                })
            }),
            Command::Onboarding(command) => self.spawn(async move {
                Done::Report(Event::Onboarding(onboarding::task::run(command).await))
            }),
            Command::Orders(command) => self.handle_orders(command),
            Command::Events(command) => self.handle_events(command),
            Command::CheckPassphrase {
                purpose,
                attempt,
                passphrase,
            } => self.check_passphrase(purpose, attempt, passphrase),
            Command::SealProfile { passphrase } => self.seal_profile(passphrase),
            Command::ReadEnvironmentProfile => self.read_environment_profile(),
            Command::Journal(command) => self.handle_journal(command),
            Command::Recipients(command) => {
                // Beside the profile file: the person's, for every profile.
                let path = self
                    .config
                    .profile_path
                    .as_deref()
                    .map(brlv_core::recipients::RecipientBook::path_beside);
                self.spawn(async move {
                    let event = blocking(move || {
                        crate::app::features::recipients::task::run(command, path)
                    })
                    .await
                    .unwrap_or_else(|reason| {
                        crate::app::features::recipients::message::RecipientsEvent::Saved(Err(
                            brlv_core::recipients::RecipientsError::Io {
                                action: "write",
                                path: std::path::PathBuf::new(),
                                reason,
                            },
                        ))
                    });
                    Done::Report(Event::Recipients(event))
                });
            }
            Command::ChooseFile { purpose, request } => {
                let dialogs = Arc::clone(&self.config.dialogs);
                self.spawn(async move {
                    let answer = dialogs.ask(request).await;
                    Done::Report(Event::FileChosen { purpose, answer })
                });
            }
            Command::Taxes(command) => self.handle_taxes(command),
            Command::Updates(command) => self.handle_updates(command),
            Command::Batch(command) => self.handle_batch(command),
            Command::SaveReceipt(request) => self.spawn(async move {
                let movement = request.receipt.id;
                let path = request.path.clone();
                let result = blocking(move || write_receipt(&request))
                    .await
                    .unwrap_or_else(|reason| Err(FileError::lost(&path, reason)));
                Done::Report(Event::ReceiptSaved { movement, result })
            }),
        }
    }

    pub(super) fn finished(&mut self, done: Done) {
        match done {
            Done::Fetched {
                session,
                resource,
                result,
            } => self.fetched(session, resource, result),
            Done::Tested { open, result } => match result {
                Ok(()) => self.open(open),
                Err(error) => self.emit(Event::ConnectFailed(error)),
            },
            Done::Open(open) => self.open(open),
            Done::Saved { profile, result } => match result {
                Ok(()) => {
                    let name = profile.name.clone();
                    self.change_book(|book| {
                        // Saved anew: it goes straight to its service, as its
                        // key signed it.
                        book.set_network(&profile.name, NetworkPath::default());
                        book.upsert(profile);
                        book.last_used = Some(name.clone());
                    });
                    self.emit(notice(NoticeKind::ProfileSaved(name), ""));
                }
                Err(error) => {
                    if let Some(session) = self.session.as_mut()
                        && session.profile == profile
                    {
                        session.kind = ProfileKind::Unsaved;
                    }
                    self.emit(notice(NoticeKind::ProfileNotSaved(profile.name), error));
                }
            },
            Done::Deleted { name, result } => match result {
                Ok(()) => {
                    self.delete_journal(&name);
                    self.change_book(|book| {
                        book.remove(&name);
                    });
                    let closes_session = self.session.as_ref().is_some_and(|session| {
                        session.profile.name == name && session.kind == ProfileKind::Saved
                    });
                    if closes_session && let Some(session) = self.session.take() {
                        self.emit(Event::SessionEnded(session.id));
                    }
                    self.emit(notice(NoticeKind::ProfileDeleted(name), ""));
                }
                Err(error) => {
                    self.emit(notice(NoticeKind::ProfileNotDeleted(name), error));
                }
            },
            Done::SandboxStarted { sandbox, open } => {
                self.sandbox = Some(sandbox);
                self.sandbox_starting = false;
                self.open(open);
                self.wire_sandbox_webhooks();
            }
            Done::StartupFinished => self.emit(Event::StartupFinished),
            Done::Report(event) => self.emit(event),
            Done::Submitted {
                session,
                form,
                outcome,
                refresh,
            } => {
                self.submits_in_flight = self.submits_in_flight.saturating_sub(1);
                self.submitted(session, form, outcome, refresh);
            }
            Done::Resettled {
                session,
                form,
                outcome,
            } => {
                self.refresh_after(session, super::submit::refresh_after(form));
                self.emit(Event::Resettled {
                    session,
                    form,
                    outcome,
                });
                // The settling was kept: the send no longer counts as one
                // whose outcome is not known (unless it cannot be told).
                self.tell_unsettled();
            }
            Done::SandboxFailed => self.sandbox_starting = false,
            // A batch of payouts ended (finished, stopped or failed).
            Done::SubmitEnded => {
                self.submits_in_flight = self.submits_in_flight.saturating_sub(1);
                // Its rows sent without an answer count in the next review.
                self.tell_unsettled();
            }
            Done::Sequence(steps) => {
                for step in steps {
                    self.finished(step);
                }
            }
            Done::Webhooks(done) => self.finished_webhooks(done),
            Done::UpdateChecked(event) => self.update_checked(event),
            Done::UpdaterReady { version, result } => self.updater_ready(version, result),
            Done::NeedsUnlock(pending) => {
                let profile = pending.profile.clone();
                self.pending_unlock = Some(pending);
                self.emit(Event::UnlockNeeded(profile));
            }
            Done::Unlocked { attempt, open } => {
                self.pending_unlock = None;
                self.emit(Event::PassphraseChecked {
                    purpose: PassphrasePurpose::Unlock,
                    attempt,
                    accepted: true,
                });
                self.open(open);
            }
            Done::TransactionChecked {
                session,
                attempt,
                accepted,
            } => {
                if accepted && self.session.as_ref().is_some_and(|open| open.id == session) {
                    self.transaction_tickets = self.transaction_tickets.saturating_add(1);
                }
                self.emit(Event::PassphraseChecked {
                    purpose: PassphrasePurpose::Transaction,
                    attempt,
                    accepted,
                });
            }
            Done::Sealed { session, result } => {
                let open = self.session.as_mut().filter(|open| open.id == session);
                match (open, result) {
                    (Some(open), Ok(sealed)) => {
                        open.sealed_key = Some(sealed);
                        open.plain_secrets = None;
                        self.emit(Event::ProfileSealed(Ok(())));
                    }
                    (_, Err(reason)) => self.emit(Event::ProfileSealed(Err(reason))),
                    (None, Ok(_)) => {}
                }
            }
        }
    }

    pub(super) fn session_client(&self) -> Option<(SessionId, Client)> {
        self.session
            .as_ref()
            .map(|session| (session.id, session.client.clone()))
    }

    pub(super) fn submit(
        &mut self,
        request: SubmitRequest,
        authorized: Option<Authorized>,
        outflow_answer: Option<brlv_core::tax::OutflowAnswer>,
    ) {
        let (Some((session, client)), Some(journal)) =
            (self.session_client(), self.session_journal())
        else {
            return;
        };
        let form = request.form();
        if self.updates.updater_started {
            // The window is closing for the updater: a request sent now could
            // be cut off before its answer.
            self.emit(Event::Submitted {
                session,
                form,
                outcome: SubmitOutcome::Refused(Error::Config(
                    "brlv-desk is closing to install an update; nothing was sent".to_owned(),
                )),
            });
            return;
        }
        let (sealed, sandbox) = self.session.as_ref().map_or((false, false), |open| {
            (open.sealed_key.is_some(), open.kind == ProfileKind::Sandbox)
        });
        if request.moves_money() {
            // The window asks first; this holds even if some path did not.
            let passed = authorized.as_ref().is_some_and(|proof| {
                proof.covers(&request)
                    && match proof.guard() {
                        Guard::Passphrase => sealed,
                        Guard::TypedWord => !sealed && !sandbox,
                        Guard::Demo => sandbox,
                    }
            });
            let refusal = if !passed {
                Some(
                    "this request did not pass the passphrase or the typed confirmation; nothing was sent",
                )
            } else if sealed && self.transaction_tickets == 0 {
                Some("no passphrase was given for this request; nothing was sent")
            } else {
                None
            };
            if let Some(reason) = refusal {
                tracing::warn!(
                    ?form,
                    "a money-moving request came without its proof; refused"
                );
                self.emit(Event::Submitted {
                    session,
                    form,
                    outcome: SubmitOutcome::Refused(Error::Config(reason.to_owned())),
                });
                return;
            }
            if sealed {
                self.transaction_tickets -= 1;
            }
        }
        self.submits_in_flight += 1;
        if let SubmitRequest::Batch(batch) = request {
            self.run_batch(client, journal, *batch);
            return;
        }
        self.spawn(async move {
            let (outcome, refresh, problem) =
                journal::submit_journaled(&client, &journal, request, outflow_answer).await;
            let submitted = Done::Submitted {
                session,
                form,
                outcome,
                refresh,
            };
            match journal::problem_notice(problem) {
                Some(told) => Done::Sequence(vec![submitted, told]),
                None => submitted,
            }
        });
    }

    pub(super) fn submitted(
        &mut self,
        session: SessionId,
        form: FormKind,
        outcome: SubmitOutcome,
        refresh: &'static [ResourceKey],
    ) {
        // A refusal changed nothing; anything else is worth reading again.
        if !matches!(outcome, SubmitOutcome::Refused(_)) {
            self.refresh_after(session, refresh);
        }
        if let SubmitOutcome::NotYetKnown { error, sent, .. } = &outcome {
            self.settle_once_known(session, form, error.clone(), (**sent).clone());
        }
        self.emit(Event::Submitted {
            session,
            form,
            outcome,
        });
        // A send that ended without an answer (or cannot be told) counts
        // in the next review at once, not only after the next start.
        self.tell_unsettled();
    }

    /// Reads `refresh` again at once, on the connection `session` if it is
    /// still open.
    fn refresh_after(&mut self, session: SessionId, refresh: &[ResourceKey]) {
        let now = self.config.clock.now_ms();
        if let Some(open) = self.session.as_mut().filter(|open| open.id == session) {
            for resource in refresh {
                open.schedule.refresh_one(*resource, now);
            }
        }
    }

    pub(super) fn fetched(
        &mut self,
        session_id: SessionId,
        resource: ResourceKey,
        result: Result<Answer, Error>,
    ) {
        let now = self.config.clock.now_ms();
        let Some(session) = self
            .session
            .as_mut()
            .filter(|session| session.id == session_id)
        else {
            return;
        };
        let outcome = match &result {
            Ok(answer) => FetchOutcome::Loaded {
                in_motion: answer.data.in_motion(),
            },
            Err(Error::ListOverBudget { .. } | Error::ResponseTooLarge { .. }) => {
                FetchOutcome::OverBudget
            }
            Err(error) => FetchOutcome::Failed {
                retry_after_ms: error
                    .retry_after()
                    .map(|wait| u64::try_from(wait.as_millis()).unwrap_or(u64::MAX)),
            },
        };
        let bytes = result.as_ref().map_or(0, |answer| answer.bytes);
        let next_at = session.schedule.finish_sized(resource, outcome, bytes, now);
        let journal = session.journal.clone();
        let mut states = None;
        let result = match result {
            Ok(answer) => {
                let unchanged = session.fingerprints.get(&resource) == Some(&answer.fingerprint);
                if unchanged {
                    return self.emit_quietly(Event::FetchUnchanged {
                        session: session_id,
                        resource,
                        at: now,
                        next_at,
                    });
                }
                follow_motion(&mut session.schedule, resource, &answer, now);
                session.fingerprints.insert(resource, answer.fingerprint);
                states = answer.states;
                Ok(answer.data)
            }
            Err(error) => {
                // The next answer is news whatever it is.
                session.fingerprints.remove(&resource);
                Err(error)
            }
        };
        if let Ok(data) = &result {
            self.journal_fetched(&journal, data, states.clone());
        }
        if let Some(states) = states {
            self.emit_quietly(Event::ListStates {
                session: session_id,
                resource,
                states,
            });
        }
        self.emit(Event::FetchFinished {
            session: session_id,
            resource,
            result,
            at: now,
            next_at,
        });
    }
}

/// Keeps the orders in motion followed one by one while their list is too
/// big to re-read as often as they move, and stops following an order once
/// it has settled (its settling already made the balances due).
fn follow_motion(schedule: &mut Schedule, resource: ResourceKey, answer: &Answer, now: Millis) {
    match (resource, &answer.data) {
        (ResourceKey::Orders, Fetched::Orders(rows)) => {
            let big = Schedule::too_big_to_follow_motion(answer.bytes);
            let moving = rows
                .iter()
                .filter(|order| big && order.state.as_ref().is_some_and(|s| s.is_in_motion()))
                .map(|order| order.id);
            schedule.follow(moving, now);
        }
        (ResourceKey::OrderInMotion(_), data) if !data.in_motion() => schedule.remove(resource),
        _ => {}
    }
}
