//! Deposits (spec 2.7) and the asset forms of their path.

use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;
use uuid::Uuid;

use super::common::{envelope, unpacked_readers};
use crate::api::packed_decimal::{self, PackedDecimal};
use crate::api::text::SharedText;
use crate::api::utc_micros::{self, UtcMicros};
use crate::api::wire_enum::wire_enum;

wire_enum! {
    /// The short asset forms of the deposit path `/assets/{asset}/deposits`.
    pub enum DepositAsset {
        /// Brazilian reais.
        Brl => "brl",
        /// US dollars.
        Usd => "usd",
        /// USDC.
        Usdc => "usdc",
        /// USDT.
        Usdt => "usdt",
    }
}

impl DepositAsset {
    /// Decimal places of deposit amounts in this asset.
    pub fn scale(&self) -> u32 {
        match self {
            DepositAsset::Brl | DepositAsset::Usd => 2,
            DepositAsset::Usdc | DepositAsset::Usdt => 6,
            DepositAsset::Other(_) => 18,
        }
    }
}

wire_enum! {
    /// Deposit statuses (spec 2.7 shows only `credited`).
    pub enum DepositStatus {
        /// Credited to the account.
        Credited => "credited",
    }
}

/// Where a deposit came from (spec 2.7).
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct DepositCoordinates {
    /// Payer's CPF or CNPJ.
    pub source_tax_id: Option<SharedText>,
    /// Payer's bank code.
    pub source_bank_code: Option<SharedText>,
    /// Payer's account type.
    pub source_type: Option<SharedText>,
    /// Payer's account number.
    pub source_account_number: Option<SharedText>,
    /// Payer's branch.
    pub source_branch_code: Option<SharedText>,
    /// Where the money was paid to.
    pub target: Option<SharedText>,
}

/// A deposit (spec 2.7).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Deposit {
    /// Deposit identifier.
    pub id: Uuid,
    /// How it arrived (`pix`).
    #[serde(rename = "type")]
    pub kind: Option<SharedText>,
    /// Amount deposited.
    #[serde(default, with = "packed_decimal::option")]
    pub amount: Option<PackedDecimal>,
    /// `credited`, or a value the spec does not show.
    pub status: Option<DepositStatus>,
    /// Payer and payee details.
    pub coordinates: Option<DepositCoordinates>,
    /// Arrival time.
    #[serde(default, with = "utc_micros::option")]
    pub created_at: Option<UtcMicros>,
    /// Crediting time.
    #[serde(default, with = "utc_micros::option")]
    pub processed_at: Option<UtcMicros>,
}

unpacked_readers!(Deposit {
    amounts: [amount],
    times: [created_at, processed_at]
});

envelope!(
    /// `{deposits: [Deposit]}`.
    DepositsEnvelope { "deposits" => deposits: Vec<Deposit> }
);
