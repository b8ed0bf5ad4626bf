//! Files the person saves or opens through the system's dialogs: where
//! the dialogs stand and where the receipt of the movement shown stands
//! ([`state`]). The root asks for a dialog and hands its answer to the
//! panel it is for; the receipt's control is the panel kit's
//! (`panel::receipt`); the dialogs themselves are `app::dialog`.

pub mod state;
