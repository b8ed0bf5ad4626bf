//! Files the person saves or opens, as the window holds them: the folder
//! of the last file chosen, whether a system dialog is open (or there is
//! none), and where the receipt of the movement shown stands.

use std::path::PathBuf;

use uuid::Uuid;

use crate::app::clock::Millis;
use crate::app::dialog::DialogStatus;
use crate::app::export::FileError;

/// Where the receipt of the movement shown stands.
#[derive(Clone, Debug, Default)]
pub struct ReceiptStatus {
    /// The movement the status is about; another one's is not shown.
    pub movement: Option<Uuid>,
    /// A receipt is being written.
    pub saving: bool,
    /// How the last save ended.
    pub result: Option<Result<PathBuf, FileError>>,
    /// When its text was copied (app clock), for the "Copied" note.
    pub copied_at: Option<Millis>,
}

/// The file dialogs' side of the state.
#[derive(Clone, Debug, Default)]
pub struct FilesState {
    /// The folder of the last file chosen; remembered across restarts.
    pub last_folder: Option<PathBuf>,
    /// A dialog is open: no second one is asked for meanwhile.
    pub dialog_open: bool,
    /// The system answered that it has no file dialog.
    pub unavailable: bool,
    /// The receipt of the movement shown.
    pub receipt: ReceiptStatus,
}

impl FilesState {
    /// What the save bars drawn this frame need to know.
    pub fn status(&self) -> DialogStatus {
        DialogStatus {
            open: self.dialog_open,
            unavailable: self.unavailable,
        }
    }
}
