//! A receipt (*comprovante*) of a completed movement of money: orders,
//! transfers, withdrawals, deposits and reward claims.
//!
//! The content is one pure model, [`Receipt`]: a title, what happened, the
//! amount and a list of labelled lines, already written in the person's
//! language ([`build`] makes it from each movement). It is rendered three
//! ways: as text (copied to the clipboard), as a PDF ([`pdf`]) and as a PNG
//! ([`png`]); both files are drawn from the same [`layout`]. Rendering and
//! writing run on the worker's blocking pool ([`write_receipt`]), never on
//! the UI thread.

pub mod build;
pub mod file;
pub mod layout;
pub mod model;
pub mod party;
pub mod pdf;
pub mod png;

pub use file::{ReceiptRequest, write_receipt};
pub use model::{Receipt, ReceiptFormat, ReceiptKind, ReceiptLine};
pub use party::Parties;
