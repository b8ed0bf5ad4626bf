//! Quotes and orders (spec 4.1 and 3.1): pricing, the address rules, funding
//! from the balance or by a PIX BR Code, and paying a BR Code late or in time.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{Extension, Path, State};
use base64::Engine as _;
use rust_decimal::Decimal;
use time::OffsetDateTime;
use uuid::Uuid;

use super::auth::AuthenticatedKey;
use super::body::{self, JsonBody, parse_uuid};
use super::clock::{plus, whole_seconds};
use super::defaults::{SANDBOX_RECEIVING_PIX_KEY, WHITELISTED_ADDRESS, WHITELISTED_FX_ADDRESS};
use super::error::ApiError;
use super::ledger::{Holder, LedgerError};
use super::params::path_param;
use super::rates::{self, FixedSide};
use super::records::{Delivery, Funding, OrderRecord, QuoteRecord};
use super::state::{Account, Shared, World};
use super::webhook::{EventKind, WebhookEvent};
use brlv_core::api::model::{
    Asset, CreateOrder, Order, OrderEnvelope, OrderState, OrdersEnvelope, PaymentMethod, Quote,
    QuoteEnvelope,
};
use brlv_core::pix::{self, BrCodeSpec, PixKey};

/// `POST /api/v0/quotes`.
pub(crate) async fn create_quote(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    bytes: Bytes,
) -> Result<Json<QuoteEnvelope>, ApiError> {
    let request = body::create_quote(&JsonBody::parse(&bytes)?)?;
    let fixed = match (request.source_amount, request.target_amount) {
        (Some(amount), _) => FixedSide::Source(amount),
        (None, Some(amount)) => FixedSide::Target(amount),
        (None, None) => {
            return Err(ApiError::bad_request(
                "missing-field",
                "exactly one of `source-amount` and `target-amount` is required",
            ));
        }
    };
    let pricing = rates::price(&request.source_asset, &request.target_asset, fixed)?;
    let lifetime = shared.settings.quote_lifetime;
    let quote = shared.with_account(&api_key, |account, now, _| {
        let expiration = whole_seconds(plus(now, lifetime));
        let quote = Quote {
            id: Uuid::new_v4(),
            source_asset: Some(request.source_asset.clone()),
            target_asset: Some(request.target_asset.clone()),
            source_amount: Some(pricing.source_amount),
            target_amount: Some(pricing.target_amount),
            base_rate: Some(pricing.base_rate),
            effective_rate: Some(pricing.effective_rate),
            fee_amount: Some(pricing.fee_amount),
            fee_asset: Some(request.target_asset.clone()),
            expiration: Some(expiration),
            trade_reason: request.trade_reason.clone(),
        };
        account.data.quotes.insert(
            quote.id,
            QuoteRecord {
                quote: quote.clone(),
                source_asset: request.source_asset.clone(),
                target_asset: request.target_asset.clone(),
                source_amount: pricing.source_amount,
                target_amount: pricing.target_amount,
                brl_value: pricing.brl_value,
                expiration,
                used: false,
            },
        );
        Ok(quote)
    })?;
    Ok(Json(QuoteEnvelope { quote }))
}

/// `POST /api/v0/orders`.
pub(crate) async fn create_order(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    bytes: Bytes,
) -> Result<Json<OrderEnvelope>, ApiError> {
    let request = body::create_order(&JsonBody::parse(&bytes)?)?;
    let pix_key = match &request.target_end_user_pix_key {
        None => None,
        Some(raw) => Some(PixKey::parse_wire(raw).map_err(|error| {
            ApiError::bad_request(
                "invalid-pix-key",
                format!("`target-end-user-pix-key`: {raw:?} is not a valid PIX key ({error})"),
            )
        })?),
    };
    let expiry = shared.settings.order_expiry;
    // Rendering the QR takes milliseconds: do it before taking the lock, for
    // the amount the quote (immutable once issued) says.
    let id = Uuid::new_v4();
    let prepared = if request.source_payment_method == Some(PaymentMethod::Brcode) {
        let amount = shared.with_account(&api_key, |account, _, _| {
            Ok(account
                .data
                .quotes
                .get(&request.quote_id)
                .filter(|quote| quote.source_asset == Asset::FiatBrl)
                .map(|quote| quote.source_amount))
        })?;
        match amount {
            Some(amount) => Some((amount, issue_brcode(id, amount)?)),
            None => None,
        }
    } else {
        None
    };
    let order = shared.with_account(&api_key, |account, now, _| {
        account.create_order(&request, id, prepared, pix_key.as_ref(), now, expiry)
    })?;
    Ok(Json(OrderEnvelope { order }))
}

/// `GET /api/v0/orders`: newest first.
pub(crate) async fn list_orders(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
) -> Result<Json<OrdersEnvelope>, ApiError> {
    let orders = shared.with_account(&api_key, |account, _, _| {
        Ok(account
            .data
            .orders
            .iter()
            .rev()
            .map(OrderRecord::to_wire)
            .collect())
    })?;
    Ok(Json(OrdersEnvelope { orders }))
}

/// `GET /api/v0/orders/{id}`.
pub(crate) async fn get_order(
    State(shared): State<Arc<Shared>>,
    Extension(AuthenticatedKey(api_key)): Extension<AuthenticatedKey>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Json<OrderEnvelope>, ApiError> {
    let id = parse_uuid("id", &path_param(id)?)?;
    let order = shared.with_account(&api_key, |account, _, _| {
        account
            .data
            .orders
            .iter()
            .find(|order| order.id == id)
            .map(OrderRecord::to_wire)
            .ok_or_else(|| order_not_found(id))
    })?;
    Ok(Json(OrderEnvelope { order }))
}

fn order_not_found(id: Uuid) -> ApiError {
    ApiError::not_found("order-not-found", format!("there is no order {id}"))
}

/// Whether `source` → `target` may pay BRL to a third party's PIX key (spec 4.1).
fn allows_end_user_pix_key(source: &Asset, target: &Asset) -> bool {
    *target == Asset::FiatBrl && matches!(source.ticker().as_str(), "USDC" | "BRLV")
}

fn only_digits(raw: &str) -> String {
    raw.chars().filter(char::is_ascii_digit).collect()
}

impl Account {
    /// Accepts a quote as an order, by every rule of spec 4.1; changes nothing when refused.
    fn create_order(
        &mut self,
        request: &CreateOrder,
        id: Uuid,
        prepared_brcode: Option<(Decimal, Funding)>,
        pix_key: Option<&PixKey>,
        now: OffsetDateTime,
        order_expiry: std::time::Duration,
    ) -> Result<Order, ApiError> {
        let quote = self.data.quotes.get(&request.quote_id).ok_or_else(|| {
            ApiError::not_found(
                "quote-not-found",
                format!(
                    "`quote-id`: there is no quote {} for this account",
                    request.quote_id
                ),
            )
        })?;
        if quote.used {
            return Err(ApiError::conflict(
                "quote-already-used",
                "`quote-id`: this quote was already accepted; ask for a new one",
            ));
        }
        if now > quote.expiration {
            return Err(ApiError::unprocessable(
                "quote-expired",
                "`quote-id`: this quote has expired; ask for a new one",
            ));
        }
        let (source, target) = (quote.source_asset.clone(), quote.target_asset.clone());
        let source_wallet =
            self.resolve_source_wallet(&source, request.source_wallet_address.as_deref())?;
        let mut delivery =
            self.resolve_target(&source, &target, request.target_wallet_address.as_deref())?;

        if let Some(pix_key) = pix_key {
            if !allows_end_user_pix_key(&source, &target) {
                return Err(ApiError::unprocessable(
                    "pix-key-not-allowed",
                    "`target-end-user-pix-key` is allowed only on USDC to BRL and BRLV to BRL orders",
                ));
            }
            if let PixKey::Cpf(tax_id) | PixKey::Cnpj(tax_id) = pix_key
                && only_digits(tax_id) != only_digits(&self.tax_id)
            {
                return Err(ApiError::unprocessable(
                    "tax-id-mismatch",
                    "`target-end-user-pix-key`: the recipient's tax id must equal the one registered on this account",
                ));
            }
            delivery =
                Delivery::PixKey(request.target_end_user_pix_key.clone().unwrap_or_default());
        }

        let method = request
            .source_payment_method
            .clone()
            .unwrap_or(PaymentMethod::AccountBalance);
        let created_at = whole_seconds(now);
        let (funding, expiration) = match method {
            PaymentMethod::Brcode => {
                if source != Asset::FiatBrl {
                    return Err(ApiError::unprocessable(
                        "payment-method-not-allowed",
                        "`source-payment-method`: brcode funds only orders paid in fiat/brl",
                    ));
                }
                let funding = match prepared_brcode {
                    Some((amount, funding)) if amount == quote.source_amount => funding,
                    _ => issue_brcode(id, quote.source_amount)?,
                };
                (funding, Some(whole_seconds(plus(created_at, order_expiry))))
            }
            _ => {
                let holder =
                    Holder::for_asset(&source, source_wallet.as_deref()).unwrap_or(Holder::Account);
                match self
                    .data
                    .ledger
                    .debit(&holder, &source, quote.source_amount)
                {
                    Ok(()) => {}
                    Err(LedgerError::Insufficient { available }) => {
                        return Err(insufficient(&source, quote.source_amount, available));
                    }
                    Err(LedgerError::Overflow) => {
                        return Err(ApiError::unprocessable(
                            "amount-too-large",
                            "the amount is too large",
                        ));
                    }
                }
                (Funding::AccountBalance, None)
            }
        };
        let order = OrderRecord {
            id,
            quote_id: request.quote_id,
            state: OrderState::Created,
            state_updated_at: created_at,
            created_at,
            source_asset: source,
            target_asset: target,
            source_amount: quote.source_amount,
            target_amount: quote.target_amount,
            base_rate: quote.quote.base_rate.unwrap_or_default(),
            effective_rate: quote.quote.effective_rate.unwrap_or_default(),
            fee_amount: quote.quote.fee_amount.unwrap_or_default(),
            brl_value: quote.brl_value,
            expiration,
            funding,
            delivery,
            trade_reason: quote.quote.trade_reason.clone(),
        };
        if let Some(quote) = self.data.quotes.get_mut(&request.quote_id) {
            quote.used = true;
        }
        let wire = order.to_wire();
        self.data.orders.push(order);
        Ok(wire)
    }

    /// `source-wallet-address`: required exactly when the source is on chain, and one of the account's wallets on the asset's chain.
    fn resolve_source_wallet(
        &self,
        source: &Asset,
        given: Option<&str>,
    ) -> Result<Option<String>, ApiError> {
        match (source.needs_wallet_address(), given) {
            (false, None) => Ok(None),
            (false, Some(_)) => Err(ApiError::bad_request(
                "unexpected-field",
                format!(
                    "`source-wallet-address` must be omitted when the source asset is {source}"
                ),
            )),
            (true, None) => Err(ApiError::bad_request(
                "missing-field",
                format!("`source-wallet-address` is required when the source asset is {source}"),
            )),
            (true, Some(address)) => {
                let wallet = self.data.wallet(address).ok_or_else(|| {
                    ApiError::unprocessable(
                        "source-wallet-not-owned",
                        format!(
                            "`source-wallet-address`: {address} is not a wallet of this account"
                        ),
                    )
                })?;
                if source.chain().as_ref() != Some(&wallet.chain) {
                    return Err(chain_mismatch("source-wallet-address", source));
                }
                Ok(Some(wallet.address.clone()))
            }
        }
    }

    /// `target-wallet-address`: required exactly when the target is on chain; an own
    /// wallet on the asset's chain or a whitelisted one (FX-whitelisted for FX pairs).
    fn resolve_target(
        &self,
        source: &Asset,
        target: &Asset,
        given: Option<&str>,
    ) -> Result<Delivery, ApiError> {
        match (target.needs_wallet_address(), given) {
            (false, None) => Ok(Delivery::AccountBalance),
            (false, Some(_)) => Err(ApiError::bad_request(
                "unexpected-field",
                format!(
                    "`target-wallet-address` must be omitted when the target asset is {target}"
                ),
            )),
            (true, None) => Err(ApiError::bad_request(
                "missing-field",
                format!("`target-wallet-address` is required when the target asset is {target}"),
            )),
            (true, Some(address)) => {
                if let Some(wallet) = self.data.wallet(address) {
                    if target.chain().as_ref() != Some(&wallet.chain) {
                        return Err(chain_mismatch("target-wallet-address", target));
                    }
                    return Ok(Delivery::OwnWallet(wallet.address.clone()));
                }
                let fx = rates::is_fx_pair(source, target);
                if address.eq_ignore_ascii_case(WHITELISTED_FX_ADDRESS) {
                    return Ok(Delivery::ExternalWallet(address.to_owned()));
                }
                if address.eq_ignore_ascii_case(WHITELISTED_ADDRESS) {
                    if fx {
                        return Err(ApiError::unprocessable(
                            "target-wallet-not-fx-whitelisted",
                            format!(
                                "`target-wallet-address`: {address} is whitelisted, but not for FX orders"
                            ),
                        ));
                    }
                    return Ok(Delivery::ExternalWallet(address.to_owned()));
                }
                Err(ApiError::unprocessable(
                    "target-wallet-not-whitelisted",
                    format!(
                        "`target-wallet-address`: {address} is neither a wallet of this account nor whitelisted"
                    ),
                ))
            }
        }
    }
}

fn chain_mismatch(field: &str, asset: &Asset) -> ApiError {
    ApiError::unprocessable(
        "chain-mismatch",
        format!("`{field}`: the wallet is not on the chain of {asset}"),
    )
}

/// 422 for a balance that cannot cover `needed`.
pub(crate) fn insufficient(asset: &Asset, needed: Decimal, available: Decimal) -> ApiError {
    ApiError::unprocessable(
        "insufficient-balance",
        format!("the balance of {asset} is {available}, short of {needed}"),
    )
}

/// What the BR Code of order `order_id` says: pay exactly `amount` BRL to the sandbox.
pub(crate) fn brcode_spec(order_id: Uuid, amount: Decimal) -> BrCodeSpec {
    BrCodeSpec {
        pix_key: SANDBOX_RECEIVING_PIX_KEY.to_owned(),
        amount: Some(amount),
        merchant_name: "BRLV SANDBOX".to_owned(),
        merchant_city: "SAO PAULO".to_owned(),
        // At most 25 alphanumerics: the order id without dashes, cut.
        txid: order_id.simple().to_string().chars().take(25).collect(),
    }
}

/// Builds the order's BR Code for exactly `amount` BRL and renders its QR.
pub(crate) fn issue_brcode(order_id: Uuid, amount: Decimal) -> Result<Funding, ApiError> {
    let brcode = pix::build_brcode(&brcode_spec(order_id, amount));
    let png = pix::render_qr_png(&brcode, 8).map_err(|error| {
        ApiError::internal(
            "qr-render-failed",
            format!("could not render the QR code: {error}"),
        )
    })?;
    Ok(Funding::Brcode {
        brcode,
        qr_code_base64: base64::engine::general_purpose::STANDARD.encode(png),
    })
}

impl World {
    /// A PIX paying order `id`'s BR Code arrives (control endpoint). In time it
    /// completes the order; after the funding window it is returned.
    pub(crate) fn pay_order(
        &mut self,
        id: Uuid,
        amount: Decimal,
        now: OffsetDateTime,
        events: &mut Vec<WebhookEvent>,
    ) -> Result<Order, ApiError> {
        let account = self
            .accounts
            .values_mut()
            .find(|account| account.data.orders.iter().any(|order| order.id == id))
            .ok_or_else(|| order_not_found(id))?;
        account.data.settle(now, events);
        let index = account
            .data
            .orders
            .iter()
            .position(|order| order.id == id)
            .ok_or_else(|| order_not_found(id))?;
        let order = &mut account.data.orders[index];
        let Funding::Brcode { brcode, .. } = &order.funding else {
            return Err(ApiError::conflict(
                "not-a-brcode-order",
                "this order is funded from the account balance; there is no BR Code to pay",
            ));
        };
        let brcode_amount = pix::BrCode::parse(brcode)
            .ok()
            .and_then(|code| code.amount)
            .unwrap_or(order.source_amount);
        if amount != brcode_amount {
            return Err(ApiError::unprocessable(
                "amount-mismatch",
                format!(
                    "the BR Code asks for exactly {brcode_amount}; a PIX of {amount} is refused"
                ),
            ));
        }
        let at = whole_seconds(now);
        match order.state {
            OrderState::Created => account.data.complete_order(index, at, events),
            OrderState::Expired => {
                // Too late: the bank is asked to send the money back; no balance changes.
                order.state = OrderState::PaymentReturned;
                order.state_updated_at = at;
                events.push(WebhookEvent::about_order(
                    EventKind::OrderRefundInitiated,
                    at,
                    order,
                ));
            }
            OrderState::Completed => {
                return Err(ApiError::conflict(
                    "order-already-paid",
                    "this order was already paid",
                ));
            }
            _ => {
                return Err(ApiError::conflict(
                    "payment-already-returned",
                    "a late payment for this order was already returned",
                ));
            }
        }
        Ok(account.data.orders[index].to_wire())
    }
}
