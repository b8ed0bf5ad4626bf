//! The one place the app touches the embedded sandbox ([`brlv_sandbox`]),
//! so the worker does not depend on its details.

use brlv_sandbox::{RunningSandbox, Sandbox, SandboxConfig};

/// A running embedded sandbox; it stops when dropped.
pub struct EmbeddedSandbox {
    running: RunningSandbox,
}

impl EmbeddedSandbox {
    /// Starts the sandbox on a free loopback port, inside the current tokio
    /// runtime, its clock at `clock_start` (the wall clock's when `None`).
    pub async fn start(
        clock_start: Option<time::OffsetDateTime>,
    ) -> Result<EmbeddedSandbox, String> {
        Sandbox::start(SandboxConfig {
            clock_start,
            ..SandboxConfig::default()
        })
        .await
        .map(|running| EmbeddedSandbox { running })
        .map_err(|error| error.to_string())
    }

    /// Its base URL.
    pub fn base_url(&self) -> String {
        self.running.base_url().to_string()
    }

    /// Where the sandbox POSTs its webhook events (`None`: nowhere).
    pub fn set_webhook_url(&self, url: Option<&str>) {
        let parsed = url.and_then(|url| url::Url::parse(url).ok());
        self.running.set_webhook_url(parsed);
    }

    /// Its demo update feed and the key it was signed with (made at start).
    pub fn update_source(&self) -> Result<brlv_core::update::UpdateSource, String> {
        brlv_core::update::UpdateSource::new(
            self.running.update_feed_url().as_str(),
            &self.running.update_public_key(),
        )
        .map_err(|error| error.to_string())
    }

    /// Registers an account (API key and public key) with the demo data.
    pub fn register(&self, api_key: &str, public_key_pem: &str) -> Result<(), String> {
        self.running
            .register_account(api_key, public_key_pem, true)
            .map_err(|error| error.to_string())
    }
}
