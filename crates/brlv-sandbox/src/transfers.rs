//! Transfers (spec 4.2) and wallets (spec 4.3).

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Extension, RawQuery, State};
use serde_json::Map;
use uuid::Uuid;

use super::auth::AuthenticatedKey;
use super::body::{self, JsonBody, parse_address, parse_asset};
use super::clock::whole_seconds;
use super::defaults::DEFAULT_WALLET_CHAIN;
use super::error::ApiError;
use super::ledger::Holder;
use super::params::query_pairs;
use super::records::{TransferRecord, WalletRecord, default_assets, random_address};
use super::state::Shared;
use brlv_core::api::model::{
    Asset, CreatedWallet, CreatedWalletEnvelope, TransferEnvelope, TransferState,
    TransfersEnvelope, WalletsEnvelope,
};

/// `POST /api/v0/transfers`: accepted as `created`; the balance is checked when
/// it goes on chain, 2 s later, and the transfer fails if the source is short.
pub(crate) async fn create_transfer(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    bytes: Bytes,
) -> Result<Json<TransferEnvelope>, ApiError> {
    let request = body::create_transfer(&JsonBody::parse(&bytes)?)?;
    if request
        .source_address
        .eq_ignore_ascii_case(&request.target_address)
    {
        return Err(ApiError::unprocessable(
            "same-address",
            "`target-address` must differ from `source-address`",
        ));
    }
    let transfer = shared.with_account(&api_key, |account, now, _| {
        let wallet = account.data.wallet(&request.source_address).ok_or_else(|| {
            ApiError::unprocessable(
                "source-wallet-not-owned",
                format!(
                    "`source-address`: {} is not a wallet of this account, so the service cannot send from it",
                    request.source_address
                ),
            )
        })?;
        if request.asset.chain().as_ref() != Some(&wallet.chain) {
            return Err(ApiError::unprocessable(
                "chain-mismatch",
                format!("`source-address`: the wallet is not on the chain of {}", request.asset),
            ));
        }
        let created_at = whole_seconds(now);
        let record = TransferRecord {
            id: Uuid::new_v4(),
            asset: request.asset.clone(),
            amount: request.amount,
            source_address: wallet.address.clone(),
            target_address: request.target_address.clone(),
            tx_hash: None,
            state: TransferState::Created,
            created_at,
            state_updated_at: created_at,
        };
        let wire = record.to_wire();
        account.data.transfers.push(record);
        Ok(wire)
    })?;
    Ok(Json(TransferEnvelope { transfer }))
}

/// `GET /api/v0/transfers` with the optional filters `source-address`,
/// `target-address`, `asset` and `state`; newest first.
pub(crate) async fn list_transfers(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    RawQuery(query): RawQuery,
) -> Result<Json<TransfersEnvelope>, ApiError> {
    let mut source = None;
    let mut target = None;
    let mut asset = None;
    let mut state = None;
    for (key, value) in query_pairs(query.as_deref()) {
        match key.as_str() {
            "source-address" => source = Some(parse_address("source-address", &value)?),
            "target-address" => target = Some(parse_address("target-address", &value)?),
            "asset" => asset = Some(parse_asset("asset", &value)?),
            "state" => {
                let parsed = TransferState::from_wire(&value);
                if !parsed.is_known() {
                    return Err(ApiError::bad_request(
                        "unknown-state",
                        format!(
                            "`state` must be created, pending, completed or failed, got {value:?}"
                        ),
                    ));
                }
                state = Some(parsed);
            }
            _ => {}
        }
    }
    let transfers = shared.with_account(&api_key, |account, _, _| {
        Ok(account
            .data
            .transfers
            .iter()
            .rev()
            .filter(|t| {
                source
                    .as_ref()
                    .is_none_or(|a| t.source_address.eq_ignore_ascii_case(a))
            })
            .filter(|t| {
                target
                    .as_ref()
                    .is_none_or(|a| t.target_address.eq_ignore_ascii_case(a))
            })
            .filter(|t| asset.as_ref().is_none_or(|a| t.asset == *a))
            .filter(|t| state.as_ref().is_none_or(|s| t.state == *s))
            .map(TransferRecord::to_wire)
            .collect())
    })?;
    Ok(Json(TransfersEnvelope { transfers }))
}

/// `POST /api/v0/wallets`: a fresh address with the chain's default assets.
pub(crate) async fn create_wallet(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    bytes: Bytes,
) -> Result<Json<CreatedWalletEnvelope>, ApiError> {
    let request = body::create_wallet(&JsonBody::parse(&bytes)?)?;
    let chain = request.chain.clone().unwrap_or(DEFAULT_WALLET_CHAIN);
    let wallet = shared.with_account(&api_key, |account, _, _| {
        let record = WalletRecord {
            name: request.wallet_name.clone(),
            address: random_address(),
            default_assets: default_assets(&chain),
            chain,
            ui_enabled: request.ui_enabled.unwrap_or(false),
            metadata: request.metadata.clone().unwrap_or_else(Map::new),
        };
        let created = CreatedWallet {
            address: record.address.clone(),
            assets: record.default_assets.clone(),
        };
        account.data.wallets.push(record);
        Ok(created)
    })?;
    Ok(Json(CreatedWalletEnvelope { wallet }))
}

/// `GET /api/v0/wallets` with the optional repeated filters `assets` (wallets
/// holding any of them) and `addresses`; oldest first.
pub(crate) async fn list_wallets(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    RawQuery(query): RawQuery,
) -> Result<Json<WalletsEnvelope>, ApiError> {
    let mut assets: Vec<Asset> = Vec::new();
    let mut addresses: Vec<String> = Vec::new();
    for (key, value) in query_pairs(query.as_deref()) {
        match key.as_str() {
            "assets" | "assets[]" => assets.push(parse_asset("assets", &value)?),
            "addresses" | "addresses[]" => addresses.push(parse_address("addresses", &value)?),
            _ => {}
        }
    }
    let wallets = shared.with_account(&api_key, |account, _, _| {
        let data = &account.data;
        Ok(data
            .wallets
            .iter()
            .map(|wallet| {
                wallet.to_wire(&data.ledger.assets_held(&Holder::wallet(&wallet.address)))
            })
            .filter(|wallet| {
                addresses.is_empty()
                    || addresses
                        .iter()
                        .any(|a| a.eq_ignore_ascii_case(&wallet.address))
            })
            .filter(|wallet| assets.is_empty() || wallet.assets.iter().any(|a| assets.contains(a)))
            .collect())
    })?;
    Ok(Json(WalletsEnvelope { wallets }))
}
