//! The journal feature: what the app sent and learnt, kept on disk per
//! profile (see [`crate::journal`]). Here: the app's values as records
//! ([`records`]), what crosses to and from the worker ([`message`]), how a
//! start takes in the last known state and the claims history ([`apply`]),
//! the journal as one CSV ([`rows`]; "Activity of this device" in
//! Settings) and its place in Settings ([`view`]). The worker's side is `worker/journal.rs`.

pub mod apply;
pub mod message;
pub mod records;
pub mod rows;
pub mod state;
pub mod view;
