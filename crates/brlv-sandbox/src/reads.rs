//! The read-only asset endpoints: deposits and balances (spec 2.7, 2.8).

use std::sync::Arc;

use axum::Json;
use axum::extract::rejection::PathRejection;
use axum::extract::{Extension, Path, State};

use super::auth::AuthenticatedKey;
use super::error::ApiError;
use super::params::{AssetSelector, path_param};
use super::records::DepositRecord;
use super::state::Shared;
use brlv_core::api::model::{Balance, BalanceEnvelope, DepositsEnvelope};

/// `GET /api/v0/assets/{asset}/deposits`: `{asset}` is `brl`, `usd`, `usdc`,
/// `usdt` or a full asset id; newest first.
pub(crate) async fn list_deposits(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    asset: Result<Path<String>, PathRejection>,
) -> Result<Json<DepositsEnvelope>, ApiError> {
    let selector = AssetSelector::parse(&path_param(asset)?, &["brl", "usd", "usdc", "usdt"])?;
    let deposits = shared.with_account(&api_key, |account, _, _| {
        Ok(account
            .data
            .deposits
            .iter()
            .rev()
            .filter(|deposit| selector.matches(&deposit.asset))
            .map(DepositRecord::to_wire)
            .collect())
    })?;
    Ok(Json(DepositsEnvelope { deposits }))
}

/// `GET /api/v0/assets/{asset}/balance`: `brl` (2 places), `usdc` (6, every
/// chain), `brlv` (18, every chain) or a full asset id at its own scale; always
/// rendered at exactly that many places.
pub(crate) async fn balance(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    asset: Result<Path<String>, PathRejection>,
) -> Result<Json<BalanceEnvelope>, ApiError> {
    let selector = AssetSelector::parse(&path_param(asset)?, &["brl", "usdc", "brlv"])?;
    let total = shared.with_account(&api_key, |account, _, _| {
        Ok(account.data.ledger.total(|asset| selector.matches(asset)))
    })?;
    let mut running_balance = total.round_dp(selector.scale());
    running_balance.rescale(selector.scale());
    Ok(Json(BalanceEnvelope {
        balance: Balance { running_balance },
    }))
}
