//! Files that hold secrets or personal data (profiles, exports of an
//! account's records, keys, result files, CSVs): created readable and
//! writable by their owner only, and never written through a link.
//!
//! On Unix the mode is given at creation (`OpenOptionsExt::mode(0o600)`), so
//! there is no moment when another user could open the file; a file that
//! already existed is tightened to 0600 before anything is written into it.
//! Elsewhere the system's default applies (on Windows a file in the person's
//! profile inherits its owner-only access).
//!
//! A symbolic link at the path is not followed: a program that can write in
//! the folder could otherwise point `payouts.result.csv` at `~/.bashrc` and
//! have the app truncate it. On Unix the file is opened with `O_NOFOLLOW`
//! (the open itself refuses a link in the last place of the path); on
//! Windows with `FILE_FLAG_OPEN_REPARSE_POINT`, which opens a link rather
//! than its target. Either way the opened file is then checked: it must be
//! a regular file (not a link, folder, pipe or device) and, on Unix, have no
//! other name (a hard link to another file would be overwritten through
//! it). Only then is it emptied and written. Links in the folders above the
//! file are the person's own arrangement and are followed.

use std::fs::{File, OpenOptions};
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

/// The mode of a private file on Unix: read and write for the owner.
pub const PRIVATE_MODE: u32 = 0o600;

/// Why a path was not written: what is there is not a plain file of its
/// own. Carried inside the [`io::Error`] [`create`] returns, so a caller can
/// say it in the person's language (`io::Error::get_ref` and `downcast_ref`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotWritten {
    /// A symbolic link (or another reparse point) is at the path.
    #[error("it is a link to another file, which brlv-desk does not write through")]
    Link,
    /// A folder, a pipe, a device: not a regular file.
    #[error("it is not a regular file")]
    NotAFile,
    /// A regular file with other names (hard links) elsewhere.
    #[error("it is a file with other names (hard links), which writing would change too")]
    OtherNames,
}

impl NotWritten {
    /// The reason `error` carries, if it is one of these.
    pub fn of(error: &io::Error) -> Option<NotWritten> {
        error
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<NotWritten>())
            .copied()
    }

    fn into_error(self) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidInput, self)
    }
}

/// Opens `path` for writing, created owner-only, or emptied and tightened
/// to owner-only when it exists; refused ([`NotWritten`]) when a link or
/// anything but a plain file of its own is there.
pub fn create(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    // Not truncated on opening: what is there is checked first.
    options.write(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(PRIVATE_MODE);
        // O_NONBLOCK: a pipe put at the path fails at once instead of
        // waiting for a reader; a regular file ignores it.
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    #[cfg(windows)]
    {
        use std::os::windows::fs::OpenOptionsExt as _;
        options.custom_flags(windows_sys::Win32::Storage::FileSystem::FILE_FLAG_OPEN_REPARSE_POINT);
    }
    let file = options.open(path).map_err(|error| {
        #[cfg(unix)]
        if error.raw_os_error() == Some(libc::ELOOP) {
            return NotWritten::Link.into_error();
        }
        error
    })?;
    let metadata = file.metadata()?;
    if metadata.file_type().is_symlink() {
        return Err(NotWritten::Link.into_error());
    }
    if !metadata.is_file() {
        return Err(NotWritten::NotAFile.into_error());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        if metadata.nlink() > 1 {
            return Err(NotWritten::OtherNames.into_error());
        }
    }
    file.set_len(0)?;
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

    #[cfg(unix)]
    #[test]
    fn a_link_at_the_path_is_not_followed_and_its_target_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("bashrc");
        std::fs::write(&target, "keep me").unwrap();
        let link = dir.path().join("payouts.result.csv");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let error = write(&link, "row,outcome\n").unwrap_err();
        assert_eq!(NotWritten::of(&error), Some(NotWritten::Link), "{error}");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me");
        // A link to a file not there yet is not created through either.
        let dangling = dir.path().join("extrato.csv");
        std::os::unix::fs::symlink(dir.path().join("new-file"), &dangling).unwrap();
        assert_eq!(
            NotWritten::of(&write(&dangling, "x").unwrap_err()),
            Some(NotWritten::Link)
        );
        assert!(!dir.path().join("new-file").exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_hard_link_a_pipe_or_a_folder_is_not_written() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("other");
        std::fs::write(&target, "keep me").unwrap();
        let hard = dir.path().join("hard.csv");
        std::fs::hard_link(&target, &hard).unwrap();
        assert_eq!(
            NotWritten::of(&write(&hard, "x").unwrap_err()),
            Some(NotWritten::OtherNames)
        );
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me");
        let pipe = dir.path().join("pipe.csv");
        let made = std::process::Command::new("mkfifo").arg(&pipe).status();
        if made.is_ok_and(|status| status.success()) {
            // No reader: the open fails at once rather than waiting.
            assert!(write(&pipe, "x").is_err());
        }
        assert!(write(dir.path(), "x").is_err());
    }

    #[test]
    fn a_missing_directory_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no-such-dir").join("x");
        assert!(write(&path, "x").is_err());
    }
}
