//! The request signer of spec section 5: keys, claims, tokens.

use std::collections::HashSet;

use brlv_core::api::auth::{Claims, KeyError, MAX_TOKEN_LIFETIME_SECS, body_hash};
use brlv_core::api::{PrivateKey, RsaKeyBits, Signer};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use secrecy::{ExposeSecret, SecretString};

const PKCS1: &str = include_str!("../fixtures/test-only-rsa2048-pkcs1.pem");
const PKCS8: &str = include_str!("../fixtures/test-only-rsa2048-pkcs8.pem");
const PUBLIC: &str = include_str!("../fixtures/test-only-rsa2048-public.pem");
const SMALL: &str = include_str!("../fixtures/test-only-rsa1024-pkcs1.pem");

fn signer() -> Signer {
    Signer::new(
        SecretString::from("key-123"),
        PrivateKey::from_pem(PKCS8).unwrap(),
    )
}

fn decode_raw(token: &str, public_pem: &str) -> serde_json::Value {
    let mut validation = Validation::new(Algorithm::RS256);
    validation.validate_exp = false;
    validation.required_spec_claims.clear();
    jsonwebtoken::decode::<serde_json::Value>(
        token,
        &DecodingKey::from_rsa_pem(public_pem.as_bytes()).unwrap(),
        &validation,
    )
    .unwrap()
    .claims
}

#[test]
fn token_verifies_with_the_matching_public_key_and_no_other() {
    let token = signer()
        .token("/api/v0/orders", b"", 1_700_000_000)
        .unwrap();
    let claims = decode_raw(token.expose_secret(), PUBLIC);
    assert_eq!(claims["uri"], "/api/v0/orders");

    let other = PrivateKey::generate(RsaKeyBits::Rsa2048).unwrap();
    let mut validation = Validation::new(Algorithm::RS256);
    validation.validate_exp = false;
    let wrong = jsonwebtoken::decode::<serde_json::Value>(
        token.expose_secret(),
        &DecodingKey::from_rsa_pem(other.public_key_pem().as_bytes()).unwrap(),
        &validation,
    );
    assert!(wrong.is_err(), "a token must not verify with another key");
}

#[test]
fn header_says_rs256() {
    let token = signer()
        .token("/api/v0/orders", b"", 1_700_000_000)
        .unwrap();
    let header = jsonwebtoken::decode_header(token.expose_secret()).unwrap();
    assert_eq!(header.alg, Algorithm::RS256);
}

#[test]
fn every_claim_has_its_json_type_and_value() {
    let body = br#"{"amount":"10.00"}"#;
    let token = signer()
        .token("/api/v0/withdrawals", body, 1_700_000_000)
        .unwrap();
    let claims = decode_raw(token.expose_secret(), PUBLIC);
    let object = claims.as_object().unwrap();
    let mut keys: Vec<_> = object.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["bodyHash", "exp", "iat", "nonce", "sub", "uri"]);
    assert_eq!(claims["uri"], "/api/v0/withdrawals");
    assert!(claims["nonce"].is_string());
    uuid::Uuid::parse_str(claims["nonce"].as_str().unwrap()).expect("nonce is a UUID");
    assert_eq!(claims["iat"], serde_json::json!(1_700_000_000));
    assert!(claims["iat"].is_i64() && claims["exp"].is_i64());
    assert_eq!(claims["exp"], serde_json::json!(1_700_000_030));
    assert_eq!(claims["sub"], "key-123");
    // SHA-256 of the body, computed independently of the signer.
    let expected: String = <sha2::Sha256 as sha2::Digest>::digest(body)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    assert_eq!(claims["bodyHash"], expected.as_str());
    assert_eq!(claims["bodyHash"].as_str().unwrap().len(), 64);
}

#[test]
fn body_hash_matches_known_digests() {
    // SHA-256("") and SHA-256("abc") from FIPS 180-2.
    assert_eq!(
        body_hash(b""),
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    );
    assert_eq!(
        body_hash(b"abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
}

#[test]
fn a_get_hashes_the_empty_string() {
    let claims = signer().claims("/api/v0/orders", b"", 0);
    assert_eq!(
        claims.body_hash,
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    );
}

#[test]
fn a_thousand_tokens_never_share_a_nonce() {
    let signer = signer();
    let mut seen = HashSet::new();
    for _ in 0..1000 {
        let token = signer.token("/api/v0/orders", b"", 1_700_000_000).unwrap();
        let claims: Claims =
            serde_json::from_value(decode_raw(token.expose_secret(), PUBLIC)).unwrap();
        assert!(seen.insert(claims.nonce), "nonce repeated");
    }
}

#[test]
fn lifetime_stays_within_fifty_seconds() {
    let claims = signer().claims("/x", b"", 100);
    assert!(claims.exp - claims.iat <= MAX_TOKEN_LIFETIME_SECS as i64);
    let fifty = signer()
        .with_lifetime_secs(50)
        .unwrap()
        .claims("/x", b"", 100);
    assert_eq!(fifty.exp - fifty.iat, 50);
    assert_eq!(
        signer().with_lifetime_secs(51).unwrap_err(),
        KeyError::LifetimeTooLong(51)
    );
    assert_eq!(
        signer().with_lifetime_secs(0).unwrap_err(),
        KeyError::LifetimeZero
    );
}

#[test]
fn pkcs1_and_pkcs8_keys_both_load_and_sign_alike() {
    let pkcs1 = PrivateKey::from_pem(PKCS1).unwrap();
    let pkcs8 = PrivateKey::from_pem(PKCS8).unwrap();
    assert_eq!(pkcs1.bits(), 2048);
    assert_eq!(pkcs1.public_key_pem(), pkcs8.public_key_pem());
    let token = Signer::new(SecretString::from("k"), pkcs1)
        .token("/api/v0/orders", b"", 1)
        .unwrap();
    decode_raw(token.expose_secret(), PUBLIC);
}

#[test]
fn a_1024_bit_key_is_refused_with_a_message() {
    let error = PrivateKey::from_pem(SMALL).unwrap_err();
    assert_eq!(error, KeyError::TooSmall);
    assert!(error.to_string().contains("2048"), "{error}");
}

#[test]
fn garbage_and_wrong_blocks_are_refused_with_a_message() {
    let garbage = PrivateKey::from_pem("hello, I am not a key").unwrap_err();
    assert_eq!(garbage, KeyError::NotPem);
    assert!(
        garbage
            .to_string()
            .contains("\"PRIVATE KEY\" or \"RSA PRIVATE KEY\"")
    );

    let public = PrivateKey::from_pem(PUBLIC).unwrap_err();
    assert!(matches!(public, KeyError::WrongBlock { ref found } if found == "PUBLIC KEY"));

    let corrupt = PKCS8.replace("MII", "MIJ");
    assert!(matches!(
        PrivateKey::from_pem(&corrupt).unwrap_err(),
        KeyError::Invalid(_) | KeyError::NotPem
    ));
}

#[test]
fn generated_keys_have_the_asked_size_and_round_trip_through_pem() {
    for size in [RsaKeyBits::Rsa2048, RsaKeyBits::Rsa3072] {
        let key = PrivateKey::generate(size).unwrap();
        assert_eq!(key.bits(), size.bits());
        let again = PrivateKey::from_pem(key.pem().expose_secret()).unwrap();
        assert_eq!(again.public_key_pem(), key.public_key_pem());
        assert!(
            key.public_key_pem()
                .starts_with("-----BEGIN PUBLIC KEY-----\n")
        );
    }
}

#[test]
fn debug_never_shows_key_material() {
    let signer = signer();
    let printed = format!("{signer:?} {:?}", signer.private_key());
    assert!(!printed.contains("MII"), "{printed}");
    assert!(!printed.contains("key-123"), "{printed}");
    assert!(printed.contains("redacted"));
}
