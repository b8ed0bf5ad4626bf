//! An amount in monospace, its insignificant trailing zeros dimmed, so the
//! full precision stays readable (`1.500000` reads as 1.5).

use egui::text::LayoutJob;
use egui::{Color32, FontId, Response, TextFormat, TextStyle, Ui};

/// Shows `significant` then `trailing_zeros` (dimmed) as one monospace label;
/// `prefix` (a currency symbol) goes before, in the normal color.
pub fn amount_ui(ui: &mut Ui, prefix: &str, significant: &str, trailing_zeros: &str) -> Response {
    let font = TextStyle::Monospace.resolve(ui.style());
    let font = FontId::new(font.size * 1.15, font.family);
    let strong = ui.visuals().strong_text_color();
    let weak = dimmed(ui.visuals().weak_text_color(), ui.visuals().panel_fill);
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

/// The weak text color, pulled a little further toward the background so
/// zeros recede without vanishing.
fn dimmed(weak: Color32, background: Color32) -> Color32 {
    let mix = |a: u8, b: u8| -> u8 {
        let mixed = (u16::from(a) * 3 + u16::from(b)) / 4;
        u8::try_from(mixed).unwrap_or(u8::MAX)
    };
    Color32::from_rgb(
        mix(weak.r(), background.r()),
        mix(weak.g(), background.g()),
        mix(weak.b(), background.b()),
    )
}
