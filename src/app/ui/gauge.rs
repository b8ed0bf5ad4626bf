//! A horizontal gauge: a track with a filled part.

use egui::{Color32, CornerRadius, Response, Sense, Ui, Vec2};

/// Paints a bar `width` wide, filled to `fraction` (clamped to 0..=1) in `color`.
/// The fraction is pixel geometry only: callers compute it exactly and
/// convert at the last moment.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
pub fn gauge_ui(ui: &mut Ui, fraction: f32, color: Color32, width: f32) -> Response {
    let height = ui.spacing().interact_size.y * 0.6;
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
    if ui.is_rect_visible(rect) {
        let radius = CornerRadius::same(u8::try_from((height / 2.0) as i64).unwrap_or(4));
        let painter = ui.painter();
        painter.rect_filled(rect, radius, ui.visuals().extreme_bg_color);
        let fraction = if fraction.is_finite() {
            fraction.clamp(0.0, 1.0)
        } else {
            0.0
        };
        if fraction > 0.0 {
            let mut filled = rect;
            filled.set_width((rect.width() * fraction).max(height));
            painter.rect_filled(filled, radius, color);
        }
        painter.rect_stroke(
            rect,
            radius,
            ui.visuals().widgets.noninteractive.bg_stroke,
            egui::StrokeKind::Inside,
        );
    }
    response
}

/// The gauge's amber, for "getting close".
pub const AMBER: Color32 = Color32::from_rgb(0xe0, 0x9a, 0x1a);
/// The gauge's red, for "at the limit".
pub const RED: Color32 = Color32::from_rgb(0xd0, 0x3a, 0x3a);
/// The gauge's green, for "plenty left".
pub const GREEN: Color32 = Color32::from_rgb(0x2e, 0x9e, 0x5b);
