//! `brlv-desk update` from the command line against the headless sandbox's
//! demo feed, signed with a key the sandbox made at start: a newer version
//! offered, its package downloaded and checked with the one command that
//! installs it; the same feed refused against another key. And against
//! feeds signed here: one older than a feed already seen, or past its
//! expiry, refused; `--relaunch` starting only the installed program.

use std::io::{BufRead as _, BufReader};
use std::process::{Command, Stdio};

use crate::cli::BIN;

/// The binary with its config folder (where the newest feed seen is kept)
/// in `config`.
fn brlv(config: &std::path::Path) -> Command {
    let mut command = Command::new(BIN);
    command.env("XDG_CONFIG_HOME", config);
    command
}

/// Starts `brlv-desk sandbox` and reads the demo feed's address and key from
/// what it prints.
fn sandbox_feed() -> (crate::child_guard::ChildGuard, String, String) {
    let mut child = crate::child_guard::ChildGuard::new(
        Command::new(BIN)
            .args(["sandbox", "--listen", "127.0.0.1:0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let (url, key) = loop {
        let line = lines
            .next()
            .expect("the sandbox printed its demo feed")
            .unwrap();
        if let Some(command) = line.split("brlv-desk update check ").nth(1) {
            let words: Vec<&str> = command.split_whitespace().collect();
            let after = |flag: &str| {
                let at = words.iter().position(|word| *word == flag).unwrap();
                words[at + 1].to_owned()
            };
            break (after("--feed-url"), after("--public-key"));
        }
    };
    std::thread::spawn(move || for _ in lines {});
    (child, url, key)
}

#[test]
fn update_check_and_download_verify_the_sandboxs_signed_feed_and_refuse_another_key() {
    let (mut sandbox, url, key) = sandbox_feed();
    let config = tempfile::tempdir().unwrap();
    let feed = ["--feed-url", url.as_str(), "--platform", "linux-x86_64-deb"];

    let check = brlv(config.path())
        .args(["update", "check", "--public-key", key.as_str()])
        .args(feed)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&check.stdout);
    assert!(
        check.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&check.stderr)
    );
    assert!(stdout.contains("99.0.0"), "{stdout}");

    let to = tempfile::tempdir().unwrap();
    let download = brlv(config.path())
        .args(["update", "download", "--public-key", key.as_str()])
        .args(feed)
        .arg("--to")
        .arg(to.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&download.stdout);
    assert!(
        download.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&download.stderr)
    );
    assert!(stdout.contains("sudo apt install"), "{stdout}");
    let files: Vec<_> = std::fs::read_dir(to.path()).unwrap().collect();
    assert_eq!(files.len(), 1, "the checked package, and nothing else");

    // Another key: the same feed is refused, nothing is downloaded.
    let other_key = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/test-only-minisign.pub"
    ))
    .unwrap();
    let other_key = other_key.lines().nth(1).unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let refused = brlv(config.path())
        .args(["update", "download", "--public-key", other_key])
        .args(feed)
        .arg("--to")
        .arg(elsewhere.path())
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("error:"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
    assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 0);

    sandbox.kill().unwrap();
    sandbox.wait().unwrap();
}

#[test]
fn update_install_leaves_linux_packages_to_the_package_manager_and_runs_nothing() {
    let (mut sandbox, url, key) = sandbox_feed();
    let config = tempfile::tempdir().unwrap();
    let install = brlv(config.path())
        .args(["update", "install", "--public-key", key.as_str()])
        .args(["--feed-url", url.as_str(), "--platform", "linux-x86_64-deb"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&install.stderr);
    assert!(!install.status.success(), "{stderr}");
    assert!(
        stderr.contains("package manager") && stderr.contains("brlv-desk update download"),
        "{stderr}"
    );
    let stdout = String::from_utf8_lossy(&install.stdout);
    assert!(
        !stdout.contains("Checked"),
        "nothing was downloaded: {stdout}"
    );
    sandbox.kill().unwrap();
    sandbox.wait().unwrap();
}

/// What the window's updater does, short of running a Windows installer on
/// Linux: it waits for its caller to close its standard input, checks the
/// file it is given against the signed feed (a changed byte is refused and
/// nothing is run), tries to run the right one, and in every case starts
/// the installed program again with the options after `--` (the installed
/// program is this binary through a hook of debug builds: a release finds
/// it from the installation).
#[test]
fn update_install_for_the_window_checks_the_given_installer_and_starts_the_program_again() {
    let (mut sandbox, url, key) = sandbox_feed();
    let config = tempfile::tempdir().unwrap();
    let feed = [
        "--feed-url",
        url.as_str(),
        "--public-key",
        key.as_str(),
        "--platform",
        "windows-x86_64-nsis",
    ];
    let to = tempfile::tempdir().unwrap();
    let download = brlv(config.path())
        .args(["update", "download"])
        .args(feed)
        .arg("--to")
        .arg(to.path())
        .output()
        .unwrap();
    assert!(download.status.success(), "{download:?}");
    let installer = std::fs::read_dir(to.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    assert!(
        installer.to_string_lossy().ends_with("_x64-setup.exe"),
        "{installer:?}"
    );

    let updater = |package: &std::path::Path| {
        let mut child = brlv(config.path())
            .args(["update", "install", "--after-caller", "--wait"])
            .args(feed)
            .arg("--package")
            .arg(package)
            .arg("--relaunch")
            .env("BRLV_TEST_HOOK_INSTALLED_PROGRAM", BIN)
            .args(["--", "--version"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The window's end: its side of the pipe closes.
        drop(child.stdin.take());
        let output = child.wait_with_output().unwrap();
        (
            output.status,
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };

    // One byte changed after the window's check: refused, nothing run, the
    // program started again as it was.
    let mut bytes = std::fs::read(&installer).unwrap();
    let tampered = to.path().join("tampered-setup.exe");
    bytes[3] ^= 1;
    std::fs::write(&tampered, &bytes).unwrap();
    let (status, stdout, stderr) = updater(&tampered);
    assert_eq!(status.code(), Some(1), "{stdout}{stderr}");
    assert!(stderr.contains("SHA-256"), "{stderr}");
    assert!(!stdout.contains("Checked"), "nothing was run: {stdout}");
    assert!(
        stdout.contains("The update did not install; starting"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("brlv-desk {}", env!("CARGO_PKG_VERSION"))),
        "the program started again with its arguments: {stdout}"
    );

    // The right file passes the check; Linux cannot run a Windows
    // installer, and the program still starts again.
    let (status, stdout, stderr) = updater(&installer);
    assert_eq!(status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("Checked") && stdout.contains("against the signed feed"),
        "{stdout}"
    );
    assert!(stderr.contains("could not be started"), "{stderr}");
    assert!(
        stdout.contains(&format!("brlv-desk {}", env!("CARGO_PKG_VERSION"))),
        "{stdout}"
    );

    sandbox.kill().unwrap();
    sandbox.wait().unwrap();
}

/// `--relaunch` names no program: one given is refused before anything is
/// read or started, and so is a command in place of the window's options.
#[test]
fn update_install_relaunch_starts_no_program_it_is_told_to() {
    let config = tempfile::tempdir().unwrap();
    let marker = config.path().join("started");
    let script = format!("touch {}", marker.display());
    let output = brlv(config.path())
        .args([
            "update",
            "install",
            "--wait",
            "--relaunch=/bin/sh",
            "--",
            "-c",
        ])
        .arg(&script)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--relaunch"), "{stderr}");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(!marker.exists(), "the program named was started");

    // No feed at all, and a command where the window's options go: the
    // installed program is not started with it.
    let output = brlv(config.path())
        .args([
            "update",
            "install",
            "--wait",
            "--relaunch",
            "--",
            "call",
            "GET",
            "/",
        ])
        .env("BRLV_TEST_HOOK_INSTALLED_PROGRAM", BIN)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_ne!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("\"call\" is not one of the window's options"),
        "{stderr}"
    );
    assert!(!stdout.contains("starting"), "{stdout}");
}

/// `--public-key` is the key's text only: a file whose name is given there
/// is not read (its name is not a key); `--public-key-file` reads one.
#[test]
fn a_public_key_is_text_and_a_key_file_is_named_as_one() {
    let (mut sandbox, url, key) = sandbox_feed();
    let config = tempfile::tempdir().unwrap();
    let key_file = config.path().join("minisign.pub");
    std::fs::write(&key_file, format!("untrusted comment: demo\n{key}\n")).unwrap();
    let feed = ["--feed-url", url.as_str(), "--platform", "linux-x86_64-deb"];
    let by_name = brlv(config.path())
        .args(["update", "check", "--public-key"])
        .arg(&key_file)
        .args(feed)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&by_name.stderr);
    assert_eq!(by_name.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("public key cannot be read"), "{stderr}");
    let by_file = brlv(config.path())
        .args(["update", "check", "--public-key-file"])
        .arg(&key_file)
        .args(feed)
        .output()
        .unwrap();
    assert!(by_file.status.success(), "{by_file:?}");
    assert!(String::from_utf8_lossy(&by_file.stdout).contains("99.0.0"));
    sandbox.kill().unwrap();
    sandbox.wait().unwrap();
}

/// A loopback server of one feed and its signature, which the test can
/// replace between requests.
struct FeedServer {
    url: String,
    served: std::sync::Arc<std::sync::Mutex<(String, String)>>,
}

impl FeedServer {
    fn start() -> FeedServer {
        use std::io::{Read as _, Write as _};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!(
            "http://127.0.0.1:{}/feed.json",
            listener.local_addr().unwrap().port()
        );
        let served = std::sync::Arc::new(std::sync::Mutex::new((String::new(), String::new())));
        let serving = served.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { return };
                let mut head = Vec::new();
                let mut byte = [0u8; 1];
                while !head.ends_with(b"\r\n\r\n")
                    && stream.read(&mut byte).is_ok_and(|read| read == 1)
                {
                    head.push(byte[0]);
                }
                let head = String::from_utf8_lossy(&head);
                let (feed, signature) = serving.lock().unwrap().clone();
                let body = if head.contains(".minisig") {
                    signature
                } else {
                    feed
                };
                let _ = write!(
                    stream,
                    "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
            }
        });
        FeedServer { url, served }
    }

    /// Serves a feed of `version`, signed `signed_days_ago`, expiring
    /// `expires_in_days` from now, signed with `key`.
    fn serve(
        &self,
        key: &brlv_core::update::DemoFeedKey,
        version: &str,
        signed_days_ago: i64,
        expires_in_days: i64,
    ) {
        let now = time::OffsetDateTime::now_utc()
            .replace_nanosecond(0)
            .unwrap();
        let rfc3339 = |at: time::OffsetDateTime| {
            at.format(&time::format_description::well_known::Rfc3339)
                .unwrap()
        };
        let feed = serde_json::json!({
            "version": version,
            "date": "2026-01-01",
            "signed": rfc3339(now - time::Duration::days(signed_days_ago)),
            "expires": rfc3339(now + time::Duration::days(expires_in_days)),
            "notes": {"en": "A release.", "pt-BR": "Uma versão."},
            "platforms": {},
        })
        .to_string();
        let signature = key.sign(feed.as_bytes(), "test feed");
        *self.served.lock().unwrap() = (feed, signature);
    }
}

/// A feed older than one already verified (a lower version, still within
/// its expiry) is refused, as is a feed past its expiry; the newest seen is
/// kept in the config folder between runs.
#[test]
fn a_rolled_back_or_expired_feed_is_refused() {
    let config = tempfile::tempdir().unwrap();
    let key = brlv_core::update::DemoFeedKey::generate().unwrap();
    let server = FeedServer::start();
    let check = || {
        let output = brlv(config.path())
            .args(["update", "check", "--feed-url", &server.url])
            .args(["--public-key", &key.public_key_base64()])
            .args(["--platform", "linux-x86_64-deb"])
            .output()
            .unwrap();
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    // The newest: read (it has no package for this platform, which is said).
    server.serve(&key, "99.2.0", 1, 29);
    let (code, _, stderr) = check();
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("has no package for linux-x86_64-deb"),
        "{stderr}"
    );
    // An older release's feed, signed before and still valid: rolled back.
    server.serve(&key, "99.1.0", 10, 20);
    let (code, _, stderr) = check();
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("offers 99.1.0") && stderr.contains("which offered 99.2.0"),
        "{stderr}"
    );
    // A feed past its expiry: reported, not trusted.
    server.serve(&key, "99.3.0", 40, -10);
    let (code, _, stderr) = check();
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("the update feed expired on"), "{stderr}");
    // The memory is of this installation: a new config folder starts empty.
    assert!(config.path().join("brlv-desk/update-feeds.json").exists());
}
