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

use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex, PoisonError};

use rust_decimal::Decimal;
use uuid::Uuid;

use crate::api::model::{Asset, Claim};
use crate::app::remote::Remote;
use crate::app::resources::{AccountData, DEPOSIT_ASSETS, Rows};

use super::model::{
    ActivityFilter, Filtered, Movement, Sources, assets_in, build_timeline, filter_timeline,
    movements,
};
use super::monthly::{MonthFlow, MonthUse, YearMonth, monthly_flows, monthly_tax_use};

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

fn identity<T>(remote: &Remote<Rows<T>>) -> Option<usize> {
    remote.value().map(|rows| Arc::as_ptr(rows) as usize)
}

fn shared<T>(remote: &Remote<Rows<T>>) -> Rows<T> {
    remote.value().cloned().unwrap_or_default()
}

fn length<T>(remote: &Remote<Rows<T>>) -> usize {
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

fn sources_of(data: &AccountData, claims: &[Claim]) -> Sources {
    Sources {
        orders: shared(&data.orders),
        transfers: shared(&data.transfers),
        withdrawals: shared(&data.withdrawals),
        deposits: DEPOSIT_ASSETS.map(|asset| shared(data.deposits(&asset))),
        wallets: shared(&data.wallets),
        claims: Arc::new(claims.to_vec()),
    }
}

fn rows_in(data: &AccountData, claims: &[Claim]) -> usize {
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
    /// The service's claims and other disposals of this month.
    pub this_month: Option<(Decimal, Decimal)>,
}

impl Request {
    /// Whether what was computed for `self` answers `wanted` too: the same
    /// request, or the same with the extrato's lines besides.
    fn serves(&self, wanted: &Request) -> bool {
        self == wanted
            || (self.extrato
                && !wanted.extrato
                && *wanted
                    == Request {
                        extrato: false,
                        ..self.clone()
                    })
    }
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
    /// The tax-exemption use per month.
    pub tax: Arc<Vec<MonthUse>>,
    /// How many timelines were built so far.
    pub generation: u64,
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
    let tax = match same_lists.filter(|previous| {
        previous.request.months == request.months
            && previous.request.this_month == request.this_month
    }) {
        Some(previous) => Arc::clone(&previous.tax),
        None => Arc::new(monthly_tax_use(
            &sources.orders,
            &sources.claims,
            &request.months,
            request.this_month,
        )),
    };
    Computed {
        request,
        sources,
        timeline,
        assets,
        filtered,
        flows,
        tax,
        generation,
    }
}

/// Where a computation on its own thread delivers (shared, as the state clones).
type Pending = Arc<Mutex<Receiver<Computed>>>;

/// The figures shown, and the computation under way (at most one).
#[derive(Clone, Debug, Default)]
pub struct Cache {
    shown: Arc<Computed>,
    running: Option<(Request, Pending)>,
    /// How many computations were started on a thread of their own.
    started: u64,
}

impl Cache {
    /// The figures for `request` when they are ready, else the last ones
    /// with `true` (busy) while they are computed.
    pub fn get(
        &mut self,
        ctx: &egui::Context,
        request: Request,
        data: &AccountData,
        claims: &[Claim],
    ) -> (Arc<Computed>, bool) {
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
        if self.shown.request.serves(&request) {
            return (Arc::clone(&self.shown), self.running.is_some());
        }
        // One computation at a time: while lists land one after another,
        // each would otherwise start its own, every one holding a timeline
        // of its own. The one running delivers, then a frame asks again.
        if self.running.is_some() {
            return (Arc::clone(&self.shown), true);
        }
        let sources = sources_of(data, claims);
        if rows_in(data, claims) <= INLINE_ROWS {
            self.shown = Arc::new(compute(Some(&self.shown), request, sources));
            self.running = None;
            return (Arc::clone(&self.shown), false);
        }
        let (sender, receiver) = channel();
        let previous = Arc::clone(&self.shown);
        let context = ctx.clone();
        let job = request.clone();
        let spawned = std::thread::Builder::new()
            .name("brlv-extrato".to_owned())
            .spawn(move || {
                let computed = compute(Some(&previous), job, sources);
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
                tracing::warn!("the extrato's thread could not start: {error}");
                let sources = sources_of(data, claims);
                self.shown = Arc::new(compute(Some(&self.shown), request, sources));
                (Arc::clone(&self.shown), false)
            }
        }
    }

    /// How many timelines were built so far.
    pub fn generation(&self) -> u64 {
        self.shown.generation
    }

    /// How many computations were started on a thread of their own.
    pub fn threads_started(&self) -> u64 {
        self.started
    }
}
