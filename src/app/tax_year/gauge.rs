//! The month's tax-exemption gauge as figures, exact: how much of the
//! monthly limit the claims and other disposals used, what is left, and
//! how close to the limit that is. The Overview draws it; the extrato's
//! monthly tax chart reads the same figures.

use rust_decimal::Decimal;

use brlv_core::api::model::{MONTHLY_TAX_EXEMPTION_LIMIT_BRL, TaxExemptionProgress};

/// Where the month's usage stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GaugeLevel {
    /// Up to 80 % used.
    Comfortable,
    /// Past 80 %.
    Close,
    /// At or past the limit.
    AtLimit,
}

/// The figures of the tax-exemption gauge, exact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaxGauge {
    /// Used this month: claims plus other disposals.
    pub used: Decimal,
    /// Of which claims.
    pub claims: Decimal,
    /// Of which other disposals.
    pub other_disposals: Decimal,
    /// The monthly limit (R$35,000 unless the service says otherwise).
    pub limit: Decimal,
    /// Left this month, never below zero.
    pub remaining: Decimal,
    /// `used / limit`, exact; 1 or more at the limit.
    pub fraction: Decimal,
    /// How close to the limit.
    pub level: GaugeLevel,
}

impl TaxGauge {
    /// Computes the figures; missing fields are filled from the others.
    pub fn from_progress(progress: &TaxExemptionProgress) -> TaxGauge {
        let claims = progress.claims_amount.unwrap_or_default();
        let other_disposals = progress.other_disposals_amount.unwrap_or_default();
        let used = match (progress.claims_amount, progress.other_disposals_amount) {
            (None, None) => progress.total_used.unwrap_or_default(),
            _ => claims + other_disposals,
        };
        let limit = progress.limit.unwrap_or(MONTHLY_TAX_EXEMPTION_LIMIT_BRL);
        let remaining = progress
            .remaining
            .unwrap_or(limit - used)
            .max(Decimal::ZERO);
        let fraction = if limit > Decimal::ZERO {
            used / limit
        } else {
            Decimal::ONE
        };
        let level = if fraction >= Decimal::ONE {
            GaugeLevel::AtLimit
        } else if fraction > Decimal::new(8, 1) {
            GaugeLevel::Close
        } else {
            GaugeLevel::Comfortable
        };
        TaxGauge {
            used,
            claims,
            other_disposals,
            limit,
            remaining,
            fraction,
            level,
        }
    }

    /// The whole percentage used, rounded down (so 79.9 % never reads 80 %).
    pub fn percent(&self) -> Decimal {
        (self.fraction * Decimal::ONE_HUNDRED).floor()
    }

    /// The bar's fill, for the painter only.
    pub fn bar_fraction(&self) -> f32 {
        let clamped = self.fraction.clamp(Decimal::ZERO, Decimal::ONE);
        rust_decimal::prelude::ToPrimitive::to_f32(&clamped).unwrap_or(0.0)
    }
}
