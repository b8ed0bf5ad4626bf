//! `brlv-desk call METHOD PATH`: signs and sends one request, prints the
//! status and the JSON answer, pretty. Like curl that knows how to sign.

use std::io::Write;
use std::path::PathBuf;

use reqwest::Method;
use secrecy::SecretString;

use brlv_core::api::{Client, Error};
use brlv_core::credentials::{
    Credentials, CredentialsError, ENV_PRIVATE_KEY_FILE, KeyMaterial, environment_credentials,
    open_profile,
};

/// Arguments of `brlv-desk call`.
#[derive(Clone, Debug, clap::Args)]
pub struct CallArgs {
    /// HTTP method: GET or POST.
    pub method: String,
    /// Path under the base URL, e.g. /api/v0/orders or /api/v0/assets/brl/balance.
    pub path: String,
    /// JSON body, sent byte for byte as given; `@FILE` reads it from a file.
    #[arg(long)]
    pub data: Option<String>,
    /// A query parameter; repeat for several (and for array filters).
    #[arg(long = "query", value_name = "KEY=VALUE", value_parser = parse_query_pair)]
    pub query: Vec<(String, String)>,
    /// Use a saved profile (its secrets come from the OS keyring) instead of
    /// the BRLV_* environment variables.
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,
    /// Print the request's status line and body only, without the summary on stderr.
    #[arg(long)]
    pub quiet: bool,
    /// Send even though it repeats a payout the service holds (same method,
    /// asset, amount and destination, in the last --duplicate-days days) or
    /// an earlier send whose outcome cannot be told (`brlv-desk journal
    /// pending` says which).
    #[arg(long)]
    pub again: bool,
    /// How many days back a withdrawal or transfer is compared with the
    /// service's records before it is sent.
    #[arg(long, value_name = "N", default_value_t = brlv_core::duplicates::DEFAULT_DAYS)]
    pub duplicate_days: u32,
    /// Let a plain (unsealed) BRLV_PRIVATE_KEY_FILE move money: a POST of a
    /// withdrawal, transfer, order or claim. Without it such a request is
    /// refused and nothing is sent; seal the key file instead when you can.
    #[arg(long)]
    pub allow_plain_key: bool,
    /// Where the passphrase of a sealed key comes from.
    #[command(flatten)]
    pub passphrase: PassphraseArgs,
}

/// Where the passphrase of a sealed key comes from: the terminal (asked
/// without echo) unless a flag names another source. Never an argument,
/// which every user of the machine can read in the process list.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct PassphraseArgs {
    /// Read the passphrase from standard input, its first line, for
    /// scripts: `printf '%s\n' "$PASSPHRASE" | brlv-desk ... --passphrase-stdin`.
    #[arg(long)]
    pub passphrase_stdin: bool,
    /// Read the passphrase from this file descriptor, its first line, for
    /// scripts: `--passphrase-fd 3 3<pass.txt`.
    #[cfg(unix)]
    #[arg(long, value_name = "N", conflicts_with = "passphrase_stdin")]
    pub passphrase_fd: Option<u32>,
}

impl PassphraseArgs {
    /// The source the flags name.
    pub fn source(&self) -> PassphraseSource {
        #[cfg(unix)]
        if let Some(fd) = self.passphrase_fd {
            return PassphraseSource::Fd(fd);
        }
        if self.passphrase_stdin {
            PassphraseSource::Stdin
        } else {
            PassphraseSource::Terminal
        }
    }
}

/// Where a passphrase is read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassphraseSource {
    /// Asked on the terminal, without echo.
    Terminal,
    /// The first line of standard input.
    Stdin,
    /// The first line read from an inherited file descriptor (Unix).
    Fd(u32),
}

/// Asks for passphrases. A script's line (standard input, a descriptor) is
/// read once and answers every question of the run, so one line both opens
/// a sealed key file and seals the key again.
pub struct PassphraseReader {
    source: PassphraseSource,
    answer: Option<SecretString>,
}

impl std::fmt::Debug for PassphraseReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PassphraseReader")
            .field("source", &self.source)
            .finish_non_exhaustive()
    }
}

impl PassphraseReader {
    /// Reads from `source` when first asked.
    pub fn new(source: PassphraseSource) -> PassphraseReader {
        PassphraseReader {
            source,
            answer: None,
        }
    }

    /// Answers every question with `passphrase` (tests; callers holding it already).
    pub fn given(passphrase: SecretString) -> PassphraseReader {
        PassphraseReader {
            source: PassphraseSource::Stdin,
            answer: Some(passphrase),
        }
    }

    /// Whether a person types each answer, so that a new passphrase is worth
    /// asking twice.
    pub fn is_typed(&self) -> bool {
        self.source == PassphraseSource::Terminal
    }

    /// The passphrase; `prompt` is shown when a person is asked.
    pub fn ask(&mut self, prompt: &str) -> Result<SecretString, CredentialsError> {
        if let Some(answer) = &self.answer {
            return Ok(answer.clone());
        }
        let answer = read_passphrase(self.source, prompt)?;
        if self.source != PassphraseSource::Terminal {
            self.answer = Some(answer.clone());
        }
        Ok(answer)
    }
}

/// Why `call` could not even send the request.
#[derive(Debug, thiserror::Error)]
pub enum CallError {
    /// The body file could not be read.
    #[error("cannot read the body file {path}: {reason}")]
    BodyFile {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The body is not JSON.
    #[error("--data is not valid JSON: {0}")]
    BodyNotJson(String),
    /// Unknown method.
    #[error("{0:?} is not an HTTP method; use GET or POST")]
    Method(String),
    /// A plain key file asked to move money without `--allow-plain-key`.
    #[error(
        "{ENV_PRIVATE_KEY_FILE} is a plain, unencrypted key and {method} {path} moves money; \
         nothing was sent. Seal the key file (`openssl pkcs8 -topk8 -scrypt -in key.pem -out \
         sealed.pem`) or, to send it with the plain key anyway, add --allow-plain-key"
    )]
    PlainKeyMovesMoney {
        /// The method.
        method: String,
        /// The path.
        path: String,
    },
    /// A 2xx answer to a read whose body is not JSON.
    #[error("the service answered HTTP {status}, but the body is not JSON")]
    AnswerNotJson {
        /// HTTP status.
        status: u16,
    },
    /// A write whose answer was lost or unreadable: it may have been applied.
    #[error(
        "{error}\nThe request may have reached the service, and no readable answer came back: \
         it MAY HAVE BEEN APPLIED. {check}"
    )]
    OutcomeUnknown {
        /// What went wrong.
        error: Error,
        /// How to find out whether it was applied.
        check: String,
    },
    /// An identical earlier write's outcome cannot be told: not sent.
    #[error("{0}")]
    Unsettled(String),
    /// The credentials could not be read or opened.
    #[error(transparent)]
    Credentials(#[from] CredentialsError),
    /// Anything the client reported.
    #[error(transparent)]
    Client(#[from] Error),
}

fn parse_query_pair(raw: &str) -> Result<(String, String), String> {
    raw.split_once('=')
        .map(|(key, value)| (key.to_owned(), value.to_owned()))
        .ok_or_else(|| format!("{raw:?} is not KEY=VALUE"))
}

/// The credentials a command signs with, as `call` takes them: the saved
/// profile `profile` (its secrets from the OS keyring), else the `BRLV_*`
/// variables (with a warning on standard error when their key file is
/// plain); a sealed key opened with the passphrase `source` gives.
pub fn command_credentials(
    profile: Option<&str>,
    source: PassphraseSource,
) -> Result<Credentials, CallError> {
    command_credentials_for(profile, source, None)
}

/// The credentials `call ARGS` signs with: as [`command_credentials`], and a
/// plain key file may move money only with `--allow-plain-key` (the path is
/// checked first, so a path that leads elsewhere is refused as such).
pub fn call_credentials(args: &CallArgs) -> Result<Credentials, CallError> {
    command_credentials_for(
        args.profile.as_deref(),
        args.passphrase.source(),
        Some(args),
    )
}

fn command_credentials_for(
    profile: Option<&str>,
    source: PassphraseSource,
    call: Option<&CallArgs>,
) -> Result<Credentials, CallError> {
    let ask = || PassphraseReader::new(source).ask("Passphrase of the sealed private key: ");
    if let Some(name) = profile {
        let opened = open_profile(name, ask)?;
        if let Some(notice) = opened.notice {
            eprintln!("note: {notice}");
        }
        say_ignored_environment(&opened.credentials.network, Some(name));
        return Ok(opened.credentials);
    }
    let credentials = environment_credentials()?;
    if matches!(credentials.key, KeyMaterial::Plain(_)) {
        if let Some(args) = call {
            refuse_plain_key_moving_money(args)?;
        }
        eprintln!(
            "warning: {ENV_PRIVATE_KEY_FILE} is a plain, unencrypted key: anyone who can \
             read the file can sign for this account (seal it with `openssl pkcs8 -topk8 \
             -scrypt`)"
        );
    }
    let credentials = credentials.open(ask)?;
    say_ignored_environment(&credentials.network, None);
    Ok(credentials)
}

/// Says on standard error which variables of the environment would have
/// changed the network path and are not used: a proxy variable the profile
/// did not choose, `SSL_CERT_FILE`, `SSL_CERT_DIR`.
fn say_ignored_environment(path: &brlv_core::network::NetworkPath, profile: Option<&str>) {
    let ignored = brlv_core::network::ignored_environment(path);
    if ignored.is_empty() {
        return;
    }
    let whose = match profile {
        Some(name) => format!("profile {name:?}"),
        None => "the environment's profile".to_owned(),
    };
    let proxy = match &path.proxy {
        brlv_core::network::Proxy::Direct => "connects straight to its service".to_owned(),
        brlv_core::network::Proxy::System => "uses the system's proxy".to_owned(),
        brlv_core::network::Proxy::Given(url) => format!("connects through the proxy {url}"),
    };
    eprintln!(
        "note: {} set in the environment and not used: {whose} {proxy} and trusts the \
         system's certificate authorities{} (a saved profile's proxy is chosen with \
         `brlv-desk profile set-proxy`)",
        ignored.join(", "),
        if path.certificate.is_some() {
            " and its own certificate"
        } else {
            ""
        }
    );
}

/// Whether the environment profile's key file (`BRLV_PRIVATE_KEY_FILE`) is
/// plain, not sealed.
pub fn environment_key_is_plain() -> Result<bool, CallError> {
    Ok(matches!(
        environment_credentials()?.key,
        KeyMaterial::Plain(_)
    ))
}

/// Refuses `args` when it moves money and `--allow-plain-key` is not given.
pub fn refuse_plain_key_moving_money(args: &CallArgs) -> Result<(), CallError> {
    if args.allow_plain_key || !moves_money(&args.method, &args.path) {
        return Ok(());
    }
    brlv_core::api::client::check_relative_path(&args.path)?;
    Err(CallError::PlainKeyMovesMoney {
        method: args.method.to_ascii_uppercase(),
        path: args.path.clone(),
    })
}

/// Whether `method path` may move money: every write but the two that
/// cannot (a new wallet, a quote). So the spec's withdrawals, transfers,
/// orders and claims (`POST /api/v0/withdrawals`, `/assets/{asset}/withdrawals`,
/// `/transfers`, `/orders`, `/claims`, `/wallets/{address}/claims`) all count,
/// and so does any write to a path the spec does not list, however it is
/// spelt (case, percent-encoding, a trailing slash).
pub fn moves_money(method: &str, path: &str) -> bool {
    let method = method.to_ascii_uppercase();
    if method == "GET" || method == "HEAD" {
        return false;
    }
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let decoded = percent_decoded(path).to_ascii_lowercase();
    let trimmed = decoded.trim_end_matches('/');
    !matches!(trimmed, "/api/v0/wallets" | "/api/v0/quotes")
}

/// `text` with `%XX` escapes decoded as bytes (invalid UTF-8 replaced).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let escaped = (bytes[index] == b'%')
            .then(|| bytes.get(index + 1..index + 3))
            .flatten()
            .and_then(|hex| std::str::from_utf8(hex).ok())
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escaped {
            Some(byte) => {
                out.push(byte);
                index += 3;
            }
            None => {
                out.push(bytes[index]);
                index += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// [`command_credentials`], with the name of the profile they are: the one
/// named, or the environment's (as the window names it).
pub fn named_command_credentials(
    profile: Option<&str>,
    source: PassphraseSource,
) -> Result<(Credentials, String), CallError> {
    let credentials = command_credentials(profile, source)?;
    let name = profile.map_or_else(
        || brlv_core::profile::Profile::for_environment(&credentials.base_url).name,
        str::to_owned,
    );
    Ok((credentials, name))
}

/// Reads the credentials from the environment; a sealed key file is refused
/// (use [`environment_credentials`] to open one).
pub fn credentials_from_env() -> Result<Credentials, CallError> {
    Ok(environment_credentials()?.open(|| {
        Err(CredentialsError::Passphrase(format!(
            "{ENV_PRIVATE_KEY_FILE} is sealed with a passphrase and none was given"
        )))
    })?)
}

/// A passphrase from `source`; `prompt` is shown on the terminal.
pub fn read_passphrase(
    source: PassphraseSource,
    prompt: &str,
) -> Result<SecretString, CredentialsError> {
    use std::io::BufRead as _;
    let owned_first_line = |text: &str| zeroize::Zeroizing::new(first_line(text).to_owned());
    let text = match source {
        PassphraseSource::Fd(fd) => {
            // /dev/fd/N opens the descriptor this process inherited (Linux, macOS, BSD).
            let path = format!("/dev/fd/{fd}");
            let text =
                zeroize::Zeroizing::new(std::fs::read_to_string(&path).map_err(|error| {
                    CredentialsError::Passphrase(format!(
                        "cannot read the passphrase from file descriptor {fd}: {error}"
                    ))
                })?);
            owned_first_line(&text)
        }
        PassphraseSource::Stdin => {
            let mut line = zeroize::Zeroizing::new(String::new());
            std::io::stdin()
                .lock()
                .read_line(&mut line)
                .map_err(|error| {
                    CredentialsError::Passphrase(format!(
                        "cannot read the passphrase from standard input: {error}"
                    ))
                })?;
            owned_first_line(&line)
        }
        PassphraseSource::Terminal => {
            zeroize::Zeroizing::new(rpassword::prompt_password(prompt).map_err(|error| {
                CredentialsError::Passphrase(format!(
                    "a passphrase is needed and no terminal can ask for it ({error}); give it on \
                     standard input with --passphrase-stdin"
                ))
            })?)
        }
    };
    if text.is_empty() && source != PassphraseSource::Terminal {
        return Err(CredentialsError::Passphrase(
            "the passphrase line is empty (or missing)".to_owned(),
        ));
    }
    Ok(SecretString::from(text.as_str().to_owned()))
}

/// The first line of `text`, without its line ending (`\n` or `\r\n`).
fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}

/// Exit code: a 2xx answer with a JSON body.
pub const EXIT_OK: u8 = 0;
/// Exit code: the service refused (non-2xx), a 2xx answer to a read was not
/// JSON, or the request failed in a way that surely did not apply it.
pub const EXIT_FAILED: u8 = 1;
/// Exit code: nothing was sent because the setup cannot work: credentials
/// missing or unusable (a base URL, a key that cannot sign), or a command line.
pub const EXIT_USAGE: u8 = 2;
/// Exit code: a POST whose outcome is unknown. It reached the service (or may
/// have), and no readable answer came back, so it may have been applied.
pub const EXIT_OUTCOME_UNKNOWN: u8 = 3;

/// What the request produced when an answer came back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallOutcome {
    /// HTTP status.
    pub status: u16,
    /// Whether it was 2xx.
    pub success: bool,
}

impl CallOutcome {
    /// The process exit code for this answer.
    pub fn exit_code(&self) -> u8 {
        if self.success { EXIT_OK } else { EXIT_FAILED }
    }
}

impl CallError {
    /// The process exit code for this failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            CallError::OutcomeUnknown { .. } | CallError::Unsettled(_) => EXIT_OUTCOME_UNKNOWN,
            CallError::Client(error) | CallError::Credentials(CredentialsError::Client(error)) => {
                match error {
                    Error::BaseUrl { .. }
                    | Error::PathRefused { .. }
                    | Error::Config(_)
                    | Error::Signing(_) => EXIT_USAGE,
                    _ => EXIT_FAILED,
                }
            }
            CallError::Credentials(_)
            | CallError::BodyFile { .. }
            | CallError::BodyNotJson(_)
            | CallError::Method(_)
            | CallError::PlainKeyMovesMoney { .. } => EXIT_USAGE,
            CallError::AnswerNotJson { .. } => EXIT_FAILED,
        }
    }
}

/// The read that tells whether a write to `path` was applied: the list (or
/// balance) the created record would appear in.
pub fn how_to_check(path: &str) -> String {
    let path = path.split('?').next().unwrap_or(path).trim_end_matches('/');
    let segments: Vec<&str> = path.split('/').collect();
    let read = match segments.as_slice() {
        ["", "api", "v0", "quotes"] => {
            return "A quote changes nothing by itself; it is safe to ask for a new one."
                .to_owned();
        }
        ["", "api", "v0", "claims"] => format!(
            "`brlv-desk call GET {path}` (a claim lowers the claimable balance) and \
             `brlv-desk call GET /api/v0/assets/brl/balance`"
        ),
        ["", "api", "v0", "wallets", _, "claims"] => {
            format!("`brlv-desk call GET {path}` (a claim lowers the wallet's claimable balance)")
        }
        [
            "",
            "api",
            "v0",
            "orders" | "transfers" | "wallets" | "withdrawals",
        ]
        | ["", "api", "v0", "assets", _, "withdrawals"] => {
            format!("`brlv-desk call GET {path}`")
        }
        _ => format!("a GET of the list that {path} adds to"),
    };
    format!("Check with {read} whether it was, before sending it again.")
}

/// Sends the request and writes the status line and the (pretty) body to `out`.
///
/// A 2xx answer whose body is not JSON is an error; so is a POST whose
/// answer was lost (see [`EXIT_OUTCOME_UNKNOWN`]).
pub async fn run(
    args: &CallArgs,
    credentials: Credentials,
    out: &mut impl Write,
) -> Result<CallOutcome, CallError> {
    let method = Method::from_bytes(args.method.to_ascii_uppercase().as_bytes())
        .map_err(|_| CallError::Method(args.method.clone()))?;
    let body = match &args.data {
        None => Vec::new(),
        Some(data) => {
            let bytes = match data.strip_prefix('@') {
                Some(file) => std::fs::read(file).map_err(|error| CallError::BodyFile {
                    path: PathBuf::from(file),
                    reason: error.to_string(),
                })?,
                None => data.clone().into_bytes(),
            };
            serde_json::from_slice::<serde_json::Value>(&bytes)
                .map_err(|error| CallError::BodyNotJson(error.to_string()))?;
            bytes
        }
    };
    let base_url = credentials.base_url.clone();
    let client = credentials.into_client()?;
    let mut url = client.raw_url(&args.path)?;
    if !args.query.is_empty() {
        url.query_pairs_mut().extend_pairs(&args.query);
    }
    let writes = method != Method::GET && method != Method::HEAD;
    let outcome_unknown = |error: Error| CallError::OutcomeUnknown {
        check: how_to_check(&args.path),
        error,
    };
    // A write settles the profile's earlier sends first and is journaled
    // before it leaves, so a crash or a lost answer is settled later.
    let journal = if writes {
        let request = brlv_core::journal_send::SendRequest {
            profile: args.profile.as_deref(),
            base_url: &base_url,
            method: method.as_str(),
            path: &args.path,
            body: &body,
            again: args.again,
            duplicate_days: args.duplicate_days,
        };
        brlv_core::journal_send::before_send(&client, request)
            .await
            .map_err(CallError::Unsettled)?
    } else {
        None
    };
    let sent = client.send(method, url, body).await;
    if let Some(journal) = journal {
        #[cfg(debug_assertions)]
        pause_before_outcome_test_hook();
        journal.after(&sent);
    }
    let raw = match sent {
        Ok(raw) => raw,
        Err(error) if writes && error.outcome_unknown() => return Err(outcome_unknown(error)),
        Err(error) => return Err(error.into()),
    };
    let json = serde_json::from_slice::<serde_json::Value>(&raw.body).ok();
    let pretty = json
        .as_ref()
        .and_then(|value| serde_json::to_string_pretty(value).ok())
        .unwrap_or_else(|| String::from_utf8_lossy(&raw.body).into_owned());
    let _ = writeln!(out, "HTTP {}", raw.status);
    if !pretty.is_empty() {
        let _ = writeln!(out, "{}", terminal_safe(&pretty));
    }
    let outcome = CallOutcome {
        status: raw.status,
        success: raw.is_success(),
    };
    if outcome.success && json.is_none() {
        let error = Error::UnexpectedResponse {
            status: raw.status,
            detail: "the body is not JSON".to_owned(),
            excerpt: brlv_core::api::error::excerpt(&raw.body),
        };
        return Err(if writes {
            outcome_unknown(error)
        } else {
            CallError::AnswerNotJson { status: raw.status }
        });
    }
    if !outcome.success
        && let Err(error) = raw.into_result()
    {
        if writes && error.outcome_unknown() {
            return Err(outcome_unknown(error));
        }
        if !args.quiet {
            eprintln!("error: {}", terminal_safe(&error.to_string()));
        }
    }
    Ok(outcome)
}

/// The environment variable of the test hook below.
#[cfg(debug_assertions)]
const PAUSE_BEFORE_OUTCOME_HOOK: &str = "BRLV_TEST_HOOK_PAUSE_BEFORE_OUTCOME";

/// A test hook, compiled into debug builds only (a release build has no
/// trace of it): with `BRLV_TEST_HOOK_PAUSE_BEFORE_OUTCOME=FILE` set, a
/// write whose answer has arrived writes FILE and stops there for good,
/// before its outcome is journaled, so a test can kill the process at the
/// one moment no fault of the network can reach (docs/testing.md).
#[cfg(debug_assertions)]
fn pause_before_outcome_test_hook() {
    let Some(signal) = std::env::var_os(PAUSE_BEFORE_OUTCOME_HOOK) else {
        return;
    };
    if let Err(error) = std::fs::write(&signal, b"answered\n") {
        eprintln!("test hook: {PAUSE_BEFORE_OUTCOME_HOOK} could not be written: {error}");
    }
    loop {
        std::thread::sleep(std::time::Duration::from_secs(3600));
    }
}

/// `text` with every character the core escapes in outside text (see
/// `safe_text::needs_escape`) written as a visible escape (`\u{1b}`), but
/// for newline and tab: an answer is the service's text, and
/// `ESC ] 52 ;` in it would set the terminal's clipboard, other escapes
/// retitle the window or redraw what was printed before. serde_json escapes
/// C0 controls inside JSON strings already, but not DEL or the C1 range
/// (U+0080 to U+009F, which some terminals obey as ESC sequences).
pub fn terminal_safe(text: &str) -> std::borrow::Cow<'_, str> {
    let acts = |c: char| c != '\n' && c != '\t' && brlv_core::api::safe_text::needs_escape(c);
    if !text.chars().any(acts) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut safe = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if acts(c) {
            safe.push_str(&c.escape_unicode().to_string());
        } else {
            safe.push(c);
        }
    }
    std::borrow::Cow::Owned(safe)
}

/// The most memory the lists a command reads whole may take, as the app's
/// default.
const LIST_BUDGET_BYTES: u64 = 1024 * 1024 * 1024;

/// The account's lists a command reads whole (`extrato`, `tax-report`).
#[derive(Debug, Default)]
pub struct AccountLists {
    /// Orders.
    pub orders: Vec<brlv_core::api::model::Order>,
    /// Transfers.
    pub transfers: Vec<brlv_core::api::model::Transfer>,
    /// Withdrawals.
    pub withdrawals: Vec<brlv_core::api::model::Withdrawal>,
    /// Wallets.
    pub wallets: Vec<brlv_core::api::model::Wallet>,
    /// The deposits of each asset asked for, in the order asked.
    pub deposits: Vec<(
        brlv_core::api::model::DepositAsset,
        Vec<brlv_core::api::model::Deposit>,
    )>,
}

/// A list the service would not give: which one (`"the orders"`) and why.
#[derive(Debug, thiserror::Error)]
#[error("could not fetch {what}: {error}")]
pub struct ListNotFetched {
    /// Which list.
    pub what: &'static str,
    /// Why.
    pub error: Error,
}

impl ListNotFetched {
    /// The process exit code, as `call` gives for the same refusal.
    pub fn exit_code(&self) -> u8 {
        CallError::Client(self.error.clone()).exit_code()
    }
}

/// Reads the orders, transfers, withdrawals, wallets and the deposits of
/// `deposit_assets` whole, one after the other.
pub async fn fetch_account_lists(
    client: &Client,
    deposit_assets: &[brlv_core::api::model::DepositAsset],
) -> Result<AccountLists, ListNotFetched> {
    use brlv_core::api::model::{Deposit, Order, Transfer, WalletFilter, Withdrawal};
    let failed = |what: &'static str| move |error| ListNotFetched { what, error };
    let orders = client
        .get_list::<Order>(&["orders"], "orders", LIST_BUDGET_BYTES)
        .await
        .map_err(failed("the orders"))?
        .rows;
    let transfers = client
        .get_list::<Transfer>(&["transfers"], "transfers", LIST_BUDGET_BYTES)
        .await
        .map_err(failed("the transfers"))?
        .rows;
    let withdrawals = client
        .get_list::<Withdrawal>(&["withdrawals"], "withdrawals", LIST_BUDGET_BYTES)
        .await
        .map_err(failed("the withdrawals"))?
        .rows;
    let wallets = client
        .list_wallets(&WalletFilter::default())
        .await
        .map_err(failed("the wallets"))?;
    let mut deposits = Vec::with_capacity(deposit_assets.len());
    for asset in deposit_assets {
        let rows = client
            .get_list::<Deposit>(
                &["assets", asset.as_str(), "deposits"],
                "deposits",
                LIST_BUDGET_BYTES,
            )
            .await
            .map_err(failed("the deposits"))?
            .rows;
        deposits.push((asset.clone(), rows));
    }
    Ok(AccountLists {
        orders,
        transfers,
        withdrawals,
        wallets,
        deposits,
    })
}
