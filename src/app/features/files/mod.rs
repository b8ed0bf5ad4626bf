//! Files the person saves or opens through the system's dialogs: where
//! the dialogs stand ([`state`]), how a request goes out and its answer
//! comes back (`apply.rs`), and where the receipt of the movement shown
//! stands (its control is the panel kit's, `panel::receipt`). The dialogs themselves are `app::dialog`.

mod apply;
pub mod state;
