//! Claims on reward certificates (spec 4.5) and the monthly tax-exemption
//! progress (spec 2.10).
//!
//! Sandbox rules, in BRL at 2 places:
//! - A claim draws from certificates oldest first (FIFO); the account form
//!   draws from all of the account's certificates, the wallet form only from
//!   those held at that wallet.
//! - `fees` = 1 % of the gross amount, rounded up to the centavo.
//! - `tax-amount` = 15 % of the part of the gross amount above what is left of
//!   the month's R$35,000 exemption, rounded up to the centavo; a claim inside
//!   the exemption pays no tax.
//! - `net-amount` = gross − fees − tax, paid as `fiat/brl` to the account, or as
//!   BRLV 1:1 to the wallet (wallet form) or to the account's oldest wallet
//!   (account form; refused when the account has no wallet).
//! - The month is the sandbox clock's calendar month, in UTC. It counts the
//!   gross amount of this month's claims (`claims-amount`) and the BRL value of
//!   this month's completed token → BRL orders (`other-disposals-amount`).

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{Extension, Path, State};
use rust_decimal::{Decimal, RoundingStrategy};
use time::OffsetDateTime;
use uuid::Uuid;

use super::auth::AuthenticatedKey;
use super::body::{self, JsonBody, parse_address};
use super::clock::whole_micros;
use super::error::ApiError;
use super::ledger::Holder;
use super::params::path_param;
use super::records::{ClaimRecord, brlv_on};
use super::state::{AccountData, Shared};
use brlv_core::api::model::{
    Asset, ClaimEnvelope, ClaimStatus, ClaimTarget, ClaimableBalance, CreateClaim,
    MONTHLY_TAX_EXEMPTION_LIMIT_BRL, OrderState, TaxExemptionProgress,
    TaxExemptionProgressEnvelope,
};

/// Claim fee: 1 % of the gross amount.
pub const CLAIM_FEE_RATE: Decimal = Decimal::from_parts(1, 0, 0, false, 2);
/// Tax on the part of a claim above the monthly exemption: 15 %.
pub const CLAIM_TAX_RATE: Decimal = Decimal::from_parts(15, 0, 0, false, 2);

fn round_up_to_centavos(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(2, RoundingStrategy::AwayFromZero)
}

/// `value` written with exactly 2 places, as BRL amounts are.
fn centavos(value: Decimal) -> Decimal {
    let mut value = value.round_dp(2);
    value.rescale(2);
    value
}

fn same_month(a: OffsetDateTime, b: OffsetDateTime) -> bool {
    a.year() == b.year() && a.month() == b.month()
}

impl AccountData {
    /// The month's usage of the tax exemption at `now`.
    pub(crate) fn tax_exemption_progress(&self, now: OffsetDateTime) -> TaxExemptionProgress {
        let claims: Decimal = self
            .claims
            .iter()
            .filter(|claim| same_month(claim.created_at, now))
            .map(|claim| claim.gross_amount)
            .sum();
        let disposals: Decimal = self
            .orders
            .iter()
            .filter(|order| {
                order.is_disposal()
                    && order.state == OrderState::Completed
                    && same_month(order.state_updated_at, now)
            })
            .map(|order| order.brl_value)
            .sum();
        let used = claims + disposals;
        let limit = MONTHLY_TAX_EXEMPTION_LIMIT_BRL;
        TaxExemptionProgress {
            claims_amount: Some(centavos(claims)),
            other_disposals_amount: Some(centavos(disposals)),
            total_used: Some(centavos(used)),
            limit: Some(centavos(limit)),
            remaining: Some(centavos((limit - used).max(Decimal::ZERO))),
        }
    }

    /// What can be claimed: all certificates, or those at `wallet`.
    fn claimable(&self, wallet: Option<&str>) -> Decimal {
        self.certificates
            .iter()
            .filter(|certificate| in_scope(certificate.wallet.as_deref(), wallet))
            .map(|certificate| certificate.remaining)
            .sum()
    }

    /// Files a claim by the rules in this module's doc; changes nothing when refused.
    fn claim(
        &mut self,
        request: &CreateClaim,
        wallet: Option<&str>,
        now: OffsetDateTime,
    ) -> Result<ClaimRecord, ApiError> {
        let gross = request.amount;
        let available = self.claimable(wallet);
        if gross > available {
            return Err(ApiError::unprocessable(
                "insufficient-claimable-balance",
                format!("`amount`: {gross} exceeds the claimable balance of {available}"),
            ));
        }
        let remaining_exemption = self
            .tax_exemption_progress(now)
            .remaining
            .unwrap_or(Decimal::ZERO);
        let taxable = (gross - remaining_exemption).max(Decimal::ZERO);
        let tax = round_up_to_centavos(taxable * CLAIM_TAX_RATE);
        let fees = round_up_to_centavos(gross * CLAIM_FEE_RATE);
        let net = gross - tax - fees;
        if net <= Decimal::ZERO {
            return Err(ApiError::unprocessable(
                "amount-too-small",
                "`amount`: after fees and tax nothing would be paid; claim more",
            ));
        }
        let (holder, asset) = match request.target_asset_code {
            ClaimTarget::Brlv => {
                let wallet = match wallet {
                    Some(address) => self.wallet(address),
                    None => self.wallets.first(),
                }
                .ok_or_else(|| {
                    ApiError::unprocessable(
                        "no-wallet-for-brlv",
                        "BRLV is paid to a wallet; create a wallet first or claim in brl",
                    )
                })?;
                (Holder::wallet(&wallet.address), brlv_on(&wallet.chain))
            }
            _ => (Holder::Account, Asset::FiatBrl),
        };
        self.ledger.credit(&holder, &asset, net).map_err(|_| {
            ApiError::unprocessable("amount-too-large", "the balance would grow too large")
        })?;
        // FIFO: oldest certificates first.
        let mut order: Vec<usize> = (0..self.certificates.len())
            .filter(|&index| in_scope(self.certificates[index].wallet.as_deref(), wallet))
            .collect();
        order.sort_by_key(|&index| self.certificates[index].issued_at);
        let mut left = gross;
        for index in order {
            let certificate = &mut self.certificates[index];
            let taken = certificate.remaining.min(left);
            certificate.remaining -= taken;
            left -= taken;
        }
        self.certificates
            .retain(|certificate| certificate.remaining > Decimal::ZERO);
        let at = whole_micros(now);
        let record = ClaimRecord {
            id: Uuid::new_v4(),
            gross_amount: gross,
            net_amount: net,
            tax_amount: tax,
            fees,
            status: ClaimStatus::Created,
            created_at: at,
            updated_at: at,
        };
        self.claims.push(record.clone());
        Ok(record)
    }
}

fn in_scope(held_at: Option<&str>, wallet: Option<&str>) -> bool {
    match wallet {
        None => true,
        Some(wallet) => held_at.is_some_and(|held_at| held_at.eq_ignore_ascii_case(wallet)),
    }
}

/// `POST /api/v0/claims`.
pub(crate) async fn create_claim(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    bytes: Bytes,
) -> Result<Json<ClaimEnvelope>, ApiError> {
    let request = body::create_claim(&JsonBody::parse(&bytes)?)?;
    let claim = shared.with_account(&api_key, |account, now, _| {
        account.data.claim(&request, None, now)
    })?;
    Ok(Json(ClaimEnvelope {
        claim: claim.to_wire(),
    }))
}

/// `/api/v0/claims/simulate`, which the service's own client calls: a claims
/// contract the interface document does not describe. Answered with the form
/// the sandbox accepts instead of a bare "no such endpoint".
pub(crate) async fn simulate() -> ApiError {
    ApiError::not_found(
        "unsupported-claim-form",
        format!("there is no claim simulation here: {}", body::CLAIM_FORM),
    )
}

/// `GET /api/v0/claims`: the account's claimable balance.
pub(crate) async fn account_claimable(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
) -> Result<Json<ClaimableBalance>, ApiError> {
    let available_balance =
        shared.with_account(&api_key, |account, _, _| Ok(account.data.claimable(None)))?;
    Ok(Json(ClaimableBalance {
        available_balance: centavos(available_balance),
    }))
}

fn wallet_path(address: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    parse_address("wallet-address", &path_param(address)?)
}

fn wallet_not_found(address: &str) -> ApiError {
    ApiError::not_found(
        "wallet-not-found",
        format!("{address} is not a wallet of this account"),
    )
}

/// `POST /api/v0/wallets/{wallet-address}/claims`.
pub(crate) async fn create_wallet_claim(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    address: Result<Path<String>, PathRejection>,
    bytes: Bytes,
) -> Result<Json<ClaimEnvelope>, ApiError> {
    let address = wallet_path(address)?;
    let request = body::create_claim(&JsonBody::parse(&bytes)?)?;
    let claim = shared.with_account(&api_key, |account, now, _| {
        let wallet = account
            .data
            .wallet(&address)
            .map(|wallet| wallet.address.clone())
            .ok_or_else(|| wallet_not_found(&address))?;
        account.data.claim(&request, Some(&wallet), now)
    })?;
    Ok(Json(ClaimEnvelope {
        claim: claim.to_wire(),
    }))
}

/// `GET /api/v0/wallets/{wallet-address}/claims`: that wallet's claimable balance.
pub(crate) async fn wallet_claimable(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    address: Result<Path<String>, PathRejection>,
) -> Result<Json<ClaimableBalance>, ApiError> {
    let address = wallet_path(address)?;
    let available_balance = shared.with_account(&api_key, |account, _, _| {
        let wallet = account
            .data
            .wallet(&address)
            .map(|wallet| wallet.address.clone())
            .ok_or_else(|| wallet_not_found(&address))?;
        Ok(account.data.claimable(Some(&wallet)))
    })?;
    Ok(Json(ClaimableBalance {
        available_balance: centavos(available_balance),
    }))
}

/// `GET /api/v0/tax-exemption/progress`.
pub(crate) async fn tax_exemption_progress(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
) -> Result<Json<TaxExemptionProgressEnvelope>, ApiError> {
    let progress = shared.with_account(&api_key, |account, now, _| {
        Ok(account.data.tax_exemption_progress(now))
    })?;
    Ok(Json(TaxExemptionProgressEnvelope { progress }))
}
