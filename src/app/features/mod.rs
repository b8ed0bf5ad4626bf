//! One folder per feature. Each owns its model (`state.rs`: panel state,
//! draft, validation; and its rules and messages, in files of their own),
//! its worker calls (`task.rs`: async functions the worker runs; only the
//! worker emits Events) and its view (`view.rs` or `view/`): a panel
//! ([`crate::app::panel::Panel`]) drawn from its own state and the
//! read-only shared half, what it asks for put into an outbox, the events
//! addressed to it taken in by its `apply` with an outbox of its own;
//! never doing I/O itself. The model sits below `AppState` and knows
//! nothing of it; `task` and `view` sit above it (see `src/app/mod.rs`). A
//! feature names no other feature's module but its messages: what two
//! share lives below both (the panel kit, the design system, the app's
//! data, the tax year).

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
