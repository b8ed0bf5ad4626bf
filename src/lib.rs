//! brlv-desk: a native dashboard for accounts at the BRL/BRLV conversion,
//! wallet and payout service.
//!
//! - [`api`]: the typed, signing client of the service's v0 interface.
//! - [`sandbox`]: a local emulator of that service, verifying every request.
//! - [`money`], [`pix`], [`address`]: amounts at an asset's scale, PIX BR Codes
//!   and keys, EVM addresses.
//! - [`keystore`], [`profile`]: secrets in the OS keyring; the non-secret profile file;
//!   `profile_cli` (feature `desktop`): `brlv-desk profile ...` on both.
//! - [`webhook`]: receiving the service's events.
//! - [`journal`]: what the app sent and learnt, kept on disk per profile.
//! - [`private_file`]: files with secrets or personal data, owner-only.
//! - [`csv_cell`]: CSV cells a spreadsheet reads as text, never as a formula.
//! - [`ofx`]: statements as OFX files, one per asset; `extrato_cli`
//!   (feature `desktop`): `brlv-desk extrato`, the app's extrato as OFX and CSV.
//! - [`tax`]: the tax year: the ledger, the months against R$35,000, the
//!   DARF, Bens e Direitos, and their CSV files.
//! - `app` (feature `desktop`, on by default): the egui desktop front end.

pub mod address;
pub mod api;
#[cfg(feature = "desktop")]
pub mod app;
pub mod call;
pub mod csv_cell;
#[cfg(feature = "desktop")]
pub mod extrato_cli;
pub mod journal;
pub mod keystore;
pub mod money;
pub mod ofx;
pub mod pix;
pub mod private_file;
pub mod profile;
#[cfg(feature = "desktop")]
pub mod profile_cli;
pub mod recipients;
pub mod sandbox;
pub mod seal;
pub mod tax;
pub mod webhook;

// The app's strings, both languages side by side in `locales/app.yml`.
#[cfg(feature = "desktop")]
rust_i18n::i18n!("locales", fallback = "en");
