//! Files the person saves or opens through the system's dialogs: where
//! the dialogs stand ([`state`]), how a request goes out and its answer
//! comes back (`apply.rs`), and the receipt of the movement shown, with its
//! save buttons ([`view`]). The dialogs themselves are `app::dialog`.

mod apply;
pub mod state;
pub mod view;
