//! [`Remote<T>`]: a value fetched from the service, with its loading state.
//! A reload or a failure keeps the last good value, so the screen never blanks.

use crate::api::Error;

use super::clock::Millis;

/// A value together with the moment it arrived.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded<T> {
    /// The value.
    pub value: T,
    /// When it arrived, on the app's clock.
    pub fetched_at: Millis,
}

/// A resource as the panels see it.
#[derive(Clone, Debug, Default)]
pub enum Remote<T> {
    /// Never asked for (no connection yet).
    #[default]
    NotRequested,
    /// Being fetched; `previous` is what is shown meanwhile.
    Loading {
        /// The last good value, if any.
        previous: Option<Loaded<T>>,
    },
    /// Fetched.
    Ready(Loaded<T>),
    /// The last fetch failed; `previous` is still shown.
    Failed {
        /// What went wrong.
        error: Error,
        /// The last good value, if any.
        previous: Option<Loaded<T>>,
        /// When the worker tries again.
        retry_at: Millis,
    },
}

impl<T> Remote<T> {
    /// The value to show: the current one, or the last good one while
    /// reloading or after a failure.
    pub fn value(&self) -> Option<&T> {
        self.loaded().map(|loaded| &loaded.value)
    }

    /// The value to show with the moment it arrived.
    pub fn loaded(&self) -> Option<&Loaded<T>> {
        match self {
            Remote::NotRequested => None,
            Remote::Ready(loaded) => Some(loaded),
            Remote::Loading { previous } | Remote::Failed { previous, .. } => previous.as_ref(),
        }
    }

    /// Whether a fetch is under way.
    pub fn is_loading(&self) -> bool {
        matches!(self, Remote::Loading { .. })
    }

    /// The error of the last fetch, if it failed.
    pub fn error(&self) -> Option<&Error> {
        match self {
            Remote::Failed { error, .. } => Some(error),
            _ => None,
        }
    }

    /// Marks a fetch as started, keeping the value shown.
    pub fn start_loading(&mut self) {
        let previous = match std::mem::take(self) {
            Remote::NotRequested => None,
            Remote::Ready(loaded) => Some(loaded),
            Remote::Loading { previous } | Remote::Failed { previous, .. } => previous,
        };
        *self = Remote::Loading { previous };
    }

    /// A fetch that ended at `now` brought the value already held: it is
    /// kept as it is (nothing rebuilt), only its time moves.
    pub fn confirm(&mut self, now: Millis) {
        let previous = match std::mem::take(self) {
            Remote::NotRequested => None,
            Remote::Ready(loaded) => Some(loaded),
            Remote::Loading { previous } | Remote::Failed { previous, .. } => previous,
        };
        *self = match previous {
            Some(loaded) => Remote::Ready(Loaded {
                value: loaded.value,
                fetched_at: now,
            }),
            // Nothing held (the value was dropped meanwhile): stay empty.
            None => Remote::NotRequested,
        };
    }

    /// Stores the outcome of a fetch that ended at `now`.
    pub fn finish(&mut self, result: Result<T, Error>, now: Millis, retry_at: Millis) {
        match result {
            Ok(value) => {
                *self = Remote::Ready(Loaded {
                    value,
                    fetched_at: now,
                });
            }
            Err(error) => {
                let previous = match std::mem::take(self) {
                    Remote::NotRequested => None,
                    Remote::Ready(loaded) => Some(loaded),
                    Remote::Loading { previous } | Remote::Failed { previous, .. } => previous,
                };
                *self = Remote::Failed {
                    error,
                    previous,
                    retry_at,
                };
            }
        }
    }
}
