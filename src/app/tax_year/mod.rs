//! The tax year as more than one panel reads it, below every feature: the
//! month's sales per Brasília month ([`monthly`], the one definition the
//! Overview's chart, the Taxes view and an order's confirmation read), what
//! an order about to be sent makes of them ([`sale`]), the service's own
//! figure for this month as the Overview's gauge draws it ([`gauge`]), and
//! what tokens about to leave are for, asked in a transfer's or token
//! withdrawal's review and kept once the record exists ([`outflow`]). The
//! ledger and the year's report themselves are the Taxes panel's
//! (`features::taxes::figures`).

pub mod gauge;
pub mod monthly;
pub mod outflow;
pub mod sale;
