//! The real OS keyring. Ignored by a plain `cargo test` (a fresh machine has
//! no Secret Service); `.ci/run` runs it inside `dbus-run-session` with
//! gnome-keyring unlocked: `cargo test --test keyring_os -- --ignored`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use brlv_core::keystore::{KeyringStore, ProfileSecrets, SecretStore};
use secrecy::{ExposeSecret, SecretString};

#[test]
#[ignore = "needs a running, unlocked Secret Service; .ci/run provides one"]
fn a_secret_stored_in_the_real_keyring_comes_back_and_is_gone_after_delete() {
    let store = KeyringStore::os().expect("a Secret Service should be running for this test");
    let profile = format!("ci-{}", uuid::Uuid::new_v4());
    let secrets = ProfileSecrets {
        api_key: SecretString::from("ci-api-key-ÿ".to_owned()),
        private_key_pem: SecretString::from(
            brlv_core::api::PrivateKey::generate(brlv_core::api::RsaKeyBits::Rsa2048)
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

/// What a new profile leaves in the real keyring, through the app's own path
/// (the worker connecting to a sandbox account, with the real scrypt cost):
/// the key only as an encrypted PKCS#8 PEM that opens with the passphrase and
/// not without it, and that `openssl pkey` opens with the passphrase. When
/// `BRLV_SEALED_KEY_OUT` names a file, the entry is also written there for
/// `.ci/run` to check with openssl itself.
#[test]
#[ignore = "needs a running, unlocked Secret Service; .ci/run provides one"]
fn a_new_profiles_key_is_written_sealed_and_openssl_opens_it_with_the_passphrase() {
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    use brlv_core::profile::Profile;
    use brlv_desk::app::clock::Clock;
    use brlv_desk::app::i18n::Language;
    use brlv_desk::app::message::{Command, NoticeKind};
    use brlv_desk::app::session::ConnectRequest;
    use brlv_desk::app::state::AppState;
    use brlv_desk::app::worker::{EnvironmentProfile, SecretSource, WorkerConfig, WorkerHandle};
    use brlv_sandbox::{Sandbox, SandboxConfig};

    const PASSPHRASE: &str = "ci keyring passphrase";
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let sandbox = runtime
        .block_on(Sandbox::start(SandboxConfig::default()))
        .unwrap();
    let key = brlv_core::api::PrivateKey::generate(brlv_core::api::RsaKeyBits::Rsa2048).unwrap();
    sandbox
        .register_account("ci-keyring", key.public_key_pem(), false)
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let worker = WorkerHandle::spawn(
        WorkerConfig {
            clock: Clock::new(),
            secrets: SecretSource::Os,
            profile_path: Some(dir.path().join("profiles.json")),
            environment: EnvironmentProfile::Ignore,
            seal_cost: brlv_core::seal::ScryptCost::STANDARD,
            network: brlv_desk::app::worker::NetworkPolicy::default(),
            journal_dir: None,
            dialogs: Arc::new(brlv_desk::app::dialog::RecordingDialogs::default()),
            updates: brlv_desk::app::worker::UpdateConfig::this_build(),
            central_bank: Default::default(),
            sandbox_clock_start: None,
        },
        Arc::new(|| {}),
    )
    .unwrap();
    let profile = format!("ci-{}", uuid::Uuid::new_v4());
    assert!(worker.send(Command::Connect(ConnectRequest {
        profile: Profile {
            name: profile.clone(),
            base_url: sandbox.base_url().to_string(),
        },
        api_key: SecretString::from("ci-keyring".to_owned()),
        private_key: key.clone(),
        save: true,
        passphrase: SecretString::from(PASSPHRASE.to_owned()),
    })));
    let mut state = AppState::new(Language::En);
    let start = Instant::now();
    while !state
        .notices
        .iter()
        .any(|notice| notice.kind == NoticeKind::ProfileSaved(profile.clone()))
    {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the profile was not saved: {:?}",
            state.notices
        );
        if let Some(event) = worker.recv_timeout(Duration::from_millis(200)) {
            state.apply(event);
        }
    }
    drop(worker);

    let store = KeyringStore::os().unwrap();
    let stored = store
        .load(&profile)
        .unwrap()
        .expect("the profile's secrets");
    let pem = stored.private_key_pem.expose_secret().to_owned();
    assert!(
        pem.starts_with("-----BEGIN ENCRYPTED PRIVATE KEY-----"),
        "the keyring holds the key sealed"
    );
    // One block, the sealed one: no plain key beside it.
    let blocks = pem::parse_many(&pem).unwrap();
    assert_eq!(
        blocks.iter().map(pem::Pem::tag).collect::<Vec<_>>(),
        ["ENCRYPTED PRIVATE KEY"]
    );
    let opened = brlv_core::seal::unseal(&pem, &SecretString::from(PASSPHRASE.to_owned())).unwrap();
    assert_eq!(opened.public_key_pem(), key.public_key_pem());
    assert!(brlv_core::seal::unseal(&pem, &SecretString::from("wrong".to_owned())).is_err());

    let file = dir.path().join("sealed.pem");
    std::fs::write(&file, &pem).unwrap();
    let openssl = |passphrase: &str| {
        std::process::Command::new("openssl")
            .args(["pkey", "-noout", "-in"])
            .arg(&file)
            .arg("-passin")
            .arg(format!("pass:{passphrase}"))
            .output()
            .expect("openssl is installed (.ci/run installs it)")
    };
    let right = openssl(PASSPHRASE);
    assert!(
        right.status.success(),
        "openssl pkey refused the sealed key: {}",
        String::from_utf8_lossy(&right.stderr)
    );
    assert!(!openssl("wrong passphrase").status.success());
    if let Some(out) = std::env::var_os("BRLV_SEALED_KEY_OUT") {
        std::fs::write(out, &pem).unwrap();
    }
    store.delete(&profile).unwrap();
    drop(runtime);
}

/// Profiles saved before the private key was stored as bytes hold its PEM
/// text (a UTF-8 password); they keep working, and the largest key the app
/// takes, sealed, round-trips as bytes.
#[test]
#[ignore = "needs a running, unlocked Secret Service; .ci/run provides one"]
fn keys_saved_as_pem_text_still_load_and_a_sealed_4096_bit_key_round_trips() {
    use brlv_core::seal::{self, ScryptCost};
    let store = KeyringStore::os().expect("a Secret Service should be running for this test");
    let passphrase = SecretString::from("ci keyring passphrase".to_owned());
    let key_2048 =
        brlv_core::api::PrivateKey::generate(brlv_core::api::RsaKeyBits::Rsa2048).unwrap();
    let old_pem = seal::seal(&key_2048, &passphrase, ScryptCost::TEST_ONLY_CHEAP).unwrap();
    let old = format!("ci-{}", uuid::Uuid::new_v4());
    let entry = |which: &str| {
        keyring_core::Entry::new(
            brlv_core::keystore::KEYRING_SERVICE,
            &format!("{old}/{which}"),
        )
        .unwrap()
    };
    entry("api-key").set_password("old-api-key").unwrap();
    entry("private-key")
        .set_password(old_pem.expose_secret())
        .unwrap();
    let loaded = store.load(&old).unwrap().expect("the old profile loads");
    assert_eq!(loaded.api_key.expose_secret(), "old-api-key");
    assert_eq!(
        loaded.private_key_pem.expose_secret(),
        old_pem.expose_secret()
    );
    store.delete(&old).unwrap();

    let key_4096 =
        brlv_core::api::PrivateKey::from_pem(include_str!("fixtures/test-only-rsa4096.pem"))
            .unwrap();
    let sealed = seal::seal(&key_4096, &passphrase, ScryptCost::STANDARD).unwrap();
    let big = format!("ci-{}", uuid::Uuid::new_v4());
    store
        .save(
            &big,
            &ProfileSecrets {
                api_key: SecretString::from("big-api-key".to_owned()),
                private_key_pem: sealed.clone(),
            },
        )
        .unwrap();
    let loaded = KeyringStore::os().unwrap().load(&big).unwrap().unwrap();
    assert_eq!(
        loaded.private_key_pem.expose_secret(),
        sealed.expose_secret()
    );
    store.delete(&big).unwrap();
}
