//! The monthly Selic from the Banco Central's time-series service (SGS,
//! series 4390: "Taxa de juros - Selic acumulada no mês", percent for the
//! month), which a late DARF's interest adds up (Lei 9.430/1996 art. 61
//! §3, by its reference to art. 5 §3).
//!
//! Shaped as [`super::ptax`] is:
//! - one request per range of months, over HTTPS (plain HTTP only to a
//!   loopback host, the sandbox's emulation), no key, no redirects, the
//!   answer's size capped, with a timeout;
//! - the service writes each month's figure as a JSON string (`"1.16"`),
//!   read as its own digits into [`Decimal`] (never through a float);
//! - months before the current one (in Brasília) are kept in the journal
//!   once known ([`Completed::to_keep`]), so that a month is fetched once,
//!   ever; the current month's figure is still growing and is not kept;
//! - a failure leaves each month of its range with the reason
//!   ([`SelicOnMonth::Failed`]), never a zero;
//! - the SGS's own ways of saying "not published yet" are read as such, not
//!   as failures: a range with no figure at all is answered HTTP 404, and a
//!   range after the last published month is answered with that last month
//!   alone (the "last value" answer), which names how far the series goes
//!   ([`SelicProblem::NotPublished`]).

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use rust_decimal::Decimal;
use serde::Deserialize;
use time::{Date, OffsetDateTime};
use url::Url;

use super::brasilia::YearMonth;
use super::rules::Language;
use crate::journal::{JournalError, SelicRecord, Store};

/// The Banco Central's SGS service.
pub const DEFAULT_BASE_URL: &str = "https://api.bcb.gov.br";

/// The monthly Selic's series, below the base address.
pub const SERIES_PATH: &str = "/dados/serie/bcdata.sgs.4390/dados";

/// Where the figures come from, in the report's words.
pub fn source(language: super::rules::Language) -> &'static str {
    match language {
        super::rules::Language::English => {
            "Banco Central do Brasil, SGS series 4390 (Selic acumulada no mês)"
        }
        super::rules::Language::PortugueseBrazil => {
            "Banco Central do Brasil, série SGS 4390 (Selic acumulada no mês)"
        }
    }
}

/// The largest answer read, in bytes: a month is about 40 bytes, so a
/// century of months is a fraction of it.
pub const MAX_ANSWER_BYTES: usize = 256 * 1024;

/// The SGS refuses ranges above ten years; no late DARF needs more.
const MAX_RANGE_MONTHS: usize = 119;

/// How long one request may take.
const TIMEOUT: Duration = Duration::from_secs(20);

/// Why the Selic of a range could not be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SelicError {
    /// The configured address is refused.
    #[error("the Banco Central's Selic address {url} is refused: {reason}")]
    BaseUrl {
        /// As configured.
        url: String,
        /// Why.
        reason: String,
    },
    /// No answer (no connection, a timeout, a TLS failure).
    #[error("the Banco Central's Selic series could not be reached: {0}")]
    Unreachable(String),
    /// An answer other than 200.
    #[error("the Banco Central's Selic series answered HTTP {0}")]
    Status(u16),
    /// An answer above [`MAX_ANSWER_BYTES`].
    #[error("the Banco Central's Selic series sent more than {MAX_ANSWER_BYTES} bytes")]
    TooLarge,
    /// An answer that is not the monthly Selic.
    #[error("the Banco Central's Selic series sent an answer that is not the monthly Selic: {0}")]
    Garbage(String),
}

impl SelicError {
    /// What happened, in `language` (the technical detail as it came).
    pub fn text(&self, language: Language) -> String {
        match (self, language) {
            (_, Language::English) => self.to_string(),
            (SelicError::BaseUrl { url, reason }, Language::PortugueseBrazil) => {
                format!("o endereço da Selic no Banco Central {url} foi recusado: {reason}")
            }
            (SelicError::Unreachable(detail), Language::PortugueseBrazil) => {
                format!("a série da Selic no Banco Central não pôde ser alcançada ({detail})")
            }
            (SelicError::Status(status), Language::PortugueseBrazil) => {
                format!("a série da Selic no Banco Central respondeu HTTP {status}")
            }
            (SelicError::TooLarge, Language::PortugueseBrazil) => {
                format!("a série da Selic no Banco Central enviou mais de {MAX_ANSWER_BYTES} bytes")
            }
            (SelicError::Garbage(detail), Language::PortugueseBrazil) => format!(
                "a série da Selic no Banco Central enviou uma resposta que não é a Selic \
                 mensal ({detail})"
            ),
        }
    }
}

/// Why a month has no Selic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SelicProblem {
    /// The series could not be read.
    Service(SelicError),
    /// The Banco Central has not published the month yet; the last month it
    /// has, when its answer said.
    NotPublished {
        /// The last month published, from a "last value" answer.
        last_published: Option<YearMonth>,
    },
    /// It was not asked.
    NotAsked,
}

impl SelicProblem {
    /// What happened to `month`, in `language`.
    pub fn text(&self, month: YearMonth, language: Language) -> String {
        let month_text = written_month(month, language);
        match (self, language) {
            (SelicProblem::Service(error), _) => error.text(language),
            (SelicProblem::NotPublished { last_published }, Language::English) => {
                match last_published {
                    Some(last) => format!(
                        "the Banco Central has published no Selic for {month_text} yet (its \
                         last is of {})",
                        written_month(*last, language)
                    ),
                    None => format!("the Banco Central has published no Selic for {month_text}"),
                }
            }
            (SelicProblem::NotPublished { last_published }, Language::PortugueseBrazil) => {
                match last_published {
                    Some(last) => format!(
                        "o Banco Central ainda não publicou a Selic de {month_text} (a última \
                         é de {})",
                        written_month(*last, language)
                    ),
                    None => format!("o Banco Central não publicou a Selic de {month_text}"),
                }
            }
            (SelicProblem::NotAsked, Language::English) => {
                format!("the Selic of {month_text} was not asked")
            }
            (SelicProblem::NotAsked, Language::PortugueseBrazil) => {
                format!("a Selic de {month_text} não foi consultada")
            }
        }
    }
}

/// A month as `language` writes it in a sentence: `2026-03`, `03/2026`.
pub fn written_month(month: YearMonth, language: Language) -> String {
    match language {
        Language::English => month.iso(),
        Language::PortugueseBrazil => format!("{:02}/{:04}", month.month, month.year),
    }
}

/// `dd/MM/yyyy`, as the SGS's parameters and answers write a day.
pub fn service_day(day: Date) -> String {
    format!(
        "{:02}/{:02}/{:04}",
        day.day(),
        u8::from(day.month()),
        day.year()
    )
}

/// Reads `dd/MM/yyyy`.
pub fn parse_service_day(text: &str) -> Option<Date> {
    let mut parts = text.split('/');
    let day: u8 = parts.next()?.parse().ok()?;
    let month: u8 = parts.next()?.parse().ok()?;
    let year: i32 = parts.next()?.parse().ok()?;
    if parts.next().is_some() {
        return None;
    }
    Date::from_calendar_date(year, time::Month::try_from(month).ok()?, day).ok()
}

#[derive(Deserialize)]
struct Row {
    data: String,
    valor: String,
}

/// A month's figure: digits with at most one point, not negative (the
/// Selic has never been below zero; a sign would be somebody else's answer).
fn exact_percent(text: &str) -> Option<Decimal> {
    let text = text.trim();
    if text.is_empty()
        || !text.chars().all(|c| c.is_ascii_digit() || c == '.')
        || !text.starts_with(|c: char| c.is_ascii_digit())
    {
        return None;
    }
    text.parse().ok()
}

/// An answer of the series for a range of months.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SelicAnswer {
    /// The months of the range it gave, with their figures.
    pub months: BTreeMap<YearMonth, Decimal>,
    /// The last month published before the range, when the service answered
    /// a range past its last figure with that figure alone (its "last
    /// value" answer): the range is not published yet.
    pub last_before: Option<YearMonth>,
}

impl SelicAnswer {
    /// The last month the series is known to hold.
    pub fn last_published(&self) -> Option<YearMonth> {
        self.months.keys().next_back().copied().or(self.last_before)
    }
}

/// Reads an answer of the series: the Selic of the months from `first` to
/// `last`, by month. A row before `first` is the service's "last value"
/// answer (the range is after its last figure): kept as how far the series
/// goes, not taken for a month asked.
pub fn parse_answer(
    body: &[u8],
    first: YearMonth,
    last: YearMonth,
) -> Result<SelicAnswer, SelicError> {
    let rows: Vec<Row> = serde_json::from_slice(body)
        .map_err(|error| SelicError::Garbage(format!("not the expected JSON: {error}")))?;
    let mut answer = SelicAnswer::default();
    for row in rows {
        let day = parse_service_day(&row.data)
            .ok_or_else(|| SelicError::Garbage(format!("a month's date reads {:?}", row.data)))?;
        let month = YearMonth::of(day);
        let percent = exact_percent(&row.valor).ok_or_else(|| {
            SelicError::Garbage(format!("the figure of {month} reads {:?}", row.valor))
        })?;
        if month < first {
            answer.last_before = answer.last_before.max(Some(month));
        } else if month > last {
            return Err(SelicError::Garbage(format!(
                "a figure of {month} is after the months asked ({first} to {last})"
            )));
        } else {
            answer.months.insert(month, percent);
        }
    }
    Ok(answer)
}

/// The client of the Banco Central's SGS for the monthly Selic.
#[derive(Clone, Debug)]
pub struct SelicClient {
    http: reqwest::Client,
    base_url: Url,
}

impl SelicClient {
    /// A client of the service at `base_url` (`https://`, or `http://` on a
    /// loopback host), straight to it.
    pub fn new(base_url: &str) -> Result<SelicClient, SelicError> {
        SelicClient::through(base_url, &crate::network::NetworkPath::default())
    }

    /// A client of the service at `base_url` through a profile's network
    /// `path` (its proxy, its trusted authorities).
    pub fn through(
        base_url: &str,
        path: &crate::network::NetworkPath,
    ) -> Result<SelicClient, SelicError> {
        let (http, base_url) =
            super::bcb::connect(base_url, TIMEOUT, path).map_err(|reason| SelicError::BaseUrl {
                url: base_url.to_owned(),
                reason,
            })?;
        Ok(SelicClient { http, base_url })
    }

    /// The client of the Banco Central itself ([`DEFAULT_BASE_URL`]).
    pub fn official() -> Result<SelicClient, SelicError> {
        SelicClient::new(DEFAULT_BASE_URL)
    }

    /// The service's address.
    pub fn base_url(&self) -> &Url {
        &self.base_url
    }

    /// The address asking the months from `first` to `last`.
    pub fn range_url(&self, first: YearMonth, last: YearMonth) -> Result<Url, SelicError> {
        let refused = |reason: String| SelicError::BaseUrl {
            url: self.base_url.to_string(),
            reason,
        };
        let address = format!(
            "{}{SERIES_PATH}",
            self.base_url.as_str().trim_end_matches('/')
        );
        let mut url = Url::parse(&address).map_err(|error| refused(error.to_string()))?;
        let (Some(from), Some(to)) = (first.first_day(), last.last_day()) else {
            return Err(refused(format!("no such months: {first} to {last}")));
        };
        url.query_pairs_mut()
            .append_pair("formato", "json")
            .append_pair("dataInicial", &service_day(from))
            .append_pair("dataFinal", &service_day(to));
        Ok(url)
    }

    /// The Selic of the months from `first` to `last` that are published:
    /// one request. The SGS answers a range with no figure at all with HTTP
    /// 404: nothing is published there, which is no failure.
    pub async fn range(
        &self,
        first: YearMonth,
        last: YearMonth,
    ) -> Result<SelicAnswer, SelicError> {
        let url = self.range_url(first, last)?;
        let body = match super::bcb::get_bounded(&self.http, url, MAX_ANSWER_BYTES).await {
            Ok(body) => body,
            Err(super::bcb::Fetch::Status(404)) => return Ok(SelicAnswer::default()),
            Err(super::bcb::Fetch::Unreachable(reason)) => {
                return Err(SelicError::Unreachable(reason));
            }
            Err(super::bcb::Fetch::Status(status)) => return Err(SelicError::Status(status)),
            Err(super::bcb::Fetch::TooLarge) => return Err(SelicError::TooLarge),
        };
        parse_answer(&body, first, last)
    }
}

/// A month's Selic, as far as it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelicOnMonth<'a> {
    /// The month's Selic, in percent.
    Known(Decimal),
    /// It could not be had: why.
    Failed(&'a SelicProblem),
    /// It was not asked.
    NotAsked,
}

/// The Selic of each month a report needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SelicMonths {
    months: BTreeMap<YearMonth, Result<Decimal, SelicProblem>>,
}

impl SelicMonths {
    /// The Selic of `month`.
    pub fn on(&self, month: YearMonth) -> SelicOnMonth<'_> {
        match self.months.get(&month) {
            Some(Ok(percent)) => SelicOnMonth::Known(*percent),
            Some(Err(problem)) => SelicOnMonth::Failed(problem),
            None => SelicOnMonth::NotAsked,
        }
    }

    /// Sets the Selic of `month`, in percent.
    pub fn insert(&mut self, month: YearMonth, percent: Decimal) {
        self.months.insert(month, Ok(percent));
    }

    /// Marks `month` as failed, with the reason.
    pub fn fail(&mut self, month: YearMonth, problem: SelicProblem) {
        self.months.insert(month, Err(problem));
    }

    /// How many months it answers for (known or failed).
    pub fn len(&self) -> usize {
        self.months.len()
    }

    /// Whether it answers for no month.
    pub fn is_empty(&self) -> bool {
        self.months.is_empty()
    }

    /// The months that could not be had, with the reason.
    pub fn failures(&self) -> impl Iterator<Item = (YearMonth, &SelicProblem)> {
        self.months
            .iter()
            .filter_map(|(month, percent)| percent.as_ref().err().map(|problem| (*month, problem)))
    }
}

/// What [`complete`] found.
#[derive(Clone, Debug, Default)]
pub struct Completed {
    /// Every month asked: known or failed with the reason.
    pub months: SelicMonths,
    /// Months to keep in the journal: fetched now, before the current month.
    pub to_keep: Vec<(YearMonth, Decimal)>,
    /// Requests made.
    pub requests: usize,
}

/// The ranges to ask so that every month of `missing` is answered: one
/// range from the first to the last (a month is a few bytes, so the gaps
/// cost nothing), split only past the service's ten years.
pub fn ranges_for(missing: &BTreeSet<YearMonth>) -> Vec<(YearMonth, YearMonth)> {
    let mut ranges: Vec<(YearMonth, YearMonth)> = Vec::new();
    for &month in missing {
        match ranges.last_mut() {
            Some((start, end)) if months_between(*start, month) <= MAX_RANGE_MONTHS => {
                *end = month;
            }
            _ => ranges.push((month, month)),
        }
    }
    ranges
}

/// How many months `later` is after `earlier`.
fn months_between(earlier: YearMonth, later: YearMonth) -> usize {
    let index = |month: YearMonth| i64::from(month.year) * 12 + i64::from(month.month);
    usize::try_from(index(later) - index(earlier)).unwrap_or(usize::MAX)
}

/// The Selic of every month of `needed`: from `cached` when known, else
/// asked of `client` (one request per range of missing months).
/// `this_month` is Brasília's: a month from it on is still running and is
/// not kept.
pub async fn complete(
    client: &SelicClient,
    needed: &BTreeSet<YearMonth>,
    cached: &BTreeMap<YearMonth, Decimal>,
    this_month: YearMonth,
) -> Completed {
    let mut completed = Completed::default();
    let mut missing = BTreeSet::new();
    for &month in needed {
        match cached.get(&month) {
            Some(percent) => completed.months.insert(month, *percent),
            None => {
                missing.insert(month);
            }
        }
    }
    for (first, last) in ranges_for(&missing) {
        completed.requests += 1;
        match client.range(first, last).await {
            Ok(answer) => {
                let last_published = answer.last_published();
                for &month in missing.range(first..=last) {
                    match answer.months.get(&month) {
                        Some(percent) => completed.months.insert(month, *percent),
                        None => completed
                            .months
                            .fail(month, SelicProblem::NotPublished { last_published }),
                    }
                }
                completed.to_keep.extend(
                    answer
                        .months
                        .into_iter()
                        .filter(|(month, _)| *month < this_month && needed.contains(month)),
                );
            }
            Err(error) => {
                for &month in missing.range(first..=last) {
                    completed
                        .months
                        .fail(month, SelicProblem::Service(error.clone()));
                }
            }
        }
    }
    completed
}

/// The Selic the journal keeps for `months`; a row this version cannot
/// read is left out (asked again).
pub fn read_kept(
    store: &Store,
    months: &BTreeSet<YearMonth>,
) -> Result<BTreeMap<YearMonth, Decimal>, JournalError> {
    let (Some(first), Some(last)) = (months.first(), months.last()) else {
        return Ok(BTreeMap::new());
    };
    Ok(store
        .selic_months(&first.iso(), &last.iso())?
        .iter()
        .filter_map(|record| {
            let month = YearMonth::parse(&record.month)?;
            let percent = exact_percent(&record.percent)?;
            months.contains(&month).then_some((month, percent))
        })
        .collect())
}

/// Keeps the Selic of some months, fetched at `at`.
pub fn keep(
    store: &mut Store,
    months: &[(YearMonth, Decimal)],
    at: OffsetDateTime,
) -> Result<usize, JournalError> {
    let records: Vec<SelicRecord> = months
        .iter()
        .map(|(month, percent)| SelicRecord {
            month: month.iso(),
            percent: percent.to_string(),
            fetched_at: at,
        })
        .collect();
    store.keep_selic_months(&records)
}

/// The Selic of every month of `needed`: the journal's when kept, else
/// asked of `client`, and what was learnt kept in the journal. A journal
/// that cannot be read or written costs requests, never a figure: the
/// error comes back beside the months.
pub async fn selic_through(
    client: &SelicClient,
    store: Option<&mut Store>,
    needed: &BTreeSet<YearMonth>,
    this_month: YearMonth,
) -> (Completed, Option<JournalError>) {
    let mut journal_error = None;
    let cached = match store.as_deref() {
        Some(store) => read_kept(store, needed).unwrap_or_else(|error| {
            journal_error = Some(error);
            BTreeMap::new()
        }),
        None => BTreeMap::new(),
    };
    let completed = complete(client, needed, &cached, this_month).await;
    if let Some(store) = store
        && !completed.to_keep.is_empty()
        && let Err(error) = keep(store, &completed.to_keep, OffsetDateTime::now_utc())
    {
        journal_error = Some(error);
    }
    (completed, journal_error)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn month(year: i32, month: u8) -> YearMonth {
        YearMonth::new(year, month).unwrap()
    }

    #[test]
    fn the_figures_are_read_as_their_own_digits() {
        let body = br#"[{"data":"01/01/2026","valor":"1.16"},{"data":"01/02/2026","valor":"0.99"},{"data":"01/03/2026","valor":"0.1"}]"#;
        let months = parse_answer(body, month(2026, 1), month(2026, 3))
            .unwrap()
            .months;
        assert_eq!(months.len(), 3);
        assert_eq!(months[&month(2026, 1)].to_string(), "1.16");
        // 0.99 + 0.1 is 1.09 exactly; in binary floats it is not.
        assert_eq!(
            months[&month(2026, 2)] + months[&month(2026, 3)],
            "1.09".parse::<Decimal>().unwrap()
        );
    }

    #[test]
    fn an_answer_that_is_not_the_series_is_refused() {
        for body in [
            r#"[{"data":"01/01/2026","valor":1.16}]"#,
            r#"[{"data":"01/01/2026","valor":"1,16"}]"#,
            r#"[{"data":"01/01/2026","valor":"-1.16"}]"#,
            r#"[{"data":"01/01/2026","valor":""}]"#,
            r#"[{"data":"2026-01-01","valor":"1.16"}]"#,
            // After the months asked: not the series asked.
            r#"[{"data":"01/05/2026","valor":"1.16"}]"#,
            r#"{"erro":"Value(s) not found"}"#,
            "<html>manutenção</html>",
            "",
        ] {
            let error = parse_answer(body.as_bytes(), month(2026, 1), month(2026, 3)).unwrap_err();
            assert!(matches!(error, SelicError::Garbage(_)), "{body}: {error:?}");
        }
    }

    #[test]
    fn a_last_value_answer_says_how_far_the_series_goes_and_gives_no_month_asked() {
        // November and December 2026 asked while October is the last
        // published: the SGS answers October's figure alone.
        let body = br#"[{"data":"01/10/2026","valor":"1.28"}]"#;
        let answer = parse_answer(body, month(2026, 11), month(2026, 12)).unwrap();
        assert!(answer.months.is_empty());
        assert_eq!(answer.last_before, Some(month(2026, 10)));
        assert_eq!(answer.last_published(), Some(month(2026, 10)));
        let problem = SelicProblem::NotPublished {
            last_published: answer.last_published(),
        };
        assert_eq!(
            problem.text(month(2026, 11), Language::PortugueseBrazil),
            "o Banco Central ainda não publicou a Selic de 11/2026 (a última é de 10/2026)"
        );
        assert_eq!(
            problem.text(month(2026, 11), Language::English),
            "the Banco Central has published no Selic for 2026-11 yet (its last is of 2026-10)"
        );
    }

    #[test]
    fn the_address_asks_the_months_from_their_first_to_their_last_day() {
        let client = SelicClient::official().unwrap();
        let url = client.range_url(month(2025, 11), month(2026, 2)).unwrap();
        assert_eq!(
            url.as_str(),
            "https://api.bcb.gov.br/dados/serie/bcdata.sgs.4390/dados\
             ?formato=json&dataInicial=01%2F11%2F2025&dataFinal=28%2F02%2F2026"
        );
        assert!(matches!(
            SelicClient::new("http://api.bcb.gov.br"),
            Err(SelicError::BaseUrl { .. })
        ));
    }

    #[test]
    fn months_go_in_one_range_up_to_ten_years() {
        let months: BTreeSet<YearMonth> = [month(2024, 3), month(2025, 1), month(2034, 3)].into();
        assert_eq!(
            ranges_for(&months),
            vec![
                (month(2024, 3), month(2025, 1)),
                (month(2034, 3), month(2034, 3))
            ]
        );
        assert!(ranges_for(&BTreeSet::new()).is_empty());
    }
}
