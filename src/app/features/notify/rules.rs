//! What is news: a movement (order, transfer, withdrawal) that reached a
//! state the person wants to hear about since the last answer. Pure: the
//! last known states and a fresh list in, the notes out.
//!
//! The states come from the interface's state machines (spec section 3 and
//! `api::model`): an order the service completed was paid (the sandbox and
//! the service's client go from `created` straight to `completed` once the
//! PIX arrives), `expired` ended unpaid, `payment-returned` means a late PIX
//! is being returned (the refund was initiated); a withdrawal `completed` was
//! paid out; a transfer `failed` did not go through.

use rust_decimal::Decimal;
use uuid::Uuid;

use crate::app::movement::{MovementKind, Record};
use brlv_core::api::model::Asset;

/// What a notification tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Happening {
    /// An order was paid and delivered (`completed`).
    OrderPaid,
    /// An order's funding window ended unpaid (`expired`).
    OrderExpired,
    /// A late PIX for an order is being returned (`payment-returned`, or the
    /// `order-refund-initiated` webhook event).
    RefundInitiated,
    /// A withdrawal was paid out (`completed`).
    WithdrawalCompleted,
    /// A transfer did not go through (`failed`).
    TransferFailed,
}

/// One notification owed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DesktopNote {
    /// What happened.
    pub happening: Happening,
    /// To which record.
    pub id: Uuid,
    /// The amount to name, with its asset.
    pub amount: Option<Decimal>,
    /// The amount's asset.
    pub asset: Option<Asset>,
}

/// The last known state of each movement of one kind, by id.
pub use crate::app::known_states::KnownStates;

/// What reaching `state` means for a movement of `kind`, if it is news.
pub fn happening(kind: MovementKind, state: &str) -> Option<Happening> {
    match (kind, state) {
        (MovementKind::Order, "completed") => Some(Happening::OrderPaid),
        (MovementKind::Order, "expired") => Some(Happening::OrderExpired),
        (MovementKind::Order, "payment-returned") => Some(Happening::RefundInitiated),
        (MovementKind::Withdrawal, "completed") => Some(Happening::WithdrawalCompleted),
        (MovementKind::Transfer, "failed") => Some(Happening::TransferFailed),
        _ => None,
    }
}

/// The amount a notification names, with its asset: what an order was
/// paid in, what a transfer or a withdrawal moved.
fn named_amount(record: &Record<'_>) -> (Option<Decimal>, Option<Asset>) {
    match record {
        Record::Order(order) => (order.source_amount(), order.source_asset.clone()),
        Record::Transfer(transfer) => (transfer.amount(), transfer.asset.clone()),
        Record::Withdrawal(withdrawal) => (withdrawal.amount(), withdrawal.asset.clone()),
        Record::Deposit(..) | Record::Claim(_) => (None, None),
    }
}

/// The notes owed between the last known states (`previous`) and a fresh
/// answer (`new`): each movement whose state changed to one that is news,
/// and each movement not seen before that arrives already in such a state.
/// With no previous answer (the first load after a start or a new
/// connection) nothing is news: what was already so is history. A record
/// without a state tells nothing.
pub fn transitions<'a>(
    previous: Option<&KnownStates>,
    new: impl IntoIterator<Item = Record<'a>>,
) -> Vec<DesktopNote> {
    let Some(previous) = previous else {
        return Vec::new();
    };
    new.into_iter()
        .filter_map(|record| {
            let state = record.state()?;
            if previous.get(&record.id()) == Some(state) {
                return None;
            }
            let (amount, asset) = named_amount(&record);
            Some(DesktopNote {
                happening: happening(record.kind(), state)?,
                id: record.id(),
                amount,
                asset,
            })
        })
        .collect()
}

/// The states of `records`, to compare the next answer with.
pub fn known_states<'a>(records: impl IntoIterator<Item = Record<'a>>) -> KnownStates {
    records
        .into_iter()
        .filter_map(|record| Some((record.id(), record.state()?)))
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use brlv_core::api::model::{Order, Transfer, Withdrawal};

    use super::*;

    fn record<T: serde::de::DeserializeOwned>(id: u128, state: &str) -> T {
        serde_json::from_value(serde_json::json!({
            "id": Uuid::from_u128(id),
            "state": state,
            "amount": "250.00",
            "asset": "fiat/brl",
            "source-amount": "250.00",
            "source-asset": "fiat/brl",
        }))
        .unwrap()
    }

    fn orders(list: &[(u128, &str)]) -> Vec<Order> {
        list.iter().map(|(id, state)| record(*id, state)).collect()
    }

    #[test]
    fn the_first_answer_is_history_not_news() {
        let list = orders(&[(1, "completed"), (2, "expired")]);
        assert!(transitions(None, list.iter().map(Record::Order)).is_empty());
    }

    #[test]
    fn a_change_into_a_state_that_is_news_notifies_once() {
        let before = orders(&[(1, "created"), (2, "created")]);
        let before = known_states(before.iter().map(Record::Order));
        let after = orders(&[(1, "completed"), (2, "created")]);
        let notes = transitions(Some(&before), after.iter().map(Record::Order));
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].happening, Happening::OrderPaid);
        assert_eq!(notes[0].id, Uuid::from_u128(1));
        assert_eq!(notes[0].amount, Some(Decimal::new(25_000, 2)));
        assert_eq!(notes[0].asset, Some(Asset::FiatBrl));
        let now = known_states(after.iter().map(Record::Order));
        assert!(transitions(Some(&now), after.iter().map(Record::Order)).is_empty());
    }

    #[test]
    fn each_kind_notifies_only_its_own_states() {
        let pending: Transfer = record(1, "pending");
        let before = known_states([Record::Transfer(&pending)]);
        let completed: Transfer = record(1, "completed");
        let failed: Transfer = record(1, "failed");
        assert!(transitions(Some(&before), [Record::Transfer(&completed)]).is_empty());
        assert_eq!(
            transitions(Some(&before), [Record::Transfer(&failed)])[0].happening,
            Happening::TransferFailed
        );
        let completed: Withdrawal = record(1, "completed");
        let failed: Withdrawal = record(1, "failed");
        assert_eq!(
            transitions(Some(&before), [Record::Withdrawal(&completed)])[0].happening,
            Happening::WithdrawalCompleted
        );
        assert!(transitions(Some(&before), [Record::Withdrawal(&failed)]).is_empty());
    }

    #[test]
    fn a_new_record_already_final_is_news_after_the_first_answer() {
        let before = orders(&[(1, "created")]);
        let before = known_states(before.iter().map(Record::Order));
        let after = orders(&[(1, "created"), (2, "payment-returned")]);
        let notes = transitions(Some(&before), after.iter().map(Record::Order));
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].happening, Happening::RefundInitiated);
    }
}
