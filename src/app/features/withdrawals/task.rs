//! Creating a withdrawal. After a lost answer, the core's one settling
//! decides ([`settle_lost`]): a withdrawal not listed before the send, of
//! the same asset, method, amount and destination, shows it was created;
//! none, read before the service could no longer accept it, is not yet
//! known, and the journal settles it later.

use time::OffsetDateTime;

use crate::app::resources::ResourceKey;
use crate::app::submit::{Created, LostSend, SubmitOutcome, settle, settle_lost};
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
    let before = client.list_withdrawals(None).await.ok();
    let sent_at = OffsetDateTime::now_utc();
    let sent = client.create_withdrawal(request).await;
    let closed_at = OffsetDateTime::now_utc();
    settle(sent, Created::Withdrawal, || async {
        let before = before.ok_or(None)?;
        let read_at = OffsetDateTime::now_utc();
        let after = client.list_withdrawals(None).await.map_err(Some)?;
        let lost = LostSend {
            list: ListKind::Withdrawals,
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
            .find(|withdrawal| withdrawal.id.to_string() == id)
            .map(Created::Withdrawal))
    })
    .await
}
