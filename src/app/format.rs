//! How values are written for a person, as text: amounts through
//! [`AmountFormat`] (the language and whether amounts are hidden), moments
//! through [`MomentFormat`] (the language and the person's time zone),
//! assets, states in the person's language, long identifiers shortened. No
//! egui here: the notifications, the receipts and the design system's
//! widgets (`ui::amount`) all write values through these.
//!
//! Every amount is written by one function, [`AmountFormat::written`], as
//! Brazilian banks write money: reais with their symbol before the number
//! (`R$ 1.234,56`, English `R$1,234.56`), a token with its ticker after it
//! (`1.234,56 BRLV`). Where it is shown decides its places ([`Precision`]):
//! a list, a headline or a line of the Overview writes every known asset at
//! two places ([`list_places`]), the same in every row, cut toward zero; a
//! record's details, a review, a receipt and a notice write every place the
//! value carries and at least those two (`100,00 USDC`, `0,123456 USDC`).
//! No digit is ever dimmed. CSV and OFX exports write the raw decimal and
//! never come through here. While amounts are hidden every path here writes
//! [`HIDDEN_DIGITS`] instead of digits, the spoken form and the hover
//! included, so no view can show one by forgetting to ask.

use rust_decimal::Decimal;
use time::{Date, OffsetDateTime};

use brlv_core::api::model::Asset;
use brlv_core::money::{format_amount, format_amount_fixed, list_places};
use brlv_core::payment_stage::{PaymentStage, StageCounts};

use super::clock::LocalZone;
use super::i18n::{self, Language};

/// Placeholder for a field the service did not send.
pub const MISSING: &str = "-";

/// What stands for the digits of a hidden amount.
pub const HIDDEN_DIGITS: &str = "•••••";

/// The ticker of Brazilian reais, written as `R$` before the number.
const BRL: &str = "BRL";

/// How amounts are written in the views: the person's language, and whether
/// they asked to hide them (the eye in the top bar, Ctrl+Shift+H).
/// `Shared::amounts()` gives the current one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AmountFormat {
    /// The language numbers and currency names are written in.
    pub language: Language,
    /// Every amount is masked.
    pub hidden: bool,
}

/// How many places an amount keeps, by where it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precision {
    /// A row of a list, a headline, a line of the Overview: the asset's
    /// [`list_places`], the same in every row so the column lines up, the
    /// rest cut toward zero (a balance never reads more than it is); the
    /// exact value on hover.
    List,
    /// A record's details, a review, a receipt, a notice: every place the
    /// value carries, and at least the asset's [`list_places`].
    Exact,
}

/// An amount cut into the pieces a table aligns on the decimal point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownAmount {
    /// Sign and integer part, grouped (`-44,910`), or [`HIDDEN_DIGITS`].
    pub integer: String,
    /// The decimal separator and the places (`.50`), or empty.
    pub fraction: String,
    /// The sign and symbol before the number (`R$ `, `-R$`), or empty.
    pub prefix: String,
    /// The ticker after the number (`BRLV`), or empty.
    pub ticker: String,
    /// The exact value, every place it carries, as one line (`R$ 250,00`,
    /// `44,910.5123 BRLV`), for a hover and a copy; `None` while amounts
    /// are hidden.
    pub exact: Option<String>,
    /// What a screen reader says: the same value as shown, then the
    /// currency's name (`25,000.00 reais`, `10.50 USDC`), or "hidden amount".
    pub spoken: String,
}

impl ShownAmount {
    /// The amount as one line of text: `R$ 250,00`, `44,910.50 BRLV`.
    pub fn text(&self) -> String {
        let mut text = format!("{}{}{}", self.prefix, self.integer, self.fraction);
        if !self.ticker.is_empty() {
            text.push(' ');
            text.push_str(&self.ticker);
        }
        text
    }
}

/// The ticker of `asset` (`BRLV`), or empty for none.
fn ticker_of(asset: Option<&Asset>) -> String {
    asset.map(Asset::ticker).unwrap_or_default()
}

impl AmountFormat {
    /// The format for `language`, amounts shown or `hidden`.
    pub fn new(language: Language, hidden: bool) -> AmountFormat {
        AmountFormat { language, hidden }
    }

    /// The one way the app writes an amount: `value` of the asset with
    /// `ticker` (`BRL`, `BRLV`; empty for an unknown asset) at `precision`.
    /// Reais get `R$` before the number and no ticker; a negative amount of
    /// reais reads `-R$ 250,63`, as banks write it, never `R$ -250,63`.
    pub fn written(self, value: Decimal, ticker: &str, precision: Precision) -> ShownAmount {
        let is_brl = ticker.eq_ignore_ascii_case(BRL);
        let symbol = match (is_brl, self.hidden, self.language) {
            (false, _, _) => "",
            (true, false, Language::En) => "R$",
            (true, _, _) => "R$ ",
        };
        let after = if is_brl { "" } else { ticker };
        if self.hidden {
            return ShownAmount {
                integer: HIDDEN_DIGITS.to_owned(),
                fraction: String::new(),
                prefix: symbol.to_owned(),
                ticker: after.to_owned(),
                exact: None,
                spoken: i18n::tr(self.language, "hide.spoken").into_owned(),
            };
        }
        let format = self.language.number_format();
        let places = list_places(ticker);
        let exact_number = format_amount(value, places.unwrap_or(0), format);
        let number = match (precision, places) {
            (Precision::List, Some(places)) => format_amount_fixed(value, places, format),
            _ => exact_number.clone(),
        };
        let signed = |number: &str| match number.strip_prefix('-') {
            Some(digits) => (format!("-{symbol}"), digits.to_owned()),
            None => (symbol.to_owned(), number.to_owned()),
        };
        let (prefix, digits) = signed(&number);
        let (integer, fraction) = match digits.find(format.decimal_separator()) {
            Some(at) => (digits[..at].to_owned(), digits[at..].to_owned()),
            None => (digits, String::new()),
        };
        let (exact_prefix, exact_digits) = signed(&exact_number);
        let exact = if after.is_empty() {
            format!("{exact_prefix}{exact_digits}")
        } else {
            format!("{exact_prefix}{exact_digits} {after}")
        };
        let currency = if is_brl {
            i18n::tr(self.language, "a11y.reais").into_owned()
        } else {
            after.to_owned()
        };
        let spoken = if currency.is_empty() {
            number
        } else {
            format!("{number} {currency}")
        };
        ShownAmount {
            integer,
            fraction,
            prefix,
            ticker: after.to_owned(),
            exact: Some(exact),
            spoken,
        }
    }

    /// `value` of `asset` with every place it carries, as details, reviews,
    /// receipts and notices write it ([`Precision::Exact`]).
    pub fn of_asset(self, value: Decimal, asset: Option<&Asset>) -> ShownAmount {
        self.written(value, &ticker_of(asset), Precision::Exact)
    }

    /// `value` of `asset` at `precision`.
    pub fn written_of(
        self,
        value: Decimal,
        asset: Option<&Asset>,
        precision: Precision,
    ) -> ShownAmount {
        self.written(value, &ticker_of(asset), precision)
    }

    /// `value` of `asset` as a list's row writes it ([`Precision::List`]).
    pub fn listed(self, value: Decimal, asset: Option<&Asset>) -> ShownAmount {
        self.written(value, &ticker_of(asset), Precision::List)
    }

    /// An amount of `asset` as one exact line (`44,910.50 BRLV`,
    /// `R$250.00`), or [`MISSING`] when the service sent none.
    pub fn text(self, value: Option<Decimal>, asset: Option<&Asset>) -> String {
        value.map_or_else(
            || MISSING.to_owned(),
            |value| self.of_asset(value, asset).text(),
        )
    }

    /// An amount of `asset` as one line of a list, or [`MISSING`].
    pub fn listed_text(self, value: Option<Decimal>, asset: Option<&Asset>) -> String {
        value.map_or_else(
            || MISSING.to_owned(),
            |value| self.listed(value, asset).text(),
        )
    }

    /// An amount of reais (`R$ 1.234,56` / `R$1,234.56`; hidden: `R$ •••••`).
    pub fn brl_shown(self, value: Decimal) -> ShownAmount {
        self.written(value, BRL, Precision::Exact)
    }

    /// [`AmountFormat::brl_shown`] as one line.
    pub fn brl(self, value: Decimal) -> String {
        self.brl_shown(value).text()
    }

    /// A number that is not an amount of an asset (a rate, a quantity):
    /// every place it carries, and at least `scale` places when `scale` is
    /// two or less (a quantity at 18 places writes only those that count).
    pub fn number(self, value: Decimal, scale: u32) -> String {
        if self.hidden {
            HIDDEN_DIGITS.to_owned()
        } else {
            let at_least = if scale <= 2 { scale } else { 0 };
            format_amount(value, at_least, self.language.number_format())
        }
    }

    /// `value` as the service wrote it (`44910.500000000000000000`), for the
    /// technical values of a detail.
    pub fn wire(self, value: Decimal) -> String {
        if self.hidden {
            HIDDEN_DIGITS.to_owned()
        } else {
            value.to_string()
        }
    }

    /// A percentage of a person's money (how much of a limit is used): it
    /// tells the amount as well as the amount does, so it hides with it.
    pub fn percent(self, percent: impl std::fmt::Display) -> String {
        if self.hidden {
            HIDDEN_DIGITS.to_owned()
        } else {
            percent.to_string()
        }
    }
}

/// [`AmountFormat::written`]'s spoken form for `language` with amounts
/// shown, at [`Precision::Exact`].
pub fn spoken_amount(language: Language, value: Decimal, ticker: &str) -> String {
    AmountFormat::new(language, false)
        .written(value, ticker, Precision::Exact)
        .spoken
}

/// How moments are written for a person: in their time zone, as their
/// language writes a day and a time. `Shared::moments()` gives the
/// current one; the design system's widgets read it from the egui context.
///
/// - pt-BR writes `25/11/2026 09:59`, as Brazilian banks and documents do.
/// - English writes `25 Nov 2026 09:59`: the day first, as everywhere in
///   Brazil (and in British and international English), the month in
///   letters, so `03/04` can be read as March by no one, and the 24-hour
///   clock, as Brazil's clocks and statements read.
///
/// No offset is written on screen (every time there is in the one zone);
/// a receipt, which leaves the machine, writes it ([`MomentFormat::with_offset`]).
/// Exports write ISO 8601 with the offset, never through here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MomentFormat {
    /// The language days and times are written in.
    pub language: Language,
    /// The zone moments are read in.
    pub zone: LocalZone,
}

/// The keys of the months' short names, January first.
const MONTH_SHORT_KEYS: [&str; 12] = [
    "activity.month_short.1",
    "activity.month_short.2",
    "activity.month_short.3",
    "activity.month_short.4",
    "activity.month_short.5",
    "activity.month_short.6",
    "activity.month_short.7",
    "activity.month_short.8",
    "activity.month_short.9",
    "activity.month_short.10",
    "activity.month_short.11",
    "activity.month_short.12",
];

const MONTH_KEYS: [&str; 12] = [
    "activity.month.1",
    "activity.month.2",
    "activity.month.3",
    "activity.month.4",
    "activity.month.5",
    "activity.month.6",
    "activity.month.7",
    "activity.month.8",
    "activity.month.9",
    "activity.month.10",
    "activity.month.11",
    "activity.month.12",
];

/// A month's name in the language (`March`, `março`).
pub fn month_name(language: Language, month: u8) -> String {
    MONTH_KEYS
        .get(usize::from(month.saturating_sub(1)))
        .map_or_else(String::new, |key| i18n::tr(language, key).into_owned())
}

/// A month's short name in the language (`Mar`, `mar`), `month` 1 to 12.
pub fn month_short_name(language: Language, month: u8) -> String {
    MONTH_SHORT_KEYS
        .get(usize::from(month.saturating_sub(1)))
        .map_or_else(String::new, |key| i18n::tr(language, key).into_owned())
}

/// A day as `language` writes it for reading (the extrato's range fields,
/// which are typed, take ISO in English): `25/11/2026`, `25 Nov 2026`. A
/// day has no zone.
pub fn day_shown(language: Language, day: Date) -> String {
    match language {
        Language::PtBr => format!(
            "{:02}/{:02}/{}",
            day.day(),
            u8::from(day.month()),
            day.year()
        ),
        Language::En => format!(
            "{} {} {}",
            day.day(),
            month_short_name(language, u8::from(day.month())),
            day.year()
        ),
    }
}

impl MomentFormat {
    /// Moments in `zone`, written as `language` writes them.
    pub fn new(language: Language, zone: LocalZone) -> MomentFormat {
        MomentFormat { language, zone }
    }

    /// A day: `25/11/2026`, `25 Nov 2026`.
    pub fn day(&self, day: Date) -> String {
        day_shown(self.language, day)
    }

    /// The time of day of `moment` in the zone: `09:59`.
    pub fn time_of_day(&self, moment: OffsetDateTime) -> String {
        let local = self.zone.local(moment);
        format!("{:02}:{:02}", local.hour(), local.minute())
    }

    /// A moment, as lists and sentences write it: `25/11/2026 09:59`,
    /// `25 Nov 2026 09:59`.
    pub fn text(&self, moment: OffsetDateTime) -> String {
        let local = self.zone.local(moment);
        format!(
            "{} {:02}:{:02}",
            self.day(local.date()),
            local.hour(),
            local.minute()
        )
    }

    /// [`MomentFormat::text`], or [`MISSING`] when the service sent no time.
    pub fn or_missing(&self, moment: Option<OffsetDateTime>) -> String {
        moment.map_or_else(|| MISSING.to_owned(), |moment| self.text(moment))
    }

    /// A moment to the second, as a record's details write it:
    /// `25/11/2026 09:59:05`.
    pub fn exact(&self, moment: OffsetDateTime) -> String {
        let local = self.zone.local(moment);
        format!(
            "{} {:02}:{:02}:{:02}",
            self.day(local.date()),
            local.hour(),
            local.minute(),
            local.second()
        )
    }

    /// [`MomentFormat::exact`], or [`MISSING`].
    pub fn exact_or_missing(&self, moment: Option<OffsetDateTime>) -> String {
        moment.map_or_else(|| MISSING.to_owned(), |moment| self.exact(moment))
    }

    /// A moment to the second with its offset written, for what leaves the
    /// machine (a receipt): `25/11/2026 09:59:05 (UTC-03:00)`. The offset
    /// in ASCII, so a PDF's standard fonts can write it.
    pub fn with_offset(&self, moment: OffsetDateTime) -> String {
        let offset = self.zone.offset_at(moment);
        let (hours, minutes, _) = offset.as_hms();
        let sign = if offset.is_negative() { '-' } else { '+' };
        format!(
            "{} (UTC{sign}{:02}:{:02})",
            self.exact(moment),
            hours.unsigned_abs(),
            minutes.unsigned_abs()
        )
    }
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

/// An asset as a form's picker or a filter offers it: its name in the
/// person's words ([`asset_name`]), with the service's id after it only
/// when the technical values are asked for ("BRLV on Base (eth-base/brlv)").
pub fn asset_shown(language: Language, asset: &Asset, technical: bool) -> String {
    let name = asset_name(language, Some(asset));
    if technical && name != asset.as_str() {
        format!("{name} ({})", asset.as_str())
    } else {
        name
    }
}

/// A chain as a form's picker offers it: "Base", "Ethereum", "Tempo", with
/// the service's id after it only when the technical values are asked for.
pub fn chain_shown(chain: &brlv_core::api::model::Chain, technical: bool) -> String {
    use brlv_core::api::model::Chain;
    let name = match chain {
        Chain::EthBase => "Base",
        Chain::EthMainnet => "Ethereum",
        Chain::Tempo => "Tempo",
        _ => return chain.as_str().to_owned(),
    };
    if technical {
        format!("{name} ({})", chain.as_str())
    } else {
        name.to_owned()
    }
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

/// How far a payment has gone, in the language's words: "enviado ao
/// serviço (pagamento pendente)", "pago", "sem resposta". The stage is
/// decided in the core ([`PaymentStage`]); an unknown service state is shown
/// as the service wrote it.
pub fn stage_label(language: Language, stage: &PaymentStage) -> String {
    let Some(state) = stage.service_state() else {
        return i18n::tr(language, stage.key()).into_owned();
    };
    let state = match stage.service_state_key() {
        Some(key) => i18n::tr(language, key).into_owned(),
        None => state.to_owned(),
    };
    i18n::tr_with(language, "stage.sent_state", &[("state", &state)])
}

/// A payment method's name as a person reads it, from its wire value: "Pix"
/// as the Banco Central writes it, "TED" in capitals.
pub fn method_name(wire: &str) -> String {
    if wire.trim().eq_ignore_ascii_case("pix") {
        "Pix".to_owned()
    } else {
        wire.to_uppercase()
    }
}

/// The totals of a set of payments by stage: "4 enviados, 0 pagos ainda".
pub fn stage_totals(language: Language, counts: &StageCounts) -> String {
    let sent = i18n::tr_count(
        language,
        ("stage.sent_count_one", "stage.sent_count"),
        counts.sent,
        &[],
    );
    if counts.sent > 0 && counts.paid == counts.sent {
        let key = if counts.sent == 1 {
            "stage.totals_the_one_paid"
        } else {
            "stage.totals_all_paid"
        };
        return i18n::tr_with(language, key, &[("sent", &sent)]);
    }
    // "0 pagos": none paid is counted in the plural, as a person says it.
    let paid_key = if counts.paid == 1 {
        "stage.paid_count_one"
    } else {
        "stage.paid_count"
    };
    let paid = i18n::tr_with(language, paid_key, &[("count", &counts.paid.to_string())]);
    i18n::tr_with(
        language,
        "stage.totals",
        &[("sent", &sent), ("paid", &paid)],
    )
}

/// The service a base URL points at, as a person checks it: its host, and
/// its port when it is not the scheme's own (`api.example.com`,
/// `127.0.0.1:8797`); the URL as it is when it does not read as one.
pub fn service_host(base_url: &str) -> String {
    match url::Url::parse(base_url) {
        Ok(url) => match (url.host_str(), url.port()) {
            (Some(host), Some(port)) => format!("{host}:{port}"),
            (Some(host), None) => host.to_owned(),
            (None, _) => base_url.to_owned(),
        },
        Err(_) => base_url.to_owned(),
    }
}

/// The digits of a CPF (11) or a CNPJ (14) typed or sent with or without
/// its punctuation; `None` for anything else.
fn document_digits(document: &str) -> Option<String> {
    let digits: String = document.chars().filter(char::is_ascii_digit).collect();
    let only_punctuation = document
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '/' | ' '));
    (only_punctuation && matches!(digits.len(), 11 | 14)).then_some(digits)
}

/// A CPF or CNPJ written in full as Brazilian documents write it
/// (`123.456.789-09`, `12.345.678/0001-95`), for what the person typed
/// themselves and checks before it is sent; anything else as it is.
pub fn document_formatted(document: &str) -> String {
    let Some(digits) = document_digits(document) else {
        return document.to_owned();
    };
    if digits.len() == 11 {
        format!(
            "{}.{}.{}-{}",
            &digits[..3],
            &digits[3..6],
            &digits[6..9],
            &digits[9..]
        )
    } else {
        format!(
            "{}.{}.{}/{}-{}",
            &digits[..2],
            &digits[2..5],
            &digits[5..8],
            &digits[8..12],
            &digits[12..]
        )
    }
}

/// A CPF or CNPJ as Brazilian banks show someone's on a screen and on a
/// PIX receipt: a person's CPF masked to its middle six digits
/// (`***.456.789-**`), so a screen or a shared receipt does not give it
/// away; a company's CNPJ, which is public, whole and formatted
/// (`12.345.678/0001-95`); anything else as it is.
pub fn document_shown(document: &str) -> String {
    match document_digits(document) {
        Some(digits) if digits.len() == 11 => {
            format!("***.{}.{}-**", &digits[3..6], &digits[6..9])
        }
        Some(_) => document_formatted(document),
        None => document.to_owned(),
    }
}

/// A bank account's type in words, as the service or a payer's bank sends
/// it (the ISO 20022 codes `CACC`, `SVGS`, `TRAN`, `SLRY`, or `checking` /
/// `savings`): "Conta corrente", "Poupança"; an unknown one as it came.
pub fn account_type_words(language: Language, wire: &str) -> String {
    let key = match wire.trim().to_ascii_uppercase().as_str() {
        "CACC" | "CHECKING" => "accounts.type_checking",
        "SVGS" | "SAVINGS" => "accounts.type_savings",
        "TRAN" | "PAYMENT" => "accounts.type_payment",
        "SLRY" | "SALARY" => "accounts.type_salary",
        _ => return wire.to_owned(),
    };
    i18n::tr(language, key).into_owned()
}

/// The first 8 characters of an id, as lists and notices show it.
pub fn short_id(id: &uuid::Uuid) -> String {
    id.to_string().chars().take(8).collect()
}

#[cfg(test)]
mod tests {
    use rust_decimal::Decimal;

    use time::macros::datetime;

    use super::{AmountFormat, HIDDEN_DIGITS, MISSING, MomentFormat, Precision};
    use crate::app::clock::LocalZone;
    use crate::app::i18n::Language;
    use brlv_core::api::model::Asset;

    fn dec(text: &str) -> Decimal {
        text.parse().unwrap_or_default()
    }

    #[test]
    fn reais_are_written_with_their_symbol_before_the_number_in_both_languages() {
        let pt = AmountFormat::new(Language::PtBr, false);
        let en = AmountFormat::new(Language::En, false);
        for precision in [Precision::List, Precision::Exact] {
            let shown = pt.written(dec("1234.56"), "BRL", precision);
            assert_eq!(shown.text(), "R$ 1.234,56");
            assert_eq!(shown.spoken, "1.234,56 reais");
            assert_eq!(
                en.written(dec("1234.56"), "BRL", precision).text(),
                "R$1,234.56"
            );
        }
        assert_eq!(
            pt.of_asset(dec("250"), Some(&Asset::FiatBrl)).text(),
            "R$ 250,00"
        );
        assert_eq!(
            en.listed(dec("250"), Some(&Asset::FiatBrl)).text(),
            "R$250.00"
        );
        assert_eq!(pt.brl(dec("1234.5")), "R$ 1.234,50");
        assert_eq!(pt.brl(dec("-250.63")), "-R$ 250,63");
        assert_eq!(en.brl(dec("-250.63")), "-R$250.63");
        assert_eq!(en.brl(dec("25000")), "R$25,000.00");
        // Never the ticker after the number, in any view.
        for language in Language::ALL {
            let text =
                AmountFormat::new(language, false).text(Some(dec("537.3")), Some(&Asset::FiatBrl));
            assert!(text.starts_with("R$") && !text.contains("BRL"), "{text}");
        }
    }

    #[test]
    fn a_list_writes_every_known_token_at_two_places_and_a_detail_every_place() {
        let en = AmountFormat::new(Language::En, false);
        let pt = AmountFormat::new(Language::PtBr, false);
        let brlv = dec("44910.500000000000000000");
        let listed = en.listed(brlv, Some(&Asset::EthBaseBrlv));
        assert_eq!(listed.text(), "44,910.50 BRLV");
        assert_eq!(listed.spoken, "44,910.50 BRLV");
        assert_eq!(listed.exact.as_deref(), Some("44,910.50 BRLV"));
        assert_eq!(
            pt.listed(dec("74.625"), Some(&Asset::EthBaseBrlv)).text(),
            "74,62 BRLV"
        );
        assert_eq!(
            pt.listed(dec("5"), Some(&Asset::EthBaseWbrly)).text(),
            "5,00 WBRLY"
        );
        assert_eq!(
            pt.listed(dec("99.5"), Some(&Asset::EthBaseUsdc)).text(),
            "99,50 USDC"
        );
        assert_eq!(
            pt.listed(dec("200"), Some(&Asset::EthMainnetUsdt)).text(),
            "200,00 USDT"
        );
        // The detail keeps what the list cuts, and the hover of the list has it.
        let cut = pt.listed(dec("0.123456"), Some(&Asset::EthBaseUsdc));
        assert_eq!(cut.text(), "0,12 USDC");
        assert_eq!(cut.exact.as_deref(), Some("0,123456 USDC"));
        assert_eq!(
            pt.of_asset(dec("0.123456"), Some(&Asset::EthBaseUsdc))
                .text(),
            "0,123456 USDC"
        );
        // A receipt's headline: the places that count, never six zeros.
        assert_eq!(
            pt.of_asset(dec("100.000000"), Some(&Asset::EthBaseUsdc))
                .text(),
            "100,00 USDC"
        );
        assert_eq!(
            en.text(Some(dec("-0.25")), Some(&Asset::EthBaseUsdc)),
            "-0.25 USDC"
        );
        assert_eq!(en.text(None, Some(&Asset::EthBaseUsdc)), MISSING);
        // An asset the app does not know keeps every place it carries.
        assert_eq!(en.listed(dec("1.23456"), None).text(), "1.23456");
    }

    #[test]
    fn no_place_of_a_shown_amount_is_set_apart_to_be_dimmed() {
        let pt = AmountFormat::new(Language::PtBr, false);
        let shown = pt.listed(dec("537.30"), Some(&Asset::FiatBrl));
        assert_eq!(
            (
                shown.prefix.as_str(),
                shown.integer.as_str(),
                shown.fraction.as_str()
            ),
            ("R$ ", "537", ",30")
        );
        assert_eq!(shown.text(), "R$ 537,30");
    }

    #[test]
    fn hidden_amounts_keep_no_digit_anywhere() {
        for language in Language::ALL {
            let hidden = AmountFormat::new(language, true);
            let shown = hidden.of_asset(dec("1234.56"), Some(&Asset::FiatBrl));
            assert_eq!(shown.text(), format!("R$ {HIDDEN_DIGITS}"));
            assert!(shown.exact.is_none());
            assert!(!shown.spoken.contains(char::is_numeric));
            let token = hidden.listed(dec("1234.56"), Some(&Asset::EthBaseBrlv));
            assert_eq!(token.text(), format!("{HIDDEN_DIGITS} BRLV"));
            assert_eq!(hidden.brl(dec("1234.56")), format!("R$ {HIDDEN_DIGITS}"));
            assert_eq!(hidden.wire(dec("1234.56")), HIDDEN_DIGITS);
            assert_eq!(hidden.number(dec("5.1"), 2), HIDDEN_DIGITS);
            assert_eq!(hidden.percent(57), HIDDEN_DIGITS);
        }
    }

    fn sao_paulo() -> LocalZone {
        LocalZone::named("America/Sao_Paulo").expect("the bundled database has Sao Paulo")
    }

    #[test]
    fn a_moment_is_written_in_the_zone_as_the_language_writes_it() {
        let pix = datetime!(2026-04-01 01:30:05 UTC);
        let pt = MomentFormat::new(Language::PtBr, sao_paulo());
        assert_eq!(pt.text(pix), "31/03/2026 22:30");
        assert_eq!(pt.exact(pix), "31/03/2026 22:30:05");
        assert_eq!(pt.time_of_day(pix), "22:30");
        assert_eq!(pt.with_offset(pix), "31/03/2026 22:30:05 (UTC-03:00)");
        let en = MomentFormat::new(Language::En, sao_paulo());
        assert_eq!(en.text(pix), "31 Mar 2026 22:30");
        assert_eq!(en.or_missing(None), MISSING);
        let utc = MomentFormat::new(Language::En, LocalZone::utc());
        assert_eq!(utc.text(pix), "1 Apr 2026 01:30");
        assert_eq!(utc.with_offset(pix), "1 Apr 2026 01:30:05 (UTC+00:00)");
        // Brazil's daylight saving of 2018-19 moved its clocks to UTC-2.
        assert_eq!(
            pt.with_offset(datetime!(2019-01-15 12:00 UTC)),
            "15/01/2019 10:00:00 (UTC-02:00)"
        );
    }

    #[test]
    fn a_moment_past_year_9999_in_the_zone_does_not_panic() {
        // The fuzzers' date: valid where it was sent, year 10000 in UTC.
        let zone = LocalZone::named("Asia/Tokyo").expect("the bundled database has Tokyo");
        let text =
            MomentFormat::new(Language::PtBr, zone).text(datetime!(9999-12-31 23:59:59 -01:00));
        assert!(text.starts_with("31/12/9999"), "{text}");
    }
}

#[cfg(test)]
mod personal_data_tests {
    use super::{account_type_words, document_formatted, document_shown};
    use crate::app::i18n::Language;

    #[test]
    fn a_cpf_is_masked_to_its_middle_digits_and_a_cnpj_formatted_whole() {
        for cpf in ["12345678909", "123.456.789-09", " 123.456.789-09"] {
            assert_eq!(document_shown(cpf), "***.456.789-**", "{cpf}");
            assert_eq!(document_formatted(cpf), "123.456.789-09", "{cpf}");
        }
        for cnpj in ["12345678000195", "12.345.678/0001-95"] {
            assert_eq!(document_shown(cnpj), "12.345.678/0001-95", "{cnpj}");
            assert_eq!(document_formatted(cnpj), "12.345.678/0001-95", "{cnpj}");
        }
        // Not a document: left as it came, never half-masked.
        for other in ["maria@example.com", "+5511999998888", "1234", "-"] {
            assert_eq!(document_shown(other), other);
            assert_eq!(document_formatted(other), other);
        }
    }

    #[test]
    fn account_types_are_said_in_words_in_both_languages() {
        let pt = |wire| account_type_words(Language::PtBr, wire);
        let en = |wire| account_type_words(Language::En, wire);
        assert_eq!(pt("CACC"), "Conta corrente");
        assert_eq!(pt("SVGS"), "Poupança");
        assert_eq!(pt("TRAN"), "Conta de pagamento");
        assert_eq!(pt("SLRY"), "Conta salário");
        assert_eq!(pt("checking"), "Conta corrente");
        assert_eq!(en("CACC"), "Checking account");
        assert_eq!(en("SVGS"), "Savings account");
        assert_eq!(en("TRAN"), "Payment account");
        assert_eq!(en("SLRY"), "Salary account");
        assert_eq!(en("XPTO"), "XPTO");
    }
}

#[cfg(test)]
mod service_host_tests {
    use super::service_host;

    #[test]
    fn the_host_is_shown_with_a_port_only_when_it_is_not_the_schemes() {
        assert_eq!(service_host("https://api.example.com/"), "api.example.com");
        assert_eq!(
            service_host("https://api.example.com:443"),
            "api.example.com"
        );
        assert_eq!(service_host("http://127.0.0.1:8797"), "127.0.0.1:8797");
        assert_eq!(service_host("not a url"), "not a url");
    }

    #[test]
    fn a_payment_stage_is_said_with_the_services_state_in_both_languages() {
        use super::{stage_label, stage_totals};
        use crate::app::i18n::Language;
        use brlv_core::payment_stage::{PaymentStage, StageCounts};
        let pending = PaymentStage::of_state(Some("pending-payment"));
        assert_eq!(
            stage_label(Language::PtBr, &pending),
            "enviado ao serviço (pagamento pendente)"
        );
        assert_eq!(
            stage_label(Language::En, &pending),
            "sent to the service (payment pending)"
        );
        let unknown = PaymentStage::of_state(Some("settled"));
        assert_eq!(
            stage_label(Language::PtBr, &unknown),
            "enviado ao serviço (settled)"
        );
        assert_eq!(stage_label(Language::PtBr, &PaymentStage::Paid), "pago");
        assert_eq!(
            stage_label(Language::PtBr, &PaymentStage::NoAnswer),
            "sem resposta"
        );
        let created = PaymentStage::of_state(Some("created"));
        let counts = StageCounts::of(&[created.clone(), created.clone(), created.clone(), created]);
        assert_eq!(
            stage_totals(Language::PtBr, &counts),
            "4 enviados, 0 pagos ainda"
        );
        assert_eq!(stage_totals(Language::En, &counts), "4 sent, 0 paid yet");
        let one = StageCounts::of(&[PaymentStage::of_state(Some("created"))]);
        assert_eq!(
            stage_totals(Language::PtBr, &one),
            "1 enviado, 0 pagos ainda"
        );
        let paid = StageCounts::of(&[PaymentStage::Paid]);
        assert_eq!(stage_totals(Language::PtBr, &paid), "1 enviado, pago");
        let mixed = StageCounts::of(&[PaymentStage::Paid, PaymentStage::of_state(Some("created"))]);
        assert_eq!(
            stage_totals(Language::PtBr, &mixed),
            "2 enviados, 1 pago ainda"
        );
    }
}
