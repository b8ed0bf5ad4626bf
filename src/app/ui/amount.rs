//! The one place an amount is written for a person to read: [`AmountFormat`]
//! (the language and whether amounts are hidden) turns a value into what a
//! view shows, what a screen reader says and what a hover or a copy gives.
//!
//! What is shown is compact: a token keeps the places that carry value
//! (`44,910.5 BRLV`, not eighteen places), a fiat amount its two (`250.00`,
//! the zeros dimmed); the exact value at the asset's full scale is on hover,
//! on copy and in CSV exports (`export.rs` writes the raw decimal, never
//! through here). While amounts are hidden every path here writes
//! [`HIDDEN_DIGITS`] instead of digits, the spoken form and the hover
//! included, so no view can show one by forgetting to ask.

use egui::text::LayoutJob;
use egui::{Align2, Color32, FontId, Response, Sense, TextFormat, TextStyle, Ui};
use rust_decimal::Decimal;

use crate::api::model::Asset;
use crate::app::i18n::{self, Language};
use crate::money::format_amount_parts;

use super::format::MISSING;

/// What stands for the digits of a hidden amount.
pub const HIDDEN_DIGITS: &str = "•••••";

/// How amounts are written in the views: the person's language, and whether
/// they asked to hide them (the eye in the top bar, Ctrl+Shift+H).
/// `AppState::amount_format()` gives the current one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AmountFormat {
    /// The language numbers and currency names are written in.
    pub language: Language,
    /// Every amount is masked.
    pub hidden: bool,
}

/// An amount cut into the pieces a table aligns on the decimal point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownAmount {
    /// Sign and integer part, grouped (`-44,910`), or [`HIDDEN_DIGITS`].
    pub integer: String,
    /// The decimal separator and the places that carry value (`.5`).
    pub fraction: String,
    /// Places kept only for the currency's habit, dimmed (`.00` of `250.00`).
    pub dimmed: String,
    /// A symbol before the number (`R$`), or empty.
    pub prefix: String,
    /// The ticker after the number (`BRLV`), or empty.
    pub ticker: String,
    /// The exact value at the asset's full scale with its ticker, for a
    /// hover and a copy; `None` while amounts are hidden.
    pub exact: Option<String>,
    /// What a screen reader says: the same compact value as shown, then the
    /// currency's name (`25,000.00 reais`, `10.5 USDC`), or "hidden amount".
    pub spoken: String,
}

impl ShownAmount {
    /// The amount as one line of text: `R$ 250.00`, `44,910.5 BRLV`.
    pub fn text(&self) -> String {
        let mut text = format!(
            "{}{}{}{}",
            self.prefix, self.integer, self.fraction, self.dimmed
        );
        if !self.ticker.is_empty() {
            text.push(' ');
            text.push_str(&self.ticker);
        }
        text
    }
}

impl AmountFormat {
    /// The format for `language`, amounts shown or `hidden`.
    pub fn new(language: Language, hidden: bool) -> AmountFormat {
        AmountFormat { language, hidden }
    }

    /// `value` of an asset with `scale` places and `ticker` (after the
    /// number, as tables write it), as shown. Places kept: two for a scale
    /// of two or less (a fiat currency keeps its cents), else only those
    /// that carry value.
    pub fn shown(self, value: Decimal, scale: u32, ticker: &str) -> ShownAmount {
        if self.hidden {
            return ShownAmount {
                integer: HIDDEN_DIGITS.to_owned(),
                fraction: String::new(),
                dimmed: String::new(),
                prefix: String::new(),
                ticker: ticker.to_owned(),
                exact: None,
                spoken: i18n::tr(self.language, "hide.spoken").into_owned(),
            };
        }
        let format = self.language.number_format();
        let kept_places = if scale <= 2 { scale } else { 0 };
        let parts = format_amount_parts(value, kept_places, format);
        let (integer, fraction) = match parts.significant.find(format.decimal_separator()) {
            Some(at) => (
                parts.significant[..at].to_owned(),
                parts.significant[at..].to_owned(),
            ),
            None => (parts.significant.clone(), String::new()),
        };
        let exact_number = i18n::amount(self.language, value, scale);
        let exact = if ticker.is_empty() {
            exact_number
        } else {
            format!("{exact_number} {ticker}")
        };
        ShownAmount {
            integer,
            fraction,
            dimmed: parts.trailing_zeros,
            prefix: String::new(),
            ticker: ticker.to_owned(),
            exact: Some(exact),
            spoken: spoken(self.language, value, scale, ticker),
        }
    }

    /// `value` of `asset` as shown; an unknown asset keeps 18 places, so no
    /// digit the service sent is lost from the exact value.
    pub fn of_asset(self, value: Decimal, asset: Option<&Asset>) -> ShownAmount {
        let scale = asset.map_or(18, Asset::scale);
        let ticker = asset.map(Asset::ticker).unwrap_or_default();
        self.shown(value, scale, &ticker)
    }

    /// An amount of `asset` as one line (`44,910.5 BRLV`, `R$250.00`), or
    /// [`MISSING`] when the service sent none.
    pub fn text(self, value: Option<Decimal>, asset: Option<&Asset>) -> String {
        value.map_or_else(
            || MISSING.to_owned(),
            |value| self.of_asset(value, asset).text(),
        )
    }

    /// A BRL amount with its symbol before it, as the language writes it
    /// (`R$ 1.234,56` / `R$1,234.56`; hidden: `R$ •••••`).
    pub fn brl_shown(self, value: Decimal) -> ShownAmount {
        let mut shown = self.shown(value, 2, "BRL");
        shown.ticker = String::new();
        shown.prefix = match (self.hidden, self.language) {
            (false, Language::En) => "R$".to_owned(),
            _ => "R$ ".to_owned(),
        };
        shown
    }

    /// [`AmountFormat::brl_shown`] as one line.
    pub fn brl(self, value: Decimal) -> String {
        self.brl_shown(value).text()
    }

    /// An amount at `scale` places with no known asset, as one line.
    pub fn number(self, value: Decimal, scale: u32) -> String {
        self.shown(value, scale, "").text()
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

/// An amount as a person says it: the same compact number that is shown
/// (BRL keeps its cents), then the currency's name in the language
/// ("1,234.50 reais", "10.5 USDC"), not a run of digits and a symbol.
fn spoken(language: Language, value: Decimal, scale: u32, ticker: &str) -> String {
    let is_brl = ticker.eq_ignore_ascii_case("BRL");
    let number = if is_brl {
        i18n::amount(language, value, scale)
    } else {
        format_amount_parts(value, scale, language.number_format()).significant
    };
    let currency = if is_brl {
        i18n::tr(language, "a11y.reais").into_owned()
    } else {
        ticker.to_owned()
    };
    if currency.is_empty() {
        number
    } else {
        format!("{number} {currency}")
    }
}

/// [`AmountFormat::shown`]'s spoken form for `language` with amounts shown.
pub fn spoken_amount(language: Language, value: Decimal, scale: u32, ticker: &str) -> String {
    AmountFormat::new(language, false)
        .shown(value, scale, ticker)
        .spoken
}

fn amount_font(ui: &Ui) -> FontId {
    let font = TextStyle::Monospace.resolve(ui.style());
    #[expect(
        clippy::float_arithmetic,
        reason = "screen geometry in points, never money"
    )]
    let size = font.size * 1.15;
    FontId::new(size, font.family)
}

/// Shows `amount` as one monospace label, dimmed places weak; the exact
/// value on hover; a screen reader hears its spoken form.
pub fn amount_ui(ui: &mut Ui, amount: &ShownAmount) -> Response {
    let font = amount_font(ui);
    let strong = ui.visuals().strong_text_color();
    let weak = ui.visuals().weak_text_color();
    let mut job = LayoutJob::default();
    let format = |color: Color32| TextFormat {
        font_id: font.clone(),
        color,
        ..TextFormat::default()
    };
    job.append(&amount.prefix, 0.0, format(strong));
    job.append(&amount.integer, 0.0, format(strong));
    job.append(&amount.fraction, 0.0, format(strong));
    job.append(&amount.dimmed, 0.0, format(weak));
    if !amount.ticker.is_empty() {
        job.append(" ", 0.0, format(strong));
        job.append(&amount.ticker, 0.0, TextFormat::default());
    }
    let mut response = ui.label(job);
    // A label's text is its accessible value: the spoken form replaces the digits.
    let spoken = amount.spoken.clone();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &spoken));
    if let Some(exact) = &amount.exact {
        response = response.on_hover_text(exact);
    }
    response
}

/// An amount in a table cell, right-aligned on its decimal point: the
/// integer part ends and the places start at the same x in every row of the
/// column, the ticker after them. The room kept for places and ticker is
/// the widest seen so far in this column (kept in egui's memory under
/// `column`), so it never shrinks under the person's eyes as they scroll.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
pub fn amount_cell_ui(ui: &mut Ui, column: egui::Id, amount: &ShownAmount) -> Response {
    let font = amount_font(ui);
    let strong = ui.visuals().strong_text_color();
    let weak = ui.visuals().weak_text_color();
    let ticker_color = ui.visuals().text_color();
    let painter_fonts =
        |text: String, font: FontId, color: Color32| ui.painter().layout_no_wrap(text, font, color);
    let integer_text = format!("{}{}", amount.prefix, amount.integer);
    let integer = painter_fonts(integer_text, font.clone(), strong);
    let fraction = painter_fonts(amount.fraction.clone(), font.clone(), strong);
    let dimmed = painter_fonts(amount.dimmed.clone(), font.clone(), weak);
    let body = TextStyle::Body.resolve(ui.style());
    let ticker = painter_fonts(amount.ticker.clone(), body, ticker_color);
    let gap = 4.0;
    let places_width = fraction.size().x + dimmed.size().x;
    let ticker_width = ticker.size().x;
    let widest_id = column.with("widest-places");
    let (places_room, ticker_room) = ui.data_mut(|data| {
        let widest = data.get_temp_mut_or_default::<(f32, f32)>(widest_id);
        widest.0 = widest.0.max(places_width);
        widest.1 = widest.1.max(ticker_width);
        *widest
    });
    let wanted = integer.size().x + places_room + gap + ticker_room;
    let height = integer.size().y.max(ticker.size().y);
    let width = ui.available_width().max(wanted);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, height), Sense::hover());
    let right = rect.right();
    let ticker_left = right - ticker_room;
    let point_x = ticker_left - gap - places_room;
    let center_y = rect.center().y;
    let painter = ui.painter_at(rect);
    let place = |x: f32, galley: &std::sync::Arc<egui::Galley>, align: Align2| {
        align
            .anchor_size(egui::pos2(x, center_y), galley.size())
            .min
    };
    painter.galley(
        place(point_x, &integer, Align2::RIGHT_CENTER),
        integer,
        strong,
    );
    let fraction_width = fraction.size().x;
    painter.galley(
        place(point_x, &fraction, Align2::LEFT_CENTER),
        fraction,
        strong,
    );
    painter.galley(
        place(point_x + fraction_width, &dimmed, Align2::LEFT_CENTER),
        dimmed,
        weak,
    );
    painter.galley(
        place(ticker_left, &ticker, Align2::LEFT_CENTER),
        ticker,
        ticker_color,
    );
    let spoken = amount.spoken.clone();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &spoken));
    match &amount.exact {
        Some(exact) => response.on_hover_text(exact),
        None => response,
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal::Decimal;

    use super::{AmountFormat, HIDDEN_DIGITS};
    use crate::api::model::Asset;
    use crate::app::i18n::Language;

    fn dec(text: &str) -> Decimal {
        text.parse().unwrap_or_default()
    }

    #[test]
    fn a_token_keeps_the_places_that_carry_value_and_brl_its_cents() {
        let en = AmountFormat::new(Language::En, false);
        let brlv = en.of_asset(dec("44910.500000000000000000"), Some(&Asset::EthBaseBrlv));
        assert_eq!(brlv.text(), "44,910.5 BRLV");
        assert_eq!(
            brlv.exact.as_deref(),
            Some("44,910.500000000000000000 BRLV")
        );
        assert_eq!(brlv.spoken, "44,910.5 BRLV");
        let brl = en.of_asset(dec("250"), Some(&Asset::FiatBrl));
        assert_eq!((brl.integer.as_str(), brl.dimmed.as_str()), ("250", ".00"));
        assert_eq!(brl.spoken, "250.00 reais");
        let pt = AmountFormat::new(Language::PtBr, false);
        assert_eq!(pt.brl(dec("1234.5")), "R$ 1.234,50");
        assert_eq!(
            pt.text(Some(dec("-0.25")), Some(&Asset::EthBaseUsdc)),
            "-0,25 USDC"
        );
    }

    #[test]
    fn hidden_amounts_keep_no_digit_anywhere() {
        for language in Language::ALL {
            let hidden = AmountFormat::new(language, true);
            let shown = hidden.of_asset(dec("1234.56"), Some(&Asset::FiatBrl));
            assert_eq!(shown.text(), format!("{HIDDEN_DIGITS} BRL"));
            assert!(shown.exact.is_none());
            assert!(!shown.spoken.contains(char::is_numeric));
            assert_eq!(hidden.brl(dec("1234.56")), format!("R$ {HIDDEN_DIGITS}"));
            assert_eq!(hidden.wire(dec("1234.56")), HIDDEN_DIGITS);
            assert_eq!(hidden.percent(57), HIDDEN_DIGITS);
        }
    }
}
