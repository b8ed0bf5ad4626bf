//! The update path against a local server over loopback: a feed signed
//! with a key made for the test, checked and its package downloaded as the
//! window and `brlv-desk update` do it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use sha2::{Digest, Sha256};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use brlv_core::update::{
    DemoFeedKey, DownloadProgress, Platform, UpdateError, UpdateNotice, UpdateSource, check,
    download,
};

/// What the server answers for a path: a body, and the length it claims
/// (more than the body: the connection drops part way).
#[derive(Clone)]
struct Answer {
    body: Vec<u8>,
    claimed_length: usize,
}

#[derive(Clone, Default)]
struct Files(Arc<Mutex<HashMap<String, Answer>>>);

impl Files {
    fn put(&self, path: &str, body: impl Into<Vec<u8>>) {
        let body = body.into();
        let claimed_length = body.len();
        self.0.lock().unwrap().insert(
            path.to_owned(),
            Answer {
                body,
                claimed_length,
            },
        );
    }

    fn put_cut(&self, path: &str, body: &[u8], claimed_length: usize) {
        self.0.lock().unwrap().insert(
            path.to_owned(),
            Answer {
                body: body.to_vec(),
                claimed_length,
            },
        );
    }
}

/// A small HTTP/1.1 server: GET of a stored path, 404 otherwise.
async fn serve(files: Files) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let Ok((mut stream, _)) = listener.accept().await else {
                return;
            };
            let files = files.clone();
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut buffer = [0u8; 1024];
                while !head.windows(4).any(|window| window == b"\r\n\r\n") {
                    match stream.read(&mut buffer).await {
                        Ok(0) | Err(_) => return,
                        Ok(read) => head.extend_from_slice(&buffer[..read]),
                    }
                }
                let head = String::from_utf8_lossy(&head);
                let path = head.split_whitespace().nth(1).unwrap_or("/").to_owned();
                let answer = files.0.lock().unwrap().get(&path).cloned();
                let (status, answer) = match answer {
                    Some(answer) => ("200 OK", answer),
                    None => (
                        "404 Not Found",
                        Answer {
                            body: b"not found".to_vec(),
                            claimed_length: 9,
                        },
                    ),
                };
                let header = format!(
                    "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    answer.claimed_length
                );
                let _ = stream.write_all(header.as_bytes()).await;
                let _ = stream.write_all(&answer.body).await;
                let _ = stream.shutdown().await;
            });
        }
    });
    address
}

const PACKAGE: &[u8] = b"!<arch>\nthe brlv-desk 0.2.0 package, as the test serves it\n";

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

fn feed_json(address: SocketAddr, version: &str, platform: &str, size: usize, sha: &str) -> String {
    // Signed yesterday, trusted for a month: a feed as released.
    let rfc3339 = |days: i64| {
        (time::OffsetDateTime::now_utc() + time::Duration::days(days))
            .format(&time::format_description::well_known::Rfc3339)
            .unwrap()
    };
    let (signed, expires) = (rfc3339(-1), rfc3339(30));
    format!(
        r#"{{
  "version": "{version}",
  "date": "2025-07-01",
  "signed": "{signed}",
  "expires": "{expires}",
  "notes": {{ "en": "Fixes a crash.", "pt-BR": "Corrige uma falha." }},
  "platforms": {{
    "{platform}": {{ "url": "http://{address}/0.2.0/brlv-desk_0.2.0-1_amd64.deb", "size": {size}, "sha256": "{sha}" }}
  }}
}}"#
    )
}

/// A server with a feed offering `version` for `platform`, signed by `key`,
/// and the package; and the source that trusts `trusted`.
async fn release(
    key: &DemoFeedKey,
    trusted: &DemoFeedKey,
    version: &str,
    platform: &str,
) -> (Files, UpdateSource, SocketAddr) {
    let files = Files::default();
    let address = serve(files.clone()).await;
    let feed = feed_json(
        address,
        version,
        platform,
        PACKAGE.len(),
        &sha256_hex(PACKAGE),
    );
    files.put("/feed.json", feed.clone());
    files.put(
        "/feed.json.minisig",
        key.sign(feed.as_bytes(), "brlv-desk test feed"),
    );
    files.put("/0.2.0/brlv-desk_0.2.0-1_amd64.deb", PACKAGE);
    let source = UpdateSource::new(
        &format!("http://{address}/feed.json"),
        &trusted.public_key_base64(),
    )
    .unwrap();
    (files, source, address)
}

fn running() -> semver::Version {
    semver::Version::new(0, 1, 0)
}

async fn good_notice(key: &DemoFeedKey) -> (Files, UpdateNotice) {
    let (files, source, _) = release(key, key, "0.2.0", "linux-x86_64-deb").await;
    let notice = check(&source, &running(), Platform::LinuxDeb, None)
        .await
        .unwrap();
    (files, notice)
}

fn entries(folder: &std::path::Path) -> usize {
    std::fs::read_dir(folder).unwrap().count()
}

#[tokio::test]
async fn a_good_update_is_offered_downloaded_and_verified() {
    let key = DemoFeedKey::generate().unwrap();
    let (_files, notice) = good_notice(&key).await;
    assert_eq!(notice.version, semver::Version::new(0, 2, 0));
    assert_eq!(notice.notes.en, "Fixes a crash.");
    assert_eq!(notice.notes.pt_br, "Corrige uma falha.");
    assert_eq!(notice.package.size, PACKAGE.len() as u64);
    assert_eq!(
        notice
            .install_command(std::path::Path::new("brlv-desk_0.2.0-1_amd64.deb"))
            .unwrap(),
        "sudo apt install ./brlv-desk_0.2.0-1_amd64.deb"
    );

    let parent = tempfile::tempdir().unwrap();
    let mut seen = Vec::new();
    let downloaded = download(&notice.package, parent.path(), &mut |progress| {
        seen.push(progress)
    })
    .await
    .unwrap();
    assert_eq!(std::fs::read(&downloaded.path).unwrap(), PACKAGE);
    assert_eq!(downloaded.path.parent().unwrap(), downloaded.folder);
    assert!(downloaded.folder.starts_with(parent.path()));
    let total = PACKAGE.len() as u64;
    assert_eq!(seen.first(), Some(&DownloadProgress { received: 0, total }));
    assert_eq!(
        seen.last(),
        Some(&DownloadProgress {
            received: total,
            total
        })
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&downloaded.folder)
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(
            mode & 0o777,
            0o700,
            "the download's folder is the user's alone"
        );
    }
}

#[tokio::test]
async fn a_tampered_file_is_refused_and_removed() {
    let key = DemoFeedKey::generate().unwrap();
    let (files, notice) = good_notice(&key).await;
    let mut tampered = PACKAGE.to_vec();
    tampered[10] ^= 0x20;
    files.put("/0.2.0/brlv-desk_0.2.0-1_amd64.deb", tampered.clone());

    let parent = tempfile::tempdir().unwrap();
    let error = download(&notice.package, parent.path(), &mut |_| {})
        .await
        .unwrap_err();
    match &error {
        UpdateError::DigestMismatch {
            expected, actual, ..
        } => {
            assert_eq!(expected, &sha256_hex(PACKAGE));
            assert_eq!(actual, &sha256_hex(&tampered));
        }
        other => panic!("not a digest mismatch: {other:?}"),
    }
    assert!(error.to_string().contains("refused"), "{error}");
    assert_eq!(entries(parent.path()), 0, "nothing is left to open");
}

#[tokio::test]
async fn a_truncated_or_longer_download_is_refused() {
    let key = DemoFeedKey::generate().unwrap();
    let (files, notice) = good_notice(&key).await;
    let parent = tempfile::tempdir().unwrap();

    // A shorter file, served whole.
    let short = &PACKAGE[..PACKAGE.len() - 5];
    files.put("/0.2.0/brlv-desk_0.2.0-1_amd64.deb", short);
    let error = download(&notice.package, parent.path(), &mut |_| {})
        .await
        .unwrap_err();
    assert!(
        matches!(error, UpdateError::SizeMismatch { expected, received, .. }
            if expected == PACKAGE.len() as u64 && received == short.len() as u64),
        "{error:?}"
    );

    // The right length announced, the connection dropped part way.
    files.put_cut("/0.2.0/brlv-desk_0.2.0-1_amd64.deb", short, PACKAGE.len());
    let error = download(&notice.package, parent.path(), &mut |_| {})
        .await
        .unwrap_err();
    assert!(
        matches!(
            error,
            UpdateError::SizeMismatch { .. } | UpdateError::Network { .. }
        ),
        "{error:?}"
    );

    // A longer file.
    let mut long = PACKAGE.to_vec();
    long.extend_from_slice(b"and more");
    files.put("/0.2.0/brlv-desk_0.2.0-1_amd64.deb", long);
    let error = download(&notice.package, parent.path(), &mut |_| {})
        .await
        .unwrap_err();
    assert!(
        matches!(error, UpdateError::SizeMismatch { .. }),
        "{error:?}"
    );
    assert_eq!(entries(parent.path()), 0, "nothing is left to open");
}

#[tokio::test]
async fn a_feed_signed_by_another_key_is_refused() {
    let release_key = DemoFeedKey::generate().unwrap();
    let other = DemoFeedKey::generate().unwrap();
    let (_, source, _) = release(&other, &release_key, "0.2.0", "linux-x86_64-deb").await;
    let error = check(&source, &running(), Platform::LinuxDeb, None)
        .await
        .unwrap_err();
    assert!(matches!(error, UpdateError::WrongKey), "{error:?}");
    assert!(error.to_string().contains("another key"), "{error}");
}

#[tokio::test]
async fn a_changed_or_unsigned_feed_is_refused() {
    let key = DemoFeedKey::generate().unwrap();
    let (files, source, address) = release(&key, &key, "0.2.0", "linux-x86_64-deb").await;
    // The feed changed after signing: its package swapped for another.
    let swapped = feed_json(
        address,
        "0.2.0",
        "linux-x86_64-deb",
        PACKAGE.len(),
        &sha256_hex(b"another package"),
    );
    files.put("/feed.json", swapped);
    let error = check(&source, &running(), Platform::LinuxDeb, None)
        .await
        .unwrap_err();
    assert!(matches!(error, UpdateError::BadSignature), "{error:?}");

    files.0.lock().unwrap().remove("/feed.json.minisig");
    let error = check(&source, &running(), Platform::LinuxDeb, None)
        .await
        .unwrap_err();
    assert!(matches!(error, UpdateError::Unsigned { .. }), "{error:?}");
}

#[tokio::test]
async fn a_downgrade_or_the_same_version_is_not_offered() {
    let key = DemoFeedKey::generate().unwrap();
    let (_, source, _) = release(&key, &key, "0.1.0", "linux-x86_64-deb").await;
    let newer_running = semver::Version::new(0, 3, 0);
    let error = check(&source, &newer_running, Platform::LinuxDeb, None)
        .await
        .unwrap_err();
    assert!(
        matches!(&error, UpdateError::Downgrade { offered, running }
            if offered == &semver::Version::new(0, 1, 0) && running == &newer_running),
        "{error:?}"
    );
    assert!(!error.is_up_to_date());

    let error = check(&source, &running(), Platform::LinuxDeb, None)
        .await
        .unwrap_err();
    assert!(error.is_up_to_date(), "{error:?}");

    // A release candidate of 0.1.0 runs: 0.1.0 itself is newer.
    let candidate = semver::Version::parse("0.1.0-rc.1").unwrap();
    let notice = check(&source, &candidate, Platform::LinuxDeb, None)
        .await
        .unwrap();
    assert_eq!(notice.version, semver::Version::new(0, 1, 0));
}

#[tokio::test]
async fn a_feed_for_another_platform_only_is_refused() {
    let key = DemoFeedKey::generate().unwrap();
    let (_, source, _) = release(&key, &key, "0.2.0", "windows-x86_64-msi").await;
    let error = check(&source, &running(), Platform::LinuxDeb, None)
        .await
        .unwrap_err();
    match &error {
        UpdateError::NoPackageForPlatform {
            platform, offered, ..
        } => {
            assert_eq!(platform, "linux-x86_64-deb");
            assert_eq!(offered, "windows-x86_64-msi");
        }
        other => panic!("not refused for the platform: {other:?}"),
    }
    assert!(
        check(&source, &running(), Platform::WindowsMsi, None)
            .await
            .is_ok()
    );
}

#[tokio::test]
async fn an_unreachable_feed_is_an_error_and_plain_http_elsewhere_is_refused() {
    let key = DemoFeedKey::generate().unwrap();
    let source =
        UpdateSource::new("http://127.0.0.1:1/feed.json", &key.public_key_base64()).unwrap();
    let error = check(&source, &running(), Platform::LinuxDeb, None)
        .await
        .unwrap_err();
    assert!(matches!(error, UpdateError::Network { .. }), "{error:?}");

    assert!(matches!(
        UpdateSource::new(
            "http://releases.example.org/feed.json",
            &key.public_key_base64()
        ),
        Err(UpdateError::Url { .. })
    ));
}

#[tokio::test]
async fn a_feed_larger_than_the_cap_is_refused() {
    let key = DemoFeedKey::generate().unwrap();
    let (files, source, _) = release(&key, &key, "0.2.0", "linux-x86_64-deb").await;
    let huge = vec![b' '; brlv_core::update::MAX_FEED_BYTES as usize + 1];
    files.put("/feed.json.minisig", key.sign(&huge, "huge"));
    files.put("/feed.json", huge);
    let error = check(&source, &running(), Platform::LinuxDeb, None)
        .await
        .unwrap_err();
    assert!(matches!(error, UpdateError::TooLarge { .. }), "{error:?}");
}
