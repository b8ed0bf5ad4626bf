//! Onboarding: the form that connects an account (base URL, API key, a
//! private key read, pasted or generated), and the key chores it asks for.

pub mod message;
pub mod state;
pub mod task;
pub mod view;
