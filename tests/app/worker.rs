//! The real worker, end to end: against the embedded sandbox it fills the
//! overview; a new profile is tested, saved (secrets in the store, name and
//! URL in the profile file), reopened and deleted with its secrets; without
//! a keyring the connection still works and saving says what is missing.
//! Every wait is a bounded poll on Events, never a fixed sleep.

use std::sync::Arc;

use rust_decimal::Decimal;
use secrecy::{ExposeSecret, SecretString};

use brlv_core::api::model::{ClaimTarget, CreateClaim};
use brlv_core::api::{PrivateKey, RsaKeyBits};
use brlv_core::keystore::{MemoryStore, SecretStore};
use brlv_core::profile::{Profile, ProfileBook};
use brlv_desk::app::error_text::Localize;
use brlv_desk::app::features::lock::state::{LockTold, PassphrasePurpose};
use brlv_desk::app::features::onboarding::message::OnboardingCommand;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, NoticeKind};
use brlv_desk::app::session::{ConnectRequest, ProfileKind};
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::{SubmitOutcome, SubmitRequest, SubmitStatus};
use brlv_desk::app::worker::EnvironmentProfile;

use crate::support::worker::{pump_until, worker, worker_with};

/// `--sandbox --clock-start`: the embedded sandbox's clock starts at the
/// instant given, and its demo with it, whatever the wall clock says; the
/// worker's requests, signed with this computer's clock, are answered.
#[test]
fn the_embedded_sandbox_started_at_an_instant_shows_the_demo_of_that_day() {
    let start = time::macros::datetime!(2028-02-29 15:00 UTC);
    let (_dir, worker) = crate::support::worker::on_sandbox_at(start);
    let mut state = AppState::new(Language::En);
    pump_until(&worker, &mut state, "the overview's data", |state| {
        state.view_loaded(View::Overview)
    });
    let orders = state.shared.data.orders.value().unwrap();
    let newest = orders
        .iter()
        .filter_map(|order| order.created_at)
        .max()
        .expect("the demo's orders are dated");
    let newest = newest.get();
    assert!(
        newest <= start + time::Duration::minutes(1) && newest > start - time::Duration::days(1),
        "the newest order ({newest}) was made at the sandbox's start ({start})"
    );
}

#[test]
fn the_worker_fills_the_overview_from_the_embedded_sandbox() {
    let (dir, worker) = crate::support::worker::on_sandbox();
    let mut state = AppState::new(Language::En);
    pump_until(&worker, &mut state, "the overview's data", |state| {
        state.view_loaded(View::Overview)
    });
    let session = state.shared.session.clone().unwrap();
    assert_eq!(session.kind, ProfileKind::Sandbox);
    assert!(session.profile.base_url.starts_with("http://127.0.0.1:"));
    assert_eq!(
        state.shared.data.balance_brl.value(),
        Some(&Decimal::new(2_500_000, 2)),
        "the demo account holds R$25,000.00"
    );
    assert!(state.shared.data.balance_usdc.value().is_some());
    assert!(state.shared.data.balance_brlv.value().is_some());
    assert!(state.shared.data.tax_exemption.value().is_some());
    let orders = state.shared.data.orders.value().unwrap();
    assert!(
        orders
            .iter()
            .any(|order| order.state.as_ref().is_some_and(|s| s.is_in_motion())),
        "the demo has an order awaiting payment"
    );
    assert!(
        !dir.path().join("profiles.json").exists(),
        "the sandbox is never saved"
    );

    // A refresh fetches again and the values stay on screen meanwhile.
    let before = state.shared.data.balance_brl.loaded().unwrap().fetched_at;
    assert!(worker.send(Command::Refresh));
    pump_until(&worker, &mut state, "a refreshed balance", |state| {
        state
            .shared
            .data
            .balance_brl
            .loaded()
            .is_some_and(|loaded| loaded.fetched_at > before)
    });
}

/// A sandbox run by the test, with one registered account.
struct Account {
    _sandbox: brlv_sandbox::RunningSandbox,
    runtime: tokio::runtime::Runtime,
    base_url: String,
    api_key: String,
    key: PrivateKey,
}

fn sandbox_account() -> Account {
    let crate::support::worker::SandboxAccount {
        runtime,
        sandbox,
        key,
    } = crate::support::worker::sandbox_account("worker-test", 1);
    Account {
        base_url: sandbox.base_url().to_string(),
        _sandbox: sandbox,
        runtime,
        api_key: "worker-test".to_owned(),
        key,
    }
}

/// The passphrase every profile connected in these tests is sealed with.
const PASSPHRASE: &str = "worker test passphrase";

fn connect_request(account: &Account, name: &str, api_key: &str) -> ConnectRequest {
    ConnectRequest {
        profile: Profile {
            name: name.to_owned(),
            base_url: account.base_url.clone(),
        },
        api_key: SecretString::from(api_key.to_owned()),
        private_key: account.key.clone(),
        save: true,
        passphrase: SecretString::from(PASSPHRASE.to_owned()),
    }
}

#[test]
fn a_new_profile_is_tested_saved_reopened_and_deleted_with_its_secrets() {
    let account = sandbox_account();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("profiles.json");
    let store = Arc::new(MemoryStore::default());
    let worker = worker(store.clone(), path.clone());
    let mut state = AppState::new(Language::En);
    assert!(worker.send(Command::Start { sandbox: false }));
    pump_until(&worker, &mut state, "start-up", |state| {
        state.shared.startup_finished
    });
    assert!(state.shared.shows_onboarding());

    // A wrong API key: the test fails with the 401's hint; nothing is saved.
    assert!(worker.send(Command::Connect(connect_request(
        &account,
        "Work",
        "wrong-key"
    ))));
    pump_until(&worker, &mut state, "the refused test", |state| {
        state.panels.onboarding.connect_error.is_some()
    });
    let error = state.panels.onboarding.connect_error.clone().unwrap();
    assert!(error.contains("401"), "{error}");
    assert!(state.shared.session.is_none());
    assert!(store.load("Work").unwrap().is_none());

    assert!(worker.send(Command::Connect(connect_request(
        &account,
        "Work",
        &account.api_key
    ))));
    pump_until(&worker, &mut state, "the saved profile", |state| {
        state
            .shared
            .profiles
            .iter()
            .any(|profile| profile.name == "Work")
    });
    assert_eq!(
        state.shared.session.as_ref().unwrap().kind,
        ProfileKind::Saved
    );
    assert!(
        state.shared.requires_passphrase(),
        "a saved real profile is sealed"
    );
    // The worker sends no money-moving request of a sealed session without
    // the passphrase, whatever the UI asks ...
    let claim = SubmitRequest::Claim {
        wallet_address: None,
        request: CreateClaim {
            amount: Decimal::new(100, 2),
            target_asset_code: ClaimTarget::Brl,
        },
    };
    assert!(worker.send(Command::Submit {
        request: claim.clone(),
        authorized: None,
        outflow_answer: None,
    }));
    pump_until(&worker, &mut state, "the refused claim", |state| {
        matches!(
            state.panels.claims.submit,
            SubmitStatus::Finished(SubmitOutcome::Refused(_))
        )
    });
    // ... and through the confirmation step, once the passphrase is right, it goes.
    state.submit(claim);
    assert!(state.pending_commands().is_empty());
    *state
        .panels
        .lock
        .authorization
        .as_mut()
        .unwrap()
        .prompt
        .text = PASSPHRASE.to_owned();
    state.tell(
        |panels| &mut panels.lock,
        LockTold::Check(PassphrasePurpose::Transaction),
    );
    pump_until(&worker, &mut state, "the claim made", |state| {
        state.panels.claims.submit.created().is_some()
    });
    let secrets = store.load("Work").unwrap().unwrap();
    assert_eq!(secrets.api_key.expose_secret(), account.api_key);
    // The store holds the key only sealed: an encrypted PKCS#8 PEM that
    // opens with the passphrase and not without it.
    let stored = secrets.private_key_pem.expose_secret();
    assert!(
        stored.starts_with("-----BEGIN ENCRYPTED PRIVATE KEY-----"),
        "{}",
        &stored[..40]
    );
    // One block, the sealed one: no plain key beside it.
    let blocks = pem::parse_many(stored).unwrap();
    assert_eq!(
        blocks.iter().map(pem::Pem::tag).collect::<Vec<_>>(),
        ["ENCRYPTED PRIVATE KEY"]
    );
    let opened =
        brlv_core::seal::unseal(stored, &SecretString::from(PASSPHRASE.to_owned())).unwrap();
    assert_eq!(opened.public_key_pem(), account.key.public_key_pem());
    assert_eq!(
        brlv_core::seal::unseal(stored, &SecretString::from("not it at all".to_owned()))
            .unwrap_err(),
        brlv_core::seal::SealError::WrongPassphrase
    );
    let book = ProfileBook::load(&path).unwrap();
    assert_eq!(book.last_used.as_deref(), Some("Work"));
    let file = std::fs::read_to_string(&path).unwrap();
    assert!(
        !file.contains(&account.api_key),
        "no secret in the profile file"
    );
    assert!(
        !file.contains("PRIVATE KEY"),
        "no secret in the profile file"
    );
    drop(worker);

    // A new run opens the last used profile from the file and the store.
    let worker = self::worker(store.clone(), path.clone());
    let mut state = AppState::new(Language::En);
    assert!(worker.send(Command::Start { sandbox: false }));
    pump_until(&worker, &mut state, "the unlock screen", |state| {
        state.panels.lock.opening.is_some()
    });
    assert!(state.shows_lock_screen());
    assert!(
        state.shared.session.is_none(),
        "nothing opens before the passphrase"
    );
    // A wrong passphrase opens nothing and says so.
    *state.panels.lock.unlock.text = "not the passphrase".to_owned();
    state.tell(
        |panels| &mut panels.lock,
        LockTold::Check(PassphrasePurpose::Unlock),
    );
    pump_until(&worker, &mut state, "the refusal", |state| {
        state.panels.lock.unlock.wrong
    });
    assert!(state.shared.session.is_none());
    state.shared.now += 1_000;
    *state.panels.lock.unlock.text = PASSPHRASE.to_owned();
    state.tell(
        |panels| &mut panels.lock,
        LockTold::Check(PassphrasePurpose::Unlock),
    );
    pump_until(
        &worker,
        &mut state,
        "the reopened profile's balance",
        |state| state.shared.data.balance_brl.value().is_some(),
    );
    assert_eq!(state.shared.session.as_ref().unwrap().profile.name, "Work");
    assert!(!state.shows_lock_screen());

    assert!(worker.send(Command::DeleteProfile("Work".to_owned())));
    pump_until(&worker, &mut state, "the deletion", |state| {
        state
            .notices
            .iter()
            .any(|notice| notice.kind == NoticeKind::ProfileDeleted("Work".to_owned()))
    });
    assert!(
        state.shared.session.is_none(),
        "the deleted profile is closed"
    );
    assert!(state.shared.shows_onboarding());
    assert!(
        store.load("Work").unwrap().is_none(),
        "the secrets are gone"
    );
    assert!(ProfileBook::load(&path).unwrap().profiles.is_empty());
    drop(account.runtime);
}

/// `brlv-desk profile add` writes the profile file while a window may be
/// open: the window's next write keeps what the command line added, and a
/// file the window cannot read is never replaced.
#[test]
fn a_profile_added_from_the_command_line_while_the_window_is_open_is_kept() {
    let account = sandbox_account();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("profiles.json");
    let worker = worker(Arc::new(MemoryStore::default()), path.clone());
    let mut state = AppState::new(Language::En);
    assert!(worker.send(Command::Start { sandbox: false }));
    pump_until(&worker, &mut state, "start-up", |state| {
        state.shared.startup_finished
    });

    let mut from_terminal = ProfileBook::load(&path).unwrap();
    from_terminal.upsert(Profile {
        name: "Terminal".to_owned(),
        base_url: "https://api.example.com.br".to_owned(),
    });
    from_terminal.save(&path).unwrap();

    assert!(worker.send(Command::Connect(connect_request(
        &account,
        "Work",
        &account.api_key
    ))));
    pump_until(&worker, &mut state, "the saved profile", |state| {
        state
            .shared
            .profiles
            .iter()
            .any(|profile| profile.name == "Work")
    });
    let names = |profiles: &[Profile]| {
        let mut names: Vec<String> = profiles.iter().map(|p| p.name.clone()).collect();
        names.sort();
        names
    };
    let on_disk = ProfileBook::load(&path).unwrap();
    assert_eq!(names(&on_disk.profiles), ["Terminal", "Work"]);
    assert_eq!(on_disk.last_used.as_deref(), Some("Work"));
    assert_eq!(names(&state.shared.profiles), ["Terminal", "Work"]);

    std::fs::write(&path, "{ not a profile file").unwrap();
    assert!(worker.send(Command::DeleteProfile("Work".to_owned())));
    pump_until(&worker, &mut state, "the refused write", |state| {
        state
            .notices
            .iter()
            .any(|notice| notice.kind == NoticeKind::ProfilesUnreadable)
    });
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "{ not a profile file",
        "an unreadable profile file is left as it is"
    );
    drop(account.runtime);
}

#[test]
fn without_a_keyring_the_connection_works_and_saving_says_what_is_missing() {
    let account = sandbox_account();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("profiles.json");
    let worker = worker(Arc::new(MemoryStore::unavailable()), path.clone());
    let mut state = AppState::new(Language::En);
    assert!(worker.send(Command::Start { sandbox: false }));
    assert!(worker.send(Command::Connect(connect_request(
        &account,
        "Work",
        &account.api_key
    ))));
    pump_until(&worker, &mut state, "the notice", |state| {
        state
            .notices
            .iter()
            .any(|notice| notice.kind == NoticeKind::ProfileNotSaved("Work".to_owned()))
    });
    let notice = state
        .notices
        .iter()
        .find(|notice| notice.kind == NoticeKind::ProfileNotSaved("Work".to_owned()))
        .unwrap();
    let detail = notice.detail.localize(Language::En);
    assert!(detail.contains("Secret Service"), "{detail}");
    let detail = notice.detail.localize(Language::PtBr);
    assert!(detail.contains("Nenhum chaveiro"), "{detail}");
    assert!(
        state.shared.session.is_some(),
        "the account is open for this run"
    );
    assert!(ProfileBook::load(&path).unwrap().profiles.is_empty());
    pump_until(&worker, &mut state, "the balance", |state| {
        state.shared.data.balance_brl.value().is_some()
    });
}

#[test]
fn keys_are_generated_and_read_from_files_on_the_worker() {
    let dir = tempfile::tempdir().unwrap();
    let worker = worker(
        Arc::new(MemoryStore::default()),
        dir.path().join("profiles.json"),
    );
    let mut state = AppState::new(Language::En);
    assert!(
        worker.send(Command::Onboarding(OnboardingCommand::GenerateKey(
            RsaKeyBits::Rsa2048
        )))
    );
    pump_until(&worker, &mut state, "the generated key", |state| {
        state.panels.onboarding.generated_key.key().is_some()
    });
    let public_pem = state
        .panels
        .onboarding
        .generated_key
        .key()
        .unwrap()
        .public_key_pem()
        .to_owned();
    let public_path = dir.path().join("public.pem");
    assert!(
        worker.send(Command::Onboarding(OnboardingCommand::SavePublicKey {
            path: public_path.clone(),
            pem: public_pem.clone(),
        }))
    );
    pump_until(&worker, &mut state, "the saved public key", |state| {
        state.panels.onboarding.public_key_saved.is_some()
    });
    assert_eq!(std::fs::read_to_string(&public_path).unwrap(), public_pem);

    let bad = dir.path().join("bad.pem");
    std::fs::write(&bad, "not a key").unwrap();
    state.panels.onboarding.key_path = bad.display().to_string();
    assert!(worker.send(Command::Onboarding(OnboardingCommand::LoadKeyFile(bad))));
    pump_until(&worker, &mut state, "the refused file", |state| {
        matches!(
            state.panels.onboarding.file_key,
            brlv_desk::app::features::onboarding::state::KeyDraft::Refused(_)
        )
    });
}

#[test]
fn the_environment_profile_is_used_for_the_run_and_never_saved() {
    let account = sandbox_account();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("profiles.json");
    let store = Arc::new(MemoryStore::default());
    // A saved profile exists, but the environment's wins for this run.
    ProfileBook {
        profiles: vec![Profile {
            name: "Saved".to_owned(),
            base_url: "https://api.example.com".to_owned(),
        }],
        last_used: Some("Saved".to_owned()),
        ..ProfileBook::default()
    }
    .save(&path)
    .unwrap();
    let before = std::fs::read_to_string(&path).unwrap();
    let worker = worker_with(
        store.clone(),
        path.clone(),
        EnvironmentProfile::Given(brlv_core::credentials::Credentials {
            base_url: account.base_url.clone(),
            api_key: SecretString::from(account.api_key.clone()),
            private_key: account.key.clone(),
            network: Default::default(),
        }),
    );
    let mut state = AppState::new(Language::En);
    assert!(worker.send(Command::Start { sandbox: false }));
    pump_until(
        &worker,
        &mut state,
        "the environment profile's balance",
        |state| state.shared.data.balance_brl.value().is_some(),
    );
    let session = state.shared.session.clone().unwrap();
    assert_eq!(session.kind, ProfileKind::Environment);
    assert_eq!(session.profile.name, "127.0.0.1");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        before,
        "the file is untouched"
    );
    assert!(
        store.load("127.0.0.1").unwrap().is_none(),
        "nothing goes to the keyring"
    );
}

/// A resource declared in `app::resources` is polled and stored without
/// anyone listing it again: the schedule starts from `ResourceKey::polled()`,
/// which strum derives from the enum, and every key has its slot.
#[test]
fn every_declared_resource_is_fetched_and_stored_on_the_sandbox() {
    use brlv_desk::app::resources::ResourceKey;
    let (_dir, worker) = crate::support::worker::on_sandbox();
    let mut state = AppState::new(Language::En);
    let polled = ResourceKey::polled();
    // Every variant but the watched order, whose key carries an id.
    assert_eq!(polled.len(), 13, "{polled:?}");
    crate::support::worker::pump_until(&worker, &mut state, "every resource", |state| {
        state
            .shared
            .data
            .polled_freshness()
            .iter()
            .all(|resource| resource.fetched_at.is_some())
    });
    assert_eq!(state.shared.data.polled_freshness().len(), polled.len());
}

#[test]
fn a_plain_key_profile_keeps_working_is_offered_sealing_and_is_sealed_in_place() {
    use brlv_core::keystore::ProfileSecrets;
    use brlv_desk::app::features::lock::state::SealOffer;
    let account = sandbox_account();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("profiles.json");
    let store = Arc::new(MemoryStore::default());
    // A profile saved before keys were sealed: the plain PEM in the keyring.
    store
        .save(
            "Old",
            &ProfileSecrets {
                api_key: SecretString::from(account.api_key.clone()),
                private_key_pem: account.key.pem().clone(),
            },
        )
        .unwrap();
    ProfileBook {
        profiles: vec![Profile {
            name: "Old".to_owned(),
            base_url: account.base_url.clone(),
        }],
        last_used: Some("Old".to_owned()),
        ..ProfileBook::default()
    }
    .save(&path)
    .unwrap();

    let worker = worker(store.clone(), path.clone());
    let mut state = AppState::new(Language::En);
    assert!(worker.send(Command::Start { sandbox: false }));
    pump_until(
        &worker,
        &mut state,
        "the plain profile and the offer",
        |state| {
            state.shared.data.balance_brl.value().is_some()
                && matches!(state.panels.lock.seal_offer, SealOffer::Open(_))
        },
    );
    assert!(
        !state.shared.requires_passphrase(),
        "it works as it did until sealed"
    );

    state.panels.lock.seal_offer = SealOffer::Sealing;
    state.push(Command::SealProfile {
        passphrase: SecretString::from(PASSPHRASE.to_owned()),
    });
    pump_until(&worker, &mut state, "the key sealed in place", |state| {
        state.shared.requires_passphrase()
    });
    let stored = store.load("Old").unwrap().unwrap();
    assert!(brlv_core::seal::is_sealed(
        stored.private_key_pem.expose_secret()
    ));
    assert_eq!(stored.api_key.expose_secret(), account.api_key);
    // The open session keeps reading with the same key.
    let before = state.shared.data.balance_brl.loaded().unwrap().fetched_at;
    state.shared.now = 1;
    assert!(worker.send(Command::Refresh));
    pump_until(&worker, &mut state, "a refresh after sealing", |state| {
        state
            .shared
            .data
            .balance_brl
            .loaded()
            .is_some_and(|loaded| loaded.fetched_at > before)
    });
    assert!(state.shared.data.balance_brl.error().is_none());
    drop(worker);

    // The next run opens it with the passphrase, and offers nothing: it is sealed.
    let worker = self::worker(store.clone(), path.clone());
    let mut state = AppState::new(Language::En);
    assert!(worker.send(Command::Start { sandbox: false }));
    pump_until(&worker, &mut state, "the unlock screen", |state| {
        state.panels.lock.opening.is_some()
    });
    *state.panels.lock.unlock.text = PASSPHRASE.to_owned();
    state.tell(
        |panels| &mut panels.lock,
        LockTold::Check(PassphrasePurpose::Unlock),
    );
    pump_until(&worker, &mut state, "the balance", |state| {
        state.shared.data.balance_brl.value().is_some()
    });
    assert!(state.shared.requires_passphrase());
    assert!(matches!(state.panels.lock.seal_offer, SealOffer::None));
    drop(account.runtime);
}

#[test]
fn a_money_moving_command_without_the_locks_proof_is_refused_and_nothing_is_posted() {
    use brlv_core::api::model::CreateWithdrawal;

    let (_dir, worker) = crate::support::worker::on_sandbox();
    let mut state = AppState::new(Language::En);
    pump_until(
        &worker,
        &mut state,
        "the balance and withdrawals",
        |state| {
            state.shared.data.balance_brl.value().is_some()
                && state.shared.data.withdrawals.value().is_some()
        },
    );
    let balance = *state.shared.data.balance_brl.value().unwrap();
    let refused = |state: &AppState| {
        matches!(
            state.panels.withdrawals.submit,
            SubmitStatus::Finished(SubmitOutcome::Refused(_))
        )
    };
    let withdrawal = |amount: &str| {
        SubmitRequest::Withdrawal(CreateWithdrawal::pix(
            amount.parse().unwrap(),
            "52998224725".to_owned(),
        ))
    };

    // Handed straight to the worker, past the lock: refused.
    state.panels.withdrawals.submit = SubmitStatus::Sending;
    assert!(worker.send(Command::Submit {
        request: withdrawal("12.34"),
        authorized: None,
        outflow_answer: None,
    }));
    pump_until(&worker, &mut state, "the refusal", refused);
    let SubmitStatus::Finished(SubmitOutcome::Refused(error)) = &state.panels.withdrawals.submit
    else {
        unreachable!()
    };
    assert!(
        error
            .to_string()
            .contains("did not pass the passphrase or the typed confirmation"),
        "{error}"
    );

    // A proof the lock gave for one request does not cover another.
    state.submit(withdrawal("1.00"));
    let proof = state
        .take_commands()
        .into_iter()
        .find_map(|command| match command {
            Command::Submit { authorized, .. } => authorized,
            _ => None,
        })
        .expect("the sandbox's request leaves the lock with its proof");
    state.panels.withdrawals.submit = SubmitStatus::Sending;
    assert!(worker.send(Command::Submit {
        request: withdrawal("56.78"),
        authorized: Some(proof),
        outflow_answer: None,
    }));
    pump_until(&worker, &mut state, "the second refusal", refused);

    // Read again from the service: neither left.
    let before = state.shared.data.withdrawals.loaded().unwrap().fetched_at;
    assert!(worker.send(Command::Refresh));
    pump_until(&worker, &mut state, "the lists read again", |state| {
        state
            .shared
            .data
            .withdrawals
            .loaded()
            .is_some_and(|loaded| loaded.fetched_at > before)
            && state
                .shared
                .data
                .balance_brl
                .loaded()
                .is_some_and(|loaded| loaded.fetched_at > before)
    });
    let rows = state.shared.data.withdrawals.value().unwrap();
    for amount in ["12.34", "56.78"] {
        let amount: Decimal = amount.parse().unwrap();
        assert!(
            !rows
                .iter()
                .any(|row| row.amount.is_some_and(|shown| shown.get() == amount)),
            "a withdrawal of {amount} reached the service"
        );
    }
    assert_eq!(state.shared.data.balance_brl.value(), Some(&balance));
}
