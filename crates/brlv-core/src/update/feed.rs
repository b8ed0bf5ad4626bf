//! The release feed's format: what `packaging/make-feed.sh` writes and
//! [`super::check`] reads once its signature has been verified.
//!
//! ```json
//! {
//!   "version": "0.2.0",
//!   "date": "2025-07-01",
//!   "signed": "2025-07-01T12:00:00Z",
//!   "expires": "2025-08-01T12:00:00Z",
//!   "notes": { "en": "…", "pt-BR": "…" },
//!   "security": true,
//!   "platforms": {
//!     "linux-x86_64-deb": { "url": "https://…/brlv-desk_0.2.0-1_amd64.deb", "size": 1234, "sha256": "…64 hex…" }
//!   }
//! }
//! ```
//!
//! Platforms this program does not know are ignored, so a later feed can
//! name more. `signed` (when the feed was signed) and `expires` (after when
//! it is no longer trusted) are required: a feed replayed after its expiry,
//! or older than one already seen, is refused by [`super::check`], so an
//! old signed feed cannot hide a newer release. The notes are made safe to
//! show here, once, for the window and the terminal alike.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};
use time::{Date, OffsetDateTime};
use url::Url;

use super::error::UpdateError;
use super::http::{MAX_PACKAGE_BYTES, check_url};

/// A package kind the feed can offer, named as in the feed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Platform {
    /// The NSIS installer, `brlv-desk_VERSION_x64-setup.exe`.
    WindowsNsis,
    /// The MSI, `brlv-desk_VERSION_x64.msi`.
    WindowsMsi,
    /// The Debian package, `brlv-desk_VERSION-1_amd64.deb`.
    LinuxDeb,
    /// The RPM package, `brlv-desk-VERSION-1.x86_64.rpm`.
    LinuxRpm,
}

/// A program to start, with its arguments, that installs a package with
/// no window and no question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SilentInstall {
    /// The installer itself, or the system's installer service, by its
    /// whole path: a bare name would be looked for along the search path,
    /// where a program of the same name could stand first.
    pub program: std::path::PathBuf,
    /// What it is told.
    pub args: Vec<std::ffi::OsString>,
}

impl Platform {
    /// Every platform, in the feed's order.
    pub const ALL: [Platform; 4] = [
        Platform::WindowsNsis,
        Platform::WindowsMsi,
        Platform::LinuxDeb,
        Platform::LinuxRpm,
    ];

    /// Its key in the feed.
    pub fn as_str(self) -> &'static str {
        match self {
            Platform::WindowsNsis => "windows-x86_64-nsis",
            Platform::WindowsMsi => "windows-x86_64-msi",
            Platform::LinuxDeb => "linux-x86_64-deb",
            Platform::LinuxRpm => "linux-x86_64-rpm",
        }
    }

    /// The platform of a feed key, if this program knows it.
    pub fn from_name(name: &str) -> Option<Platform> {
        Platform::ALL
            .into_iter()
            .find(|platform| platform.as_str() == name)
    }

    /// How this copy was installed, as far as the system shows it: on
    /// Windows an NSIS install leaves `uninstall.exe` beside the program
    /// (an MSI does not); on Linux the system's package manager (dpkg
    /// first, then rpm). `None` elsewhere (macOS, other processors).
    pub fn detect() -> Option<Platform> {
        if cfg!(not(target_arch = "x86_64")) {
            return None;
        }
        if cfg!(windows) {
            let program = std::env::current_exe().ok()?;
            let nsis = program
                .parent()
                .is_some_and(|folder| folder.join("uninstall.exe").is_file());
            return Some(if nsis {
                Platform::WindowsNsis
            } else {
                Platform::WindowsMsi
            });
        }
        if cfg!(target_os = "linux") {
            if std::path::Path::new("/usr/bin/dpkg").exists() {
                return Some(Platform::LinuxDeb);
            }
            if std::path::Path::new("/usr/bin/rpm").exists() {
                return Some(Platform::LinuxRpm);
            }
        }
        None
    }

    /// How a verified package at `package` (a whole path) installs with no
    /// questions asked: the Windows installers only (NSIS's `/S`, the
    /// system folder's `msiexec.exe` with `/qn`). On Linux the package
    /// manager needs the administrator's password, so the command is shown
    /// instead ([`Platform::install_command`]).
    pub fn silent_install(self, package: &Path, system_folder: &Path) -> Option<SilentInstall> {
        if !self.installs_silently() {
            return None;
        }
        match self {
            Platform::WindowsNsis => Some(SilentInstall {
                program: package.to_owned(),
                args: vec!["/S".into()],
            }),
            Platform::WindowsMsi => Some(SilentInstall {
                program: system_folder.join("msiexec.exe"),
                args: vec![
                    "/i".into(),
                    package.as_os_str().to_owned(),
                    "/qn".into(),
                    "/norestart".into(),
                ],
            }),
            Platform::LinuxDeb | Platform::LinuxRpm => None,
        }
    }

    /// Whether [`Platform::silent_install`] has a way for this platform.
    pub fn installs_silently(self) -> bool {
        matches!(self, Platform::WindowsNsis | Platform::WindowsMsi)
    }

    /// The one command that installs a downloaded package at `path`, for
    /// the platforms whose package a person installs by hand. A relative
    /// path is written `./…`, as apt and dnf need to tell a file from a
    /// package's name.
    pub fn install_command(self, path: &Path) -> Option<String> {
        let tool = match self {
            Platform::LinuxDeb => "apt",
            Platform::LinuxRpm => "dnf",
            Platform::WindowsNsis | Platform::WindowsMsi => return None,
        };
        let shown = path.to_string_lossy();
        let shown = if path.is_absolute() || shown.starts_with("./") {
            shown.into_owned()
        } else {
            format!("./{shown}")
        };
        Some(format!("sudo {tool} install {}", shell_word(&shown)))
    }
}

/// `text` as one word for a POSIX shell: as it is when it holds nothing
/// the shell reads specially, otherwise in single quotes.
fn shell_word(text: &str) -> String {
    let plain = text.chars().all(|c| {
        c.is_ascii_alphanumeric()
            || matches!(c, '.' | '_' | '-' | '+' | '/' | '~' | ':' | '=' | ',')
    });
    if plain && !text.starts_with('~') {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

impl std::fmt::Display for Platform {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A release's notes, in the two languages the app speaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReleaseNotes {
    /// In English.
    pub en: String,
    /// In Brazilian Portuguese.
    #[serde(rename = "pt-BR")]
    pub pt_br: String,
}

/// One platform's package in the feed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackageEntry {
    /// Where it is downloaded from (`https://`, or `http://` on this machine).
    pub url: Url,
    /// Its exact size in bytes.
    pub size: u64,
    /// Its SHA-256.
    pub sha256: [u8; 32],
}

impl PackageEntry {
    /// The file's name, the last segment of its URL.
    pub fn file_name(&self) -> String {
        file_name_of(&self.url)
    }

    /// Its SHA-256 in lowercase hex, as `sha256sum` prints it.
    pub fn sha256_hex(&self) -> String {
        hex(&self.sha256)
    }
}

/// A verified feed, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feed {
    /// The version it offers.
    pub version: semver::Version,
    /// The day it was released.
    pub date: Date,
    /// When it was signed.
    pub signed: OffsetDateTime,
    /// After this it is no longer trusted: a feed is signed again before then.
    pub expires: OffsetDateTime,
    /// What changed, made safe to show.
    pub notes: ReleaseNotes,
    /// It fixes a security problem (`"security": true`; absent is false), so
    /// the window says so in its notice.
    pub security: bool,
    /// The packages of the platforms this program knows.
    pub packages: BTreeMap<Platform, PackageEntry>,
    /// Every platform key the feed lists, known or not.
    pub listed: Vec<String>,
}

/// The feed as written, before its fields are checked.
#[derive(Deserialize)]
struct WireFeed {
    version: String,
    date: String,
    #[serde(with = "time::serde::rfc3339")]
    signed: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    expires: OffsetDateTime,
    notes: ReleaseNotes,
    #[serde(default)]
    security: bool,
    platforms: BTreeMap<String, WirePackage>,
}

#[derive(Deserialize)]
struct WirePackage {
    url: String,
    size: u64,
    sha256: String,
}

impl Feed {
    /// Reads a feed's bytes. Call only on bytes whose signature verified.
    pub fn parse(bytes: &[u8]) -> Result<Feed, UpdateError> {
        let wire: WireFeed = serde_json::from_slice(bytes)
            .map_err(|error| UpdateError::Malformed(error.to_string()))?;
        let version = semver::Version::parse(wire.version.trim()).map_err(|error| {
            UpdateError::Malformed(format!("version {:?}: {error}", wire.version))
        })?;
        let date = Date::parse(
            &wire.date,
            time::macros::format_description!("[year]-[month]-[day]"),
        )
        .map_err(|error| UpdateError::Malformed(format!("date {:?}: {error}", wire.date)))?;
        if wire.expires <= wire.signed {
            return Err(UpdateError::Malformed(format!(
                "it expires ({}) no later than it was signed ({})",
                wire.expires, wire.signed
            )));
        }
        let mut packages = BTreeMap::new();
        for (name, package) in &wire.platforms {
            let Some(platform) = Platform::from_name(name) else {
                continue;
            };
            packages.insert(platform, read_package(name, package)?);
        }
        Ok(Feed {
            version,
            date,
            signed: wire.signed,
            expires: wire.expires,
            notes: ReleaseNotes {
                en: safe_notes(&wire.notes.en),
                pt_br: safe_notes(&wire.notes.pt_br),
            },
            security: wire.security,
            packages,
            listed: wire.platforms.into_keys().collect(),
        })
    }
}

/// Release notes made safe to show, line by line (a signed feed is still
/// text from outside: a terminal would obey its escapes), at most 40 lines.
fn safe_notes(notes: &str) -> String {
    use crate::api::safe_text::{MESSAGE_MAX_CHARS, safe_text};
    notes
        .trim()
        .lines()
        .take(40)
        .map(|line| safe_text(line, MESSAGE_MAX_CHARS).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

fn read_package(name: &str, package: &WirePackage) -> Result<PackageEntry, UpdateError> {
    let url = check_url(&package.url)?;
    if file_name_of(&url).is_empty() {
        return Err(UpdateError::Malformed(format!(
            "{name}: the URL {} names no file",
            package.url
        )));
    }
    if package.size == 0 || package.size > MAX_PACKAGE_BYTES {
        return Err(UpdateError::Malformed(format!(
            "{name}: a size of {} bytes",
            package.size
        )));
    }
    let sha256 = parse_sha256(&package.sha256).ok_or_else(|| {
        UpdateError::Malformed(format!(
            "{name}: {:?} is not a SHA-256 in hex",
            package.sha256
        ))
    })?;
    Ok(PackageEntry {
        url,
        size: package.size,
        sha256,
    })
}

fn parse_sha256(text: &str) -> Option<[u8; 32]> {
    let text = text.trim();
    if text.len() != 64 {
        return None;
    }
    let mut digest = [0u8; 32];
    for (index, byte) in digest.iter_mut().enumerate() {
        *byte = u8::from_str_radix(text.get(index * 2..index * 2 + 2)?, 16).ok()?;
    }
    Some(digest)
}

/// Lowercase hex.
pub(super) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The last segment of a URL's path, kept only when it is a plain file
/// name (no separators or `..` a download could be written through).
fn file_name_of(url: &Url) -> String {
    let name = url
        .path_segments()
        .and_then(|mut segments| segments.next_back())
        .unwrap_or_default();
    let plain = !name.is_empty()
        && name != "."
        && name != ".."
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '+' | '~'));
    if plain {
        name.to_owned()
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_windows_installers_install_silently_and_each_its_own_way() {
        let system = Path::new("C:/Windows/System32");
        let nsis = Platform::WindowsNsis
            .silent_install(Path::new("C:/t/brlv-desk_0.2.0_x64-setup.exe"), system)
            .unwrap();
        assert_eq!(
            nsis.program,
            Path::new("C:/t/brlv-desk_0.2.0_x64-setup.exe")
        );
        assert_eq!(nsis.args, ["/S"]);
        let msi = Platform::WindowsMsi
            .silent_install(Path::new("C:/t/brlv-desk_0.2.0_x64.msi"), system)
            .unwrap();
        // By its whole path in the system folder, never looked for by name.
        assert_eq!(msi.program, Path::new("C:/Windows/System32/msiexec.exe"));
        assert_eq!(
            msi.args,
            ["/i", "C:/t/brlv-desk_0.2.0_x64.msi", "/qn", "/norestart"]
        );
        for linux in [Platform::LinuxDeb, Platform::LinuxRpm] {
            assert!(linux.silent_install(Path::new("x"), system).is_none());
        }
    }

    const DIGEST: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

    fn feed_with(platforms: &str) -> String {
        format!(
            r#"{{"version":"0.2.0","date":"2025-07-01","signed":"2025-07-01T12:00:00Z","expires":"2025-08-01T12:00:00Z","notes":{{"en":"Fixes","pt-BR":"Correções"}},"platforms":{{{platforms}}}}}"#
        )
    }

    #[test]
    fn a_feed_reads_with_its_known_platforms_and_lists_the_others() {
        let text = feed_with(&format!(
            r#""linux-x86_64-deb":{{"url":"https://example.org/d/brlv-desk_0.2.0-1_amd64.deb","size":4,"sha256":"{DIGEST}"}},
               "haiku-riscv":{{"url":"https://example.org/x","size":1,"sha256":"{DIGEST}"}}"#
        ));
        let feed = Feed::parse(text.as_bytes()).unwrap();
        assert_eq!(feed.version, semver::Version::new(0, 2, 0));
        assert_eq!(feed.notes.pt_br, "Correções");
        let deb = &feed.packages[&Platform::LinuxDeb];
        assert_eq!(deb.size, 4);
        assert_eq!(deb.sha256_hex(), DIGEST);
        assert_eq!(deb.file_name(), "brlv-desk_0.2.0-1_amd64.deb");
        assert_eq!(feed.packages.len(), 1);
        assert_eq!(feed.listed, ["haiku-riscv", "linux-x86_64-deb"]);
    }

    #[test]
    fn a_security_fix_is_marked_and_an_unmarked_feed_is_not_one() {
        let plain = Feed::parse(feed_with("").as_bytes()).unwrap();
        assert!(
            !plain.security,
            "a feed without the field is no security fix"
        );
        let marked = feed_with("").replacen("\"platforms\"", "\"security\":true,\"platforms\"", 1);
        assert!(Feed::parse(marked.as_bytes()).unwrap().security);
    }

    #[test]
    fn malformed_feeds_are_refused_with_the_field_named() {
        let cases = [
            ("{", "EOF"),
            (&feed_with("").replace("0.2.0", "two"), "version \"two\""),
            (
                &feed_with("").replace("\"2025-07-01\"", "\"01/07/2025\""),
                "date",
            ),
            (
                &feed_with("").replace(",\"expires\":\"2025-08-01T12:00:00Z\"", ""),
                "missing field `expires`",
            ),
            (
                &feed_with("").replace("2025-08-01T12:00:00Z", "2025-06-01T12:00:00Z"),
                "no later than it was signed",
            ),
            (
                &feed_with(
                    r#""linux-x86_64-deb":{"url":"http://example.org/a.deb","size":4,"sha256":"00"}"#,
                ),
                "http://example.org/a.deb",
            ),
            (
                &feed_with(&format!(
                    r#""linux-x86_64-deb":{{"url":"https://example.org/a.deb","size":4,"sha256":"{}"}}"#,
                    &DIGEST[..60]
                )),
                "is not a SHA-256",
            ),
            (
                &feed_with(&format!(
                    r#""linux-x86_64-deb":{{"url":"https://example.org/a.deb","size":0,"sha256":"{DIGEST}"}}"#
                )),
                "a size of 0",
            ),
            (
                &feed_with(&format!(
                    r#""linux-x86_64-deb":{{"url":"https://example.org/","size":4,"sha256":"{DIGEST}"}}"#
                )),
                "names no file",
            ),
        ];
        for (text, named) in cases {
            let error = Feed::parse(text.as_bytes()).unwrap_err().to_string();
            assert!(error.contains(named), "{text}: {error}");
        }
    }

    #[test]
    fn release_notes_are_made_safe_to_show_on_a_terminal() {
        let text = feed_with("").replace(
            "\"Fixes\"",
            "\"Fixes\\u001b]52;c;ZXZpbA==\\u0007\\nline two\\u200b\"",
        );
        let feed = Feed::parse(text.as_bytes()).unwrap();
        assert_eq!(
            feed.notes.en,
            "Fixes\\u{1b}]52;c;ZXZpbA==\\u{7}\nline two\\u{200b}"
        );
    }

    #[test]
    fn only_linux_packages_have_a_command_to_type() {
        assert_eq!(
            Platform::LinuxDeb
                .install_command(Path::new("brlv-desk_0.2.0-1_amd64.deb"))
                .unwrap(),
            "sudo apt install ./brlv-desk_0.2.0-1_amd64.deb"
        );
        assert_eq!(
            Platform::LinuxRpm
                .install_command(Path::new("/tmp/brlv-desk-0.2.0-1.x86_64.rpm"))
                .unwrap(),
            "sudo dnf install /tmp/brlv-desk-0.2.0-1.x86_64.rpm"
        );
        assert_eq!(
            Platform::LinuxDeb
                .install_command(Path::new("/home/ana/My Downloads/it's.deb"))
                .unwrap(),
            r"sudo apt install '/home/ana/My Downloads/it'\''s.deb'"
        );
        assert!(
            Platform::WindowsNsis
                .install_command(Path::new("x.exe"))
                .is_none()
        );
        for platform in Platform::ALL {
            assert_eq!(Platform::from_name(platform.as_str()), Some(platform));
        }
    }
}
