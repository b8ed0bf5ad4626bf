//! The journal's last good copy: a second SQLite file beside it
//! (`….last-good`), brought up to date after every send is journaled and
//! every outcome kept, so that a journal found damaged is restored from it
//! and loses at most what was written after the last update: the outcome
//! of the last send, which its settling reads back from the service.
//!
//! The journal's tables are append-only, so the copy is kept up to date by
//! appending the rows it lacks (those past its highest sequence number),
//! not by copying the file: a send costs a few small inserts, whatever the
//! journal's size. The list snapshots, a cache, are not kept in it.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

pub use super::paths::copy_path;
use super::paths::{is_sound, prepare_file};
use super::records::JournalError;
use super::store::Store;

/// The append-only tables with a sequence number, parents before children.
const SEQUENCED: &[&str] = &[
    "posts",
    "outcomes",
    "notices",
    "tax_inputs",
    "payout_batches",
    "payout_rows",
    "qr_receivers",
    "list_reads",
    "send_listed_before",
    "send_closed",
];

/// The append-only tables keyed by what they hold (a day, a month, a
/// quote): a row kept once is never another.
const KEYED: &[&str] = &["dollar_rates", "selic_months", "accepted_quotes"];

impl Store {
    /// Brings the last good copy beside the journal up to date (made whole
    /// the first time, or after the journal's schema changed); nothing for
    /// a journal in memory. A failure leaves the copy as it was: it is
    /// logged, and the journal itself is not affected.
    pub fn update_last_good_copy(&mut self) {
        let Some(path) = self.file_path() else {
            return;
        };
        if let Err(error) = self.try_update_copy(&copy_path(&path)) {
            tracing::warn!("the journal's last good copy was not updated: {error}");
        }
    }

    fn file_path(&self) -> Option<PathBuf> {
        self.connection
            .path()
            .filter(|path| !path.is_empty())
            .map(PathBuf::from)
    }

    fn try_update_copy(&mut self, copy: &Path) -> Result<(), JournalError> {
        if !self.copy_attached()? {
            let ours = self.version()?;
            let fits = copy.exists() && is_sound(copy) && copy_version(copy) == Some(ours);
            if !fits {
                let _ = std::fs::remove_file(copy);
                // VACUUM INTO writes into an empty file: made first, owner-only,
                // so the copy is never readable by others.
                prepare_file(copy).map_err(|error| JournalError::Sqlite(error.to_string()))?;
                self.connection
                    .execute("VACUUM INTO ?1", [copy.to_string_lossy().as_ref()])?;
                restrict(copy)?;
            }
            self.connection.execute(
                "ATTACH DATABASE ?1 AS last_good",
                [copy.to_string_lossy().as_ref()],
            )?;
            self.connection
                .pragma_update(Some("last_good"), "synchronous", "FULL")?;
        }
        // Its own transaction, not `atomically`, which brings the copy up
        // to date after every commit.
        self.connection.execute_batch("BEGIN IMMEDIATE")?;
        let appended = self.append_missing_rows();
        match appended {
            Ok(()) => self.connection.execute_batch("COMMIT")?,
            Err(error) => {
                let _ = self.connection.execute_batch("ROLLBACK");
                return Err(error);
            }
        }
        Ok(())
    }

    fn append_missing_rows(&mut self) -> Result<(), JournalError> {
        {
            let store = self;
            for table in SEQUENCED {
                store.connection.execute(
                    &format!(
                        "INSERT INTO last_good.{table} SELECT * FROM main.{table} \
                         WHERE seq > (SELECT IFNULL(MAX(seq), 0) FROM last_good.{table})"
                    ),
                    [],
                )?;
            }
            for table in KEYED {
                store.connection.execute(
                    &format!("INSERT OR IGNORE INTO last_good.{table} SELECT * FROM main.{table}"),
                    [],
                )?;
            }
            Ok(())
        }
    }

    fn copy_attached(&self) -> Result<bool, JournalError> {
        let mut statement = self.connection.prepare("PRAGMA database_list")?;
        let names = statement.query_map([], |row| row.get::<_, String>(1))?;
        for name in names {
            if name? == "last_good" {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

impl Store {
    /// Carries over what can still be read of a damaged journal moved to
    /// `damaged`: each table's rows this journal lacks (the sends after
    /// its last good copy, or every send when there was no copy), table by
    /// table; a table SQLite cannot read whole is left out. The sends that
    /// come over with no outcome are settled against the service like any
    /// crash. How many sends came over.
    pub(super) fn recover_from(&mut self, damaged: &Path) -> usize {
        let before = self.post_count();
        let uri = format!("file:{}?mode=ro", damaged.to_string_lossy());
        if let Err(error) = self
            .connection
            .execute("ATTACH DATABASE ?1 AS damaged", [uri.as_str()])
        {
            tracing::warn!("the damaged journal could not be read at all: {error}");
            return 0;
        }
        for table in SEQUENCED {
            let copied = self.connection.execute(
                &format!("INSERT OR IGNORE INTO main.{table} SELECT * FROM damaged.{table}"),
                [],
            );
            if let Err(error) = copied {
                tracing::warn!("the damaged journal's {table} could not be read: {error}");
            }
        }
        for table in KEYED {
            let _ = self.connection.execute(
                &format!("INSERT OR IGNORE INTO main.{table} SELECT * FROM damaged.{table}"),
                [],
            );
        }
        let _ = self.connection.execute_batch("DETACH DATABASE damaged");
        self.post_count().saturating_sub(before)
    }

    fn post_count(&self) -> usize {
        self.connection
            .query_row("SELECT COUNT(*) FROM posts", [], |row| row.get::<_, i64>(0))
            .map_or(0, |count| usize::try_from(count).unwrap_or(0))
    }
}

fn copy_version(copy: &Path) -> Option<usize> {
    let connection = Connection::open_with_flags(copy, OpenFlags::SQLITE_OPEN_READ_ONLY).ok()?;
    let version: i64 = connection
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .ok()?;
    usize::try_from(version).ok()
}

/// Makes `file` owner-only.
fn restrict(file: &Path) -> Result<(), JournalError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let private = std::fs::Permissions::from_mode(crate::private_file::PRIVATE_MODE);
        std::fs::set_permissions(file, private)
            .map_err(|error| JournalError::Sqlite(error.to_string()))?;
    }
    #[cfg(not(unix))]
    let _ = file;
    Ok(())
}
