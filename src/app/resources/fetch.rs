//! Fetching a resource from the service: a list decoded as it streams in,
//! within the memory budget, with a fingerprint to tell an identical answer
//! from a new one; the small resources read whole; a list with the filters
//! the API applies.

use std::sync::Arc;

use crate::app::known_states::KnownStates;
use brlv_core::api::model::{
    BalanceAsset, ClaimableBalance, Deposit, DepositAsset, TransferFilter, WalletFilter,
};
use brlv_core::api::{Client, Error};

use super::fetched::{ClaimableBalances, Fetched, Rows, WalletClaimable};
use super::filtered::{ListQuery, Listed};
use super::key::ResourceKey;

/// How to tell an answer from the last one without decoding it again: a
/// list by the digest of its bytes (keeping a million records twice to
/// compare them would double the memory), anything small by its value.
#[derive(Clone, Debug, PartialEq)]
pub enum Fingerprint {
    /// A list's digest (see [`brlv_core::api::stream`]).
    Digest(u64),
    /// A small value, as it is.
    Value(Fetched),
}

/// A fetch's data with its fingerprint and its size on the wire (lists;
/// 0 for small values).
#[derive(Clone, Debug)]
pub struct Answer {
    /// The data.
    pub data: Fetched,
    /// What tells it from the last answer.
    pub fingerprint: Fingerprint,
    /// The answer's size in bytes, for lists.
    pub bytes: u64,
    /// The last state of each of a list's movements, built once off the
    /// window's thread (see `worker`) for the journal and the
    /// notifications to share; `None` until then, and for anything else.
    pub states: Option<KnownStates>,
}

/// The default memory budget for one list: 1 GiB holds about five million
/// orders (200 bytes each, as `Footprint` counts them).
pub const DEFAULT_LIST_BUDGET_MIB: u64 = 1024;

/// A decoded list, shared, without the room a growing `Vec` leaves (a list
/// of 600,000 orders decodes into room for 1,048,576). That room is mostly
/// never touched, so it costs address space more than resident memory, but
/// a list is kept for as long as the window is open; giving the room back
/// is cheap (a list this long has its own mapping, shrunk in place).
fn exact_rows<T>(mut rows: Vec<T>) -> Rows<T> {
    rows.shrink_to_fit();
    Arc::new(rows)
}

/// Fetches `key` with `client`; a list is decoded as it streams in and
/// refused once its records would take more than `list_budget_bytes`.
pub async fn fetch_answer(
    client: &Client,
    key: ResourceKey,
    list_budget_bytes: u64,
) -> Result<Answer, Error> {
    let list = |data: Fetched, digest: u64, bytes: u64| Answer {
        data,
        fingerprint: Fingerprint::Digest(digest),
        bytes,
        states: None,
    };
    let budget = list_budget_bytes;
    let deposits = |asset: DepositAsset| async move {
        client
            .get_list::<Deposit>(&["assets", asset.as_str(), "deposits"], "deposits", budget)
            .await
    };
    Ok(match key {
        ResourceKey::Orders => {
            let got = client.get_list(&["orders"], "orders", budget).await?;
            list(Fetched::Orders(exact_rows(got.rows)), got.digest, got.bytes)
        }
        ResourceKey::Transfers => {
            let got = client.get_list(&["transfers"], "transfers", budget).await?;
            list(
                Fetched::Transfers(exact_rows(got.rows)),
                got.digest,
                got.bytes,
            )
        }
        ResourceKey::Withdrawals => {
            let got = client
                .get_list(&["withdrawals"], "withdrawals", budget)
                .await?;
            list(
                Fetched::Withdrawals(exact_rows(got.rows)),
                got.digest,
                got.bytes,
            )
        }
        ResourceKey::Wallets => {
            let got = client.get_list(&["wallets"], "wallets", budget).await?;
            list(
                Fetched::Wallets(exact_rows(got.rows)),
                got.digest,
                got.bytes,
            )
        }
        ResourceKey::DepositsBrl => {
            let got = deposits(DepositAsset::Brl).await?;
            list(
                Fetched::DepositsBrl(exact_rows(got.rows)),
                got.digest,
                got.bytes,
            )
        }
        ResourceKey::DepositsUsd => {
            let got = deposits(DepositAsset::Usd).await?;
            list(
                Fetched::DepositsUsd(exact_rows(got.rows)),
                got.digest,
                got.bytes,
            )
        }
        ResourceKey::DepositsUsdc => {
            let got = deposits(DepositAsset::Usdc).await?;
            list(
                Fetched::DepositsUsdc(exact_rows(got.rows)),
                got.digest,
                got.bytes,
            )
        }
        ResourceKey::DepositsUsdt => {
            let got = deposits(DepositAsset::Usdt).await?;
            list(
                Fetched::DepositsUsdt(exact_rows(got.rows)),
                got.digest,
                got.bytes,
            )
        }
        ResourceKey::BalanceBrl
        | ResourceKey::BalanceUsdc
        | ResourceKey::BalanceBrlv
        | ResourceKey::TaxExemption
        | ResourceKey::Claimable
        | ResourceKey::Order(_)
        | ResourceKey::OrderInMotion(_) => {
            let data = fetch(client, key).await?;
            Answer {
                fingerprint: Fingerprint::Value(data.clone()),
                data,
                bytes: 0,
                states: None,
            }
        }
    })
}

/// Fetches `key` with `client`, each answer read whole (the small resources;
/// lists too, for callers without a budget).
pub async fn fetch(client: &Client, key: ResourceKey) -> Result<Fetched, Error> {
    let balance = |asset: BalanceAsset| async move {
        client
            .balance(&asset)
            .await
            .map(|balance| balance.running_balance)
    };
    Ok(match key {
        ResourceKey::BalanceBrl => Fetched::BalanceBrl(balance(BalanceAsset::Brl).await?),
        ResourceKey::BalanceUsdc => Fetched::BalanceUsdc(balance(BalanceAsset::Usdc).await?),
        ResourceKey::BalanceBrlv => Fetched::BalanceBrlv(balance(BalanceAsset::Brlv).await?),
        ResourceKey::TaxExemption => Fetched::TaxExemption(client.tax_exemption_progress().await?),
        ResourceKey::Orders => Fetched::Orders(client.list_orders().await?.into()),
        ResourceKey::Transfers => Fetched::Transfers(
            client
                .list_transfers(&TransferFilter::default())
                .await?
                .into(),
        ),
        ResourceKey::Withdrawals => {
            Fetched::Withdrawals(client.list_withdrawals(None).await?.into())
        }
        ResourceKey::Wallets => {
            Fetched::Wallets(client.list_wallets(&WalletFilter::default()).await?.into())
        }
        ResourceKey::Claimable => Fetched::Claimable(claimable_balances(client).await?),
        ResourceKey::DepositsBrl => {
            Fetched::DepositsBrl(client.list_deposits(&DepositAsset::Brl).await?.into())
        }
        ResourceKey::DepositsUsd => {
            Fetched::DepositsUsd(client.list_deposits(&DepositAsset::Usd).await?.into())
        }
        ResourceKey::DepositsUsdc => {
            Fetched::DepositsUsdc(client.list_deposits(&DepositAsset::Usdc).await?.into())
        }
        ResourceKey::DepositsUsdt => {
            Fetched::DepositsUsdt(client.list_deposits(&DepositAsset::Usdt).await?.into())
        }
        ResourceKey::Order(id) | ResourceKey::OrderInMotion(id) => {
            Fetched::Order(Box::new(client.get_order(id).await?))
        }
    })
}

async fn claimable_balances(client: &Client) -> Result<ClaimableBalances, Error> {
    let account = client.claimable_balance().await?.available_balance;
    let mut wallets = Vec::new();
    for wallet in client.list_wallets(&WalletFilter::default()).await? {
        let ClaimableBalance { available_balance } =
            client.wallet_claimable_balance(&wallet.address).await?;
        wallets.push(WalletClaimable {
            address: wallet.address,
            name: wallet.name,
            available: available_balance,
        });
    }
    Ok(ClaimableBalances { account, wallets })
}

/// Fetches a filtered list.
pub async fn query(client: &Client, query: ListQuery) -> Listed {
    match query {
        ListQuery::Wallets(filter) => {
            let result = client.list_wallets(&filter).await;
            Listed::Wallets(filter, result)
        }
        ListQuery::Transfers(filter) => {
            let result = client.list_transfers(&filter).await;
            Listed::Transfers(filter, result)
        }
        ListQuery::Withdrawals(asset) => {
            let result = client.list_withdrawals(asset.as_ref()).await;
            Listed::Withdrawals(asset, result)
        }
    }
}
