//! Money as a person reads and types it: Decimal at an asset's scale, grouped
//! per language, and typed amounts parsed either way, refusing the ambiguous.
//!
//! STUB: signatures agreed; bodies to be written (pure-modules work).

use rust_decimal::Decimal;

/// How numbers are written.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum NumberFormat {
    /// `1.234,56` (pt-BR).
    #[default]
    Brazilian,
    /// `1,234.56` (English).
    English,
}

/// Why a typed amount was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseAmountError {
    /// Placeholder until written.
    #[error("amount parsing is not written yet")]
    NotWritten,
}

/// Writes `value` grouped, with at least `scale` places and never fewer than it carries.
pub fn format_amount(value: Decimal, _scale: u32, _format: NumberFormat) -> String {
    value.to_string()
}

/// Parses what a person typed; refuses more places than `scale`, ≤ 0, and the ambiguous.
pub fn parse_amount(_input: &str, _scale: u32) -> Result<Decimal, ParseAmountError> {
    Err(ParseAmountError::NotWritten)
}
