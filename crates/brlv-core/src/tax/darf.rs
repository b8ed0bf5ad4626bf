//! A late DARF: what a month's DARF comes to when paid after its due date,
//! by Lei 9.430/1996 art. 61.
//!
//! - The fine (caput and §§1–2): 0.33 % of the tax per day of delay, the
//!   days counted from the day after the due date through the day of
//!   payment, capped at 20 %.
//! - The interest (§3, by its reference to art. 5 §3): the monthly Selic
//!   added up (simple sum, as the Receita's tables do) from the month after
//!   the due date through the month before payment, plus 1 % for the month
//!   of payment. Paid within the due date's own month, the interest has
//!   not started and is none.
//!
//! Each part says its source; a month whose Selic could not be had leaves
//! the interest and the total unknown, with the reason, never a zero.

use std::collections::BTreeSet;

use rust_decimal::{Decimal, RoundingStrategy};
use time::Date;

use super::brasilia::YearMonth;
use super::input::TypedValues;
use super::ledger::Ledger;
use super::months::{MonthReport, month_reports};
use super::rules::Language;
use super::selic::{SelicMonths, SelicOnMonth, SelicProblem};

/// The fine per day of delay, as a fraction: 0.33 %.
pub const FINE_PER_DAY: Decimal = Decimal::from_parts(33, 0, 0, false, 4);

/// The fine's cap, as a fraction: 20 %.
pub const FINE_CAP: Decimal = Decimal::from_parts(20, 0, 0, false, 2);

/// The interest for the month of payment, in percent: 1 %.
pub const PAYMENT_MONTH_PERCENT: Decimal = Decimal::ONE;

/// The fine's source, in `language`.
pub fn fine_source(language: Language) -> &'static str {
    match language {
        Language::English => "Lei 9.430/1996 art. 61 caput and §§1–2 (0.33 % a day, up to 20 %)",
        Language::PortugueseBrazil => {
            "Lei 9.430/1996 art. 61, caput e §§ 1º e 2º (0,33 % ao dia, até 20 %)"
        }
    }
}

/// The interest's source, in `language`.
pub fn interest_source(language: Language) -> &'static str {
    match language {
        Language::English => {
            "Lei 9.430/1996 art. 61 §3 and art. 5 §3 (Selic from the month after the due date \
             to the month before payment, plus 1 % in the month of payment)"
        }
        Language::PortugueseBrazil => {
            "Lei 9.430/1996 art. 61 § 3º e art. 5º § 3º (Selic do mês seguinte ao do vencimento \
             até o mês anterior ao do pagamento, mais 1 % no mês do pagamento)"
        }
    }
}

/// One month's share of the interest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InterestMonth {
    /// The month.
    pub month: YearMonth,
    /// Its percent: the month's Selic, or 1 for the month of payment; the
    /// reason when the Selic could not be had.
    pub percent: Result<Decimal, SelicProblem>,
    /// The month of payment (its 1 % is the law's, not the Selic).
    pub payment_month: bool,
}

/// A DARF paid after its due date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LateDarf {
    /// The month of the sales.
    pub month: YearMonth,
    /// The DARF's own amount.
    pub amount_brl: Decimal,
    /// Its due date.
    pub due: Date,
    /// The day it is paid on (today, or the day the person gives).
    pub paid_on: Date,
    /// Days of delay: from the day after `due` through `paid_on`.
    pub days_late: i64,
    /// The fine's rate, as a fraction, after the cap.
    pub fine_rate: Decimal,
    /// Whether the cap of 20 % was reached.
    pub fine_capped: bool,
    /// The fine, at the centavo.
    pub fine_brl: Decimal,
    /// The months of the interest, oldest first (the month of payment last).
    pub interest_months: Vec<InterestMonth>,
    /// The interest rate in percent, when every month's Selic is known.
    pub interest_percent: Option<Decimal>,
    /// The interest, at the centavo, when known.
    pub interest_brl: Option<Decimal>,
    /// The amount, fine and interest, when the interest is known.
    pub total_brl: Option<Decimal>,
}

impl LateDarf {
    /// The months whose Selic could not be had, with the reason.
    pub fn missing_selic(&self) -> impl Iterator<Item = (YearMonth, &SelicProblem)> {
        self.interest_months.iter().filter_map(|month| {
            month
                .percent
                .as_ref()
                .err()
                .map(|problem| (month.month, problem))
        })
    }

    /// What is owed on the day of payment as far as it is known: the DARF
    /// and its fine, with the interest when every month's Selic is known.
    pub fn known_part_brl(&self) -> Decimal {
        self.amount_brl + self.fine_brl + self.interest_brl.unwrap_or(Decimal::ZERO)
    }
}

fn centavos(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

/// The months whose Selic a DARF due on `due` and paid on `paid_on` needs:
/// from the month after the due date through the month before payment.
pub fn selic_months(due: Date, paid_on: Date) -> Vec<YearMonth> {
    let payment_month = YearMonth::of(paid_on);
    let mut months = Vec::new();
    let mut month = YearMonth::of(due).next();
    while month < payment_month {
        months.push(month);
        month = month.next();
    }
    months
}

/// What a DARF of `amount_brl` for `month`, due on `due`, comes to when
/// paid on `paid_on`; `None` when `paid_on` is not after `due`.
pub fn late_darf(
    month: YearMonth,
    amount_brl: Decimal,
    due: Date,
    paid_on: Date,
    selic: &SelicMonths,
) -> Option<LateDarf> {
    if paid_on <= due {
        return None;
    }
    let days_late = (paid_on - due).whole_days();
    let uncapped = FINE_PER_DAY * Decimal::from(days_late);
    let fine_capped = uncapped >= FINE_CAP;
    let fine_rate = uncapped.min(FINE_CAP);
    let mut interest_months: Vec<InterestMonth> = selic_months(due, paid_on)
        .into_iter()
        .map(|selic_month| InterestMonth {
            month: selic_month,
            percent: match selic.on(selic_month) {
                SelicOnMonth::Known(percent) => Ok(percent),
                SelicOnMonth::Failed(problem) => Err(problem.clone()),
                SelicOnMonth::NotAsked => Err(SelicProblem::NotAsked),
            },
            payment_month: false,
        })
        .collect();
    let payment_month = YearMonth::of(paid_on);
    if payment_month > YearMonth::of(due) {
        interest_months.push(InterestMonth {
            month: payment_month,
            percent: Ok(PAYMENT_MONTH_PERCENT),
            payment_month: true,
        });
    }
    let interest_percent: Option<Decimal> = interest_months
        .iter()
        .map(|month| month.percent.as_ref().ok().copied())
        .sum();
    let interest_brl =
        interest_percent.map(|percent| centavos(amount_brl * percent / Decimal::ONE_HUNDRED));
    let fine_brl = centavos(amount_brl * fine_rate);
    Some(LateDarf {
        month,
        amount_brl,
        due,
        paid_on,
        days_late,
        fine_rate,
        fine_capped,
        fine_brl,
        interest_months,
        interest_percent,
        interest_brl,
        total_brl: interest_brl.map(|interest| amount_brl + fine_brl + interest),
    })
}

/// The months of `months` whose DARF is not marked paid and whose due
/// date is before `paid_on`, each as it comes to on `paid_on`.
pub fn late_darfs(months: &[MonthReport], paid_on: Date, selic: &SelicMonths) -> Vec<LateDarf> {
    months
        .iter()
        .filter(|month| !month.paid)
        .filter_map(|month| {
            let darf = month.darf.as_ref()?;
            late_darf(month.month, darf.amount_brl, darf.due?, paid_on, selic)
        })
        .collect()
}

/// Every DARF of the account's history not marked paid by its due date,
/// as it comes to on one day: what the Taxes view's months, the PDF, the
/// command line and the Overview's notice all say, computed once here.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overdue {
    /// The day of payment they are valued on.
    pub paid_on: Option<Date>,
    /// Each late DARF, oldest month first.
    pub darfs: Vec<LateDarf>,
}

impl Overdue {
    /// Every month of `ledger` through `paid_on`'s (all years, not only the
    /// one shown: a DARF of last year still owed is owed today), each DARF
    /// not marked paid whose due date is before `paid_on`.
    pub fn of(ledger: &Ledger, typed: &TypedValues, paid_on: Date, selic: &SelicMonths) -> Overdue {
        let months = month_reports(ledger, typed, YearMonth::of(paid_on));
        Overdue {
            paid_on: Some(paid_on),
            darfs: late_darfs(&months, paid_on, selic),
        }
    }

    /// The months whose Selic [`Overdue::of`] needs.
    pub fn selic_needed(
        ledger: &Ledger,
        typed: &TypedValues,
        paid_on: Date,
    ) -> BTreeSet<YearMonth> {
        selic_needed(
            &month_reports(ledger, typed, YearMonth::of(paid_on)),
            paid_on,
        )
    }

    /// Whether no DARF is overdue.
    pub fn is_empty(&self) -> bool {
        self.darfs.is_empty()
    }

    /// The late DARF of `month`, if it is one.
    pub fn of_month(&self, month: YearMonth) -> Option<&LateDarf> {
        self.darfs.iter().find(|darf| darf.month == month)
    }

    /// Everything due on the day of payment, fines and interest included;
    /// `None` while a month's Selic is missing ([`Overdue::known_part_brl`]
    /// says what is known).
    pub fn total_brl(&self) -> Option<Decimal> {
        self.darfs.iter().map(|darf| darf.total_brl).sum()
    }

    /// What is known to be due: the DARFs, their fines, and the interest
    /// of those whose Selic is known.
    pub fn known_part_brl(&self) -> Decimal {
        self.darfs.iter().map(LateDarf::known_part_brl).sum()
    }

    /// The DARFs' own amounts, without fine or interest.
    pub fn principal_brl(&self) -> Decimal {
        self.darfs.iter().map(|darf| darf.amount_brl).sum()
    }

    /// The longest delay, in days.
    pub fn most_days_late(&self) -> i64 {
        self.darfs
            .iter()
            .map(|darf| darf.days_late)
            .max()
            .unwrap_or(0)
    }
}

/// The months whose Selic [`late_darfs`] needs for `months` paid on `paid_on`.
pub fn selic_needed(months: &[MonthReport], paid_on: Date) -> BTreeSet<YearMonth> {
    months
        .iter()
        .filter(|month| !month.paid)
        .filter_map(|month| month.darf.as_ref()?.due)
        .filter(|due| *due < paid_on)
        .flat_map(|due| selic_months(due, paid_on))
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use time::macros::date;

    use super::*;

    fn dec(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    fn month(year: i32, month: u8) -> YearMonth {
        YearMonth::new(year, month).unwrap()
    }

    #[test]
    fn a_march_darf_paid_in_july_carries_its_fine_and_selic() {
        // March 2025's DARF of R$1,500.00 is due on the last business day
        // of April 2025: Wednesday the 30th.
        let due = super::super::calendar::darf_due(month(2025, 3)).unwrap();
        assert_eq!(due, date!(2025 - 04 - 30));
        let mut selic = SelicMonths::default();
        selic.insert(month(2025, 5), dec("1.14"));
        selic.insert(month(2025, 6), dec("1.10"));
        let late = late_darf(
            month(2025, 3),
            dec("1500.00"),
            due,
            date!(2025 - 07 - 10),
            &selic,
        )
        .unwrap();
        // 1 May through 10 July: 31 + 30 + 10 = 71 days; 71 × 0.33 % =
        // 23.43 %, above the cap: 20 %, R$300.00.
        assert_eq!(late.days_late, 71);
        assert!(late.fine_capped);
        assert_eq!(late.fine_rate, dec("0.20"));
        assert_eq!(late.fine_brl, dec("300.00"));
        // Selic of May and June, 1 % for July: 1.14 + 1.10 + 1 = 3.24 %;
        // 1,500.00 × 3.24 % = R$48.60.
        assert_eq!(
            late.interest_months
                .iter()
                .map(|month| (month.month, month.payment_month))
                .collect::<Vec<_>>(),
            vec![
                (month(2025, 5), false),
                (month(2025, 6), false),
                (month(2025, 7), true)
            ]
        );
        assert_eq!(late.interest_percent, Some(dec("3.24")));
        assert_eq!(late.interest_brl, Some(dec("48.60")));
        // 1,500.00 + 300.00 + 48.60.
        assert_eq!(late.total_brl, Some(dec("1848.60")));
    }

    #[test]
    fn a_few_days_late_in_the_next_month_is_the_daily_fine_and_one_percent() {
        let mut selic = SelicMonths::default();
        // Not needed: no month lies between.
        selic.insert(month(2025, 5), dec("9.99"));
        let late = late_darf(
            month(2025, 3),
            dec("1234.56"),
            date!(2025 - 04 - 30),
            date!(2025 - 05 - 09),
            &selic,
        )
        .unwrap();
        // 9 days × 0.33 % = 2.97 %; 1,234.56 × 0.0297 = 36.666432 → R$36.67.
        assert_eq!(late.days_late, 9);
        assert!(!late.fine_capped);
        assert_eq!(late.fine_rate, dec("0.0297"));
        assert_eq!(late.fine_brl, dec("36.67"));
        // Only the month of payment's 1 %: R$12.3456 → R$12.35.
        assert_eq!(late.interest_percent, Some(dec("1")));
        assert_eq!(late.interest_brl, Some(dec("12.35")));
        assert_eq!(late.total_brl, Some(dec("1283.58")));
    }

    #[test]
    fn paid_within_the_due_dates_month_has_no_interest_and_on_time_is_not_late() {
        let selic = SelicMonths::default();
        // Due Friday 28 November 2025 (the 30th is a Sunday), paid Saturday the 29th.
        let late = late_darf(
            month(2025, 10),
            dec("100.00"),
            date!(2025 - 11 - 28),
            date!(2025 - 11 - 29),
            &selic,
        )
        .unwrap();
        assert_eq!(late.fine_brl, dec("0.33"));
        assert!(late.interest_months.is_empty());
        assert_eq!(late.interest_brl, Some(Decimal::ZERO));
        assert_eq!(late.total_brl, Some(dec("100.33")));
        assert_eq!(
            late_darf(
                month(2025, 10),
                dec("100.00"),
                date!(2025 - 11 - 28),
                date!(2025 - 11 - 28),
                &selic
            ),
            None
        );
    }

    #[test]
    fn a_month_without_its_selic_leaves_the_interest_unknown_with_the_reason() {
        let mut selic = SelicMonths::default();
        selic.insert(month(2025, 5), dec("1.14"));
        let unreachable = SelicProblem::Service(super::super::selic::SelicError::Status(503));
        selic.fail(month(2025, 6), unreachable.clone());
        let late = late_darf(
            month(2025, 3),
            dec("1500.00"),
            date!(2025 - 04 - 30),
            date!(2025 - 07 - 10),
            &selic,
        )
        .unwrap();
        assert_eq!(late.interest_percent, None);
        assert_eq!(late.interest_brl, None);
        assert_eq!(late.total_brl, None);
        // The fine does not depend on the Selic.
        assert_eq!(late.fine_brl, dec("300.00"));
        let missing: Vec<_> = late.missing_selic().collect();
        assert_eq!(missing, vec![(month(2025, 6), &unreachable)]);
    }
}
