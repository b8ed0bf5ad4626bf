//! [`Remote<T>`]: a value fetched from the service, with its loading state.
//! A reload or a failure keeps the last good value, so the screen never blanks.
//! A value restored from the journal at start is marked with when it was
//! fetched ([`Loaded::saved_at`]) until the service confirms it again.

use time::OffsetDateTime;

use brlv_core::api::Error;

use super::clock::Millis;

/// A value together with the moment it arrived.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded<T> {
    /// The value.
    pub value: T,
    /// When it arrived, on the app's clock.
    pub fetched_at: Millis,
    /// For a copy restored from the journal: when it was fetched, in an
    /// earlier run. `None` for a value fetched in this run.
    pub saved_at: Option<OffsetDateTime>,
    /// For a saved copy of a list above the journal's size bound: how much of
    /// it was kept (its newest rows).
    pub saved_partial: Option<PartialCopy>,
}

/// A saved copy that holds only a list's newest rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartialCopy {
    /// Rows kept.
    pub kept: u64,
    /// Rows the list had.
    pub total: u64,
}

impl<T> Loaded<T> {
    /// Whether it is a copy from an earlier run, not yet confirmed.
    pub fn is_saved_copy(&self) -> bool {
        self.saved_at.is_some()
    }
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

    /// Whether there is a value to stand by: one fetched in this run, or a
    /// copy from an earlier run that the service could not confirm (its
    /// fetch failed). A saved copy still awaiting its first fetch is not.
    pub fn settled(&self) -> bool {
        self.loaded()
            .is_some_and(|loaded| !loaded.is_saved_copy() || self.error().is_some())
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
            // Confirmed by the service in this run: no longer a saved copy.
            Some(loaded) => Remote::Ready(Loaded {
                value: loaded.value,
                fetched_at: now,
                saved_at: None,
                saved_partial: None,
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
                    saved_at: None,
                    saved_partial: None,
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

    /// Shows `value`, kept from an earlier run and fetched at `saved_at`
    /// (`partial` when only its newest rows were kept), while nothing
    /// fresher is there; a value fetched in this run wins.
    pub fn restore(&mut self, value: T, saved_at: OffsetDateTime, partial: Option<PartialCopy>) {
        let saved = Loaded {
            value,
            fetched_at: 0,
            saved_at: Some(saved_at),
            saved_partial: partial,
        };
        match self {
            Remote::NotRequested => *self = Remote::Ready(saved),
            Remote::Loading { previous } | Remote::Failed { previous, .. } => {
                if previous.is_none() {
                    *previous = Some(saved);
                }
            }
            Remote::Ready(_) => {}
        }
    }
}
