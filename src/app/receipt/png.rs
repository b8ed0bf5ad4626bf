//! A receipt as a PNG image: the same layout as the PDF, painted at two
//! pixels a point with the fonts egui already ships (Ubuntu Light for text,
//! Hack for identifiers), glyphs rasterized by ab_glyph. The receipt's text
//! also goes into the file as an iTXt `Description` chunk, so a program (or
//! a test; there is no OCR here) can read what the image shows.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};

use super::layout::{BoxMark, Face, Rgb, TextMark, layout};
use super::model::Receipt;

/// Pixels per point: sharp on a phone's screen, where receipts are shared.
pub const PIXELS_PER_POINT: f32 = 2.0;

/// The keyword of the text chunk holding the receipt's text.
pub const TEXT_KEYWORD: &str = "Description";

struct Canvas {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

#[expect(
    clippy::float_arithmetic,
    reason = "pixels and page geometry, never money"
)]
impl Canvas {
    fn new(width: usize, height: usize) -> Canvas {
        Canvas {
            width,
            height,
            pixels: vec![255; width * height * 3],
        }
    }

    /// Mixes `color` into the pixel at (`x`, `y`) by `coverage` (0 to 1).
    fn blend(&mut self, x: i64, y: i64, color: Rgb, coverage: f32) {
        let (Ok(x), Ok(y)) = (usize::try_from(x), usize::try_from(y)) else {
            return;
        };
        if x >= self.width || y >= self.height {
            return;
        }
        let coverage = coverage.clamp(0.0, 1.0);
        let at = (y * self.width + x) * 3;
        for (channel, target) in color.iter().enumerate() {
            if let Some(pixel) = self.pixels.get_mut(at + channel) {
                let mixed = f32::from(*pixel) * (1.0 - coverage) + f32::from(*target) * coverage;
                *pixel = mixed.round().clamp(0.0, 255.0) as u8;
            }
        }
    }

    fn fill(&mut self, mark: &BoxMark) {
        let x0 = (mark.x * PIXELS_PER_POINT).round() as i64;
        let y0 = (mark.y * PIXELS_PER_POINT).round() as i64;
        let x1 = ((mark.x + mark.width) * PIXELS_PER_POINT).round() as i64;
        let y1 = ((mark.y + mark.height) * PIXELS_PER_POINT)
            .round()
            .max(y0 as f32 + 1.0) as i64;
        for y in y0..y1 {
            for x in x0..x1 {
                self.blend(x, y, mark.color, 1.0);
            }
        }
    }

    fn text(&mut self, mark: &TextMark, font: &FontRef<'_>) {
        let em = mark.size * PIXELS_PER_POINT;
        let scale = match font.units_per_em() {
            Some(units) => PxScale::from(em * font.height_unscaled() / units),
            None => PxScale::from(em),
        };
        let scaled = font.as_scaled(scale);
        // No bold face ships with egui: a second pass, shifted, thickens strokes.
        let passes: &[f32] = match mark.face {
            Face::SansBold => &[0.0, 0.5, 1.0],
            Face::Sans | Face::Mono => &[0.0],
        };
        let baseline = mark.baseline * PIXELS_PER_POINT;
        for shift in passes {
            let mut caret = mark.x * PIXELS_PER_POINT + shift;
            let mut previous = None;
            for character in mark.text.chars() {
                let id = font.glyph_id(character);
                if let Some(previous) = previous {
                    caret += scaled.kern(previous, id);
                }
                let glyph = id.with_scale_and_position(scale, point(caret, baseline));
                caret += scaled.h_advance(id);
                previous = Some(id);
                let Some(outline) = font.outline_glyph(glyph) else {
                    continue;
                };
                let bounds = outline.px_bounds();
                let (left, top) = (bounds.min.x as i64, bounds.min.y as i64);
                outline.draw(|x, y, coverage| {
                    self.blend(
                        left + i64::from(x),
                        top + i64::from(y),
                        mark.color,
                        coverage,
                    );
                });
            }
        }
    }
}

/// The receipt as PNG bytes, its text in an iTXt chunk.
#[expect(
    clippy::float_arithmetic,
    reason = "pixels and page geometry, never money"
)]
pub fn render(receipt: &Receipt) -> Result<Vec<u8>, String> {
    let page = layout(receipt);
    let sans = FontRef::try_from_slice(epaint_default_fonts::UBUNTU_LIGHT)
        .map_err(|error| error.to_string())?;
    let mono = FontRef::try_from_slice(epaint_default_fonts::HACK_REGULAR)
        .map_err(|error| error.to_string())?;
    let width = (page.width * PIXELS_PER_POINT).ceil() as usize;
    let height = (page.height * PIXELS_PER_POINT).ceil() as usize;
    let mut canvas = Canvas::new(width, height);
    for mark in &page.boxes {
        canvas.fill(mark);
    }
    for mark in &page.texts {
        let font = match mark.face {
            Face::Sans | Face::SansBold => &sans,
            Face::Mono => &mono,
        };
        canvas.text(mark, font);
    }
    let mut bytes = Vec::new();
    {
        let (Ok(png_width), Ok(png_height)) = (u32::try_from(width), u32::try_from(height)) else {
            return Err("the receipt is too large for an image".to_owned());
        };
        let mut encoder = ::png::Encoder::new(&mut bytes, png_width, png_height);
        encoder.set_color(::png::ColorType::Rgb);
        encoder.set_depth(::png::BitDepth::Eight);
        encoder
            .add_itxt_chunk(TEXT_KEYWORD.to_owned(), receipt.to_text())
            .map_err(|error| error.to_string())?;
        encoder
            .add_itxt_chunk("Title".to_owned(), receipt.title.clone())
            .map_err(|error| error.to_string())?;
        let mut writer = encoder.write_header().map_err(|error| error.to_string())?;
        writer
            .write_image_data(&canvas.pixels)
            .map_err(|error| error.to_string())?;
        writer.finish().map_err(|error| error.to_string())?;
    }
    Ok(bytes)
}
