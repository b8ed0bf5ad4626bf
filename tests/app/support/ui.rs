//! Shared set-up of the egui_kittest UI tests: the whole shell, drawn from an
//! `AppState` alone, in a window large enough that nothing scrolls away.

use std::str::FromStr;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use rust_decimal::Decimal;

use brlv_core::profile::Profile;
use brlv_desk::app::clock::LocalZone;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Event;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::session::{ProfileKind, SessionInfo};
use brlv_desk::app::shell::shell_ui;
use brlv_desk::app::state::AppState;

/// The session id every helper uses.
pub const SESSION: u64 = 3;

/// A harness drawing the shell for `state`.
pub fn harness(state: AppState) -> Harness<'static, AppState> {
    Harness::builder()
        .with_size([1280.0, 1100.0])
        .with_max_steps(12)
        .build_ui_state(|ui, state: &mut AppState| shell_ui(ui, state), state)
}

/// The whole shell for `state` in a window of `size` points at 200 %,
/// settled.
pub fn harness_at_200(state: AppState, size: egui::Vec2) -> Harness<'static, AppState> {
    let mut harness = Harness::builder()
        .with_size(size)
        .with_pixels_per_point(2.0)
        .with_max_steps(12)
        .build_ui_state(|ui, state: &mut AppState| shell_ui(ui, state), state);
    settle(&mut harness);
    harness
}

/// Runs frames until nothing moves (or a spinner keeps going), then two more
/// so grids have done their sizing pass.
pub fn settle(harness: &mut Harness<'static, AppState>) {
    let _ = harness.run_ok();
    harness.run_steps(2);
}

/// A decimal from text.
pub fn dec(text: &str) -> Decimal {
    Decimal::from_str(text).unwrap()
}

/// A state past start-up with no connection: the onboarding screen.
pub fn onboarding_state(language: Language) -> AppState {
    let mut state = AppState::new(language);
    // Moments are read in UTC unless a test is about the person's zone.
    state.shared.zone = LocalZone::utc();
    state.apply(Event::StartupFinished);
    state
}

/// A state connected to a saved profile.
pub fn connected_state(language: Language) -> AppState {
    let mut state = onboarding_state(language);
    state.apply(Event::SessionStarted(SessionInfo {
        id: SESSION,
        profile: Profile {
            name: "Empresa".to_owned(),
            base_url: "https://api.example.com".to_owned(),
        },
        kind: ProfileKind::Saved,
        sealed: false,
        route: Default::default(),
    }));
    state
}

/// [`connected_state`] whose account has made no payment yet: a review
/// has the service's lists to compare a repeat with, and finds none.
pub fn connected_without_payments(language: Language) -> AppState {
    let mut state = connected_state(language);
    deliver(&mut state, Fetched::Withdrawals(Vec::new().into()), 0);
    deliver(&mut state, Fetched::Transfers(Vec::new().into()), 0);
    state
}

/// Delivers a fetched resource at `at` ms.
pub fn deliver(state: &mut AppState, data: Fetched, at: u64) {
    state.apply(Event::FetchFinished {
        session: SESSION,
        resource: data.key(),
        result: Ok(data),
        at,
        next_at: at + 30_000,
    });
}

/// A test-only RSA key from the fixtures.
pub fn fixture_pem(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/fixtures/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// What a panel sent on the shared account paths, comparable in assertions.
#[derive(Debug, PartialEq)]
pub enum Sent {
    /// A form's POST.
    Submit(brlv_desk::app::submit::SubmitRequest),
    /// A filtered list.
    Query(brlv_desk::app::resources::ListQuery),
    /// A CSV export.
    Export(brlv_desk::app::export::ExportRequest),
}

/// The Commands queued since the last call that submit, query or export.
pub fn sent(state: &mut AppState) -> Vec<Sent> {
    use brlv_desk::app::message::Command;
    state
        .take_commands()
        .into_iter()
        .filter_map(|command| match command {
            Command::Submit { request, .. } => Some(Sent::Submit(request)),
            Command::Query(query) => Some(Sent::Query(query)),
            Command::Export(request) => Some(Sent::Export(request)),
            _ => None,
        })
        .collect()
}

/// Types `text` into the field labelled `label`, then lets the frame settle.
pub fn type_into(harness: &mut Harness<'static, AppState>, label: &str, text: &str) {
    let field = harness.get_by_label(label);
    field.focus();
    field.type_text(text);
    settle(harness);
}

/// The passphrase the sealed test key opens with.
pub const PASSPHRASE: &str = "desk test passphrase";

/// The fixture key sealed with [`PASSPHRASE`] (cheap scrypt: tests only).
pub fn sealed_key() -> &'static secrecy::SecretString {
    static SEALED: std::sync::OnceLock<secrecy::SecretString> = std::sync::OnceLock::new();
    SEALED.get_or_init(|| {
        let key = brlv_core::api::PrivateKey::from_pem(&fixture_pem("test-only-rsa2048-pkcs8.pem"))
            .unwrap();
        brlv_core::seal::seal(
            &key,
            &secrecy::SecretString::from(PASSPHRASE.to_owned()),
            brlv_core::seal::ScryptCost::TEST_ONLY_CHEAP,
        )
        .unwrap()
    })
}

/// Marks the open profile's key as sealed, as the worker reports a real account.
pub fn seal_session(state: &mut AppState) {
    state.shared.session.as_mut().unwrap().sealed = true;
}

/// Plays the worker's part for passphrase checks: each `CheckPassphrase`
/// queued is checked for real against [`sealed_key`] and answered; every
/// other Command stays queued.
pub fn answer_passphrase_checks(state: &mut AppState) {
    use brlv_desk::app::message::Command;
    use secrecy::ExposeSecret;
    for command in state.take_commands() {
        match command {
            Command::CheckPassphrase {
                purpose,
                attempt,
                passphrase,
            } => {
                let accepted =
                    brlv_core::seal::unseal(sealed_key().expose_secret(), &passphrase).is_ok();
                state.apply(Event::PassphraseChecked {
                    purpose,
                    attempt,
                    accepted,
                });
            }
            other => state.push(other),
        }
    }
}

/// Types `passphrase` at the confirmation step of a money-moving request,
/// presses its button, and lets the (played) worker answer.
pub fn authorize_with(harness: &mut Harness<'static, AppState>, passphrase: &str) {
    type_into(harness, "Passphrase", passphrase);
    harness.get_by_label("Authorize and send").click();
    settle(harness);
    answer_passphrase_checks(harness.state_mut());
    settle(harness);
}

/// What every money-moving form's test checks once its request waits at the
/// confirmation step: nothing is sent until the right passphrase; a wrong
/// one sends nothing and says so; the right one (once the wait after the
/// wrong one is over) sends exactly what was reviewed.
pub fn only_the_right_passphrase_sends(
    harness: &mut Harness<'static, AppState>,
    expected: brlv_desk::app::submit::SubmitRequest,
) {
    harness.get_by_label("Confirm with your passphrase");
    assert!(
        sent(harness.state_mut()).is_empty(),
        "nothing before the passphrase"
    );
    authorize_with(harness, "not the passphrase");
    harness.get_by_label("Wrong passphrase. Nothing was sent.");
    assert!(
        sent(harness.state_mut()).is_empty(),
        "nothing after a wrong one"
    );
    // Too soon after a wrong one: the button waits.
    type_into(harness, "Passphrase", PASSPHRASE);
    harness.get_by_label_contains("Try again in 1 s");
    harness.get_by_label("Authorize and send").click();
    settle(harness);
    answer_passphrase_checks(harness.state_mut());
    assert!(
        sent(harness.state_mut()).is_empty(),
        "nothing while it must wait"
    );
    harness.state_mut().shared.now += 1_000;
    settle(harness);
    harness.get_by_label("Authorize and send").click();
    settle(harness);
    answer_passphrase_checks(harness.state_mut());
    settle(harness);
    assert_eq!(sent(harness.state_mut()), vec![Sent::Submit(expected)]);
    assert!(
        harness
            .query_by_label("Confirm with your passphrase")
            .is_none()
    );
}

/// Passes a plain key's confirmation step as a person does: the word shown
/// typed, then its button. Checks first that nothing has left before it.
pub fn confirm_plain_key(harness: &mut Harness<'static, AppState>) {
    let (word, field, button) = match harness.state().shared.language {
        Language::PtBr => ("ENVIAR", "Digite ENVIAR para confirmar", "Enviar"),
        _ => ("SEND", "Type SEND to confirm", "Send"),
    };
    assert!(
        !submit_pending(harness.state()),
        "nothing leaves before the word is typed"
    );
    type_into(harness, field, word);
    harness.get_by_label(button).click();
    settle(harness);
}

/// Whether a request that moves money waits to leave.
pub fn submit_pending(state: &AppState) -> bool {
    state
        .pending_commands()
        .iter()
        .any(|command| matches!(command, brlv_desk::app::message::Command::Submit { .. }))
}

/// An order as the service lists it, in `state`, paying `pay` and getting
/// `get` (each an amount and an asset), its fee zero in the asset got.
pub fn listed_order(
    n: u128,
    at: &str,
    state: &str,
    pay: (&str, &str),
    get: (&str, &str),
) -> brlv_core::api::model::Order {
    serde_json::from_value(serde_json::json!({
        "id": uuid::Uuid::from_u128(n), "state": state, "created-at": at,
        "state-updated-at": at,
        "source-asset": pay.1, "source-amount": pay.0,
        "target-asset": get.1, "target-amount": get.0,
        "fee-amount": "0", "fee-asset": get.1,
    }))
    .expect("an order as the service lists it")
}

/// What the panels asked the journal to keep of what the person typed,
/// taken from `state`'s queued commands.
pub fn kept_tax_inputs(state: &mut AppState) -> Vec<brlv_core::tax::TaxInput> {
    use brlv_desk::app::features::journal::message::JournalCommand;
    use brlv_desk::app::message::Command;
    state
        .take_commands()
        .into_iter()
        .filter_map(|command| match command {
            Command::Journal(JournalCommand::KeepTaxInput(input)) => Some(input),
            _ => None,
        })
        .collect()
}

/// The lists the tax year reads, as the service listed them at 9,000:
/// `orders`, `transfers` and `wallets`, no withdrawals and no token
/// deposits; then the journal's copy restored, with `typed`.
pub fn deliver_tax_lists(
    state: &mut AppState,
    orders: Vec<brlv_core::api::model::Order>,
    transfers: Vec<brlv_core::api::model::Transfer>,
    wallets: Vec<brlv_core::api::model::Wallet>,
    typed: brlv_core::tax::TypedValues,
) {
    use brlv_desk::app::features::journal::message::{JournalEvent, TaxJournal};
    deliver(state, Fetched::Orders(orders.into()), 9_000);
    deliver(state, Fetched::Transfers(transfers.into()), 9_000);
    deliver(state, Fetched::Withdrawals(vec![].into()), 9_000);
    deliver(state, Fetched::Wallets(wallets.into()), 9_000);
    deliver(state, Fetched::DepositsUsdc(vec![].into()), 9_000);
    deliver(state, Fetched::DepositsUsdt(vec![].into()), 9_000);
    state.apply(Event::Journal(JournalEvent::Restored {
        session: SESSION,
        lists: Vec::new(),
        claims: Vec::new(),
        orders_sent: Vec::new(),
        tax: TaxJournal {
            typed,
            ..TaxJournal::default()
        },
    }));
}
