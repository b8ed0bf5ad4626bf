//! The Taxes view's worker calls: the service's price of the tokens an
//! order with no leg in reais needs (a quote of one unit for reais,
//! journaled as every quote is), the Banco Central's PTAX and Selic (the
//! journal's copy first, what was learnt kept there), and the files written
//! on the worker's blocking pool (the year's CSV files, the PDF report).

use std::path::{Path, PathBuf};

use time::OffsetDateTime;

use crate::app::export::{FileError, write_file};
use crate::app::features::journal::task::{JournalHandle, quote_journaled};
use brlv_core::api::Client;
use brlv_core::api::model::{Asset, CreateQuote};
use brlv_core::journal::JournalError;
use brlv_core::tax::declaration::{Declaration, MoneyHeld};
use brlv_core::tax::ledger::ticker_of;
use brlv_core::tax::{ServicePrice, ServicePrices, export};

use super::central_bank::{CentralBankAnswer, CentralBankRequest};
use super::figures::TaxFigures;
use super::report::{TaxReport, render};
use super::state::csv_names;

/// The service's price in reais of one unit of each of `assets`: its rate
/// before the fee. A token the service does not quote stays unpriced; a
/// journal that could not be written is told beside.
pub async fn service_prices(
    client: &Client,
    journal: &JournalHandle,
    assets: Vec<Asset>,
) -> (ServicePrices, Option<JournalError>) {
    let mut prices = ServicePrices {
        prices: Vec::new(),
        quoted_at: Some(OffsetDateTime::now_utc()),
    };
    let mut problem = None;
    for asset in assets {
        let ticker = ticker_of(&asset).into_owned();
        if prices.of(&ticker).is_some() {
            continue;
        }
        let request = CreateQuote::paying(asset, Asset::FiatBrl, rust_decimal::Decimal::ONE);
        let (answer, journal_problem) = quote_journaled(client, journal, request).await;
        problem = problem.or(journal_problem);
        match answer {
            Ok(quote) => {
                if let Some(rate) = quote.base_rate {
                    prices.prices.push(ServicePrice {
                        ticker,
                        brl_per_unit: rate,
                    });
                }
            }
            Err(error) => tracing::info!("the service gave no price for {ticker}: {error}"),
        }
    }
    (prices, problem)
}

/// Where the Banco Central's services are asked, as resolved for a connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CentralBankAt {
    /// The Olinda service's base address (the dollar's PTAX).
    pub ptax: String,
    /// The SGS service's base address (the monthly Selic).
    pub selic: String,
    /// The way there: the open profile's network path, so a rate kept in
    /// the journal came the way the person chose.
    pub network: brlv_core::network::NetworkPath,
}

/// The dollar's PTAX of the days and the Selic of the months `request`
/// asks, as `tax-report` has them: the journal's copy first, the rest from
/// the Banco Central (one request per range), what was learnt before today
/// kept in the journal. A day or month that could not be had comes back
/// failed with the reason, never as a zero; a journal that could not be
/// read or written costs requests only and is told beside.
pub async fn central_bank_figures(
    journal: &JournalHandle,
    at: &CentralBankAt,
    request: CentralBankRequest,
    now: OffsetDateTime,
) -> (CentralBankAnswer, Option<JournalError>) {
    use brlv_core::tax::{YearMonth, brasilia, journal as tax_journal, ptax, selic};
    let today = brasilia::date_at(now);
    let mut problem = None;
    let mut answer = CentralBankAnswer {
        asked: request.clone(),
        ..CentralBankAnswer::default()
    };
    if !request.days.is_empty() {
        let days = request.days.clone();
        let cached = journal
            .run(move |book| tax_journal::read_dollar_rates(&book.store, &days))
            .await
            .unwrap_or_else(|error| {
                problem = Some(error);
                Default::default()
            });
        match ptax::PtaxClient::through(&at.ptax, &at.network) {
            Ok(client) => {
                let completed = ptax::complete(&client, &request.days, &cached, today).await;
                answer.requests += completed.requests;
                answer.rates = completed.rates;
                let to_keep = completed.to_keep;
                if !to_keep.is_empty()
                    && let Err(error) = journal
                        .run(move |book| {
                            tax_journal::keep_dollar_rates(&mut book.store, &to_keep, now)
                        })
                        .await
                {
                    problem = Some(error);
                }
            }
            Err(error) => {
                for day in &request.days {
                    answer.rates.fail(*day, error.to_string());
                }
            }
        }
    }
    if !request.months.is_empty() {
        let months = request.months.clone();
        let cached = journal
            .run(move |book| selic::read_kept(&book.store, &months))
            .await
            .unwrap_or_else(|error| {
                problem = Some(error);
                Default::default()
            });
        match selic::SelicClient::through(&at.selic, &at.network) {
            Ok(client) => {
                let this_month = YearMonth::of(today);
                let completed =
                    selic::complete(&client, &request.months, &cached, this_month).await;
                answer.requests += completed.requests;
                answer.selic = completed.months;
                let to_keep = completed.to_keep;
                if !to_keep.is_empty()
                    && let Err(error) = journal
                        .run(move |book| selic::keep(&mut book.store, &to_keep, now))
                        .await
                {
                    problem = Some(error);
                }
            }
            Err(error) => {
                for month in &request.months {
                    answer.selic.fail(*month, error.to_string());
                }
            }
        }
    }
    (answer, problem)
}

/// Encodes one CSV file with `write` and writes it to `path` as a
/// private file.
fn write_csv(
    path: &Path,
    write: impl FnOnce(&mut Vec<u8>) -> Result<(), csv::Error>,
) -> Result<(), FileError> {
    let mut bytes = Vec::new();
    write(&mut bytes).map_err(|error| FileError::encode(path, error))?;
    write_file(path, &bytes).map(|_| ())
}

/// Writes the CSV files of the year `figures` are for into `folder`
/// (made if missing), each a private file: the ledger, the months, the
/// positions, and the declaration's with `money` (the BRL and USD held at
/// the service, as the view shows them); the folder, or why not.
/// Blocking, for the worker's blocking pool.
pub fn write_csv_files(
    folder: &Path,
    figures: &TaxFigures,
    money: Vec<MoneyHeld>,
) -> Result<PathBuf, FileError> {
    let (Some(year), Some(declaration)) = (figures.year.as_deref(), figures.declaration.as_deref())
    else {
        return Err(FileError::encode(folder, "the report is not computed yet"));
    };
    std::fs::create_dir_all(folder).map_err(|error| FileError::io(folder, &error))?;
    let [ledger, months, positions, bens, gcap, late] =
        csv_names(year.year).map(|name| folder.join(name));
    write_csv(&ledger, |out| {
        figures
            .sources
            .with_input(|input| export::write_ledger(out, &figures.ledger, input, Some(year.year)))
    })?;
    write_csv(&months, |out| export::write_months(out, &year.months))?;
    write_csv(&positions, |out| {
        export::write_positions(out, &year.positions, year.positions_on)
    })?;
    let declaration = Declaration {
        money,
        ..declaration.clone()
    };
    write_csv(&bens, |out| export::write_bens(out, &declaration))?;
    write_csv(&gcap, |out| {
        export::write_gcap_sales(out, &declaration.gcap_sales)
    })?;
    write_csv(&late, |out| {
        export::write_late_darfs(out, &figures.late_darfs)
    })?;
    Ok(folder.to_owned())
}

/// Renders the report and writes it to `path` as a private file. Blocking,
/// for the worker's blocking pool.
pub fn write_pdf(path: &Path, report: &TaxReport) -> Result<PathBuf, FileError> {
    write_file(path, &render(report))
}
