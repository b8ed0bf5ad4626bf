//! One order: every field, what its state means for the money, and for a
//! brcode order awaiting payment the PIX QR code, drawn from `brcode` only
//! after the code passed its check (CRC and amount equal to the order's).

use crate::app::ui::spinner_ui;
use egui::{RichText, Ui};

use rust_decimal::Decimal;

use crate::app::dialog::DialogPurpose;
use crate::app::error_text::Localize;
use crate::app::features::orders::state::{OrdersState, open_order};
use crate::app::format::{AmountFormat, HIDDEN_DIGITS, MISSING, asset_name, short_id};
use crate::app::message::Command;
use crate::app::panel::{Ask, Outbox, Shared};
use crate::app::ui::{
    DetailRow, Tone, asset_amount_ui, badge_ui, badge_width, countdown_words, dialog_button_ui,
    qr_code_ui, record_detail_ui, request_countdown_frame, typed_path_ui, typed_paths_shown,
    unavailable_note_ui,
};
use brlv_core::api::model::{Asset, Order, OrderState};

use super::super::message::OrdersCommand;
use super::super::qr_memory::{Receiver, ReceiverAccount};
use super::super::state::{CheckedAgainst, QrCheck, QrRefusal};
use crate::app::ui::order_badge::{order_state_label, order_state_tone, seconds_to_pay};

/// How wide the QR code is drawn, in points (quiet zone included).
const QR_WIDTH: f32 = 320.0;
/// The width from which the payment's details go beside the QR code.
const SIDE_BY_SIDE_WIDTH: f32 = 720.0;
/// The widest the payment's details get, beside or under the QR code.
const PAYMENT_DETAILS_WIDTH: f32 = 480.0;
/// How long "Copied" shows after the copy button, in ms.
const COPIED_NOTE_MS: u64 = 3_000;

/// Draws the open order.
pub fn order_detail_ui(ui: &mut Ui, orders: &mut OrdersState, cx: &Shared, out: &mut Outbox) {
    if ui.button(cx.t("orders.back").as_ref()).clicked() {
        orders.select(None, out);
        return;
    }
    let list = cx.data.orders.value().map(|rows| rows.as_slice());
    let Some(order) = orders
        .selected
        .and_then(|id| open_order(id, list, &cx.data.order))
    else {
        ui.horizontal(|ui| {
            spinner_ui(ui);
            ui.label(cx.t("orders.detail_loading").as_ref());
        });
        if let Some(error) = cx.data.order.error() {
            ui.colored_label(ui.visuals().error_fg_color, error.localize(cx.language));
        }
        return;
    };
    // The state's badge goes under the title when both do not fit (at
    // 200 %): a wider line would widen the whole page and keep its notes
    // from wrapping.
    let badge = order.state.as_ref().map(|order_state| {
        (
            order_state_label(cx.language, order_state),
            order_state_tone(order_state),
        )
    });
    let badge_below = ui
        .horizontal(|ui| {
            // A title a person reads: what it pays and when; the id is in the
            // fields below and on hover.
            ui.heading(order_title(cx, order))
                .on_hover_text(cx.t_with("motion.order", &[("id", &short_id(&order.id))]));
            let beside = badge
                .as_ref()
                .is_none_or(|(text, _)| badge_width(ui, text) <= ui.available_width());
            if beside && let Some((text, tone)) = &badge {
                badge_ui(ui, text, *tone);
            }
            if cx.data.order.is_loading() {
                spinner_ui(ui);
            }
            !beside
        })
        .inner;
    if badge_below && let Some((text, tone)) = &badge {
        badge_ui(ui, text, *tone);
    }
    ui.add_space(8.0);
    // The QR code to pay first, right under the title: at 200 % it is
    // in sight without scrolling past the receipt.
    if order.brcode.is_some() && order.state.as_ref() == Some(&OrderState::Created) {
        payment_ui(ui, orders, cx, out, order);
        ui.add_space(12.0);
    }
    state_explanation_ui(ui, cx, order);
    let receipt = crate::app::receipt::build::order_receipt(
        &cx.moments(),
        order,
        &cx.parties(),
        orders.sent_to.get(&order.id),
    );
    crate::app::panel::receipt::receipt_ui(ui, cx, out, &mut orders.receipt_path, receipt);
    ui.add_space(8.0);
    fields_ui(ui, orders, cx, order);
}

/// An order's title: what it pays and when it was made ("Order of
/// R$500.00, 10 Mar 2026 12:00"), never its id alone.
fn order_title(cx: &Shared, order: &Order) -> String {
    let amount = crate::app::format::asset_amount_text(
        cx.amounts(),
        order.source_amount(),
        order.source_asset.as_ref(),
    );
    match order.created_at() {
        Some(created) => cx.t_with(
            "orders.detail_title",
            &[("amount", &amount), ("date", &cx.moments().text(created))],
        ),
        None => cx.t_with("orders.detail_title_undated", &[("amount", &amount)]),
    }
}

/// What the state means for the money, for the states where it matters.
fn state_explanation_ui(ui: &mut Ui, cx: &Shared, order: &Order) {
    let (key, tone) = match order.state.as_ref() {
        Some(OrderState::Expired) => ("orders.expired_explained", Tone::Neutral),
        Some(OrderState::PaymentReturned) => ("orders.returned_explained", Tone::Warning),
        _ => return,
    };
    callout_ui(ui, tone, &cx.t(key));
    ui.add_space(8.0);
}

/// A colored box with one message.
fn callout_ui(ui: &mut Ui, tone: Tone, text: &str) {
    let dark = ui.visuals().dark_mode;
    egui::Frame::new()
        .fill(tone.fill(dark))
        .corner_radius(6)
        .inner_margin(10)
        .show(ui, |ui| {
            ui.set_max_width(720.0);
            ui.label(RichText::new(text).color(tone.text(dark)));
        });
}

/// The QR code, the copy-and-paste code, the amount and the countdown; or
/// the warning when the code failed its check or the window has closed.
fn payment_ui(ui: &mut Ui, orders: &mut OrdersState, cx: &Shared, out: &mut Outbox, order: &Order) {
    let Some(brcode) = order.brcode.as_deref() else {
        return;
    };
    ui.label(
        RichText::new(cx.t("orders.pay_title").as_ref())
            .strong()
            .size(16.0),
    );
    let left = seconds_to_pay(cx.wall_now, order);
    if left == Some(0) {
        callout_ui(ui, Tone::Neutral, &cx.t("orders.window_closed"));
        return;
    }
    if !orders.qr_memory.loaded {
        // The receiver paid before is not known yet: nothing to pay until it is.
        ui.horizontal(|ui| {
            spinner_ui(ui);
            ui.label(cx.t("orders.qr_checking").as_ref());
        });
        return;
    }
    let (check, first_seen) = orders.check_qr(brcode, order);
    if let Some(receiver) = first_seen {
        out.command(Command::Orders(OrdersCommand::RememberReceiver(receiver)));
    }
    let matrix = match &check.outcome {
        Ok(matrix) => matrix,
        Err(reason) => {
            let warning = format!(
                "{}\n\n{}",
                cx.t("orders.brcode_rejected"),
                refusal_text(cx, reason)
            );
            callout_ui(ui, Tone::Danger, &warning);
            return;
        }
    };
    let Some(receiver) = check.receiver.as_ref() else {
        return;
    };
    if let Some(before) = check.receiver_changed() {
        let warning = cx.t_with(
            "orders.qr_receiver_changed",
            &[
                ("before", &receiver_text(cx, before)),
                ("now", &receiver_text(cx, receiver)),
            ],
        );
        callout_ui(ui, Tone::Danger, &warning);
        ui.add_space(8.0);
        if !check.shown_anyway {
            if ui.button(cx.t("orders.qr_show_anyway").as_ref()).clicked() {
                orders.show_code_anyway();
            }
            return;
        }
    }
    let against = match check.against {
        CheckedAgainst::Accepted => cx.t("orders.qr_checked_accepted"),
        CheckedAgainst::ServiceOnly => cx.t("orders.qr_checked_service_only"),
    };
    ui.label(RichText::new(against.as_ref()).weak());
    ui.add_space(8.0);
    // Beside the QR when there is room; under it in a narrow window or at
    // a large scale, so nothing needs sideways scrolling.
    let side_by_side = ui.available_width() >= SIDE_BY_SIDE_WIDTH;
    let body = |ui: &mut Ui| {
        let description = qr_description(cx, order, Some(receiver.name.as_str()));
        qr_code_ui(ui, matrix, QR_WIDTH, &description);
        ui.add_space(16.0);
        ui.vertical(|ui| {
            ui.set_max_width(PAYMENT_DETAILS_WIDTH.min(ui.available_width()));
            receiver_ui(ui, cx, receiver);
            ui.add_space(8.0);
            ui.label(cx.t("orders.amount_to_pay").as_ref());
            asset_amount_ui(
                ui,
                cx.amounts(),
                order.source_amount(),
                order.source_asset.as_ref(),
            );
            ui.add_space(8.0);
            let unreachable = order
                .expiration()
                .and_then(|ends| cx.countdown_unreachable(ends));
            if let (Some(_), Some(text)) = (left, unreachable) {
                ui.label(RichText::new(text).strong());
            } else if let Some(left) = left {
                ui.label(
                    RichText::new(cx.t_with(
                        "orders.pay_within",
                        &[("countdown", &countdown_words(left))],
                    ))
                    .strong(),
                );
                if let Some(expiration) = order.expiration() {
                    request_countdown_frame(ui.ctx(), expiration - cx.wall_now);
                }
            }
            ui.add_space(8.0);
            ui.label(cx.t("orders.copy_paste").as_ref());
            // The code's text carries the amount; its Copy button still
            // copies it whole, a copy being the person's own act.
            ui.add(
                egui::Label::new(
                    RichText::new(hidden_or(cx.amounts(), brcode.to_owned())).monospace(),
                )
                .wrap()
                .selectable(true),
            );
            ui.horizontal(|ui| {
                if ui.button(cx.t("orders.copy_code").as_ref()).clicked() {
                    ui.ctx().copy_text(brcode.to_owned());
                    orders.copied_at = Some(cx.now);
                }
                let copied_recently = orders
                    .copied_at
                    .is_some_and(|at| cx.now.saturating_sub(at) < COPIED_NOTE_MS);
                if copied_recently {
                    ui.label(cx.t("orders.copied").as_ref());
                    ui.ctx()
                        .request_repaint_after(std::time::Duration::from_millis(500));
                }
            });
            ui.add_space(8.0);
            save_png_ui(ui, orders, cx, out, brcode);
        });
    };
    if side_by_side {
        ui.horizontal_top(body);
    } else {
        ui.vertical(body);
    }
}

/// What the QR code says to a screen reader: the amount, who receives it and
/// until when it can be paid, in the person's clock ("PIX QR code for R$ 250.00 to Loja,
/// expires at 10 Mar 2026 10:49").
pub fn qr_description(cx: &Shared, order: &Order, receiver: Option<&str>) -> String {
    let amount = cx
        .amounts()
        .text(order.source_amount(), order.source_asset.as_ref());
    let mut text = cx.t_with("a11y.qr_for", &[("amount", &amount)]);
    if let Some(receiver) = receiver.filter(|name| !name.trim().is_empty()) {
        text.push_str(&cx.t_with("a11y.qr_to", &[("receiver", receiver)]));
    }
    if let Some(expiration) = order.expiration() {
        let at = cx.moments().text(expiration);
        text.push_str(&cx.t_with("a11y.qr_expires", &[("at", &at)]));
    }
    text
}

/// "Save QR as PNG…" (the system's dialog) and the typed path one click
/// away; the worker writes the PNG either way.
fn save_png_ui(ui: &mut Ui, orders: &mut OrdersState, cx: &Shared, out: &mut Outbox, brcode: &str) {
    let language = cx.language;
    let label = cx.t("orders.save_qr_dialog");
    let typed = ui
        .horizontal(|ui| {
            if dialog_button_ui(ui, language, label.as_ref(), orders.saving_qr) {
                out.ask(Ask::ChooseFile(DialogPurpose::SaveQr {
                    brcode: brcode.to_owned(),
                }));
            }
            typed_paths_shown(ui)
        })
        .inner;
    if !typed {
        return;
    }
    unavailable_note_ui(ui, language);
    let hint = cx.t("orders.qr_path_hint");
    ui.horizontal(|ui| {
        typed_path_ui(
            ui,
            cx.t("a11y.qr_path").as_ref(),
            hint.as_ref(),
            &mut orders.qr_path,
        );
        let ready = !orders.qr_path.trim().is_empty() && !orders.saving_qr;
        if ui
            .add_enabled(ready, egui::Button::new(cx.t("orders.save_qr").as_ref()))
            .clicked()
        {
            orders.saving_qr = true;
            out.write_file(Command::Orders(OrdersCommand::SaveQrPng {
                path: orders.qr_path.trim().into(),
                brcode: brcode.to_owned(),
            }));
        }
    });
}

/// Every field of the order in the person's words, `-` where the service
/// sent nothing; each field's key and value as the service wrote them on
/// hover and under "Show technical values".
fn fields_ui(ui: &mut Ui, orders: &OrdersState, cx: &Shared, order: &Order) {
    let language = cx.language;
    let amounts = cx.amounts();
    let text = |value: Option<String>| value.unwrap_or_else(|| MISSING.to_owned());
    let moments = cx.moments();
    let moment = |value: Option<time::OffsetDateTime>| moments.exact_or_missing(value);
    let wire_moment = |value: Option<time::OffsetDateTime>| {
        text(value.map(|value| brlv_core::api::timestamp::format(&value)))
    };
    let wire_asset = |value: Option<&Asset>| text(value.map(ToString::to_string));
    let field = |key: &'static str, wire: &str, value: String, wire_value: String, copy| {
        DetailRow::new(cx.t(key), value, copy).wire(format!("{wire}: {wire_value}"))
    };
    let amount = |key: &'static str, wire: &str, value: Option<Decimal>, of: Option<&Asset>| {
        let wire_value = value.map_or_else(|| MISSING.to_owned(), |value| amounts.wire(value));
        DetailRow::amount(cx.t(key), value.map(|value| amounts.of_asset(value, of)))
            .wire(format!("{wire}: {wire_value}"))
    };
    let state_name = order.state.as_ref().map(|s| order_state_label(language, s));
    let qr_note = order
        .qr_code_base64
        .as_ref()
        .map(|image| cx.t_with("orders.qr_base64_note", &[("n", &image.len().to_string())]));
    let brcode = checked_brcode(orders, cx, order);
    let mut rows = vec![
        field(
            "orders.field_state",
            "state",
            text(state_name),
            text(order.state.as_ref().map(|s| s.as_str().to_owned())),
            false,
        ),
        field(
            "orders.field_state_updated_at",
            "state-updated-at",
            moment(order.state_updated_at()),
            wire_moment(order.state_updated_at()),
            false,
        ),
        field(
            "orders.field_created_at",
            "created-at",
            moment(order.created_at()),
            wire_moment(order.created_at()),
            false,
        ),
        field(
            "orders.field_source_asset",
            "source-asset",
            asset_name(language, order.source_asset.as_ref()),
            wire_asset(order.source_asset.as_ref()),
            false,
        ),
        amount(
            "orders.field_source_amount",
            "source-amount",
            order.source_amount(),
            order.source_asset.as_ref(),
        ),
        field(
            "orders.field_target_asset",
            "target-asset",
            asset_name(language, order.target_asset.as_ref()),
            wire_asset(order.target_asset.as_ref()),
            false,
        ),
        amount(
            "orders.field_target_amount",
            "target-amount",
            order.target_amount(),
            order.target_asset.as_ref(),
        ),
        // A rate times a visible amount gives the hidden one: rates hide too.
        field(
            "orders.field_base_rate",
            "base-rate",
            rate_text(amounts, order.base_rate()),
            rate_wire(amounts, order.base_rate()),
            false,
        ),
        field(
            "orders.field_effective_rate",
            "effective-rate",
            rate_text(amounts, order.effective_rate()),
            rate_wire(amounts, order.effective_rate()),
            false,
        ),
        amount(
            "orders.field_fee_amount",
            "fee-amount",
            order.fee_amount(),
            order.fee_asset.as_ref(),
        ),
        field(
            "orders.field_fee_asset",
            "fee-asset",
            asset_name(language, order.fee_asset.as_ref()),
            wire_asset(order.fee_asset.as_ref()),
            false,
        ),
        field(
            "orders.field_expiration",
            "expiration",
            moment(order.expiration()),
            wire_moment(order.expiration()),
            false,
        ),
        // The brcode carries the amount in its text: hidden with amounts.
        field(
            "orders.field_brcode",
            "brcode",
            hidden_or(amounts, text(brcode.clone())),
            hidden_or(amounts, text(brcode)),
            !amounts.hidden,
        ),
        // The service's own image is not shown: the QR above is drawn from
        // the checked brcode, so what is scanned is what was checked.
        field(
            "orders.field_qr_code_base64",
            "qr-code-base64",
            text(qr_note.clone()),
            text(qr_note),
            false,
        ),
        // The ids last, copyable: for support, not for reading the order.
        field(
            "orders.field_id",
            "id",
            order.id.to_string(),
            order.id.to_string(),
            true,
        ),
        field(
            "orders.field_quote_id",
            "quote-id",
            text(order.quote_id.map(|id| id.to_string())),
            text(order.quote_id.map(|id| id.to_string())),
            true,
        ),
    ];
    // The fee in reais beside a fee in another asset: worked out here, not
    // sent, so it has no technical value of its own.
    if order.fee_asset != Some(Asset::FiatBrl)
        && let Some(in_brl) = order.fee_in_brl()
    {
        let fee_label = cx.t("orders.field_fee_amount");
        let after_fee = rows
            .iter()
            .position(|row| row.label == fee_label.as_ref())
            .map_or(rows.len(), |at| at + 1);
        rows.insert(
            after_fee,
            DetailRow::amount(
                cx.t("orders.field_fee_brl"),
                Some(amounts.brl_shown(in_brl)),
            ),
        );
    }
    record_detail_ui(ui, language, "order_fields", &rows);
}

/// A rate as the language writes it, every place it carries; masked while
/// amounts are hidden.
fn rate_text(amounts: AmountFormat, rate: Option<Decimal>) -> String {
    rate.map_or_else(|| MISSING.to_owned(), |rate| amounts.number(rate, 0))
}

fn rate_wire(amounts: AmountFormat, rate: Option<Decimal>) -> String {
    rate.map_or_else(|| MISSING.to_owned(), |rate| amounts.wire(rate))
}

fn hidden_or(amounts: AmountFormat, text: String) -> String {
    if amounts.hidden && text != MISSING {
        HIDDEN_DIGITS.to_owned()
    } else {
        text
    }
}

/// The brcode to list among the fields: withheld when it fails the check
/// or pays someone else than before (until the person chose to see it), so
/// a code that must not be paid cannot be copied from here either.
fn checked_brcode(orders: &OrdersState, cx: &Shared, order: &Order) -> Option<String> {
    let brcode = order.brcode.as_deref()?;
    let passed = match &orders.qr_check {
        Some(check) if check.is_for(brcode, order, &orders.qr_memory) => check.payable(),
        _ => orders.qr_memory.loaded && QrCheck::new(brcode, order, &orders.qr_memory).payable(),
    };
    Some(if passed {
        brcode.to_owned()
    } else {
        cx.t("orders.brcode_withheld").into_owned()
    })
}

/// An amount as the person reads it: reais as `R$500.00`, others with their ticker.
fn amount_text(cx: &Shared, value: Option<Decimal>, asset: Option<&Asset>) -> String {
    cx.amounts().text(value, asset)
}

/// Why a code is not drawn, in the person's words.
fn refusal_text(cx: &Shared, refusal: &QrRefusal) -> String {
    match refusal {
        QrRefusal::Code(error) => error.localize(cx.language),
        QrRefusal::OrderNotAccepted {
            accepted,
            order_amount,
            order_asset,
        } => cx.t_with(
            "orders.qr_order_not_accepted",
            &[
                (
                    "accepted",
                    &amount_text(
                        cx,
                        Some(accepted.source_amount),
                        Some(&accepted.source_asset),
                    ),
                ),
                (
                    "order",
                    &amount_text(cx, *order_amount, order_asset.as_ref()),
                ),
            ],
        ),
        QrRefusal::CodeNotAccepted { accepted, in_code } => cx.t_with(
            "orders.qr_code_not_accepted",
            &[
                ("in_code", &cx.amounts().brl(*in_code)),
                (
                    "accepted",
                    &amount_text(
                        cx,
                        Some(accepted.source_amount),
                        Some(&accepted.source_asset),
                    ),
                ),
            ],
        ),
    }
}

/// Where a code sends the money: its key, or the bank's dynamic code.
fn account_text(cx: &Shared, account: &ReceiverAccount) -> String {
    match account {
        ReceiverAccount::Key(key) => cx.t_with("orders.qr_receiver_key", &[("key", key)]),
        ReceiverAccount::Dynamic(host) => {
            cx.t_with("orders.qr_receiver_dynamic", &[("host", host)])
        }
        ReceiverAccount::Unknown => cx.t("orders.qr_receiver_no_key").into_owned(),
    }
}

/// A receiver on one line: name, city and key.
fn receiver_text(cx: &Shared, receiver: &Receiver) -> String {
    format!(
        "{} ({}), {}",
        receiver.name,
        receiver.city,
        account_text(cx, &receiver.account)
    )
}

/// Who receives the payment, as the code says, beside the QR: what the
/// person's bank app will show them before they confirm.
fn receiver_ui(ui: &mut Ui, cx: &Shared, receiver: &Receiver) {
    ui.label(RichText::new(cx.t("orders.qr_receiver").as_ref()).strong());
    ui.add(egui::Label::new(RichText::new(&receiver.name).strong()).wrap());
    ui.add(egui::Label::new(&receiver.city).wrap());
    ui.add(
        egui::Label::new(account_text(cx, &receiver.account))
            .wrap()
            .selectable(true),
    );
}
