//! Sorting and searching a list without making the window wait: the order
//! of the rows shown is computed on a thread of its own from the shared
//! rows (an `Arc`, no copy), and until it is ready the previous arrangement
//! (with the rows it was made from) stays on screen. A list that is neither
//! searched nor sorted is shown as it is, with no work at all.
//!
//! Each list describes its rows once, language-free ([`Arrangement`]): a
//! sort key per column and the text a search looks through. The person's
//! choices (search text, sorted column) live in egui's memory under the
//! table's id, like its scroll position.

use super::waiting::spinner_ui;
use std::collections::HashMap;
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex, PoisonError};

use egui::{Id, Ui};
use rust_decimal::Decimal;

use crate::app::i18n::tr;
use crate::app::search::SearchText;

/// The id of the search field of the list shown (one list per view), so a
/// shortcut can focus it: `Id::unique("list-search")`, the id egui 0.36
/// called `Id::new("list-search")`.
pub fn search_field_id() -> Id {
    Id::unique("list-search")
}

/// A value to sort a column by, compared as it means, not as it is written.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum SortKey {
    /// No value: sorts before every value.
    Missing,
    /// Whole numbers, times (as Unix nanoseconds), ranks of states.
    Int(i128),
    /// Identifiers (a UUID's 128 bits).
    Id(u128),
    /// Amounts.
    Amount(Decimal),
    /// Text, compared case-insensitively (lowercased beforehand).
    Text(String),
}

impl SortKey {
    /// A time as its Unix nanoseconds.
    pub fn time(moment: Option<time::OffsetDateTime>) -> SortKey {
        moment.map_or(SortKey::Missing, |moment| {
            SortKey::Int(moment.unix_timestamp_nanos())
        })
    }

    /// An amount.
    pub fn amount(amount: Option<Decimal>) -> SortKey {
        amount.map_or(SortKey::Missing, SortKey::Amount)
    }

    /// Text, case-insensitively.
    pub fn text(text: Option<&str>) -> SortKey {
        text.map_or(SortKey::Missing, |text| SortKey::Text(text.to_lowercase()))
    }
}

/// How a list's rows are sorted and searched, without the person's language.
pub struct Arrangement<T> {
    /// The key of `column` for a row.
    pub sort_key: fn(&T, usize) -> SortKey,
    /// Hands a search what it looks through (ids, states, amounts, addresses…).
    pub search_text: fn(&T, &mut SearchText),
}

/// A sort the person chose by clicking a column's header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SortBy {
    /// The column.
    pub column: usize,
    /// Largest (or newest, or last) first.
    pub descending: bool,
}

impl SortBy {
    /// The sort after a click on `column`'s header: that column ascending,
    /// then descending, then back to the list's own order.
    pub fn after_click(current: Option<SortBy>, column: usize) -> Option<SortBy> {
        match current {
            Some(sort) if sort.column == column && !sort.descending => Some(SortBy {
                column,
                descending: true,
            }),
            Some(sort) if sort.column == column => None,
            _ => Some(SortBy {
                column,
                descending: false,
            }),
        }
    }
}

/// Rows read alone since their list was (an order followed while it
/// moves), by id: each stands for the list's row of the same id in the
/// sort and the search, as it does on screen, until the list is read again.
pub struct Newer<T> {
    copies: Arc<HashMap<uuid::Uuid, T>>,
    id_of: fn(&T) -> uuid::Uuid,
}

impl<T> Clone for Newer<T> {
    fn clone(&self) -> Self {
        Newer {
            copies: Arc::clone(&self.copies),
            id_of: self.id_of,
        }
    }
}

impl<T> Newer<T> {
    /// `copies` by id; `id_of` gives a row's id.
    pub fn new(copies: Arc<HashMap<uuid::Uuid, T>>, id_of: fn(&T) -> uuid::Uuid) -> Newer<T> {
        Newer { copies, id_of }
    }

    /// The newer copy of `row`, or `row`.
    fn latest<'a>(&'a self, row: &'a T) -> &'a T {
        if self.copies.is_empty() {
            return row;
        }
        self.copies.get(&(self.id_of)(row)).unwrap_or(row)
    }
}

/// The newer copies' identity: the same map, the same arrangement.
fn same_newer<T>(one: Option<&Newer<T>>, other: Option<&Newer<T>>) -> bool {
    match (one, other) {
        (None, None) => true,
        (Some(one), Some(other)) => Arc::ptr_eq(&one.copies, &other.copies),
        _ => false,
    }
}

/// What the person asked of a list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Asked {
    /// The search text.
    pub search: String,
    /// The sorted column.
    pub sort: Option<SortBy>,
}

impl Asked {
    fn is_plain(&self) -> bool {
        self.search.trim().is_empty() && self.sort.is_none()
    }
}

/// The rows of a list in the order to show, `T` shared with the data.
pub struct Arranged<T> {
    /// The rows the order indexes into (the previous list while a new
    /// arrangement is computed).
    pub rows: Arc<Vec<T>>,
    /// Positions in `rows`, in the order shown; `None`: all of them as they are.
    pub order: Option<Arc<Vec<u32>>>,
    /// A newer arrangement is being computed.
    pub busy: bool,
}

impl<T> Clone for Arranged<T> {
    fn clone(&self) -> Self {
        Arranged {
            rows: Arc::clone(&self.rows),
            order: self.order.clone(),
            busy: self.busy,
        }
    }
}

impl<T> Arranged<T> {
    /// How many rows are shown.
    pub fn len(&self) -> usize {
        self.order
            .as_ref()
            .map_or(self.rows.len(), |order| order.len())
    }

    /// Whether no row is shown.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The row shown at `position`.
    pub fn get(&self, position: usize) -> Option<&T> {
        match &self.order {
            Some(order) => order
                .get(position)
                .and_then(|index| self.rows.get(usize::try_from(*index).ok()?)),
            None => self.rows.get(position),
        }
    }
}

/// Where a computation's order arrives (shared, as egui's memory clones).
type Pending = Arc<Mutex<Receiver<Vec<u32>>>>;

/// What one arrangement is made of: the rows, the newer copies of some of
/// them, and the person's choices.
struct Made<T> {
    rows: Arc<Vec<T>>,
    newer: Option<Newer<T>>,
    asked: Asked,
}

impl<T> Clone for Made<T> {
    fn clone(&self) -> Self {
        Made {
            rows: Arc::clone(&self.rows),
            newer: self.newer.clone(),
            asked: self.asked.clone(),
        }
    }
}

impl<T> Made<T> {
    fn is_for(&self, rows: &Arc<Vec<T>>, newer: Option<&Newer<T>>, asked: &Asked) -> bool {
        Arc::ptr_eq(rows, &self.rows)
            && same_newer(newer, self.newer.as_ref())
            && *asked == self.asked
    }
}

/// The arrangement in memory for one table.
struct Memory<T> {
    /// What the arrangement shown was made for.
    made_for: Option<Made<T>>,
    shown: Option<Arc<Vec<u32>>>,
    /// The computation under way, and what for.
    running: Option<(Made<T>, Pending)>,
}

impl<T> Clone for Memory<T> {
    fn clone(&self) -> Self {
        Memory {
            made_for: self.made_for.clone(),
            shown: self.shown.clone(),
            running: self.running.clone(),
        }
    }
}

impl<T> Default for Memory<T> {
    fn default() -> Self {
        Memory {
            made_for: None,
            shown: None,
            running: None,
        }
    }
}

/// What the person asked of the table `id` (search text and sort).
pub fn asked(ui: &Ui, id: Id) -> Asked {
    ui.data(|data| data.get_temp::<Asked>(id.with("asked")))
        .unwrap_or_default()
}

/// Stores what the person asked of the table `id`.
pub fn set_asked(ui: &Ui, id: Id, asked: Asked) {
    ui.data_mut(|data| data.insert_temp(id.with("asked"), asked));
}

/// The rows of the table `id` in the order asked; starts the computation
/// when rows or choices changed, and shows the last arrangement meanwhile.
pub fn arranged<T: Send + Sync + 'static>(
    ui: &Ui,
    id: Id,
    rows: &Arc<Vec<T>>,
    arrangement: &'static Arrangement<T>,
) -> Arranged<T> {
    arranged_with_newer(ui, id, rows, None, arrangement)
}

/// [`arranged`], with `newer` copies of some rows standing for them: a new
/// copy arranges the list again (only when it is sorted or searched).
pub fn arranged_with_newer<T: Send + Sync + 'static>(
    ui: &Ui,
    id: Id,
    rows: &Arc<Vec<T>>,
    newer: Option<&Newer<T>>,
    arrangement: &'static Arrangement<T>,
) -> Arranged<T> {
    let asked = asked(ui, id);
    if asked.is_plain() {
        ui.data_mut(|data| data.remove::<Memory<T>>(id.with("memory")));
        return Arranged {
            rows: Arc::clone(rows),
            order: None,
            busy: false,
        };
    }
    let memory_id = id.with("memory");
    let mut memory: Memory<T> = ui.data(|data| data.get_temp(memory_id)).unwrap_or_default();
    // A finished computation becomes what is shown.
    if let Some((running, receiver)) = memory.running.clone() {
        let done = receiver
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .try_recv();
        match done {
            Ok(order) => {
                memory.made_for = Some(running);
                memory.shown = Some(Arc::new(order));
                memory.running = None;
            }
            Err(std::sync::mpsc::TryRecvError::Disconnected) => memory.running = None,
            Err(std::sync::mpsc::TryRecvError::Empty) => {}
        }
    }
    let current = memory
        .made_for
        .as_ref()
        .is_some_and(|made| made.is_for(rows, newer, &asked));
    let under_way = memory
        .running
        .as_ref()
        .is_some_and(|(running, _)| running.is_for(rows, newer, &asked));
    if !current && !under_way {
        let made = Made {
            rows: Arc::clone(rows),
            newer: newer.cloned(),
            asked,
        };
        let receiver = start(ui.ctx().clone(), made.clone(), arrangement);
        memory.running = Some((made, Arc::new(Mutex::new(receiver))));
    }
    let arranged = match (&memory.made_for, &memory.shown) {
        (Some(made), Some(order)) => Arranged {
            rows: Arc::clone(&made.rows),
            order: Some(Arc::clone(order)),
            busy: memory.running.is_some(),
        },
        // Nothing arranged yet: the list as it is, until the first one is ready.
        _ => Arranged {
            rows: Arc::clone(rows),
            order: None,
            busy: true,
        },
    };
    ui.data_mut(|data| data.insert_temp(memory_id, memory));
    arranged
}

/// Computes the order on its own thread and wakes the window when done.
fn start<T: Send + Sync + 'static>(
    ctx: egui::Context,
    made: Made<T>,
    arrangement: &'static Arrangement<T>,
) -> Receiver<Vec<u32>> {
    let (sender, receiver) = channel();
    let spawned = std::thread::Builder::new()
        .name("brlv-arrange".to_owned())
        .spawn(move || {
            let order =
                arrange_with_newer(&made.rows, made.newer.as_ref(), &made.asked, arrangement);
            if sender.send(order).is_ok() {
                ctx.request_repaint();
            }
        });
    if let Err(error) = spawned {
        tracing::warn!("sorting could not start: {error}");
    }
    receiver
}

/// The positions of `rows` matching the search, in the order asked: what
/// the thread computes (public for the benchmark and tests). The rows are
/// read in as many slices as there are cores; the sort is stable, so rows
/// with equal keys keep the list's own order (newest first).
pub fn arrange<T: Send + Sync>(
    rows: &[T],
    asked: &Asked,
    arrangement: &Arrangement<T>,
) -> Vec<u32> {
    arrange_with_newer(rows, None, asked, arrangement)
}

/// [`arrange`], each row read as its `newer` copy when there is one.
pub fn arrange_with_newer<T: Send + Sync>(
    rows: &[T],
    newer: Option<&Newer<T>>,
    asked: &Asked,
    arrangement: &Arrangement<T>,
) -> Vec<u32> {
    let needle = asked.search.trim().to_lowercase();
    let lanes = std::thread::available_parallelism().map_or(1, usize::from);
    let slice_len = rows.len().div_ceil(lanes).max(4096);
    let mut keyed: Vec<(SortKey, u32)> = std::thread::scope(|scope| {
        let workers: Vec<_> = rows
            .chunks(slice_len)
            .enumerate()
            .map(|(slice, chunk)| {
                let needle = &needle;
                scope.spawn(move || {
                    keyed_slice(
                        chunk,
                        slice * slice_len,
                        newer,
                        needle,
                        asked.sort,
                        arrangement,
                    )
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().unwrap_or_default())
            .collect()
    });
    if let Some(sort) = asked.sort {
        keyed.sort_by(|left, right| {
            let order = left.0.cmp(&right.0);
            if sort.descending {
                order.reverse()
            } else {
                order
            }
        });
    }
    keyed.into_iter().map(|(_, index)| index).collect()
}

/// The matching rows of one slice, starting at `offset`, with their sort keys.
fn keyed_slice<T>(
    rows: &[T],
    offset: usize,
    newer: Option<&Newer<T>>,
    needle: &str,
    sort: Option<SortBy>,
    arrangement: &Arrangement<T>,
) -> Vec<(SortKey, u32)> {
    let mut text = SearchText::new(needle);
    let mut keyed = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let row = newer.map_or(row, |newer| newer.latest(row));
        let matches =
            needle.is_empty() || { text.matches(|text| (arrangement.search_text)(row, text)) };
        if !matches {
            continue;
        }
        let Ok(position) = u32::try_from(offset + index) else {
            continue;
        };
        let key = sort.map_or(SortKey::Missing, |sort| {
            (arrangement.sort_key)(row, sort.column)
        });
        keyed.push((key, position));
    }
    keyed
}

/// The search field over a list, with its accessible name (in the language
/// the widgets speak) and the hint of `hint_key`; returns whether the text
/// changed.
pub fn search_field_ui(ui: &mut Ui, table: Id, hint_key: &'static str, busy: bool) -> bool {
    let language = super::context::language(ui);
    let hint = tr(language, hint_key);
    let mut asked = asked(ui, table);
    let changed = ui
        .horizontal(|ui| {
            let name = ui.label(tr(language, "list.search").as_ref());
            let response = ui
                .add(
                    egui::TextEdit::singleline(&mut asked.search)
                        .id(search_field_id())
                        .hint_text(hint.as_ref())
                        .desired_width(260.0),
                )
                .labelled_by(name.id);
            if busy {
                spinner_ui(ui);
            }
            response.changed()
        })
        .inner;
    if changed {
        set_asked(ui, table, asked);
    }
    changed
}

/// A column's header as a button that sorts by it; a painted arrow shows
/// the sort (the bundled fonts have no arrow glyph), and a screen reader
/// hears "Created, sorted ascending".
pub fn sort_header_ui(ui: &mut Ui, table: Id, column: usize, title: &str) {
    let mut asked = asked(ui, table);
    let sorted_here = asked
        .sort
        .filter(|sort| sort.column == column)
        .map(|sort| sort.descending);
    let language = super::context::language(ui);
    let name = match sorted_here {
        Some(false) => crate::app::i18n::tr_with(language, "tables.sorted_up", &[("title", title)]),
        Some(true) => {
            crate::app::i18n::tr_with(language, "tables.sorted_down", &[("title", title)])
        }
        None => title.to_owned(),
    };
    let response = ui.add(egui::Button::new(egui::RichText::new(title).strong()).frame(false));
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
    if let Some(descending) = sorted_here {
        let size = 8.0;
        let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
        let (top, bottom) = (rect.top(), rect.bottom());
        let points = if descending {
            vec![
                egui::pos2(rect.left(), top),
                egui::pos2(rect.right(), top),
                egui::pos2(rect.center().x, bottom),
            ]
        } else {
            vec![
                egui::pos2(rect.left(), bottom),
                egui::pos2(rect.center().x, top),
                egui::pos2(rect.right(), bottom),
            ]
        };
        let color = ui.visuals().strong_text_color();
        ui.painter().add(egui::Shape::convex_polygon(
            points,
            color,
            egui::Stroke::NONE,
        ));
    }
    if response.clicked() {
        asked.sort = SortBy::after_click(asked.sort, column);
        set_asked(ui, table, asked);
    }
}
