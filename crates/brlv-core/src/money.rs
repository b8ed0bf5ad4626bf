//! Money as a person reads and types it: Decimal at an asset's scale, grouped
//! per language, and typed amounts parsed either way, refusing the ambiguous.
//!
//! # Writing
//!
//! [`format_amount`] groups thousands (`1.234.567,89` or `1,234,567.89`) and
//! writes at least the asset's scale in places, but never fewer than the value
//! really carries: money is never rounded for display. [`format_amount_parts`]
//! splits the same text into its significant part and its trailing zeros, and
//! [`format_brl`] adds the `R$` symbol. A list, where every row must line up
//! at the same places, writes [`format_amount_fixed`] at an asset's
//! [`list_places`]: cut toward zero, so no row shows more than there is; the
//! exact value stays with the record's details and the exports.
//!
//! # Reading
//!
//! [`parse_amount`] reads what a person typed in either style, whatever the
//! language of the interface, and refuses what it would have to guess:
//!
//! - A space (also no-break and thin spaces) only ever groups thousands.
//! - Two different separators (`1.234,56`, `1,234.56`): the last one marks the
//!   decimals and appears once; the other groups thousands.
//! - The same separator twice or more (`1.234.567`): it groups thousands.
//! - One separator followed by anything but three digits (`1234,5`, `10.50`):
//!   it marks the decimals.
//! - One separator followed by exactly three digits (`1.234`, `1,234`) is
//!   **ambiguous** and refused, whatever the asset's scale, unless only one
//!   reading is possible: the part before it is `0` (`0,125`) or longer than
//!   three digits (`1234.567`), which a thousands group can never be.
//! - A leading separator (`.5`, `,5`) marks the decimals: `0.5`.
//! - Grouped digits must be grouped properly: one to three digits, then groups
//!   of exactly three (`1.23.4` is refused), not starting with `0`.
//! - An optional `R$` (any case) may come first; a minus sign is refused with
//!   "must be greater than zero", as is zero.
//! - More decimal places than the asset's scale are refused, trailing zeros
//!   included (`10.500` for BRL): nothing is rounded or trimmed.
//!
//! The result keeps the places that were typed: `10.50` is `10.50`, scale 2.
//! The one exception: a `Decimal` holds 28 to 29 digits, so when a large
//! amount's places do not all fit, its trailing zeros are dropped (the value
//! is unchanged); if it still does not fit it is refused as too large.
//!
//! Note that [`format_amount`] at scale 0 writes `1.234` for 1234, which
//! [`parse_amount`] refuses as ambiguous; every asset here has two or more places.

use rust_decimal::Decimal;

/// How numbers are written.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum NumberFormat {
    /// `1.234,56` (pt-BR).
    #[default]
    Brazilian,
    /// `1,234.56` (English).
    English,
}

impl NumberFormat {
    /// The character that separates the decimals: `,` or `.`.
    pub fn decimal_separator(self) -> char {
        match self {
            NumberFormat::Brazilian => ',',
            NumberFormat::English => '.',
        }
    }

    /// The character that groups thousands: `.` or `,`.
    pub fn grouping_separator(self) -> char {
        match self {
            NumberFormat::Brazilian => '.',
            NumberFormat::English => ',',
        }
    }
}

/// Why a typed amount was refused. Every message says what is wrong and how
/// to write the amount instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseAmountError {
    /// Nothing was typed.
    #[error("Enter an amount, such as 1234,56 or 1234.56.")]
    Empty,
    /// A character that has no place in an amount.
    #[error(
        "\u{201c}{input}\u{201d} is not an amount: \u{201c}{found}\u{201d} is not allowed. \
         Type digits with a comma or a point for the decimals, such as 1234,56."
    )]
    InvalidCharacter {
        /// What was typed, trimmed.
        input: String,
        /// The first character refused.
        found: char,
    },
    /// Separators but no digits.
    #[error("\u{201c}{input}\u{201d} has no digits. Type an amount such as 1234,56.")]
    NoDigits {
        /// What was typed, trimmed.
        input: String,
    },
    /// Negative or zero.
    #[error("The amount must be greater than zero; \u{201c}{input}\u{201d} is not.")]
    NotPositive {
        /// What was typed, trimmed.
        input: String,
    },
    /// More decimal places than the asset has.
    #[error("{}", too_many_places_message(*given, *allowed))]
    TooManyDecimalPlaces {
        /// Decimal places typed.
        given: u32,
        /// Decimal places the asset allows.
        allowed: u32,
    },
    /// A single separator followed by exactly three digits: a thousands group
    /// or three decimals.
    #[error("{}", ambiguous_message(input))]
    Ambiguous {
        /// What was typed, trimmed.
        input: String,
    },
    /// Thousands separators not every three digits.
    #[error(
        "\u{201c}{input}\u{201d} is not grouped correctly: after a thousands separator come \
         exactly three digits, as in 1.234.567. Type the amount without thousands \
         separators instead, such as 1234567,89."
    )]
    MalformedGrouping {
        /// What was typed, trimmed.
        input: String,
    },
    /// Separators next to each other, at the end, a space used for decimals,
    /// the decimal separator more than once, or three kinds at once.
    #[error(
        "\u{201c}{input}\u{201d} has separators where they cannot be: use one comma or point \
         for the decimals and, if you like, the other one for thousands, such as \
         1.234,56 or 1,234.56."
    )]
    MisplacedSeparator {
        /// What was typed, trimmed.
        input: String,
    },
    /// More digits than an amount can hold.
    #[error("\u{201c}{input}\u{201d} is too large to be an amount; check the number of digits.")]
    TooLarge {
        /// What was typed, trimmed.
        input: String,
    },
}

fn too_many_places_message(given: u32, allowed: u32) -> String {
    let places = |n: u32| {
        if n == 1 {
            "1 decimal place".to_owned()
        } else {
            format!("{n} decimal places")
        }
    };
    let typed = if given == 1 { "was" } else { "were" };
    if allowed == 0 {
        format!(
            "This amount takes whole units only, but {} {typed} typed; remove the decimals.",
            places(given)
        )
    } else {
        format!(
            "This amount takes at most {}, but {} {typed} typed; remove the extra digits.",
            places(allowed),
            places(given)
        )
    }
}

fn ambiguous_message(input: &str) -> String {
    let digits: String = input.chars().filter(char::is_ascii_digit).collect();
    let (before, after) = input
        .split_once(['.', ','])
        .map(|(b, a)| {
            let keep = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
            (keep(b), keep(a))
        })
        .unwrap_or_default();
    format!(
        "\u{201c}{input}\u{201d} is ambiguous: it could mean {digits} or {before} and {after} \
         thousandths. Write {digits} for the whole number, or add the decimals to make the \
         separators clear, such as {before}.{after},00 or {before},{after}.00."
    )
}

/// A formatted amount split so the insignificant trailing zeros can be shown
/// dimmer: `significant + trailing_zeros` is exactly what [`format_amount`]
/// writes.
///
/// The integer part always stays significant. When some decimals are not
/// zero, only the zeros after the last of them are trailing
/// (`1,500000` → `1,5` + `00000`); when all decimals are zero, the decimal
/// separator goes with them (`2,00` → `2` + `,00`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct AmountParts {
    /// Sign, integer part and decimals up to the last non-zero one.
    pub significant: String,
    /// Zeros (and possibly the decimal separator) that add no value.
    pub trailing_zeros: String,
}

/// The digits of `value`'s magnitude: integer part and decimals, the decimals
/// padded with zeros to at least `scale` places but never cut.
fn digits(value: Decimal, scale: u32) -> (bool, String, String) {
    let negative = value.is_sign_negative() && !value.is_zero();
    // `normalize` drops trailing zeros only: the value is unchanged.
    let text = value.abs().normalize().to_string();
    let (int, frac) = text.split_once('.').unwrap_or((text.as_str(), ""));
    let mut frac = frac.to_owned();
    let wanted = usize::try_from(scale).unwrap_or(usize::MAX);
    while frac.len() < wanted {
        frac.push('0');
    }
    (negative, int.to_owned(), frac)
}

fn group(int: &str, separator: char) -> String {
    let mut out = String::with_capacity(int.len() + int.len() / 3);
    let first = match int.len() % 3 {
        0 => 3,
        n => n,
    };
    for (i, c) in int.chars().enumerate() {
        if i >= first && (i - first) % 3 == 0 {
            out.push(separator);
        }
        out.push(c);
    }
    out
}

/// Writes `value` grouped, with at least `scale` places and never fewer than it carries.
///
/// `1234567.891` at scale 2 is `1.234.567,891` (Brazilian) or `1,234,567.891`
/// (English); `1.5` at scale 6 is `1,500000`. Negative values start with `-`.
pub fn format_amount(value: Decimal, scale: u32, format: NumberFormat) -> String {
    let parts = format_amount_parts(value, scale, format);
    parts.significant + &parts.trailing_zeros
}

/// [`format_amount`], split into the significant text and the trailing zeros
/// that a display may dim; see [`AmountParts`].
pub fn format_amount_parts(value: Decimal, scale: u32, format: NumberFormat) -> AmountParts {
    let (negative, int, frac) = digits(value, scale);
    let mut significant = String::new();
    if negative {
        significant.push('-');
    }
    significant.push_str(&group(&int, format.grouping_separator()));
    let kept = frac.trim_end_matches('0');
    let mut trailing_zeros = String::new();
    if kept.is_empty() {
        if !frac.is_empty() {
            trailing_zeros.push(format.decimal_separator());
            trailing_zeros.push_str(&frac);
        }
    } else {
        significant.push(format.decimal_separator());
        significant.push_str(kept);
        trailing_zeros.push_str(&frac[kept.len()..]);
    }
    AmountParts {
        significant,
        trailing_zeros,
    }
}

/// Writes `value` grouped at exactly `places` decimal places, the rest cut
/// toward zero, as a list's column writes it (`1.5` at 2 is `1,50`; `74.625`
/// is `74,62`: a row never shows more than there is).
pub fn format_amount_fixed(value: Decimal, places: u32, format: NumberFormat) -> String {
    let cut = value.round_dp_with_strategy(places, rust_decimal::RoundingStrategy::ToZero);
    let (negative, int, frac) = digits(cut, places);
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    out.push_str(&group(&int, format.grouping_separator()));
    if !frac.is_empty() {
        out.push(format.decimal_separator());
        out.push_str(&frac);
    }
    out
}

/// The places an amount of the asset with `ticker` (`BRL`, `BRLV`, `USDC`)
/// keeps in a list, the same in every row: reais their cents, and the
/// tokens the app knows their cents too (each is worth about a real or a
/// dollar, so a further place is less than a centavo). `None` for a ticker
/// the app does not know: its every place is written.
pub fn list_places(ticker: &str) -> Option<u32> {
    match ticker.to_ascii_uppercase().as_str() {
        "BRL" | "USD" | "BRLV" | "BRLY" | "WBRLY" | "USDC" | "USDT" => Some(2),
        _ => None,
    }
}

/// Writes a BRL amount with its symbol at two places (more only if the value
/// carries more): `R$ 1.234,56` (Brazilian, with a normal space) or
/// `R$1,234.56` (English); negative values as `-R$ 1.234,56` / `-R$1,234.56`.
pub fn format_brl(value: Decimal, format: NumberFormat) -> String {
    let (negative, _, _) = digits(value, 0);
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    out.push_str("R$");
    if format == NumberFormat::Brazilian {
        out.push(' ');
    }
    out.push_str(&format_amount(value.abs(), 2, format));
    out
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\u{a0}' | '\u{202f}' | '\u{2009}')
}

fn is_minus(c: char) -> bool {
    matches!(c, '-' | '\u{2212}')
}

/// A typed amount cut into runs of digits and the separators between them.
struct Tokens<'a> {
    /// Digit runs; there is one more run than separators.
    runs: Vec<&'a str>,
    /// Separators: `.`, `,` or `' '` for any kind of space.
    seps: Vec<char>,
}

fn tokenize<'a>(body: &'a str, input: &str) -> Result<Tokens<'a>, ParseAmountError> {
    let mut runs = Vec::new();
    let mut seps = Vec::new();
    let mut start = 0;
    for (i, c) in body.char_indices() {
        if c.is_ascii_digit() {
            continue;
        }
        let sep = if c == '.' || c == ',' {
            c
        } else if is_space(c) {
            ' '
        } else {
            return Err(ParseAmountError::InvalidCharacter {
                input: input.to_owned(),
                found: c,
            });
        };
        runs.push(&body[start..i]);
        seps.push(sep);
        start = i + c.len_utf8();
    }
    runs.push(&body[start..]);
    Ok(Tokens { runs, seps })
}

/// Checks thousands groups: 1 to 3 digits not starting with 0, then groups of 3.
fn check_grouping(runs: &[&str], input: &str) -> Result<(), ParseAmountError> {
    let malformed = || ParseAmountError::MalformedGrouping {
        input: input.to_owned(),
    };
    let (first, rest) = runs.split_first().ok_or_else(malformed)?;
    if first.is_empty() || first.len() > 3 || first.starts_with('0') {
        return Err(malformed());
    }
    if rest.iter().any(|run| run.len() != 3) {
        return Err(malformed());
    }
    Ok(())
}

/// Splits the separators and digit runs into the integer and decimal digits.
fn split_number(tokens: &Tokens<'_>, input: &str) -> Result<(String, String), ParseAmountError> {
    let misplaced = || ParseAmountError::MisplacedSeparator {
        input: input.to_owned(),
    };
    let runs = &tokens.runs;
    let seps = &tokens.seps;
    let (Some(last_sep), Some(last_run)) = (seps.last().copied(), runs.last()) else {
        return Ok((runs.concat(), String::new()));
    };

    // A separator must stand between digits, except a leading decimal one.
    if last_run.is_empty() || runs[1..runs.len() - 1].iter().any(|r| r.is_empty()) {
        return Err(misplaced());
    }
    if runs[0].is_empty() {
        return if seps.len() == 1 && last_sep != ' ' {
            Ok((String::from("0"), (*last_run).to_owned()))
        } else {
            Err(misplaced())
        };
    }

    let all_same = seps.iter().all(|&s| s == last_sep);
    if all_same {
        if last_sep == ' ' || seps.len() > 1 {
            check_grouping(runs, input)?;
            return Ok((runs.concat(), String::new()));
        }
        // One `.` or `,`.
        let (int, frac) = (runs[0], *last_run);
        if frac.len() == 3 && int != "0" && int.len() <= 3 {
            return Err(ParseAmountError::Ambiguous {
                input: input.to_owned(),
            });
        }
        return Ok((int.to_owned(), frac.to_owned()));
    }

    // Two kinds: the last marks the decimals, once; all others group.
    if last_sep == ' ' {
        return Err(misplaced());
    }
    let int_seps = &seps[..seps.len() - 1];
    let grouping = int_seps[0];
    if grouping == last_sep || int_seps.iter().any(|&s| s != grouping) {
        return Err(misplaced());
    }
    let int_runs = &runs[..runs.len() - 1];
    check_grouping(int_runs, input)?;
    Ok((int_runs.concat(), (*last_run).to_owned()))
}

/// Parses what a person typed; refuses more places than `scale`, ≤ 0, and the ambiguous.
///
/// See the [module documentation](self) for the exact rules. The result keeps
/// the places typed: `10,50` gives `10.50`.
pub fn parse_amount(input: &str, scale: u32) -> Result<Decimal, ParseAmountError> {
    let input = input.trim_matches(|c: char| c.is_whitespace() || is_space(c));
    if input.is_empty() {
        return Err(ParseAmountError::Empty);
    }

    // Optional minus, `R$`, minus again, in that order.
    let mut body = input;
    let mut negative = false;
    let mut strip_minus = |body: &mut &str| {
        if let Some(c) = body.chars().next().filter(|&c| is_minus(c)) {
            negative = true;
            *body =
                body[c.len_utf8()..].trim_start_matches(|c: char| c.is_whitespace() || is_space(c));
        }
    };
    strip_minus(&mut body);
    if body.len() >= 2 && body.is_char_boundary(2) && body[..2].eq_ignore_ascii_case("r$") {
        body = body[2..].trim_start_matches(|c: char| c.is_whitespace() || is_space(c));
    }
    strip_minus(&mut body);
    if body.is_empty() {
        return Err(if negative {
            ParseAmountError::NoDigits {
                input: input.to_owned(),
            }
        } else {
            ParseAmountError::Empty
        });
    }

    let tokens = tokenize(body, input)?;
    if tokens.runs.iter().all(|r| r.is_empty()) {
        return Err(ParseAmountError::NoDigits {
            input: input.to_owned(),
        });
    }
    let (int, frac) = split_number(&tokens, input)?;

    let places = u32::try_from(frac.len()).unwrap_or(u32::MAX);
    if places > scale {
        return Err(ParseAmountError::TooManyDecimalPlaces {
            given: places,
            allowed: scale,
        });
    }

    let decimal = |frac: &str| {
        if frac.is_empty() {
            Decimal::from_str_exact(&int)
        } else {
            Decimal::from_str_exact(&format!("{int}.{frac}"))
        }
    };
    // A Decimal holds 28 or 29 digits. When the places typed do not fit, but
    // without their trailing zeros they do, the value is kept with fewer
    // places: `79.338.282.439,900000000000000000` is still 79338282439.9.
    let value = decimal(&frac)
        .or_else(|_| decimal(frac.trim_end_matches('0')))
        .map_err(|_| ParseAmountError::TooLarge {
            input: input.to_owned(),
        })?;
    if negative || value.is_zero() {
        return Err(ParseAmountError::NotPositive {
            input: input.to_owned(),
        });
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    use NumberFormat::{Brazilian as BR, English as EN};

    fn d(s: &str) -> Decimal {
        Decimal::from_str_exact(s).unwrap()
    }

    // ----- format_amount -------------------------------------------------

    #[test]
    fn formats_grouped_in_both_styles() {
        assert_eq!(format_amount(d("1234567.89"), 2, BR), "1.234.567,89");
        assert_eq!(format_amount(d("1234567.89"), 2, EN), "1,234,567.89");
        assert_eq!(format_amount(d("123"), 2, BR), "123,00");
        assert_eq!(format_amount(d("1234"), 2, EN), "1,234.00");
        assert_eq!(format_amount(d("123456"), 2, BR), "123.456,00");
        assert_eq!(format_amount(d("999999.99"), 2, EN), "999,999.99");
        assert_eq!(format_amount(d("1000000"), 0, EN), "1,000,000");
        assert_eq!(format_amount(d("0.01"), 2, BR), "0,01");
        assert_eq!(format_amount(d("0"), 2, BR), "0,00");
        assert_eq!(format_amount(d("0"), 0, EN), "0");
    }

    #[test]
    fn pads_to_scale() {
        assert_eq!(format_amount(d("1.5"), 6, BR), "1,500000");
        assert_eq!(format_amount(d("10"), 2, EN), "10.00");
        assert_eq!(format_amount(d("1.5"), 18, EN), "1.500000000000000000");
    }

    #[test]
    fn never_rounds_extra_places() {
        assert_eq!(format_amount(d("1.239"), 2, BR), "1,239");
        assert_eq!(format_amount(d("1234.5678"), 2, EN), "1,234.5678");
        assert_eq!(
            format_amount(d("0.000000000000000001"), 2, EN),
            "0.000000000000000001"
        );
    }

    #[test]
    fn trailing_zeros_beyond_scale_are_not_places() {
        // 1.50000 is 1.5: writing 1,50 rounds nothing.
        assert_eq!(format_amount(d("1.50000"), 2, BR), "1,50");
        assert_eq!(format_amount(d("7.000"), 0, BR), "7");
    }

    #[test]
    fn negative_values_lead_with_minus() {
        assert_eq!(format_amount(d("-1234.5"), 2, BR), "-1.234,50");
        assert_eq!(format_amount(d("-0.5"), 2, EN), "-0.50");
        // Negative zero is zero.
        assert_eq!(format_amount(-Decimal::ZERO, 2, EN), "0.00");
        assert_eq!(format_amount(d("-0.00"), 2, EN), "0.00");
    }

    #[test]
    fn formats_largest_decimal() {
        assert_eq!(
            format_amount(Decimal::MAX, 0, EN),
            "79,228,162,514,264,337,593,543,950,335"
        );
        assert_eq!(
            format_amount(Decimal::MIN, 2, BR),
            "-79.228.162.514.264.337.593.543.950.335,00"
        );
    }

    #[test]
    fn formats_brlv_scale() {
        assert_eq!(
            format_amount(d("123456789.123456789012345678"), 18, BR),
            "123.456.789,123456789012345678"
        );
        assert_eq!(
            format_amount(d("123456789.123456789012345678"), 18, EN),
            "123,456,789.123456789012345678"
        );
    }

    // ----- format_amount_parts -------------------------------------------

    fn parts(value: &str, scale: u32, format: NumberFormat) -> (String, String) {
        let p = format_amount_parts(d(value), scale, format);
        (p.significant, p.trailing_zeros)
    }

    #[test]
    fn parts_split_trailing_zeros() {
        assert_eq!(
            parts("1.5", 18, EN),
            ("1.5".into(), "00000000000000000".into())
        );
        assert_eq!(parts("2", 2, EN), ("2".into(), ".00".into()));
        assert_eq!(parts("2.00", 2, BR), ("2".into(), ",00".into()));
        assert_eq!(parts("1234.10", 2, BR), ("1.234,1".into(), "0".into()));
        assert_eq!(parts("1234.12", 2, BR), ("1.234,12".into(), "".into()));
        assert_eq!(parts("10", 0, BR), ("10".into(), "".into()));
        assert_eq!(parts("100", 0, BR), ("100".into(), "".into()));
        assert_eq!(parts("0", 6, EN), ("0".into(), ".000000".into()));
        assert_eq!(parts("-0.10", 2, EN), ("-0.1".into(), "0".into()));
        assert_eq!(parts("-5", 2, BR), ("-5".into(), ",00".into()));
    }

    #[test]
    fn parts_always_join_to_format_amount() {
        let values = [
            "0",
            "1",
            "10",
            "100.5",
            "-1234.5",
            "1.000001",
            "0.000000000000000001",
            "1000000",
            "1.239",
            "123456789.123456789012345678",
        ];
        for v in values {
            for scale in [0, 2, 6, 18] {
                for f in [BR, EN] {
                    let p = format_amount_parts(d(v), scale, f);
                    assert_eq!(
                        p.significant.clone() + &p.trailing_zeros,
                        format_amount(d(v), scale, f),
                        "{v} at {scale}"
                    );
                    assert!(
                        p.trailing_zeros
                            .chars()
                            .all(|c| c == '0' || c == '.' || c == ',')
                    );
                    assert!(!p.significant.is_empty());
                }
            }
        }
    }

    // ----- format_amount_fixed and list_places ---------------------------

    #[test]
    fn a_list_writes_exactly_its_places_cut_toward_zero() {
        assert_eq!(format_amount_fixed(d("1.5"), 2, BR), "1,50");
        assert_eq!(format_amount_fixed(d("74.625"), 2, BR), "74,62");
        assert_eq!(format_amount_fixed(d("-74.629"), 2, EN), "-74.62");
        assert_eq!(
            format_amount_fixed(d("44910.500000000000000000"), 2, EN),
            "44,910.50"
        );
        assert_eq!(format_amount_fixed(d("100.000000"), 2, BR), "100,00");
        assert_eq!(format_amount_fixed(d("-0.004"), 2, BR), "0,00");
        assert_eq!(format_amount_fixed(d("1234"), 0, BR), "1.234");
    }

    #[test]
    fn every_known_asset_keeps_two_places_in_a_list() {
        for ticker in ["BRL", "brlv", "WBRLY", "USDC", "USDT"] {
            assert_eq!(list_places(ticker), Some(2), "{ticker}");
        }
        assert_eq!(list_places("DOGE"), None);
        assert_eq!(list_places(""), None);
    }

    // ----- format_brl ----------------------------------------------------

    #[test]
    fn brl_with_symbol() {
        assert_eq!(format_brl(d("1234.56"), BR), "R$ 1.234,56");
        assert_eq!(format_brl(d("1234.56"), EN), "R$1,234.56");
        assert_eq!(format_brl(d("-1234.56"), BR), "-R$ 1.234,56");
        assert_eq!(format_brl(d("-1234.56"), EN), "-R$1,234.56");
        assert_eq!(format_brl(d("0"), BR), "R$ 0,00");
        assert_eq!(format_brl(d("5"), EN), "R$5.00");
        // Never rounded.
        assert_eq!(format_brl(d("0.005"), BR), "R$ 0,005");
        // A plain space, not a no-break one.
        assert!(format_brl(d("1"), BR).contains("R$ 1"));
    }

    // ----- parse_amount: accepted ----------------------------------------

    fn ok(input: &str, scale: u32) -> Decimal {
        match parse_amount(input, scale) {
            Ok(v) => v,
            Err(e) => panic!("{input:?} at scale {scale} refused: {e}"),
        }
    }

    fn err(input: &str, scale: u32) -> ParseAmountError {
        match parse_amount(input, scale) {
            Ok(v) => panic!("{input:?} at scale {scale} accepted as {v}"),
            Err(e) => e,
        }
    }

    #[test]
    fn parses_either_style() {
        assert_eq!(ok("1234.56", 2), d("1234.56"));
        assert_eq!(ok("1234,56", 2), d("1234.56"));
        assert_eq!(ok("1.234,56", 2), d("1234.56"));
        assert_eq!(ok("1,234.56", 2), d("1234.56"));
        assert_eq!(ok("1 234,56", 2), d("1234.56"));
        assert_eq!(ok("1 234.56", 2), d("1234.56"));
        assert_eq!(ok("1\u{a0}234,56", 2), d("1234.56"));
        assert_eq!(ok("1\u{202f}234\u{202f}567,5", 2), d("1234567.5"));
        assert_eq!(ok("1234", 2), d("1234"));
        assert_eq!(ok("7", 0), d("7"));
    }

    #[test]
    fn parses_currency_symbol_and_spaces() {
        assert_eq!(ok("R$ 1.234,56", 2), d("1234.56"));
        assert_eq!(ok("R$1,234.56", 2), d("1234.56"));
        assert_eq!(ok("r$ 10", 2), d("10"));
        assert_eq!(ok("  12,5  ", 2), d("12.5"));
        assert_eq!(ok("\tR$\u{a0}3,00\n", 2), d("3.00"));
    }

    #[test]
    fn repeated_separator_groups() {
        assert_eq!(ok("1.234.567", 2), d("1234567"));
        assert_eq!(ok("1,234,567", 2), d("1234567"));
        assert_eq!(ok("12.345.678", 0), d("12345678"));
        assert_eq!(ok("1 234", 2), d("1234"));
        assert_eq!(ok("1.234.567,891", 3), d("1234567.891"));
        assert_eq!(ok("1,234,567.891", 3), d("1234567.891"));
    }

    #[test]
    fn single_separator_not_followed_by_three_digits_is_decimal() {
        assert_eq!(ok("0,5", 2), d("0.5"));
        assert_eq!(ok("10.50", 2), d("10.50"));
        assert_eq!(ok("1,2345", 6), d("1.2345"));
        assert_eq!(ok("1.23456789", 18), d("1.23456789"));
        assert_eq!(ok("1234.5", 2), d("1234.5"));
    }

    #[test]
    fn single_separator_with_one_reading_is_decimal() {
        // `0` or more than three digits cannot start a thousands group.
        assert_eq!(ok("0,125", 3), d("0.125"));
        assert_eq!(ok("0.500", 6), d("0.500"));
        assert_eq!(ok("1234.567", 6), d("1234.567"));
        assert_eq!(ok("12345,678", 3), d("12345.678"));
    }

    #[test]
    fn leading_separator_is_decimal() {
        assert_eq!(ok(".5", 2), d("0.5"));
        assert_eq!(ok(",5", 2), d("0.5"));
        assert_eq!(ok(",125", 3), d("0.125"));
        assert_eq!(ok("R$ ,99", 2), d("0.99"));
    }

    #[test]
    fn keeps_places_typed() {
        let v = ok("10.50", 2);
        assert_eq!(v.scale(), 2);
        assert_eq!(v.to_string(), "10.50");
        assert_eq!(ok("10,5", 2).scale(), 1);
        assert_eq!(ok("10", 2).scale(), 0);
        assert_eq!(ok("1,000000", 6).to_string(), "1.000000");
    }

    #[test]
    fn accepts_leading_zeros_when_not_grouped() {
        assert_eq!(ok("007", 2), d("7"));
        assert_eq!(ok("00,50", 2), d("0.50"));
    }

    #[test]
    fn brlv_full_precision() {
        assert_eq!(
            ok("123456789.123456789012345678", 18),
            d("123456789.123456789012345678")
        );
        assert_eq!(
            ok("123.456.789,123456789012345678", 18),
            d("123456789.123456789012345678")
        );
        assert_eq!(ok("0,000000000000000001", 18), d("0.000000000000000001"));
    }

    // ----- parse_amount: refused -----------------------------------------

    #[test]
    fn refuses_empty() {
        assert_eq!(err("", 2), ParseAmountError::Empty);
        assert_eq!(err("   ", 2), ParseAmountError::Empty);
        assert_eq!(err("R$", 2), ParseAmountError::Empty);
        assert_eq!(err(" R$  ", 2), ParseAmountError::Empty);
    }

    #[test]
    fn refuses_non_numbers() {
        assert!(matches!(
            err("abc", 2),
            ParseAmountError::InvalidCharacter { found: 'a', .. }
        ));
        assert!(matches!(
            err("12a", 2),
            ParseAmountError::InvalidCharacter { found: 'a', .. }
        ));
        assert!(matches!(
            err("1e5", 2),
            ParseAmountError::InvalidCharacter { found: 'e', .. }
        ));
        assert!(matches!(
            err("+5", 2),
            ParseAmountError::InvalidCharacter { found: '+', .. }
        ));
        assert!(matches!(
            err("US$ 5", 2),
            ParseAmountError::InvalidCharacter { found: 'U', .. }
        ));
        assert!(matches!(
            err("5 R$", 2),
            ParseAmountError::InvalidCharacter { found: 'R', .. }
        ));
        assert!(matches!(
            err("1_000", 2),
            ParseAmountError::InvalidCharacter { found: '_', .. }
        ));
        assert!(matches!(
            err("٣", 2),
            ParseAmountError::InvalidCharacter { found: '٣', .. }
        ));
        assert!(matches!(err(".", 2), ParseAmountError::NoDigits { .. }));
        assert!(matches!(err(",,", 2), ParseAmountError::NoDigits { .. }));
        assert!(matches!(err("-", 2), ParseAmountError::NoDigits { .. }));
    }

    #[test]
    fn refuses_zero_and_negative() {
        for input in [
            "0", "0,00", "0.0", ",0", "-5", "- 5", "-R$ 5,00", "R$ -5", "−3", "-0",
        ] {
            assert!(
                matches!(err(input, 2), ParseAmountError::NotPositive { .. }),
                "{input}"
            );
        }
        assert!(err("-5", 2).to_string().contains("greater than zero"));
    }

    #[test]
    fn negative_garbage_reports_the_garbage() {
        assert!(matches!(
            err("-abc", 2),
            ParseAmountError::InvalidCharacter { found: 'a', .. }
        ));
    }

    #[test]
    fn refuses_too_many_places() {
        assert_eq!(
            err("1,234", 2),
            ParseAmountError::Ambiguous {
                input: "1,234".into()
            }
        );
        assert_eq!(
            err("10,5", 0),
            ParseAmountError::TooManyDecimalPlaces {
                given: 1,
                allowed: 0
            }
        );
        assert_eq!(
            err("1.234,567", 2),
            ParseAmountError::TooManyDecimalPlaces {
                given: 3,
                allowed: 2
            }
        );
        assert_eq!(
            err("0,1234567", 6),
            ParseAmountError::TooManyDecimalPlaces {
                given: 7,
                allowed: 6
            }
        );
        assert_eq!(
            err("1.0000000000000000001", 18),
            ParseAmountError::TooManyDecimalPlaces {
                given: 19,
                allowed: 18
            }
        );
        // Trailing zeros count: nothing is trimmed.
        assert_eq!(
            err("10.5000", 2),
            ParseAmountError::TooManyDecimalPlaces {
                given: 4,
                allowed: 2
            }
        );
    }

    #[test]
    fn too_many_places_message_names_both_counts() {
        let msg = err("1,2345", 2).to_string();
        assert!(msg.contains("at most 2 decimal places"), "{msg}");
        assert!(msg.contains("4 decimal places were typed"), "{msg}");
        let msg = err("1,5", 0).to_string();
        assert!(msg.contains("whole units only"), "{msg}");
        assert!(msg.contains("1 decimal place was typed"), "{msg}");
        let msg = err("1,5", 0).to_string();
        assert!(!msg.contains("at most 0"), "{msg}");
    }

    #[test]
    fn refuses_ambiguous_single_separator_with_three_digits() {
        for scale in [0, 2, 3, 6, 18] {
            for input in ["1.234", "1,234", "12.345", "999,999", "R$ 1.234"] {
                assert!(
                    matches!(err(input, scale), ParseAmountError::Ambiguous { .. }),
                    "{input} at {scale}"
                );
            }
        }
    }

    #[test]
    fn ambiguous_message_says_how_to_write_it() {
        let msg = err("1.234", 2).to_string();
        assert!(msg.contains("ambiguous"), "{msg}");
        assert!(msg.contains("1234"), "{msg}");
        assert!(msg.contains("1.234,00"), "{msg}");
        assert!(msg.contains("1,234.00"), "{msg}");
    }

    #[test]
    fn refuses_malformed_grouping() {
        for input in [
            "1.23.4",
            "1,23,456",
            "1.2345.678",
            "1234.567.890",
            "1.234.56",
            "1,234,5678",
            "0.123.456",
            "1.23,45",
            "12 34",
            "1234 567",
            "1 234 56,7",
        ] {
            assert!(
                matches!(err(input, 2), ParseAmountError::MalformedGrouping { .. }),
                "{input}: {:?}",
                parse_amount(input, 2)
            );
        }
    }

    #[test]
    fn refuses_misplaced_separators() {
        for input in [
            "5,",
            "5.",
            "1..5",
            "1,,5",
            "1.,5",
            "1.234,56,7",
            "1,234.56.7",
            "1.234,567.890",
            "1 234.567,89",
            "1,234 567",
            ". 5",
            " ,5,5",
            ".5.5",
        ] {
            assert!(
                matches!(err(input, 2), ParseAmountError::MisplacedSeparator { .. }),
                "{input}: {:?}",
                parse_amount(input, 2)
            );
        }
    }

    #[test]
    fn refuses_too_large() {
        assert!(matches!(
            err("123456789012345678901234567890", 2),
            ParseAmountError::TooLarge { .. }
        ));
        assert!(matches!(
            err("99999999999.999999999999999999", 18),
            ParseAmountError::TooLarge { .. }
        ));
    }

    #[test]
    fn trailing_zeros_that_do_not_fit_are_dropped_not_refused() {
        // 11 + 18 digits exceed a Decimal; the value fits with fewer places.
        let v = ok("79.338.282.439,900000000000000000", 18);
        assert_eq!(v, d("79338282439.9"));
        assert!(matches!(
            err("79338282439,900000000000000001", 18),
            ParseAmountError::TooLarge { .. }
        ));
    }

    #[test]
    fn errors_echo_input_trimmed() {
        assert_eq!(
            err("  12x ", 2),
            ParseAmountError::InvalidCharacter {
                input: "12x".into(),
                found: 'x'
            }
        );
    }

    // ----- round trips ---------------------------------------------------

    #[test]
    fn round_trips_format_then_parse() {
        let values = [
            "0.01",
            "1",
            "12.5",
            "999.99",
            "1000",
            "1234.56",
            "1234567.89",
            "100000000",
            "0.123456",
            "1.000001",
            "987654.321",
            "0.000000000000000001",
            "1.5",
            "123456789.123456789012345678",
            "9999999999.999999999999999999",
        ];
        for scale in [2u32, 6, 18] {
            for v in values {
                let value = d(v);
                if value.normalize().scale() > scale {
                    continue;
                }
                for f in [BR, EN] {
                    let text = format_amount(value, scale, f);
                    let back = parse_amount(&text, scale)
                        .unwrap_or_else(|e| panic!("{text} at {scale}: {e}"));
                    assert_eq!(back, value, "{text}");
                    assert_eq!(back.scale(), scale, "{text}");
                    let brl = format_brl(value, f);
                    if scale == 2 {
                        assert_eq!(parse_amount(&brl, 2).unwrap(), value, "{brl}");
                    }
                }
            }
        }
    }

    #[test]
    fn round_trips_many_generated_values() {
        // A deterministic spread of magnitudes and places.
        let mut n: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..2000 {
            n ^= n << 13;
            n ^= n >> 7;
            n ^= n << 17;
            let scale = [2u32, 6, 18][(n % 3) as usize];
            let places = (n >> 8) as u32 % (scale + 1);
            let mantissa = i128::from((n >> 16) % 1_000_000_000_000) + 1;
            let value = Decimal::from_i128_with_scale(mantissa, places);
            for f in [BR, EN] {
                let text = format_amount(value, scale, f);
                assert_eq!(parse_amount(&text, scale).unwrap(), value, "{text}");
            }
        }
    }

    // ----- helpers -------------------------------------------------------

    #[test]
    fn separators_per_format() {
        assert_eq!(BR.decimal_separator(), ',');
        assert_eq!(BR.grouping_separator(), '.');
        assert_eq!(EN.decimal_separator(), '.');
        assert_eq!(EN.grouping_separator(), ',');
        assert_eq!(NumberFormat::default(), BR);
    }
}
