//! What the transaction password's dialog repeats of the request waiting
//! for it: worked out here, where the order form's quote and the tax year
//! are both in reach, and handed to the lock's view, which draws only it.
//! It names what the review named: wallets and recipients by their names,
//! the quote's id (if any) as such, and whether the quote has expired since.

use crate::app::features::orders::state::OrdersState;
use crate::app::format::asset_amount_text;
use crate::app::panel::Shared;
use crate::app::panel::review::{address_text, money_text};
use crate::app::state::AppState;
use crate::app::submit::SubmitRequest;
use crate::app::tax_year::sale::{SaleTone, sale_effect, sale_effect_text};
use crate::app::ui::request_countdown_frame;
use brlv_core::api::model::CreateOrder;

/// One line of the dialog: what it names, and its value.
pub type SummaryLine = (String, String);

/// What the dialog shows of the request waiting for it.
#[derive(Default)]
pub struct AuthorizationSummary {
    /// What leaves and where it goes, line by line.
    pub lines: Vec<SummaryLine>,
    /// For an order that sells tokens, what it makes of the month's sales.
    pub sale: Option<(String, SaleTone)>,
    /// The order's quote expired while the dialog was open: it cannot be sent.
    pub quote_expired: bool,
}

/// What leaves and where it goes, line by line, and for an order that
/// sells tokens what it makes of the month's sales; nothing while no
/// request waits for its passphrase.
pub fn authorization_lines(ui: &egui::Ui, state: &mut AppState) -> AuthorizationSummary {
    let sale = order_sale_line(ui, state);
    let quote_expired = order_quote_expired(ui, state);
    let (cx, panels) = (&state.shared, &state.panels);
    let mut lines = panels
        .lock
        .authorization
        .as_ref()
        .map(|authorization| summary(cx, &panels.orders, &authorization.request))
        .unwrap_or_default();
    // Where the request goes, so a relayed address is seen before the
    // passphrase lets it leave.
    if let (Some(session), false) = (&cx.session, lines.is_empty()) {
        lines.push((
            cx.t("authorize.service").into_owned(),
            crate::app::format::service_host(&session.profile.base_url),
        ));
    }
    AuthorizationSummary {
        lines,
        sale,
        quote_expired,
    }
}

/// The order the lock's dialog is asking the passphrase for, if it is one.
fn order_awaiting_passphrase(state: &AppState) -> Option<&CreateOrder> {
    match state
        .panels
        .lock
        .authorization
        .as_ref()
        .map(|authorization| &authorization.request)
    {
        Some(SubmitRequest::Order(order)) => Some(order),
        _ => None,
    }
}

/// Whether the order waiting for its passphrase accepts the form's quote
/// and that quote has expired; while it has not, a frame is asked for the
/// second it does, so the dialog stops it without a key being pressed.
fn order_quote_expired(ui: &egui::Ui, state: &AppState) -> bool {
    let Some(order) = order_awaiting_passphrase(state) else {
        return false;
    };
    let Some(expiration) = state
        .panels
        .orders
        .form
        .current_quote()
        .filter(|quote| quote.id == order.quote_id)
        .and_then(|quote| quote.expiration)
    else {
        return false;
    };
    if expiration > state.shared.wall_now {
        request_countdown_frame(ui.ctx(), expiration - state.shared.wall_now);
        return false;
    }
    true
}

/// For an order that sells tokens, what it makes of this month's sales
/// against R$35,000 (the tax report's count), in a sentence.
fn order_sale_line(ui: &egui::Ui, state: &mut AppState) -> Option<(String, SaleTone)> {
    let order = order_awaiting_passphrase(state)?;
    let quote_id = order.quote_id;
    if state
        .panels
        .orders
        .form
        .current_quote()
        .map(|quote| quote.id)
        != Some(quote_id)
    {
        return None;
    }
    let quote = state.panels.orders.form.current_quote()?.clone();
    let (figures, _) = state.month_figures(ui.ctx());
    let effect = sale_effect(
        &figures.ledger,
        &figures.sources.prices,
        &quote,
        state.shared.wall_now,
    );
    Some(sale_effect_text(state.shared.amounts(), &effect))
}

/// What leaves and where it goes, line by line.
fn summary(cx: &Shared, orders: &OrdersState, request: &SubmitRequest) -> Vec<SummaryLine> {
    let amounts = cx.amounts();
    let t = |key: &'static str| cx.t(key).into_owned();
    match request {
        SubmitRequest::Withdrawal(withdrawal) => vec![
            (t("authorize.what"), t("authorize.withdrawal")),
            (
                t("accounts.amount"),
                money_text(cx, withdrawal.amount, &withdrawal.asset),
            ),
            (
                t("authorize.to"),
                crate::app::features::withdrawals::review::recipient_text(cx, withdrawal),
            ),
        ],
        SubmitRequest::Transfer(transfer) => vec![
            (t("authorize.what"), t("authorize.transfer")),
            (
                t("accounts.amount"),
                money_text(cx, transfer.amount, &transfer.asset),
            ),
            (
                t("authorize.from"),
                address_text(cx, &transfer.source_address),
            ),
            (
                t("authorize.to"),
                address_text(cx, &transfer.target_address),
            ),
        ],
        SubmitRequest::Claim {
            wallet_address,
            request,
        } => vec![
            (t("authorize.what"), t("authorize.claim")),
            (t("accounts.amount"), amounts.brl(request.amount)),
            (
                t("authorize.paid_in"),
                request.target_asset_code.as_str().to_uppercase(),
            ),
            (
                t("authorize.to"),
                wallet_address.as_deref().map_or_else(
                    || t("authorize.account"),
                    |address| address_text(cx, address),
                ),
            ),
        ],
        SubmitRequest::Order(order) => {
            let mut lines = vec![(t("authorize.what"), t("authorize.order"))];
            if let Some(quote) = orders
                .form
                .current_quote()
                .filter(|quote| quote.id == order.quote_id)
            {
                lines.push((
                    t("authorize.pays"),
                    amount_or_missing(cx, quote.source_amount, quote.source_asset.as_ref()),
                ));
                lines.push((
                    t("authorize.receives"),
                    amount_or_missing(cx, quote.target_amount, quote.target_asset.as_ref()),
                ));
            }
            lines.push((
                t("authorize.from"),
                order.source_wallet_address.as_deref().map_or_else(
                    || t("authorize.account"),
                    |address| address_text(cx, address),
                ),
            ));
            if let Some(key) = &order.target_end_user_pix_key {
                lines.push((t("authorize.to"), pix_recipient_text(cx, key)));
            } else if let Some(address) = &order.target_wallet_address {
                lines.push((t("authorize.to"), address_text(cx, address)));
            }
            // The id last, named as an id: "Cotação" is a rate to a person.
            lines.push((t("review.quote_id"), order.quote_id.to_string()));
            lines
        }
        SubmitRequest::Wallet(wallet) => vec![(t("authorize.what"), wallet.wallet_name.clone())],
        SubmitRequest::Batch(request) => {
            let summary = request.batch.summary();
            vec![
                (t("authorize.what"), t("batch.authorize_what")),
                (t("batch.count"), summary.rows.to_string()),
                (
                    t("batch.total"),
                    crate::app::features::withdrawals::view::batch::totals_text(amounts, &summary),
                ),
            ]
        }
    }
}

/// An order's PIX recipient as its review names it: the saved name, else
/// a third party's key, with the key.
fn pix_recipient_text(cx: &Shared, key: &str) -> String {
    let name = cx
        .recipients
        .iter()
        .find(|recipient| {
            matches!(&recipient.destination, brlv_core::recipients::Destination::Pix { key: saved } if saved == key)
        })
        .map(|recipient| cx.t_with("review.saved_recipient", &[("name", &recipient.name)]))
        .unwrap_or_else(|| cx.t("review.unnamed_pix").into());
    format!("{name} · {key}")
}

/// An amount as the review writes it (R$ for reais), or what the amounts'
/// format writes for one the service did not send.
fn amount_or_missing(
    cx: &Shared,
    amount: Option<rust_decimal::Decimal>,
    asset: Option<&brlv_core::api::model::Asset>,
) -> String {
    match (amount, asset) {
        (Some(amount), Some(asset)) => money_text(cx, amount, asset),
        _ => asset_amount_text(cx.amounts(), amount, asset),
    }
}
