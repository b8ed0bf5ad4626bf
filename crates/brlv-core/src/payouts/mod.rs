//! Payouts from a file (*pagamento em lote*): a CSV of withdrawals, each
//! row checked as the Withdrawals form checks what a person types, then
//! sent once each, in order, journaled before it leaves.
//!
//! The steps, each its own function so the window and the command line
//! share them:
//! 1. [`parse`]: the file's rows into the requests the form would send (the
//!    same `CreateWithdrawal` bodies), every wrong cell named by its row and
//!    column; rows that look identical are refused (see [`Identity`]);
//! 2. [`check_balances`]: the balances cover the total of each asset;
//! 3. [`run::plan`]: what the journal says of this file
//!    (its SHA-256): new, a run to resume, or finished;
//! 4. [`run::run`]: settles the rows in flight, sends the rest one by one,
//!    tells each row's outcome through a callback, stops when asked.
//!
//! The promise and its limit: the service's v0 has no idempotency key, so
//! a row whose answer was lost is recognised afterwards only by what was
//! sent (see [`crate::journal::settle`]); two rows that send the same
//! thing could not be told apart, which is why a file holding two is
//! refused.

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use crate::address::validate_evm_address;
use crate::api::model::{Asset, BalanceAsset, CreateWithdrawal, WithdrawalMethod};
use crate::api::payout::{
    TedAccount, check_account, check_bank_code, check_branch, check_holder_name, parse_account_type,
};
use crate::money::parse_amount;
use crate::pix::PixKey;

pub mod run;
pub mod status;

/// The columns a file may have; `method` and `amount` are required, the
/// others as a row's method needs them.
pub const COLUMNS: [&str; 13] = [
    "method",
    "amount",
    "asset",
    "pix_key",
    "pix_key_type",
    "bank_code",
    "branch",
    "account",
    "account_type",
    "document",
    "name",
    "address",
    "reference",
];

/// The columns each method reads besides `method`, `amount`, `asset` and
/// `reference`; a value in another method's column is refused, so a row
/// never pays somewhere its author did not mean.
fn destination_columns(method: &WithdrawalMethod) -> &'static [&'static str] {
    match method {
        WithdrawalMethod::Pix => &["pix_key", "pix_key_type"],
        WithdrawalMethod::Ted => &[
            "bank_code",
            "branch",
            "account",
            "account_type",
            "document",
            "name",
        ],
        _ => &["address"],
    }
}

/// The longest reference kept, in characters.
pub const MAX_REFERENCE_CHARS: usize = 140;

/// A batch: the file's rows, checked, and the file's identity.
#[derive(Debug, Clone, PartialEq)]
pub struct Batch {
    /// The batch's identity: its rows, not its bytes ([`rows_identity`]).
    /// The same rows saved again (a byte-order mark, other line ends,
    /// blank lines, quoting, the columns in another order) are the same
    /// batch.
    pub id: String,
    /// The SHA-256 of the file's bytes, in hex: how an earlier version
    /// named the batch in the journal, so that its runs are still found.
    pub file_sha256: String,
    /// Its rows, in the file's order.
    pub rows: Vec<PayoutRow>,
}

/// One row of the file, as it will be sent.
#[derive(Debug, Clone, PartialEq)]
pub struct PayoutRow {
    /// 1-based, counting data rows (the header and blank rows are not
    /// rows), so that blank lines make no other numbering.
    pub row: u64,
    /// The file's line it starts on (the header is line 1).
    pub line: u64,
    /// The request, exactly as the Withdrawals form builds it.
    pub request: CreateWithdrawal,
    /// The file's own reference for it; kept in the result file, never sent
    /// (the service's withdrawals have no such field).
    pub reference: Option<String>,
}

impl PayoutRow {
    /// The JSON body sent for it (the client's encoding of the request).
    pub fn body(&self) -> String {
        serde_json::to_string(&self.request).unwrap_or_default()
    }

    /// Where it pays, in words: a PIX key, a bank account, an address.
    pub fn destination(&self) -> String {
        let request = &self.request;
        if let Some(key) = &request.pix_key {
            return key.clone();
        }
        if let Some(account) = &request.ted_account {
            return format!(
                "bank {} branch {} account {} ({}) {}",
                account.bank_code,
                account.branch,
                account.account,
                account.account_type,
                account.document
            );
        }
        request.target_address.clone().unwrap_or_default()
    }

    /// What makes two rows look the same to the service's list.
    pub fn identity(&self) -> Identity {
        let request = &self.request;
        let fold = |text: &str| -> String {
            text.chars()
                .filter(|c| c.is_alphanumeric() || *c == '@')
                .flat_map(char::to_lowercase)
                .collect()
        };
        let destination = match (
            &request.pix_key,
            &request.ted_account,
            &request.target_address,
        ) {
            (Some(key), _, _) => fold(key),
            (_, Some(account), _) => fold(&format!(
                "{}/{}/{}/{}",
                account.bank_code, account.branch, account.account, account.document
            )),
            (_, _, Some(address)) => fold(address),
            _ => String::new(),
        };
        Identity {
            method: request.method.as_str().to_owned(),
            asset: request.asset.as_str().to_owned(),
            amount: request.amount.normalize(),
            destination,
        }
    }
}

/// Method, asset, amount and destination: what the settling compares a
/// listed withdrawal on when an answer was lost.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Identity {
    /// `pix`, `ted`, `token`.
    pub method: String,
    /// The asset.
    pub asset: String,
    /// The amount, without trailing zeros.
    pub amount: Decimal,
    /// The destination, folded as the settling compares it.
    pub destination: String,
}

/// One wrong cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowError {
    /// 1-based data row.
    pub row: u64,
    /// The file's line.
    pub line: u64,
    /// The column, as the header names it.
    pub column: String,
    /// What is wrong, and how it should look.
    pub message: String,
    /// The same, typed, for a window to say in the person's language.
    pub problem: CellProblem,
}

/// What is wrong with one cell; its text is the row error's message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CellProblem {
    /// No method.
    #[error("is empty; write pix, ted or token")]
    MethodEmpty,
    /// A method this file format does not know.
    #[error("{0:?} is not a method; write pix, ted or token")]
    MethodUnknown(String),
    /// A token row without its token.
    #[error("is empty; a token row names its token, such as eth-base/brlv")]
    TokenAssetEmpty,
    /// An asset this version does not know.
    #[error("{0:?} is not an asset this version knows, such as fiat/brl or eth-base/brlv")]
    AssetUnknown(String),
    /// PIX or TED paying something other than BRL.
    #[error("{method} withdrawals pay fiat/brl, not {asset}")]
    AssetNotBrl {
        /// The row's method.
        method: String,
        /// The asset written.
        asset: String,
    },
    /// A token row paying BRL.
    #[error("{method} withdrawals pay a token, not {asset}")]
    AssetNotToken {
        /// The row's method.
        method: String,
        /// The asset written.
        asset: String,
    },
    /// A value in a column another method reads.
    #[error("is for another method; leave it empty in a {method} row")]
    OtherMethodsColumn {
        /// The row's method.
        method: String,
    },
    /// The header lacks a column the row's method needs.
    #[error("is missing from the header, and a {method} row needs it")]
    MissingColumn {
        /// The row's method.
        method: String,
    },
    /// An empty cell the row's method needs.
    #[error("is empty, and a {method} row needs it")]
    Empty {
        /// The row's method.
        method: String,
    },
    /// The amount.
    #[error("{0}")]
    Amount(crate::money::ParseAmountError),
    /// The PIX key, or the TED's document.
    #[error("{0}")]
    PixKey(crate::pix::PixKeyError),
    /// Eleven digits that are both a valid CPF and a mobile number, with
    /// no `pix_key_type` to say which.
    #[error(
        "{digits} is both a valid CPF and a mobile number ({phone}), and either would pay \
         someone; say which in a pix_key_type column (cpf or phone), or write it as a CPF \
         (000.000.000-00) or as a phone (+55\u{2026})"
    )]
    AmbiguousPixKey {
        /// The eleven digits.
        digits: String,
        /// The same as a phone.
        phone: String,
    },
    /// A `pix_key_type` that names no kind of key.
    #[error("{0:?} is not a kind of Pix key; write cpf, cnpj, email, phone or random")]
    PixKeyType(String),
    /// The token's address.
    #[error("{0}")]
    Address(crate::address::AddressError),
    /// A TED field.
    #[error("{0}")]
    Ted(crate::api::payout::TedFieldError),
    /// A TED document that is a PIX key of another kind.
    #[error("is a {0}, not the holder's CPF or CNPJ")]
    NotADocument(String),
    /// The reference is too long or has line breaks.
    #[error("is at most {MAX_REFERENCE_CHARS} characters, with no line breaks")]
    Reference,
}

impl std::fmt::Display for RowError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "row {} (line {}), column {}: {}",
            self.row, self.line, self.column, self.message
        )
    }
}

/// Why a file cannot be paid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    /// Not readable as CSV (or not UTF-8).
    #[error("the file is not a readable CSV: {0}")]
    Unreadable(String),
    /// The header is missing a column, or names one this command does not know.
    #[error("the header {0}")]
    Header(String),
    /// No rows below the header.
    #[error("the file has a header but no rows")]
    Empty,
    /// Rows with wrong cells; nothing is sent.
    #[error("{} wrong cell(s); nothing was sent:\n{}", .0.len(), lines(.0))]
    Rows(Vec<RowError>),
    /// Rows that send the same thing.
    #[error(
        "rows {} send the same payout (method, asset, amount and destination). The service \
         has no idempotency key: if the answer to one were lost, its list could not tell \
         which of them was paid, and sending again could pay twice. Nothing was sent; make \
         them differ (or pay one in a later file, over half an hour apart)",
        rows_list(.0)
    )]
    Identical(Vec<Vec<u64>>),
}

fn lines(errors: &[RowError]) -> String {
    errors
        .iter()
        .map(|error| format!("  {error}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn rows_list(groups: &[Vec<u64>]) -> String {
    groups
        .iter()
        .map(|group| {
            group
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" and ")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The hex SHA-256 of `bytes`.
pub fn file_hash(bytes: &[u8]) -> String {
    use sha2::Digest as _;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// A header cell as a column name: trimmed, lower case, `-` and spaces as `_`.
fn column_name(cell: &str) -> String {
    cell.trim()
        .to_lowercase()
        .chars()
        .map(|c| if c == '-' || c == ' ' { '_' } else { c })
        .collect()
}

/// The identity of a batch of `rows`: the SHA-256 of what each row pays
/// (method, asset, amount, destination) and its reference, in order, so
/// that how the file was written (a byte-order mark, line ends, blank
/// lines, quoting, the order of the columns, `10` or `10.00`) makes no
/// other batch.
pub fn rows_identity(rows: &[PayoutRow]) -> String {
    let mut canonical = String::from("payout rows v1\n");
    for row in rows {
        let identity = row.identity();
        canonical.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\n",
            identity.method,
            identity.asset,
            identity.amount,
            identity.destination,
            row.reference.as_deref().unwrap_or_default()
        ));
    }
    file_hash(canonical.as_bytes())
}

/// A file read row by row, before it is refused or accepted whole: the
/// rows that passed, every wrong cell, and the groups of identical-looking
/// rows, so a screen can show each row with its own result.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    /// The batch's identity ([`rows_identity`] of the rows that passed).
    pub id: String,
    /// The SHA-256 of the file's bytes, in hex.
    pub file_sha256: String,
    /// The rows whose every cell passed, in the file's order.
    pub rows: Vec<PayoutRow>,
    /// Every wrong cell, by row and column.
    pub errors: Vec<RowError>,
    /// Groups of passed rows that send the same payout.
    pub identical: Vec<Vec<u64>>,
}

impl Checked {
    /// The batch, when nothing is wrong with the file; what [`parse`] answers.
    pub fn into_batch(self) -> Result<Batch, FileError> {
        if !self.errors.is_empty() {
            return Err(FileError::Rows(self.errors));
        }
        if self.rows.is_empty() {
            return Err(FileError::Empty);
        }
        if !self.identical.is_empty() {
            return Err(FileError::Identical(self.identical));
        }
        Ok(Batch {
            id: self.id,
            file_sha256: self.file_sha256,
            rows: self.rows,
        })
    }
}

/// Reads a payouts file: every row checked as the Withdrawals form checks
/// it; a file with any wrong cell, or with two identical-looking rows, is
/// refused whole. Commas or (as spreadsheets in Brazil save) semicolons
/// separate the cells; a leading byte-order mark is ignored.
pub fn parse(bytes: &[u8]) -> Result<Batch, FileError> {
    check(bytes)?.into_batch()
}

/// Reads a payouts file as [`parse`] does, but keeps each row's result
/// instead of refusing the file at its first wrong row: only a file that
/// cannot be read, a wrong header, or a file with no rows is an error here.
pub fn check(bytes: &[u8]) -> Result<Checked, FileError> {
    let file_sha256 = file_hash(bytes);
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let first_line = text.split(|b| *b == b'\n').next().unwrap_or_default();
    let delimiter = if first_line.contains(&b';') && !first_line.contains(&b',') {
        b';'
    } else {
        b','
    };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(true)
        .flexible(false)
        .from_reader(text);
    let header = reader
        .headers()
        .map_err(|error| FileError::Unreadable(error.to_string()))?
        .clone();
    let mut index: BTreeMap<&'static str, usize> = BTreeMap::new();
    for (position, cell) in header.iter().enumerate() {
        let name = column_name(cell);
        let Some(known) = COLUMNS.iter().find(|column| **column == name) else {
            return Err(FileError::Header(format!(
                "names a column {:?} this command does not know; the columns are {}",
                crate::api::safe_text::label(cell),
                COLUMNS.join(", ")
            )));
        };
        if index.insert(known, position).is_some() {
            return Err(FileError::Header(format!("names the column {known} twice")));
        }
    }
    for required in ["method", "amount"] {
        if !index.contains_key(required) {
            return Err(FileError::Header(format!(
                "has no {required} column; the columns are {}",
                COLUMNS.join(", ")
            )));
        }
    }
    let mut rows = Vec::new();
    let mut errors = Vec::new();
    let mut row: u64 = 0;
    for record in reader.records() {
        let record = record.map_err(|error| FileError::Unreadable(error.to_string()))?;
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        row = row.saturating_add(1);
        let line = record.position().map_or(row + 1, csv::Position::line);
        match parse_row(&record, &index) {
            Ok((request, reference)) => rows.push(PayoutRow {
                row,
                line,
                request,
                reference,
            }),
            Err(found) => errors.extend(found.into_iter().map(|(column, problem)| RowError {
                row,
                line,
                column: column.to_owned(),
                message: problem.to_string(),
                problem,
            })),
        }
    }
    if rows.is_empty() && errors.is_empty() {
        return Err(FileError::Empty);
    }
    let identical = identical_rows(&rows);
    Ok(Checked {
        id: rows_identity(&rows),
        file_sha256,
        rows,
        errors,
        identical,
    })
}

/// The groups of rows (two or more each) that send the same payout.
pub fn identical_rows(rows: &[PayoutRow]) -> Vec<Vec<u64>> {
    let mut by_identity: BTreeMap<Identity, Vec<u64>> = BTreeMap::new();
    for row in rows {
        by_identity.entry(row.identity()).or_default().push(row.row);
    }
    let mut groups: Vec<Vec<u64>> = by_identity
        .into_values()
        .filter(|group| group.len() > 1)
        .collect();
    groups.sort();
    groups
}

type CellErrors = Vec<(&'static str, CellProblem)>;

/// The trimmed cell of `column` in `record`; empty when the header has no such column.
fn cell_of<'a>(
    record: &'a csv::StringRecord,
    index: &BTreeMap<&'static str, usize>,
    column: &str,
) -> &'a str {
    index
        .get(column)
        .and_then(|position| record.get(*position))
        .unwrap_or_default()
        .trim()
}

/// One row's request, or each wrong cell with its column.
fn parse_row<'a>(
    record: &'a csv::StringRecord,
    index: &BTreeMap<&'static str, usize>,
) -> Result<(CreateWithdrawal, Option<String>), CellErrors> {
    let cell = |column: &str| cell_of(record, index, column);
    let mut errors: CellErrors = Vec::new();
    let method = match cell("method").to_lowercase().as_str() {
        "pix" => Some(WithdrawalMethod::Pix),
        "ted" => Some(WithdrawalMethod::Ted),
        "token" => Some(WithdrawalMethod::Token),
        "" => {
            errors.push(("method", CellProblem::MethodEmpty));
            None
        }
        other => {
            errors.push((
                "method",
                CellProblem::MethodUnknown(crate::api::safe_text::label(other).into_owned()),
            ));
            None
        }
    };
    let Some(method) = method else {
        return Err(errors);
    };
    let asset = parse_asset(&method, cell("asset"), &mut errors);
    for column in COLUMNS.iter().skip(3) {
        let own = destination_columns(&method).contains(column) || *column == "reference";
        if !own && !cell(column).is_empty() {
            errors.push((
                column,
                CellProblem::OtherMethodsColumn {
                    method: method.to_string(),
                },
            ));
        }
    }
    let needs = |column: &'static str, errors: &mut CellErrors| -> Option<&'a str> {
        let value = cell(column);
        if !index.contains_key(column) {
            errors.push((
                column,
                CellProblem::MissingColumn {
                    method: method.to_string(),
                },
            ));
            None
        } else if value.is_empty() {
            errors.push((
                column,
                CellProblem::Empty {
                    method: method.to_string(),
                },
            ));
            None
        } else {
            Some(value)
        }
    };
    let amount = asset.as_ref().and_then(|asset| {
        parse_amount(cell("amount"), asset.scale())
            .map_err(|error| errors.push(("amount", CellProblem::Amount(error))))
            .ok()
    });
    let mut pix_key = None;
    let mut ted_account = None;
    let mut target_address = None;
    match method {
        WithdrawalMethod::Pix => {
            pix_key = needs("pix_key", &mut errors)
                .and_then(|raw| pix_key_cell(raw, cell("pix_key_type"), &mut errors));
        }
        WithdrawalMethod::Ted => ted_account = ted(&needs, &mut errors),
        _ => {
            target_address =
                needs("address", &mut errors).and_then(|raw| match validate_evm_address(raw) {
                    Ok(()) => Some(raw.to_owned()),
                    Err(error) => {
                        errors.push(("address", CellProblem::Address(error)));
                        None
                    }
                });
        }
    }
    let reference = Some(cell("reference"))
        .filter(|text| !text.is_empty())
        .map(str::to_owned);
    if let Some(text) = &reference
        && (text.chars().count() > MAX_REFERENCE_CHARS || text.chars().any(char::is_control))
    {
        errors.push(("reference", CellProblem::Reference));
    }
    match (errors.is_empty(), asset, amount) {
        (true, Some(asset), Some(amount)) => Ok((
            CreateWithdrawal {
                asset,
                method,
                amount,
                pix_key,
                ted_account,
                target_address,
            },
            reference,
        )),
        _ => Err(errors),
    }
}

/// A PIX row's key, read with its `pix_key_type` when the row gives one;
/// eleven digits that could be a CPF or a phone are refused without it.
fn pix_key_cell(raw: &str, kind: &str, errors: &mut CellErrors) -> Option<String> {
    let parsed = if kind.is_empty() {
        PixKey::parse(raw)
    } else {
        match crate::pix::PixKeyKind::from_name(kind) {
            Some(kind) => PixKey::parse_as(raw, kind),
            None => {
                errors.push((
                    "pix_key_type",
                    CellProblem::PixKeyType(crate::api::safe_text::label(kind).into_owned()),
                ));
                return None;
            }
        }
    };
    match parsed {
        Ok(key) => Some(key.as_str().to_owned()),
        Err(crate::pix::PixKeyError::Ambiguous { digits, phone }) => {
            errors.push(("pix_key", CellProblem::AmbiguousPixKey { digits, phone }));
            None
        }
        Err(error) => {
            errors.push(("pix_key", CellProblem::PixKey(error)));
            None
        }
    }
}

/// The asset of a row: `fiat/brl` when left empty for PIX and TED; what
/// the form allows for the method (PIX and TED pay BRL; token pays a token).
fn parse_asset(method: &WithdrawalMethod, raw: &str, errors: &mut CellErrors) -> Option<Asset> {
    let pays_brl = matches!(method, WithdrawalMethod::Pix | WithdrawalMethod::Ted);
    if raw.is_empty() {
        if pays_brl {
            return Some(Asset::FiatBrl);
        }
        errors.push(("asset", CellProblem::TokenAssetEmpty));
        return None;
    }
    let asset = Asset::from_wire(&raw.to_lowercase());
    if !asset.is_known() {
        errors.push((
            "asset",
            CellProblem::AssetUnknown(crate::api::safe_text::label(raw).into_owned()),
        ));
        return None;
    }
    if pays_brl && asset != Asset::FiatBrl {
        errors.push((
            "asset",
            CellProblem::AssetNotBrl {
                method: method.to_string(),
                asset: asset.to_string(),
            },
        ));
        return None;
    }
    if !pays_brl && asset.is_fiat() {
        errors.push((
            "asset",
            CellProblem::AssetNotToken {
                method: method.to_string(),
                asset: asset.to_string(),
            },
        ));
        return None;
    }
    Some(asset)
}

/// A TED's account, checked field by field as the TED form checks it.
fn ted<'a>(
    needs: &dyn Fn(&'static str, &mut CellErrors) -> Option<&'a str>,
    errors: &mut CellErrors,
) -> Option<TedAccount> {
    let bank_code = needs("bank_code", errors).filter(|raw| {
        check_bank_code(raw)
            .map_err(|error| errors.push(("bank_code", CellProblem::Ted(error))))
            .is_ok()
    });
    let branch = needs("branch", errors).filter(|raw| {
        check_branch(raw)
            .map_err(|error| errors.push(("branch", CellProblem::Ted(error))))
            .is_ok()
    });
    let account = needs("account", errors).filter(|raw| {
        check_account(raw)
            .map_err(|error| errors.push(("account", CellProblem::Ted(error))))
            .is_ok()
    });
    let account_type = needs("account_type", errors).and_then(|raw| {
        parse_account_type(&raw.to_lowercase())
            .map_err(|error| errors.push(("account_type", CellProblem::Ted(error))))
            .ok()
    });
    let document = needs("document", errors).and_then(|raw| match PixKey::parse_wire(raw) {
        Ok(key @ (PixKey::Cpf(_) | PixKey::Cnpj(_))) => Some(key.as_str().to_owned()),
        Ok(other) => {
            errors.push((
                "document",
                CellProblem::NotADocument(other.kind_name().to_owned()),
            ));
            None
        }
        Err(error) => {
            errors.push(("document", CellProblem::PixKey(error)));
            None
        }
    });
    let name = needs("name", errors).filter(|raw| {
        check_holder_name(raw)
            .map_err(|error| errors.push(("name", CellProblem::Ted(error))))
            .is_ok()
    });
    Some(TedAccount {
        bank_code: bank_code?.to_owned(),
        branch: branch?.to_owned(),
        account: account?.to_owned(),
        account_type: account_type?,
        document: document?,
        name: name?.to_owned(),
    })
}

/// What a set of rows adds up to: how many, and the total of each asset.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Summary {
    /// How many rows.
    pub rows: usize,
    /// How many of them are paid by PIX.
    pub by_pix: usize,
    /// How many by TED.
    pub by_ted: usize,
    /// How many in tokens (or by a method this version does not know).
    pub by_token: usize,
    /// The total of each asset.
    pub totals: BTreeMap<Asset, Decimal>,
}

impl Summary {
    /// The summary of `rows`.
    pub fn of<'a>(rows: impl IntoIterator<Item = &'a PayoutRow>) -> Summary {
        let mut summary = Summary::default();
        for row in rows {
            summary.rows += 1;
            match row.request.method {
                WithdrawalMethod::Pix => summary.by_pix += 1,
                WithdrawalMethod::Ted => summary.by_ted += 1,
                _ => summary.by_token += 1,
            }
            *summary.totals.entry(row.request.asset.clone()).or_default() += row.request.amount;
        }
        summary
    }
}

impl Batch {
    /// How many rows and the total of each asset.
    pub fn summary(&self) -> Summary {
        Summary::of(&self.rows)
    }
}

/// The balance (`/assets/{asset}/balance`) an asset is paid from, by its
/// ticker; `None` when the service shows none for it.
pub fn balance_asset(asset: &Asset) -> Option<BalanceAsset> {
    match asset.ticker().as_str() {
        "BRL" => Some(BalanceAsset::Brl),
        "USDC" => Some(BalanceAsset::Usdc),
        "BRLV" => Some(BalanceAsset::Brlv),
        _ => None,
    }
}

/// A balance the rows pay from that the service did not give.
#[derive(Debug)]
pub struct UnreadBalance {
    /// The balance asked for.
    pub balance: BalanceAsset,
    /// Why it could not be read.
    pub error: crate::api::error::Error,
}

/// Reads from the service every balance that `totals` (the rows still to
/// send) are paid from, one request per balance; the first that cannot be
/// read stops the reading, since a batch is never sent on a guess.
pub async fn read_balances(
    client: &crate::api::client::Client,
    totals: &BTreeMap<Asset, Decimal>,
) -> Result<BTreeMap<BalanceAsset, Decimal>, UnreadBalance> {
    let needed: std::collections::BTreeSet<BalanceAsset> =
        totals.keys().filter_map(balance_asset).collect();
    let mut balances = BTreeMap::new();
    for balance in needed {
        match client.balance(&balance).await {
            Ok(read) => {
                balances.insert(balance, read.running_balance);
            }
            Err(error) => return Err(UnreadBalance { balance, error }),
        }
    }
    Ok(balances)
}

/// A balance that does not cover what the rows pay from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shortfall {
    /// The balance.
    pub balance: BalanceAsset,
    /// What the rows pay from it.
    pub total: Decimal,
    /// What it holds (zero when it could not be read).
    pub available: Decimal,
}

impl std::fmt::Display for Shortfall {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the {} balance is {}, and the rows pay {} from it ({} short)",
            self.balance,
            self.available,
            self.total,
            self.total - self.available
        )
    }
}

/// What the balance check found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BalanceCheck {
    /// Balances that do not cover their rows: nothing may be sent.
    pub short: Vec<Shortfall>,
    /// Assets no balance of the service shows (wBRLY, USDT, BRLY are paid
    /// from a wallet): not checked here; the service refuses a row it cannot pay.
    pub unchecked: Vec<Asset>,
}

impl BalanceCheck {
    /// Whether the balances cover every total that could be checked.
    pub fn covers(&self) -> bool {
        self.short.is_empty()
    }
}

/// Whether `balances` cover `totals` (the rows still to send): the assets
/// paid from one balance (BRLV on every chain) are added up first. A
/// balance missing from `balances` counts as zero.
pub fn check_balances(
    totals: &BTreeMap<Asset, Decimal>,
    balances: &BTreeMap<BalanceAsset, Decimal>,
) -> BalanceCheck {
    let mut check = BalanceCheck::default();
    let mut needed: BTreeMap<BalanceAsset, Decimal> = BTreeMap::new();
    for (asset, total) in totals {
        match balance_asset(asset) {
            Some(balance) => *needed.entry(balance).or_default() += *total,
            None => check.unchecked.push(asset.clone()),
        }
    }
    for (balance, total) in needed {
        let available = balances.get(&balance).copied().unwrap_or_default();
        if available < total {
            check.short.push(Shortfall {
                balance,
                total,
                available,
            });
        }
    }
    check
}

#[cfg(test)]
mod tests;
