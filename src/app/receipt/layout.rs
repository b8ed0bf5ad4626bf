//! Where each piece of a receipt goes on its page, in points from the top
//! left: computed once, painted by the PDF and the PNG renderers alike, so
//! the two files look the same. Long values wrap at a width estimated from
//! the font's size (every text is left-aligned, so no exact measure is needed).

use super::model::Receipt;

/// The page's width in points: a narrow page, as receipts are, that reads on a phone.
pub const PAGE_WIDTH: f32 = 420.0;
const MARGIN: f32 = 32.0;
const BAND_HEIGHT: f32 = 70.0;

/// The three faces a receipt uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// Body text.
    Sans,
    /// Titles and the amount.
    SansBold,
    /// Identifiers: every character distinct.
    Mono,
}

impl Face {
    /// A generous average advance, as a share of the size, for wrapping.
    pub fn advance(self) -> f32 {
        match self {
            Face::Sans => 0.55,
            Face::SansBold => 0.62,
            Face::Mono => 0.6,
        }
    }
}

/// An RGB colour.
pub type Rgb = [u8; 3];

/// The band behind the title.
pub const BRAND: Rgb = [11, 83, 78];
/// Body text.
pub const INK: Rgb = [20, 20, 20];
/// Labels and the footer: 7:1 on white.
pub const MUTED: Rgb = [85, 85, 85];
/// Text on the band.
pub const ON_BRAND: Rgb = [255, 255, 255];
/// Rules between sections.
pub const RULE: Rgb = [200, 200, 200];

/// One line of text.
#[derive(Clone, Debug, PartialEq)]
pub struct TextMark {
    /// Left edge, in points.
    pub x: f32,
    /// Baseline, in points from the top.
    pub baseline: f32,
    /// Font size, in points.
    pub size: f32,
    /// Which face.
    pub face: Face,
    /// Colour.
    pub color: Rgb,
    /// The text.
    pub text: String,
}

/// A filled rectangle (the band, the rules).
#[derive(Clone, Debug, PartialEq)]
pub struct BoxMark {
    /// Left edge, in points.
    pub x: f32,
    /// Top edge, in points from the top.
    pub y: f32,
    /// Width.
    pub width: f32,
    /// Height.
    pub height: f32,
    /// Colour.
    pub color: Rgb,
}

/// A receipt laid out on its page.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Page width, in points.
    pub width: f32,
    /// Page height, in points: as tall as the content.
    pub height: f32,
    /// Rectangles, painted first.
    pub boxes: Vec<BoxMark>,
    /// Text lines.
    pub texts: Vec<TextMark>,
}

/// `text` broken into lines of at most `max_chars` characters, at spaces
/// where it can; a word longer than a line (a hash) is cut.
pub fn wrap(text: &str, max_chars: usize) -> Vec<String> {
    let max_chars = max_chars.max(1);
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split(' ') {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let current_len = current.chars().count();
            let needed = if current.is_empty() {
                word.len()
            } else {
                current_len + 1 + word.len()
            };
            if needed <= max_chars {
                if !current.is_empty() {
                    current.push(' ');
                }
                current.extend(word.iter());
                break;
            }
            if !current.is_empty() {
                lines.push(std::mem::take(&mut current));
                continue;
            }
            let rest = word.split_off(max_chars.min(word.len()));
            lines.push(word.into_iter().collect());
            word = rest;
            if word.is_empty() {
                break;
            }
        }
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(current);
    }
    lines
}

/// How many characters of `face` at `size` fit in `width` points, at the
/// generous average advance (so a wrapped line never runs past it).
#[expect(
    clippy::float_arithmetic,
    reason = "page geometry in points, never money"
)]
pub fn chars_in(width: f32, size: f32, face: Face) -> usize {
    (width / (size * face.advance())).max(1.0) as usize
}

/// Where the next line goes down a column of text, and the lines so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Cursor {
    /// The last baseline, in points from the top.
    pub y: f32,
    /// The column's left edge.
    pub left: f32,
    /// The column's width.
    pub width: f32,
    /// The lines laid out.
    pub texts: Vec<TextMark>,
}

#[expect(
    clippy::float_arithmetic,
    reason = "page geometry in points, never money"
)]
impl Cursor {
    /// A column `width` wide from `left`, starting at `y`.
    pub fn new(left: f32, width: f32, y: f32) -> Cursor {
        Cursor {
            y,
            left,
            width,
            texts: Vec::new(),
        }
    }

    /// Adds `text` wrapped to the column, the first baseline `size` below the cursor.
    pub fn paragraph(&mut self, text: &str, size: f32, face: Face, color: Rgb, leading: f32) {
        for line in wrap(text, chars_in(self.width, size, face)) {
            self.y += size * leading;
            self.texts.push(TextMark {
                x: self.left,
                baseline: self.y,
                size,
                face,
                color,
                text: line,
            });
        }
    }
}

/// Lays out `receipt`: the band with the title and what happened, the
/// amount, every line (label above value), and the footer.
#[expect(
    clippy::float_arithmetic,
    reason = "page geometry in points, never money"
)]
pub fn layout(receipt: &Receipt) -> Layout {
    let mut boxes = vec![BoxMark {
        x: 0.0,
        y: 0.0,
        width: PAGE_WIDTH,
        height: BAND_HEIGHT,
        color: BRAND,
    }];
    let mut cursor = Cursor::new(MARGIN, PAGE_WIDTH - 2.0 * MARGIN, 16.0);
    cursor.paragraph(&receipt.title, 15.0, Face::SansBold, ON_BRAND, 1.2);
    cursor.paragraph(&receipt.what, 10.0, Face::Sans, ON_BRAND, 1.5);
    cursor.y = cursor.y.max(BAND_HEIGHT - 16.0) + 16.0;
    boxes[0].height = cursor.y - 8.0;
    cursor.paragraph(&receipt.amount_label, 9.0, Face::Sans, MUTED, 1.4);
    cursor.paragraph(&receipt.amount, 19.0, Face::SansBold, INK, 1.25);
    cursor.y += 12.0;
    let rule = |y: f32| BoxMark {
        x: MARGIN,
        y,
        width: PAGE_WIDTH - 2.0 * MARGIN,
        height: 0.75,
        color: RULE,
    };
    boxes.push(rule(cursor.y));
    cursor.y += 4.0;
    for line in &receipt.lines {
        cursor.y += 4.0;
        cursor.paragraph(&line.label, 8.0, Face::Sans, MUTED, 1.4);
        let (size, face) = if line.identifier {
            (9.0, Face::Mono)
        } else {
            (10.5, Face::Sans)
        };
        cursor.paragraph(&line.value, size, face, INK, 1.3);
    }
    cursor.y += 14.0;
    boxes.push(rule(cursor.y));
    cursor.y += 4.0;
    cursor.paragraph(&receipt.footer, 7.5, Face::Sans, MUTED, 1.45);
    let height = cursor.y + MARGIN;
    Layout {
        width: PAGE_WIDTH,
        height,
        boxes,
        texts: cursor.texts,
    }
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wrapping_breaks_at_spaces_and_cuts_long_words() {
        assert_eq!(wrap("one two three", 7), ["one two", "three"]);
        assert_eq!(wrap("0123456789", 4), ["0123", "4567", "89"]);
        assert_eq!(wrap("", 4), [""]);
        assert_eq!(wrap("ab 0123456789", 4), ["ab", "0123", "4567", "89"]);
    }
}
