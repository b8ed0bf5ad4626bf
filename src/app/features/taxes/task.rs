//! The Taxes view's worker calls: the files written on the worker's
//! blocking pool (the year's CSV files, its workbook, the PDF report). What the figures
//! ask of the service and the Banco Central is journaled, so the worker
//! asks it where the journal is in reach (`worker/taxes.rs`).

use std::path::{Path, PathBuf};

use crate::app::export::{FileError, write_file};
use brlv_core::tax::declaration::{Declaration, MoneyHeld};
use brlv_core::tax::export;

use super::figures::TaxFigures;
use super::report::{TaxReport, render};
use super::state::csv_names;

/// Encodes one CSV file with `write` and writes it to `path` as a
/// private file.
fn write_csv(
    path: &Path,
    write: impl FnOnce(&mut Vec<u8>) -> Result<(), csv::Error>,
) -> Result<(), FileError> {
    let mut bytes = Vec::new();
    write(&mut bytes).map_err(|error| FileError::encode(path, error))?;
    write_file(path, &bytes).map(|_| ())
}

/// The year's report of `figures` and its declaration with `money` (the BRL
/// and USD held at the service, as the view shows them); for `path`, why not.
fn declared<'a>(
    figures: &'a TaxFigures,
    money: Vec<MoneyHeld>,
    path: &Path,
) -> Result<(&'a brlv_core::tax::YearReport, Declaration), FileError> {
    match (figures.year.as_deref(), figures.declaration.as_deref()) {
        (Some(year), Some(declaration)) => Ok((
            year,
            Declaration {
                money,
                ..declaration.clone()
            },
        )),
        _ => Err(FileError::encode(path, "the report is not computed yet")),
    }
}

/// Writes the CSV files of the year `figures` are for into `folder`
/// (made if missing), each a private file: the ledger, the months, the
/// positions, and the declaration's with `money` (the BRL and USD held at
/// the service, as the view shows them); the folder, or why not.
/// Blocking, for the worker's blocking pool.
pub fn write_csv_files(
    folder: &Path,
    figures: &TaxFigures,
    money: Vec<MoneyHeld>,
    language: brlv_core::tax::Language,
) -> Result<PathBuf, FileError> {
    let (year, declaration) = declared(figures, money, folder)?;
    std::fs::create_dir_all(folder).map_err(|error| FileError::io(folder, &error))?;
    let [ledger, months, positions, bens, gcap, late] =
        csv_names(year.year).map(|name| folder.join(name));
    write_csv(&ledger, |out| {
        figures
            .sources
            .with_input(|input| export::write_ledger(out, &figures.ledger, input, Some(year.year)))
    })?;
    write_csv(&months, |out| export::write_months(out, &year.months))?;
    write_csv(&positions, |out| {
        export::write_positions(out, &year.positions, year.positions_on)
    })?;
    write_csv(&bens, |out| export::write_bens(out, &declaration))?;
    write_csv(&gcap, |out| {
        export::write_gcap_sales(out, &declaration.gcap_sales)
    })?;
    write_csv(&late, |out| {
        export::write_late_darfs(out, &figures.late_darfs, language)
    })?;
    Ok(folder.to_owned())
}

/// Writes the workbook of the year `figures` are for to `path` as a
/// private file: the same figures as the CSV files, with `money` (the BRL
/// and USD held at the service, as the view shows them), in `language`.
/// Blocking, for the worker's blocking pool.
pub fn write_xlsx(
    path: &Path,
    figures: &TaxFigures,
    money: Vec<MoneyHeld>,
    language: brlv_core::tax::Language,
) -> Result<PathBuf, FileError> {
    let (year, declaration) = declared(figures, money, path)?;
    let bytes = figures
        .sources
        .with_input(|input| {
            brlv_core::tax::workbook::workbook(&brlv_core::tax::workbook::WorkbookParts {
                ledger: &figures.ledger,
                input,
                year,
                declaration: &declaration,
                late: &figures.late_darfs,
                language,
            })
        })
        .map_err(|error| FileError::encode(path, error))?;
    write_file(path, &bytes)
}

/// Renders the report and writes it to `path` as a private file. Blocking,
/// for the worker's blocking pool.
pub fn write_pdf(path: &Path, report: &TaxReport) -> Result<PathBuf, FileError> {
    write_file(path, &render(report))
}
