//! The last known state of each record of a list, kept to tell what moved
//! when the list is read again (the journal's notices, the desktop
//! notifications).
//!
//! A business account's lists hold a million records each, and both keep
//! such a book for three lists. As a `HashMap<Uuid, &'static str>` a record
//! costs 32 bytes plus the table's slack (40 to 70 in all); here it is 18:
//! the ids sorted once in a boxed slice, each with the index of its state's
//! name. The handful of records learned one by one afterwards (an order read
//! alone, a webhook) go to a small map beside it. The sorted ids are shared
//! (`Arc`): the worker builds the book once, off the window's thread, and
//! the journal and the notifications each keep a clone that costs a pointer.

use std::collections::HashMap;
use std::sync::Arc;

use uuid::Uuid;

/// Index of a state's name in [`KnownStates::names`].
type NameIndex = u16;

/// The last known state of each record of one list, by id.
#[derive(Clone, Debug, Default)]
pub struct KnownStates {
    /// The distinct state names, in order of first sight (a few: the wire
    /// values are `&'static str`, unknown ones interned).
    names: Vec<&'static str>,
    /// Every record of the list as read, sorted by id; shared by clones.
    listed: Arc<[(Uuid, NameIndex)]>,
    /// States learned since the list was read; they win over `listed`.
    since: HashMap<Uuid, &'static str>,
}

impl KnownStates {
    /// The last known state of the record `id`.
    pub fn get(&self, id: &Uuid) -> Option<&'static str> {
        if let Some(state) = self.since.get(id) {
            return Some(state);
        }
        let at = self
            .listed
            .binary_search_by_key(id, |(listed, _)| *listed)
            .ok()?;
        let (_, name) = self.listed.get(at)?;
        self.names.get(usize::from(*name)).copied()
    }

    /// Records that `id` is now in `state`.
    pub fn insert(&mut self, id: Uuid, state: &'static str) {
        self.since.insert(id, state);
    }

    /// How many records it knows (a record listed and also learned since
    /// counts twice; this is for tests and logs).
    pub fn len(&self) -> usize {
        self.listed.len() + self.since.len()
    }

    /// Whether it knows no record.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl FromIterator<(Uuid, &'static str)> for KnownStates {
    /// Later entries for the same id win, as they would in a map.
    fn from_iter<I: IntoIterator<Item = (Uuid, &'static str)>>(entries: I) -> Self {
        let mut book = KnownStates::default();
        let mut index_of: HashMap<&'static str, NameIndex> = HashMap::new();
        let entries = entries.into_iter();
        // Sized once from the rows (a million), not grown by doubling.
        let mut listed: Vec<(Uuid, NameIndex)> =
            Vec::with_capacity(entries.size_hint().1.unwrap_or(0));
        for (id, state) in entries {
            let index = match index_of.get(state) {
                Some(index) => Some(*index),
                None => NameIndex::try_from(book.names.len()).ok().inspect(|index| {
                    index_of.insert(state, *index);
                    book.names.push(state);
                }),
            };
            match index {
                Some(index) => listed.push((id, index)),
                // Past 65,536 distinct names (only a hostile answer has
                // them): kept in the map, at a map's cost.
                None => {
                    book.since.insert(id, state);
                }
            }
        }
        // Stable, so among equal ids the last one read is last; only that
        // one is kept, in place (no second list of a million).
        listed.sort_by_key(|(id, _)| *id);
        listed.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                *kept = *later;
            }
            same
        });
        book.listed = listed.into();
        book
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u128) -> Uuid {
        Uuid::from_u128(n)
    }

    #[test]
    fn reads_back_each_record_state_and_the_last_of_a_repeated_id() {
        let book: KnownStates = [
            (id(3), "created"),
            (id(1), "completed"),
            (id(2), "expired"),
            (id(1), "payment-returned"),
        ]
        .into_iter()
        .collect();
        assert_eq!(book.get(&id(1)), Some("payment-returned"));
        assert_eq!(book.get(&id(2)), Some("expired"));
        assert_eq!(book.get(&id(3)), Some("created"));
        assert_eq!(book.get(&id(4)), None);
        assert_eq!(book.len(), 3);
    }

    #[test]
    fn a_clone_shares_the_listed_records_and_keeps_its_own_learned_states() {
        let book: KnownStates = (0..1_000u128).map(|n| (id(n), "created")).collect();
        let mut other = book.clone();
        assert!(Arc::ptr_eq(&book.listed, &other.listed));
        other.insert(id(7), "completed");
        assert_eq!(other.get(&id(7)), Some("completed"));
        assert_eq!(book.get(&id(7)), Some("created"));
    }

    #[test]
    fn a_state_learned_later_wins_over_the_list() {
        let mut book: KnownStates = [(id(1), "created")].into_iter().collect();
        book.insert(id(1), "completed");
        book.insert(id(9), "created");
        assert_eq!(book.get(&id(1)), Some("completed"));
        assert_eq!(book.get(&id(9)), Some("created"));
    }

    #[test]
    fn a_record_costs_eighteen_bytes_in_the_list() {
        assert_eq!(std::mem::size_of::<(Uuid, NameIndex)>(), 18);
        let book: KnownStates = (0..1_000u128).map(|n| (id(n), "completed")).collect();
        assert_eq!(book.names, vec!["completed"]);
        assert_eq!(book.listed.len(), 1_000);
        assert!(book.since.is_empty());
    }

    #[test]
    fn names_past_the_index_range_are_still_kept() {
        let names: Vec<&'static str> = (0..70_000)
            .map(|n| &*Box::leak(format!("state-{n}").into_boxed_str()))
            .collect();
        let book: KnownStates = names
            .iter()
            .enumerate()
            .map(|(n, name)| (id(n as u128), *name))
            .collect();
        assert_eq!(book.get(&id(5)), Some("state-5"));
        assert_eq!(book.get(&id(69_999)), Some("state-69999"));
        assert_eq!(book.since.len(), 70_000 - 65_536);
    }
}
