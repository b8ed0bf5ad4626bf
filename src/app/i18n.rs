//! The one translation layer: every visible string is looked up here by key
//! (`locales/app.yml`, both languages side by side), and money is written the
//! way each language writes it.
//!
//! The language is passed on every lookup instead of set globally, so two
//! windows (or two tests) can show different languages at once.

use std::borrow::Cow;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use brlv_core::money::{self, NumberFormat};

/// A language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    /// Brazilian Portuguese.
    PtBr,
    /// English.
    En,
}

impl Language {
    /// Every language offered, in the order Settings lists them.
    pub const ALL: [Language; 2] = [Language::PtBr, Language::En];

    /// The locale code of `locales/app.yml`.
    pub fn code(self) -> &'static str {
        match self {
            Language::PtBr => "pt-BR",
            Language::En => "en",
        }
    }

    /// The language's name in itself, as language pickers show it.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::PtBr => "Português (Brasil)",
            Language::En => "English",
        }
    }

    /// How numbers are written in it.
    pub fn number_format(self) -> NumberFormat {
        match self {
            Language::PtBr => NumberFormat::Brazilian,
            Language::En => NumberFormat::English,
        }
    }

    /// The language for a locale tag such as `pt-BR`, `pt_BR.UTF-8` or `en-US`:
    /// Portuguese of any country gets Brazilian Portuguese, anything else English.
    pub fn from_locale(tag: &str) -> Language {
        let primary = tag.split(['-', '_', '.', '@']).next().unwrap_or_default();
        if primary.eq_ignore_ascii_case("pt") {
            Language::PtBr
        } else {
            Language::En
        }
    }

    /// The system's language.
    pub fn from_system() -> Language {
        sys_locale::get_locale()
            .map(|tag| Language::from_locale(&tag))
            .unwrap_or(Language::En)
    }
}

/// The text of `key` in `language`; the key itself when it has none (which
/// a test forbids).
pub fn tr(language: Language, key: &'static str) -> Cow<'static, str> {
    crate::_rust_i18n_translate(language.code(), key)
}

/// The text of `key` with `%{name}` placeholders filled.
pub fn tr_with(language: Language, key: &'static str, args: &[(&str, &str)]) -> String {
    let text = tr(language, key);
    let names: Vec<&str> = args.iter().map(|(name, _)| *name).collect();
    let values: Vec<String> = args.iter().map(|(_, value)| (*value).to_owned()).collect();
    rust_i18n::replace_patterns(&text, &names, &values)
}

/// The text for `count` of something, `%{count}` filled: `keys.0` for one
/// (and in Portuguese for zero too, which it writes in the singular),
/// `keys.1` for the rest; no "linha(s)" left for the reader to untangle.
pub fn tr_count(
    language: Language,
    keys: (&'static str, &'static str),
    count: usize,
    args: &[(&str, &str)],
) -> String {
    let singular = match language {
        Language::PtBr => count <= 1,
        Language::En => count == 1,
    };
    let key = if singular { keys.0 } else { keys.1 };
    let count = count.to_string();
    let mut all = vec![("count", count.as_str())];
    all.extend_from_slice(args);
    tr_with(language, key, &all)
}

/// The text of a key made at run time (an error code's, say); the key
/// itself when it has none, so check [`has_key`] first.
pub fn tr_dynamic(language: Language, key: &str) -> String {
    crate::_rust_i18n_try_translate(language.code(), key)
        .map_or_else(|| key.to_owned(), |text| text.into_owned())
}

/// Whether `key` has a text in every language.
pub fn has_key(key: &str) -> bool {
    Language::ALL
        .iter()
        .all(|language| crate::_rust_i18n_try_translate(language.code(), key).is_some())
}

/// Keys present in one language and missing in another, as `locale: key`.
pub fn missing_translations() -> Vec<String> {
    let backend = crate::_rust_i18n_backend();
    let mut keys = std::collections::BTreeSet::new();
    for language in Language::ALL {
        for (key, _) in backend
            .messages_for_locale(language.code())
            .unwrap_or_default()
        {
            keys.insert(key.into_owned());
        }
    }
    let mut missing = Vec::new();
    for key in keys {
        for language in Language::ALL {
            if backend.translate(language.code(), &key).is_none() {
                missing.push(format!("{}: {key}", language.code()));
            }
        }
    }
    missing
}

/// Every text of the interface, as `(language, key, text)`: for checks that
/// read them all, such as how a word is written.
pub fn every_text() -> Vec<(Language, String, String)> {
    let backend = crate::_rust_i18n_backend();
    let mut texts = Vec::new();
    for language in Language::ALL {
        for (key, text) in backend
            .messages_for_locale(language.code())
            .unwrap_or_default()
        {
            texts.push((language, key.into_owned(), text.into_owned()));
        }
    }
    texts
}

/// An amount at `scale` places (and every place it carries), grouped as the
/// language writes it: the exact value. Views write amounts through
/// `ui::AmountFormat`, which masks them when the person hides amounts.
pub fn amount(language: Language, value: Decimal, scale: u32) -> String {
    money::format_amount(value, scale, language.number_format())
}

/// A duration in whole seconds as a person reads it: `45 s`, `3 min`, `2 h`.
pub fn seconds_ago(language: Language, seconds: u64) -> String {
    if seconds < 60 {
        tr_with(language, "time.seconds", &[("n", &seconds.to_string())])
    } else if seconds < 3600 {
        tr_with(
            language,
            "time.minutes",
            &[("n", &(seconds / 60).to_string())],
        )
    } else {
        tr_with(
            language,
            "time.hours",
            &[("n", &(seconds / 3600).to_string())],
        )
    }
}

/// A message that is either a translation key or a library's own text
/// (shown as it is).
pub fn tr_or_text(language: Language, message: &str) -> String {
    match crate::_rust_i18n_try_translate(language.code(), message) {
        Some(text) => text.into_owned(),
        None => message.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use proptest::test_runner::Config;
    use rust_decimal::Decimal;

    use brlv_core::money::{format_amount, parse_amount};

    use super::{Language, amount};

    /// A positive amount with at most `scale` places that a Decimal holds.
    fn amount_at(scale: u32) -> impl Strategy<Value = Decimal> {
        // Mantissas up to 2^96 - 1 (the most a Decimal holds), weighted towards
        // everyday sizes by also drawing short ones.
        let mantissa = prop_oneof![1i128..1_000_000, 1i128..(1i128 << 96)];
        (mantissa, 0..=scale).prop_map(|(mantissa, places)| {
            Decimal::try_from_i128_with_scale(mantissa, places).unwrap()
        })
    }

    proptest! {
        #![proptest_config(Config { cases: 256, ..Config::default() })]

        #[test]
        fn an_amount_written_in_either_language_reads_back_exactly(
            (scale, value) in prop_oneof![Just(2u32), Just(6u32), Just(18u32)]
                .prop_flat_map(|scale| (Just(scale), amount_at(scale))),
            language in prop_oneof![Just(Language::PtBr), Just(Language::En)],
        ) {
            let shown = amount(language, value, scale);
            prop_assert_eq!(parse_amount(&shown, scale), Ok(value), "{:?} shown as {}", language, shown);
            // The same text through the style itself, and with the other style's
            // reader: parsing does not depend on the interface language.
            let written = format_amount(value, scale, language.number_format());
            prop_assert_eq!(&written, &shown);
            // What a person pastes with the currency symbol reads the same.
            prop_assert_eq!(parse_amount(&format!("R$ {written}"), scale), Ok(value));
        }
    }
}
