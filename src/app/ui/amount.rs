//! An amount in monospace, its insignificant trailing zeros dimmed, so the
//! full precision stays readable (`1.500000` reads as 1.5); a screen reader
//! hears it as a person says it, value and currency ([`spoken_amount`]).

use egui::text::LayoutJob;
use egui::{Color32, FontId, Response, TextFormat, TextStyle, Ui};
use rust_decimal::Decimal;

use crate::app::i18n::{self, Language};
use crate::money::format_amount_parts;

/// Shows `significant` then `trailing_zeros` (dimmed) as one monospace label;
/// `prefix` (a currency symbol) goes before, in the normal color. `spoken`
/// is what screen readers (and tests) read instead of the digits (see [`spoken_amount`]).
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
pub fn amount_ui(
    ui: &mut Ui,
    prefix: &str,
    significant: &str,
    trailing_zeros: &str,
    spoken: &str,
) -> Response {
    let font = TextStyle::Monospace.resolve(ui.style());
    let font = FontId::new(font.size * 1.15, font.family);
    let strong = ui.visuals().strong_text_color();
    let weak = ui.visuals().weak_text_color();
    let mut job = LayoutJob::default();
    let format = |color: Color32| TextFormat {
        font_id: font.clone(),
        color,
        ..TextFormat::default()
    };
    if !prefix.is_empty() {
        job.append(prefix, 0.0, format(strong));
    }
    job.append(significant, 0.0, format(strong));
    job.append(trailing_zeros, 0.0, format(weak));
    let response = ui.label(job);
    if !spoken.is_empty() {
        // A label's text is its accessible value: the spoken form replaces the digits.
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, spoken));
    }
    response
}

/// An amount as a person says it: the number without its insignificant
/// zeros (BRL keeps its cents), then the currency's name in the language
/// ("1,234.50 reais", "10.5 USDC"), not a run of digits and a symbol.
pub fn spoken_amount(language: Language, value: Decimal, scale: u32, ticker: &str) -> String {
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
    format!("{number} {currency}")
}
