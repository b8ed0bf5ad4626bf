#![allow(clippy::unwrap_used, clippy::expect_used)]

use keyring_core::api::CredentialStoreApi as _;

use super::credential_manager::{CredentialManagerRules, MAX_BLOB_BYTES};
use super::*;
use crate::api::PrivateKey;
use crate::seal::{self, ScryptCost};

const KEY_2048_PKCS1: &str = include_str!("../../../../tests/fixtures/test-only-rsa2048-pkcs1.pem");
const KEY_4096_PKCS8: &str = include_str!("../../../../tests/fixtures/test-only-rsa4096.pem");

fn secrets(api_key: &str) -> ProfileSecrets {
    ProfileSecrets {
        api_key: SecretString::from(api_key.to_owned()),
        private_key_pem: SecretString::from(KEY_2048_PKCS1.to_owned()),
    }
}

fn mock_keyring() -> KeyringStore {
    KeyringStore::with_store(keyring_core::mock::Store::new().unwrap(), "brlv-desk-test")
}

fn public_key(pem_text: &SecretString) -> String {
    PrivateKey::from_pem(pem_text.expose_secret())
        .unwrap()
        .public_key_pem()
        .to_owned()
}

#[test]
fn keyring_store_round_trips_and_forgets_on_delete() {
    let store = mock_keyring();
    assert!(store.load("work").unwrap().is_none());
    store.save("work", &secrets("key-1")).unwrap();
    let loaded = store.load("work").unwrap().unwrap();
    assert_eq!(loaded.api_key.expose_secret(), "key-1");
    assert_eq!(
        public_key(&loaded.private_key_pem),
        public_key(&secrets("").private_key_pem)
    );
    store.save("work", &secrets("key-2")).unwrap();
    assert_eq!(
        store.load("work").unwrap().unwrap().api_key.expose_secret(),
        "key-2"
    );
    store.delete("work").unwrap();
    assert!(store.load("work").unwrap().is_none());
    store.delete("work").unwrap();
}

/// Every key the app accepts, 2,048 to 4,096 bits, plain or sealed at the
/// real cost, goes into a store that refuses what Windows refuses (2,560
/// bytes an entry, passwords as UTF-16) and comes back the same.
#[test]
fn every_key_saves_and_reads_back_within_credential_managers_limits() {
    let rules = CredentialManagerRules::new();
    let store = KeyringStore::with_store(rules.clone(), "brlv-desk-test");
    let passphrase = SecretString::from("a passphrase of the test".to_owned());
    let key_3072 = PrivateKey::generate(crate::api::RsaKeyBits::Rsa3072).unwrap();
    let keys = [
        PrivateKey::from_pem(KEY_2048_PKCS1).unwrap(),
        key_3072,
        PrivateKey::from_pem(KEY_4096_PKCS8).unwrap(),
    ];
    for key in keys {
        let sealed = seal::seal(&key, &passphrase, ScryptCost::STANDARD).unwrap();
        for (form, pem_text) in [("plain", key.pem().clone()), ("sealed", sealed)] {
            let profile = format!("{}-bit {form}", key.bits());
            let saved = ProfileSecrets {
                api_key: SecretString::from(format!("api key of {profile} ✓")),
                private_key_pem: pem_text.clone(),
            };
            store
                .save(&profile, &saved)
                .unwrap_or_else(|error| panic!("{profile}: {error}"));
            let stored = rules
                .stored_bytes("brlv-desk-test", &format!("{profile}/private-key"))
                .unwrap();
            assert!(stored.len() <= MAX_BLOB_BYTES as usize, "{profile}");
            let loaded = store.load(&profile).unwrap().unwrap();
            assert_eq!(
                loaded.api_key.expose_secret(),
                saved.api_key.expose_secret()
            );
            if form == "sealed" {
                assert_eq!(
                    loaded.private_key_pem.expose_secret(),
                    pem_text.expose_secret(),
                    "{profile}"
                );
                let opened =
                    seal::unseal(loaded.private_key_pem.expose_secret(), &passphrase).unwrap();
                assert_eq!(opened.public_key_pem(), key.public_key_pem());
            } else {
                assert_eq!(public_key(&loaded.private_key_pem), key.public_key_pem());
            }
        }
    }
}

/// Linux and macOS profiles saved before keys were stored as bytes hold the
/// PEM text; they keep working, and saving again writes the new form.
#[test]
fn a_key_saved_as_pem_text_by_an_earlier_version_still_loads() {
    let mock = keyring_core::mock::Store::new().unwrap();
    let store = KeyringStore::with_store(mock.clone(), "brlv-desk-test");
    let sealed = seal::seal(
        &PrivateKey::from_pem(KEY_2048_PKCS1).unwrap(),
        &SecretString::from("old profile".to_owned()),
        ScryptCost::TEST_ONLY_CHEAP,
    )
    .unwrap();
    let build = |user: &str| mock.build("brlv-desk-test", user, None).unwrap();
    build("old/api-key").set_password("old-key").unwrap();
    build("old/private-key")
        .set_password(sealed.expose_secret())
        .unwrap();
    let loaded = store.load("old").unwrap().unwrap();
    assert_eq!(loaded.api_key.expose_secret(), "old-key");
    assert_eq!(
        loaded.private_key_pem.expose_secret(),
        sealed.expose_secret()
    );

    store.save("old", &loaded).unwrap();
    let bytes = build("old/private-key").get_secret().unwrap();
    assert_eq!(bytes[0], 0x30, "now stored as DER");
    assert_eq!(
        store
            .load("old")
            .unwrap()
            .unwrap()
            .private_key_pem
            .expose_secret(),
        sealed.expose_secret()
    );
}

/// A key larger than any the app makes (over 4,096 bits) does not fit
/// Credential Manager: the person is told why, and no half profile stays.
#[test]
fn a_key_too_large_for_the_keyring_is_refused_whole_with_its_size() {
    use pkcs8::der::{Encode as _, asn1::ObjectIdentifier};
    let rules = CredentialManagerRules::new();
    let store = KeyringStore::with_store(rules.clone(), "brlv-desk-test");
    let rsa = pkcs8::spki::AlgorithmIdentifierRef {
        oid: ObjectIdentifier::new_unwrap("1.2.840.113549.1.1.1"),
        parameters: None,
    };
    let filler = vec![0x42u8; 3_000];
    let oversized =
        pkcs8::PrivateKeyInfoRef::new(rsa, pkcs8::der::asn1::OctetStringRef::new(&filler).unwrap())
            .to_der()
            .unwrap();
    let config = pem::EncodeConfig::new().set_line_ending(pem::LineEnding::LF);
    let pem_text = pem::encode_config(&pem::Pem::new("PRIVATE KEY", oversized), config);
    let error = store
        .save(
            "big",
            &ProfileSecrets {
                api_key: SecretString::from("k".to_owned()),
                private_key_pem: SecretString::from(pem_text),
            },
        )
        .unwrap_err();
    let message = error.to_string();
    assert!(message.contains("2560"), "{message}");
    assert!(message.contains("4,096 bits"), "{message}");
    assert!(store.load("big").unwrap().is_none(), "no half profile");
    assert!(
        rules
            .stored_bytes("brlv-desk-test", "big/api-key")
            .is_none()
    );
}

#[test]
fn memory_store_round_trips_and_an_unavailable_one_says_how_to_fix_it() {
    let store = MemoryStore::default();
    store.save("home", &secrets("k")).unwrap();
    assert!(store.load("home").unwrap().is_some());
    store.delete("home").unwrap();
    assert!(store.load("home").unwrap().is_none());

    let error = MemoryStore::unavailable()
        .save("home", &secrets("k"))
        .unwrap_err();
    assert!(error.to_string().contains("Secret Service"), "{error}");
    assert!(error.to_string().contains("sandbox"), "{error}");
}

#[test]
fn bad_profile_names_are_refused() {
    let store = MemoryStore::default();
    assert!(store.save("", &secrets("k")).is_err());
    assert!(store.save(" padded", &secrets("k")).is_err());
    assert!(store.save("a/b", &secrets("k")).is_err());
    assert!(store.save(&"x".repeat(65), &secrets("k")).is_err());
    assert!(store.save("Conta PJ — São Paulo", &secrets("k")).is_ok());
}

#[test]
fn secrets_never_show_in_debug_or_errors() {
    let printed = format!("{:?}", secrets("super-secret-key"));
    assert!(!printed.contains("super-secret-key"));
    let error = map_keyring_error(&keyring_core::Error::BadEncoding(
        b"super-secret-key".to_vec(),
    ));
    assert!(!error.to_string().contains("super-secret"));
    assert!(!format!("{error:?}").contains("super-secret"));
}
