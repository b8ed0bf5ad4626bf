//! The fields of a record the spec does not name, kept as they came in a few
//! bytes rather than a map per record.

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};

use super::text::SharedText;

/// One field's value: a string, interned, or any other JSON value, boxed so
/// that the value stays at 16 bytes and an entry with its name at 24.
#[derive(Clone, Debug, PartialEq)]
pub enum ExtraValue {
    /// A string (a PIX key, an address, a bank code…).
    Text(SharedText),
    /// A number, a boolean, null, an array or an object, as it came.
    Json(Box<serde_json::Value>),
}

impl ExtraValue {
    /// The string, when the value is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            ExtraValue::Text(text) => Some(text),
            ExtraValue::Json(_) => None,
        }
    }

    /// The value as JSON.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            ExtraValue::Text(text) => serde_json::Value::String(text.to_string()),
            ExtraValue::Json(value) => (**value).clone(),
        }
    }
}

/// A string as it is; anything else as compact JSON.
impl std::fmt::Display for ExtraValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExtraValue::Text(text) => f.write_str(text),
            ExtraValue::Json(value) => std::fmt::Display::fmt(value, f),
        }
    }
}

impl From<serde_json::Value> for ExtraValue {
    fn from(value: serde_json::Value) -> ExtraValue {
        match value {
            serde_json::Value::String(text) => ExtraValue::Text(text.into()),
            other => ExtraValue::Json(Box::new(other)),
        }
    }
}

impl From<SharedText> for ExtraValue {
    fn from(text: SharedText) -> ExtraValue {
        ExtraValue::Text(text)
    }
}

impl From<&str> for ExtraValue {
    fn from(text: &str) -> ExtraValue {
        ExtraValue::Text(text.into())
    }
}

impl From<String> for ExtraValue {
    fn from(text: String) -> ExtraValue {
        ExtraValue::Text(text.into())
    }
}

impl Serialize for ExtraValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ExtraValue::Text(text) => text.serialize(serializer),
            ExtraValue::Json(value) => value.serialize(serializer),
        }
    }
}

/// Read as `serde_json::Value` reads it, made safe to show (see
/// [`super::safe_text::json`]), a string then interned: under
/// `#[serde(flatten)]` serde has already buffered each field as owned
/// content, so a visitor of its own would save no allocation.
impl<'de> Deserialize<'de> for ExtraValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        serde_json::Value::deserialize(deserializer)
            .map(super::safe_text::json)
            .map(ExtraValue::from)
    }
}

/// Fields a record carries beyond those the spec names, for
/// `#[serde(flatten)]`: read from the rest of the record's object and written
/// back as the same fields.
///
/// Held as one boxed slice of (interned name, value) pairs sorted by name:
/// 16 bytes in the record, nothing allocated when there are none, and for the
/// usual one field (a withdrawal's `pix-key`) one 24-byte allocation whose
/// name and, often, value are shared with every other record. A look-up scans
/// the handful of entries, which is faster than any map at that size.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordExtra(Box<[(SharedText, ExtraValue)]>);

impl RecordExtra {
    /// No fields.
    pub fn new() -> RecordExtra {
        RecordExtra::default()
    }

    /// The value of the field `name`.
    pub fn get(&self, name: &str) -> Option<&ExtraValue> {
        self.0
            .iter()
            .find(|(key, _)| key.as_str() == name)
            .map(|(_, value)| value)
    }

    /// The value of the field `name`, when it is a string.
    pub fn get_str(&self, name: &str) -> Option<&str> {
        self.get(name).and_then(ExtraValue::as_str)
    }

    /// Every field, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &ExtraValue)> {
        self.0.iter().map(|(key, value)| (key.as_str(), value))
    }

    /// The memory its fields hold outside the record: the slice, and what
    /// its names and values hold alone (a JSON value other than a string
    /// counted as its written length, near enough for a budget).
    pub fn own_bytes(&self) -> usize {
        let values: usize = self
            .0
            .iter()
            .map(|(name, value)| {
                name.own_bytes()
                    + match value {
                        ExtraValue::Text(text) => text.own_bytes(),
                        ExtraValue::Json(json) => {
                            std::mem::size_of::<serde_json::Value>() + json.to_string().len()
                        }
                    }
            })
            .sum();
        std::mem::size_of_val(&*self.0) + values
    }

    /// How many fields.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Sorted by name, the last of equal names kept, as a map would.
    fn from_entries(mut entries: Vec<(SharedText, ExtraValue)>) -> RecordExtra {
        entries.reverse();
        // Stable: among equal names the last one read now comes first.
        entries.sort_by(|(mine, _), (theirs, _)| mine.cmp(theirs));
        entries.dedup_by(|(later, _), (earlier, _)| later == earlier);
        RecordExtra(entries.into_boxed_slice())
    }
}

impl<K: Into<SharedText>, V: Into<ExtraValue>> FromIterator<(K, V)> for RecordExtra {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(entries: I) -> RecordExtra {
        RecordExtra::from_entries(
            entries
                .into_iter()
                .map(|(key, value)| (key.into(), value.into()))
                .collect(),
        )
    }
}

impl Serialize for RecordExtra {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

struct RecordExtraVisitor;

impl<'de> Visitor<'de> for RecordExtraVisitor {
    type Value = RecordExtra;

    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("the record's other fields")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RecordExtra, A::Error> {
        let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(1).min(16));
        while let Some(entry) = map.next_entry::<SharedText, ExtraValue>()? {
            entries.push(entry);
        }
        Ok(RecordExtra::from_entries(entries))
    }
}

impl<'de> Deserialize<'de> for RecordExtra {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(RecordExtraVisitor)
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};
    use serde_json::json;

    use super::{ExtraValue, RecordExtra};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    struct Record {
        id: u32,
        #[serde(flatten)]
        extra: RecordExtra,
    }

    #[test]
    fn other_fields_round_trip_through_flatten_exactly() {
        let written = json!({
            "id": 7,
            "pix-key": "someone@example.com",
            "bank-code": "341",
            "amount-cents": 12050,
            "ratio": -0.25,
            "huge": 18446744073709551615u64,
            "confirmed": true,
            "note": null,
            "tags": ["a", 1, {"b": [null]}],
            "payout": {"e2e": "E1234", "nested": {"deeper": [1.5, "x"]}},
        });
        let record: Record = serde_json::from_value(written.clone()).unwrap();
        assert_eq!(record.id, 7);
        assert_eq!(record.extra.len(), 9);
        assert_eq!(record.extra.get_str("pix-key"), Some("someone@example.com"));
        assert_eq!(record.extra.get_str("amount-cents"), None);
        assert_eq!(
            record.extra.get("amount-cents").map(ExtraValue::to_json),
            Some(json!(12050))
        );
        assert_eq!(
            record
                .extra
                .get("payout")
                .map(ToString::to_string)
                .as_deref(),
            Some(r#"{"e2e":"E1234","nested":{"deeper":[1.5,"x"]}}"#)
        );
        assert_eq!(record.extra.get("id"), None, "a named field is not extra");
        assert_eq!(serde_json::to_value(&record).unwrap(), written);
        // And from text, as the client reads it.
        let from_text: Record = serde_json::from_str(&written.to_string()).unwrap();
        assert_eq!(from_text, record);
    }

    #[test]
    fn names_are_sorted_and_a_repeated_name_keeps_its_last_value() {
        let extra: RecordExtra = [("b", "1"), ("a", "2"), ("b", "3")].into_iter().collect();
        let fields: Vec<(&str, String)> = extra
            .iter()
            .map(|(key, value)| (key, value.to_string()))
            .collect();
        assert_eq!(fields, [("a", "2".to_owned()), ("b", "3".to_owned())]);
        let record: Record = serde_json::from_str(r#"{"id":1,"k":"first","k":"second"}"#).unwrap();
        assert_eq!(record.extra.get_str("k"), Some("second"));
    }

    #[test]
    fn equal_strings_share_one_copy_across_records() {
        let records: Vec<Record> = serde_json::from_str(
            r#"[{"id":1,"pix-key":"shop@example.com"},{"id":2,"pix-key":"shop@example.com"}]"#,
        )
        .unwrap();
        let [first, second] =
            [&records[0], &records[1]].map(|record| match record.extra.get("pix-key") {
                Some(ExtraValue::Text(text)) => text.clone(),
                other => panic!("not text: {other:?}"),
            });
        assert!(first.shares_storage_with(&second));
        let keys: Vec<_> = records
            .iter()
            .map(|record| record.extra.0[0].0.clone())
            .collect();
        assert!(keys[0].shares_storage_with(&keys[1]));
    }

    #[test]
    fn no_fields_allocate_nothing_and_are_written_as_nothing() {
        let record: Record = serde_json::from_str(r#"{"id":3}"#).unwrap();
        assert!(record.extra.is_empty());
        // An empty boxed slice is a dangling pointer: no allocation behind it.
        let entry_alignment = std::mem::align_of::<(super::SharedText, ExtraValue)>();
        assert_eq!(record.extra.0.as_ptr() as usize, entry_alignment);
        assert_eq!(RecordExtra::new().0.as_ptr() as usize, entry_alignment);
        assert_eq!(serde_json::to_string(&record).unwrap(), r#"{"id":3}"#);
    }

    #[test]
    fn an_entry_is_twenty_four_bytes_and_the_field_sixteen() {
        assert_eq!(std::mem::size_of::<ExtraValue>(), 16);
        assert_eq!(std::mem::size_of::<(super::SharedText, ExtraValue)>(), 24);
        assert_eq!(std::mem::size_of::<RecordExtra>(), 16);
    }
}
