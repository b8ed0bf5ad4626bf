//! A string enum whose unknown values survive decoding.
//!
//! The service may add a state, an asset or a method at any time (v0 is deprecated
//! and the spec leaves most value sets open), so every enum on the wire keeps an
//! unrecognised value as `Other(String)` instead of failing the whole response.

/// Declares a wire enum: known variants with their exact wire strings, plus
/// `Other(String)` for anything else.
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
            Other(String),
        }

        impl $name {
            /// Every value this version knows, in the spec's order.
            pub const KNOWN: &'static [$name] = &[$($name::$variant),+];

            /// The exact string used on the wire.
            pub fn as_str(&self) -> &str {
                match self {
                    $( $name::$variant => $wire, )+
                    $name::Other(raw) => raw.as_str(),
                }
            }

            /// Reads a wire string; unknown values become `Other`.
            pub fn from_wire(raw: &str) -> Self {
                match raw {
                    $( $wire => $name::$variant, )+
                    other => $name::Other(other.to_owned()),
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
