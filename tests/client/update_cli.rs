//! `brlv-desk update` from the command line against the headless sandbox's
//! demo feed, signed with a key the sandbox made at start: a newer version
//! offered, its package downloaded and checked with the one command that
//! installs it; the same feed refused against another key.

use std::io::{BufRead as _, BufReader};
use std::process::{Command, Stdio};

use crate::cli::BIN;

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
    let feed = ["--feed-url", url.as_str(), "--platform", "linux-x86_64-deb"];

    let check = Command::new(BIN)
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
    let download = Command::new(BIN)
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
    let refused = Command::new(BIN)
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
    let install = Command::new(BIN)
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
/// the program again with the arguments after `--`.
#[test]
fn update_install_for_the_window_checks_the_given_installer_and_starts_the_program_again() {
    let (mut sandbox, url, key) = sandbox_feed();
    let feed = [
        "--feed-url",
        url.as_str(),
        "--public-key",
        key.as_str(),
        "--platform",
        "windows-x86_64-nsis",
    ];
    let to = tempfile::tempdir().unwrap();
    let download = Command::new(BIN)
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
        let mut child = Command::new(BIN)
            .args(["update", "install", "--after-caller", "--wait"])
            .args(feed)
            .arg("--package")
            .arg(package)
            .arg(format!("--relaunch={BIN}"))
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
