//! Saving over a file that is already there asks first. A write to a typed
//! path that names an existing file waits here as a [`PendingWrite`] until
//! the person answers the question the shell shows ("Replace the file?");
//! the system's Save dialog asks the same question itself, so a path it
//! gives goes straight to the worker.

use std::path::{Path, PathBuf};

use super::export::ExportRequest;
use super::receipt::{Receipt, ReceiptFormat};

/// A write held until the person says whether it may replace the file.
#[derive(Clone, Debug)]
pub enum PendingWrite {
    /// A list, the journal or the extrato as CSV or OFX.
    Export(ExportRequest),
    /// A movement's receipt.
    Receipt {
        /// The receipt.
        receipt: Box<Receipt>,
        /// PDF or PNG.
        format: ReceiptFormat,
        /// Where.
        path: PathBuf,
    },
}

impl PendingWrite {
    /// The file it would write.
    pub fn path(&self) -> &Path {
        match self {
            PendingWrite::Export(request) => &request.path,
            PendingWrite::Receipt { path, .. } => path,
        }
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
