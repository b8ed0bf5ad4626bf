//! What the Taxes view asks the worker for beyond the shared paths (what
//! the person types goes to the journal, `JournalCommand::KeepTaxInput`;
//! the files come back as `Event::Exported`), and what the worker answers.

use std::path::PathBuf;
use std::sync::Arc;

use crate::app::session::SessionId;
use brlv_core::api::model::Asset;
use brlv_core::tax::ServicePrices;

use super::central_bank::{CentralBankAnswer, CentralBankRequest};
use super::figures::TaxFigures;
use super::report::TaxReport;

/// Something the Taxes view asks the worker to do.
#[derive(Debug)]
pub enum TaxesCommand {
    /// Ask the service's price in reais of these tokens (orders with no leg
    /// in reais are valued at it until the person types their value).
    Prices(Vec<Asset>),
    /// Ask the Banco Central (the journal's copy first) for the dollar's
    /// PTAX of these days and the Selic of these months.
    CentralBank(CentralBankRequest),
    /// Write the year's CSV files ([`super::state::csv_names`]) of the
    /// year the figures are for into `folder`.
    SaveCsv {
        /// The folder.
        folder: PathBuf,
        /// The figures, as shown.
        figures: Arc<TaxFigures>,
        /// The BRL and USD held at the service in both columns of the
        /// declaration, as the view shows them.
        money: Vec<brlv_core::tax::declaration::MoneyHeld>,
        /// The language of the reasons the files carry.
        language: brlv_core::tax::Language,
    },
    /// Write the year's workbook (.xlsx) of the year the figures are for.
    SaveXlsx {
        /// The file.
        path: PathBuf,
        /// The figures, as shown.
        figures: Arc<TaxFigures>,
        /// The BRL and USD held at the service, as the view shows them.
        money: Vec<brlv_core::tax::declaration::MoneyHeld>,
        /// The workbook's language.
        language: brlv_core::tax::Language,
    },
    /// Render and write the report for an accountant as PDF.
    SavePdf {
        /// The file.
        path: PathBuf,
        /// The report, in the person's language.
        report: Box<TaxReport>,
    },
}

/// What the worker reports to the Taxes view.
#[derive(Debug)]
pub enum TaxesEvent {
    /// The service's prices arrived (those it gave).
    Prices {
        /// The connection they were asked on.
        session: SessionId,
        /// The prices.
        prices: ServicePrices,
    },
    /// The Banco Central's figures arrived (or why not, per day and month).
    CentralBank {
        /// The connection they were asked on.
        session: SessionId,
        /// What was found.
        answer: Box<CentralBankAnswer>,
    },
}
