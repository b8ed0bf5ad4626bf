//! Creating a withdrawal. After a lost answer, a withdrawal of the same
//! asset, method and amount that was not listed before shows it was created.

use crate::app::resources::ResourceKey;
use crate::app::submit::{Created, SubmitOutcome, settle};
use brlv_core::api::Client;
use brlv_core::api::model::{CreateWithdrawal, Withdrawal};

/// What a withdrawal changes, re-read at once afterwards.
pub const REFRESH_AFTER: &[ResourceKey] = &[
    ResourceKey::Withdrawals,
    ResourceKey::BalanceBrl,
    ResourceKey::BalanceUsdc,
    ResourceKey::BalanceBrlv,
];

fn same_withdrawal(withdrawal: &Withdrawal, request: &CreateWithdrawal) -> bool {
    withdrawal.asset.as_ref() == Some(&request.asset)
        && withdrawal.method.as_ref() == Some(&request.method)
        && withdrawal.amount() == Some(request.amount)
}

/// `POST /withdrawals`, once.
pub async fn create(client: &Client, request: &CreateWithdrawal) -> SubmitOutcome {
    let before = client.list_withdrawals(None).await.ok();
    let sent = client.create_withdrawal(request).await;
    settle(sent, Created::Withdrawal, || async {
        let before = before.ok_or(None)?;
        let after = client.list_withdrawals(None).await.map_err(Some)?;
        Ok(after
            .into_iter()
            .find(|withdrawal| {
                same_withdrawal(withdrawal, request)
                    && !before.iter().any(|old| old.id == withdrawal.id)
            })
            .map(Created::Withdrawal))
    })
    .await
}
