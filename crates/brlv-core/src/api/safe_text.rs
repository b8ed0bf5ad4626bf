//! Text from outside made safe to show, once, where it enters: the
//! service's error object and any answer quoted in an error, the strings in
//! its records, webhook bodies, and the files the app reads back.
//!
//! What is changed, and why:
//! - control characters (C0, DEL and C1, NUL included) are shown as a visible
//!   escape, `\u{0}`: one NUL in an accessibility name is enough for the
//!   accessibility bus (D-Bus strings cannot hold it) to drop the whole window;
//! - invisible characters: every format character (general category Cf:
//!   the zero-width space U+200B, joiners U+200C/U+200D, the word joiner
//!   U+2060, the byte-order mark U+FEFF, the soft hyphen U+00AD, the
//!   bidirectional embeddings, overrides, isolates and marks U+202A–202E,
//!   U+2066–2069, U+200E, U+200F, U+061C, the tag characters…) and every
//!   other default-ignorable code point (variation selectors, the Hangul
//!   fillers U+3164 and U+FFA0, U+034F…), as Unicode lists them. Shown as
//!   escapes, so that a name cannot make an amount or a key read backwards,
//!   and two names that differ only by one of them do not look the same;
//! - the line and paragraph separators (U+2028, U+2029) and the Unicode
//!   noncharacters (U+FDD0–FDEF and every U+xFFFE, U+xFFFF), which some
//!   accessibility and logging stacks refuse, likewise;
//! - the text is bounded to a number of characters, the escapes counted, and
//!   ends in `…` when it was cut.
//!
//! Every escape has the one form `\u{hex}` (Rust's), chosen over the U+2400
//! control pictures because those exist for C0 only. The result is made of
//! nothing the rules change, so making it safe again leaves it as it is: a
//! record decoded, written and read back is equal.
//!
//! No outside text keeps a line break: every place it lands (a label, a
//! sentence, a table cell, an accessibility name, a log line, a file name)
//! is one line, where a raw break would split a row in two or forge a log
//! line. Where the app shows outside text over several lines (a webhook's
//! body), the lines are the app's own formatting of it.

use std::borrow::Cow;
use std::fmt::Write as _;

use serde::{Deserialize, Deserializer};

/// The most characters kept of a name, a key, a code, an address or any other
/// short text in a record.
pub const LABEL_MAX_CHARS: usize = 256;
/// The most characters kept of a sentence: the service's error message, what
/// did not parse in an answer.
pub const MESSAGE_MAX_CHARS: usize = 1_000;
/// The most characters kept of a payload that is copied or drawn rather than
/// read (a PIX copy-and-paste code, a QR image in base64): far above any real
/// one, so that only a hostile answer is cut.
pub const PAYLOAD_MAX_CHARS: usize = 64 * 1024;

/// What stands for the part of a text that was cut.
pub const ELLIPSIS: char = '…';

/// Whether `c` is shown as an escape rather than as itself.
pub fn needs_escape(c: char) -> bool {
    let code = u32::from(c);
    c.is_control()
        || matches!(code, 0x2028 | 0x2029)
        || (0xFDD0..=0xFDEF).contains(&code)
        || code & 0xFFFE == 0xFFFE
        || is_invisible(c)
}

/// Whether `c` draws nothing, or changes how its neighbours are drawn,
/// instead of being a letter of its own: a format character (Cf) or a
/// default-ignorable code point, from Unicode's own tables (ICU4X's
/// compiled data, which the URL parser already brings).
pub fn is_invisible(c: char) -> bool {
    use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory};
    use icu_properties::{CodePointMapData, CodePointSetData};
    if c.is_ascii() {
        return false;
    }
    CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
        || CodePointMapData::<GeneralCategory>::new().get(c) == GeneralCategory::Format
}

/// `text` safe to show, at most `max_chars` characters (escapes and the
/// ellipsis counted); borrowed when it already was.
pub fn safe_text(text: &str, max_chars: usize) -> Cow<'_, str> {
    // Most texts (addresses, keys, codes) are short printable ASCII: they
    // are recognised from their bytes alone.
    let plain_ascii =
        text.len() <= max_chars && text.bytes().all(|byte| (0x20..0x7F).contains(&byte));
    if plain_ascii || (!text.chars().any(needs_escape) && text.chars().count() <= max_chars) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len().min(max_chars * 4));
    let mut shown_chars = 0usize;
    // Where the text would end, and how long it would be, if the next piece
    // does not fit and the ellipsis must follow.
    let mut cut_at: Option<(usize, usize)> = None;
    let mut escape = String::new();
    for c in text.chars() {
        let piece_chars = if needs_escape(c) {
            escape.clear();
            let _ = write!(escape, "{}", c.escape_unicode());
            escape.chars().count()
        } else {
            1
        };
        if cut_at.is_none() && shown_chars + piece_chars > max_chars.saturating_sub(1) {
            cut_at = Some((shown.len(), shown_chars));
        }
        if shown_chars + piece_chars > max_chars {
            let (bytes, _) = cut_at.unwrap_or((shown.len(), shown_chars));
            shown.truncate(bytes);
            if max_chars > 0 {
                shown.push(ELLIPSIS);
            }
            return Cow::Owned(shown);
        }
        if needs_escape(c) {
            shown.push_str(&escape);
        } else {
            shown.push(c);
        }
        shown_chars += piece_chars;
    }
    Cow::Owned(shown)
}

/// A short text ([`LABEL_MAX_CHARS`]) safe to show.
pub fn label(text: &str) -> Cow<'_, str> {
    safe_text(text, LABEL_MAX_CHARS)
}

/// A sentence ([`MESSAGE_MAX_CHARS`]) safe to show.
pub fn message(text: &str) -> Cow<'_, str> {
    safe_text(text, MESSAGE_MAX_CHARS)
}

/// `text` made safe in place, without a copy when it already was.
pub fn make_safe(text: &mut String, max_chars: usize) {
    if let Cow::Owned(safe) = safe_text(text, max_chars) {
        *text = safe;
    }
}

/// A JSON value with every object's keys made safe as labels and every
/// string in it as a sentence ([`MESSAGE_MAX_CHARS`]), so that a description
/// is not cut at a name's length.
pub fn json(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::String(mut text) => {
            make_safe(&mut text, MESSAGE_MAX_CHARS);
            Value::String(text)
        }
        Value::Array(items) => Value::Array(items.into_iter().map(json).collect()),
        Value::Object(fields) => Value::Object(json_object(fields)),
        other => other,
    }
}

/// A JSON object made safe as [`json`] makes a value.
pub fn json_object(
    fields: serde_json::Map<String, serde_json::Value>,
) -> serde_json::Map<String, serde_json::Value> {
    fields
        .into_iter()
        .map(|(mut key, value)| {
            make_safe(&mut key, LABEL_MAX_CHARS);
            (key, json(value))
        })
        .collect()
}

/// For `#[serde(default, deserialize_with = "…")]`: a string read as a label.
pub fn deserialize_label<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let mut text = String::deserialize(deserializer)?;
    make_safe(&mut text, LABEL_MAX_CHARS);
    Ok(text)
}

/// For `#[serde(default, deserialize_with = "…")]`: an optional string read as a label.
pub fn deserialize_label_option<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<String>, D::Error> {
    let text = Option::<String>::deserialize(deserializer)?;
    Ok(text.map(|mut text| {
        make_safe(&mut text, LABEL_MAX_CHARS);
        text
    }))
}

/// For `#[serde(default, deserialize_with = "…")]`: a string read as a sentence.
pub fn deserialize_message<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let mut text = String::deserialize(deserializer)?;
    make_safe(&mut text, MESSAGE_MAX_CHARS);
    Ok(text)
}

/// For `#[serde(default, deserialize_with = "…")]`: an optional JSON object
/// made safe as [`json`] makes it.
pub fn deserialize_json_object_option<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<serde_json::Map<String, serde_json::Value>>, D::Error> {
    let fields = Option::<serde_json::Map<String, serde_json::Value>>::deserialize(deserializer)?;
    Ok(fields.map(json_object))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_borrowed_unchanged() {
        for text in [
            "",
            "pix-key@example.com",
            "São Paulo — conta 12-3",
            "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        ] {
            assert!(
                matches!(label(text), Cow::Borrowed(same) if same == text),
                "{text}"
            );
        }
    }

    #[test]
    fn nul_and_every_control_character_are_shown_as_escapes() {
        assert_eq!(label("\0not json"), "\\u{0}not json");
        assert_eq!(label("a\nb\r\tc"), "a\\u{a}b\\u{d}\\u{9}c");
        assert_eq!(label("\u{7f}\u{85}\u{9f}"), "\\u{7f}\\u{85}\\u{9f}");
        assert_eq!(label("a\u{2028}b"), "a\\u{2028}b");
    }

    #[test]
    fn bidirectional_controls_are_neutralised() {
        // "exe.txt" written backwards by an override would read as "txt.exe".
        assert_eq!(label("file\u{202e}txt.exe"), "file\\u{202e}txt.exe");
        for c in [
            '\u{61c}', '\u{200e}', '\u{200f}', '\u{202a}', '\u{202d}', '\u{2066}', '\u{2069}',
        ] {
            let shown = label(&format!("x{c}y")).into_owned();
            assert!(!shown.contains(c), "{c:?}");
            assert!(
                shown.starts_with("x\\u{") && shown.ends_with("}y"),
                "{shown}"
            );
        }
        // Right-to-left letters themselves are text, not controls.
        assert_eq!(label("שלום"), "שלום");
    }

    #[test]
    fn zero_width_and_format_characters_are_shown_as_escapes() {
        assert_eq!(label("Ana\u{200b}"), "Ana\\u{200b}");
        assert_eq!(label("A\u{2060}na\u{feff}"), "A\\u{2060}na\\u{feff}");
        for c in [
            '\u{ad}',
            '\u{34f}',
            '\u{200c}',
            '\u{200d}',
            '\u{2062}',
            '\u{3164}',
            '\u{fe0f}',
            '\u{ffa0}',
            '\u{e0041}',
            '\u{180e}',
        ] {
            let shown = label(&format!("x{c}y")).into_owned();
            assert!(!shown.contains(c), "{c:?}: {shown}");
            assert!(shown.starts_with("x\\u{"), "{c:?}: {shown}");
        }
        // Two names that differ only by one no longer look the same.
        assert_ne!(label("Ana"), label("Ana\u{200b}"));
        // Letters of every script, and visible spaces, are text.
        for text in ["Ação", "Ана", "名前", "ana\u{a0}souza", "👍"] {
            assert_eq!(label(text), text);
        }
    }

    #[test]
    fn a_long_text_is_cut_with_an_ellipsis_within_the_bound() {
        let long = "a".repeat(300);
        let shown = label(&long);
        assert_eq!(shown.chars().count(), LABEL_MAX_CHARS);
        assert!(shown.ends_with('…'));
        assert_eq!(safe_text("abcdef", 4), "abc…");
        assert_eq!(safe_text("abcd", 4), "abcd");
        // An escape is never cut in half.
        assert_eq!(safe_text("ab\0cdef", 6), "ab…");
        assert_eq!(safe_text("abc", 0), "");
    }

    #[test]
    fn making_safe_twice_changes_nothing() {
        for text in ["\0\u{202e}x", &"é\u{1}".repeat(200), "plain"] {
            let once = label(text).into_owned();
            assert_eq!(label(&once), once);
        }
    }

    #[test]
    fn json_strings_and_keys_are_made_safe_throughout() {
        let value = serde_json::json!({"na\u{0}me": ["\u{202e}x", {"k": "a\nb"}], "n": 1});
        let safe = json(value).to_string();
        assert!(
            !safe.contains("\\u0000") && !safe.contains('\u{202e}') && !safe.contains("\\n"),
            "{safe}"
        );
        assert!(safe.contains(r"na\\u{0}me"), "{safe}");
    }

    proptest::proptest! {
        #[test]
        fn no_control_or_bidi_character_survives_and_the_bound_holds(
            text in "(\\PC|\\p{Cc}|\\p{Cf}|[\u{200b}\u{2060}\u{feff}\u{3164}\u{fe0f}\u{2028}\u{2029}\u{fdd0}\u{fffe}\u{ffff}]){0,400}",
            max_chars in 0usize..300,
        ) {
            let shown = safe_text(&text, max_chars);
            proptest::prop_assert!(shown.chars().count() <= max_chars);
            proptest::prop_assert!(!shown.chars().any(needs_escape), "{:?}", shown);
            proptest::prop_assert!(!shown.chars().any(|c| c.is_control()));
            proptest::prop_assert_eq!(safe_text(&shown, max_chars), shown.clone());
            if text.chars().count() <= max_chars && !text.chars().any(needs_escape) {
                proptest::prop_assert_eq!(&*shown, &*text);
            }
        }
    }
}
