//! The worker's side of what a PIX QR code is checked against: the quotes
//! accepted and the first receiver seen, kept in the profile's journal and
//! read back when a connection opens.

use time::OffsetDateTime;

use crate::app::features::orders::message::OrdersEvent;
use crate::app::features::orders::qr_memory::{AcceptedQuote, QrMemory, Receiver};
use crate::app::message::{Event, NoticeKind};
use crate::app::session::SessionId;

use super::journal::problem_notice;
use super::state::{Done, Worker, notice};

impl Worker {
    /// Keeps the quote the person accepted.
    pub(super) fn keep_accepted(&mut self, accepted: AcceptedQuote) {
        let Some(journal) = self.session_journal() else {
            return;
        };
        let record = accepted.record(OffsetDateTime::now_utc());
        let kept = journal.run(move |book| book.store.keep_accepted_quote(&record).map(|_| ()));
        self.spawn(async move {
            problem_notice(kept.await.err()).unwrap_or(Done::Sequence(Vec::new()))
        });
    }

    /// Keeps the first receiver seen (the journal keeps the first it was given).
    pub(super) fn remember_receiver(&mut self, receiver: Receiver) {
        let Some(journal) = self.session_journal() else {
            return;
        };
        let record = receiver.record(OffsetDateTime::now_utc());
        let kept = journal.run(move |book| book.store.keep_first_receiver(&record).map(|_| ()));
        self.spawn(async move {
            problem_notice(kept.await.err()).unwrap_or(Done::Sequence(Vec::new()))
        });
    }

    /// Reads back what codes are checked against, as a connection opens.
    /// A journal that cannot be read gives an empty memory (the window then
    /// checks codes against the service's figures only) and a notice.
    pub(super) fn restore_qr_memory(&mut self, session: SessionId) {
        let Some(journal) = self.session_journal() else {
            return;
        };
        let reading = journal.run(|book| {
            let accepted = book.store.accepted_quotes()?;
            let first = book.store.first_receiver()?;
            Ok(QrMemory::restored(&accepted, first.as_ref()))
        });
        self.spawn(async move {
            let (memory, problem) = match reading.await {
                Ok(memory) => (memory, None),
                Err(error) => (
                    QrMemory::restored(&[], None),
                    Some(Done::Report(notice(
                        NoticeKind::JournalUnavailable,
                        error.to_string(),
                    ))),
                ),
            };
            let restored = Done::Report(Event::Orders(OrdersEvent::QrMemoryRestored {
                session,
                memory,
            }));
            Done::Sequence(std::iter::once(restored).chain(problem).collect())
        });
    }
}
