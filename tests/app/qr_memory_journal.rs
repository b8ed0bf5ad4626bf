//! What a Pix code is checked against outlives a restart: the real worker
//! keeps the quote accepted and the first receiver seen in the profile's
//! journal on disk, and reads them back when the profile opens again; a
//! second receiver given later does not replace the first.

use std::sync::Arc;

use secrecy::SecretString;

use brlv_core::api::model::Asset;
use brlv_desk::app::features::orders::message::OrdersCommand;
use brlv_desk::app::features::orders::qr_memory::{AcceptedQuote, Receiver, ReceiverAccount};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Command;
use brlv_desk::app::state::AppState;
use brlv_desk::app::worker::{EnvironmentProfile, NetworkPolicy, SecretSource, WorkerConfig};

use crate::support::ui::{dec, fixture_pem};
use crate::support::worker::{SandboxAccount, pump_until, sandbox_account, spawn};

const API_KEY: &str = "qr-memory";

fn receiver(name: &str, key: &str) -> Receiver {
    Receiver {
        name: name.to_owned(),
        city: "SAO PAULO".to_owned(),
        account: ReceiverAccount::Key(key.to_owned()),
    }
}

/// The app started on the sandbox's account, its journal in `dir`, once the
/// journal's memory has been read back.
fn started(
    account: &SandboxAccount,
    dir: &std::path::Path,
) -> (brlv_desk::app::worker::WorkerHandle, AppState) {
    let key =
        brlv_core::api::PrivateKey::from_pem(&fixture_pem("test-only-rsa2048-pkcs8.pem")).unwrap();
    let worker = spawn(WorkerConfig {
        clock: brlv_desk::app::clock::Clock::new(),
        secrets: SecretSource::Store(Arc::new(brlv_core::keystore::MemoryStore::default())),
        profile_path: Some(dir.join("profiles.json")),
        environment: EnvironmentProfile::Given(brlv_core::credentials::Credentials {
            base_url: account.sandbox.base_url().to_string(),
            api_key: SecretString::from(API_KEY.to_owned()),
            private_key: key,
            network: Default::default(),
        }),
        network: NetworkPolicy::default(),
        seal_cost: brlv_core::seal::ScryptCost::TEST_ONLY_CHEAP,
        journal_dir: Some(dir.join("journal")),
        dialogs: Arc::new(brlv_desk::app::dialog::RecordingDialogs::default()),
        updates: brlv_desk::app::worker::UpdateConfig::this_build(),
        central_bank: Default::default(),
        sandbox_clock_start: None,
    });
    assert!(worker.send(Command::Start { sandbox: false }));
    let mut state = AppState::new(Language::En);
    pump_until(&worker, &mut state, "the journal's QR memory", |state| {
        state.panels.orders.qr_memory.loaded
    });
    (worker, state)
}

#[test]
fn the_accepted_quote_and_the_first_receiver_outlive_a_restart() {
    let account = sandbox_account(API_KEY, 1);
    let dir = tempfile::tempdir().unwrap();
    let accepted = AcceptedQuote {
        quote_id: "0b9e8d7c-6f5a-4b3c-8d2e-1f0a9b8c7d6e".parse().unwrap(),
        source_amount: dec("500.00"),
        source_asset: Asset::FiatBrl,
    };
    let first = receiver("BRLV SANDBOX", "7d9f0335-8dcc-4054-9bf9-0dbd61d36906");
    {
        let (worker, mut state) = started(&account, dir.path());
        assert!(state.panels.orders.qr_memory.accepted.is_empty());
        assert_eq!(state.panels.orders.qr_memory.first_receiver, None);
        for command in [
            OrdersCommand::KeepAccepted(accepted.clone()),
            OrdersCommand::RememberReceiver(first.clone()),
            OrdersCommand::RememberReceiver(receiver("OUTRA LOJA", "outra@example.com")),
        ] {
            assert!(worker.send(Command::Orders(command)));
        }
        let _ = state.take_commands();
        // The worker lets its journal write what is queued before it ends.
        drop(worker);
    }
    let (_worker, state) = started(&account, dir.path());
    assert_eq!(
        state
            .panels
            .orders
            .qr_memory
            .accepted
            .get(&accepted.quote_id),
        Some(&accepted)
    );
    assert_eq!(state.panels.orders.qr_memory.first_receiver, Some(first));
}
