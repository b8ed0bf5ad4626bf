//! `brlv-desk tax-report --year YYYY [--profile NAME] [--csv DIR]
//! [--outflow ID=payment|own|gift|none]... [--outflow-value ID=BRL]...
//! [--inflow-cost ID=BRL]... [--paid-on YYYY-MM-DD] [--custodian-name NAME]
//! [--custodian-cnpj CNPJ] [--pdf FILE] [--xlsx FILE]`: fetches what the ledger
//! needs with the typed client, reads this device's claims and typed values
//! from the profile's journal (keeping there first what `--outflow`,
//! `--outflow-value`, `--inflow-cost`, `--custodian-name` and
//! `--custodian-cnpj` say), writes `ledger.csv`,
//! `months.csv`, `positions.csv`, `bens-e-direitos.csv`, `gcap-sales.csv`
//! and `late-darfs.csv`, and prints a short summary per month, the outflows
//! with their answers, the DeCripto lines, the orders left out for their
//! state, each DARF not marked paid by its due date with its fine and Selic
//! interest on the day of payment (today unless `--paid-on`), and Bens e
//! Direitos with both columns. With `--pdf`, it also writes the report
//! for an accountant the Taxes view saves, built by the same code; with
//! `--xlsx`, the year as one workbook, as the Taxes view saves it.
//!
//! Credentials come as `call`'s do: the `BRLV_*` variables, or a saved
//! profile with `--profile`. The journal is the one the app keeps for that
//! profile (for the variables' profile, the one named after the service's
//! host); without one, the report has no claims and no typed values, and
//! says so.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use time::{Date, OffsetDateTime};

use crate::app::error_text::Localize;
use crate::app::features::taxes::figures::{self, TaxRequest, TaxSources};
use crate::app::features::taxes::report::{build_report, render};
use crate::cli::call::{self, CallError};
use brlv_core::api::Client;
use brlv_core::api::model::{
    Asset, BalanceAsset, CreateQuote, Deposit, DepositAsset, Order, Transfer, Wallet, Withdrawal,
};
use brlv_core::money::{NumberFormat, format_brl};
use brlv_core::tax::darf::{self, LateDarf, Overdue};
use brlv_core::tax::declaration::{
    self, CnpjField, Declaration, MoneyHeld, MoneyReading, cnpj_field,
};
use brlv_core::tax::input::{
    DepositList, LedgerInput, OutflowAnswer, ServicePrice, ServicePrices, TOKEN_DEPOSIT_ASSETS,
};
use brlv_core::tax::ledger::{
    EntryKind, Ledger, ValueSource, assets_needing_prices, dollar_rate_days, ticker_of,
};
use brlv_core::tax::money::{self, DollarCost, MoneyMoves, MoneyRecords};
use brlv_core::tax::months::compare_with_service;
use brlv_core::tax::ptax::{self, DollarRates, PtaxClient};
use brlv_core::tax::rules::{Language, disclaimer};
use brlv_core::tax::selic::{self, SelicClient, SelicMonths};
use brlv_core::tax::year::{YearReport, year_report};
use brlv_core::tax::{ClaimMade, TaxInput, TypedValues, YearMonth, brasilia, export, journal};

/// Arguments of `brlv-desk tax-report`.
#[derive(Clone, Debug, clap::Args)]
pub struct TaxReportArgs {
    /// The calendar year, e.g. 2026.
    #[arg(long)]
    pub year: i32,
    /// Use a saved profile (its secrets come from the OS keyring) instead of
    /// the BRLV_* environment variables.
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,
    /// Write ledger.csv, months.csv and positions.csv into this folder
    /// (made if missing).
    #[arg(long, value_name = "DIR")]
    pub csv: Option<PathBuf>,
    /// The Banco Central's rate service, for the dollar's PTAX of the days
    /// of orders in dollars or dollar stablecoins with no leg in reais.
    #[arg(long, value_name = "URL", env = "BRLV_PTAX_URL", default_value = ptax::DEFAULT_BASE_URL)]
    pub ptax_url: String,
    /// What tokens that left to someone else were, kept in the journal
    /// before the report is made: the transfer's or withdrawal's id, then
    /// `payment`, `own` (the person's own wallet elsewhere), `gift`, or
    /// `none` to clear the answer. Repeat for each outflow.
    #[arg(long, value_name = "ID=ANSWER")]
    pub outflow: Vec<String>,
    /// An outflow's value in reais on its day, kept in the journal
    /// (`ID=1234.56`; `ID=none` clears it).
    #[arg(long, value_name = "ID=BRL")]
    pub outflow_value: Vec<String>,
    /// What tokens that arrived cost, in reais: a deposit's or an incoming
    /// transfer's id (from outside, or back from the person's own wallet),
    /// kept in the journal (`ID=5000.00`; `ID=none` clears it). Repeat for
    /// each arrival.
    #[arg(long, value_name = "ID=BRL")]
    pub inflow_cost: Vec<String>,
    /// The Banco Central's time-series service, for the monthly Selic of a
    /// late DARF's interest (series 4390).
    #[arg(long, value_name = "URL", env = "BRLV_SELIC_URL", default_value = selic::DEFAULT_BASE_URL)]
    pub selic_url: String,
    /// The day a late DARF is paid on, for its fine and interest
    /// (YYYY-MM-DD; default: today in Brasília).
    #[arg(long, value_name = "DATE", value_parser = read_iso_day)]
    pub paid_on: Option<Date>,
    /// The custodian's CNPJ for its own field of Bens e Direitos: checked,
    /// and kept in the profile's journal so that it is typed once.
    #[arg(long, value_name = "CNPJ")]
    pub custodian_cnpj: Option<String>,
    /// The custodian's name for Discriminação, kept in the profile's
    /// journal so that it is typed once (`none` clears it).
    #[arg(long, value_name = "NAME")]
    pub custodian_name: Option<String>,
    /// Write the year as one workbook (.xlsx) to this file: the months, the
    /// ledger, Bens e Direitos, the sales for GCAP, the late DARFs and the
    /// sources, money as numbers in reais and dates as dates.
    #[arg(long, value_name = "FILE")]
    pub xlsx: Option<PathBuf>,
    /// Write the report for an accountant as PDF to this file: the same
    /// report the Taxes view saves, Bens e Direitos whole and the money
    /// held at the service included, in the summary's language.
    #[arg(long, value_name = "FILE")]
    pub pdf: Option<PathBuf>,
    /// The summary's language: en or pt-BR.
    #[arg(long, value_name = "LANG", default_value = "en")]
    pub language: String,
    /// Where the passphrase of a sealed key comes from, as for `call`.
    #[command(flatten)]
    pub passphrase: call::PassphraseArgs,
}

fn read_iso_day(text: &str) -> Result<Date, String> {
    ptax::parse_iso_day(text)
        .filter(|_| text.len() == 10)
        .ok_or_else(|| format!("{text:?} is not a date: write 2026-03-09"))
}

/// Why the report could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// Credentials, as `call` reports them.
    #[error(transparent)]
    Call(#[from] CallError),
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
    #[error("could not write {path}: {reason}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The async runtime did not start.
    #[error("cannot start the async runtime: {0}")]
    Runtime(std::io::Error),
    /// An `--outflow` or `--outflow-value` could not be read.
    #[error("{0}")]
    Usage(String),
    /// `--custodian-cnpj` is not a CNPJ.
    #[error("--custodian-cnpj {typed:?} is not a CNPJ: {reason}")]
    Cnpj {
        /// As given.
        typed: String,
        /// Why.
        reason: String,
    },
}

impl ReportError {
    /// The process exit code, as `call`'s: 2 when nothing could be asked,
    /// 1 when the service or a file failed.
    pub fn exit_code(&self) -> u8 {
        match self {
            ReportError::Call(error) => error.exit_code(),
            ReportError::Fetch(failed) => failed.exit_code(),
            ReportError::Journal { .. } | ReportError::Write { .. } | ReportError::Runtime(_) => {
                call::EXIT_FAILED
            }
            ReportError::Usage(_) | ReportError::Cnpj { .. } => call::EXIT_USAGE,
        }
    }
}

/// What was fetched and read for the report.
#[derive(Debug, Default)]
pub struct Fetched {
    /// Orders.
    pub orders: Vec<Order>,
    /// Transfers.
    pub transfers: Vec<Transfer>,
    /// Withdrawals.
    pub withdrawals: Vec<Withdrawal>,
    /// The token deposit lists.
    pub deposits: Vec<(DepositAsset, Vec<Deposit>)>,
    /// Wallets.
    pub wallets: Vec<Wallet>,
    /// The claims this device made.
    pub claims: Vec<ClaimMade>,
    /// What the person typed.
    pub typed: TypedValues,
    /// The service's prices for orders with no leg in reais.
    pub prices: ServicePrices,
    /// The dollar's PTAX of the days orders in dollars need.
    pub dollar_rates: DollarRates,
    /// Requests made to the Banco Central for them (none for days the
    /// journal keeps).
    pub dollar_rate_requests: usize,
    /// Today's BRL and USD balances at the service and their deposit lists.
    pub money: MoneyLists,
    /// The service's exemption figure for the current month.
    pub service_figure: Option<brlv_core::api::model::TaxExemptionProgress>,
    /// The journal read, if there was one.
    pub journal: Option<PathBuf>,
}

/// The journal the app keeps for a profile called `name` at `base_url`.
pub fn journal_path(name: &str, base_url: &str) -> Option<PathBuf> {
    brlv_core::journal::default_dir().map(|dir| brlv_core::journal::file_for(&dir, name, base_url))
}

/// Runs the command; what the process exits with.
pub fn run(args: &TaxReportArgs) -> ExitCode {
    let mut stdout = std::io::stdout();
    match report(args, &mut stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}

fn credentials(
    args: &TaxReportArgs,
) -> Result<(brlv_core::credentials::Credentials, String), CallError> {
    call::named_command_credentials(args.profile.as_deref(), args.passphrase.source())
}

/// What `--outflow`, `--outflow-value`, `--inflow-cost` and
/// `--custodian-name` say, read before anything is asked of the service.
pub fn typed_inputs(args: &TaxReportArgs) -> Result<Vec<TaxInput>, ReportError> {
    let split = |text: &str, flag: &str| -> Result<(uuid::Uuid, String), ReportError> {
        let (id, value) = text
            .split_once('=')
            .ok_or_else(|| ReportError::Usage(format!("{flag} {text}: expected ID=VALUE")))?;
        let id = uuid::Uuid::parse_str(id.trim()).map_err(|_| {
            ReportError::Usage(format!(
                "{flag} {text}: {id} is not the id of a {}",
                if flag == "--inflow-cost" {
                    "deposit or transfer"
                } else {
                    "transfer or withdrawal"
                }
            ))
        })?;
        Ok((id, value.trim().to_owned()))
    };
    let reais = |text: &str,
                 flag: &str,
                 value: &str|
     -> Result<Option<rust_decimal::Decimal>, ReportError> {
        if value.eq_ignore_ascii_case("none") {
            return Ok(None);
        }
        let brl: rust_decimal::Decimal = value.parse().map_err(|_| {
            ReportError::Usage(format!(
                "{flag} {text}: the value is reais with a point (1234.56) or none"
            ))
        })?;
        if brl.is_sign_negative() {
            return Err(ReportError::Usage(format!(
                "{flag} {text}: a value in reais is not negative"
            )));
        }
        Ok(Some(brl))
    };
    let mut inputs = Vec::new();
    for text in &args.outflow {
        let (record, value) = split(text, "--outflow")?;
        let answer = if value.eq_ignore_ascii_case("none") {
            None
        } else {
            Some(OutflowAnswer::parse(&value).ok_or_else(|| {
                ReportError::Usage(format!(
                    "--outflow {text}: the answer is payment, own, gift or none"
                ))
            })?)
        };
        inputs.push(TaxInput::OutflowAnswer { record, answer });
    }
    for text in &args.outflow_value {
        let (record, value) = split(text, "--outflow-value")?;
        let brl = reais(text, "--outflow-value", &value)?;
        inputs.push(TaxInput::OutflowValue { record, brl });
    }
    for text in &args.inflow_cost {
        let (record, value) = split(text, "--inflow-cost")?;
        let brl = reais(text, "--inflow-cost", &value)?;
        inputs.push(TaxInput::ArrivedCost { record, brl });
    }
    if let Some(name) = &args.custodian_name {
        let name = name.trim();
        inputs.push(TaxInput::Custodian(
            (!name.is_empty() && !name.eq_ignore_ascii_case("none")).then(|| name.to_owned()),
        ));
    }
    Ok(inputs)
}

/// Makes the report and writes its summary to `out`.
pub fn report(args: &TaxReportArgs, out: &mut impl Write) -> Result<(), ReportError> {
    let language = Language::from_tag(&args.language);
    let answers = typed_inputs(args)?;
    let cnpj = match args
        .custodian_cnpj
        .as_deref()
        .map(|typed| cnpj_field(Some(typed)))
    {
        None => None,
        Some(CnpjField::Valid { bare, .. }) => Some(bare),
        Some(CnpjField::Invalid { typed, problem }) => {
            return Err(ReportError::Cnpj {
                typed,
                reason: problem.text(language),
            });
        }
        Some(CnpjField::Missing) => {
            return Err(ReportError::Cnpj {
                typed: String::new(),
                reason: "it is empty".to_owned(),
            });
        }
    };
    let (credentials, name) = credentials(args)?;
    let journal = journal_path(&name, &credentials.base_url);
    // The Banco Central is asked the way the profile reaches its service:
    // a rate kept in the journal came through the path the person chose.
    let network = credentials.network.clone();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(ReportError::Runtime)?;
    let fetched = runtime.block_on(fetch(
        credentials,
        journal,
        (&args.ptax_url, &network),
        &answers,
        args.year,
        cnpj.as_deref(),
        language,
    ))?;
    let now = OffsetDateTime::now_utc();
    let deposit_lists: Vec<DepositList<'_>> = fetched
        .deposits
        .iter()
        .map(|(asset, deposits)| DepositList { asset, deposits })
        .collect();
    let input = LedgerInput {
        orders: &fetched.orders,
        transfers: &fetched.transfers,
        withdrawals: &fetched.withdrawals,
        deposits: &deposit_lists,
        claims: &fetched.claims,
        wallets: &fetched.wallets,
        typed: &fetched.typed,
        prices: &fetched.prices,
        dollar_rates: &fetched.dollar_rates,
    };
    let ledger = brlv_core::tax::build(&input);
    let year = year_report(&ledger, &fetched.typed, args.year, now);
    let paid_on = args.paid_on.unwrap_or_else(|| brasilia::date_at(now));
    let (selic_months, selic_requests) = runtime.block_on(selic_for(
        (&args.selic_url, &network),
        Overdue::selic_needed(&ledger, &fetched.typed, paid_on),
        fetched.journal.as_deref(),
    ));
    // Every year's DARFs not paid by their due date, as the Overview says them.
    let overdue = Overdue::of(&ledger, &fetched.typed, paid_on, &selic_months);
    let late: Vec<LateDarf> = overdue
        .darfs
        .iter()
        .filter(|darf| darf.month.year == args.year)
        .cloned()
        .collect();
    let money = money_held(&fetched, &ledger, args.year, now);
    let declaration = declaration::declaration(&ledger, &fetched.typed, &year, money, now);
    if let Some(dir) = &args.csv {
        write_files(dir, &ledger, &input, &year)?;
        write_declaration_files(dir, &declaration, &late, language)?;
    }
    print_summary(out, &ledger, &year, &fetched, (now, &overdue), language);
    let late_darfs = LateDarfs {
        paid_on,
        late: &late,
        overdue: &overdue,
        selic: &selic_months,
        selic_requests,
    };
    print_late_darfs(out, &late_darfs, language);
    print_declaration(out, &declaration, language);
    print_readings(out, &year, language);
    if let Some(path) = &args.xlsx {
        let bytes = brlv_core::tax::workbook::workbook(&brlv_core::tax::workbook::WorkbookParts {
            ledger: &ledger,
            input: &input,
            year: &year,
            declaration: &declaration,
            late: &late,
            language,
        })
        .map_err(|error| ReportError::Write {
            path: path.clone(),
            reason: error.to_string(),
        })?;
        crate::app::export::write_file(path, &bytes).map_err(|error| ReportError::Write {
            path: path.clone(),
            reason: error.localize(app_language(language)),
        })?;
        let _ = writeln!(out, "XLSX: {}", path.display());
    }
    if let Some(path) = &args.pdf {
        let of = ReportOf {
            year: args.year,
            paid_on,
            now,
            language,
            account: &name,
        };
        write_pdf(path, &fetched, &selic_months, &declaration.money, &of)?;
        let _ = writeln!(out, "PDF: {}", path.display());
    }
    Ok(())
}

/// The window's language for the report's.
fn app_language(language: Language) -> crate::app::i18n::Language {
    match language {
        Language::PortugueseBrazil => crate::app::i18n::Language::PtBr,
        Language::English => crate::app::i18n::Language::En,
    }
}

/// What the PDF is made of besides the lists: the year, the day a late
/// DARF is paid on, now, the language and the account's name.
struct ReportOf<'a> {
    year: i32,
    paid_on: Date,
    now: OffsetDateTime,
    language: Language,
    account: &'a str,
}

/// Writes the report for an accountant to `path`, built as the Taxes view
/// builds it ([`figures::compute`], [`build_report`]) from what was fetched,
/// with the money held at the service as the summary reads it.
fn write_pdf(
    path: &Path,
    fetched: &Fetched,
    selic_months: &SelicMonths,
    money: &[MoneyHeld],
    of: &ReportOf<'_>,
) -> Result<(), ReportError> {
    use std::sync::Arc;
    let deposits = TOKEN_DEPOSIT_ASSETS.map(|asset| {
        Arc::new(
            fetched
                .deposits
                .iter()
                .find(|(listed, _)| *listed == asset)
                .map(|(_, deposits)| deposits.clone())
                .unwrap_or_default(),
        )
    });
    let sources = TaxSources {
        orders: Arc::new(fetched.orders.clone()),
        transfers: Arc::new(fetched.transfers.clone()),
        withdrawals: Arc::new(fetched.withdrawals.clone()),
        wallets: Arc::new(fetched.wallets.clone()),
        deposits,
        claims: Arc::new(fetched.claims.clone()),
        typed: Arc::new(fetched.typed.clone()),
        prices: Arc::new(fetched.prices.clone()),
        dollar_rates: Arc::new(fetched.dollar_rates.clone()),
        selic: Arc::new(selic_months.clone()),
        now: of.now,
        ..TaxSources::default()
    };
    let request = TaxRequest {
        year: of.year,
        today: Some(of.paid_on),
        ..TaxRequest::default()
    };
    let figures = figures::compute(None, request, sources);
    let language = app_language(of.language);
    let failed = |reason: String| ReportError::Write {
        path: path.to_owned(),
        reason,
    };
    let report = build_report(&figures, language, of.account, of.now, money)
        .ok_or_else(|| failed("the year's figures could not be computed".to_owned()))?;
    crate::app::export::write_file(path, &render(&report))
        .map(|_| ())
        .map_err(|error| failed(error.localize(language)))
}

fn write_file(
    dir: &Path,
    name: &str,
    write: impl FnOnce(std::fs::File) -> Result<(), csv::Error>,
) -> Result<(), ReportError> {
    let path = dir.join(name);
    let failed = |reason: String| ReportError::Write {
        path: path.clone(),
        reason,
    };
    // Owner-only and never through a link, as every file the app writes.
    let file = brlv_core::private_file::create(&path).map_err(|error| failed(error.to_string()))?;
    write(file).map_err(|error| failed(error.to_string()))
}

/// Writes the three files into `dir`.
pub fn write_files(
    dir: &Path,
    ledger: &Ledger,
    input: &LedgerInput<'_>,
    year: &YearReport,
) -> Result<(), ReportError> {
    std::fs::create_dir_all(dir).map_err(|error| ReportError::Write {
        path: dir.to_owned(),
        reason: error.to_string(),
    })?;
    write_file(dir, "ledger.csv", |file| {
        export::write_ledger(
            std::io::BufWriter::new(file),
            ledger,
            input,
            Some(year.year),
        )
    })?;
    write_file(dir, "months.csv", |file| {
        export::write_months(file, &year.months)
    })?;
    write_file(dir, "positions.csv", |file| {
        export::write_positions(file, &year.positions, year.positions_on)
    })
}

/// Writes `bens-e-direitos.csv`, `gcap-sales.csv` and `late-darfs.csv` into `dir`.
pub fn write_declaration_files(
    dir: &Path,
    declaration: &Declaration,
    late: &[LateDarf],
    language: Language,
) -> Result<(), ReportError> {
    write_file(dir, "bens-e-direitos.csv", |file| {
        export::write_bens(file, declaration)
    })?;
    write_file(dir, "gcap-sales.csv", |file| {
        export::write_gcap_sales(file, &declaration.gcap_sales)
    })?;
    write_file(dir, "late-darfs.csv", |file| {
        export::write_late_darfs(file, late, language)
    })
}

/// The monthly Selic of `needed`, the months the late DARFs need when
/// paid on the day given: the journal's, else the Banco Central's (kept in
/// the journal). A month that could not be had is flagged on the DARF.
async fn selic_for(
    (selic_url, network): (&str, &brlv_core::network::NetworkPath),
    needed: std::collections::BTreeSet<YearMonth>,
    journal: Option<&Path>,
) -> (SelicMonths, usize) {
    if needed.is_empty() {
        return (SelicMonths::default(), 0);
    }
    let client = match SelicClient::through(selic_url, network) {
        Ok(client) => client,
        Err(error) => {
            let mut months = SelicMonths::default();
            for month in needed {
                months.fail(month, selic::SelicProblem::Service(error.clone()));
            }
            return (months, 0);
        }
    };
    let mut store = journal.and_then(|path| match brlv_core::journal::Store::open(path) {
        Ok((store, _)) => Some(store),
        Err(error) => {
            eprintln!("warning: the monthly Selic cannot be kept in the journal: {error}");
            None
        }
    });
    let this_month = YearMonth::in_brasilia(OffsetDateTime::now_utc());
    let (completed, journal_error) =
        selic::selic_through(&client, store.as_mut(), &needed, this_month).await;
    if let Some(error) = journal_error {
        eprintln!("warning: the monthly Selic could not be kept in the journal: {error}");
    }
    (completed.months, completed.requests)
}

/// Today's BRL and USD balances at the service and their deposit lists,
/// each had or why not (in the report's language): the money held on 31/12
/// is read back from them ([`money_held`]).
#[derive(Debug, Default)]
pub struct MoneyLists {
    balances: [Option<Result<rust_decimal::Decimal, String>>; 2],
    deposits: [Option<Vec<Deposit>>; 2],
}

/// The currencies held at the service, as the declaration names them.
const MONEY: [(Asset, &str, DepositAsset); 2] = [
    (Asset::FiatBrl, "brl", DepositAsset::Brl),
    // The interface names no USD balance; asked, and said when refused.
    (Asset::FiatUsd, "usd", DepositAsset::Usd),
];

async fn money_lists(client: &Client, language: Language) -> MoneyLists {
    let mut lists = MoneyLists::default();
    for (index, (_, balance_name, deposit_asset)) in MONEY.iter().enumerate() {
        lists.balances[index] = Some(
            client
                .balance(&BalanceAsset::from_wire(balance_name))
                .await
                .map(|balance| balance.running_balance)
                .map_err(|error| error.localize(app_language(language))),
        );
        lists.deposits[index] = match client.list_deposits(deposit_asset).await {
            Ok(list) => Some(list),
            Err(error) => {
                eprintln!(
                    "warning: the {} deposits could not be read ({error}); the balance of 31/12 \
                     is read back without them",
                    deposit_asset.as_str()
                );
                None
            }
        };
    }
    lists
}

impl Fetched {
    /// The records a currency's movements at the service are read from.
    fn money_records(&self, index: usize) -> MoneyRecords<'_> {
        MoneyRecords {
            orders: &self.orders,
            withdrawals: &self.withdrawals,
            deposits: self
                .money
                .deposits
                .get(index)
                .and_then(|list| list.as_deref()),
            claims: &self.claims,
        }
    }
}

/// The BRL and USD held at the service in both columns of `year`'s
/// declaration: today's balance for the current year; for a year already
/// over, today's less the movements since (the interface gives no balance
/// of a past day), or, with no balance, the movements summed; dollars at
/// their cost in reais with the PTAX of 31/12 beside; each says how it was read.
fn money_held(
    fetched: &Fetched,
    ledger: &Ledger,
    year: i32,
    now: OffsetDateTime,
) -> Vec<MoneyHeld> {
    MONEY
        .iter()
        .enumerate()
        .map(|(index, (asset, _, _))| {
            let records = fetched.money_records(index);
            let balance = fetched.money.balances[index]
                .clone()
                .unwrap_or_else(|| Err("not asked".to_owned()));
            let cost = (*asset == Asset::FiatUsd)
                .then(|| DollarCost::of(&records, ledger, &fetched.dollar_rates));
            MoneyMoves::of(asset, &records).held_in_declaration(
                balance,
                year,
                now,
                cost.as_ref(),
                &fetched.dollar_rates,
            )
        })
        .collect()
}

async fn fetch(
    credentials: brlv_core::credentials::Credentials,
    journal: Option<PathBuf>,
    ptax: (&str, &brlv_core::network::NetworkPath),
    answers: &[TaxInput],
    year: i32,
    custodian_cnpj: Option<&str>,
    language: Language,
) -> Result<Fetched, ReportError> {
    let client = credentials.into_client().map_err(call::CallError::from)?;
    let call::AccountLists {
        orders,
        transfers,
        withdrawals,
        wallets,
        deposits,
    } = call::fetch_account_lists(&client, &TOKEN_DEPOSIT_ASSETS).await?;
    // The figure is a comparison only: a service without it still gets its report.
    let service_figure = client.tax_exemption_progress().await.ok();
    let money = money_lists(&client, language).await;
    // Answers are kept in the journal the app reads, made if there is none yet.
    let journal = journal.filter(|path| path.exists() || !answers.is_empty());
    let (claims, mut typed, journal, mut store) = match journal {
        Some(path) => {
            let failed = |error| ReportError::Journal {
                path: path.clone(),
                error,
            };
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|error| ReportError::Write {
                    path: parent.to_owned(),
                    reason: error.to_string(),
                })?;
            }
            let (mut store, _) = brlv_core::journal::Store::open(&path).map_err(failed)?;
            let now = OffsetDateTime::now_utc();
            for answer in answers {
                journal::write_typed(&mut store, answer, now).map_err(failed)?;
            }
            let claims = journal::read_claims(&store).map_err(failed)?;
            let (typed, unread) = journal::read_typed(&store).map_err(failed)?;
            if unread > 0 {
                eprintln!(
                    "warning: {unread} typed values in the journal were written by a newer \
                     version and are left out"
                );
            }
            (claims, typed, Some(path), Some(store))
        }
        None => {
            // No journal to keep them in: used for this report alone.
            let mut typed = TypedValues::default();
            for answer in answers {
                typed.apply(answer.clone());
            }
            (Vec::new(), typed, None, None)
        }
    };
    if let Some(cnpj) = custodian_cnpj
        && typed.custodian_cnpj.as_deref() != Some(cnpj)
    {
        match (store.as_mut(), &journal) {
            (Some(store), Some(path)) => store
                .append_tax_input(&brlv_core::tax::input::custodian_cnpj_record(
                    Some(cnpj),
                    OffsetDateTime::now_utc(),
                ))
                .map_err(|error| ReportError::Journal {
                    path: path.clone(),
                    error,
                })?,
            _ => eprintln!(
                "note: no journal for this profile on this device: the CNPJ is used for this \
                 report and not kept"
            ),
        }
        typed.custodian_cnpj = Some(cnpj.to_owned());
    }
    let (wanted_prices, mut needed_days) = {
        let lists: Vec<DepositList<'_>> = deposits
            .iter()
            .map(|(asset, deposits)| DepositList { asset, deposits })
            .collect();
        let unpriced = ServicePrices::default();
        let no_rates = DollarRates::default();
        let input = LedgerInput {
            orders: &orders,
            transfers: &transfers,
            withdrawals: &withdrawals,
            deposits: &lists,
            claims: &claims,
            wallets: &wallets,
            typed: &typed,
            prices: &unpriced,
            dollar_rates: &no_rates,
        };
        (assets_needing_prices(&input), dollar_rate_days(&input))
    };
    // The dollars' deposits and both 31/12: their cost and reference rate.
    needed_days.extend(money::dollar_rate_days(
        &MoneyRecords {
            orders: &orders,
            withdrawals: &withdrawals,
            deposits: money.deposits[1].as_deref(),
            claims: &claims,
        },
        year,
        brasilia::date_at(OffsetDateTime::now_utc()),
    ));
    let prices = service_prices(&client, wanted_prices).await;
    let (dollar_rates, dollar_rate_requests) =
        dollar_rates(ptax, needed_days, store.as_mut()).await;
    Ok(Fetched {
        orders,
        transfers,
        withdrawals,
        deposits,
        wallets,
        claims,
        typed,
        prices,
        dollar_rates,
        dollar_rate_requests,
        money,
        service_figure,
        journal,
    })
}

/// The dollar's PTAX of every day an order in dollars or a dollar
/// stablecoin leaving or arriving needs: the journal's, else the Banco
/// Central's (kept in the journal). A day that could not be had is flagged
/// on its figure and listed in the summary.
async fn dollar_rates(
    (ptax_url, network): (&str, &brlv_core::network::NetworkPath),
    needed: std::collections::BTreeSet<time::Date>,
    store: Option<&mut brlv_core::journal::Store>,
) -> (DollarRates, usize) {
    if needed.is_empty() {
        return (DollarRates::default(), 0);
    }
    let client = match PtaxClient::through(ptax_url, network) {
        Ok(client) => client,
        Err(error) => {
            let mut rates = DollarRates::default();
            for day in needed {
                rates.fail(day, ptax::RateProblem::Service(error.clone()));
            }
            return (rates, 0);
        }
    };
    let today = brlv_core::tax::brasilia::date_at(OffsetDateTime::now_utc());
    let (completed, journal_error) =
        journal::dollar_rates_through(&client, store, &needed, today).await;
    if let Some(error) = journal_error {
        eprintln!("warning: the dollar's rates could not be kept in the journal: {error}");
    }
    (completed.rates, completed.requests)
}

/// Asks the service's price of each token that may need it (an order with
/// no leg in reais, tokens moved outside the service): a quote of one unit
/// for reais (a quote changes nothing), its rate before the fee. A token
/// the service does not quote stays unpriced.
async fn service_prices(client: &Client, wanted: Vec<Asset>) -> ServicePrices {
    let mut prices = ServicePrices {
        prices: Vec::new(),
        quoted_at: Some(OffsetDateTime::now_utc()),
    };
    for asset in wanted {
        let ticker = ticker_of(&asset).into_owned();
        if prices.of(&ticker).is_some() {
            continue;
        }
        let quote = CreateQuote::paying(asset.clone(), Asset::FiatBrl, rust_decimal::Decimal::ONE);
        match client.create_quote(&quote).await {
            Ok(quote) => {
                if let Some(rate) = quote.base_rate {
                    prices.prices.push(ServicePrice {
                        ticker,
                        brl_per_unit: rate,
                    });
                }
            }
            Err(error) => {
                eprintln!("note: the service gave no price for {ticker}: {error}");
            }
        }
    }
    prices
}

fn print_summary(
    out: &mut impl Write,
    ledger: &Ledger,
    year: &YearReport,
    fetched: &Fetched,
    (now, overdue): (OffsetDateTime, &Overdue),
    language: Language,
) {
    let say = Say::new(language);
    let money = |value| say.money(value);
    let words = |english, portuguese_text| say.words(english, portuguese_text);
    let _ = writeln!(
        out,
        "{} {}",
        words("Tax report", "Relatório de impostos"),
        year.year
    );
    let _ = writeln!(out, "{}", disclaimer(language));
    match &fetched.journal {
        Some(path) => {
            let _ = writeln!(
                out,
                "{} {} ({} {})",
                words("Journal:", "Diário:"),
                path.display(),
                fetched.claims.len(),
                words("claims", "resgates"),
            );
        }
        None => {
            let _ = writeln!(
                out,
                "{}",
                words(
                    "No journal on this device for this profile: no claims and no typed values.",
                    "Nenhum diário neste dispositivo para este perfil: sem resgates e sem valores digitados.",
                )
            );
        }
    }
    // What leaves money out is said before the figures it leaves out of.
    if let Some(notice) = ledger.unknown_states_notice(language) {
        let _ = writeln!(out, "{}: {notice}", words("WARNING", "ATENÇÃO"));
    }
    let _ = writeln!(out);
    for month in &year.months {
        let status = if month.exempt {
            words("exempt", "isento")
        } else {
            words("TAXABLE", "TRIBUTÁVEL")
        };
        let mut line = format!(
            "{}  {} {}  {}  {} {}",
            say.month(month.month),
            words("sales", "vendas"),
            money(month.sales_brl),
            status,
            words("gain", "ganho"),
            money(month.gain_brl),
        );
        if let Some(darf) = &month.darf {
            let due = darf.due.map_or_else(String::new, |due| say.date(due));
            line.push_str(&format!(
                "  DARF {} {} {} {due}{}",
                darf.code,
                money(darf.amount_brl),
                words("due", "vence"),
                if month.paid {
                    words(" (paid)", " (pago)")
                } else {
                    ""
                },
            ));
        } else if !month.tax_brl.is_zero() || !month.carried_out_brl.is_zero() {
            line.push_str(&format!(
                "  {} {} {}",
                words("tax", "imposto"),
                money(month.carried_out_brl),
                words("carried (under R$10)", "acumulado (abaixo de R$ 10)"),
            ));
        }
        if let Some(late) = overdue.of_month(month.month) {
            line.push_str(&format!(
                "  {} {} {}: {}",
                words("OVERDUE", "VENCIDO há"),
                late.days_late,
                words("days", "dias"),
                late.total_brl.map_or_else(
                    || {
                        format!(
                            "{} {}",
                            words("at least", "ao menos"),
                            money(late.known_part_brl())
                        )
                    },
                    money
                ),
            ));
            line.push_str(&format!(
                " {} {}",
                words("if paid on", "se pago em"),
                say.date(late.paid_on)
            ));
        }
        if month.flagged > 0 {
            line.push_str(&format!(
                "  [{} {}]",
                month.flagged,
                words("to check", "a conferir")
            ));
        }
        if month.not_counted > 0 {
            line.push_str(&format!(
                "  [{} {}]",
                month.not_counted,
                words(
                    "orders not counted: state unknown",
                    "ordens não contadas: estado desconhecido"
                )
            ));
        }
        let _ = writeln!(out, "{line}");
        for asset in month
            .tax_by_asset
            .iter()
            .filter(|asset| !asset.earlier_gain_brl.is_zero())
        {
            let _ = writeln!(
                out,
                "  {} {}: {} {} {} {} {} (Lei 8.981/1995 art. 21 §3)",
                ledger.asset_name(asset.asset),
                words("gain", "ganho"),
                money(asset.gain_brl),
                words("on top of", "somado a"),
                money(asset.earlier_gain_brl),
                words("taxed earlier: tax", "tributados antes: imposto"),
                money(asset.tax_brl),
            );
        }
        if let Some(decripto) = &month.decripto {
            let _ = writeln!(
                out,
                "  DeCripto: {} {} {} ({})",
                money(decripto.external_brl),
                words("outside the service.", "fora do serviço."),
                decripto.rule.text(language),
                decripto.rule.source(language),
            );
        }
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "{} {}:",
        words("Positions on", "Posições em"),
        say.date(year.positions_on)
    );
    for position in &year.positions {
        let _ = writeln!(
            out,
            "  {} {}  {} {}  {} 08/{}",
            position.asset,
            say.quantity(position.quantity),
            words("cost", "custo"),
            money(position.total_cost_brl),
            words("Bens e Direitos", "Bens e Direitos"),
            position.code.code(),
        );
    }
    let _ = writeln!(
        out,
        "{} {}",
        words(
            "Exempt gains (Rendimentos Isentos):",
            "Ganhos isentos (Rendimentos Isentos):"
        ),
        money(year.exempt_gains_brl)
    );
    let this_month = brlv_core::tax::YearMonth::in_brasilia(now);
    if let (Some(service), Some(month)) = (
        &fetched.service_figure,
        year.months.iter().find(|month| month.month == this_month),
    ) {
        let comparison = compare_with_service(month, service);
        if comparison.differs {
            let _ = writeln!(
                out,
                "{} {}: {} {}, {} {}",
                words("This month", "Este mês"),
                say.month(this_month),
                words("the report counts", "o relatório conta"),
                money(month.sales_brl),
                words("the service", "o serviço"),
                comparison
                    .service_total_brl
                    .map_or_else(|| "?".to_owned(), money),
            );
            for reason in comparison.reasons {
                let _ = writeln!(out, "  - {}", reason.text(language));
            }
        }
    }
    print_value_sources(out, ledger, year.year, fetched, language);
    print_outflows(out, ledger, year.year, fetched, language);
    if let Some(notice) = ledger.unknown_states_notice(language) {
        let _ = writeln!(out, "{notice}");
    }
    let flagged: u32 = year.months.iter().map(|month| month.flagged).sum();
    if flagged > 0 || !ledger.skipped.is_empty() {
        let _ = writeln!(
            out,
            "{} {flagged}; {} {}",
            words("Entries to check:", "Lançamentos a conferir:"),
            words("records left out:", "registros deixados de fora:"),
            ledger.skipped.len()
        );
    }
}

/// The readings the year's figures rest on, last.
fn print_readings(out: &mut impl Write, year: &YearReport, language: Language) {
    let words = |english: &'static str, portuguese_text: &'static str| {
        if language == Language::PortugueseBrazil {
            portuguese_text
        } else {
            english
        }
    };
    let _ = writeln!(out);
    let _ = writeln!(out, "{}", words("Readings:", "Leituras:"));
    for reading in &year.readings {
        let _ = writeln!(
            out,
            "  [{}] {} ({})",
            reading.standing().text(language),
            reading.text(language),
            reading.source(language)
        );
    }
}

/// The year's tokens that left to someone else, each with what it was
/// answered (or that it counts as a payment until answered), its value
/// and gain, and how to answer from the command line.
fn print_outflows(
    out: &mut impl Write,
    ledger: &Ledger,
    year: i32,
    fetched: &Fetched,
    language: Language,
) {
    use brlv_core::tax::ledger::RecordRef;
    let say = Say::new(language);
    let format = say.format;
    let words = |english, portuguese_text| say.words(english, portuguese_text);
    let at = |index: u32| usize::try_from(index).unwrap_or(usize::MAX);
    let mut outflows = ledger
        .entries
        .iter()
        .filter(|entry| entry.month.year == year && entry.kind.is_outflow())
        .peekable();
    if outflows.peek().is_none() {
        return;
    }
    let _ = writeln!(
        out,
        "{}",
        words(
            "Tokens sent to addresses that are not the account's:",
            "Tokens enviados a endereços que não são da conta:"
        )
    );
    let mut unanswered = 0_usize;
    for entry in outflows {
        let id = match entry.record {
            RecordRef::Transfer(index) => fetched.transfers.get(at(index)).map(|t| t.id),
            RecordRef::Withdrawal(index) => fetched.withdrawals.get(at(index)).map(|w| w.id),
            _ => None,
        }
        .map_or_else(|| "?".to_owned(), |id| id.to_string());
        let answer = match entry.kind {
            EntryKind::Payment => words("payment", "pagamento"),
            EntryKind::Gift => words("gift", "doação"),
            EntryKind::ToOwnWallet => words("own wallet elsewhere", "carteira própria"),
            _ => {
                unanswered += 1;
                words(
                    "NOT ANSWERED: counted as a payment",
                    "SEM RESPOSTA: conta como pagamento",
                )
            }
        };
        let mut line = format!(
            "  {} {id} {} {}  {answer}",
            entry.month.iso(),
            entry.quantity.normalize(),
            ledger.asset_name(entry.asset),
        );
        if entry.kind.is_sale() {
            line.push_str(&format!(
                "  {} {} ({})  {} {}",
                words("value", "valor"),
                format_brl(entry.value_brl, format),
                entry.source.key(),
                words("gain", "ganho"),
                format_brl(entry.gain_brl, format),
            ));
        } else {
            line.push_str(&format!(
                "  {} {}",
                words("cost", "custo"),
                format_brl(entry.cost_brl, format),
            ));
        }
        let _ = writeln!(out, "{line}");
    }
    if unanswered > 0 {
        let _ = writeln!(
            out,
            "  {unanswered} {} --outflow ID=payment|own|gift",
            words(
                "not answered; answer each with",
                "sem resposta; responda cada uma com"
            ),
        );
    }
}

/// How many of the year's entries took their value from each source, the
/// dollar's rates asked, and every day whose rate could not be had.
fn print_value_sources(
    out: &mut impl Write,
    ledger: &Ledger,
    year: i32,
    fetched: &Fetched,
    language: Language,
) {
    let portuguese = language == Language::PortugueseBrazil;
    let mut counts = [0_usize; ValueSource::ALL.len()];
    for entry in ledger
        .entries
        .iter()
        .filter(|entry| entry.month.year == year)
    {
        if let Some(position) = ValueSource::ALL
            .iter()
            .position(|source| *source == entry.source)
        {
            counts[position] += 1;
        }
    }
    let _ = writeln!(
        out,
        "{}",
        if portuguese {
            "Origem dos valores em reais:"
        } else {
            "Where the values in reais came from:"
        }
    );
    for (source, count) in ValueSource::ALL.iter().zip(counts) {
        if count > 0 {
            let _ = writeln!(
                out,
                "  {count} {} ({}; {})",
                source.text(language),
                source.key(),
                source.source(language)
            );
        }
    }
    if !fetched.dollar_rates.is_empty() {
        let _ = writeln!(
            out,
            "{} {} ({} {})",
            if portuguese {
                "Dias com PTAX do dólar:"
            } else {
                "Days with the dollar's PTAX:"
            },
            fetched.dollar_rates.len(),
            fetched.dollar_rate_requests,
            if portuguese {
                "consultas ao Banco Central"
            } else {
                "requests to the Banco Central"
            },
        );
    }
    for (day, problem) in fetched.dollar_rates.failures() {
        let _ = writeln!(
            out,
            "  {} {}: {}",
            if portuguese {
                "sem PTAX em"
            } else {
                "no PTAX for"
            },
            ptax::written_day(day, language),
            problem.text(language),
        );
    }
    let provisional: Vec<String> = fetched
        .dollar_rates
        .provisional()
        .map(|day| ptax::written_day(day, language))
        .collect();
    if !provisional.is_empty() {
        let _ = writeln!(
            out,
            "  {} {}: {}",
            if portuguese {
                "PTAX provisória em"
            } else {
                "Provisional PTAX on"
            },
            provisional.join(", "),
            brlv_core::tax::Reading::ProvisionalRate.text(language),
        );
    }
}

/// The late DARFs on the day of payment, with what they rest on.
struct LateDarfs<'a> {
    paid_on: Date,
    /// The year's.
    late: &'a [LateDarf],
    /// Every year's.
    overdue: &'a Overdue,
    selic: &'a SelicMonths,
    selic_requests: usize,
}

/// How the summary writes words and reais: in the report's language.
/// The lists a money figure could not read, said after it.
fn unread_words(
    unread: &[&str],
    words: &dyn Fn(&'static str, &'static str) -> &'static str,
) -> String {
    if unread.is_empty() {
        return String::new();
    }
    format!(
        "; {} {}",
        words(
            "not read, their movements missing:",
            "não lidas, faltam suas movimentações:"
        ),
        unread
            .iter()
            .map(|list| match *list {
                "deposits" => words("deposits", "depósitos"),
                other => other,
            })
            .collect::<Vec<_>>()
            .join(", ")
    )
}

#[derive(Clone, Copy)]
struct Say {
    portuguese: bool,
    format: NumberFormat,
    language: Language,
}

impl Say {
    fn new(language: Language) -> Say {
        let portuguese = language == Language::PortugueseBrazil;
        let format = if portuguese {
            NumberFormat::Brazilian
        } else {
            NumberFormat::English
        };
        Say {
            portuguese,
            format,
            language,
        }
    }

    /// A day as the report's language writes it: `2026-06-30`, `30/06/2026`.
    fn date(self, day: Date) -> String {
        ptax::written_day(day, self.language)
    }

    /// A month: `2026-06`, `06/2026`.
    fn month(self, month: YearMonth) -> String {
        selic::written_month(month, self.language)
    }

    /// A rate in percent: `5.95%`, `5,95 %`.
    fn percent(self, percent: rust_decimal::Decimal) -> String {
        let number = brlv_core::money::format_amount(percent.normalize(), 0, self.format);
        if self.portuguese {
            format!("{number} %")
        } else {
            format!("{number}%")
        }
    }

    /// Dollars, as the language writes money: `US$1,995.00`, `US$ 1.995,00`.
    fn dollars(self, value: rust_decimal::Decimal) -> String {
        let number = brlv_core::money::format_amount(value, 2, self.format);
        if self.portuguese {
            format!("US$ {number}")
        } else {
            format!("US${number}")
        }
    }

    /// A quantity, with the language's separators.
    fn quantity(self, quantity: rust_decimal::Decimal) -> String {
        brlv_core::money::format_amount(quantity.normalize(), 0, self.format)
    }

    /// The text in the report's language.
    fn words(self, english: &'static str, portuguese: &'static str) -> &'static str {
        if self.portuguese { portuguese } else { english }
    }

    /// An amount in reais, written as the report's language writes it.
    fn money(self, value: rust_decimal::Decimal) -> String {
        format_brl(value, self.format)
    }
}

fn print_late_darfs(out: &mut impl Write, late: &LateDarfs<'_>, language: Language) {
    let say = Say::new(language);
    let money = |value| say.money(value);
    let words = |english, portuguese_text| say.words(english, portuguese_text);
    if !late.late.is_empty() {
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "{} {}:",
            words(
                "DARFs not marked paid by their due date, if paid on",
                "DARFs não marcados como pagos até o vencimento, se pagos em"
            ),
            say.date(late.paid_on)
        );
    }
    for darf in late.late {
        let _ = writeln!(
            out,
            "  {}  DARF {} {} {} {}  {} {}",
            say.month(darf.month),
            brlv_core::tax::months::DARF_CODE,
            money(darf.amount_brl),
            words("due", "vencido em"),
            say.date(darf.due),
            darf.days_late,
            words("days late", "dias de atraso"),
        );
        let _ = writeln!(
            out,
            "    {} {} = {}{}  ({})",
            words("fine", "multa"),
            say.percent(darf.fine_rate * rust_decimal::Decimal::ONE_HUNDRED),
            money(darf.fine_brl),
            if darf.fine_capped {
                words(" (capped at 20%)", " (limitada a 20 %)")
            } else {
                ""
            },
            darf::fine_source(language),
        );
        let months: Vec<String> = darf
            .interest_months
            .iter()
            .map(|month| match &month.percent {
                Ok(percent) if month.payment_month => format!(
                    "{} {}{}",
                    say.month(month.month),
                    say.percent(*percent),
                    words(" (month of payment)", " (mês do pagamento)")
                ),
                Ok(percent) => format!("{} {}", say.month(month.month), say.percent(*percent)),
                Err(_) => format!("{} ?", say.month(month.month)),
            })
            .collect();
        let _ = writeln!(
            out,
            "    {} {} = {}  [{}]  ({}; Selic: {})",
            words("interest", "juros"),
            darf.interest_percent
                .map_or_else(|| "?".to_owned(), |percent| say.percent(percent)),
            darf.interest_brl
                .map_or_else(|| words("unknown", "desconhecidos").to_owned(), money),
            months.join(", "),
            darf::interest_source(language),
            selic::source(language),
        );
        for (month, problem) in darf.missing_selic() {
            let _ = writeln!(
                out,
                "    {} {}: {}",
                words("no Selic for", "sem Selic para"),
                say.month(month),
                problem.text(month, language),
            );
        }
        let _ = writeln!(
            out,
            "    {} {}",
            words("total", "total"),
            darf.total_brl.map_or_else(
                || words(
                    "unknown until the Selic is had",
                    "desconhecido até obter a Selic"
                )
                .to_owned(),
                money
            ),
        );
    }
    // Other years' DARFs still owed: the whole debt, not one year's part.
    let others = late.overdue.darfs.len().saturating_sub(late.late.len());
    if !late.overdue.is_empty() && others > 0 {
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "{} {} {}: {} ({} {})",
            words("Overdue in every year:", "Vencidos em todos os anos:"),
            late.overdue.darfs.len(),
            words("DARFs", "DARFs"),
            late.overdue.total_brl().map_or_else(
                || format!(
                    "{} {}",
                    words("at least", "ao menos"),
                    money(late.overdue.known_part_brl())
                ),
                money
            ),
            words("if paid on", "se pagos em"),
            say.date(late.paid_on),
        );
        for darf in &late.overdue.darfs {
            let _ = writeln!(
                out,
                "  {}  DARF {} {}  {} {}: {}",
                say.month(darf.month),
                brlv_core::tax::months::DARF_CODE,
                money(darf.amount_brl),
                darf.days_late,
                words("days late", "dias de atraso"),
                darf.total_brl.map_or_else(
                    || format!(
                        "{} {}",
                        words("at least", "ao menos"),
                        money(darf.known_part_brl())
                    ),
                    money
                ),
            );
        }
    }
    if !late.selic.is_empty() {
        let _ = writeln!(
            out,
            "  {} {} ({} {})",
            words("Months of Selic:", "Meses de Selic:"),
            late.selic.len(),
            late.selic_requests,
            words(
                "requests to the Banco Central",
                "consultas ao Banco Central"
            ),
        );
    }
}

/// One column of the money held at the service: how much, how it was read,
/// and for dollars their cost in reais with the PTAX of 31/12 beside.
fn print_money_column(
    out: &mut impl Write,
    held: &MoneyHeld,
    column: &brlv_core::tax::declaration::MoneyColumn,
    say: Say,
) {
    let money = |value| say.money(value);
    let words = |english, portuguese_text| say.words(english, portuguese_text);
    let amount = column.amount.map_or_else(
        || "?".to_owned(),
        |amount| match held.currency {
            "USD" => say.dollars(amount),
            _ => money(amount),
        },
    );
    let reading = match &column.reading {
        MoneyReading::OnTheDay => words(
            "the service's balance, read today",
            "saldo do serviço, lido hoje",
        )
        .to_owned(),
        MoneyReading::Reconstructed {
            read_on,
            balance,
            movements,
            unread,
        } => format!(
            "{} {} ({}) {} {movements} {}{}",
            words(
                "read back from the service's balance read on",
                "reconstituído do saldo do serviço lido em"
            ),
            say.date(*read_on),
            match held.currency {
                "USD" => say.dollars(*balance),
                _ => money(*balance),
            },
            words("less the", "menos as"),
            words(
                "movements since; check it against the statement of that day",
                "movimentações desde então; confira com o extrato daquele dia"
            ),
            unread_words(unread, &words),
        ),
        MoneyReading::FromMovements {
            movements,
            balance_missing,
            unread,
        } => format!(
            "{} {movements} {} ({balance_missing}){}",
            words("the sum of the", "a soma das"),
            words(
                "movements the lists show, the service giving no balance",
                "movimentações que as listas mostram, sem saldo do serviço"
            ),
            unread_words(unread, &words),
        ),
        MoneyReading::BelowZero { sum } => format!(
            "{} {}, {}",
            words(
                "not had: the movements the lists show come to",
                "não obtido: as movimentações que as listas mostram somam"
            ),
            match held.currency {
                "USD" => say.dollars(*sum),
                _ => money(*sum),
            },
            words(
                "below zero (the lists do not hold the whole history); take it from the statement of that day",
                "abaixo de zero (as listas não têm todo o histórico); use o extrato daquele dia"
            ),
        ),
        MoneyReading::Unknown(reason) => {
            format!("{}: {reason}", words("not had", "não obtido"))
        }
    };
    let _ = writeln!(
        out,
        "  {} {} {} {}: {amount} [{reading}]",
        words("Money at the service,", "Dinheiro no serviço,"),
        held.currency,
        words("on", "em"),
        say.date(column.on),
    );
    if held.currency == "USD" {
        if let Some(cost) = column.cost_brl {
            let mut line = format!(
                "    {} {}",
                words(
                    "declared at its cost in reais (average cost):",
                    "declarado pelo custo em reais (custo médio):"
                ),
                money(cost)
            );
            if column.uncosted > rust_decimal::Decimal::ZERO {
                line.push_str(&format!(
                    "; {} {}",
                    say.dollars(column.uncosted),
                    words("with no cost the records show", "sem custo nos registros")
                ));
            }
            let _ = writeln!(out, "{line}");
        }
        if let Some(reference) = &column.reference {
            let _ = writeln!(
                out,
                "    {} {} ({}): {} = {}",
                words(
                    "for reference only, the PTAX buying rate of",
                    "só como referência, a PTAX de compra de"
                ),
                say.date(reference.day),
                say.date(reference.rate.rate.published_on),
                say.quantity(reference.rate.rate.buying),
                money(reference.value_brl),
            );
        }
    }
}

fn print_declaration(out: &mut impl Write, declaration: &Declaration, language: Language) {
    let say = Say::new(language);
    let money = |value| say.money(value);
    let words = |english, portuguese_text| say.words(english, portuguese_text);
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "Bens e Direitos ({} 08; {} {} | {}):",
        words("group", "grupo"),
        words("columns", "colunas"),
        say.date(declaration.previous_on),
        say.date(declaration.this_on),
    );
    for line in &declaration.lines {
        let _ = writeln!(
            out,
            "  08/{} {}  {} {} | {} {}{}  [{}]",
            line.code.code(),
            line.asset,
            say.quantity(line.previous.quantity),
            money(line.previous.total_cost_brl),
            say.quantity(line.this.quantity),
            money(line.this.total_cost_brl),
            if line.sold_out() {
                words(" (sold out during the year)", " (alienado durante o ano)")
            } else {
                ""
            },
            line.threshold.text(language),
        );
    }
    match &declaration.custodian_cnpj {
        CnpjField::Valid { written, .. } => {
            let _ = writeln!(
                out,
                "  {} {written}",
                words(
                    "Custodian's CNPJ (its own field):",
                    "CNPJ do custodiante (campo próprio):"
                )
            );
        }
        CnpjField::Invalid { typed, problem } => {
            let _ = writeln!(
                out,
                "  {} {typed:?}: {}",
                words(
                    "The custodian's CNPJ kept is not valid",
                    "O CNPJ do custodiante guardado não é válido"
                ),
                problem.text(language),
            );
        }
        CnpjField::Missing => {
            let _ = writeln!(
                out,
                "  {}",
                words(
                    "Custodian's CNPJ: not typed yet (--custodian-cnpj, kept in the journal)",
                    "CNPJ do custodiante: ainda não digitado (--custodian-cnpj, guardado no diário)"
                )
            );
        }
    }
    let _ = writeln!(
        out,
        "  {} {}",
        words(
            "Custodian in Discriminação:",
            "Custodiante na Discriminação:"
        ),
        declaration.custodian,
    );
    for held in &declaration.money {
        for column in [&held.previous, &held.this] {
            print_money_column(out, held, column, say);
        }
        if let Some(gap) = held.unexplained.filter(|gap| !gap.is_zero()) {
            let gap = match held.currency {
                "USD" => say.dollars(gap.abs()),
                _ => money(gap.abs()),
            };
            let _ = writeln!(
                out,
                "    {} {gap}: {}",
                words(
                    "The service's balance and the movements the lists show differ by",
                    "O saldo do serviço e as movimentações que as listas mostram diferem em"
                ),
                words(
                    "history before the lists, or a movement they miss",
                    "histórico anterior às listas, ou uma movimentação que falta"
                ),
            );
        }
    }
    if !declaration.money.is_empty() {
        let reading = brlv_core::tax::Reading::MoneyAtTheService;
        let _ = writeln!(
            out,
            "    [{}] {} ({})",
            reading.standing().text(language),
            reading.text(language),
            reading.source(language),
        );
    }
    for month in &declaration.gcap_months {
        let sales = declaration
            .gcap_sales
            .iter()
            .filter(|sale| sale.month == *month)
            .count();
        let _ = writeln!(
            out,
            "  {}: {} {sales} {} ({})",
            say.month(*month),
            words("taxable: each of its", "tributável: cada uma das suas"),
            words(
                "sales goes through GCAP (gcap-sales.csv)",
                "vendas passa pelo GCAP (gcap-sales.csv)"
            ),
            declaration::gcap_source(language),
        );
    }
    let _ = writeln!(
        out,
        "  ({}; {})",
        declaration::columns_source(language),
        declaration::threshold_source(language)
    );
}
