//! A search through a list's rows, the same for every list and for the
//! extrato: the person's words (lowercase) must each be found in some piece
//! a row offers (its state, an asset, an address, an id, an amount), in
//! any order and case. What a movement offers is written once, in
//! [`crate::app::movement::Record::search_pieces`].

use rust_decimal::Decimal;

/// What a row offers a search, piece by piece. The search's words must
/// each be found in some piece of the row ("completed 10.00": completed,
/// and for 10.00). Each piece is looked at as it comes, a row stops being
/// read once every word is found, and an id or an amount is not even
/// written out when no word still missing could be in it ("completed" is
/// no hex number).
pub struct SearchText<'a> {
    words: Vec<SearchWord<'a>>,
    /// One bit per word found in this row.
    found: u64,
    all: u64,
    piece: String,
}

struct SearchWord<'a> {
    text: &'a str,
    could_be_hex: bool,
    could_be_number: bool,
}

/// What kind of piece is offered, for which words it could hold.
#[derive(Clone, Copy)]
enum PieceKind {
    Word,
    Id,
    Amount,
}

impl<'a> SearchText<'a> {
    /// A search for `needle`, already lowercase.
    pub fn new(needle: &'a str) -> SearchText<'a> {
        let words: Vec<SearchWord<'a>> = needle
            .split_whitespace()
            .take(64)
            .map(|text| SearchWord {
                text,
                could_be_hex: text.chars().all(|c| c.is_ascii_hexdigit() || c == '-'),
                could_be_number: text
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == '.' || c == '-'),
            })
            .collect();
        let all = u64::MAX >> (64 - words.len().max(1));
        SearchText {
            words,
            found: 0,
            all,
            piece: String::new(),
        }
    }

    /// Whether the row whose pieces `offer` hands over holds every word.
    pub fn matches(&mut self, offer: impl FnOnce(&mut SearchText<'a>)) -> bool {
        self.found = 0;
        offer(self);
        self.found == self.all
    }

    /// Whether a piece of `kind` could hold a word not found yet.
    fn wants(&self, kind: PieceKind) -> bool {
        self.words.iter().enumerate().any(|(index, word)| {
            self.found & (1 << index) == 0
                && match kind {
                    PieceKind::Word => true,
                    PieceKind::Id => word.could_be_hex,
                    PieceKind::Amount => word.could_be_number,
                }
        })
    }

    /// Looks for the missing words in the piece just written.
    fn check(&mut self) {
        self.piece.make_ascii_lowercase();
        for (index, word) in self.words.iter().enumerate() {
            if self.found & (1 << index) == 0 && self.piece.contains(word.text) {
                self.found |= 1 << index;
            }
        }
        self.piece.clear();
    }

    /// A word or a name (a state, an asset, an address), case-insensitively.
    pub fn word(&mut self, word: Option<&str>) {
        if let Some(word) = word
            && self.wants(PieceKind::Word)
        {
            self.piece.push_str(word);
            self.check();
        }
    }

    /// An identifier, written as its lowercase hyphenated hex.
    pub fn id(&mut self, id: Option<uuid::Uuid>) {
        if let Some(id) = id
            && self.wants(PieceKind::Id)
        {
            let mut buffer = uuid::Uuid::encode_buffer();
            self.piece
                .push_str(id.hyphenated().encode_lower(&mut buffer));
            self.check();
        }
    }

    /// An amount, as the service writes it (`99.50`).
    pub fn amount(&mut self, amount: Option<Decimal>) {
        use std::fmt::Write;
        if let Some(amount) = amount
            && self.wants(PieceKind::Amount)
        {
            let _ = write!(self.piece, "{amount}");
            self.check();
        }
    }
}
