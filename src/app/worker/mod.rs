//! The worker: a tokio runtime on its own thread. It receives Commands,
//! owns the service's client and the polling schedule, and sends Events
//! back, asking the UI to repaint after each. Keyring calls and key
//! generation run on tokio's blocking pool: they can take seconds.
//!
//! How it is set up ([`config`]), the window's handle on it ([`handle`]),
//! what it holds ([`state`]), its loop ([`dispatch`]), and its flows: the
//! account's connections ([`session`]), a form's POST ([`submit`]), the
//! journal ([`journal`]), orders and webhooks ([`webhooks`]), the tax
//! year's prices and files ([`taxes`]), the embedded sandbox ([`sandbox`]),
//! the update check (`updates`).

mod batch;
pub mod config;
mod dispatch;
pub mod handle;
pub mod journal;
mod qr_memory;
pub mod sandbox;
mod session;
mod state;
pub mod submit;
mod taxes;
mod updates;
mod webhooks;

pub use config::{
    CentralBankAddresses, EnvironmentProfile, NetworkPolicy, SecretSource, UpdateConfig,
    UpdateFeed, WorkerConfig,
};
pub use handle::WorkerHandle;
pub use state::Repaint;
pub use submit::submit;
