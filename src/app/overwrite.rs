//! Saving over a file that is already there asks first. A write to a typed
//! path (or into a folder chosen for several files) that would replace a
//! file waits here as a [`PendingWrite`] until the person answers the
//! question the shell shows ("Replace the file?"); the system's Save
//! dialog asks the same question itself, so a file it gives goes straight
//! to the worker. Every file the app writes for the person goes through
//! here: lists, the journal and the extrato, receipts, the tax year's
//! files, a payouts file's result, the public key, the PIX QR code.

use std::path::{Path, PathBuf};

use super::dialog::WriteKind;
use super::export::{ExportKind, ExportRequest};
use super::features::activity::export::ExtratoFileRequest;
use super::features::journal::message::JournalCommand;
use super::features::onboarding::message::OnboardingCommand;
use super::features::orders::message::OrdersCommand;
use super::features::taxes::message::TaxesCommand;
use super::features::taxes::state::csv_files;
use super::features::withdrawals::batch::BatchCommand;
use super::message::Command;
use super::receipt::ReceiptRequest;

/// A write held until the person says whether it may replace the file.
#[derive(Debug)]
pub enum PendingWrite {
    /// A movement's receipt.
    Receipt(Box<ReceiptRequest>),
    /// Any other file the worker writes ([`PendingWrite::targets`] names
    /// which commands write what).
    Command(Box<Command>),
}

impl PendingWrite {
    /// Every file it would write.
    pub fn targets(&self) -> Vec<PathBuf> {
        match self {
            PendingWrite::Receipt(request) => vec![request.path.clone()],
            PendingWrite::Command(command) => written_by(command),
        }
    }

    /// The file the question names: the first one already there.
    pub fn path(&self) -> PathBuf {
        let targets = self.targets();
        targets
            .iter()
            .find(|path| would_replace(path))
            .or(targets.first())
            .cloned()
            .unwrap_or_default()
    }

    /// Whether it would replace something already there.
    pub fn replaces_a_file(&self) -> bool {
        self.targets().iter().any(|path| would_replace(path))
    }

    /// What a panel's write is, for the panel to hear it was kept from
    /// replacing a file; `None` for a receipt (the shared control's) and
    /// for a command that writes no file of the person's.
    pub fn kind(&self) -> Option<WriteKind> {
        let PendingWrite::Command(command) = self else {
            return None;
        };
        Some(match &**command {
            Command::Export(request) => WriteKind::Export(request.records.kind()),
            Command::ExportExtrato(_) => WriteKind::Export(ExportKind::Extrato),
            Command::Journal(_) => WriteKind::Export(ExportKind::Journal),
            Command::Taxes(TaxesCommand::SaveCsv { .. }) => WriteKind::Export(ExportKind::TaxCsv),
            Command::Taxes(TaxesCommand::SaveXlsx { .. }) => WriteKind::Export(ExportKind::TaxXlsx),
            Command::Taxes(_) => WriteKind::Export(ExportKind::TaxPdf),
            Command::Batch(_) => WriteKind::BatchResult,
            Command::Orders(_) => WriteKind::QrPng,
            Command::Onboarding(_) => WriteKind::PublicKey,
            _ => return None,
        })
    }
}

/// The files `command` writes: none for a command that writes no file of
/// the person's.
fn written_by(command: &Command) -> Vec<PathBuf> {
    match command {
        Command::Export(ExportRequest { path, .. })
        | Command::ExportExtrato(ExtratoFileRequest { path, .. })
        | Command::Journal(JournalCommand::ExportCsv(path))
        | Command::Taxes(TaxesCommand::SavePdf { path, .. })
        | Command::Taxes(TaxesCommand::SaveXlsx { path, .. })
        | Command::Batch(BatchCommand::SaveResult { path, .. })
        | Command::Onboarding(OnboardingCommand::SavePublicKey { path, .. })
        | Command::Orders(OrdersCommand::SaveQrPng { path, .. }) => vec![path.clone()],
        Command::Taxes(TaxesCommand::SaveCsv {
            folder, figures, ..
        }) => csv_files(folder, figures),
        _ => Vec::new(),
    }
}

/// Whether writing `path` would replace something already there (a file,
/// or whatever a link there points at).
pub fn would_replace(path: &Path) -> bool {
    path.symlink_metadata().is_ok()
}

#[cfg(test)]
mod tests {
    use super::would_replace;

    #[test]
    fn only_a_path_with_something_there_would_be_replaced() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let file = dir.path().join("extrato.csv");
        assert!(!would_replace(&file));
        std::fs::write(&file, "x").expect("the file is written");
        assert!(would_replace(&file));
    }
}
