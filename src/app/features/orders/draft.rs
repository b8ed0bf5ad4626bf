//! The new-order form's drafts: the quote asked for and the order that accepts it.

use uuid::Uuid;

use crate::app::form::{
    Field, FieldError, FieldErrors, address_field, amount_field, pix_key_field,
};
use brlv_core::api::model::{Asset, CreateOrder, CreateQuote, PaymentMethod};

/// Which side of a quote the typed amount fixes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum QuoteSide {
    /// "I pay this much."
    #[default]
    Pay,
    /// "I receive this much."
    Receive,
}

/// The conversions the service names (spec section 1).
pub const ORDER_PAIRS: &[(Asset, Asset)] = &[
    (Asset::FiatBrl, Asset::EthBaseBrlv),
    (Asset::FiatBrl, Asset::EthBaseUsdc),
    (Asset::EthBaseUsdc, Asset::FiatBrl),
    (Asset::EthBaseBrlv, Asset::FiatBrl),
];

/// Asking for a quote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuoteDraft {
    /// Asset to pay in.
    pub source_asset: Asset,
    /// Asset to receive.
    pub target_asset: Asset,
    /// Which side `amount` fixes.
    pub side: QuoteSide,
    /// The amount as typed.
    pub amount: String,
}

impl Default for QuoteDraft {
    fn default() -> Self {
        QuoteDraft {
            source_asset: Asset::FiatBrl,
            target_asset: Asset::EthBaseBrlv,
            side: QuoteSide::Pay,
            amount: String::new(),
        }
    }
}

impl QuoteDraft {
    /// The request, or what is wrong. The amount is checked against the scale
    /// of the side it fixes.
    pub fn validate(&self) -> Result<CreateQuote, FieldErrors> {
        let mut errors = FieldErrors::default();
        if self.source_asset == self.target_asset {
            errors.set(Field::Asset, FieldError::SameAsset);
        }
        let scale = match self.side {
            QuoteSide::Pay => self.source_asset.scale(),
            QuoteSide::Receive => self.target_asset.scale(),
        };
        let amount = amount_field(&self.amount, scale, &mut errors);
        errors.into_result(|| {
            let amount = amount.unwrap_or_default();
            match self.side {
                QuoteSide::Pay => CreateQuote::paying(
                    self.source_asset.clone(),
                    self.target_asset.clone(),
                    amount,
                ),
                QuoteSide::Receive => CreateQuote::receiving(
                    self.source_asset.clone(),
                    self.target_asset.clone(),
                    amount,
                ),
            }
        })
    }
}

/// Whether a third party's PIX key may receive the BRL (spec 4.1: USDC→BRL and BRLV→BRL only).
pub fn third_party_pix_allowed(source: &Asset, target: &Asset) -> bool {
    *target == Asset::FiatBrl && matches!(source.ticker().as_str(), "USDC" | "BRLV")
}

/// Accepting a quote: the order itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrderDraft {
    /// The quote id, from a quote just asked for or pasted.
    pub quote_id: String,
    /// Paying wallet, when the source asset is on chain.
    pub source_wallet: String,
    /// Receiving wallet, when the target asset is on chain.
    pub target_wallet: String,
    /// A third party's PIX key to receive the BRL; empty for the account's own.
    pub third_party_pix_key: String,
    /// Account balance or a PIX QR code.
    pub payment: Option<PaymentMethod>,
}

impl OrderDraft {
    /// The request for a quote converting `source` into `target`, or what is
    /// wrong. Wallet fields count only where the assets need them.
    pub fn validate(&self, source: &Asset, target: &Asset) -> Result<CreateOrder, FieldErrors> {
        let mut errors = FieldErrors::default();
        let quote_id = match Uuid::parse_str(self.quote_id.trim()) {
            Ok(id) => Some(id),
            Err(_) if self.quote_id.trim().is_empty() => {
                errors.set(Field::QuoteId, FieldError::Required);
                None
            }
            Err(_) => {
                errors.set(Field::QuoteId, FieldError::QuoteId);
                None
            }
        };
        let source_wallet = source
            .needs_wallet_address()
            .then(|| address_field(&self.source_wallet, Field::SourceWallet, &mut errors))
            .flatten();
        let target_wallet = target
            .needs_wallet_address()
            .then(|| address_field(&self.target_wallet, Field::TargetWallet, &mut errors))
            .flatten();
        let pix_key = if self.third_party_pix_key.trim().is_empty() {
            None
        } else if !third_party_pix_allowed(source, target) {
            errors.set(Field::PixKey, FieldError::PixKeyNotAllowed);
            None
        } else {
            pix_key_field(&self.third_party_pix_key, &mut errors).map(|key| key.as_str().to_owned())
        };
        if self.payment == Some(PaymentMethod::Brcode) && *source != Asset::FiatBrl {
            errors.set(Field::Payment, FieldError::BrcodeNeedsBrl);
        }
        errors.into_result(|| CreateOrder {
            quote_id: quote_id.unwrap_or_default(),
            source_wallet_address: source_wallet,
            target_wallet_address: target_wallet,
            target_end_user_pix_key: pix_key,
            source_payment_method: self.payment.clone(),
        })
    }
}
