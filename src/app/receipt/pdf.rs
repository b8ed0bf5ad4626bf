//! A receipt as a one-page PDF (pdf-writer), and any pages laid out the
//! same way ([`render_pages`]: the tax year's report). The text uses the standard
//! Helvetica and Courier faces every PDF reader has, in WinAnsiEncoding,
//! which holds every letter of Portuguese; nothing is embedded, so a receipt
//! is a few kilobytes, and its content stream is left uncompressed, so its
//! words can be searched and copied in any reader.

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use super::layout::{Face, Layout, Rgb, layout};
use super::model::Receipt;

const SANS: Name<'static> = Name(b"F1");
const SANS_BOLD: Name<'static> = Name(b"F2");
const MONO: Name<'static> = Name(b"F3");

/// `text` in WinAnsiEncoding (Windows-1252); a character it lacks becomes `?`.
pub fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|character| match character {
            ' '..='~' => character as u8,
            '\u{a0}'..='\u{ff}' => u32::from(character).try_into().unwrap_or(b'?'),
            // Spaces of other widths, as number formats write them.
            '\u{2009}' | '\u{202f}' => b' ',
            '€' => 0x80,
            '…' => 0x85,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            _ => b'?',
        })
        .collect()
}

#[expect(
    clippy::float_arithmetic,
    reason = "colour channels and page geometry, never money"
)]
fn channels(color: Rgb) -> (f32, f32, f32) {
    let [r, g, b] = color.map(|channel| f32::from(channel) / 255.0);
    (r, g, b)
}

/// The receipt as PDF bytes.
pub fn render(receipt: &Receipt) -> Vec<u8> {
    render_pages(
        &[layout(receipt)],
        &DocumentInfo {
            title: &receipt.title,
            subject: &receipt.what,
        },
    )
}

/// What a PDF says of itself (its title and subject, in the reader's
/// document properties).
#[derive(Clone, Copy, Debug)]
pub struct DocumentInfo<'a> {
    /// The title.
    pub title: &'a str,
    /// What it is about.
    pub subject: &'a str,
}

/// Pages laid out by [`super::layout`] as PDF bytes, one PDF page each.
pub fn render_pages(pages: &[Layout], info: &DocumentInfo<'_>) -> Vec<u8> {
    let catalog_id = Ref::new(1);
    let tree_id = Ref::new(2);
    let info_id = Ref::new(3);
    let fonts = [
        (SANS, Ref::new(4), "Helvetica"),
        (SANS_BOLD, Ref::new(5), "Helvetica-Bold"),
        (MONO, Ref::new(6), "Courier"),
    ];
    // Each page and its content stream after the fonts.
    let first_page = 7;
    let page_ids: Vec<(Ref, Ref)> = (0..pages.len())
        .map(|index| {
            let at = first_page + 2 * i32::try_from(index).unwrap_or(i32::MAX / 2 - first_page);
            (Ref::new(at), Ref::new(at + 1))
        })
        .collect();

    let mut pdf = Pdf::new();
    pdf.catalog(catalog_id).pages(tree_id);
    pdf.pages(tree_id)
        .kids(page_ids.iter().map(|(page, _)| *page))
        .count(i32::try_from(pages.len()).unwrap_or(i32::MAX));
    for (_, id, base) in fonts {
        pdf.type1_font(id)
            .base_font(Name(base.as_bytes()))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    pdf.document_info(info_id)
        .title(TextStr(info.title))
        .subject(TextStr(info.subject))
        .creator(TextStr("brlv-desk"));
    for (page, (page_id, content_id)) in pages.iter().zip(&page_ids) {
        {
            let mut page_writer = pdf.page(*page_id);
            page_writer.media_box(Rect::new(0.0, 0.0, page.width, page.height));
            page_writer.parent(tree_id);
            page_writer.contents(*content_id);
            let mut resources = page_writer.resources();
            let mut font_dict = resources.fonts();
            for (name, id, _) in fonts {
                font_dict.pair(name, id);
            }
            font_dict.finish();
            resources.finish();
            page_writer.finish();
        }
        pdf.stream(*content_id, &page_content(page));
    }
    pdf.finish()
}

/// One page's drawing: its boxes, then its lines of text.
#[expect(
    clippy::float_arithmetic,
    reason = "page geometry in points, never money"
)]
fn page_content(page: &Layout) -> Vec<u8> {
    let mut content = Content::new();
    for mark in &page.boxes {
        let (r, g, b) = channels(mark.color);
        content.set_fill_rgb(r, g, b);
        content.rect(
            mark.x,
            page.height - mark.y - mark.height,
            mark.width,
            mark.height,
        );
        content.fill_nonzero();
    }
    for mark in &page.texts {
        let (r, g, b) = channels(mark.color);
        let font = match mark.face {
            Face::Sans => SANS,
            Face::SansBold => SANS_BOLD,
            Face::Mono => MONO,
        };
        content.set_fill_rgb(r, g, b);
        content.begin_text();
        content.set_font(font, mark.size);
        content.next_line(mark.x, page.height - mark.baseline);
        content.show(Str(&win_ansi(&mark.text)));
        content.end_text();
    }
    content.finish().to_vec()
}
