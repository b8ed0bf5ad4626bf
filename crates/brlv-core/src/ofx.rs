//! Statements as OFX (`.ofx`), the format Brazilian banks export and
//! accounting software imports: a pure serializer of one bank statement per
//! asset, each movement with a stable unique `FITID`, the period and the
//! closing balance.
//!
//! The dialect is OFX 1.02 (SGML) in US-ASCII, the one GnuCash's importer
//! (libofx) reads without a warning: libofx's SGML parser warns on a UTF-8
//! file and refuses any character past ASCII, even as a character
//! reference. So text is folded to ASCII (accents dropped: `Resgate em
//! reais`, `Sao Paulo`; anything else becomes `?`).
//!
//! A token is not an ISO 4217 currency. A token's statement says so
//! honestly: its `CURDEF` is `XXX` (ISO 4217's "no currency"), its
//! amounts are in the token's units, and the ticker names the account
//! (`ACCTID` `BRLV`) and every memo. Reais and dollars keep `BRL` and
//! `USD`. An importer then keeps each token in an account of its own
//! instead of adding token units to reais.

use std::io::{self, Write};

use rust_decimal::Decimal;
use time::OffsetDateTime;

use crate::api::model::Asset;

/// The ISO 4217 code of "no currency", for a token's statement.
pub const NO_CURRENCY: &str = "XXX";

/// The bank id every statement carries (OFX requires one; this is no bank).
pub const BANK_ID: &str = "BRLVDESK";

/// The longest `NAME` OFX 1.02 allows.
const NAME_MAX: usize = 32;
/// The longest `MEMO`, `FITID` and `ACCTID` text kept.
const MEMO_MAX: usize = 255;
const FITID_MAX: usize = 255;
const ACCTID_MAX: usize = 22;

/// The `CURDEF` of an asset's statement: `BRL` and `USD` for money, [`NO_CURRENCY`] for a token.
pub fn currency_of(asset: &Asset) -> &'static str {
    match asset {
        Asset::FiatBrl => "BRL",
        Asset::FiatUsd => "USD",
        _ => NO_CURRENCY,
    }
}

/// What kind of movement an entry is (OFX `TRNTYPE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfxKind {
    /// Money in, generic.
    Credit,
    /// Money out, generic.
    Debit,
    /// A deposit.
    Deposit,
    /// A payment (a withdrawal paid out).
    Payment,
    /// A transfer.
    Transfer,
    /// A fee.
    Fee,
    /// Anything else.
    Other,
}

impl OfxKind {
    fn tag(self) -> &'static str {
        match self {
            OfxKind::Credit => "CREDIT",
            OfxKind::Debit => "DEBIT",
            OfxKind::Deposit => "DEP",
            OfxKind::Payment => "PAYMENT",
            OfxKind::Transfer => "XFER",
            OfxKind::Fee => "FEE",
            OfxKind::Other => "OTHER",
        }
    }
}

/// One movement of one asset: what an extrato's line maps to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfxEntry {
    /// Unique and stable across exports of the same movement (the record's
    /// kind, its id and its leg: `order-<uuid>-in`), so an importer never
    /// takes it twice.
    pub fitid: String,
    /// When it happened.
    pub posted: OffsetDateTime,
    /// Signed: positive in, negative out, in the statement's asset.
    pub amount: Decimal,
    /// Its kind.
    pub kind: OfxKind,
    /// A short description (cut at 32 characters).
    pub name: String,
    /// The longer text (the ticker belongs here for a token).
    pub memo: String,
}

/// One asset's statement over a period.
#[derive(Clone, Copy, Debug)]
pub struct OfxStatement<'a> {
    /// The account's id: the asset's ticker (`BRLV`), or `BRL`.
    pub account_id: &'a str,
    /// `CURDEF`: see [`currency_of`].
    pub currency: &'a str,
    /// The period's first moment.
    pub from: OffsetDateTime,
    /// The period's last moment.
    pub to: OffsetDateTime,
    /// The balance at `balance_at`.
    pub balance: Decimal,
    /// When the balance was true.
    pub balance_at: OffsetDateTime,
    /// The movements, in any order.
    pub entries: &'a [OfxEntry],
}

/// Text folded to ASCII: letters lose their accents (by Unicode
/// decomposition), other characters past ASCII become `?`, line breaks a
/// space; SGML's `&`, `<` and `>` escaped; at most `max` characters.
pub fn ascii_text(text: &str, max: usize) -> String {
    let decomposed = icu_normalizer::DecomposingNormalizerBorrowed::new_nfd().normalize(text);
    let mut out = String::with_capacity(text.len());
    let mut kept = 0;
    for character in decomposed.chars() {
        if kept >= max {
            break;
        }
        let folded = match character {
            // Combining marks: the accent of the letter before.
            '\u{0300}'..='\u{036f}' => continue,
            '\n' | '\r' | '\t' => ' ',
            ' '..='~' => character,
            _ => '?',
        };
        match folded {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            other => out.push(other),
        }
        kept += 1;
    }
    out
}

/// An OFX date and time with its offset: `20260305120000[-3:BRT]` for Brasília.
pub fn ofx_time(moment: OffsetDateTime) -> String {
    let offset = moment.offset();
    let (hours, minutes, _) = offset.as_hms();
    let zone = match (hours, minutes) {
        (0, 0) => "GMT",
        (-3, 0) => "BRT",
        (-2, 0) => "BRST",
        _ => "",
    };
    let offset_text = if minutes == 0 {
        format!("{hours}")
    } else {
        // OFX writes a fraction of an hour as decimals: +5.50 is 5 h 30.
        let hundredths = i32::from(minutes.unsigned_abs()) * 100 / 60;
        format!("{hours}.{hundredths:02}")
    };
    let zone = if zone.is_empty() {
        String::new()
    } else {
        format!(":{zone}")
    };
    format!(
        "{:04}{:02}{:02}{:02}{:02}{:02}[{offset_text}{zone}]",
        moment.year(),
        u8::from(moment.month()),
        moment.day(),
        moment.hour(),
        moment.minute(),
        moment.second()
    )
}

const HEADER: &str = "OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\n\
ENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n";

/// Writes `statements` as one OFX file; `now` is the file's server time.
/// Each statement's entries are written oldest first.
pub fn write_ofx(
    out: &mut impl Write,
    statements: &[OfxStatement<'_>],
    now: OffsetDateTime,
) -> io::Result<()> {
    out.write_all(HEADER.as_bytes())?;
    writeln!(out, "<OFX>")?;
    writeln!(out, "<SIGNONMSGSRSV1>\n<SONRS>")?;
    writeln!(out, "<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>")?;
    writeln!(out, "<DTSERVER>{}", ofx_time(now))?;
    writeln!(out, "<LANGUAGE>POR\n</SONRS>\n</SIGNONMSGSRSV1>")?;
    writeln!(out, "<BANKMSGSRSV1>")?;
    for (number, statement) in statements.iter().enumerate() {
        write_statement(out, number + 1, statement)?;
    }
    writeln!(out, "</BANKMSGSRSV1>\n</OFX>")?;
    Ok(())
}

fn write_statement(
    out: &mut impl Write,
    number: usize,
    statement: &OfxStatement<'_>,
) -> io::Result<()> {
    writeln!(out, "<STMTTRNRS>\n<TRNUID>{number}")?;
    writeln!(out, "<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>")?;
    writeln!(
        out,
        "<STMTRS>\n<CURDEF>{}",
        ascii_text(statement.currency, 3)
    )?;
    writeln!(
        out,
        "<BANKACCTFROM>\n<BANKID>{BANK_ID}\n<ACCTID>{}\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>",
        ascii_text(statement.account_id, ACCTID_MAX)
    )?;
    writeln!(
        out,
        "<BANKTRANLIST>\n<DTSTART>{}\n<DTEND>{}",
        ofx_time(statement.from),
        ofx_time(statement.to)
    )?;
    let mut order: Vec<&OfxEntry> = statement.entries.iter().collect();
    order.sort_by_key(|entry| entry.posted);
    for entry in order {
        writeln!(out, "<STMTTRN>\n<TRNTYPE>{}", entry.kind.tag())?;
        writeln!(out, "<DTPOSTED>{}", ofx_time(entry.posted))?;
        writeln!(out, "<TRNAMT>{}", entry.amount)?;
        writeln!(out, "<FITID>{}", ascii_text(&entry.fitid, FITID_MAX))?;
        writeln!(out, "<NAME>{}", ascii_text(&entry.name, NAME_MAX))?;
        if !entry.memo.is_empty() {
            writeln!(out, "<MEMO>{}", ascii_text(&entry.memo, MEMO_MAX))?;
        }
        writeln!(out, "</STMTTRN>")?;
    }
    writeln!(out, "</BANKTRANLIST>")?;
    writeln!(
        out,
        "<LEDGERBAL>\n<BALAMT>{}\n<DTASOF>{}\n</LEDGERBAL>",
        statement.balance,
        ofx_time(statement.balance_at)
    )?;
    writeln!(out, "</STMTRS>\n</STMTTRNRS>")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use time::macros::datetime;

    fn dec(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    fn sample() -> Vec<u8> {
        let brl = [
            OfxEntry {
                fitid: "deposit-00000000-0000-4000-8000-000000000001".into(),
                posted: datetime!(2026-03-05 09:15 -3),
                amount: dec("5000.00"),
                kind: OfxKind::Deposit,
                name: "PIX recebido".into(),
                memo: "Depósito PIX de João & Cia <banco 260>".into(),
            },
            OfxEntry {
                fitid: "order-00000000-0000-4000-8000-000000000002-out".into(),
                posted: datetime!(2026-03-06 14:00 -3),
                amount: dec("-1000.00"),
                kind: OfxKind::Debit,
                name: "Ordem BRL para BRLV: conversão de reais em tokens".into(),
                memo: "fiat/brl -> eth-base/brlv".into(),
            },
        ];
        let brlv = [OfxEntry {
            fitid: "order-00000000-0000-4000-8000-000000000002-in".into(),
            posted: datetime!(2026-03-06 14:00 -3),
            amount: dec("995.000000000000000000"),
            kind: OfxKind::Credit,
            name: "Ordem BRL para BRLV".into(),
            memo: "995 BRLV (eth-base/brlv)".into(),
        }];
        let statements = [
            OfxStatement {
                account_id: "BRL",
                currency: currency_of(&Asset::FiatBrl),
                from: datetime!(2026-03-01 00:00 -3),
                to: datetime!(2026-03-31 23:59:59 -3),
                balance: dec("4000.00"),
                balance_at: datetime!(2026-03-31 23:59:59 -3),
                entries: &brl,
            },
            OfxStatement {
                account_id: "BRLV",
                currency: currency_of(&Asset::EthBaseBrlv),
                from: datetime!(2026-03-01 00:00 -3),
                to: datetime!(2026-03-31 23:59:59 -3),
                balance: dec("995.000000000000000000"),
                balance_at: datetime!(2026-03-31 23:59:59 -3),
                entries: &brlv,
            },
        ];
        let mut out = Vec::new();
        write_ofx(&mut out, &statements, datetime!(2026-04-01 10:00 -3)).unwrap();
        out
    }

    #[test]
    fn a_statement_per_asset_in_ascii_with_every_movement() {
        let file = sample();
        // `BRLV_OFX_SAMPLE=/tmp/sample.ofx` keeps the file, to read it with
        // `ofxdump` (tests/ofx/check.sh).
        if let Some(path) = std::env::var_os("BRLV_OFX_SAMPLE") {
            std::fs::write(path, &file).unwrap();
        }
        assert!(file.is_ascii());
        let text = String::from_utf8(file).unwrap();
        assert!(text.starts_with("OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\n"));
        assert_eq!(text.matches("<STMTTRNRS>").count(), 2);
        assert!(text.contains("<CURDEF>BRL\n"));
        assert!(text.contains("<CURDEF>XXX\n<BANKACCTFROM>\n<BANKID>BRLVDESK\n<ACCTID>BRLV\n"));
        assert!(text.contains("<MEMO>Deposito PIX de Joao &amp; Cia &lt;banco 260&gt;\n"));
        // NAME is cut at OFX 1.02's 32 characters.
        assert!(text.contains("<NAME>Ordem BRL para BRLV: conversao d\n"));
        assert!(
            text.contains(
                "<TRNAMT>-1000.00\n<FITID>order-00000000-0000-4000-8000-000000000002-out\n"
            )
        );
        assert!(text.contains("<DTPOSTED>20260305091500[-3:BRT]\n"));
        assert!(text.contains("<BALAMT>995.000000000000000000\n"));
    }

    #[test]
    fn times_carry_their_offset() {
        assert_eq!(
            ofx_time(datetime!(2026-03-05 12:00 UTC)),
            "20260305120000[0:GMT]"
        );
        assert_eq!(
            ofx_time(datetime!(2018-01-05 12:00 -2)),
            "20180105120000[-2:BRST]"
        );
        assert_eq!(
            ofx_time(datetime!(2026-03-05 12:00 +5:30)),
            "20260305120000[5.50]"
        );
    }
}
