//! The client side of the service's v0 interface (`../shared/spec/service-interface-v0.md`).
//!
//! It knows nothing of egui or of the sandbox: the client signs every request
//! and decodes the spec's envelopes into [`model`] types.

pub mod model;
mod wire_enum;

/// The path prefix of the interface version this client speaks. Kept in one
/// place so that v1 can be added beside it.
pub const API_PREFIX: &str = "/api/v0";
