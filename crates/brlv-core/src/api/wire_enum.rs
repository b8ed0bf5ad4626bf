//! A string enum whose unknown values survive decoding.
//!
//! The service may add a state, an asset or a method at any time (v0 is deprecated
//! and the spec leaves most value sets open), so every enum on the wire keeps an
//! unrecognised value as `Other` instead of failing the whole response.
//!
//! A list of a million records holds a state and two or three assets per
//! record, so an enum is kept in 8 bytes rather than a `String`'s 24: an
//! unknown value is interned ([`UnknownValue`]), written once for the whole
//! run however many records carry it.

use super::text::{InternBounds, Interner};

/// How many distinct unknown values are kept exactly in one run.
pub const MAX_UNKNOWN_VALUES: usize = 4096;

/// What every unknown value past [`MAX_UNKNOWN_VALUES`] reads as.
pub const UNRECOGNISED: &str = "(unrecognised value)";

/// A wire value this version does not know, kept exactly as received and
/// stored once per run: records carry its number. The text is never freed;
/// a service sends few distinct unknown values, each is kept only once, and
/// no more than [`MAX_UNKNOWN_VALUES`] are kept.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct UnknownValue(u32);

const UNKNOWN_VALUE_BOUNDS: InternBounds = InternBounds {
    texts: MAX_UNKNOWN_VALUES,
    // The count is the bound: a value's text is read back for the whole run.
    bytes: usize::MAX,
};

static UNKNOWN_VALUES: Interner<&'static str> = Interner::new(UNKNOWN_VALUE_BOUNDS);

/// The number of `text` in `values`, added on first sight.
fn number_in(values: &Interner<&'static str>, text: &str) -> u32 {
    // A service that sent ever new values would otherwise grow the table for
    // as long as the app runs: past the bound, a new value reads as one
    // shared "unrecognised value".
    let (number, _) = values
        .intern(text)
        .unwrap_or_else(|| values.intern_past_bounds(UNRECOGNISED));
    number
}

impl UnknownValue {
    /// The value for `text`, interned on first sight.
    pub fn new(text: &str) -> UnknownValue {
        UnknownValue(number_in(&UNKNOWN_VALUES, text))
    }

    /// The value exactly as received.
    pub fn as_str(&self) -> &'static str {
        UNKNOWN_VALUES.read().text(self.0).copied().unwrap_or("")
    }
}

impl From<&str> for UnknownValue {
    fn from(text: &str) -> UnknownValue {
        UnknownValue::new(text)
    }
}

impl std::fmt::Debug for UnknownValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

// Ordered by the text, as the `String` it replaces was, not by when it
// was first seen.
impl PartialOrd for UnknownValue {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for UnknownValue {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

/// Declares a wire enum: known variants with their exact wire strings, plus
/// `Other` for anything else.
macro_rules! wire_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident => $wire:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
            /// A value this version of brlv-desk does not know, kept exactly as received.
            Other($crate::api::wire_enum::UnknownValue),
        }

        impl $name {
            /// Every value this version knows, in the spec's order.
            pub const KNOWN: &'static [$name] = &[$($name::$variant),+];

            /// The exact string used on the wire (kept for the whole run:
            /// known values are literals, unknown ones are interned).
            pub fn as_str(&self) -> &'static str {
                match self {
                    $( $name::$variant => $wire, )+
                    $name::Other(raw) => raw.as_str(),
                }
            }

            /// Reads a wire string; unknown values become `Other`.
            pub fn from_wire(raw: &str) -> Self {
                match raw {
                    $( $wire => $name::$variant, )+
                    // An unknown value is shown as it came, so it is made safe first.
                    other => $name::Other($crate::api::wire_enum::UnknownValue::new(
                        &$crate::api::safe_text::label(other),
                    )),
                }
            }

            /// True for a value this version knows.
            pub fn is_known(&self) -> bool {
                !matches!(self, $name::Other(_))
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::convert::Infallible;
            fn from_str(raw: &str) -> Result<Self, Self::Err> {
                Ok($name::from_wire(raw))
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let raw = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
                Ok($name::from_wire(&raw))
            }
        }
    };
}

pub(crate) use wire_enum;

#[cfg(test)]
mod tests {
    use super::UnknownValue;
    use crate::api::model::{Asset, OrderState};
    use crate::api::text::Interner;

    #[test]
    fn an_unknown_value_is_kept_once_exactly_and_ordered_by_its_text() {
        let first = UnknownValue::new("eth-arbitrum/brlv");
        let again = UnknownValue::new("eth-arbitrum/brlv");
        assert_eq!(first, again);
        assert_eq!(first.as_str(), "eth-arbitrum/brlv");
        let earlier_in_text = UnknownValue::new("aaa-seen-later");
        assert!(earlier_in_text < first, "by text, not by arrival");
        let asset = Asset::from_wire("eth-polygon/brlv");
        assert_eq!(asset.as_str(), "eth-polygon/brlv");
        assert!(!asset.is_known());
    }

    #[test]
    fn ever_new_unknown_values_do_not_grow_the_table_without_bound() {
        // An interner of its own: the run's table is shared with other tests.
        let values = Interner::<&'static str>::new(super::UNKNOWN_VALUE_BOUNDS);
        let number_of = |text: &str| super::number_in(&values, text);
        let first = number_of("state-0");
        for n in 1..super::MAX_UNKNOWN_VALUES + 10 {
            let _ = number_of(&format!("state-{n}"));
        }
        assert_eq!(number_of("state-0"), first, "kept values stay");
        let past = number_of("one-more-after-the-bound");
        assert_eq!(values.read().text(past), Some(&super::UNRECOGNISED));
        assert_eq!(values.read().len(), super::MAX_UNKNOWN_VALUES + 1);
    }

    #[test]
    fn a_wire_enum_and_its_absence_fit_in_eight_bytes() {
        // A million records carry three or four of them each.
        assert!(std::mem::size_of::<Option<Asset>>() <= 8);
        assert!(std::mem::size_of::<Option<OrderState>>() <= 8);
    }
}
