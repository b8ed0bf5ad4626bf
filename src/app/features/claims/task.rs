//! Claiming from reward certificates. The service lists no claims, so after
//! a lost answer the claimable balance is what shows a claim applied: it
//! fell by at least the amount claimed.

use rust_decimal::Decimal;

use crate::app::resources::ResourceKey;
use crate::app::submit::{Created, SubmitOutcome, settle};
use brlv_core::api::model::CreateClaim;
use brlv_core::api::{Client, Error};

/// What a claim changes, re-read at once afterwards.
pub const REFRESH_AFTER: &[ResourceKey] = &[
    ResourceKey::Claimable,
    ResourceKey::BalanceBrl,
    ResourceKey::BalanceBrlv,
    ResourceKey::TaxExemption,
];

async fn claimable(client: &Client, wallet: Option<&str>) -> Result<Decimal, Error> {
    match wallet {
        Some(address) => client.wallet_claimable_balance(address).await,
        None => client.claimable_balance().await,
    }
    .map(|balance| balance.available_balance)
}

/// `POST /claims` or `POST /wallets/{address}/claims`, once.
pub async fn create(client: &Client, wallet: Option<&str>, request: &CreateClaim) -> SubmitOutcome {
    let before = claimable(client, wallet).await.ok();
    let sent = match wallet {
        Some(address) => client.create_wallet_claim(address, request).await,
        None => client.create_claim(request).await,
    };
    settle(
        sent,
        |claim| Created::Claim(Some(claim)),
        || async {
            let before = before.ok_or(None)?;
            let after = claimable(client, wallet).await.map_err(Some)?;
            Ok((before - after >= request.amount).then_some(Created::Claim(None)))
        },
    )
    .await
}
