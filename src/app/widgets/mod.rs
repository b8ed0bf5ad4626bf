//! Reusable pieces that know nothing of the app: an amount with dimmed
//! trailing zeros, a gauge, a colored state badge, a countdown, a QR code.

pub mod amount;
pub mod badge;
pub mod countdown;
pub mod gauge;
pub mod qr;

pub use amount::amount_ui;
pub use badge::{Tone, badge_ui};
pub use countdown::format_countdown;
pub use gauge::gauge_ui;
pub use qr::qr_code_ui;
