//! A movement of money as the account's lists hold it: an order, a
//! transfer, a withdrawal, a deposit or a claim. [`MovementKind`] says which;
//! [`Record`] is the movement's record, borrowed from its list, with what
//! every reader asks of it: its id, its state as the wire writes it, its
//! time, and the text a search looks through (raw values, so the same search
//! finds the same in both languages). The extrato and the desktop
//! notifications both read movements through it.

use std::fmt::Write;

use time::OffsetDateTime;
use uuid::Uuid;

use crate::api::model::{Asset, Claim, Deposit, DepositAsset, Order, Transfer, Withdrawal};

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

fn push_words(text: &mut String, words: &[Option<&str>]) {
    for word in words.iter().flatten() {
        text.push_str(word);
        text.push(' ');
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
    /// A deposit, with its list's asset.
    Deposit(&'a Deposit, &'a DepositAsset),
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
            Record::Deposit(deposit, _) => deposit.status.as_ref().map(|status| status.as_str()),
            Record::Claim(claim) => claim.status.as_ref().map(|status| status.as_str()),
        }
    }

    /// Appends what a text search looks through: ids, state, amounts as
    /// the service wrote them, assets, addresses, hashes, method, payer.
    /// Raw values, so a search finds the same in both languages.
    pub fn search_text(&self, text: &mut String) {
        push_words(text, &[Some(self.kind().wire()), self.state()]);
        let amounts = match self {
            Record::Order(order) => [order.source_amount(), order.target_amount()],
            Record::Transfer(transfer) => [transfer.amount(), None],
            Record::Withdrawal(withdrawal) => [withdrawal.amount(), None],
            Record::Deposit(deposit, _) => [deposit.amount(), None],
            Record::Claim(claim) => [claim.gross_amount, claim.net_amount],
        };
        for amount in amounts.into_iter().flatten() {
            let _ = write!(text, "{amount} ");
        }
        let _ = write!(text, "{} ", self.id());
        match self {
            Record::Order(order) => {
                push_words(
                    text,
                    &[
                        order.source_asset.as_ref().map(Asset::as_str),
                        order.target_asset.as_ref().map(Asset::as_str),
                    ],
                );
                if let Some(quote) = order.quote_id {
                    let _ = write!(text, "{quote} ");
                }
            }
            Record::Transfer(transfer) => {
                push_words(
                    text,
                    &[
                        transfer.asset.as_ref().map(Asset::as_str),
                        transfer.source_address.as_deref(),
                        transfer.target_address.as_deref(),
                    ],
                );
                if let Some(tx_hash) = &transfer.tx_hash {
                    let _ = write!(text, "{tx_hash} ");
                }
            }
            Record::Withdrawal(withdrawal) => push_words(
                text,
                &[
                    withdrawal.asset.as_ref().map(Asset::as_str),
                    withdrawal.method.as_ref().map(|method| method.as_str()),
                ],
            ),
            Record::Deposit(deposit, asset) => push_words(
                text,
                &[
                    Some(asset.as_str()),
                    deposit.kind.as_deref(),
                    deposit
                        .coordinates
                        .as_ref()
                        .and_then(|coordinates| coordinates.source_tax_id.as_deref()),
                ],
            ),
            Record::Claim(_) => {}
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
            Record::Deposit(deposit, _) => deposit.created_at().or(deposit.processed_at()),
            Record::Claim(claim) => claim.updated_at,
        }
    }

    /// The record's id.
    pub fn id(&self) -> Uuid {
        match self {
            Record::Order(order) => order.id,
            Record::Transfer(transfer) => transfer.id,
            Record::Withdrawal(withdrawal) => withdrawal.id,
            Record::Deposit(deposit, _) => deposit.id,
            Record::Claim(claim) => claim.id,
        }
    }
}
