//! A [`Decimal`] in 16 bytes with a niche, so that an optional amount in a
//! list record is 16 bytes rather than 20.
//!
//! `Option<Decimal>` needs 4 bytes beside the value: a `Decimal` is four
//! `u32` words and every bit pattern of them is a value to the compiler. Its
//! flags word leaves the low 16 bits unused, so [`PackedDecimal`] keeps that
//! word with its lowest bit always set, in a [`NonZeroU32`]: the zero the
//! word can never be is where `Option` writes its `None`.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::num::NonZeroU32;

use rust_decimal::Decimal;

/// The bit set in every stored flags word; `Decimal` never uses it (bits
/// 0–15 of its flags are unused), and clearing it gives the flags back.
const ALWAYS_SET: u32 = 1;

// Packing sets the bit by or-ing into `NonZeroU32::MIN`.
const _: () = assert!(NonZeroU32::MIN.get() == ALWAYS_SET);

/// A [`Decimal`] held exactly, in 16 bytes, with a niche.
///
/// Every `Decimal` goes in and comes out bit for bit: mantissa, scale (so
/// `1.50` stays `1.50`, not `1.5`) and sign (so `-0` stays `-0`).
/// Comparison and hashing are the `Decimal`'s: `1.50 == 1.5`, as before the
/// record stored it packed.
#[derive(Clone, Copy)]
pub struct PackedDecimal {
    /// `Decimal::serialize()`'s flags word, with [`ALWAYS_SET`] set.
    flags: NonZeroU32,
    /// `Decimal::serialize()`'s mantissa words: low, middle, high.
    mantissa: [u32; 3],
}

impl PackedDecimal {
    /// Packs a decimal; nothing of it is lost.
    pub fn new(value: Decimal) -> PackedDecimal {
        let bytes = value.serialize();
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        PackedDecimal {
            flags: NonZeroU32::MIN | word(0),
            mantissa: [word(4), word(8), word(12)],
        }
    }

    /// The decimal, exactly as it was packed.
    pub fn get(self) -> Decimal {
        let mut bytes = [0u8; 16];
        let flags = self.flags.get() & !ALWAYS_SET;
        bytes[0..4].copy_from_slice(&flags.to_le_bytes());
        for (slot, word) in bytes[4..].chunks_exact_mut(4).zip(self.mantissa) {
            slot.copy_from_slice(&word.to_le_bytes());
        }
        Decimal::deserialize(bytes)
    }
}

impl From<Decimal> for PackedDecimal {
    fn from(value: Decimal) -> PackedDecimal {
        PackedDecimal::new(value)
    }
}

impl From<PackedDecimal> for Decimal {
    fn from(value: PackedDecimal) -> Decimal {
        value.get()
    }
}

impl PartialEq for PackedDecimal {
    fn eq(&self, other: &PackedDecimal) -> bool {
        self.get() == other.get()
    }
}

impl Eq for PackedDecimal {}

impl PartialOrd for PackedDecimal {
    fn partial_cmp(&self, other: &PackedDecimal) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PackedDecimal {
    fn cmp(&self, other: &PackedDecimal) -> Ordering {
        self.get().cmp(&other.get())
    }
}

impl Hash for PackedDecimal {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.get().hash(state);
    }
}

impl fmt::Debug for PackedDecimal {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.get(), formatter)
    }
}

impl fmt::Display for PackedDecimal {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.get(), formatter)
    }
}

/// For `#[serde(default, with = "packed_decimal::option")]` on
/// `Option<PackedDecimal>`: the wire form of `rust_decimal`'s `str_option`
/// (a JSON string, `null` or absent), read without allocating.
pub mod option {
    use std::fmt;

    use rust_decimal::Decimal;
    use serde::de::{self, Visitor};
    use serde::{Deserializer, Serializer};

    use super::PackedDecimal;

    /// Writes the decimal as a string (`"1.50"`), or null.
    pub fn serialize<S: Serializer>(
        value: &Option<PackedDecimal>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(value) => rust_decimal::serde::str::serialize(&value.get(), serializer),
            None => serializer.serialize_none(),
        }
    }

    /// Reads a decimal string (plain or scientific), null, or an empty
    /// string (read as no value, as `str_option` does).
    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<PackedDecimal>, D::Error> {
        deserializer.deserialize_option(OptionalDecimal)
    }

    struct OptionalDecimal;

    impl<'de> Visitor<'de> for OptionalDecimal {
        type Value = Option<PackedDecimal>;

        fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
            formatter.write_str("a decimal number in a string, or null")
        }

        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }

        // A null inside a flattened record arrives as a unit.
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_some<D: Deserializer<'de>>(
            self,
            deserializer: D,
        ) -> Result<Self::Value, D::Error> {
            deserializer.deserialize_str(self)
        }

        fn visit_str<E: de::Error>(self, raw: &str) -> Result<Self::Value, E> {
            if raw.is_empty() {
                return Ok(None);
            }
            raw.parse::<Decimal>()
                .or_else(|_| Decimal::from_scientific(raw))
                .map(|value| Some(PackedDecimal::new(value)))
                .map_err(de::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PackedDecimal;
    use proptest::prelude::*;
    use rust_decimal::Decimal;
    use std::mem::size_of;

    #[test]
    fn an_optional_packed_decimal_takes_no_more_than_the_decimal() {
        assert_eq!(size_of::<PackedDecimal>(), 16);
        assert_eq!(size_of::<Option<PackedDecimal>>(), 16);
    }

    #[test]
    fn zero_keeps_its_sign_and_scale() {
        for raw in [
            "0",
            "-0",
            "0.00",
            "-0.000",
            "0.0000000000000000000000000000",
        ] {
            let Ok(value) = raw.parse::<Decimal>() else {
                panic!("{raw} is a decimal");
            };
            let back = PackedDecimal::new(value).get();
            assert_eq!(back.serialize(), value.serialize(), "{raw}");
            assert_eq!(back.to_string(), value.to_string(), "{raw}");
        }
        let mut negative_zero = Decimal::ZERO;
        negative_zero.set_sign_negative(true);
        assert!(PackedDecimal::new(negative_zero).get().is_sign_negative());
    }

    #[test]
    fn the_extremes_come_back() {
        for value in [
            Decimal::MAX,
            Decimal::MIN,
            Decimal::ONE,
            Decimal::new(1, 28),
            Decimal::new(-1, 28),
        ] {
            assert_eq!(
                PackedDecimal::new(value).get().serialize(),
                value.serialize()
            );
        }
    }

    proptest! {
        /// Any mantissa, scale 0–28 and sign: the same 16 bytes come out.
        #[test]
        fn every_decimal_comes_back_bit_for_bit(
            lo in any::<u32>(), mid in any::<u32>(), hi in any::<u32>(),
            negative in any::<bool>(), scale in 0u32..=28,
        ) {
            let flags: u32 = (scale << 16) | if negative { 0x8000_0000 } else { 0 };
            let mut bytes = [0u8; 16];
            for (slot, word) in bytes.chunks_exact_mut(4).zip([flags, lo, mid, hi]) {
                slot.copy_from_slice(&word.to_le_bytes());
            }
            let value = Decimal::deserialize(bytes);
            prop_assert_eq!(value.serialize(), bytes);
            let back = PackedDecimal::new(value).get();
            prop_assert_eq!(back.serialize(), value.serialize());
            prop_assert_eq!(back.to_string(), value.to_string());
        }

        /// Equality and order are the decimals' (`1.50 == 1.5`).
        #[test]
        fn comparing_packed_is_comparing_the_decimals(
            a in any::<i64>(), a_scale in 0u32..=18, b in any::<i64>(), b_scale in 0u32..=18,
        ) {
            let (left, right) = (Decimal::new(a, a_scale), Decimal::new(b, b_scale));
            let (packed_left, packed_right) = (PackedDecimal::new(left), PackedDecimal::new(right));
            prop_assert_eq!(packed_left == packed_right, left == right);
            prop_assert_eq!(packed_left.cmp(&packed_right), left.cmp(&right));
            let rescaled = PackedDecimal::new(left.normalize());
            prop_assert_eq!(packed_left, rescaled);
        }
    }
}
