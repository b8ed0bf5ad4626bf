//! The dollar's official rate (PTAX) from the Banco Central's public Olinda
//! OData service: its buying and selling rates per business day, which IN
//! SRF 118/2000 art. 2 uses to turn a value in dollars into reais (the
//! buying rate for what a sale brings in, the selling rate for what an
//! acquisition costs).
//!
//! - One request per range of days (`CotacaoDolarPeriodo`), over HTTPS
//!   (plain HTTP only to a loopback host, the sandbox's emulation), no key,
//!   no redirects, the answer's size capped, with a timeout.
//! - The rates are JSON numbers, read as their own digits into [`Decimal`]
//!   (never through a float).
//! - A day with no rate (a weekend, a holiday) takes the last business
//!   day's before it ([`LOOKBACK_DAYS`] are asked before each range so that
//!   one is in the answer).
//! - Days before today (in Brasília) are kept in the journal once known
//!   ([`fill`] says which to keep), so that a day is fetched once, ever;
//!   today's own rate may still be published later and is not kept.
//! - A failure leaves each day of its range with the reason
//!   ([`RateOnDay::Failed`]), never a zero.
//!
//! Kept apart from the service's client: another host, no signing, and its
//! failures concern one figure of the tax report, not the account. The
//! monthly Selic (for a late DARF) is another series of another host and
//! would sit beside this file.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::value::RawValue;
use time::{Date, Month};
use url::Url;

/// The Banco Central's Olinda service.
pub const DEFAULT_BASE_URL: &str = "https://olinda.bcb.gov.br";

/// The dollar's rates over a period, below the base address.
pub const PERIOD_PATH: &str = "/olinda/servico/PTAX/versao/v1/odata/CotacaoDolarPeriodo(dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)";

/// Days asked before each range, so that its first days (a weekend, a
/// holiday such as Carnival's four days off) find a business day before them.
pub const LOOKBACK_DAYS: i64 = 10;

/// Days without a rate needed between two wanted days that still go in
/// one request (a longer range costs a few hundred bytes; another request,
/// a round trip to Brasília).
const JOIN_GAP_DAYS: i64 = 45;

/// The longest range asked in one request (a year of rates is about 25 KB).
const MAX_RANGE_DAYS: i64 = 400;

/// The largest answer read, in bytes: a range of [`MAX_RANGE_DAYS`] is a
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

/// Reads an answer of the period query: the rates of the days between
/// `first` and `last`, oldest first. A day given twice keeps its latest
/// bulletin (the service gives the day's closing rate once).
pub fn parse_answer(body: &[u8], first: Date, last: Date) -> Result<Vec<DollarRate>, PtaxError> {
    let answer: Answer<'_> = serde_json::from_slice(body)
        .map_err(|error| PtaxError::Garbage(format!("not the expected JSON: {error}")))?;
    let mut by_day: BTreeMap<Date, (String, DollarRate)> = BTreeMap::new();
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
        let rate = DollarRate {
            published_on: day,
            buying,
            selling,
        };
        match by_day.get(&day) {
            Some((time, _)) if *time > row.data_hora_cotacao => {}
            _ => {
                by_day.insert(day, (row.data_hora_cotacao, rate));
            }
        }
    }
    Ok(by_day.into_values().map(|(_, rate)| rate).collect())
}

/// The client of the Banco Central's rate service.
#[derive(Clone, Debug)]
pub struct PtaxClient {
    http: reqwest::Client,
    base_url: Url,
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
        Ok(PtaxClient { http, base_url })
    }

    /// The client of the Banco Central itself ([`DEFAULT_BASE_URL`]).
    pub fn official() -> Result<PtaxClient, PtaxError> {
        PtaxClient::new(DEFAULT_BASE_URL)
    }

    /// The service's address.
    pub fn base_url(&self) -> &Url {
        &self.base_url
    }

    /// The address asking the rates from `first` to `last`.
    pub fn period_url(&self, first: Date, last: Date) -> Result<Url, PtaxError> {
        let address = format!(
            "{}{PERIOD_PATH}",
            self.base_url.as_str().trim_end_matches('/')
        );
        let mut url = Url::parse(&address).map_err(|error| PtaxError::BaseUrl {
            url: self.base_url.to_string(),
            reason: error.to_string(),
        })?;
        url.set_query(Some(&format!(
            "@dataInicial='{}'&@dataFinalCotacao='{}'&$format=json",
            service_day(first),
            service_day(last)
        )));
        Ok(url)
    }

    /// The rates published from `first` to `last`, oldest first: one request.
    pub async fn period(&self, first: Date, last: Date) -> Result<Vec<DollarRate>, PtaxError> {
        let url = self.period_url(first, last)?;
        let body = super::bcb::get_bounded(&self.http, url, MAX_ANSWER_BYTES)
            .await
            .map_err(|failure| match failure {
                super::bcb::Fetch::Unreachable(reason) => PtaxError::Unreachable(reason),
                super::bcb::Fetch::Status(status) => PtaxError::Status(status),
                super::bcb::Fetch::TooLarge => PtaxError::TooLarge,
            })?;
        parse_answer(&body, first, last)
    }
}

/// The rate a day takes, as far as it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateOnDay<'a> {
    /// The PTAX of the day, or of the last business day before it.
    Known(&'a DollarRate),
    /// It could not be had: why.
    Failed(&'a str),
    /// It was not asked.
    NotAsked,
}

/// The dollar's rate for each day the report needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DollarRates {
    days: BTreeMap<Date, Result<DollarRate, String>>,
}

impl DollarRates {
    /// The rate `day` takes.
    pub fn on(&self, day: Date) -> RateOnDay<'_> {
        match self.days.get(&day) {
            Some(Ok(rate)) => RateOnDay::Known(rate),
            Some(Err(reason)) => RateOnDay::Failed(reason),
            None => RateOnDay::NotAsked,
        }
    }

    /// Sets the rate of `day` (its own, or the last business day's before it).
    pub fn insert(&mut self, day: Date, rate: DollarRate) {
        self.days.insert(day, Ok(rate));
    }

    /// Marks `day` as failed, with the reason.
    pub fn fail(&mut self, day: Date, reason: impl Into<String>) {
        self.days.insert(day, Err(reason.into()));
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
    pub fn failures(&self) -> impl Iterator<Item = (Date, &str)> {
        self.days
            .iter()
            .filter_map(|(day, rate)| rate.as_ref().err().map(|reason| (*day, reason.as_str())))
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

/// The rate of each day from `first` to `last`, from the rates `published`
/// in that range: the day's own, else the last one before it. The days
/// before the first rate published get none.
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
    /// Days to keep in the journal: fetched now, before today.
    pub to_keep: Vec<(Date, DollarRate)>,
    /// Requests made.
    pub requests: usize,
}

/// The rate of every day of `needed`: from `cached` when known, else asked
/// from `client` (one request per range of missing days). `today` is
/// Brasília's date: a day from it on may still change and is not kept.
pub async fn complete(
    client: &PtaxClient,
    needed: &BTreeSet<Date>,
    cached: &BTreeMap<Date, DollarRate>,
    today: Date,
) -> Completed {
    let mut completed = Completed::default();
    let mut missing = BTreeSet::new();
    for &day in needed {
        match cached.get(&day) {
            Some(rate) => completed.rates.insert(day, *rate),
            None => {
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
                    match filled.get(&day) {
                        Some(rate) => completed.rates.insert(day, *rate),
                        None => completed.rates.fail(
                            day,
                            format!(
                                "the Banco Central published no dollar rate from {} to {}",
                                iso_day(first),
                                iso_day(day)
                            ),
                        ),
                    }
                }
                completed
                    .to_keep
                    .extend(filled.into_iter().filter(|(day, _)| *day < today));
            }
            Err(error) => {
                let reason = error.to_string();
                for &day in wanted {
                    completed.rates.fail(day, reason.clone());
                }
            }
        }
    }
    completed
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
            .period_url(date!(2026 - 01 - 02), date!(2026 - 03 - 31))
            .unwrap();
        assert_eq!(
            url.as_str(),
            "https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata/\
             CotacaoDolarPeriodo(dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)\
             ?@dataInicial=%2701-02-2026%27&@dataFinalCotacao=%2703-31-2026%27&$format=json"
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
