//! Quotes (spec 2.11) and the trade reason a quote may carry.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;
use time::OffsetDateTime;
use uuid::Uuid;

use super::assets::Asset;
use super::common::{decimal_str, envelope};
use crate::api::timestamp;
use crate::api::wire_enum::wire_enum;

/// A quote: the rate offered for a conversion, accepted by creating an order.
///
/// The spec leaves the quote operation out; this is the live service's form.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Quote {
    /// Quote identifier, given to order creation as `quote-id`.
    pub id: Uuid,
    /// Asset to pay in.
    pub source_asset: Option<Asset>,
    /// Asset to receive.
    pub target_asset: Option<Asset>,
    /// Amount to pay.
    #[serde(default, with = "decimal_str::option")]
    pub source_amount: Option<Decimal>,
    /// Amount to receive.
    #[serde(default, with = "decimal_str::option")]
    pub target_amount: Option<Decimal>,
    /// Base rate.
    #[serde(default, with = "decimal_str::option")]
    pub base_rate: Option<Decimal>,
    /// Rate after the fee.
    #[serde(default, with = "decimal_str::option")]
    pub effective_rate: Option<Decimal>,
    /// Fee charged.
    #[serde(default, with = "decimal_str::option")]
    pub fee_amount: Option<Decimal>,
    /// Asset of the fee.
    pub fee_asset: Option<Asset>,
    /// When the quote can no longer be accepted.
    #[serde(default, with = "timestamp::option")]
    pub expiration: Option<OffsetDateTime>,
    /// Why the trade is made, as given when the quote was asked for.
    pub trade_reason: Option<TradeReason>,
}

impl Quote {
    /// The fee's worth in reais ([`super::assets::fee_in_brl`]), when the
    /// quote says enough to know it.
    pub fn fee_in_brl(&self) -> Option<Decimal> {
        super::assets::fee_in_brl(super::assets::FeeSides {
            fee: self.fee_amount?,
            fee_asset: self.fee_asset.as_ref()?,
            source_asset: self.source_asset.as_ref()?,
            target_asset: self.target_asset.as_ref()?,
            base_rate: self.base_rate,
        })
    }
}

/// Body of `POST /api/v0/quotes`: exactly one of the two amounts is set.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CreateQuote {
    /// Asset to pay in.
    pub source_asset: Asset,
    /// Asset to receive.
    pub target_asset: Asset,
    /// Amount to pay, when the payer's side is fixed.
    #[serde(default, with = "decimal_str::option")]
    pub source_amount: Option<Decimal>,
    /// Amount to receive, when the receiver's side is fixed.
    #[serde(default, with = "decimal_str::option")]
    pub target_amount: Option<Decimal>,
    /// Why the trade is made; the service's own client sends it for BRL↔USDC.
    pub trade_reason: Option<TradeReason>,
}

impl CreateQuote {
    /// A quote for paying exactly `amount` of the source asset.
    pub fn paying(source_asset: Asset, target_asset: Asset, amount: Decimal) -> Self {
        CreateQuote {
            source_asset,
            target_asset,
            source_amount: Some(amount),
            target_amount: None,
            trade_reason: None,
        }
    }

    /// A quote for receiving exactly `amount` of the target asset.
    pub fn receiving(source_asset: Asset, target_asset: Asset, amount: Decimal) -> Self {
        CreateQuote {
            source_asset,
            target_asset,
            source_amount: None,
            target_amount: Some(amount),
            trade_reason: None,
        }
    }

    /// The same request, stating why the trade is made.
    pub fn with_trade_reason(self, reason: TradeReason) -> Self {
        CreateQuote {
            trade_reason: Some(reason),
            ..self
        }
    }
}

wire_enum! {
    /// Why a trade is made (`trade-reason` on a quote), a declaration a
    /// BRL↔USDC exchange asks for.
    ///
    /// Neither the interface document nor the service's client lists the
    /// values; this one is what that client sends. Others pass through as
    /// [`TradeReason::Other`].
    pub enum TradeReason {
        /// Buying or selling computing services.
        PurchaseOrSaleOfComputingServices => "purchase-or-sale-of-computing-services",
    }
}

envelope!(
    /// `{quote: Quote}`.
    QuoteEnvelope { "quote" => quote: Quote }
);
