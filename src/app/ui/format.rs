//! How values are written for a person: moments, amounts at their asset's
//! scale, long hex strings, states in the person's language with a tone.

use egui::Ui;
use rust_decimal::Decimal;
use time::OffsetDateTime;

use super::amount::{AmountFormat, amount_ui};
use super::badge::Tone;
use crate::api::model::Asset;
use crate::app::i18n::{self, Language};

/// Placeholder for a field the service did not send.
pub const MISSING: &str = "-";

/// A moment as `2026-03-10 12:00:05 UTC`.
pub fn format_moment(moment: OffsetDateTime) -> String {
    let format = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute]:[second]");
    // A moment whose UTC date is out of range (year 10000) keeps its own offset.
    match moment
        .checked_to_offset(time::UtcOffset::UTC)
        .map(|utc| utc.format(format))
    {
        Some(Ok(text)) => format!("{text} UTC"),
        _ => crate::api::timestamp::format(&moment),
    }
}

/// An amount of its asset, compact, followed by the ticker; exact on hover.
pub fn asset_amount_ui(
    ui: &mut Ui,
    amounts: AmountFormat,
    amount: Option<Decimal>,
    asset: Option<&Asset>,
) {
    match amount {
        Some(value) => {
            amount_ui(ui, &amounts.of_asset(value, asset));
        }
        None => {
            ui.weak(MISSING);
        }
    }
}

/// A timestamp as the Orders panel writes it (`2026-03-10 12:00:05 UTC`), or [`MISSING`].
pub fn time_text(value: Option<OffsetDateTime>) -> String {
    value.map_or_else(|| MISSING.to_owned(), format_moment)
}

/// An amount of its asset with the ticker, compact (see [`AmountFormat::text`]).
pub fn asset_amount_text(
    amounts: AmountFormat,
    amount: Option<Decimal>,
    asset: Option<&Asset>,
) -> String {
    amounts.text(amount, asset)
}

/// An asset in the person's words: "Brazilian real", "BRLV on Base"; an
/// unknown one as it came.
pub fn asset_name(language: Language, asset: Option<&Asset>) -> String {
    let Some(asset) = asset else {
        return MISSING.to_owned();
    };
    match asset.as_str() {
        "fiat/brl" => return i18n::tr(language, "tables.asset_brl").into_owned(),
        "fiat/usd" => return i18n::tr(language, "tables.asset_usd").into_owned(),
        _ => {}
    }
    let chain = match asset.as_str().split_once('/').map(|(chain, _)| chain) {
        Some("tempo") => "Tempo",
        Some("eth-base") => "Base",
        Some("eth-mainnet") => "Ethereum",
        _ => return asset.as_str().to_owned(),
    };
    i18n::tr_with(
        language,
        "tables.asset_on_chain",
        &[("ticker", &asset.ticker()), ("chain", chain)],
    )
}

/// A long hex string (address, hash) shortened for a table cell:
/// `0x5aAeb6...1BeAed`; the details show it whole.
pub fn short_hex(value: Option<&str>) -> String {
    let Some(value) = value else {
        return MISSING.to_owned();
    };
    let chars: Vec<char> = value.chars().collect();
    if chars.len() <= 16 {
        return value.to_owned();
    }
    let head: String = chars[..8].iter().collect();
    let tail: String = chars[chars.len() - 6..].iter().collect();
    format!("{head}...{tail}")
}

/// A value or [`MISSING`].
pub fn or_missing(value: Option<&str>) -> String {
    value.map_or_else(|| MISSING.to_owned(), str::to_owned)
}

/// A state as the language names it for that kind of record; an unknown
/// one as it came.
pub fn state_label(language: Language, record: &str, wire: &str) -> String {
    for key in [format!("state.{record}.{wire}"), format!("state.{wire}")] {
        let text = i18n::tr_or_text(language, &key);
        if text != key {
            return text;
        }
    }
    wire.to_owned()
}

/// The badge color of a state, by its wire name: done, failed, under way, or unknown.
pub fn state_tone(wire: &str) -> Tone {
    match wire {
        "completed" | "credited" => Tone::Success,
        "failed" => Tone::Danger,
        "created" | "pending" | "pending-payment" => Tone::Info,
        _ => Tone::Neutral,
    }
}

/// The first 8 characters of an id, as lists and notices show it.
pub fn short_id(id: &uuid::Uuid) -> String {
    id.to_string().chars().take(8).collect()
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::format_moment;

    #[test]
    fn a_moment_is_written_in_utc_and_one_past_year_9999_in_utc_does_not_panic() {
        assert_eq!(
            format_moment(datetime!(2026-03-10 09:00:05 -03:00)),
            "2026-03-10 12:00:05 UTC"
        );
        // The fuzzers' date: valid where it was sent, year 10000 in UTC.
        let text = format_moment(datetime!(9999-12-31 23:59:59 -01:00));
        assert!(text.starts_with("9999-12-31"), "{text}");
    }
}
