//! The journal on disk: one SQLite file per profile, written only by the
//! app's worker. It keeps what the app sent (every POST: endpoint, body,
//! time) and how each ended, the notices about money, and the last answer
//! of every polled list, so that history outlives the window and a start
//! shows the last known state.
//!
//! Durable and honest:
//! - write-ahead log with `synchronous=FULL`: a committed entry survives a
//!   crash or a power cut;
//! - the journal's tables are append-only (triggers refuse `UPDATE` and
//!   `DELETE`); list snapshots, a cache, are replaced and have a size bound;
//! - the schema is versioned ([`schema`]); a file from a newer version is
//!   left alone, never migrated down;
//! - a damaged file is moved aside (its name says so) and a fresh one made;
//!   the caller is told, so the person can be;
//! - the file (and SQLite's `-wal` and `-shm` beside it, which take its
//!   mode) is owner-only.
//!
//! Nothing here knows of egui or of the service's types: records hold text
//! (JSON written by the caller). What goes in is the caller's duty; the app
//! never hands it the API key, a token or a key.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, ErrorCode, OptionalExtension, params};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use uuid::Uuid;

pub mod batches;
pub mod schema;
pub mod settle;

/// The largest snapshot of one list kept, in bytes of JSON. A bigger list is
/// kept as its newest rows that fit (the caller cuts it; see
/// [`SnapshotRows`]); the journal itself has no bound and is never pruned.
pub const SNAPSHOT_MAX_BYTES: usize = 4 * 1024 * 1024;

/// Why the journal could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JournalError {
    /// A newer brlv-desk wrote it; it is left as it is.
    #[error(
        "the journal {path} was written by a newer version of brlv-desk (schema {found}, this \
         one knows up to {known}); it is left untouched and nothing is journaled in this run"
    )]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        found: usize,
        /// The newest this build knows.
        known: usize,
    },
    /// The file could not be opened or created (permissions, a full disk).
    #[error("cannot open the journal {path}: {reason}")]
    Open {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// A read or a write failed.
    #[error("the journal could not be read or written: {0}")]
    Sqlite(String),
    /// A snapshot above [`SNAPSHOT_MAX_BYTES`] was refused.
    #[error(
        "the saved copy of {resource} ({bytes} bytes) is above the bound of {SNAPSHOT_MAX_BYTES} bytes"
    )]
    SnapshotTooLarge {
        /// Which list.
        resource: String,
        /// Its size.
        bytes: usize,
    },
    /// The journal's thread is gone.
    #[error("the journal stopped")]
    Stopped,
}

impl From<rusqlite::Error> for JournalError {
    fn from(error: rusqlite::Error) -> Self {
        JournalError::Sqlite(error.to_string())
    }
}

/// A damaged file that was moved aside and replaced by a fresh one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replaced {
    /// Where the damaged file now is.
    pub moved_to: PathBuf,
    /// What was wrong with it.
    pub reason: String,
}

/// A POST as the app sent it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostRecord {
    /// The app's own identifier of this POST (the interface has none).
    pub id: Uuid,
    /// When it was sent.
    pub sent_at: OffsetDateTime,
    /// The form that sent it (`wallet`, `transfer`, `withdrawal`, `claim`,
    /// `order`, `quote`).
    pub form: String,
    /// `POST`.
    pub method: String,
    /// The path, e.g. `/api/v0/withdrawals`.
    pub endpoint: String,
    /// The JSON body sent.
    pub body: String,
}

/// How a POST ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The service created what was asked (perhaps found by the re-read
    /// after a lost answer: see [`OutcomeRecord::answer_lost`]).
    Created,
    /// The service refused it: nothing was created.
    Refused,
    /// The answer was lost and the re-read shows it was not applied.
    NotApplied,
    /// The answer was lost and the re-read could not tell.
    Unknown,
}

impl Outcome {
    /// As written in the file and in the activity export.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Created => "created",
            Outcome::Refused => "refused",
            Outcome::NotApplied => "not-applied",
            Outcome::Unknown => "unknown",
        }
    }

    fn parse(text: &str) -> Option<Outcome> {
        Some(match text {
            "created" => Outcome::Created,
            "refused" => Outcome::Refused,
            "not-applied" => Outcome::NotApplied,
            "unknown" => Outcome::Unknown,
            _ => return None,
        })
    }
}

/// How one POST ended, appended once it was settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutcomeRecord {
    /// The POST it settles.
    pub post_id: Uuid,
    /// When it was settled.
    pub at: OffsetDateTime,
    /// The conclusion.
    pub outcome: Outcome,
    /// The POST's answer was lost (a timeout, a dropped connection, a proxy's
    /// page) and the outcome is what the re-read concluded.
    pub answer_lost: bool,
    /// What was created, as JSON, when known.
    pub answer: Option<String>,
    /// The POST's failure, in words.
    pub error: Option<String>,
    /// Why the re-read could not tell, when it failed.
    pub reread_error: Option<String>,
}

/// A notice about money: an order expired, a late payment returned, a
/// movement completed or failed, a webhook's refund.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoticeRecord {
    /// When the app learnt it.
    pub at: OffsetDateTime,
    /// What happened, e.g. `order-expired`, `withdrawal-completed`.
    pub kind: String,
    /// The record it is about (an order's id).
    pub subject: String,
    /// The record or the event as it came, as JSON.
    pub detail: Option<String>,
}

/// The dollar's official rate (PTAX) a calendar day takes, as the Banco
/// Central published it: text, read and written by the tax report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DollarRateRecord {
    /// The day, `YYYY-MM-DD`.
    pub day: String,
    /// The business day whose rate it is (the day itself, or the last one
    /// before it), `YYYY-MM-DD`.
    pub published_on: String,
    /// The buying rate, reais per dollar, exact decimal text.
    pub buying: String,
    /// The selling rate, likewise.
    pub selling: String,
    /// When it was fetched.
    pub fetched_at: OffsetDateTime,
}

/// The Selic of one month (the Banco Central's series 4390), as the tax
/// report keeps it: text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelicRecord {
    /// The month, `YYYY-MM`.
    pub month: String,
    /// The month's Selic in percent, exact decimal text (`1.16`).
    pub percent: String,
    /// When it was fetched.
    pub fetched_at: OffsetDateTime,
}

/// How much of a list a snapshot holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SnapshotRows {
    /// Rows in the list as fetched.
    pub total: u64,
    /// Rows kept (the newest), fewer when the list was above the size bound.
    pub kept: u64,
}

/// The last answer of one polled list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnapshotRecord {
    /// Which list (the caller's stable name).
    pub resource: String,
    /// When it was fetched.
    pub fetched_at: OffsetDateTime,
    /// The answer, as JSON.
    pub body: String,
    /// For a list, how many rows it had and how many are kept.
    pub rows: Option<SnapshotRows>,
}

/// Something the person typed for the tax report, as text: the tax
/// report's core reads and writes these (`tax::TaxInput`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaxInputRecord {
    /// When it was typed.
    pub at: OffsetDateTime,
    /// What it is, e.g. `paid`, `arrived-cost-brl`.
    pub kind: String,
    /// What it is about (a month, a record's id, an address); may be empty.
    pub subject: String,
    /// The value; `None` clears an earlier one.
    pub value: Option<String>,
}

/// A POST with how it ended; `outcome` is `None` when the app stopped
/// before it knew.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostEntry {
    /// The POST.
    pub post: PostRecord,
    /// How it ended.
    pub outcome: Option<OutcomeRecord>,
}

/// The journal open on one file (or in memory).
pub struct Store {
    connection: Connection,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Store")
            .field("path", &self.connection.path())
            .finish()
    }
}

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
fn companions(path: &Path) -> [PathBuf; 2] {
    let with = |suffix: &str| {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        PathBuf::from(name)
    };
    [with("-wal"), with("-shm")]
}

/// Deletes a profile's journal (the database and SQLite's files beside it).
pub fn delete(path: &Path) -> std::io::Result<()> {
    for file in std::iter::once(path.to_owned()).chain(companions(path)) {
        match std::fs::remove_file(&file) {
            Ok(()) => {}
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(error) => return Err(error),
        }
    }
    Ok(())
}

/// Why a file could not be opened as a journal.
enum OpenFailure {
    Damaged(String),
    Newer(usize),
    Other(String),
}

fn is_damage(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase)
    )
}

fn classify(error: &rusqlite::Error) -> OpenFailure {
    if is_damage(error) {
        OpenFailure::Damaged(error.to_string())
    } else {
        OpenFailure::Other(error.to_string())
    }
}

fn time_text(at: OffsetDateTime) -> String {
    // UTC, so the text sorts as time does.
    at.to_offset(time::UtcOffset::UTC)
        .format(&Rfc3339)
        .unwrap_or_else(|_| at.unix_timestamp().to_string())
}

fn parse_time(text: &str) -> rusqlite::Result<OffsetDateTime> {
    OffsetDateTime::parse(text, &Rfc3339).map_err(|error| {
        rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(error))
    })
}

fn parse_uuid(text: &str) -> rusqlite::Result<Uuid> {
    Uuid::parse_str(text).map_err(|error| {
        rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(error))
    })
}

/// Creates the folder owner-only and the file owner-only before SQLite
/// opens it: SQLite gives its `-wal` and `-shm` files the database's mode.
fn prepare_file(path: &Path) -> std::io::Result<()> {
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
fn move_aside(path: &Path) -> std::io::Result<PathBuf> {
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

impl Store {
    /// Opens (or creates) the journal at `path`, migrated to this build's
    /// schema. A damaged file is moved aside and a fresh one made: the
    /// returned [`Replaced`] says where it went and why.
    pub fn open(path: &Path) -> Result<(Store, Option<Replaced>), JournalError> {
        let open_error = |reason: String| JournalError::Open {
            path: path.to_owned(),
            reason,
        };
        match Store::try_open(path) {
            Ok(store) => Ok((store, None)),
            Err(OpenFailure::Newer(found)) => Err(JournalError::Newer {
                path: path.to_owned(),
                found,
                known: schema::latest(),
            }),
            Err(OpenFailure::Other(reason)) => Err(open_error(reason)),
            Err(OpenFailure::Damaged(reason)) => {
                let moved_to = move_aside(path).map_err(|error| {
                    open_error(format!(
                        "it is damaged ({reason}) and could not be moved aside: {error}"
                    ))
                })?;
                tracing::warn!(
                    "the journal {} was damaged ({reason}); moved to {}",
                    path.display(),
                    moved_to.display()
                );
                match Store::try_open(path) {
                    Ok(store) => Ok((store, Some(Replaced { moved_to, reason }))),
                    Err(OpenFailure::Damaged(reason) | OpenFailure::Other(reason)) => {
                        Err(open_error(reason))
                    }
                    Err(OpenFailure::Newer(found)) => Err(JournalError::Newer {
                        path: path.to_owned(),
                        found,
                        known: schema::latest(),
                    }),
                }
            }
        }
    }

    /// A journal in memory: the same rules, kept for this run only (the
    /// embedded sandbox, tests, a system with no data directory).
    pub fn in_memory() -> Result<Store, JournalError> {
        let mut connection = Connection::open_in_memory()?;
        schema::migrations()
            .to_latest(&mut connection)
            .map_err(|error| JournalError::Sqlite(error.to_string()))?;
        Ok(Store { connection })
    }

    fn try_open(path: &Path) -> Result<Store, OpenFailure> {
        prepare_file(path).map_err(|error| OpenFailure::Other(error.to_string()))?;
        let mut connection = Connection::open(path).map_err(|error| classify(&error))?;
        connection
            .busy_timeout(std::time::Duration::from_secs(5))
            .map_err(|error| classify(&error))?;
        // The first read of the header: a file that is not a database fails
        // here. A newer version's file is left exactly as it is.
        let version: usize = connection
            .pragma_query_value(None, "user_version", |row| row.get::<_, i64>(0))
            .map_err(|error| classify(&error))
            .map(|version| usize::try_from(version).unwrap_or(usize::MAX))?;
        if version > schema::latest() {
            return Err(OpenFailure::Newer(version));
        }
        let check: String = connection
            .query_row("PRAGMA quick_check", [], |row| row.get(0))
            .map_err(|error| classify(&error))?;
        if check != "ok" {
            return Err(OpenFailure::Damaged(check));
        }
        let mode: String = connection
            .pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))
            .map_err(|error| classify(&error))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(OpenFailure::Other(format!(
                "the write-ahead log could not be turned on (mode {mode})"
            )));
        }
        // Every commit reaches the disk before it is reported done.
        connection
            .pragma_update(None, "synchronous", "FULL")
            .map_err(|error| classify(&error))?;
        connection
            .pragma_update(None, "foreign_keys", "ON")
            .map_err(|error| classify(&error))?;
        schema::migrations()
            .to_latest(&mut connection)
            .map_err(|error| match error {
                rusqlite_migration::Error::RusqliteError { err, .. } if is_damage(&err) => {
                    OpenFailure::Damaged(err.to_string())
                }
                other => OpenFailure::Other(other.to_string()),
            })?;
        Ok(Store { connection })
    }

    /// The schema version of the open file.
    pub fn version(&self) -> Result<usize, JournalError> {
        let version: i64 = self
            .connection
            .pragma_query_value(None, "user_version", |row| row.get(0))?;
        Ok(usize::try_from(version).unwrap_or(usize::MAX))
    }

    /// SQLite's full integrity check: `"ok"` when the file is sound.
    pub fn integrity_check(&self) -> Result<String, JournalError> {
        Ok(self
            .connection
            .query_row("PRAGMA integrity_check", [], |row| row.get(0))?)
    }

    /// Appends a POST, before it is sent.
    pub fn append_post(&mut self, post: &PostRecord) -> Result<(), JournalError> {
        self.connection.execute(
            "INSERT INTO posts (id, sent_at, form, method, endpoint, body) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                post.id.to_string(),
                time_text(post.sent_at),
                post.form,
                post.method,
                post.endpoint,
                post.body
            ],
        )?;
        Ok(())
    }

    /// Appends how a POST ended.
    pub fn append_outcome(&mut self, outcome: &OutcomeRecord) -> Result<(), JournalError> {
        self.connection.execute(
            "INSERT INTO outcomes (post_id, at, outcome, answer_lost, answer, error, reread_error) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                outcome.post_id.to_string(),
                time_text(outcome.at),
                outcome.outcome.as_str(),
                outcome.answer_lost,
                outcome.answer,
                outcome.error,
                outcome.reread_error
            ],
        )?;
        Ok(())
    }

    /// Appends a notice about money.
    pub fn append_notice(&mut self, notice: &NoticeRecord) -> Result<(), JournalError> {
        self.connection.execute(
            "INSERT INTO notices (at, kind, subject, detail) VALUES (?1, ?2, ?3, ?4)",
            params![
                time_text(notice.at),
                notice.kind,
                notice.subject,
                notice.detail
            ],
        )?;
        Ok(())
    }

    /// Keeps `snapshot` as the last answer of its list, replacing the one
    /// before; above [`SNAPSHOT_MAX_BYTES`] it is refused.
    pub fn put_snapshot(&mut self, snapshot: &SnapshotRecord) -> Result<(), JournalError> {
        if snapshot.body.len() > SNAPSHOT_MAX_BYTES {
            return Err(JournalError::SnapshotTooLarge {
                resource: snapshot.resource.clone(),
                bytes: snapshot.body.len(),
            });
        }
        let (total, kept) = snapshot
            .rows
            .map(|rows| {
                (
                    Some(i64::try_from(rows.total).unwrap_or(i64::MAX)),
                    Some(i64::try_from(rows.kept).unwrap_or(i64::MAX)),
                )
            })
            .unwrap_or((None, None));
        self.connection.execute(
            "INSERT OR REPLACE INTO snapshots (resource, fetched_at, body, rows_total, rows_kept) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                snapshot.resource,
                time_text(snapshot.fetched_at),
                snapshot.body,
                total,
                kept
            ],
        )?;
        Ok(())
    }

    fn snapshot_of_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<SnapshotRecord> {
        let total: Option<i64> = row.get(3)?;
        let kept: Option<i64> = row.get(4)?;
        Ok(SnapshotRecord {
            resource: row.get(0)?,
            fetched_at: parse_time(&row.get::<_, String>(1)?)?,
            body: row.get(2)?,
            rows: total.zip(kept).map(|(total, kept)| SnapshotRows {
                total: u64::try_from(total).unwrap_or(0),
                kept: u64::try_from(kept).unwrap_or(0),
            }),
        })
    }

    /// Marks the kept snapshot of `resource` as confirmed at `fetched_at`
    /// (the list came back the same); false if none is kept.
    pub fn confirm_snapshot(
        &mut self,
        resource: &str,
        fetched_at: OffsetDateTime,
    ) -> Result<bool, JournalError> {
        let changed = self.connection.execute(
            "UPDATE snapshots SET fetched_at = ?2 WHERE resource = ?1",
            params![resource, time_text(fetched_at)],
        )?;
        Ok(changed > 0)
    }

    /// Runs `work` as one transaction: all of its writes or none.
    pub fn atomically<T>(
        &mut self,
        work: impl FnOnce(&mut Store) -> Result<T, JournalError>,
    ) -> Result<T, JournalError> {
        self.connection.execute_batch("BEGIN IMMEDIATE")?;
        match work(self) {
            Ok(value) => {
                self.connection.execute_batch("COMMIT")?;
                Ok(value)
            }
            Err(error) => {
                // The error that matters is the one the work met.
                let _ = self.connection.execute_batch("ROLLBACK");
                Err(error)
            }
        }
    }

    /// The last answer of `resource`, if one is kept.
    pub fn snapshot(&self, resource: &str) -> Result<Option<SnapshotRecord>, JournalError> {
        Ok(self
            .connection
            .query_row(
                "SELECT resource, fetched_at, body, rows_total, rows_kept FROM snapshots \
                 WHERE resource = ?1",
                [resource],
                Store::snapshot_of_row,
            )
            .optional()?)
    }

    /// Every kept snapshot.
    pub fn snapshots(&self) -> Result<Vec<SnapshotRecord>, JournalError> {
        let mut statement = self.connection.prepare(
            "SELECT resource, fetched_at, body, rows_total, rows_kept FROM snapshots \
             ORDER BY resource",
        )?;
        let rows = statement.query_map([], Store::snapshot_of_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Every POST with how it ended, oldest first; `form` narrows to one form.
    pub fn posts(&self, form: Option<&str>) -> Result<Vec<PostEntry>, JournalError> {
        let mut statement = self.connection.prepare(
            "SELECT p.id, p.sent_at, p.form, p.method, p.endpoint, p.body, \
                    o.at, o.outcome, o.answer_lost, o.answer, o.error, o.reread_error \
             FROM posts p \
             LEFT JOIN outcomes o ON o.seq = \
                 (SELECT MAX(seq) FROM outcomes WHERE post_id = p.id) \
             WHERE ?1 IS NULL OR p.form = ?1 \
             ORDER BY p.seq",
        )?;
        let rows = statement.query_map([form], |row| {
            let id = parse_uuid(&row.get::<_, String>(0)?)?;
            let post = PostRecord {
                id,
                sent_at: parse_time(&row.get::<_, String>(1)?)?,
                form: row.get(2)?,
                method: row.get(3)?,
                endpoint: row.get(4)?,
                body: row.get(5)?,
            };
            let outcome = match row.get::<_, Option<String>>(6)? {
                None => None,
                Some(at) => {
                    let text: String = row.get(7)?;
                    let outcome = Outcome::parse(&text).ok_or_else(|| {
                        rusqlite::Error::FromSqlConversionFailure(
                            7,
                            rusqlite::types::Type::Text,
                            format!("unknown outcome {text:?}").into(),
                        )
                    })?;
                    Some(OutcomeRecord {
                        post_id: id,
                        at: parse_time(&at)?,
                        outcome,
                        answer_lost: row.get(8)?,
                        answer: row.get(9)?,
                        error: row.get(10)?,
                        reread_error: row.get(11)?,
                    })
                }
            };
            Ok(PostEntry { post, outcome })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Appends something the person typed for the tax report.
    pub fn append_tax_input(&mut self, input: &TaxInputRecord) -> Result<(), JournalError> {
        self.connection.execute(
            "INSERT INTO tax_inputs (at, kind, subject, value) VALUES (?1, ?2, ?3, ?4)",
            params![time_text(input.at), input.kind, input.subject, input.value],
        )?;
        Ok(())
    }

    /// Everything typed for the tax report, oldest first (the latest of a
    /// kind and subject counts).
    pub fn tax_inputs(&self) -> Result<Vec<TaxInputRecord>, JournalError> {
        let mut statement = self
            .connection
            .prepare("SELECT at, kind, subject, value FROM tax_inputs ORDER BY seq")?;
        let rows = statement.query_map([], |row| {
            Ok(TaxInputRecord {
                at: parse_time(&row.get::<_, String>(0)?)?,
                kind: row.get(1)?,
                subject: row.get(2)?,
                value: row.get(3)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Keeps the dollar's rate of some days; a day already kept stays as it
    /// was (a published rate never changes). How many were new.
    pub fn keep_dollar_rates(&mut self, rates: &[DollarRateRecord]) -> Result<usize, JournalError> {
        if !self.connection.is_autocommit() {
            return self.insert_dollar_rates(rates);
        }
        // One commit (one fsync) for a year of days, not one per day.
        self.atomically(|store| store.insert_dollar_rates(rates))
    }

    fn insert_dollar_rates(&mut self, rates: &[DollarRateRecord]) -> Result<usize, JournalError> {
        let mut statement = self.connection.prepare_cached(
            "INSERT OR IGNORE INTO dollar_rates (day, published_on, buying, selling, fetched_at) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?;
        let mut added = 0;
        for rate in rates {
            added += statement.execute(params![
                rate.day,
                rate.published_on,
                rate.buying,
                rate.selling,
                time_text(rate.fetched_at)
            ])?;
        }
        Ok(added)
    }

    /// The dollar's rates kept for the days from `first` to `last`
    /// (`YYYY-MM-DD`, both included), oldest first.
    pub fn dollar_rates(
        &self,
        first: &str,
        last: &str,
    ) -> Result<Vec<DollarRateRecord>, JournalError> {
        let mut statement = self.connection.prepare(
            "SELECT day, published_on, buying, selling, fetched_at FROM dollar_rates \
             WHERE day BETWEEN ?1 AND ?2 ORDER BY day",
        )?;
        let rows = statement.query_map(params![first, last], |row| {
            Ok(DollarRateRecord {
                day: row.get(0)?,
                published_on: row.get(1)?,
                buying: row.get(2)?,
                selling: row.get(3)?,
                fetched_at: parse_time(&row.get::<_, String>(4)?)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Keeps the Selic of some months; a month already kept stays as it
    /// was (a published month never changes). How many were new.
    pub fn keep_selic_months(&mut self, months: &[SelicRecord]) -> Result<usize, JournalError> {
        if !self.connection.is_autocommit() {
            return self.insert_selic_months(months);
        }
        self.atomically(|store| store.insert_selic_months(months))
    }

    fn insert_selic_months(&mut self, months: &[SelicRecord]) -> Result<usize, JournalError> {
        let mut statement = self.connection.prepare_cached(
            "INSERT OR IGNORE INTO selic_months (month, percent, fetched_at) VALUES (?1, ?2, ?3)",
        )?;
        let mut added = 0;
        for month in months {
            added += statement.execute(params![
                month.month,
                month.percent,
                time_text(month.fetched_at)
            ])?;
        }
        Ok(added)
    }

    /// The Selic kept for the months from `first` to `last` (`YYYY-MM`,
    /// both included), oldest first.
    pub fn selic_months(&self, first: &str, last: &str) -> Result<Vec<SelicRecord>, JournalError> {
        let mut statement = self.connection.prepare(
            "SELECT month, percent, fetched_at FROM selic_months \
             WHERE month BETWEEN ?1 AND ?2 ORDER BY month",
        )?;
        let rows = statement.query_map(params![first, last], |row| {
            Ok(SelicRecord {
                month: row.get(0)?,
                percent: row.get(1)?,
                fetched_at: parse_time(&row.get::<_, String>(2)?)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Every notice, oldest first.
    pub fn notices(&self) -> Result<Vec<NoticeRecord>, JournalError> {
        let mut statement = self
            .connection
            .prepare("SELECT at, kind, subject, detail FROM notices ORDER BY seq")?;
        let rows = statement.query_map([], |row| {
            Ok(NoticeRecord {
                at: parse_time(&row.get::<_, String>(0)?)?,
                kind: row.get(1)?,
                subject: row.get(2)?,
                detail: row.get(3)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

#[cfg(test)]
mod tests;
