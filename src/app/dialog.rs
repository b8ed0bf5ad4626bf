//! The system's own Save and Open dialogs, for every file the app writes
//! or reads: a list's CSV, the PIX QR code's PNG, a key file, a receipt.
//!
//! Here is what crosses between the window and the worker: the request
//! (title, default file name, the last folder used), what the file is for
//! ([`DialogPurpose`], which comes back with the answer), and the answer.
//! The worker awaits the dialog off the UI thread through the
//! [`FileDialogs`] seam (rfd in the app, [`RecordingDialogs`] in tests).
//! The window asks with `AppState::choose_file` (the request built by
//! [`dialog_request`]); the answer goes back to the panel the purpose names
//! ([`DialogPurpose::asker`]) as a [`FileAnswer`], as does a typed write the
//! person chose not to let replace a file and an export's result; where the
//! dialogs stand is [`DialogState`]. While a dialog is open the
//! window keeps drawing and says so. Where the system has no dialog (no
//! portal and no zenity on Linux, as on a bare CI machine) the answer is
//! [`DialogAnswer::Unavailable`]: the typed path field opens with a note.
//! The typed field stays one click away everywhere (keyboard users, tests).

use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};

use uuid::Uuid;

use super::export::{ExportKind, ExportRecords, ExtratoFormat};
use super::i18n::{Language, tr};
use super::receipt::{Receipt, ReceiptFormat};

/// Save a new file or open an existing one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogMode {
    /// "Save as": the person names a file, perhaps a new one.
    Save,
    /// "Open": the person picks an existing file.
    Open,
    /// The person picks a folder (files are written into it).
    Folder,
}

/// What the dialog shows: its title, the file name and folder it starts
/// with, and the kind of file it lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileDialogRequest {
    /// Save or open.
    pub mode: DialogMode,
    /// The dialog's title, in the person's language.
    pub title: String,
    /// The name offered (saving): `orders-2026-11-22.csv`.
    pub file_name: Option<String>,
    /// The folder it opens in: the last one used.
    pub folder: Option<PathBuf>,
    /// The kind of file listed ("CSV", `["csv"]`); `None`: any file.
    pub filter: Option<(String, Vec<String>)>,
}

/// How a dialog ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogAnswer {
    /// The person chose this file.
    Chosen(PathBuf),
    /// The person closed the dialog without choosing.
    Cancelled,
    /// The system has no file dialog to show.
    Unavailable,
}

/// What a dialog's file is for: where its answer goes. It travels with the
/// request and comes back with the answer, so nothing waits in between.
#[derive(Clone, Debug, PartialEq)]
pub enum DialogPurpose {
    /// Save a list as CSV: the rows as shown when Save was clicked.
    Export(ExportRecords),
    /// Save the journal as CSV (the journal's thread writes it).
    ExportJournal,
    /// Save the extrato as shown, in this format (the worker writes it).
    ExportExtrato(ExtratoFormat),
    /// Save the PIX QR code of this BR Code as PNG.
    SaveQr {
        /// The checked BR Code.
        brcode: String,
    },
    /// Load the private key from a file (onboarding).
    LoadKey,
    /// Save the generated public key (onboarding).
    SavePublicKey {
        /// The key, PEM.
        pem: String,
    },
    /// Save a receipt.
    SaveReceipt {
        /// The receipt as shown when Save was clicked.
        receipt: Box<Receipt>,
        /// PDF or PNG.
        format: ReceiptFormat,
    },
    /// Choose the folder for a tax year's CSV files.
    TaxCsv {
        /// The year.
        year: i32,
    },
    /// Save a tax year's report as PDF.
    TaxPdf {
        /// The year.
        year: i32,
    },
    /// Save a tax year's workbook (.xlsx).
    TaxXlsx {
        /// The year.
        year: i32,
    },
    /// Open a file of payouts (CSV) to check and send.
    PayoutsFile,
    /// Save a batch's result file.
    BatchResult,
}

impl DialogPurpose {
    /// The panel that asked, which the answer goes back to; `None` for a
    /// receipt, whose control every record panel shares (its status is
    /// the shared half's).
    pub fn asker(&self) -> Option<PanelId> {
        Some(match self {
            DialogPurpose::Export(records) => PanelId::of_export(records.kind()),
            DialogPurpose::ExportJournal => PanelId::Journal,
            DialogPurpose::ExportExtrato(_) => PanelId::Activity,
            DialogPurpose::SaveQr { .. } => PanelId::Orders,
            DialogPurpose::LoadKey | DialogPurpose::SavePublicKey { .. } => PanelId::Onboarding,
            DialogPurpose::SaveReceipt { .. } => return None,
            DialogPurpose::TaxCsv { .. }
            | DialogPurpose::TaxPdf { .. }
            | DialogPurpose::TaxXlsx { .. } => PanelId::Taxes,
            DialogPurpose::PayoutsFile | DialogPurpose::BatchResult => PanelId::Withdrawals,
        })
    }
}

/// A panel that saves or opens files through the root: where a dialog's
/// answer, a held write and an export's result go back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelId {
    /// The extrato.
    Activity,
    /// The Claims panel.
    Claims,
    /// The Deposits panel.
    Deposits,
    /// The journal's section of Settings.
    Journal,
    /// The first screen (a key file, the generated public key).
    Onboarding,
    /// The Orders panel (its list's CSV, the QR code's PNG).
    Orders,
    /// The Taxes panel (the year's CSV files, the PDF report, the workbook).
    Taxes,
    /// The Transfers panel.
    Transfers,
    /// The Wallets panel.
    Wallets,
    /// The Withdrawals panel (its list, a payouts file and its result).
    Withdrawals,
}

impl PanelId {
    /// The panel whose export `kind` is.
    pub fn of_export(kind: ExportKind) -> PanelId {
        match kind {
            ExportKind::Orders => PanelId::Orders,
            ExportKind::Wallets => PanelId::Wallets,
            ExportKind::Transfers => PanelId::Transfers,
            ExportKind::Withdrawals => PanelId::Withdrawals,
            ExportKind::Claims => PanelId::Claims,
            ExportKind::Deposits => PanelId::Deposits,
            ExportKind::Journal => PanelId::Journal,
            ExportKind::TaxCsv | ExportKind::TaxPdf | ExportKind::TaxXlsx => PanelId::Taxes,
            ExportKind::Extrato => PanelId::Activity,
        }
    }
}

/// A file a panel writes through the worker, named when a write to a
/// typed path is held back: the person kept the file it would replace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteKind {
    /// An export (a list's CSV, the journal, the extrato, the tax year's files).
    Export(ExportKind),
    /// A payouts file's result.
    BatchResult,
    /// An order's QR code as PNG.
    QrPng,
    /// The generated key's public key.
    PublicKey,
}

impl WriteKind {
    /// The panel that asked for the write.
    pub fn asker(self) -> PanelId {
        match self {
            WriteKind::Export(kind) => PanelId::of_export(kind),
            WriteKind::BatchResult => PanelId::Withdrawals,
            WriteKind::QrPng => PanelId::Orders,
            WriteKind::PublicKey => PanelId::Onboarding,
        }
    }
}

/// What became of a file a panel asked for, told to that panel.
#[derive(Debug)]
pub enum FileAnswer {
    /// The person chose this file (or folder) in the dialog the panel
    /// asked for.
    Chosen(DialogPurpose, PathBuf),
    /// The dialog closed with no file (cancelled, or no dialog on this system).
    NoFile,
    /// A write the panel asked for was not made: the person kept the file
    /// it would have replaced, and can save again.
    Kept(WriteKind),
    /// An export the panel asked for ended: the file, or why not.
    Exported(ExportKind, Result<PathBuf, super::export::FileError>),
}

/// The seam between the app and the system's dialogs: the worker awaits
/// `ask` on its runtime, never the UI thread.
pub trait FileDialogs: Send + Sync {
    /// Shows the dialog and answers when the person is done.
    fn ask(&self, request: FileDialogRequest)
    -> Pin<Box<dyn Future<Output = DialogAnswer> + Send>>;
}

/// The platform's dialogs through rfd: the XDG desktop portal on Linux
/// (zenity where there is no portal), the native panels on Windows and macOS.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemDialogs;

impl FileDialogs for SystemDialogs {
    fn ask(
        &self,
        request: FileDialogRequest,
    ) -> Pin<Box<dyn Future<Output = DialogAnswer> + Send>> {
        Box::pin(async move {
            let available = tokio::task::spawn_blocking(dialog_available)
                .await
                .unwrap_or(false);
            if !available {
                return DialogAnswer::Unavailable;
            }
            let mut dialog = rfd::AsyncFileDialog::new().set_title(&request.title);
            if let Some(folder) = &request.folder {
                dialog = dialog.set_directory(folder);
            }
            if let Some(name) = &request.file_name {
                dialog = dialog.set_file_name(name);
            }
            if let Some((name, extensions)) = &request.filter {
                dialog = dialog.add_filter(name, extensions);
            }
            let chosen = match request.mode {
                DialogMode::Save => dialog.save_file().await,
                DialogMode::Open => dialog.pick_file().await,
                DialogMode::Folder => dialog.pick_folder().await,
            };
            match chosen {
                Some(handle) => DialogAnswer::Chosen(handle.path().to_path_buf()),
                None => DialogAnswer::Cancelled,
            }
        })
    }
}

/// Whether the system can show a file dialog. On Linux rfd asks the XDG
/// desktop portal over the session bus and falls back to zenity; with
/// neither it would answer as if the person had cancelled, so that case is
/// told apart here. Blocking (a D-Bus round trip).
#[cfg(target_os = "linux")]
pub fn dialog_available() -> bool {
    zenity_on_path() || portal_on_session_bus()
}

/// Whether the system can show a file dialog: always, on Windows and macOS.
#[cfg(not(target_os = "linux"))]
pub fn dialog_available() -> bool {
    true
}

#[cfg(target_os = "linux")]
fn zenity_on_path() -> bool {
    std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|folder| folder.join("zenity").is_file())
    })
}

#[cfg(target_os = "linux")]
fn portal_on_session_bus() -> bool {
    const PORTAL: &str = "org.freedesktop.portal.Desktop";
    let Ok(connection) = zbus::blocking::Connection::session() else {
        return false;
    };
    let Ok(bus) = zbus::blocking::fdo::DBusProxy::new(&connection) else {
        return false;
    };
    let Ok(name) = zbus::names::BusName::try_from(PORTAL) else {
        return false;
    };
    if bus.name_has_owner(name).unwrap_or(false) {
        return true;
    }
    bus.list_activatable_names()
        .is_ok_and(|names| names.iter().any(|name| name.as_str() == PORTAL))
}

/// A stand-in for the system's dialogs in tests: records every request and
/// answers each with the next answer given (then [`DialogAnswer::Cancelled`]).
#[derive(Clone, Debug, Default)]
pub struct RecordingDialogs {
    asked: Arc<Mutex<Vec<FileDialogRequest>>>,
    answers: Arc<Mutex<Vec<DialogAnswer>>>,
}

impl RecordingDialogs {
    /// A fake that answers with `answers`, in order.
    pub fn answering(answers: Vec<DialogAnswer>) -> RecordingDialogs {
        RecordingDialogs {
            asked: Arc::default(),
            answers: Arc::new(Mutex::new(answers)),
        }
    }

    /// Every request so far.
    pub fn asked(&self) -> Vec<FileDialogRequest> {
        self.asked
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

impl FileDialogs for RecordingDialogs {
    fn ask(
        &self,
        request: FileDialogRequest,
    ) -> Pin<Box<dyn Future<Output = DialogAnswer> + Send>> {
        self.asked
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(request);
        let mut answers = self.answers.lock().unwrap_or_else(PoisonError::into_inner);
        let answer = if answers.is_empty() {
            DialogAnswer::Cancelled
        } else {
            answers.remove(0)
        };
        Box::pin(async move { answer })
    }
}

/// What the design system's save bars need to know of the dialogs, kept in
/// the egui context each frame (as the language is, see `ui::context`), so
/// they need no `AppState`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DialogStatus {
    /// A dialog is open.
    pub open: bool,
    /// The system has no dialog: the typed field is the way.
    pub unavailable: bool,
}

/// The file name offered for a list's CSV: `orders-2026-11-22.csv`.
pub fn export_file_name(kind: ExportKind, today: time::Date) -> String {
    let slug = match kind {
        ExportKind::Orders => "orders",
        ExportKind::Wallets => "wallets",
        ExportKind::Transfers => "transfers",
        ExportKind::Withdrawals => "withdrawals",
        ExportKind::Claims => "claims",
        ExportKind::Deposits => "deposits",
        // The name the person knows it by: "Activity of this device".
        ExportKind::Journal => "activity",
        ExportKind::TaxCsv | ExportKind::TaxXlsx => "taxes",
        ExportKind::TaxPdf => "tax-report",
        ExportKind::Extrato => "extrato",
    };
    let (year, month, day) = (today.year(), u8::from(today.month()), today.day());
    format!("{slug}-{year:04}-{month:02}-{day:02}.csv")
}

/// The file name offered for the extrato: `extrato-2026-11-22.ofx`.
pub fn extrato_file_name(format: ExtratoFormat, today: time::Date) -> String {
    let csv = export_file_name(ExportKind::Extrato, today);
    let stem = csv.strip_suffix(".csv").unwrap_or(&csv);
    format!("{stem}.{}", format.extension())
}

/// The file name offered for an order's QR code: `qr-1a2b3c4d.png`.
pub fn qr_file_name(order: &Uuid) -> String {
    let prefix: String = order.to_string().chars().take(8).collect();
    format!("qr-{prefix}.png")
}

/// The request for `purpose`: title, default name (`today` in it, and
/// the open order's id for its QR), the folder of the last file chosen.
pub fn dialog_request(
    purpose: &DialogPurpose,
    language: Language,
    today: time::Date,
    last_folder: Option<&std::path::Path>,
    open_order: Option<Uuid>,
) -> FileDialogRequest {
    let filter = |name: &str, extension: &str| Some((name.to_owned(), vec![extension.to_owned()]));
    let save = |title: &'static str, file_name: String, filter| FileDialogRequest {
        mode: DialogMode::Save,
        title: tr(language, title).into_owned(),
        file_name: Some(file_name),
        folder: last_folder.map(std::path::Path::to_path_buf),
        filter,
    };
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
                ExtratoFormat::Xlsx => ("files.title_extrato_xlsx", "Excel"),
            };
            save(
                title,
                extrato_file_name(*format, today),
                filter(name, format.extension()),
            )
        }
        DialogPurpose::SaveQr { .. } => {
            let name = open_order.map_or_else(|| "qr.png".to_owned(), |id| qr_file_name(&id));
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
            folder: last_folder.map(std::path::Path::to_path_buf),
            filter: None,
        },
        DialogPurpose::TaxPdf { year } => save(
            "taxes.files_title_pdf",
            super::i18n::tr_with(
                language,
                "taxes.files_pdf_name",
                &[("year", &year.to_string())],
            ),
            filter("PDF", "pdf"),
        ),
        DialogPurpose::TaxXlsx { year } => save(
            "taxes.files_title_xlsx",
            super::i18n::tr_with(
                language,
                "taxes.files_xlsx_name",
                &[("year", &year.to_string())],
            ),
            filter("Excel", "xlsx"),
        ),
        DialogPurpose::LoadKey => FileDialogRequest {
            mode: DialogMode::Open,
            title: tr(language, "files.title_key").into_owned(),
            file_name: None,
            folder: last_folder.map(std::path::Path::to_path_buf),
            filter: None,
        },
        DialogPurpose::PayoutsFile => FileDialogRequest {
            mode: DialogMode::Open,
            title: tr(language, "batch.title_open").into_owned(),
            file_name: None,
            folder: last_folder.map(std::path::Path::to_path_buf),
            filter: filter("CSV", "csv"),
        },
        DialogPurpose::BatchResult => save(
            "batch.title_result",
            "payouts.result.csv".to_owned(),
            filter("CSV", "csv"),
        ),
    }
}

/// Where the system's file dialogs stand, as the window holds it.
#[derive(Clone, Debug, Default)]
pub struct DialogState {
    /// The folder of the last file chosen; remembered across restarts.
    pub last_folder: Option<PathBuf>,
    /// A dialog is open: no second one is asked for meanwhile.
    pub dialog_open: bool,
    /// The system answered that it has no file dialog.
    pub unavailable: bool,
}

/// Where a dialog's answer goes.
#[derive(Debug)]
pub enum Answered {
    /// Back to the panel that asked.
    Panel(PanelId, FileAnswer),
    /// To the receipt control every record panel shares: write the
    /// receipt shown when Save was clicked to the file chosen.
    Receipt(Box<super::receipt::ReceiptRequest>),
}

impl DialogState {
    /// The request for `purpose` (see [`dialog_request`]), the dialog then
    /// open; none while another is open.
    pub fn open(
        &mut self,
        purpose: &DialogPurpose,
        language: Language,
        today: time::Date,
        open_order: Option<Uuid>,
    ) -> Option<FileDialogRequest> {
        if self.dialog_open {
            return None;
        }
        self.dialog_open = true;
        let folder = self.last_folder.as_deref();
        Some(dialog_request(purpose, language, today, folder, open_order))
    }

    /// Takes in the answer to the dialog for `purpose`: the folder of the
    /// file chosen is where the next dialog starts; where the answer goes.
    pub fn answered(&mut self, purpose: DialogPurpose, answer: DialogAnswer) -> Option<Answered> {
        self.dialog_open = false;
        let path = match answer {
            DialogAnswer::Chosen(path) => path,
            DialogAnswer::Cancelled | DialogAnswer::Unavailable => {
                self.unavailable |= answer == DialogAnswer::Unavailable;
                let asker = purpose.asker()?;
                return Some(Answered::Panel(asker, FileAnswer::NoFile));
            }
        };
        match &purpose {
            // The folder chosen is where the next dialog starts.
            DialogPurpose::TaxCsv { .. } => self.last_folder = Some(path.clone()),
            _ => self.file_written(&path),
        }
        Some(match purpose {
            DialogPurpose::SaveReceipt { receipt, format } => {
                Answered::Receipt(Box::new(super::receipt::ReceiptRequest {
                    receipt: *receipt,
                    format,
                    path,
                }))
            }
            purpose => Answered::Panel(purpose.asker()?, FileAnswer::Chosen(purpose, path)),
        })
    }

    /// A file was chosen or written at `path`: its folder is where the next
    /// dialog starts.
    pub fn file_written(&mut self, path: &std::path::Path) {
        if let Some(folder) = path
            .parent()
            .filter(|folder| !folder.as_os_str().is_empty())
        {
            self.last_folder = Some(folder.to_path_buf());
        }
    }

    /// What the save bars drawn this frame need to know.
    pub fn status(&self) -> DialogStatus {
        DialogStatus {
            open: self.dialog_open,
            unavailable: self.unavailable,
        }
    }
}
