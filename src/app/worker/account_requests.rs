//! The worker's side of the account panels: their lists (wallets, claimable
//! balances, deposits), filtered lists, CSV export, and the POSTs that create
//! wallets, transfers, withdrawals and claims.
//!
//! A POST is sent once and never retried: the interface has no idempotency
//! key. When its answer is lost (`Error::outcome_unknown`), the list read just
//! before sending is compared with a fresh one, and only then is the person
//! told whether it was applied.

use rust_decimal::Decimal;

use crate::api::model::{
    ClaimableBalance, CreateClaim, CreateTransfer, CreateWallet, CreateWithdrawal, CreatedWallet,
    DepositAsset, Transfer, TransferFilter, WalletFilter, Withdrawal,
};
use crate::api::{Client, Error};
use crate::app::accounts_command::{
    AccountsCommand, AccountsEvent, ClaimableBalances, Created, FormKind, ListQuery, SubmitOutcome,
    WalletClaimable,
};
use crate::app::command::{Event, ResourceData};

use super::{Done, ResourceKey, Worker, blocking};

/// Fetches one of the account panels' scheduled lists.
pub(super) async fn fetch_account_list(
    client: &Client,
    resource: ResourceKey,
) -> Result<ResourceData, Error> {
    let deposits = |asset: DepositAsset| async move {
        client
            .list_deposits(&asset)
            .await
            .map(ResourceData::Deposits)
    };
    match resource {
        ResourceKey::Wallets => client
            .list_wallets(&WalletFilter::default())
            .await
            .map(ResourceData::Wallets),
        ResourceKey::Claimable => claimable_balances(client)
            .await
            .map(ResourceData::Claimable),
        ResourceKey::DepositsUsd => deposits(DepositAsset::Usd).await,
        ResourceKey::DepositsUsdc => deposits(DepositAsset::Usdc).await,
        ResourceKey::DepositsUsdt => deposits(DepositAsset::Usdt).await,
        ResourceKey::DepositsBrl => deposits(DepositAsset::Brl).await,
        other => Err(Error::Config(format!(
            "{other:?} is not one of the account panels' lists"
        ))),
    }
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

async fn query(client: &Client, query: &ListQuery) -> Result<ResourceData, Error> {
    match query {
        ListQuery::Wallets(filter) => client.list_wallets(filter).await.map(ResourceData::Wallets),
        ListQuery::Transfers(filter) => client
            .list_transfers(filter)
            .await
            .map(ResourceData::Transfers),
        ListQuery::Withdrawals(asset) => client
            .list_withdrawals(asset.as_ref())
            .await
            .map(ResourceData::Withdrawals),
    }
}

/// How a POST ended: decided from its answer, or after an ambiguous failure
/// from `before` (read just before sending) and a fresh re-read.
async fn decide<T, S, R, FR>(
    sent: Result<T, Error>,
    created: impl FnOnce(T) -> Created,
    before: Option<S>,
    reread: R,
    find_new: impl FnOnce(S, S) -> Option<Created>,
) -> SubmitOutcome
where
    R: FnOnce() -> FR,
    FR: std::future::Future<Output = Result<S, Error>>,
{
    match sent {
        Ok(value) => SubmitOutcome::Created {
            record: created(value),
            after_unknown: false,
        },
        Err(error) if !error.outcome_unknown() => SubmitOutcome::Refused(error),
        Err(error) => {
            let Some(before) = before else {
                return SubmitOutcome::Unknown(error);
            };
            match reread().await {
                Ok(after) => match find_new(before, after) {
                    Some(record) => SubmitOutcome::Created {
                        record,
                        after_unknown: true,
                    },
                    None => SubmitOutcome::NotApplied(error),
                },
                Err(_) => SubmitOutcome::Unknown(error),
            }
        }
    }
}

async fn create_wallet(client: &Client, request: &CreateWallet) -> SubmitOutcome {
    let all = WalletFilter::default();
    let before = client.list_wallets(&all).await.ok();
    let sent = client.create_wallet(request).await;
    decide(
        sent,
        Created::Wallet,
        before,
        || client.list_wallets(&all),
        |before, after| {
            after
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
                })
        },
    )
    .await
}

fn same_transfer(transfer: &Transfer, request: &CreateTransfer) -> bool {
    let same =
        |a: &Option<String>, b: &str| a.as_deref().is_some_and(|a| a.eq_ignore_ascii_case(b));
    transfer.asset.as_ref() == Some(&request.asset)
        && transfer.amount == Some(request.amount)
        && same(&transfer.source_address, &request.source_address)
        && same(&transfer.target_address, &request.target_address)
}

async fn create_transfer(client: &Client, request: &CreateTransfer) -> SubmitOutcome {
    let all = TransferFilter::default();
    let before = client.list_transfers(&all).await.ok();
    let sent = client.create_transfer(request).await;
    decide(
        sent,
        Created::Transfer,
        before,
        || client.list_transfers(&all),
        |before, after| {
            after
                .into_iter()
                .find(|transfer| {
                    same_transfer(transfer, request)
                        && !before.iter().any(|old| old.id == transfer.id)
                })
                .map(Created::Transfer)
        },
    )
    .await
}

fn same_withdrawal(withdrawal: &Withdrawal, request: &CreateWithdrawal) -> bool {
    withdrawal.asset.as_ref() == Some(&request.asset)
        && withdrawal.method.as_ref() == Some(&request.method)
        && withdrawal.amount == Some(request.amount)
}

async fn create_withdrawal(client: &Client, request: &CreateWithdrawal) -> SubmitOutcome {
    let before = client.list_withdrawals(None).await.ok();
    let sent = client.create_withdrawal(request).await;
    decide(
        sent,
        Created::Withdrawal,
        before,
        || client.list_withdrawals(None),
        |before, after| {
            after
                .into_iter()
                .find(|withdrawal| {
                    same_withdrawal(withdrawal, request)
                        && !before.iter().any(|old| old.id == withdrawal.id)
                })
                .map(Created::Withdrawal)
        },
    )
    .await
}

async fn claimable(client: &Client, wallet: Option<&str>) -> Result<Decimal, Error> {
    match wallet {
        Some(address) => client.wallet_claimable_balance(address).await,
        None => client.claimable_balance().await,
    }
    .map(|balance| balance.available_balance)
}

async fn create_claim(
    client: &Client,
    wallet: Option<&str>,
    request: &CreateClaim,
) -> SubmitOutcome {
    // Claims are not listed: the claimable balance is what shows one applied.
    let before = claimable(client, wallet).await.ok();
    let sent = match wallet {
        Some(address) => client.create_wallet_claim(address, request).await,
        None => client.create_claim(request).await,
    };
    decide(
        sent,
        |claim| Created::Claim(Some(claim)),
        before,
        || claimable(client, wallet),
        |before, after| (before - after >= request.amount).then_some(Created::Claim(None)),
    )
    .await
}

/// Sends one of the creating commands, once, and decides how it ended
/// (re-reading the list after an ambiguous failure); `None` for a command
/// that creates nothing.
pub async fn submit(
    client: &Client,
    command: AccountsCommand,
) -> Option<(FormKind, SubmitOutcome)> {
    Some(match command {
        AccountsCommand::CreateWallet(request) => {
            (FormKind::Wallet, create_wallet(client, &request).await)
        }
        AccountsCommand::CreateTransfer(request) => {
            (FormKind::Transfer, create_transfer(client, &request).await)
        }
        AccountsCommand::CreateWithdrawal(request) => (
            FormKind::Withdrawal,
            create_withdrawal(client, &request).await,
        ),
        AccountsCommand::CreateClaim {
            wallet_address,
            request,
        } => (
            FormKind::Claim,
            create_claim(client, wallet_address.as_deref(), &request).await,
        ),
        AccountsCommand::Query(_) | AccountsCommand::Export { .. } => return None,
    })
}

/// What a creation changes, re-read at once afterwards.
fn refresh_after(form: FormKind) -> &'static [ResourceKey] {
    match form {
        FormKind::Wallet => &[ResourceKey::Wallets, ResourceKey::Claimable],
        FormKind::Transfer => &[ResourceKey::Transfers, ResourceKey::BalanceBrlv],
        FormKind::Withdrawal => &[
            ResourceKey::Withdrawals,
            ResourceKey::BalanceBrl,
            ResourceKey::BalanceUsdc,
            ResourceKey::BalanceBrlv,
        ],
        FormKind::Claim => &[
            ResourceKey::Claimable,
            ResourceKey::BalanceBrl,
            ResourceKey::BalanceBrlv,
            ResourceKey::TaxExemption,
        ],
    }
}

impl Worker {
    pub(super) fn accounts_command(&mut self, command: AccountsCommand) {
        if let AccountsCommand::Export { path, records } = command {
            let kind = records.kind();
            self.spawn(async move {
                let written = blocking(move || {
                    let text = records.to_csv().map_err(|error| error.to_string())?;
                    std::fs::write(&path, text).map_err(|error| error.to_string())?;
                    Ok(path)
                })
                .await
                .and_then(|result| result);
                Done::Accounts {
                    event: AccountsEvent::Exported {
                        kind,
                        result: written,
                    },
                    refresh: Vec::new(),
                }
            });
            return;
        }
        let Some(session) = self.session.as_ref() else {
            return;
        };
        let session_id = session.id;
        let client = session.client.clone();
        if let AccountsCommand::Query(list) = command {
            self.spawn(async move {
                let result = query(&client, &list).await;
                Done::Accounts {
                    event: AccountsEvent::QueryFinished {
                        session: session_id,
                        query: list,
                        result,
                    },
                    refresh: Vec::new(),
                }
            });
            return;
        }
        self.spawn(async move {
            let Some((form, outcome)) = submit(&client, command).await else {
                return Done::Nothing;
            };
            Done::Accounts {
                event: AccountsEvent::SubmitFinished {
                    session: session_id,
                    form,
                    outcome,
                },
                refresh: refresh_after(form).to_vec(),
            }
        });
    }

    pub(super) fn accounts_done(&mut self, event: AccountsEvent, refresh: Vec<ResourceKey>) {
        let now = self.config.clock.now_ms();
        if let AccountsEvent::SubmitFinished { session, .. } = &event
            && let Some(open) = self.session.as_mut().filter(|open| open.id == *session)
        {
            for resource in refresh {
                open.schedule.refresh_one(resource, now);
            }
        }
        self.emit(Event::Accounts(event));
    }
}
