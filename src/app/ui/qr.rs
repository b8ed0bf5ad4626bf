//! A QR code painted module by module: black on white, the 4-module quiet
//! zone around it, every module a whole number of physical pixels on the
//! pixel grid, so a phone camera reads it straight off the screen.

use egui::epaint::Mesh;
use egui::{Color32, Pos2, Rect, Response, Role, Sense, Shape, Ui, Vec2, WidgetInfo};

use brlv_core::pix::{QR_QUIET_ZONE_MODULES, QrMatrix};

/// The smallest module drawn, in physical pixels: below this phones struggle.
pub const MIN_MODULE_PIXELS: f32 = 6.0;

/// Paints `matrix` about `target_width` points wide (never with modules
/// under [`MIN_MODULE_PIXELS`]), quiet zone included. `label` names it for
/// screen readers and tests.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
pub fn qr_code_ui(ui: &mut Ui, matrix: &QrMatrix, target_width: f32, label: &str) -> Response {
    let pixels_per_point = ui.ctx().pixels_per_point();
    let modules = matrix.width + 2 * QR_QUIET_ZONE_MODULES;
    // Whole physical pixels per module: a fractional size would blur module
    // edges into grey lines that confuse decoders.
    let module_pixels = (target_width * pixels_per_point / modules as f32)
        .floor()
        .max(MIN_MODULE_PIXELS);
    let module = module_pixels / pixels_per_point;
    let side = module * modules as f32;
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(side), Sense::hover());
    response.widget_info(|| WidgetInfo::labeled(Role::Image, true, label));
    if !ui.is_rect_visible(rect) {
        return response;
    }
    let origin = Pos2::new(
        (rect.min.x * pixels_per_point).round() / pixels_per_point,
        (rect.min.y * pixels_per_point).round() / pixels_per_point,
    );
    // One mesh without feathering: anti-aliased edges between touching
    // modules would leave faint seams.
    let mut mesh = Mesh::default();
    mesh.add_colored_rect(
        Rect::from_min_size(origin, Vec2::splat(side)),
        Color32::WHITE,
    );
    let offset = QR_QUIET_ZONE_MODULES as f32;
    for y in 0..matrix.width {
        let mut x = 0;
        while x < matrix.width {
            if !matrix.is_dark(x, y) {
                x += 1;
                continue;
            }
            let start = x;
            while x < matrix.width && matrix.is_dark(x, y) {
                x += 1;
            }
            let top_left = Pos2::new(
                origin.x + (offset + start as f32) * module,
                origin.y + (offset + y as f32) * module,
            );
            let bottom_right = Pos2::new(
                origin.x + (offset + x as f32) * module,
                origin.y + (offset + y as f32 + 1.0) * module,
            );
            mesh.add_colored_rect(Rect::from_min_max(top_left, bottom_right), Color32::BLACK);
        }
    }
    ui.painter().add(Shape::mesh(mesh));
    response
}
