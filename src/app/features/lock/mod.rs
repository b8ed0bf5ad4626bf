//! Nobody at an unlocked desk moves the money: the transaction password
//! asked at every money-moving request's confirmation step, the idle lock
//! and the unlock screen. Its state and its rules ([`state`]; the root
//! holds requests back and sends them through it) and what it shows ([`view`]: the lock screen, the prompt at
//! the confirmation step, the offer to seal a plain key).

pub mod state;
pub mod view;
