//! `brlv-desk extrato --ofx FILE [--csv FILE] [--xlsx FILE] [--from DATE]
//! [--to DATE] [--profile NAME]`: the extrato as the app's Activity view
//! shows it, written as OFX, CSV and/or a workbook, for accounting programs,
//! spreadsheets and scripts.
//!
//! The movements come from the same model the window draws from
//! (`app::features::activity`: the timeline, the period's days in the
//! system's time zone, what counts) and the files from the same writer as
//! the app's "Export OFX…" and "Export CSV…", so the command and the window
//! agree on every movement and amount. The lists are fetched with the
//! typed client, the claims this device made read from the profile's
//! journal (as `tax-report` reads them), and the balances the service
//! reports (`/assets/{brl,usdc,brlv}/balance`) close each statement.
//! Credentials come as `call`'s do: the `BRLV_*` variables, or a saved
//! profile with `--profile`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use time::{Date, OffsetDateTime};

use crate::app::clock::LocalZone;
use crate::app::error_text::Localize;
use crate::app::export::ExtratoFormat;
use crate::app::features::activity::export::{
    ExtratoFileRequest, ExtratoSnapshot, KnownBalance, write_extrato_file,
};
use crate::app::features::activity::model::{
    ActivityFilter, Sources, build_timeline, filter_timeline,
};
use crate::app::features::activity::state::parse_day;
use crate::app::features::activity::words::{compact_amount, ticker_and_chain};
use crate::app::format::{AmountFormat, MomentFormat};
use crate::app::i18n::{Language, tr, tr_with};
use crate::app::resources::DEPOSIT_ASSETS;
use crate::cli::call::{self, CallError};
use crate::cli::tax_report::journal_path;
use brlv_core::api::model::{BalanceAsset, Claim, Deposit};

/// Arguments of `brlv-desk extrato`.
#[derive(Clone, Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("file").required(true).multiple(true).args(["ofx", "csv", "xlsx"])))]
pub struct ExtratoArgs {
    /// Write the extrato as OFX to this file: one statement per asset, for
    /// GnuCash and other accounting programs.
    #[arg(long, value_name = "FILE")]
    pub ofx: Option<PathBuf>,
    /// Write the extrato as CSV to this file: one row per movement and asset.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write the extrato as a workbook (.xlsx) to this file: the CSV's rows,
    /// times as dates and amounts as numbers.
    #[arg(long, value_name = "FILE")]
    pub xlsx: Option<PathBuf>,
    /// The first day, in the system's time zone: 2026-03-09 or 09/03/2026
    /// (default: the oldest movement).
    #[arg(long, value_name = "DATE", value_parser = read_day)]
    pub from: Option<Date>,
    /// The last day, in the system's time zone (default: today).
    #[arg(long, value_name = "DATE", value_parser = read_day)]
    pub to: Option<Date>,
    /// Use a saved profile (its secrets come from the OS keyring) instead of
    /// the BRLV_* environment variables.
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,
    /// The language of the files' descriptions and of the summary: en or
    /// pt-BR (default: the system's).
    #[arg(long, value_name = "LANG")]
    pub language: Option<String>,
    /// Where the passphrase of a sealed key comes from, as for `call`.
    #[command(flatten)]
    pub passphrase: call::PassphraseArgs,
}

/// `--from` and `--to`: a day as people write it.
fn read_day(text: &str) -> Result<Date, String> {
    parse_day(text).ok_or_else(|| format!("{text:?} is not a date: write 2026-03-09 or 09/03/2026"))
}

/// Why the extrato could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ExtratoError {
    /// Credentials, as `call` reports them.
    #[error(transparent)]
    Call(#[from] CallError),
    /// `--from` is after `--to`.
    #[error("--from {from} is after --to {to}")]
    Reversed {
        /// The first day asked.
        from: Date,
        /// The last day asked.
        to: Date,
    },
    /// A list could not be fetched.
    #[error(transparent)]
    Fetch(#[from] call::ListNotFetched),
    /// The journal could not be read.
    #[error("could not read the journal {path}: {error}")]
    Journal {
        /// The file.
        path: PathBuf,
        /// Why.
        error: brlv_core::journal::JournalError,
    },
    /// A file could not be written.
    #[error("{0}")]
    Write(String),
    /// The async runtime did not start.
    #[error("cannot start the async runtime: {0}")]
    Runtime(std::io::Error),
}

impl ExtratoError {
    /// The process exit code, as `call`'s: 2 when nothing could be asked,
    /// 1 when the service or a file failed.
    pub fn exit_code(&self) -> u8 {
        match self {
            ExtratoError::Call(error) => error.exit_code(),
            ExtratoError::Reversed { .. } => call::EXIT_USAGE,
            ExtratoError::Fetch(failed) => failed.exit_code(),
            ExtratoError::Journal { .. } | ExtratoError::Write(_) | ExtratoError::Runtime(_) => {
                call::EXIT_FAILED
            }
        }
    }
}

/// What the extrato is made of, as fetched and read.
#[derive(Debug, Default)]
struct Fetched {
    sources: Sources,
    balances: Vec<KnownBalance>,
}

/// Runs the command; what the process exits with.
pub fn run(args: &ExtratoArgs) -> ExitCode {
    let mut stdout = std::io::stdout();
    match extrato(args, &mut stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}

/// Fetches the lists, writes the files asked for and a summary to `out`.
pub fn extrato(args: &ExtratoArgs, out: &mut impl Write) -> Result<(), ExtratoError> {
    if let (Some(from), Some(to)) = (args.from, args.to)
        && from > to
    {
        return Err(ExtratoError::Reversed { from, to });
    }
    let language = args
        .language
        .as_deref()
        .map_or_else(Language::from_system, Language::from_locale);
    let (credentials, name) =
        call::named_command_credentials(args.profile.as_deref(), args.passphrase.source())?;
    let journal = journal_path(&name, &credentials.base_url);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(ExtratoError::Runtime)?;
    let fetched = runtime.block_on(fetch(credentials, journal))?;

    let zone = LocalZone::system();
    let now = OffsetDateTime::now_utc();
    let filter = ActivityFilter {
        zone: zone.clone(),
        from: args.from,
        to: Some(args.to.unwrap_or_else(|| zone.date_of(now))),
        ..ActivityFilter::default()
    };
    let timeline = build_timeline(&fetched.sources);
    let filtered = filter_timeline(&timeline, &fetched.sources, &filter);
    let snapshot = ExtratoSnapshot {
        sources: fetched.sources,
        timeline: Arc::new(timeline),
        filtered: Arc::new(filtered),
        filter,
        balances: fetched.balances,
        language,
        now,
    };
    for (format, path) in [
        (ExtratoFormat::Ofx, &args.ofx),
        (ExtratoFormat::Csv, &args.csv),
        (ExtratoFormat::Xlsx, &args.xlsx),
    ] {
        let Some(path) = path else {
            continue;
        };
        let request = ExtratoFileRequest {
            path: path.clone(),
            format,
            snapshot: snapshot.clone(),
        };
        write_extrato_file(&request)
            .map_err(|error| ExtratoError::Write(error.localize(language)))?;
    }
    print_summary(out, &snapshot, args, &zone);
    Ok(())
}

async fn fetch(
    credentials: brlv_core::credentials::Credentials,
    journal: Option<PathBuf>,
) -> Result<Fetched, ExtratoError> {
    let client = credentials.into_client().map_err(call::CallError::from)?;
    let call::AccountLists {
        orders,
        transfers,
        withdrawals,
        wallets,
        deposits: fetched_deposits,
    } = call::fetch_account_lists(&client, &DEPOSIT_ASSETS).await?;
    let mut deposits: [Arc<Vec<Deposit>>; 4] = Default::default();
    for (list, (_, rows)) in deposits.iter_mut().zip(fetched_deposits) {
        *list = Arc::new(rows);
    }
    let mut balances = Vec::new();
    for (asset, ticker) in [
        (BalanceAsset::Brl, "BRL"),
        (BalanceAsset::Usdc, "USDC"),
        (BalanceAsset::Brlv, "BRLV"),
    ] {
        // A balance closes a statement; without it the statement says what
        // its movements add up to, so a refusal is a note, not the end.
        match client.balance(&asset).await {
            Ok(balance) => balances.push(KnownBalance {
                ticker: ticker.to_owned(),
                amount: balance.running_balance,
                at: OffsetDateTime::now_utc(),
            }),
            Err(error) => eprintln!("note: the service gave no {ticker} balance: {error}"),
        }
    }
    let claims: Vec<Claim> = match journal.filter(|path| path.exists()) {
        Some(path) => {
            let failed = |error| ExtratoError::Journal {
                path: path.clone(),
                error,
            };
            let (store, _) = brlv_core::journal::Store::open(&path).map_err(failed)?;
            brlv_core::tax::journal::read_claims(&store)
                .map_err(failed)?
                .into_iter()
                .map(|made| made.claim)
                .collect()
        }
        None => Vec::new(),
    };
    Ok(Fetched {
        sources: Sources {
            orders: Arc::new(orders),
            transfers: Arc::new(transfers),
            withdrawals: Arc::new(withdrawals),
            deposits,
            wallets: Arc::new(wallets),
            claims: Arc::new(claims),
        },
        balances,
    })
}

fn print_summary(
    out: &mut impl Write,
    snapshot: &ExtratoSnapshot,
    args: &ExtratoArgs,
    zone: &LocalZone,
) {
    let language = snapshot.language;
    let moments = MomentFormat::new(language, zone.clone());
    let amounts = AmountFormat::new(language, false);
    let filtered = &snapshot.filtered;
    let to = snapshot
        .filter
        .to
        .map_or_else(String::new, |day| moments.day(day));
    let zone_name = zone.name().unwrap_or("UTC");
    let count = filtered.count.to_string();
    let summary = match snapshot.filter.from {
        Some(from) => tr_with(
            language,
            "cli.extrato.summary",
            &[
                ("from", &moments.day(from)),
                ("to", &to),
                ("zone", zone_name),
                ("count", &count),
            ],
        ),
        None => tr_with(
            language,
            "cli.extrato.summary_until",
            &[("to", &to), ("zone", zone_name), ("count", &count)],
        ),
    };
    let _ = writeln!(out, "{summary}");
    for (asset, totals) in &filtered.totals {
        let _ = writeln!(
            out,
            "  {}: {} {}, {} {}",
            ticker_and_chain(asset),
            tr(language, "activity.in"),
            compact_amount(amounts, totals.money_in, asset),
            tr(language, "activity.out"),
            compact_amount(amounts, totals.money_out, asset),
        );
    }
    for path in [&args.ofx, &args.csv, &args.xlsx].into_iter().flatten() {
        let _ = writeln!(
            out,
            "{}",
            tr_with(
                language,
                "cli.extrato.wrote",
                &[("path", &path.display().to_string())]
            )
        );
    }
}
