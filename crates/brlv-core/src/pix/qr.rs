//! The QR code of a BR Code: modules to paint, or a PNG with its quiet zone.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, Luma};
use qrcode::{Color, EcLevel, QrCode};

use super::error::{BrCodeError, MAX_MODULE_PIXELS};

/// Quiet zone around a QR code, in modules, on every side.
pub const QR_QUIET_ZONE_MODULES: usize = 4;

/// The modules of a QR code, without the quiet zone, for painting directly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QrMatrix {
    /// Modules per side.
    pub width: usize,
    /// `width * width` modules, row by row from the top left; `true` is dark.
    pub dark: Vec<bool>,
}

impl QrMatrix {
    /// Whether the module in column `x`, row `y` is dark; outside is light.
    pub fn is_dark(&self, x: usize, y: usize) -> bool {
        x < self.width
            && y < self.width
            && self.dark.get(y * self.width + x).copied().unwrap_or(false)
    }
}

fn encode_qr(payload: &str) -> Result<QrCode, BrCodeError> {
    QrCode::with_error_correction_level(payload.as_bytes(), EcLevel::M).map_err(|e| {
        BrCodeError::QrEncode {
            reason: e.to_string(),
        }
    })
}

/// The QR code of `payload` at error-correction level M, as modules without
/// the quiet zone (leave [`QR_QUIET_ZONE_MODULES`] light modules around it).
pub fn qr_modules(payload: &str) -> Result<QrMatrix, BrCodeError> {
    let code = encode_qr(payload)?;
    Ok(QrMatrix {
        width: code.width(),
        dark: code
            .to_colors()
            .into_iter()
            .map(|c| c == Color::Dark)
            .collect(),
    })
}

/// Renders `payload` as a PNG QR code with its quiet zone.
///
/// Error-correction level M, black modules on white, each `module_pixels`
/// pixels square (1 to [`MAX_MODULE_PIXELS`]), with the 4-module quiet zone
/// on every side: the image is `(modules + 8) * module_pixels` pixels wide.
pub fn render_qr_png(payload: &str, module_pixels: u32) -> Result<Vec<u8>, BrCodeError> {
    if module_pixels == 0 || module_pixels > MAX_MODULE_PIXELS {
        return Err(BrCodeError::BadModuleSize {
            given: module_pixels,
        });
    }
    let code = encode_qr(payload)?;
    let image = code
        .render::<Luma<u8>>()
        .quiet_zone(true)
        .dark_color(Luma([0]))
        .light_color(Luma([255]))
        .module_dimensions(module_pixels, module_pixels)
        .build();
    let mut png = Vec::new();
    DynamicImage::ImageLuma8(image)
        .write_to(&mut Cursor::new(&mut png), ImageFormat::Png)
        .map_err(|e| BrCodeError::PngEncode {
            reason: e.to_string(),
        })?;
    Ok(png)
}
