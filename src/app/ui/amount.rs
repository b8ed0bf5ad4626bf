//! Amounts drawn: [`amount_ui`], one label, every digit in the same
//! colour, the exact value on hover; [`amount_cell_ui`], a table
//! cell aligned on its decimal point; [`asset_amount_ui`], an amount of its
//! asset or the mark of a missing one. What is written, and what a screen
//! reader hears, comes from [`AmountFormat`] (`app::format`), so a hidden
//! amount is hidden here too.

use egui::text::LayoutJob;
use egui::{Align2, Color32, FontId, Response, Sense, TextFormat, TextStyle, Ui};
use rust_decimal::Decimal;

use crate::app::format::{AmountFormat, MISSING, ShownAmount};
use brlv_core::api::model::Asset;

fn amount_font(ui: &Ui) -> FontId {
    let font = TextStyle::Monospace.resolve(ui.style());
    #[expect(
        clippy::float_arithmetic,
        reason = "screen geometry in points, never money"
    )]
    let size = font.size * 1.15;
    FontId::new(size, font.family)
}

/// Shows `amount` as one monospace label; the exact
/// value on hover; a screen reader hears its spoken form.
pub fn amount_ui(ui: &mut Ui, amount: &ShownAmount) -> Response {
    let font = amount_font(ui);
    let strong = ui.visuals().strong_text_color();
    let mut job = LayoutJob::default();
    let format = |color: Color32| TextFormat {
        font_id: font.clone(),
        color,
        ..TextFormat::default()
    };
    job.append(&amount.prefix, 0.0, format(strong));
    job.append(&amount.integer, 0.0, format(strong));
    job.append(&amount.fraction, 0.0, format(strong));
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
    let ticker_color = ui.visuals().text_color();
    let painter_fonts =
        |text: String, font: FontId, color: Color32| ui.painter().layout_no_wrap(text, font, color);
    let integer_text = format!("{}{}", amount.prefix, amount.integer);
    let integer = painter_fonts(integer_text, font.clone(), strong);
    let fraction = painter_fonts(amount.fraction.clone(), font.clone(), strong);
    let body = TextStyle::Body.resolve(ui.style());
    let ticker = painter_fonts(amount.ticker.clone(), body, ticker_color);
    let gap = 4.0;
    let places_width = fraction.size().x;
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
    painter.galley(
        place(point_x, &fraction, Align2::LEFT_CENTER),
        fraction,
        strong,
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

/// An amount of its asset, exact (every place it carries), as a detail
/// writes it.
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
