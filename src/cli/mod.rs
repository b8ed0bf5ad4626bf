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

/// A count and its noun in the singular for one and the plural for more,
/// for the command line's English lines: "1 row", "4 rows", never "row(s)".
pub fn counted(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}
