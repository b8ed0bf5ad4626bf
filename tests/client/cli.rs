//! The command line as a person uses it: `--version`, the headless sandbox
//! (started, used through `call`, stopped with Ctrl-C), and `call`'s exit
//! codes and output.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::child_guard::ChildGuard;

pub(crate) const BIN: &str = env!("CARGO_BIN_EXE_brlv-desk");

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
/// returns the child (stopped when the guard goes, the test passed or not)
/// and its base URL once it says where it listens.
pub(crate) fn start_sandbox(dir: &Path) -> (ChildGuard, String) {
    start_sandbox_at(dir, None)
}

/// Noon in Brasília on the 15th of the wall clock's month (in Brasília):
/// where a test that counts months starts its sandbox's clock. The demo's
/// records of "yesterday", "a month ago" or "day 20 of last month" then
/// fall in the same calendar months whichever day the test runs (the first
/// of a month included), while the command line's own clock, which signs
/// the requests and names "today", stays in the same month or so.
pub(crate) fn mid_month() -> time::OffsetDateTime {
    let brasilia = time::macros::offset!(-3);
    let today = time::OffsetDateTime::now_utc().to_offset(brasilia).date();
    today
        .replace_day(15)
        .unwrap()
        .with_hms(12, 0, 0)
        .unwrap()
        .assume_offset(brasilia)
        .to_offset(time::UtcOffset::UTC)
}

/// [`start_sandbox`] with its clock at [`mid_month`]; returns that instant
/// too, the one every expectation of the test is derived from.
pub(crate) fn start_sandbox_mid_month(dir: &Path) -> (ChildGuard, String, time::OffsetDateTime) {
    let now = mid_month();
    let instant = now
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap();
    let (child, base_url) = start_sandbox_at(dir, Some(&instant));
    (child, base_url, now)
}

/// [`start_sandbox`] with the sandbox clock started at `clock_start` (RFC
/// 3339), the demo data placed relative to it.
pub(crate) fn start_sandbox_at(dir: &Path, clock_start: Option<&str>) -> (ChildGuard, String) {
    let mut command = Command::new(BIN);
    command
        .args(["sandbox", "--listen", "127.0.0.1:0", "--demo-credentials"])
        .arg(dir);
    if let Some(instant) = clock_start {
        command.args(["--clock-start", instant]);
    }
    let mut child = ChildGuard::new(
        command
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
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
        // A write is journaled: in the scratch folder, not the home's.
        .env("XDG_DATA_HOME", dir.join("data"))
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
            "--allow-plain-key",
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
        &[
            "POST",
            "/api/v0/claims",
            "--allow-plain-key",
            "--data",
            "{oops",
        ],
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

/// `call` with a sealed (encrypted PKCS#8) key file: the passphrase comes
/// on a file descriptor (never an argument); a wrong one sends nothing.
#[cfg(unix)]
#[test]
fn call_opens_a_sealed_key_file_with_the_passphrase_from_a_file_descriptor() {
    use secrecy::ExposeSecret;
    let dir = tempfile::tempdir().unwrap();
    let (mut child, base_url) = start_sandbox(dir.path());
    let plain = std::fs::read_to_string(dir.path().join("private-key.pem")).unwrap();
    let key = brlv_core::api::PrivateKey::from_pem(&plain).unwrap();
    let passphrase = "cli test passphrase";
    let sealed = brlv_core::seal::seal(
        &key,
        &secrecy::SecretString::from(passphrase.to_owned()),
        brlv_core::seal::ScryptCost::TEST_ONLY_CHEAP,
    )
    .unwrap();
    let sealed_path = dir.path().join("sealed.pem");
    std::fs::write(&sealed_path, sealed.expose_secret()).unwrap();
    let passphrase_path = dir.path().join("passphrase.txt");
    std::fs::write(&passphrase_path, format!("{passphrase}\n")).unwrap();
    let api_key = std::fs::read_to_string(dir.path().join("api-key.txt")).unwrap();

    // A script's way: the passphrase on descriptor 3, from a file.
    let output = Command::new("sh")
        .arg("-c")
        .arg(r#"exec "$0" call GET /api/v0/assets/brl/balance --passphrase-fd 3 3<"$1""#)
        .arg(BIN)
        .arg(&passphrase_path)
        .env("BRLV_BASE_URL", &base_url)
        .env("BRLV_API_KEY", api_key.trim())
        .env("BRLV_PRIVATE_KEY_FILE", &sealed_path)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(stdout.starts_with("HTTP 200\n"), "{stdout}");
    assert!(!stderr.contains("plain, unencrypted"), "{stderr}");

    // A wrong passphrase (here on stdin, descriptor 0) sends nothing.
    let mut wrong = Command::new(BIN)
        .args(["call", "POST", "/api/v0/claims", "--passphrase-fd", "0"])
        .args(["--data", r#"{"amount":"1.00","target-asset-code":"brl"}"#])
        .env("BRLV_BASE_URL", &base_url)
        .env("BRLV_API_KEY", api_key.trim())
        .env("BRLV_PRIVATE_KEY_FILE", &sealed_path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = wrong.stdin.take().unwrap();
        stdin.write_all(b"not the passphrase\n").unwrap();
    }
    let output = wrong.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2), "nothing was sent");
    assert!(output.stdout.is_empty(), "no HTTP status: nothing was sent");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("passphrase does not open"), "{stderr}");

    // The plain key file keeps working, with a warning.
    let plain_call = call(
        dir.path(),
        &base_url,
        &["GET", "/api/v0/assets/brl/balance"],
    );
    assert!(plain_call.status.success());
    let stderr = String::from_utf8(plain_call.stderr).unwrap();
    assert!(stderr.contains("plain, unencrypted"), "{stderr}");

    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let _ = child.wait();
}

/// `call` with the plain test key and `base_url`, nothing else from the
/// environment.
fn call_with_test_key(base_url: &str, args: &[&str]) -> Output {
    call_command_with_test_key(base_url, args).output().unwrap()
}

/// The command [`call_with_test_key`] runs, for a test to add to.
fn call_command_with_test_key(base_url: &str, args: &[&str]) -> Command {
    let mut command = Command::new(BIN);
    command
        .arg("call")
        .args(args)
        .env("BRLV_BASE_URL", base_url)
        .env("BRLV_API_KEY", "test-api-key")
        .env(
            "BRLV_PRIVATE_KEY_FILE",
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures/test-only-rsa2048-pkcs8.pem"),
        );
    command
}

/// `call` with a path that would take the API key and a signed token to
/// another address: refused before anything is signed, exit code 2, and the
/// listener that an unchecked join would have reached sees no connection.
#[test]
fn call_sends_nothing_to_a_path_that_leads_off_the_base_url() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let listener_url = format!("http://127.0.0.1:{port}");
    // A port nothing listens on, for the cases whose escape is another host.
    let elsewhere = "http://127.0.0.1:9/prefix";
    for (base_url, path) in [
        (elsewhere.to_owned(), format!("{listener_url}/steal")),
        (elsewhere.to_owned(), format!("//127.0.0.1:{port}/steal")),
        (elsewhere.to_owned(), format!("/\\127.0.0.1:{port}/steal")),
        (elsewhere.to_owned(), format!("\\\\127.0.0.1:{port}\\steal")),
        (
            format!("{listener_url}/prefix/"),
            "/%2e%2e/steal".to_owned(),
        ),
        (
            format!("{listener_url}/prefix/"),
            "/api/..%2F..%2Fsteal".to_owned(),
        ),
        (
            format!("{listener_url}/prefix/"),
            "/api/%5C..%5Csteal".to_owned(),
        ),
        (format!("{listener_url}/prefix/"), "/../steal".to_owned()),
    ] {
        let output = call_with_test_key(&base_url, &["POST", &path, "--data", "{}"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{path}: {stderr}");
        assert!(output.stdout.is_empty(), "{path}: no HTTP status printed");
        assert!(
            stderr.contains("was refused, nothing was sent"),
            "{path}: {stderr}"
        );
        match listener.accept() {
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => {}
            Ok((_, from)) => panic!("{path}: a connection reached the listener from {from}"),
            Err(error) => panic!("{error}"),
        }
    }
    // The same listener as the base URL, with a path under it, is reached:
    // the refusals above are the check, not a dead listener.
    let reached = std::thread::spawn(move || {
        listener.set_nonblocking(false).unwrap();
        let (mut stream, _) = listener.accept().unwrap();
        let _ = read_request_head(&mut stream);
        use std::io::Write;
        let _ = stream
            .write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    });
    let output = call_with_test_key(
        &format!("{listener_url}/prefix/"),
        &["GET", "/api/v0/orders"],
    );
    reached.join().unwrap();
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("HTTP 404"));
}

/// Reads a request up to the blank line after its headers.
fn read_request_head(stream: &mut std::net::TcpStream) -> Vec<u8> {
    use std::io::Read;
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).is_ok_and(|read| read == 1) {
        head.push(byte[0]);
    }
    head
}

/// Answers one write on a loopback port with `status` and `body`, after
/// answering each read of a list before it (a write reads the list it adds
/// to before it leaves) with the list empty; returns the base URL.
fn answer_write_once(
    status: &'static str,
    body: &'static [u8],
) -> (String, std::thread::JoinHandle<()>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let server = std::thread::spawn(move || {
        use std::io::Write;
        loop {
            let (mut stream, _) = listener.accept().unwrap();
            let head = String::from_utf8_lossy(&read_request_head(&mut stream)).into_owned();
            if let Some(path) = head.strip_prefix("GET ") {
                let path = path.split(' ').next().unwrap_or_default();
                let name = path.rsplit('/').next().unwrap_or_default();
                let list = format!(r#"{{"{name}":[]}}"#);
                let answer = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{list}",
                    list.len()
                );
                stream.write_all(answer.as_bytes()).unwrap();
                continue;
            }
            let answer = format!(
                "HTTP/1.1 {status}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            stream.write_all(answer.as_bytes()).unwrap();
            stream.write_all(body).unwrap();
            break;
        }
    });
    (url, server)
}

/// Answers one request on a loopback port with `status` and `body`; returns
/// the base URL.
fn answer_once(status: &'static str, body: &'static [u8]) -> (String, std::thread::JoinHandle<()>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let server = std::thread::spawn(move || {
        use std::io::Write;
        let (mut stream, _) = listener.accept().unwrap();
        let _ = read_request_head(&mut stream);
        let head = format!(
            "HTTP/1.1 {status}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(body).unwrap();
    });
    (url, server)
}

/// An answer carrying terminal escapes (set the clipboard, ring, clear the
/// screen, a NUL, a C1 CSI) is printed with them escaped: standard output
/// and standard error hold no control byte but newline and tab.
#[test]
fn call_prints_an_answer_with_its_control_characters_escaped() {
    const HOSTILE: &[u8] =
        "owned\x1b]52;c;ZXZpbA==\x07 bell\x07 nul\x00 clear\x1b[2J\r back \u{9b}31m red\u{202e}txt.exe\n"
            .as_bytes();
    // 400: not retried, so the one answer is the one printed.
    for status in ["200 OK", "400 Bad Request"] {
        let (url, server) = answer_once(status, HOSTILE);
        let output = call_with_test_key(&url, &["GET", "/api/v0/orders"]);
        server.join().unwrap();
        assert_ne!(output.status.code(), Some(0), "{status}: not JSON");
        let stdout = String::from_utf8(output.stdout.clone()).unwrap();
        assert!(
            stdout.contains("owned\\u{1b}]52;c;ZXZpbA==\\u{7} bell"),
            "{stdout}"
        );
        assert!(stdout.contains("nul\\u{0}"), "{stdout}");
        assert!(stdout.contains("\\u{9b}31m"), "{stdout}");
        for (name, bytes) in [("stdout", &output.stdout), ("stderr", &output.stderr)] {
            let text = String::from_utf8_lossy(bytes);
            assert!(
                !text
                    .chars()
                    .any(|c| (c.is_control() && c != '\n' && c != '\t') || c == '\u{202e}'),
                "{status}: {name} holds a raw control character: {text:?}"
            );
        }
    }
}

/// Two wallets whose names differ only by a zero-width space, a word joiner
/// or a byte-order mark are printed with those characters as visible
/// escapes, so the names no longer look the same on the terminal.
#[test]
fn call_prints_invisible_characters_of_an_answer_as_escapes() {
    const WALLETS: &[u8] = "{\"wallets\": [{\"name\": \"Ana\"}, {\"name\": \"Ana\u{200b}\"}, \
        {\"name\": \"A\u{2060}na\u{feff}\"}]}"
        .as_bytes();
    let (url, server) = answer_once("200 OK", WALLETS);
    let output = call_with_test_key(&url, &["GET", "/api/v0/wallets"]);
    server.join().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("\"Ana\\u{200b}\""), "{stdout}");
    assert!(stdout.contains("\"A\\u{2060}na\\u{feff}\""), "{stdout}");
    assert!(
        !stdout.contains(['\u{200b}', '\u{2060}', '\u{feff}']),
        "a raw invisible character: {stdout:?}"
    );
}

/// Proxy variables and the authority variables set with no profile setting
/// are not obeyed, and said: the request goes straight to the service and
/// the machine the variables name sees nothing.
#[test]
fn proxy_and_authority_variables_are_ignored_and_said() {
    let proxy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    proxy.set_nonblocking(true).unwrap();
    let proxy_url = format!("http://127.0.0.1:{}", proxy.local_addr().unwrap().port());
    let (url, server) = answer_once("200 OK", b"{}");
    let output = call_command_with_test_key(&url, &["GET", "/api/v0/orders"])
        .env_remove("SSL_CERT_DIR")
        .env_remove("HTTPS_PROXY")
        .env_remove("https_proxy")
        .env_remove("http_proxy")
        .env_remove("all_proxy")
        .env_remove("NO_PROXY")
        .env_remove("no_proxy")
        .env("HTTP_PROXY", &proxy_url)
        .env("ALL_PROXY", &proxy_url)
        .env("SSL_CERT_FILE", "/tmp/an-authority-of-someone-else.pem")
        .output()
        .unwrap();
    server.join().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stdout.starts_with("HTTP 200"), "{stdout}{stderr}");
    assert!(
        stderr.contains("HTTP_PROXY, ALL_PROXY, SSL_CERT_FILE set in the environment and not used"),
        "{stderr}"
    );
    assert!(
        stderr.contains("connects straight to its service"),
        "{stderr}"
    );
    match proxy.accept() {
        Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => {}
        Ok((_, from)) => panic!("the proxy variable was obeyed: a connection from {from}"),
        Err(error) => panic!("{error}"),
    }
}

/// A plain key file moves no money unless told to: a POST of a withdrawal,
/// a transfer, an order or a claim, however its path is spelt, exits 2
/// with what to do and reaches nothing; `--allow-plain-key` sends it; a
/// read or a new wallet needs no flag.
#[test]
fn a_plain_key_file_moves_money_only_with_allow_plain_key() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let base_url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let data = tempfile::tempdir().unwrap();
    let body = r#"{"asset":"fiat/brl","method":"pix","amount":"10.00","pix-key":"52998224725"}"#;
    for path in [
        "/api/v0/withdrawals",
        "/api/v0/assets/fiat%2Fbrl/withdrawals",
        "/api/v0/transfers",
        "/api/v0/orders",
        "/api/v0/claims",
        "/api/v0/wallets/0x52908400098527886E0F7030069857D2E4169EE7/claims",
        "/API/v0/Withdrawals/",
        "/api/v0/%77ithdrawals",
    ] {
        let output = Command::new(BIN)
            .args(["call", "POST", path, "--data", body])
            .env("BRLV_BASE_URL", &base_url)
            .env("BRLV_API_KEY", "test-api-key")
            .env(
                "BRLV_PRIVATE_KEY_FILE",
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("tests/fixtures/test-only-rsa2048-pkcs8.pem"),
            )
            .env("XDG_DATA_HOME", data.path())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{path}: {stderr}");
        assert!(output.stdout.is_empty(), "{path}: nothing was sent");
        assert!(
            stderr.contains("moves money; nothing was sent")
                && stderr.contains("--allow-plain-key"),
            "{path}: {stderr}"
        );
        match listener.accept() {
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => {}
            Ok((_, from)) => panic!("{path}: a connection reached the listener from {from}"),
            Err(error) => panic!("{error}"),
        }
    }
    let journal = data.path().join("brlv-desk");
    assert!(
        !journal.exists() || std::fs::read_dir(&journal).unwrap().next().is_none(),
        "nothing was journaled either"
    );

    // With the flag it goes; a read and a new wallet never needed it.
    for args in [
        vec![
            "POST",
            "/api/v0/withdrawals",
            "--allow-plain-key",
            "--data",
            body,
        ],
        vec!["GET", "/api/v0/withdrawals"],
        vec![
            "POST",
            "/api/v0/wallets",
            "--data",
            r#"{"wallet-name":"Ops"}"#,
        ],
    ] {
        let (url, server) = if args[0] == "GET" {
            answer_once("400 Bad Request", b"{}")
        } else {
            answer_write_once("400 Bad Request", b"{}")
        };
        let output = Command::new(BIN)
            .arg("call")
            .args(&args)
            .env("BRLV_BASE_URL", &url)
            .env("BRLV_API_KEY", "test-api-key")
            .env(
                "BRLV_PRIVATE_KEY_FILE",
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("tests/fixtures/test-only-rsa2048-pkcs8.pem"),
            )
            .env("XDG_DATA_HOME", data.path())
            .output()
            .unwrap();
        server.join().unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(stdout.starts_with("HTTP 400"), "{args:?}: {stdout}");
    }
}

/// A test that fails while its sandbox runs stops the sandbox on the way
/// out: the guard kills and reaps it as the failure unwinds, so no server
/// is left listening behind a red test.
#[cfg(target_os = "linux")]
#[test]
fn a_test_failing_with_its_sandbox_running_leaves_no_process_behind() {
    let dir = tempfile::tempdir().unwrap();
    let started = std::sync::Mutex::new(None);
    let failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let (sandbox, _base_url) = start_sandbox(dir.path());
        *started.lock().unwrap() = Some(sandbox.id());
        panic!("this test fails on purpose while its sandbox runs");
    }));
    assert!(failed.is_err(), "the helper's failure was not raised");
    let pid = started
        .into_inner()
        .unwrap()
        .expect("the sandbox had started");
    assert!(
        !Path::new(&format!("/proc/{pid}")).exists(),
        "the sandbox (process {pid}) still runs after the test failed"
    );
}

/// `sandbox --clock-start` starts the sandbox's clock at the instant given,
/// wherever the wall clock is: the demo's records are placed relative to
/// it, and `call` (which signs with this computer's clock) is still
/// answered, having learned the sandbox's time from its `Date`.
#[cfg(unix)]
#[test]
fn the_sandbox_started_at_an_instant_places_the_demo_relative_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let (_sandbox, base_url) = start_sandbox_at(dir.path(), Some("2028-02-29T15:00:00Z"));
    let orders = call(dir.path(), &base_url, &["GET", "/api/v0/orders"]);
    let stdout = String::from_utf8(orders.stdout).unwrap();
    assert!(orders.status.success(), "{stdout}");
    let answer: serde_json::Value =
        serde_json::from_str(stdout.trim_start_matches("HTTP 200\n")).unwrap();
    let created: Vec<&str> = answer["orders"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|order| order["created-at"].as_str())
        .collect();
    // The order awaiting payment was made at the start: on the leap day.
    assert!(
        created.iter().any(|at| at.starts_with("2028-02-29T")),
        "{created:?}"
    );
    // The year of history before it: nothing after the start, and the
    // oldest eleven months back, in March 2027.
    assert!(
        created.iter().all(|at| *at < "2028-02-29T15:01"),
        "{created:?}"
    );
    assert!(
        created.iter().any(|at| at.starts_with("2027-03-")),
        "{created:?}"
    );
}

#[test]
fn a_clock_start_that_is_not_an_instant_is_refused_with_an_example() {
    let output = Command::new(BIN)
        .args([
            "sandbox",
            "--listen",
            "127.0.0.1:0",
            "--clock-start",
            "1/12/2026",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("2026-12-01T03:30:00Z"), "{stderr}");
}
