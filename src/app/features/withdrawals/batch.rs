//! Payouts from a file (*pagamento em lote*) in the Withdrawals view: the
//! file as the worker read and checked it with the core
//! ([`brlv_core::payouts`]), one confirmation for the whole batch, each
//! row's outcome as the worker's run of the core's batch runner tells it,
//! pause and cancel (both stop before the next row; the journal keeps the
//! run, so sending again resumes it), and the result.
//!
//! Nothing here reads, sends or writes: the worker does (`worker/batch.rs`).

use std::collections::BTreeSet;
use std::path::PathBuf;

use time::OffsetDateTime;
use uuid::Uuid;

use brlv_core::api::model::Withdrawal;
use brlv_core::duplicates::Duplicate;
use brlv_core::journal::settle::ListKind;
use brlv_core::journal::{PostEntry, PostRecord};
use brlv_core::payment_stage::PaymentStage;
use brlv_core::payouts::run::{self, Options, Plan, RowOutcome, ServiceStates};
use brlv_core::payouts::{BalanceCheck, Batch, Checked, FileError, Summary};

use crate::app::error_text::Localize as _;
use crate::app::form::FieldError;
use crate::app::i18n::{Language, tr, tr_with};
use crate::app::resources::Rows;
use crate::app::submit::{BatchRequest, SubmitRequest};
use brlv_core::api::payout::TedFieldError;
use brlv_core::payouts::CellProblem;

/// What is wrong with a cell, in the person's language: the forms' own
/// words where the forms check the same thing.
pub fn cell_problem_text(language: Language, problem: &CellProblem) -> String {
    let method = crate::app::format::method_name;
    match problem {
        CellProblem::MethodEmpty => tr(language, "batch.cell_method_empty").into_owned(),
        CellProblem::MethodUnknown(written) => tr_with(
            language,
            "batch.cell_method_unknown",
            &[("written", written)],
        ),
        CellProblem::TokenAssetEmpty => tr(language, "batch.cell_token_asset_empty").into_owned(),
        CellProblem::AssetUnknown(written) => tr_with(
            language,
            "batch.cell_asset_unknown",
            &[("written", written)],
        ),
        CellProblem::AssetNotBrl {
            method: name,
            asset,
        } => tr_with(
            language,
            "err.field.method_needs_brl",
            &[("method", &method(name)), ("asset", asset)],
        ),
        CellProblem::AssetNotToken {
            method: name,
            asset,
        } => tr_with(
            language,
            "err.field.token_needs_token",
            &[("method", &method(name)), ("asset", asset)],
        ),
        CellProblem::OtherMethodsColumn { method: name } => tr_with(
            language,
            "batch.cell_other_method",
            &[("method", &method(name))],
        ),
        CellProblem::MissingColumn { method: name } => tr_with(
            language,
            "batch.cell_missing_column",
            &[("method", &method(name))],
        ),
        CellProblem::Empty { method: name } => {
            tr_with(language, "batch.cell_empty", &[("method", &method(name))])
        }
        CellProblem::Amount(error) => error.localize(language),
        CellProblem::PixKey(error) => error.localize(language),
        CellProblem::AmbiguousPixKey { digits, phone } => tr_with(
            language,
            "batch.cell_pix_key_ambiguous",
            &[("digits", digits), ("phone", phone)],
        ),
        CellProblem::PixKeyType(written) => {
            tr_with(language, "batch.cell_pix_key_type", &[("written", written)])
        }
        CellProblem::Address(error) => error.localize(language),
        CellProblem::Ted(error) => match error {
            TedFieldError::BankCode(_) => FieldError::BankCode.localize(language),
            TedFieldError::Branch(_) => FieldError::Branch.localize(language),
            TedFieldError::Account(_) => FieldError::BankAccount.localize(language),
            TedFieldError::Document(_) => FieldError::NotADocument.localize(language),
            TedFieldError::AccountType(_) => tr(language, "batch.cell_account_type").into_owned(),
            TedFieldError::Name => tr(language, "batch.cell_name").into_owned(),
        },
        CellProblem::NotADocument(kind) => {
            tr_with(language, "batch.cell_not_a_document", &[("kind", kind)])
        }
        CellProblem::Reference => tr_with(
            language,
            "batch.cell_reference",
            &[("max", &brlv_core::payouts::MAX_REFERENCE_CHARS.to_string())],
        ),
    }
}

/// What the worker is asked for about a file of payouts.
#[derive(Debug)]
pub enum BatchCommand {
    /// Read and check the file, what the journal says of it, the rows
    /// that repeat an earlier payout, and the balances; `again`: a file
    /// whose run finished is to be paid again.
    Check {
        /// The file.
        path: PathBuf,
        /// Pay a finished file again.
        again: bool,
        /// How many days back the service's withdrawals are compared.
        duplicate_days: u32,
    },
    /// Stop the running batch before its next row.
    Stop,
    /// Write the result file: every row, its outcome and the service's id.
    SaveResult {
        /// Where.
        path: PathBuf,
        /// The batch.
        batch: Batch,
        /// Each row's outcome, in the batch's order.
        rows: Vec<RowOutcome>,
        /// The service's state of each row it holds, as last read.
        states: ServiceStates,
    },
}

/// The balances the rows to send are paid from, as read before sending.
#[derive(Debug, Clone, PartialEq)]
pub enum Balances {
    /// Nothing to check (no row to send, or the file has errors).
    NotRead,
    /// Read and compared with the totals.
    Read(BalanceCheck),
    /// A balance could not be read; nothing may be sent.
    Unreadable(String),
}

/// A file's run that finished: the file was paid already.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FinishedRun {
    /// How many rows it had.
    pub rows: u64,
    /// When it started.
    pub started_at: OffsetDateTime,
    /// When it finished.
    pub finished_at: OffsetDateTime,
}

/// A file as the worker read and checked it.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedFile {
    /// The file.
    pub path: PathBuf,
    /// Each row's check.
    pub checked: Checked,
    /// It was asked to be paid again.
    pub again: bool,
    /// What the journal says of it (only for a file with no wrong row).
    pub plan: Option<Plan>,
    /// Its run finished already: it is paid again only when the person says so.
    pub finished: Option<FinishedRun>,
    /// The journal could not be read: nothing may be sent.
    pub journal_error: Option<String>,
    /// The balances.
    pub balances: Balances,
    /// For each row, in the batch's order, the earlier payouts it repeats
    /// (the service's, or this device's in flight), found when the file
    /// was checked: empty for a row that repeats none.
    pub repeats: Vec<Vec<Duplicate>>,
    /// The rows (their places in the batch) the person chose to send
    /// although they repeat an earlier payout ("Send anyway", unticked
    /// until ticked); every other repeating row is skipped and listed.
    pub send_anyway: BTreeSet<usize>,
}

impl CheckedFile {
    /// The batch, when every row passed and none looks like another.
    pub fn batch(&self) -> Option<Batch> {
        (self.checked.errors.is_empty()
            && self.checked.identical.is_empty()
            && !self.checked.rows.is_empty())
        .then(|| Batch {
            id: self.checked.id.clone(),
            file_sha256: self.checked.file_sha256.clone(),
            rows: self.checked.rows.clone(),
        })
    }

    /// Every row of the file: how many passed and failed.
    pub fn row_count(&self) -> usize {
        let mut failed: Vec<u64> = self.checked.errors.iter().map(|error| error.row).collect();
        failed.sort_unstable();
        failed.dedup();
        self.checked.rows.len() + failed.len()
    }

    /// Whether row `index` repeats an earlier payout and the person has
    /// not chosen to send it: a run skips it. A file paid again as asked
    /// sends every row.
    pub fn skips(&self, index: usize) -> bool {
        !self.again
            && !self.send_anyway.contains(&index)
            && self
                .repeats
                .get(index)
                .is_some_and(|found| !found.is_empty())
    }

    /// What a run would send now, and its totals: the rows the journal
    /// sends, less those it skips as repeats.
    pub fn to_send(&self) -> Option<Summary> {
        let batch = self.batch()?;
        let plan = self.plan.as_ref()?;
        Some(Summary::of(
            batch
                .rows
                .iter()
                .zip(&plan.rows)
                .enumerate()
                .filter(|(index, (_, state))| state.sends() && !self.skips(*index))
                .map(|(_, (row, _))| row),
        ))
    }

    /// Whether nothing stands in the way of sending.
    pub fn sendable(&self) -> bool {
        self.journal_error.is_none()
            && self.finished.is_none()
            && matches!(&self.balances, Balances::Read(check) if check.covers())
            && self.to_send().is_some_and(|summary| summary.rows > 0)
    }
}

/// Why a file could not be checked at all.
#[derive(Debug, Clone, PartialEq)]
pub enum FileProblem {
    /// It could not be read from the disk.
    Unreadable(String),
    /// The core refused it whole (not CSV, a wrong header, no rows).
    File(FileError),
    /// No account is open.
    NoSession,
}

/// How a run ended, as the worker tells it.
#[derive(Debug, Clone, PartialEq)]
pub struct BatchReport {
    /// Each row's outcome, in the batch's order.
    pub rows: Vec<RowOutcome>,
    /// How many rows this run sent.
    pub sent: usize,
    /// Stopped (paused or cancelled) before every row was sent.
    pub cancelled: bool,
    /// Every row's outcome is final: the file is recorded as paid.
    pub finished: bool,
}

/// What the worker tells of a file of payouts.
#[derive(Debug)]
pub enum BatchEvent {
    /// The file was read and checked, or why not.
    Checked(Result<Box<CheckedFile>, FileProblem>),
    /// A row was sent, or told from the journal.
    Progress {
        /// Its place in the file, 1-based.
        position: usize,
        /// How many rows the file has.
        total: usize,
        /// It was sent in this run.
        sent_now: bool,
        /// How it ended (for now).
        outcome: RowOutcome,
    },
    /// The run ended, or could not run (the journal's error).
    Finished(Result<BatchReport, String>),
    /// The worker refused the batch (it came without the lock's proof).
    Refused(String),
    /// The result file was written, or not.
    ResultSaved(Result<PathBuf, String>),
}

/// What the person asked of a running batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopAsked {
    /// Pause: resume later from where it stopped.
    Pause,
    /// Cancel: show the result of what was sent.
    Cancel,
}

/// The high half of the id a row in flight is compared under: no journal
/// POST's id (a v4 UUID) has it.
const ROW_IN_FLIGHT: u64 = u64::from_be_bytes(*b"file-row");

/// A row of the running batch still on its way
/// ([`BatchState::rows_in_flight`]).
#[derive(Debug, Clone, PartialEq)]
pub struct RowInFlight {
    /// Its row in the file, 1-based, as the batch screen numbers it.
    pub row: u64,
    /// The send it is, as the core compares it.
    pub send: PostEntry,
}

/// The "Pay from a file" part of the Withdrawals view.
#[derive(Clone, Debug, Default)]
pub struct BatchState {
    /// The file's path as typed (or as chosen in the dialog).
    pub path: String,
    /// The worker is reading it.
    pub checking: bool,
    /// The file as checked.
    pub file: Option<Box<CheckedFile>>,
    /// Why it could not be checked.
    pub problem: Option<FileProblem>,
    /// The confirmation (total and count) is shown.
    pub confirming: bool,
    /// Send no further row once one is not done.
    pub stop_at_first_failure: bool,
    /// The batch was handed to the lock and the worker; it is running.
    pub sending: bool,
    /// Pause or Cancel was pressed while it runs.
    pub stop_asked: Option<StopAsked>,
    /// Each row's outcome as told while it runs (by place in the batch).
    pub progress: Vec<Option<RowOutcome>>,
    /// The last row told, 1-based.
    pub position: usize,
    /// How the last run ended.
    pub report: Option<BatchReport>,
    /// The last run was paused (it resumes from where it stopped).
    pub paused: bool,
    /// Why the run could not go (refused, the journal's error).
    pub failure: Option<String>,
    /// The result file's path, as typed.
    pub result_path: String,
    /// The result file is being written.
    pub saving_result: bool,
    /// How the last result file write ended.
    pub result_saved: Option<Result<PathBuf, String>>,
    /// Scroll the checked file into view once (it was named on the command line).
    pub scroll_into_view: bool,
    /// How many days back a file's rows are compared with the service's
    /// withdrawals (Settings); the core's default until the view says.
    pub duplicate_days: Option<u32>,
    /// The service's state of each row it holds, by withdrawal id, from the
    /// withdrawals list as it last arrived: a row accepted is followed
    /// until the service pays it or fails it.
    pub service_states: ServiceStates,
    /// The list [`BatchState::service_states`] was read from, so it is
    /// read once per arrival and not on every frame.
    followed: Option<Rows<Withdrawal>>,
    /// The journal's unsettled sends the file's rows were last compared
    /// with ([`BatchState::compare_unsettled`]), so they are compared once
    /// per telling and not on every frame.
    compared_unsettled: Option<std::sync::Arc<Vec<PostEntry>>>,
}

impl BatchState {
    /// Asks for the file at the typed path to be checked (`again`: the
    /// person chose to pay a finished file again).
    pub fn check(&mut self, again: bool) -> Option<BatchCommand> {
        let path = self.path.trim();
        if path.is_empty() || self.checking || self.sending {
            return None;
        }
        let path = PathBuf::from(path);
        let duplicate_days = self
            .duplicate_days
            .unwrap_or(brlv_core::duplicates::DEFAULT_DAYS);
        *self = BatchState {
            path: self.path.clone(),
            checking: true,
            stop_at_first_failure: self.stop_at_first_failure,
            duplicate_days: self.duplicate_days,
            ..BatchState::default()
        };
        Some(BatchCommand::Check {
            path,
            again,
            duplicate_days,
        })
    }

    /// The request for the lock and the worker, when it can be sent; its
    /// rows compared for repeats over `duplicate_days`.
    pub fn request(&self, duplicate_days: u32) -> Option<SubmitRequest> {
        let file = self.file.as_ref().filter(|file| file.sendable())?;
        Some(SubmitRequest::Batch(Box::new(BatchRequest {
            batch: file.batch()?,
            options: Options {
                again: file.again,
                stop_at_first_failure: self.stop_at_first_failure,
            },
            duplicate_days,
            send_anyway: file.send_anyway.clone(),
        })))
    }

    /// The request that resumes a paused or stopped run: the journal keeps
    /// the run, so the core sends only what it did not send yet.
    pub fn request_resume(&self, duplicate_days: u32) -> Option<SubmitRequest> {
        let file = self.file.as_ref()?;
        Some(SubmitRequest::Batch(Box::new(BatchRequest {
            batch: file.batch()?,
            options: Options {
                again: file.again,
                stop_at_first_failure: self.stop_at_first_failure,
            },
            duplicate_days,
            send_anyway: file.send_anyway.clone(),
        })))
    }

    /// The request was handed to the lock: the run starts (or waits for the
    /// passphrase, then starts).
    pub fn started(&mut self) {
        let rows = self.file.as_ref().map_or(0, |file| file.checked.rows.len());
        self.confirming = false;
        self.sending = true;
        self.stop_asked = None;
        self.paused = false;
        self.report = None;
        self.failure = None;
        self.position = 0;
        self.progress = vec![None; rows];
    }

    /// The default result file: `FILE.result.csv` beside the file, as the
    /// command line writes it.
    pub fn default_result_path(&self) -> String {
        let path = self
            .file
            .as_ref()
            .map(|file| file.path.display().to_string())
            .unwrap_or_else(|| self.path.trim().to_owned());
        format!("{path}.result.csv")
    }

    /// The withdrawal id of each row the service holds, in this run or
    /// the last.
    fn held_ids(&self) -> std::collections::BTreeSet<&str> {
        self.progress
            .iter()
            .flatten()
            .chain(self.report.iter().flat_map(|report| &report.rows))
            .filter_map(RowOutcome::id)
            .collect()
    }

    /// Follows each row the service holds in `listed` (the withdrawals
    /// list as it last arrived): read again only when a new list arrived.
    pub fn follow(&mut self, listed: Option<&Rows<Withdrawal>>) {
        let Some(listed) = listed else {
            return;
        };
        if self
            .followed
            .as_ref()
            .is_some_and(|followed| std::sync::Arc::ptr_eq(followed, listed))
        {
            return;
        }
        let held = self.held_ids();
        if held.is_empty() {
            return;
        }
        let states = run::service_states(
            listed
                .iter()
                .filter(|withdrawal| held.contains(withdrawal.id.to_string().as_str())),
        );
        self.service_states.extend(states);
        self.followed = Some(std::sync::Arc::clone(listed));
    }

    /// The rows of the running batch still on their way in this window:
    /// those its run sends and has not told yet (queued, or leaving now)
    /// and those it sent whose answer has not come. Each is a send in
    /// flight as the core's comparison takes it ([`brlv_core::duplicates`]),
    /// under an id of its own so that a review names its row; `now` stands
    /// for when it left. None once the run ended: the journal then holds
    /// the rows sent without an answer.
    pub fn rows_in_flight(&self, now: OffsetDateTime) -> Vec<RowInFlight> {
        let Some(file) = self.file.as_ref().filter(|_| self.sending) else {
            return Vec::new();
        };
        let Some(plan) = file.plan.as_ref() else {
            return Vec::new();
        };
        file.checked
            .rows
            .iter()
            .zip(&plan.rows)
            .enumerate()
            .filter(|(index, (_, planned))| {
                planned.sends()
                    && !file.skips(*index)
                    && matches!(
                        self.progress.get(*index),
                        None | Some(None | Some(RowOutcome::Pending { .. }))
                    )
            })
            .map(|(index, (row, _))| RowInFlight {
                row: row.row,
                send: PostEntry {
                    post: PostRecord {
                        id: Uuid::from_u64_pair(ROW_IN_FLIGHT, index as u64),
                        sent_at: now,
                        form: "withdrawal".to_owned(),
                        method: "POST".to_owned(),
                        endpoint: ListKind::Withdrawals.path().to_owned(),
                        body: row.body(),
                    },
                    outcome: None,
                    context: Default::default(),
                },
            })
            .collect()
    }

    /// Compares the rows of the file shown, before it is sent, with this
    /// device's sends whose outcome is not known as the journal told them
    /// last (`unsettled`), by the core's one comparison ([`run::repeats`]):
    /// a form's send that lost its answer after the file was checked is
    /// named on the row it repeats, which then needs its own "Send
    /// anyway". Only adds: what the file's check found stays until it is
    /// checked again (the run compares everything again before a row
    /// leaves).
    pub fn compare_unsettled(
        &mut self,
        unsettled: &std::sync::Arc<Vec<PostEntry>>,
        days: u32,
        now: OffsetDateTime,
    ) {
        if self.sending
            || self.report.is_some()
            || self
                .compared_unsettled
                .as_ref()
                .is_some_and(|compared| std::sync::Arc::ptr_eq(compared, unsettled))
        {
            return;
        }
        self.compared_unsettled = Some(std::sync::Arc::clone(unsettled));
        let Some(file) = self.file.as_mut() else {
            return;
        };
        let (Some(batch), Some(plan)) = (file.batch(), file.plan.as_ref()) else {
            return;
        };
        let in_flight = run::repeats(&batch, plan, &[], unsettled, days, now);
        if file.repeats.len() < in_flight.len() {
            file.repeats.resize(in_flight.len(), Vec::new());
        }
        for (found, more) in file.repeats.iter_mut().zip(in_flight) {
            for duplicate in more {
                if !found.contains(&duplicate) {
                    found.push(duplicate);
                }
            }
            found.sort_by_key(|duplicate| duplicate.at);
        }
    }

    /// How far row `index`'s payment has gone, when the run told it.
    pub fn stage(&self, index: usize) -> Option<PaymentStage> {
        let outcome = match self.progress.get(index) {
            Some(Some(outcome)) => outcome,
            _ => self.report.as_ref()?.rows.get(index)?,
        };
        Some(self.stage_of(outcome))
    }

    /// How far a row's payment has gone, given its outcome.
    pub fn stage_of(&self, outcome: &RowOutcome) -> PaymentStage {
        let state = outcome
            .id()
            .and_then(|id| self.service_states.get(id))
            .map(String::as_str);
        outcome.stage(state)
    }

    /// Takes in what the worker told; true when a run ended, so what it
    /// paid is read again (the list and the balances).
    pub fn apply(&mut self, event: BatchEvent) -> bool {
        match event {
            BatchEvent::Checked(result) => {
                self.checking = false;
                match result {
                    Ok(file) => {
                        self.file = Some(file);
                        self.result_path = self.default_result_path();
                    }
                    Err(problem) => self.problem = Some(problem),
                }
            }
            BatchEvent::Progress {
                position,
                total,
                outcome,
                sent_now,
            } => {
                if self.progress.len() != total {
                    self.progress.resize(total, None);
                }
                if let Some(slot) = position
                    .checked_sub(1)
                    .and_then(|index| self.progress.get_mut(index))
                {
                    // A row left unsent (paused, stopped) is not one reached.
                    let reached = sent_now || !matches!(outcome, RowOutcome::NotSent);
                    if outcome.id().is_some() {
                        // A new row to follow: the list is read for it again.
                        self.followed = None;
                    }
                    *slot = Some(outcome);
                    if reached {
                        self.position = position;
                    }
                }
            }
            BatchEvent::Finished(result) => {
                self.sending = false;
                match result {
                    Ok(report) => {
                        self.paused = !report.finished && self.stop_asked == Some(StopAsked::Pause);
                        self.report = Some(report);
                    }
                    Err(reason) => self.failure = Some(reason),
                }
                self.stop_asked = None;
                return true;
            }
            BatchEvent::Refused(reason) => {
                self.sending = false;
                self.failure = Some(reason);
            }
            BatchEvent::ResultSaved(result) => {
                self.saving_result = false;
                self.result_saved = Some(result);
            }
        }
        false
    }
}
