//! The router: every path of spec section 4, the quote endpoint, the control
//! endpoints, the Banco Central's dollar rates, and error objects for
//! unknown paths and wrong methods.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post, put};

use super::error::ApiError;
use super::state::Shared;
use super::{auth, claims, control, orders, reads, transfers, withdrawals};
use brlv_core::api::API_PREFIX;

/// Builds the whole application.
pub(crate) fn router(shared: Arc<Shared>) -> Router {
    let api = |path: &str| format!("{API_PREFIX}{path}");
    let service = Router::new()
        .route(&api("/quotes"), post(orders::create_quote))
        .route(
            &api("/orders"),
            post(orders::create_order).get(orders::list_orders),
        )
        .route(&api("/orders/{id}"), get(orders::get_order))
        .route(
            &api("/transfers"),
            post(transfers::create_transfer).get(transfers::list_transfers),
        )
        .route(
            &api("/wallets"),
            post(transfers::create_wallet).get(transfers::list_wallets),
        )
        .route(
            &api("/withdrawals"),
            post(withdrawals::create_withdrawal).get(withdrawals::list_withdrawals),
        )
        .route(
            &api("/assets/{asset}/withdrawals"),
            get(withdrawals::list_withdrawals_per_asset)
                .post(withdrawals::create_withdrawal_per_asset),
        )
        .route(
            &api("/assets/{asset}/withdrawals/{id}"),
            get(withdrawals::get_withdrawal),
        )
        .route(
            &api("/claims"),
            post(claims::create_claim).get(claims::account_claimable),
        )
        .route(&api("/claims/simulate"), any(claims::simulate))
        .route(
            &api("/wallets/{wallet_address}/claims"),
            post(claims::create_wallet_claim).get(claims::wallet_claimable),
        )
        .route(&api("/assets/{asset}/deposits"), get(reads::list_deposits))
        .route(&api("/assets/{asset}/balance"), get(reads::balance))
        .route(
            &api("/tax-exemption/progress"),
            get(claims::tax_exemption_progress),
        )
        .method_not_allowed_fallback(method_not_allowed)
        .route_layer(middleware::from_fn_with_state(
            Arc::clone(&shared),
            auth::require_signed_request,
        ));
    let control = Router::new()
        .route("/sandbox/orders/{id}/pay", post(control::pay_order))
        .route("/sandbox/deposits", post(control::credit_deposit))
        .route("/sandbox/clock/advance", post(control::advance_clock))
        .route("/sandbox/webhook", put(control::set_webhook))
        .route("/sandbox/keys", post(control::register_key))
        .route("/sandbox/reset", post(control::reset))
        .route("/sandbox/seed", post(control::seed))
        .route("/sandbox/health", get(control::health))
        .method_not_allowed_fallback(method_not_allowed)
        .route_layer(middleware::from_fn(control::require_loopback));
    // The Banco Central's public service: no key, as there.
    let central_bank = Router::new()
        .route(
            brlv_core::tax::ptax::PERIOD_PATH,
            get(super::ptax::dollar_period),
        )
        .route(brlv_core::tax::ptax::DAY_PATH, get(super::ptax::dollar_day))
        .route(
            brlv_core::tax::selic::SERIES_PATH,
            get(super::selic::monthly_selic),
        );
    service
        .merge(control)
        .merge(central_bank)
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(
            Arc::clone(&shared),
            stamp_date,
        ))
        .with_state(shared)
}

async fn not_found(request: Request) -> ApiError {
    ApiError::not_found(
        "unknown-path",
        format!("there is no endpoint at {}", request.uri().path()),
    )
}

async fn method_not_allowed(request: Request) -> ApiError {
    ApiError::method_not_allowed(format!(
        "{} is not allowed on {}",
        request.method(),
        request.uri().path()
    ))
}

/// Sets `Date` from the sandbox clock, so a client that corrects its clock
/// from `Date` (as brlv-desk's does) signs in sandbox time after a clock move.
async fn stamp_date(
    State(shared): State<Arc<Shared>>,
    request: Request,
    next: axum::middleware::Next,
) -> Response {
    let mut response = next.run(request).await.into_response();
    let now = std::time::SystemTime::from(shared.clock.now());
    if let Ok(value) = HeaderValue::from_str(&httpdate::fmt_http_date(now)) {
        response.headers_mut().insert(header::DATE, value);
    }
    response
}
