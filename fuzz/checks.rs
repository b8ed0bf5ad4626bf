//! What each fuzz target checks, shared by the targets (`fuzz_targets/`) and
//! the regression tests (`tests/client/fuzz_regressions.rs`), so a crashing input
//! kept as a test goes through exactly the code that found it.
//!
//! Each function takes the fuzzer's raw bytes. Untrusted input must give an
//! error, never a panic; a failed assertion here is a bug found.
#![allow(dead_code, clippy::expect_used, clippy::unwrap_used)]

use brlv_core::address::{to_checksum_address, validate_evm_address, validate_tx_hash};
use brlv_core::api::client::{RawResponse, parse_retry_after};
use brlv_core::api::model::parse_wire_amount;
use brlv_core::api::model::{
    BalanceEnvelope, ClaimEnvelope, ClaimableBalance, CreatedWalletEnvelope, DepositsEnvelope,
    ErrorBody, OrderEnvelope, OrdersEnvelope, PerAssetWithdrawalsEnvelope, QuoteEnvelope,
    TaxExemptionProgressEnvelope, TransferEnvelope, TransfersEnvelope, WalletsEnvelope,
    WithdrawalEnvelope, WithdrawalsEnvelope,
};
use brlv_core::money::{
    NumberFormat, format_amount, format_amount_parts, format_brl, parse_amount,
};
use brlv_core::pix::PixKey;
use brlv_core::pix::{BrCode, brcode_crc, verify_payment_code};
use brlv_sandbox::{
    CLOCK_LEEWAY_SECS, MAX_TOKEN_LIFETIME_SECS, TokenContext, check_token_claims, verify_token,
};
use brlv_sandbox::{RequestBody, RequestKind, decode_request_body};
use jsonwebtoken::DecodingKey;
use rust_decimal::Decimal;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::sync::OnceLock;

fn check_brcode(text: &str) {
    match BrCode::parse(text) {
        Ok(code) => {
            // The pay screen verifies the code against the order's amount: a
            // code that parses with an amount must verify for that amount.
            if let Some(amount) = code.amount {
                assert_eq!(verify_payment_code(text, amount), Ok(code));
            }
        }
        Err(error) => {
            let _ = error.to_string();
        }
    }
}

/// BR Codes arrive pasted or scanned from anywhere: parsing and the CRC check
/// must refuse with an error, never panic, and what they accept must verify.
pub fn brcode(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    check_brcode(text);
    // Random bytes almost never carry a matching CRC; give the field parser
    // behind the CRC gate the same input with a correct check code appended.
    let mut sealed = format!("{text}6304");
    let crc = brcode_crc(&sealed);
    sealed.push_str(&crc);
    check_brcode(&sealed);
}

/// PIX keys are typed or pasted by people: validation must refuse with an
/// error, never panic, and its normalised form must read back as itself.
pub fn pix_key(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match PixKey::parse(text) {
        // The normalised key is what is sent to the service and written into
        // BR Codes; reading it again must give the same key.
        Ok(key) => assert_eq!(PixKey::parse(key.as_str()), Ok(key.clone()), "{text:?}"),
        Err(error) => {
            let _ = error.to_string();
        }
    }
}

/// The scales of the assets (brl, usdc, brlv), and 0, which no asset uses but
/// the parser accepts.
const SCALES: [u32; 4] = [2, 6, 18, 0];

/// Amounts typed by people, in either language's style, and amounts as the
/// wire carries them: refused with an error, never a panic; what is accepted
/// is positive, within the scale, and survives being written in both styles.
pub fn amount(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let scale = SCALES[usize::from(selector) % SCALES.len()];
    match parse_amount(text, scale) {
        Ok(value) => {
            assert!(value > Decimal::ZERO, "{text:?} gave {value}");
            assert!(value.scale() <= scale, "{text:?} gave {value}");
            for format in [NumberFormat::Brazilian, NumberFormat::English] {
                let _ = format_brl(value, format);
                let parts = format_amount_parts(value, scale, format);
                let written = format_amount(value, scale, format);
                assert_eq!(parts.significant + &parts.trailing_zeros, written);
                // At scale 0 a grouped whole number (1.234) is ambiguous by
                // design; every asset has two or more places.
                if scale > 0 {
                    assert_eq!(
                        parse_amount(&written, scale),
                        Ok(value),
                        "{text:?} → {written:?}"
                    );
                }
            }
        }
        Err(error) => {
            let _ = error.to_string();
        }
    }
    match parse_wire_amount(text, scale) {
        Ok(value) => assert!(value > Decimal::ZERO && value.normalize().scale() <= scale),
        Err(error) => {
            let _ = error.to_string();
        }
    }
}

/// EVM addresses and transaction hashes pasted by people: refused with an
/// error, never a panic; the EIP-55 form of a valid address is valid.
pub fn address(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let checksummed = to_checksum_address(text);
    match validate_evm_address(text) {
        Ok(()) => {
            assert_eq!(validate_evm_address(&checksummed), Ok(()), "{text:?}");
            assert!(checksummed.eq_ignore_ascii_case(text), "{text:?}");
            assert_eq!(to_checksum_address(&text.to_ascii_lowercase()), checksummed);
        }
        Err(error) => {
            assert_eq!(checksummed, text);
            let _ = error.to_string();
        }
    }
    if let Err(error) = validate_tx_hash(text) {
        let _ = error.to_string();
    }
}

fn round_trip<T: DeserializeOwned + Serialize + PartialEq + Debug>(bytes: &[u8]) {
    let Ok(value) = serde_json::from_slice::<T>(bytes) else {
        return;
    };
    let written = serde_json::to_vec(&value).expect("a decoded model serialises");
    let again: T = serde_json::from_slice(&written).expect("what was written reads back");
    assert_eq!(again, value);
}

/// Every response body the client decodes comes from the network: decoding
/// must refuse with an error, never panic, and what it accepts must be written
/// back (the app re-serialises records for its cache and exports) and read
/// again unchanged. Error answers go through the same judgement the client
/// applies to a non-2xx status.
pub fn api_models(data: &[u8]) {
    let Some((&selector, body)) = data.split_first() else {
        return;
    };
    match selector % 18 {
        0 => round_trip::<QuoteEnvelope>(body),
        1 => round_trip::<OrderEnvelope>(body),
        2 => round_trip::<OrdersEnvelope>(body),
        3 => round_trip::<TransferEnvelope>(body),
        4 => round_trip::<TransfersEnvelope>(body),
        5 => round_trip::<CreatedWalletEnvelope>(body),
        6 => round_trip::<WalletsEnvelope>(body),
        7 => round_trip::<WithdrawalEnvelope>(body),
        8 => round_trip::<WithdrawalsEnvelope>(body),
        9 => round_trip::<PerAssetWithdrawalsEnvelope>(body),
        10 => round_trip::<ClaimEnvelope>(body),
        11 => round_trip::<DepositsEnvelope>(body),
        12 => round_trip::<BalanceEnvelope>(body),
        13 => round_trip::<TaxExemptionProgressEnvelope>(body),
        14 => round_trip::<ClaimableBalance>(body),
        15 => round_trip::<ErrorBody>(body),
        16 => {
            // An error answer: status from the first two bytes.
            let Some((head, rest)) = body.split_first_chunk::<2>() else {
                return;
            };
            let status = 100 + u16::from_le_bytes(*head) % 500;
            let raw = RawResponse {
                status,
                body: rest.to_vec(),
                retry_after: None,
                measured_skew_secs: Some(i64::from(head[0]) * 7 - 900),
                signed_with_offset_secs: i64::from(head[1]) - 128,
            };
            if let Err(error) = raw.into_result() {
                let _ = error.to_string();
                let _ = format!("{error:?}");
            }
        }
        _ => {
            if let Ok(text) = std::str::from_utf8(body) {
                let _ = parse_retry_after(text);
            }
        }
    }
}

fn written(request: &RequestBody) -> Vec<u8> {
    match request {
        RequestBody::Quote(r) => serde_json::to_vec(r),
        RequestBody::Order(r) => serde_json::to_vec(r),
        RequestBody::Transfer(r) => serde_json::to_vec(r),
        RequestBody::Wallet(r) => serde_json::to_vec(r),
        RequestBody::Withdrawal(r) => serde_json::to_vec(r),
        RequestBody::Claim(r) => serde_json::to_vec(r),
    }
    .expect("a request serialises")
}

/// The sandbox reads request bodies from any process on the machine: every
/// body is refused with a 4xx error, never a panic or a 5xx, and what it
/// accepts is what the client's own serialiser writes for the same request.
pub fn sandbox_body(data: &[u8]) {
    let Some((&selector, body)) = data.split_first() else {
        return;
    };
    let kind = RequestKind::ALL[usize::from(selector) % RequestKind::ALL.len()];
    match decode_request_body(kind, body) {
        Ok(request) => {
            let again = decode_request_body(kind, &written(&request));
            assert_eq!(again.as_ref(), Ok(&request));
        }
        Err(error) => {
            assert!(error.status.is_client_error(), "{error}");
            let _ = error.to_string();
        }
    }
}

const PUBLIC_KEY: &str = include_str!("../tests/fixtures/test-only-rsa2048-public.pem");

fn key() -> &'static DecodingKey {
    static KEY: OnceLock<DecodingKey> = OnceLock::new();
    KEY.get_or_init(|| DecodingKey::from_rsa_pem(PUBLIC_KEY.as_bytes()).expect("the fixture key"))
}

/// The context of the seeds in `run.sh`: sub `fuzz`, uri `/api/v0/orders`,
/// an empty body, sandbox time 1800000000.
const NOW: i64 = 1_800_000_000;

/// The sandbox reads bearer tokens from any process on the machine, and the
/// claims of any token signed with any registered key (anyone may register
/// one): every refusal is a 401, never a panic; no token without the key's
/// signature passes; accepted claims keep the nonce's expiry near now.
pub fn sandbox_jwt(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let context = TokenContext {
        api_key: "fuzz",
        path: "/api/v0/orders",
        body: b"",
        now: NOW,
    };
    if selector % 2 == 0 {
        let Ok(token) = std::str::from_utf8(rest) else {
            return;
        };
        // The fuzzer does not hold the private key, so nothing it makes may pass.
        let error = verify_token(token, key(), &context).expect_err("an unsigned token passed");
        assert_eq!(error.status.as_u16(), 401, "{error}");
        let _ = error.to_string();
    } else {
        let Ok(claims) = serde_json::from_slice::<serde_json::Value>(rest) else {
            return;
        };
        match check_token_claims(&claims, &context) {
            Ok(verified) => {
                assert!(!verified.nonce.is_empty());
                let earliest = NOW - CLOCK_LEEWAY_SECS;
                let latest = NOW + CLOCK_LEEWAY_SECS + MAX_TOKEN_LIFETIME_SECS;
                assert!(
                    (earliest..=latest).contains(&verified.expiry),
                    "{verified:?}"
                );
            }
            Err(error) => {
                assert_eq!(error.status.as_u16(), 401, "{error}");
                let _ = error.to_string();
            }
        }
    }
}
