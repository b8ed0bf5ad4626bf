//! The last known state of each record of a list, kept to tell what moved
//! when the list is read again (the journal's notices, the desktop
//! notifications).
//!
//! A business account's lists hold a million records each, and both keep
//! such a book for three lists. As a `HashMap<Uuid, &'static str>` a record
//! cost 32 bytes plus the table's slack (40 to 70 in all); as the ids copied
//! into a sorted slice with a state index, 18. Here it is 4: the book holds
//! the list itself (the same shared rows the panels show, an `Arc`) with
//! each record's position, sorted by the record's id, and reads the id and
//! the state from the record when asked. The rows it was built on stay
//! alive while the book does; the book is replaced as soon as the next
//! answer has been compared with it, so that is the old list for a moment,
//! which the window held anyway until the new one arrived. The handful of
//! records learned one by one afterwards (an order read alone, a webhook)
//! go to a small map beside it. The worker builds the book once, off the
//! window's thread, and the journal and the notifications each keep a clone
//! that costs a pointer.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use uuid::Uuid;

/// A list's records read by id: what the book looks its states up in.
trait ListedStates: Send + Sync {
    /// The state of the record `id`, if the list has it with a state.
    fn state_of(&self, id: &Uuid) -> Option<&'static str>;
    /// How many records with a state it holds.
    fn len(&self) -> usize;
}

/// Shared rows with the positions of those that have a state, sorted by id
/// (4 bytes a record beside the rows the window already holds).
struct RowsById<T> {
    rows: Arc<Vec<T>>,
    by_id: Box<[u32]>,
    id: fn(&T) -> Uuid,
    state: fn(&T) -> Option<&'static str>,
}

impl<T: Send + Sync> RowsById<T> {
    fn new(rows: Arc<Vec<T>>, id: fn(&T) -> Uuid, state: fn(&T) -> Option<&'static str>) -> Self {
        // A list is at most a few million records (the memory budget stops
        // it long before u32's range), so every position fits.
        let mut by_id: Vec<u32> = rows
            .iter()
            .enumerate()
            .filter(|(_, row)| state(row).is_some())
            .filter_map(|(position, _)| u32::try_from(position).ok())
            .collect();
        let id_at = |position: u32| {
            let row = usize::try_from(position).ok().and_then(|at| rows.get(at));
            row.map(id)
        };
        // Among equal ids the last one in the list is kept, as a map fed the
        // rows in order would keep it: sorted by (id, position), then each
        // run of one id folded into its last.
        by_id.sort_unstable_by_key(|position| (id_at(*position), *position));
        by_id.dedup_by(|later, kept| {
            let same = id_at(*later) == id_at(*kept);
            if same {
                *kept = *later;
            }
            same
        });
        RowsById {
            by_id: by_id.into_boxed_slice(),
            rows,
            id,
            state,
        }
    }

    fn row(&self, position: u32) -> Option<&T> {
        usize::try_from(position)
            .ok()
            .and_then(|at| self.rows.get(at))
    }
}

impl<T: Send + Sync> ListedStates for RowsById<T> {
    fn state_of(&self, id: &Uuid) -> Option<&'static str> {
        let at = self
            .by_id
            .binary_search_by_key(&Some(*id), |position| self.row(*position).map(self.id))
            .ok()?;
        let position = self.by_id.get(at)?;
        (self.state)(self.row(*position)?)
    }

    fn len(&self) -> usize {
        self.by_id.len()
    }
}

/// Ids and states copied out, for records that are not a shared list (a
/// few records, a test).
struct SortedStates(Box<[(Uuid, &'static str)]>);

impl ListedStates for SortedStates {
    fn state_of(&self, id: &Uuid) -> Option<&'static str> {
        let at = self
            .0
            .binary_search_by_key(id, |(listed, _)| *listed)
            .ok()?;
        self.0.get(at).map(|(_, state)| *state)
    }

    fn len(&self) -> usize {
        self.0.len()
    }
}

/// The last known state of each record of one list, by id.
#[derive(Clone, Default)]
pub struct KnownStates {
    /// Every record of the list as read; shared by clones.
    listed: Option<Arc<dyn ListedStates>>,
    /// States learned since the list was read; they win over `listed`.
    since: HashMap<Uuid, &'static str>,
}

impl fmt::Debug for KnownStates {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("KnownStates")
            .field(
                "listed",
                &self.listed.as_ref().map_or(0, |listed| listed.len()),
            )
            .field("since", &self.since.len())
            .finish()
    }
}

impl KnownStates {
    /// The book of a shared list: `id` and `state` read each record; a
    /// record without a state is not in the book. Later records with the
    /// same id win, as they would in a map.
    pub fn of_rows<T: Send + Sync + 'static>(
        rows: Arc<Vec<T>>,
        id: fn(&T) -> Uuid,
        state: fn(&T) -> Option<&'static str>,
    ) -> Self {
        KnownStates {
            listed: Some(Arc::new(RowsById::new(rows, id, state))),
            since: HashMap::new(),
        }
    }

    /// The last known state of the record `id`.
    pub fn get(&self, id: &Uuid) -> Option<&'static str> {
        if let Some(state) = self.since.get(id) {
            return Some(state);
        }
        self.listed.as_ref()?.state_of(id)
    }

    /// Records that `id` is now in `state`.
    pub fn insert(&mut self, id: Uuid, state: &'static str) {
        self.since.insert(id, state);
    }

    /// How many records it knows (a record listed and also learned since
    /// counts twice; this is for tests and logs).
    pub fn len(&self) -> usize {
        self.listed.as_ref().map_or(0, |listed| listed.len()) + self.since.len()
    }

    /// Whether it knows no record.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl FromIterator<(Uuid, &'static str)> for KnownStates {
    /// Later entries for the same id win, as they would in a map.
    fn from_iter<I: IntoIterator<Item = (Uuid, &'static str)>>(entries: I) -> Self {
        let mut listed: Vec<(Uuid, &'static str)> = entries.into_iter().collect();
        // Stable, so among equal ids the last one read is last; only that
        // one is kept.
        listed.sort_by_key(|(id, _)| *id);
        listed.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                *kept = *later;
            }
            same
        });
        KnownStates {
            listed: Some(Arc::new(SortedStates(listed.into_boxed_slice()))),
            since: HashMap::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u128) -> Uuid {
        Uuid::from_u128(n)
    }

    #[derive(Debug)]
    struct Row {
        id: Uuid,
        state: Option<&'static str>,
    }

    fn shared(rows: &[(u128, Option<&'static str>)]) -> KnownStates {
        let rows: Vec<Row> = rows
            .iter()
            .map(|(n, state)| Row {
                id: id(*n),
                state: *state,
            })
            .collect();
        KnownStates::of_rows(Arc::new(rows), |row| row.id, |row| row.state)
    }

    #[test]
    fn reads_back_each_record_state_and_the_last_of_a_repeated_id() {
        let copied: KnownStates = [
            (id(3), "created"),
            (id(1), "completed"),
            (id(2), "expired"),
            (id(1), "payment-returned"),
        ]
        .into_iter()
        .collect();
        let shared = shared(&[
            (3, Some("created")),
            (1, Some("completed")),
            (2, Some("expired")),
            (1, Some("payment-returned")),
        ]);
        for book in [copied, shared] {
            assert_eq!(book.get(&id(1)), Some("payment-returned"));
            assert_eq!(book.get(&id(2)), Some("expired"));
            assert_eq!(book.get(&id(3)), Some("created"));
            assert_eq!(book.get(&id(4)), None);
            assert_eq!(book.len(), 3);
        }
    }

    #[test]
    fn a_record_without_a_state_is_not_in_the_book_of_a_shared_list() {
        let book = shared(&[(1, None), (2, Some("created")), (3, None)]);
        assert_eq!(book.get(&id(1)), None);
        assert_eq!(book.get(&id(2)), Some("created"));
        assert_eq!(book.len(), 1);
    }

    #[test]
    fn a_clone_shares_the_listed_records_and_keeps_its_own_learned_states() {
        let book = shared(
            &(0..1_000u128)
                .map(|n| (n, Some("created")))
                .collect::<Vec<_>>(),
        );
        let mut other = book.clone();
        assert!(matches!(
            (&book.listed, &other.listed),
            (Some(one), Some(two)) if Arc::ptr_eq(one, two)
        ));
        other.insert(id(7), "completed");
        assert_eq!(other.get(&id(7)), Some("completed"));
        assert_eq!(book.get(&id(7)), Some("created"));
    }

    #[test]
    fn a_state_learned_later_wins_over_the_list() {
        let mut book = shared(&[(1, Some("created"))]);
        book.insert(id(1), "completed");
        book.insert(id(9), "created");
        assert_eq!(book.get(&id(1)), Some("completed"));
        assert_eq!(book.get(&id(9)), Some("created"));
    }

    /// The book of a shared list holds the list itself, not a copy of its
    /// ids: 4 bytes a record beside the rows (it was 18, and 40 to 70 as a
    /// map). A million records each in three lists: 12 MB, not 54.
    #[test]
    fn a_record_costs_four_bytes_in_the_book_of_a_shared_list() {
        let rows: Vec<Row> = (0..1_000u128)
            .map(|n| Row {
                id: id(n),
                state: Some("completed"),
            })
            .collect();
        let rows = Arc::new(rows);
        let book = RowsById::new(Arc::clone(&rows), |row: &Row| row.id, |row| row.state);
        assert!(
            Arc::ptr_eq(&book.rows, &rows),
            "the rows are shared, not copied"
        );
        assert_eq!(std::mem::size_of_val(&*book.by_id), 4 * 1_000);
        assert_eq!(book.state_of(&id(999)), Some("completed"));
        assert_eq!(book.state_of(&id(1_000)), None);
    }
}
