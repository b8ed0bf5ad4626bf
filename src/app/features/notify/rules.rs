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

use crate::api::model::{Asset, Order, Transfer, Withdrawal};

/// The kind of record a movement is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MovementKind {
    /// An order (a conversion).
    Order,
    /// A token transfer between wallets.
    Transfer,
    /// A withdrawal (PIX, TED or tokens).
    Withdrawal,
}

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

/// One movement as the rules see it: its identity, its state as the wire
/// names it, and the amount a notification names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movement {
    /// The record's id.
    pub id: Uuid,
    /// Its state, as sent (an unknown state is kept and never notifies);
    /// a wire value lives for the whole run, so a million of them are
    /// pointers, not a million small strings.
    pub state: &'static str,
    /// The amount the notification names (an order: what was paid in).
    pub amount: Option<Decimal>,
    /// That amount's asset.
    pub asset: Option<Asset>,
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

/// The notes owed between the last known states (`previous`) and a fresh
/// answer (`new`): each movement whose state changed to one that is news,
/// and each movement not seen before that arrives already in such a state.
/// With no previous answer (the first load after a start or a new
/// connection) nothing is news: what was already so is history.
pub fn transitions(
    previous: Option<&KnownStates>,
    kind: MovementKind,
    new: impl IntoIterator<Item = Movement>,
) -> Vec<DesktopNote> {
    let Some(previous) = previous else {
        return Vec::new();
    };
    new.into_iter()
        .filter(|movement| previous.get(&movement.id) != Some(movement.state))
        .filter_map(|movement| {
            Some(DesktopNote {
                happening: happening(kind, movement.state)?,
                id: movement.id,
                amount: movement.amount,
                asset: movement.asset.clone(),
            })
        })
        .collect()
}

/// The states of `movements`, to compare the next answer with.
pub fn known_states(movements: impl IntoIterator<Item = Movement>) -> KnownStates {
    movements
        .into_iter()
        .map(|movement| (movement.id, movement.state))
        .collect()
}

/// An order as a movement: the amount paid in.
pub fn order_movement(order: &Order) -> Option<Movement> {
    Some(Movement {
        id: order.id,
        state: order.state.as_ref()?.as_str(),
        amount: order.source_amount(),
        asset: order.source_asset.clone(),
    })
}

/// A transfer as a movement.
pub fn transfer_movement(transfer: &Transfer) -> Option<Movement> {
    Some(Movement {
        id: transfer.id,
        state: transfer.state.as_ref()?.as_str(),
        amount: transfer.amount(),
        asset: transfer.asset.clone(),
    })
}

/// A withdrawal as a movement.
pub fn withdrawal_movement(withdrawal: &Withdrawal) -> Option<Movement> {
    Some(Movement {
        id: withdrawal.id,
        state: withdrawal.state.as_ref()?.as_str(),
        amount: withdrawal.amount(),
        asset: withdrawal.asset.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn movement(id: u128, state: &'static str) -> Movement {
        Movement {
            id: Uuid::from_u128(id),
            state,
            amount: Some(Decimal::new(25_000, 2)),
            asset: Some(Asset::FiatBrl),
        }
    }

    #[test]
    fn the_first_answer_is_history_not_news() {
        let list = [movement(1, "completed"), movement(2, "expired")];
        assert!(transitions(None, MovementKind::Order, list.clone()).is_empty());
    }

    #[test]
    fn a_change_into_a_state_that_is_news_notifies_once() {
        let before = known_states([movement(1, "created"), movement(2, "created")]);
        let after = [movement(1, "completed"), movement(2, "created")];
        let notes = transitions(Some(&before), MovementKind::Order, after.clone());
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].happening, Happening::OrderPaid);
        assert_eq!(notes[0].id, Uuid::from_u128(1));
        let again = transitions(
            Some(&known_states(after.clone())),
            MovementKind::Order,
            after.clone(),
        );
        assert!(again.is_empty());
    }

    #[test]
    fn each_kind_notifies_only_its_own_states() {
        let before = known_states([movement(1, "pending")]);
        let completed = [movement(1, "completed")];
        let failed = [movement(1, "failed")];
        assert!(transitions(Some(&before), MovementKind::Transfer, completed.clone()).is_empty());
        assert_eq!(
            transitions(Some(&before), MovementKind::Transfer, failed.clone())[0].happening,
            Happening::TransferFailed
        );
        assert_eq!(
            transitions(Some(&before), MovementKind::Withdrawal, completed.clone())[0].happening,
            Happening::WithdrawalCompleted
        );
        assert!(transitions(Some(&before), MovementKind::Withdrawal, failed.clone()).is_empty());
    }

    #[test]
    fn a_new_record_already_final_is_news_after_the_first_answer() {
        let before = known_states([movement(1, "created")]);
        let after = [movement(1, "created"), movement(2, "payment-returned")];
        let notes = transitions(Some(&before), MovementKind::Order, after.clone());
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].happening, Happening::RefundInitiated);
    }
}
