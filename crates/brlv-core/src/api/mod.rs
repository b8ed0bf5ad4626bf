//! The client side of the service's v0 interface (`../shared/spec/service-interface-v0.md`).
//!
//! It knows nothing of egui or of the sandbox: [`Client`] signs every request
//! with a [`Signer`] and decodes the spec's envelopes into [`model`] types.

pub mod auth;
pub mod client;
pub mod error;
pub mod footprint;
pub mod model;
pub mod packed_decimal;
pub mod payout;
pub mod record_extra;
pub mod safe_text;
pub mod stream;
pub mod text;
pub mod timestamp;
pub mod tx_hash;
pub mod utc_micros;
pub mod version;
mod wire_enum;

/// A wire value this version does not know, interned (see `wire_enum`).
pub use wire_enum::UnknownValue;

pub use packed_decimal::PackedDecimal;
pub use record_extra::{ExtraValue, RecordExtra};
pub use text::SharedText;
pub use tx_hash::TxHash;
pub use utc_micros::UtcMicros;

pub use auth::{KeyError, PrivateKey, RsaKeyBits, Signer};
pub use client::{Client, ClientConfig, RetryPolicy};
pub use error::Error;
pub use version::API_PREFIX;
