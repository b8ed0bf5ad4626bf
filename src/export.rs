//! CSV export of each list. Amounts are written as the exact decimal strings
//! the service sent (never re-rounded, never in a locale's format), so a
//! spreadsheet or an accountant sees the same digits as the API.

use std::io::Write;
use std::path::Path;

use rust_decimal::Decimal;
use time::OffsetDateTime;

use crate::api::model::{Claim, Deposit, Order, Transfer, Wallet, Withdrawal, timestamp};

/// A resource that can be one CSV row.
pub trait CsvRecord {
    /// Column names, in order.
    const HEADERS: &'static [&'static str];
    /// The row's cells, in the order of [`CsvRecord::HEADERS`].
    fn cells(&self) -> Vec<String>;
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
    let mut writer = csv::Writer::from_writer(out);
    writer.write_record(R::HEADERS)?;
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

/// Writes the CSV to `path` as a private file (see [`crate::private_file`]):
/// an export lists an account's money movements, names and keys.
pub fn write_csv_file<R: CsvRecord>(records: &[R], path: &Path) -> Result<(), csv::Error> {
    let file = crate::private_file::create(path)?;
    let mut writer = std::io::BufWriter::new(file);
    write_csv(records, &mut writer)?;
    let file = writer
        .into_inner()
        .map_err(|error| csv::Error::from(error.into_error()))?;
    file.sync_all()?;
    Ok(())
}

impl CsvRecord for Order {
    const HEADERS: &'static [&'static str] = &[
        "id",
        "quote-id",
        "state",
        "created-at",
        "state-updated-at",
        "source-asset",
        "source-amount",
        "target-asset",
        "target-amount",
        "base-rate",
        "effective-rate",
        "fee-amount",
        "fee-asset",
        "expiration",
        "brcode",
    ];

    fn cells(&self) -> Vec<String> {
        vec![
            self.id.to_string(),
            text(self.quote_id.as_ref()),
            text(self.state.as_ref()),
            time(self.created_at),
            time(self.state_updated_at),
            text(self.source_asset.as_ref()),
            amount(self.source_amount),
            text(self.target_asset.as_ref()),
            amount(self.target_amount),
            amount(self.base_rate),
            amount(self.effective_rate),
            amount(self.fee_amount),
            text(self.fee_asset.as_ref()),
            time(self.expiration),
            self.brcode.clone().unwrap_or_default(),
        ]
    }
}

impl CsvRecord for Transfer {
    const HEADERS: &'static [&'static str] = &[
        "id",
        "state",
        "asset",
        "amount",
        "source-address",
        "target-address",
        "tx-hash",
        "created-at",
        "state-updated-at",
    ];

    fn cells(&self) -> Vec<String> {
        vec![
            self.id.to_string(),
            text(self.state.as_ref()),
            text(self.asset.as_ref()),
            amount(self.amount),
            self.source_address.clone().unwrap_or_default(),
            self.target_address.clone().unwrap_or_default(),
            self.tx_hash.clone().unwrap_or_default(),
            time(self.created_at),
            time(self.state_updated_at),
        ]
    }
}

impl CsvRecord for Wallet {
    const HEADERS: &'static [&'static str] =
        &["name", "address", "assets", "ui-enabled", "metadata"];

    fn cells(&self) -> Vec<String> {
        vec![
            self.name.clone().unwrap_or_default(),
            self.address.clone(),
            self.assets
                .iter()
                .map(|asset| asset.as_str())
                .collect::<Vec<_>>()
                .join(" "),
            text(self.ui_enabled.as_ref()),
            self.metadata
                .as_ref()
                .map(|metadata| serde_json::Value::Object(metadata.clone()).to_string())
                .unwrap_or_default(),
        ]
    }
}

impl CsvRecord for Withdrawal {
    const HEADERS: &'static [&'static str] = &[
        "id",
        "state",
        "method",
        "asset",
        "amount",
        "created-at",
        "state-updated-at",
    ];

    fn cells(&self) -> Vec<String> {
        vec![
            self.id.to_string(),
            text(self.state.as_ref()),
            text(self.method.as_ref()),
            text(self.asset.as_ref()),
            amount(self.amount),
            time(self.created_at),
            time(self.state_updated_at),
        ]
    }
}

impl CsvRecord for Claim {
    const HEADERS: &'static [&'static str] = &[
        "id",
        "status",
        "gross-amount",
        "tax-amount",
        "fees",
        "net-amount",
        "updated-at",
    ];

    fn cells(&self) -> Vec<String> {
        vec![
            self.id.to_string(),
            text(self.status.as_ref()),
            amount(self.gross_amount),
            amount(self.tax_amount),
            amount(self.fees),
            amount(self.net_amount),
            time(self.updated_at),
        ]
    }
}

impl CsvRecord for Deposit {
    const HEADERS: &'static [&'static str] = &[
        "id",
        "type",
        "status",
        "amount",
        "created-at",
        "processed-at",
        "source-tax-id",
        "source-bank-code",
        "source-type",
        "source-branch-code",
        "source-account-number",
        "target",
    ];

    fn cells(&self) -> Vec<String> {
        let coordinates = self.coordinates.clone().unwrap_or_default();
        vec![
            self.id.to_string(),
            self.kind.clone().unwrap_or_default(),
            text(self.status.as_ref()),
            amount(self.amount),
            time(self.created_at),
            time(self.processed_at),
            coordinates.source_tax_id.unwrap_or_default(),
            coordinates.source_bank_code.unwrap_or_default(),
            coordinates.source_type.unwrap_or_default(),
            coordinates.source_branch_code.unwrap_or_default(),
            coordinates.source_account_number.unwrap_or_default(),
            coordinates.target.unwrap_or_default(),
        ]
    }
}
