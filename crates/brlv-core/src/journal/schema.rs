//! The journal's schema, one migration per version, applied in order by
//! `rusqlite_migration` (the version is SQLite's `user_version`). A released
//! migration is never edited: a change is a new one at the end, and the
//! tests migrate a file of every earlier version to the latest.
//!
//! The journal's tables refuse `UPDATE` and `DELETE` (triggers), so nothing
//! the app wrote about money can be changed or lost by a later bug; only
//! list snapshots, which are a cache, are replaced.

use rusqlite_migration::{M, Migrations};

/// Version 1: the POSTs the app sent and how each ended.
const V1_POSTS: &str = r"
CREATE TABLE posts (
    seq       INTEGER PRIMARY KEY,
    id        TEXT NOT NULL UNIQUE,
    sent_at   TEXT NOT NULL,
    form      TEXT NOT NULL,
    method    TEXT NOT NULL,
    endpoint  TEXT NOT NULL,
    body      TEXT NOT NULL
);
CREATE TABLE outcomes (
    seq           INTEGER PRIMARY KEY,
    post_id       TEXT NOT NULL REFERENCES posts(id),
    at            TEXT NOT NULL,
    outcome       TEXT NOT NULL,
    answer_lost   INTEGER NOT NULL,
    answer        TEXT,
    error         TEXT,
    reread_error  TEXT
);
CREATE INDEX outcomes_by_post ON outcomes(post_id);
CREATE TRIGGER posts_append_only_update BEFORE UPDATE ON posts
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER posts_append_only_delete BEFORE DELETE ON posts
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER outcomes_append_only_update BEFORE UPDATE ON outcomes
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER outcomes_append_only_delete BEFORE DELETE ON outcomes
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
";

/// Version 2: notices about money (an order expired, a late payment
/// returned, a movement completed, a webhook's refund) and the last answer
/// of every polled list, so a start shows the last known state.
const V2_NOTICES_AND_SNAPSHOTS: &str = r"
CREATE TABLE notices (
    seq      INTEGER PRIMARY KEY,
    at       TEXT NOT NULL,
    kind     TEXT NOT NULL,
    subject  TEXT NOT NULL,
    detail   TEXT
);
CREATE TRIGGER notices_append_only_update BEFORE UPDATE ON notices
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER notices_append_only_delete BEFORE DELETE ON notices
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TABLE snapshots (
    resource    TEXT PRIMARY KEY,
    fetched_at  TEXT NOT NULL,
    body        TEXT NOT NULL,
    rows_total  INTEGER,
    rows_kept   INTEGER
);
";

/// Version 3: what the person typed for the tax report (a month's DARF
/// marked paid, what tokens that arrived from outside cost, an order's
/// value in reais, their own addresses, the custodian, a Bens e Direitos
/// code). Append-only like the rest: a change is a new row, the latest row
/// of a kind and subject counts, and a row with no value clears it.
const V3_TAX_INPUTS: &str = r"
CREATE TABLE tax_inputs (
    seq      INTEGER PRIMARY KEY,
    at       TEXT NOT NULL,
    kind     TEXT NOT NULL,
    subject  TEXT NOT NULL,
    value    TEXT
);
CREATE TRIGGER tax_inputs_append_only_update BEFORE UPDATE ON tax_inputs
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER tax_inputs_append_only_delete BEFORE DELETE ON tax_inputs
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
";

/// Version 4: the dollar's official rate (PTAX) of each day the tax report
/// valued something on, so that a day is asked of the Banco Central once,
/// ever. One row per calendar day, with the business day whose rate it
/// takes (itself, or the last one before it); the rates as exact decimal
/// text. A published rate never changes, so a row is never changed either.
const V4_DOLLAR_RATES: &str = r"
CREATE TABLE dollar_rates (
    day           TEXT PRIMARY KEY,
    published_on  TEXT NOT NULL,
    buying        TEXT NOT NULL,
    selling       TEXT NOT NULL,
    fetched_at    TEXT NOT NULL
);
CREATE TRIGGER dollar_rates_append_only_update BEFORE UPDATE ON dollar_rates
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER dollar_rates_append_only_delete BEFORE DELETE ON dollar_rates
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
";

/// Version 5: payouts from a file. A batch is the file's SHA-256; each run
/// of it is a `started` row, and a `finished` row once every row of that run
/// has an outcome that will not change. Each row's POST is linked to its run
/// and row number here, in the same transaction that journals the POST, so
/// a resume knows which rows left and settles them before sending more. The
/// outcomes themselves are the POSTs' own, in `outcomes`.
const V5_PAYOUT_BATCHES: &str = r"
CREATE TABLE payout_batches (
    seq      INTEGER PRIMARY KEY,
    batch    TEXT NOT NULL,
    at       TEXT NOT NULL,
    event    TEXT NOT NULL,
    rows     INTEGER NOT NULL,
    run      INTEGER REFERENCES payout_batches(seq)
);
CREATE INDEX payout_batches_by_batch ON payout_batches(batch);
CREATE TRIGGER payout_batches_append_only_update BEFORE UPDATE ON payout_batches
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER payout_batches_append_only_delete BEFORE DELETE ON payout_batches
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TABLE payout_rows (
    seq      INTEGER PRIMARY KEY,
    run      INTEGER NOT NULL REFERENCES payout_batches(seq),
    row      INTEGER NOT NULL,
    post_id  TEXT NOT NULL REFERENCES posts(id)
);
CREATE INDEX payout_rows_by_run ON payout_rows(run);
CREATE TRIGGER payout_rows_append_only_update BEFORE UPDATE ON payout_rows
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER payout_rows_append_only_delete BEFORE DELETE ON payout_rows
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
";

/// Version 6: the monthly Selic (the Banco Central's series 4390, in
/// percent for the month) of each month a late DARF's interest used, so
/// that a month is asked once, ever. Only months already over are kept: a
/// month's figure, once published, never changes.
const V6_SELIC_MONTHS: &str = r"
CREATE TABLE selic_months (
    month       TEXT PRIMARY KEY,
    percent     TEXT NOT NULL,
    fetched_at  TEXT NOT NULL
);
CREATE TRIGGER selic_months_append_only_update BEFORE UPDATE ON selic_months
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER selic_months_append_only_delete BEFORE DELETE ON selic_months
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
";

/// Version 7: what a PIX QR code is checked against beyond the service's
/// own answer. The quotes the person accepted here (one row per quote: a
/// quote is accepted once), so an order's code is compared with the amount
/// they saw; and the receivers seen in checked codes, of which the first
/// counts, so a code paying someone else is told apart.
const V7_QR_CHECKS: &str = r"
CREATE TABLE accepted_quotes (
    quote_id       TEXT PRIMARY KEY,
    at             TEXT NOT NULL,
    source_amount  TEXT NOT NULL,
    source_asset   TEXT NOT NULL
);
CREATE TRIGGER accepted_quotes_append_only_update BEFORE UPDATE ON accepted_quotes
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER accepted_quotes_append_only_delete BEFORE DELETE ON accepted_quotes
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TABLE qr_receivers (
    seq       INTEGER PRIMARY KEY,
    at        TEXT NOT NULL,
    name      TEXT NOT NULL,
    city      TEXT NOT NULL,
    pix_key   TEXT,
    url_host  TEXT
);
CREATE TRIGGER qr_receivers_append_only_update BEFORE UPDATE ON qr_receivers
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER qr_receivers_append_only_delete BEFORE DELETE ON qr_receivers
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
";

/// Version 8: what a send's settling compares beyond its body. The ids
/// the service's list held just before the send left (one read, kept once
/// and named by each send that left after it), so that a record that
/// existed already is never taken for the send; and when the send's
/// connection closed (its answer came, was lost or timed out), from which
/// the service's last moment to accept it is counted. A send journaled by
/// an earlier version has neither: it is settled on its body and its time
/// window alone, as before.
const V8_SEND_CONTEXT: &str = r"
CREATE TABLE list_reads (
    seq      INTEGER PRIMARY KEY,
    list     TEXT NOT NULL,
    read_at  TEXT NOT NULL,
    ids      TEXT NOT NULL
);
CREATE TRIGGER list_reads_append_only_update BEFORE UPDATE ON list_reads
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER list_reads_append_only_delete BEFORE DELETE ON list_reads
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TABLE send_listed_before (
    seq        INTEGER PRIMARY KEY,
    post_id    TEXT NOT NULL UNIQUE REFERENCES posts(id),
    list_read  INTEGER NOT NULL REFERENCES list_reads(seq)
);
CREATE TRIGGER send_listed_before_append_only_update BEFORE UPDATE ON send_listed_before
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER send_listed_before_append_only_delete BEFORE DELETE ON send_listed_before
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TABLE send_closed (
    seq      INTEGER PRIMARY KEY,
    post_id  TEXT NOT NULL UNIQUE REFERENCES posts(id),
    at       TEXT NOT NULL
);
CREATE TRIGGER send_closed_append_only_update BEFORE UPDATE ON send_closed
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER send_closed_append_only_delete BEFORE DELETE ON send_closed
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
";

/// Version 9: a send not applied that the person sent again ("Send
/// again…"), linked to the record its new send made, so that after a
/// restart it is still not offered again: pressed twice, it would pay
/// twice.
const V9_RESENDS: &str = r"
CREATE TABLE resends (
    seq      INTEGER PRIMARY KEY,
    of_post  TEXT NOT NULL REFERENCES posts(id),
    record   TEXT NOT NULL,
    at       TEXT NOT NULL
);
CREATE INDEX resends_by_post ON resends(of_post);
CREATE TRIGGER resends_append_only_update BEFORE UPDATE ON resends
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER resends_append_only_delete BEFORE DELETE ON resends
    BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
";

/// Every version, oldest first; the file's `user_version` counts how many
/// of them it has.
pub const VERSIONS: &[&str] = &[
    V1_POSTS,
    V2_NOTICES_AND_SNAPSHOTS,
    V3_TAX_INPUTS,
    V4_DOLLAR_RATES,
    V5_PAYOUT_BATCHES,
    V6_SELIC_MONTHS,
    V7_QR_CHECKS,
    V8_SEND_CONTEXT,
    V9_RESENDS,
];

/// The migrations, in order.
pub fn migrations() -> Migrations<'static> {
    Migrations::new(VERSIONS.iter().map(|sql| M::up(sql)).collect())
}

/// The version this build writes.
pub fn latest() -> usize {
    VERSIONS.len()
}
