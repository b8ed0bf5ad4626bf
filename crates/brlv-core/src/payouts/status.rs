//! A result file brought up to date (`payouts --status`): the rows the
//! service holds are read again from its list of withdrawals, so a row
//! accepted and not yet paid says `sent` with the service's state, and
//! only a row the service says is `completed` says `paid`.
//!
//! Only the `outcome` and `state` cells of a row with an `id` the service
//! lists change; every other cell, and every other row, is written back as
//! it was read. A result file written before the `state` column existed
//! gains it, and its `done` rows become `sent`, `paid` or `failed`.

use super::run::ServiceStates;
use crate::payment_stage::PaymentStage;

/// One row of a result file, as it stands after the service was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusRow {
    /// The file's `row` cell.
    pub row: String,
    /// What it paid, as the file says: method, amount, asset, destination.
    pub what: String,
    /// The service's id, when the row was accepted.
    pub id: Option<String>,
    /// How far it has gone; `None` for a row the service does not hold
    /// (refused, held, not sent), whose `outcome` says why.
    pub stage: Option<PaymentStage>,
    /// The service did not list this id (the list was read, and it was not
    /// in it): its state is as the file said.
    pub unlisted: bool,
    /// The `outcome` cell, as rewritten.
    pub outcome: String,
}

/// Why a result file could not be brought up to date.
#[derive(Debug, thiserror::Error)]
pub enum StatusError {
    /// Not a CSV file.
    #[error("it is not a CSV file: {0}")]
    Csv(#[from] csv::Error),
    /// Not a result file: a column is missing.
    #[error(
        "it has no `{0}` column, so it is not a result file; pass the result file a run \
         wrote (FILE.result.csv, or the one named with --result)"
    )]
    MissingColumn(&'static str),
}

/// The outcomes a row the service holds may carry in a result file: `sent`,
/// `paid` and `failed`, and `done` as earlier versions wrote it.
const HELD_BY_THE_SERVICE: [&str; 4] = ["sent", "paid", "failed", "done"];

/// Reads a result file, sets each accepted row's `outcome` and `state` from
/// `states` (the service's, as just read), and returns the rows and the
/// file as it is to be written back.
pub fn restate(
    bytes: &[u8],
    states: &ServiceStates,
) -> Result<(Vec<StatusRow>, Vec<u8>), StatusError> {
    let text = String::from_utf8_lossy(bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_bytes());
    let header: Vec<String> = reader.headers()?.iter().map(str::to_owned).collect();
    let at = |name: &'static str| {
        header
            .iter()
            .position(|column| column == name)
            .ok_or(StatusError::MissingColumn(name))
    };
    let outcome_at = at("outcome")?;
    // An older file has no `state` column: it is added after `outcome`.
    let (header, state_at, added) = match header.iter().position(|column| column == "state") {
        Some(state_at) => (header, state_at, false),
        None => {
            let mut header = header;
            header.insert(outcome_at + 1, "state".to_owned());
            (header, outcome_at + 1, true)
        }
    };
    // Found again once the header has its `state` column.
    let id_at = header
        .iter()
        .position(|column| column == "id")
        .ok_or(StatusError::MissingColumn("id"))?;
    let cell = |record: &[String], name: &str| {
        header
            .iter()
            .position(|column| column == name)
            .and_then(|index| record.get(index))
            .cloned()
            .unwrap_or_default()
    };
    let mut rows = Vec::new();
    let mut bytes = Vec::new();
    let mut out = crate::csv_cell::Writer::from_writer(&mut bytes);
    out.write_record(&header)?;
    for record in reader.records() {
        let mut record: Vec<String> = record?.iter().map(str::to_owned).collect();
        if added {
            let place = (outcome_at + 1).min(record.len());
            record.insert(place, String::new());
        }
        record.resize(header.len().max(record.len()), String::new());
        let id = Some(record[id_at].trim().to_owned()).filter(|id| !id.is_empty());
        let held = HELD_BY_THE_SERVICE.contains(&record[outcome_at].trim());
        let mut stage = None;
        let mut unlisted = false;
        if held {
            match id.as_ref().and_then(|id| states.get(id)) {
                Some(state) => {
                    let now = PaymentStage::of_state(Some(state));
                    record[outcome_at] = now.as_str().to_owned();
                    record[state_at] = state.clone();
                    stage = Some(now);
                }
                None => {
                    // Not listed: the state is as the file said (`done`,
                    // an earlier version's word for accepted, becomes
                    // `sent`).
                    unlisted = true;
                    let state = Some(record[state_at].trim()).filter(|state| !state.is_empty());
                    let then = PaymentStage::of_state(state);
                    record[outcome_at] = then.as_str().to_owned();
                    stage = Some(then);
                }
            }
        }
        let what = [
            cell(&record, "method"),
            cell(&record, "amount"),
            cell(&record, "asset"),
            cell(&record, "destination"),
        ]
        .iter()
        .filter(|part| !part.is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
        rows.push(StatusRow {
            row: cell(&record, "row"),
            what,
            id,
            stage,
            unlisted,
            outcome: record[outcome_at].clone(),
        });
        out.write_record(&record)?;
    }
    out.flush().map_err(csv::Error::from)?;
    drop(out);
    Ok((rows, bytes))
}
