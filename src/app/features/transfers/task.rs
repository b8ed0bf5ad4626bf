//! Creating a transfer. After a lost answer, the core's one settling
//! decides ([`send_settled`]): a transfer not listed before the send, of
//! the same asset, amount and addresses, shows it was created; none, read
//! before the service could no longer accept it, is not yet known, and the
//! worker reads again by itself once that moment has passed.

use crate::app::resources::ResourceKey;
use crate::app::submit::{Created, SubmitOutcome, send_settled};
use brlv_core::api::Client;
use brlv_core::api::model::{CreateTransfer, TransferFilter};
use brlv_core::journal::settle::ListKind;

/// What a new transfer changes, re-read at once afterwards.
pub const REFRESH_AFTER: &[ResourceKey] = &[ResourceKey::Transfers, ResourceKey::BalanceBrlv];

/// `POST /transfers`, once.
pub async fn create(client: &Client, request: &CreateTransfer) -> SubmitOutcome {
    let all = TransferFilter::default();
    send_settled(
        ListKind::Transfers,
        serde_json::to_string(request).unwrap_or_default(),
        client.create_transfer(request),
        || client.list_transfers(&all),
        Created::Transfer,
    )
    .await
}
