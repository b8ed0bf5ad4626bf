//! Every error a person can meet is written in their language, with every
//! placeholder filled.

use std::str::FromStr;
use std::time::Duration;

use brlv_core::address::AddressError;
use brlv_core::api::KeyError;
use brlv_core::api::error::{Error as ApiError, UnauthorizedHint};
use brlv_core::api::model::{Asset, ServiceErrorObject, WithdrawalMethod};
use brlv_core::keystore::{KeystoreError, NameProblem};
use brlv_core::money::{ParseAmountError, parse_amount};
use brlv_core::pix::{BrCodeError, PixKeyError};
use brlv_desk::app::error_text::{Localize, refusal_reason, technical_details};
use brlv_desk::app::form::FieldError;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::submit::SubmitOutcome;
use rust_decimal::Decimal;

fn every_error() -> Vec<Box<dyn Localize>> {
    let service = ServiceErrorObject {
        kind: "invalid-request".into(),
        message: "amount too small".into(),
        code: "amount-too-small".into(),
    };
    let mut all: Vec<Box<dyn Localize>> = Vec::new();
    for input in [
        "",
        "12a",
        ",",
        "-5",
        "1,234",
        "1.23.4",
        "1,2.3,4",
        "1,005",
        "99999999999999999999999999999999",
    ] {
        if let Err(error) = parse_amount(input, 2) {
            all.push(Box::new(error));
        }
    }
    all.push(Box::new(ParseAmountError::TooManyDecimalPlaces {
        given: 3,
        allowed: 0,
    }));
    for error in [
        AddressError::Empty {
            what: "address",
            expected: 40,
        },
        AddressError::SurroundingSpace {
            what: "transaction hash",
        },
        AddressError::MissingPrefix {
            what: "address",
            expected: 40,
        },
        AddressError::InvalidCharacter {
            what: "address",
            found: 'g',
            position: 5,
        },
        AddressError::WrongLength {
            what: "address",
            expected: 40,
            given: 39,
        },
        AddressError::BadChecksum,
    ] {
        all.push(Box::new(error));
    }
    for error in [
        PixKeyError::Empty,
        PixKeyError::WrongDigitCount { given: 12 },
        PixKeyError::CpfCheckDigits,
        PixKeyError::CpfRepeated,
        PixKeyError::CnpjCheckDigits,
        PixKeyError::CnpjRepeated,
        PixKeyError::EmailInvalid {
            reason: "no @".into(),
        },
        PixKeyError::EmailTooLong { given: 80 },
        PixKeyError::PhoneMissingCountryCode,
        PixKeyError::PhoneNotBrazilian,
        PixKeyError::PhoneInvalidCharacter { found: 'x' },
        PixKeyError::PhoneWrongLength { given: 9 },
        PixKeyError::PhoneBadAreaCode { code: "20".into() },
        PixKeyError::PhoneNotMobile,
        PixKeyError::RandomKeyInvalid,
        PixKeyError::Unrecognised {
            input: "???".into(),
        },
    ] {
        all.push(Box::new(error));
    }
    for error in [
        BrCodeError::Empty,
        BrCodeError::MissingCrc,
        BrCodeError::CrcMismatch {
            expected: "1D3D".into(),
            found: "FFFF".into(),
        },
        BrCodeError::NotPix,
        BrCodeError::NotBrl {
            found: "840".into(),
        },
        BrCodeError::MissingAmount,
        BrCodeError::AmountMismatch {
            in_code: Decimal::new(1000, 2),
            expected: Decimal::new(25000, 2),
        },
        BrCodeError::QrEncode {
            reason: "too long".into(),
        },
    ] {
        all.push(Box::new(error));
    }
    for error in [
        FieldError::Required,
        FieldError::QuoteId,
        FieldError::SameAsset,
        FieldError::NotTransferable(Asset::EthBaseUsdc),
        FieldError::SameAddress,
        FieldError::PixKeyNotAllowed,
        FieldError::BrcodeNeedsBrl,
        FieldError::MethodAssetMismatch {
            method: WithdrawalMethod::Pix,
            asset: Asset::EthBaseUsdc,
            expected: "fiat/brl",
        },
        FieldError::MethodAssetMismatch {
            method: WithdrawalMethod::Token,
            asset: Asset::FiatBrl,
            expected: "a token",
        },
        FieldError::AboveClaimable {
            available: Decimal::from_str("1234.50").unwrap(),
        },
        FieldError::ClaimableUnknown,
        FieldError::MetadataKeyMissing { row: 2 },
        FieldError::MetadataKeyRepeated("team".into()),
        FieldError::TooLong(100),
        FieldError::Address(AddressError::BadChecksum),
    ] {
        all.push(Box::new(error));
    }
    for error in [
        KeyError::NotPem,
        KeyError::Encrypted,
        KeyError::WrongBlock {
            found: "PUBLIC KEY".into(),
        },
        KeyError::TooSmall,
        KeyError::Invalid("bad".into()),
        KeyError::Generation,
        KeyError::LifetimeTooLong(60),
        KeyError::Signing("x".into()),
    ] {
        all.push(Box::new(error));
    }
    for problem in [
        NameProblem::Empty,
        NameProblem::Padded,
        NameProblem::TooLong,
        NameProblem::ForbiddenCharacter,
    ] {
        all.push(Box::new(KeystoreError::InvalidName(problem)));
    }
    all.push(Box::new(KeystoreError::Unavailable {
        detail: "no bus".into(),
    }));
    all.push(Box::new(KeystoreError::Locked {
        detail: "locked".into(),
    }));
    all.push(Box::new(KeystoreError::Incomplete {
        profile: "Conta".into(),
    }));
    all.push(Box::new(KeystoreError::Platform { detail: "x".into() }));
    for error in [
        ApiError::Service {
            status: 422,
            error: service.clone(),
        },
        ApiError::Unauthorized {
            error: Some(service),
            hint: UnauthorizedHint::ClockSkew { offset_secs: 120 },
        },
        ApiError::Unauthorized {
            error: None,
            hint: UnauthorizedHint::ClockSkew { offset_secs: -30 },
        },
        ApiError::Unauthorized {
            error: None,
            hint: UnauthorizedHint::CheckCredentials,
        },
        ApiError::RateLimited {
            retry_after: Some(Duration::from_secs(7)),
            error: None,
        },
        ApiError::RateLimited {
            retry_after: None,
            error: None,
        },
        ApiError::Network {
            message: "connection refused".into(),
            maybe_delivered: false,
        },
        ApiError::Network {
            message: "connection closed before message completed".into(),
            maybe_delivered: true,
        },
        ApiError::Timeout {
            after: Duration::from_secs(20),
        },
        ApiError::UnexpectedResponse {
            status: 502,
            detail: "html".into(),
            excerpt: "<html>".into(),
        },
        ApiError::ResponseTooLarge {
            limit_bytes: 32 * 1024 * 1024,
        },
        ApiError::ListOverBudget {
            budget_bytes: 1024 * 1024 * 1024,
        },
        ApiError::Signing(KeyError::TooSmall),
        ApiError::Config("bad url".into()),
        ApiError::PathRefused {
            path: "//evil.example/steal".into(),
            problem: brlv_core::api::error::PathProblem::OtherHost,
        },
        brlv_core::api::client::parse_base_url("http://api.example.com").unwrap_err(),
        brlv_core::api::client::parse_base_url("not a url").unwrap_err(),
        brlv_core::api::client::parse_base_url("ftp://example.com").unwrap_err(),
        brlv_core::api::client::parse_base_url("https://x.com/?a=1").unwrap_err(),
    ] {
        all.push(Box::new(error));
    }
    all
}

#[test]
fn every_error_has_a_text_in_both_languages_with_no_placeholder_left() {
    let errors = every_error();
    assert!(errors.len() > 70, "{} errors", errors.len());
    for error in &errors {
        for language in Language::ALL {
            let text = error.localize(language);
            assert!(!text.trim().is_empty());
            assert!(!text.contains("%{"), "unfilled placeholder in {text:?}");
            assert!(!text.starts_with("err."), "missing translation: {text}");
        }
        assert_ne!(error.localize(Language::PtBr), error.localize(Language::En));
    }
}

#[test]
fn portuguese_texts_are_portuguese_and_money_is_written_the_brazilian_way() {
    let above = FieldError::AboveClaimable {
        available: Decimal::from_str("1234.50").unwrap(),
    };
    assert_eq!(
        above.localize(Language::PtBr),
        "É possível resgatar no máximo R$ 1.234,50."
    );
    assert_eq!(
        above.localize(Language::En),
        "At most R$1,234.50 can be claimed."
    );

    let mismatch = BrCodeError::AmountMismatch {
        in_code: Decimal::new(1000, 2),
        expected: Decimal::new(25000, 2),
    };
    let text = mismatch.localize(Language::PtBr);
    assert!(
        text.contains("R$ 10,00") && text.contains("R$ 250,00") && text.contains("Não pague"),
        "{text}"
    );

    let skew = ApiError::Unauthorized {
        error: None,
        hint: UnauthorizedHint::ClockSkew { offset_secs: 120 },
    };
    let text = skew.localize(Language::PtBr);
    assert!(text.contains("120 s atrasado"), "{text}");

    let ambiguous = parse_amount("1.234", 2).unwrap_err();
    assert!(ambiguous.localize(Language::PtBr).contains("1.234,00"));
    assert!(ambiguous.localize(Language::En).contains("1,234.00"));
    assert!(
        KeyError::TooSmall
            .localize(Language::PtBr)
            .contains("2048 bits")
    );
}

#[test]
fn a_connection_that_broke_after_the_request_left_is_not_called_unreachable() {
    let broke = ApiError::Network {
        message: "connection closed before message completed".into(),
        maybe_delivered: true,
    };
    let en = broke.localize(Language::En);
    assert!(
        en.starts_with("The connection to the service broke after the request was sent"),
        "{en}"
    );
    assert!(!en.contains("Could not reach"), "{en}");
    let pt = broke.localize(Language::PtBr);
    assert!(pt.contains("caiu depois que o pedido foi enviado"), "{pt}");
    assert!(!pt.contains("Não foi possível falar"), "{pt}");

    let never_left = ApiError::Network {
        message: "connection refused".into(),
        maybe_delivered: false,
    };
    assert_eq!(
        never_left.localize(Language::En),
        "No connection to the service. Check the internet connection."
    );
    // The transport's own words (`connection refused`, a DNS failure) are
    // for the technical details and the log, not the sentence.
    let pt = never_left.localize(Language::PtBr);
    assert_eq!(
        pt,
        "Sem conexão com o serviço. Confira a conexão com a internet."
    );
    assert!(technical_details(&never_left).contains("connection refused"));
}

/// Words that give an English sentence away; none may be in a pt-BR text.
const ENGLISH_WORDS: [&str; 14] = [
    " the ", " is ", " was ", " not ", " and ", " to ", " of ", " you ", " your ", " this ",
    " with ", " for ", " try ", " check ",
];

#[test]
fn every_code_the_sandbox_can_answer_with_is_said_in_both_languages_without_the_code() {
    let mut failures = Vec::new();
    for code in brlv_sandbox::ERROR_CODES {
        let refusal = ApiError::Service {
            status: 422,
            error: ServiceErrorObject {
                kind: "unprocessable".into(),
                message: "the balance of fiat/brl is 23500.00, short of 999999.00".into(),
                code: (*code).into(),
            },
        };
        for language in [Language::PtBr, Language::En] {
            let reason = refusal_reason(language, code);
            let sentence = refusal.localize(language);
            if reason.contains("err.code") || reason == refusal_reason(language, "no-such-code") {
                failures.push(format!(
                    "{code} ({language:?}): no words of its own: {reason}"
                ));
            }
            if (code.contains('-') && sentence.contains(code))
                || sentence.contains("23500")
                || sentence.contains("fiat/brl")
            {
                failures.push(format!("{code} ({language:?}): raw text shown: {sentence}"));
            }
            if !sentence.ends_with('.') {
                failures.push(format!(
                    "{code} ({language:?}): not a whole sentence: {sentence}"
                ));
            }
        }
        let pt = format!(" {} ", refusal_reason(Language::PtBr, code).to_lowercase());
        if let Some(word) = ENGLISH_WORDS.iter().find(|word| pt.contains(*word)) {
            failures.push(format!(
                "{code}: English ({word:?}) in the pt-BR text: {pt}"
            ));
        }
        if refusal_reason(Language::PtBr, code) == refusal_reason(Language::En, code) {
            failures.push(format!("{code}: the pt-BR text is the English one"));
        }
        // What the service said stays reachable, for support.
        let details = technical_details(&refusal);
        if !(details.contains(code) && details.contains("HTTP 422") && details.contains("23500.00"))
        {
            failures.push(format!(
                "{code}: the technical details lost the raw text: {details}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // A code the app has no words for yet says so, in the person's language.
    assert!(
        refusal_reason(Language::PtBr, "a-code-from-tomorrow").contains("ainda não conhece"),
        "{}",
        refusal_reason(Language::PtBr, "a-code-from-tomorrow")
    );
}

fn service_failure(status: u16) -> ApiError {
    ApiError::Service {
        status,
        error: ServiceErrorObject {
            kind: "internal".into(),
            message: "injected".into(),
            code: "unavailable".into(),
        },
    }
}

fn outcome_text(language: Language, outcome: &SubmitOutcome) -> String {
    brlv_desk::app::ui::submit::outcome_text(language, outcome).unwrap()
}

#[test]
fn a_5xx_is_told_as_a_failure_that_does_not_say_whether_it_was_done() {
    for error in [
        service_failure(500),
        ApiError::UnexpectedResponse {
            status: 502,
            detail: "the body is not the service's error object".into(),
            excerpt: "<html>".into(),
        },
    ] {
        assert!(error.outcome_unknown(), "{error:?}");
        let status = error.status().unwrap().to_string();
        let not_done = SubmitOutcome::NotApplied(error.clone());
        let en = outcome_text(Language::En, &not_done);
        assert!(
            en.starts_with(&format!(
                "The service answered with a failure (HTTP {status}) that does not say whether it was done, and the re-read list shows it was not done."
            )),
            "{en}"
        );
        assert!(
            !en.contains("refused") && !en.contains("correct it"),
            "{en}"
        );
        let pt = outcome_text(Language::PtBr, &not_done);
        assert!(
            pt.starts_with(&format!(
                "O serviço respondeu com uma falha (HTTP {status})"
            )),
            "{pt}"
        );
    }
    // A 4xx is the one refusal: the form says so, and no re-read is told.
    assert!(!service_failure(422).outcome_unknown());
    assert!(
        brlv_desk::app::ui::submit::outcome_text(
            Language::En,
            &SubmitOutcome::Refused(service_failure(422))
        )
        .is_none()
    );
}

#[test]
fn the_list_is_said_to_be_unreadable_only_when_a_reread_was_tried() {
    let lost = ApiError::Timeout {
        after: Duration::from_secs(20),
    };
    let tried = SubmitOutcome::Unknown {
        error: lost.clone(),
        reread: Some(ApiError::Timeout {
            after: Duration::from_secs(20),
        }),
    };
    let en = outcome_text(Language::En, &tried);
    assert!(en.contains("the list could not be re-read"), "{en}");
    assert!(outcome_text(Language::PtBr, &tried).contains("não foi possível reler a lista"));

    // The list read before sending had failed: there was nothing to compare
    // with, and no re-read was tried.
    let untried = SubmitOutcome::Unknown {
        error: lost,
        reread: None,
    };
    for language in Language::ALL {
        let text = outcome_text(language, &untried);
        assert!(
            !text.contains("re-read") && !text.contains("reler"),
            "{text}"
        );
        assert!(!text.contains("%{"), "{text}");
    }
    assert!(outcome_text(Language::En, &untried).contains(
        "the list could not be read before sending, so there is nothing to compare it with"
    ),);
    assert!(
        outcome_text(Language::PtBr, &untried).contains("a lista não pôde ser lida antes do envio"),
    );
}

#[test]
fn a_200_that_cannot_be_read_is_not_called_a_refusal() {
    let garbage =
        ApiError::unexpected_answer(200, "the body does not match", b"\x00\xe2\x80\xaeok");
    assert!(garbage.is_unreadable_answer());
    assert!(!service_failure(422).is_unreadable_answer());
    let text = garbage.localize(Language::En);
    assert!(
        !text.contains('\0') && !text.contains('\u{202e}'),
        "{text:?}"
    );
    assert!(text.contains("\\u{0}\\u{202e}ok"), "{text}");
    let lead = outcome_text(Language::En, &SubmitOutcome::NotApplied(garbage));
    assert!(
        lead.starts_with("The service's answer could not be read, and"),
        "{lead}"
    );
}
