//! The nonces each API key has used, remembered until their tokens expire.
//!
//! Its own module because both the verifier (`auth`, which checks and records
//! a nonce) and the world (`state`, which keeps one store per account and
//! prunes it on every tick) need it: kept in either, the two would import
//! each other.

use std::collections::{BTreeSet, HashMap};

/// Clock leeway for `exp` and `iat`.
pub const CLOCK_LEEWAY_SECS: i64 = 5;

/// Nonces of one API key whose tokens have not yet expired.
#[derive(Debug, Default)]
pub(crate) struct NonceStore {
    /// Nonce → the `exp` of the token that used it.
    expiry_by_nonce: HashMap<String, i64>,
    /// The same, ordered by expiry, for pruning.
    by_expiry: BTreeSet<(i64, String)>,
}

impl NonceStore {
    /// How many nonces are remembered.
    pub(crate) fn len(&self) -> usize {
        self.expiry_by_nonce.len()
    }

    /// Forgets nonces whose tokens expired (with leeway) before `now`.
    pub(crate) fn prune(&mut self, now: i64) {
        while let Some((expiry, _)) = self.by_expiry.first() {
            if expiry.saturating_add(CLOCK_LEEWAY_SECS) >= now {
                break;
            }
            if let Some((_, nonce)) = self.by_expiry.pop_first() {
                self.expiry_by_nonce.remove(&nonce);
            }
        }
    }

    /// Records `nonce` until `expiry`; false when it is already remembered.
    pub(crate) fn insert(&mut self, nonce: &str, expiry: i64, now: i64) -> bool {
        self.prune(now);
        if self.expiry_by_nonce.contains_key(nonce) {
            return false;
        }
        self.expiry_by_nonce.insert(nonce.to_owned(), expiry);
        self.by_expiry.insert((expiry, nonce.to_owned()));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonces_are_forgotten_only_after_their_token_expired() {
        let mut store = NonceStore::default();
        assert!(store.insert("a", 100, 60));
        assert!(!store.insert("a", 100, 90));
        // Still inside the leeway: remembered.
        assert!(!store.insert("a", 200, 105));
        assert!(store.insert("b", 150, 106));
        assert_eq!(store.len(), 1, "`a` expired at 100 + 5 and was pruned");
    }
}
