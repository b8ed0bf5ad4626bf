//! Orders (spec 2.2), their states (3.1) and their creation (4.1).

use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;
use uuid::Uuid;

use super::assets::Asset;
use super::common::{envelope, unpacked_readers};
use super::quotes::TradeReason;
use crate::api::packed_decimal::{self, PackedDecimal};
use crate::api::text::{SharedText, deserialize_unique_option};
use crate::api::utc_micros::{self, UtcMicros};
use crate::api::wire_enum::wire_enum;

wire_enum! {
    /// Order states (spec 3.1 names three; the rest are this service's and the sandbox's).
    pub enum OrderState {
        /// Accepted, waiting for funding.
        Created => "created",
        /// Funded and delivered.
        Completed => "completed",
        /// The funding window ended without payment; the order is undone.
        Expired => "expired",
        /// A late PIX payment is being returned to the payer's bank account.
        PaymentReturned => "payment-returned",
    }
}

impl OrderState {
    /// Whether the order may still change on its own (awaiting payment).
    pub fn is_in_motion(&self) -> bool {
        matches!(self, OrderState::Created)
    }
}

wire_enum! {
    /// How an order is funded (spec 4.1).
    pub enum PaymentMethod {
        /// A one-time PIX QR code for the exact amount.
        Brcode => "brcode",
        /// The account's existing BRL balance.
        AccountBalance => "account-balance",
    }
}

/// An order (spec 2.2).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Order {
    /// Order identifier.
    pub id: Uuid,
    /// The accepted quote.
    pub quote_id: Option<Uuid>,
    /// See spec section 3.1.
    pub state: Option<OrderState>,
    /// Last state change.
    #[serde(default, with = "utc_micros::option")]
    pub state_updated_at: Option<UtcMicros>,
    /// Creation time.
    #[serde(default, with = "utc_micros::option")]
    pub created_at: Option<UtcMicros>,
    /// Asset paid in.
    pub source_asset: Option<Asset>,
    /// Asset received.
    pub target_asset: Option<Asset>,
    /// Amount of the source asset.
    #[serde(default, with = "packed_decimal::option")]
    pub source_amount: Option<PackedDecimal>,
    /// Amount of the target asset.
    #[serde(default, with = "packed_decimal::option")]
    pub target_amount: Option<PackedDecimal>,
    /// Base rate.
    #[serde(default, with = "packed_decimal::option")]
    pub base_rate: Option<PackedDecimal>,
    /// Rate after the fee.
    #[serde(default, with = "packed_decimal::option")]
    pub effective_rate: Option<PackedDecimal>,
    /// Fee charged.
    #[serde(default, with = "packed_decimal::option")]
    pub fee_amount: Option<PackedDecimal>,
    /// Asset of the fee.
    pub fee_asset: Option<Asset>,
    /// End of the funding window.
    #[serde(default, with = "utc_micros::option")]
    pub expiration: Option<UtcMicros>,
    /// Copy-and-paste PIX payload of a brcode-funded order (unique to the
    /// order, so read without interning).
    #[serde(default, deserialize_with = "deserialize_unique_option")]
    pub brcode: Option<SharedText>,
    /// Base64 image of the PIX QR code, as the service rendered it (unique
    /// to the order, so read without interning).
    #[serde(default, deserialize_with = "deserialize_unique_option")]
    pub qr_code_base64: Option<SharedText>,
    /// Why the trade is made, as given on its quote.
    pub trade_reason: Option<TradeReason>,
}

impl Order {
    /// The fee's worth in reais ([`super::assets::fee_in_brl`]), when the
    /// order says enough to know it.
    pub fn fee_in_brl(&self) -> Option<rust_decimal::Decimal> {
        super::assets::fee_in_brl(super::assets::FeeSides {
            fee: self.fee_amount()?,
            fee_asset: self.fee_asset.as_ref()?,
            source_asset: self.source_asset.as_ref()?,
            target_asset: self.target_asset.as_ref()?,
            base_rate: self.base_rate(),
        })
    }
}

/// Body of `POST /api/v0/orders` (spec 4.1).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CreateOrder {
    /// The quote to accept.
    pub quote_id: Uuid,
    /// Paying wallet, required when the source asset is on chain.
    pub source_wallet_address: Option<String>,
    /// Receiving wallet, required when the target asset is on chain.
    pub target_wallet_address: Option<String>,
    /// A third party's PIX key (USDC→BRL and BRLV→BRL only).
    pub target_end_user_pix_key: Option<String>,
    /// `account-balance` (the service's default) or `brcode`.
    pub source_payment_method: Option<PaymentMethod>,
}

unpacked_readers!(Order {
    amounts: [
        source_amount,
        target_amount,
        base_rate,
        effective_rate,
        fee_amount
    ],
    times: [state_updated_at, created_at, expiration]
});

envelope!(
    /// `{order: Order}`.
    OrderEnvelope { "order" => order: Order }
);

envelope!(
    /// `{orders: [Order]}`.
    OrdersEnvelope { "orders" => orders: Vec<Order> }
);
