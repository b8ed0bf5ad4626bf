//! `brlv-desk payouts FILE`: payouts from a CSV file (*pagamento em lote*),
//! every row checked before anything leaves and compared with the
//! service's withdrawals of the last days (a row that repeats one is named,
//! and sent only with `--again`), one confirmation with the count and the
//! total, then each row sent once, in order, journaled before it leaves
//! ([`brlv_core::payouts`]). Running it again on the same rows is the
//! resume, however the file was saved; a file whose run finished is
//! refused unless `--again`. What concerns a repeated payout is said in the
//! system's language (English or Portuguese).

use std::collections::BTreeMap;
use std::io::{BufRead as _, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rust_decimal::Decimal;

use crate::app::clock::LocalZone;
use crate::app::format::{AmountFormat, MomentFormat, stage_label, stage_totals};
use crate::app::i18n::{Language, tr, tr_count, tr_with};
use crate::cli::call::{self, PassphraseArgs, terminal_safe};
use crate::cli::counted;
use brlv_core::api::Client;
use brlv_core::api::model::{Asset, BalanceAsset};
use brlv_core::duplicates::{Duplicate, Earlier};
use brlv_core::journal::Store;
use brlv_core::journal_send::{describe, journal_file, replaced_words};
use brlv_core::payment_stage::{PaymentStage, StageCounts};
use brlv_core::payouts::run::{
    self, Check, Options, Plan, PlannedRow, Prepared, Progress, RowOutcome,
};
use brlv_core::payouts::{self, Batch, Summary};

/// Arguments of `brlv-desk payouts`.
#[derive(Clone, Debug, clap::Args)]
pub struct PayoutsArgs {
    /// The CSV file: a header naming the columns (method, amount, asset,
    /// pix_key, bank_code, branch, account, account_type, document, name,
    /// address, reference), one payout per row.
    pub file: PathBuf,
    /// Check the file and the balances, list what would be sent with the
    /// total per asset, and send nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Send without asking for confirmation on the terminal.
    #[arg(long)]
    pub yes: bool,
    /// Pay a file whose run finished once more (every row again), and send
    /// a row that repeats a payout the service holds (same method, asset,
    /// amount and destination, in the last --duplicate-days days) or an
    /// earlier send whose outcome cannot be told.
    #[arg(long)]
    pub again: bool,
    /// How many days back each row is compared with the service's
    /// withdrawals before anything is sent.
    #[arg(long, value_name = "N", default_value_t = brlv_core::duplicates::DEFAULT_DAYS)]
    pub duplicate_days: u32,
    /// Pay from a plain (unencrypted) key file in BRLV_PRIVATE_KEY_FILE;
    /// without it such a key is refused, since every row moves money.
    #[arg(long)]
    pub allow_plain_key: bool,
    /// Send no further row once one is not done.
    #[arg(long)]
    pub stop_at_first_failure: bool,
    /// Send nothing: read the service's withdrawals and bring the result
    /// file (FILE, or FILE.result.csv beside it) up to date, each row's
    /// outcome (sent, paid, failed) and the service's state, and print
    /// every row's stage.
    #[arg(long, conflicts_with_all = ["dry_run", "yes", "again"])]
    pub status: bool,
    /// Where to write the result (every row, its outcome, the service's
    /// state and id); default: beside the file, FILE.result.csv.
    #[arg(long, value_name = "FILE")]
    pub result: Option<PathBuf>,
    /// Use a saved profile (its secrets come from the OS keyring) instead of
    /// the BRLV_* environment variables.
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,
    /// Where the passphrase of a sealed key comes from, as for `call`.
    #[command(flatten)]
    pub passphrase: PassphraseArgs,
}

/// Why the command stopped, with the exit code it gives.
struct Failure {
    code: u8,
    message: String,
}

impl Failure {
    fn new(code: u8, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
        }
    }
}

/// Runs `brlv-desk payouts`; what the process exits with: 0 when every row
/// is done (or, for a dry run, the file and balances pass), 3 when a row's
/// outcome cannot be told (or is pending or held), 1 when a row was refused,
/// not done or not sent, or the file or balances fail; 2 for a setup that
/// cannot work.
pub fn run(args: &PayoutsArgs) -> ExitCode {
    match payouts_command(args, &mut std::io::stdout()) {
        Ok(code) => ExitCode::from(code),
        Err(failure) => {
            eprintln!("error: {}", terminal_safe(&failure.message));
            ExitCode::from(failure.code)
        }
    }
}

/// The default result file: `FILE.result.csv` beside the file.
fn default_result_path(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".result.csv");
    PathBuf::from(name)
}

fn totals_text(summary: &Summary) -> String {
    summary
        .totals
        .iter()
        .map(|(asset, total)| format!("{total} {asset}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The command; its exit code, or why it stopped.
fn payouts_command(args: &PayoutsArgs, out: &mut impl Write) -> Result<u8, Failure> {
    if args.status {
        return status_command(args, out);
    }
    let bytes = std::fs::read(&args.file).map_err(|error| {
        Failure::new(
            call::EXIT_USAGE,
            format!("cannot read {}: {error}", args.file.display()),
        )
    })?;
    let batch = payouts::parse(&bytes).map_err(|error| {
        Failure::new(
            call::EXIT_FAILED,
            format!("{}: {error}", args.file.display()),
        )
    })?;
    // Every row moves money: from a plain key file only when the person
    // said so, as `call` asks (a dry run sends nothing).
    if args.profile.is_none()
        && !args.dry_run
        && !args.allow_plain_key
        && call::environment_key_is_plain()
            .map_err(|error| Failure::new(error.exit_code(), error.to_string()))?
    {
        return Err(Failure::new(
            call::EXIT_USAGE,
            format!(
                "{} is a plain, unencrypted key and every row of this file moves money: \
                 seal it (`brlv-desk profile add` keeps it sealed in the system's keyring) \
                 or, to pay from the plain key anyway, add --allow-plain-key",
                brlv_core::credentials::ENV_PRIVATE_KEY_FILE
            ),
        ));
    }
    let (client, journal_path) = connect(args)?;
    let language = Language::from_system();
    let mut store = open_journal(journal_path.as_deref(), args.dry_run)?;
    let runtime = started(tokio::runtime::Builder::new_multi_thread().worker_threads(2))?;
    let knows_nothing = store
        .posts(Some("withdrawal"))
        .map(|posts| posts.is_empty())
        .unwrap_or(true);
    if knows_nothing {
        eprintln!(
            "{}",
            tr_with(
                language,
                "cli.payouts.fresh_journal",
                &[("period", &last_days(language, args.duplicate_days))]
            )
        );
    }
    let check = Check {
        again: args.again,
        duplicate_days: args.duplicate_days,
    };
    let prepared = runtime
        .block_on(run::prepare(&client, &mut store, &batch, check))
        .map_err(|error| Failure::new(call::EXIT_FAILED, error.to_string()))?;
    for settled in &prepared.settled_first {
        eprintln!("journal: {}", terminal_safe(&describe(settled)));
    }
    let to_send = prepared.to_send(&batch, args.again);
    let balances = runtime.block_on(read_balances(&client, &to_send))?;
    let check = payouts::check_balances(&to_send.totals, &balances);
    for asset in &check.unchecked {
        eprintln!(
            "warning: the service shows no balance for {asset} (it is paid from a wallet), so \
             the file's total of it is not checked here; the service refuses a row it cannot pay"
        );
    }
    if !check.covers() {
        let words: Vec<String> = check.short.iter().map(ToString::to_string).collect();
        return Err(Failure::new(
            call::EXIT_FAILED,
            format!(
                "the balances do not cover the file; nothing was sent: {}",
                words.join("; ")
            ),
        ));
    }
    let words = Words::new(language);
    if args.dry_run {
        dry_run(&batch, &prepared, args, &words, out);
        return Ok(call::EXIT_OK);
    }
    tell_plan(&batch, &prepared.plan, &to_send);
    tell_repeats(&batch, &prepared, args, &words);
    if to_send.rows > 0 && !args.yes && !confirmed(&args.file, &to_send, language)? {
        return Err(Failure::new(
            call::EXIT_FAILED,
            tr(language, "cli.payouts.not_confirmed"),
        ));
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let options = Options {
        again: args.again,
        stop_at_first_failure: args.stop_at_first_failure,
    };
    let report = runtime.block_on(async {
        let flag = cancel.clone();
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                eprintln!("Stopping after the row being sent; run the same command to resume.");
                flag.store(true, Ordering::SeqCst);
            }
        });
        run::run_prepared(
            &client,
            &mut store,
            &batch,
            prepared,
            options,
            &mut tell_progress,
            &cancel,
        )
        .await
    });
    let report = report.map_err(|error| Failure::new(call::EXIT_FAILED, error.to_string()))?;
    let result_path = args
        .result
        .clone()
        .unwrap_or_else(|| default_result_path(&args.file));
    // Accepted is not paid: the service's state of each row sent is read
    // once more for the result file.
    let states = match runtime.block_on(client.list_withdrawals(None)) {
        Ok(withdrawals) => run::service_states(&withdrawals),
        Err(error) => {
            eprintln!(
                "warning: the service's withdrawals could not be read ({error}), so the result \
                 file has no state for its rows; `brlv-desk payouts --status {}` reads them later",
                result_path.display()
            );
            run::ServiceStates::new()
        }
    };
    write_result(&result_path, &batch, &report.rows, &states)?;
    let state_of = |outcome: &RowOutcome| {
        outcome
            .id()
            .and_then(|id| states.get(id))
            .map(String::as_str)
    };
    let stages: Vec<PaymentStage> = report
        .rows
        .iter()
        .map(|outcome| outcome.stage(state_of(outcome)))
        .collect();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for outcome in &report.rows {
        *counts
            .entry(outcome.result_word(state_of(outcome)))
            .or_default() += 1;
    }
    let by_outcome: Vec<String> = counts
        .iter()
        .map(|(outcome, count)| format!("{count} {outcome}"))
        .collect();
    let _ = writeln!(
        out,
        "{}: {}; {} sent in this run. Result: {}",
        counted(report.rows.len(), "row", "rows"),
        by_outcome.join(", "),
        report.sent,
        result_path.display()
    );
    let _ = writeln!(out, "{}", stage_totals(language, &StageCounts::of(&stages)));
    if report.cancelled {
        let _ = writeln!(out, "Cancelled: run the same command to send the rest.");
    } else if !report.finished {
        let _ = writeln!(
            out,
            "Not finished: run the same command to resume (it settles what is in flight first \
             and sends only what was not done)."
        );
    }
    let unsure = report.rows.iter().any(|outcome| {
        matches!(
            outcome,
            RowOutcome::CannotTell { .. } | RowOutcome::Pending { .. } | RowOutcome::Held { .. }
        )
    });
    let all_done = report
        .rows
        .iter()
        .all(|outcome| matches!(outcome, RowOutcome::Done { .. }));
    Ok(if unsure {
        call::EXIT_OUTCOME_UNKNOWN
    } else if all_done {
        call::EXIT_OK
    } else {
        call::EXIT_FAILED
    })
}

/// The client of the profile (or the environment) the command runs as,
/// and that profile's journal file.
fn connect(args: &PayoutsArgs) -> Result<(Client, Option<PathBuf>), Failure> {
    let (credentials, name) =
        call::named_command_credentials(args.profile.as_deref(), args.passphrase.source())
            .map_err(|error| Failure::new(error.exit_code(), error.to_string()))?;
    let journal_path = journal_file(&name, &credentials.base_url);
    let client = credentials
        .into_client()
        .map_err(call::CallError::from)
        .map_err(|error| Failure::new(error.exit_code(), error.to_string()))?;
    Ok((client, journal_path))
}

/// The runtime `builder` makes, with its I/O and timers.
fn started(builder: &mut tokio::runtime::Builder) -> Result<tokio::runtime::Runtime, Failure> {
    builder.enable_all().build().map_err(|error| {
        Failure::new(
            call::EXIT_FAILED,
            format!("cannot start the async runtime: {error}"),
        )
    })
}

/// Writes `bytes` to `path`, owner-only (a result file names the payees),
/// and waits until the disk has them.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = brlv_core::private_file::create(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// The profile's journal. A batch is never sent without one (a resume needs
/// it); a dry run reads it when there is one.
fn open_journal(path: Option<&Path>, dry_run: bool) -> Result<Store, Failure> {
    let unusable = |why: String| {
        Failure::new(
            call::EXIT_FAILED,
            format!("{why}; a file of payouts is only sent with a journal, so nothing was sent"),
        )
    };
    let Some(path) = path else {
        if dry_run {
            return Store::in_memory().map_err(|error| unusable(error.to_string()));
        }
        return Err(unusable("no data directory on this system".to_owned()));
    };
    if dry_run && !path.exists() {
        return Store::in_memory().map_err(|error| unusable(error.to_string()));
    }
    let (store, replaced) = Store::open(path).map_err(|error| unusable(error.to_string()))?;
    if let Some(replaced) = replaced {
        eprintln!("warning: {}", replaced_words(&replaced));
    }
    Ok(store)
}

/// The balances the rows to send are paid from.
async fn read_balances(
    client: &Client,
    to_send: &Summary,
) -> Result<BTreeMap<BalanceAsset, Decimal>, Failure> {
    payouts::read_balances(client, &to_send.totals)
        .await
        .map_err(|unread| {
            Failure::new(
                call::EXIT_FAILED,
                format!(
                    "the {} balance could not be read, so nothing was sent: {}",
                    unread.balance, unread.error
                ),
            )
        })
}

fn row_line(row: &payouts::PayoutRow) -> String {
    let reference = row
        .reference
        .as_deref()
        .map(|text| format!(" [{text}]"))
        .unwrap_or_default();
    format!(
        "row {}: {} {} {} to {}{reference}",
        row.row,
        row.request.method,
        row.request.amount,
        row.request.asset,
        row.destination()
    )
}

fn state_words(state: &PlannedRow) -> String {
    match state {
        PlannedRow::Send => "would be sent".to_owned(),
        PlannedRow::NotDone { reason } => {
            format!("would be sent again (not done before: {reason})")
        }
        PlannedRow::Done { id } => format!("done already ({id})"),
        PlannedRow::Refused { reason } => format!("refused before, not sent again ({reason})"),
        PlannedRow::CannotTell { why } => format!("held: cannot tell ({why})"),
        PlannedRow::InFlight { .. } => {
            "in flight: settled against the service's list first".to_owned()
        }
    }
}

/// The dry run's listing, on `out`.
fn dry_run(
    batch: &Batch,
    prepared: &Prepared,
    args: &PayoutsArgs,
    words: &Words,
    out: &mut impl Write,
) {
    for (index, (row, state)) in batch.rows.iter().zip(&prepared.plan.rows).enumerate() {
        let _ = writeln!(
            out,
            "{} - {}",
            terminal_safe(&row_line(row)),
            terminal_safe(&state_words(state))
        );
        if state.sends() {
            for duplicate in &prepared.duplicates[index] {
                let _ = writeln!(
                    out,
                    "  {}",
                    terminal_safe(&words.repeat(row.row, &row.request.asset, duplicate))
                );
            }
        }
    }
    let summary = batch.summary();
    let to_send = prepared.to_send(batch, args.again);
    let _ = writeln!(
        out,
        "{}, total {}. Would send {}, total {}.",
        counted(summary.rows, "row", "rows"),
        totals_text(&summary),
        counted(to_send.rows, "row", "rows"),
        if to_send.rows == 0 {
            "nothing".to_owned()
        } else {
            totals_text(&to_send)
        }
    );
    let repeating = prepared.repeating();
    if !repeating.is_empty() {
        let key = if args.again {
            ("cli.payouts.repeats_sent_one", "cli.payouts.repeats_sent")
        } else {
            ("cli.payouts.repeats_held_one", "cli.payouts.repeats_held")
        };
        let _ = writeln!(out, "{}", words.count_line(key, repeating.len(), args));
    }
    match prepared.plan.in_flight() {
        0 => {}
        1 => {
            let _ = writeln!(
                out,
                "1 row is in flight from an earlier run: it is settled against the service's \
                 list before anything is sent."
            );
        }
        rows => {
            let _ = writeln!(
                out,
                "{rows} rows are in flight from an earlier run: they are settled against the \
                 service's list before anything is sent."
            );
        }
    }
    let _ = writeln!(
        out,
        "Dry run: nothing was sent. Batch (its rows' SHA-256): {}",
        batch.id
    );
}

/// The rows that repeat an earlier payout, on standard error: each with
/// what it repeats, and whether it is sent.
fn tell_repeats(batch: &Batch, prepared: &Prepared, args: &PayoutsArgs, words: &Words) {
    let repeating = prepared.repeating();
    if repeating.is_empty() {
        return;
    }
    let key = if args.again {
        ("cli.payouts.repeats_sent_one", "cli.payouts.repeats_sent")
    } else {
        ("cli.payouts.repeats_held_one", "cli.payouts.repeats_held")
    };
    eprintln!("{}", words.count_line(key, repeating.len(), args));
    for index in repeating {
        let row = &batch.rows[index];
        for duplicate in &prepared.duplicates[index] {
            eprintln!(
                "  {}",
                terminal_safe(&words.repeat(row.row, &row.request.asset, duplicate))
            );
        }
    }
}

/// What concerns a repeated payout, in the person's language.
struct Words {
    language: Language,
    amounts: AmountFormat,
    zone: LocalZone,
    moments: MomentFormat,
}

impl Words {
    fn new(language: Language) -> Words {
        let zone = LocalZone::system();
        Words {
            language,
            amounts: AmountFormat::new(language, false),
            moments: MomentFormat::new(language, zone.clone()),
            zone,
        }
    }

    /// "Row 2: you already sent R$ 10.00 by Pix to … on 01/12/2026 at
    /// 16:25 — state: payment pending".
    fn repeat(&self, row: u64, asset: &Asset, duplicate: &Duplicate) -> String {
        let language = self.language;
        let asset = duplicate
            .asset
            .as_deref()
            .map_or_else(|| asset.clone(), Asset::from_wire);
        let amount = self.amounts.text(duplicate.amount, Some(&asset));
        let method = match duplicate.method.as_deref() {
            Some("pix") => tr(language, "cli.payouts.method_pix").into_owned(),
            Some("ted") => "TED".to_owned(),
            Some("token") => tr(language, "cli.payouts.method_token").into_owned(),
            Some(other) => other.to_owned(),
            None => tr(language, "cli.payouts.not_shown").into_owned(),
        };
        let not_shown = || tr(language, "cli.payouts.not_shown").into_owned();
        let destination = duplicate.destination.clone().unwrap_or_else(not_shown);
        let (day, time) = duplicate.at.map_or_else(
            || (not_shown(), not_shown()),
            |at| {
                (
                    self.moments.day(self.zone.date_of(at)),
                    self.moments.time_of_day(at),
                )
            },
        );
        let state = match &duplicate.earlier {
            Earlier::InFlight { .. } => tr(language, "cli.payouts.state_in_flight").into_owned(),
            Earlier::Service { state, .. } => match state.as_deref() {
                Some("created") => tr(language, "cli.payouts.state_created").into_owned(),
                Some("pending-payment") => {
                    tr(language, "cli.payouts.state_pending_payment").into_owned()
                }
                Some("completed") => tr(language, "cli.payouts.state_completed").into_owned(),
                Some(other) => other.to_owned(),
                None => not_shown(),
            },
        };
        let id = match &duplicate.earlier {
            Earlier::Service { id, .. } => id.clone(),
            Earlier::InFlight { post_id } => post_id.to_string(),
        };
        let mut line = tr_with(
            language,
            "cli.payouts.repeat",
            &[
                ("row", &row.to_string()),
                ("amount", &amount),
                ("method", &method),
                ("destination", &destination),
                ("day", &day),
                ("time", &time),
                ("state", &state),
                ("id", &id),
            ],
        );
        if !duplicate.unconfirmed.is_empty() {
            line.push_str(&tr_with(
                language,
                "cli.payouts.repeat_unconfirmed",
                &[("fields", &duplicate.unconfirmed.join(", "))],
            ));
        }
        line
    }

    fn count_line(
        &self,
        keys: (&'static str, &'static str),
        count: usize,
        args: &PayoutsArgs,
    ) -> String {
        tr_count(
            self.language,
            keys,
            count,
            &[("period", &last_days(self.language, args.duplicate_days))],
        )
    }
}

/// What the run will do, on standard error.
fn tell_plan(batch: &Batch, plan: &Plan, to_send: &Summary) {
    if let Some(run) = &plan.resumes {
        let done = plan
            .rows
            .iter()
            .filter(|state| matches!(state, PlannedRow::Done { .. }))
            .count();
        eprintln!(
            "Resuming the run of this file started at {}: {done} of {} sent, {} in \
             flight (settled first), {} to send.",
            run.started_at,
            counted(batch.rows.len(), "row", "rows"),
            plan.in_flight(),
            to_send.rows
        );
    } else if let Some(run) = &plan.finished_before {
        eprintln!(
            "This file was paid already (run started at {}); --again pays every row once more.",
            run.started_at
        );
    }
}

/// Asks on the terminal; true only for `yes` (or `sim`).
fn confirmed(file: &Path, to_send: &Summary, language: Language) -> Result<bool, Failure> {
    eprint!(
        "{}",
        tr_with(
            language,
            "cli.payouts.confirm",
            &[
                (
                    "payouts",
                    &tr_count(
                        language,
                        ("count.payouts_one", "count.payouts"),
                        to_send.rows,
                        &[],
                    ),
                ),
                ("file", &file.display().to_string()),
                ("total", &totals_text(to_send)),
            ],
        )
    );
    let _ = std::io::stderr().flush();
    let mut line = String::new();
    let read = std::io::stdin()
        .lock()
        .read_line(&mut line)
        .map_err(|error| {
            Failure::new(
                call::EXIT_USAGE,
                format!("cannot read the confirmation: {error}; add --yes to send without it"),
            )
        })?;
    if read == 0 {
        return Err(Failure::new(
            call::EXIT_USAGE,
            "no confirmation could be read (standard input is closed); add --yes to send \
             without it",
        ));
    }
    let answer = line.trim();
    Ok(answer.eq_ignore_ascii_case("yes") || answer.eq_ignore_ascii_case("sim"))
}

fn tell_progress(progress: Progress<'_>) {
    if !progress.sent_now && matches!(progress.outcome, RowOutcome::NotSent) {
        return;
    }
    let id = progress
        .outcome
        .id()
        .map(|id| format!(" {id}"))
        .unwrap_or_default();
    let detail = progress.outcome.detail();
    let detail = if detail.is_empty() {
        String::new()
    } else {
        format!(": {detail}")
    };
    let line = format!(
        "[{}/{}] row {}: {}{id}{detail}{}",
        progress.position,
        progress.total,
        progress.row.row,
        progress.outcome.as_str(),
        if progress.sent_now {
            ""
        } else {
            " (from the journal)"
        }
    );
    eprintln!("{}", terminal_safe(&line));
}

/// Writes the result file, owner-only (it names the payees).
fn write_result(
    path: &Path,
    batch: &Batch,
    rows: &[RowOutcome],
    states: &run::ServiceStates,
) -> Result<(), Failure> {
    let failed = |error: String| {
        Failure::new(
            call::EXIT_FAILED,
            format!(
                "the result file {} could not be written: {error}; the journal keeps every \
                 row's outcome",
                path.display()
            ),
        )
    };
    let mut bytes = Vec::new();
    run::result_csv(batch, rows, states, &mut bytes).map_err(|error| failed(error.to_string()))?;
    write_private(path, &bytes).map_err(|error| failed(error.to_string()))
}

/// The file `--status` brings up to date: FILE itself when it is a result
/// file, else the result file beside it.
fn result_file_of(file: &Path, bytes: &[u8]) -> PathBuf {
    let header = String::from_utf8_lossy(bytes);
    let first = header.lines().next().unwrap_or_default();
    let is_result = first.split(',').any(|column| column.trim() == "outcome");
    if is_result {
        return file.to_owned();
    }
    let beside = default_result_path(file);
    if beside.exists() {
        beside
    } else {
        file.to_owned()
    }
}

/// `payouts --status FILE`: reads the service's withdrawals, rewrites the
/// result file's outcome and state of every row the service holds, and
/// prints each row's stage; 0 when it was read and rewritten.
fn status_command(args: &PayoutsArgs, out: &mut impl Write) -> Result<u8, Failure> {
    let unreadable = |path: &Path, error: std::io::Error| {
        Failure::new(
            call::EXIT_USAGE,
            format!("cannot read {}: {error}", path.display()),
        )
    };
    let bytes = std::fs::read(&args.file).map_err(|error| unreadable(&args.file, error))?;
    let path = result_file_of(&args.file, &bytes);
    let bytes = if path == args.file {
        bytes
    } else {
        std::fs::read(&path).map_err(|error| unreadable(&path, error))?
    };
    let (client, _) = connect(args)?;
    let runtime = started(&mut tokio::runtime::Builder::new_current_thread())?;
    let withdrawals = runtime
        .block_on(client.list_withdrawals(None))
        .map_err(|error| {
            Failure::new(
                call::EXIT_FAILED,
                format!(
                    "the service's withdrawals could not be read, so {} was left as it was: \
                     {error}",
                    path.display()
                ),
            )
        })?;
    let states = run::service_states(&withdrawals);
    let (rows, rewritten) = payouts::status::restate(&bytes, &states)
        .map_err(|error| Failure::new(call::EXIT_FAILED, format!("{}: {error}", path.display())))?;
    let language = Language::from_system();
    for row in &rows {
        let said = match &row.stage {
            Some(stage) => stage_label(language, stage),
            None => row.outcome.clone(),
        };
        let id = row
            .id
            .as_deref()
            .map(|id| format!(" {id}"))
            .unwrap_or_default();
        let unlisted = if row.unlisted {
            " (not in the service's list now)"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "{}",
            terminal_safe(&format!(
                "row {}: {} - {said}{id}{unlisted}",
                row.row, row.what
            ))
        );
    }
    let stages: Vec<PaymentStage> = rows.iter().filter_map(|row| row.stage.clone()).collect();
    let _ = writeln!(out, "{}", stage_totals(language, &StageCounts::of(&stages)));
    write_private(&path, &rewritten).map_err(|error| {
        Failure::new(
            call::EXIT_FAILED,
            format!("{} could not be rewritten: {error}", path.display()),
        )
    })?;
    let _ = writeln!(out, "Result: {}", path.display());
    Ok(call::EXIT_OK)
}

/// "the last 7 days", "the last day": how far back repeats are looked for.
fn last_days(language: Language, days: u32) -> String {
    tr_count(
        language,
        ("count.last_days_one", "count.last_days"),
        usize::try_from(days).unwrap_or(usize::MAX),
        &[],
    )
}
