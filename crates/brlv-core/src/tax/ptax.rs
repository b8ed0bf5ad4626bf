//! The dollar's official rate (PTAX) from the Banco Central's public Olinda
//! OData service: its buying and selling rates per business day, which IN
//! SRF 118/2000 art. 2 uses to turn a value in dollars into reais (the
//! buying rate for what a sale brings in, the selling rate for what an
//! acquisition costs).
//!
//! - One request per range of days (`CotacaoDolarPeriodo`), over HTTPS
//!   (plain HTTP only to a loopback host, the sandbox's emulation), no key,
//!   no redirects, the answer's size capped, with a timeout; a long range is
//!   read in pages (`$top`, `$skip`, and the service's `@odata.nextLink`
//!   when it gives one). One day alone (`CotacaoDolarDia`) answers whether
//!   today's closing bulletin is out yet ([`PtaxClient::day`]).
//! - The rates are JSON numbers, read as their own digits into [`Decimal`]
//!   (never through a float).
//! - Which rate a day takes ([`classify`]): its own; on a day off (a
//!   weekend, a national holiday or a day with no banking, [`calendar`]) the
//!   previous business day's, flagged ([`RateStanding::PreviousBusinessDay`]);
//!   today before the closing bulletin (published at about 13:10 in
//!   Brasília) the previous business day's, marked provisional
//!   ([`RateStanding::Provisional`]) and asked again later; a business day
//!   with no rate (a longer gap) has none ([`RateProblem::NotPublished`]):
//!   an older rate is never carried over a gap.
//! - Days before today (in Brasília) are kept in the journal once known
//!   ([`Completed::to_keep`]), so that a day is fetched once, ever; today's
//!   own rate may still be published later and is not kept.
//! - A failure leaves each day of its range with the reason
//!   ([`RateProblem::Service`]), never a zero.
//!
//! Kept apart from the service's client: another host, no signing, and its
//! failures concern one figure of the tax report, not the account. The
//! monthly Selic (for a late DARF) is another series of another host and
//! sits beside this file ([`super::selic`]).

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::value::RawValue;
use time::{Date, Month};
use url::Url;

use super::calendar;
use super::rules::Language;

/// The Banco Central's Olinda service.
pub const DEFAULT_BASE_URL: &str = "https://olinda.bcb.gov.br";

/// The dollar's rates over a period, below the base address.
pub const PERIOD_PATH: &str = "/olinda/servico/PTAX/versao/v1/odata/CotacaoDolarPeriodo(dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)";

/// The dollar's rate of one day, below the base address.
pub const DAY_PATH: &str =
    "/olinda/servico/PTAX/versao/v1/odata/CotacaoDolarDia(dataCotacao=@dataCotacao)";

/// Days asked before each range, so that its first days (a weekend, a
/// holiday such as Carnival's four days off) find a business day before them.
pub const LOOKBACK_DAYS: i64 = 10;

/// Days without a rate needed between two wanted days that still go in
/// one request (a longer range costs a few hundred bytes; another request,
/// a round trip to Brasília).
const JOIN_GAP_DAYS: i64 = 45;

/// The longest range asked in one request (a year of rates is about 25 KB).
const MAX_RANGE_DAYS: i64 = 400;

/// Rows asked per page (`$top`): a range of [`MAX_RANGE_DAYS`] is one page;
/// a service that answers fewer per page is read page after page.
pub const PAGE_ROWS: usize = 1000;

/// Pages read for one range at most: a service that never stops paging is
/// somebody else's answer.
const MAX_PAGES: usize = 50;

/// The largest answer read, in bytes: a page of [`PAGE_ROWS`] is a
/// fraction of it.
pub const MAX_ANSWER_BYTES: usize = 1024 * 1024;

/// How long one request may take.
const TIMEOUT: Duration = Duration::from_secs(20);

/// Why the rates of a range could not be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PtaxError {
    /// The configured address is refused.
    #[error("the Banco Central's address {url} is refused: {reason}")]
    BaseUrl {
        /// As configured.
        url: String,
        /// Why.
        reason: String,
    },
    /// No answer (no connection, a timeout, a TLS failure).
    #[error("the Banco Central's rate service could not be reached: {0}")]
    Unreachable(String),
    /// An answer other than 200.
    #[error("the Banco Central's rate service answered HTTP {0}")]
    Status(u16),
    /// An answer above [`MAX_ANSWER_BYTES`].
    #[error("the Banco Central's rate service sent more than {MAX_ANSWER_BYTES} bytes")]
    TooLarge,
    /// An answer that is not the dollar's rates.
    #[error("the Banco Central's rate service sent an answer that is not the dollar's rates: {0}")]
    Garbage(String),
}

impl PtaxError {
    /// What happened, in `language` (the technical detail as it came).
    pub fn text(&self, language: Language) -> String {
        match (self, language) {
            (_, Language::English) => self.to_string(),
            (PtaxError::BaseUrl { url, reason }, Language::PortugueseBrazil) => {
                format!("o endereço do Banco Central {url} foi recusado: {reason}")
            }
            (PtaxError::Unreachable(detail), Language::PortugueseBrazil) => {
                format!("o serviço de cotações do Banco Central não pôde ser alcançado ({detail})")
            }
            (PtaxError::Status(status), Language::PortugueseBrazil) => {
                format!("o serviço de cotações do Banco Central respondeu HTTP {status}")
            }
            (PtaxError::TooLarge, Language::PortugueseBrazil) => format!(
                "o serviço de cotações do Banco Central enviou mais de {MAX_ANSWER_BYTES} bytes"
            ),
            (PtaxError::Garbage(detail), Language::PortugueseBrazil) => format!(
                "o serviço de cotações do Banco Central enviou uma resposta que não são as \
                 cotações do dólar ({detail})"
            ),
        }
    }
}

/// The dollar's PTAX of one business day, in reais per dollar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DollarRate {
    /// The business day it was published for.
    pub published_on: Date,
    /// The buying rate (`cotacaoCompra`): for what a sale brings in.
    pub buying: Decimal,
    /// The selling rate (`cotacaoVenda`): for what an acquisition costs.
    pub selling: Decimal,
}

/// How firm the rate a day takes is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RateStanding {
    /// The day's own PTAX.
    OfTheDay,
    /// A day off (a weekend, a holiday, a day with no banking): the PTAX
    /// of the business day just before it, the one in force that day.
    PreviousBusinessDay,
    /// Today, before the day's closing bulletin (about 13:10 in Brasília):
    /// the previous business day's for now, to be valued again once today's
    /// is published.
    Provisional,
}

impl RateStanding {
    /// The name the exports write.
    pub fn key(self) -> &'static str {
        match self {
            RateStanding::OfTheDay => "of-the-day",
            RateStanding::PreviousBusinessDay => "previous-business-day",
            RateStanding::Provisional => "provisional",
        }
    }
}

/// The rate a day takes, with how firm it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayRate {
    /// The PTAX used.
    pub rate: DollarRate,
    /// Whose day it is.
    pub standing: RateStanding,
}

/// Why a day has no rate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RateProblem {
    /// The service could not give the rates of its range.
    Service(PtaxError),
    /// The Banco Central published no PTAX for the business day (or for the
    /// business day before a day off): a gap, never bridged by an older
    /// rate. The last one published before it, when the answer had one.
    NotPublished {
        /// The business day that has none.
        business_day: Option<Date>,
        /// The last day with a rate before it.
        last_published: Option<Date>,
    },
}

impl RateProblem {
    /// What happened, in `language`.
    pub fn text(&self, language: Language) -> String {
        let english = language == Language::English;
        match self {
            RateProblem::Service(error) => error.text(language),
            RateProblem::NotPublished {
                business_day,
                last_published,
            } => {
                let day = business_day.map_or_else(String::new, |day| written_day(day, language));
                let last = last_published.map(|day| written_day(day, language));
                match (english, last) {
                    (true, Some(last)) => format!(
                        "the Banco Central published no PTAX for the business day {day} (the \
                         last before it is of {last}): a rate is never carried over a gap"
                    ),
                    (true, None) => format!(
                        "the Banco Central published no PTAX for the business day {day} nor \
                         in the {LOOKBACK_DAYS} days before it"
                    ),
                    (false, Some(last)) => format!(
                        "o Banco Central não publicou PTAX para o dia útil {day} (a última \
                         antes dele é de {last}): uma cotação nunca é levada por cima de uma lacuna"
                    ),
                    (false, None) => format!(
                        "o Banco Central não publicou PTAX para o dia útil {day} nem nos \
                         {LOOKBACK_DAYS} dias antes dele"
                    ),
                }
            }
        }
    }
}

/// A day as `language` writes it in a sentence: `2026-03-09`, `09/03/2026`.
pub fn written_day(day: Date, language: Language) -> String {
    match language {
        Language::English => iso_day(day),
        Language::PortugueseBrazil => format!(
            "{:02}/{:02}/{:04}",
            day.day(),
            u8::from(day.month()),
            day.year()
        ),
    }
}

/// The rate `day` takes, given `last`, the last rate published on or before
/// it (within [`LOOKBACK_DAYS`]), and `today` in Brasília (see the module's
/// documentation for the rule).
pub fn classify(day: Date, last: Option<&DollarRate>, today: Date) -> Result<DayRate, RateProblem> {
    let found = |rate: &DollarRate, standing| DayRate {
        rate: *rate,
        standing,
    };
    if let Some(rate) = last
        && rate.published_on == day
    {
        return Ok(found(rate, RateStanding::OfTheDay));
    }
    let before = calendar::previous_business_day(day);
    let business_day = if calendar::is_business_day(day) {
        day
    } else {
        // A day off takes the business day before it, which must have its own.
        match before {
            Some(before) => before,
            None => {
                return Err(RateProblem::NotPublished {
                    business_day: None,
                    last_published: last.map(|rate| rate.published_on),
                });
            }
        }
    };
    let gap = || RateProblem::NotPublished {
        business_day: Some(business_day),
        last_published: last.map(|rate| rate.published_on),
    };
    let Some(rate) = last else {
        return Err(gap());
    };
    if business_day != day {
        return if rate.published_on == business_day {
            Ok(found(rate, RateStanding::PreviousBusinessDay))
        } else {
            Err(gap())
        };
    }
    // A business day without its own rate: only today, before its bulletin.
    if day == today && before == Some(rate.published_on) {
        Ok(found(rate, RateStanding::Provisional))
    } else {
        Err(gap())
    }
}

/// `MM-DD-YYYY`, as the service's parameters want a day.
fn service_day(day: Date) -> String {
    format!(
        "{:02}-{:02}-{:04}",
        u8::from(day.month()),
        day.day(),
        day.year()
    )
}

/// `YYYY-MM-DD`.
pub fn iso_day(day: Date) -> String {
    format!(
        "{:04}-{:02}-{:02}",
        day.year(),
        u8::from(day.month()),
        day.day()
    )
}

/// Reads `YYYY-MM-DD` (the first ten characters of `text`).
pub fn parse_iso_day(text: &str) -> Option<Date> {
    let text = text.get(..10)?;
    let mut parts = text.split('-');
    let year: i32 = parts.next()?.parse().ok()?;
    let month: u8 = parts.next()?.parse().ok()?;
    let day: u8 = parts.next()?.parse().ok()?;
    if parts.next().is_some() {
        return None;
    }
    Date::from_calendar_date(year, Month::try_from(month).ok()?, day).ok()
}

/// A JSON number read as its own digits; a string, or anything not a
/// positive number, is refused.
fn exact_rate(raw: &RawValue) -> Option<Decimal> {
    let text = raw.get().trim();
    if !text.starts_with(|first: char| first.is_ascii_digit()) {
        return None;
    }
    let rate = if text.contains(['e', 'E']) {
        Decimal::from_scientific(text).ok()?
    } else {
        text.parse::<Decimal>().ok()?
    };
    (rate > Decimal::ZERO).then_some(rate)
}

#[derive(Deserialize)]
struct Answer<'a> {
    #[serde(borrow)]
    value: Vec<Row<'a>>,
    /// Server-driven paging: the service says there is more.
    #[serde(rename = "@odata.nextLink", default)]
    next_link: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Row<'a> {
    #[serde(borrow)]
    cotacao_compra: &'a RawValue,
    #[serde(borrow)]
    cotacao_venda: &'a RawValue,
    data_hora_cotacao: String,
}

/// One page of an answer: its rates (each with its bulletin's time) and
/// whether the service said there is another.
struct Page {
    rates: Vec<(String, DollarRate)>,
    more: bool,
}

fn parse_page(body: &[u8], first: Date, last: Date) -> Result<Page, PtaxError> {
    let answer: Answer<'_> = serde_json::from_slice(body)
        .map_err(|error| PtaxError::Garbage(format!("not the expected JSON: {error}")))?;
    let mut rates = Vec::with_capacity(answer.value.len());
    for row in answer.value {
        let day = parse_iso_day(&row.data_hora_cotacao).ok_or_else(|| {
            PtaxError::Garbage(format!("a rate's date reads {:?}", row.data_hora_cotacao))
        })?;
        if day < first || day > last {
            return Err(PtaxError::Garbage(format!(
                "a rate of {} is outside the days asked ({} to {})",
                iso_day(day),
                iso_day(first),
                iso_day(last)
            )));
        }
        let (Some(buying), Some(selling)) = (
            exact_rate(row.cotacao_compra),
            exact_rate(row.cotacao_venda),
        ) else {
            return Err(PtaxError::Garbage(format!(
                "the rates of {} read {} and {}",
                iso_day(day),
                row.cotacao_compra.get(),
                row.cotacao_venda.get()
            )));
        };
        rates.push((
            row.data_hora_cotacao,
            DollarRate {
                published_on: day,
                buying,
                selling,
            },
        ));
    }
    Ok(Page {
        rates,
        more: answer.next_link.is_some(),
    })
}

/// The rates of `rows`, one per day, oldest first: a day given twice keeps
/// its latest bulletin (the closing one).
fn by_day(rows: Vec<(String, DollarRate)>) -> Vec<DollarRate> {
    let mut by_day: BTreeMap<Date, (String, DollarRate)> = BTreeMap::new();
    for (time, rate) in rows {
        match by_day.get(&rate.published_on) {
            Some((kept, _)) if *kept > time => {}
            _ => {
                by_day.insert(rate.published_on, (time, rate));
            }
        }
    }
    by_day.into_values().map(|(_, rate)| rate).collect()
}

/// Reads an answer of the period (or day) query: the rates of the days
/// between `first` and `last`, oldest first. A day given twice keeps its
/// latest bulletin (the service gives the day's closing rate once).
pub fn parse_answer(body: &[u8], first: Date, last: Date) -> Result<Vec<DollarRate>, PtaxError> {
    Ok(by_day(parse_page(body, first, last)?.rates))
}

/// The client of the Banco Central's rate service.
#[derive(Clone, Debug)]
pub struct PtaxClient {
    http: reqwest::Client,
    base_url: Url,
    page_rows: usize,
}

impl PtaxClient {
    /// A client of the service at `base_url` (`https://`, or `http://` on a
    /// loopback host), straight to it.
    pub fn new(base_url: &str) -> Result<PtaxClient, PtaxError> {
        PtaxClient::through(base_url, &crate::network::NetworkPath::default())
    }

    /// A client of the service at `base_url` through a profile's network
    /// `path` (its proxy, its trusted authorities).
    pub fn through(
        base_url: &str,
        path: &crate::network::NetworkPath,
    ) -> Result<PtaxClient, PtaxError> {
        let (http, base_url) =
            super::bcb::connect(base_url, TIMEOUT, path).map_err(|reason| PtaxError::BaseUrl {
                url: base_url.to_owned(),
                reason,
            })?;
        Ok(PtaxClient {
            http,
            base_url,
            page_rows: PAGE_ROWS,
        })
    }

    /// The client of the Banco Central itself ([`DEFAULT_BASE_URL`]).
    pub fn official() -> Result<PtaxClient, PtaxError> {
        PtaxClient::new(DEFAULT_BASE_URL)
    }

    /// The same client asking `rows` per page (at least one): how a test
    /// reads a long range in many pages.
    pub fn with_page_rows(self, rows: usize) -> PtaxClient {
        PtaxClient {
            page_rows: rows.max(1),
            ..self
        }
    }

    /// The service's address.
    pub fn base_url(&self) -> &Url {
        &self.base_url
    }

    fn address(&self, path: &str) -> Result<Url, PtaxError> {
        let address = format!("{}{path}", self.base_url.as_str().trim_end_matches('/'));
        Url::parse(&address).map_err(|error| PtaxError::BaseUrl {
            url: self.base_url.to_string(),
            reason: error.to_string(),
        })
    }

    /// The address asking the rates from `first` to `last`, the page that
    /// skips `skip` rows.
    pub fn period_url(&self, first: Date, last: Date, skip: usize) -> Result<Url, PtaxError> {
        let mut url = self.address(PERIOD_PATH)?;
        let skip = if skip == 0 {
            String::new()
        } else {
            format!("&$skip={skip}")
        };
        url.set_query(Some(&format!(
            "@dataInicial='{}'&@dataFinalCotacao='{}'&$top={}{skip}&$orderby=dataHoraCotacao&$format=json",
            service_day(first),
            service_day(last),
            self.page_rows,
        )));
        Ok(url)
    }

    /// The address asking the rate of `day` alone.
    pub fn day_url(&self, day: Date) -> Result<Url, PtaxError> {
        let mut url = self.address(DAY_PATH)?;
        url.set_query(Some(&format!(
            "@dataCotacao='{}'&$format=json",
            service_day(day)
        )));
        Ok(url)
    }

    async fn get(&self, url: Url) -> Result<Vec<u8>, PtaxError> {
        super::bcb::get_bounded(&self.http, url, MAX_ANSWER_BYTES)
            .await
            .map_err(|failure| match failure {
                super::bcb::Fetch::Unreachable(reason) => PtaxError::Unreachable(reason),
                super::bcb::Fetch::Status(status) => PtaxError::Status(status),
                super::bcb::Fetch::TooLarge => PtaxError::TooLarge,
            })
    }

    /// The rates published from `first` to `last`, oldest first: one
    /// request per page, until a page comes short and the service names no
    /// next one.
    pub async fn period(&self, first: Date, last: Date) -> Result<Vec<DollarRate>, PtaxError> {
        let mut rows = Vec::new();
        let mut skip = 0;
        for _ in 0..MAX_PAGES {
            let page = parse_page(
                &self.get(self.period_url(first, last, skip)?).await?,
                first,
                last,
            )?;
            let count = page.rates.len();
            rows.extend(page.rates);
            if count == 0 || (count < self.page_rows && !page.more) {
                return Ok(by_day(rows));
            }
            skip += count;
        }
        Err(PtaxError::Garbage(format!(
            "more than {MAX_PAGES} pages for {} to {}",
            iso_day(first),
            iso_day(last)
        )))
    }

    /// The rate of `day` alone, when it is published (today's, once the
    /// closing bulletin is out).
    pub async fn day(&self, day: Date) -> Result<Option<DollarRate>, PtaxError> {
        let rates = parse_answer(&self.get(self.day_url(day)?).await?, day, day)?;
        Ok(rates.into_iter().next())
    }
}

/// The rate a day takes, as far as it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateOnDay<'a> {
    /// A PTAX, and whose day it is.
    Known(&'a DayRate),
    /// None can be had: why.
    Failed(&'a RateProblem),
    /// It was not asked.
    NotAsked,
}

/// The dollar's rate for each day the report needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DollarRates {
    days: BTreeMap<Date, Result<DayRate, RateProblem>>,
}

impl DollarRates {
    /// The rate `day` takes.
    pub fn on(&self, day: Date) -> RateOnDay<'_> {
        match self.days.get(&day) {
            Some(Ok(rate)) => RateOnDay::Known(rate),
            Some(Err(problem)) => RateOnDay::Failed(problem),
            None => RateOnDay::NotAsked,
        }
    }

    /// Sets the rate of `day`: its own, or (a day off) the previous
    /// business day's.
    pub fn insert(&mut self, day: Date, rate: DollarRate) {
        let standing = if rate.published_on == day {
            RateStanding::OfTheDay
        } else {
            RateStanding::PreviousBusinessDay
        };
        self.days.insert(day, Ok(DayRate { rate, standing }));
    }

    /// Sets what `day` takes, as found.
    pub fn set(&mut self, day: Date, found: Result<DayRate, RateProblem>) {
        self.days.insert(day, found);
    }

    /// Marks `day` as failed, with the reason.
    pub fn fail(&mut self, day: Date, problem: RateProblem) {
        self.days.insert(day, Err(problem));
    }

    /// How many days it answers for (known or failed).
    pub fn len(&self) -> usize {
        self.days.len()
    }

    /// Whether it answers for no day.
    pub fn is_empty(&self) -> bool {
        self.days.is_empty()
    }

    /// The days that could not be had, with the reason.
    pub fn failures(&self) -> impl Iterator<Item = (Date, &RateProblem)> {
        self.days
            .iter()
            .filter_map(|(day, rate)| rate.as_ref().err().map(|problem| (*day, problem)))
    }

    /// The days valued provisionally (today, before its bulletin).
    pub fn provisional(&self) -> impl Iterator<Item = Date> + '_ {
        self.days.iter().filter_map(|(day, rate)| {
            matches!(rate, Ok(rate) if rate.standing == RateStanding::Provisional).then_some(*day)
        })
    }
}

/// The ranges to ask so that every day of `missing` is answered: close
/// days joined in one request, each range started [`LOOKBACK_DAYS`]
/// earlier so that its first days find a business day before them.
pub fn ranges_for(missing: &BTreeSet<Date>) -> Vec<(Date, Date)> {
    let mut ranges: Vec<(Date, Date)> = Vec::new();
    for &day in missing {
        match ranges.last_mut() {
            Some((start, end))
                if (day - *end).whole_days() <= JOIN_GAP_DAYS
                    && (day - *start).whole_days() <= MAX_RANGE_DAYS =>
            {
                *end = day;
            }
            _ => ranges.push((day, day)),
        }
    }
    ranges
        .into_iter()
        .map(|(start, end)| {
            let first = start
                .checked_sub(time::Duration::days(LOOKBACK_DAYS))
                .unwrap_or(start);
            (first, end)
        })
        .collect()
}

/// For each day from `first` to `last`, the last rate of `published` on or
/// before it (the days before the first rate published get none).
pub fn fill(first: Date, last: Date, published: &[DollarRate]) -> Vec<(Date, DollarRate)> {
    let mut filled = Vec::new();
    let mut rates = published.iter().peekable();
    let mut current: Option<DollarRate> = None;
    let mut day = first;
    while day <= last {
        while let Some(rate) = rates.next_if(|rate| rate.published_on <= day) {
            current = Some(*rate);
        }
        if let Some(rate) = current {
            filled.push((day, rate));
        }
        match day.next_day() {
            Some(next) => day = next,
            None => break,
        }
    }
    filled
}

/// What [`complete`] found: the rate of each day asked, and the days newly
/// learnt that can be kept for ever (those before today).
#[derive(Clone, Debug, Default)]
pub struct Completed {
    /// Every day asked: known or failed with the reason.
    pub rates: DollarRates,
    /// Days to keep in the journal: fetched now, before today, each with
    /// its own rate or (a day off) the previous business day's.
    pub to_keep: Vec<(Date, DollarRate)>,
    /// Requests made.
    pub requests: usize,
}

/// The rate of every day of `needed`: from `cached` when known (and still
/// the rate the day takes), else asked from `client` (one request per range
/// of missing days, a page at a time). `today` is Brasília's date: a day
/// from it on may still change and is not kept.
pub async fn complete(
    client: &PtaxClient,
    needed: &BTreeSet<Date>,
    cached: &BTreeMap<Date, DollarRate>,
    today: Date,
) -> Completed {
    let mut completed = Completed::default();
    let mut missing = BTreeSet::new();
    for &day in needed {
        // A kept rate is used only where it is the day's, or a day off's
        // previous business day's: one kept by an older rule over a gap is
        // asked again.
        match cached
            .get(&day)
            .map(|rate| classify(day, Some(rate), today))
        {
            Some(Ok(rate)) if rate.standing != RateStanding::Provisional => {
                completed.rates.set(day, Ok(rate));
            }
            _ => {
                missing.insert(day);
            }
        }
    }
    for (first, last) in ranges_for(&missing) {
        let wanted = missing.range(first..=last);
        completed.requests += 1;
        match client.period(first, last).await {
            Ok(published) => {
                let filled: BTreeMap<Date, DollarRate> =
                    fill(first, last, &published).into_iter().collect();
                for &day in wanted {
                    completed
                        .rates
                        .set(day, classify(day, filled.get(&day), today));
                }
                completed
                    .to_keep
                    .extend(filled.into_iter().filter(|(day, rate)| {
                        *day < today
                            && classify(*day, Some(rate), today)
                                .is_ok_and(|rate| rate.standing != RateStanding::Provisional)
                    }));
            }
            Err(error) => {
                for &day in wanted {
                    completed
                        .rates
                        .fail(day, RateProblem::Service(error.clone()));
                }
            }
        }
    }
    completed
}

/// Asks whether today's bulletin is out for the days `rates` values
/// provisionally, and takes it in when it is: one small request. Whether
/// anything changed.
pub async fn revalue_provisional(
    client: &PtaxClient,
    rates: &mut DollarRates,
    today: Date,
) -> Result<bool, PtaxError> {
    // A day gone by without its rate is a gap now: asked again whole.
    if !rates.provisional().any(|day| day == today) {
        return Ok(false);
    }
    todays_bulletin(client, rates, today).await
}

/// Asks for `today`'s closing bulletin and takes it into `rates` when it
/// is out (it is not before about 13:10 in Brasília): whether it was.
pub async fn todays_bulletin(
    client: &PtaxClient,
    rates: &mut DollarRates,
    today: Date,
) -> Result<bool, PtaxError> {
    match client.day(today).await? {
        Some(rate) => {
            rates.insert(today, rate);
            Ok(true)
        }
        None => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use time::macros::date;

    use super::*;

    fn dec(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    #[test]
    fn numbers_are_read_with_their_own_digits() {
        // 5.1234 + 0.0006 is 5.124 in decimal; in binary floats the sum is not.
        let body = br#"{"@odata.context":"x","value":[
            {"cotacaoCompra":5.1234,"cotacaoVenda":5.1240,"dataHoraCotacao":"2026-01-02 13:11:22.123"},
            {"cotacaoCompra":0.1,"cotacaoVenda":0.30000000000000004,"dataHoraCotacao":"2026-01-05 13:02:00.000"}]}"#;
        let rates = parse_answer(body, date!(2026 - 01 - 01), date!(2026 - 01 - 05)).unwrap();
        assert_eq!(rates.len(), 2);
        assert_eq!(rates[0].published_on, date!(2026 - 01 - 02));
        assert_eq!(rates[0].buying.to_string(), "5.1234");
        assert_eq!(rates[0].selling.to_string(), "5.1240");
        assert_eq!(rates[1].buying + rates[1].buying, dec("0.2"));
        assert_eq!(rates[1].selling.to_string(), "0.30000000000000004");
    }

    #[test]
    fn rates_as_strings_or_out_of_range_or_not_positive_are_refused() {
        let first = date!(2026 - 01 - 01);
        let last = date!(2026 - 01 - 31);
        for body in [
            r#"{"value":[{"cotacaoCompra":"5.1","cotacaoVenda":5.2,"dataHoraCotacao":"2026-01-02 13:00:00"}]}"#,
            r#"{"value":[{"cotacaoCompra":0,"cotacaoVenda":5.2,"dataHoraCotacao":"2026-01-02 13:00:00"}]}"#,
            r#"{"value":[{"cotacaoCompra":-5.1,"cotacaoVenda":5.2,"dataHoraCotacao":"2026-01-02 13:00:00"}]}"#,
            r#"{"value":[{"cotacaoCompra":5.1,"cotacaoVenda":5.2,"dataHoraCotacao":"2026-02-02 13:00:00"}]}"#,
            r#"{"value":[{"cotacaoCompra":5.1,"cotacaoVenda":5.2,"dataHoraCotacao":"02/01/2026"}]}"#,
            r#"{"value":[{"cotacaoCompra":5.1,"dataHoraCotacao":"2026-01-02 13:00:00"}]}"#,
            "<html>Service unavailable</html>",
            "",
        ] {
            let error = parse_answer(body.as_bytes(), first, last).unwrap_err();
            assert!(matches!(error, PtaxError::Garbage(_)), "{body}: {error:?}");
        }
    }

    #[test]
    fn the_address_asks_the_period_in_the_services_own_day_format() {
        let client = PtaxClient::official().unwrap();
        let url = client
            .period_url(date!(2026 - 01 - 02), date!(2026 - 03 - 31), 0)
            .unwrap();
        assert_eq!(
            url.as_str(),
            "https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata/\
             CotacaoDolarPeriodo(dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)\
             ?@dataInicial=%2701-02-2026%27&@dataFinalCotacao=%2703-31-2026%27\
             &$top=1000&$orderby=dataHoraCotacao&$format=json"
        );
        let next = client
            .with_page_rows(100)
            .period_url(date!(2026 - 01 - 02), date!(2026 - 03 - 31), 200)
            .unwrap();
        assert!(
            next.as_str()
                .ends_with("&$top=100&$skip=200&$orderby=dataHoraCotacao&$format=json"),
            "{next}"
        );
        let day = PtaxClient::official()
            .unwrap()
            .day_url(date!(2026 - 01 - 09))
            .unwrap();
        assert_eq!(
            day.as_str(),
            "https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata/\
             CotacaoDolarDia(dataCotacao=@dataCotacao)?@dataCotacao=%2701-09-2026%27&$format=json"
        );
    }

    #[test]
    fn plain_http_is_refused_beyond_loopback() {
        assert!(matches!(
            PtaxClient::new("http://olinda.bcb.gov.br"),
            Err(PtaxError::BaseUrl { .. })
        ));
        assert!(PtaxClient::new("http://127.0.0.1:9/").is_ok());
    }

    #[test]
    fn a_day_without_a_rate_takes_the_last_business_days_before_it() {
        let friday = DollarRate {
            published_on: date!(2026 - 01 - 09),
            buying: dec("5.3001"),
            selling: dec("5.3007"),
        };
        let monday = DollarRate {
            published_on: date!(2026 - 01 - 12),
            buying: dec("5.4001"),
            selling: dec("5.4007"),
        };
        let filled: BTreeMap<_, _> = fill(
            date!(2026 - 01 - 08),
            date!(2026 - 01 - 13),
            &[friday, monday],
        )
        .into_iter()
        .collect();
        // Thursday comes before the first rate of the answer: none.
        assert_eq!(filled.get(&date!(2026 - 01 - 08)), None);
        assert_eq!(filled[&date!(2026 - 01 - 10)], friday);
        assert_eq!(filled[&date!(2026 - 01 - 11)], friday);
        assert_eq!(filled[&date!(2026 - 01 - 12)], monday);
        assert_eq!(filled[&date!(2026 - 01 - 13)], monday);
    }

    fn published(day: Date, buying: &str, selling: &str) -> DollarRate {
        DollarRate {
            published_on: day,
            buying: dec(buying),
            selling: dec(selling),
        }
    }

    #[test]
    fn a_friday_rate_serves_saturday_and_a_gap_of_five_business_days_is_missing() {
        // Friday 9 January 2026 has its PTAX, and so has Monday the 19th;
        // Monday 12 to Friday 16, five business days, have none.
        let friday = published(date!(2026 - 01 - 09), "5.3001", "5.3007");
        let monday = published(date!(2026 - 01 - 19), "5.4001", "5.4007");
        let today = date!(2026 - 02 - 02);
        let filled: BTreeMap<Date, DollarRate> = fill(
            date!(2026 - 01 - 05),
            date!(2026 - 01 - 20),
            &[friday, monday],
        )
        .into_iter()
        .collect();
        let on = |day: Date| classify(day, filled.get(&day), today);
        assert_eq!(
            on(date!(2026 - 01 - 09)),
            Ok(DayRate {
                rate: friday,
                standing: RateStanding::OfTheDay
            })
        );
        // Saturday the 10th and Sunday the 11th take Friday's: the business
        // day before them, flagged as such.
        for weekend in [date!(2026 - 01 - 10), date!(2026 - 01 - 11)] {
            assert_eq!(
                on(weekend),
                Ok(DayRate {
                    rate: friday,
                    standing: RateStanding::PreviousBusinessDay
                })
            );
        }
        // Wednesday the 14th, inside the gap: none, never Friday's.
        assert_eq!(
            on(date!(2026 - 01 - 14)),
            Err(RateProblem::NotPublished {
                business_day: Some(date!(2026 - 01 - 14)),
                last_published: Some(date!(2026 - 01 - 09)),
            })
        );
        // Saturday the 17th: its business day before (Friday the 16th) has none.
        assert_eq!(
            on(date!(2026 - 01 - 17)),
            Err(RateProblem::NotPublished {
                business_day: Some(date!(2026 - 01 - 16)),
                last_published: Some(date!(2026 - 01 - 09)),
            })
        );
        assert_eq!(on(date!(2026 - 01 - 19)).unwrap().rate, monday);
        // Thursday the 8th comes before the first rate of the answer: none.
        assert!(on(date!(2026 - 01 - 08)).is_err());
        // Said in each language.
        let problem = on(date!(2026 - 01 - 14)).unwrap_err();
        assert!(
            problem
                .text(Language::PortugueseBrazil)
                .contains("dia útil 14/01/2026 (a última antes dele é de 09/01/2026)"),
            "{}",
            problem.text(Language::PortugueseBrazil)
        );
        assert!(
            problem
                .text(Language::English)
                .contains("business day 2026-01-14")
        );
    }

    #[test]
    fn today_before_its_bulletin_takes_the_day_befores_rate_provisionally() {
        // Tuesday 10 March 2026 before 13:10 in Brasília: Monday's PTAX is
        // out, Tuesday's is not yet.
        let monday = published(date!(2026 - 03 - 09), "5.7001", "5.7007");
        let today = date!(2026 - 03 - 10);
        assert_eq!(
            classify(today, Some(&monday), today),
            Ok(DayRate {
                rate: monday,
                standing: RateStanding::Provisional
            })
        );
        // Once today is over, a Tuesday still without its rate is a gap.
        assert!(classify(today, Some(&monday), date!(2026 - 03 - 11)).is_err());
        // Carnival Tuesday (17 February 2026) is no business day: Friday the
        // 13th's rate is final for it, whether or not it is today.
        let friday = published(date!(2026 - 02 - 13), "5.2001", "5.2007");
        let carnival = date!(2026 - 02 - 17);
        assert_eq!(
            classify(carnival, Some(&friday), carnival).map(|rate| rate.standing),
            Ok(RateStanding::PreviousBusinessDay)
        );
        // A provisional day is one the rates can list, to ask again.
        let mut rates = DollarRates::default();
        rates.set(today, classify(today, Some(&monday), today));
        rates.insert(date!(2026 - 03 - 09), monday);
        assert_eq!(rates.provisional().collect::<Vec<_>>(), vec![today]);
    }

    #[test]
    fn a_kept_rate_carried_over_a_gap_by_an_older_rule_is_asked_again() {
        // Kept for Wednesday 14 January 2026 by a version that carried the
        // last rate without limit: Friday the 9th's. It is no rate for the
        // Wednesday: `complete` would ask the day again.
        let friday = published(date!(2026 - 01 - 09), "5.3001", "5.3007");
        assert!(classify(date!(2026 - 01 - 14), Some(&friday), date!(2026 - 02 - 02)).is_err());
        assert!(classify(date!(2026 - 01 - 10), Some(&friday), date!(2026 - 02 - 02)).is_ok());
    }

    #[test]
    fn a_page_that_names_a_next_link_says_there_is_more() {
        let body = br#"{"@odata.context":"x","@odata.nextLink":"https://olinda.bcb.gov.br/next","value":[
            {"cotacaoCompra":5.1,"cotacaoVenda":5.2,"dataHoraCotacao":"2026-01-02 13:04:10.123"}]}"#;
        let page = parse_page(body, date!(2026 - 01 - 01), date!(2026 - 01 - 31)).unwrap();
        assert!(page.more);
        assert_eq!(page.rates.len(), 1);
    }

    #[test]
    fn close_days_share_a_request_and_each_range_looks_back() {
        let days: BTreeSet<Date> = [
            date!(2026 - 01 - 15),
            date!(2026 - 02 - 20),
            date!(2026 - 06 - 01),
        ]
        .into();
        assert_eq!(
            ranges_for(&days),
            vec![
                (date!(2026 - 01 - 05), date!(2026 - 02 - 20)),
                (date!(2026 - 05 - 22), date!(2026 - 06 - 01)),
            ]
        );
        assert!(ranges_for(&BTreeSet::new()).is_empty());
    }
}
