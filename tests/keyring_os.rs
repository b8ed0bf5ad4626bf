//! The real OS keyring. Ignored by a plain `cargo test` (a fresh machine has
//! no Secret Service); `.ci/run` runs it inside `dbus-run-session` with
//! gnome-keyring unlocked: `cargo test --test keyring_os -- --ignored`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use brlv_desk::keystore::{KeyringStore, ProfileSecrets, SecretStore};
use secrecy::{ExposeSecret, SecretString};

#[test]
#[ignore = "needs a running, unlocked Secret Service; .ci/run provides one"]
fn a_secret_stored_in_the_real_keyring_comes_back_and_is_gone_after_delete() {
    let store = KeyringStore::os().expect("a Secret Service should be running for this test");
    let profile = format!("ci-{}", uuid::Uuid::new_v4());
    let secrets = ProfileSecrets {
        api_key: SecretString::from("ci-api-key-ÿ".to_owned()),
        private_key_pem: SecretString::from(
            brlv_desk::api::PrivateKey::generate(brlv_desk::api::RsaKeyBits::Rsa2048)
                .unwrap()
                .pem()
                .expose_secret()
                .to_owned(),
        ),
    };
    store.save(&profile, &secrets).unwrap();

    // A second handle, as a later run of the app would open.
    let reopened = KeyringStore::os().unwrap();
    let loaded = reopened
        .load(&profile)
        .unwrap()
        .expect("the secrets come back");
    assert_eq!(loaded.api_key.expose_secret(), "ci-api-key-ÿ");
    assert_eq!(
        loaded.private_key_pem.expose_secret(),
        secrets.private_key_pem.expose_secret()
    );

    reopened.delete(&profile).unwrap();
    assert!(
        store.load(&profile).unwrap().is_none(),
        "deleted from the keyring"
    );
}
