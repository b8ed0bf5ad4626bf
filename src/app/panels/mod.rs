//! One file per panel. Each draws from `&mut AppState` and pushes Commands;
//! none touches the worker, so tests render them alone.

pub mod account_common;
pub mod claims;
pub mod deposits;
pub mod events;
pub mod navigation;
pub mod notices;
pub mod onboarding;
pub mod orders;
pub mod overview;
pub mod placeholder;
pub mod settings;
pub mod top_bar;
pub mod transfers;
pub mod wallets;
pub mod withdrawals;
