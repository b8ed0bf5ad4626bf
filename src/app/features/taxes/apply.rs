//! How [`AppState`] takes in the tax year: the figures for the lists shown
//! (and, once a session, the service's prices they want), the prices that
//! came back, and the files saved through the system's dialogs or a typed
//! path (the worker writes them).

use std::sync::Arc;

use crate::app::dialog::DialogPurpose;
use crate::app::export::FileError;
use crate::app::message::Command;
use crate::app::state::AppState;

use super::figures::TaxFigures;
use super::message::{TaxesCommand, TaxesEvent};
use super::report::build_report;
use super::sale::{SaleEffect, sale_effect};

impl AppState {
    /// The tax year's figures for the lists shown, as of now: computed
    /// once per change of a list or of what the person typed (see
    /// [`super::state::TaxesState::figures`]); `true` while newer ones are
    /// computed. Asks the service, once a session, for the prices of the
    /// tokens whose orders have no leg in reais.
    pub fn tax_figures(&mut self, ctx: &egui::Context) -> (Arc<TaxFigures>, bool) {
        let (figures, busy) = self.taxes.figures(ctx, &self.data, self.wall_now);
        if self.session.is_some()
            && let Some(assets) = self.taxes.prices_to_ask(&figures)
        {
            self.push(Command::Taxes(TaxesCommand::Prices(assets)));
        }
        (figures, busy)
    }

    /// What the order in the form, with its quote as received, makes of
    /// this Brasília month's sales against R$35,000; `None` without a
    /// quote that answers the form as typed.
    pub fn order_sale_effect(&mut self, ctx: &egui::Context) -> Option<SaleEffect> {
        let quote = self.orders.form.current_quote()?.clone();
        let (figures, _) = self.tax_figures(ctx);
        Some(sale_effect(
            &figures.ledger,
            &figures.sources.prices,
            &quote,
            self.wall_now,
        ))
    }

    /// Takes in what the worker reports for the tax year.
    pub(crate) fn apply_taxes(&mut self, event: TaxesEvent) {
        match event {
            TaxesEvent::Prices { session, prices } => {
                if self.session.as_ref().is_some_and(|open| open.id == session) {
                    self.tell(
                        |state| &mut state.taxes,
                        super::state::TaxesTold::PricesArrived(prices),
                    );
                }
            }
        }
    }

    /// Saves the three CSV files of the year shown: into the folder chosen
    /// in the system's dialog, or the one typed.
    pub fn save_tax_csv(&mut self) {
        let year = self.taxes.shown_year(self.wall_now);
        if std::mem::take(&mut self.taxes.csv.dialog_asked) {
            self.choose_file(DialogPurpose::TaxCsv { year });
            return;
        }
        self.write_tax_csv(year);
    }

    /// Saves the report of the year shown as PDF: to the file chosen in the
    /// system's dialog, or the one typed.
    pub fn save_tax_pdf(&mut self) {
        let year = self.taxes.shown_year(self.wall_now);
        if std::mem::take(&mut self.taxes.pdf.dialog_asked) {
            self.choose_file(DialogPurpose::TaxPdf { year });
            return;
        }
        self.write_tax_pdf(year);
    }

    /// The figures of `year` as last computed, when they are of that year.
    fn tax_figures_of(&self, year: i32) -> Option<Arc<TaxFigures>> {
        let figures = self.taxes.last_figures();
        (figures.year.as_ref().map(|report| report.year) == Some(year)).then_some(figures)
    }

    /// Sends the CSV files of `year` to be written into the folder in the
    /// draft.
    pub(crate) fn write_tax_csv(&mut self, year: i32) {
        let figures = self.tax_figures_of(year);
        let not_ready = self.t("taxes.files_not_ready").into_owned();
        let Some(folder) = self.taxes.csv.start() else {
            return;
        };
        match figures {
            Some(figures) => self.push(Command::Taxes(TaxesCommand::SaveCsv { folder, figures })),
            None => self
                .taxes
                .csv
                .finish(Err(FileError::encode(&folder, not_ready))),
        }
    }

    /// Sends the report of `year` to be rendered and written to the file in
    /// the draft.
    pub(crate) fn write_tax_pdf(&mut self, year: i32) {
        let account = self
            .session
            .as_ref()
            .map(|session| session.profile.name.clone())
            .unwrap_or_default();
        let report = self
            .tax_figures_of(year)
            .and_then(|figures| build_report(&figures, self.language, &account, self.wall_now));
        let not_ready = self.t("taxes.files_not_ready").into_owned();
        let Some(path) = self.taxes.pdf.start() else {
            return;
        };
        match report {
            Some(report) => self.push(Command::Taxes(TaxesCommand::SavePdf {
                path,
                report: Box::new(report),
            })),
            None => self
                .taxes
                .pdf
                .finish(Err(FileError::encode(&path, not_ready))),
        }
    }
}
