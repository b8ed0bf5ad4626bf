//! Reusable pieces that know nothing of the app: an amount with dimmed
//! trailing zeros, a gauge, a colored state badge, a countdown, a QR code,
//! a virtualized table of records.

pub mod amount;
pub mod badge;
pub mod countdown;
pub mod gauge;
pub mod qr;
pub mod resource_table;

pub use amount::amount_ui;
pub use badge::{Tone, badge_ui};
pub use countdown::format_countdown;
pub use gauge::gauge_ui;
pub use qr::qr_code_ui;
pub use resource_table::resource_table_ui;
