//! A receipt saved as a file: rendered in the format asked for and
//! written as a private file, on the worker's blocking pool.

use std::path::PathBuf;

use crate::app::export::{FileError, write_file};

use super::model::{Receipt, ReceiptFormat};
use super::{pdf, png};

impl ReceiptFormat {
    /// The bytes of `receipt` in this format.
    pub fn render(self, receipt: &Receipt) -> Result<Vec<u8>, String> {
        match self {
            ReceiptFormat::Pdf => Ok(pdf::render(receipt)),
            ReceiptFormat::Png => png::render(receipt),
        }
    }
}

/// Saving a receipt: what, in which format, where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReceiptRequest {
    /// The receipt.
    pub receipt: Receipt,
    /// PDF or PNG.
    pub format: ReceiptFormat,
    /// The file to write.
    pub path: PathBuf,
}

/// Renders and writes a receipt as a private file (it names accounts and
/// keys); blocking, for the worker's blocking pool.
pub fn write_receipt(request: &ReceiptRequest) -> Result<PathBuf, FileError> {
    let bytes = request
        .format
        .render(&request.receipt)
        .map_err(|reason| FileError::encode(&request.path, reason))?;
    write_file(&request.path, &bytes)
}
