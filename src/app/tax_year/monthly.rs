//! The month's sales against the exemption, per Brasília month, as the tax
//! report counts them (the ledger's months: sales and swaps at their value
//! in reais before fees, and the claims this device made at their gross
//! amount): what the Overview's chart draws. One definition of "the
//! month's sales" for the chart, the Taxes view and an order's
//! confirmation alike.

use rust_decimal::Decimal;
use time::OffsetDateTime;

use crate::app::ui::Tone;
use brlv_core::tax::{Ledger, YearMonth};

/// One month's use of the exemption, in BRL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MonthUse {
    /// The month, in Brasília.
    pub month: YearMonth,
    /// Gross amount of the month's claims made on this device.
    pub claims: Decimal,
    /// Sale value of the month's sales and swaps, before their fees.
    pub sales: Decimal,
}

impl MonthUse {
    /// Everything counted against the limit.
    pub fn used(&self) -> Decimal {
        self.claims + self.sales
    }

    /// How the month stands against `limit`, as its bar is drawn: over it
    /// taxable, above 80 % of it close, else at ease. A month at exactly
    /// the limit is still exempt (the law says "at most").
    pub fn tone(&self, limit: Decimal) -> Tone {
        let used = self.used();
        if used > limit {
            Tone::Danger
        } else if used * Decimal::TEN > limit * Decimal::from(8) {
            Tone::Warning
        } else {
            Tone::Success
        }
    }
}

/// The `count` Brasília months ending with the one `now` is in, oldest first.
pub fn last_months(now: OffsetDateTime, count: usize) -> Vec<YearMonth> {
    let mut months = Vec::with_capacity(count);
    let mut month = YearMonth::in_brasilia(now);
    for _ in 0..count {
        months.push(month);
        month = month.previous();
    }
    months.reverse();
    months
}

/// The sales of each of `months` as the ledger counts them (a month with
/// nothing in it: zero).
pub fn monthly_sales(ledger: &Ledger, months: &[YearMonth]) -> Vec<MonthUse> {
    months
        .iter()
        .map(|month| {
            let (claims, sales) =
                ledger
                    .month(*month)
                    .map_or((Decimal::ZERO, Decimal::ZERO), |sums| {
                        (
                            sums.claims_gross_brl,
                            sums.sales_brl() - sums.claims_gross_brl,
                        )
                    });
            MonthUse {
                month: *month,
                claims,
                sales,
            }
        })
        .collect()
}

/// The sales of the Brasília month `now` is in, claims included.
pub fn this_month_sales(ledger: &Ledger, now: OffsetDateTime) -> Decimal {
    ledger
        .month(YearMonth::in_brasilia(now))
        .map_or(Decimal::ZERO, brlv_core::tax::ledger::MonthSums::sales_brl)
}
