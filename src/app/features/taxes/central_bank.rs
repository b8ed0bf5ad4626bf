//! What the Taxes view asks the Banco Central for, as tax-report does: the
//! dollar's PTAX of the days the ledger values in dollars
//! ([`brlv_core::tax::ledger::dollar_rate_days`]) and the monthly Selic of
//! the year's late DARFs ([`brlv_core::tax::darf::selic_needed`]). Each day
//! and month is asked once a session (the worker reads the journal's copy
//! first, so a day known on this device is never fetched again); what
//! could not be had stays listed, with the reason, until asked again.

use std::collections::BTreeSet;

use time::Date;

use brlv_core::tax::YearMonth;
use brlv_core::tax::ptax::{DollarRates, RateOnDay};
use brlv_core::tax::selic::{SelicMonths, SelicOnMonth};

use super::figures::TaxFigures;

/// The days and months to ask the Banco Central for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CentralBankRequest {
    /// Brasília days whose dollar PTAX is wanted.
    pub days: BTreeSet<Date>,
    /// Months whose Selic is wanted.
    pub months: BTreeSet<YearMonth>,
}

impl CentralBankRequest {
    /// Nothing is asked.
    pub fn is_empty(&self) -> bool {
        self.days.is_empty() && self.months.is_empty()
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
}

impl CentralBankAsks {
    /// What `figures` need that was not asked yet this session (marked
    /// asked, and awaited); `None` when nothing is new or an answer is
    /// awaited (what is new then is asked once it came).
    pub fn to_ask(&mut self, figures: &TaxFigures) -> Option<CentralBankRequest> {
        if self.pending.is_some() {
            return None;
        }
        let request = CentralBankRequest {
            days: figures
                .dollar_days
                .iter()
                .filter(|day| !self.asked.days.contains(day))
                .copied()
                .collect(),
            months: figures
                .selic_needed
                .iter()
                .filter(|month| !self.asked.months.contains(month))
                .copied()
                .collect(),
        };
        if request.is_empty() {
            return None;
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
        for day in &answer.asked.days {
            match answer.rates.on(*day) {
                RateOnDay::Known(rate) => rates.insert(*day, *rate),
                RateOnDay::Failed(reason) => rates.fail(*day, reason),
                RateOnDay::NotAsked => {}
            }
        }
        for month in &answer.asked.months {
            match answer.selic.on(*month) {
                SelicOnMonth::Known(percent) => selic.insert(*month, percent),
                SelicOnMonth::Failed(reason) => selic.fail(*month, reason),
                SelicOnMonth::NotAsked => {}
            }
        }
        (
            !answer.asked.days.is_empty(),
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
