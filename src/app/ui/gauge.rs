//! A horizontal gauge: a track with a filled part, which says its figures
//! in words to screen readers.

use egui::{Color32, CornerRadius, Response, Role, Sense, Ui, Vec2, WidgetInfo};

/// Paints a bar `width` wide, filled to `fraction` (clamped to 0..=1) in `color`.
/// The fraction is pixel geometry only: callers compute it exactly and
/// convert at the last moment. `description` is what a screen reader says
/// (used, limit, remaining in words): the bar alone tells nothing to one.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
pub fn gauge_ui(
    ui: &mut Ui,
    fraction: f32,
    color: Color32,
    width: f32,
    description: &str,
) -> Response {
    let height = ui.spacing().interact_size.y * 0.6;
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
    response.widget_info(|| WidgetInfo::labeled(Role::ProgressIndicator, true, description));
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
