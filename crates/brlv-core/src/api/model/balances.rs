//! Balances (spec 2.8) and the claimable balance (spec 2.9).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::common::{decimal_str, envelope};
use crate::api::wire_enum::wire_enum;

wire_enum! {
    /// The short asset forms of the balance path `/assets/{asset}/balance`.
    pub enum BalanceAsset {
        /// Brazilian reais, 2 places.
        Brl => "brl",
        /// USDC, 6 places.
        Usdc => "usdc",
        /// BRLV, 18 places.
        Brlv => "brlv",
    }
}

impl BalanceAsset {
    /// The scale spec 2.8 renders `running-balance` at.
    pub fn scale(&self) -> u32 {
        match self {
            BalanceAsset::Brl => 2,
            BalanceAsset::Usdc => 6,
            BalanceAsset::Brlv | BalanceAsset::Other(_) => 18,
        }
    }
}

/// A balance (spec 2.8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Balance {
    /// Balance at the asset's scale.
    #[serde(with = "decimal_str")]
    pub running_balance: Decimal,
}

/// Reward certificates that can still be claimed (spec 2.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct ClaimableBalance {
    /// Amount available to claim.
    #[serde(with = "decimal_str")]
    pub available_balance: Decimal,
}

envelope!(
    /// `{balance: {running-balance}}`.
    BalanceEnvelope { "balance" => balance: Balance }
);
