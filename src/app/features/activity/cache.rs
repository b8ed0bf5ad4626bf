//! What the extrato and the charts compute from the lists, kept until a
//! list or a filter changes, and computed where the window does not wait.
//!
//! A list that did not change keeps its `Arc` (an unchanged answer is not
//! rebuilt, see `Remote::confirm`), so the lists' pointers are the key: a
//! frame with nothing new costs a comparison of a few pointers, whatever
//! the lists' length. A change of a list rebuilds the timeline (only when
//! the extrato is drawn: the charts alone sum the lists as they are); a
//! change of a filter only refilters it. Up to [`INLINE_ROWS`] records that
//! is done at once, in the frame (a few ms: a million orders take 30 ms to
//! build, 25 ms to total and 0.15 s to search, `cargo bench --bench tables
//! -- extrato`); past it, on a thread of its own, one computation at a
//! time, like sorting a long list (`ui/arrange.rs`), with the previous
//! figures shown meanwhile.
//!
//! The mechanism, [`Cache`], serves any [`Figures`]: the extrato's
//! ([`Computed`]) and the tax year's ledger (`features::taxes::figures`).

use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex, PoisonError};

use uuid::Uuid;

use crate::app::remote::Remote;
use crate::app::resources::{AccountData, DEPOSIT_ASSETS, Rows};
use brlv_core::api::model::{Asset, Claim};

use super::model::{
    ActivityFilter, Filtered, Movement, Sources, assets_in, build_timeline, filter_timeline,
    movements,
};
use super::monthly::{MonthFlow, YearMonth, monthly_flows};

/// Lists with up to this many records in all are computed in the frame.
pub const INLINE_ROWS: usize = 20_000;

/// The lists' identities: a pointer per list (`None` while it has no value)
/// and, for the claims this device made (a short list the app keeps, not
/// shared), their count and newest id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourcesKey {
    lists: [Option<usize>; 8],
    claims: (usize, Option<Uuid>),
}

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

impl SourcesKey {
    /// The identity of the lists in `data` and of `claims`.
    pub fn of(data: &AccountData, claims: &[Claim]) -> SourcesKey {
        let deposits = DEPOSIT_ASSETS.map(|asset| identity(data.deposits(&asset)));
        SourcesKey {
            lists: [
                identity(&data.orders),
                identity(&data.transfers),
                identity(&data.withdrawals),
                identity(&data.wallets),
                deposits[0],
                deposits[1],
                deposits[2],
                deposits[3],
            ],
            claims: (claims.len(), claims.first().map(|claim| claim.id)),
        }
    }
}

/// The lists of `data` and `claims`, shared, as the extrato reads them.
pub fn sources_of(data: &AccountData, claims: &[Claim]) -> Sources {
    Sources {
        orders: shared(&data.orders),
        transfers: shared(&data.transfers),
        withdrawals: shared(&data.withdrawals),
        deposits: DEPOSIT_ASSETS.map(|asset| shared(data.deposits(&asset))),
        wallets: shared(&data.wallets),
        claims: Arc::new(claims.to_vec()),
    }
}

/// How many records the lists of `data` and `claims` hold.
pub fn rows_in(data: &AccountData, claims: &[Claim]) -> usize {
    length(&data.orders)
        + length(&data.transfers)
        + length(&data.withdrawals)
        + DEPOSIT_ASSETS
            .iter()
            .map(|asset| length(data.deposits(asset)))
            .sum::<usize>()
        + claims.len()
}

/// What one computation is for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// The lists.
    pub key: SourcesKey,
    /// Whether the extrato's lines are wanted: the timeline (16 bytes per
    /// record, and a sort), its assets and the filtered range. The charts
    /// alone sum the lists as they are and need none of it.
    pub extrato: bool,
    /// The extrato's filters, with the person's zone (the charts' months
    /// are that zone's too).
    pub filter: ActivityFilter,
    /// The money chart's asset.
    pub chart_asset: Option<Asset>,
    /// The charts' months.
    pub months: Vec<YearMonth>,
}

/// Everything computed for one request.
#[derive(Clone, Debug, Default)]
pub struct Computed {
    /// What it was computed for.
    pub request: Request,
    /// The lists the timeline points into.
    pub sources: Sources,
    /// Every movement, newest first (empty when the extrato's lines were
    /// not wanted).
    pub timeline: Arc<Vec<Movement>>,
    /// The assets it holds.
    pub assets: Arc<Vec<Asset>>,
    /// The filtered range.
    pub filtered: Arc<Filtered>,
    /// Money in and out of the chart's asset per month.
    pub flows: Arc<Vec<MonthFlow>>,
    /// How many timelines were built so far.
    pub generation: u64,
}

impl Figures for Computed {
    type Request = Request;
    type Sources = Sources;
    const THREAD: &'static str = "brlv-extrato";

    fn request(&self) -> &Request {
        &self.request
    }

    /// The same request, or the same with the extrato's lines besides.
    fn serves(&self, wanted: &Request) -> bool {
        self.request == *wanted
            || (self.request.extrato
                && !wanted.extrato
                && *wanted
                    == Request {
                        extrato: false,
                        ..self.request.clone()
                    })
    }

    fn generation(&self) -> u64 {
        self.generation
    }

    fn compute(previous: Option<&Computed>, request: Request, sources: Sources) -> Computed {
        compute(previous, request, sources)
    }
}

/// Computes `request` from `sources`, reusing what `previous` computed for
/// the same lists and the same choices.
pub fn compute(previous: Option<&Computed>, request: Request, sources: Sources) -> Computed {
    let same_lists = previous.filter(|previous| previous.request.key == request.key);
    let sources = same_lists.map_or(sources, |previous| previous.sources.clone());
    let generation = previous.map_or(0, |previous| previous.generation);
    // A previous computation of these lists with the extrato's lines.
    let lines = same_lists.filter(|previous| previous.request.extrato);
    let (timeline, assets, generation) = match lines {
        _ if !request.extrato => (Arc::default(), Arc::default(), generation),
        Some(previous) => (
            Arc::clone(&previous.timeline),
            Arc::clone(&previous.assets),
            generation,
        ),
        None => {
            let timeline = build_timeline(&sources);
            let assets = assets_in(&timeline, &sources);
            (Arc::new(timeline), Arc::new(assets), generation + 1)
        }
    };
    let filtered = match lines.filter(|previous| previous.request.filter == request.filter) {
        _ if !request.extrato => Arc::default(),
        Some(previous) => Arc::clone(&previous.filtered),
        None => Arc::new(filter_timeline(&timeline, &sources, &request.filter)),
    };
    let flows = match same_lists.filter(|previous| {
        previous.request.chart_asset == request.chart_asset
            && previous.request.months == request.months
            && previous.request.filter.zone == request.filter.zone
    }) {
        Some(previous) => Arc::clone(&previous.flows),
        None => {
            let asset = request.chart_asset.as_ref().unwrap_or(&Asset::FiatBrl);
            let (months, zone) = (&request.months, &request.filter.zone);
            let flows = if request.extrato {
                monthly_flows(timeline.iter().copied(), &sources, asset, months, zone)
            } else {
                monthly_flows(movements(&sources), &sources, asset, months, zone)
            };
            Arc::new(flows)
        }
    };
    Computed {
        request,
        sources,
        timeline,
        assets,
        filtered,
        flows,
        generation,
    }
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
