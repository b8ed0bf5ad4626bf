//! The command line as a person uses it: `--version`, the headless sandbox
//! (started, used through `call`, stopped with Ctrl-C), and `call`'s exit
//! codes and output.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_brlv-desk");

#[test]
fn version_prints_the_package_version() {
    let output = Command::new(BIN).arg("--version").output().unwrap();
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap().trim(),
        format!("brlv-desk {}", env!("CARGO_PKG_VERSION"))
    );
}

/// Starts `brlv-desk sandbox` on a free port with demo credentials in `dir`;
/// returns the child and its base URL once it says where it listens.
fn start_sandbox(dir: &Path) -> (Child, String) {
    let mut child = Command::new(BIN)
        .args(["sandbox", "--listen", "127.0.0.1:0", "--demo-credentials"])
        .arg(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let url = loop {
        let line = lines
            .next()
            .expect("the sandbox printed where it listens")
            .unwrap();
        if let Some(url) = line.split("listening on ").nth(1) {
            break url.trim().trim_end_matches('/').to_owned();
        }
    };
    // Keep draining so the child never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    (child, url)
}

fn call(dir: &Path, base_url: &str, args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("call")
        .args(args)
        .env("BRLV_BASE_URL", base_url)
        .env(
            "BRLV_API_KEY",
            std::fs::read_to_string(dir.join("api-key.txt"))
                .unwrap()
                .trim(),
        )
        .env("BRLV_PRIVATE_KEY_FILE", dir.join("private-key.pem"))
        .output()
        .unwrap()
}

#[cfg(unix)]
#[test]
fn the_sandbox_answers_call_and_stops_cleanly_on_ctrl_c() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, base_url) = start_sandbox(dir.path());

    let balance = call(
        dir.path(),
        &base_url,
        &["GET", "/api/v0/assets/brl/balance"],
    );
    let stdout = String::from_utf8(balance.stdout).unwrap();
    assert!(balance.status.success(), "{stdout}");
    assert!(stdout.starts_with("HTTP 200\n"), "{stdout}");
    assert!(
        stdout.contains("\"running-balance\": \"25000.00\""),
        "{stdout}"
    );

    let filtered = call(
        dir.path(),
        &base_url,
        &["GET", "/api/v0/transfers", "--query", "state=failed"],
    );
    let stdout = String::from_utf8(filtered.stdout).unwrap();
    assert!(filtered.status.success(), "{stdout}");
    assert!(
        stdout.contains("\"state\": \"failed\"") && !stdout.contains("\"state\": \"completed\""),
        "{stdout}"
    );

    let refused = call(
        dir.path(),
        &base_url,
        &[
            "POST",
            "/api/v0/withdrawals",
            "--data",
            r#"{"asset":"fiat/brl","method":"ted","amount":"-5"}"#,
        ],
    );
    assert_eq!(
        refused.status.code(),
        Some(1),
        "a non-2xx answer exits non-zero"
    );
    assert!(
        String::from_utf8(refused.stdout)
            .unwrap()
            .starts_with("HTTP 400\n")
    );
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(stderr.contains("amount-not-positive"), "{stderr}");

    let not_json = call(
        dir.path(),
        &base_url,
        &["POST", "/api/v0/claims", "--data", "{oops"],
    );
    assert_ne!(not_json.status.code(), Some(0));
    assert!(
        String::from_utf8(not_json.stderr)
            .unwrap()
            .contains("not valid JSON")
    );

    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "Ctrl-C stops the sandbox cleanly");
}

#[test]
fn call_without_credentials_says_which_variable_is_missing() {
    let output = Command::new(BIN)
        .args(["call", "GET", "/api/v0/orders"])
        .env_remove("BRLV_BASE_URL")
        .env_remove("BRLV_API_KEY")
        .env_remove("BRLV_PRIVATE_KEY_FILE")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("BRLV_BASE_URL is not set"), "{stderr}");
}
