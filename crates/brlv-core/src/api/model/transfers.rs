//! Token transfers (spec 2.3, 3.2) and their endpoints (4.2).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;
use uuid::Uuid;

use super::assets::Asset;
use super::common::{decimal_str, envelope, unpacked_readers};
use crate::api::packed_decimal::{self, PackedDecimal};
use crate::api::text::SharedText;
use crate::api::tx_hash::TxHash;
use crate::api::utc_micros::{self, UtcMicros};
use crate::api::wire_enum::wire_enum;

wire_enum! {
    /// Transfer states (spec 2.3).
    pub enum TransferState {
        /// Accepted.
        Created => "created",
        /// Submitted on chain.
        Pending => "pending",
        /// Confirmed on chain.
        Completed => "completed",
        /// Did not go through.
        Failed => "failed",
    }
}

impl TransferState {
    /// Whether the transfer may still change on its own.
    pub fn is_in_motion(&self) -> bool {
        matches!(self, TransferState::Created | TransferState::Pending)
    }
}

/// A token transfer between EVM addresses (spec 2.3).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Transfer {
    /// Transfer identifier.
    pub id: Uuid,
    /// Token moved.
    pub asset: Option<Asset>,
    /// Amount moved.
    #[serde(default, with = "packed_decimal::option")]
    pub amount: Option<PackedDecimal>,
    /// Sending wallet.
    pub source_address: Option<SharedText>,
    /// Receiving wallet.
    pub target_address: Option<SharedText>,
    /// On-chain transaction hash, once submitted.
    pub tx_hash: Option<TxHash>,
    /// Current state.
    pub state: Option<TransferState>,
    /// Creation time.
    #[serde(default, with = "utc_micros::option")]
    pub created_at: Option<UtcMicros>,
    /// Last state change.
    #[serde(default, with = "utc_micros::option")]
    pub state_updated_at: Option<UtcMicros>,
}

/// Body of `POST /api/v0/transfers` (spec 4.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CreateTransfer {
    /// Sending wallet.
    pub source_address: String,
    /// `eth-base/brlv` or `eth-base/wbrly`.
    pub asset: Asset,
    /// Amount to move.
    #[serde(with = "decimal_str")]
    pub amount: Decimal,
    /// Receiving wallet.
    pub target_address: String,
}

/// Query filters of `GET /api/v0/transfers` (spec 4.2); all optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TransferFilter {
    /// Only transfers from this address.
    pub source_address: Option<String>,
    /// Only transfers to this address.
    pub target_address: Option<String>,
    /// Only this asset.
    pub asset: Option<Asset>,
    /// Only this state.
    pub state: Option<TransferState>,
}

impl TransferFilter {
    /// The filter as query pairs, in a stable order.
    pub fn to_query(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if let Some(value) = &self.source_address {
            pairs.push(("source-address", value.clone()));
        }
        if let Some(value) = &self.target_address {
            pairs.push(("target-address", value.clone()));
        }
        if let Some(value) = &self.asset {
            pairs.push(("asset", value.as_str().to_owned()));
        }
        if let Some(value) = &self.state {
            pairs.push(("state", value.as_str().to_owned()));
        }
        pairs
    }
}

unpacked_readers!(Transfer {
    amounts: [amount],
    times: [created_at, state_updated_at]
});

envelope!(
    /// `{transfer: Transfer}`.
    TransferEnvelope { "transfer" => transfer: Transfer }
);

envelope!(
    /// `{transfers: [Transfer]}`.
    TransfersEnvelope { "transfers" => transfers: Vec<Transfer> }
);
