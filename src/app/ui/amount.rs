//! An amount in monospace, its insignificant trailing zeros dimmed, so the
//! full precision stays readable (`1.500000` reads as 1.5).

use egui::text::LayoutJob;
use egui::{Color32, FontId, Response, TextFormat, TextStyle, Ui};

/// Shows `significant` then `trailing_zeros` (dimmed) as one monospace label;
/// `prefix` (a currency symbol) goes before, in the normal color.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
pub fn amount_ui(ui: &mut Ui, prefix: &str, significant: &str, trailing_zeros: &str) -> Response {
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
    ui.label(job)
}
