//! Nobody at an unlocked desk moves the money: the transaction password
//! asked at every money-moving request's confirmation step, the idle lock
//! and the unlock screen, a panel of its own. Its state and its rules
//! ([`state`]: it holds a money-moving request back until the passphrase
//! or the typed word, then lets it go with its proof) and what it shows
//! ([`view`]: the lock screen, the prompt at the confirmation step, the
//! offer to seal a plain key, its section of Settings).

pub mod state;
pub mod view;
