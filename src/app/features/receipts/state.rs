//! Where the receipt of the movement shown stands: being written, written
//! (where), not written (why), or copied as text.

use std::path::PathBuf;

use uuid::Uuid;

use crate::app::clock::Millis;
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
