//! Desktop notifications: when money moved (or did not) while the person was
//! looking elsewhere, the operating system says so. `rules.rs` decides, as a
//! pure function of the last known states and a fresh answer, what is news;
//! `state.rs` keeps those states per connection and holds the news while the
//! window is unfocused and the Settings switch is on; `text.rs` writes it in
//! the person's language; `notifier.rs` hands it to the system off the UI
//! thread.

pub mod notifier;
pub mod rules;
pub mod state;
pub mod text;

pub use notifier::{NotificationText, Notifier, SystemNotifier};
pub use rules::{DesktopNote, Happening, transitions};
pub use state::NotifyState;
