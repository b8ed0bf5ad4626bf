//! The notifications' side of the window's state: whether the window has
//! the focus (set by the shell each frame), the last known states per kind
//! of movement for this connection, and the notes waiting to be handed to
//! the system. The Settings switch is the shared half's; what observes
//! news is told whether it is on.

use std::collections::HashMap;

use crate::app::features::events::message::EventsEvent;
use crate::app::resources::ResourceKey;
use brlv_core::api::model::Order;

use crate::app::movement::{MovementKind, Record};

use super::rules::{DesktopNote, Happening, KnownStates, known_states, transitions};

/// Desktop notifications: the focus, what is known, what is owed.
#[derive(Clone, Debug)]
pub struct NotifyState {
    /// Whether the window has the keyboard focus; notes are owed only when not.
    pub window_focused: bool,
    /// The last known states, per kind; a kind with no answer yet is absent
    /// (its first answer is history, not news).
    known: HashMap<MovementKind, KnownStates>,
    /// Books built by the worker for lists about to arrive.
    arriving: HashMap<MovementKind, KnownStates>,
    /// Notes owed, taken by the shell at the end of the frame.
    outbox: Vec<DesktopNote>,
}

impl Default for NotifyState {
    fn default() -> Self {
        NotifyState {
            window_focused: true,
            known: HashMap::new(),
            arriving: HashMap::new(),
            outbox: Vec::new(),
        }
    }
}

impl NotifyState {
    /// A new connection: another account's states are not this one's.
    pub fn session_changed(&mut self) {
        self.known.clear();
        self.arriving.clear();
        self.outbox.clear();
    }

    /// Compares a full fresh list of `kind` with the last one and keeps
    /// what is owed (only while the window is unfocused and the switch is
    /// `on`). Each row is read through its [`Record`] as it comes, never copied.
    pub fn observe_list<'a, T>(
        &mut self,
        kind: MovementKind,
        rows: &'a [T],
        record: fn(&'a T) -> Record<'a>,
        on: bool,
    ) {
        let notes = transitions(self.known.get(&kind), rows.iter().map(record));
        let book = self
            .arriving
            .remove(&kind)
            .unwrap_or_else(|| known_states(rows.iter().map(record)));
        self.known.insert(kind, book);
        self.owe(notes, on);
    }

    /// The book of `resource`'s states, built off the window's thread for
    /// the list that follows it: kept instead of building another.
    pub fn states_arriving(&mut self, resource: ResourceKey, states: KnownStates) {
        let kind = match resource {
            ResourceKey::Orders => MovementKind::Order,
            ResourceKey::Transfers => MovementKind::Transfer,
            ResourceKey::Withdrawals => MovementKind::Withdrawal,
            _ => return,
        };
        self.arriving.insert(kind, states);
    }

    /// One record fetched alone (the watched order): compared with what its
    /// list said, once that list has arrived (owed while the switch is `on`).
    pub fn observe_one(&mut self, record: Record<'_>, on: bool) {
        let (Some(known), Some(state)) = (self.known.get_mut(&record.kind()), record.state())
        else {
            return;
        };
        let id = record.id();
        let notes = transitions(Some(known), [record]);
        known.insert(id, state);
        self.owe(notes, on);
    }

    /// A webhook event arrived: a refund initiated is news (owed while the
    /// switch is `on`).
    pub fn webhook(&mut self, event: &EventsEvent, on: bool) {
        if let EventsEvent::Received { event, .. } = event
            && event.is_refund_initiated()
            && let Some(order) = &event.order
        {
            self.refund_initiated(order, on);
        }
    }

    /// The service said a late PIX is being returned (webhook event): news
    /// unless a list already told it (owed while the switch is `on`).
    pub fn refund_initiated(&mut self, order: &Order, on: bool) {
        let state = "payment-returned";
        let known = self.known.entry(MovementKind::Order).or_default();
        if known.get(&order.id) == Some(state) {
            return;
        }
        known.insert(order.id, state);
        self.owe(
            vec![DesktopNote {
                happening: Happening::RefundInitiated,
                id: order.id,
                amount: order.source_amount(),
                asset: order.source_asset.clone(),
            }],
            on,
        );
    }

    fn owe(&mut self, notes: Vec<DesktopNote>, on: bool) {
        // Seen in the window, the news needs no notification; it is not kept
        // for later either (the panels and notices already show it).
        if on && !self.window_focused {
            self.outbox.extend(notes);
        }
    }

    /// The notes owed since the last call.
    pub fn take_outbox(&mut self) -> Vec<DesktopNote> {
        std::mem::take(&mut self.outbox)
    }
}

impl NotifyState {
    /// A polled resource arrived from the service: the notifications it
    /// owes while the switch is `on`.
    pub fn fetched(&mut self, fetched: &crate::app::resources::Fetched, on: bool) {
        use crate::app::movement::{MovementKind, Record};
        use crate::app::resources::Fetched;
        match fetched {
            Fetched::Order(order) => self.observe_one(Record::Order(order), on),
            Fetched::Orders(rows) => {
                self.observe_list(MovementKind::Order, rows, Record::Order, on);
            }
            Fetched::Transfers(rows) => {
                self.observe_list(MovementKind::Transfer, rows, Record::Transfer, on);
            }
            Fetched::Withdrawals(rows) => {
                self.observe_list(MovementKind::Withdrawal, rows, Record::Withdrawal, on);
            }
            _ => {}
        }
    }

    /// Takes the notes owed this frame, writes them in `language` and hands
    /// them to `notifier`; amounts masked when the window masks them (a
    /// notification may show on a shared screen), and while the window is
    /// `locked` only the kind of movement that changed. What the shell calls
    /// at the end of every frame.
    pub fn deliver(
        &mut self,
        language: crate::app::i18n::Language,
        hide_amounts: bool,
        locked: bool,
        notifier: &dyn super::notifier::Notifier,
    ) {
        for note in self.take_outbox() {
            notifier.notify(if locked {
                super::text::locked_notification_text(language, &note)
            } else {
                super::text::notification_text(language, &note, hide_amounts)
            });
        }
    }
}
