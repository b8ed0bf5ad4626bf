//! Timestamp (de)serialisation: RFC 3339, tolerating a missing offset (read as UTC).

use serde::{Deserialize, Deserializer, Serializer};
use time::OffsetDateTime;
use time::format_description::well_known::{Iso8601, Rfc3339};

/// Parses an ISO 8601 timestamp; one without an offset is taken as UTC.
pub fn parse(raw: &str) -> Option<OffsetDateTime> {
    OffsetDateTime::parse(raw, &Rfc3339)
        .or_else(|_| OffsetDateTime::parse(raw, &Iso8601::DEFAULT))
        .ok()
        .or_else(|| {
            time::PrimitiveDateTime::parse(raw, &Iso8601::DEFAULT)
                .ok()
                .map(|naive| naive.assume_utc())
        })
}

/// Writes RFC 3339 in UTC; a moment whose UTC date is past what `time`
/// holds (`9999-12-31T23:59:59-01:00`) keeps its own offset.
pub fn format(value: &OffsetDateTime) -> String {
    // `to_offset` panics when the date in the new offset is out of range,
    // and these moments come from the network.
    value
        .checked_to_offset(time::UtcOffset::UTC)
        .unwrap_or(*value)
        .format(&Rfc3339)
        .unwrap_or_else(|_| value.unix_timestamp().to_string())
}

/// For `#[serde(with = "timestamp::option")]` on `Option<OffsetDateTime>`.
pub mod option {
    use super::{Deserializer, OffsetDateTime, Serializer, format, parse};

    /// Serialises as an RFC 3339 string or null.
    pub fn serialize<S: Serializer>(
        value: &Option<OffsetDateTime>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(value) => serializer.serialize_str(&format(value)),
            None => serializer.serialize_none(),
        }
    }

    /// Reads an ISO 8601 string or null.
    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<OffsetDateTime>, D::Error> {
        super::deserialize_option_with(deserializer, parse)
    }
}

/// Reads an optional ISO 8601 string, or null, and keeps of it what `keep`
/// keeps (an [`OffsetDateTime`] here, a packed moment in `utc_micros`): the
/// one reader behind both `option` modules, taking the input's own text when
/// it can be borrowed, never copying it into a `String`.
pub(crate) fn deserialize_option_with<'de, D: Deserializer<'de>, T>(
    deserializer: D,
    keep: fn(&str) -> Option<T>,
) -> Result<Option<T>, D::Error> {
    deserializer.deserialize_option(OptionalMoment { keep })
}

struct OptionalMoment<T> {
    keep: fn(&str) -> Option<T>,
}

impl<'de, T> serde::de::Visitor<'de> for OptionalMoment<T> {
    type Value = Option<T>;

    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("an ISO 8601 timestamp, or null")
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    // A null inside a flattened record arrives as a unit.
    fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }

    // Borrowed text (no escapes in it) and text unescaped into the reader's
    // scratch buffer both arrive here; neither is copied.
    fn visit_str<E: serde::de::Error>(self, raw: &str) -> Result<Self::Value, E> {
        (self.keep)(raw)
            .map(Some)
            .ok_or_else(|| E::custom(format!("not an ISO 8601 timestamp: {raw:?}")))
    }
}

/// For `#[serde(with = "timestamp::required")]` on `OffsetDateTime`.
pub mod required {
    use super::{Deserialize, Deserializer, OffsetDateTime, Serializer, format, parse};

    /// Serialises as an RFC 3339 string.
    pub fn serialize<S: Serializer>(
        value: &OffsetDateTime,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&format(value))
    }

    /// Reads an ISO 8601 string.
    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<OffsetDateTime, D::Error> {
        let raw = String::deserialize(deserializer)?;
        parse(&raw)
            .ok_or_else(|| serde::de::Error::custom(format!("not an ISO 8601 timestamp: {raw:?}")))
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use time::OffsetDateTime;
    use time::macros::{datetime, offset};

    #[derive(Debug, Deserialize)]
    struct Stamped {
        #[serde(default, with = "super::option")]
        at: Option<OffsetDateTime>,
    }

    fn read(json: &str) -> Result<Option<OffsetDateTime>, String> {
        serde_json::from_str::<Stamped>(json)
            .map(|stamped| stamped.at)
            .map_err(|error| error.to_string())
    }

    #[test]
    fn an_optional_timestamp_keeps_its_offset_and_reads_null_absent_and_escaped_text() {
        let read_back = read(r#"{"at":"2025-03-04T05:06:07.5-03:00"}"#);
        assert_eq!(read_back, Ok(Some(datetime!(2025-03-04 05:06:07.5 -03:00))));
        assert_eq!(
            read_back.ok().flatten().map(|at| at.offset()),
            Some(offset!(-3))
        );
        assert_eq!(read(r#"{"at":null}"#), Ok(None));
        assert_eq!(read("{}"), Ok(None));
        assert_eq!(
            read(r#"{"at":"\u0032025-03-04T05:06:07"}"#),
            Ok(Some(datetime!(2025-03-04 05:06:07 UTC)))
        );
        let refused = read(r#"{"at":"yesterday"}"#);
        assert!(
            refused
                .as_ref()
                .is_err_and(|error| error.contains("not an ISO 8601 timestamp: \"yesterday\"")),
            "{refused:?}"
        );
    }
}
