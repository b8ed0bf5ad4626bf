//! The monthly tax-exemption progress of a Brazilian account (spec 2.10).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

use super::common::{decimal_str, envelope};

/// Monthly tax-exemption usage of a Brazilian account (spec 2.10).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct TaxExemptionProgress {
    /// Used by claims this month.
    #[serde(default, with = "decimal_str::option")]
    pub claims_amount: Option<Decimal>,
    /// Used by other disposals this month.
    #[serde(default, with = "decimal_str::option")]
    pub other_disposals_amount: Option<Decimal>,
    /// Total used this month.
    #[serde(default, with = "decimal_str::option")]
    pub total_used: Option<Decimal>,
    /// The monthly limit (R$35,000).
    #[serde(default, with = "decimal_str::option")]
    pub limit: Option<Decimal>,
    /// Left this month.
    #[serde(default, with = "decimal_str::option")]
    pub remaining: Option<Decimal>,
}

/// The monthly tax-exemption limit of spec 2.10, in BRL.
pub const MONTHLY_TAX_EXEMPTION_LIMIT_BRL: Decimal = Decimal::from_parts(35_000, 0, 0, false, 0);

envelope!(
    /// `{tax-exemption-progress: {...}}`.
    TaxExemptionProgressEnvelope { "tax-exemption-progress" => progress: TaxExemptionProgress }
);
