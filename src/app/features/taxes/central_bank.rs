//! What the Taxes view asks the Banco Central for, as tax-report does: the
//! dollar's PTAX of the days the ledger values in dollars
//! ([`brlv_core::tax::ledger::dollar_rate_days`]) and the monthly Selic of
//! the year's late DARFs ([`brlv_core::tax::darf::selic_needed`]). Each day
//! and month is asked once a session (the worker reads the journal's copy
//! first, so a day known on this device is never fetched again); what
//! could not be had stays listed, with the reason, until asked again. A
//! day valued provisionally (today, before the Banco Central's closing
//! bulletin) is asked again every [`PROVISIONAL_RETRY`], with the one-day
//! query, until today's rate is out and the figures are valued again.

use std::collections::BTreeSet;

use time::{Date, Duration, OffsetDateTime};

use brlv_core::tax::YearMonth;
use brlv_core::tax::ptax::{DollarRates, RateOnDay};
use brlv_core::tax::selic::{SelicMonths, SelicOnMonth};

use super::figures::TaxFigures;

/// How often a provisional day's rate is asked again.
pub const PROVISIONAL_RETRY: Duration = Duration::minutes(10);

/// The days and months to ask the Banco Central for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CentralBankRequest {
    /// Brasília days whose dollar PTAX is wanted.
    pub days: BTreeSet<Date>,
    /// Months whose Selic is wanted.
    pub months: BTreeSet<YearMonth>,
    /// Days valued provisionally: is their own rate out yet?
    pub provisional: BTreeSet<Date>,
}

impl CentralBankRequest {
    /// Nothing is asked.
    pub fn is_empty(&self) -> bool {
        self.days.is_empty() && self.months.is_empty() && self.provisional.is_empty()
    }
}

/// What the worker found for a [`CentralBankRequest`]: each day and month
/// asked, known or failed with the reason.
#[derive(Clone, Debug, Default)]
pub struct CentralBankAnswer {
    /// What was asked.
    pub asked: CentralBankRequest,
    /// The dollar's rate of each day asked.
    pub rates: DollarRates,
    /// The Selic of each month asked.
    pub selic: SelicMonths,
    /// Requests made to the Banco Central (none for what the journal kept).
    pub requests: usize,
}

/// The session's asks: what was asked, and what is awaited.
#[derive(Clone, Debug, Default)]
pub struct CentralBankAsks {
    asked: CentralBankRequest,
    /// The request under way; `None` when no answer is awaited.
    pub pending: Option<CentralBankRequest>,
    /// When provisional days were last asked again.
    provisional_asked_at: Option<OffsetDateTime>,
}

impl CentralBankAsks {
    /// What `figures` need that was not asked yet this session (marked
    /// asked, and awaited); `None` when nothing is new or an answer is
    /// awaited (what is new then is asked once it came).
    pub fn to_ask(
        &mut self,
        figures: &TaxFigures,
        now: OffsetDateTime,
    ) -> Option<CentralBankRequest> {
        if self.pending.is_some() {
            return None;
        }
        let retry = self
            .provisional_asked_at
            .is_none_or(|asked| now - asked >= PROVISIONAL_RETRY);
        let request = CentralBankRequest {
            days: figures
                .dollar_days
                .iter()
                .chain(figures.money_dollar_days.iter())
                .filter(|day| !self.asked.days.contains(day))
                .copied()
                .collect(),
            months: figures
                .selic_needed
                .iter()
                .filter(|month| !self.asked.months.contains(month))
                .copied()
                .collect(),
            provisional: if retry {
                figures.sources.dollar_rates.provisional().collect()
            } else {
                BTreeSet::new()
            },
        };
        if request.is_empty() {
            return None;
        }
        if !request.provisional.is_empty() {
            self.provisional_asked_at = Some(now);
        }
        self.asked.days.extend(request.days.iter().copied());
        self.asked.months.extend(request.months.iter().copied());
        self.pending = Some(request.clone());
        Some(request)
    }

    /// Takes in an answer: each day and month it answers for goes into
    /// `rates` and `selic` (known, or failed with the reason). Whether the
    /// dollar's rates and the Selic changed, in that order.
    pub fn arrived(
        &mut self,
        answer: &CentralBankAnswer,
        rates: &mut DollarRates,
        selic: &mut SelicMonths,
    ) -> (bool, bool) {
        self.pending = None;
        let mut revalued = false;
        for day in answer.asked.days.iter().chain(&answer.asked.provisional) {
            match answer.rates.on(*day) {
                RateOnDay::Known(rate) => {
                    revalued |= answer.asked.provisional.contains(day);
                    rates.set(*day, Ok(*rate));
                }
                RateOnDay::Failed(problem) => rates.fail(*day, problem.clone()),
                // A provisional day whose own rate is not out yet stays as it was.
                RateOnDay::NotAsked => {}
            }
        }
        for month in &answer.asked.months {
            match answer.selic.on(*month) {
                SelicOnMonth::Known(percent) => selic.insert(*month, percent),
                SelicOnMonth::Failed(problem) => selic.fail(*month, problem.clone()),
                SelicOnMonth::NotAsked => {}
            }
        }
        (
            !answer.asked.days.is_empty() || revalued,
            !answer.asked.months.is_empty(),
        )
    }

    /// The days and months that failed are asked again at the next draw.
    pub fn ask_again(&mut self, rates: &DollarRates, selic: &SelicMonths) {
        for (day, _) in rates.failures() {
            self.asked.days.remove(&day);
        }
        for (month, _) in selic.failures() {
            self.asked.months.remove(&month);
        }
    }
}
