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
    use super::{Deserialize, Deserializer, OffsetDateTime, Serializer, format, parse};

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
        let raw = Option::<String>::deserialize(deserializer)?;
        match raw {
            None => Ok(None),
            Some(raw) => parse(&raw).map(Some).ok_or_else(|| {
                serde::de::Error::custom(format!("not an ISO 8601 timestamp: {raw:?}"))
            }),
        }
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
