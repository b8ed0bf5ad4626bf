//! The commands of `brlv-desk` other than the window, one file each, named
//! after the command: `brlv-desk call`, `profile`, `extrato`, `tax-report`
//! `sandbox`, `journal`, `payouts` and `update`. Each takes its arguments as
//! a clap struct and returns what
//! the process exits with; `src/main.rs` only dispatches.

pub mod call;
#[cfg(feature = "desktop")]
pub mod extrato;
pub mod journal;
pub mod payouts;
#[cfg(feature = "desktop")]
pub mod profile;
pub mod sandbox;
pub mod tax_report;
pub mod update;
