//! The drafts behind every form that sends money or creates something, and
//! their validation. Pure: no egui, no I/O. A panel keeps a draft in the app
//! state, shows [`FieldErrors`] beside the fields as the person types, and
//! enables its send button only when `validate` returns the request.

use std::collections::BTreeMap;
use std::fmt;

use rust_decimal::Decimal;
use uuid::Uuid;

use crate::address::{AddressError, validate_evm_address};
use crate::api::model::{
    Asset, Chain, ClaimTarget, CreateClaim, CreateOrder, CreateQuote, CreateTransfer, CreateWallet,
    CreateWithdrawal, JsonObject, PaymentMethod, WithdrawalMethod,
};
use crate::money::{ParseAmountError, parse_amount};
use crate::pix::{PixKey, PixKeyError};

/// A field of a form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Field {
    /// An amount.
    Amount,
    /// The asset pair or the asset.
    Asset,
    /// A pasted quote id.
    QuoteId,
    /// The paying wallet.
    SourceWallet,
    /// The receiving wallet.
    TargetWallet,
    /// A PIX key.
    PixKey,
    /// How an order is paid.
    Payment,
    /// A name.
    Name,
    /// Key/value metadata rows.
    Metadata,
}

/// What is wrong with one field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
    /// Nothing was entered where something must be.
    #[error("This field is required.")]
    Required,
    /// The amount does not parse or does not fit the asset.
    #[error("{0}")]
    Amount(#[from] ParseAmountError),
    /// Not an EVM address.
    #[error("{0}")]
    Address(#[from] AddressError),
    /// Not a PIX key.
    #[error("{0}")]
    PixKey(#[from] PixKeyError),
    /// Not a UUID.
    #[error("A quote id looks like 0b9e8d7c-6f5a-4b3c-8d2e-1f0a9b8c7d6e.")]
    QuoteId,
    /// The two sides of a conversion are the same asset.
    #[error("Pick two different assets.")]
    SameAsset,
    /// Only BRLV and wBRLY on Base can be transferred (spec 4.2).
    #[error("Only eth-base/brlv and eth-base/wbrly can be transferred, not {0}.")]
    NotTransferable(Asset),
    /// Sending to the address it comes from.
    #[error("The destination is the same wallet as the source.")]
    SameAddress,
    /// A third party's PIX key on a pair that does not allow it (spec 4.1).
    #[error("A third party's PIX key is only allowed when selling USDC or BRLV for BRL.")]
    PixKeyNotAllowed,
    /// A brcode can only fund a BRL-paid order.
    #[error("Paying by PIX QR code is only possible when paying in BRL.")]
    BrcodeNeedsBrl,
    /// The method does not fit the asset (PIX and TED pay BRL; token pays tokens).
    #[error("{method} withdrawals pay {expected}, not {asset}.")]
    MethodAssetMismatch {
        /// The method chosen.
        method: WithdrawalMethod,
        /// The asset chosen.
        asset: Asset,
        /// What the method pays.
        expected: &'static str,
    },
    /// More than can be claimed.
    #[error("At most {available} can be claimed.")]
    AboveClaimable {
        /// What is claimable.
        available: Decimal,
    },
    /// Claimable balance not loaded yet.
    #[error("The claimable balance has not loaded yet.")]
    ClaimableUnknown,
    /// A metadata row with a value but no key.
    #[error("Metadata row {row} has a value but no key.")]
    MetadataKeyMissing {
        /// 1-based row.
        row: usize,
    },
    /// The same metadata key twice.
    #[error("The metadata key \u{201c}{0}\u{201d} appears twice.")]
    MetadataKeyRepeated(String),
    /// Too long.
    #[error("At most {0} characters.")]
    TooLong(usize),
}

/// The errors of a form, by field. Empty means valid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldErrors(BTreeMap<Field, FieldError>);

impl FieldErrors {
    /// The error of `field`, if any.
    pub fn get(&self, field: Field) -> Option<&FieldError> {
        self.0.get(&field)
    }

    /// Whether no field has an error.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every error, by field.
    pub fn iter(&self) -> impl Iterator<Item = (&Field, &FieldError)> {
        self.0.iter()
    }

    fn set(&mut self, field: Field, error: FieldError) {
        self.0.entry(field).or_insert(error);
    }

    fn into_result<T>(self, value: impl FnOnce() -> T) -> Result<T, FieldErrors> {
        if self.is_empty() {
            Ok(value())
        } else {
            Err(self)
        }
    }
}

impl fmt::Display for FieldErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, (field, error)) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{field:?}: {error}")?;
        }
        Ok(())
    }
}

fn amount_field(raw: &str, scale: u32, errors: &mut FieldErrors) -> Option<Decimal> {
    match parse_amount(raw, scale) {
        Ok(value) => Some(value),
        Err(error) => {
            errors.set(Field::Amount, error.into());
            None
        }
    }
}

/// A trimmed, checked EVM address; people paste addresses with spaces around.
fn address_field(raw: &str, field: Field, errors: &mut FieldErrors) -> Option<String> {
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        errors.set(field, FieldError::Required);
        return None;
    }
    match validate_evm_address(trimmed) {
        Ok(()) => Some(trimmed.to_owned()),
        Err(error) => {
            errors.set(field, error.into());
            None
        }
    }
}

fn pix_key_field(raw: &str, errors: &mut FieldErrors) -> Option<PixKey> {
    if raw.trim().is_empty() {
        errors.set(Field::PixKey, FieldError::Required);
        return None;
    }
    match PixKey::parse(raw) {
        Ok(key) => Some(key),
        Err(error) => {
            errors.set(Field::PixKey, error.into());
            None
        }
    }
}

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

/// Creating a wallet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalletDraft {
    /// Its name.
    pub name: String,
    /// Its chain.
    pub chain: Chain,
    /// Key/value rows; rows with both empty are ignored.
    pub metadata: Vec<(String, String)>,
    /// Visible in the service's own interface.
    pub ui_enabled: bool,
}

impl Default for WalletDraft {
    fn default() -> Self {
        WalletDraft {
            name: String::new(),
            chain: Chain::EthBase,
            metadata: Vec::new(),
            ui_enabled: false,
        }
    }
}

/// The longest wallet name accepted.
pub const MAX_WALLET_NAME_CHARS: usize = 100;

impl WalletDraft {
    /// The request, or what is wrong.
    pub fn validate(&self) -> Result<CreateWallet, FieldErrors> {
        let mut errors = FieldErrors::default();
        let name = self.name.trim();
        if name.is_empty() {
            errors.set(Field::Name, FieldError::Required);
        } else if name.chars().count() > MAX_WALLET_NAME_CHARS {
            errors.set(Field::Name, FieldError::TooLong(MAX_WALLET_NAME_CHARS));
        }
        let mut metadata = JsonObject::new();
        for (index, (key, value)) in self.metadata.iter().enumerate() {
            let key = key.trim();
            if key.is_empty() {
                if !value.trim().is_empty() {
                    errors.set(
                        Field::Metadata,
                        FieldError::MetadataKeyMissing { row: index + 1 },
                    );
                }
                continue;
            }
            if metadata
                .insert(key.to_owned(), value.clone().into())
                .is_some()
            {
                errors.set(
                    Field::Metadata,
                    FieldError::MetadataKeyRepeated(key.to_owned()),
                );
            }
        }
        errors.into_result(|| CreateWallet {
            wallet_name: name.to_owned(),
            chain: Some(self.chain.clone()),
            metadata: (!metadata.is_empty()).then_some(metadata),
            ui_enabled: Some(self.ui_enabled),
        })
    }
}

/// Moving tokens between wallets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransferDraft {
    /// Sending wallet (one of the account's).
    pub source: String,
    /// `eth-base/brlv` or `eth-base/wbrly`.
    pub asset: Asset,
    /// Amount as typed.
    pub amount: String,
    /// Receiving address.
    pub target: String,
}

impl Default for TransferDraft {
    fn default() -> Self {
        TransferDraft {
            source: String::new(),
            asset: Asset::EthBaseBrlv,
            amount: String::new(),
            target: String::new(),
        }
    }
}

impl TransferDraft {
    /// The request, or what is wrong.
    pub fn validate(&self) -> Result<CreateTransfer, FieldErrors> {
        let mut errors = FieldErrors::default();
        if !self.asset.is_transferable() {
            errors.set(
                Field::Asset,
                FieldError::NotTransferable(self.asset.clone()),
            );
        }
        let source = address_field(&self.source, Field::SourceWallet, &mut errors);
        let target = address_field(&self.target, Field::TargetWallet, &mut errors);
        if let (Some(source), Some(target)) = (&source, &target)
            && source.eq_ignore_ascii_case(target)
        {
            errors.set(Field::TargetWallet, FieldError::SameAddress);
        }
        let amount = amount_field(&self.amount, self.asset.scale(), &mut errors);
        errors.into_result(|| CreateTransfer {
            source_address: source.unwrap_or_default(),
            asset: self.asset.clone(),
            amount: amount.unwrap_or_default(),
            target_address: target.unwrap_or_default(),
        })
    }
}

/// Paying out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WithdrawalDraft {
    /// PIX, TED or token.
    pub method: WithdrawalMethod,
    /// `fiat/brl` for PIX and TED; a token for `token`.
    pub asset: Asset,
    /// Amount as typed.
    pub amount: String,
    /// Destination PIX key (PIX only).
    pub pix_key: String,
}

impl Default for WithdrawalDraft {
    fn default() -> Self {
        WithdrawalDraft {
            method: WithdrawalMethod::Pix,
            asset: Asset::FiatBrl,
            amount: String::new(),
            pix_key: String::new(),
        }
    }
}

impl WithdrawalDraft {
    /// The request, or what is wrong. A PIX key is sent in its normalised form.
    pub fn validate(&self) -> Result<CreateWithdrawal, FieldErrors> {
        let mut errors = FieldErrors::default();
        let pays_brl = matches!(self.method, WithdrawalMethod::Pix | WithdrawalMethod::Ted);
        if pays_brl && self.asset != Asset::FiatBrl {
            errors.set(
                Field::Asset,
                FieldError::MethodAssetMismatch {
                    method: self.method.clone(),
                    asset: self.asset.clone(),
                    expected: "fiat/brl",
                },
            );
        }
        if self.method == WithdrawalMethod::Token && self.asset.is_fiat() {
            errors.set(
                Field::Asset,
                FieldError::MethodAssetMismatch {
                    method: self.method.clone(),
                    asset: self.asset.clone(),
                    expected: "a token",
                },
            );
        }
        let pix_key = (self.method == WithdrawalMethod::Pix)
            .then(|| pix_key_field(&self.pix_key, &mut errors))
            .flatten();
        let amount = amount_field(&self.amount, self.asset.scale(), &mut errors);
        errors.into_result(|| CreateWithdrawal {
            asset: self.asset.clone(),
            method: self.method.clone(),
            amount: amount.unwrap_or_default(),
            pix_key: pix_key.map(|key| key.as_str().to_owned()),
            ted_account: None,
            target_address: None,
        })
    }
}

/// Claiming reward certificates, for the account or one wallet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimDraft {
    /// Amount as typed (BRL, 2 places).
    pub amount: String,
    /// Paid in BRL or BRLV.
    pub target: ClaimTarget,
}

impl Default for ClaimDraft {
    fn default() -> Self {
        ClaimDraft {
            amount: String::new(),
            target: ClaimTarget::Brl,
        }
    }
}

/// Claims are amounts of reward certificates in BRL.
pub const CLAIM_SCALE: u32 = 2;

impl ClaimDraft {
    /// The request, or what is wrong. `available` is the claimable balance
    /// the claim draws on; more than that is refused before it is sent.
    pub fn validate(&self, available: Option<Decimal>) -> Result<CreateClaim, FieldErrors> {
        let mut errors = FieldErrors::default();
        let amount = amount_field(&self.amount, CLAIM_SCALE, &mut errors);
        match (amount, available) {
            (Some(amount), Some(available)) if amount > available => {
                errors.set(Field::Amount, FieldError::AboveClaimable { available });
            }
            (Some(_), None) => errors.set(Field::Amount, FieldError::ClaimableUnknown),
            _ => {}
        }
        errors.into_result(|| CreateClaim {
            amount: amount.unwrap_or_default(),
            target_asset_code: self.target.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;

    const WALLET: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    const OTHER: &str = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";

    fn dec(raw: &str) -> Decimal {
        Decimal::from_str(raw).unwrap()
    }

    #[test]
    fn a_quote_takes_either_style_and_checks_the_fixed_side_scale() {
        let mut draft = QuoteDraft {
            amount: "1.234,56".into(),
            ..QuoteDraft::default()
        };
        assert_eq!(
            draft.validate().unwrap().source_amount,
            Some(dec("1234.56"))
        );
        draft.amount = "10.001".into();
        assert!(matches!(
            draft.validate().unwrap_err().get(Field::Amount),
            Some(FieldError::Amount(_))
        ));
        // Receiving BRLV fixes 18 places.
        draft.side = QuoteSide::Receive;
        draft.amount = "10.000000000000000001".into();
        assert_eq!(
            draft.validate().unwrap().target_amount,
            Some(dec("10.000000000000000001"))
        );
        draft.target_asset = Asset::FiatBrl;
        assert_eq!(
            draft.validate().unwrap_err().get(Field::Asset),
            Some(&FieldError::SameAsset)
        );
    }

    #[test]
    fn order_wallet_fields_count_only_where_the_assets_need_them() {
        let draft = OrderDraft {
            quote_id: Uuid::nil().to_string(),
            ..OrderDraft::default()
        };
        let errors = draft
            .validate(&Asset::FiatBrl, &Asset::EthBaseBrlv)
            .unwrap_err();
        assert_eq!(errors.get(Field::TargetWallet), Some(&FieldError::Required));
        assert!(errors.get(Field::SourceWallet).is_none());

        let with_target = OrderDraft {
            target_wallet: format!(" {WALLET} "),
            source_wallet: "ignored for a fiat source".into(),
            ..draft.clone()
        };
        let order = with_target
            .validate(&Asset::FiatBrl, &Asset::EthBaseBrlv)
            .unwrap();
        assert_eq!(order.target_wallet_address.as_deref(), Some(WALLET));
        assert_eq!(order.source_wallet_address, None);

        let selling = draft
            .validate(&Asset::EthBaseBrlv, &Asset::FiatBrl)
            .unwrap_err();
        assert_eq!(
            selling.get(Field::SourceWallet),
            Some(&FieldError::Required)
        );
    }

    #[test]
    fn order_third_party_pix_key_only_when_selling_usdc_or_brlv() {
        let draft = OrderDraft {
            quote_id: Uuid::nil().to_string(),
            source_wallet: WALLET.into(),
            target_wallet: WALLET.into(),
            third_party_pix_key: "529.982.247-25".into(),
            payment: None,
        };
        let order = draft
            .validate(&Asset::EthBaseUsdc, &Asset::FiatBrl)
            .unwrap();
        assert_eq!(
            order.target_end_user_pix_key.as_deref(),
            Some("52998224725")
        );
        let refused = draft
            .validate(&Asset::FiatBrl, &Asset::EthBaseBrlv)
            .unwrap_err();
        assert_eq!(
            refused.get(Field::PixKey),
            Some(&FieldError::PixKeyNotAllowed)
        );
        let bad = OrderDraft {
            third_party_pix_key: "529.982.247-26".into(),
            ..draft
        };
        assert!(matches!(
            bad.validate(&Asset::EthBaseBrlv, &Asset::FiatBrl)
                .unwrap_err()
                .get(Field::PixKey),
            Some(FieldError::PixKey(_))
        ));
    }

    #[test]
    fn order_quote_id_and_brcode_rules() {
        let draft = OrderDraft {
            quote_id: "not-a-uuid".into(),
            target_wallet: WALLET.into(),
            payment: Some(PaymentMethod::Brcode),
            ..OrderDraft::default()
        };
        let errors = draft
            .validate(&Asset::FiatBrl, &Asset::EthBaseBrlv)
            .unwrap_err();
        assert_eq!(errors.get(Field::QuoteId), Some(&FieldError::QuoteId));
        assert!(errors.get(Field::Payment).is_none(), "brcode pays BRL");
        let selling = OrderDraft {
            quote_id: Uuid::nil().to_string(),
            source_wallet: WALLET.into(),
            ..draft
        };
        let errors = selling
            .validate(&Asset::EthBaseBrlv, &Asset::FiatBrl)
            .unwrap_err();
        assert_eq!(
            errors.get(Field::Payment),
            Some(&FieldError::BrcodeNeedsBrl)
        );
    }

    #[test]
    fn wallet_metadata_rows_become_an_object_and_bad_rows_are_named() {
        let draft = WalletDraft {
            name: "Tesouraria".into(),
            chain: Chain::Tempo,
            metadata: vec![
                ("team".into(), "ops".into()),
                (String::new(), String::new()),
            ],
            ui_enabled: true,
        };
        let wallet = draft.validate().unwrap();
        assert_eq!(wallet.metadata.unwrap()["team"], "ops");
        assert_eq!(wallet.ui_enabled, Some(true));

        let bad = WalletDraft {
            name: "  ".into(),
            metadata: vec![("a".into(), "1".into()), ("a".into(), "2".into())],
            ..draft.clone()
        };
        let errors = bad.validate().unwrap_err();
        assert_eq!(errors.get(Field::Name), Some(&FieldError::Required));
        assert_eq!(
            errors.get(Field::Metadata),
            Some(&FieldError::MetadataKeyRepeated("a".into()))
        );
        let orphan = WalletDraft {
            metadata: vec![(String::new(), "value".into())],
            ..draft
        };
        assert_eq!(
            orphan.validate().unwrap_err().get(Field::Metadata),
            Some(&FieldError::MetadataKeyMissing { row: 1 })
        );
    }

    #[test]
    fn transfers_check_asset_addresses_checksum_and_scale() {
        let draft = TransferDraft {
            source: WALLET.into(),
            asset: Asset::EthBaseBrlv,
            amount: "0.000000000000000001".into(),
            target: OTHER.into(),
        };
        assert_eq!(
            draft.validate().unwrap().amount,
            dec("0.000000000000000001")
        );
        // One letter's case flipped: still hex, but the EIP-55 checksum fails.
        let flipped = OTHER.replacen("fB69", "fb69", 1);
        let wrong_case = TransferDraft {
            target: flipped,
            ..draft.clone()
        };
        assert_eq!(
            wrong_case.validate().unwrap_err().get(Field::TargetWallet),
            Some(&FieldError::Address(AddressError::BadChecksum))
        );
        let same = TransferDraft {
            target: WALLET.to_lowercase(),
            ..draft.clone()
        };
        assert_eq!(
            same.validate().unwrap_err().get(Field::TargetWallet),
            Some(&FieldError::SameAddress)
        );
        let usdc = TransferDraft {
            asset: Asset::EthBaseUsdc,
            ..draft
        };
        assert!(matches!(
            usdc.validate().unwrap_err().get(Field::Asset),
            Some(FieldError::NotTransferable(_))
        ));
    }

    #[test]
    fn withdrawals_match_method_and_asset_and_normalise_the_pix_key() {
        let pix = WithdrawalDraft {
            amount: "320,50".into(),
            pix_key: "+55 (11) 98765-4321".into(),
            ..WithdrawalDraft::default()
        };
        let request = pix.validate().unwrap();
        assert_eq!(request.pix_key.as_deref(), Some("+5511987654321"));
        assert_eq!(request.amount, dec("320.50"));

        let ted_with_token = WithdrawalDraft {
            method: WithdrawalMethod::Ted,
            asset: Asset::EthBaseUsdc,
            ..pix.clone()
        };
        assert!(matches!(
            ted_with_token.validate().unwrap_err().get(Field::Asset),
            Some(FieldError::MethodAssetMismatch { .. })
        ));
        let ted = WithdrawalDraft {
            method: WithdrawalMethod::Ted,
            pix_key: String::new(),
            ..pix.clone()
        };
        assert_eq!(ted.validate().unwrap().pix_key, None);
        let token = WithdrawalDraft {
            method: WithdrawalMethod::Token,
            asset: Asset::EthBaseUsdc,
            amount: "12.1234567".into(),
            ..pix
        };
        assert!(matches!(
            token.validate().unwrap_err().get(Field::Amount),
            Some(FieldError::Amount(_))
        ));
    }

    #[test]
    fn claims_are_refused_above_what_is_claimable() {
        let draft = ClaimDraft {
            amount: "100,01".into(),
            target: ClaimTarget::Brlv,
        };
        assert_eq!(
            draft
                .validate(Some(dec("100.00")))
                .unwrap_err()
                .get(Field::Amount),
            Some(&FieldError::AboveClaimable {
                available: dec("100.00")
            })
        );
        assert_eq!(
            draft.validate(None).unwrap_err().get(Field::Amount),
            Some(&FieldError::ClaimableUnknown)
        );
        let claim = draft.validate(Some(dec("100.01"))).unwrap();
        assert_eq!(claim.amount, dec("100.01"));
        assert_eq!(claim.target_asset_code, ClaimTarget::Brlv);
    }
}
