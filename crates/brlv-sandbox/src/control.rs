//! The sandbox's own endpoints under `/sandbox/`: no JWT, loopback peers only.
//!
//! | Method | Path | Body | Does |
//! |---|---|---|---|
//! | POST | /sandbox/orders/{id}/pay | `{"amount": "250.00"}` | a PIX paying the order's BR Code arrives |
//! | POST | /sandbox/deposits | `{"api-key"?, "asset": "brl", "amount": "100.00", "source-tax-id"?, ...}` | credits a deposit |
//! | POST | /sandbox/clock/advance | `{"seconds": 600}` | moves the sandbox clock forward |
//! | PUT | /sandbox/webhook | `{"url": "http://127.0.0.1:9000/hook"}` or `{"url": null}` | sets the webhook URL |
//! | POST | /sandbox/keys | `{"api-key", "public-key": PEM, "empty"?: bool}` | registers an API key (a new account) |
//! | POST | /sandbox/reset | none | restores every account's starting data |
//! | POST | /sandbox/seed | `{"api-key"?, "records": 100000}` | adds a big account's history: that many completed orders, transfers, withdrawals and deposits |
//! | GET | /sandbox/health | none | `{"status": "ok", "now", "accounts"}` |
//!
//! `api-key` may be left out of a deposit or a seeding when exactly one account
//! is registered.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{ConnectInfo, Path, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use url::Url;
use uuid::Uuid;

use super::accounts::register;
use super::body::{JsonBody, parse_uuid};
use super::clock::whole_seconds;
use super::demo::{self, demo_coordinates};
use super::error::ApiError;
use super::error::SandboxError;
use super::ledger::Holder;
use super::params::{AssetSelector, path_param};
use super::records::DepositRecord;
use super::state::{Account, Shared, World};
use brlv_core::api::model::{Asset, OrderEnvelope};
use brlv_core::api::timestamp;

/// The farthest one clock move may go: ten years.
const MAX_CLOCK_ADVANCE_SECS: u64 = 10 * 366 * 24 * 3600;

/// Middleware: control endpoints answer only peers on this machine.
pub(crate) async fn require_loopback(request: Request, next: Next) -> Response {
    let loopback = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .is_some_and(|ConnectInfo(peer)| peer.ip().is_loopback());
    if loopback {
        next.run(request).await
    } else {
        ApiError::forbidden(
            "loopback-only",
            "the /sandbox/ control endpoints answer only requests from this machine",
        )
        .into_response()
    }
}

/// `POST /sandbox/orders/{id}/pay`.
pub(crate) async fn pay_order(
    State(shared): State<Arc<Shared>>,
    id: Result<Path<String>, PathRejection>,
    bytes: Bytes,
) -> Result<Json<OrderEnvelope>, ApiError> {
    let id = parse_uuid("id", &path_param(id)?)?;
    let body = JsonBody::parse(&bytes)?;
    let amount = body.required_amount("amount", Asset::FiatBrl.scale())?;
    let now = shared.clock.now();
    let mut events = Vec::new();
    let result = shared.lock().pay_order(id, amount, now, &mut events);
    shared.events.send_all(events);
    Ok(Json(OrderEnvelope { order: result? }))
}

/// `POST /sandbox/deposits`.
pub(crate) async fn credit_deposit(
    State(shared): State<Arc<Shared>>,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let body = JsonBody::parse(&bytes)?;
    let selector = AssetSelector::parse(body.required_str("asset")?, &["brl", "usd"])?;
    let AssetSelector::Exact(asset) = selector else {
        return Err(ApiError::bad_request(
            "unknown-asset",
            "`asset`: deposits credit brl or usd",
        ));
    };
    if !asset.is_fiat() {
        return Err(ApiError::bad_request(
            "unknown-asset",
            "`asset`: deposits credit fiat money (brl by PIX, usd by wire)",
        ));
    }
    let amount = body.required_amount("amount", asset.scale())?;
    let mut coordinates = demo_coordinates("260");
    for (field, slot) in [
        ("source-tax-id", &mut coordinates.source_tax_id),
        ("source-bank-code", &mut coordinates.source_bank_code),
        ("source-type", &mut coordinates.source_type),
        (
            "source-account-number",
            &mut coordinates.source_account_number,
        ),
        ("source-branch-code", &mut coordinates.source_branch_code),
    ] {
        if let Some(value) = body.optional_str(field)? {
            *slot = Some(value.into());
        }
    }
    let api_key = body.optional_str("api-key")?;
    let now = whole_seconds(shared.clock.now());
    let mut world = shared.lock();
    let account = chosen_account(&mut world, api_key)?;
    account
        .data
        .ledger
        .credit(&Holder::Account, &asset, amount)
        .map_err(|_| {
            ApiError::unprocessable("amount-too-large", "the balance would grow too large")
        })?;
    let record = DepositRecord {
        id: Uuid::new_v4(),
        kind: if asset == Asset::FiatBrl {
            "pix"
        } else {
            "wire"
        }
        .to_owned(),
        asset,
        amount,
        coordinates,
        created_at: now,
        processed_at: now,
    };
    let deposit = record.to_wire();
    account.data.deposits.push(record);
    Ok(Json(json!({ "deposit": deposit })))
}

/// `POST /sandbox/clock/advance`.
pub(crate) async fn advance_clock(
    State(shared): State<Arc<Shared>>,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let body = JsonBody::parse(&bytes)?;
    let seconds = body
        .optional_u64("seconds")?
        .ok_or_else(|| ApiError::bad_request("missing-field", "field `seconds` is required"))?;
    if seconds > MAX_CLOCK_ADVANCE_SECS {
        return Err(ApiError::bad_request(
            "invalid-seconds",
            "`seconds`: one move may go at most ten years forward",
        ));
    }
    shared.clock.advance(Duration::from_secs(seconds));
    shared.settle_all();
    Ok(Json(
        json!({ "now": timestamp::format(&shared.clock.now()) }),
    ))
}

/// `PUT /sandbox/webhook`.
pub(crate) async fn set_webhook(
    State(shared): State<Arc<Shared>>,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let body = JsonBody::parse(&bytes)?;
    let url = match body.optional_str("url")? {
        None => None,
        Some(raw) => {
            let url = Url::parse(raw).map_err(|error| {
                ApiError::bad_request(
                    "invalid-url",
                    format!("`url`: {raw:?} is not a URL ({error})"),
                )
            })?;
            if !matches!(url.scheme(), "http" | "https") {
                return Err(ApiError::bad_request(
                    "invalid-url",
                    "`url` must be http or https",
                ));
            }
            Some(url)
        }
    };
    *shared
        .webhook_url
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = url.clone();
    Ok(Json(json!({ "url": url.map(|url| url.to_string()) })))
}

/// `POST /sandbox/keys`.
pub(crate) async fn register_key(
    State(shared): State<Arc<Shared>>,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let body = JsonBody::parse(&bytes)?;
    let api_key = body.required_str("api-key")?;
    let public_key = body.required_str("public-key")?;
    let empty = body.optional_bool("empty")?.unwrap_or(false);
    register(&shared, api_key, public_key, !empty).map_err(|error| match error {
        SandboxError::ApiKeyTaken(_) => ApiError::conflict("api-key-taken", error.to_string()),
        other => ApiError::bad_request("invalid-key", other.to_string()),
    })?;
    Ok(Json(json!({ "api-key": api_key })))
}

/// `POST /sandbox/reset`.
pub(crate) async fn reset(State(shared): State<Arc<Shared>>) -> Json<Value> {
    let now = shared.clock.now();
    let mut world = shared.lock();
    for account in world.accounts.values_mut() {
        account.data.clear();
        if account.seed_demo {
            demo::seed(&mut account.data, now, shared.settings.order_expiry);
        }
    }
    Json(json!({ "accounts": world.accounts.len() }))
}

/// The account a control request names by its `api-key`, or the only one
/// registered when it names none (a test of one account need not repeat
/// its key).
fn chosen_account<'world>(
    world: &'world mut World,
    api_key: Option<&str>,
) -> Result<&'world mut Account, ApiError> {
    let account = match api_key {
        Some(key) => world.accounts.get_mut(key),
        None if world.accounts.len() == 1 => world.accounts.values_mut().next(),
        None => {
            return Err(ApiError::bad_request(
                "missing-field",
                "field `api-key` is required when more than one account is registered",
            ));
        }
    };
    account.ok_or_else(|| ApiError::not_found("unknown-api-key", "no account has this API key"))
}

/// `POST /sandbox/seed`: a big account's history, for benchmarks and for
/// trying the app on a million records.
pub(crate) async fn seed(
    State(shared): State<Arc<Shared>>,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let body = JsonBody::parse(&bytes)?;
    let records = body
        .optional_u64("records")?
        .ok_or_else(|| ApiError::bad_request("missing-field", "field `records` is required"))?;
    let records = usize::try_from(records)
        .ok()
        .filter(|records| *records <= demo::MAX_SEEDED_RECORDS)
        .ok_or_else(|| {
            ApiError::bad_request(
                "invalid-records",
                "`records`: at most 5000000 of each kind per seeding",
            )
        })?;
    let api_key = body.optional_str("api-key")?;
    let now = shared.clock.now();
    let mut world = shared.lock();
    let account = chosen_account(&mut world, api_key)?;
    demo::seed_history(&mut account.data, now, records);
    Ok(Json(json!({
        "orders": account.data.orders.len(),
        "transfers": account.data.transfers.len(),
        "withdrawals": account.data.withdrawals.len(),
        "deposits": account.data.deposits.len(),
    })))
}

/// `GET /sandbox/health`.
pub(crate) async fn health(State(shared): State<Arc<Shared>>) -> Json<Value> {
    let accounts = shared.lock().accounts.len();
    Json(json!({
        "status": "ok",
        "now": timestamp::format(&shared.clock.now()),
        "accounts": accounts,
    }))
}
