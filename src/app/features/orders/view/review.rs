//! The order's review, in place of the form ([`crate::app::ui::review`]):
//! what is paid, large, in R$ and in the asset; what is received and by
//! whom; the quote's fee and rate; the balance before and after when it
//! pays; the service; the quote's countdown. An expired quote cannot be
//! confirmed: the review offers to ask for a new one.

use egui::Ui;
use rust_decimal::Decimal;

use crate::app::features::orders::state::OrdersState;
use crate::app::message::Command;
use crate::app::panel::review::{
    address_line, at_par_with_brl, balance_lines, money_text, service_line,
};
use crate::app::panel::{Outbox, Shared};
use crate::app::submit::{SubmitRequest, SubmitStatus};
use crate::app::tax_year::sale::{SaleTone, sale_effect, sale_effect_text};
use crate::app::ui::review::{NoteTone, Review, ReviewChoice, ReviewLine, review_ui};
use crate::app::ui::{request_countdown_frame, submit_status_ui};
use brlv_core::api::model::{Asset, CreateOrder, PaymentMethod, Quote};
use brlv_core::recipients::Destination;

use super::super::form::QuoteSource;
use super::super::message::OrdersCommand;
use super::super::qr_memory::AcceptedQuote;

/// An amount with its R$ value beside it when the app knows one (BRL
/// itself, BRLV at R$1.00).
fn money_with_brl(cx: &Shared, amount: Decimal, asset: &Asset) -> String {
    if at_par_with_brl(asset) {
        format!(
            "{} ({})",
            cx.amounts().brl(amount),
            cx.amounts().of_asset(amount, Some(asset)).text()
        )
    } else {
        money_text(cx, amount, asset)
    }
}

/// Where what is received goes, as a person reads it.
fn recipient_line(cx: &Shared, order: &CreateOrder) -> ReviewLine {
    if let Some(key) = &order.target_end_user_pix_key {
        let name = cx
            .recipients
            .iter()
            .find(|recipient| {
                matches!(&recipient.destination, Destination::Pix { key: saved } if saved == key)
            })
            .map(|recipient| cx.t_with("review.saved_recipient", &[("name", &recipient.name)]))
            .unwrap_or_else(|| cx.t("review.unnamed_pix").into());
        return ReviewLine::new(cx.t("review.to"), name).with_detail(key.as_str());
    }
    match &order.target_wallet_address {
        Some(address) => address_line(cx, "review.to", address),
        None => ReviewLine::new(cx.t("review.to"), cx.t("review.own_account")),
    }
}

/// The seconds the quote has left, or `None` when it names no expiration.
fn seconds_left(cx: &Shared, quote: Option<&Quote>) -> Option<i64> {
    let expiration = quote?.expiration?;
    Some((expiration - cx.wall_now).whole_seconds())
}

/// What the review of `order` shows, `quote` being the one it accepts when
/// it was asked for here.
fn order_review(cx: &Shared, order: &CreateOrder, quote: Option<&Quote>) -> Review {
    let by_brcode = order.source_payment_method == Some(PaymentMethod::Brcode);
    let paid = quote.and_then(|quote| Some((quote.source_amount?, quote.source_asset.clone()?)));
    let (headline, headline_detail) = match &paid {
        Some((amount, asset)) if at_par_with_brl(asset) => (
            Some(cx.amounts().brl(*amount)),
            Some(cx.t_with(
                "review.brlv_at_par",
                &[(
                    "amount",
                    &cx.amounts().of_asset(*amount, Some(asset)).text(),
                )],
            )),
        ),
        Some((amount, asset)) => (Some(money_text(cx, *amount, asset)), None),
        None => (None, None),
    };
    let mut lines = Vec::new();
    if let Some(quote) = quote
        && let (Some(amount), Some(asset)) = (quote.target_amount, &quote.target_asset)
    {
        // Tokens are what arrives: said in the token first, R$ beside it.
        let received = if at_par_with_brl(asset) {
            format!(
                "{} ({})",
                cx.amounts().of_asset(amount, Some(asset)).text(),
                cx.amounts().brl(amount)
            )
        } else {
            money_text(cx, amount, asset)
        };
        lines.push(ReviewLine::new(cx.t("review.you_receive"), received));
    }
    lines.push(recipient_line(cx, order));
    if let Some(address) = &order.source_wallet_address {
        lines.push(address_line(cx, "review.from", address));
    }
    if let Some(quote) = quote {
        if let (Some(fee), Some(asset)) = (quote.fee_amount, &quote.fee_asset) {
            lines.push(ReviewLine::new(
                cx.t("review.fee"),
                money_with_brl(cx, fee, asset),
            ));
        }
        if let Some(rate) = quote.effective_rate {
            // A rate times a visible amount tells a hidden one: it hides too.
            lines.push(ReviewLine::new(
                cx.t("review.rate"),
                cx.amounts().number(rate, 0),
            ));
        }
    }
    let payment = if by_brcode {
        "orders.form_pay_brcode"
    } else {
        "orders.form_pay_balance"
    };
    lines.push(ReviewLine::new(cx.t("review.payment"), cx.t(payment)));
    if !by_brcode && let Some((amount, asset)) = &paid {
        lines.extend(balance_lines(cx, "review.available", *amount, asset));
    }
    lines.extend(service_line(cx));
    lines.push(ReviewLine::new(
        cx.t("review.quote_id"),
        order.quote_id.to_string(),
    ));
    let final_note = if by_brcode {
        "review.order_final_brcode"
    } else {
        "review.order_final_balance"
    };
    let mut notes = vec![(cx.t(final_note).into_owned(), NoteTone::Warning)];
    let left = seconds_left(cx, quote);
    let expired = left.is_some_and(|left| left <= 0);
    match left {
        Some(_) if expired => notes.push((cx.t("review.quote_expired").into(), NoteTone::Blocking)),
        Some(left) => notes.push((
            cx.t_with(
                "review.quote_expires",
                &[("countdown", &crate::app::ui::countdown_words(left))],
            ),
            NoteTone::Plain,
        )),
        None => {}
    }
    Review {
        id: "order_review",
        title: cx.t("review.title").into(),
        headline_label: cx.t("review.you_pay").into(),
        headline,
        headline_detail,
        lines,
        notes,
        back: cx.t("review.back").into(),
        confirm: cx.t("review.confirm").into(),
        can_confirm: !expired,
        renew: expired.then(|| cx.t("review.new_quote").into()),
    }
}

/// Draws the review of the order waiting in the form; "Confirmar" sends it
/// (through the lock's passphrase or typed word when it pays from the
/// balance), "Voltar" returns to the form as typed.
pub fn order_review_ui(ui: &mut Ui, orders: &mut OrdersState, cx: &Shared, out: &mut Outbox) {
    let Some(order) = orders.form.reviewing.clone() else {
        return;
    };
    let asked_here = orders.form.quote_source == QuoteSource::Ask;
    let quote = asked_here
        .then(|| orders.form.current_quote().cloned())
        .flatten()
        .filter(|quote| quote.id == order.quote_id);
    if let Some(expiration) = quote.as_ref().and_then(|quote| quote.expiration)
        && expiration > cx.wall_now
    {
        request_countdown_frame(ui.ctx(), expiration - cx.wall_now);
    }
    let mut review = order_review(cx, &order, quote.as_ref());
    // What the order makes of this month's sales, as the form said it.
    if let (Some(quote), Some(figures)) = (&quote, cx.tax_figures.as_deref()) {
        let effect = sale_effect(&figures.ledger, &figures.sources.prices, quote, cx.wall_now);
        let (text, tone) = sale_effect_text(cx.amounts(), &effect);
        let tone = match tone {
            SaleTone::Plain => NoteTone::Plain,
            SaleTone::Warning | SaleTone::Crossing => NoteTone::Warning,
        };
        review.notes.push((text, tone));
    }
    review.can_confirm &= !orders.form.submit.is_sending();
    match review_ui(ui, &review) {
        Some(ReviewChoice::Confirm) => {
            // What the person reviewed is what the order's PIX code is
            // checked against, whatever the service answers later.
            if let Some(accepted) = quote.as_ref().and_then(AcceptedQuote::of) {
                orders.accept_quote(accepted.clone());
                out.command(Command::Orders(OrdersCommand::KeepAccepted(accepted)));
            }
            out.submit(SubmitRequest::Order(order));
        }
        Some(ReviewChoice::Back) => orders.form.reviewing = None,
        Some(ReviewChoice::Renew) => ask_new_quote(orders, out),
        None => {}
    }
    if !matches!(orders.form.submit, SubmitStatus::Idle) {
        submit_status_ui(ui, cx.language, &orders.form.submit, "");
    }
}

/// Back to the form, asking for a new quote for what it holds: an expired
/// quote's way on, from its review or from the passphrase's dialog.
pub fn ask_new_quote(orders: &mut OrdersState, out: &mut Outbox) {
    orders.form.reviewing = None;
    if let Ok(request) = orders.form.quote_request() {
        let form = &mut orders.form;
        form.quote_in_flight = true;
        form.quote_error = None;
        form.quote_asked = Some(request.clone());
        out.command(Command::Orders(OrdersCommand::RequestQuote(request)));
    }
}
