//! Text that a million records share: one bounded, process-wide interning
//! table behind [`SharedText`] (and behind the unknown wire values of
//! `wire_enum`).
//!
//! An account's lists come whole, up to a million records each, and the same
//! few strings repeat across them: the addresses a business account transfers
//! between, its PIX keys, the bank coordinates its payers use. A `String` per
//! record would hold a million copies; a [`SharedText`] holds one, counted.
//!
//! Interned texts are never given back (the table holds one reference for the
//! whole run), so the table is bounded, and a text that does not fit is simply
//! kept on its own: interning is a saving, never a condition for correctness.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{OnceLock, PoisonError, RwLock, RwLockReadGuard};

use arcstr::ArcStr;

/// How an interning table holds each text it keeps.
pub(crate) trait KeptText: Clone + Eq + Hash + Borrow<str> {
    /// A copy of `text` for the table to hold.
    fn keep(text: &str) -> Self;
}

impl KeptText for ArcStr {
    fn keep(text: &str) -> Self {
        ArcStr::from(text)
    }
}

/// For tables whose values are referred to by number and read back for the
/// whole run (`wire_enum`'s unknown values): the text is leaked on purpose,
/// once per distinct value, and the table's bounds cap what that costs.
impl KeptText for &'static str {
    fn keep(text: &str) -> Self {
        Box::leak(text.to_owned().into_boxed_str())
    }
}

/// What an interning table may hold at most.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct InternBounds {
    /// Distinct texts.
    pub texts: usize,
    /// Bytes, counting each text's length plus [`ENTRY_OVERHEAD_BYTES`].
    pub bytes: usize,
}

/// What one entry costs beyond its text, about: the `Arc` header or leaked
/// box, the hash map's slot (key, number, control byte) and the list's slot.
pub(crate) const ENTRY_OVERHEAD_BYTES: usize = 64;

/// Distinct texts, each with a number, up to [`InternBounds`].
pub(crate) struct InternTable<T> {
    texts: Vec<T>,
    numbers: HashMap<T, u32>,
    bytes: usize,
    bounds: InternBounds,
}

impl<T: KeptText> InternTable<T> {
    /// An empty table that will hold at most `bounds`.
    pub(crate) fn new(bounds: InternBounds) -> Self {
        InternTable {
            texts: Vec::new(),
            numbers: HashMap::new(),
            bytes: 0,
            bounds,
        }
    }

    /// The number and kept copy of `text`, when the table holds it.
    pub(crate) fn find(&self, text: &str) -> Option<(u32, T)> {
        let (kept, number) = self.numbers.get_key_value(text)?;
        Some((*number, kept.clone()))
    }

    /// The number and kept copy of `text`, added on first sight while the
    /// table is within its bounds; `None` when it is not held and does not fit.
    pub(crate) fn insert(&mut self, text: &str) -> Option<(u32, T)> {
        if let Some(found) = self.find(text) {
            return Some(found);
        }
        let bytes = self
            .bytes
            .saturating_add(text.len())
            .saturating_add(ENTRY_OVERHEAD_BYTES);
        if self.texts.len() >= self.bounds.texts || bytes > self.bounds.bytes {
            return None;
        }
        Some(self.add(text, bytes))
    }

    /// Like [`InternTable::insert`], past the bounds if need be: for the one
    /// stand-in text a full table answers with.
    pub(crate) fn insert_past_bounds(&mut self, text: &str) -> (u32, T) {
        if let Some(found) = self.find(text) {
            return found;
        }
        let bytes = self
            .bytes
            .saturating_add(text.len())
            .saturating_add(ENTRY_OVERHEAD_BYTES);
        self.add(text, bytes)
    }

    fn add(&mut self, text: &str, bytes: usize) -> (u32, T) {
        let kept = T::keep(text);
        // The bounds keep far below four billion texts; past it the last
        // number would be reused rather than wrap.
        let number = u32::try_from(self.texts.len()).unwrap_or(u32::MAX);
        self.texts.push(kept.clone());
        self.numbers.insert(kept.clone(), number);
        self.bytes = bytes;
        (number, kept)
    }

    /// The text numbered `number`.
    pub(crate) fn text(&self, number: u32) -> Option<&T> {
        self.texts.get(usize::try_from(number).ok()?)
    }

    /// How many texts the table holds.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.texts.len()
    }

    /// The bytes counted against [`InternBounds::bytes`].
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }
}

/// A process-wide [`InternTable`], safe to use from the several threads that
/// decode lists at once: a text already held is found under a shared lock;
/// only a new one takes the table for itself.
pub(crate) struct Interner<T> {
    table: OnceLock<RwLock<InternTable<T>>>,
    bounds: InternBounds,
    /// Set once a text was refused, so that past the bounds every new text
    /// costs one shared look-up, not a turn at the exclusive lock.
    refused: AtomicBool,
}

impl<T: KeptText> Interner<T> {
    /// An interner that will hold at most `bounds`; usable in a `static`.
    pub(crate) const fn new(bounds: InternBounds) -> Self {
        Interner {
            table: OnceLock::new(),
            bounds,
            refused: AtomicBool::new(false),
        }
    }

    fn table(&self) -> &RwLock<InternTable<T>> {
        self.table
            .get_or_init(|| RwLock::new(InternTable::new(self.bounds)))
    }

    /// The table, shared, to read texts back by number.
    pub(crate) fn read(&self) -> RwLockReadGuard<'_, InternTable<T>> {
        self.table().read().unwrap_or_else(PoisonError::into_inner)
    }

    /// The number and kept copy of `text`, added on first sight while the
    /// table has room; `None` once it is full and `text` is not in it.
    pub(crate) fn intern(&self, text: &str) -> Option<(u32, T)> {
        if let Some(found) = self.read().find(text) {
            return Some(found);
        }
        if self.refused.load(Ordering::Relaxed) {
            return None;
        }
        let kept = self
            .table()
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(text);
        if kept.is_none() {
            self.refused.store(true, Ordering::Relaxed);
        }
        kept
    }

    /// Like [`Interner::intern`], past the bounds if need be (see
    /// [`InternTable::insert_past_bounds`]).
    pub(crate) fn intern_past_bounds(&self, text: &str) -> (u32, T) {
        if let Some(found) = self.read().find(text) {
            return found;
        }
        self.table()
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert_past_bounds(text)
    }
}

/// The longest text, in bytes, that [`SharedText`] interns. Addresses (42),
/// PIX keys (at most 77), tax ids, bank codes and states fit; a PIX payload
/// or a base64 image is longer, unique to its record, and would only crowd
/// the table.
pub const MAX_INTERNED_TEXT_BYTES: usize = 128;

/// The most the shared texts' table holds, in bytes counted with
/// [`ENTRY_OVERHEAD_BYTES`] per text: 4 MiB.
///
/// Interned texts stay for the whole run, so this is memory the app never
/// gets back; 4 MiB is under 2 % of what a million records may take under the
/// app's goal of 250 bytes each, and holds some 40,000 distinct addresses or
/// keys, far more counterparties than one account has. A run that sees more
/// (ever new unique values) keeps the rest one copy per record, as a `String`
/// would, with nothing lost.
pub const INTERNED_TEXT_BUDGET_BYTES: usize = 4 * 1024 * 1024;

static SHARED_TEXTS: Interner<ArcStr> = Interner::new(InternBounds {
    texts: usize::MAX,
    bytes: INTERNED_TEXT_BUDGET_BYTES,
});

/// An immutable string that is cheap to clone and, when short, stored once
/// per run however many records carry it (see [`MAX_INTERNED_TEXT_BYTES`] and
/// [`INTERNED_TEXT_BUDGET_BYTES`]).
///
/// It reads as a `str` (`Deref`), compares, orders and hashes as its text,
/// and crosses the wire as a plain JSON string; decoding interns it. Eight
/// bytes in a record (one pointer: `arcstr` keeps the length and the count
/// beside the text), and `Option<SharedText>` too.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SharedText(ArcStr);

impl SharedText {
    /// `text`, interned when it is short and the table has room, else a copy
    /// of its own.
    pub fn new(text: &str) -> SharedText {
        SharedText::interned_in(&SHARED_TEXTS, text)
    }

    fn interned_in(interner: &Interner<ArcStr>, text: &str) -> SharedText {
        if text.len() <= MAX_INTERNED_TEXT_BYTES
            && let Some((_, kept)) = interner.intern(text)
        {
            return SharedText(kept);
        }
        SharedText(ArcStr::from(text))
    }

    /// `text` in a copy of its own, never interned: for values unique to
    /// their record (a PIX payload, a QR image) that would only crowd the
    /// table.
    pub fn unique(text: &str) -> SharedText {
        SharedText(ArcStr::from(text))
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether both are the very same stored copy (not only equal text).
    pub fn shares_storage_with(&self, other: &SharedText) -> bool {
        ArcStr::ptr_eq(&self.0, &other.0)
    }

    /// The memory this value holds that nothing else holds: its text and
    /// its count and length (two words), when it is the only holder of its
    /// copy; nothing when the copy is shared (an interned text is also held
    /// by the table, whose size is bounded on its own).
    pub fn own_bytes(&self) -> usize {
        match ArcStr::strong_count(&self.0) {
            Some(1) => self.0.len() + 2 * std::mem::size_of::<usize>(),
            _ => 0,
        }
    }
}

impl std::ops::Deref for SharedText {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for SharedText {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for SharedText {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<&str> for SharedText {
    fn from(text: &str) -> SharedText {
        SharedText::new(text)
    }
}

impl From<String> for SharedText {
    fn from(text: String) -> SharedText {
        SharedText::new(&text)
    }
}

impl From<&String> for SharedText {
    fn from(text: &String) -> SharedText {
        SharedText::new(text)
    }
}

impl From<SharedText> for String {
    fn from(text: SharedText) -> String {
        text.as_str().to_owned()
    }
}

impl PartialEq<str> for SharedText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for SharedText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl std::fmt::Display for SharedText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Debug for SharedText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl serde::Serialize for SharedText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// Reads a JSON string into a [`SharedText`] made by `make`, borrowing the
/// decoder's text where it can so that an interned value costs no copy.
/// Every string read from outside is made safe to show here, once, kept to
/// at most `max_chars` characters (see [`super::safe_text`]).
struct TextVisitor {
    make: fn(&str) -> SharedText,
    max_chars: usize,
}

impl serde::de::Visitor<'_> for TextVisitor {
    type Value = SharedText;

    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("a string")
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<SharedText, E> {
        Ok((self.make)(&super::safe_text::safe_text(
            text,
            self.max_chars,
        )))
    }
}

impl<'de> serde::Deserialize<'de> for SharedText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TextVisitor {
            make: SharedText::new,
            max_chars: super::safe_text::LABEL_MAX_CHARS,
        })
    }
}

/// A [`SharedText`] read with [`SharedText::unique`].
struct UniqueText(SharedText);

impl<'de> serde::Deserialize<'de> for UniqueText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_str(TextVisitor {
                make: SharedText::unique,
                max_chars: super::safe_text::PAYLOAD_MAX_CHARS,
            })
            .map(UniqueText)
    }
}

/// For `#[serde(default, deserialize_with = "…")]` on an `Option<SharedText>`
/// whose values are unique to their record: reads them without interning.
pub fn deserialize_unique_option<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<SharedText>, D::Error> {
    let text: Option<UniqueText> = serde::Deserialize::deserialize(deserializer)?;
    Ok(text.map(|UniqueText(text)| text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small_interner(bytes: usize) -> Interner<ArcStr> {
        Interner::new(InternBounds {
            texts: usize::MAX,
            bytes,
        })
    }

    #[test]
    fn equal_short_texts_share_one_copy() {
        let address = String::from("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
        let first = SharedText::from(address.as_str());
        let second = SharedText::from(address.clone());
        assert!(first.shares_storage_with(&second));
        assert_eq!(first, second);
        assert_eq!(first.as_str(), address);
        assert_eq!(&*first, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    }

    #[test]
    fn a_long_or_unique_text_is_kept_on_its_own() {
        let long = "0".repeat(MAX_INTERNED_TEXT_BYTES + 1);
        let first = SharedText::new(&long);
        let second = SharedText::new(&long);
        assert_eq!(first, second);
        assert!(!first.shares_storage_with(&second));
        let short = "a unique value";
        assert!(!SharedText::unique(short).shares_storage_with(&SharedText::unique(short)));
    }

    #[test]
    fn past_the_budget_texts_are_still_kept_exactly() {
        // A table of its own: the run's table is shared with other tests.
        let interner = small_interner(10 * (ENTRY_OVERHEAD_BYTES + 8));
        let kept: Vec<SharedText> = (0..10)
            .map(|n| SharedText::interned_in(&interner, &format!("text-{n:03}")))
            .collect();
        let again = SharedText::interned_in(&interner, "text-000");
        assert!(
            again.shares_storage_with(&kept[0]),
            "kept texts stay shared"
        );

        let first = SharedText::interned_in(&interner, "past-the-budget");
        let second = SharedText::interned_in(&interner, "past-the-budget");
        assert_eq!(first, second);
        assert_eq!(first.as_str(), "past-the-budget");
        assert!(!first.shares_storage_with(&second), "not interned");
        let table = interner.read();
        assert_eq!(table.len(), 10);
        assert!(table.bytes() <= 10 * (ENTRY_OVERHEAD_BYTES + 8));
    }

    #[test]
    fn threads_interning_at_once_share_one_copy() {
        let interner = small_interner(INTERNED_TEXT_BUDGET_BYTES);
        let texts: Vec<Vec<SharedText>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..4)
                .map(|_| {
                    scope.spawn(|| {
                        (0..200)
                            .map(|n| SharedText::interned_in(&interner, &format!("key-{}", n % 20)))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|worker| worker.join().unwrap_or_default())
                .collect()
        });
        for worker in &texts {
            assert_eq!(worker.len(), 200);
            for (n, text) in worker.iter().enumerate() {
                assert!(text.shares_storage_with(&texts[0][n % 20]));
            }
        }
        assert_eq!(interner.read().len(), 20);
    }

    #[test]
    fn crosses_the_wire_as_a_plain_string_and_interns_on_reading() {
        let read: Vec<SharedText> =
            serde_json::from_str(r#"["pix-key@example.com", "pix-key@example.com", "a\"b"]"#)
                .unwrap();
        assert!(read[0].shares_storage_with(&read[1]));
        assert_eq!(read[2], "a\"b");
        assert_eq!(
            serde_json::to_string(&read).unwrap(),
            r#"["pix-key@example.com","pix-key@example.com","a\"b"]"#
        );
        assert_eq!(
            format!("{} {:?}", read[0], read[2]),
            r#"pix-key@example.com "a\"b""#
        );
        assert!(serde_json::from_str::<SharedText>("12").is_err());
    }

    #[test]
    fn unique_values_are_read_without_interning() {
        #[derive(serde::Deserialize)]
        struct Payload {
            #[serde(default, deserialize_with = "deserialize_unique_option")]
            brcode: Option<SharedText>,
        }
        let first: Payload = serde_json::from_str(r#"{"brcode": "000201"}"#).unwrap();
        let second: Payload = serde_json::from_str(r#"{"brcode": "000201"}"#).unwrap();
        let (Some(first), Some(second)) = (first.brcode, second.brcode) else {
            panic!("both read");
        };
        assert_eq!(first, second);
        assert!(!first.shares_storage_with(&second));
        let absent: Payload = serde_json::from_str("{}").unwrap();
        assert_eq!(absent.brcode, None);
    }

    #[test]
    fn texts_read_from_outside_are_made_safe_once() {
        let read: Vec<SharedText> =
            serde_json::from_str(r#"["\u0000key\u202e", "\u202e\u0000"]"#).unwrap();
        assert_eq!(read[0], "\\u{0}key\\u{202e}");
        assert_eq!(read[1], "\\u{202e}\\u{0}");
        let long: SharedText = serde_json::from_str(&format!("\"{}\"", "k".repeat(1000))).unwrap();
        assert_eq!(
            long.chars().count(),
            super::super::safe_text::LABEL_MAX_CHARS
        );
        // Written and read back, a made-safe text stays as it is.
        let again: Vec<SharedText> =
            serde_json::from_str(&serde_json::to_string(&read).unwrap()).unwrap();
        assert_eq!(again, read);
    }

    #[test]
    fn a_shared_text_and_its_absence_take_eight_bytes() {
        assert_eq!(std::mem::size_of::<SharedText>(), 8);
        assert_eq!(std::mem::size_of::<Option<SharedText>>(), 8);
    }
}
