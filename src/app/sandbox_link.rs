//! The one place the app touches the embedded sandbox (`crate::sandbox`), so
//! the worker does not depend on its details.

/// A running embedded sandbox; it stops when dropped.
pub struct EmbeddedSandbox {
    base_url: String,
}

impl EmbeddedSandbox {
    /// Starts the sandbox on a free loopback port, with its demo data.
    pub async fn start() -> Result<EmbeddedSandbox, String> {
        let _ = &EmbeddedSandbox::base_url;
        Err("the embedded sandbox is not part of this build yet".to_owned())
    }

    /// Its base URL.
    pub fn base_url(&self) -> String {
        self.base_url.clone()
    }

    /// Registers an account (API key and public key) with demo data.
    pub fn register(&self, _api_key: &str, _public_key_pem: &str) -> Result<(), String> {
        Err("the embedded sandbox is not part of this build yet".to_owned())
    }
}
