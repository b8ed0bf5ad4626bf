//! A local emulator of the service's v0 interface: a real HTTP server on
//! loopback that verifies every request as spec section 5 demands, keeps a
//! ledger per API key, runs the order, transfer, withdrawal and claim state
//! machines on a clock tests can move, and POSTs webhook events.
//!
//! `brlv-desk sandbox` runs it headless ([`cli`]); the GUI embeds the same
//! server: [`Sandbox::start`], then [`RunningSandbox::register_account`] with a
//! key from [`generate_key_pair`]. `docs/sandbox.md` documents its rules.
//!
//! Beyond the spec, the sandbox decides (and documents) what the spec leaves
//! open: prices and fees, timings, the claim tax rule, and the whitelisted
//! external addresses below.

pub mod cli;

mod auth;
mod body;
mod claims;
mod clock;
mod control;
mod demo;
mod error;
mod keys;
mod ledger;
mod nonces;
mod orders;
mod rates;
mod reads;
mod records;
mod routes;
mod state;
mod transfers;
mod webhook;
mod withdrawals;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::extract::Path;
use axum::extract::rejection::PathRejection;
use rust_decimal::Decimal;
use time::OffsetDateTime;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use url::Url;

pub use auth::{
    MAX_BODY_BYTES, MAX_TOKEN_LIFETIME_SECS, TokenContext, VerifiedToken, check_token_claims,
    verify_token,
};
pub use body::{RequestBody, RequestKind, decode_request_body};
pub use claims::{CLAIM_FEE_RATE, CLAIM_TAX_RATE};
pub use error::ApiError;
pub use keys::{
    DemoCredentials, GeneratedKeyPair, MIN_RSA_BITS, generate_api_key, generate_demo_credentials,
    generate_key_pair,
};
pub use nonces::CLOCK_LEEWAY_SECS;
pub use rates::{FEE_RATE, USD_STABLECOIN_PRICE_BRL};
pub use state::{
    CLAIM_COMPLETE_SECS, ORDER_SETTLE_SECS, TRANSFER_CONFIRM_SECS, TRANSFER_SUBMIT_SECS,
    WITHDRAWAL_PAYOUT_SECS, WITHDRAWAL_PROCESS_SECS,
};
pub use webhook::WebhookRetryPolicy;

use crate::api::model::{Asset, Chain};
use state::{Account, AccountData, Shared, World};

/// An external address every account has whitelisted, FX orders included
/// (BRL→USDC may deliver there).
pub const WHITELISTED_FX_ADDRESS: &str = "0xfeedfacefeedfacefeedfacefeedfacefeedface";

/// An external address every account has whitelisted for token orders but not
/// for FX orders: a BRL→BRLV order may deliver there, a BRL→USDC order may not.
pub const WHITELISTED_ADDRESS: &str = "0xdeadbeefdeadbeefdeadbeefdeadbeefdeadbeef";

/// The PIX key (a random key) the sandbox's BR Codes pay to.
pub const SANDBOX_RECEIVING_PIX_KEY: &str = "7d9f0335-8dcc-4054-9bf9-0dbd61d36906";

/// The chain of a wallet created without `chain`. The service's own client
/// never sends one, so the service evidently defaults it; Base is the chain
/// where every token operation of the interface works (transfers are Base
/// only, and wBRLY exists only there).
pub const DEFAULT_WALLET_CHAIN: Chain = Chain::EthBase;

/// The CPF registered on every sandbox account; a `target-end-user-pix-key`
/// that is a CPF or CNPJ must equal it (spec 4.1).
pub const DEMO_TAX_ID: &str = "12345678909";

/// How to run a sandbox.
#[derive(Clone, Debug)]
pub struct SandboxConfig {
    /// Where to listen; `127.0.0.1:0` (any free port) by default.
    pub listen: SocketAddr,
    /// Allow a non-loopback `listen` address. The sandbox accepts anyone's
    /// registered key and has no TLS, so it refuses to listen beyond this
    /// machine unless asked explicitly.
    pub allow_non_loopback: bool,
    /// Funding window of brcode orders (10 minutes by default).
    pub order_expiry: Duration,
    /// How long a quote can be accepted (60 s by default).
    pub quote_lifetime: Duration,
    /// Where webhook events go, if anywhere.
    pub webhook_url: Option<Url>,
    /// How failed webhook deliveries are retried.
    pub webhook_retry: WebhookRetryPolicy,
}

impl Default for SandboxConfig {
    fn default() -> Self {
        SandboxConfig {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            allow_non_loopback: false,
            order_expiry: Duration::from_secs(600),
            quote_lifetime: Duration::from_secs(60),
            webhook_url: None,
            webhook_retry: WebhookRetryPolicy::default(),
        }
    }
}

/// Tunables the handlers read.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// Funding window of brcode orders.
    pub order_expiry: Duration,
    /// Acceptance window of quotes.
    pub quote_lifetime: Duration,
}

/// What can go wrong starting or driving the sandbox.
#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    /// The listening socket could not be opened.
    #[error("cannot listen on {address}: {source}")]
    Bind {
        /// The address asked for.
        address: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// A non-loopback address without `allow_non_loopback`.
    #[error(
        "refusing to listen on {0}: the sandbox is for this machine only (use a 127.0.0.1 address, or --allow-non-loopback if you really mean it)"
    )]
    NonLoopback(SocketAddr),
    /// The public key is not a usable RSA public key in PEM.
    #[error("invalid public key: {0}")]
    InvalidPublicKey(String),
    /// The RSA key is too small.
    #[error("the RSA key is too small{}; at least 2048 bits are required", bits.map(|bits| format!(" ({bits} bits)")).unwrap_or_default())]
    KeyTooSmall {
        /// Its size, when it could be measured.
        bits: Option<usize>,
    },
    /// The API key is empty or has characters a header cannot carry.
    #[error("invalid API key: {0}")]
    InvalidApiKey(String),
    /// The API key is registered already, with another public key.
    #[error("the API key {0:?} is already registered with a different public key")]
    ApiKeyTaken(String),
    /// No such account.
    #[error("no account has the API key {0:?}")]
    UnknownApiKey(String),
    /// Key generation failed.
    #[error("key generation failed: {0}")]
    KeyGeneration(String),
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Command-line arguments that do not fit together.
    #[error("{0}")]
    Usage(String),
    /// The server task failed.
    #[error("the sandbox server failed: {0}")]
    Server(String),
}

/// Starts sandboxes.
#[derive(Debug)]
pub struct Sandbox;

impl Sandbox {
    /// Binds `config.listen`, starts serving, and returns the handle. Must run
    /// inside a tokio runtime; the server and its background tasks are spawned on it.
    pub async fn start(config: SandboxConfig) -> Result<RunningSandbox, SandboxError> {
        if !config.listen.ip().is_loopback() && !config.allow_non_loopback {
            return Err(SandboxError::NonLoopback(config.listen));
        }
        let listener = tokio::net::TcpListener::bind(config.listen)
            .await
            .map_err(|source| SandboxError::Bind {
                address: config.listen,
                source,
            })?;
        let local_addr = listener.local_addr().map_err(|source| SandboxError::Bind {
            address: config.listen,
            source,
        })?;
        let base_url = Url::parse(&format!("http://{local_addr}/"))
            .map_err(|error| SandboxError::Server(format!("no URL for {local_addr}: {error}")))?;
        let (shutdown, shutdown_signal) = watch::channel(false);
        let webhook_url = Arc::new(Mutex::new(config.webhook_url.clone()));
        let (events, delivery_task) = webhook::start_delivery(
            Arc::clone(&webhook_url),
            config.webhook_retry.clone(),
            shutdown_signal.clone(),
        );
        let shared = Arc::new(Shared {
            world: Mutex::new(World::default()),
            clock: clock::SandboxClock::default(),
            settings: Settings {
                order_expiry: config.order_expiry,
                quote_lifetime: config.quote_lifetime,
            },
            events,
            webhook_url,
        });
        let app = routes::router(Arc::clone(&shared));
        let mut server_shutdown = shutdown_signal.clone();
        let server = tokio::spawn(async move {
            axum::serve(
                listener,
                app.into_make_service_with_connect_info::<SocketAddr>(),
            )
            .with_graceful_shutdown(async move {
                let _ = server_shutdown.changed().await;
            })
            .await
        });
        let ticker = tokio::spawn(tick(Arc::clone(&shared), shutdown_signal));
        Ok(RunningSandbox {
            shared,
            local_addr,
            base_url,
            shutdown,
            server: Some(server),
            background: vec![ticker, delivery_task],
        })
    }
}

/// Settles due transitions once a second, so events go out even when nobody reads.
async fn tick(shared: Arc<Shared>, mut shutdown: watch::Receiver<bool>) {
    let mut interval = tokio::time::interval(Duration::from_secs(1));
    loop {
        tokio::select! {
            _ = shutdown.changed() => return,
            _ = interval.tick() => shared.settle_all(),
        }
    }
}

/// A sandbox that is serving. Dropping it stops the server (without waiting);
/// [`RunningSandbox::shutdown`] stops it and waits.
pub struct RunningSandbox {
    shared: Arc<Shared>,
    local_addr: SocketAddr,
    base_url: Url,
    shutdown: watch::Sender<bool>,
    server: Option<JoinHandle<std::io::Result<()>>>,
    background: Vec<JoinHandle<()>>,
}

impl std::fmt::Debug for RunningSandbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RunningSandbox")
            .field("local_addr", &self.local_addr)
            .finish_non_exhaustive()
    }
}

impl RunningSandbox {
    /// `http://127.0.0.1:PORT/`: the base URL to give the client.
    pub fn base_url(&self) -> Url {
        self.base_url.clone()
    }

    /// The address it listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// Registers `api_key` with an RSA public key in PEM (`PUBLIC KEY` or `RSA
    /// PUBLIC KEY`, at least 2048 bits): a new account, with demo data when
    /// `seed_demo`. Registering the same key and PEM again is a no-op.
    pub fn register_account(
        &self,
        api_key: &str,
        public_key_pem: &str,
        seed_demo: bool,
    ) -> Result<(), SandboxError> {
        register(&self.shared, api_key, public_key_pem, seed_demo)
    }

    /// Adds a big account's history to `api_key`'s account: `count` (at
    /// most five million) completed orders, transfers, withdrawals and
    /// deposits, older than the demo records. False for an unknown key.
    pub fn seed_history(&self, api_key: &str, count: usize) -> bool {
        let now = self.shared.clock.now();
        let mut world = self.shared.lock();
        match world.accounts.get_mut(api_key) {
            Some(account) => {
                demo::seed_history(&mut account.data, now, count);
                true
            }
            None => false,
        }
    }

    /// The sandbox clock's current time.
    pub fn now(&self) -> OffsetDateTime {
        self.shared.clock.now()
    }

    /// Moves the sandbox clock forward and applies what fell due.
    pub fn advance_clock(&self, by: Duration) {
        self.shared.clock.advance(by);
        self.shared.settle_all();
    }

    /// Sets (or clears) the webhook URL.
    pub fn set_webhook_url(&self, url: Option<Url>) {
        *self
            .shared
            .webhook_url
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = url;
    }

    /// How many nonces the sandbox remembers for `api_key` (after forgetting
    /// those of expired tokens); `None` for an unknown key.
    pub fn nonce_store_len(&self, api_key: &str) -> Option<usize> {
        let now = self.shared.clock.now().unix_timestamp();
        let mut world = self.shared.lock();
        let account = world.accounts.get_mut(api_key)?;
        account.nonces.prune(now);
        Some(account.nonces.len())
    }

    /// The account's total of `asset` (over its wallets for tokens), for tests
    /// and diagnostics; `None` for an unknown key.
    pub fn balance(&self, api_key: &str, asset: &Asset) -> Option<Decimal> {
        self.shared.settle_all();
        let world = self.shared.lock();
        let account = world.accounts.get(api_key)?;
        Some(account.data.ledger.total(|held| held == asset))
    }

    /// API keys registered, in order.
    pub fn api_keys(&self) -> Vec<String> {
        self.shared.lock().accounts.keys().cloned().collect()
    }

    /// Stops serving, waits for the server to finish (at most 5 s) and stops
    /// the background tasks; pending webhook deliveries are abandoned.
    pub async fn shutdown(mut self) -> Result<(), SandboxError> {
        let _ = self.shutdown.send(true);
        let result = match self.server.take() {
            None => Ok(()),
            Some(mut server) => {
                match tokio::time::timeout(Duration::from_secs(5), &mut server).await {
                    Ok(Ok(Ok(()))) => Ok(()),
                    Ok(Ok(Err(error))) => Err(SandboxError::Server(error.to_string())),
                    Ok(Err(error)) => Err(SandboxError::Server(error.to_string())),
                    Err(_) => {
                        // Open connections kept it alive: end it anyway.
                        server.abort();
                        Ok(())
                    }
                }
            }
        };
        for task in self.background.drain(..) {
            task.abort();
        }
        result
    }
}

impl Drop for RunningSandbox {
    fn drop(&mut self) {
        let _ = self.shutdown.send(true);
        for task in &self.background {
            task.abort();
        }
    }
}

/// Registers an account (shared by the handle and `POST /sandbox/keys`).
pub(crate) fn register(
    shared: &Shared,
    api_key: &str,
    public_key_pem: &str,
    seed_demo: bool,
) -> Result<(), SandboxError> {
    let api_key_ok = !api_key.is_empty()
        && api_key.len() <= 200
        && api_key.bytes().all(|byte| byte.is_ascii_graphic());
    if !api_key_ok {
        return Err(SandboxError::InvalidApiKey(
            "1 to 200 visible ASCII characters, no spaces".to_owned(),
        ));
    }
    let decoding_key = keys::parse_public_key(public_key_pem)?;
    let now = shared.clock.now();
    let mut world = shared.lock();
    if let Some(existing) = world.accounts.get(api_key) {
        return if existing.public_key_pem.trim() == public_key_pem.trim() {
            Ok(())
        } else {
            Err(SandboxError::ApiKeyTaken(api_key.to_owned()))
        };
    }
    let mut data = AccountData::default();
    if seed_demo {
        demo::seed(&mut data, now, shared.settings.order_expiry);
    }
    world.accounts.insert(
        api_key.to_owned(),
        Account {
            public_key_pem: public_key_pem.to_owned(),
            decoding_key: Arc::new(decoding_key),
            seed_demo,
            tax_id: DEMO_TAX_ID.to_owned(),
            nonces: nonces::NonceStore::default(),
            data,
        },
    );
    Ok(())
}

/// A path parameter, or a 400 naming why it could not be read.
pub(crate) fn path_param(param: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    param
        .map(|Path(value)| value)
        .map_err(|rejection| ApiError::bad_request("invalid-path", rejection.body_text()))
}

/// The query string's pairs, percent-decoded, repeated keys kept.
pub(crate) fn query_pairs(query: Option<&str>) -> Vec<(String, String)> {
    query
        .map(|query| {
            url::form_urlencoded::parse(query.as_bytes())
                .into_owned()
                .collect()
        })
        .unwrap_or_default()
}

/// An `{asset}` path segment: a full asset id (percent-encoded as one segment,
/// e.g. `fiat%2Fbrl`) or a short form naming a family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum AssetSelector {
    /// One asset.
    Exact(Asset),
    /// Every on-chain asset with this ticker (`USDC`, `USDT`, `BRLV`).
    Ticker(&'static str),
}

impl AssetSelector {
    /// Reads a path segment; `short_forms` are the short names this endpoint accepts.
    pub(crate) fn parse(raw: &str, short_forms: &[&str]) -> Result<Self, ApiError> {
        let lower = raw.to_ascii_lowercase();
        if short_forms.contains(&lower.as_str()) {
            return Ok(match lower.as_str() {
                "brl" => AssetSelector::Exact(Asset::FiatBrl),
                "usd" => AssetSelector::Exact(Asset::FiatUsd),
                "usdc" => AssetSelector::Ticker("USDC"),
                "usdt" => AssetSelector::Ticker("USDT"),
                _ => AssetSelector::Ticker("BRLV"),
            });
        }
        let asset = Asset::from_wire(raw);
        if asset.is_known() {
            return Ok(AssetSelector::Exact(asset));
        }
        Err(ApiError::bad_request(
            "unknown-asset",
            format!(
                "`asset`: {raw:?} is neither an asset id nor one of {}",
                short_forms.join(", ")
            ),
        ))
    }

    /// Whether `asset` is selected.
    pub(crate) fn matches(&self, asset: &Asset) -> bool {
        match self {
            AssetSelector::Exact(exact) => exact == asset,
            AssetSelector::Ticker(ticker) => !asset.is_fiat() && asset.ticker() == *ticker,
        }
    }

    /// Places a balance of this selection is rendered at (spec 2.8).
    pub(crate) fn scale(&self) -> u32 {
        match self {
            AssetSelector::Exact(asset) => asset.scale(),
            AssetSelector::Ticker("USDC" | "USDT") => 6,
            AssetSelector::Ticker(_) => 18,
        }
    }
}
