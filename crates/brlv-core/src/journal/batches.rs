//! Payouts from a file in the journal: each run of a batch (the file's
//! SHA-256), and which POST each of its rows became. Append-only like the
//! rest: a run is `started`, then `finished` once no row of it can change.

use rusqlite::params;
use time::OffsetDateTime;
use uuid::Uuid;

use super::records::{JournalError, PostRecord};
use super::store::{Store, parse_time, parse_uuid, time_text};

/// One run of a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchRun {
    /// The run's number in the journal (its `started` row).
    pub run: i64,
    /// The batch: the file's SHA-256, in hex.
    pub batch: String,
    /// When it started.
    pub started_at: OffsetDateTime,
    /// How many rows the file has.
    pub rows: u64,
    /// When every row of it had an outcome that will not change.
    pub finished_at: Option<OffsetDateTime>,
}

/// A row of a run and the POST it became.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchRowRecord {
    /// The row, 1-based, as the file counts its data rows.
    pub row: u64,
    /// The POST journaled for it.
    pub post_id: Uuid,
}

impl Store {
    /// Starts a run of `batch` (a file of `rows` rows); its number.
    pub fn start_batch_run(
        &mut self,
        batch: &str,
        rows: u64,
        at: OffsetDateTime,
    ) -> Result<i64, JournalError> {
        self.connection.execute(
            "INSERT INTO payout_batches (batch, at, event, rows, run) \
             VALUES (?1, ?2, 'started', ?3, NULL)",
            params![
                batch,
                time_text(at),
                i64::try_from(rows).unwrap_or(i64::MAX)
            ],
        )?;
        Ok(self.connection.last_insert_rowid())
    }

    /// Marks `run` finished: every row of it has an outcome that will not change.
    pub fn finish_batch_run(
        &mut self,
        run: &BatchRun,
        at: OffsetDateTime,
    ) -> Result<(), JournalError> {
        self.connection.execute(
            "INSERT INTO payout_batches (batch, at, event, rows, run) \
             VALUES (?1, ?2, 'finished', ?3, ?4)",
            params![
                run.batch,
                time_text(at),
                i64::try_from(run.rows).unwrap_or(i64::MAX),
                run.run
            ],
        )?;
        Ok(())
    }

    /// Every run of `batch`, oldest first.
    pub fn batch_runs(&self, batch: &str) -> Result<Vec<BatchRun>, JournalError> {
        let mut statement = self.connection.prepare(
            "SELECT s.seq, s.batch, s.at, s.rows, \
                    (SELECT MIN(f.at) FROM payout_batches f \
                     WHERE f.event = 'finished' AND f.run = s.seq) \
             FROM payout_batches s \
             WHERE s.batch = ?1 AND s.event = 'started' ORDER BY s.seq",
        )?;
        let rows = statement.query_map([batch], |row| {
            let finished: Option<String> = row.get(4)?;
            Ok(BatchRun {
                run: row.get(0)?,
                batch: row.get(1)?,
                started_at: parse_time(&row.get::<_, String>(2)?)?,
                rows: u64::try_from(row.get::<_, i64>(3)?).unwrap_or(0),
                finished_at: finished.as_deref().map(parse_time).transpose()?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The POSTs the rows of `run` became, in the order they were journaled.
    pub fn batch_rows(&self, run: i64) -> Result<Vec<BatchRowRecord>, JournalError> {
        let mut statement = self
            .connection
            .prepare("SELECT row, post_id FROM payout_rows WHERE run = ?1 ORDER BY seq")?;
        let rows = statement.query_map([run], |row| {
            Ok(BatchRowRecord {
                row: u64::try_from(row.get::<_, i64>(0)?).unwrap_or(0),
                post_id: parse_uuid(&row.get::<_, String>(1)?)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Journals `post` as row `row` of `run`, with the read of its list
    /// made before it left (as [`Store::append_post_after_read`]), all or
    /// nothing, before it is sent.
    pub fn append_batch_post(
        &mut self,
        run: i64,
        row: u64,
        post: &PostRecord,
        listed_before: Option<i64>,
    ) -> Result<(), JournalError> {
        self.atomically(|store| {
            store.append_post(post)?;
            store.link_listed_before(post.id, listed_before)?;
            store.connection.execute(
                "INSERT INTO payout_rows (run, row, post_id) VALUES (?1, ?2, ?3)",
                params![
                    run,
                    i64::try_from(row).unwrap_or(i64::MAX),
                    post.id.to_string()
                ],
            )?;
            Ok(())
        })
    }
}
