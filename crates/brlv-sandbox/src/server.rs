//! Starting a sandbox and driving it: the server on loopback, the ticker
//! that settles what fell due, and the handle tests and the GUI hold.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rust_decimal::Decimal;
use time::OffsetDateTime;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use url::Url;

use brlv_core::api::model::Asset;

use super::accounts::register;
use super::clock::SandboxClock;
use super::error::SandboxError;
use super::state::{CentralBankEdges, Settings, Shared, World};
use super::update_feed::{self, DemoFeed};
use super::webhook::{self, WebhookRetryPolicy};
use super::{demo, routes};

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
    /// The instant the sandbox clock reads at start (the wall clock's when
    /// `None`). The demo data are placed relative to it, so a test that
    /// starts at a chosen instant expects the same records on every day.
    pub clock_start: Option<OffsetDateTime>,
    /// How the emulation of the Banco Central's services answers at their
    /// edges (today's PTAX before its bulletin, a range of months not
    /// published yet).
    pub central_bank: CentralBankEdges,
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
            clock_start: None,
            central_bank: CentralBankEdges::Simple,
        }
    }
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
            clock: config
                .clock_start
                .map(SandboxClock::starting_at)
                .unwrap_or_default(),
            settings: Settings {
                order_expiry: config.order_expiry,
                quote_lifetime: config.quote_lifetime,
            },
            events,
            webhook_url,
            dollar_rate_requests: std::sync::atomic::AtomicU64::new(0),
            selic_requests: std::sync::atomic::AtomicU64::new(0),
            central_bank: config.central_bank,
        });
        let demo_feed = Arc::new(DemoFeed::new(&base_url)?);
        let app =
            routes::router(Arc::clone(&shared)).merge(update_feed::router(Arc::clone(&demo_feed)));
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
            demo_feed,
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
    demo_feed: Arc<DemoFeed>,
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

    /// The demo update feed's address (`…/sandbox/update/feed.json`),
    /// signed with [`RunningSandbox::update_public_key`].
    pub fn update_feed_url(&self) -> Url {
        let mut url = self.base_url.clone();
        url.set_path(update_feed::DEMO_FEED_PATH);
        url
    }

    /// The demo feed's public key (minisign's base64 line), made at start.
    pub fn update_public_key(&self) -> String {
        self.demo_feed.public_key().to_owned()
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

    /// How many requests for the dollar's rates (the Banco Central's
    /// emulation) it has answered.
    pub fn dollar_rate_requests(&self) -> u64 {
        self.shared
            .dollar_rate_requests
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// How many requests for the monthly Selic (the Banco Central's
    /// emulation) it has answered.
    pub fn selic_requests(&self) -> u64 {
        self.shared
            .selic_requests
            .load(std::sync::atomic::Ordering::Relaxed)
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
