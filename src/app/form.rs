//! What every form shares: its fields, what can be wrong with each, and the
//! checks of typed input (amounts, EVM addresses, PIX keys). Pure: no egui,
//! no I/O. A feature keeps its draft in its state, shows [`FieldErrors`]
//! beside the fields as the person types, and enables its send button only
//! when the draft's `validate` returns the request.

use std::collections::BTreeMap;
use std::fmt;

use rust_decimal::Decimal;

use brlv_core::address::{AddressError, validate_evm_address};
use brlv_core::api::model::{Asset, WithdrawalMethod};
use brlv_core::money::{ParseAmountError, parse_amount};
use brlv_core::pix::{PixKey, PixKeyError};
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
    /// A TED's bank (COMPE code).
    BankCode,
    /// A TED's branch (agência).
    Branch,
    /// A TED's account with its check digit.
    BankAccount,
    /// The account holder's CPF or CNPJ.
    HolderDocument,
    /// The account holder's name.
    HolderName,
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
    #[error("A third party's Pix key is only allowed when selling USDC or BRLV for BRL.")]
    PixKeyNotAllowed,
    /// A brcode can only fund a BRL-paid order.
    #[error("Paying by Pix QR code is only possible when paying in BRL.")]
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
    /// Not a 3-digit COMPE bank code.
    #[error("A bank code has 3 digits, such as 341.")]
    BankCode,
    /// Not 1 to 4 digits.
    #[error("A branch has 1 to 4 digits, without its check digit.")]
    Branch,
    /// Not `digits-check digit`.
    #[error("An account is its number, a hyphen and its check digit, such as 12345-6.")]
    BankAccount,
    /// A saved recipient already has this name.
    #[error("A saved recipient is already called \u{201c}{0}\u{201d}.")]
    NameTaken(String),
    /// A valid key that is not a CPF or CNPJ (an e-mail, a phone).
    #[error("The holder's document is a CPF or a CNPJ.")]
    NotADocument,
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

    /// Records `error` for `field`, unless it already has one (the first found is shown).
    pub fn set(&mut self, field: Field, error: FieldError) {
        self.0.entry(field).or_insert(error);
    }

    /// `value()` when nothing is wrong, else the errors.
    pub fn into_result<T>(self, value: impl FnOnce() -> T) -> Result<T, FieldErrors> {
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

pub(crate) fn amount_field(raw: &str, scale: u32, errors: &mut FieldErrors) -> Option<Decimal> {
    match parse_amount(raw, scale) {
        Ok(value) => Some(value),
        Err(error) => {
            errors.set(Field::Amount, error.into());
            None
        }
    }
}

/// A trimmed, checked EVM address; people paste addresses with spaces around.
pub(crate) fn address_field(raw: &str, field: Field, errors: &mut FieldErrors) -> Option<String> {
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

pub(crate) fn pix_key_field(raw: &str, errors: &mut FieldErrors) -> Option<PixKey> {
    pix_key_field_as(raw, None, errors)
}

/// [`pix_key_field`] with the answer to "CPF or mobile?" for digits that
/// are both (`kind`): read as that kind; without it, still ambiguous.
pub(crate) fn pix_key_field_as(
    raw: &str,
    kind: Option<brlv_core::pix::PixKeyKind>,
    errors: &mut FieldErrors,
) -> Option<PixKey> {
    if raw.trim().is_empty() {
        errors.set(Field::PixKey, FieldError::Required);
        return None;
    }
    let parsed = match (PixKey::parse(raw), kind) {
        (Err(brlv_core::pix::PixKeyError::Ambiguous { .. }), Some(kind)) => {
            PixKey::parse_as(raw, kind)
        }
        (parsed, _) => parsed,
    };
    match parsed {
        Ok(key) => Some(key),
        Err(error) => {
            errors.set(Field::PixKey, error.into());
            None
        }
    }
}

/// An address typed into a filter: empty means "any".
pub fn optional_address(raw: &str) -> Result<Option<String>, AddressError> {
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        return Ok(None);
    }
    validate_evm_address(trimmed).map(|()| Some(trimmed.to_owned()))
}
