//! The one export path every list uses: the rows as CSV, written by the
//! worker (never the UI thread) to the file the person chose. Amounts are
//! written as the exact decimal strings the service sent (never re-rounded,
//! never in a locale's format), so a spreadsheet or an accountant sees the
//! same digits as the API. A file that cannot be written comes back as a
//! [`FileError`], written in the person's language when shown.

use std::io::Write;
use std::path::{Path, PathBuf};

use rust_decimal::Decimal;
use time::OffsetDateTime;

use brlv_core::api::model::{
    Claim, Deposit, DepositCoordinates, Order, Transfer, Wallet, Withdrawal,
};
use brlv_core::api::timestamp;

use super::error_text::Localize;
use super::i18n::{Language, tr_with};

/// One column of a list's CSV: its header (the field's name on the wire)
/// and how a row's cell is written.
pub struct Column<T>(pub &'static str, pub fn(&T) -> String);

/// A resource that can be one CSV row.
pub trait CsvRecord: Sized + 'static {
    /// Its columns, in order: each header beside its cell, so the two
    /// cannot drift apart.
    const COLUMNS: &'static [Column<Self>];

    /// The header row.
    fn headers() -> Vec<&'static str> {
        Self::COLUMNS
            .iter()
            .map(|Column(header, _)| *header)
            .collect()
    }

    /// The row's cells, in the order of the headers.
    fn cells(&self) -> Vec<String> {
        Self::COLUMNS
            .iter()
            .map(|Column(_, cell)| cell(self))
            .collect()
    }
}

/// The lists that can be saved as CSV, with their rows.
#[derive(Debug, Clone, PartialEq)]
pub enum ExportRecords {
    /// Orders.
    Orders(Vec<Order>),
    /// Wallets.
    Wallets(Vec<Wallet>),
    /// Transfers.
    Transfers(Vec<Transfer>),
    /// Withdrawals.
    Withdrawals(Vec<Withdrawal>),
    /// Claims made from this device.
    Claims(Vec<Claim>),
    /// Deposits of one asset.
    Deposits(Vec<Deposit>),
}

/// Which list an export belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExportKind {
    /// The orders loaded.
    Orders,
    /// The wallets shown, with their addresses.
    Wallets,
    /// The transfers shown.
    Transfers,
    /// The withdrawals shown, each with its destination.
    Withdrawals,
    /// The claims this device made.
    Claims,
    /// The deposits of the asset shown.
    Deposits,
    /// The journal: what this device sent and learnt (written by the
    /// journal's own thread, not from rows the window holds).
    Journal,
    /// The tax year's CSV files (the ledger, the months, the positions,
    /// Bens e Direitos, the sales for GCAP, the late DARFs), written into
    /// a folder.
    TaxCsv,
    /// The tax year's report for an accountant, as PDF.
    TaxPdf,
    /// The tax year's workbook (.xlsx).
    TaxXlsx,
    /// The extrato, as OFX or CSV (made by the worker from the extrato's
    /// figures: see `features::activity::export`).
    Extrato,
}

/// The files the extrato is saved as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExtratoFormat {
    /// OFX, for accounting programs (GnuCash, and what Brazilian banks export).
    Ofx,
    /// CSV, for spreadsheets.
    Csv,
    /// A workbook (.xlsx), for spreadsheets that open a CSV as one column.
    Xlsx,
}

impl ExtratoFormat {
    /// The file name's extension (`ofx`), which is also the dialog's filter.
    pub fn extension(self) -> &'static str {
        match self {
            ExtratoFormat::Ofx => "ofx",
            ExtratoFormat::Csv => "csv",
            ExtratoFormat::Xlsx => "xlsx",
        }
    }
}

impl ExportRecords {
    /// Which list it is.
    pub fn kind(&self) -> ExportKind {
        match self {
            ExportRecords::Orders(_) => ExportKind::Orders,
            ExportRecords::Wallets(_) => ExportKind::Wallets,
            ExportRecords::Transfers(_) => ExportKind::Transfers,
            ExportRecords::Withdrawals(_) => ExportKind::Withdrawals,
            ExportRecords::Claims(_) => ExportKind::Claims,
            ExportRecords::Deposits(_) => ExportKind::Deposits,
        }
    }

    /// The CSV text (header and one row per record).
    pub fn to_csv(&self) -> Result<String, csv::Error> {
        match self {
            ExportRecords::Orders(rows) => to_csv_string(rows),
            ExportRecords::Wallets(rows) => to_csv_string(rows),
            ExportRecords::Transfers(rows) => to_csv_string(rows),
            ExportRecords::Withdrawals(rows) => to_csv_string(rows),
            ExportRecords::Claims(rows) => to_csv_string(rows),
            ExportRecords::Deposits(rows) => to_csv_string(rows),
        }
    }
}

/// Saving a list: where, and the rows as shown when Save was clicked.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportRequest {
    /// The file to write.
    pub path: PathBuf,
    /// The rows.
    pub records: ExportRecords,
}

/// Why a file could not be read or written, kept typed so it is written in
/// the person's language; the system's own words are kept for `Other`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    /// The file.
    pub path: PathBuf,
    /// What went wrong.
    pub kind: FileErrorKind,
}

/// What went wrong with a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileErrorKind {
    /// The file or its folder does not exist.
    NotFound,
    /// The system does not allow it.
    PermissionDenied,
    /// The path names a folder.
    IsADirectory,
    /// The disk is full.
    StorageFull,
    /// A link, or anything but a plain file of its own, is at the path:
    /// nothing was written through it.
    NotWritten(brlv_core::private_file::NotWritten),
    /// The content could not be made (CSV, PNG).
    Encode(String),
    /// Anything else, in the system's words.
    Other(String),
}

impl FileError {
    /// The error `error` gave on `path`.
    pub fn io(path: &Path, error: &std::io::Error) -> FileError {
        use std::io::ErrorKind;
        if let Some(refused) = brlv_core::private_file::NotWritten::of(error) {
            return FileError {
                path: path.to_owned(),
                kind: FileErrorKind::NotWritten(refused),
            };
        }
        let kind = match error.kind() {
            ErrorKind::NotFound => FileErrorKind::NotFound,
            ErrorKind::PermissionDenied => FileErrorKind::PermissionDenied,
            ErrorKind::IsADirectory => FileErrorKind::IsADirectory,
            ErrorKind::StorageFull => FileErrorKind::StorageFull,
            _ => FileErrorKind::Other(error.to_string()),
        };
        FileError {
            path: path.to_owned(),
            kind,
        }
    }

    /// The task writing `path` stopped before it said how it went.
    pub fn lost(path: &Path, reason: impl ToString) -> FileError {
        FileError {
            path: path.to_owned(),
            kind: FileErrorKind::Other(reason.to_string()),
        }
    }

    /// The content for `path` could not be made.
    pub fn encode(path: &Path, reason: impl ToString) -> FileError {
        FileError {
            path: path.to_owned(),
            kind: FileErrorKind::Encode(reason.to_string()),
        }
    }
}

impl Localize for FileError {
    fn localize(&self, language: Language) -> String {
        let path = self.path.display().to_string();
        let with_path = |key| tr_with(language, key, &[("path", &path)]);
        match &self.kind {
            FileErrorKind::NotFound => with_path("err.file.not_found"),
            FileErrorKind::PermissionDenied => with_path("err.file.permission_denied"),
            FileErrorKind::IsADirectory => with_path("err.file.is_a_directory"),
            FileErrorKind::StorageFull => with_path("err.file.storage_full"),
            FileErrorKind::NotWritten(refused) => with_path(match refused {
                brlv_core::private_file::NotWritten::Link => "err.file.link",
                brlv_core::private_file::NotWritten::NotAFile => "err.file.not_a_file",
                brlv_core::private_file::NotWritten::OtherNames => "err.file.other_names",
            }),
            FileErrorKind::Encode(reason) | FileErrorKind::Other(reason) => tr_with(
                language,
                "err.file.other",
                &[("path", &path), ("reason", reason)],
            ),
        }
    }
}

/// Writes `bytes` to `path` as a private file (see [`brlv_core::private_file`]):
/// an export lists an account's money movements, names and keys. Blocking,
/// for the worker's blocking pool.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<PathBuf, FileError> {
    brlv_core::private_file::write(path, bytes)
        .map(|()| path.to_owned())
        .map_err(|error| FileError::io(path, &error))
}

/// Writes an export; blocking, for the worker's blocking pool.
pub fn write_export(request: &ExportRequest) -> Result<PathBuf, FileError> {
    let text = request
        .records
        .to_csv()
        .map_err(|error| FileError::encode(&request.path, error))?;
    write_file(&request.path, text.as_bytes())
}

/// A list's CSV export as the person fills it.
#[derive(Clone, Debug, Default)]
pub struct ExportDraft {
    /// The file to write, when typed rather than chosen in the dialog.
    pub path: String,
    /// A write is under way.
    pub writing: bool,
    /// How the last write ended: the file, or why not.
    pub result: Option<Result<PathBuf, FileError>>,
    /// "Save as CSV…" was pressed: the system's dialog is to be asked.
    pub dialog_asked: bool,
}

impl ExportDraft {
    /// Marks a write as started and returns the path to write, when one is typed.
    pub fn start(&mut self) -> Option<PathBuf> {
        let path = self.path.trim();
        if path.is_empty() || self.writing {
            return None;
        }
        self.writing = true;
        self.result = None;
        Some(PathBuf::from(path))
    }

    /// Takes in how the write ended.
    pub fn finish(&mut self, result: Result<PathBuf, FileError>) {
        self.writing = false;
        self.result = Some(result);
    }
}

fn text(value: Option<&impl ToString>) -> String {
    value.map(ToString::to_string).unwrap_or_default()
}

fn amount(value: Option<Decimal>) -> String {
    value.map(|value| value.to_string()).unwrap_or_default()
}

fn time(value: Option<OffsetDateTime>) -> String {
    value
        .map(|value| timestamp::format(&value))
        .unwrap_or_default()
}

/// Writes `records` as CSV with a header row.
pub fn write_csv<R: CsvRecord>(records: &[R], out: impl Write) -> Result<(), csv::Error> {
    let mut writer = brlv_core::csv_cell::Writer::from_writer(out);
    writer.write_record(R::headers())?;
    for record in records {
        writer.write_record(record.cells())?;
    }
    writer.flush()?;
    Ok(())
}

/// The CSV as a string.
pub fn to_csv_string<R: CsvRecord>(records: &[R]) -> Result<String, csv::Error> {
    let mut bytes = Vec::new();
    write_csv(records, &mut bytes)?;
    String::from_utf8(bytes).map_err(|error| csv::Error::from(std::io::Error::other(error)))
}

impl CsvRecord for Order {
    const COLUMNS: &'static [Column<Order>] = &[
        Column("id", |row| row.id.to_string()),
        Column("quote-id", |row| text(row.quote_id.as_ref())),
        Column("state", |row| text(row.state.as_ref())),
        Column("created-at", |row| time(row.created_at())),
        Column("state-updated-at", |row| time(row.state_updated_at())),
        Column("source-asset", |row| text(row.source_asset.as_ref())),
        Column("source-amount", |row| amount(row.source_amount())),
        Column("target-asset", |row| text(row.target_asset.as_ref())),
        Column("target-amount", |row| amount(row.target_amount())),
        Column("base-rate", |row| amount(row.base_rate())),
        Column("effective-rate", |row| amount(row.effective_rate())),
        Column("fee-amount", |row| amount(row.fee_amount())),
        Column("fee-asset", |row| text(row.fee_asset.as_ref())),
        Column("expiration", |row| time(row.expiration())),
        Column("brcode", |row| text(row.brcode.as_ref())),
    ];
}

impl CsvRecord for Transfer {
    const COLUMNS: &'static [Column<Transfer>] = &[
        Column("id", |row| row.id.to_string()),
        Column("state", |row| text(row.state.as_ref())),
        Column("asset", |row| text(row.asset.as_ref())),
        Column("amount", |row| amount(row.amount())),
        Column("source-address", |row| text(row.source_address.as_ref())),
        Column("target-address", |row| text(row.target_address.as_ref())),
        Column("tx-hash", |row| text(row.tx_hash.as_ref())),
        Column("created-at", |row| time(row.created_at())),
        Column("state-updated-at", |row| time(row.state_updated_at())),
    ];
}

impl CsvRecord for Wallet {
    const COLUMNS: &'static [Column<Wallet>] = &[
        Column("name", |row| row.name.clone().unwrap_or_default()),
        Column("address", |row| row.address.clone()),
        Column("assets", |row| {
            let assets: Vec<&str> = row.assets.iter().map(|asset| asset.as_str()).collect();
            assets.join(" ")
        }),
        Column("ui-enabled", |row| text(row.ui_enabled.as_ref())),
        Column("metadata", |row| {
            row.metadata
                .as_ref()
                .map(|metadata| serde_json::Value::Object(metadata.clone()).to_string())
                .unwrap_or_default()
        }),
    ];
}

impl CsvRecord for Withdrawal {
    const COLUMNS: &'static [Column<Withdrawal>] = &[
        Column("id", |row| row.id.to_string()),
        Column("state", |row| text(row.state.as_ref())),
        Column("method", |row| text(row.method.as_ref())),
        Column("asset", |row| text(row.asset.as_ref())),
        Column("amount", |row| amount(row.amount())),
        Column("created-at", |row| time(row.created_at())),
        Column("state-updated-at", |row| time(row.state_updated_at())),
    ];
}

impl CsvRecord for Claim {
    const COLUMNS: &'static [Column<Claim>] = &[
        Column("id", |row| row.id.to_string()),
        Column("status", |row| text(row.status.as_ref())),
        Column("gross-amount", |row| amount(row.gross_amount)),
        Column("tax-amount", |row| amount(row.tax_amount)),
        Column("fees", |row| amount(row.fees)),
        Column("net-amount", |row| amount(row.net_amount)),
        Column("updated-at", |row| time(row.updated_at)),
    ];
}

/// A field of a deposit's payer and target, as the service sent it.
fn coordinate<T: ToString>(
    deposit: &Deposit,
    field: impl Fn(&DepositCoordinates) -> Option<&T>,
) -> String {
    text(deposit.coordinates.as_ref().and_then(field))
}

impl CsvRecord for Deposit {
    const COLUMNS: &'static [Column<Deposit>] = &[
        Column("id", |row| row.id.to_string()),
        Column("type", |row| text(row.kind.as_ref())),
        Column("status", |row| text(row.status.as_ref())),
        Column("amount", |row| amount(row.amount())),
        Column("created-at", |row| time(row.created_at())),
        Column("processed-at", |row| time(row.processed_at())),
        Column("source-tax-id", |row| {
            coordinate(row, |payer| payer.source_tax_id.as_ref())
        }),
        Column("source-bank-code", |row| {
            coordinate(row, |payer| payer.source_bank_code.as_ref())
        }),
        Column("source-type", |row| {
            coordinate(row, |payer| payer.source_type.as_ref())
        }),
        Column("source-branch-code", |row| {
            coordinate(row, |payer| payer.source_branch_code.as_ref())
        }),
        Column("source-account-number", |row| {
            coordinate(row, |payer| payer.source_account_number.as_ref())
        }),
        Column("target", |row| {
            coordinate(row, |payer| payer.target.as_ref())
        }),
    ];
}
