//! Where a profile's journal file is: the platform's local data directory,
//! one file per profile (a readable name and a digest of name and address),
//! made owner-only before SQLite opens it, and moved aside when damaged.

use std::path::{Path, PathBuf};

use time::OffsetDateTime;

/// Where journals are kept: `journal/` in the platform's local data
/// directory (`~/.local/share/brlv-desk/journal` on Linux,
/// `%LOCALAPPDATA%\brlv-desk\data\journal` on Windows). Local, not roaming:
/// a journal is what this device sent, and a SQLite file copied between
/// machines at each sign-in would be slow and could be copied mid-write.
pub fn default_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "brlv-desk")
        .map(|dirs| dirs.data_local_dir().join("journal"))
}

/// The file of the profile called `name` at `base_url`: readable name, and
/// a digest of both so that two profiles never share a file.
pub fn file_for(dir: &Path, name: &str, base_url: &str) -> PathBuf {
    use sha2::Digest as _;
    let readable: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .take(40)
        .collect();
    let mut hasher = sha2::Sha256::new();
    hasher.update(name.as_bytes());
    hasher.update([0]);
    hasher.update(base_url.as_bytes());
    let digest = hasher.finalize();
    let tag: String = digest
        .iter()
        .take(8)
        .map(|byte| format!("{byte:02x}"))
        .collect();
    dir.join(format!("{readable}-{tag}.sqlite3"))
}

/// SQLite's files beside the database.
pub(super) fn companions(path: &Path) -> [PathBuf; 2] {
    let with = |suffix: &str| {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        PathBuf::from(name)
    };
    [with("-wal"), with("-shm")]
}

/// Deletes a profile's journal (the database, SQLite's files beside it
/// and its last good copy).
pub fn delete(path: &Path) -> std::io::Result<()> {
    let copy = copy_path(path);
    for file in std::iter::once(path.to_owned())
        .chain(companions(path))
        .chain(std::iter::once(copy.clone()))
        .chain(companions(&copy))
    {
        match std::fs::remove_file(&file) {
            Ok(()) => {}
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(error) => return Err(error),
        }
    }
    Ok(())
}

/// Creates the folder owner-only and the file owner-only before SQLite
/// opens it: SQLite gives its `-wal` and `-shm` files the database's mode.
pub(super) fn prepare_file(path: &Path) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
        }
    }
    if !path.exists() {
        crate::private_file::create(path)?;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let private = std::fs::Permissions::from_mode(crate::private_file::PRIVATE_MODE);
        for file in std::iter::once(path.to_owned()).chain(companions(path)) {
            if file.exists() {
                std::fs::set_permissions(&file, private.clone())?;
            }
        }
    }
    Ok(())
}

/// Moves a damaged file (and its `-wal`, `-shm`) aside, under a name that
/// says so and when; returns where the database went.
pub(super) fn move_aside(path: &Path) -> std::io::Result<PathBuf> {
    let stamp = OffsetDateTime::now_utc().unix_timestamp();
    let mut attempt = 0u32;
    let target = loop {
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".damaged-{stamp}"));
        if attempt > 0 {
            name.push(format!("-{attempt}"));
        }
        let candidate = PathBuf::from(name);
        if !candidate.exists() {
            break candidate;
        }
        attempt += 1;
    };
    std::fs::rename(path, &target)?;
    for (companion, moved) in companions(path).into_iter().zip(companions(&target)) {
        if companion.exists() {
            std::fs::rename(&companion, &moved)?;
        }
    }
    Ok(target)
}

/// Where the last good copy of the journal at `path` is kept.
pub fn copy_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".last-good");
    PathBuf::from(name)
}

/// Whether the file at `copy` is a sound journal: it opens read-only and
/// SQLite's quick check passes.
pub(super) fn is_sound(copy: &Path) -> bool {
    let Ok(connection) =
        rusqlite::Connection::open_with_flags(copy, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
    else {
        return false;
    };
    connection
        .query_row("PRAGMA quick_check", [], |row| row.get::<_, String>(0))
        .is_ok_and(|check| check == "ok")
}
