//! The Deposits feature: per asset, with every field of the selected one.

pub mod state;
pub mod view;
