//! An on-chain transaction hash in 32 bytes rather than a 66-character string.

use super::text::SharedText;

const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";

/// The length of a well-formed hash as the service writes it: `0x` and 64
/// lower-case hex digits.
const WRITTEN_LEN: usize = 66;

/// A transaction hash as a record carries it.
///
/// The service writes a hash as `0x` followed by 64 lower-case hex digits;
/// such a hash is held as its 32 bytes, in the record itself. Anything else
/// (upper-case digits, another length, not hex at all) is kept verbatim, so
/// what is written back is always exactly what was read.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct TxHash(Form);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Form {
    /// `0x` + 64 lower-case hex digits, as bytes. Only ever made from such a
    /// text, so two equal texts always have the same form.
    Bytes([u8; 32]),
    /// Anything else, exactly as received.
    Verbatim(SharedText),
}

impl TxHash {
    /// Reads a hash; what is not `0x` + 64 lower-case hex digits is kept as it is.
    pub fn new(text: &str) -> TxHash {
        match well_formed_bytes(text) {
            Some(bytes) => TxHash(Form::Bytes(bytes)),
            None => TxHash(Form::Verbatim(SharedText::new(text))),
        }
    }

    /// The memory it holds outside itself: none for a well-formed hash, else
    /// its verbatim text's (see [`SharedText::own_bytes`]).
    pub fn own_bytes(&self) -> usize {
        match &self.0 {
            Form::Bytes(_) => 0,
            Form::Verbatim(text) => text.own_bytes(),
        }
    }

    /// The hash's 32 bytes, when it was well-formed.
    pub fn bytes(&self) -> Option<&[u8; 32]> {
        match &self.0 {
            Form::Bytes(bytes) => Some(bytes),
            Form::Verbatim(_) => None,
        }
    }

    /// Calls `read` with the hash as the service wrote it, without allocating.
    pub fn with_text<R>(&self, read: impl FnOnce(&str) -> R) -> R {
        match &self.0 {
            Form::Bytes(bytes) => {
                let mut written = [0u8; WRITTEN_LEN];
                written[0] = b'0';
                written[1] = b'x';
                for (pair, byte) in written[2..].chunks_exact_mut(2).zip(bytes) {
                    pair[0] = HEX_DIGITS[usize::from(byte >> 4)];
                    pair[1] = HEX_DIGITS[usize::from(byte & 0x0f)];
                }
                // Every byte written is an ASCII digit, `0` or `x`.
                read(std::str::from_utf8(&written).unwrap_or_default())
            }
            Form::Verbatim(text) => read(text),
        }
    }
}

/// The 32 bytes of `0x` + 64 lower-case hex digits; `None` for anything else.
fn well_formed_bytes(text: &str) -> Option<[u8; 32]> {
    let digits = text.strip_prefix("0x")?.as_bytes();
    if digits.len() != 64 {
        return None;
    }
    let value = |digit: u8| match digit {
        b'0'..=b'9' => Some(digit - b'0'),
        b'a'..=b'f' => Some(digit - b'a' + 10),
        _ => None,
    };
    let mut bytes = [0u8; 32];
    for (byte, pair) in bytes.iter_mut().zip(digits.chunks_exact(2)) {
        *byte = (value(pair[0])? << 4) | value(pair[1])?;
    }
    Some(bytes)
}

impl From<&str> for TxHash {
    fn from(text: &str) -> TxHash {
        TxHash::new(text)
    }
}

impl From<String> for TxHash {
    fn from(text: String) -> TxHash {
        TxHash::new(&text)
    }
}

impl PartialEq<&str> for TxHash {
    fn eq(&self, other: &&str) -> bool {
        self.with_text(|text| text == *other)
    }
}

// Ordered by the text, as the `String` it replaces was.
impl PartialOrd for TxHash {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for TxHash {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        match (&self.0, &other.0) {
            // Lower-case hex orders as its bytes do.
            (Form::Bytes(mine), Form::Bytes(theirs)) => mine.cmp(theirs),
            _ => self.with_text(|mine| other.with_text(|theirs| mine.cmp(theirs))),
        }
    }
}

impl std::fmt::Display for TxHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.with_text(|text| f.write_str(text))
    }
}

impl std::fmt::Debug for TxHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.with_text(|text| std::fmt::Debug::fmt(text, f))
    }
}

impl serde::Serialize for TxHash {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.with_text(|text| serializer.serialize_str(text))
    }
}

struct TxHashVisitor;

impl serde::de::Visitor<'_> for TxHashVisitor {
    type Value = TxHash;

    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("a transaction hash string")
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<TxHash, E> {
        // A well-formed hash is unchanged; anything else is kept as shown.
        Ok(TxHash::new(&super::safe_text::label(text)))
    }
}

impl<'de> serde::Deserialize<'de> for TxHash {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TxHashVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::TxHash;

    const WELL_FORMED: &str = "0x9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a0b2d4f6e8a1c3e5b7d9f0a2c4e6b8d0f";

    fn round_trip(text: &str) -> (TxHash, String) {
        let json = serde_json::to_string(text).unwrap();
        let hash: TxHash = serde_json::from_str(&json).unwrap();
        assert_eq!(serde_json::to_string(&hash).unwrap(), json);
        (hash.clone(), hash.to_string())
    }

    #[test]
    fn a_well_formed_hash_is_held_as_bytes_and_written_back_exactly() {
        let (hash, written) = round_trip(WELL_FORMED);
        assert_eq!(written, WELL_FORMED);
        let bytes = hash.bytes().unwrap();
        assert_eq!(bytes[0], 0x9f);
        assert_eq!(bytes[31], 0x0f);
        assert_eq!(hash, WELL_FORMED);
        assert_eq!(format!("{hash:?}"), format!("{WELL_FORMED:?}"));
        let (zeros, written) = round_trip(&format!("0x{}", "0".repeat(64)));
        assert_eq!(zeros.bytes(), Some(&[0; 32]));
        assert_eq!(written, format!("0x{}", "0".repeat(64)));
    }

    #[test]
    fn anything_else_is_kept_verbatim() {
        let upper = WELL_FORMED.to_uppercase();
        let upper_digits = format!("0x{}", &WELL_FORMED[2..].to_uppercase());
        let mixed = format!("0x{}A", &WELL_FORMED[2..65]);
        for text in [
            upper.as_str(),
            upper_digits.as_str(),
            mixed.as_str(),
            &WELL_FORMED[..65],
            &format!("{WELL_FORMED}0"),
            &WELL_FORMED[2..],
            &WELL_FORMED.replace('f', "g"),
            "",
            "0x",
            "not a hash at all, with ünïcödé",
            "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        ] {
            let (hash, written) = round_trip(text);
            assert_eq!(hash.bytes(), None, "{text:?}");
            assert_eq!(written, text);
        }
    }

    #[test]
    fn hashes_order_as_their_text() {
        let mut hashes: Vec<TxHash> = [
            WELL_FORMED,
            "0xZZ",
            "0x0000000000000000000000000000000000000000000000000000000000000001",
            "0xA",
            "0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        ]
        .into_iter()
        .map(TxHash::from)
        .collect();
        hashes.sort();
        let mut texts: Vec<String> = hashes.iter().map(ToString::to_string).collect();
        let sorted_as_text = {
            let mut texts = texts.clone();
            texts.sort();
            texts
        };
        assert_eq!(texts, sorted_as_text);
        texts.dedup();
        assert_eq!(texts.len(), 5);
    }

    #[test]
    fn a_hash_and_its_absence_fit_in_forty_bytes() {
        assert!(std::mem::size_of::<Option<TxHash>>() <= 40);
    }
}
