//! Payouts from a file, on the worker: the file read and checked by the
//! core ([`brlv_core::payouts::check`]), what the journal says of it
//! ([`run::plan`]) and the balances; then, once the lock's proof was
//! checked (`dispatch.rs`), the core's batch runner ([`run::run`]) on the
//! journal's own thread, which owns the store the runner writes each row
//! into before it leaves. That thread runs nothing else meanwhile, so the
//! journal's other writes wait for the batch, in order.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use brlv_core::api::Client;
use brlv_core::payouts::run::{self, PlanError, Progress};
use brlv_core::payouts::{self, Batch};

use crate::app::features::journal::task::JournalHandle;
use crate::app::features::withdrawals::batch::{
    Balances, BatchCommand, BatchEvent, BatchReport, CheckedFile, FileProblem, FinishedRun,
};
use crate::app::message::Event;
use crate::app::submit::BatchRequest;

use super::state::{Done, Worker, blocking};

impl Worker {
    pub(super) fn handle_batch(&mut self, command: BatchCommand) {
        match command {
            BatchCommand::Check {
                path,
                again,
                duplicate_days,
            } => {
                let client = self.session.as_ref().map(|open| open.client.clone());
                let journal = self.session_journal();
                self.spawn(async move {
                    let checked = match (client, journal) {
                        (Some(client), Some(journal)) => {
                            check_file(path, again, duplicate_days, &client, &journal).await
                        }
                        _ => Err(FileProblem::NoSession),
                    };
                    Done::Report(Event::Batch(BatchEvent::Checked(checked)))
                });
            }
            BatchCommand::Stop => self.batch_stop.store(true, Ordering::SeqCst),
            BatchCommand::SaveResult {
                path,
                batch,
                rows,
                states,
            } => self.spawn(async move {
                let written = blocking(move || write_result(path, &batch, &rows, &states))
                    .await
                    .and_then(|result| result);
                Done::Report(Event::Batch(BatchEvent::ResultSaved(written)))
            }),
        }
    }

    /// Runs a batch that passed the lock: each row told as it goes, the
    /// report at the end.
    pub(super) fn run_batch(
        &mut self,
        client: Client,
        journal: JournalHandle,
        request: BatchRequest,
    ) {
        let stop = Arc::new(AtomicBool::new(false));
        self.batch_stop = stop.clone();
        let events = self.events.clone();
        let repaint = self.repaint.clone();
        let runtime = tokio::runtime::Handle::current();
        self.spawn(async move {
            let ran = journal
                .run(move |book| {
                    let mut tell = |progress: Progress<'_>| {
                        let _ = events.send(Event::Batch(BatchEvent::Progress {
                            position: progress.position,
                            total: progress.total,
                            sent_now: progress.sent_now,
                            outcome: progress.outcome.clone(),
                        }));
                        repaint();
                    };
                    // The journal's thread is no runtime thread: it waits
                    // here while the runner's requests run on the worker's.
                    let check = run::Check {
                        again: request.options.again,
                        duplicate_days: request.duplicate_days,
                    };
                    Ok(runtime.block_on(async {
                        let mut prepared =
                            run::prepare(&client, &mut book.store, &request.batch, check).await?;
                        // The rows the person ticked "Send anyway" on.
                        prepared.send_anyway = request.send_anyway.clone();
                        run::run_prepared(
                            &client,
                            &mut book.store,
                            &request.batch,
                            prepared,
                            request.options,
                            &mut tell,
                            &stop,
                        )
                        .await
                    }))
                })
                .await;
            let finished = match ran {
                Ok(Ok(report)) => Ok(BatchReport {
                    rows: report.rows,
                    sent: report.sent,
                    cancelled: report.cancelled,
                    finished: report.finished,
                }),
                Ok(Err(error)) => Err(error.to_string()),
                Err(error) => Err(error.to_string()),
            };
            Done::Sequence(vec![
                Done::SubmitEnded,
                Done::Report(Event::Batch(BatchEvent::Finished(finished))),
            ])
        });
    }
}

/// Reads and checks the file, what the journal says of it, and the
/// balances it would be paid from.
async fn check_file(
    path: PathBuf,
    again: bool,
    duplicate_days: u32,
    client: &Client,
    journal: &JournalHandle,
) -> Result<Box<CheckedFile>, FileProblem> {
    let reading = path.clone();
    let bytes = blocking(move || std::fs::read(&reading).map_err(|error| error.to_string()))
        .await
        .and_then(|read| read)
        .map_err(FileProblem::Unreadable)?;
    let checked = blocking(move || payouts::check(&bytes))
        .await
        .map_err(FileProblem::Unreadable)?
        .map_err(FileProblem::File)?;
    let mut file = CheckedFile {
        path,
        checked,
        again,
        plan: None,
        finished: None,
        journal_error: None,
        balances: Balances::NotRead,
        repeats: Vec::new(),
        send_anyway: std::collections::BTreeSet::new(),
    };
    let Some(batch) = file.batch() else {
        return Ok(Box::new(file));
    };
    let planned = journal
        .run(move |book| Ok(run::plan(&batch, &book.store, again)))
        .await;
    match planned {
        Ok(Ok(plan)) => file.plan = Some(plan),
        Ok(Err(PlanError::Finished {
            rows,
            started_at,
            finished_at,
            ..
        })) => {
            file.finished = Some(FinishedRun {
                rows,
                started_at,
                finished_at,
            });
            return Ok(Box::new(file));
        }
        Ok(Err(error)) => {
            file.journal_error = Some(error.to_string());
            return Ok(Box::new(file));
        }
        Err(error) => {
            file.journal_error = Some(error.to_string());
            return Ok(Box::new(file));
        }
    }
    file.repeats = find_repeats(&file, duplicate_days, client, journal).await;
    // The balances are checked against every row the journal would send,
    // the repeating ones included: ticking "Send anyway" on one later can
    // never send more than was checked.
    let all_to_send = file
        .batch()
        .zip(file.plan.as_ref())
        .map(|(batch, plan)| plan.to_send(&batch));
    if let Some(to_send) = all_to_send.filter(|summary| summary.rows > 0) {
        file.balances = read_balances(client, &to_send).await;
    }
    Ok(Box::new(file))
}

/// The earlier payouts each row to send repeats, by the core's one
/// comparison ([`run::repeats`]): the service's withdrawals as read now,
/// and this device's sends whose outcome is not known. A list that cannot
/// be read compares nothing here; the run reads it again before anything
/// leaves and refuses to send without it.
async fn find_repeats(
    file: &CheckedFile,
    days: u32,
    client: &Client,
    journal: &JournalHandle,
) -> Vec<Vec<brlv_core::duplicates::Duplicate>> {
    let (Some(batch), Some(plan)) = (file.batch(), file.plan.clone()) else {
        return Vec::new();
    };
    let records: Vec<serde_json::Value> = match client.list_withdrawals(None).await {
        Ok(withdrawals) => withdrawals
            .iter()
            .filter_map(|withdrawal| serde_json::to_value(withdrawal).ok())
            .collect(),
        Err(error) => {
            tracing::warn!("the withdrawals could not be read to compare the file's rows: {error}");
            return Vec::new();
        }
    };
    journal
        .run(move |book| {
            let posts = book.store.posts(None)?;
            Ok(run::repeats(
                &batch,
                &plan,
                &records,
                &posts,
                days,
                time::OffsetDateTime::now_utc(),
            ))
        })
        .await
        .unwrap_or_default()
}

/// The balances the rows to send are paid from, compared with their totals.
async fn read_balances(client: &Client, to_send: &payouts::Summary) -> Balances {
    match payouts::read_balances(client, &to_send.totals).await {
        Ok(balances) => Balances::Read(payouts::check_balances(&to_send.totals, &balances)),
        Err(unread) => Balances::Unreadable(format!("{}: {}", unread.balance, unread.error)),
    }
}

/// Writes the result file, owner-only (it names the payees).
fn write_result(
    path: PathBuf,
    batch: &Batch,
    rows: &[run::RowOutcome],
    states: &run::ServiceStates,
) -> Result<PathBuf, String> {
    let file = brlv_core::private_file::create(&path).map_err(|error| error.to_string())?;
    let mut writer = std::io::BufWriter::new(file);
    run::result_csv(batch, rows, states, &mut writer).map_err(|error| error.to_string())?;
    writer
        .into_inner()
        .map_err(|error| error.to_string())?
        .sync_all()
        .map_err(|error| error.to_string())?;
    Ok(path)
}
