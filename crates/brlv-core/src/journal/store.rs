//! The journal open on one file: opened (migrated up, a damaged file moved
//! aside), written in transactions, read back.

use std::collections::BTreeMap;
use std::path::Path;

use rusqlite::{Connection, ErrorCode, OptionalExtension, params};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use uuid::Uuid;

use super::paths::{move_aside, prepare_file};
use super::records::{
    AcceptedQuoteRecord, DollarRateRecord, JournalError, ListReadRecord, NoticeRecord, Outcome,
    OutcomeRecord, PostEntry, PostRecord, ReceiverRecord, Replaced, SNAPSHOT_MAX_BYTES,
    SelicRecord, SendContext, SnapshotRecord, SnapshotRows, TaxInputRecord,
};
use super::schema;

/// The journal open on one file (or in memory).
pub struct Store {
    pub(super) connection: Connection,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Store")
            .field("path", &self.connection.path())
            .finish()
    }
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

pub(super) fn time_text(at: OffsetDateTime) -> String {
    // UTC, so the text sorts as time does.
    at.to_offset(time::UtcOffset::UTC)
        .format(&Rfc3339)
        .unwrap_or_else(|_| at.unix_timestamp().to_string())
}

pub(super) fn parse_time(text: &str) -> rusqlite::Result<OffsetDateTime> {
    OffsetDateTime::parse(text, &Rfc3339).map_err(|error| {
        rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(error))
    })
}

pub(super) fn parse_uuid(text: &str) -> rusqlite::Result<Uuid> {
    Uuid::parse_str(text).map_err(|error| {
        rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(error))
    })
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
            Ok(mut store) => {
                store.update_last_good_copy();
                Ok((store, None))
            }
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
                let copy = super::paths::copy_path(path);
                let restored_from = (copy.exists() && super::paths::is_sound(&copy))
                    .then(|| std::fs::copy(&copy, path).ok().map(|_| copy.clone()))
                    .flatten();
                if let Some(copy) = &restored_from {
                    tracing::warn!(
                        "the journal {} was restored from its last good copy {}",
                        path.display(),
                        copy.display()
                    );
                }
                match Store::try_open(path) {
                    Ok(mut store) => {
                        let recovered_sends = store.recover_from(&moved_to);
                        store.update_last_good_copy();
                        Ok((
                            store,
                            Some(Replaced {
                                moved_to,
                                reason,
                                restored_from,
                                recovered_sends,
                            }),
                        ))
                    }
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
        self.after_write();
        Ok(())
    }

    /// After a write outside a transaction (or a transaction's commit):
    /// the last good copy is brought up to date.
    pub(super) fn after_write(&mut self) {
        if self.connection.is_autocommit() {
            self.update_last_good_copy();
        }
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
        self.after_write();
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
                self.after_write();
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
                    o.at, o.outcome, o.answer_lost, o.answer, o.error, o.reread_error, \
                    l.list_read, c.at \
             FROM posts p \
             LEFT JOIN outcomes o ON o.seq = \
                 (SELECT MAX(seq) FROM outcomes WHERE post_id = p.id) \
             LEFT JOIN send_listed_before l ON l.post_id = p.id \
             LEFT JOIN send_closed c ON c.post_id = p.id \
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
            let context = SendContext {
                listed_before: row.get(12)?,
                closed_at: row
                    .get::<_, Option<String>>(13)?
                    .as_deref()
                    .map(parse_time)
                    .transpose()?,
            };
            Ok(PostEntry {
                post,
                outcome,
                context,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Keeps a read of one of the service's lists, for the sends that leave
    /// after it ([`Store::append_post_after_read`]); its number.
    pub fn append_list_read(&mut self, read: &ListReadRecord) -> Result<i64, JournalError> {
        let ids = serde_json::to_string(&read.ids)
            .map_err(|error| JournalError::Sqlite(error.to_string()))?;
        self.connection.execute(
            "INSERT INTO list_reads (list, read_at, ids) VALUES (?1, ?2, ?3)",
            params![read.list, time_text(read.read_at), ids],
        )?;
        Ok(self.connection.last_insert_rowid())
    }

    /// The list read numbered `seq`, if the journal holds it.
    pub fn list_read(&self, seq: i64) -> Result<Option<ListReadRecord>, JournalError> {
        let found = self
            .connection
            .query_row(
                "SELECT list, read_at, ids FROM list_reads WHERE seq = ?1",
                [seq],
                |row| {
                    Ok((
                        row.get::<_, String>(0)?,
                        row.get::<_, String>(1)?,
                        row.get::<_, String>(2)?,
                    ))
                },
            )
            .optional()?;
        let Some((list, read_at, ids)) = found else {
            return Ok(None);
        };
        let ids: Vec<String> = serde_json::from_str(&ids).map_err(|error| {
            JournalError::Sqlite(format!("the list read {seq} is unreadable: {error}"))
        })?;
        Ok(Some(ListReadRecord {
            list,
            read_at: parse_time(&read_at)?,
            ids,
        }))
    }

    /// Appends a POST before it is sent, with the read of its list made
    /// just before (`listed_before`, a number [`Store::append_list_read`]
    /// gave), both or neither.
    pub fn append_post_after_read(
        &mut self,
        post: &PostRecord,
        listed_before: Option<i64>,
    ) -> Result<(), JournalError> {
        self.atomically(|store| {
            store.append_post(post)?;
            store.link_listed_before(post.id, listed_before)
        })
    }

    pub(super) fn link_listed_before(
        &mut self,
        post_id: Uuid,
        listed_before: Option<i64>,
    ) -> Result<(), JournalError> {
        if let Some(read) = listed_before {
            self.connection.execute(
                "INSERT INTO send_listed_before (post_id, list_read) VALUES (?1, ?2)",
                params![post_id.to_string(), read],
            )?;
        }
        Ok(())
    }

    /// Keeps when the connection that carried the POST `post_id` closed;
    /// the first time kept counts.
    pub fn append_closed(&mut self, post_id: Uuid, at: OffsetDateTime) -> Result<(), JournalError> {
        self.connection.execute(
            "INSERT OR IGNORE INTO send_closed (post_id, at) VALUES (?1, ?2)",
            params![post_id.to_string(), time_text(at)],
        )?;
        self.after_write();
        Ok(())
    }

    /// Links the POST `of` (a send not applied) to the record `record` its
    /// "Send again…" made: it is not offered again, after a restart too.
    pub fn append_resend(
        &mut self,
        of: Uuid,
        record: &str,
        at: OffsetDateTime,
    ) -> Result<(), JournalError> {
        self.connection.execute(
            "INSERT INTO resends (of_post, record, at) VALUES (?1, ?2, ?3)",
            params![of.to_string(), record, time_text(at)],
        )?;
        self.after_write();
        Ok(())
    }

    /// Every send sent again, by its POST: the record the first new send
    /// made.
    pub fn resends(&self) -> Result<BTreeMap<Uuid, String>, JournalError> {
        let mut statement = self
            .connection
            .prepare("SELECT of_post, record FROM resends ORDER BY seq")?;
        let rows = statement.query_map([], |row| {
            Ok((
                parse_uuid(&row.get::<_, String>(0)?)?,
                row.get::<_, String>(1)?,
            ))
        })?;
        let mut links = BTreeMap::new();
        for row in rows {
            let (of, record) = row?;
            links.entry(of).or_insert(record);
        }
        Ok(links)
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

    /// Keeps a quote the person accepted; a quote already kept stays as it
    /// was (a quote is accepted once). Whether it was new.
    pub fn keep_accepted_quote(
        &mut self,
        accepted: &AcceptedQuoteRecord,
    ) -> Result<bool, JournalError> {
        let added = self.connection.execute(
            "INSERT OR IGNORE INTO accepted_quotes (quote_id, at, source_amount, source_asset) \
             VALUES (?1, ?2, ?3, ?4)",
            params![
                accepted.quote_id,
                time_text(accepted.at),
                accepted.source_amount,
                accepted.source_asset
            ],
        )?;
        Ok(added > 0)
    }

    /// Every quote accepted here, oldest first.
    pub fn accepted_quotes(&self) -> Result<Vec<AcceptedQuoteRecord>, JournalError> {
        let mut statement = self.connection.prepare(
            "SELECT quote_id, at, source_amount, source_asset FROM accepted_quotes ORDER BY at",
        )?;
        let rows = statement.query_map([], |row| {
            Ok(AcceptedQuoteRecord {
                quote_id: row.get(0)?,
                at: parse_time(&row.get::<_, String>(1)?)?,
                source_amount: row.get(2)?,
                source_asset: row.get(3)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Keeps `seen` as the profile's receiver unless one is kept already;
    /// the one that counts (the first ever kept).
    pub fn keep_first_receiver(
        &mut self,
        seen: &ReceiverRecord,
    ) -> Result<ReceiverRecord, JournalError> {
        if !self.connection.is_autocommit() {
            return self.insert_first_receiver(seen);
        }
        // Read and written in one transaction: two writers cannot both be first.
        self.atomically(|store| store.insert_first_receiver(seen))
    }

    fn insert_first_receiver(
        &mut self,
        seen: &ReceiverRecord,
    ) -> Result<ReceiverRecord, JournalError> {
        if let Some(first) = self.first_receiver()? {
            return Ok(first);
        }
        self.connection.execute(
            "INSERT INTO qr_receivers (at, name, city, pix_key, url_host) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                time_text(seen.at),
                seen.name,
                seen.city,
                seen.pix_key,
                seen.url_host
            ],
        )?;
        Ok(seen.clone())
    }

    /// The first receiver seen in a checked PIX code, if any.
    pub fn first_receiver(&self) -> Result<Option<ReceiverRecord>, JournalError> {
        let mut statement = self.connection.prepare(
            "SELECT at, name, city, pix_key, url_host FROM qr_receivers ORDER BY seq LIMIT 1",
        )?;
        let mut rows = statement.query_map([], |row| {
            Ok(ReceiverRecord {
                at: parse_time(&row.get::<_, String>(0)?)?,
                name: row.get(1)?,
                city: row.get(2)?,
                pix_key: row.get(3)?,
                url_host: row.get(4)?,
            })
        })?;
        Ok(rows.next().transpose()?)
    }
}
