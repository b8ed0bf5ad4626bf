//! What the extrato and the charts compute from the lists, kept in the
//! app's [`Cache`](crate::app::cache::Cache) until a list or a filter
//! changes. A change of a list rebuilds the timeline (only when the extrato
//! is drawn: the charts alone sum the lists as they are); a change of a
//! filter only refilters it. A million orders take 30 ms to build, 25 ms to
//! total and 0.15 s to search (`cargo bench --bench tables -- extrato`), so
//! a long account's are computed on a thread of their own.

use std::sync::Arc;

use uuid::Uuid;

use crate::app::cache::{Figures, identity, length, shared};
use crate::app::resources::{AccountData, DEPOSIT_ASSETS};
use brlv_core::api::model::{Asset, Claim};

use super::model::{
    ActivityFilter, Filtered, Movement, Sources, assets_in, build_timeline, filter_timeline,
    movements,
};
use super::monthly::{MonthFlow, YearMonth, monthly_flows};

/// The lists' identities: a pointer per list (`None` while it has no value)
/// and, for the claims this device made (a short list the app keeps, not
/// shared), their count and newest id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourcesKey {
    lists: [Option<usize>; 8],
    claims: (usize, Option<Uuid>),
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
