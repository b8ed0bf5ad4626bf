//! The update check in the window: what crosses to and from the worker
//! ([`message`]), what the window knows of it (this build's feed, the
//! daily switch, the last check and its result, the version dismissed, the
//! download: [`state`]), and the worker's calls on the core's signed feed
//! ([`task`]), and its section of Settings ([`view`]), which the shell
//! draws among Settings' own, and its notice (`shell/notices.rs`); the
//! worker decides when (`worker/updates.rs`).

pub mod message;
pub mod problem;
pub mod state;
pub mod task;
pub mod view;
