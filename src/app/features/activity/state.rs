//! The extrato's state: the filters as the person set them, and what is
//! computed from the lists, kept until a list changes. A list that did not
//! change keeps its `Arc` (an unchanged answer is not rebuilt, see
//! `Remote::confirm`), so the lists' pointers are the cache's key: a frame
//! with nothing new costs a comparison of a few pointers, whatever the
//! lists' length; the timeline is rebuilt once per list change and the
//! filtered range once per change of list or filter.

use std::sync::Arc;

use rust_decimal::Decimal;
use time::{Date, Duration, Month, OffsetDateTime};
use uuid::Uuid;

use crate::api::model::{Asset, Claim};
use crate::app::remote::Remote;
use crate::app::resources::{AccountData, DEPOSIT_ASSETS, Rows};

use super::model::{
    ActivityFilter, Filtered, Movement, MovementKind, Sources, assets_in, build_timeline,
    filter_timeline,
};
use super::monthly::{MonthFlow, MonthUse, YearMonth, last_months, monthly_flows, monthly_tax_use};

/// The date range, as offered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, strum::EnumIter)]
pub enum RangePreset {
    /// Every movement.
    #[default]
    All,
    /// From the first of this month.
    ThisMonth,
    /// Today and the 29 days before.
    Last30Days,
    /// This month and the 11 before.
    Last12Months,
    /// The days typed in From and To.
    Custom,
}

impl RangePreset {
    /// The translation key of its name.
    pub fn title_key(self) -> &'static str {
        match self {
            RangePreset::All => "activity.range_all",
            RangePreset::ThisMonth => "activity.range_this_month",
            RangePreset::Last30Days => "activity.range_30_days",
            RangePreset::Last12Months => "activity.range_12_months",
            RangePreset::Custom => "activity.range_custom",
        }
    }
}

impl RangePreset {
    /// The first and last day a preset covers as of `today` (open ends:
    /// `None`); Custom covers what is typed, so nothing here.
    pub fn days(self, today: Date) -> (Option<Date>, Option<Date>) {
        let first_of_month = |date: Date| date.replace_day(1).unwrap_or(date);
        match self {
            RangePreset::All | RangePreset::Custom => (None, None),
            RangePreset::ThisMonth => (Some(first_of_month(today)), Some(today)),
            RangePreset::Last30Days => (Some(today - Duration::days(29)), Some(today)),
            RangePreset::Last12Months => {
                let months = last_months(today, 12);
                let first = months.first().and_then(|month| {
                    Date::from_calendar_date(month.year, Month::try_from(month.month).ok()?, 1).ok()
                });
                (first, Some(today))
            }
        }
    }
}

/// A day typed in a range field that is not a date.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeError {
    /// The From field.
    From,
    /// The To field.
    To,
    /// From is after To.
    Reversed,
}

/// Reads a day as a person types it: `2026-03-09` or `09/03/2026`.
pub fn parse_day(text: &str) -> Option<Date> {
    let text = text.trim();
    let (year, month, day) = if let Some((day, rest)) = text.split_once('/') {
        let (month, year) = rest.split_once('/')?;
        (year, month, day)
    } else {
        let mut parts = text.splitn(3, '-');
        (parts.next()?, parts.next()?, parts.next()?)
    };
    let year: i32 = year.trim().parse().ok()?;
    let month: u8 = month.trim().parse().ok()?;
    let day: u8 = day.trim().parse().ok()?;
    if !(1000..=9999).contains(&year) {
        return None;
    }
    Date::from_calendar_date(year, Month::try_from(month).ok()?, day).ok()
}

/// The extrato's filters and its computed views.
#[derive(Clone, Debug)]
pub struct ActivityState {
    /// The date range offered.
    pub preset: RangePreset,
    /// The first day, as typed (custom range).
    pub from_text: String,
    /// The last day, as typed (custom range).
    pub to_text: String,
    /// Only this kind.
    pub kind: Option<MovementKind>,
    /// Only this asset.
    pub asset: Option<Asset>,
    /// Text searched in the records.
    pub search: String,
    /// The asset the Overview's money chart shows.
    pub chart_asset: Asset,
    /// Scroll the Overview to its charts (once the data is there), for a
    /// screenshot of them.
    pub charts_in_view: bool,
    cache: Cache,
}

impl Default for ActivityState {
    fn default() -> Self {
        ActivityState {
            preset: RangePreset::default(),
            from_text: String::new(),
            to_text: String::new(),
            kind: None,
            asset: None,
            search: String::new(),
            chart_asset: Asset::FiatBrl,
            charts_in_view: false,
            cache: Cache::default(),
        }
    }
}

/// The lists' identities: a pointer per list (`None` while it has no value)
/// and, for the claims this device made (a short list the app keeps, not
/// shared), their count and newest id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct SourcesKey {
    lists: [Option<usize>; 8],
    claims: (usize, Option<Uuid>),
}

fn identity<T>(remote: &Remote<Rows<T>>) -> Option<usize> {
    remote.value().map(|rows| Arc::as_ptr(rows) as usize)
}

fn shared<T>(remote: &Remote<Rows<T>>) -> Rows<T> {
    remote.value().cloned().unwrap_or_default()
}

impl SourcesKey {
    fn of(data: &AccountData, claims: &[Claim]) -> SourcesKey {
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

/// What is computed from the lists, with what it was computed for.
#[derive(Clone, Debug, Default)]
struct Cache {
    key: Option<SourcesKey>,
    sources: Sources,
    timeline: Arc<Vec<Movement>>,
    /// The assets the timeline holds, for the asset filter.
    assets: Arc<Vec<Asset>>,
    /// Bumped on every rebuild of the timeline: the filtered range and the
    /// charts are keyed on it.
    generation: u64,
    filtered: Option<(u64, ActivityFilter, Arc<Filtered>)>,
    flows: Option<(u64, Asset, YearMonth, Arc<Vec<MonthFlow>>)>,
    tax: Option<(
        u64,
        YearMonth,
        Option<(Decimal, Decimal)>,
        Arc<Vec<MonthUse>>,
    )>,
}

/// The extrato as one frame draws it, shared with the cache.
#[derive(Clone, Debug)]
pub struct ActivityView {
    /// The lists the timeline points into.
    pub sources: Sources,
    /// Every movement, newest first.
    pub timeline: Arc<Vec<Movement>>,
    /// The filtered range.
    pub filtered: Arc<Filtered>,
    /// The assets the timeline holds.
    pub assets: Arc<Vec<Asset>>,
}

impl ActivityState {
    /// The range the preset or the typed days make, as of `today`.
    pub fn range(&self, today: Date) -> Result<(Option<Date>, Option<Date>), RangeError> {
        Ok(match self.preset {
            RangePreset::Custom => {
                let read = |text: &str, error| {
                    if text.trim().is_empty() {
                        Ok(None)
                    } else {
                        parse_day(text).map(Some).ok_or(error)
                    }
                };
                let from = read(&self.from_text, RangeError::From)?;
                let to = read(&self.to_text, RangeError::To)?;
                if let (Some(from), Some(to)) = (from, to)
                    && from > to
                {
                    return Err(RangeError::Reversed);
                }
                (from, to)
            }
            preset => preset.days(today),
        })
    }

    /// The filters as they apply, as of `today`; a range that does not read
    /// leaves the range open (the field says what is wrong).
    pub fn filter(&self, today: Date) -> ActivityFilter {
        let (from, to) = self.range(today).unwrap_or((None, None));
        ActivityFilter {
            from,
            to,
            kind: self.kind,
            asset: self.asset.clone(),
            text: self.search.clone(),
        }
    }

    /// Rebuilds the timeline when a list changed; returns its generation.
    fn refresh(&mut self, data: &AccountData, claims: &[Claim]) -> u64 {
        let key = SourcesKey::of(data, claims);
        if self.cache.key.as_ref() != Some(&key) {
            let deposits = DEPOSIT_ASSETS.map(|asset| shared(data.deposits(&asset)));
            let sources = Sources {
                orders: shared(&data.orders),
                transfers: shared(&data.transfers),
                withdrawals: shared(&data.withdrawals),
                deposits,
                wallets: shared(&data.wallets),
                claims: Arc::new(claims.to_vec()),
            };
            let timeline = build_timeline(&sources);
            self.cache.assets = Arc::new(assets_in(&timeline));
            self.cache.timeline = Arc::new(timeline);
            self.cache.sources = sources;
            self.cache.key = Some(key);
            self.cache.generation += 1;
        }
        self.cache.generation
    }

    /// The timeline and the filtered range for `now`, computed only when a
    /// list or a filter changed.
    pub fn view(
        &mut self,
        data: &AccountData,
        claims: &[Claim],
        now: OffsetDateTime,
    ) -> ActivityView {
        let generation = self.refresh(data, claims);
        let filter = self.filter(now.date());
        let filtered = match &self.cache.filtered {
            Some((made_for, made_filter, filtered))
                if *made_for == generation && *made_filter == filter =>
            {
                Arc::clone(filtered)
            }
            _ => {
                let filtered = Arc::new(filter_timeline(
                    &self.cache.timeline,
                    &self.cache.sources,
                    &filter,
                ));
                self.cache.filtered = Some((generation, filter, Arc::clone(&filtered)));
                filtered
            }
        };
        ActivityView {
            sources: self.cache.sources.clone(),
            timeline: Arc::clone(&self.cache.timeline),
            filtered,
            assets: Arc::clone(&self.cache.assets),
        }
    }

    /// Money in and out of the chart's asset in the 12 months up to `now`'s.
    pub fn monthly_flows(
        &mut self,
        data: &AccountData,
        claims: &[Claim],
        now: OffsetDateTime,
    ) -> Arc<Vec<MonthFlow>> {
        let generation = self.refresh(data, claims);
        let this_month = YearMonth::of_moment(now);
        if let Some((made_for, asset, month, flows)) = &self.cache.flows
            && *made_for == generation
            && *asset == self.chart_asset
            && *month == this_month
        {
            return Arc::clone(flows);
        }
        let months = last_months(now.date(), 12);
        let flows = Arc::new(monthly_flows(
            &self.cache.timeline,
            &self.chart_asset,
            &months,
        ));
        self.cache.flows = Some((
            generation,
            self.chart_asset.clone(),
            this_month,
            Arc::clone(&flows),
        ));
        flows
    }

    /// The tax-exemption use in the 12 months up to `now`'s; this month's is
    /// the service's (`this_month`: claims and other disposals) when known.
    pub fn monthly_tax_use(
        &mut self,
        data: &AccountData,
        claims: &[Claim],
        now: OffsetDateTime,
        this_month: Option<(Decimal, Decimal)>,
    ) -> Arc<Vec<MonthUse>> {
        let generation = self.refresh(data, claims);
        let month = YearMonth::of_moment(now);
        if let Some((made_for, made_month, made_service, uses)) = &self.cache.tax
            && *made_for == generation
            && *made_month == month
            && *made_service == this_month
        {
            return Arc::clone(uses);
        }
        let months = last_months(now.date(), 12);
        let uses = Arc::new(monthly_tax_use(
            &self.cache.sources.orders,
            &self.cache.sources.claims,
            &months,
            this_month,
        ));
        self.cache.tax = Some((generation, month, this_month, Arc::clone(&uses)));
        uses
    }

    /// Another account was opened: its filters and figures start afresh
    /// (how the window was asked to start stays).
    pub fn reset(&mut self) {
        *self = ActivityState {
            charts_in_view: self.charts_in_view,
            ..ActivityState::default()
        };
    }

    /// How many times the timeline was built (for tests of the cache).
    pub fn generation(&self) -> u64 {
        self.cache.generation
    }
}
