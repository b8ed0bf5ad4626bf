//! The update check in the window. The real worker against the sandbox:
//! the daily check at start finds the demo feed's newer version (and its
//! package downloads and verifies into the Downloads folder); a check made
//! an hour ago is not repeated at start; no check starts while a
//! withdrawal's POST is in flight; a feed signed by another key is
//! reported as failed with nothing offered; on Windows, Update's
//! installer is downloaded and checked but nothing is run while a
//! withdrawal's POST is in flight.
//! Headless: Settings' "Updates" section says what this build is and what
//! a check found, and the notice of a newer version shows until dismissed,
//! and not again for that version; on Windows its Update asks to install
//! and restart, shows the download's progress and then that the window
//! closes, or why nothing was run.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use egui_kittest::kittest::{NodeT, Queryable};
use time::OffsetDateTime;
use time::macros::{date, datetime};

use brlv_core::api::model::CreateWithdrawal;
use brlv_core::update::{
    BuiltInUpdates, DemoFeedKey, PackageEntry, Platform, ReleaseNotes, UpdateNotice, UpdateSource,
    Version,
};
use brlv_desk::app::clock::Clock;
use brlv_desk::app::error_text::Localize;
use brlv_desk::app::features::lock::state::LockTold;
use brlv_desk::app::features::updates::message::{
    CheckOutcome, SavedPackage, UpdatesCommand, UpdatesEvent,
};
use brlv_desk::app::features::updates::problem::UpdateProblem;
use brlv_desk::app::features::updates::state::{DownloadStatus, UpdatesState};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::shell::PersistedUi;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::{SubmitRequest, SubmitStatus};
use brlv_desk::app::worker::{
    EnvironmentProfile, NetworkPolicy, SecretSource, UpdateConfig, UpdateFeed, WorkerConfig,
    WorkerHandle,
};

use crate::fault_proxy_server::{Fault, Proxy};
use crate::support::ui::{connected_state, harness, settle};
use crate::support::worker::{SandboxAccount, pump_until, sandbox_account, spawn};

/// A minisign public key (the core's tests' own), for a build "with a feed".
const RELEASE_KEY: &str = "RWTq1fFf76WZuaW8Fuz3kX4YGLJTeedrdCxI8Ly+5qq6Hzh7E6SWF7f6";

/// A worker with no profile of its own, checking `feed` as `platform`; the
/// tests that send a withdrawal set its environment and network over it.
fn worker_config(feed: UpdateFeed, platform: Platform, downloads: Option<PathBuf>) -> WorkerConfig {
    WorkerConfig {
        clock: Clock::new(),
        secrets: SecretSource::Store(Arc::new(brlv_core::keystore::MemoryStore::default())),
        profile_path: None,
        environment: EnvironmentProfile::Ignore,
        network: NetworkPolicy::default(),
        seal_cost: brlv_core::seal::ScryptCost::TEST_ONLY_CHEAP,
        journal_dir: None,
        dialogs: Arc::new(brlv_desk::app::dialog::RecordingDialogs::default()),
        central_bank: Default::default(),
        sandbox_clock_start: None,
        updates: UpdateConfig {
            feed,
            platform: Some(platform),
            downloads,
        },
    }
}

fn worker_checking(feed: UpdateFeed, downloads: Option<PathBuf>) -> WorkerHandle {
    spawn(worker_config(feed, Platform::LinuxDeb, downloads))
}

/// The sandbox's own demo feed, checked with the key it signs with.
fn demo_feed(sandbox: &brlv_sandbox::RunningSandbox) -> UpdateFeed {
    UpdateFeed::Given(
        UpdateSource::new(
            sandbox.update_feed_url().as_str(),
            &sandbox.update_public_key(),
        )
        .unwrap(),
    )
}

/// The environment profile of a sandbox account, reached at `base_url`
/// (a fault proxy in front of the sandbox).
fn environment_at(
    base_url: &str,
    api_key: &str,
    key: brlv_core::api::PrivateKey,
) -> EnvironmentProfile {
    EnvironmentProfile::Given(brlv_core::credentials::Credentials {
        base_url: base_url.to_owned(),
        api_key: secrecy::SecretString::from(api_key.to_owned()),
        private_key: key,
        network: Default::default(),
    })
}

/// A network policy that gives a hung request up after `timeout`, trying
/// it at most `attempts` times.
fn network(timeout: Duration, attempts: u32) -> NetworkPolicy {
    NetworkPolicy {
        timeout,
        retry: brlv_core::api::RetryPolicy {
            max_attempts: attempts,
            initial_backoff: Duration::from_millis(50),
            max_backoff: Duration::from_millis(200),
            max_retry_after: Duration::from_secs(5),
        },
    }
}

fn checked(state: &AppState) -> bool {
    state.panels.updates.last_outcome.is_some() && !state.panels.updates.checking
}

#[test]
fn the_daily_check_at_start_finds_the_sandbox_demo_feeds_newer_version_and_downloads_it() {
    let home = tempfile::tempdir().unwrap();
    // A Downloads folder that does not exist yet is made.
    let downloads = home.path().join("Downloads");
    let worker = worker_checking(UpdateFeed::ThisBuild, Some(downloads.clone()));
    let mut state = AppState::new(Language::En);
    assert!(worker.send(Command::Start { sandbox: true }));
    // As the window does at start: the daily switch on, never checked.
    assert!(worker.send(Command::Updates(state.panels.updates.schedule())));
    let before = OffsetDateTime::now_utc();
    pump_until(&worker, &mut state, "the check at start", checked);

    let session = state.shared.session.clone().expect("the sandbox is open");
    let Some(CheckOutcome::Newer(notice)) = &state.panels.updates.last_outcome else {
        panic!(
            "a newer version, not {:?}",
            state.panels.updates.last_outcome
        );
    };
    assert_eq!(notice.version, brlv_sandbox::DEMO_UPDATE_VERSION);
    assert_eq!(notice.date, date!(2025 - 07 - 01));
    assert!(
        notice.notes.en.contains("demo update"),
        "{:?}",
        notice.notes
    );
    assert!(notice.notes.pt_br.contains("demonstração"));
    assert!(!notice.security);
    assert_eq!(notice.platform, Platform::LinuxDeb);
    let url = notice.package.url.as_str();
    assert!(
        url.starts_with(&session.profile.base_url) && url.ends_with("-1_amd64.deb"),
        "this platform's package on the sandbox: {url}"
    );
    assert!(
        state
            .panels
            .updates
            .last_check
            .is_some_and(|at| at >= before)
    );
    assert!(
        state.panels.updates.offered().is_some(),
        "the notice is shown"
    );

    let command = state
        .panels
        .updates
        .download()
        .expect("a download to ask for");
    state.push(Command::Updates(command));
    pump_until(&worker, &mut state, "the download", |state| {
        !matches!(
            state.panels.updates.download,
            DownloadStatus::Downloading(_)
        )
    });
    let DownloadStatus::Saved(saved) = &state.panels.updates.download else {
        panic!("saved, not {:?}", state.panels.updates.download);
    };
    assert_eq!(saved.path.parent(), Some(downloads.as_path()));
    let content = std::fs::read_to_string(&saved.path).unwrap();
    assert!(content.contains("demo update's package"), "{content}");
    assert_eq!(
        saved.install_command.as_deref(),
        Some(format!("sudo apt install {}", saved.path.display()).as_str())
    );
}

#[test]
fn a_check_made_an_hour_ago_is_not_repeated_at_start_but_check_now_still_checks() {
    let worker = worker_checking(UpdateFeed::ThisBuild, None);
    let mut state = AppState::new(Language::En);
    assert!(worker.send(Command::Start { sandbox: true }));
    state.panels.updates.last_check = Some(OffsetDateTime::now_utc() - time::Duration::hours(1));
    assert!(worker.send(Command::Updates(state.panels.updates.schedule())));
    pump_until(&worker, &mut state, "the overview", |state| {
        state.view_loaded(View::Overview)
    });
    assert_eq!(
        state.panels.updates.last_outcome, None,
        "not due for 23 hours"
    );
    assert!(!state.panels.updates.checking);

    let command = state
        .panels
        .updates
        .check_now()
        .expect("a check to ask for");
    state.push(Command::Updates(command));
    pump_until(&worker, &mut state, "the check asked for", checked);
    assert!(matches!(
        &state.panels.updates.last_outcome,
        Some(CheckOutcome::Newer(notice)) if notice.version == brlv_sandbox::DEMO_UPDATE_VERSION
    ));
}

#[test]
fn no_check_starts_while_a_withdrawal_is_in_flight_and_the_one_due_runs_once_it_ends() {
    let SandboxAccount {
        runtime,
        sandbox,
        key,
    } = sandbox_account("updates-busy", 2);
    let proxy = runtime.block_on(Proxy::start(sandbox.local_addr()));
    let worker = spawn(WorkerConfig {
        environment: environment_at(&proxy.base_url, "updates-busy", key),
        // The hung POST is given up after three seconds.
        network: network(Duration::from_secs(3), 2),
        ..worker_config(demo_feed(&sandbox), Platform::LinuxDeb, None)
    });
    assert!(worker.send(Command::Start { sandbox: false }));
    let mut state = AppState::new(Language::En);
    pump_until(&worker, &mut state, "the overview", |state| {
        state.view_loaded(View::Overview)
    });

    proxy.on("POST /api/v0/withdrawals", Fault::Hang);
    state.submit(SubmitRequest::Withdrawal(CreateWithdrawal::pix(
        rust_decimal::Decimal::new(1_000, 2),
        "52998224725".to_owned(),
    )));
    // The environment's plain key: the word typed lets it go.
    state.panels.lock.authorization.as_mut().unwrap().typed = "SEND".to_owned();
    state.tell(|panels| &mut panels.lock, LockTold::ConfirmTyped);
    // The daily check is due (never checked) the moment the POST is in flight.
    state.push(Command::Updates(state.panels.updates.schedule()));
    let until = Instant::now() + Duration::from_millis(1_500);
    pump_until(
        &worker,
        &mut state,
        "a while with the POST in flight",
        |_| Instant::now() > until,
    );
    assert!(
        matches!(state.panels.withdrawals.submit, SubmitStatus::Sending),
        "still in flight: {:?}",
        state.panels.withdrawals.submit
    );
    assert!(!state.panels.updates.checking, "no check began");
    assert_eq!(state.panels.updates.last_outcome, None);

    pump_until(
        &worker,
        &mut state,
        "the check once the POST ended",
        checked,
    );
    assert!(
        matches!(state.panels.withdrawals.submit, SubmitStatus::Finished(_)),
        "the check waited for the POST's end: {:?}",
        state.panels.withdrawals.submit
    );
    assert!(matches!(
        &state.panels.updates.last_outcome,
        Some(CheckOutcome::Newer(notice)) if notice.version == brlv_sandbox::DEMO_UPDATE_VERSION
    ));
    runtime.shutdown_background();
}

#[test]
fn a_feed_signed_by_another_key_is_reported_as_failed_and_nothing_is_offered() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let sandbox = runtime
        .block_on(brlv_sandbox::Sandbox::start(
            brlv_sandbox::SandboxConfig::default(),
        ))
        .unwrap();
    let another_key = DemoFeedKey::generate().unwrap().public_key_base64();
    assert_ne!(another_key, sandbox.update_public_key());
    let source = UpdateSource::new(sandbox.update_feed_url().as_str(), &another_key).unwrap();
    let downloads = tempfile::tempdir().unwrap();
    let worker = worker_checking(UpdateFeed::Given(source), Some(downloads.path().to_owned()));
    let mut state = connected_state(Language::En);
    let command = state
        .panels
        .updates
        .check_now()
        .expect("a check to ask for");
    state.push(Command::Updates(command));
    pump_until(&worker, &mut state, "the check", checked);

    assert_eq!(
        state.panels.updates.last_outcome,
        Some(CheckOutcome::Failed(UpdateProblem::WrongKey))
    );
    assert_eq!(state.panels.updates.offered(), None);
    assert_eq!(state.panels.updates.download(), None, "nothing to download");
    assert_eq!(
        std::fs::read_dir(downloads.path()).unwrap().count(),
        0,
        "nothing was saved"
    );
    state.view = View::Settings;
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains(
        "The check failed: the update announcement is signed by another key",
    );
    assert!(harness.query_by_label("Dismiss update notice").is_none());
    assert!(harness.query_by_label("Download and verify").is_none());
}

fn notice(version: &str, security: bool) -> UpdateNotice {
    UpdateNotice {
        version: Version::parse(version).unwrap(),
        date: date!(2026 - 11 - 20),
        notes: ReleaseNotes {
            en: "Faster extrato.".to_owned(),
            pt_br: "Extrato mais rápido.".to_owned(),
        },
        security,
        platform: Platform::LinuxDeb,
        package: PackageEntry {
            url: format!("https://releases.example.org/brlv-desk_{version}-1_amd64.deb")
                .parse()
                .unwrap(),
            size: 4,
            sha256: [7; 32],
        },
    }
}

fn found(state: &mut AppState, outcome: CheckOutcome) {
    state.apply(Event::Updates(UpdatesEvent::Checked {
        at: datetime!(2026-11-26 14:30:00 UTC),
        outcome,
    }));
}

fn in_settings(language: Language, built_in: BuiltInUpdates) -> AppState {
    let mut state = connected_state(language);
    state.panels.updates = UpdatesState::new(built_in);
    state.view = View::Settings;
    state
}

#[test]
fn settings_says_a_build_without_a_feed_does_not_check() {
    let mut harness = harness(in_settings(Language::En, BuiltInUpdates::NotConfigured));
    settle(&mut harness);
    harness.get_by_label("Updates");
    harness.get_by_label_contains(&format!("This is brlv-desk {}.", env!("CARGO_PKG_VERSION")));
    harness.get_by_label_contains("This build does not check for updates");
    harness.get_by_label("Not checked yet.");
    for control in ["Check now", "Check for updates once a day"] {
        assert!(
            harness.get_by_label(control).accesskit_node().is_disabled(),
            "{control} is off in a build that cannot check"
        );
    }
}

#[test]
fn settings_shows_a_configured_build_checks_now_and_shows_each_result() {
    let built_in = BuiltInUpdates::from_values(
        Some("https://releases.example.org/brlv/feed.json"),
        Some(RELEASE_KEY),
    );
    let mut harness = harness(in_settings(Language::En, built_in));
    settle(&mut harness);
    harness.get_by_label_contains("This build checks for updates at releases.example.org");
    harness.get_by_label("Check now").click();
    settle(&mut harness);
    assert!(matches!(
        harness.state().pending_commands(),
        [Command::Updates(UpdatesCommand::CheckNow)]
    ));
    harness.get_by_label("Checking…");
    assert!(
        harness
            .get_by_label("Check now")
            .accesskit_node()
            .is_disabled()
    );

    found(harness.state_mut(), CheckOutcome::UpToDate);
    settle(&mut harness);
    harness.get_by_label("Last checked: 26 Nov 2026 14:30");
    harness.get_by_label("brlv-desk is up to date.");

    found(
        harness.state_mut(),
        CheckOutcome::Failed(UpdateProblem::Unreachable("connection refused".to_owned())),
    );
    settle(&mut harness);
    harness.get_by_label_contains("The check failed: the update server could not be reached (connection refused). Check the internet connection");

    harness.state_mut().take_commands();
    harness.get_by_label("Check for updates once a day").click();
    settle(&mut harness);
    assert!(!harness.state().panels.updates.daily);
    assert!(
        matches!(
            harness.state().pending_commands(),
            [Command::Updates(UpdatesCommand::Schedule {
                daily: false,
                last_check: Some(_)
            })]
        ),
        "{:?}",
        harness.state().pending_commands()
    );
}

#[test]
fn settings_speaks_brazilian_portuguese() {
    let mut state = in_settings(Language::PtBr, BuiltInUpdates::NotConfigured);
    found(&mut state, CheckOutcome::Failed(UpdateProblem::WrongKey));
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Atualizações");
    harness.get_by_label("Procurar agora");
    harness.get_by_label("Procurar atualizações uma vez por dia");
    harness.get_by_label_contains("Esta versão não procura atualizações");
    harness.get_by_label_contains(
        "A consulta falhou: o anúncio de atualização está assinado por outra chave",
    );
}

#[test]
fn every_problem_is_told_in_both_languages() {
    let problems = [
        UpdateProblem::NotConfigured,
        UpdateProblem::Misconfigured("x".to_owned()),
        UpdateProblem::NoPlatform,
        UpdateProblem::Unreachable("x".to_owned()),
        UpdateProblem::ServerStatus(503),
        UpdateProblem::TooLarge,
        UpdateProblem::Unsigned,
        UpdateProblem::WrongKey,
        UpdateProblem::BadSignature,
        UpdateProblem::Malformed("x".to_owned()),
        UpdateProblem::Downgrade {
            offered: "0.1.0".to_owned(),
            running: "0.2.0".to_owned(),
        },
        UpdateProblem::NoPackage {
            version: "0.2.0".to_owned(),
            platform: "linux-x86_64-rpm".to_owned(),
        },
        UpdateProblem::NotTheAnnouncedFile("x".to_owned()),
        UpdateProblem::File("x".to_owned()),
        UpdateProblem::NoDownloadsFolder,
        UpdateProblem::Busy,
        UpdateProblem::UpdaterNotStarted("x".to_owned()),
        UpdateProblem::SandboxDemo,
    ];
    for problem in problems {
        let en = problem.localize(Language::En);
        let pt = problem.localize(Language::PtBr);
        assert!(!en.contains("updates.") && !pt.contains("updates."), "{en}");
        assert_ne!(en, pt, "{problem:?} is translated");
        assert!(!en.contains("%{"), "every placeholder filled: {en}");
    }
}

#[test]
fn the_notice_shows_a_newer_version_until_dismissed_and_not_again_for_it() {
    let mut state = connected_state(Language::En);
    found(
        &mut state,
        CheckOutcome::Newer(Box::new(notice("1.2.0", true))),
    );
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("brlv-desk 1.2.0 is available: it is a security fix, install it soon.");
    harness.get_by_label("Faster extrato.");

    harness.get_by_label("Download and verify").click();
    settle(&mut harness);
    assert!(matches!(
        harness.state().pending_commands(),
        [Command::Updates(UpdatesCommand::Download(offered))] if offered.version == Version::new(1, 2, 0)
    ));
    harness.get_by_label("Downloading and verifying…");
    let path = PathBuf::from("/home/ana/Downloads/brlv-desk_1.2.0-1_amd64.deb");
    harness
        .state_mut()
        .apply(Event::Updates(UpdatesEvent::Downloaded {
            version: Version::new(1, 2, 0),
            result: Ok(SavedPackage {
                path: path.clone(),
                install_command: Some(format!("sudo apt install {}", path.display())),
            }),
        }));
    settle(&mut harness);
    harness.get_by_label_contains("Saved and verified (size, SHA-256 and signed announcement): /home/ana/Downloads/brlv-desk_1.2.0-1_amd64.deb");
    harness.get_by_label("sudo apt install /home/ana/Downloads/brlv-desk_1.2.0-1_amd64.deb");

    harness.get_by_label("Dismiss update notice").click();
    settle(&mut harness);
    assert!(harness.query_by_label_contains("is available").is_none());
    assert_eq!(
        harness.state().panels.updates.dismissed,
        Some(Version::new(1, 2, 0))
    );

    // The next day's check finds the same version: still not shown.
    found(
        harness.state_mut(),
        CheckOutcome::Newer(Box::new(notice("1.2.0", true))),
    );
    settle(&mut harness);
    assert!(harness.query_by_label_contains("is available").is_none());

    // Nor after a restart: the dismissal is kept with the preferences.
    let kept = PersistedUi::of(harness.state());
    let mut restarted = connected_state(Language::En);
    kept.restore_into(&mut restarted);
    assert_eq!(
        restarted.panels.updates.dismissed,
        Some(Version::new(1, 2, 0))
    );
    assert_eq!(
        restarted.panels.updates.last_check,
        Some(datetime!(2026-11-26 14:30:00 UTC))
    );
    found(
        &mut restarted,
        CheckOutcome::Newer(Box::new(notice("1.2.0", true))),
    );
    assert_eq!(restarted.panels.updates.offered(), None);

    // A newer one than the dismissed version is shown again, quietly when
    // it is not a security fix.
    found(
        harness.state_mut(),
        CheckOutcome::Newer(Box::new(notice("1.3.0", false))),
    );
    settle(&mut harness);
    harness.get_by_label("brlv-desk 1.3.0 is available.");
    assert!(harness.query_by_label_contains("security fix").is_none());
}

#[test]
fn the_check_and_the_daily_switch_are_reached_and_used_with_the_keyboard() {
    let built_in = BuiltInUpdates::from_values(
        Some("https://releases.example.org/brlv/feed.json"),
        Some(RELEASE_KEY),
    );
    let mut harness = harness(in_settings(Language::En, built_in));
    settle(&mut harness);
    let focused = |harness: &egui_kittest::Harness<'static, AppState>| {
        harness
            .query(egui_kittest::kittest::By::new().predicate(|node| node.is_focused()))
            .map(|node| node.accesskit_node().label().unwrap_or_default())
    };
    let mut tab_to = |name: &str| {
        for _ in 0..40 {
            if focused(&harness).as_deref() == Some(name) {
                return;
            }
            harness.key_press(egui::Key::Tab);
            settle(&mut harness);
        }
        panic!("Tab never reached {name:?}");
    };
    tab_to("Check for updates once a day");
    tab_to("Check now");
    harness.key_press(egui::Key::Enter);
    settle(&mut harness);
    assert!(matches!(
        harness.state().pending_commands(),
        [Command::Updates(UpdatesCommand::CheckNow)]
    ));
}

fn windows_notice(version: &str) -> UpdateNotice {
    UpdateNotice {
        platform: Platform::WindowsNsis,
        package: PackageEntry {
            url: format!("https://releases.example.org/brlv-desk_{version}_x64-setup.exe")
                .parse()
                .unwrap(),
            size: 200,
            sha256: [7; 32],
        },
        ..notice(version, false)
    }
}

#[test]
fn on_windows_update_asks_to_install_and_restart_shows_progress_then_that_the_window_closes() {
    let mut state = connected_state(Language::En);
    found(
        &mut state,
        CheckOutcome::Newer(Box::new(windows_notice("1.2.0"))),
    );
    let mut harness = harness(state);
    settle(&mut harness);
    assert!(
        harness.query_by_label("Download and verify").is_none(),
        "a Windows installer is not saved to be opened by hand"
    );
    harness.get_by_label("Update and restart").click();
    settle(&mut harness);
    assert!(
        matches!(
            harness.state().pending_commands(),
            [Command::Updates(UpdatesCommand::InstallAndRestart(offered))]
                if offered.version == Version::new(1, 2, 0)
                    && offered.platform == Platform::WindowsNsis
        ),
        "{:?}",
        harness.state().pending_commands()
    );
    harness.get_by_label("Downloading and verifying…");
    assert!(harness.query_by_label("Update and restart").is_none());

    let progress = |received| {
        Event::Updates(UpdatesEvent::Progress {
            version: Version::new(1, 2, 0),
            progress: brlv_core::update::DownloadProgress {
                received,
                total: 200,
            },
        })
    };
    harness.state_mut().apply(progress(50));
    settle(&mut harness);
    harness.get_by_label("Downloading and verifying… 25 %");
    harness.state_mut().apply(progress(200));
    settle(&mut harness);
    harness.get_by_label("Downloading and verifying… 100 %");
    assert!(!harness.state().panels.updates.restarting());

    harness
        .state_mut()
        .apply(Event::Updates(UpdatesEvent::Restarting {
            version: Version::new(1, 2, 0),
            result: Ok(()),
        }));
    settle(&mut harness);
    harness.get_by_label_contains("brlv-desk closes now so the installer can replace it");
    assert!(
        harness.state().panels.updates.restarting(),
        "the window closes for the updater"
    );
    // The next day's check does not undo it.
    found(
        harness.state_mut(),
        CheckOutcome::Newer(Box::new(windows_notice("1.3.0"))),
    );
    assert!(harness.state().panels.updates.restarting());
}

#[test]
fn update_and_restart_refused_while_a_payment_is_sent_says_why_and_can_be_asked_again() {
    let mut state = connected_state(Language::En);
    found(
        &mut state,
        CheckOutcome::Newer(Box::new(windows_notice("1.2.0"))),
    );
    let command = state.panels.updates.update().expect("an update to ask for");
    assert!(matches!(command, UpdatesCommand::InstallAndRestart(_)));
    state.apply(Event::Updates(UpdatesEvent::Restarting {
        version: Version::new(1, 2, 0),
        result: Err(UpdateProblem::Busy),
    }));
    assert!(!state.panels.updates.restarting());
    let mut harness = harness(state);
    settle(&mut harness);
    harness
        .get_by_label_contains("The update was not started: a request or a payout was being sent");
    harness.get_by_label("Update and restart").click();
    settle(&mut harness);
    assert!(matches!(
        harness.state().pending_commands(),
        [Command::Updates(UpdatesCommand::InstallAndRestart(_))]
    ));
}

#[test]
fn update_and_restart_speaks_brazilian_portuguese() {
    let mut state = connected_state(Language::PtBr);
    found(
        &mut state,
        CheckOutcome::Newer(Box::new(windows_notice("1.2.0"))),
    );
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Atualizar e reiniciar").click();
    settle(&mut harness);
    harness.get_by_label("Baixando e verificando…");
    harness
        .state_mut()
        .apply(Event::Updates(UpdatesEvent::Restarting {
            version: Version::new(1, 2, 0),
            result: Ok(()),
        }));
    settle(&mut harness);
    harness.get_by_label_contains("O brlv-desk fecha agora para o instalador substituí-lo");
}

#[test]
fn on_windows_nothing_is_run_while_a_withdrawal_is_in_flight() {
    let SandboxAccount {
        runtime,
        sandbox,
        key,
    } = sandbox_account("updates-restart-busy", 2);
    let proxy = runtime.block_on(Proxy::start(sandbox.local_addr()));
    let worker = spawn(WorkerConfig {
        environment: environment_at(&proxy.base_url, "updates-restart-busy", key),
        network: network(Duration::from_secs(30), 1),
        ..worker_config(demo_feed(&sandbox), Platform::WindowsNsis, None)
    });
    assert!(worker.send(Command::Start { sandbox: false }));
    let mut state = AppState::new(Language::En);
    pump_until(&worker, &mut state, "the overview", |state| {
        state.view_loaded(View::Overview)
    });
    let command = state
        .panels
        .updates
        .check_now()
        .expect("a check to ask for");
    state.push(Command::Updates(command));
    pump_until(&worker, &mut state, "the check", checked);
    assert!(
        state.panels.updates.restarts_to_update(),
        "a Windows installer offered"
    );

    proxy.on("POST /api/v0/withdrawals", Fault::Hang);
    state.submit(SubmitRequest::Withdrawal(CreateWithdrawal::pix(
        rust_decimal::Decimal::new(1_000, 2),
        "52998224725".to_owned(),
    )));
    state.panels.lock.authorization.as_mut().unwrap().typed = "SEND".to_owned();
    state.tell(|panels| &mut panels.lock, LockTold::ConfirmTyped);
    let command = state.panels.updates.update().expect("an update to ask for");
    assert!(matches!(command, UpdatesCommand::InstallAndRestart(_)));
    state.push(Command::Updates(command));
    pump_until(
        &worker,
        &mut state,
        "the installer downloaded and checked",
        |state| {
            !matches!(
                state.panels.updates.download,
                DownloadStatus::Downloading(_)
            )
        },
    );
    assert!(
        matches!(state.panels.withdrawals.submit, SubmitStatus::Sending),
        "still in flight: {:?}",
        state.panels.withdrawals.submit
    );
    assert_eq!(
        state.panels.updates.download,
        DownloadStatus::Failed(UpdateProblem::Busy),
        "nothing run, the window stays open"
    );
    assert!(!state.panels.updates.restarting());
    runtime.shutdown_background();
}

#[test]
fn on_windows_the_sandboxs_demo_update_closes_nothing() {
    let worker = spawn(worker_config(
        UpdateFeed::ThisBuild,
        Platform::WindowsNsis,
        None,
    ));
    let mut state = AppState::new(Language::En);
    assert!(worker.send(Command::Start { sandbox: true }));
    assert!(worker.send(Command::Updates(state.panels.updates.schedule())));
    pump_until(&worker, &mut state, "the check at start", checked);
    assert!(
        state.panels.updates.restarts_to_update(),
        "{:?}",
        state.panels.updates.last_outcome
    );
    let command = state.panels.updates.update().expect("an update to ask for");
    state.push(Command::Updates(command));
    pump_until(&worker, &mut state, "the answer", |state| {
        !matches!(
            state.panels.updates.download,
            DownloadStatus::Downloading(_)
        )
    });
    assert_eq!(
        state.panels.updates.download,
        DownloadStatus::Failed(UpdateProblem::SandboxDemo)
    );
    assert!(!state.panels.updates.restarting());
}

/// The sandbox's state: its session is the embedded sandbox's.
fn on_sandbox(language: Language) -> AppState {
    let mut state = crate::support::ui::onboarding_state(language);
    state.apply(Event::SessionStarted(
        brlv_desk::app::session::SessionInfo {
            id: crate::support::ui::SESSION,
            profile: brlv_core::profile::Profile {
                name: "Sandbox".to_owned(),
                base_url: "http://127.0.0.1:39885".to_owned(),
            },
            kind: brlv_desk::app::session::ProfileKind::Sandbox,
            sealed: false,
            route: Default::default(),
        },
    ));
    state.view = View::Overview;
    state
}

#[test]
fn the_sandbox_demo_update_is_marked_plainly_as_a_demo_never_as_a_release() {
    for (language, demo, release) in [
        (
            Language::En,
            "Sandbox demo, not a real release: the sandbox's made-up update feed offers brlv-desk 99.0.0",
            "brlv-desk 99.0.0 is available.",
        ),
        (
            Language::PtBr,
            "Demonstração do sandbox, não é uma versão real: o anúncio de atualização fictício do sandbox oferece o brlv-desk 99.0.0",
            "O brlv-desk 99.0.0 está disponível.",
        ),
    ] {
        let mut state = on_sandbox(language);
        found(
            &mut state,
            CheckOutcome::Newer(Box::new(notice("99.0.0", false))),
        );
        let mut harness = harness(state);
        settle(&mut harness);
        harness.get_by_label_contains(demo);
        assert!(harness.query_by_label(release).is_none());
    }
    // On a real profile the same notice is an update.
    let mut state = connected_state(Language::En);
    found(
        &mut state,
        CheckOutcome::Newer(Box::new(notice("99.0.0", false))),
    );
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("brlv-desk 99.0.0 is available.");
}
