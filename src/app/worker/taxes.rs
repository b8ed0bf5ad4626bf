//! The worker's side of the tax year: the service's prices (quotes,
//! journaled as every quote is), the Banco Central's PTAX and Selic (the
//! embedded sandbox's emulation on its connection), and the files the Taxes
//! view saves, written on the blocking pool.

use crate::app::export::{ExportKind, FileError};
use crate::app::features::taxes::message::{TaxesCommand, TaxesEvent};
use crate::app::features::taxes::task::{
    CentralBankAt, central_bank_figures, service_prices, write_csv_files, write_pdf,
};
use crate::app::message::Event;
use crate::app::session::ProfileKind;

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
            TaxesCommand::CentralBank(request) => {
                let (Some(session), Some(journal), Some(at)) = (
                    self.session.as_ref().map(|session| session.id),
                    self.session_journal(),
                    self.central_bank_at(),
                ) else {
                    return;
                };
                let now = time::OffsetDateTime::now_utc();
                self.spawn(async move {
                    let (answer, problem) = central_bank_figures(&journal, &at, request, now).await;
                    let answered = Done::Report(Event::Taxes(TaxesEvent::CentralBank {
                        session,
                        answer: Box::new(answer),
                    }));
                    match problem_notice(problem) {
                        Some(told) => Done::Sequence(vec![answered, told]),
                        None => answered,
                    }
                });
            }
            TaxesCommand::SaveCsv {
                folder,
                figures,
                money,
            } => self.spawn(async move {
                let target = folder.clone();
                let result = blocking(move || write_csv_files(&folder, &figures, money))
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

    /// Where the open connection asks the Banco Central: the configured
    /// addresses; else, for the embedded sandbox or any service on this
    /// machine (a sandbox: the real service is never on loopback), that
    /// service's own emulation, so that the demo and every test stay
    /// offline; else the Banco Central itself.
    fn central_bank_at(&self) -> Option<CentralBankAt> {
        let session = self.session.as_ref()?;
        let configured = &self.config.central_bank;
        let on_this_machine = url::Url::parse(&session.profile.base_url)
            .ok()
            .is_some_and(|url| match url.host() {
                Some(url::Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
                Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
                Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
                None => false,
            });
        let default = |official: &str| {
            if session.kind == ProfileKind::Sandbox || on_this_machine {
                session.profile.base_url.clone()
            } else {
                official.to_owned()
            }
        };
        Some(CentralBankAt {
            ptax: configured
                .ptax
                .clone()
                .unwrap_or_else(|| default(brlv_core::tax::ptax::DEFAULT_BASE_URL)),
            selic: configured
                .selic
                .clone()
                .unwrap_or_else(|| default(brlv_core::tax::selic::DEFAULT_BASE_URL)),
            network: session.client.network().clone(),
        })
    }
}
