//! The Taxes view's state: the year shown, what the ledger reads besides
//! the lists (the claims made here, what the person typed, the service's
//! prices, each counted when it changes), the drafts of what is being
//! typed, the exports, and the figures computed from it all
//! ([`super::figures`]), kept until one of those changes.

use std::collections::HashMap;
use std::sync::Arc;

use time::OffsetDateTime;
use uuid::Uuid;

use crate::app::cache::Cache;
use crate::app::export::ExportDraft;
use crate::app::features::journal::message::TaxJournal;
use crate::app::resources::AccountData;
use brlv_core::api::model::Asset;
use brlv_core::tax::{LedgerDetail, ServicePrices, TaxInput, YearMonth, brasilia};

use super::central_bank::{CentralBankAnswer, CentralBankAsks};
use super::figures::{TaxFigures, TaxInputs, TaxRequest, TaxSources};
use super::message::TaxesCommand;

/// The Taxes view.
#[derive(Debug, Default)]
pub struct TaxesState {
    /// The year shown; `None`: the current one (Brasília's).
    pub year: Option<i32>,
    /// The asset whose ledger is shown, by ticker; `None`: the first.
    pub ledger_asset: Option<String>,
    /// What the ledger reads besides the lists.
    pub inputs: TaxInputs,
    /// Typed values in the journal written by a newer version, left out.
    pub unread: usize,
    /// The tokens the service was asked a price for in this session.
    pub prices_asked: Vec<Asset>,
    /// A price request is under way.
    pub prices_pending: bool,
    /// What the Banco Central was asked this session, and what is awaited.
    pub central_bank: CentralBankAsks,
    /// What is being typed in reais, per record (a deposit's or a
    /// transfer's cost, an order's value), not yet kept.
    pub drafts: HashMap<Uuid, String>,
    /// The custodian for Discriminação, as being typed; `None` while not edited.
    pub custodian_draft: Option<String>,
    /// The custodian's CNPJ for its own field, as being typed; `None` while not edited.
    pub cnpj_draft: Option<String>,
    /// The year's CSV files, written into a folder.
    pub csv: ExportDraft,
    /// The report for an accountant, as PDF.
    pub pdf: ExportDraft,
    /// The year's workbook (.xlsx).
    pub xlsx: ExportDraft,
    /// Keep the view scrolled to this part (`--view taxes:declaration`, `taxes:bens`).
    pub part_in_view: Option<TaxesPart>,
    ledger_inputs: u64,
    report_inputs: u64,
    cache: Cache<TaxFigures>,
}

impl TaxesState {
    /// The year shown, as of `now`.
    pub fn shown_year(&self, now: OffsetDateTime) -> i32 {
        self.year
            .unwrap_or_else(|| YearMonth::in_brasilia(now).year)
    }

    /// The figures for the lists in `data` and the year shown, as of `now`:
    /// computed once per change of a list the ledger reads, of what the
    /// person typed or of the service's prices (on a thread of its own for
    /// long lists, the previous figures shown meanwhile: then `true`).
    pub fn figures(
        &mut self,
        ctx: &egui::Context,
        data: &AccountData,
        now: OffsetDateTime,
    ) -> (Arc<TaxFigures>, bool) {
        self.figures_with(ctx, data, now, LedgerDetail::Entries)
    }

    /// As [`TaxesState::figures`], with the ledger's `detail` wanted: the
    /// months' sums alone cost a few bytes a month where the entries cost
    /// about 130 bytes a movement.
    pub fn figures_with(
        &mut self,
        ctx: &egui::Context,
        data: &AccountData,
        now: OffsetDateTime,
        detail: LedgerDetail,
    ) -> (Arc<TaxFigures>, bool) {
        let request = TaxRequest {
            lists: TaxSources::lists_key(data),
            ledger_inputs: self.ledger_inputs,
            report_inputs: self.report_inputs,
            year: self.shown_year(now),
            today: Some(brasilia::date_at(now)),
            detail,
        };
        let inputs = &self.inputs;
        self.cache.get(ctx, request, TaxSources::rows(data), || {
            TaxSources::of(data, inputs, now)
        })
    }

    /// The figures last computed (perhaps for another year or older lists).
    pub fn last_figures(&self) -> Arc<TaxFigures> {
        self.cache.shown()
    }

    /// Takes in the tax year's side of the journal (at a connection's
    /// start, and after a claim was made).
    pub fn restore(&mut self, journal: TaxJournal) {
        self.inputs.claims = Arc::new(journal.claims);
        self.inputs.typed = Arc::new(journal.typed);
        self.unread = journal.unread;
        self.custodian_draft = None;
        self.cnpj_draft = None;
        self.ledger_inputs += 1;
        self.report_inputs += 1;
    }

    /// Takes in something the person typed, now kept in the journal.
    pub fn kept(&mut self, input: TaxInput) {
        match &input {
            TaxInput::ArrivedCost { record, .. } | TaxInput::OrderValue { order: record, .. } => {
                self.drafts.remove(record);
                self.ledger_inputs += 1;
            }
            TaxInput::OwnAddress { .. }
            | TaxInput::OutflowAnswer { .. }
            | TaxInput::OutflowValue { .. } => self.ledger_inputs += 1,
            TaxInput::Custodian(_) => {
                self.custodian_draft = None;
                self.report_inputs += 1;
            }
            TaxInput::CustodianCnpj(_) => {
                self.cnpj_draft = None;
                self.report_inputs += 1;
            }
            TaxInput::Paid { .. } | TaxInput::Code { .. } => self.report_inputs += 1,
        }
        Arc::make_mut(&mut self.inputs.typed).apply(input);
    }

    /// The tokens the service should be asked a price for, once a session:
    /// those `figures` want that were not asked yet (marked asked).
    pub fn prices_to_ask(&mut self, figures: &TaxFigures) -> Option<Vec<Asset>> {
        let wanted: Vec<Asset> = figures
            .wanted_prices
            .iter()
            .filter(|asset| !self.prices_asked.contains(asset))
            .cloned()
            .collect();
        if wanted.is_empty() {
            return None;
        }
        self.prices_asked.extend(wanted.iter().cloned());
        self.prices_pending = true;
        Some(wanted)
    }

    /// What the Banco Central should be asked for the figures, once a
    /// session (the days and months not asked yet).
    pub fn central_bank_to_ask(
        &mut self,
        figures: &TaxFigures,
        now: OffsetDateTime,
    ) -> Option<TaxesCommand> {
        self.central_bank
            .to_ask(figures, now)
            .map(TaxesCommand::CentralBank)
    }

    /// Takes in the Banco Central's answer: the figures are computed again
    /// with it (the ledger for the dollar's rates, the year for the Selic).
    pub fn central_bank_arrived(&mut self, answer: CentralBankAnswer) {
        let rates = Arc::make_mut(&mut self.inputs.dollar_rates);
        let selic = Arc::make_mut(&mut self.inputs.selic);
        let (rates_changed, selic_changed) = self.central_bank.arrived(&answer, rates, selic);
        if rates_changed {
            self.ledger_inputs += 1;
        }
        if selic_changed {
            self.report_inputs += 1;
        }
    }

    /// The days and months the Banco Central did not give are asked again.
    pub fn ask_central_bank_again(&mut self) {
        self.central_bank
            .ask_again(&self.inputs.dollar_rates, &self.inputs.selic);
    }

    /// Takes in the service's prices: added to those known.
    pub fn prices_arrived(&mut self, prices: ServicePrices) {
        self.prices_pending = false;
        if prices.prices.is_empty() {
            return;
        }
        let known = Arc::make_mut(&mut self.inputs.prices);
        for price in prices.prices {
            known.prices.retain(|kept| kept.ticker != price.ticker);
            known.prices.push(price);
        }
        known.quoted_at = prices.quoted_at.or(known.quoted_at);
        self.ledger_inputs += 1;
    }

    /// Another account was opened: nothing of the last one stays.
    pub fn reset(&mut self) {
        *self = TaxesState {
            // How the window was opened, not the account's.
            part_in_view: self.part_in_view,
            ..TaxesState::default()
        };
    }

    /// How many times the ledger was built (for tests of the cache).
    pub fn generation(&self) -> u64 {
        self.cache.generation()
    }

    /// How many computations ran on a thread of their own (for tests).
    pub fn threads_started(&self) -> u64 {
        self.cache.threads_started()
    }
}

/// A part of the Taxes view a screenshot scrolls to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaxesPart {
    /// DeCripto, then the declaration.
    Declaration,
    /// Bens e Direitos with both columns, the CNPJ and the money at the service.
    Bens,
}

/// The tax year's files the view saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaxFile {
    /// The CSV files, into a folder.
    Csv,
    /// The report for an accountant, as PDF.
    Pdf,
    /// The workbook (.xlsx).
    Xlsx,
}

impl TaxFile {
    /// Whether the system's dialog for it already asked before replacing
    /// the file (a Save dialog does; a folder's dialog asks nothing of the
    /// files put in it).
    pub fn dialog_asks_to_replace(self) -> bool {
        self != TaxFile::Csv
    }

    /// The file a dialog of `purpose` was opened for, and its year.
    pub fn chosen_for(purpose: &crate::app::dialog::DialogPurpose) -> Option<(TaxFile, i32)> {
        use crate::app::dialog::DialogPurpose;
        match *purpose {
            DialogPurpose::TaxCsv { year } => Some((TaxFile::Csv, year)),
            DialogPurpose::TaxPdf { year } => Some((TaxFile::Pdf, year)),
            DialogPurpose::TaxXlsx { year } => Some((TaxFile::Xlsx, year)),
            _ => None,
        }
    }

    /// The system's dialog that chooses it for `year`.
    fn dialog(self, year: i32) -> crate::app::dialog::DialogPurpose {
        use crate::app::dialog::DialogPurpose;
        match self {
            TaxFile::Csv => DialogPurpose::TaxCsv { year },
            TaxFile::Pdf => DialogPurpose::TaxPdf { year },
            TaxFile::Xlsx => DialogPurpose::TaxXlsx { year },
        }
    }

    /// The file an export of `kind` wrote, when it is one of these.
    pub fn of_export(kind: crate::app::export::ExportKind) -> Option<TaxFile> {
        use crate::app::export::ExportKind;
        match kind {
            ExportKind::TaxCsv => Some(TaxFile::Csv),
            ExportKind::TaxPdf => Some(TaxFile::Pdf),
            ExportKind::TaxXlsx => Some(TaxFile::Xlsx),
            _ => None,
        }
    }
}

/// The next step of saving the tax year's files.
#[derive(Debug)]
pub enum TaxFileStep {
    /// Open the system's dialog for this.
    ChooseFile(crate::app::dialog::DialogPurpose),
    /// Hand the worker this write.
    Write(TaxesCommand),
    /// Nothing more (a write is under way, or the figures were not ready:
    /// the draft says so).
    Done,
}

/// The names of the CSV files of `year`: the ledger, the months, the
/// positions, then the declaration's (Bens e Direitos, the sales for
/// GCAP, the late DARFs), named as `tax-report` names its own.
pub fn csv_names(year: i32) -> [String; 6] {
    [
        format!("ledger-{year}.csv"),
        format!("months-{year}.csv"),
        format!("positions-{year}.csv"),
        format!("bens-e-direitos-{year}.csv"),
        format!("gcap-sales-{year}.csv"),
        format!("late-darfs-{year}.csv"),
    ]
}

/// The files `SaveCsv` of these figures would write into `folder`: each
/// asks before it replaces one already there.
pub fn csv_files(folder: &std::path::Path, figures: &TaxFigures) -> Vec<std::path::PathBuf> {
    figures.year.as_deref().map_or_else(Vec::new, |year| {
        csv_names(year.year)
            .iter()
            .map(|name| folder.join(name))
            .collect()
    })
}

/// Who the PDF report is for and when it is made.
#[derive(Clone, Copy, Debug)]
pub struct ReportFor<'a> {
    /// The language it is written in.
    pub language: crate::app::i18n::Language,
    /// The account's name, on its first page.
    pub account: &'a str,
    /// Now, on the wall clock.
    pub now: OffsetDateTime,
    /// Today's BRL balance at the service, when read: the money held on
    /// 31/12 is read back from it.
    pub balance_brl: Option<rust_decimal::Decimal>,
}

impl TaxesState {
    /// The figures of `year` as last computed, when they are of that year
    /// and hold every entry (the files need them all).
    fn figures_of(&self, year: i32) -> Option<Arc<TaxFigures>> {
        let figures = self.last_figures();
        (figures.year.as_ref().map(|report| report.year) == Some(year)
            && figures.ledger.detail == LedgerDetail::Entries)
            .then_some(figures)
    }

    /// Saves `file` of the year shown: to the file (for the CSV files, the
    /// folder) chosen in the system's dialog, or the one typed.
    pub fn save(&mut self, file: TaxFile, report: ReportFor<'_>) -> TaxFileStep {
        let year = self.shown_year(report.now);
        if std::mem::take(&mut self.draft_mut(file).dialog_asked) {
            return TaxFileStep::ChooseFile(file.dialog(year));
        }
        self.write(file, year, report)
    }

    /// The system's dialog chose `typed` for `file` of `year`: its write.
    pub fn file_chosen(
        &mut self,
        file: TaxFile,
        year: i32,
        typed: String,
        report: ReportFor<'_>,
    ) -> TaxFileStep {
        self.draft_mut(file).path = typed;
        self.write(file, year, report)
    }

    /// `file` of `year`, to be written where its draft says.
    fn write(&mut self, file: TaxFile, year: i32, report: ReportFor<'_>) -> TaxFileStep {
        match file {
            TaxFile::Csv => self.write_csv(year, report),
            TaxFile::Pdf => self.write_pdf(year, report),
            TaxFile::Xlsx => self.write_xlsx(year, report),
        }
    }

    /// The save bar's draft of `file`.
    pub fn draft_mut(&mut self, file: TaxFile) -> &mut ExportDraft {
        match file {
            TaxFile::Csv => &mut self.csv,
            TaxFile::Pdf => &mut self.pdf,
            TaxFile::Xlsx => &mut self.xlsx,
        }
    }

    /// The workbook of `year`, to be written to the file in the draft.
    fn write_xlsx(&mut self, year: i32, report: ReportFor<'_>) -> TaxFileStep {
        let figures = self.figures_of(year);
        let Some(path) = self.xlsx.start() else {
            return TaxFileStep::Done;
        };
        match figures {
            Some(figures) => {
                let money = figures.money_held(report.balance_brl, report.language, report.now);
                TaxFileStep::Write(TaxesCommand::SaveXlsx {
                    path,
                    figures,
                    money,
                    language: super::words::report_language(report.language),
                })
            }
            None => {
                let not_ready = crate::app::i18n::tr(report.language, "taxes.files_not_ready");
                self.xlsx.finish(Err(crate::app::export::FileError::encode(
                    &path,
                    not_ready.into_owned(),
                )));
                TaxFileStep::Done
            }
        }
    }

    /// The CSV files of `year`, to be written into the folder in the draft.
    fn write_csv(&mut self, year: i32, report: ReportFor<'_>) -> TaxFileStep {
        let figures = self.figures_of(year);
        let Some(folder) = self.csv.start() else {
            return TaxFileStep::Done;
        };
        match figures {
            Some(figures) => {
                let money = figures.money_held(report.balance_brl, report.language, report.now);
                TaxFileStep::Write(TaxesCommand::SaveCsv {
                    folder,
                    figures,
                    money,
                    language: super::words::report_language(report.language),
                })
            }
            None => {
                let not_ready = crate::app::i18n::tr(report.language, "taxes.files_not_ready");
                self.csv.finish(Err(crate::app::export::FileError::encode(
                    &folder,
                    not_ready.into_owned(),
                )));
                TaxFileStep::Done
            }
        }
    }

    /// The report of `year`, to be rendered and written to the file in the draft.
    fn write_pdf(&mut self, year: i32, report: ReportFor<'_>) -> TaxFileStep {
        let built = self.figures_of(year).and_then(|figures| {
            let money = figures.money_held(report.balance_brl, report.language, report.now);
            super::report::build_report(
                &figures,
                report.language,
                report.account,
                report.now,
                &money,
            )
        });
        let Some(path) = self.pdf.start() else {
            return TaxFileStep::Done;
        };
        match built {
            Some(built) => TaxFileStep::Write(TaxesCommand::SavePdf {
                path,
                report: Box::new(built),
            }),
            None => {
                let not_ready = crate::app::i18n::tr(report.language, "taxes.files_not_ready");
                self.pdf.finish(Err(crate::app::export::FileError::encode(
                    &path,
                    not_ready.into_owned(),
                )));
                TaxFileStep::Done
            }
        }
    }
}

/// What the Taxes panel is told.
#[derive(Debug)]
pub enum TaxesTold {
    /// The service's prices it asked for, for the open account.
    PricesArrived(ServicePrices),
    /// What the journal keeps for the tax year (typed values, claims' assets).
    Restored(Box<TaxJournal>),
    /// One value the person typed, now kept in the journal.
    InputKept(TaxInput),
    /// The Banco Central's figures it asked for.
    CentralBankArrived(Box<CentralBankAnswer>),
    /// Save the year shown's CSV files, as the save bar does.
    SaveCsv,
    /// Save the year shown's report as PDF, as the save bar does.
    SavePdf,
    /// What became of a file it asked for.
    File(crate::app::dialog::FileAnswer),
}
