//! Withdrawals (spec 4.4): BRL by PIX or TED, tokens by `token`; the balance is
//! debited at once, in the same critical section as the check that allows it.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{Extension, Path, RawQuery, State};
use uuid::Uuid;

use super::auth::AuthenticatedKey;
use super::body::{self, JsonBody, parse_asset};
use super::clock::whole_seconds;
use super::error::ApiError;
use super::ledger::{Holder, LedgerError};
use super::orders::insufficient;
use super::records::WithdrawalRecord;
use super::state::Shared;
use super::{AssetSelector, path_param, query_pairs};
use crate::api::model::{
    Asset, PerAssetWithdrawalsEnvelope, WithdrawalEnvelope, WithdrawalMethod, WithdrawalState,
    WithdrawalsEnvelope,
};
use crate::pix::PixKey;

/// `POST /api/v0/withdrawals`.
pub(crate) async fn create_withdrawal(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    bytes: Bytes,
) -> Result<Json<WithdrawalEnvelope>, ApiError> {
    let request = body::create_withdrawal(&JsonBody::parse(&bytes)?)?;
    match request.method {
        WithdrawalMethod::Pix | WithdrawalMethod::Ted if request.asset != Asset::FiatBrl => {
            return Err(ApiError::unprocessable(
                "method-not-allowed-for-asset",
                format!("`method` {} pays out only fiat/brl", request.method),
            ));
        }
        WithdrawalMethod::Token if request.asset.is_fiat() => {
            return Err(ApiError::unprocessable(
                "method-not-allowed-for-asset",
                format!("`method` token pays out tokens, not {}", request.asset),
            ));
        }
        _ => {}
    }
    let pix_key = match (&request.method, request.pix_key.as_deref()) {
        (WithdrawalMethod::Pix, None) => {
            return Err(ApiError::bad_request(
                "missing-field",
                "field `pix-key` is required for the pix method",
            ));
        }
        (WithdrawalMethod::Pix, Some(raw)) => {
            PixKey::parse(raw).map_err(|error| {
                ApiError::bad_request(
                    "invalid-pix-key",
                    format!("`pix-key`: {raw:?} is not a valid PIX key ({error})"),
                )
            })?;
            Some(raw.to_owned())
        }
        (_, Some(_)) => {
            return Err(ApiError::bad_request(
                "unexpected-field",
                "`pix-key` is sent only with the pix method",
            ));
        }
        (_, None) => None,
    };
    let withdrawal = shared.with_account(&api_key, |account, now, _| {
        let data = &mut account.data;
        let debited = if request.asset.is_fiat() {
            data.ledger
                .debit(&Holder::Account, &request.asset, request.amount)
        } else {
            let wallets = data.wallet_holders();
            data.ledger
                .debit_across(&wallets, &request.asset, request.amount)
        };
        match debited {
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
            method: request.method.clone(),
            pix_key: pix_key.clone(),
            state: WithdrawalState::Created,
            created_at,
            state_updated_at: created_at,
        };
        let wire = record.to_wire();
        data.withdrawals.push(record);
        Ok(wire)
    })?;
    Ok(Json(WithdrawalEnvelope { withdrawal }))
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
    let selector =
        AssetSelector::parse(&path_param(asset)?, &["brl", "usd", "usdc", "usdt", "brlv"])?;
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
