//! Creating a transfer. After a lost answer, the core's one settling
//! decides ([`settle_lost`]): a transfer not listed before the send, of the
//! same asset, amount and addresses, shows it was created; none, read
//! before the service could no longer accept it, is not yet known, and the
//! journal settles it later.

use time::OffsetDateTime;

use crate::app::resources::ResourceKey;
use crate::app::submit::{Created, LostSend, SubmitOutcome, settle, settle_lost};
use brlv_core::api::Client;
use brlv_core::api::model::{CreateTransfer, TransferFilter};
use brlv_core::journal::settle::ListKind;

/// What a new transfer changes, re-read at once afterwards.
pub const REFRESH_AFTER: &[ResourceKey] = &[ResourceKey::Transfers, ResourceKey::BalanceBrlv];

/// `POST /transfers`, once.
pub async fn create(client: &Client, request: &CreateTransfer) -> SubmitOutcome {
    let all = TransferFilter::default();
    let before = client.list_transfers(&all).await.ok();
    let sent_at = OffsetDateTime::now_utc();
    let sent = client.create_transfer(request).await;
    let closed_at = OffsetDateTime::now_utc();
    settle(sent, Created::Transfer, || async {
        let before = before.ok_or(None)?;
        let read_at = OffsetDateTime::now_utc();
        let after = client.list_transfers(&all).await.map_err(Some)?;
        let lost = LostSend {
            list: ListKind::Transfers,
            body: serde_json::to_string(request).unwrap_or_default(),
            sent_at,
            closed_at,
            before: &before,
        };
        let Some(id) = settle_lost(&lost, &after, read_at)? else {
            return Ok(None);
        };
        Ok(after
            .into_iter()
            .find(|transfer| transfer.id.to_string() == id)
            .map(Created::Transfer))
    })
    .await
}
