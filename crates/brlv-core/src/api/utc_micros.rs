//! A record's moment in 8 bytes with a niche, so that an optional time in a
//! list record is 8 bytes rather than `Option<OffsetDateTime>`'s 16.

use std::fmt;
use std::num::NonZeroU64;

use time::OffsetDateTime;

use super::timestamp;

/// 0000-01-01T00:00:00Z in microseconds since 1970: the first instant RFC
/// 3339 can write (its years are four digits).
const EARLIEST_MICROS: i64 = -62_167_219_200 * MICROS_PER_SECOND;

/// 9999-12-31T23:59:59.999999Z in microseconds since 1970: the last.
const LATEST_MICROS: i64 = 253_402_300_799 * MICROS_PER_SECOND + (MICROS_PER_SECOND - 1);

const MICROS_PER_SECOND: i64 = 1_000_000;

/// An instant in UTC, to the microsecond, in 8 bytes; `Option<UtcMicros>`
/// is 8 bytes too.
///
/// What is kept of an [`OffsetDateTime`] and what is not:
/// - **The instant, not the offset.** `12:00:00-03:00` is kept as
///   `15:00:00Z`, and written back so (the app always wrote times in UTC).
/// - **Microseconds.** The service's times are whole seconds, and a claim's
///   `updated-at` carries microseconds (spec 2.1 conventions; the sandbox
///   writes the same). Digits past the microsecond are dropped: the instant
///   is rounded down (toward the past), as cutting the written digits does.
///   Nanoseconds since 1970 in an `i64` would end in 2262; microseconds
///   reach far past what RFC 3339 can write.
/// - **Years 0000 to 9999 in UTC.** That is what RFC 3339 can write, and the
///   journal writes records back as RFC 3339. An instant before or after
///   (`0000-01-01T00:30:00+01:00`, `9999-12-31T23:59:59-01:00`: hostile or
///   broken values, accepted by the parser) is clamped to the nearest end,
///   0000-01-01T00:00:00Z or 9999-12-31T23:59:59.999999Z, rather than
///   refusing the whole list it came in.
///
/// Order, equality and hashing are those of the instant.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UtcMicros(
    /// Microseconds since [`EARLIEST_MICROS`], plus one: never zero, and in
    /// the same order as the instants.
    NonZeroU64,
);

impl UtcMicros {
    /// The earliest instant held: 0000-01-01T00:00:00Z.
    pub const EARLIEST: UtcMicros = UtcMicros(NonZeroU64::MIN);

    /// The latest instant held: 9999-12-31T23:59:59.999999Z.
    pub const LATEST: UtcMicros =
        UtcMicros(NonZeroU64::MIN.saturating_add(LATEST_MICROS.abs_diff(EARLIEST_MICROS)));

    /// The moment of `value` in UTC, to the microsecond below, clamped to
    /// years 0000–9999 (see the type's documentation).
    pub fn new(value: OffsetDateTime) -> UtcMicros {
        let micros = value.unix_timestamp_nanos().div_euclid(1_000);
        let micros = i64::try_from(micros).unwrap_or(if micros < 0 { i64::MIN } else { i64::MAX });
        UtcMicros::from_unix_micros(micros)
    }

    /// The moment `micros` microseconds after 1970-01-01T00:00:00Z, clamped
    /// to years 0000–9999.
    pub fn from_unix_micros(micros: i64) -> UtcMicros {
        let since_earliest = micros
            .clamp(EARLIEST_MICROS, LATEST_MICROS)
            .abs_diff(EARLIEST_MICROS);
        UtcMicros(NonZeroU64::MIN.saturating_add(since_earliest))
    }

    /// Microseconds since 1970-01-01T00:00:00Z (negative before).
    pub fn unix_micros(self) -> i64 {
        // At most LATEST_MICROS - EARLIEST_MICROS, which fits an i64.
        let since_earliest = i64::try_from(self.0.get() - 1).unwrap_or(i64::MAX);
        EARLIEST_MICROS.saturating_add(since_earliest)
    }

    /// The moment as an [`OffsetDateTime`] in UTC.
    pub fn get(self) -> OffsetDateTime {
        // Within years 0000–9999 by construction, where `time` always holds it.
        OffsetDateTime::from_unix_timestamp_nanos(i128::from(self.unix_micros()) * 1_000)
            .unwrap_or(OffsetDateTime::UNIX_EPOCH)
    }

    /// Reads an ISO 8601 timestamp as [`timestamp::parse`] does, then keeps
    /// what this type keeps.
    pub fn parse(raw: &str) -> Option<UtcMicros> {
        timestamp::parse(raw).map(UtcMicros::new)
    }
}

impl From<OffsetDateTime> for UtcMicros {
    fn from(value: OffsetDateTime) -> UtcMicros {
        UtcMicros::new(value)
    }
}

impl From<UtcMicros> for OffsetDateTime {
    fn from(value: UtcMicros) -> OffsetDateTime {
        value.get()
    }
}

impl fmt::Debug for UtcMicros {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.get(), formatter)
    }
}

/// For `#[serde(default, with = "utc_micros::option")]` on
/// `Option<UtcMicros>`: an RFC 3339 string (UTC), null, or absent; read
/// from the input's own text when it can be borrowed, never into a `String`.
pub mod option {
    use serde::{Deserializer, Serializer};

    use super::UtcMicros;
    use crate::api::timestamp;

    /// Writes the moment as RFC 3339 in UTC (`2025-01-02T03:04:05.123456Z`), or null.
    pub fn serialize<S: Serializer>(
        value: &Option<UtcMicros>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(value) => serializer.serialize_str(&timestamp::format(&value.get())),
            None => serializer.serialize_none(),
        }
    }

    /// Reads an ISO 8601 string (see [`timestamp::parse`]) or null.
    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<UtcMicros>, D::Error> {
        timestamp::deserialize_option_with(deserializer, UtcMicros::parse)
    }
}

#[cfg(test)]
mod tests {
    use super::{UtcMicros, option};
    use crate::api::timestamp;
    use proptest::prelude::*;
    use serde::{Deserialize, Serialize};
    use std::mem::size_of;
    use time::OffsetDateTime;
    use time::macros::datetime;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Stamped {
        #[serde(default, with = "option", skip_serializing_if = "Option::is_none")]
        at: Option<UtcMicros>,
    }

    fn read(json: &str) -> Option<UtcMicros> {
        match serde_json::from_str::<Stamped>(json) {
            Ok(stamped) => stamped.at,
            Err(error) => panic!("{json} does not read: {error}"),
        }
    }

    fn written(at: Option<UtcMicros>) -> String {
        serde_json::to_string(&Stamped { at }).unwrap_or_default()
    }

    #[test]
    fn an_optional_moment_takes_eight_bytes() {
        assert_eq!(size_of::<UtcMicros>(), 8);
        assert_eq!(size_of::<Option<UtcMicros>>(), 8);
    }

    #[test]
    fn a_utc_time_to_the_microsecond_is_written_back_as_it_came() {
        for raw in [
            "2025-03-04T05:06:07Z",
            "2025-03-04T05:06:07.5Z",
            "2025-03-04T05:06:07.123456Z",
            "1970-01-01T00:00:00Z",
            "1969-12-31T23:59:59.999999Z",
            "0000-01-01T00:00:00Z",
            "9999-12-31T23:59:59.999999Z",
        ] {
            let json = format!(r#"{{"at":"{raw}"}}"#);
            assert_eq!(written(read(&json)), json);
        }
        assert_eq!(written(None), "{}");
        assert_eq!(read(r#"{"at":null}"#), None);
        assert_eq!(read("{}"), None);
    }

    #[test]
    fn what_is_written_is_what_time_wrote_before() {
        for at in [
            datetime!(2025-03-04 05:06:07 UTC),
            datetime!(2025-03-04 05:06:07.120 UTC),
            datetime!(1901-12-13 20:45:52.000001 UTC),
        ] {
            let compact = UtcMicros::new(at);
            assert_eq!(compact.get(), at);
            assert_eq!(
                written(Some(compact)),
                format!(r#"{{"at":"{}"}}"#, timestamp::format(&at))
            );
        }
    }

    #[test]
    fn another_offset_becomes_the_same_instant_in_utc() {
        let read_back = read(r#"{"at":"2025-03-04T12:00:00-03:00"}"#);
        assert_eq!(
            read_back.map(UtcMicros::get),
            Some(datetime!(2025-03-04 15:00:00 UTC))
        );
        assert_eq!(written(read_back), r#"{"at":"2025-03-04T15:00:00Z"}"#);
        // No offset at all is UTC, as `timestamp::parse` reads it.
        assert_eq!(
            read(r#"{"at":"2025-03-04T12:00:00"}"#).map(UtcMicros::get),
            Some(datetime!(2025-03-04 12:00:00 UTC))
        );
    }

    #[test]
    fn digits_past_the_microsecond_are_dropped_toward_the_past() {
        assert_eq!(
            written(read(r#"{"at":"2025-03-04T05:06:07.123456789Z"}"#)),
            r#"{"at":"2025-03-04T05:06:07.123456Z"}"#
        );
        assert_eq!(
            UtcMicros::new(datetime!(1969-12-31 23:59:59.9999995 UTC)).get(),
            datetime!(1969-12-31 23:59:59.999999 UTC)
        );
    }

    #[test]
    fn an_instant_past_the_years_rfc_3339_writes_is_clamped() {
        let late = read(r#"{"at":"9999-12-31T23:59:59-01:00"}"#);
        assert_eq!(late, Some(UtcMicros::LATEST));
        assert_eq!(written(late), r#"{"at":"9999-12-31T23:59:59.999999Z"}"#);
        let early = read(r#"{"at":"0000-01-01T00:30:00+01:00"}"#);
        assert_eq!(early, Some(UtcMicros::EARLIEST));
        assert_eq!(written(early), r#"{"at":"0000-01-01T00:00:00Z"}"#);
        assert_eq!(
            UtcMicros::new(OffsetDateTime::new_utc(
                time::Date::MIN,
                time::Time::MIDNIGHT
            )),
            UtcMicros::EARLIEST
        );
        assert_eq!(UtcMicros::from_unix_micros(i64::MAX), UtcMicros::LATEST);
        assert_eq!(UtcMicros::from_unix_micros(i64::MIN), UtcMicros::EARLIEST);
    }

    #[test]
    fn escaped_text_is_read_as_well_as_borrowed_text() {
        // `\u0032` is `2`: serde_json unescapes it into its own buffer.
        assert_eq!(
            read(r#"{"at":"\u0032025-03-04T05:06:07Z"}"#).map(UtcMicros::get),
            Some(datetime!(2025-03-04 05:06:07 UTC))
        );
        assert!(serde_json::from_str::<Stamped>(r#"{"at":"yesterday"}"#).is_err());
        assert!(serde_json::from_str::<Stamped>(r#"{"at":12}"#).is_err());
    }

    proptest! {
        /// Any instant of years 0000–9999 to the microsecond: read back,
        /// written as RFC 3339, read again, the same instant.
        #[test]
        fn every_instant_in_range_round_trips(micros in super::EARLIEST_MICROS..=super::LATEST_MICROS) {
            let at = UtcMicros::from_unix_micros(micros);
            prop_assert_eq!(at.unix_micros(), micros);
            prop_assert_eq!(UtcMicros::new(at.get()), at);
            let json = written(Some(at));
            prop_assert_eq!(read(&json), Some(at));
        }

        /// Order is the instants' order.
        #[test]
        fn order_is_the_instants(a in any::<i64>(), b in any::<i64>()) {
            let (left, right) = (UtcMicros::from_unix_micros(a), UtcMicros::from_unix_micros(b));
            prop_assert_eq!(left.cmp(&right), left.unix_micros().cmp(&right.unix_micros()));
        }
    }
}
