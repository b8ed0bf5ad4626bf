//! Helpers of the sandbox tests: a sandbox on 127.0.0.1:0 with one registered
//! account, and a small request signer that builds the six claims of spec
//! section 5 (and lets a test break exactly one of them).

use std::sync::OnceLock;
use std::time::Duration;

use brlv_sandbox::{
    GeneratedKeyPair, RunningSandbox, Sandbox, SandboxConfig, WebhookRetryPolicy, generate_key_pair,
};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use reqwest::Method;
use secrecy::ExposeSecret;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// One RSA key pair per test binary: generating keys is the slow part.
pub fn key_pair() -> &'static GeneratedKeyPair {
    static KEY: OnceLock<GeneratedKeyPair> = OnceLock::new();
    KEY.get_or_init(|| generate_key_pair().unwrap())
}

/// A second, unrelated key pair (for bad-signature tests).
pub fn other_key_pair() -> &'static GeneratedKeyPair {
    static KEY: OnceLock<GeneratedKeyPair> = OnceLock::new();
    KEY.get_or_init(|| generate_key_pair().unwrap())
}

pub const API_KEY: &str = "test-key-1";

/// Hex SHA-256.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// A running sandbox, a plain HTTP client, and the test account's key.
pub struct TestSandbox {
    pub sandbox: RunningSandbox,
    pub http: reqwest::Client,
    pub api_key: String,
    encoding_key: EncodingKey,
}

/// A response: status and JSON body (Null when not JSON).
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
}

impl Answer {
    /// The error object's `code`, if this is an error.
    pub fn code(&self) -> &str {
        self.body["error"]["code"].as_str().unwrap_or("")
    }
}

/// The status and the JSON body (`null` when it is not JSON) of `response`.
async fn answer(response: reqwest::Response) -> Answer {
    let status = response.status().as_u16();
    let bytes = response.bytes().await.unwrap();
    Answer {
        status,
        body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    }
}

/// Fast retries, so webhook tests finish quickly.
pub fn fast_config() -> SandboxConfig {
    SandboxConfig {
        webhook_retry: WebhookRetryPolicy {
            initial_backoff: Duration::from_millis(50),
            max_backoff: Duration::from_millis(200),
            give_up_after: Duration::from_secs(5),
        },
        ..SandboxConfig::default()
    }
}

impl TestSandbox {
    /// A sandbox with one account, with demo data or empty.
    pub async fn start(seed_demo: bool) -> Self {
        Self::start_with(fast_config(), seed_demo).await
    }

    /// The same with a given configuration.
    pub async fn start_with(config: SandboxConfig, seed_demo: bool) -> Self {
        let sandbox = Sandbox::start(config).await.unwrap();
        let keys = key_pair();
        sandbox
            .register_account(API_KEY, &keys.public_key_pem, seed_demo)
            .unwrap();
        let encoding_key =
            EncodingKey::from_rsa_pem(keys.private_key_pem.expose_secret().as_bytes()).unwrap();
        TestSandbox {
            sandbox,
            http: reqwest::Client::new(),
            api_key: API_KEY.to_owned(),
            encoding_key,
        }
    }

    pub fn url(&self, path_and_query: &str) -> String {
        format!(
            "{}{}",
            self.sandbox.base_url().as_str().trim_end_matches('/'),
            path_and_query
        )
    }

    /// The six claims a correct client sends for this request, at sandbox time.
    pub fn claims(&self, path: &str, body: &[u8]) -> Value {
        let now = self.sandbox.now().unix_timestamp();
        json!({
            "uri": path,
            "nonce": uuid::Uuid::new_v4().to_string(),
            "iat": now,
            "exp": now + 30,
            "sub": self.api_key,
            "bodyHash": sha256_hex(body),
        })
    }

    /// Signs `claims` with the account's key, RS256.
    pub fn sign(&self, claims: &Value) -> String {
        jsonwebtoken::encode(&Header::new(Algorithm::RS256), claims, &self.encoding_key).unwrap()
    }

    /// Sends a request with the given token and API key, exactly these body bytes.
    pub async fn send_raw(
        &self,
        method: Method,
        path_and_query: &str,
        body: &[u8],
        api_key: Option<&str>,
        token: Option<&str>,
    ) -> Answer {
        let mut request = self
            .http
            .request(method, self.url(path_and_query))
            .header("Content-Type", "application/json")
            .body(body.to_vec());
        if let Some(api_key) = api_key {
            request = request.header("X-API-Key", api_key);
        }
        if let Some(token) = token {
            request = request.header("Authorization", format!("Bearer {token}"));
        }
        answer(request.send().await.unwrap()).await
    }

    /// Signs and sends, correctly, with `claims` adjusted by `tweak` first.
    pub async fn send_with(
        &self,
        method: Method,
        path_and_query: &str,
        body: &[u8],
        tweak: impl FnOnce(&mut Value),
    ) -> Answer {
        let path = path_and_query.split('?').next().unwrap_or("");
        let mut claims = self.claims(path, body);
        tweak(&mut claims);
        let token = self.sign(&claims);
        self.send_raw(
            method,
            path_and_query,
            body,
            Some(&self.api_key),
            Some(&token),
        )
        .await
    }

    /// A correctly signed GET.
    pub async fn get(&self, path_and_query: &str) -> Answer {
        self.send_with(Method::GET, path_and_query, b"", |_| {})
            .await
    }

    /// A correctly signed POST of `body` as JSON.
    pub async fn post(&self, path: &str, body: &Value) -> Answer {
        let bytes = serde_json::to_vec(body).unwrap();
        self.send_with(Method::POST, path, &bytes, |_| {}).await
    }

    /// A control endpoint call (no JWT).
    pub async fn control(&self, method: Method, path: &str, body: Option<&Value>) -> Answer {
        let mut request = self.http.request(method, self.url(path));
        if let Some(body) = body {
            request = request.json(body);
        }
        answer(request.send().await.unwrap()).await
    }

    /// Moves the sandbox clock.
    pub fn advance(&self, seconds: u64) {
        self.sandbox.advance_clock(Duration::from_secs(seconds));
    }

    /// Everything the account can observe, to compare before and after a refused request.
    pub async fn snapshot(&self) -> Value {
        let mut state = serde_json::Map::new();
        for path in [
            "/api/v0/orders",
            "/api/v0/transfers",
            "/api/v0/wallets",
            "/api/v0/withdrawals",
            "/api/v0/claims",
            "/api/v0/assets/brl/balance",
            "/api/v0/assets/usdc/balance",
            "/api/v0/assets/brlv/balance",
            "/api/v0/assets/brl/deposits",
            "/api/v0/tax-exemption/progress",
        ] {
            let answer = self.get(path).await;
            assert_eq!(answer.status, 200, "{path}: {:?}", answer.body);
            state.insert(path.to_owned(), answer.body);
        }
        Value::Object(state)
    }

    /// The first wallet of the account on `chain`.
    pub async fn wallet_on(&self, chain: &str) -> String {
        let wallets = self.get("/api/v0/wallets").await.body;
        let prefix = format!("{chain}/");
        wallets["wallets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|wallet| {
                wallet["assets"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|asset| asset.as_str().unwrap().starts_with(&prefix))
            })
            .map(|wallet| wallet["address"].as_str().unwrap().to_owned())
            .unwrap()
    }
}

impl TestSandbox {
    /// brlv-desk's real client, signing with the test account's key.
    pub fn client(&self) -> brlv_core::api::client::Client {
        use brlv_core::api::auth::{PrivateKey, Signer};
        use brlv_core::api::client::{Client, ClientConfig};
        let key = PrivateKey::from_pem(key_pair().private_key_pem.expose_secret()).unwrap();
        let signer = Signer::new(secrecy::SecretString::from(self.api_key.clone()), key);
        let config = ClientConfig::new(self.sandbox.base_url().as_str(), signer).unwrap();
        Client::new(config).unwrap()
    }
}

/// A demo account whose records in motion have settled, so that nothing
/// changes between two snapshots unless a request changes it.
pub async fn settled_sandbox() -> TestSandbox {
    let sandbox = TestSandbox::start(true).await;
    sandbox.advance(60);
    sandbox
}

/// Sends `body` (raw bytes) and checks the refusal: status, code, the field
/// named in the message, and no visible change.
pub async fn refused(
    sandbox: &TestSandbox,
    method: Method,
    path: &str,
    body: &[u8],
    status: u16,
    code: &str,
    names: &str,
) {
    let before = sandbox.snapshot().await;
    let answer = sandbox.send_with(method.clone(), path, body, |_| {}).await;
    assert_eq!(
        (answer.status, answer.code()),
        (status, code),
        "{method} {path} {}: {:?}",
        String::from_utf8_lossy(body),
        answer.body
    );
    let message = answer.body["error"]["message"].as_str().unwrap();
    assert!(message.contains(names), "{message:?} should name {names:?}");
    assert!(
        answer.body["error"]["type"]
            .as_str()
            .is_some_and(|kind| !kind.is_empty())
    );
    assert_eq!(
        sandbox.snapshot().await,
        before,
        "{method} {path} changed the state"
    );
}

pub async fn post_refused(
    sandbox: &TestSandbox,
    path: &str,
    body: Value,
    status: u16,
    code: &str,
    names: &str,
) {
    let bytes = serde_json::to_vec(&body).unwrap();
    refused(sandbox, Method::POST, path, &bytes, status, code, names).await;
}

/// A stand-in for the Banco Central that answers every request with
/// `status` and `body`, counting them.
pub async fn answering(
    status: axum::http::StatusCode,
    body: &'static str,
) -> (String, std::sync::Arc<std::sync::atomic::AtomicU64>) {
    let count = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let counted = std::sync::Arc::clone(&count);
    let app = axum::Router::new().fallback(move || {
        counted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        async move { (status, body) }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{address}/"), count)
}
