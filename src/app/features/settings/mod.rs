//! Settings: language and saved profiles.

pub mod budget;
pub mod state;
pub mod view;
