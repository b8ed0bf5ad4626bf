//! The core of brlv-desk: everything about an account that is not a window
//! and not a server. No egui, no axum, no async runtime of its own; the app
//! and the sandbox are built on it, and the compiler keeps them above it.
//!
//! - [`api`]: the typed, signing client of the service's v0 interface and
//!   the records it reads.
//! - [`money`], [`pix`], [`address`]: amounts at an asset's scale, PIX BR Codes
//!   and keys, EVM addresses.
//! - [`seal`], [`keystore`], [`profile`]: the private key sealed with a
//!   passphrase, secrets in the OS keyring, the non-secret profile file;
//!   [`profile_binding`]: a profile's service address signed by its key.
//! - [`network`]: a profile's network path (its proxy, the authorities
//!   it trusts), never taken from the environment unseen.
//! - [`recipients`]: saved recipients.
//! - [`journal`]: what the app sent and learnt, kept on disk per profile;
//!   [`journal_send`]: a write journaled before it leaves, and the sends
//!   whose answer never came settled against the service's lists.
//! - [`private_file`]: files with secrets or personal data, owner-only,
//!   never written through a link.
//! - [`look_alike`]: names that would look the same on the screen, flagged.
//! - [`csv_cell`]: CSV cells a spreadsheet reads as text, never as a formula.
//! - [`payment_stage`]: how far a payment has gone (not sent, sent to
//!   the service, paid, failed, no answer), decided once for every front.
//! - [`ofx`]: statements as OFX files, one per asset.
//! - [`tax`]: the tax year: the ledger, the months against R$35,000, the
//!   DARF, Bens e Direitos, and their CSV files.
//! - [`update`]: the signed release feed: checked, its package downloaded
//!   and verified (never run), and when the automatic check is due.
#![forbid(unsafe_code)]

pub mod address;
pub mod api;
pub mod credentials;
pub mod csv_cell;
pub mod duplicates;
pub mod journal;
pub mod journal_send;
pub mod keystore;
pub mod look_alike;
pub mod money;
pub mod network;
pub mod ofx;
pub mod payment_stage;
pub mod payouts;
pub mod pix;
pub mod private_file;
pub mod profile;
pub mod profile_binding;
pub mod recipients;
pub mod seal;
pub mod tax;
pub mod update;
