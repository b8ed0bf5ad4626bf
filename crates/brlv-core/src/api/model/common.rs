//! What the resource files share: amounts as JSON strings (spec section 2),
//! the readers of a list record's packed fields, and the one-member response
//! envelopes of spec section 4.

/// Decimal (de)serialisation as JSON strings, as spec section 2 requires.
pub mod decimal_str {
    pub use rust_decimal::serde::str::{deserialize, serialize};

    /// For `Option<Decimal>`.
    pub mod option {
        pub use rust_decimal::serde::str_option::{deserialize, serialize};
    }
}

/// Readers of a list record's packed amounts and times (see
/// [`PackedDecimal`](crate::api::PackedDecimal) and
/// [`UtcMicros`](crate::api::UtcMicros)), giving the `Decimal` and the
/// `OffsetDateTime` the rest of the app works with. Each is named as its
/// field, so `order.source_amount()` reads `order.source_amount`.
macro_rules! unpacked_readers {
    ($record:ident { amounts: [$($amount:ident),*], times: [$($time:ident),*] }) => {
        impl $record {
            $(
                #[doc = concat!("The `", stringify!($amount), "` field as a [`Decimal`](rust_decimal::Decimal).")]
                pub fn $amount(&self) -> Option<::rust_decimal::Decimal> {
                    self.$amount.map($crate::api::packed_decimal::PackedDecimal::get)
                }
            )*
            $(
                #[doc = concat!("The `", stringify!($time), "` field as an [`OffsetDateTime`](time::OffsetDateTime) in UTC.")]
                pub fn $time(&self) -> Option<::time::OffsetDateTime> {
                    self.$time.map($crate::api::utc_micros::UtcMicros::get)
                }
            )*
        }
    };
}
pub(super) use unpacked_readers;

/// A response envelope of spec section 4: an object with one member,
/// named by `$key`.
macro_rules! envelope {
    ($(#[$meta:meta])* $name:ident { $key:literal => $field:ident : $ty:ty }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, ::serde::Serialize, ::serde::Deserialize)]
        pub struct $name {
            #[doc = concat!("The `", $key, "` member.")]
            #[serde(rename = $key)]
            pub $field: $ty,
        }
    };
}
pub(super) use envelope;
