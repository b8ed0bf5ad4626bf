//! The Orders panel: the list ([`list`]), one order's detail with its PIX QR
//! code ([`detail`]) and the new-order form ([`form`]).

pub mod detail;
pub mod form;
pub mod list;

use egui::Ui;
use rust_decimal::Decimal;
use time::OffsetDateTime;

use crate::api::model::{Asset, OrderState};
use crate::app::i18n::{self, Language};
use crate::app::orders::OrdersNotice;
use crate::app::state::AppState;
use crate::app::widgets::{Tone, amount_ui};
use crate::money::format_amount_parts;

/// Draws the Orders panel: the form, an order's detail, or the list.
pub fn orders_ui(ui: &mut Ui, state: &mut AppState) {
    if state.orders.form.open {
        egui::ScrollArea::vertical()
            .id_salt("order_form")
            .show(ui, |ui| form::order_form_ui(ui, state));
    } else if state.orders.selected.is_some() {
        egui::ScrollArea::vertical()
            .id_salt("order_detail")
            .show(ui, |ui| detail::order_detail_ui(ui, state));
    } else {
        list::orders_list_ui(ui, state);
    }
}

/// An order state as the language names it (an order is feminine in
/// Portuguese: "criada"); an unknown one as it came.
pub fn order_state_label(language: Language, state: &OrderState) -> String {
    let wire = state.as_str();
    for key in [format!("state.order.{wire}"), format!("state.{wire}")] {
        let text = i18n::tr_or_text(language, &key);
        if text != key {
            return text;
        }
    }
    wire.to_owned()
}

/// How a state's badge is colored.
pub fn order_state_tone(state: &OrderState) -> Tone {
    match state {
        OrderState::Created => Tone::Warning,
        OrderState::Completed => Tone::Success,
        OrderState::Expired => Tone::Neutral,
        OrderState::PaymentReturned => Tone::Danger,
        OrderState::Other(_) => Tone::Info,
    }
}

/// A moment as `2026-03-10 12:00:05 UTC`.
pub fn format_moment(moment: OffsetDateTime) -> String {
    let format = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute]:[second]");
    let utc = moment.to_offset(time::UtcOffset::UTC);
    match utc.format(format) {
        Ok(text) => format!("{text} UTC"),
        Err(_) => crate::api::model::timestamp::format(&moment),
    }
}

/// An amount at its asset's scale, zeros dimmed, followed by the ticker.
pub fn asset_amount_ui(
    ui: &mut Ui,
    language: Language,
    amount: Option<Decimal>,
    asset: Option<&Asset>,
) {
    match amount {
        Some(value) => {
            // An unknown asset gets 18 places: no digit the service sent is hidden.
            let scale = asset.map_or(18, Asset::scale);
            let parts = format_amount_parts(value, scale, language.number_format());
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = 4.0;
                amount_ui(ui, "", &parts.significant, &parts.trailing_zeros);
                if let Some(asset) = asset {
                    ui.label(asset.ticker());
                }
            });
        }
        None => {
            ui.weak("-");
        }
    }
}

/// The heading of an orders notice, translated, and how serious it is.
pub fn notice_heading(language: Language, notice: &OrdersNotice) -> (String, Tone) {
    let with_id = |key, id: &str| i18n::tr_with(language, key, &[("id", id)]);
    match notice {
        OrdersNotice::OrderExpired(id) => (with_id("orders.notice_expired", id), Tone::Neutral),
        OrdersNotice::PaymentReturned(id) => {
            (with_id("orders.notice_payment_returned", id), Tone::Warning)
        }
        OrdersNotice::RefundInitiated(id) => {
            (with_id("events.notice_refund_initiated", id), Tone::Warning)
        }
        OrdersNotice::FoundAfterFailure(id) => {
            (with_id("orders.notice_found_after_failure", id), Tone::Info)
        }
        OrdersNotice::Exported => (
            i18n::tr(language, "orders.notice_exported").into_owned(),
            Tone::Success,
        ),
        OrdersNotice::NotExported => (
            i18n::tr(language, "orders.notice_not_exported").into_owned(),
            Tone::Danger,
        ),
        OrdersNotice::QrSaved => (
            i18n::tr(language, "orders.notice_qr_saved").into_owned(),
            Tone::Success,
        ),
        OrdersNotice::QrNotSaved => (
            i18n::tr(language, "orders.notice_qr_not_saved").into_owned(),
            Tone::Danger,
        ),
    }
}
