//! Every error a person can meet, written in their language.
//!
//! The library's errors keep English `Display` texts for logs and the command
//! line; the window shows these instead, from `locales/errors.yml`, so no
//! English sentence reaches a pt-BR screen. Details that come from outside
//! (the service's own `message`, a transport error) are quoted as they came.

use super::form::FieldError;
use brlv_core::address::AddressError;
use brlv_core::api::KeyError;
use brlv_core::api::error::{BaseUrlProblem, Error as ApiError, UnauthorizedHint};
use brlv_core::keystore::{KeystoreError, NameProblem};
use brlv_core::money::{ParseAmountError, format_brl};
use brlv_core::pix::{BrCodeError, PixKeyError};

use super::i18n::{Language, tr, tr_with};

/// An error that can be written in the person's language.
pub trait Localize {
    /// The text to show, in `language`.
    fn localize(&self, language: Language) -> String;
}

fn text(language: Language, key: &'static str) -> String {
    tr(language, key).into_owned()
}

impl Localize for ParseAmountError {
    fn localize(&self, language: Language) -> String {
        use ParseAmountError as E;
        match self {
            E::Empty => text(language, "err.amount.empty"),
            E::InvalidCharacter { input, found } => tr_with(
                language,
                "err.amount.invalid_character",
                &[("input", input), ("found", &found.to_string())],
            ),
            E::NoDigits { input } => tr_with(language, "err.amount.no_digits", &[("input", input)]),
            E::NotPositive { .. } => text(language, "err.amount.not_positive"),
            E::TooManyDecimalPlaces { allowed: 0, .. } => text(language, "err.amount.whole_units"),
            E::TooManyDecimalPlaces { given, allowed } => tr_with(
                language,
                "err.amount.too_many_places",
                &[
                    ("allowed", &allowed.to_string()),
                    ("given", &given.to_string()),
                ],
            ),
            E::Ambiguous { input } => {
                let digits: String = input.chars().filter(char::is_ascii_digit).collect();
                let (before, after) = input
                    .split_once(['.', ','])
                    .map(|(before, after)| {
                        let keep = |part: &str| {
                            part.chars()
                                .filter(char::is_ascii_digit)
                                .collect::<String>()
                        };
                        (keep(before), keep(after))
                    })
                    .unwrap_or_default();
                let example = match language {
                    Language::PtBr => format!("{before}.{after},00"),
                    Language::En => format!("{before},{after}.00"),
                };
                tr_with(
                    language,
                    "err.amount.ambiguous",
                    &[("input", input), ("digits", &digits), ("example", &example)],
                )
            }
            E::MalformedGrouping { input } => tr_with(
                language,
                "err.amount.malformed_grouping",
                &[("input", input)],
            ),
            E::MisplacedSeparator { input } => tr_with(
                language,
                "err.amount.misplaced_separator",
                &[("input", input)],
            ),
            E::TooLarge { input } => tr_with(language, "err.amount.too_large", &[("input", input)]),
        }
    }
}

impl Localize for AddressError {
    fn localize(&self, language: Language) -> String {
        use AddressError as E;
        let noun = |what: &str| {
            if what.contains("hash") {
                text(language, "err.address.noun_hash")
            } else {
                text(language, "err.address.noun_address")
            }
        };
        match self {
            E::Empty { what, expected } => tr_with(
                language,
                "err.address.empty",
                &[("what", &noun(what)), ("expected", &expected.to_string())],
            ),
            E::SurroundingSpace { what } => tr_with(
                language,
                "err.address.surrounding_space",
                &[("what", &noun(what))],
            ),
            E::MissingPrefix { what, expected } => tr_with(
                language,
                "err.address.missing_prefix",
                &[("what", &noun(what)), ("expected", &expected.to_string())],
            ),
            E::InvalidCharacter {
                what,
                found,
                position,
            } => tr_with(
                language,
                "err.address.invalid_character",
                &[
                    ("what", &noun(what)),
                    ("found", &found.to_string()),
                    ("position", &position.to_string()),
                ],
            ),
            E::WrongLength {
                what,
                expected,
                given,
            } => tr_with(
                language,
                "err.address.wrong_length",
                &[
                    ("what", &noun(what)),
                    ("expected", &expected.to_string()),
                    ("given", &given.to_string()),
                ],
            ),
            E::BadChecksum => text(language, "err.address.bad_checksum"),
        }
    }
}

impl Localize for PixKeyError {
    fn localize(&self, language: Language) -> String {
        use PixKeyError as E;
        match self {
            E::Empty => text(language, "err.pix_key.empty"),
            E::WrongDigitCount { given } => tr_with(
                language,
                "err.pix_key.wrong_digit_count",
                &[("given", &given.to_string())],
            ),
            E::CpfCheckDigits => text(language, "err.pix_key.cpf_check_digits"),
            E::CpfRepeated => text(language, "err.pix_key.cpf_repeated"),
            E::CnpjCheckDigits => text(language, "err.pix_key.cnpj_check_digits"),
            E::CnpjRepeated => text(language, "err.pix_key.cnpj_repeated"),
            E::EmailInvalid { .. } => text(language, "err.pix_key.email_invalid"),
            E::EmailTooLong { given } => tr_with(
                language,
                "err.pix_key.email_too_long",
                &[("given", &given.to_string())],
            ),
            E::PhoneMissingCountryCode => text(language, "err.pix_key.phone_country_code"),
            E::PhoneNotBrazilian => text(language, "err.pix_key.phone_not_brazilian"),
            E::PhoneInvalidCharacter { found } => tr_with(
                language,
                "err.pix_key.phone_invalid_character",
                &[("found", &found.to_string())],
            ),
            E::PhoneWrongLength { given } => tr_with(
                language,
                "err.pix_key.phone_wrong_length",
                &[("given", &given.to_string())],
            ),
            E::PhoneBadAreaCode { code } => tr_with(
                language,
                "err.pix_key.phone_bad_area_code",
                &[("code", code)],
            ),
            E::PhoneNotMobile => text(language, "err.pix_key.phone_not_mobile"),
            E::RandomKeyInvalid => text(language, "err.pix_key.random_invalid"),
            E::Unrecognised { input } => {
                tr_with(language, "err.pix_key.unrecognised", &[("input", input)])
            }
            E::Ambiguous { digits, phone } => tr_with(
                language,
                "err.pix_key.ambiguous",
                &[("digits", digits), ("phone", phone)],
            ),
            E::NotOfKind { kind, input } => tr_with(
                language,
                "err.pix_key.not_of_kind",
                &[("kind", kind.name()), ("input", input)],
            ),
        }
    }
}

impl Localize for BrCodeError {
    fn localize(&self, language: Language) -> String {
        use BrCodeError as E;
        let money = |value| format_brl(value, language.number_format());
        match self {
            E::CrcMismatch { expected, found } => tr_with(
                language,
                "err.brcode.crc_mismatch",
                &[("expected", expected), ("found", found)],
            ),
            E::NotPix => text(language, "err.brcode.not_pix"),
            E::NotBrl { found } => tr_with(language, "err.brcode.not_brl", &[("found", found)]),
            E::MissingAmount => text(language, "err.brcode.missing_amount"),
            E::AmountMismatch { in_code, expected } => tr_with(
                language,
                "err.brcode.amount_mismatch",
                &[
                    ("in_code", &money(*in_code)),
                    ("expected", &money(*expected)),
                ],
            ),
            E::BadModuleSize { .. }
            | E::QrEncode { .. }
            | E::PngEncode { .. }
            | E::CannotBuild { .. } => tr_with(
                language,
                "err.brcode.cannot_render",
                &[("detail", &self.to_string())],
            ),
            // The rest all mean the text is not a well-formed code; the
            // technical detail is kept for whoever reports it.
            E::Empty
            | E::Malformed { .. }
            | E::MissingCrc
            | E::DuplicateField { .. }
            | E::UnsupportedFormat { .. }
            | E::MissingField { .. }
            | E::BadAmount { .. } => tr_with(
                language,
                "err.brcode.unreadable",
                &[("detail", &self.to_string())],
            ),
        }
    }
}

impl Localize for FieldError {
    fn localize(&self, language: Language) -> String {
        use FieldError as E;
        match self {
            E::Required => text(language, "err.field.required"),
            E::Amount(error) => error.localize(language),
            E::Address(error) => error.localize(language),
            E::PixKey(error) => error.localize(language),
            E::QuoteId => text(language, "err.field.quote_id"),
            E::SameAsset => text(language, "err.field.same_asset"),
            E::NotTransferable(asset) => tr_with(
                language,
                "err.field.not_transferable",
                &[("asset", asset.as_str())],
            ),
            E::SameAddress => text(language, "err.field.same_address"),
            E::PixKeyNotAllowed => text(language, "err.field.pix_key_not_allowed"),
            E::BrcodeNeedsBrl => text(language, "err.field.brcode_needs_brl"),
            E::MethodAssetMismatch { method, asset, .. } => {
                let key = if *method == brlv_core::api::model::WithdrawalMethod::Token {
                    "err.field.token_needs_token"
                } else {
                    "err.field.method_needs_brl"
                };
                tr_with(
                    language,
                    key,
                    &[
                        ("method", &crate::app::format::method_name(method.as_str())),
                        ("asset", asset.as_str()),
                    ],
                )
            }
            E::AboveClaimable { available } => tr_with(
                language,
                "err.field.above_claimable",
                &[(
                    "available",
                    &format_brl(*available, language.number_format()),
                )],
            ),
            E::ClaimableUnknown => text(language, "err.field.claimable_unknown"),
            E::MetadataKeyMissing { row } => tr_with(
                language,
                "err.field.metadata_key_missing",
                &[("row", &row.to_string())],
            ),
            E::MetadataKeyRepeated(key) => {
                tr_with(language, "err.field.metadata_key_repeated", &[("key", key)])
            }
            E::TooLong(max) => {
                tr_with(language, "err.field.too_long", &[("max", &max.to_string())])
            }
            E::BankCode => text(language, "err.field.bank_code"),
            E::Branch => text(language, "err.field.branch"),
            E::BankAccount => text(language, "err.field.bank_account"),
            E::NotADocument => text(language, "err.field.not_a_document"),
            E::NameTaken(name) => tr_with(language, "recipients.name_taken", &[("name", name)]),
        }
    }
}

impl Localize for KeyError {
    fn localize(&self, language: Language) -> String {
        match self {
            KeyError::NotPem => text(language, "err.key.not_pem"),
            KeyError::Encrypted => text(language, "err.key.encrypted"),
            KeyError::WrongBlock { found } => {
                tr_with(language, "err.key.wrong_block", &[("found", found)])
            }
            KeyError::TooSmall => text(language, "err.key.too_small"),
            KeyError::Invalid(detail) => {
                tr_with(language, "err.key.invalid", &[("detail", detail)])
            }
            KeyError::Generation => text(language, "err.key.generation"),
            KeyError::LifetimeTooLong(_) | KeyError::LifetimeZero => {
                text(language, "err.key.lifetime")
            }
            KeyError::Signing(detail) => {
                tr_with(language, "err.key.signing", &[("detail", detail)])
            }
        }
    }
}

impl Localize for KeystoreError {
    fn localize(&self, language: Language) -> String {
        match self {
            KeystoreError::Unavailable { detail } => {
                tr_with(language, "err.keystore.unavailable", &[("detail", detail)])
            }
            KeystoreError::Locked { detail } => {
                tr_with(language, "err.keystore.locked", &[("detail", detail)])
            }
            KeystoreError::Incomplete { profile } => {
                tr_with(language, "err.keystore.incomplete", &[("profile", profile)])
            }
            KeystoreError::InvalidName(problem) => text(
                language,
                match problem {
                    NameProblem::Empty => "err.keystore.name_empty",
                    NameProblem::Padded => "err.keystore.name_padded",
                    NameProblem::TooLong => "err.keystore.name_too_long",
                    NameProblem::ForbiddenCharacter => "err.keystore.name_character",
                },
            ),
            KeystoreError::Platform { detail } => {
                tr_with(language, "err.keystore.platform", &[("detail", detail)])
            }
        }
    }
}

/// What a refusal's `code` means and what to do next, in `language`; a
/// code the app has no words for yet says so and points to the details.
pub fn refusal_reason(language: Language, code: &str) -> String {
    let key = format!("err.code.{code}");
    if super::i18n::has_key(&key) {
        super::i18n::tr_dynamic(language, &key)
    } else {
        text(language, "err.code_unknown")
    }
}

/// The raw text behind an error, for whoever reports it (shown under
/// "Technical details"): the status, the service's code and its own message
/// as they came, or the library's description of what failed.
pub fn technical_details(error: &ApiError) -> String {
    match error.service_error() {
        Some(service) => match error.status() {
            Some(status) => format!("HTTP {status} · {}: {}", service.code, service.message),
            None => format!("{}: {}", service.code, service.message),
        },
        None => error.to_string(),
    }
}

impl Localize for ApiError {
    fn localize(&self, language: Language) -> String {
        match self {
            // A 5xx is the service failing, not refusing: it says nothing
            // about whether a write was applied.
            // The code and the service's own message (English, technical)
            // stay in the technical details; the person reads what
            // happened and what to do next.
            ApiError::Service { status, .. } if *status >= 500 => tr_with(
                language,
                "err.api.service_failed",
                &[("status", &status.to_string())],
            ),
            ApiError::Service { error, .. } => tr_with(
                language,
                "err.api.service",
                &[("reason", &refusal_reason(language, &error.code))],
            ),
            ApiError::Unauthorized { error, hint } => {
                let detail = error
                    .as_ref()
                    .filter(|error| !error.code.is_empty())
                    .map(|error| format!(", {}: {}", error.code, error.message))
                    .unwrap_or_default();
                match hint {
                    UnauthorizedHint::ClockSkew { offset_secs } => {
                        let direction = if *offset_secs > 0 {
                            text(language, "err.api.clock_behind")
                        } else {
                            text(language, "err.api.clock_ahead")
                        };
                        tr_with(
                            language,
                            "err.api.unauthorized_clock",
                            &[
                                ("detail", &detail),
                                ("seconds", &offset_secs.abs().to_string()),
                                ("direction", &direction),
                            ],
                        )
                    }
                    UnauthorizedHint::CheckCredentials => tr_with(
                        language,
                        "err.api.unauthorized_credentials",
                        &[("detail", &detail)],
                    ),
                }
            }
            ApiError::RateLimited { retry_after, .. } => match retry_after {
                Some(wait) => tr_with(
                    language,
                    "err.api.rate_limited",
                    &[("seconds", &wait.as_secs().max(1).to_string())],
                ),
                None => text(language, "err.api.rate_limited_soon"),
            },
            // After the request left, "could not reach" would be untrue and
            // would invite sending again a write the service may have applied.
            ApiError::Network {
                message,
                maybe_delivered: true,
            } => tr_with(
                language,
                "err.api.network_after_sent",
                &[("detail", message)],
            ),
            ApiError::Network { message, .. } => {
                tr_with(language, "err.api.network", &[("detail", message)])
            }
            ApiError::Timeout { after } => tr_with(
                language,
                "err.api.timeout",
                &[("seconds", &after.as_secs().to_string())],
            ),
            ApiError::UnexpectedResponse {
                status,
                detail,
                excerpt,
            } => tr_with(
                language,
                "err.api.unexpected",
                &[
                    ("status", &status.to_string()),
                    ("detail", detail),
                    ("excerpt", excerpt),
                ],
            ),
            ApiError::ResponseTooLarge { limit_bytes } => tr_with(
                language,
                "err.api.too_large",
                &[("mib", &(limit_bytes / (1024 * 1024)).to_string())],
            ),
            ApiError::ListOverBudget { budget_bytes } => tr_with(
                language,
                "err.api.over_budget",
                &[("mib", &(budget_bytes / (1024 * 1024)).to_string())],
            ),
            ApiError::Signing(error) => error.localize(language),
            ApiError::BaseUrl { url, problem } => {
                let key = match problem {
                    BaseUrlProblem::NotAUrl(_) => "err.base_url.not_a_url",
                    BaseUrlProblem::QueryOrFragment => "err.base_url.query",
                    BaseUrlProblem::PlainHttp => "err.base_url.plain_http",
                    BaseUrlProblem::Scheme(_) => "err.base_url.scheme",
                    BaseUrlProblem::NoHost => "err.base_url.no_host",
                };
                tr_with(language, key, &[("url", url)])
            }
            ApiError::PathRefused { path, .. } => {
                tr_with(language, "err.api.path_refused", &[("path", path)])
            }
            ApiError::Config(detail) => tr_with(language, "err.api.config", &[("detail", detail)]),
        }
    }
}
