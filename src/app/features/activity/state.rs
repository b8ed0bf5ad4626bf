//! The extrato's state: the filters as the person set them, and what is
//! computed from the lists ([`super::cache`]), kept until a list or a
//! filter changes.

use std::sync::Arc;

use time::{Date, Duration, Month, OffsetDateTime};

use crate::app::clock::LocalZone;
use crate::app::export::ExportDraft;
use crate::app::resources::AccountData;
use brlv_core::api::model::{Asset, Claim};

use super::cache::{Computed, Request, SourcesKey, rows_in, sources_of};
use super::export::ExtratoSnapshot;
use super::model::{ActivityFilter, Filtered, Movement, Sources};
use super::monthly::{MonthFlow, last_months};
use crate::app::cache::Cache;
use crate::app::movement::MovementKind;

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
    /// Saving the extrato as OFX or CSV: the typed path, how the last save ended.
    pub export: ExportDraft,
    /// The extrato as shown when a save asked for the system's dialog,
    /// written once a file is chosen.
    pub pending_export: Option<ExtratoSnapshot>,
    cache: Cache<Computed>,
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
            export: ExportDraft::default(),
            pending_export: None,
            cache: Cache::default(),
        }
    }
}

/// How much of the extrato's figures a view needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extent {
    /// The extrato itself: its timeline, assets and filtered range, and the
    /// charts' figures.
    Extrato,
    /// The charts' figures alone: the timeline, assets and filtered range
    /// stay empty unless the extrato computed them already, so a long
    /// account's Overview does not hold a timeline it does not draw.
    Charts,
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
    /// The filters it was made with (the days, in the person's zone).
    pub filter: ActivityFilter,
    /// The assets the timeline holds.
    pub assets: Arc<Vec<Asset>>,
    /// Money in and out of the chart's asset, per month.
    pub flows: Arc<Vec<MonthFlow>>,
    /// Newer figures are being computed (a long list changed); these are
    /// the previous ones.
    pub busy: bool,
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

    /// The filters as they apply in `zone`, as of `today` there; a range
    /// that does not read leaves the range open (the field says what is
    /// wrong).
    pub fn filter(&self, zone: &LocalZone, today: Date) -> ActivityFilter {
        let (from, to) = self.range(today).unwrap_or((None, None));
        ActivityFilter {
            zone: zone.clone(),
            from,
            to,
            kind: self.kind,
            asset: self.asset.clone(),
            text: self.search.clone(),
        }
    }

    /// Everything the extrato shows for the lists in `data`, the claims made
    /// here and the filters, as of `now`, its days and months those of
    /// `zone` (the charts' figures besides, or those alone: see
    /// [`Extent`]): computed once per change of a list, a filter or the
    /// day (on a thread of its own for long lists, the previous figures
    /// shown meanwhile).
    pub fn view(
        &mut self,
        ctx: &egui::Context,
        data: &AccountData,
        claims: &[Claim],
        now: OffsetDateTime,
        zone: &LocalZone,
        extent: Extent,
    ) -> ActivityView {
        let extrato = extent == Extent::Extrato;
        let today = zone.date_of(now);
        let request = Request {
            key: SourcesKey::of(data, claims),
            extrato,
            filter: self.filter(zone, today),
            chart_asset: Some(self.chart_asset.clone()),
            months: last_months(today, 12),
        };
        let (computed, busy) = self.cache.get(ctx, request, rows_in(data, claims), || {
            sources_of(data, claims)
        });
        ActivityView {
            sources: computed.sources.clone(),
            timeline: Arc::clone(&computed.timeline),
            filtered: Arc::clone(&computed.filtered),
            filter: computed.request.filter.clone(),
            assets: Arc::clone(&computed.assets),
            flows: Arc::clone(&computed.flows),
            busy,
        }
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
        self.cache.generation()
    }

    /// How many computations ran on a thread of their own (for tests of
    /// the cache).
    pub fn threads_started(&self) -> u64 {
        self.cache.threads_started()
    }
}

/// What the extrato's panel is told.
#[derive(Debug)]
pub enum ActivityTold {
    /// What became of the extrato's file: the file chosen in the system's
    /// dialog for the extrato as shown (with no file, the extrato kept for
    /// it is let go), how the save ended, a file kept.
    File(crate::app::dialog::FileAnswer),
}
