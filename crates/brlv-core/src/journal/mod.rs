//! The journal on disk: one SQLite file per profile, written only by the
//! app's worker. It keeps what the app sent (every POST: endpoint, body,
//! time) and how each ended, the notices about money, and the last answer
//! of every polled list, so that history outlives the window and a start
//! shows the last known state.
//!
//! Durable and honest:
//! - write-ahead log with `synchronous=FULL`: a committed entry survives a
//!   crash or a power cut;
//! - the journal's tables are append-only (triggers refuse `UPDATE` and
//!   `DELETE`); list snapshots, a cache, are replaced and have a size bound;
//! - the schema is versioned ([`schema`]); a file from a newer version is
//!   left alone, never migrated down;
//! - a damaged file is moved aside (its name says so) and replaced by its
//!   last good copy ([`last_good`], kept beside it and brought up to date
//!   after every send and outcome), or by a fresh one when there is none;
//!   the caller is told, so the person can be;
//! - the file (and SQLite's `-wal` and `-shm` beside it, which take its
//!   mode) is owner-only.
//!
//! Nothing here knows of egui or of the service's types: records hold text
//! (JSON written by the caller). What goes in is the caller's duty; the app
//! never hands it the API key, a token or a key.

pub mod batches;
pub mod last_good;
pub mod paths;
pub mod records;
pub mod schema;
pub mod settle;
pub mod store;

pub use paths::{default_dir, delete, file_for};
pub use records::*;
pub use store::Store;

#[cfg(test)]
mod tests;
