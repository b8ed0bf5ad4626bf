//! Claims on reward certificates (spec 2.6, 3.4) and their creation (4.5).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;
use time::OffsetDateTime;
use uuid::Uuid;

use super::common::{decimal_str, envelope};
use crate::api::timestamp;
use crate::api::wire_enum::wire_enum;

wire_enum! {
    /// Claim statuses (spec 2.6 shows only `created`).
    pub enum ClaimStatus {
        /// Submitted.
        Created => "created",
        /// Paid out.
        Completed => "completed",
    }
}

/// A claim on reward certificates (spec 2.6).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Claim {
    /// Claim identifier.
    pub id: Uuid,
    /// Amount requested.
    #[serde(default, with = "decimal_str::option")]
    pub gross_amount: Option<Decimal>,
    /// Amount paid after tax and fees.
    #[serde(default, with = "decimal_str::option")]
    pub net_amount: Option<Decimal>,
    /// Tax withheld.
    #[serde(default, with = "decimal_str::option")]
    pub tax_amount: Option<Decimal>,
    /// Fees charged.
    #[serde(default, with = "decimal_str::option")]
    pub fees: Option<Decimal>,
    /// `created` on submission.
    pub status: Option<ClaimStatus>,
    /// Last update, with fractional seconds.
    #[serde(default, with = "timestamp::option")]
    pub updated_at: Option<OffsetDateTime>,
}

/// Body of `POST /api/v0/claims` and its wallet-scoped form (spec 4.5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CreateClaim {
    /// Amount to claim from reward certificates.
    #[serde(with = "decimal_str")]
    pub amount: Decimal,
    /// `brl` or `brlv`.
    pub target_asset_code: ClaimTarget,
}

wire_enum! {
    /// What a claim pays out in. The spec shows `brlv`; `brl` is the evident BRL code.
    pub enum ClaimTarget {
        /// Brazilian reais.
        Brl => "brl",
        /// BRLV tokens.
        Brlv => "brlv",
    }
}

envelope!(
    /// `{claim: Claim}`.
    ClaimEnvelope { "claim" => claim: Claim }
);
