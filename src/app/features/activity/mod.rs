//! The extrato (Activity): every movement of money in one timeline, by day,
//! with filters and the totals in and out per asset; each row opens its
//! record in its own panel. The pure model ([`model`]: timeline, filters,
//! totals, days; [`monthly`]: per-month figures the Overview's charts draw),
//! the state and filters ([`state`]), what is computed from them, kept
//! until a list or filter changes and never computed twice ([`cache`]), the
//! panel ([`view`]; a row asks the root to open its record) and the
//! Overview drawn from the same figures ([`view::overview`]), how it writes
//! days, months and amounts ([`words`]), and the extrato as OFX and CSV
//! ([`export`], which `brlv-desk extrato` writes too).

pub mod cache;
pub mod export;
pub mod model;
pub mod monthly;
pub mod state;
pub mod view;
pub mod words;

#[cfg(test)]
mod tests;
