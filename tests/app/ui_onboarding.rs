//! The onboarding screen, headless: what the app is and the steps that say
//! where each part comes from, in both languages and in Tab order; a bad PEM
//! is refused with its message, a generated key's public key is shown with
//! Copy, a complete form sends Connect, and the sandbox button sends
//! StartSandbox.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use brlv_core::api::{PrivateKey, RsaKeyBits};
use brlv_desk::app::features::onboarding::message::{OnboardingCommand, OnboardingEvent};
use brlv_desk::app::features::onboarding::state::{KeyDraft, KeySource};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::state::AppState;
use secrecy::ExposeSecret;

use crate::support::ui::{fixture_pem, harness, onboarding_state, settle};

#[test]
fn a_bad_pem_is_refused_with_the_message_beside_the_field() {
    let mut harness = harness(onboarding_state(Language::En));
    settle(&mut harness);
    harness.get_by_label("Advanced").click();
    settle(&mut harness);
    harness.get_by_label("Paste a PEM").click();
    settle(&mut harness);
    let field = harness.get_by_label("Private key");
    field.focus();
    field.type_text("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----");
    settle(&mut harness);
    harness.get_by_label("This private key cannot be used:");
    harness.get_by_label_contains("not an RSA private key");

    // Not PEM at all: the other message.
    *harness.state_mut().panels.onboarding.pasted_pem = "hello".to_owned();
    harness.state_mut().panels.onboarding.pasted_changed();
    settle(&mut harness);
    harness.get_by_label_contains("not in PEM format");
    assert!(
        harness
            .state()
            .panels
            .onboarding
            .connect_request()
            .is_none()
    );
}

#[test]
fn on_a_portuguese_screen_the_refusal_is_in_portuguese() {
    let mut state = onboarding_state(Language::PtBr);
    state.panels.onboarding.key_source =
        brlv_desk::app::features::onboarding::state::KeySource::Pasted;
    *state.panels.onboarding.pasted_pem = "hello".to_owned();
    state.panels.onboarding.pasted_changed();
    state.panels.onboarding.base_url = "http://api.example.com".to_owned();
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains("não está no formato PEM");
    assert!(
        harness
            .query_by_label_contains("not in PEM format")
            .is_none()
    );
    harness.get_by_label_contains("usa http sem criptografia");
}

#[test]
fn a_too_small_key_is_refused_with_its_reason() {
    let mut state = onboarding_state(Language::En);
    state.panels.onboarding.key_source =
        brlv_desk::app::features::onboarding::state::KeySource::Pasted;
    *state.panels.onboarding.pasted_pem = fixture_pem("test-only-rsa1024-pkcs1.pem");
    state.panels.onboarding.pasted_changed();
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains("shorter than 2048 bits");
}

#[test]
fn generating_a_key_asks_the_worker_and_shows_the_public_key_with_copy() {
    let mut harness = harness(onboarding_state(Language::En));
    settle(&mut harness);
    // The size is under Advanced, closed at first; creating here is the default.
    assert!(harness.query_by_label("RSA 2048").is_none());
    harness.get_by_label("The public key appears here once the key pair is created.");
    harness.get_by_label("Advanced").click();
    settle(&mut harness);
    harness.get_by_label("RSA 2048").click();
    settle(&mut harness);
    harness.get_by_label("Create key pair").click();
    settle(&mut harness);
    let commands = harness.state_mut().take_commands();
    assert!(
        matches!(
            commands.as_slice(),
            [Command::Onboarding(OnboardingCommand::GenerateKey(
                RsaKeyBits::Rsa2048
            ))]
        ),
        "{commands:?}"
    );
    harness.get_by_label("Working on the key…");

    // The worker answers with the key.
    let key = PrivateKey::from_pem(&fixture_pem("test-only-rsa2048-pkcs8.pem")).unwrap();
    let public_pem = key.public_key_pem().to_owned();
    harness
        .state_mut()
        .apply(Event::Onboarding(OnboardingEvent::KeyGenerated(Ok(key))));
    settle(&mut harness);
    harness.get_by_label("RSA 2048-bit private key ready.");
    harness.get_by_label_contains("add it in the same developer (API) settings");
    assert!(
        harness
            .query_by_label("The public key appears here once the key pair is created.")
            .is_none()
    );
    let shown = harness
        .get_all_by(|node| {
            node.value()
                .is_some_and(|value| value.contains("-----BEGIN PUBLIC KEY-----"))
        })
        .next()
        .unwrap();
    assert_eq!(shown.value().unwrap(), public_pem);

    harness.get_by_label("Copy").click();
    harness.step();
    let copied = harness.output().platform_output.commands.iter().any(
        |command| matches!(command, egui::OutputCommand::CopyText(text) if *text == public_pem),
    );
    assert!(copied, "Copy puts the public key on the clipboard");
}

#[test]
fn a_complete_form_sends_connect_with_what_was_typed() {
    let mut harness = harness(onboarding_state(Language::En));
    settle(&mut harness);
    for (label, text) in [
        ("Profile name", "Empresa"),
        ("Service address (base URL)", "https://api.example.com"),
        ("API key", "key-123"),
    ] {
        let field = harness.get_by_label(label);
        field.focus();
        field.type_text(text);
        settle(&mut harness);
    }
    harness.get_by_label("Advanced").click();
    settle(&mut harness);
    harness.get_by_label("Paste a PEM").click();
    settle(&mut harness);
    let field = harness.get_by_label("Private key");
    field.focus();
    field.type_text(&fixture_pem("test-only-rsa2048-pkcs1.pem"));
    settle(&mut harness);
    harness.get_by_label("RSA 2048-bit private key ready.");
    // No connection without a passphrase to seal the key with, typed twice alike.
    assert!(
        harness
            .state()
            .panels
            .onboarding
            .connect_request()
            .is_none()
    );
    for (label, text) in [
        ("New passphrase", "horse battery staple"),
        ("Type the passphrase again", "horse battery stapel"),
    ] {
        let field = harness.get_by_label(label);
        field.focus();
        field.type_text(text);
        settle(&mut harness);
    }
    harness.get_by_label("The two passphrases differ");
    harness.get_by_label("Strong");
    assert!(
        harness
            .state()
            .panels
            .onboarding
            .connect_request()
            .is_none()
    );
    *harness
        .state_mut()
        .panels
        .onboarding
        .passphrase
        .confirmation = "horse battery staple".to_owned();
    settle(&mut harness);
    let problems = harness.state().panels.onboarding.problems();
    assert!(problems.is_empty(), "{problems:?}");
    // Below the fold once the public key is shown: pressed as a screen reader does.
    harness.get_by_label("Test and connect").click_accesskit();
    settle(&mut harness);
    let mut commands = harness.state_mut().take_commands();
    let Some(Command::Connect(request)) = commands.pop() else {
        panic!("expected Connect, got {commands:?}");
    };
    assert_eq!(request.profile.name, "Empresa");
    assert_eq!(request.profile.base_url, "https://api.example.com");
    assert_eq!(request.api_key.expose_secret(), "key-123");
    assert!(request.save);
    assert_eq!(request.private_key.bits(), 2048);
    assert_eq!(request.passphrase.expose_secret(), "horse battery staple");
}

#[test]
fn a_plain_http_address_is_refused_beside_the_field() {
    let mut state = onboarding_state(Language::En);
    state.panels.onboarding.base_url = "http://api.example.com".to_owned();
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains("only https is allowed");
}

#[test]
fn a_failed_connection_test_says_what_went_wrong() {
    let mut harness = harness(onboarding_state(Language::En));
    harness.state_mut().apply(Event::Connecting);
    harness
        .state_mut()
        .apply(Event::ConnectFailed(brlv_core::api::Error::Unauthorized {
            error: None,
            hint: brlv_core::api::error::UnauthorizedHint::ClockSkew { offset_secs: 95 },
        }));
    settle(&mut harness);
    harness.get_by_label("The connection test failed:");
    harness.get_by_label_contains("clock is 95 s behind");
}

#[test]
fn the_sandbox_button_starts_the_sandbox_in_portuguese_too() {
    let mut harness = harness(onboarding_state(Language::PtBr));
    settle(&mut harness);
    harness.get_by_label("Experimentar o sandbox").click();
    settle(&mut harness);
    let commands = harness.state_mut().take_commands();
    assert!(
        matches!(commands.as_slice(), [Command::StartSandbox]),
        "{commands:?}"
    );
}

#[test]
fn saved_profiles_can_be_opened_and_the_language_picked_before_connecting() {
    let mut state = onboarding_state(Language::En);
    state.apply(Event::ProfilesLoaded(brlv_core::profile::ProfileBook {
        profiles: vec![brlv_core::profile::Profile {
            name: "Empresa".to_owned(),
            base_url: "https://api.example.com".to_owned(),
        }],
        last_used: None,
        ..Default::default()
    }));
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Open").click();
    settle(&mut harness);
    let commands = harness.state_mut().take_commands();
    assert!(
        matches!(commands.as_slice(), [Command::OpenProfile(name)] if name == "Empresa"),
        "{commands:?}"
    );
    harness.get_by_label("Português (Brasil)").click();
    settle(&mut harness);
    harness.get_by_label("Conecte sua conta em quatro passos");
    harness.get_by_label("Testar e conectar");
}

#[test]
fn the_first_screen_says_what_the_app_is_and_where_each_part_comes_from() {
    let mut harness = harness(onboarding_state(Language::En));
    settle(&mut harness);
    harness.get_by_label_contains("brlv-desk shows and moves the money in your BRLV account");
    harness.get_by_label("Try it first, with no account");
    harness.get_by_label("Try the sandbox");
    harness.get_by_label("Connect your account in four steps");
    harness.get_by_label("1. The service's address and your API key");
    harness.get_by_label_contains("in its developer (API) settings");
    harness.get_by_label("2. Create your key pair");
    harness.get_by_label_contains("never leaves here");
    harness.get_by_label("3. Register the public key at the service");
    harness.get_by_label("4. Protect and save");
    // The key pair is created here unless the person opens Advanced.
    assert_eq!(
        harness.state().panels.onboarding.key_source,
        KeySource::Generated
    );
    harness.get_by_label("Create key pair");
    assert!(harness.query_by_label("PEM file").is_none());
    harness.get_by_label("Advanced").click();
    settle(&mut harness);
    harness.get_by_label("RSA 3072");
    harness.get_by_label("PEM file");
    harness.get_by_label("Paste a PEM");
    harness.get_by_label("Create a new key pair here (recommended)");
}

#[test]
fn the_first_screen_reads_as_a_brazilian_app_in_portuguese() {
    let mut harness = harness(onboarding_state(Language::PtBr));
    settle(&mut harness);
    harness.get_by_label_contains("O brlv-desk mostra e movimenta o dinheiro da sua conta BRLV");
    harness.get_by_label("Experimente antes, sem conta");
    harness.get_by_label("Experimentar o sandbox");
    harness.get_by_label("1. Endereço do serviço e chave de API");
    harness.get_by_label_contains("nas configurações de desenvolvedor (API)");
    harness.get_by_label("2. Crie seu par de chaves");
    harness.get_by_label("Criar par de chaves");
    harness.get_by_label("3. Cadastre a chave pública no serviço");
    harness.get_by_label("A chave pública aparece aqui assim que o par de chaves for criado.");
    harness.get_by_label("4. Proteja e salve");
    harness.get_by_label("Avançado").click();
    settle(&mut harness);
    harness.get_by_label("Tamanho da chave");
    harness.get_by_label("Colar um PEM");

    // Once the key exists, its public key with Copiar and what to do with it.
    let key =
        brlv_core::api::PrivateKey::from_pem(&fixture_pem("test-only-rsa2048-pkcs8.pem")).unwrap();
    harness
        .state_mut()
        .apply(Event::Onboarding(OnboardingEvent::KeyGenerated(Ok(key))));
    settle(&mut harness);
    harness.get_by_label("Copiar");
    harness.get_by_label_contains("Copie e cadastre nas mesmas configurações de desenvolvedor");
}

#[test]
fn a_pasted_key_shows_its_public_key_to_register_too() {
    let mut state = onboarding_state(Language::En);
    state.panels.onboarding.key_source = KeySource::Pasted;
    *state.panels.onboarding.pasted_pem = fixture_pem("test-only-rsa2048-pkcs8.pem");
    state.panels.onboarding.pasted_changed();
    let KeyDraft::Ready(key) = &state.panels.onboarding.pasted_key else {
        panic!("the fixture is a usable key");
    };
    let public_pem = key.public_key_pem().to_owned();
    let mut harness = harness(state);
    settle(&mut harness);
    // Advanced opens by itself when the key comes from elsewhere.
    harness.get_by_label("Paste a PEM");
    let shown = harness.get_by_label("Public key");
    assert_eq!(shown.value().unwrap_or_default(), public_pem);
}

/// Whether the control named `name` has the keyboard focus.
fn has_focus(harness: &Harness<'static, AppState>, name: &str) -> bool {
    harness.get_by_label(name).is_focused()
}

#[test]
fn tab_walks_the_steps_in_their_order() {
    let mut harness = harness(onboarding_state(Language::En));
    settle(&mut harness);
    harness.get_by_label("Try the sandbox").focus();
    settle(&mut harness);
    let order = [
        "Service address (base URL)",
        "API key",
        "Create key pair",
        "Advanced",
        "Profile name",
        "New passphrase",
    ];
    let mut reached = Vec::new();
    for _ in 0..20 {
        harness.key_press(egui::Key::Tab);
        settle(&mut harness);
        if let Some(name) = order.iter().find(|name| has_focus(&harness, name))
            && reached.last() != Some(name)
        {
            reached.push(*name);
        }
        if reached.len() == order.len() {
            break;
        }
    }
    assert_eq!(reached, order, "Tab follows the steps");
}
