//! How [`AppState`] asks for the system's file dialogs and takes in their
//! answers: a view asks with [`AppState::choose_file`]; the request (title,
//! default file name, the last folder used) goes to the worker, and the
//! answer comes back as `Event::FileChosen` with what the file was for.
//! [`AppState::file_chosen`] then hands the path to the path each save or
//! load always took, so the file is written by the worker as before. Also
//! here: a receipt sent to be written, and how that ended.

use std::path::{Path, PathBuf};

use uuid::Uuid;

use crate::app::dialog::{
    DialogAnswer, DialogMode, DialogPurpose, FileDialogRequest, export_file_name,
    extrato_file_name, qr_file_name,
};
use crate::app::export::{ExportKind, ExportRequest, ExtratoFormat, FileError};
use crate::app::features::activity::state::ActivityTold;
use crate::app::features::journal::message::JournalCommand;
use crate::app::features::onboarding::message::OnboardingCommand;
use crate::app::features::onboarding::state::KeyDraft;
use crate::app::features::orders::message::OrdersCommand;
use crate::app::i18n::tr;
use crate::app::message::Command;
use crate::app::receipt::{Receipt, ReceiptFormat, ReceiptRequest};
use crate::app::state::AppState;

/// The folder a chosen file is in.
fn folder_of(path: &Path) -> Option<PathBuf> {
    path.parent()
        .filter(|folder| !folder.as_os_str().is_empty())
        .map(Path::to_path_buf)
}

impl AppState {
    /// Asks the worker for the system's dialog; `purpose` comes back with
    /// the answer. Nothing happens while another dialog is open.
    pub fn choose_file(&mut self, purpose: DialogPurpose) {
        if self.files.dialog_open {
            return;
        }
        let request = self.dialog_request(&purpose);
        self.files.dialog_open = true;
        self.push(Command::ChooseFile { purpose, request });
    }

    /// The request for `purpose`: title, default name, the last folder.
    pub fn dialog_request(&self, purpose: &DialogPurpose) -> FileDialogRequest {
        let language = self.language;
        let filter =
            |name: &str, extension: &str| Some((name.to_owned(), vec![extension.to_owned()]));
        let save = |title: &'static str, file_name: String, filter| FileDialogRequest {
            mode: DialogMode::Save,
            title: tr(language, title).into_owned(),
            file_name: Some(file_name),
            folder: self.files.last_folder.clone(),
            filter,
        };
        let today = self.today();
        match purpose {
            DialogPurpose::Export(records) => save(
                "files.title_csv",
                export_file_name(records.kind(), today),
                filter("CSV", "csv"),
            ),
            DialogPurpose::ExportJournal => save(
                "files.title_csv",
                export_file_name(ExportKind::Journal, today),
                filter("CSV", "csv"),
            ),
            DialogPurpose::ExportExtrato(format) => {
                let (title, name) = match format {
                    ExtratoFormat::Ofx => ("files.title_extrato_ofx", "OFX"),
                    ExtratoFormat::Csv => ("files.title_extrato_csv", "CSV"),
                };
                save(
                    title,
                    extrato_file_name(*format, today),
                    filter(name, format.extension()),
                )
            }
            DialogPurpose::SaveQr { .. } => {
                let name = self
                    .orders
                    .selected
                    .map_or_else(|| "qr.png".to_owned(), |id| qr_file_name(&id));
                save("files.title_qr", name, filter("PNG", "png"))
            }
            DialogPurpose::SavePublicKey { .. } => save(
                "files.title_public_key",
                "public-key.pem".to_owned(),
                filter("PEM", "pem"),
            ),
            DialogPurpose::SaveReceipt { receipt, format } => save(
                "files.title_receipt",
                receipt.file_name(*format),
                match format {
                    ReceiptFormat::Pdf => filter("PDF", "pdf"),
                    ReceiptFormat::Png => filter("PNG", "png"),
                },
            ),
            DialogPurpose::TaxCsv { .. } => FileDialogRequest {
                mode: DialogMode::Folder,
                title: tr(language, "taxes.files_title_csv").into_owned(),
                file_name: None,
                folder: self.files.last_folder.clone(),
                filter: None,
            },
            DialogPurpose::TaxPdf { year } => save(
                "taxes.files_title_pdf",
                crate::app::i18n::tr_with(
                    language,
                    "taxes.files_pdf_name",
                    &[("year", &year.to_string())],
                ),
                filter("PDF", "pdf"),
            ),
            DialogPurpose::LoadKey => FileDialogRequest {
                mode: DialogMode::Open,
                title: tr(language, "files.title_key").into_owned(),
                file_name: None,
                folder: self.files.last_folder.clone(),
                filter: None,
            },
        }
    }

    /// Takes in a dialog's answer: the chosen file goes where its purpose
    /// says, through the path that save or load always took.
    pub fn file_chosen(&mut self, purpose: DialogPurpose, answer: DialogAnswer) {
        self.files.dialog_open = false;
        let path = match answer {
            DialogAnswer::Chosen(path) => path,
            DialogAnswer::Cancelled => {
                // The extrato kept for the file is let go with the dialog.
                self.tell(|state| &mut state.activity, ActivityTold::DialogClosed);
                return;
            }
            DialogAnswer::Unavailable => {
                self.tell(|state| &mut state.activity, ActivityTold::DialogClosed);
                self.files.unavailable = true;
                return;
            }
        };
        let folder = match &purpose {
            // The folder chosen is where the next dialog starts.
            DialogPurpose::TaxCsv { .. } => Some(path.clone()),
            _ => folder_of(&path),
        };
        if let Some(folder) = folder {
            self.files.last_folder = Some(folder);
        }
        let typed = path.display().to_string();
        match purpose {
            DialogPurpose::Export(records) => {
                let draft = self.export_draft_mut(records.kind());
                draft.path = typed;
                if let Some(path) = draft.start() {
                    self.push(Command::Export(ExportRequest { path, records }));
                }
            }
            DialogPurpose::ExportExtrato(format) => self.tell(
                |state| &mut state.activity,
                ActivityTold::FileChosen(format, path.clone()),
            ),
            DialogPurpose::ExportJournal => {
                self.journal.export.path = typed;
                if let Some(path) = self.journal.export.start() {
                    self.push(Command::Journal(JournalCommand::ExportCsv(path)));
                }
            }
            DialogPurpose::SaveQr { brcode } => {
                self.orders.qr_path = typed;
                self.orders.saving_qr = true;
                self.push(Command::Orders(OrdersCommand::SaveQrPng { path, brcode }));
            }
            DialogPurpose::LoadKey => {
                self.onboarding.key_path = typed;
                self.onboarding.file_key = KeyDraft::Working;
                self.push(Command::Onboarding(OnboardingCommand::LoadKeyFile(path)));
            }
            DialogPurpose::SavePublicKey { pem } => {
                self.onboarding.public_key_path = typed;
                self.onboarding.public_key_saved = None;
                self.push(Command::Onboarding(OnboardingCommand::SavePublicKey {
                    path,
                    pem,
                }));
            }
            // The chosen file is not written into any typed path: each
            // document's typed path starts empty, so a later save never
            // lands on this file by accident.
            DialogPurpose::SaveReceipt { receipt, format } => {
                self.save_receipt(*receipt, format, path);
            }
            DialogPurpose::TaxCsv { year } => self.tax_file_chosen(false, year, typed),
            DialogPurpose::TaxPdf { year } => self.tax_file_chosen(true, year, typed),
        }
    }

    /// Sends a receipt to be rendered and written by the worker.
    pub fn save_receipt(&mut self, receipt: Receipt, format: ReceiptFormat, path: PathBuf) {
        let status = &mut self.files.receipt;
        status.movement = Some(receipt.id);
        status.saving = true;
        status.result = None;
        self.push(Command::SaveReceipt(ReceiptRequest {
            receipt,
            format,
            path,
        }));
    }

    /// Takes in how writing the receipt of `movement` ended.
    pub fn receipt_saved(&mut self, movement: Uuid, result: Result<PathBuf, FileError>) {
        let status = &mut self.files.receipt;
        status.saving = false;
        status.movement = Some(movement);
        if let Ok(path) = &result
            && let Some(folder) = folder_of(path)
        {
            self.files.last_folder = Some(folder);
        }
        self.files.receipt.result = Some(result);
    }
}
