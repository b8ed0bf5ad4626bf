//! The interface version this client speaks.

/// The path prefix of the interface version this client speaks. Kept in one
/// place so that v1 can be added beside it.
pub const API_PREFIX: &str = "/api/v0";
