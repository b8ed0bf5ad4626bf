//! The forms' validation messages in the interface language. The pure
//! checks (`forms`, `money`, `address`, `pix`) describe problems as data;
//! this turns each into the sentence shown beside its field.

use crate::address::AddressError;
use crate::forms::FieldError;
use crate::money::ParseAmountError;
use crate::pix::PixKeyError;

use super::i18n::{self, Language};

/// The message for a form field's error.
pub fn field_error_text(language: Language, error: &FieldError) -> String {
    let t = |key| i18n::tr(language, key).into_owned();
    let with = |key, args: &[(&str, &str)]| i18n::tr_with(language, key, args);
    match error {
        FieldError::Required => t("err.required"),
        FieldError::Amount(error) => amount_error_text(language, error),
        FieldError::Address(error) => address_error_text(language, error),
        FieldError::PixKey(error) => pix_key_error_text(language, error),
        FieldError::QuoteId => t("err.quote_id"),
        FieldError::SameAsset => t("err.same_asset"),
        FieldError::NotTransferable(asset) => {
            with("err.not_transferable", &[("asset", asset.as_str())])
        }
        FieldError::SameAddress => t("err.same_address"),
        FieldError::PixKeyNotAllowed => t("err.pix_key_not_allowed"),
        FieldError::BrcodeNeedsBrl => t("err.brcode_needs_brl"),
        FieldError::MethodAssetMismatch { method, asset, .. } => with(
            "err.method_asset",
            &[
                ("method", &method.as_str().to_uppercase()),
                ("asset", asset.as_str()),
            ],
        ),
        FieldError::AboveClaimable { available } => with(
            "err.above_claimable",
            &[("available", &i18n::brl(language, *available))],
        ),
        FieldError::ClaimableUnknown => t("err.claimable_unknown"),
        FieldError::MetadataKeyMissing { row } => {
            with("err.metadata_key_missing", &[("row", &row.to_string())])
        }
        FieldError::MetadataKeyRepeated(key) => with("err.metadata_key_repeated", &[("key", key)]),
        FieldError::TooLong(max) => with("err.too_long", &[("n", &max.to_string())]),
    }
}

/// The message for an amount that does not parse or fit its asset.
pub fn amount_error_text(language: Language, error: &ParseAmountError) -> String {
    let with = |key, args: &[(&str, &str)]| i18n::tr_with(language, key, args);
    match error {
        ParseAmountError::Empty => with("err.amount_empty", &[]),
        ParseAmountError::InvalidCharacter { input, found } => with(
            "err.amount_character",
            &[("input", input), ("found", &found.to_string())],
        ),
        ParseAmountError::NoDigits { input } => with("err.amount_no_digits", &[("input", input)]),
        ParseAmountError::NotPositive { input } => {
            with("err.amount_not_positive", &[("input", input)])
        }
        ParseAmountError::TooManyDecimalPlaces { given, allowed } => with(
            "err.amount_places",
            &[
                ("given", &given.to_string()),
                ("allowed", &allowed.to_string()),
            ],
        ),
        ParseAmountError::Ambiguous { input } => with("err.amount_ambiguous", &[("input", input)]),
        ParseAmountError::MalformedGrouping { input } => {
            with("err.amount_grouping", &[("input", input)])
        }
        ParseAmountError::MisplacedSeparator { input } => {
            with("err.amount_separator", &[("input", input)])
        }
        ParseAmountError::TooLarge { input } => with("err.amount_too_large", &[("input", input)]),
    }
}

/// The message for an address that is not `0x` + 40 hex digits or fails EIP-55.
pub fn address_error_text(language: Language, error: &AddressError) -> String {
    let with = |key, args: &[(&str, &str)]| i18n::tr_with(language, key, args);
    match error {
        AddressError::Empty { .. } => with("err.address_empty", &[]),
        AddressError::SurroundingSpace { .. } => with("err.address_space", &[]),
        AddressError::MissingPrefix { .. } => with("err.address_prefix", &[]),
        AddressError::InvalidCharacter {
            found, position, ..
        } => with(
            "err.address_character",
            &[
                ("found", &found.to_string()),
                ("position", &position.to_string()),
            ],
        ),
        AddressError::WrongLength { given, .. } => {
            with("err.address_length", &[("given", &given.to_string())])
        }
        AddressError::BadChecksum => with("err.address_checksum", &[]),
    }
}

/// The message for a PIX key that is none of the five kinds.
pub fn pix_key_error_text(language: Language, error: &PixKeyError) -> String {
    let with = |key, args: &[(&str, &str)]| i18n::tr_with(language, key, args);
    match error {
        PixKeyError::Empty => with("err.pix_empty", &[]),
        PixKeyError::WrongDigitCount { given } => {
            with("err.pix_digit_count", &[("given", &given.to_string())])
        }
        PixKeyError::CpfCheckDigits => with("err.pix_cpf_check", &[]),
        PixKeyError::CpfRepeated => with("err.pix_cpf_repeated", &[]),
        PixKeyError::CnpjCheckDigits => with("err.pix_cnpj_check", &[]),
        PixKeyError::CnpjRepeated => with("err.pix_cnpj_repeated", &[]),
        PixKeyError::EmailInvalid { reason } => with("err.pix_email", &[("reason", reason)]),
        PixKeyError::EmailTooLong { given } => {
            with("err.pix_email_long", &[("given", &given.to_string())])
        }
        PixKeyError::PhoneMissingCountryCode => with("err.pix_phone_country", &[]),
        PixKeyError::PhoneNotBrazilian => with("err.pix_phone_foreign", &[]),
        PixKeyError::PhoneInvalidCharacter { found } => {
            with("err.pix_phone_character", &[("found", &found.to_string())])
        }
        PixKeyError::PhoneWrongLength { given } => {
            with("err.pix_phone_length", &[("given", &given.to_string())])
        }
        PixKeyError::PhoneBadAreaCode { code } => with("err.pix_phone_area", &[("code", code)]),
        PixKeyError::PhoneNotMobile => with("err.pix_phone_mobile", &[]),
        PixKeyError::RandomKeyInvalid => with("err.pix_random", &[]),
        PixKeyError::Unrecognised { input } => with("err.pix_unrecognised", &[("input", input)]),
    }
}
