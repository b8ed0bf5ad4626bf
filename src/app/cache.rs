//! The cache every figure computed from the lists is kept in, and computed
//! where the window does not wait: the extrato's and the charts'
//! (`features::activity::cache`) and the tax year's ledger
//! (`features::taxes::figures`).
//!
//! A list that did not change keeps its `Arc` (an unchanged answer is not
//! rebuilt, see `Remote::confirm`), so the lists' pointers are the key: a
//! frame with nothing new costs a comparison of a few pointers, whatever
//! the lists' length. Up to [`INLINE_ROWS`] records the figures are
//! computed at once, in the frame; past it, on a thread of their own, one
//! computation at a time, like sorting a long list (`ui/arrange.rs`), with
//! the previous figures shown meanwhile.

use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex, PoisonError};

use crate::app::remote::Remote;
use crate::app::resources::Rows;

/// Lists with up to this many records in all are computed in the frame.
pub const INLINE_ROWS: usize = 20_000;

/// A list's identity: the pointer of its shared rows, `None` while it has
/// no value. The same while the list is unchanged.
pub fn identity<T>(remote: &Remote<Rows<T>>) -> Option<usize> {
    remote.value().map(|rows| Arc::as_ptr(rows) as usize)
}

/// A list's rows, shared (empty while it has no value).
pub fn shared<T>(remote: &Remote<Rows<T>>) -> Rows<T> {
    remote.value().cloned().unwrap_or_default()
}

/// How many rows a list holds.
pub fn length<T>(remote: &Remote<Rows<T>>) -> usize {
    remote.value().map_or(0, |rows| rows.len())
}

/// Figures computed from the lists for one request, which a [`Cache`]
/// keeps until what they were computed for changes.
pub trait Figures: Default + Send + Sync + 'static {
    /// What they are computed for: the lists' identities and the choices
    /// that shape them.
    type Request: Clone + PartialEq + Default + Send + 'static;
    /// What they are computed from: the lists, shared.
    type Sources: Clone + Send + 'static;
    /// The name of the thread a long computation runs on.
    const THREAD: &'static str;

    /// What they were computed for.
    fn request(&self) -> &Self::Request;

    /// Whether they answer `wanted` too.
    fn serves(&self, wanted: &Self::Request) -> bool {
        self.request() == wanted
    }

    /// How many times the costly part was built so far (for tests).
    fn generation(&self) -> u64;

    /// Computes `request` from `sources`, reusing what `previous` computed
    /// for the same lists and the same choices.
    fn compute(previous: Option<&Self>, request: Self::Request, sources: Self::Sources) -> Self;
}

/// Where a computation on its own thread delivers (shared, as the state clones).
type Pending<F> = Arc<Mutex<Receiver<F>>>;

/// The figures shown, and the computation under way (at most one).
pub struct Cache<F: Figures> {
    shown: Arc<F>,
    running: Option<(F::Request, Pending<F>)>,
    /// How many computations were started on a thread of their own.
    started: u64,
}

impl<F: Figures> Default for Cache<F> {
    fn default() -> Self {
        Cache {
            shown: Arc::default(),
            running: None,
            started: 0,
        }
    }
}

impl<F: Figures> Clone for Cache<F> {
    fn clone(&self) -> Self {
        Cache {
            shown: Arc::clone(&self.shown),
            running: self
                .running
                .as_ref()
                .map(|(request, pending)| (request.clone(), Arc::clone(pending))),
            started: self.started,
        }
    }
}

impl<F: Figures> std::fmt::Debug for Cache<F> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Cache")
            .field("generation", &self.shown.generation())
            .field("running", &self.running.is_some())
            .field("started", &self.started)
            .finish()
    }
}

impl<F: Figures> Cache<F> {
    /// The figures for `request` when they are ready, else the last ones
    /// with `true` (busy) while they are computed. `rows` is how many
    /// records the lists hold: up to [`INLINE_ROWS`] they are computed in
    /// the frame, past it on a thread of their own.
    pub fn get(
        &mut self,
        ctx: &egui::Context,
        request: F::Request,
        rows: usize,
        sources: impl FnOnce() -> F::Sources,
    ) -> (Arc<F>, bool) {
        if let Some((_, pending)) = &self.running {
            let done = pending
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .try_recv();
            match done {
                Ok(computed) => {
                    self.shown = Arc::new(computed);
                    self.running = None;
                }
                Err(TryRecvError::Disconnected) => self.running = None,
                Err(TryRecvError::Empty) => {}
            }
        }
        if self.shown.serves(&request) {
            return (Arc::clone(&self.shown), self.running.is_some());
        }
        // One computation at a time: while lists land one after another,
        // each would otherwise start its own, every one holding a timeline
        // of its own. The one running delivers, then a frame asks again.
        if self.running.is_some() {
            return (Arc::clone(&self.shown), true);
        }
        let sources = sources();
        if rows <= INLINE_ROWS {
            self.shown = Arc::new(F::compute(Some(&self.shown), request, sources));
            self.running = None;
            return (Arc::clone(&self.shown), false);
        }
        let (sender, receiver) = channel();
        let previous = Arc::clone(&self.shown);
        let context = ctx.clone();
        let job = request.clone();
        let job_sources = sources.clone();
        let spawned = std::thread::Builder::new()
            .name(F::THREAD.to_owned())
            .spawn(move || {
                let computed = F::compute(Some(&previous), job, job_sources);
                if sender.send(computed).is_ok() {
                    context.request_repaint();
                }
            });
        match spawned {
            Ok(_) => {
                self.started += 1;
                self.running = Some((request, Arc::new(Mutex::new(receiver))));
                (Arc::clone(&self.shown), true)
            }
            Err(error) => {
                tracing::warn!("the {} thread could not start: {error}", F::THREAD);
                self.shown = Arc::new(F::compute(Some(&self.shown), request, sources));
                (Arc::clone(&self.shown), false)
            }
        }
    }

    /// The figures last computed, whatever they were computed for.
    pub fn shown(&self) -> Arc<F> {
        Arc::clone(&self.shown)
    }

    /// How many times the costly part was built so far.
    pub fn generation(&self) -> u64 {
        self.shown.generation()
    }

    /// How many computations were started on a thread of their own.
    pub fn threads_started(&self) -> u64 {
        self.started
    }
}
