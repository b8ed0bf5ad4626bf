//! What a decoded record costs in memory, so that a list can be held to the
//! memory budget a person sets in Settings while it is decoded, not only to
//! the size of the answer that brings it.
//!
//! A record's cost is its own size plus what it alone holds elsewhere: a
//! PIX payload or a QR image, a text too long or too rare to be shared, a
//! withdrawal's unnamed fields. Texts shared with other records (interned,
//! see [`super::text`]) cost nothing more per record.

use super::model::{Deposit, Order, Transfer, Wallet, Withdrawal};
use super::text::SharedText;

/// The memory a record takes in a list.
pub trait Footprint: Sized {
    /// The bytes it holds outside itself that no other record holds.
    fn own_bytes(&self) -> usize;

    /// Its whole cost in a list: its own size plus [`Footprint::own_bytes`].
    fn footprint(&self) -> usize {
        std::mem::size_of::<Self>() + self.own_bytes()
    }
}

fn text_bytes<'a>(texts: impl IntoIterator<Item = &'a Option<SharedText>>) -> usize {
    texts.into_iter().flatten().map(SharedText::own_bytes).sum()
}

impl Footprint for Order {
    fn own_bytes(&self) -> usize {
        text_bytes([&self.brcode, &self.qr_code_base64])
    }
}

impl Footprint for Transfer {
    fn own_bytes(&self) -> usize {
        text_bytes([&self.source_address, &self.target_address])
            + self.tx_hash.as_ref().map_or(0, |hash| hash.own_bytes())
    }
}

impl Footprint for Withdrawal {
    fn own_bytes(&self) -> usize {
        self.extra.own_bytes()
    }
}

impl Footprint for Deposit {
    fn own_bytes(&self) -> usize {
        let coordinates = self.coordinates.as_ref().map_or(0, |coordinates| {
            text_bytes([
                &coordinates.source_tax_id,
                &coordinates.source_bank_code,
                &coordinates.source_type,
                &coordinates.source_account_number,
                &coordinates.source_branch_code,
                &coordinates.target,
            ])
        });
        text_bytes([&self.kind]) + coordinates
    }
}

impl Footprint for Wallet {
    fn own_bytes(&self) -> usize {
        // A handful per account: an estimate from the written lengths does.
        self.name.as_ref().map_or(0, String::capacity)
            + self.address.capacity()
            + self.assets.capacity() * std::mem::size_of::<super::model::Asset>()
            + self.metadata.as_ref().map_or(0, |metadata| {
                serde_json::to_string(metadata).map_or(0, |text| text.len())
            })
    }
}
