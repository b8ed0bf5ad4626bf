//! Settings: language and saved profiles.

pub mod state;
pub mod view;
