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
use std::path::Path;

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
