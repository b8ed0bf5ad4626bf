//! The tax year for the account holder (Brazilian rules for crypto-assets
//! held by individuals): the ledger per asset and per month in exact
//! decimals, each month against the R$35,000 exemption with its tax and
//! DARF, the year's positions for Bens e Direitos, and the CSV files. No
//! egui, no app: the window, the command line and the benchmark fill the
//! same [`LedgerInput`] and read the same results.
//!
//! - [`input`]: what the ledger reads (the lists, borrowed; the claims this
//!   device made; what the person typed, kept in the journal).
//! - [`ledger`]: [`build`] the ledger: entries with the quantity and average
//!   cost after each, and each month's sums per asset.
//! - [`months`]: each month's exemption, gains, tax by parcels and DARF.
//! - [`year`]: the year's positions, codes and Discriminação, exempt gains.
//! - [`calendar`]: business days and the DARF's due date.
//! - [`custodian`]: the custodian's name and CNPJ in Discriminação.
//! - [`brasilia`]: Brasília's months (the bundled IANA zone).
//! - [`reading`]: every rule with its standing and source, in both languages.
//! - [`export`]: `ledger.csv`, `months.csv`, `positions.csv`.
//! - [`journal`]: the person's typed values and paid marks in the journal.
//! - [`ptax`]: the dollar's official rate of each day, from the Banco Central.
//! - [`selic`]: the monthly Selic, from the Banco Central, for a late DARF.
//! - [`darf`]: a late DARF's fine and interest on a given day.
//! - [`declaration`]: Bens e Direitos whole (both columns), the money held
//!   at the service, and the sales for GCAP.
//! - [`money`]: the money held at the service on a past day, read back
//!   from the movements, and the dollars' cost in reais.
//! - [`workbook`]: the year as one .xlsx workbook (months, ledger, Bens e
//!   Direitos, GCAP, late DARFs, sources).
//!
//! Every figure is a help for the declaration, not tax advice
//! ([`rules::disclaimer`]).

pub mod bcb;
pub mod brasilia;
pub mod calendar;
pub mod custodian;
pub mod darf;
pub mod declaration;
pub mod export;
pub mod input;
pub mod journal;
pub mod ledger;
pub mod money;
pub mod months;
pub mod ptax;
pub mod rules;
pub mod selic;
pub mod workbook;
pub mod year;

pub use brasilia::YearMonth;
pub use input::{
    BensCode, ClaimMade, DepositList, LedgerInput, OutflowAnswer, ServicePrice, ServicePrices,
    TaxInput, TypedValues,
};
pub use ledger::{Entry, EntryKind, Flags, Ledger, LedgerDetail, build, build_with};
pub use months::{AssetTax, Darf, DeCripto, DeCriptoRule, MonthReport, month_reports, tax_on_gain};
pub use rules::{Language, Reading, Standing};
pub use year::{Position, YearReport, year_report};

#[cfg(test)]
mod tests;
