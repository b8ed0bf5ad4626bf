//! The journal on disk through the real worker: a profile online once on a
//! sandbox, then started again with the service stopped, shows the last
//! lists (marked with their time) before any fetch, and the claims made
//! before the restart with their gross, tax, fees and net; the file never
//! holds the API key, a JWT or PEM text; a damaged file is moved aside and
//! the app still starts; deleting a profile deletes its journal; a process
//! killed in the middle of writes reopens with every committed entry.

use std::io::BufRead as _;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rust_decimal::Decimal;
use secrecy::SecretString;

use brlv_core::api::PrivateKey;
use brlv_core::api::model::{ClaimTarget, CreateClaim};
use brlv_core::credentials::Credentials;
use brlv_core::journal::{self, NoticeRecord, Store};
use brlv_core::keystore::MemoryStore;
use brlv_core::profile::Profile;
use brlv_desk::app::features::journal::message::JournalCommand;
use brlv_desk::app::features::lock::state::LockTold;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event, NoticeKind};
use brlv_desk::app::panel::shared::ConnectionStatus;
use brlv_desk::app::session::ConnectRequest;
use brlv_desk::app::state::AppState;
use brlv_desk::app::submit::{Created, SubmitOutcome, SubmitRequest, SubmitStatus};
use brlv_desk::app::worker::sandbox::EmbeddedSandbox;
use brlv_desk::app::worker::{EnvironmentProfile, SecretSource, WorkerConfig, WorkerHandle};

use crate::support::worker::pump_until;

fn test_key() -> PrivateKey {
    let pem = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/test-only-rsa2048-pkcs8.pem"
    ))
    .unwrap();
    PrivateKey::from_pem(&pem).unwrap()
}

/// A sandbox on its own runtime (alive as long as both are), with an account.
pub(crate) struct Service {
    pub(crate) runtime: Option<tokio::runtime::Runtime>,
    sandbox: Option<EmbeddedSandbox>,
    pub(crate) base_url: String,
    api_key: String,
}

impl Service {
    pub(crate) fn start() -> Service {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let sandbox = runtime.block_on(EmbeddedSandbox::start(None)).unwrap();
        let api_key = format!("journal-test-{}", uuid::Uuid::new_v4());
        sandbox
            .register(&api_key, test_key().public_key_pem())
            .unwrap();
        Service {
            base_url: sandbox.base_url(),
            runtime: Some(runtime),
            sandbox: Some(sandbox),
            api_key,
        }
    }

    pub(crate) fn credentials(&self) -> Credentials {
        Credentials {
            base_url: self.base_url.clone(),
            api_key: SecretString::from(self.api_key.clone()),
            private_key: test_key(),
            network: Default::default(),
        }
    }

    /// Stops the service: its port refuses connections from now on.
    fn stop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            {
                let _inside = runtime.enter();
                self.sandbox = None;
            }
            // Ends the server's tasks and closes its socket.
            runtime.shutdown_timeout(Duration::from_secs(5));
        }
    }
}

pub(crate) fn worker(journal_dir: &Path, environment: EnvironmentProfile) -> WorkerHandle {
    WorkerHandle::spawn(
        WorkerConfig {
            clock: brlv_desk::app::clock::Clock::new(),
            secrets: SecretSource::Store(Arc::new(MemoryStore::default())),
            profile_path: Some(journal_dir.join("profiles.json")),
            environment,
            network: brlv_desk::app::worker::NetworkPolicy::default(),
            seal_cost: brlv_core::seal::ScryptCost::TEST_ONLY_CHEAP,
            journal_dir: Some(journal_dir.join("journal")),
            dialogs: Arc::new(brlv_desk::app::dialog::RecordingDialogs::default()),
            updates: brlv_desk::app::worker::UpdateConfig::this_build(),
            central_bank: Default::default(),
            sandbox_clock_start: None,
        },
        Arc::new(|| {}),
    )
    .unwrap()
}

/// The journal files (database and write-ahead log) in `dir`, as bytes.
fn journal_bytes(dir: &Path) -> Vec<u8> {
    let mut bytes = Vec::new();
    for entry in std::fs::read_dir(dir.join("journal")).unwrap() {
        // SQLite deletes its short-lived side files (`-journal`) between the
        // listing and the read; one gone by then held nothing to look at.
        match std::fs::read(entry.unwrap().path()) {
            Ok(contents) => bytes.extend(contents),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(error) => panic!("cannot read a journal file: {error}"),
        }
    }
    bytes
}

/// Whether `bytes` hold a JWT: `eyJ…` (a base64url JSON header), a dot, and
/// `eyJ…` again (the claims). A bare `eyJ` can occur by chance inside any
/// base64 text (a QR code's PNG); a header and claims joined by a dot cannot.
fn has_jwt(bytes: &[u8]) -> bool {
    let base64url = |byte: &u8| byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_');
    bytes.windows(3).enumerate().any(|(start, window)| {
        if window != b"eyJ" {
            return false;
        }
        let rest = &bytes[start + 3..];
        let run = rest.iter().take_while(|byte| base64url(byte)).count();
        rest[run..].starts_with(b".eyJ")
    })
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

fn claim_made(state: &AppState) -> bool {
    match &state.panels.claims.submit {
        SubmitStatus::Finished(SubmitOutcome::Created { .. }) => true,
        SubmitStatus::Finished(other) => panic!("the claim did not go through: {other:?}"),
        _ => false,
    }
}

#[test]
fn a_restart_with_the_service_stopped_shows_the_last_lists_and_the_claims_made() {
    let dir = tempfile::tempdir().unwrap();
    let mut service = Service::start();

    // Online once: the lists arrive, and a claim is made.
    let first = worker(dir.path(), EnvironmentProfile::Given(service.credentials()));
    assert!(first.send(Command::Start { sandbox: false }));
    let mut state = AppState::new(Language::En);
    pump_until(&first, &mut state, "the lists online", |state| {
        state
            .shared
            .data
            .orders
            .value()
            .is_some_and(|orders| !orders.is_empty())
            && state.shared.data.withdrawals.value().is_some()
            && state.shared.data.claimable.value().is_some()
            && state.shared.data.balance_brl.value().is_some()
    });
    let balance_before_claim = *state.shared.data.balance_brl.value().unwrap();
    // The environment's plain key: the claim goes once the word is typed.
    state.submit(SubmitRequest::Claim {
        wallet_address: None,
        request: CreateClaim {
            amount: Decimal::from_str("100.00").unwrap(),
            target_asset_code: ClaimTarget::Brl,
        },
    });
    state.panels.lock.authorization.as_mut().unwrap().typed = "SEND".to_owned();
    state.tell(|panels| &mut panels.lock, LockTold::ConfirmTyped);
    pump_until(&first, &mut state, "the claim", claim_made);
    let Some(Created::Claim(Some(claim))) = state.panels.claims.submit.created().cloned() else {
        panic!("the service answered the claim");
    };
    // The lists as they stand after the claim.
    let refreshed_at = state.shared.data.claimable.loaded().unwrap().fetched_at;
    pump_until(&first, &mut state, "the lists after the claim", |state| {
        state
            .shared
            .data
            .claimable
            .loaded()
            .is_some_and(|loaded| loaded.fetched_at > refreshed_at)
    });
    // The balance arrives on its own after the claim, maybe after the
    // claimable list: the one the journal keeps last holds the claim's net.
    let balance = balance_before_claim + claim.net_amount.unwrap();
    pump_until(&first, &mut state, "the balance after the claim", |state| {
        state.shared.data.balance_brl.value() == Some(&balance)
    });
    let orders: Vec<_> = state
        .shared
        .data
        .orders
        .value()
        .unwrap()
        .iter()
        .map(|order| order.id)
        .collect();

    // The activity of this device, as CSV, through the export path.
    let csv_path = dir.path().join("activity.csv");
    state.panels.journal.export.path = csv_path.display().to_string();
    let path = state.panels.journal.export.start().unwrap();
    assert!(first.send(Command::Journal(JournalCommand::ExportCsv(path))));
    pump_until(&first, &mut state, "the activity export", |state| {
        state.panels.journal.export.result.is_some()
    });
    assert!(
        matches!(state.panels.journal.export.result, Some(Ok(_))),
        "{:?}",
        state.panels.journal.export.result
    );
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    let claim_line = csv
        .lines()
        .find(|line| line.contains("/api/v0/claims"))
        .expect("the claim's POST is in the activity");
    assert!(claim_line.contains(",post,claim,POST,"), "{claim_line}");
    assert!(claim_line.contains(",created,"), "{claim_line}");
    assert!(
        claim_line.contains(&claim.id.to_string()),
        "the answer: {claim_line}"
    );
    drop(first);

    // The file holds no secret: not the API key, no JWT, no PEM text.
    let bytes = journal_bytes(dir.path());
    assert!(!bytes.is_empty());
    assert!(
        contains(&bytes, b"/api/v0/claims"),
        "the claim's POST is there"
    );
    assert!(!contains(&bytes, service.api_key.as_bytes()), "the API key");
    assert!(has_jwt(b"Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln"));
    assert!(!has_jwt(b"iVBORw0eyJxyz+/="), "base64 alone is not a JWT");
    assert!(!has_jwt(&bytes), "a JWT");
    assert!(!contains(&bytes, b"-----BEGIN"), "PEM text");
    assert!(!contains(&bytes, b"PRIVATE KEY"), "PEM text");

    // The service stops; the app starts again.
    service.stop();
    let second = worker(dir.path(), EnvironmentProfile::Given(service.credentials()));
    assert!(second.send(Command::Start { sandbox: false }));
    let mut state = AppState::new(Language::En);
    let start = Instant::now();
    let mut fetched_ok = 0;
    while state.shared.data.orders.value().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the saved lists never came"
        );
        if let Some(event) = second.recv_timeout(Duration::from_millis(200)) {
            if let Event::FetchFinished { result: Ok(_), .. } = &event {
                fetched_ok += 1;
            }
            state.apply(event);
        }
    }
    assert_eq!(fetched_ok, 0, "shown before (and without) any fetch");
    let loaded = state.shared.data.orders.loaded().unwrap();
    assert!(loaded.saved_at.is_some(), "marked with when it was fetched");
    let shown: Vec<_> = loaded.value.iter().map(|order| order.id).collect();
    assert_eq!(shown, orders, "the orders it saw, newest first");
    assert_eq!(state.shared.data.balance_brl.value(), Some(&balance));
    assert!(state.shared.data.withdrawals.value().is_some());

    // The claim made before the restart, with its amounts.
    let kept = state
        .shared
        .data
        .claims_made
        .iter()
        .find(|made| made.id == claim.id)
        .expect("the claim made before the restart is listed");
    assert_eq!(kept.gross_amount, claim.gross_amount);
    assert_eq!(kept.tax_amount, claim.tax_amount);
    assert_eq!(kept.fees, claim.fees);
    assert_eq!(kept.net_amount, claim.net_amount);
    assert!(claim.gross_amount.is_some() && claim.net_amount.is_some());

    // Unreachable: everything stays, with its time; the status says offline.
    pump_until(&second, &mut state, "the orders' fetch to fail", |state| {
        state.shared.data.orders.error().is_some()
    });
    assert!(matches!(
        state.shared.connection_status(),
        ConnectionStatus::Offline { .. }
    ));
    assert_eq!(
        state.shared.data.orders.value().map(|orders| orders.len()),
        Some(orders.len()),
        "still shown"
    );
    assert!(
        state
            .shared
            .data
            .orders
            .loaded()
            .unwrap()
            .saved_at
            .is_some()
    );
}

#[test]
fn a_damaged_journal_is_moved_aside_and_the_app_starts_on_the_service() {
    let dir = tempfile::tempdir().unwrap();
    let service = Service::start();
    let credentials = service.credentials();
    let name = url::Url::parse(&credentials.base_url)
        .unwrap()
        .host_str()
        .unwrap()
        .to_owned();
    let path = journal::file_for(&dir.path().join("journal"), &name, &credentials.base_url);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, b"garbage, not SQLite at all".repeat(300)).unwrap();

    let worker = worker(dir.path(), EnvironmentProfile::Given(credentials));
    assert!(worker.send(Command::Start { sandbox: false }));
    let mut state = AppState::new(Language::En);
    pump_until(&worker, &mut state, "the lists and the notice", |state| {
        state.shared.data.orders.value().is_some()
            && state
                .notices
                .iter()
                .any(|notice| notice.kind == NoticeKind::JournalReplaced)
    });
    assert!(
        state
            .shared
            .data
            .orders
            .loaded()
            .unwrap()
            .saved_at
            .is_none(),
        "fresh from the service"
    );
    let moved: Vec<PathBuf> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|file| file.to_string_lossy().contains(".damaged-"))
        .collect();
    assert_eq!(moved.len(), 1, "{moved:?}");
    assert!(std::fs::read(&moved[0]).unwrap().starts_with(b"garbage"));
    drop(worker);
    let (store, replaced) = Store::open(&path).unwrap();
    assert_eq!(replaced, None, "the new file is sound");
    assert_eq!(store.integrity_check().unwrap(), "ok");
    assert!(
        !store.snapshots().unwrap().is_empty(),
        "the new file is in use"
    );
}

#[test]
fn deleting_a_saved_profile_deletes_its_journal() {
    let dir = tempfile::tempdir().unwrap();
    let service = Service::start();
    let worker = worker(dir.path(), EnvironmentProfile::Ignore);
    assert!(worker.send(Command::Start { sandbox: false }));
    let profile = Profile {
        name: "Conta PJ".into(),
        base_url: service.base_url.clone(),
    };
    assert!(worker.send(Command::Connect(ConnectRequest {
        profile: profile.clone(),
        api_key: SecretString::from(service.api_key.clone()),
        private_key: test_key(),
        save: true,
        passphrase: SecretString::from("journal test passphrase".to_owned()),
    })));
    let mut state = AppState::new(Language::En);
    pump_until(&worker, &mut state, "the saved profile's lists", |state| {
        state.shared.data.orders.value().is_some() && !state.shared.profiles.is_empty()
    });
    let path = journal::file_for(
        &dir.path().join("journal"),
        &profile.name,
        &profile.base_url,
    );
    assert!(path.exists(), "the profile has a journal");

    assert!(worker.send(Command::DeleteProfile(profile.name.clone())));
    pump_until(&worker, &mut state, "the deletion", |state| {
        state
            .notices
            .iter()
            .any(|notice| notice.kind == NoticeKind::ProfileDeleted(profile.name.clone()))
    });
    // The journal, SQLite's files and the last good copy go one after the
    // other: nothing may be left once the deletion has had its time.
    let start = Instant::now();
    loop {
        let left: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        if left.is_empty() {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "nothing of it is left: {left:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The child of [`a_process_killed_in_the_middle_of_writes_keeps_every_committed_entry`]:
/// appends notices as fast as it can, printing each one's number once committed.
#[test]
#[ignore = "run by the killing test as a child process"]
fn journal_child_writer() {
    let Some(path) = std::env::var_os("BRLV_JOURNAL_CHILD_FILE") else {
        return;
    };
    let (mut store, _) = Store::open(Path::new(&path)).unwrap();
    let mut out = std::io::stdout().lock();
    for n in 0u64.. {
        store
            .append_notice(&NoticeRecord {
                at: time::OffsetDateTime::now_utc(),
                kind: "order-completed".into(),
                subject: n.to_string(),
                detail: Some("x".repeat(512)),
            })
            .unwrap();
        use std::io::Write as _;
        writeln!(out, "committed {n}").unwrap();
        out.flush().unwrap();
    }
}

#[cfg(unix)]
#[test]
fn a_process_killed_in_the_middle_of_writes_keeps_every_committed_entry() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("killed.sqlite3");
    let mut child = crate::child_guard::ChildGuard::new(
        std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "journal::journal_child_writer",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("BRLV_JOURNAL_CHILD_FILE", &path)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    );
    let stdout = child.stdout.take().unwrap();
    let mut last_committed = None;
    for line in std::io::BufReader::new(stdout).lines() {
        let line = line.unwrap();
        if let Some(n) = line.strip_prefix("committed ") {
            let n: u64 = n.parse().unwrap();
            last_committed = Some(n);
            if n >= 300 {
                break;
            }
        }
    }
    // SIGKILL, in the middle of the next writes.
    child.kill().unwrap();
    child.wait().unwrap();
    let last_committed = last_committed.expect("the child wrote");

    let (store, replaced) = Store::open(&path).unwrap();
    assert_eq!(replaced, None, "not damaged");
    assert_eq!(store.integrity_check().unwrap(), "ok");
    let notices = store.notices().unwrap();
    assert!(
        notices.len() as u64 > last_committed,
        "{} entries kept, {} were reported committed",
        notices.len(),
        last_committed + 1
    );
    for (n, notice) in notices.iter().enumerate() {
        assert_eq!(notice.subject, n.to_string(), "in order, none missing");
    }
}

/// Sends an earlier run left without an outcome (as after a crash while
/// sending) are settled against the service's lists when the connection
/// opens, and the person is told of each: one the service applied, with its
/// id; one it never received, as not applied. Nothing is sent again.
#[test]
fn sends_a_crash_left_without_an_outcome_are_settled_and_told_at_the_next_start() {
    use brlv_core::api::model::CreateWithdrawal;
    use brlv_desk::app::features::journal::message::SendOutcome;
    use brlv_desk::app::features::journal::records::post_record;

    let dir = tempfile::tempdir().unwrap();
    let service = Service::start();
    let credentials = service.credentials();
    let withdrawal = |amount: &str| {
        CreateWithdrawal::pix(Decimal::from_str(amount).unwrap(), "52998224725".into())
    };
    // One the service applied, whose answer the crash lost: journaled as it
    // left, and sent.
    let applied = withdrawal("41.17");
    let now = time::OffsetDateTime::now_utc();
    let applied_post = post_record(&SubmitRequest::Withdrawal(applied.clone()), now);
    let client = credentials.clone().into_client().unwrap();
    let created = service
        .runtime
        .as_ref()
        .unwrap()
        .block_on(client.create_withdrawal(&applied))
        .unwrap();
    // One journaled ten minutes ago that never left (the crash came first).
    let lost_post = post_record(
        &SubmitRequest::Withdrawal(withdrawal("52.28")),
        now - time::Duration::minutes(10),
    );
    let path = environment_journal(dir.path(), &service.base_url);
    {
        let (mut store, _) = Store::open(&path).unwrap();
        store.append_post(&lost_post).unwrap();
        store.append_post(&applied_post).unwrap();
    }

    let worker = worker(dir.path(), EnvironmentProfile::Given(credentials));
    assert!(worker.send(Command::Start { sandbox: false }));
    let mut state = AppState::new(Language::En);
    pump_until(&worker, &mut state, "both sends told", |state| {
        state
            .notices
            .iter()
            .filter(|notice| matches!(notice.kind, NoticeKind::SendSettled { .. }))
            .count()
            == 2
    });
    let outcomes: Vec<SendOutcome> = state
        .notices
        .iter()
        .filter_map(|notice| match &notice.kind {
            NoticeKind::SendSettled { send, .. } => Some(send.outcome.clone()),
            _ => None,
        })
        .collect();
    assert!(
        outcomes.contains(&SendOutcome::Done(created.id.to_string())),
        "{outcomes:?}"
    );
    assert!(outcomes.contains(&SendOutcome::NotDone), "{outcomes:?}");
    // What the person reads, in words, for the one that was applied.
    let heading = brlv_desk::app::shell::notices::notice_heading(
        Language::En,
        state
            .notices
            .iter()
            .find(|notice| {
                matches!(&notice.kind, NoticeKind::SendSettled { send, .. }
                    if matches!(send.outcome, SendOutcome::Done(_)))
            })
            .unwrap(),
    )
    .0;
    assert!(
        heading.starts_with("A withdrawal sent on ") && heading.contains("was applied"),
        "{heading}"
    );
    // Each conclusion is kept: the next start has nothing left to settle.
    drop(worker);
    let (store, _) = Store::open(&path).unwrap();
    assert!(
        store
            .posts(None)
            .unwrap()
            .iter()
            .all(|entry| !brlv_core::journal::settle::is_pending(entry)),
        "every send has its outcome in the journal"
    );
}

/// A transfer answered "to my own wallet elsewhere" at sending, whose
/// answer a crash lost: the answer was journaled with its POST, and when
/// the next start settles the send as done with the service's id, the
/// Taxes view's inputs hold the answer under that id (and the journal
/// keeps it there for the next run and for `tax-report`).
#[test]
fn an_answer_given_at_sending_reaches_the_transfer_a_restart_settles_as_done() {
    use brlv_core::api::model::{Asset, CreateTransfer, WalletFilter};
    use brlv_core::tax::OutflowAnswer;
    use brlv_core::tax::journal::{answers_at_send, append_post_with_answer, read_typed};
    use brlv_desk::app::features::journal::message::SendOutcome;
    use brlv_desk::app::features::journal::records::post_record;

    let dir = tempfile::tempdir().unwrap();
    let service = Service::start();
    let credentials = service.credentials();
    let client = credentials.clone().into_client().unwrap();
    let runtime = service.runtime.as_ref().unwrap();
    let main = runtime
        .block_on(client.list_wallets(&WalletFilter::default()))
        .unwrap()
        .into_iter()
        .find(|wallet| wallet.name.as_deref() == Some("Main wallet"))
        .expect("the demo's main wallet")
        .address;
    // 10 BRLV to the person's own wallet elsewhere, answered so in the
    // review: journaled as it left, with the answer, and applied by the
    // service, whose answer the crash lost.
    let request = CreateTransfer {
        source_address: main,
        asset: Asset::EthBaseBrlv,
        amount: Decimal::from(10),
        target_address: "0x8ba1f109551bd432803012645ac136ddd64dba72".into(),
    };
    let post = post_record(
        &SubmitRequest::Transfer(request.clone()),
        time::OffsetDateTime::now_utc(),
    );
    let created = runtime.block_on(client.create_transfer(&request)).unwrap();
    let path = environment_journal(dir.path(), &service.base_url);
    {
        let (mut store, _) = Store::open(&path).unwrap();
        append_post_with_answer(&mut store, &post, Some(OutflowAnswer::OwnWallet)).unwrap();
    }

    let worker = worker(dir.path(), EnvironmentProfile::Given(credentials));
    assert!(worker.send(Command::Start { sandbox: false }));
    let mut state = AppState::new(Language::En);
    pump_until(
        &worker,
        &mut state,
        "the answer under the transfer's id",
        |state| {
            state
                .panels
                .taxes
                .inputs
                .typed
                .outflow_answer(&created.id)
                .is_some()
        },
    );
    assert_eq!(
        state.panels.taxes.inputs.typed.outflow_answer(&created.id),
        Some(OutflowAnswer::OwnWallet)
    );
    assert!(state.notices.iter().any(|notice| matches!(
        &notice.kind,
        NoticeKind::SendSettled { send, .. }
            if send.outcome == SendOutcome::Done(created.id.to_string())
    )));

    // Kept in the journal under the record's id; nothing waits any more.
    drop(worker);
    let (store, _) = Store::open(&path).unwrap();
    let (typed, unread) = read_typed(&store).unwrap();
    assert_eq!(
        typed.outflow_answer(&created.id),
        Some(OutflowAnswer::OwnWallet)
    );
    assert_eq!(unread, 0);
    assert!(answers_at_send(&store).unwrap().is_empty());
}

/// Where the environment's profile for `base_url` keeps its journal under
/// `dir`, as the worker will find it; its folder made.
pub(crate) fn environment_journal(dir: &std::path::Path, base_url: &str) -> std::path::PathBuf {
    let profile = Profile::for_environment(base_url);
    let path = journal::file_for(&dir.join("journal"), &profile.name, base_url);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    path
}

/// An order sent from this computer in an earlier run, with its wallet:
/// as the connection opens, the journal's copy of what was sent gives its
/// receipt the wallet, which the service's order record does not carry.
#[test]
fn an_order_sent_in_an_earlier_run_keeps_its_wallet_for_its_receipt() {
    use brlv_desk::app::receipt::build::OrderDestination;

    let dir = tempfile::tempdir().unwrap();
    let service = Service::start();
    let path = environment_journal(dir.path(), &service.base_url);
    let wallet = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    let order_id = uuid::Uuid::new_v4();
    let post_id = uuid::Uuid::new_v4();
    let sent_at = time::OffsetDateTime::now_utc() - time::Duration::days(3);
    {
        let (mut store, _) = Store::open(&path).unwrap();
        store
            .append_post(&journal::PostRecord {
                id: post_id,
                sent_at,
                form: "order".to_owned(),
                method: "POST".to_owned(),
                endpoint: "/api/v0/orders".to_owned(),
                body: serde_json::json!({
                    "quote-id": uuid::Uuid::new_v4(),
                    "target-wallet-address": wallet,
                })
                .to_string(),
            })
            .unwrap();
        store
            .append_outcome(&journal::OutcomeRecord {
                post_id,
                at: sent_at,
                outcome: journal::Outcome::Created,
                answer_lost: false,
                answer: Some(
                    serde_json::json!({
                        "id": order_id,
                        "state": "created",
                        "source-asset": "fiat/brl",
                        "target-asset": "eth-base/brlv",
                    })
                    .to_string(),
                ),
                error: None,
                reread_error: None,
            })
            .unwrap();
    }

    let handle = worker(dir.path(), EnvironmentProfile::Given(service.credentials()));
    assert!(handle.send(Command::Start { sandbox: false }));
    let mut state = AppState::new(Language::En);
    pump_until(
        &handle,
        &mut state,
        "the orders sent before, read back",
        |state| state.panels.orders.sent_to.contains_key(&order_id),
    );
    assert_eq!(
        state.panels.orders.sent_to.get(&order_id),
        Some(&OrderDestination::Wallet(wallet.to_owned()))
    );
}
