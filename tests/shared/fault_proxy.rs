//! A fault-injecting HTTP proxy for tests, shared by the sandbox crate's
//! tests (`crates/brlv-sandbox/tests/sandbox`) and the `app` and `client`
//! test binaries: it sits in front of a sandbox and does one scripted thing
//! to each connection (a hang, a trickle, 5xx with JSON or HTML, garbage with
//! a 200, a body cut short, a request held before it was forwarded, the
//! connection cut or held after a POST was forwarded, a request forwarded
//! only after the client gave up,
//! a 5xx after a POST was forwarded, 429 with `Retry-After`, a `Date` moved,
//! any body of its own), and counts what reached the sandbox.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// What the proxy does with one connection.
#[derive(Clone, Debug)]
pub enum Fault {
    /// Forwards the request and the answer unchanged.
    Pass,
    /// Reads the request and never answers.
    Hang,
    /// Forwards, then sends the answer in 16-byte pieces, `pause` apart.
    Trickle { pause: Duration },
    /// Answers itself with this status and the service's error object.
    Json5xx(u16),
    /// Answers itself with a 502 HTML page, as a load balancer does.
    Html502,
    /// Answers itself 200 with bytes that are not JSON.
    Garbage200,
    /// Forwards, then sends the head and half the body, and closes.
    CutBody,
    /// Forwards (the sandbox acts on it), then closes without a byte back.
    CutAfterForward,
    /// Forwards (the sandbox acts on it), then holds the answer back for a
    /// minute, as a connection that hangs once the request left.
    HoldAfterForward,
    /// Holds the whole request for a minute and never forwards it, as a
    /// connection that hangs before the request reached the service; the
    /// request counts as held ([`Proxy::held`]), not forwarded.
    HoldBeforeForward,
    /// Holds the whole request this long, then forwards it (the sandbox
    /// acts on it) whether or not the client still waits: a request that
    /// reaches the service after the client gave up on it.
    ForwardLate { after: Duration },
    /// Answers itself 429 with `Retry-After: 1`.
    TooMany,
    /// Forwards, with the answer's `Date` moved by this many seconds.
    ShiftDate(i64),
    /// Forwards (the sandbox acts on it), then answers itself with this
    /// status and the service's error object instead of the sandbox's answer.
    AppliedThenJson5xx(u16),
    /// Answers itself with this status and these bytes as a JSON body,
    /// dated `date_ahead_secs` from now.
    Answer {
        status: u16,
        body: Vec<u8>,
        date_ahead_secs: i64,
    },
}

/// A scripted fault and, when it has one, the request line it waits for.
#[derive(Clone, Debug)]
struct Scripted {
    /// `METHOD /path` the request must start with; `None` takes any request.
    only: Option<String>,
    fault: Fault,
}

type Script = Arc<Mutex<VecDeque<Scripted>>>;

/// The proxy: one request per connection, the first scripted fault that
/// fits each (then `Pass`), and a count of what reached the sandbox.
pub struct Proxy {
    pub base_url: String,
    script: Script,
    forwarded: Arc<Mutex<Vec<String>>>,
    held: Arc<Mutex<Vec<String>>>,
    connections: Arc<Mutex<usize>>,
}

impl Proxy {
    pub async fn start(upstream: std::net::SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base_url = format!("http://{}/", listener.local_addr().unwrap());
        let script = Arc::new(Mutex::new(VecDeque::new()));
        let forwarded = Arc::new(Mutex::new(Vec::new()));
        let held = Arc::new(Mutex::new(Vec::new()));
        let connections = Arc::new(Mutex::new(0));
        let (s, f, h, c) = (
            script.clone(),
            forwarded.clone(),
            held.clone(),
            connections.clone(),
        );
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                *c.lock().unwrap() += 1;
                tokio::spawn(serve(client, upstream, s.clone(), f.clone(), h.clone()));
            }
        });
        Proxy {
            base_url,
            script,
            forwarded,
            held,
            connections,
        }
    }

    /// Each of `faults` for one request, whatever it is, in this order.
    pub fn then(&self, faults: &[Fault]) {
        self.script.lock().unwrap().extend(
            faults
                .iter()
                .cloned()
                .map(|fault| Scripted { only: None, fault }),
        );
    }

    /// `fault` for the next request whose line starts with `line`
    /// (`POST /api/v0/withdrawals`); other requests pass it by.
    pub fn on(&self, line: &str, fault: Fault) {
        self.script.lock().unwrap().push_back(Scripted {
            only: Some(line.to_owned()),
            fault,
        });
    }

    /// Requests that reached the sandbox, as `METHOD /path`.
    pub fn forwarded(&self) -> Vec<String> {
        self.forwarded.lock().unwrap().clone()
    }

    pub fn connections(&self) -> usize {
        *self.connections.lock().unwrap()
    }
}

/// Reads one request: its head and, by `Content-Length`, its body.
async fn read_request(stream: &mut TcpStream) -> Option<Vec<u8>> {
    let mut bytes = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        if let Some(end) = find(&bytes, b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&bytes[..end]).to_ascii_lowercase();
            let length = head
                .lines()
                .find_map(|line| line.strip_prefix("content-length:"))
                .and_then(|value| value.trim().parse::<usize>().ok())
                .unwrap_or(0);
            if bytes.len() >= end + 4 + length {
                return Some(bytes);
            }
        }
        let read = stream.read(&mut buffer).await.ok()?;
        if read == 0 {
            return None;
        }
        bytes.extend_from_slice(&buffer[..read]);
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

/// `METHOD /path` of a request.
fn request_line(request: &[u8]) -> String {
    String::from_utf8_lossy(request)
        .lines()
        .next()
        .unwrap_or("")
        .rsplit_once(' ')
        .map(|(start, _)| start.to_owned())
        .unwrap_or_default()
}

/// Sends the request to the sandbox on a fresh connection and reads the whole answer.
async fn forward(
    request: &[u8],
    upstream: std::net::SocketAddr,
    forwarded: &Mutex<Vec<String>>,
) -> Vec<u8> {
    forwarded.lock().unwrap().push(request_line(request));
    // One request per connection, both ways (see platform notes).
    let end = find(request, b"\r\n\r\n").unwrap();
    let mut rewritten = request[..end].to_vec();
    rewritten.extend_from_slice(b"\r\nConnection: close\r\n\r\n");
    rewritten.extend_from_slice(&request[end + 4..]);
    let mut sandbox = TcpStream::connect(upstream).await.unwrap();
    sandbox.write_all(&rewritten).await.unwrap();
    let mut answer = Vec::new();
    sandbox.read_to_end(&mut answer).await.unwrap();
    answer
}

fn own_answer(status: &str, content_type: &str, body: &[u8], extra: &str) -> Vec<u8> {
    let mut answer = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n{extra}Connection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    answer.extend_from_slice(body);
    answer
}

/// The first scripted fault that fits `request`, taken from the script.
fn fault_for(script: &Script, request: &[u8]) -> Fault {
    let line = String::from_utf8_lossy(request.split(|byte| *byte == b'\r').next().unwrap_or(&[]))
        .into_owned();
    let mut script = script.lock().unwrap();
    let fits = script.iter().position(|scripted| {
        scripted
            .only
            .as_deref()
            .is_none_or(|only| line.starts_with(only))
    });
    fits.and_then(|index| script.remove(index))
        .map_or(Fault::Pass, |scripted| scripted.fault)
}

async fn serve(
    mut client: TcpStream,
    upstream: std::net::SocketAddr,
    script: Script,
    forwarded: Arc<Mutex<Vec<String>>>,
    held: Arc<Mutex<Vec<String>>>,
) {
    let Some(request) = read_request(&mut client).await else {
        return;
    };
    let fault = fault_for(&script, &request);
    let error = |code: &str| {
        json!({"error": {"type": "internal", "code": code, "message": "injected"}}).to_string()
    };
    let answer = match fault {
        Fault::Pass => forward(&request, upstream, &forwarded).await,
        Fault::Hang => {
            tokio::time::sleep(Duration::from_secs(60)).await;
            return;
        }
        Fault::Trickle { pause } => {
            let answer = forward(&request, upstream, &forwarded).await;
            for piece in answer.chunks(16) {
                if client.write_all(piece).await.is_err() {
                    return;
                }
                tokio::time::sleep(pause).await;
            }
            return;
        }
        Fault::Json5xx(status) => own_answer(
            &format!("{status} Service Unavailable"),
            "application/json",
            error("unavailable").as_bytes(),
            "",
        ),
        Fault::Html502 => own_answer(
            "502 Bad Gateway",
            "text/html",
            b"<html><head><title>502 Bad Gateway</title></head><body>Bad gateway</body></html>",
            "",
        ),
        Fault::Garbage200 => own_answer("200 OK", "application/json", b"\x00\xffnot json{{", ""),
        Fault::CutBody => {
            let answer = forward(&request, upstream, &forwarded).await;
            let end = find(&answer, b"\r\n\r\n").unwrap() + 4;
            let body = answer.len() - end;
            answer[..end + body / 2].to_vec()
        }
        Fault::CutAfterForward => {
            let _ = forward(&request, upstream, &forwarded).await;
            return;
        }
        Fault::HoldAfterForward => {
            let _ = forward(&request, upstream, &forwarded).await;
            tokio::time::sleep(Duration::from_secs(60)).await;
            return;
        }
        Fault::HoldBeforeForward => {
            held.lock().unwrap().push(request_line(&request));
            tokio::time::sleep(Duration::from_secs(60)).await;
            return;
        }
        Fault::ForwardLate { after } => {
            held.lock().unwrap().push(request_line(&request));
            tokio::time::sleep(after).await;
            forward(&request, upstream, &forwarded).await
        }
        Fault::TooMany => own_answer(
            "429 Too Many Requests",
            "application/json",
            error("rate-limited").as_bytes(),
            "Retry-After: 1\r\n",
        ),
        Fault::ShiftDate(seconds) => {
            let answer = forward(&request, upstream, &forwarded).await;
            shift_date(&answer, seconds)
        }
        Fault::AppliedThenJson5xx(status) => {
            let _ = forward(&request, upstream, &forwarded).await;
            own_answer(
                &format!("{status} Internal Server Error"),
                "application/json",
                error("internal").as_bytes(),
                "",
            )
        }
        Fault::Answer {
            status,
            body,
            date_ahead_secs,
        } => {
            let now = std::time::SystemTime::now();
            let moved = if date_ahead_secs >= 0 {
                now + Duration::from_secs(date_ahead_secs.unsigned_abs())
            } else {
                now - Duration::from_secs(date_ahead_secs.unsigned_abs())
            };
            let date = format!("Date: {}\r\n", httpdate::fmt_http_date(moved));
            own_answer(
                &format!("{status} Whatever"),
                "application/json",
                &body,
                &date,
            )
        }
    };
    let _ = client.write_all(&answer).await;
    let _ = client.shutdown().await;
}

fn shift_date(answer: &[u8], seconds: i64) -> Vec<u8> {
    let end = find(answer, b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&answer[..end]);
    let shifted: Vec<String> = head
        .split("\r\n")
        .map(|line| match line.split_once(':') {
            Some((name, value)) if name.eq_ignore_ascii_case("date") => {
                let when = httpdate::parse_http_date(value.trim()).unwrap();
                let moved = if seconds >= 0 {
                    when + Duration::from_secs(seconds.unsigned_abs())
                } else {
                    when - Duration::from_secs(seconds.unsigned_abs())
                };
                format!("Date: {}", httpdate::fmt_http_date(moved))
            }
            _ => line.to_owned(),
        })
        .collect();
    let mut out = shifted.join("\r\n").into_bytes();
    out.extend_from_slice(&answer[end..]);
    out
}

impl Proxy {
    /// How many forwarded requests were exactly `line` (`METHOD /path`).
    pub fn count(&self, line: &str) -> usize {
        self.forwarded().iter().filter(|seen| *seen == line).count()
    }

    /// How many requests that were exactly `line` were held and never
    /// forwarded ([`Fault::HoldBeforeForward`]).
    pub fn held(&self, line: &str) -> usize {
        self.held
            .lock()
            .unwrap()
            .iter()
            .filter(|seen| *seen == line)
            .count()
    }

    /// Drops the faults not yet used: every later connection is forwarded.
    pub fn heal(&self) {
        self.script.lock().unwrap().clear();
    }
}
