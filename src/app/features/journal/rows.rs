//! The journal as one CSV, oldest first (Settings calls it "Activity of
//! this device"): every POST the app sent (endpoint, body, when) with how
//! it ended, and every notice about money. For the person's records and
//! their accountant's.

use time::OffsetDateTime;

use crate::app::export::{Column, CsvRecord};
use brlv_core::api::timestamp;
use brlv_core::journal::{NoticeRecord, PostEntry};

/// One line of the journal's CSV.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalRow {
    /// When it happened (sent, or learnt).
    pub at: OffsetDateTime,
    /// `post` or `notice`.
    pub entry: &'static str,
    /// The form that sent a POST, or the notice's kind.
    pub what: String,
    /// `POST`, for a POST.
    pub method: String,
    /// The path posted to.
    pub endpoint: String,
    /// The body sent.
    pub body: String,
    /// `created`, `refused`, `not-applied`, `unknown`, or empty when the app
    /// stopped before it knew.
    pub outcome: String,
    /// When the outcome was settled.
    pub settled_at: Option<OffsetDateTime>,
    /// The answer was lost; the outcome is what the re-read concluded.
    pub answer_lost: bool,
    /// What the service answered (JSON), or the notice's record.
    pub answer: String,
    /// The failure, in words.
    pub error: String,
    /// Why the re-read could not tell.
    pub reread_error: String,
    /// The record a notice is about.
    pub subject: String,
}

impl CsvRecord for JournalRow {
    const COLUMNS: &'static [Column<JournalRow>] = &[
        Column("at", |row| timestamp::format(&row.at)),
        Column("entry", |row| row.entry.to_owned()),
        Column("what", |row| row.what.clone()),
        Column("method", |row| row.method.clone()),
        Column("endpoint", |row| row.endpoint.clone()),
        Column("body", |row| row.body.clone()),
        Column("outcome", |row| row.outcome.clone()),
        Column("settled_at", |row| {
            row.settled_at
                .map(|at| timestamp::format(&at))
                .unwrap_or_default()
        }),
        Column("answer_lost", |row| row.answer_lost.to_string()),
        Column("answer", |row| row.answer.clone()),
        Column("error", |row| row.error.clone()),
        Column("reread_error", |row| row.reread_error.clone()),
        Column("subject", |row| row.subject.clone()),
    ];
}

/// The journal's POSTs and notices as rows, oldest first.
pub fn journal_rows(posts: Vec<PostEntry>, notices: Vec<NoticeRecord>) -> Vec<JournalRow> {
    let mut rows: Vec<JournalRow> = posts
        .into_iter()
        .map(|entry| {
            let outcome = entry.outcome;
            JournalRow {
                at: entry.post.sent_at,
                entry: "post",
                what: entry.post.form,
                method: entry.post.method,
                endpoint: entry.post.endpoint,
                body: entry.post.body,
                outcome: outcome
                    .as_ref()
                    .map(|outcome| outcome.outcome.as_str().to_owned())
                    .unwrap_or_default(),
                settled_at: outcome.as_ref().map(|outcome| outcome.at),
                answer_lost: outcome.as_ref().is_some_and(|outcome| outcome.answer_lost),
                answer: outcome
                    .as_ref()
                    .and_then(|outcome| outcome.answer.clone())
                    .unwrap_or_default(),
                error: outcome
                    .as_ref()
                    .and_then(|outcome| outcome.error.clone())
                    .unwrap_or_default(),
                reread_error: outcome
                    .and_then(|outcome| outcome.reread_error)
                    .unwrap_or_default(),
                subject: String::new(),
            }
        })
        .chain(notices.into_iter().map(|notice| JournalRow {
            at: notice.at,
            entry: "notice",
            what: notice.kind,
            method: String::new(),
            endpoint: String::new(),
            body: String::new(),
            outcome: String::new(),
            settled_at: None,
            answer_lost: false,
            answer: notice.detail.unwrap_or_default(),
            error: String::new(),
            reread_error: String::new(),
            subject: notice.subject,
        }))
        .collect();
    // Stable: entries of the same moment keep the journal's order.
    rows.sort_by_key(|row| row.at);
    rows
}
