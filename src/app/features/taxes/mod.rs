//! Taxes: the tax year for the account holder, from the account's own
//! records (the rules and the figures are the core's, [`brlv_core::tax`]).
//!
//! - [`figures`]: the ledger and the year's report computed from the lists,
//!   kept until a list or a typed value changes (off the window's thread
//!   for long lists);
//! - [`central_bank`]: the dollar's PTAX and the Selic the figures need,
//!   asked of the Banco Central once a session;
//! - [`report`]: the report for an accountant, as PDF;
//! - [`state`], [`message`], [`words`]: the panel's state (and how its
//!   files are saved), what it asks the worker, and how it writes things;
//! - [`task`], [`view`]: the worker's calls, and the Taxes panel.
//!
//! What other panels read of the tax year (the month's sales, what an order
//! makes of them, the service's gauge, the question of what tokens leaving
//! are for) is [`crate::app::tax_year`], below every feature.

pub mod central_bank;
pub mod figures;
pub mod message;
pub mod report;
pub mod state;
pub mod task;
pub mod view;
pub mod words;
