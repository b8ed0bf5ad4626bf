//! The worker's side of the tax year: the service's prices (quotes,
//! journaled as every quote is) and the files the Taxes view saves, written
//! on the blocking pool.

use crate::app::export::{ExportKind, FileError};
use crate::app::features::taxes::message::{TaxesCommand, TaxesEvent};
use crate::app::features::taxes::task::{service_prices, write_csv_files, write_pdf};
use crate::app::message::Event;

use super::journal::problem_notice;
use super::state::{Done, Worker, blocking};

impl Worker {
    pub(super) fn handle_taxes(&mut self, command: TaxesCommand) {
        match command {
            TaxesCommand::Prices(assets) => {
                let (Some((session, client)), Some(journal)) =
                    (self.session_client(), self.session_journal())
                else {
                    return;
                };
                self.spawn(async move {
                    let (prices, problem) = service_prices(&client, &journal, assets).await;
                    let answered =
                        Done::Report(Event::Taxes(TaxesEvent::Prices { session, prices }));
                    match problem_notice(problem) {
                        Some(told) => Done::Sequence(vec![answered, told]),
                        None => answered,
                    }
                });
            }
            TaxesCommand::SaveCsv { folder, figures } => self.spawn(async move {
                let target = folder.clone();
                let result = blocking(move || write_csv_files(&folder, &figures))
                    .await
                    .unwrap_or_else(|reason| Err(FileError::lost(&target, reason)));
                Done::Report(Event::Exported {
                    kind: ExportKind::TaxCsv,
                    result,
                })
            }),
            TaxesCommand::SavePdf { path, report } => self.spawn(async move {
                let target = path.clone();
                let result = blocking(move || write_pdf(&path, &report))
                    .await
                    .unwrap_or_else(|reason| Err(FileError::lost(&target, reason)));
                Done::Report(Event::Exported {
                    kind: ExportKind::TaxPdf,
                    result,
                })
            }),
        }
    }
}
