//! Saved recipients: PIX keys, TED bank accounts and wallet addresses named
//! once (the book itself is [`brlv_core::recipients`]), managed in Settings and
//! picked in the withdrawal, transfer and order forms, with "Save this
//! recipient" after a new one is typed. The file is read and written by the
//! worker (`task.rs`); the list is the recipients panel's own, and a form
//! asks it to keep a new one (`Ask::SaveRecipient`).

pub mod message;
pub mod state;
pub mod task;
pub mod view;
