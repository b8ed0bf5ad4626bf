//! Creating a withdrawal. After a lost answer, the core's one settling
//! decides ([`send_settled`]): a withdrawal not listed before the send, of
//! the same asset, method, amount and destination, shows it was created;
//! none, read before the service could no longer accept it, is not yet
//! known, and the worker reads again by itself once that moment has passed.

use crate::app::resources::ResourceKey;
use crate::app::submit::{Created, SubmitOutcome, send_settled};
use brlv_core::api::Client;
use brlv_core::api::model::CreateWithdrawal;
use brlv_core::journal::settle::ListKind;

/// What a withdrawal changes, re-read at once afterwards.
pub const REFRESH_AFTER: &[ResourceKey] = &[
    ResourceKey::Withdrawals,
    ResourceKey::BalanceBrl,
    ResourceKey::BalanceUsdc,
    ResourceKey::BalanceBrlv,
];

/// `POST /withdrawals`, once.
pub async fn create(client: &Client, request: &CreateWithdrawal) -> SubmitOutcome {
    send_settled(
        ListKind::Withdrawals,
        serde_json::to_string(request).unwrap_or_default(),
        client.create_withdrawal(request),
        || client.list_withdrawals(None),
        Created::Withdrawal,
    )
    .await
}
