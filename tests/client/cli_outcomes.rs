//! The command line where a mistake costs money or leaks a secret: `brlv-desk
//! call` when the answer cannot be trusted (a POST whose connection closes
//! after the request was read may have been applied: its own exit code and
//! how to check; 2xx answers that are not JSON), and the modes of the files
//! `brlv-desk sandbox --demo-credentials` writes.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::process::{Command, Output};
use std::thread::JoinHandle;

const BIN: &str = env!("CARGO_BIN_EXE_brlv-desk");

/// What a scripted connection does once it has read a whole request.
#[derive(Clone, Copy)]
enum Script {
    /// Close the connection without a byte of answer.
    CloseAfterReading,
    /// Answer 200 with an HTML page.
    AnswerHtml,
    /// Answer 500 with the service's error object.
    Answer500Json,
}

/// A one-request server on loopback: reads one request (headers and
/// `Content-Length` bytes of body), does what `script` says, and returns the
/// request line and body it read.
fn serve_once(script: Script) -> (String, JoinHandle<(String, Vec<u8>)>) {
    serve(script, false)
}

/// [`serve_once`] for a write: each read of a list that comes first (a
/// write reads the list it adds to before it leaves) is answered with the
/// list empty, and the script is for the write.
fn serve_write_once(script: Script) -> (String, JoinHandle<(String, Vec<u8>)>) {
    serve(script, true)
}

fn serve(script: Script, lists_first: bool) -> (String, JoinHandle<(String, Vec<u8>)>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base_url = format!("http://{}", listener.local_addr().unwrap());
    let handle = std::thread::spawn(move || {
        let (stream, request_line, body) = loop {
            let (stream, _) = listener.accept().unwrap();
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut request_line = String::new();
            reader.read_line(&mut request_line).unwrap();
            let mut length = 0usize;
            loop {
                let mut line = String::new();
                reader.read_line(&mut line).unwrap();
                if line.trim().is_empty() {
                    break;
                }
                if let Some((name, value)) = line.split_once(':')
                    && name.eq_ignore_ascii_case("content-length")
                {
                    length = value.trim().parse().unwrap();
                }
            }
            let mut body = vec![0; length];
            reader.read_exact(&mut body).unwrap();
            if lists_first && request_line.starts_with("GET ") {
                answer_empty_list(stream, &request_line);
                continue;
            }
            break (stream, request_line, body);
        };
        let mut stream = stream;
        match script {
            Script::CloseAfterReading => {}
            Script::AnswerHtml => {
                let page = "<html><body>Service Unavailable? No: 200 OK</body></html>";
                write!(
                    stream,
                    "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{page}",
                    page.len()
                )
                .unwrap();
            }
            Script::Answer500Json => {
                let error = r#"{"error":{"type":"internal","code":"internal","message":"failed"}}"#;
                write!(
                    stream,
                    "HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{error}",
                    error.len()
                )
                .unwrap();
            }
        }
        drop(stream);
        (request_line.trim().to_owned(), body)
    });
    (base_url, handle)
}

/// Answers a read of a list (`GET /api/v0/withdrawals HTTP/1.1`) with the
/// list empty.
fn answer_empty_list(mut stream: std::net::TcpStream, request_line: &str) {
    let path = request_line.split(' ').nth(1).unwrap_or_default();
    let name = path
        .split('?')
        .next()
        .unwrap_or_default()
        .rsplit('/')
        .next()
        .unwrap_or_default();
    let body = format!(r#"{{"{name}":[]}}"#);
    write!(
        stream,
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
}

fn call(base_url: &str, args: &[&str]) -> Output {
    let data = tempfile::tempdir().unwrap();
    let key = format!(
        "{}/tests/fixtures/test-only-rsa2048-pkcs8.pem",
        env!("CARGO_MANIFEST_DIR")
    );
    Command::new(BIN)
        .arg("call")
        .args(args)
        .env("BRLV_BASE_URL", base_url)
        .env("BRLV_API_KEY", "test-key")
        .env("BRLV_PRIVATE_KEY_FILE", key)
        // A write is journaled: in a scratch folder, not the home's.
        .env("XDG_DATA_HOME", data.path())
        .output()
        .unwrap()
}

#[test]
fn a_post_whose_answer_is_lost_may_have_been_applied_and_says_how_to_check() {
    let (base_url, server) = serve_write_once(Script::CloseAfterReading);
    let body = r#"{"amount": "1500.00", "method": "ted", "bank-code": "341"}"#;
    let output = call(
        &base_url,
        &[
            "POST",
            "/api/v0/assets/brl/withdrawals",
            "--allow-plain-key",
            "--data",
            body,
        ],
    );
    let (request_line, received) = server.join().unwrap();
    assert_eq!(request_line, "POST /api/v0/assets/brl/withdrawals HTTP/1.1");
    assert_eq!(received, body.as_bytes(), "sent byte for byte, once");

    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        output.status.code(),
        Some(i32::from(brlv_desk::cli::call::EXIT_OUTCOME_UNKNOWN)),
        "{stderr}"
    );
    assert_eq!(brlv_desk::cli::call::EXIT_OUTCOME_UNKNOWN, 3);
    assert!(stderr.contains("MAY HAVE BEEN APPLIED"), "{stderr}");
    assert!(
        !stderr.contains("could not reach"),
        "it did reach the service: {stderr}"
    );
    assert!(
        stderr.contains("brlv-desk call GET /api/v0/assets/brl/withdrawals"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty(), "no answer, so no status line");
}

#[test]
fn a_post_answered_500_with_the_error_object_may_have_been_applied() {
    let (base_url, server) = serve_write_once(Script::Answer500Json);
    let body =
        r#"{"asset": "fiat/brl", "method": "pix", "amount": "10.00", "pix-key": "52998224725"}"#;
    let output = call(
        &base_url,
        &[
            "POST",
            "/api/v0/withdrawals",
            "--allow-plain-key",
            "--data",
            body,
        ],
    );
    server.join().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    // A 5xx says the service failed, not that the request was wrong: it is
    // not a refusal, whatever its body.
    assert_eq!(
        output.status.code(),
        Some(i32::from(brlv_desk::cli::call::EXIT_OUTCOME_UNKNOWN)),
        "{stderr}"
    );
    assert!(stderr.contains("MAY HAVE BEEN APPLIED"), "{stderr}");
    assert!(
        stderr.contains("brlv-desk call GET /api/v0/withdrawals"),
        "{stderr}"
    );
}

#[test]
fn a_get_whose_answer_is_lost_is_an_ordinary_failure() {
    let (base_url, server) = serve_once(Script::CloseAfterReading);
    let output = call(&base_url, &["GET", "/api/v0/orders"]);
    // A read is retried; the one-connection server is gone by then.
    server.join().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("MAY HAVE BEEN APPLIED"), "{stderr}");
}

#[test]
fn a_2xx_answer_that_is_not_json_is_an_error() {
    let (base_url, server) = serve_once(Script::AnswerHtml);
    let output = call(&base_url, &["GET", "/api/v0/orders"]);
    server.join().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stdout.starts_with("HTTP 200\n<html>"),
        "the answer is shown: {stdout}"
    );
    assert!(stderr.contains("not JSON"), "{stderr}");

    // To a POST, the same answer leaves the outcome unknown.
    let (base_url, server) = serve_write_once(Script::AnswerHtml);
    let output = call(
        &base_url,
        &[
            "POST",
            "/api/v0/wallets",
            "--data",
            r#"{"wallet-name": "Ops"}"#,
        ],
    );
    server.join().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("not JSON"), "{stderr}");
    assert!(
        stderr.contains("brlv-desk call GET /api/v0/wallets"),
        "{stderr}"
    );
}

/// Runs `brlv-desk sandbox --demo-credentials DIR` until it listens, then stops it.
#[cfg(unix)]
fn run_sandbox_with_demo_credentials(dir: &std::path::Path) {
    use std::process::Stdio;
    let mut child = crate::child_guard::ChildGuard::new(
        Command::new(BIN)
            .args(["sandbox", "--listen", "127.0.0.1:0", "--demo-credentials"])
            .arg(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let stdout = child.stdout.take().unwrap();
    // env.sh is written after the sandbox says where it listens; "Press
    // Ctrl-C" comes after that.
    let ready = BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        .any(|line| line.contains("Ctrl-C"));
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(ready, "the sandbox did not start");
}

#[cfg(unix)]
#[test]
fn demo_credential_files_are_readable_by_their_owner_only() {
    use std::os::unix::fs::PermissionsExt as _;

    let parent = tempfile::tempdir().unwrap();
    let dir = parent.path().join("demo");
    // In octal, as `ls -l` and chmod speak of modes.
    let mode = |name: &str| {
        let mode = std::fs::metadata(dir.join(name))
            .unwrap()
            .permissions()
            .mode();
        format!("{:o}", mode & 0o777)
    };
    let files = ["api-key.txt", "private-key.pem", "public-key.pem", "env.sh"];

    run_sandbox_with_demo_credentials(&dir);
    for name in files {
        assert_eq!(mode(name), "600", "{name}");
    }
    assert_eq!(mode(""), "700", "the directory it created");

    // An env.sh left readable by everyone (by an older version, or by hand) is
    // replaced on the next run, not rewritten in place keeping its mode.
    std::fs::set_permissions(dir.join("env.sh"), std::fs::Permissions::from_mode(0o644)).unwrap();
    let api_key = std::fs::read_to_string(dir.join("api-key.txt")).unwrap();
    run_sandbox_with_demo_credentials(&dir);
    for name in files {
        assert_eq!(mode(name), "600", "{name} after a second run");
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("api-key.txt")).unwrap(),
        api_key,
        "the existing credentials are reused"
    );
    let env = std::fs::read_to_string(dir.join("env.sh")).unwrap();
    assert!(env.contains(api_key.trim()), "{env}");
    assert!(env.contains("export BRLV_SELIC_URL="), "{env}");
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .filter(|name| name.to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}
