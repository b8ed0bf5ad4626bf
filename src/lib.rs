//! brlv-desk: a native dashboard for accounts at the BRL/BRLV conversion,
//! wallet and payout service.
//!
//! The program is three crates, each kept below the next by the compiler:
//! `brlv_core` (money, PIX, addresses, the signing client, sealed keys,
//! profiles, the journal, the tax year, OFX), `brlv_sandbox` (a local
//! emulator of the service) and this one:
//!
//! - `app` (feature `desktop`, on by default): the egui desktop front end.
//! - [`cli`]: every command but the window: `call`, `profile`, `extrato`,
//!   `tax-report`, `sandbox`, `journal`.
//! - [`webhook`]: receiving the service's events on this machine.
#![forbid(unsafe_code)]

#[cfg(feature = "desktop")]
pub mod app;
pub mod cli;
pub mod webhook;

// The app's strings, both languages side by side in `locales/app.yml`.
#[cfg(feature = "desktop")]
rust_i18n::i18n!("locales", fallback = "en");
