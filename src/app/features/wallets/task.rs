//! Creating a wallet. After a lost answer, a wallet of the same name that
//! was not listed before shows it was created.

use crate::app::resources::ResourceKey;
use crate::app::submit::{Created, SubmitOutcome, settle};
use brlv_core::api::Client;
use brlv_core::api::model::{CreateWallet, CreatedWallet, WalletFilter};

/// What a new wallet changes, re-read at once afterwards.
pub const REFRESH_AFTER: &[ResourceKey] = &[ResourceKey::Wallets, ResourceKey::Claimable];

/// `POST /wallets`, once.
pub async fn create(client: &Client, request: &CreateWallet) -> SubmitOutcome {
    let all = WalletFilter::default();
    let before = client.list_wallets(&all).await.ok();
    let sent = client.create_wallet(request).await;
    settle(sent, Created::Wallet, || async {
        let before = before.ok_or(None)?;
        let after = client.list_wallets(&all).await.map_err(Some)?;
        Ok(after
            .into_iter()
            .find(|wallet| {
                wallet.name.as_deref() == Some(request.wallet_name.as_str())
                    && !before.iter().any(|old| old.address == wallet.address)
            })
            .map(|wallet| {
                Created::Wallet(CreatedWallet {
                    address: wallet.address,
                    assets: wallet.assets,
                })
            }))
    })
    .await
}
