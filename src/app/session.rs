//! The connection the window has open: its identifier (an Event of an
//! earlier one is ignored), its profile and where its credentials came
//! from; and a new connection as the onboarding form asks for it.

use secrecy::SecretString;

use brlv_core::api::PrivateKey;
use brlv_core::profile::Profile;

/// Identifies one connection; Events of an earlier one are ignored.
pub type SessionId = u64;

/// A new connection to test and open.
#[derive(Debug)]
pub struct ConnectRequest {
    /// Name and base URL.
    pub profile: Profile,
    /// The API key.
    pub api_key: SecretString,
    /// The private key.
    pub private_key: PrivateKey,
    /// Save the profile (secrets to the keyring) once the test passed.
    pub save: bool,
    /// Seals the private key (in the keyring, and as the transaction password).
    pub passphrase: SecretString,
}

/// Where the open connection's credentials came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProfileKind {
    /// A saved profile, secrets in the keyring.
    Saved,
    /// A profile used for this run only (not saved by choice or for want of a keyring).
    Unsaved,
    /// The embedded sandbox.
    Sandbox,
    /// `BRLV_BASE_URL`, `BRLV_API_KEY`, `BRLV_PRIVATE_KEY_FILE`: this run only, never saved.
    Environment,
}

/// The open connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionInfo {
    /// Its identifier.
    pub id: SessionId,
    /// Name and base URL.
    pub profile: Profile,
    /// Where its credentials came from.
    pub kind: ProfileKind,
    /// Its key is sealed: money moves only after the passphrase, and the
    /// window locks when idle. False for the sandbox and plain keys.
    pub sealed: bool,
    /// How its requests reach the service.
    pub route: SessionRoute,
}

/// How an open connection's requests reach the service, as the window
/// shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SessionRoute {
    /// The proxy its requests go through (`host:port`), shown beside the
    /// service's host; `None` when they go straight to the service.
    pub proxy: Option<String>,
    /// The profile trusts a certificate of its own beside the system's.
    pub own_certificate: bool,
    /// Variables of the environment that would have changed the path and
    /// were not used (`HTTPS_PROXY`, `SSL_CERT_FILE`…).
    pub ignored: Vec<&'static str>,
}
