//! The review kit every form's confirmation step is made of (the step
//! itself is [`crate::app::ui::review`]): money written as a person reads
//! it (R$ for reais, else in the token), the account's balance before and
//! after and the limit it sets at the form's field, an address by the name
//! it was given, the service the request goes to, and where a withdrawal's
//! money goes. The transfer, withdrawal, claim, order and batch reviews,
//! the journal and the lock's confirmation all write these the same way.

use rust_decimal::Decimal;

use crate::app::format::{MISSING, document_formatted, service_host};
use crate::app::i18n::{self, Language};
use crate::app::ted::ted_destination_text;
use crate::app::ui::FieldMessage;
use crate::app::ui::review::ReviewLine;
use brlv_core::api::model::{Asset, CreateTransfer, CreateWithdrawal, WithdrawalMethod};
use brlv_core::pix::PixKey;
use brlv_core::recipients::Destination;

use super::Shared;

/// Whether the asset is BRLV, which the app values at R$1.00 per token
/// (its backing; the tax year counts it so too).
pub fn at_par_with_brl(asset: &Asset) -> bool {
    asset.ticker() == "BRLV"
}

/// The account's balance of `asset` as the balance endpoint gives it (BRL,
/// USDC, BRLV: every wallet and chain together), when it has loaded.
pub fn account_balance(cx: &Shared, asset: &Asset) -> Option<Decimal> {
    let balance = match asset.ticker().as_str() {
        "BRL" => &cx.data.balance_brl,
        "USDC" => &cx.data.balance_usdc,
        "BRLV" => &cx.data.balance_brlv,
        _ => return None,
    };
    balance.value().copied()
}

/// `amount` of `asset` written as money: R$ for BRL, else in the asset.
pub fn money_text(cx: &Shared, amount: Decimal, asset: &Asset) -> String {
    let amounts = cx.amounts();
    if asset.is_fiat() && asset.ticker() == "BRL" {
        amounts.brl(amount)
    } else {
        amounts.of_asset(amount, Some(asset)).text()
    }
}

/// The form's message when `amount` of `asset` is more than the account
/// holds (a wallet never holds more than the account's total).
pub fn over_balance_text(cx: &Shared, amount: Decimal, asset: &Asset) -> Option<String> {
    let available = account_balance(cx, asset).filter(|available| amount > *available)?;
    Some(cx.t_with(
        "review.over_balance",
        &[("available", &money_text(cx, available, asset))],
    ))
}

/// A request that takes an amount of an asset out of the account.
pub trait Outgoing {
    /// The amount, and of what.
    fn outgoing(&self) -> (Decimal, &Asset);
}

impl Outgoing for CreateTransfer {
    fn outgoing(&self) -> (Decimal, &Asset) {
        (self.amount, &self.asset)
    }
}

impl Outgoing for CreateWithdrawal {
    fn outgoing(&self) -> (Decimal, &Asset) {
        (self.amount, &self.asset)
    }
}

/// More than the account holds is stopped at the form, before any review
/// or passphrase: the amount field's message (the form's own first, else
/// the balance's) for the `request` the form would send, and whether it is
/// over the balance.
pub fn within_balance(
    cx: &Shared,
    request: Option<&impl Outgoing>,
    message: Option<FieldMessage>,
) -> (Option<FieldMessage>, bool) {
    let over_balance = request.and_then(|request| {
        let (amount, asset) = request.outgoing();
        over_balance_text(cx, amount, asset)
    });
    let over = over_balance.is_some();
    (message.or(over_balance.map(FieldMessage::from)), over)
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
    cx: &Shared,
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
pub fn address_name(cx: &Shared, address: &str) -> Option<String> {
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
pub fn address_text(cx: &Shared, address: &str) -> String {
    address_name(cx, address).unwrap_or_else(|| {
        format!(
            "{} ({})",
            cx.t("review.unnamed_address"),
            crate::app::format::short_hex(Some(address))
        )
    })
}

/// A line naming the holder of `address`, the address itself under it.
pub fn address_line(cx: &Shared, label: &'static str, address: &str) -> ReviewLine {
    let name = address_name(cx, address).unwrap_or_else(|| cx.t("review.unnamed_address").into());
    ReviewLine::new(cx.t(label), name).with_detail(address)
}

/// The lines of the account's balance of `asset` before and after `amount`
/// leaves, when it has loaded.
pub fn balance_lines(
    cx: &Shared,
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
pub fn service_line(cx: &Shared) -> Option<ReviewLine> {
    cx.session.as_ref().map(|session| {
        ReviewLine::new(
            cx.t("review.service"),
            service_host(&session.profile.base_url),
        )
    })
}

pub use crate::app::receipt::party::pix_kind_text;

/// Where the money goes, as the confirmation step says it.
pub fn destination_text(language: Language, request: &CreateWithdrawal) -> String {
    match request.method {
        WithdrawalMethod::Pix => {
            let key = request.pix_key.as_deref().unwrap_or_default();
            let kind = PixKey::parse_wire(key)
                .map(|parsed| pix_kind_text(language, &parsed))
                .unwrap_or_default();
            i18n::tr_with(
                language,
                "withdrawals.to_pix",
                &[("kind", &kind), ("key", &document_formatted(key))],
            )
        }
        WithdrawalMethod::Ted => match &request.ted_account {
            Some(account) => ted_destination_text(language, account, document_formatted),
            None => i18n::tr(language, "withdrawals.to_ted").into_owned(),
        },
        _ => i18n::tr_with(
            language,
            "withdrawals.to_token_address",
            &[(
                "address",
                request.target_address.as_deref().unwrap_or(MISSING),
            )],
        ),
    }
}
