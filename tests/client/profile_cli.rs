//! `brlv-desk profile add|list|remove|public-key`: in-process against a
//! secret store in memory (and one that keeps Windows' Credential Manager
//! rules), with the app's worker beside it to show that each sees what the
//! other saved; and the real binary for what needs no keyring. `.ci/run`
//! runs the binary on the real Secret Service and, under wine, on Windows'.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use brlv_core::api::PrivateKey;
use brlv_core::keystore::credential_manager::CredentialManagerRules;
use brlv_core::keystore::{KeyringStore, MemoryStore, SecretStore};
use brlv_core::profile::ProfileBook;
use brlv_core::seal::{self, ScryptCost};
use brlv_desk::app::i18n::Language;
use brlv_desk::cli::call::{self, PassphraseArgs, PassphraseReader};
use brlv_desk::cli::profile::{
    self as profile_command, AddArgs, ProfileCommand, ProfileContext, ProfileFailure,
};
use secrecy::{ExposeSecret, SecretString};

const BIN: &str = env!("CARGO_BIN_EXE_brlv-desk");
const PASSPHRASE: &str = "a passphrase of the tests";

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// A scratch home: the profile file, the journals, the key and API key files.
struct Home {
    dir: tempfile::TempDir,
    store: Arc<dyn SecretStore>,
}

impl Home {
    fn new(store: Arc<dyn SecretStore>) -> Home {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("api-key.txt"), "the-api-key\n").unwrap();
        Home { dir, store }
    }

    fn book_path(&self) -> PathBuf {
        self.dir.path().join("config/profiles.json")
    }

    fn journal_dir(&self) -> PathBuf {
        self.dir.path().join("journal")
    }

    fn file(&self, name: &str, contents: &str) -> PathBuf {
        let path = self.dir.path().join(name);
        std::fs::write(&path, contents).unwrap();
        path
    }

    /// Runs `command` as `brlv-desk profile` would, with `passphrase` as
    /// the script's line; what it printed, or why it failed.
    fn run(&self, command: ProfileCommand, passphrase: &str) -> Result<String, ProfileFailure> {
        let store = Arc::clone(&self.store);
        let open_store = move || Ok(Arc::clone(&store));
        let context = ProfileContext {
            book_path: self.book_path(),
            journal_dir: Some(self.journal_dir()),
            open_store: &open_store,
            seal_cost: ScryptCost::TEST_ONLY_CHEAP,
            language: Language::En,
        };
        let mut passphrases = PassphraseReader::given(SecretString::from(passphrase.to_owned()));
        let mut out = Vec::new();
        profile_command::run(command, &context, &mut passphrases, &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

    fn add(&self, name: &str, key_file: &Path, replace: bool) -> Result<String, ProfileFailure> {
        self.run(
            ProfileCommand::Add(AddArgs {
                name: name.to_owned(),
                base_url: "http://127.0.0.1:8787".to_owned(),
                api_key_file: self.dir.path().join("api-key.txt"),
                private_key_file: key_file.to_owned(),
                replace,
                passphrase: PassphraseArgs::default(),
            }),
            PASSPHRASE,
        )
    }

    fn public_key(&self, name: &str, passphrase: &str) -> Result<String, ProfileFailure> {
        self.run(
            ProfileCommand::PublicKey {
                name: name.to_owned(),
                passphrase: PassphraseArgs::default(),
            },
            passphrase,
        )
    }

    fn list(&self) -> String {
        self.run(ProfileCommand::List, "").unwrap()
    }

    fn remove(&self, name: &str) -> Result<String, ProfileFailure> {
        self.run(
            ProfileCommand::Remove {
                name: Some(name.to_owned()),
                all: false,
            },
            "",
        )
    }
}

fn key_2048() -> PrivateKey {
    PrivateKey::from_pem(&std::fs::read_to_string(fixture("test-only-rsa2048-pkcs8.pem")).unwrap())
        .unwrap()
}

#[test]
fn a_profile_is_added_listed_asked_for_its_public_key_and_removed() {
    let home = Home::new(Arc::new(MemoryStore::default()));
    let saved = home
        .add("Conta PJ", &fixture("test-only-rsa2048-pkcs8.pem"), false)
        .unwrap();
    assert!(saved.contains("Profile “Conta PJ” saved"), "{saved}");
    assert_eq!(home.list(), "Conta PJ\thttp://127.0.0.1:8787\n");

    // The keyring holds the key sealed, never plain.
    let secrets = home.store.load("Conta PJ").unwrap().unwrap();
    assert!(seal::is_sealed(secrets.private_key_pem.expose_secret()));
    assert_eq!(secrets.api_key.expose_secret(), "the-api-key");
    assert_eq!(
        home.public_key("Conta PJ", PASSPHRASE).unwrap(),
        key_2048().public_key_pem()
    );
    let wrong = home
        .public_key("Conta PJ", "not the passphrase")
        .unwrap_err();
    assert_eq!(wrong.exit_code, call::EXIT_USAGE);
    assert!(wrong.message.contains("does not open"), "{}", wrong.message);

    // Its journal goes with it, as when the app deletes a profile.
    let journal =
        brlv_core::journal::file_for(&home.journal_dir(), "Conta PJ", "http://127.0.0.1:8787");
    std::fs::create_dir_all(journal.parent().unwrap()).unwrap();
    std::fs::write(&journal, "journal").unwrap();
    let removed = home.remove("Conta PJ").unwrap();
    assert!(removed.contains("removed"), "{removed}");
    assert_eq!(home.list(), "");
    assert!(home.store.load("Conta PJ").unwrap().is_none());
    assert!(!journal.exists());
    let again = home.remove("Conta PJ").unwrap_err();
    assert!(again.message.contains("profile list"), "{}", again.message);
}

#[test]
fn a_sealed_key_file_opens_with_the_passphrase_and_is_sealed_again() {
    let home = Home::new(Arc::new(MemoryStore::default()));
    let sealed = seal::seal(
        &key_2048(),
        &SecretString::from(PASSPHRASE.to_owned()),
        ScryptCost::TEST_ONLY_CHEAP,
    )
    .unwrap();
    let file = home.file("sealed.pem", sealed.expose_secret());
    let refused = home
        .run(
            ProfileCommand::Add(AddArgs {
                name: "work".to_owned(),
                base_url: "http://127.0.0.1:8787".to_owned(),
                api_key_file: home.dir.path().join("api-key.txt"),
                private_key_file: file.clone(),
                replace: false,
                passphrase: PassphraseArgs::default(),
            }),
            "a wrong passphrase",
        )
        .unwrap_err();
    assert!(
        refused.message.contains("does not open"),
        "{}",
        refused.message
    );
    assert_eq!(home.list(), "", "nothing saved");
    assert!(home.store.load("work").unwrap().is_none());

    home.add("work", &file, false).unwrap();
    let stored = home.store.load("work").unwrap().unwrap();
    assert_ne!(
        stored.private_key_pem.expose_secret(),
        sealed.expose_secret(),
        "sealed again, with fresh salt"
    );
    assert_eq!(
        home.public_key("work", PASSPHRASE).unwrap(),
        key_2048().public_key_pem()
    );
}

#[test]
fn what_cannot_work_is_refused_before_anything_is_saved() {
    let home = Home::new(Arc::new(MemoryStore::default()));
    let key = fixture("test-only-rsa2048-pkcs1.pem");
    let add = |name: &str, base_url: &str, key: &Path, passphrase: &str| {
        home.run(
            ProfileCommand::Add(AddArgs {
                name: name.to_owned(),
                base_url: base_url.to_owned(),
                api_key_file: home.dir.path().join("api-key.txt"),
                private_key_file: key.to_owned(),
                replace: false,
                passphrase: PassphraseArgs::default(),
            }),
            passphrase,
        )
    };
    let plain_http = add("a", "http://api.example.com", &key, PASSPHRASE).unwrap_err();
    assert_eq!(plain_http.exit_code, call::EXIT_USAGE);
    let short = add("a", "https://api.example.com", &key, "short").unwrap_err();
    assert!(short.message.contains("10 characters"), "{}", short.message);
    let slash = add("a/b", "https://api.example.com", &key, PASSPHRASE).unwrap_err();
    assert!(slash.message.contains('/'), "{}", slash.message);
    let small = add(
        "a",
        "https://api.example.com",
        &fixture("test-only-rsa1024-pkcs1.pem"),
        PASSPHRASE,
    )
    .unwrap_err();
    assert!(small.message.contains("2048"), "{}", small.message);
    let public = add(
        "a",
        "https://api.example.com",
        &fixture("test-only-rsa2048-public.pem"),
        PASSPHRASE,
    )
    .unwrap_err();
    assert_eq!(public.exit_code, call::EXIT_USAGE);
    assert_eq!(home.list(), "");

    add("a", "https://api.example.com", &key, PASSPHRASE).unwrap();
    let twice = add("a", "https://api.example.com", &key, PASSPHRASE).unwrap_err();
    assert!(twice.message.contains("--replace"), "{}", twice.message);
    home.add("a", &key, true).unwrap();
    assert_eq!(home.list(), "a\thttp://127.0.0.1:8787\n");
}

/// On Windows the keyring is Credential Manager: 2,560 bytes an entry. The
/// largest key the app takes, sealed, goes through a store with its rules.
#[test]
fn a_sealed_4096_bit_key_fits_credential_managers_limits() {
    let rules = CredentialManagerRules::new();
    let home = Home::new(Arc::new(KeyringStore::with_store(
        rules.clone(),
        "brlv-desk",
    )));
    home.add("big key", &fixture("test-only-rsa4096.pem"), false)
        .unwrap();
    let stored = rules
        .stored_bytes("brlv-desk", "big key/private-key")
        .unwrap();
    assert!(stored.len() <= 2_560, "{} bytes", stored.len());
    let key =
        PrivateKey::from_pem(&std::fs::read_to_string(fixture("test-only-rsa4096.pem")).unwrap())
            .unwrap();
    assert_eq!(
        home.public_key("big key", PASSPHRASE).unwrap(),
        key.public_key_pem()
    );
}

#[test]
fn remove_all_removes_every_profile() {
    let home = Home::new(Arc::new(MemoryStore::default()));
    home.add("one", &fixture("test-only-rsa2048-pkcs8.pem"), false)
        .unwrap();
    home.add("two", &fixture("test-only-rsa2048-pkcs8.pem"), false)
        .unwrap();
    home.run(
        ProfileCommand::Remove {
            name: None,
            all: true,
        },
        "",
    )
    .unwrap();
    assert_eq!(home.list(), "");
    assert!(home.store.load("one").unwrap().is_none());
    assert!(home.store.load("two").unwrap().is_none());
}

/// A worker as the app runs it, on `home`'s store and profile file.
fn app_worker(home: &Home) -> brlv_desk::app::worker::WorkerHandle {
    use brlv_desk::app::worker::{
        EnvironmentProfile, NetworkPolicy, SecretSource, WorkerConfig, WorkerHandle,
    };
    WorkerHandle::spawn(
        WorkerConfig {
            clock: brlv_desk::app::clock::Clock::new(),
            secrets: SecretSource::Store(Arc::clone(&home.store)),
            profile_path: Some(home.book_path()),
            environment: EnvironmentProfile::Ignore,
            network: NetworkPolicy::default(),
            seal_cost: ScryptCost::TEST_ONLY_CHEAP,
            journal_dir: None,
            dialogs: Arc::new(brlv_desk::app::dialog::RecordingDialogs::default()),
            updates: brlv_desk::app::worker::UpdateConfig::this_build(),
            central_bank: Default::default(),
            sandbox_clock_start: None,
        },
        Arc::new(|| {}),
    )
    .unwrap()
}

fn pump_until(
    worker: &brlv_desk::app::worker::WorkerHandle,
    state: &mut brlv_desk::app::state::AppState,
    what: &str,
    done: impl Fn(&brlv_desk::app::state::AppState) -> bool,
) {
    let start = Instant::now();
    while !done(state) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out: {what}"
        );
        for command in state.take_commands() {
            assert!(worker.send(command));
        }
        if let Some(event) = worker.recv_timeout(Duration::from_millis(200)) {
            state.apply(event);
        }
    }
}

/// The app lists and opens what the command line saved, and the command
/// line reads what the app's onboarding saved; `call --profile`'s loading
/// signs requests the sandbox accepts with either.
#[test]
fn the_app_and_the_command_line_see_each_others_profiles() {
    use brlv_core::profile::Profile;
    use brlv_desk::app::features::lock::state::{LockTold, PassphrasePurpose};
    use brlv_desk::app::message::Command as AppCommand;
    use brlv_desk::app::session::ConnectRequest;
    use brlv_desk::app::state::AppState;

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let sandbox = runtime
        .block_on(brlv_sandbox::Sandbox::start(
            brlv_sandbox::SandboxConfig::default(),
        ))
        .unwrap();
    sandbox
        .register_account("the-api-key", key_2048().public_key_pem(), true)
        .unwrap();
    let base_url = sandbox.base_url().to_string();
    let home = Home::new(Arc::new(MemoryStore::default()));

    // Saved by the command line, seen and opened by the app.
    home.run(
        ProfileCommand::Add(AddArgs {
            name: "from the terminal".to_owned(),
            base_url: base_url.clone(),
            api_key_file: home.dir.path().join("api-key.txt"),
            private_key_file: fixture("test-only-rsa2048-pkcs8.pem"),
            replace: false,
            passphrase: PassphraseArgs::default(),
        }),
        PASSPHRASE,
    )
    .unwrap();
    let worker = app_worker(&home);
    let mut state = AppState::new(Language::En);
    assert!(worker.send(AppCommand::Start { sandbox: false }));
    pump_until(&worker, &mut state, "the unlock screen", |state| {
        state
            .panels
            .lock
            .opening
            .as_ref()
            .is_some_and(|profile| profile.name == "from the terminal")
    });
    assert!(
        state
            .shared
            .profiles
            .iter()
            .any(|p| p.name == "from the terminal")
    );
    *state.panels.lock.unlock.text = PASSPHRASE.to_owned();
    state.tell(
        |panels| &mut panels.lock,
        LockTold::Check(PassphrasePurpose::Unlock),
    );
    pump_until(&worker, &mut state, "the profile's balance", |state| {
        state.shared.data.balance_brl.value().is_some()
    });
    assert_eq!(
        state.shared.session.as_ref().unwrap().profile.name,
        "from the terminal"
    );

    // Saved by the app's onboarding, read by the command line.
    assert!(worker.send(AppCommand::Connect(ConnectRequest {
        profile: Profile {
            name: "from the app".to_owned(),
            base_url: base_url.clone(),
        },
        api_key: SecretString::from("the-api-key".to_owned()),
        private_key: key_2048(),
        save: true,
        passphrase: SecretString::from(PASSPHRASE.to_owned()),
    })));
    pump_until(
        &worker,
        &mut state,
        "the profile saved by the app",
        |state| {
            state
                .shared
                .profiles
                .iter()
                .any(|profile| profile.name == "from the app")
        },
    );
    drop(worker);
    let listed = home.list();
    assert!(listed.contains("from the terminal\t"), "{listed}");
    assert!(listed.contains("from the app\t"), "{listed}");
    assert_eq!(
        home.public_key("from the app", PASSPHRASE).unwrap(),
        key_2048().public_key_pem()
    );

    // `call --profile` loads either and the sandbox accepts its signature.
    for name in ["from the terminal", "from the app"] {
        let store = Arc::clone(&home.store);
        let credentials =
            brlv_core::credentials::saved_credentials(name, &home.book_path(), move || Ok(store))
                .unwrap()
                .open(|| Ok(SecretString::from(PASSPHRASE.to_owned())))
                .unwrap();
        let args = call::CallArgs {
            method: "GET".to_owned(),
            path: "/api/v0/assets/brl/balance".to_owned(),
            data: None,
            query: Vec::new(),
            profile: Some(name.to_owned()),
            quiet: true,
            again: false,
            duplicate_days: brlv_core::duplicates::DEFAULT_DAYS,
            allow_plain_key: false,
            passphrase: PassphraseArgs::default(),
        };
        let mut out = Vec::new();
        let outcome = runtime
            .block_on(call::run(&args, credentials, &mut out))
            .unwrap();
        assert_eq!(outcome.status, 200, "{}", String::from_utf8_lossy(&out));
    }
    assert_eq!(
        ProfileBook::load(&home.book_path()).unwrap().profiles.len(),
        2
    );
    // The app's save bound the address as `profile add` does.
    for name in ["from the terminal", "from the app"] {
        let opened = open_as_call(&home, name, PASSPHRASE).unwrap();
        assert!(opened.notice.is_none(), "{name} is bound already");
        assert_eq!(opened.credentials.base_url, base_url);
    }
}

/// The binary, with a scratch configuration folder: what needs no keyring.
fn binary(home: &Path, args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .args(args)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("HOME", home)
        .env("LANG", "en_US.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANGUAGE")
        .output()
        .unwrap()
}

#[test]
fn the_binary_lists_no_profiles_and_refuses_a_bad_one_without_a_keyring() {
    let home = tempfile::tempdir().unwrap();
    let help = binary(home.path(), &["profile", "--help"]);
    let help = String::from_utf8(help.stdout).unwrap();
    for command in ["add", "list", "remove", "public-key"] {
        assert!(help.contains(command), "{help}");
    }

    let list = binary(home.path(), &["profile", "list"]);
    assert!(list.status.success());
    assert_eq!(String::from_utf8(list.stdout).unwrap(), "");
    assert!(
        String::from_utf8(list.stderr)
            .unwrap()
            .contains("profile add"),
    );

    std::fs::write(home.path().join("api-key.txt"), "k\n").unwrap();
    let key = fixture("test-only-rsa2048-pkcs8.pem");
    let refused = binary(
        home.path(),
        &[
            "profile",
            "add",
            "work",
            "--base-url",
            "http://api.example.com",
            "--api-key-file",
            home.path().join("api-key.txt").to_str().unwrap(),
            "--private-key-file",
            key.to_str().unwrap(),
            "--passphrase-stdin",
        ],
    );
    assert_eq!(refused.status.code(), Some(i32::from(call::EXIT_USAGE)));
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(stderr.contains("https"), "{stderr}");

    let passphrase_as_argument = binary(
        home.path(),
        &["profile", "public-key", "x", "--passphrase", "p"],
    );
    assert_eq!(passphrase_as_argument.status.code(), Some(2));
}

/// Opens the saved profile `name` of `home` as `call --profile` does.
fn open_as_call(
    home: &Home,
    name: &str,
    passphrase: &str,
) -> Result<brlv_core::credentials::OpenedProfile, brlv_core::credentials::CredentialsError> {
    let store = Arc::clone(&home.store);
    let passphrase = SecretString::from(passphrase.to_owned());
    brlv_core::credentials::open_saved_profile(
        name,
        &home.book_path(),
        move || Ok(store),
        move || Ok(passphrase),
        ScryptCost::TEST_ONLY_CHEAP,
    )
}

fn rewrite_url(home: &Home, name: &str, url: &str) {
    let mut book = ProfileBook::load(&home.book_path()).unwrap();
    let mut profile = book.find(name).unwrap().clone();
    profile.base_url = url.to_owned();
    book.upsert(profile);
    book.save(&home.book_path()).unwrap();
}

/// A program of the same user points a saved profile at a relay of its
/// own by editing the profile file: the profile is refused when opened,
/// with both addresses, and the relay sees nothing. Removing the binding
/// too does not help. `profile set-url`, which opens the key, is the way.
#[test]
fn a_profile_whose_address_was_edited_on_disk_is_refused_and_sends_nothing() {
    let home = Home::new(Arc::new(MemoryStore::default()));
    let key_file = fixture("test-only-rsa2048-pkcs8.pem");
    home.add("Work", &key_file, false).unwrap();
    let opened = open_as_call(&home, "Work", PASSPHRASE).unwrap();
    assert_eq!(opened.credentials.base_url, "http://127.0.0.1:8787");
    assert!(opened.notice.is_none(), "a new profile is bound already");

    let relay = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    relay.set_nonblocking(true).unwrap();
    let relay_url = format!("http://127.0.0.1:{}", relay.local_addr().unwrap().port());
    rewrite_url(&home, "Work", &relay_url);
    let error = call::CallError::from(open_as_call(&home, "Work", PASSPHRASE).unwrap_err());
    assert_eq!(error.exit_code(), call::EXIT_USAGE);
    let message = error.to_string();
    assert!(
        message.contains(&format!(
            "was sealed for http://127.0.0.1:8787; the profile file now says {relay_url}"
        )),
        "{message}"
    );
    assert!(message.contains("profile set-url"), "{message}");

    // The binding file removed as well: refused, not bound anew.
    let bindings = home.dir.path().join("config/profile-bindings.json");
    std::fs::remove_file(&bindings).unwrap();
    let message = open_as_call(&home, "Work", PASSPHRASE)
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("binding of profile \"Work\" is missing"),
        "{message}"
    );
    match relay.accept() {
        Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => {}
        Ok((_, from)) => panic!("the relay was reached from {from}"),
        Err(error) => panic!("{error}"),
    }

    // The explicit way: set-url asks for the passphrase (a wrong one changes
    // nothing) and signs the new address.
    let set_url = |passphrase: &str| {
        home.run(
            ProfileCommand::SetUrl {
                name: "Work".to_owned(),
                url: "https://api.example.com".to_owned(),
                passphrase: PassphraseArgs::default(),
            },
            passphrase,
        )
    };
    assert!(set_url("not the passphrase at all").is_err());
    assert!(open_as_call(&home, "Work", PASSPHRASE).is_err());
    let said = set_url(PASSPHRASE).unwrap();
    assert!(
        said.contains("now points at https://api.example.com"),
        "{said}"
    );
    let opened = open_as_call(&home, "Work", PASSPHRASE).unwrap();
    assert_eq!(opened.credentials.base_url, "https://api.example.com");
    assert_eq!(
        opened.credentials.private_key.public_key_pem(),
        key_2048().public_key_pem()
    );
}

/// A program of the same user routes a saved profile through a machine of
/// its own by editing the profile file's network path: refused when the
/// profile is opened, with both paths, like an edited address. `profile
/// set-proxy`, which asks for the passphrase, signs a path the person chose,
/// and the client then goes through that proxy and says so.
#[test]
fn a_network_path_edited_on_disk_is_refused_and_set_proxy_binds_one() {
    use brlv_core::network::{NetworkPath, Proxy};
    let home = Home::new(Arc::new(MemoryStore::default()));
    home.add("Work", &fixture("test-only-rsa2048-pkcs8.pem"), false)
        .unwrap();
    let reroute = |proxy: &str| {
        let mut book = ProfileBook::load(&home.book_path()).unwrap();
        book.set_network(
            "Work",
            NetworkPath {
                proxy: Proxy::parse(proxy).unwrap(),
                certificate: None,
            },
        );
        book.save(&home.book_path()).unwrap();
    };
    for edited in ["http://127.0.0.1:18080", "system"] {
        reroute(edited);
        let message = open_as_call(&home, "Work", PASSPHRASE)
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("was sealed to connect straight to the service (proxy=none)")
                && message.contains("profile set-proxy"),
            "{message}"
        );
    }
    reroute("none");
    open_as_call(&home, "Work", PASSPHRASE).unwrap();

    let set_proxy = |passphrase: &str| {
        home.run(
            ProfileCommand::SetProxy {
                name: "Work".to_owned(),
                proxy: "http://proxy.example:3128".to_owned(),
                certificate: None,
                no_certificate: false,
                passphrase: PassphraseArgs::default(),
            },
            passphrase,
        )
    };
    assert!(set_proxy("not the passphrase at all").is_err());
    let said = set_proxy(PASSPHRASE).unwrap();
    assert!(said.contains("proxy=http://proxy.example:3128/"), "{said}");
    let opened = open_as_call(&home, "Work", PASSPHRASE).unwrap();
    let client = opened.credentials.into_client().unwrap();
    assert_eq!(client.proxy_shown(), Some("proxy.example:3128"));
    // Back to straight by a hand edit: refused too.
    let mut book = ProfileBook::load(&home.book_path()).unwrap();
    book.set_network("Work", NetworkPath::default());
    book.save(&home.book_path()).unwrap();
    assert!(open_as_call(&home, "Work", PASSPHRASE).is_err());
}

/// A profile saved before bindings (a key sealed without the mark, no
/// binding) is bound at its next opening and told so once; from then on
/// it is held to that address like a new one.
#[test]
fn a_profile_from_before_bindings_is_bound_at_its_next_opening() {
    let home = Home::new(Arc::new(MemoryStore::default()));
    let older_seal =
        std::fs::read_to_string(fixture("test-only-rsa2048-openssl-scrypt.pem")).unwrap();
    assert!(!seal::seals_with_binding(&older_seal));
    home.store
        .save(
            "Old",
            &brlv_core::keystore::ProfileSecrets {
                api_key: SecretString::from("the-api-key".to_owned()),
                private_key_pem: SecretString::from(older_seal),
            },
        )
        .unwrap();
    let mut book = ProfileBook::default();
    book.upsert(brlv_core::profile::Profile {
        name: "Old".to_owned(),
        base_url: "https://api.example.com".to_owned(),
    });
    book.save(&home.book_path()).unwrap();

    let passphrase = "openssl test passphrase";
    let first = open_as_call(&home, "Old", passphrase).unwrap();
    let notice = first.notice.expect("said once");
    assert!(
        notice.contains("now bound to https://api.example.com"),
        "{notice}"
    );
    // Sealed again with the mark, with the same passphrase.
    let stored = home.store.load("Old").unwrap().unwrap();
    assert!(seal::seals_with_binding(
        stored.private_key_pem.expose_secret()
    ));
    let second = open_as_call(&home, "Old", passphrase).unwrap();
    assert!(second.notice.is_none(), "only once");

    rewrite_url(&home, "Old", "http://127.0.0.1:18999");
    let message = open_as_call(&home, "Old", passphrase)
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("was sealed for https://api.example.com; the profile file now says http://127.0.0.1:18999"),
        "{message}"
    );
}

/// A saved profile holding a plain key (an early version's) is refused by
/// `call` with the command that seals it; `profile seal` seals and binds it.
#[test]
fn a_saved_plain_key_is_refused_until_profile_seal_seals_it() {
    let home = Home::new(Arc::new(MemoryStore::default()));
    home.store
        .save(
            "Plain",
            &brlv_core::keystore::ProfileSecrets {
                api_key: SecretString::from("the-api-key".to_owned()),
                private_key_pem: key_2048().pem().clone(),
            },
        )
        .unwrap();
    let mut book = ProfileBook::default();
    book.upsert(brlv_core::profile::Profile {
        name: "Plain".to_owned(),
        base_url: "https://api.example.com".to_owned(),
    });
    book.save(&home.book_path()).unwrap();

    let error = call::CallError::from(open_as_call(&home, "Plain", PASSPHRASE).unwrap_err());
    assert_eq!(error.exit_code(), call::EXIT_USAGE);
    let message = error.to_string();
    assert!(
        message.contains("brlv-desk profile seal \"Plain\""),
        "{message}"
    );

    let seal_it = ProfileCommand::Seal {
        name: "Plain".to_owned(),
        passphrase: PassphraseArgs::default(),
    };
    let said = home.run(seal_it, PASSPHRASE).unwrap();
    assert!(said.contains("bound to https://api.example.com"), "{said}");
    let stored = home.store.load("Plain").unwrap().unwrap();
    assert!(seal::is_sealed(stored.private_key_pem.expose_secret()));
    let opened = open_as_call(&home, "Plain", PASSPHRASE).unwrap();
    assert!(opened.notice.is_none());
    assert_eq!(
        opened.credentials.private_key.public_key_pem(),
        key_2048().public_key_pem()
    );
}

/// The window's worker holds a saved profile to its address too: edited on
/// disk, the unlock opens nothing and says why, with both addresses; what
/// the window's onboarding saves is bound, so `call` opens it.
#[test]
fn the_app_refuses_a_profile_whose_address_was_edited_on_disk() {
    use brlv_desk::app::features::lock::state::{LockTold, PassphrasePurpose};
    use brlv_desk::app::message::{Command as AppCommand, NoticeDetail, NoticeKind};
    use brlv_desk::app::state::AppState;

    let home = Home::new(Arc::new(MemoryStore::default()));
    home.add("Work", &fixture("test-only-rsa2048-pkcs8.pem"), false)
        .unwrap();
    rewrite_url(&home, "Work", "http://127.0.0.1:1");
    let worker = app_worker(&home);
    let mut state = AppState::new(Language::En);
    assert!(worker.send(AppCommand::Start { sandbox: false }));
    pump_until(&worker, &mut state, "the unlock screen", |state| {
        state.panels.lock.opening.is_some()
    });
    *state.panels.lock.unlock.text = PASSPHRASE.to_owned();
    state.tell(
        |panels| &mut panels.lock,
        LockTold::Check(PassphrasePurpose::Unlock),
    );
    pump_until(&worker, &mut state, "the refusal", |state| {
        state
            .notices
            .iter()
            .any(|notice| notice.kind == NoticeKind::ProfileNotOpened("Work".to_owned()))
    });
    let notice = state
        .notices
        .iter()
        .find(|notice| notice.kind == NoticeKind::ProfileNotOpened("Work".to_owned()))
        .unwrap();
    let NoticeDetail::Text(detail) = &notice.detail else {
        panic!("the reason is told: {:?}", notice.detail);
    };
    assert!(
        detail.contains(
            "was sealed for http://127.0.0.1:8787; the profile file now says http://127.0.0.1:1"
        ),
        "{detail}"
    );
    assert!(state.shared.session.is_none(), "nothing opened");
}
