//! What a transfer's review shows ([`crate::app::ui::review`]): the amount
//! in R$ and in the token, who receives it by name, the account's BRLV
//! balance before and after, the service, and that it cannot be reversed;
//! and the balance a transfer may not exceed, checked at the form.

use rust_decimal::Decimal;

use crate::app::format::{asset_name, service_host};
use crate::app::panel::PanelContext;
use crate::app::ui::review::{NoteTone, Review, ReviewLine};
use brlv_core::api::model::{Asset, CreateTransfer};
use brlv_core::recipients::Destination;

/// Whether the asset is BRLV, which the app values at R$1.00 per token
/// (its backing; the tax year counts it so too).
pub fn at_par_with_brl(asset: &Asset) -> bool {
    asset.ticker() == "BRLV"
}

/// The account's balance of `asset` as the balance endpoint gives it (BRL,
/// USDC, BRLV: every wallet and chain together), when it has loaded.
pub fn account_balance(cx: &PanelContext<'_>, asset: &Asset) -> Option<Decimal> {
    let balance = match asset.ticker().as_str() {
        "BRL" => &cx.data.balance_brl,
        "USDC" => &cx.data.balance_usdc,
        "BRLV" => &cx.data.balance_brlv,
        _ => return None,
    };
    balance.value().copied()
}

/// `amount` of `asset` written as money: R$ for BRL, else in the asset.
pub fn money_text(cx: &PanelContext<'_>, amount: Decimal, asset: &Asset) -> String {
    let amounts = cx.amounts();
    if asset.is_fiat() && asset.ticker() == "BRL" {
        amounts.brl(amount)
    } else {
        amounts.of_asset(amount, Some(asset)).text()
    }
}

/// The form's message when `amount` of `asset` is more than the account
/// holds (a wallet never holds more than the account's total).
pub fn over_balance_text(cx: &PanelContext<'_>, amount: Decimal, asset: &Asset) -> Option<String> {
    let available = account_balance(cx, asset).filter(|available| amount > *available)?;
    Some(cx.t_with(
        "review.over_balance",
        &[("available", &money_text(cx, available, asset))],
    ))
}

/// "Available: R$ 1,234.56" under a form's amount field: what the account
/// holds of `asset` as its balance gives it, once loaded, so the person
/// sees the limit while typing rather than on the review; masked (and
/// spoken as hidden) while amounts are hidden; nothing for an asset the
/// balance does not give. With `use_all`, a "Use all" button beside it
/// gives the whole balance as the field writes it (never while amounts are
/// hidden: it would write the hidden figure into the field).
pub fn available_at_field_ui(
    ui: &mut egui::Ui,
    cx: &PanelContext<'_>,
    asset: &Asset,
    use_all: bool,
) -> Option<String> {
    let available = account_balance(cx, asset)?;
    let shown = cx.amounts().listed(available, Some(asset));
    let text = cx.t_with("review.available_at_field", &[("amount", &shown.text())]);
    let spoken = cx.t_with("review.available_at_field", &[("amount", &shown.spoken)]);
    ui.horizontal(|ui| {
        let response = ui.add(egui::Label::new(text));
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &spoken));
        if let Some(exact) = shown.exact {
            response.on_hover_text(exact);
        }
        let offered = use_all && !cx.hide_amounts && available > Decimal::ZERO;
        (offered
            && ui
                .small_button(cx.t("review.use_all").as_ref())
                .on_hover_text(cx.t("review.use_all_hint").as_ref())
                .clicked())
        // Two places at least, every place the balance carries: exact, and
        // no row of zeros for an 18-place token.
        .then(|| crate::app::i18n::amount(cx.language, available, 2))
    })
    .inner
}

/// The name a person gave `address`: one of the account's wallets, or a
/// saved recipient.
pub fn address_name(cx: &PanelContext<'_>, address: &str) -> Option<String> {
    let wallet = cx
        .data
        .wallets
        .value()
        .and_then(|wallets| {
            wallets
                .iter()
                .find(|wallet| wallet.address.eq_ignore_ascii_case(address))
        })
        .and_then(|wallet| wallet.name.clone())
        .filter(|name| !name.trim().is_empty());
    if let Some(name) = wallet {
        return Some(cx.t_with("review.your_wallet", &[("name", &name)]));
    }
    cx.recipients
        .iter()
        .find(|recipient| {
            matches!(&recipient.destination, Destination::Wallet { address: saved }
                if saved.eq_ignore_ascii_case(address))
        })
        .map(|recipient| cx.t_with("review.saved_recipient", &[("name", &recipient.name)]))
}

/// `address` in one line as a person reads it: the name it was given, or
/// that it is not saved here with the address shortened.
pub fn address_text(cx: &PanelContext<'_>, address: &str) -> String {
    address_name(cx, address).unwrap_or_else(|| {
        format!(
            "{} ({})",
            cx.t("review.unnamed_address"),
            crate::app::format::short_hex(Some(address))
        )
    })
}

/// A line naming the holder of `address`, the address itself under it.
pub fn address_line(cx: &PanelContext<'_>, label: &'static str, address: &str) -> ReviewLine {
    let name = address_name(cx, address).unwrap_or_else(|| cx.t("review.unnamed_address").into());
    ReviewLine::new(cx.t(label), name).with_detail(address)
}

/// The lines of the account's balance of `asset` before and after `amount`
/// leaves, when it has loaded.
pub fn balance_lines(
    cx: &PanelContext<'_>,
    label: &'static str,
    amount: Decimal,
    asset: &Asset,
) -> Vec<ReviewLine> {
    let Some(available) = account_balance(cx, asset) else {
        return Vec::new();
    };
    vec![
        ReviewLine::new(cx.t(label), money_text(cx, available, asset)),
        ReviewLine::new(
            cx.t("review.after"),
            money_text(cx, available - amount, asset),
        ),
    ]
}

/// The line of the service the request goes to, as the top bar names it.
pub fn service_line(cx: &PanelContext<'_>) -> Option<ReviewLine> {
    cx.session.map(|session| {
        ReviewLine::new(
            cx.t("review.service"),
            service_host(&session.profile.base_url),
        )
    })
}

/// The review of `request`.
pub fn transfer_review(cx: &PanelContext<'_>, request: &CreateTransfer) -> Review {
    let amounts = cx.amounts();
    let in_asset = amounts
        .of_asset(request.amount, Some(&request.asset))
        .text();
    let (headline, headline_detail) = if at_par_with_brl(&request.asset) {
        (
            amounts.brl(request.amount),
            Some(cx.t_with("review.brlv_at_par", &[("amount", &in_asset)])),
        )
    } else {
        (
            in_asset,
            Some(asset_name(cx.language, Some(&request.asset))),
        )
    };
    let mut lines = vec![
        address_line(cx, "review.to", &request.target_address),
        address_line(cx, "review.from", &request.source_address),
    ];
    lines.extend(balance_lines(
        cx,
        "review.available_brlv",
        request.amount,
        &request.asset,
    ));
    lines.extend(service_line(cx));
    Review {
        id: "transfer_review",
        title: cx.t("review.title").into(),
        headline_label: cx.t("review.you_send").into(),
        headline: Some(headline),
        headline_detail,
        lines,
        notes: vec![(cx.t("review.transfer_final").into(), NoteTone::Warning)],
        back: cx.t("review.back").into(),
        confirm: cx.t("review.confirm").into(),
        can_confirm: true,
        renew: None,
    }
}
