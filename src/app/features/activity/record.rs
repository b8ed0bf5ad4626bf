//! A movement's record, read from the shared list it points into: its
//! state and the text a search looks through (raw values, so the same search
//! finds the same in both languages).

use std::fmt::Write;

use time::OffsetDateTime;
use uuid::Uuid;

use crate::api::model::{Asset, Claim, Deposit, DepositAsset, Order, Transfer, Withdrawal};
use crate::app::resources::DEPOSIT_ASSETS;

use super::model::{MovementKind, Source, Sources};

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

impl Sources {
    /// The record `source` points at.
    pub fn record(&self, source: Source) -> Option<Record<'_>> {
        let at = |position: u32| usize::try_from(position).ok();
        Some(match source {
            Source::Order(position) => Record::Order(self.orders.get(at(position)?)?),
            Source::Transfer(position) => Record::Transfer(self.transfers.get(at(position)?)?),
            Source::Withdrawal(position) => {
                Record::Withdrawal(self.withdrawals.get(at(position)?)?)
            }
            Source::Deposit(list, position) => {
                let list = usize::from(list);
                Record::Deposit(
                    self.deposits.get(list)?.get(at(position)?)?,
                    DEPOSIT_ASSETS.get(list)?,
                )
            }
            Source::Claim(position) => Record::Claim(self.claims.get(at(position)?)?),
        })
    }
}

impl Record<'_> {
    /// The record's state as the service wrote it.
    pub fn state(&self) -> Option<&str> {
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
    pub fn search_text(&self, kind: MovementKind, text: &mut String) {
        push_words(text, &[Some(kind.wire()), self.state()]);
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
