//! The panel kit: what every panel of the window is made of.
//!
//! A panel owns its state and has three methods ([`Panel`]): `ui` draws it
//! from `&mut self` and the read-only [`Shared`] half (the language, how
//! amounts and moments are written, the account's data, now) and puts what
//! it asks for into an [`Outbox`]; `apply` takes in the events addressed to
//! it, with the same `Shared` and an outbox of its own; `close_one` is
//! Escape. The root (`AppState`) owns `Shared` and the panels
//! (`app::panels::Panels`) as two halves lent apart: it hands each panel
//! its events, and carries out what the outboxes ask (a submit goes
//! through the lock, a file through the system's dialog), so an effect
//! that crosses panels is a message, never a reach into another panel's
//! fields.
//!
//! A panel's view can therefore be drawn, and tested, with nothing but its
//! own state and a `Shared` (see `tests/app/panels.rs`). The pieces more
//! than one panel draws live here too: the record panel with its receipt,
//! the review kit, the saved recipients' picker, the saved profiles, the
//! outflow question, the lists' arrangements.

pub mod cannot_tell;
pub mod list_arrangements;
pub mod outbox;
pub mod outflow_question;
pub mod profiles;
pub mod receipt;
pub mod recipients;
pub mod record_panel;
pub mod repeats;
pub mod review;
pub mod shared;

pub use outbox::{Ask, Outbox, Setting};
pub use shared::Shared;

/// A panel: its state, drawn from itself and the shared half, and changed
/// by the events addressed to it.
pub trait Panel {
    /// The events addressed to this panel.
    type Event;

    /// Draws the panel; what it asks for goes into `out`.
    fn ui(&mut self, ui: &mut egui::Ui, cx: &Shared, out: &mut Outbox);

    /// Takes in an event addressed to this panel; what it asks for because
    /// of it (the worker's commands among them) goes into `out`.
    fn apply(&mut self, event: Self::Event, cx: &Shared, out: &mut Outbox);

    /// Escape: closes the panel's confirmation, else its open detail;
    /// whether there was one. A panel with neither closes nothing.
    fn close_one(&mut self, _cx: &Shared, _out: &mut Outbox) -> bool {
        false
    }
}
