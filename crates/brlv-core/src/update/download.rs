//! Downloading the offered package: streamed into a folder of its own that
//! only this user can open, counted and hashed as it arrives, and kept only
//! when its size and SHA-256 are the feed's. Nothing is run.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::error::UpdateError;
use super::feed::{PackageEntry, hex};
use super::http::{client, get, network};

/// How much of the package has arrived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DownloadProgress {
    /// Bytes received so far.
    pub received: u64,
    /// The feed's size of the whole package.
    pub total: u64,
}

/// A package downloaded and checked against the feed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DownloadedPackage {
    /// The file, named as in its URL.
    pub path: PathBuf,
    /// The private folder it is in (remove it once the package is
    /// installed or moved).
    pub folder: PathBuf,
}

/// Downloads `package` into a new private folder under `parent` (the
/// system's temporary folder, or one a person named), reporting progress
/// as bytes arrive. A file shorter or longer than the feed's size, or with
/// another SHA-256, is refused and deleted with its folder.
pub async fn download(
    package: &PackageEntry,
    parent: &Path,
    progress: &mut (dyn FnMut(DownloadProgress) + Send),
) -> Result<DownloadedPackage, UpdateError> {
    let folder = private_folder(parent)?;
    let path = folder.join(package.file_name());
    let outcome = fetch_into(package, &path, progress).await;
    match outcome {
        Ok(()) => Ok(DownloadedPackage { path, folder }),
        Err(error) => {
            // A refused or partial file must not stay where it could be opened.
            let _ = std::fs::remove_dir_all(&folder);
            Err(error)
        }
    }
}

async fn fetch_into(
    package: &PackageEntry,
    path: &Path,
    progress: &mut (dyn FnMut(DownloadProgress) + Send),
) -> Result<(), UpdateError> {
    let url = &package.url;
    let size_mismatch = |received: u64| UpdateError::SizeMismatch {
        url: url.to_string(),
        expected: package.size,
        received,
    };
    let http = client()?;
    let mut response = get(&http, url).await?;
    if let Some(length) = response.content_length()
        && length != package.size
    {
        return Err(size_mismatch(length));
    }
    let file_error = |source| UpdateError::File {
        path: path.to_owned(),
        source,
    };
    let mut file = create_private(path).map_err(file_error)?;
    let mut hasher = Sha256::new();
    let mut received: u64 = 0;
    progress(DownloadProgress {
        received,
        total: package.size,
    });
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|error| network(url, &error))?
    {
        received += chunk.len() as u64;
        if received > package.size {
            return Err(size_mismatch(received));
        }
        hasher.update(&chunk);
        // Plain writes: the core's runtime has no file I/O of its own, and a
        // chunk is a few kilobytes.
        file.write_all(&chunk).map_err(file_error)?;
        progress(DownloadProgress {
            received,
            total: package.size,
        });
    }
    if received != package.size {
        return Err(size_mismatch(received));
    }
    file.sync_all().map_err(file_error)?;
    let digest: [u8; 32] = hasher.finalize().into();
    if digest != package.sha256 {
        return Err(UpdateError::DigestMismatch {
            url: url.to_string(),
            expected: package.sha256_hex(),
            actual: hex(&digest),
        });
    }
    Ok(())
}

/// A package opened so that it cannot change until it is dropped, and
/// checked against the feed through that very handle: what is then run by
/// its path is what was checked.
#[derive(Debug)]
pub struct LockedPackage {
    /// The file.
    pub path: PathBuf,
    /// Held open until the installer has ended: on Windows nobody else may
    /// write, rename or delete the file meanwhile (the handle shares reading
    /// only); elsewhere the private folder it is in keeps others out.
    pub handle: File,
}

/// Opens the package at `path` for reading, so that on Windows no other
/// program can write, rename or delete it while the returned handle lives,
/// and checks through that handle that it is a plain file (not a link) of
/// the feed's size and SHA-256.
pub fn lock_verified(package: &PackageEntry, path: &Path) -> Result<LockedPackage, UpdateError> {
    let file_error = |source| UpdateError::File {
        path: path.to_owned(),
        source,
    };
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(windows)]
    {
        use std::os::windows::fs::OpenOptionsExt as _;
        use windows_sys::Win32::Storage::FileSystem::{
            FILE_FLAG_OPEN_REPARSE_POINT, FILE_SHARE_READ,
        };
        options
            .share_mode(FILE_SHARE_READ)
            .custom_flags(FILE_FLAG_OPEN_REPARSE_POINT);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.custom_flags(libc::O_NOFOLLOW);
    }
    let mut handle = options.open(path).map_err(file_error)?;
    let metadata = handle.metadata().map_err(file_error)?;
    if !metadata.is_file() {
        return Err(file_error(std::io::Error::other(
            "it is not a plain file (a link, a folder or a device)",
        )));
    }
    let shown = path.display().to_string();
    if metadata.len() != package.size {
        return Err(UpdateError::SizeMismatch {
            url: shown,
            expected: package.size,
            received: metadata.len(),
        });
    }
    let mut hasher = Sha256::new();
    let mut buffer = vec![0_u8; 64 * 1024];
    loop {
        let read = std::io::Read::read(&mut handle, &mut buffer).map_err(file_error)?;
        if read == 0 {
            break;
        }
        hasher.update(&buffer[..read]);
    }
    let digest: [u8; 32] = hasher.finalize().into();
    if digest != package.sha256 {
        return Err(UpdateError::DigestMismatch {
            url: shown,
            expected: package.sha256_hex(),
            actual: hex(&digest),
        });
    }
    Ok(LockedPackage {
        path: path.to_owned(),
        handle,
    })
}

/// Copies the package at `from` (a file given on the command line, in a
/// folder others may be able to write) into a new private folder under
/// `parent`, and locks and checks the copy ([`lock_verified`]): the file
/// run is one only this user could have written. The copy's folder is
/// returned for removal; a refused copy is removed at once.
pub fn stage_verified(
    package: &PackageEntry,
    from: &Path,
    parent: &Path,
) -> Result<(LockedPackage, PathBuf), UpdateError> {
    let folder = private_folder(parent)?;
    let path = folder.join(package.file_name());
    let copied = (|| {
        let mut source = File::open(from).map_err(|source| UpdateError::File {
            path: from.to_owned(),
            source,
        })?;
        let file_error = |source| UpdateError::File {
            path: path.clone(),
            source,
        };
        let mut copy = create_private(&path).map_err(file_error)?;
        // At most one byte past the feed's size: a longer file is refused
        // by the check, without copying all of it.
        std::io::copy(
            &mut std::io::Read::take(&mut source, package.size.saturating_add(1)),
            &mut copy,
        )
        .map_err(file_error)?;
        copy.sync_all().map_err(file_error)?;
        // The writing handle is closed before the check opens the file
        // sharing reading only: Windows refuses that open while a handle
        // that may write is still held (a sharing violation).
        drop(copy);
        lock_verified(package, &path)
    })();
    match copied {
        Ok(locked) => Ok((locked, folder)),
        Err(error) => {
            let _ = std::fs::remove_dir_all(&folder);
            Err(error)
        }
    }
}

/// A new folder under `parent` that only this user can open.
fn private_folder(parent: &Path) -> Result<PathBuf, UpdateError> {
    let folder = parent.join(format!(
        "brlv-desk-update-{}",
        uuid::Uuid::new_v4().simple()
    ));
    // Only Unix sets a mode here; on Windows the folder takes the per-user
    // temporary folder's access list.
    #[cfg_attr(not(unix), allow(unused_mut))]
    let mut builder = std::fs::DirBuilder::new();
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder
        .create(&folder)
        .map_err(|source| UpdateError::File {
            path: folder.clone(),
            source,
        })?;
    Ok(folder)
}

fn create_private(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

/// Downloads `notice`'s package into a private folder under `to`, checked
/// against the feed (size, SHA-256), then moves it into `to` itself and
/// returns where it is: the command line's `--to DIR` and the window's
/// Downloads folder alike.
pub async fn save_package(
    notice: &super::UpdateNotice,
    to: &Path,
    progress: &mut (dyn FnMut(DownloadProgress) + Send),
) -> Result<PathBuf, UpdateError> {
    let downloaded = download(&notice.package, to, progress).await?;
    let path = to.join(notice.package.file_name());
    let moved = std::fs::rename(&downloaded.path, &path).and_then(|()| {
        // A published package holds nothing private; apt reads it as its
        // own user.
        #[cfg(unix)]
        std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o644))?;
        Ok(())
    });
    let _ = std::fs::remove_dir_all(&downloaded.folder);
    moved.map_err(|source| UpdateError::File {
        path: path.clone(),
        source,
    })?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry_for(content: &[u8]) -> PackageEntry {
        PackageEntry {
            url: url::Url::parse("https://releases.example.org/brlv-desk_0.2.0_x64-setup.exe")
                .unwrap(),
            size: content.len() as u64,
            sha256: Sha256::digest(content).into(),
        }
    }

    #[test]
    fn a_file_on_disk_is_checked_as_a_download_is() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("setup.exe");
        let content = b"the installer's bytes".repeat(5_000);
        std::fs::write(&path, &content).unwrap();
        let entry = entry_for(&content);
        lock_verified(&entry, &path).unwrap();

        let mut changed = content.clone();
        changed[40_000] ^= 1;
        std::fs::write(&path, &changed).unwrap();
        assert!(matches!(
            lock_verified(&entry, &path),
            Err(UpdateError::DigestMismatch { .. })
        ));

        std::fs::write(&path, &content[1..]).unwrap();
        assert!(matches!(
            lock_verified(&entry, &path),
            Err(UpdateError::SizeMismatch { received, .. }) if received + 1 == entry.size
        ));

        std::fs::remove_file(&path).unwrap();
        assert!(matches!(
            lock_verified(&entry, &path),
            Err(UpdateError::File { .. })
        ));
    }

    #[cfg(unix)]
    #[test]
    fn a_package_given_is_run_from_a_private_copy_and_a_link_is_not_followed() {
        use std::os::unix::fs::PermissionsExt as _;
        let given = tempfile::tempdir().unwrap();
        let content = b"the installer's bytes".repeat(100);
        let entry = entry_for(&content);
        let path = given.path().join("setup.exe");
        std::fs::write(&path, &content).unwrap();
        let temp = tempfile::tempdir().unwrap();
        let (locked, folder) = stage_verified(&entry, &path, temp.path()).unwrap();
        assert!(locked.path.starts_with(&folder));
        assert_eq!(
            locked.path.file_name().unwrap(),
            "brlv-desk_0.2.0_x64-setup.exe"
        );
        let mode = std::fs::metadata(&folder).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700, "only this user can write where it runs from");
        assert_eq!(std::fs::read(&locked.path).unwrap(), content);

        // A changed file given: refused, and no copy stays behind.
        std::fs::write(&path, b"another program").unwrap();
        assert!(stage_verified(&entry, &path, temp.path()).is_err());
        assert_eq!(std::fs::read_dir(temp.path()).unwrap().count(), 1);

        let link = given.path().join("link.exe");
        std::os::unix::fs::symlink(&locked.path, &link).unwrap();
        assert!(matches!(
            lock_verified(&entry, &link),
            Err(UpdateError::File { .. })
        ));
    }
}
