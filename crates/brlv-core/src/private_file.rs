//! Files that hold secrets or personal data (profiles, exports of an
//! account's records, keys): created readable and writable by their owner
//! only.
//!
//! On Unix the mode is given at creation (`OpenOptionsExt::mode(0o600)`), so
//! there is no moment when another user could open the file; a file that
//! already existed is tightened to 0600 before anything is written into it.
//! Elsewhere the system's default applies (on Windows a file in the person's
//! profile inherits its owner-only access).

use std::fs::{File, OpenOptions};
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

/// The mode of a private file on Unix: read and write for the owner.
pub const PRIVATE_MODE: u32 = 0o600;

/// Opens `path` for writing, created owner-only, or truncated and tightened
/// to owner-only when it exists.
pub fn create(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(PRIVATE_MODE);
    }
    let file = options.open(path)?;
    // The mode above applies only to a file this call creates; one left over
    // (an export written by an older version, a stale temporary) keeps its
    // own mode unless it is set here.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        file.set_permissions(std::fs::Permissions::from_mode(PRIVATE_MODE))?;
    }
    Ok(file)
}

/// Writes `contents` to `path` as a private file and syncs it to disk, so a
/// crash right after never leaves an empty or half-written file behind a
/// rename.
pub fn write(path: &Path, contents: impl AsRef<[u8]>) -> io::Result<()> {
    let mut file = create(path)?;
    file.write_all(contents.as_ref())?;
    file.sync_all()
}

/// Why a private JSON file (the profiles, the saved recipients) could not
/// be read or written; each file's own error says which file it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonFileError {
    /// Reading or writing failed.
    Io {
        /// "read" or "write".
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The file is there but is not what it should hold.
    Damaged {
        /// The file.
        path: PathBuf,
        /// What did not parse.
        reason: String,
    },
}

/// Writes `From<JsonFileError>` for a file's own error, whose `Io` and
/// `Damaged` cases carry the same fields as [`JsonFileError`]'s, so that each
/// file names itself in its messages without repeating the conversion. The
/// optional second argument, a `fn(String) -> String`, is what that file
/// keeps of the parser's words.
macro_rules! from_json_file_error {
    ($error:ty) => {
        $crate::private_file::from_json_file_error!($error, ::std::convert::identity);
    };
    ($error:ty, $damaged_reason:path) => {
        impl From<$crate::private_file::JsonFileError> for $error {
            fn from(error: $crate::private_file::JsonFileError) -> Self {
                match error {
                    $crate::private_file::JsonFileError::Io {
                        action,
                        path,
                        reason,
                    } => Self::Io {
                        action,
                        path,
                        reason,
                    },
                    $crate::private_file::JsonFileError::Damaged { path, reason } => {
                        Self::Damaged {
                            path,
                            reason: $damaged_reason(reason),
                        }
                    }
                }
            }
        }
    };
}
pub(crate) use from_json_file_error;

/// Reads the JSON file `path`; a missing file is the default value.
pub fn read_json<T: serde::de::DeserializeOwned + Default>(
    path: &Path,
) -> Result<T, JsonFileError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(T::default()),
        Err(error) => {
            return Err(JsonFileError::Io {
                action: "read",
                path: path.to_owned(),
                reason: error.to_string(),
            });
        }
    };
    serde_json::from_str(&text).map_err(|error| JsonFileError::Damaged {
        path: path.to_owned(),
        reason: error.to_string(),
    })
}

/// Writes `value` whole to `path` as private JSON: to a temporary file
/// first, then renamed over the old one, so a crash never leaves half a file.
pub fn write_json<T: serde::Serialize>(path: &Path, value: &T) -> Result<(), JsonFileError> {
    let failed = |reason: String| JsonFileError::Io {
        action: "write",
        path: path.to_owned(),
        reason,
    };
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|error| failed(error.to_string()))?;
    }
    let text = serde_json::to_string_pretty(value).map_err(|error| failed(error.to_string()))?;
    let temporary = path.with_extension("json.tmp");
    write(&temporary, text).map_err(|error| failed(error.to_string()))?;
    std::fs::rename(&temporary, path).map_err(|error| failed(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    fn mode(path: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn writes_the_contents() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.csv");
        write(&path, "id,amount\n1,10.50\n").unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "id,amount\n1,10.50\n"
        );
        write(&path, "short").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "short");
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_is_owner_only_whatever_the_umask_allows() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.json");
        write(&path, b"{}").unwrap();
        assert_eq!(mode(&path), 0o600);
    }

    #[cfg(unix)]
    #[test]
    fn an_existing_readable_file_is_tightened() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.csv");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        write(&path, "new").unwrap();
        assert_eq!(mode(&path), 0o600);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    }

    #[test]
    fn a_missing_directory_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no-such-dir").join("x");
        assert!(write(&path, "x").is_err());
    }
}
