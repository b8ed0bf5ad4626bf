//! Creating a transfer. After a lost answer, a transfer of the same asset,
//! amount and addresses that was not listed before shows it was created.

use crate::app::resources::ResourceKey;
use crate::app::submit::{Created, SubmitOutcome, settle};
use brlv_core::api::model::{CreateTransfer, Transfer, TransferFilter};
use brlv_core::api::{Client, SharedText};

/// What a new transfer changes, re-read at once afterwards.
pub const REFRESH_AFTER: &[ResourceKey] = &[ResourceKey::Transfers, ResourceKey::BalanceBrlv];

fn same_transfer(transfer: &Transfer, request: &CreateTransfer) -> bool {
    let same =
        |a: &Option<SharedText>, b: &str| a.as_deref().is_some_and(|a| a.eq_ignore_ascii_case(b));
    transfer.asset.as_ref() == Some(&request.asset)
        && transfer.amount() == Some(request.amount)
        && same(&transfer.source_address, &request.source_address)
        && same(&transfer.target_address, &request.target_address)
}

/// `POST /transfers`, once.
pub async fn create(client: &Client, request: &CreateTransfer) -> SubmitOutcome {
    let all = TransferFilter::default();
    let before = client.list_transfers(&all).await.ok();
    let sent = client.create_transfer(request).await;
    settle(sent, Created::Transfer, || async {
        let before = before.ok_or(None)?;
        let after = client.list_transfers(&all).await.map_err(Some)?;
        Ok(after
            .into_iter()
            .find(|transfer| {
                same_transfer(transfer, request) && !before.iter().any(|old| old.id == transfer.id)
            })
            .map(Created::Transfer))
    })
    .await
}
