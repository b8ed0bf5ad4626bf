//! A saved profile holding a plain key is offered sealing at every start,
//! in a dialog that cannot be missed; put off, it is offered again beside
//! the warning and at the next start, and meanwhile money moves only after
//! the typed word.

use std::sync::Arc;

use egui_kittest::kittest::{NodeT as _, Queryable};
use secrecy::{ExposeSecret, SecretString};

use brlv_core::api::model::CreateWithdrawal;
use brlv_core::keystore::{MemoryStore, ProfileSecrets, SecretStore};
use brlv_core::profile::{Profile, ProfileBook};
use brlv_desk::app::features::lock::state::SealOffer;
use brlv_desk::app::features::lock::view::SEAL_OFFER_FIELDS;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::SubmitRequest;
use brlv_desk::app::ui::passphrase::new_passphrase_ids;

use crate::support::ui::{connected_state, dec, harness, settle, type_into};
use crate::support::worker::{pump_until, sandbox_account, worker};

const TITLE: &str = "Seal this profile's private key";
const NEW_PASSPHRASE: &str = "horse battery staple";

fn offered_state() -> AppState {
    let mut state = connected_state(Language::En);
    state.view = View::Withdrawals;
    state.apply(Event::SealingOffered);
    state
}

#[test]
fn the_offer_is_a_dialog_over_the_window_and_put_off_it_stays_at_hand() {
    let mut harness = harness(offered_state());
    settle(&mut harness);
    harness.get_by_label(TITLE);
    harness.get_by_label_contains("asks you to type a confirmation word");
    // A dialog: what is behind it cannot be reached while it is open.
    assert!(
        harness.query_by_label("Seal the key now").is_none(),
        "the note's button waits until the offer is put off"
    );
    harness.get_by_label("Not now").click();
    settle(&mut harness);
    assert!(harness.query_by_label(TITLE).is_none());
    assert!(matches!(
        harness.state().panels.lock.seal_offer,
        SealOffer::None
    ));

    // Until sealed, money moves only after the typed word ...
    harness
        .state_mut()
        .submit(SubmitRequest::Withdrawal(CreateWithdrawal::pix(
            dec("10"),
            "52998224725".to_owned(),
        )));
    settle(&mut harness);
    harness.get_by_label("Confirm what leaves");
    harness.get_by_label("Cancel").click();
    settle(&mut harness);

    // ... and the warning above the view offers sealing again.
    harness.get_by_label("Seal the key now").click();
    settle(&mut harness);
    harness.get_by_label(TITLE);
}

#[test]
fn sealing_from_the_offer_sends_the_passphrase_and_forgets_the_fields() {
    let mut harness = harness(offered_state());
    settle(&mut harness);
    type_into(&mut harness, "New passphrase", NEW_PASSPHRASE);
    type_into(&mut harness, "Type the passphrase again", NEW_PASSPHRASE);
    harness.get_by_label("Seal the key").click();
    settle(&mut harness);
    assert!(matches!(
        harness.state().panels.lock.seal_offer,
        SealOffer::Sealing
    ));
    let sealed: Vec<String> = harness
        .state_mut()
        .take_commands()
        .into_iter()
        .filter_map(|command| match command {
            Command::SealProfile { passphrase } => Some(passphrase.expose_secret().to_owned()),
            _ => None,
        })
        .collect();
    assert_eq!(sealed, vec![NEW_PASSPHRASE.to_owned()]);
    let (first, again) = new_passphrase_ids(SEAL_OFFER_FIELDS);
    for id in [first, again] {
        assert!(
            egui::TextEdit::load_state(&harness.ctx, id).is_none(),
            "the new passphrase's field state outlives the sealing"
        );
    }
    // Escape does not call it off while the key is being sealed.
    harness.key_press(egui::Key::Escape);
    settle(&mut harness);
    assert!(matches!(
        harness.state().panels.lock.seal_offer,
        SealOffer::Sealing
    ));
    harness.state_mut().apply(Event::ProfileSealed(Ok(())));
    settle(&mut harness);
    assert!(harness.query_by_label(TITLE).is_none());
    assert!(harness.state().shared.requires_passphrase());
}

/// Opens the saved plain profile "Old" on a fresh worker and returns the
/// state once its balance is read and the worker has said what it offers.
fn start(store: &Arc<MemoryStore>, book: &std::path::Path) -> AppState {
    let worker = worker(store.clone(), book.to_path_buf());
    let mut state = AppState::new(Language::En);
    assert!(worker.send(Command::Start { sandbox: false }));
    pump_until(&worker, &mut state, "the plain profile open", |state| {
        state.shared.data.balance_brl.value().is_some()
            && !matches!(state.panels.lock.seal_offer, SealOffer::None)
    });
    state
}

#[test]
fn a_plain_key_put_off_is_offered_sealing_again_at_the_next_start() {
    let account = sandbox_account("seal-at-start", 1);
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("profiles.json");
    let store = Arc::new(MemoryStore::default());
    store
        .save(
            "Old",
            &ProfileSecrets {
                api_key: SecretString::from("seal-at-start".to_owned()),
                private_key_pem: account.key.pem().clone(),
            },
        )
        .unwrap();
    ProfileBook {
        profiles: vec![Profile {
            name: "Old".to_owned(),
            base_url: account.sandbox.base_url().to_string(),
        }],
        last_used: Some("Old".to_owned()),
        ..ProfileBook::default()
    }
    .save(&book)
    .unwrap();

    let mut first = start(&store, &book);
    assert!(matches!(first.panels.lock.seal_offer, SealOffer::Open(_)));
    // Put off this run.
    first.panels.lock.seal_offer = SealOffer::None;
    drop(first);

    let second = start(&store, &book);
    assert!(
        matches!(second.panels.lock.seal_offer, SealOffer::Open(_)),
        "offered again while the key is plain"
    );
    assert!(!second.shared.requires_passphrase());
    drop(account.runtime);
}

/// The banner above the view says in words what to do, with no command to
/// type, in both languages.
#[test]
fn the_plain_key_banner_says_what_to_do_without_a_shell_command() {
    for language in [Language::En, Language::PtBr] {
        let mut state = connected_state(language);
        state.view = View::Withdrawals;
        let mut harness = harness(state);
        settle(&mut harness);
        let (banner, button) = match language {
            Language::En => ("all it takes is a passphrase", "Seal the key now"),
            _ => ("basta criar uma frase-senha", "Selar a chave agora"),
        };
        let shown = harness.get_by_label_contains(banner);
        let text = shown.accesskit_node().label().unwrap_or_default();
        assert!(!text.contains("openssl"), "{text}");
        harness.get_by_label(button).click();
        settle(&mut harness);
        assert!(
            matches!(harness.state().panels.lock.seal_offer, SealOffer::Open(_)),
            "the button opens the sealing dialog"
        );
    }
}

/// The environment's key (a file another tool owns) is saved as a sealed
/// profile through the first screen's form, its address already filled in.
#[test]
fn the_environment_key_banner_opens_saving_it_as_a_sealed_profile() {
    use brlv_desk::app::features::onboarding::state::KeySource;
    use brlv_desk::app::session::{ProfileKind, SessionInfo};

    let mut state = crate::support::ui::onboarding_state(Language::PtBr);
    state.apply(Event::SessionStarted(SessionInfo {
        id: crate::support::ui::SESSION,
        profile: Profile::for_environment("https://api.example.com"),
        kind: ProfileKind::Environment,
        sealed: false,
        route: Default::default(),
    }));
    state.view = View::Withdrawals;
    let mut harness = harness(state);
    settle(&mut harness);
    let shown = harness.get_by_label_contains("não está selada");
    let text = shown.accesskit_node().label().unwrap_or_default();
    assert!(!text.contains("openssl"), "{text}");
    assert!(
        harness.query_by_label("Selar a chave agora").is_none(),
        "a file another tool owns is not sealed in place"
    );
    harness.get_by_label("Salvar como perfil selado").click();
    settle(&mut harness);
    assert!(harness.state().shared.shows_onboarding());
    let onboarding = &harness.state().panels.onboarding;
    assert_eq!(onboarding.key_source, KeySource::File);
    assert_eq!(onboarding.base_url, "https://api.example.com");
    assert!(onboarding.save_profile);
    harness.get_by_label("Escolher arquivo da chave…");
    harness.get_by_label("Cancelar");
}

/// Saving the environment's key as a sealed profile asks only a name and a
/// passphrase: the form opens with the service's address, the API key and
/// the key file the environment named, the key read from it at once.
#[test]
fn saving_the_environment_key_as_a_sealed_profile_opens_the_form_prefilled() {
    use brlv_desk::app::features::onboarding::message::{OnboardingCommand, OnboardingEvent};
    use brlv_desk::app::features::onboarding::state::{KeyDraft, KeySource};
    use brlv_desk::app::session::{ProfileKind, SessionInfo};

    let key_file = std::path::PathBuf::from(format!(
        "{}/tests/fixtures/test-only-rsa2048-pkcs8.pem",
        env!("CARGO_MANIFEST_DIR")
    ));
    let mut state = crate::support::ui::onboarding_state(Language::PtBr);
    state.apply(Event::SessionStarted(SessionInfo {
        id: crate::support::ui::SESSION,
        profile: Profile::for_environment("https://api.example.com"),
        kind: ProfileKind::Environment,
        sealed: false,
        route: Default::default(),
    }));
    state.view = View::Withdrawals;
    let mut harness = harness(state);
    settle(&mut harness);
    harness.state_mut().take_commands();
    harness.get_by_label("Salvar como perfil selado").click();
    settle(&mut harness);
    // The worker is asked what the environment was made of.
    let asked = harness.state_mut().take_commands();
    assert!(
        asked
            .iter()
            .any(|command| matches!(command, Command::ReadEnvironmentProfile)),
        "{asked:?}"
    );
    harness
        .state_mut()
        .apply(Event::Onboarding(OnboardingEvent::EnvironmentRead {
            key_file: Some(key_file.clone()),
            api_key: Some(SecretString::from("env-api-key".to_owned())),
        }));
    // The key file is read at once.
    let read = harness.state_mut().take_commands();
    assert!(
        matches!(read.as_slice(),
            [Command::Onboarding(OnboardingCommand::LoadKeyFile(path))] if *path == key_file),
        "{read:?}"
    );
    let key = brlv_core::api::PrivateKey::from_pem(&crate::support::ui::fixture_pem(
        "test-only-rsa2048-pkcs8.pem",
    ))
    .unwrap();
    harness
        .state_mut()
        .apply(Event::Onboarding(OnboardingEvent::KeyFileLoaded {
            path: key_file.clone(),
            result: Ok(key),
        }));
    settle(&mut harness);

    let onboarding = &harness.state().panels.onboarding;
    assert_eq!(onboarding.base_url, "https://api.example.com");
    assert_eq!(onboarding.api_key.as_str(), "env-api-key");
    assert_eq!(onboarding.key_source, KeySource::File);
    assert_eq!(onboarding.key_path, key_file.display().to_string());
    assert!(matches!(onboarding.file_key, KeyDraft::Ready(_)));
    assert!(onboarding.save_profile);
    // What is left to type: the name and the passphrase, nothing else.
    let problems = onboarding.problems();
    assert!(problems.base_url.is_none());
    assert!(problems.api_key.is_none());
    assert!(problems.key.is_none());
    assert!(problems.name.is_some());
    assert!(problems.passphrase.is_some());
    // The API key is in its field, masked; the key file is named on screen.
    harness.get_by_label_contains("test-only-rsa2048-pkcs8.pem");
    // The key comes from the file: the step does not promise a new pair.
    harness.get_by_label("2. Sua chave privada");
    assert!(
        harness
            .query_by_label("2. Crie seu par de chaves")
            .is_none()
    );
    assert!(
        harness
            .query_all_by(|node| node
                .value()
                .is_some_and(|value| value.contains("env-api-key")))
            .next()
            .is_none(),
        "the API key is never shown"
    );
}

/// The worker tells the form the environment's API key (and, from the
/// process's variables, its key file).
#[test]
fn the_worker_reads_the_environment_profile_for_the_form() {
    use brlv_desk::app::worker::EnvironmentProfile;

    let dir = tempfile::tempdir().unwrap();
    let key = brlv_core::api::PrivateKey::from_pem(&crate::support::ui::fixture_pem(
        "test-only-rsa2048-pkcs8.pem",
    ))
    .unwrap();
    let worker = crate::support::worker::worker_with(
        Arc::new(MemoryStore::default()),
        dir.path().join("profiles.json"),
        EnvironmentProfile::Given(brlv_core::credentials::Credentials {
            base_url: "http://127.0.0.1:9".to_owned(),
            api_key: SecretString::from("given-api-key".to_owned()),
            private_key: key,
            network: Default::default(),
        }),
    );
    let mut state = AppState::new(Language::En);
    state.push(Command::ReadEnvironmentProfile);
    pump_until(&worker, &mut state, "the environment read", |state| {
        state.panels.onboarding.api_key.as_str() == "given-api-key"
    });
    assert!(state.panels.onboarding.save_profile);
}
