//! How [`AppState`] takes in what the notifications follow: each polled
//! list and each order read alone is compared with what was known, and the
//! notes owed are handed to the system at the end of the frame.

use crate::app::movement::{MovementKind, Record};
use crate::app::resources::Fetched;
use crate::app::state::AppState;

use super::notifier::Notifier;
use super::text::notification_text;

/// Takes the notes owed this frame, writes them in the person's language and
/// hands them to `notifier`. What the shell calls at the end of every frame.
pub fn deliver(state: &mut AppState, notifier: &dyn Notifier) {
    let notes = state.notify.take_outbox();
    if notes.is_empty() {
        return;
    }
    // A notification on a shared screen masks amounts when the window does.
    let hide_amounts = state.hide_amounts;
    for note in notes {
        notifier.notify(notification_text(state.language, &note, hide_amounts));
    }
}

impl AppState {
    /// A polled resource arrived from the service: the notifications it owes.
    pub(crate) fn notify_fetched(&mut self, fetched: &Fetched) {
        match fetched {
            Fetched::Order(order) => self.notify.observe_one(Record::Order(order)),
            Fetched::Orders(rows) => {
                self.notify
                    .observe_list(MovementKind::Order, rows, Record::Order);
            }
            Fetched::Transfers(rows) => {
                self.notify
                    .observe_list(MovementKind::Transfer, rows, Record::Transfer);
            }
            Fetched::Withdrawals(rows) => {
                self.notify
                    .observe_list(MovementKind::Withdrawal, rows, Record::Withdrawal);
            }
            _ => {}
        }
    }
}
