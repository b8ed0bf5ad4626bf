//! Withdrawals (spec 4.4): BRL by PIX or TED, tokens by `token`; the balance is
//! debited at once, in the same critical section as the check that allows it.
//!
//! Besides the documented `POST /api/v0/withdrawals`, the service's own client
//! posts to `/api/v0/assets/{asset}/withdrawals` (the asset from the path) and
//! reads one record back from `/api/v0/assets/{asset}/withdrawals/{id}`; both
//! are served here, the first as a deprecated alias.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{Extension, Path, RawQuery, State};
use rust_decimal::Decimal;
use time::OffsetDateTime;
use uuid::Uuid;

use super::auth::AuthenticatedKey;
use super::body::{self, JsonBody, parse_asset, parse_uuid};
use super::clock::whole_seconds;
use super::error::ApiError;
use super::ledger::{Holder, LedgerError};
use super::orders::insufficient;
use super::params::{AssetSelector, path_param, query_pairs};
use super::records::{Payout, WithdrawalRecord};
use super::state::{AccountData, Shared};
use brlv_core::api::model::{
    Asset, CreateWithdrawal, PerAssetWithdrawalsEnvelope, Withdrawal, WithdrawalEnvelope,
    WithdrawalMethod, WithdrawalState, WithdrawalsEnvelope,
};

/// Short forms the per-asset paths accept for `{asset}`.
const PER_ASSET_SHORT_FORMS: [&str; 5] = ["brl", "usd", "usdc", "usdt", "brlv"];

/// `POST /api/v0/withdrawals`.
pub(crate) async fn create_withdrawal(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    bytes: Bytes,
) -> Result<Json<WithdrawalEnvelope>, ApiError> {
    let request = body::create_withdrawal(&JsonBody::parse(&bytes)?, None)?;
    let withdrawal = shared.with_account(&api_key, |account, now, _| {
        account.data.withdraw(&request, now)
    })?;
    Ok(Json(WithdrawalEnvelope { withdrawal }))
}

/// `POST /api/v0/assets/{asset}/withdrawals`: the same, with the asset from
/// the path (a full asset id percent-encoded, or `brl` / `usd`).
pub(crate) async fn create_withdrawal_per_asset(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    asset: Result<Path<String>, PathRejection>,
    bytes: Bytes,
) -> Result<Json<WithdrawalEnvelope>, ApiError> {
    let raw = path_param(asset)?;
    let asset = match AssetSelector::parse(&raw, &PER_ASSET_SHORT_FORMS)? {
        AssetSelector::Exact(asset) => asset,
        AssetSelector::Ticker(ticker) => {
            return Err(ApiError::bad_request(
                "ambiguous-asset",
                format!(
                    "`asset`: {raw:?} in the path names {ticker} on every chain, but a \
                     withdrawal pays out one asset; use its full id percent-encoded, such as \
                     eth-base%2Fusdc"
                ),
            ));
        }
    };
    let request = body::create_withdrawal(&JsonBody::parse(&bytes)?, Some(&asset))?;
    let withdrawal = shared.with_account(&api_key, |account, now, _| {
        account.data.withdraw(&request, now)
    })?;
    Ok(Json(WithdrawalEnvelope { withdrawal }))
}

impl AccountData {
    /// Pays out a validated request: debits the account (BRL) or one wallet
    /// (tokens) and records the withdrawal; changes nothing when refused.
    fn withdraw(
        &mut self,
        request: &CreateWithdrawal,
        now: OffsetDateTime,
    ) -> Result<Withdrawal, ApiError> {
        let (holder, payout) = match (
            &request.method,
            &request.pix_key,
            &request.ted_account,
            &request.target_address,
        ) {
            (WithdrawalMethod::Pix, Some(pix_key), None, None) => (
                Holder::Account,
                Payout::Pix {
                    pix_key: pix_key.clone(),
                },
            ),
            (WithdrawalMethod::Ted, None, Some(account), None) => {
                (Holder::Account, Payout::Ted(account.clone()))
            }
            (WithdrawalMethod::Token, None, None, Some(target_address)) => {
                let source_address =
                    self.paying_wallet(&request.asset, request.amount, target_address)?;
                (
                    Holder::wallet(&source_address),
                    Payout::Token {
                        source_address,
                        target_address: target_address.clone(),
                    },
                )
            }
            // The body parser allows exactly one destination, the method's own.
            _ => {
                return Err(ApiError::bad_request(
                    "missing-field",
                    format!(
                        "the {} method needs its destination and no other",
                        request.method
                    ),
                ));
            }
        };
        match self.ledger.debit(&holder, &request.asset, request.amount) {
            Ok(()) => {}
            Err(LedgerError::Insufficient { available }) => {
                return Err(insufficient(&request.asset, request.amount, available));
            }
            Err(LedgerError::Overflow) => {
                return Err(ApiError::unprocessable(
                    "amount-too-large",
                    "the amount is too large",
                ));
            }
        }
        let created_at = whole_seconds(now);
        let record = WithdrawalRecord {
            id: Uuid::new_v4(),
            asset: request.asset.clone(),
            amount: request.amount,
            payout,
            state: WithdrawalState::Created,
            created_at,
            state_updated_at: created_at,
        };
        let wire = record.to_wire();
        self.withdrawals.push(record);
        Ok(wire)
    }

    /// The wallet a token payout of `amount` leaves from: the oldest of the
    /// account's wallets on the asset's chain that holds all of it, never the
    /// target itself. One on-chain payment has one sender, so amounts held by
    /// several wallets are not added up.
    fn paying_wallet(
        &self,
        asset: &Asset,
        amount: Decimal,
        target_address: &str,
    ) -> Result<String, ApiError> {
        let chain = asset.chain();
        let mut largest = Decimal::ZERO;
        for wallet in self
            .wallets
            .iter()
            .filter(|wallet| Some(&wallet.chain) == chain.as_ref() && !wallet.is(target_address))
        {
            let held = self.ledger.balance(&Holder::wallet(&wallet.address), asset);
            if held >= amount {
                return Ok(wallet.address.clone());
            }
            largest = largest.max(held);
        }
        Err(ApiError::unprocessable(
            "insufficient-balance",
            format!(
                "no wallet of this account holds {amount} {asset}; a token withdrawal leaves \
                 from one wallet, and the most one holds is {largest}"
            ),
        ))
    }
}

/// `GET /api/v0/withdrawals` with the optional `asset` filter; newest first.
pub(crate) async fn list_withdrawals(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    RawQuery(query): RawQuery,
) -> Result<Json<WithdrawalsEnvelope>, ApiError> {
    let mut asset = None;
    for (key, value) in query_pairs(query.as_deref()) {
        if key == "asset" {
            asset = Some(parse_asset("asset", &value)?);
        }
    }
    let withdrawals = shared.with_account(&api_key, |account, _, _| {
        Ok(account
            .data
            .withdrawals
            .iter()
            .rev()
            .filter(|w| asset.as_ref().is_none_or(|a| w.asset == *a))
            .map(WithdrawalRecord::to_wire)
            .collect())
    })?;
    Ok(Json(WithdrawalsEnvelope { withdrawals }))
}

/// `GET /api/v0/assets/{asset}/withdrawals` (deprecated): records without `asset`.
/// `{asset}` is a full asset id (percent-encoded) or a short form (brl, usd, usdc, usdt, brlv).
pub(crate) async fn list_withdrawals_per_asset(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    asset: Result<Path<String>, PathRejection>,
) -> Result<Json<PerAssetWithdrawalsEnvelope>, ApiError> {
    let selector = AssetSelector::parse(&path_param(asset)?, &PER_ASSET_SHORT_FORMS)?;
    let withdrawals = shared.with_account(&api_key, |account, _, _| {
        Ok(account
            .data
            .withdrawals
            .iter()
            .rev()
            .filter(|w| selector.matches(&w.asset))
            .map(WithdrawalRecord::to_wire_without_asset)
            .collect())
    })?;
    Ok(Json(PerAssetWithdrawalsEnvelope { withdrawals }))
}

/// `GET /api/v0/assets/{asset}/withdrawals/{id}`: one record, with its
/// `asset`, if it is of an asset `{asset}` selects.
pub(crate) async fn get_withdrawal(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    params: Result<Path<(String, String)>, PathRejection>,
) -> Result<Json<WithdrawalEnvelope>, ApiError> {
    let (asset, id) = params
        .map(|Path(pair)| pair)
        .map_err(|rejection| ApiError::bad_request("invalid-path", rejection.body_text()))?;
    let selector = AssetSelector::parse(&asset, &PER_ASSET_SHORT_FORMS)?;
    let id = parse_uuid("id", &id)?;
    let withdrawal = shared.with_account(&api_key, |account, _, _| {
        account
            .data
            .withdrawals
            .iter()
            .find(|w| w.id == id && selector.matches(&w.asset))
            .map(WithdrawalRecord::to_wire)
            .ok_or_else(|| {
                ApiError::not_found(
                    "withdrawal-not-found",
                    format!("there is no withdrawal {id} of {asset}"),
                )
            })
    })?;
    Ok(Json(WithdrawalEnvelope { withdrawal }))
}
