//! Saved recipients: PIX keys, TED bank accounts and wallet addresses named
//! once (the book itself is [`brlv_core::recipients`]), managed in Settings and
//! picked in the withdrawal, transfer and order forms, with "Save this
//! recipient" after a new one is typed. The file is read and written by the
//! worker (`task.rs`); the list is the shared half's (every form reads
//! it), changed by the recipients' panel, which a form asks to keep a new
//! one (`Ask::SaveRecipient`); the picker and the offer the forms draw are
//! the panel kit's (`panel::recipients`).

pub mod message;
pub mod state;
pub mod task;
pub mod view;
