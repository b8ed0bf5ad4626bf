//! What the transaction password's dialog repeats of the request waiting
//! for it: worked out here, where the order form's quote and the tax year
//! are both in reach, and handed to the lock's view, which draws only it.

use crate::app::features::taxes::sale::{SaleTone, sale_effect, sale_effect_text};
use crate::app::format::asset_amount_text;
use crate::app::state::AppState;
use crate::app::submit::SubmitRequest;

/// One line of the dialog: what it names, and its value.
pub type SummaryLine = (String, String);

/// What leaves and where it goes, line by line, and for an order that
/// sells tokens what it makes of the month's sales; nothing while no
/// request waits for its passphrase.
pub fn authorization_lines(
    ui: &egui::Ui,
    state: &mut AppState,
) -> (Vec<SummaryLine>, Option<(String, SaleTone)>) {
    let sale = order_sale_line(ui, state);
    let mut lines = state
        .lock
        .authorization
        .as_ref()
        .map(|authorization| summary(state, &authorization.request))
        .unwrap_or_default();
    // Where the request goes, so a relayed address is seen before the
    // passphrase lets it leave.
    if let (Some(session), false) = (&state.session, lines.is_empty()) {
        lines.push((
            state.t("authorize.service").into_owned(),
            crate::app::format::service_host(&session.profile.base_url),
        ));
    }
    (lines, sale)
}

/// For an order that sells tokens, what it makes of this month's sales
/// against R$35,000 (the tax report's count), in a sentence.
fn order_sale_line(ui: &egui::Ui, state: &mut AppState) -> Option<(String, SaleTone)> {
    let Some(SubmitRequest::Order(order)) = state
        .lock
        .authorization
        .as_ref()
        .map(|authorization| &authorization.request)
    else {
        return None;
    };
    let quote_id = order.quote_id;
    if state.orders.form.current_quote().map(|quote| quote.id) != Some(quote_id) {
        return None;
    }
    let quote = state.orders.form.current_quote()?.clone();
    let (figures, _) = state.tax_figures(ui.ctx());
    let effect = sale_effect(
        &figures.ledger,
        &figures.sources.prices,
        &quote,
        state.wall_now,
    );
    Some(sale_effect_text(state.amount_format(), &effect))
}

/// What leaves and where it goes, line by line.
fn summary(state: &AppState, request: &SubmitRequest) -> Vec<SummaryLine> {
    let language = state.language;
    let amounts = state.amount_format();
    let t = |key: &'static str| state.t(key).into_owned();
    match request {
        SubmitRequest::Withdrawal(withdrawal) => vec![
            (t("authorize.what"), t("authorize.withdrawal")),
            (
                t("accounts.amount"),
                asset_amount_text(amounts, Some(withdrawal.amount), Some(&withdrawal.asset)),
            ),
            (
                t("withdrawals.destination"),
                crate::app::features::withdrawals::view::destination_text(language, withdrawal),
            ),
        ],
        SubmitRequest::Transfer(transfer) => vec![
            (t("authorize.what"), t("authorize.transfer")),
            (
                t("accounts.amount"),
                asset_amount_text(amounts, Some(transfer.amount), Some(&transfer.asset)),
            ),
            (t("authorize.from"), transfer.source_address.clone()),
            (t("authorize.to"), transfer.target_address.clone()),
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
                wallet_address
                    .clone()
                    .unwrap_or_else(|| t("authorize.account")),
            ),
        ],
        SubmitRequest::Order(order) => {
            let mut lines = vec![(t("authorize.what"), t("authorize.order"))];
            if let Some(quote) = state
                .orders
                .form
                .current_quote()
                .filter(|quote| quote.id == order.quote_id)
            {
                lines.push((
                    t("authorize.pays"),
                    asset_amount_text(amounts, quote.source_amount, quote.source_asset.as_ref()),
                ));
                lines.push((
                    t("authorize.receives"),
                    asset_amount_text(amounts, quote.target_amount, quote.target_asset.as_ref()),
                ));
            }
            lines.push((
                t("authorize.from"),
                order
                    .source_wallet_address
                    .clone()
                    .unwrap_or_else(|| t("authorize.account")),
            ));
            if let Some(to) = order
                .target_end_user_pix_key
                .clone()
                .or_else(|| order.target_wallet_address.clone())
            {
                lines.push((t("authorize.to"), to));
            }
            lines.push((t("authorize.quote"), order.quote_id.to_string()));
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
