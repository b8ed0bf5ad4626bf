//! The worker's side of the tax year: the service's prices (quotes,
//! journaled as every quote is), the Banco Central's PTAX and Selic (the
//! embedded sandbox's emulation on its connection), and the files the Taxes
//! view saves, written on the blocking pool.

use time::OffsetDateTime;

use crate::app::export::{ExportKind, FileError};
use crate::app::features::journal::task::{JournalHandle, quote_journaled};
use crate::app::features::taxes::central_bank::{CentralBankAnswer, CentralBankRequest};
use crate::app::features::taxes::message::{TaxesCommand, TaxesEvent};
use crate::app::features::taxes::task::{write_csv_files, write_pdf, write_xlsx};
use crate::app::message::Event;
use crate::app::session::ProfileKind;
use brlv_core::api::Client;
use brlv_core::api::model::{Asset, CreateQuote};
use brlv_core::journal::JournalError;
use brlv_core::tax::ledger::ticker_of;
use brlv_core::tax::{ServicePrice, ServicePrices};

use super::journal::problem_notice;
use super::state::{Done, Worker, blocking};

impl Worker {
    pub(super) fn handle_taxes(&mut self, command: TaxesCommand) {
        match command {
            TaxesCommand::Prices(assets) => {
                let (Some((session, client)), Some(journal)) =
                    (self.session_client(), self.session_journal())
                else {
                    return;
                };
                self.spawn(async move {
                    let (prices, problem) = service_prices(&client, &journal, assets).await;
                    let answered =
                        Done::Report(Event::Taxes(TaxesEvent::Prices { session, prices }));
                    match problem_notice(problem) {
                        Some(told) => Done::Sequence(vec![answered, told]),
                        None => answered,
                    }
                });
            }
            TaxesCommand::CentralBank(request) => {
                let (Some(session), Some(journal), Some(at)) = (
                    self.session.as_ref().map(|session| session.id),
                    self.session_journal(),
                    self.central_bank_at(),
                ) else {
                    return;
                };
                let now = time::OffsetDateTime::now_utc();
                self.spawn(async move {
                    let (answer, problem) = central_bank_figures(&journal, &at, request, now).await;
                    let answered = Done::Report(Event::Taxes(TaxesEvent::CentralBank {
                        session,
                        answer: Box::new(answer),
                    }));
                    match problem_notice(problem) {
                        Some(told) => Done::Sequence(vec![answered, told]),
                        None => answered,
                    }
                });
            }
            TaxesCommand::SaveCsv {
                folder,
                figures,
                money,
                language,
            } => self.spawn(async move {
                let target = folder.clone();
                let result = blocking(move || write_csv_files(&folder, &figures, money, language))
                    .await
                    .unwrap_or_else(|reason| Err(FileError::lost(&target, reason)));
                Done::Report(Event::Exported {
                    kind: ExportKind::TaxCsv,
                    result,
                })
            }),
            TaxesCommand::SaveXlsx {
                path,
                figures,
                money,
                language,
            } => self.spawn(async move {
                let target = path.clone();
                let result = blocking(move || write_xlsx(&path, &figures, money, language))
                    .await
                    .unwrap_or_else(|reason| Err(FileError::lost(&target, reason)));
                Done::Report(Event::Exported {
                    kind: ExportKind::TaxXlsx,
                    result,
                })
            }),
            TaxesCommand::SavePdf { path, report } => self.spawn(async move {
                let target = path.clone();
                let result = blocking(move || write_pdf(&path, &report))
                    .await
                    .unwrap_or_else(|reason| Err(FileError::lost(&target, reason)));
                Done::Report(Event::Exported {
                    kind: ExportKind::TaxPdf,
                    result,
                })
            }),
        }
    }

    /// Where the open connection asks the Banco Central: the configured
    /// addresses; else, for the embedded sandbox or any service on this
    /// machine (a sandbox: the real service is never on loopback), that
    /// service's own emulation, so that the demo and every test stay
    /// offline; else the Banco Central itself.
    fn central_bank_at(&self) -> Option<CentralBankAt> {
        let session = self.session.as_ref()?;
        let configured = &self.config.central_bank;
        let on_this_machine = url::Url::parse(&session.profile.base_url)
            .ok()
            .is_some_and(|url| match url.host() {
                Some(url::Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
                Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
                Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
                None => false,
            });
        let default = |official: &str| {
            if session.kind == ProfileKind::Sandbox || on_this_machine {
                session.profile.base_url.clone()
            } else {
                official.to_owned()
            }
        };
        Some(CentralBankAt {
            ptax: configured
                .ptax
                .clone()
                .unwrap_or_else(|| default(brlv_core::tax::ptax::DEFAULT_BASE_URL)),
            selic: configured
                .selic
                .clone()
                .unwrap_or_else(|| default(brlv_core::tax::selic::DEFAULT_BASE_URL)),
            network: session.client.network().clone(),
        })
    }
}

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
                    answer
                        .rates
                        .fail(*day, ptax::RateProblem::Service(error.clone()));
                }
            }
        }
    }
    // Today's bulletin, for the days valued provisionally: one small request.
    // A provisional day gone by is a gap: asked again whole, with the days.
    if request.provisional.contains(&today)
        && let Ok(client) = ptax::PtaxClient::through(&at.ptax, &at.network)
    {
        answer.requests += 1;
        // Not out yet, or not reachable now: asked again later.
        if let Err(error) = ptax::todays_bulletin(&client, &mut answer.rates, today).await {
            tracing::info!("today's PTAX could not be asked: {error}");
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
                    answer
                        .selic
                        .fail(*month, selic::SelicProblem::Service(error.clone()));
                }
            }
        }
    }
    (answer, problem)
}
