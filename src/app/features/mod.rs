//! One folder per feature. Each owns its model (`state.rs`: panel state,
//! draft, validation; and its rules and messages, in files of their own),
//! its worker calls (`task.rs`: async functions the worker runs; only the
//! worker emits Events) and its view (`view.rs` or `view/`): a panel
//! ([`crate::app::panel::Panel`]) drawn from its own state and a read-only
//! context, what it asks for put into an outbox, the events addressed to it
//! taken in by its `apply`; never doing I/O itself. The model sits below
//! `AppState` and knows nothing of it; `task` and `view` sit above it (see
//! `src/app/mod.rs`).

pub mod activity;
pub mod claims;
pub mod deposits;
pub mod events;
pub mod journal;
pub mod lock;
pub mod notify;
pub mod onboarding;
pub mod orders;
pub mod receipts;
pub mod recipients;
pub mod settings;
pub mod taxes;
pub mod transfers;
pub mod updates;
pub mod wallets;
pub mod withdrawals;

#[cfg(test)]
mod draft_tests;
