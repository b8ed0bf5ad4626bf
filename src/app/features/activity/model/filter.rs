//! The person's filters over the extrato's timeline ([`ActivityFilter`])
//! and what the filtered range shows ([`filter_timeline`]): its lines
//! grouped by day and the totals in and out per asset, exact. The filtered
//! range keeps positions into the timeline, not copies, and nothing per
//! movement when every movement matches; days are the person's own, read
//! in their zone once per day ([`crate::app::clock::LocalDays`]).

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use time::Date;

use crate::app::clock::LocalZone;
use crate::app::movement::MovementKind;
use crate::app::resources::DEPOSIT_ASSETS;
use crate::app::search::SearchText;
use brlv_core::api::model::{Asset, DepositAsset};

use super::timeline::{Direction, Movement, Source, Sources, index};

/// The person's filters: a range of days (both ends included, either
/// open) in their zone, a kind, an asset and a text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ActivityFilter {
    /// The zone the days are the person's days in: the range's, and the
    /// days the lines are grouped under.
    pub zone: LocalZone,
    /// The first day shown.
    pub from: Option<Date>,
    /// The last day shown.
    pub to: Option<Date>,
    /// Only this kind.
    pub kind: Option<MovementKind>,
    /// Only movements with a leg in this asset.
    pub asset: Option<Asset>,
    /// Only movements whose record contains this text (case-insensitive).
    pub text: String,
}

/// Money in and out of one asset over a range, exact.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Received.
    pub money_in: Decimal,
    /// Paid.
    pub money_out: Decimal,
}

impl Totals {
    /// In minus out.
    pub fn net(&self) -> Decimal {
        self.money_in - self.money_out
    }
}

/// One line of the extrato: a day's header, or a movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// The day the movements under it happened; `None` for those without a time.
    Day(Option<Date>),
    /// `timeline[i]`.
    Movement(u32),
}

/// The movements a filter let through, as positions in the timeline.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Matches {
    /// Every movement: nothing kept per movement.
    Every,
    /// These, in the timeline's order.
    These(Vec<u32>),
}

impl Default for Matches {
    fn default() -> Self {
        Matches::These(Vec::new())
    }
}

/// Where a day's header is among the lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DayStart {
    /// The header's line.
    line: u32,
    /// The day; `None` for the movements without a time.
    day: Option<Date>,
}

/// The filtered range: its lines, newest day first, and its totals. Its
/// lines are not stored one by one: the matching movements' positions (none
/// kept when every movement matches) and where each day starts make any
/// line at once ([`Filtered::line`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filtered {
    matches: Matches,
    days: Vec<DayStart>,
    /// How many movements matched.
    pub count: usize,
    /// In and out per asset, over the matching movements that count; with
    /// an asset filter, that asset only.
    pub totals: BTreeMap<Asset, Totals>,
}

impl Filtered {
    /// How many lines: the movements and their days' headers.
    pub fn len(&self) -> usize {
        self.count + self.days.len()
    }

    /// No line at all: nothing matched.
    pub fn is_empty(&self) -> bool {
        self.days.is_empty()
    }

    /// The line at `position`, in the order shown.
    pub fn line(&self, position: usize) -> Option<Line> {
        let line = u32::try_from(position).ok()?;
        // The days whose header is at or before this line; the last is its day.
        let days_before = self.days.partition_point(|start| start.line <= line);
        let start = self.days.get(days_before.checked_sub(1)?)?;
        if start.line == line {
            return Some(Line::Day(start.day));
        }
        // Every header so far is one line that is not a movement.
        let matched = position.checked_sub(days_before)?;
        if matched >= self.count {
            return None;
        }
        let movement = match &self.matches {
            Matches::Every => u32::try_from(matched).ok()?,
            Matches::These(positions) => *positions.get(matched)?,
        };
        Some(Line::Movement(movement))
    }

    /// Every line, in the order shown.
    pub fn lines(&self) -> impl Iterator<Item = Line> + '_ {
        (0..self.len()).filter_map(|position| self.line(position))
    }

    /// Bytes this range keeps besides its totals (for measurements).
    pub fn kept_bytes(&self) -> usize {
        let matches = match &self.matches {
            Matches::Every => 0,
            Matches::These(positions) => positions.capacity() * std::mem::size_of::<u32>(),
        };
        matches + self.days.capacity() * std::mem::size_of::<DayStart>()
    }
}

/// The instants a filter's days cover, as seconds since 1970 (UTC): from
/// the first instant of its first day to before the first instant of the
/// day after its last, each end open when the filter's is. Worked out once
/// per filtering, so a movement is placed by comparing its second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SecondsRange {
    /// The first second in the range.
    pub start: Option<i64>,
    /// The first second past it.
    pub end: Option<i64>,
}

impl SecondsRange {
    /// The seconds `filter`'s days cover in its zone.
    pub fn of(filter: &ActivityFilter) -> SecondsRange {
        let zone = &filter.zone;
        // A day the zone's rules cannot place (past year 9999) leaves its end open.
        SecondsRange {
            start: filter.from.and_then(|from| zone.start_of(from)),
            end: filter
                .to
                .and_then(|to| to.next_day())
                .and_then(|next| zone.start_of(next)),
        }
    }

    /// Whether the range is every moment, the undated included.
    fn is_open(self) -> bool {
        self.start.is_none() && self.end.is_none()
    }

    /// Whether `second` is in it.
    pub fn holds(self, second: i64) -> bool {
        self.start.is_none_or(|start| second >= start) && self.end.is_none_or(|end| second < end)
    }
}

/// Whether `movement` passes the filters other than the asset and the text.
fn passes(movement: &Movement, filter: &ActivityFilter, range: SecondsRange) -> bool {
    if filter.kind.is_some_and(|kind| kind != movement.kind()) {
        return false;
    }
    if range.is_open() {
        return true;
    }
    // A movement with no time cannot be placed in a range.
    movement
        .unix_second()
        .is_some_and(|second| range.holds(second))
}

/// Whether the record of `movement` holds every word `search` looks for:
/// the record's own pieces (see [`Record::search_pieces`]), and in the
/// extrato its kind and a deposit's list.
fn record_holds(movement: &Movement, sources: &Sources, search: &mut SearchText<'_>) -> bool {
    search.matches(|text| {
        text.word(Some(movement.kind().wire()));
        if let Source::Deposit(list, _) = movement.source() {
            text.word(
                DEPOSIT_ASSETS
                    .get(usize::from(list))
                    .map(DepositAsset::as_str),
            );
        }
        if let Some(record) = sources.record(movement.source()) {
            record.search_pieces(text);
        }
    })
}

/// Timelines up to this long are searched on one thread.
const SEARCH_ALONE_UP_TO: usize = 50_000;

/// Which movements of `timeline` that pass the day and kind filters hold
/// `needle`, one flag per movement, `None` for a short timeline. Reading
/// each record for the search is most of its cost, and records do not
/// depend on each other, so a long timeline is cut in one part per core.
fn search_in_parts(
    timeline: &[Movement],
    sources: &Sources,
    filter: &ActivityFilter,
    needle: &str,
) -> Option<Vec<bool>> {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    if needle.is_empty() || cores < 2 || timeline.len() <= SEARCH_ALONE_UP_TO {
        return None;
    }
    let range = SecondsRange::of(filter);
    let mut found = vec![false; timeline.len()];
    let part = timeline.len().div_ceil(cores.min(8));
    std::thread::scope(|scope| {
        for (movements, flags) in timeline.chunks(part).zip(found.chunks_mut(part)) {
            scope.spawn(move || {
                let mut search = SearchText::new(needle);
                for (movement, flag) in movements.iter().zip(flags) {
                    *flag = passes(movement, filter, range)
                        && record_holds(movement, sources, &mut search);
                }
            });
        }
    });
    Some(found)
}

/// The movements of `timeline` that pass `filter`, grouped by the day
/// they happened on in the filter's zone, with the totals per asset.
/// `timeline` is newest first, so each day's movements are together.
pub fn filter_timeline(
    timeline: &[Movement],
    sources: &Sources,
    filter: &ActivityFilter,
) -> Filtered {
    let needle = filter.text.trim().to_lowercase();
    let found = search_in_parts(timeline, sources, filter, &needle);
    let range = SecondsRange::of(filter);
    let mut days = filter.zone.days();
    let mut search = SearchText::new(&needle);
    let mut positions = Vec::new();
    let mut filtered = Filtered::default();
    let mut current_day: Option<Option<Date>> = None;
    for (position, movement) in timeline.iter().enumerate() {
        if !passes(movement, filter, range) {
            continue;
        }
        // Read from the record only when a filter or the totals need them.
        let mut legs = None;
        if let Some(asset) = &filter.asset {
            let pair = movement.leg_pair(sources);
            if !pair.iter().flatten().any(|leg| &leg.asset == asset) {
                continue;
            }
            legs = Some(pair);
        }
        let holds = match &found {
            Some(found) => found.get(position).copied().unwrap_or(false),
            None => needle.is_empty() || record_holds(movement, sources, &mut search),
        };
        if !holds {
            continue;
        }
        let day = movement.day_in(&mut days);
        if current_day != Some(day) {
            filtered.days.push(DayStart {
                line: index(filtered.count + filtered.days.len()),
                day,
            });
            current_day = Some(day);
        }
        positions.push(index(position));
        filtered.count += 1;
        if !movement.counts() {
            continue;
        }
        let legs = legs.unwrap_or_else(|| movement.leg_pair(sources));
        for leg in legs.into_iter().flatten() {
            if filter
                .asset
                .as_ref()
                .is_some_and(|asset| asset != &leg.asset)
            {
                continue;
            }
            let totals = filtered.totals.entry(leg.asset).or_default();
            match leg.direction {
                Direction::In => totals.money_in += leg.amount,
                Direction::Out => totals.money_out += leg.amount,
                Direction::Within => {}
            }
        }
    }
    filtered.matches = if positions.len() == timeline.len() {
        // Every movement matched (no filter, most often): the positions
        // are the timeline's own, kept as nothing.
        Matches::Every
    } else {
        positions.shrink_to_fit();
        Matches::These(positions)
    };
    filtered.days.shrink_to_fit();
    filtered
}

/// The assets that appear in `timeline`, in a stable order (for the asset filter).
pub fn assets_in(timeline: &[Movement], sources: &Sources) -> Vec<Asset> {
    let mut assets: Vec<Asset> = timeline
        .iter()
        .flat_map(|movement| movement.legs(sources).map(|leg| leg.asset))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    // BRL first: the asset most people think in.
    assets.sort_by_key(|asset| (asset != &Asset::FiatBrl, asset.clone()));
    assets
}
