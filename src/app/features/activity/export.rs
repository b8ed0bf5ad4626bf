//! The extrato as a file: OFX for accounting programs and CSV for
//! spreadsheets, made from what the extrato shows (its period, kind, asset
//! and text filters) by the same model the window draws from, so the app's
//! export and `brlv-desk extrato` write the same file for the same lists.
//!
//! **OFX** (see `brlv_core::ofx`): one statement per asset, the asset named by
//! its ticker whatever its chain (BRLV on Base and on Ethereum are one
//! `BRLV` account, as the service's balance counts them). Each leg of a
//! movement is one entry, its `FITID` the record's kind, id and leg
//! (`order-<uuid>-out`): stable across exports, so an importer never takes a
//! movement twice. Only what moved money is written, as a bank's statement
//! lists only what was posted: an undone or failed movement, or a brcode
//! order still awaiting its PIX, is left out (not written at zero, which an
//! importer would take as a transaction); so is a transfer between the
//! account's own wallets, which leaves each asset as it was. Each
//! statement's entries then add up to the extrato's net for that asset.
//! The period is the filter's days in the person's zone (open ends: the
//! oldest movement written, and now); times carry their offset. The
//! closing balance is the service's own (`/assets/{asset}/balance`, for
//! BRL, USDC and BRLV) as of when it was fetched; for an asset the service
//! gives no balance of, it is the sum of every movement the extrato lists
//! for that asset up to the period's end (OFX requires one), which is only
//! as complete as the lists.
//!
//! **CSV**: one row per leg (a movement with no amount: one row with none),
//! every movement shown, the undone included with `counted` false: `time`
//! (ISO 8601 in the person's zone, with the offset), `kind`, `id`, `state`
//! and `asset` as the service writes them, `direction` (`in`, `out`,
//! `within`), `amount` exact and signed (out negative; within as it moved),
//! `counted` (in the extrato's totals), and `description` in the person's
//! language.
//!
//! **XLSX**: the CSV's rows in one sheet, for a spreadsheet in pt-BR that
//! opens a CSV with commas as one column: times as dates, amounts as numbers
//! (reais in a R$ format), `counted` as true or false.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use rust_decimal::Decimal;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::app::clock::LocalZone;
use crate::app::export::{ExtratoFormat, FileError, write_file};
use crate::app::i18n::Language;
use crate::app::movement::MovementKind;
use brlv_core::api::model::Asset;
use brlv_core::ofx::{OfxEntry, OfxKind, OfxStatement, currency_of, write_ofx};

use super::model::{ActivityFilter, Direction, Filtered, Line, Movement, SecondsRange, Sources};
use super::words::{description, kind_name};

/// A balance the service reported for an asset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownBalance {
    /// The asset's ticker (`BRL`, `USDC`, `BRLV`).
    pub ticker: String,
    /// The balance.
    pub amount: Decimal,
    /// When the service said so.
    pub at: OffsetDateTime,
}

/// What a file of the extrato is made from: the extrato as shown when it
/// was asked for (shared with the window, no copy), and what the file
/// needs besides.
#[derive(Clone, Debug)]
pub struct ExtratoSnapshot {
    /// The lists the timeline points into.
    pub sources: Sources,
    /// Every movement, newest first.
    pub timeline: Arc<Vec<Movement>>,
    /// The movements shown.
    pub filtered: Arc<Filtered>,
    /// The filters they were shown with: the period's days and the zone.
    pub filter: ActivityFilter,
    /// The balances the service reported.
    pub balances: Vec<KnownBalance>,
    /// The language of the names and descriptions.
    pub language: Language,
    /// When the file is made.
    pub now: OffsetDateTime,
}

/// The movements shown, oldest first (the order a statement is read in).
fn shown(snapshot: &ExtratoSnapshot) -> impl Iterator<Item = &Movement> {
    let positions: Vec<u32> = snapshot
        .filtered
        .lines()
        .filter_map(|line| match line {
            Line::Movement(position) => Some(position),
            Line::Day(_) => None,
        })
        .collect();
    positions
        .into_iter()
        .rev()
        .filter_map(|position| snapshot.timeline.get(usize::try_from(position).ok()?))
}

fn direction_word(direction: Direction) -> &'static str {
    match direction {
        Direction::In => "in",
        Direction::Out => "out",
        Direction::Within => "within",
    }
}

/// A movement's leg's id in a statement: its kind, its record's id and the
/// way it moved (`order-<uuid>-out`).
pub fn fitid(kind: MovementKind, id: uuid::Uuid, direction: Direction) -> String {
    format!("{}-{id}-{}", kind.wire(), direction_word(direction))
}

fn ofx_kind(kind: MovementKind, direction: Direction) -> OfxKind {
    match (kind, direction) {
        (MovementKind::Deposit, _) => OfxKind::Deposit,
        (MovementKind::Withdrawal, _) => OfxKind::Payment,
        (MovementKind::Transfer, _) => OfxKind::Transfer,
        (_, Direction::Out) => OfxKind::Debit,
        _ => OfxKind::Credit,
    }
}

/// `amount` as it moves the account: negative out.
fn signed(amount: Decimal, direction: Direction) -> Decimal {
    match direction {
        Direction::Out => -amount,
        Direction::In | Direction::Within => amount,
    }
}

/// The first and last moments of the period shown, in the person's zone:
/// the filter's days, an open end the oldest movement written (else the
/// file's time) and the file's time.
fn period(snapshot: &ExtratoSnapshot, entries: &[OfxEntry]) -> (OffsetDateTime, OffsetDateTime) {
    let zone = &snapshot.filter.zone;
    let now = zone.local(snapshot.now);
    let from = snapshot
        .filter
        .from
        .and_then(|day| zone.start_moment(day))
        .or_else(|| entries.iter().map(|entry| entry.posted).min())
        .unwrap_or(now);
    let to = snapshot
        .filter
        .to
        .and_then(|day| day.next_day())
        .and_then(|next| zone.start_moment(next))
        .map(|next| zone.local(next - time::Duration::SECOND))
        .unwrap_or(now);
    (from, to)
}

/// The sum of every movement of `ticker` the extrato lists up to `end`
/// (the timeline, whatever the filters), what a statement says where the
/// service gives no balance.
fn listed_balance(snapshot: &ExtratoSnapshot, ticker: &str, end: Option<i64>) -> Decimal {
    let mut balance = Decimal::ZERO;
    let range = SecondsRange { start: None, end };
    for movement in snapshot
        .timeline
        .iter()
        .filter(|movement| movement.counts())
    {
        if end.is_some()
            && !movement
                .unix_second()
                .is_some_and(|second| range.holds(second))
        {
            continue;
        }
        for leg in movement.legs(&snapshot.sources) {
            if leg.direction != Direction::Within && leg.asset.ticker() == ticker {
                balance += signed(leg.amount, leg.direction);
            }
        }
    }
    balance
}

/// The extrato shown as OFX: one statement per asset (see the module's
/// documentation for what is in it).
pub fn write_extrato_ofx(snapshot: &ExtratoSnapshot, out: &mut impl Write) -> std::io::Result<()> {
    let zone = &snapshot.filter.zone;
    let language = snapshot.language;
    let mut by_ticker: BTreeMap<String, (Asset, Vec<OfxEntry>)> = BTreeMap::new();
    for movement in shown(snapshot).filter(|movement| movement.counts()) {
        let Some(record) = snapshot.sources.record(movement.source()) else {
            continue;
        };
        let Some(posted) = movement.at() else {
            continue;
        };
        let kind = movement.kind();
        let name = kind_name(language, kind);
        let what = description(language, movement, Some(record));
        for leg in movement.legs(&snapshot.sources) {
            if leg.direction == Direction::Within {
                continue;
            }
            if snapshot
                .filter
                .asset
                .as_ref()
                .is_some_and(|asset| asset != &leg.asset)
            {
                continue;
            }
            let ticker = leg.asset.ticker();
            let entry = OfxEntry {
                fitid: fitid(kind, record.id(), leg.direction),
                posted: zone.local(posted),
                amount: signed(leg.amount, leg.direction),
                kind: ofx_kind(kind, leg.direction),
                name: name.clone(),
                memo: format!("{what} ({})", leg.asset.as_str()),
            };
            by_ticker
                .entry(ticker)
                .or_insert_with(|| (leg.asset.clone(), Vec::new()))
                .1
                .push(entry);
        }
    }
    let periods: Vec<(OffsetDateTime, OffsetDateTime)> = by_ticker
        .values()
        .map(|(_, entries)| period(snapshot, entries))
        .collect();
    let end = SecondsRange::of(&snapshot.filter).end;
    let balances: Vec<(Decimal, OffsetDateTime)> = by_ticker
        .iter()
        .zip(&periods)
        .map(|((ticker, _), (_, to))| {
            match snapshot
                .balances
                .iter()
                .find(|known| &known.ticker == ticker)
            {
                Some(known) => (known.amount, zone.local(known.at)),
                None => (listed_balance(snapshot, ticker, end), *to),
            }
        })
        .collect();
    let statements: Vec<OfxStatement<'_>> = by_ticker
        .iter()
        .zip(periods.iter().zip(&balances))
        .map(
            |((ticker, (asset, entries)), ((from, to), (balance, balance_at)))| OfxStatement {
                account_id: ticker,
                currency: currency_of(asset),
                from: *from,
                to: *to,
                balance: *balance,
                balance_at: *balance_at,
                entries,
            },
        )
        .collect();
    write_ofx(out, &statements, zone.local(snapshot.now))
}

/// A moment in ISO 8601 with its offset, in `zone`: `2026-03-31T22:30:00-03:00`.
pub fn iso_local(zone: &LocalZone, moment: OffsetDateTime) -> String {
    zone.local(moment)
        .format(&Rfc3339)
        .unwrap_or_else(|_| brlv_core::api::timestamp::format(&moment))
}

/// The CSV's header row.
pub const CSV_HEADERS: [&str; 9] = [
    "time",
    "kind",
    "id",
    "state",
    "direction",
    "asset",
    "amount",
    "counted",
    "description",
];

/// The extrato shown as CSV: one row per leg, oldest first (see the
/// module's documentation for the columns).
pub fn write_extrato_csv(snapshot: &ExtratoSnapshot, out: impl Write) -> Result<(), csv::Error> {
    let zone = &snapshot.filter.zone;
    let language = snapshot.language;
    let mut writer = brlv_core::csv_cell::Writer::from_writer(out);
    writer.write_record(CSV_HEADERS)?;
    for movement in shown(snapshot) {
        let record = snapshot.sources.record(movement.source());
        let time = movement
            .at()
            .map(|at| iso_local(zone, at))
            .unwrap_or_default();
        let kind = movement.kind().wire();
        let id = record
            .as_ref()
            .map(|record| record.id().to_string())
            .unwrap_or_default();
        let state = record
            .as_ref()
            .and_then(|record| record.state())
            .unwrap_or_default();
        let what = description(language, movement, record);
        let legs: Vec<_> = movement.legs(&snapshot.sources).collect();
        if legs.is_empty() {
            writer.write_record([
                time.as_str(),
                kind,
                id.as_str(),
                state,
                "",
                "",
                "",
                "false",
                what.as_str(),
            ])?;
            continue;
        }
        for leg in legs {
            let counted = movement.counts() && leg.direction != Direction::Within;
            let amount = signed(leg.amount, leg.direction).to_string();
            writer.write_record([
                time.as_str(),
                kind,
                id.as_str(),
                state,
                direction_word(leg.direction),
                leg.asset.as_str(),
                amount.as_str(),
                if counted { "true" } else { "false" },
                what.as_str(),
            ])?;
        }
    }
    writer.flush()?;
    Ok(())
}

/// The file's bytes in `format`.
pub fn render(snapshot: &ExtratoSnapshot, format: ExtratoFormat) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    match format {
        ExtratoFormat::Ofx => {
            write_extrato_ofx(snapshot, &mut bytes).map_err(|error| error.to_string())?;
        }
        ExtratoFormat::Csv => {
            write_extrato_csv(snapshot, &mut bytes).map_err(|error| error.to_string())?;
        }
        ExtratoFormat::Xlsx => {
            bytes = extrato_workbook(snapshot).map_err(|error| error.to_string())?;
        }
    }
    Ok(bytes)
}

/// The extrato shown as a workbook: the CSV's rows and columns (headings in
/// the person's language), the time a date in the person's zone, the amount
/// a number (in a R$ format for reais), `counted` a true or false cell.
pub fn extrato_workbook(snapshot: &ExtratoSnapshot) -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
    use rust_xlsxwriter::{ExcelDateTime, Format, Workbook};
    let zone = &snapshot.filter.zone;
    let language = snapshot.language;
    let portuguese = language == Language::PtBr;
    let mut book = Workbook::new();
    let sheet = book.add_worksheet().set_name("Extrato")?;
    let heading = Format::new().set_bold();
    let moment = Format::new().set_num_format(if portuguese {
        "dd/mm/yyyy hh:mm:ss"
    } else {
        "yyyy-mm-dd hh:mm:ss"
    });
    let reais = Format::new().set_num_format("\"R$\" #,##0.00;-\"R$\" #,##0.00");
    let units = Format::new().set_num_format("#,##0.##################");
    let headings = if portuguese {
        [
            "Quando",
            "Tipo",
            "Identificador",
            "Estado",
            "Sentido",
            "Ativo",
            "Valor",
            "Conta nos totais",
            "Descrição",
        ]
    } else {
        CSV_HEADERS
    };
    for (column, text) in (0u16..).zip(headings) {
        sheet.write_string_with_format(0, column, text, &heading)?;
        sheet.set_column_width(column, 16)?;
    }
    sheet.set_column_width(8, 60)?;
    sheet.set_freeze_panes(1, 0)?;
    let mut row = 1;
    for movement in shown(snapshot) {
        let record = snapshot.sources.record(movement.source());
        let what = description(language, movement, record);
        let legs: Vec<_> = movement.legs(&snapshot.sources).collect();
        let leg_count = legs.len().max(1);
        for at in 0..leg_count {
            if let Some(when) = movement.at() {
                let local = zone.local(when);
                let cell = ExcelDateTime::from_ymd(
                    u16::try_from(local.year()).unwrap_or(1900),
                    u8::from(local.month()),
                    local.day(),
                )?
                .and_hms(
                    u16::from(local.hour()),
                    local.minute(),
                    local.second(),
                )?;
                sheet.write_datetime_with_format(row, 0, cell, &moment)?;
            }
            sheet.write_string(row, 1, movement.kind().wire())?;
            if let Some(record) = &record {
                sheet.write_string(row, 2, record.id().to_string())?;
                sheet.write_string(row, 3, record.state().unwrap_or_default())?;
            }
            match legs.get(at) {
                Some(leg) => {
                    sheet.write_string(row, 4, direction_word(leg.direction))?;
                    sheet.write_string(row, 5, leg.asset.as_str())?;
                    let amount = signed(leg.amount, leg.direction);
                    let format = if leg.asset == Asset::FiatBrl {
                        &reais
                    } else {
                        &units
                    };
                    sheet.write_with_format(row, 6, amount, format)?;
                    sheet.write_boolean(
                        row,
                        7,
                        movement.counts() && leg.direction != Direction::Within,
                    )?;
                }
                None => {
                    sheet.write_boolean(row, 7, false)?;
                }
            }
            sheet.write_string(row, 8, what.as_str())?;
            row += 1;
        }
    }
    book.save_to_buffer()
}

/// Saving the extrato: where, as what, and the extrato as shown.
#[derive(Clone, Debug)]
pub struct ExtratoFileRequest {
    /// The file to write.
    pub path: PathBuf,
    /// OFX or CSV.
    pub format: ExtratoFormat,
    /// What was shown when the save was asked for.
    pub snapshot: ExtratoSnapshot,
}

/// Makes the file and writes it, private (it lists the account's money);
/// blocking, for the worker's blocking pool.
pub fn write_extrato_file(request: &ExtratoFileRequest) -> Result<PathBuf, FileError> {
    let bytes = render(&request.snapshot, request.format)
        .map_err(|reason| FileError::encode(&request.path, reason))?;
    write_file(&request.path, &bytes)
}
