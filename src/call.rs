//! `brlv-desk call METHOD PATH`: signs and sends one request, prints the
//! status and the JSON answer, pretty. Like curl that knows how to sign.

use std::io::Write;
use std::path::PathBuf;

use reqwest::Method;
use secrecy::SecretString;

use crate::api::{Client, ClientConfig, Error, PrivateKey, Signer};

/// Environment variable holding the service's base URL.
pub const ENV_BASE_URL: &str = "BRLV_BASE_URL";
/// Environment variable holding the API key.
pub const ENV_API_KEY: &str = "BRLV_API_KEY";
/// Environment variable naming the private key PEM file.
pub const ENV_PRIVATE_KEY_FILE: &str = "BRLV_PRIVATE_KEY_FILE";

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
}

/// Where `call` gets its credentials.
#[derive(Clone, Debug)]
pub struct Credentials {
    /// Base URL.
    pub base_url: String,
    /// API key.
    pub api_key: SecretString,
    /// Private key.
    pub private_key: PrivateKey,
}

/// Why `call` could not even send the request.
#[derive(Debug, thiserror::Error)]
pub enum CallError {
    /// A variable is missing.
    #[error(
        "{0} is not set. Set {ENV_BASE_URL}, {ENV_API_KEY} and {ENV_PRIVATE_KEY_FILE} \
         (for the sandbox: `brlv-desk sandbox --demo-credentials DIR` writes them)"
    )]
    MissingVariable(&'static str),
    /// The key file could not be read.
    #[error("cannot read the private key file {path}: {reason}")]
    KeyFile {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
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
    /// No saved profile has that name.
    #[error("no saved profile is called {0:?}; profiles are added in the app's onboarding screen")]
    UnknownProfile(String),
    /// The profile file or the keyring failed.
    #[error("{0}")]
    Profile(String),
    /// Anything the client reported.
    #[error(transparent)]
    Client(#[from] Error),
}

fn parse_query_pair(raw: &str) -> Result<(String, String), String> {
    raw.split_once('=')
        .map(|(key, value)| (key.to_owned(), value.to_owned()))
        .ok_or_else(|| format!("{raw:?} is not KEY=VALUE"))
}

/// Reads the credentials from the environment.
pub fn credentials_from_env() -> Result<Credentials, CallError> {
    let base_url =
        std::env::var(ENV_BASE_URL).map_err(|_| CallError::MissingVariable(ENV_BASE_URL))?;
    let api_key =
        std::env::var(ENV_API_KEY).map_err(|_| CallError::MissingVariable(ENV_API_KEY))?;
    let key_path = std::env::var_os(ENV_PRIVATE_KEY_FILE)
        .map(PathBuf::from)
        .ok_or(CallError::MissingVariable(ENV_PRIVATE_KEY_FILE))?;
    let private_key = read_private_key_file(&key_path)?;
    Ok(Credentials {
        base_url,
        api_key: SecretString::from(api_key),
        private_key,
    })
}

/// Reads the credentials of a saved profile: its base URL from the profile
/// file, its secrets from the OS keyring.
pub fn credentials_from_profile(name: &str) -> Result<Credentials, CallError> {
    use crate::keystore::{KeyringStore, SecretStore};
    use crate::profile::ProfileBook;
    use secrecy::ExposeSecret;

    let path = ProfileBook::default_path()
        .ok_or_else(|| CallError::Profile(crate::profile::ProfileError::NoConfigDir.to_string()))?;
    let book = ProfileBook::load(&path).map_err(|error| CallError::Profile(error.to_string()))?;
    let profile = book
        .find(name)
        .ok_or_else(|| CallError::UnknownProfile(name.to_owned()))?;
    let store = KeyringStore::os().map_err(|error| CallError::Profile(error.to_string()))?;
    let secrets = store
        .load(name)
        .map_err(|error| CallError::Profile(error.to_string()))?
        .ok_or_else(|| {
            CallError::Profile(format!(
                "the keyring holds no secrets for profile {name:?}; add it again in the app"
            ))
        })?;
    let private_key =
        PrivateKey::from_pem(secrets.private_key_pem.expose_secret()).map_err(|error| {
            CallError::Profile(format!(
                "the private key of profile {name:?} is not usable: {error}"
            ))
        })?;
    Ok(Credentials {
        base_url: profile.base_url.clone(),
        api_key: secrets.api_key,
        private_key,
    })
}

/// Reads and checks a PEM private key file.
pub fn read_private_key_file(path: &std::path::Path) -> Result<PrivateKey, CallError> {
    let text = std::fs::read_to_string(path).map_err(|error| CallError::KeyFile {
        path: path.to_owned(),
        reason: error.to_string(),
    })?;
    PrivateKey::from_pem(&text).map_err(|error| CallError::KeyFile {
        path: path.to_owned(),
        reason: error.to_string(),
    })
}

/// What the request produced: the status, or none when it failed before an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallOutcome {
    /// HTTP status.
    pub status: u16,
    /// Whether it was 2xx.
    pub success: bool,
}

/// Sends the request and writes the status line and the (pretty) body to `out`.
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
    let signer = Signer::new(credentials.api_key, credentials.private_key);
    let client = Client::new(ClientConfig::new(&credentials.base_url, signer)?)?;
    let mut url = client.raw_url(&args.path)?;
    if !args.query.is_empty() {
        url.query_pairs_mut().extend_pairs(&args.query);
    }
    let raw = client.send(method, url, body).await?;
    let pretty = serde_json::from_slice::<serde_json::Value>(&raw.body)
        .ok()
        .and_then(|value| serde_json::to_string_pretty(&value).ok())
        .unwrap_or_else(|| String::from_utf8_lossy(&raw.body).into_owned());
    let _ = writeln!(out, "HTTP {}", raw.status);
    if !pretty.is_empty() {
        let _ = writeln!(out, "{pretty}");
    }
    let outcome = CallOutcome {
        status: raw.status,
        success: raw.is_success(),
    };
    if !outcome.success
        && !args.quiet
        && let Err(error) = raw.into_result()
    {
        eprintln!("error: {error}");
    }
    Ok(outcome)
}
