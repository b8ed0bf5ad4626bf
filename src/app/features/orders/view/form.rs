//! The new-order form: ask for a quote (or paste its id), then accept it.
//! Every field is checked as the person types ([`super::super::draft`]), with the
//! message beside it; the send buttons stay disabled until the request is
//! valid and while it is in flight, so nothing is sent twice. A failure shows
//! the service's `code` and `message` and keeps what was typed.

use crate::app::ui::spinner_ui;
use egui::{RichText, Ui};

use crate::app::features::orders::state::OrdersState;
use crate::app::form::{Field, FieldErrors};
use crate::app::format::asset_shown;
use crate::app::i18n::Language;
use crate::app::message::Command;
use crate::app::panel::recipients::{recipient_offer_ui, recipient_picker_ui};
use crate::app::panel::review::{available_at_field_ui, over_balance_text};
use crate::app::panel::{Outbox, Shared};
use crate::app::recipient_book::RecipientKind;
use crate::app::submit::SubmitStatus;
use crate::app::tax_year::sale::{SaleEffect, SaleTone, sale_effect, sale_effect_text};
use crate::app::ui::fields::{enter_submitted, submit_on_enter};
use crate::app::ui::{
    asset_amount_ui, countdown_words, request_countdown_frame, submit_status_ui,
    technical_values_shown,
};
use brlv_core::api::model::{Asset, PaymentMethod, Quote};
use brlv_core::recipients::Destination;

use super::super::draft::{ORDER_PAIRS, QuoteSide, third_party_pix_allowed};
use super::super::form::{QuoteSource, ServiceFailure};
use super::super::message::OrdersCommand;

/// Draws the form.
pub fn order_form_ui(ui: &mut Ui, orders: &mut OrdersState, cx: &Shared, out: &mut Outbox) {
    if ui.button(cx.t("orders.back").as_ref()).clicked() {
        orders.form.open = false;
        orders.form.reviewing = None;
        return;
    }
    ui.heading(cx.t("orders.new_order").as_ref());
    ui.add_space(8.0);
    // What came of a confirmed order is told under the form, as typed.
    if matches!(orders.form.submit, SubmitStatus::Finished(_)) {
        orders.form.reviewing = None;
    }
    if orders.form.reviewing.is_some() {
        super::review::order_review_ui(ui, orders, cx, out);
        return;
    }
    pair_ui(ui, orders, cx);
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        let form = &mut orders.form;
        let ask = crate::app::i18n::tr(cx.language, "orders.form_ask_quote");
        let paste = crate::app::i18n::tr(cx.language, "orders.form_paste_quote");
        ui.radio_value(&mut form.quote_source, QuoteSource::Ask, ask.as_ref());
        ui.radio_value(&mut form.quote_source, QuoteSource::Paste, paste.as_ref());
    });
    ui.add_space(6.0);
    match orders.form.quote_source {
        QuoteSource::Ask => quote_ui(ui, orders, cx, out),
        QuoteSource::Paste => pasted_quote_ui(ui, orders, cx),
    }
    ui.add_space(12.0);
    order_fields_ui(ui, orders, cx, out);
    ui.add_space(12.0);
    send_ui(ui, orders, cx);
}

/// The message beside a field; an empty required field says nothing until
/// something was typed (the disabled button already tells).
/// What is wrong with `field`, as every form says it: red when something
/// typed is wrong, weak while nothing is typed yet (an empty amount is not
/// an error before anything was entered); wrapped within the row.
fn field_error_ui(ui: &mut Ui, cx: &Shared, errors: &FieldErrors, field: Field) {
    if let Some(message) = crate::app::ui::fields::field_message(cx.language, Some(errors), field) {
        crate::app::ui::fields::field_message_ui(ui, &message);
    }
}

fn errors_of<T>(result: &Result<T, FieldErrors>) -> FieldErrors {
    result.as_ref().err().cloned().unwrap_or_default()
}

fn failure_ui(ui: &mut Ui, cx: &Shared, heading_key: &'static str, failure: &ServiceFailure) {
    ui.colored_label(ui.visuals().error_fg_color, cx.t(heading_key).as_ref());
    let text = match &failure.code {
        Some(code) => format!("{code}: {}", failure.message),
        None => failure.message.clone(),
    };
    ui.colored_label(ui.visuals().error_fg_color, RichText::new(text).monospace());
}

/// A picker of the asset paid or received, each asset by its name (its id
/// beside it only with the technical values shown).
fn asset_combo_ui(ui: &mut Ui, language: Language, label: &str, asset: &mut Asset) {
    let technical = technical_values_shown(ui);
    let label = ui.label(label);
    egui::ComboBox::from_id_salt(label.id)
        .selected_text(asset_shown(language, asset, technical))
        .show_ui(ui, |ui| {
            for known in Asset::KNOWN {
                ui.selectable_value(
                    asset,
                    known.clone(),
                    asset_shown(language, known, technical),
                );
            }
        })
        .response
        .labelled_by(label.id);
}

/// The pairs the service names as one click each, and free choice of both assets.
fn pair_ui(ui: &mut Ui, orders: &mut OrdersState, cx: &Shared) {
    let errors = errors_of(&orders.form.quote_request());
    ui.horizontal_wrapped(|ui| {
        ui.label(cx.t("orders.form_pairs").as_ref());
        for (source, target) in ORDER_PAIRS {
            let text = cx.t_with(
                "orders.form_pair",
                &[("from", &source.ticker()), ("to", &target.ticker())],
            );
            let draft = &mut orders.form.quote_draft;
            let selected = draft.source_asset == *source && draft.target_asset == *target;
            if ui.selectable_label(selected, text).clicked() {
                draft.source_asset = source.clone();
                draft.target_asset = target.clone();
            }
        }
    });
    ui.horizontal(|ui| {
        let source = cx.t("orders.form_source_asset");
        let target = cx.t("orders.form_target_asset");
        let draft = &mut orders.form.quote_draft;
        asset_combo_ui(ui, cx.language, &source, &mut draft.source_asset);
        asset_combo_ui(ui, cx.language, &target, &mut draft.target_asset);
        field_error_ui(ui, cx, &errors, Field::Asset);
    });
}

fn quote_ui(ui: &mut Ui, orders: &mut OrdersState, cx: &Shared, out: &mut Outbox) {
    let request = orders.form.quote_request();
    let errors = errors_of(&request);
    ui.horizontal(|ui| {
        let form = &mut orders.form;
        let pay = crate::app::i18n::tr(cx.language, "orders.form_side_pay");
        let receive = crate::app::i18n::tr(cx.language, "orders.form_side_receive");
        ui.radio_value(&mut form.quote_draft.side, QuoteSide::Pay, pay.as_ref());
        ui.radio_value(
            &mut form.quote_draft.side,
            QuoteSide::Receive,
            receive.as_ref(),
        );
    });
    ui.horizontal(|ui| {
        let label = ui.label(cx.t("orders.form_amount").as_ref());
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut orders.form.quote_draft.amount)
                    .desired_width(200.0),
            )
            .labelled_by(label.id);
        submit_on_enter(ui, &field);
        if orders.form.quote_draft.amount.trim().is_empty() {
            ui.weak(cx.t("orders.form_amount_hint").as_ref());
        }
        field_error_ui(ui, cx, &errors, Field::Amount);
    });
    // Paid from the balance (the default), the amount is bounded by it.
    if orders.form.order_draft.payment.as_ref() != Some(&PaymentMethod::Brcode) {
        let draft = &mut orders.form.quote_draft;
        // The amount typed is what is paid only on that side of the quote.
        let paying = draft.side == QuoteSide::Pay;
        if let Some(all) = available_at_field_ui(ui, cx, &draft.source_asset, paying) {
            draft.amount = all;
        }
    }
    ui.horizontal(|ui| {
        let enabled = orders.form.can_ask_quote();
        let button = egui::Button::new(cx.t("orders.form_get_quote").as_ref());
        // Enter in the amount asks for the quote, as the button does.
        let asked = ui.add_enabled(enabled, button).clicked() || (enter_submitted(ui) && enabled);
        if asked && let Ok(request) = request {
            let form = &mut orders.form;
            form.quote_in_flight = true;
            form.quote_error = None;
            form.quote_asked = Some(request.clone());
            out.command(Command::Orders(OrdersCommand::RequestQuote(request)));
        }
        if orders.form.quote_in_flight {
            spinner_ui(ui);
            ui.label(cx.t("orders.form_quoting").as_ref());
        }
    });
    if let Some(failure) = &orders.form.quote_error {
        failure_ui(ui, cx, "orders.form_quote_failed", failure);
    }
    if let Some(quote) = orders.form.current_quote().cloned() {
        let effect = cx.tax_figures.as_deref().map(|figures| {
            sale_effect(
                &figures.ledger,
                &figures.sources.prices,
                &quote,
                cx.wall_now,
            )
        });
        quote_summary_ui(ui, cx, &quote);
        if let Some(effect) = effect {
            sale_effect_ui(ui, cx, &effect);
        }
    }
}

/// What the order makes of this month's sales against R$35,000: before it
/// is sent, as the tax report counts them.
fn sale_effect_ui(ui: &mut Ui, cx: &Shared, effect: &SaleEffect) {
    let (text, tone) = sale_effect_text(cx.amounts(), effect);
    let colors = crate::app::ui::palette::of(ui);
    let text = match tone {
        SaleTone::Plain => RichText::new(text),
        SaleTone::Warning => RichText::new(text).color(colors.warning),
        SaleTone::Crossing => RichText::new(text).color(colors.error).strong(),
    };
    let response = ui.add(egui::Label::new(text).wrap());
    crate::app::ui::live_region(&response, tone == SaleTone::Crossing);
}

/// The quote received: amounts, rates, fee and the time left to accept it.
fn quote_summary_ui(ui: &mut Ui, cx: &Shared, quote: &Quote) {
    let amounts = cx.amounts();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        egui::Grid::new("quote_summary")
            .num_columns(2)
            .spacing([16.0, 4.0])
            .show(ui, |ui| {
                ui.strong(cx.t("orders.col_source").as_ref());
                asset_amount_ui(
                    ui,
                    amounts,
                    quote.source_amount,
                    quote.source_asset.as_ref(),
                );
                ui.end_row();
                ui.strong(cx.t("orders.col_target").as_ref());
                asset_amount_ui(
                    ui,
                    amounts,
                    quote.target_amount,
                    quote.target_asset.as_ref(),
                );
                ui.end_row();
                // A rate times a visible amount tells a hidden one: it hides too.
                let rate = |rate: Option<rust_decimal::Decimal>| {
                    rate.map_or_else(|| "-".to_owned(), |rate| amounts.number(rate, 0))
                };
                ui.strong(cx.t("orders.field_effective_rate").as_ref());
                ui.monospace(rate(quote.effective_rate));
                ui.end_row();
                ui.strong(cx.t("orders.field_base_rate").as_ref());
                ui.monospace(rate(quote.base_rate));
                ui.end_row();
                ui.strong(cx.t("orders.field_fee_amount").as_ref());
                ui.horizontal(|ui| {
                    asset_amount_ui(ui, amounts, quote.fee_amount, quote.fee_asset.as_ref());
                    if quote.fee_asset != Some(Asset::FiatBrl)
                        && let Some(in_brl) = quote.fee_in_brl()
                    {
                        ui.label(format!("({})", amounts.brl(in_brl)));
                    }
                });
                ui.end_row();
            });
        if let Some(expiration) = quote.expiration {
            let left = (expiration - cx.wall_now).whole_seconds();
            let unreachable = cx.countdown_unreachable(expiration);
            if let (true, Some(text)) = (left > 0, unreachable) {
                ui.label(text);
            } else if left > 0 {
                ui.label(cx.t_with(
                    "orders.form_quote_expires",
                    &[("countdown", &countdown_words(left))],
                ));
                request_countdown_frame(ui.ctx(), expiration - cx.wall_now);
            } else {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    cx.t("orders.form_quote_expired").as_ref(),
                );
            }
        }
    });
}

fn pasted_quote_ui(ui: &mut Ui, orders: &mut OrdersState, cx: &Shared) {
    let errors = errors_of(&orders.form.order_request());
    ui.horizontal(|ui| {
        let label = ui.label(cx.t("orders.form_quote_id").as_ref());
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut orders.form.order_draft.quote_id)
                    .desired_width(320.0),
            )
            .labelled_by(label.id);
        submit_on_enter(ui, &field);
        field_error_ui(ui, cx, &errors, Field::QuoteId);
    });
}

/// A wallet address: free entry plus the account's wallets holding `asset`.
fn wallet_field_ui(
    ui: &mut Ui,
    orders: &mut OrdersState,
    cx: &Shared,
    label_key: &'static str,
    asset: &Asset,
    field: Field,
    errors: &FieldErrors,
) {
    // The account's wallets, as the schedule keeps them fresh for every panel.
    let wallets: Vec<(String, String)> = cx
        .data
        .wallets
        .value()
        .map(|wallets| {
            let holding: Vec<_> = wallets
                .iter()
                .filter(|w| w.assets.contains(asset))
                .collect();
            let offered = if holding.is_empty() {
                wallets.iter().collect()
            } else {
                holding
            };
            offered
                .into_iter()
                .map(|w| (w.name.clone().unwrap_or_default(), w.address.clone()))
                .collect()
        })
        .unwrap_or_default();
    let pick = cx.t("orders.form_pick_wallet");
    ui.horizontal(|ui| {
        let label = ui.label(cx.t(label_key).as_ref());
        let form = &mut orders.form.order_draft;
        let value = match field {
            Field::SourceWallet => &mut form.source_wallet,
            _ => &mut form.target_wallet,
        };
        let text_field = ui
            .add(
                egui::TextEdit::singleline(value)
                    .hint_text("0x...")
                    .desired_width(360.0),
            )
            .labelled_by(label.id);
        submit_on_enter(ui, &text_field);
        egui::ComboBox::from_id_salt(label_key)
            .selected_text(pick.as_ref())
            .show_ui(ui, |ui| {
                for (name, address) in &wallets {
                    if ui
                        .selectable_label(false, format!("{name}  {address}"))
                        .clicked()
                    {
                        value.clone_from(address);
                    }
                }
            })
            .response
            .labelled_by(label.id);
        field_error_ui(ui, cx, errors, field);
    });
}

fn order_fields_ui(ui: &mut Ui, orders: &mut OrdersState, cx: &Shared, out: &mut Outbox) {
    let (source, target) = orders.form.pair();
    let errors = errors_of(&orders.form.order_request());
    if source.needs_wallet_address() {
        wallet_field_ui(
            ui,
            orders,
            cx,
            "orders.form_source_wallet",
            &source,
            Field::SourceWallet,
            &errors,
        );
    }
    if target.needs_wallet_address() {
        if let Some(Destination::Wallet { address }) =
            recipient_picker_ui(ui, cx, "order_target_recipient", &[RecipientKind::Wallet])
        {
            orders.form.order_draft.target_wallet = address;
        }
        wallet_field_ui(
            ui,
            orders,
            cx,
            "orders.form_target_wallet",
            &target,
            Field::TargetWallet,
            &errors,
        );
        let typed = crate::app::form::optional_address(&orders.form.order_draft.target_wallet)
            .ok()
            .flatten()
            .map(|address| Destination::Wallet { address });
        recipient_offer_ui(ui, cx, out, &mut orders.form.recipient_offer, typed);
    }
    if third_party_pix_allowed(&source, &target) {
        if let Some(Destination::Pix { key }) =
            recipient_picker_ui(ui, cx, "order_pix_recipient", &[RecipientKind::Pix])
        {
            orders.form.order_draft.third_party_pix_key = key;
        }
        ui.horizontal(|ui| {
            let label = ui.label(cx.t("orders.form_pix_key").as_ref());
            ui.add(
                egui::TextEdit::singleline(&mut orders.form.order_draft.third_party_pix_key)
                    .desired_width(280.0),
            )
            .labelled_by(label.id);
            field_error_ui(ui, cx, &errors, Field::PixKey);
        });
        ui.weak(cx.t("orders.form_pix_key_hint").as_ref());
    }
    ui.horizontal(|ui| {
        ui.label(cx.t("orders.form_payment").as_ref());
        let balance = cx.t("orders.form_pay_balance");
        let brcode = cx.t("orders.form_pay_brcode");
        let payment = &mut orders.form.order_draft.payment;
        let is_balance = payment.as_ref() != Some(&PaymentMethod::Brcode);
        if ui.radio(is_balance, balance.as_ref()).clicked() {
            *payment = Some(PaymentMethod::AccountBalance);
        }
        let brl_payer = source == Asset::FiatBrl;
        let by_brcode = ui.add_enabled(
            brl_payer,
            egui::RadioButton::new(!is_balance, brcode.as_ref()),
        );
        if by_brcode.clicked() {
            *payment = Some(PaymentMethod::Brcode);
        }
        field_error_ui(ui, cx, &errors, Field::Payment);
    });
}

fn send_ui(ui: &mut Ui, orders: &mut OrdersState, cx: &Shared) {
    let request = orders.form.order_request();
    let asked_quote = (orders.form.quote_source == QuoteSource::Ask)
        .then(|| orders.form.current_quote())
        .flatten();
    // An expired quote would only be refused: ask for a new one first.
    let quote_expired = asked_quote
        .and_then(|quote| quote.expiration)
        .is_some_and(|expiration| expiration <= cx.wall_now);
    // Paying more than the balance holds is stopped here, before any review.
    let from_balance = orders.form.order_draft.payment.as_ref() != Some(&PaymentMethod::Brcode);
    let over_balance = asked_quote
        .filter(|_| from_balance)
        .and_then(|quote| Some((quote.source_amount?, quote.source_asset.clone()?)))
        .and_then(|(amount, asset)| over_balance_text(cx, amount, &asset));
    ui.horizontal(|ui| {
        let button = egui::Button::new(RichText::new(cx.t("orders.form_send").as_ref()).strong());
        let enabled = orders.form.can_send() && !quote_expired && over_balance.is_none();
        // Enter in a wallet or quote field sends, as the button does.
        let send = ui.add_enabled(enabled, button).clicked() || (enter_submitted(ui) && enabled);
        if let Some(message) = &over_balance {
            crate::app::ui::error_text_ui(ui, message);
        }
        if send && let Ok(request) = request {
            orders.form.reviewing = Some(request);
            orders.form.submit = SubmitStatus::Idle;
        }
    });
    // A created order opens at once; only what did not create one is shown here.
    if orders.form.submit.created().is_none() {
        submit_status_ui(ui, cx.language, &orders.form.submit, "");
    }
}
