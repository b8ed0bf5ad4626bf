//! Taxes: the tax year for the account holder, from the account's own
//! records (the rules and the figures are the core's, [`brlv_core::tax`]).
//!
//! - [`figures`]: the ledger and the year's report computed from the lists,
//!   kept until a list or a typed value changes (off the window's thread
//!   for long lists);
//! - [`monthly`]: the month's sales per Brasília month, the one definition
//!   the Overview's chart, the Taxes view and an order's confirmation read;
//! - [`sale`]: what an order about to be sent makes of the month's sales;
//! - [`gauge`]: the service's own figure for this month, as the Overview's
//!   gauge draws it;
//! - [`central_bank`]: the dollar's PTAX and the Selic the figures need,
//!   asked of the Banco Central once a session;
//! - [`report`]: the report for an accountant, as PDF;
//! - [`outflow`]: what tokens about to leave are for, asked in a
//!   transfer's or token withdrawal's review and kept once the record exists;
//! - [`state`], [`message`], [`words`]: the panel's state (and how its
//!   files are saved), what it asks the worker, and how it writes things;
//! - [`task`], [`view`]: the worker's calls, and the Taxes panel.

pub mod central_bank;
pub mod figures;
pub mod gauge;
pub mod message;
pub mod monthly;
pub mod outflow;
pub mod report;
pub mod sale;
pub mod state;
pub mod task;
pub mod view;
pub mod words;
