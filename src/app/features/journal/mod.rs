//! The journal feature, the app's whole side of the journal (the store
//! itself is [`brlv_core::journal`]): the app's values as records and back
//! ([`records`]), the thread that owns a profile's store and the jobs it
//! runs ([`task`]), what crosses to and from the worker ([`message`]; the
//! root takes in the last known state and the claims history it brings at a
//! start), the journal as one CSV ([`rows`]; "Activity of this device"
//! in Settings) and its place in Settings ([`state`], [`view`]): there too
//! the sends an earlier run left without an answer, what became of each,
//! and the form filled to send again one that was not done ([`resend`]).
//! The worker only decides when: `worker/journal.rs`.

pub mod message;
pub mod records;
pub mod resend;
pub mod rows;
pub mod state;
pub mod task;
pub mod view;
