//! The webhook listener's address in Settings: shown with Copy while the
//! listener runs, said to be kept per saved profile; and the worker's side,
//! a saved profile's secret path kept from one run to the next.

use std::sync::Arc;

use egui_kittest::kittest::Queryable;
use secrecy::SecretString;

use brlv_core::keystore::{MemoryStore, ProfileSecrets, SecretStore};
use brlv_core::profile::{Profile, ProfileBook};
use brlv_desk::app::features::events::message::EventsCommand;
use brlv_desk::app::features::events::state::ListenerStatus;
use brlv_desk::app::features::lock::state::SealOffer;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Command;
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::{connected_state, harness, settle};
use crate::support::worker::{pump_until, sandbox_account, worker};

const URL: &str = "http://127.0.0.1:8787/webhook/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

#[test]
fn settings_shows_the_listeners_address_with_copy_and_says_it_is_kept_per_profile() {
    let mut state = connected_state(Language::En);
    state.view = View::Settings;
    state.panels.events.status = ListenerStatus::Listening(URL.to_owned());
    let mut harness = harness(state);
    settle(&mut harness);
    // A developer's part of Settings: in its Advanced section.
    assert!(harness.query_by_label("Webhook address").is_none());
    open_advanced(&mut harness, "Advanced");
    harness.get_by_label("Webhook address");
    harness.get_by_label(URL);
    harness.get_by_label_contains("kept for this profile");
    harness.get_by_label("Copy address").click_accesskit();
    harness.step();
    let copied = harness
        .output()
        .platform_output
        .commands
        .iter()
        .any(|command| matches!(command, egui::OutputCommand::CopyText(text) if text == URL));
    assert!(copied, "Copy puts the address on the clipboard");

    // Off: no address, and where to start it.
    harness.state_mut().panels.events.status = ListenerStatus::Off;
    settle(&mut harness);
    assert!(harness.query_by_label(URL).is_none());
    harness.get_by_label_contains("Start it on the Events view");
    assert!(harness.query_by_label("Copy address").is_none());
}

#[test]
fn in_portuguese_the_address_is_said_to_be_kept_for_the_profile() {
    let mut state = connected_state(Language::PtBr);
    state.view = View::Settings;
    state.panels.events.status = ListenerStatus::Listening(URL.to_owned());
    let mut harness = harness(state);
    settle(&mut harness);
    open_advanced(&mut harness, "Avançado");
    harness.get_by_label("Endereço do webhook");
    harness.get_by_label(URL);
    harness.get_by_label("Copiar endereço");
    harness.get_by_label_contains("guardada para este perfil");
}

/// Opens Settings' Advanced section, whose header is called `title`.
fn open_advanced(harness: &mut egui_kittest::Harness<'static, AppState>, title: &str) {
    // At Settings' foot, below the window's edge: pressed as a screen reader does.
    harness.get_by_label(title).click_accesskit();
    settle(harness);
}

/// The path of a listener's URL (`/webhook/SECRET`).
fn path_of(url: &str) -> String {
    url::Url::parse(url).unwrap().path().to_owned()
}

/// Opens the saved profile "Kept" on a fresh worker, starts the listener
/// on any free port, and returns its URL and the state.
fn listen_once(store: &Arc<MemoryStore>, book: &std::path::Path) -> (String, AppState) {
    let worker = worker(store.clone(), book.to_path_buf());
    let mut state = AppState::new(Language::En);
    assert!(worker.send(Command::Start { sandbox: false }));
    pump_until(&worker, &mut state, "the saved profile open", |state| {
        state.shared.session.is_some()
    });
    state.push(Command::Events(EventsCommand::StartListener(0)));
    pump_until(&worker, &mut state, "the listener", |state| {
        matches!(state.panels.events.status, ListenerStatus::Listening(_))
    });
    let ListenerStatus::Listening(url) = state.panels.events.status.clone() else {
        unreachable!()
    };
    drop(worker);
    (url, state)
}

#[test]
fn worker_test_of_the_kept_secret_a_restarted_profile_listens_at_the_same_path() {
    let account = sandbox_account("webhook-kept", 1);
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("profiles.json");
    let store = Arc::new(MemoryStore::default());
    store
        .save(
            "Kept",
            &ProfileSecrets {
                api_key: SecretString::from("webhook-kept".to_owned()),
                private_key_pem: account.key.pem().clone(),
            },
        )
        .unwrap();
    ProfileBook {
        profiles: vec![Profile {
            name: "Kept".to_owned(),
            base_url: account.sandbox.base_url().to_string(),
        }],
        last_used: Some("Kept".to_owned()),
        ..ProfileBook::default()
    }
    .save(&book)
    .unwrap();

    let (first, mut state) = listen_once(&store, &book);
    let (second, _) = listen_once(&store, &book);
    assert!(first.starts_with("http://127.0.0.1:"), "{first}");
    let secret_path = path_of(&first);
    assert!(secret_path.starts_with("/webhook/"), "{secret_path}");
    assert!(secret_path.len() > "/webhook/".len() + 32, "{secret_path}");
    assert_eq!(
        path_of(&second),
        secret_path,
        "the same profile keeps its secret path from run to run"
    );
    assert!(
        dir.path()
            .join(brlv_desk::webhook::SECRETS_FILE_NAME)
            .exists()
    );

    // What Settings shows is that address.
    state.panels.lock.seal_offer = SealOffer::None;
    state.view = View::Settings;
    let mut harness = harness(state);
    settle(&mut harness);
    open_advanced(&mut harness, "Advanced");
    harness.get_by_label(&first);
    harness.get_by_label_contains("kept for this profile");
    drop(account.runtime);
}
