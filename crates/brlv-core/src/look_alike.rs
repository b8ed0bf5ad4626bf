//! Names that would look the same on the screen: two wallets called `Ana`
//! and `Ana` with a zero-width space in it, a recipient `Joao` and another
//! whose `o` is Cyrillic, `rn` beside `m`. The invisible characters are
//! already shown as escapes ([`crate::api::safe_text`]); a name that still
//! looks like another one is flagged where it is listed, so that a person
//! choosing where money goes is told there are two.
//!
//! Two names look alike when they differ but their Unicode skeletons
//! (UTS #39's confusables: each character mapped to the prototype it is
//! mistaken for, invisible ones dropped) are equal. Names are compared as
//! the app holds them, with invisible characters written as `\u{…}`
//! escapes: those escapes are read back and dropped first.

use std::collections::{HashMap, HashSet};

use crate::api::safe_text::needs_escape;

/// What `name` looks like: its skeleton, with the escapes of invisible
/// characters dropped. Equal for two names a person cannot tell apart.
pub fn appearance(name: &str) -> String {
    let seen = without_invisible_escapes(name);
    unicode_security::skeleton(&seen)
        .filter(|c| !needs_escape(*c))
        .collect()
}

/// For each of `names`, whether another, different name in the list looks
/// the same. Equal names are not flagged (the same name twice is visible as
/// such).
pub fn flagged<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<bool> {
    let names: Vec<&str> = names.into_iter().collect();
    let looks: Vec<String> = names.iter().map(|name| appearance(name)).collect();
    let mut first_of: HashMap<&str, &str> = HashMap::new();
    let mut mixed: HashMap<&str, bool> = HashMap::new();
    for (name, look) in names.iter().zip(&looks) {
        let first = *first_of.entry(look.as_str()).or_insert(name);
        if first != *name {
            mixed.insert(look.as_str(), true);
        }
    }
    looks
        .iter()
        .map(|look| mixed.get(look.as_str()).copied().unwrap_or(false))
        .collect()
}

/// The names of a list that look like another one ([`flagged`]), worked
/// out again only when the list's `key` (a revision, its length) changes:
/// a view asks every frame, the skeletons are made once per change.
#[derive(Clone, Debug, Default)]
pub struct FlaggedNames<K> {
    key: Option<K>,
    flagged: HashSet<String>,
}

impl<K: PartialEq> FlaggedNames<K> {
    /// The flagged names of the list `key` stands for; `names` is asked
    /// only when `key` is not the one worked out last.
    pub fn of<'a, I>(&mut self, key: K, names: impl FnOnce() -> I) -> &HashSet<String>
    where
        I: IntoIterator<Item = &'a str>,
    {
        if self.key.as_ref() != Some(&key) {
            let names: Vec<&str> = names().into_iter().collect();
            self.flagged = names
                .iter()
                .zip(flagged(names.iter().copied()))
                .filter(|(_, flag)| *flag)
                .map(|(name, _)| (*name).to_owned())
                .collect();
            self.key = Some(key);
        }
        &self.flagged
    }
}

/// `text` with each `\u{HEX}` escape of a character [`needs_escape`] marks
/// removed; other text, and escapes of anything else, kept as written.
fn without_invisible_escapes(text: &str) -> String {
    let mut kept = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("\\u{") {
        kept.push_str(&rest[..at]);
        let after = &rest[at + 3..];
        let escaped = after.find('}').and_then(|end| {
            let code = u32::from_str_radix(&after[..end], 16).ok()?;
            char::from_u32(code)
                .filter(|c| needs_escape(*c))
                .map(|_| end)
        });
        match escaped {
            Some(end) => rest = &after[end + 1..],
            None => {
                kept.push_str("\\u{");
                rest = after;
            }
        }
    }
    kept.push_str(rest);
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::safe_text::label;

    #[test]
    fn names_that_differ_only_by_invisible_characters_are_flagged() {
        let plain = label("Ana Souza").into_owned();
        let hidden = label("Ana\u{200b} Souza").into_owned();
        let joined = label("Ana Sou\u{2060}za\u{feff}").into_owned();
        assert_ne!(plain, hidden, "the escape shows");
        assert_eq!(
            flagged([plain.as_str(), hidden.as_str(), joined.as_str(), "Bruno"]),
            [true, true, true, false]
        );
    }

    #[test]
    fn the_flagged_names_are_worked_out_again_only_when_the_list_changes() {
        let mut memo = FlaggedNames::default();
        let list = ["Ana", "Ana\\u{200b}", "Bia"];
        let flagged = memo.of((1, 3), || list).clone();
        assert!(flagged.contains("Ana") && flagged.contains("Ana\\u{200b}"));
        assert!(!flagged.contains("Bia"));
        // The same key: the list is not read again.
        let again = memo.of((1, 3), || -> [&str; 0] { panic!("read again") });
        assert_eq!(again, &flagged);
        assert!(memo.of((2, 1), || ["Ana"]).is_empty());
    }

    #[test]
    fn look_alike_letters_are_flagged_and_distinct_names_are_not() {
        // A Cyrillic о (U+043E) in place of the Latin o.
        assert_eq!(flagged(["Joao", "J\u{43e}ao"]), [true, true]);
        assert_eq!(flagged(["carteira rn", "carteira m"]), [true, true]);
        assert_eq!(flagged(["Ana", "Ana", "Bia"]), [false, false, false]);
        assert_eq!(flagged(["Ana", "Ane"]), [false, false]);
        // An escape of a visible character, written by the person, stays.
        assert_eq!(appearance("a\\u{41}"), appearance("a\\u{41}"));
        assert_ne!(appearance("a\\u{41}"), appearance("a"));
    }
}
