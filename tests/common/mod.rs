//! Helpers shared by the integration tests. Each test binary uses only some of
//! them, hence the `dead_code` allowance.
#![allow(dead_code)]

pub mod sandbox;
pub mod scripted;
