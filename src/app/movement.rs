//! A movement of money as the account's lists hold it: an order, a
//! transfer, a withdrawal, a deposit or a claim. [`MovementKind`] says which;
//! [`Record`] is the movement's record, borrowed from its list, with what
//! every reader asks of it: its id, its state as the wire writes it, its
//! time, and what a search looks through (raw values, so the same search
//! finds the same in both languages). The extrato and the desktop
//! notifications both read movements through it.

use time::OffsetDateTime;
use uuid::Uuid;

use brlv_core::api::model::{Asset, Claim, Deposit, Order, Transfer, Withdrawal};

use super::search::SearchText;

/// What kind of record a movement is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, strum::EnumIter)]
pub enum MovementKind {
    /// An order (a conversion).
    Order,
    /// A token transfer.
    Transfer,
    /// A withdrawal (PIX, TED or tokens).
    Withdrawal,
    /// A deposit.
    Deposit,
    /// A claim on reward certificates.
    Claim,
}

impl MovementKind {
    /// The language-free name a search finds (`order`, `transfer`…).
    pub fn wire(self) -> &'static str {
        match self {
            MovementKind::Order => "order",
            MovementKind::Transfer => "transfer",
            MovementKind::Withdrawal => "withdrawal",
            MovementKind::Deposit => "deposit",
            MovementKind::Claim => "claim",
        }
    }
}

/// A movement's record, borrowed from the lists.
#[derive(Clone, Copy, Debug)]
pub enum Record<'a> {
    /// An order.
    Order(&'a Order),
    /// A transfer.
    Transfer(&'a Transfer),
    /// A withdrawal.
    Withdrawal(&'a Withdrawal),
    /// A deposit.
    Deposit(&'a Deposit),
    /// A claim.
    Claim(&'a Claim),
}

impl Record<'_> {
    /// Which kind of movement it is.
    pub fn kind(&self) -> MovementKind {
        match self {
            Record::Order(_) => MovementKind::Order,
            Record::Transfer(_) => MovementKind::Transfer,
            Record::Withdrawal(_) => MovementKind::Withdrawal,
            Record::Deposit(..) => MovementKind::Deposit,
            Record::Claim(_) => MovementKind::Claim,
        }
    }

    /// The record's state as the service wrote it (a wire value, kept for
    /// the whole run).
    pub fn state(&self) -> Option<&'static str> {
        match self {
            Record::Order(order) => order.state.as_ref().map(|state| state.as_str()),
            Record::Transfer(transfer) => transfer.state.as_ref().map(|state| state.as_str()),
            Record::Withdrawal(withdrawal) => withdrawal.state.as_ref().map(|state| state.as_str()),
            Record::Deposit(deposit) => deposit.status.as_ref().map(|status| status.as_str()),
            Record::Claim(claim) => claim.status.as_ref().map(|status| status.as_str()),
        }
    }

    /// Hands a search what it looks through, the same for the extrato and
    /// for each list: its state and the words the service wrote (assets,
    /// addresses, a hash, a method, the payer's document), then its ids and
    /// amounts, which are written out only when a word still missing could
    /// be one. Raw values, so a search finds the same in both languages.
    pub fn search_pieces(&self, text: &mut SearchText<'_>) {
        let asset = |asset: &Option<Asset>| asset.as_ref().map(Asset::as_str);
        text.word(self.state());
        match self {
            Record::Order(order) => {
                text.word(asset(&order.source_asset));
                text.word(asset(&order.target_asset));
                text.id(order.quote_id);
            }
            Record::Transfer(transfer) => {
                text.word(asset(&transfer.asset));
                text.word(transfer.source_address.as_deref());
                text.word(transfer.target_address.as_deref());
                if let Some(hash) = &transfer.tx_hash {
                    hash.with_text(|hash| text.word(Some(hash)));
                }
            }
            Record::Withdrawal(withdrawal) => {
                text.word(withdrawal.method.as_ref().map(|method| method.as_str()));
                text.word(asset(&withdrawal.asset));
            }
            Record::Deposit(deposit) => {
                text.word(deposit.kind.as_deref());
                text.word(
                    deposit
                        .coordinates
                        .as_ref()
                        .and_then(|coordinates| coordinates.source_tax_id.as_deref()),
                );
            }
            Record::Claim(_) => {}
        }
        text.id(Some(self.id()));
        match self {
            Record::Order(order) => {
                text.amount(order.source_amount());
                text.amount(order.target_amount());
            }
            Record::Transfer(transfer) => text.amount(transfer.amount()),
            Record::Withdrawal(withdrawal) => text.amount(withdrawal.amount()),
            Record::Deposit(deposit) => text.amount(deposit.amount()),
            Record::Claim(claim) => {
                for amount in [
                    claim.gross_amount,
                    claim.net_amount,
                    claim.tax_amount,
                    claim.fees,
                ] {
                    text.amount(amount);
                }
            }
        }
    }

    /// When it happened, as the service wrote it: an order, transfer or
    /// withdrawal when created; a deposit when created (else processed); a
    /// claim when last updated (the only time it carries).
    pub fn time(&self) -> Option<OffsetDateTime> {
        match self {
            Record::Order(order) => order.created_at(),
            Record::Transfer(transfer) => transfer.created_at(),
            Record::Withdrawal(withdrawal) => withdrawal.created_at(),
            Record::Deposit(deposit) => deposit.created_at().or(deposit.processed_at()),
            Record::Claim(claim) => claim.updated_at,
        }
    }

    /// The record's id.
    pub fn id(&self) -> Uuid {
        match self {
            Record::Order(order) => order.id,
            Record::Transfer(transfer) => transfer.id,
            Record::Withdrawal(withdrawal) => withdrawal.id,
            Record::Deposit(deposit) => deposit.id,
            Record::Claim(claim) => claim.id,
        }
    }
}
