//! A note as the system shows it: a title and a line in the person's
//! language, naming the amount (or a mask, when amounts are hidden) and the
//! record's short id.

use crate::app::i18n::{self, Language};
use crate::app::ui::short_id;

use super::notifier::NotificationText;
use super::rules::{DesktopNote, Happening};

/// What stands for an amount while amounts are hidden.
pub const HIDDEN_AMOUNT: &str = "•••";

/// The amount as a notification names it: the places that carry value
/// (cents always for BRL) and the ticker, or the mask.
fn amount_text(language: Language, note: &DesktopNote, hide_amounts: bool) -> String {
    let ticker = note.asset.as_ref().map(crate::api::model::Asset::ticker);
    if hide_amounts {
        return match ticker {
            Some(ticker) => format!("{HIDDEN_AMOUNT} {ticker}"),
            None => HIDDEN_AMOUNT.to_owned(),
        };
    }
    let Some(amount) = note.amount else {
        return String::new();
    };
    let Some(asset) = &note.asset else {
        return amount.normalize().to_string();
    };
    let number = if asset.scale() <= 2 {
        i18n::amount(language, amount, asset.scale())
    } else {
        crate::money::format_amount_parts(amount, asset.scale(), language.number_format())
            .significant
    };
    format!("{number} {}", asset.ticker())
}

/// The title and line of `note` in `language`. `hide_amounts` masks the
/// amount (the "hide amounts" switch, when the app has one).
pub fn notification_text(
    language: Language,
    note: &DesktopNote,
    hide_amounts: bool,
) -> NotificationText {
    let (title, body) = match note.happening {
        Happening::OrderPaid => ("notify.order_paid_title", "notify.order_paid_body"),
        Happening::OrderExpired => ("notify.order_expired_title", "notify.order_expired_body"),
        Happening::RefundInitiated => ("notify.refund_title", "notify.refund_body"),
        Happening::WithdrawalCompleted => (
            "notify.withdrawal_completed_title",
            "notify.withdrawal_completed_body",
        ),
        Happening::TransferFailed => (
            "notify.transfer_failed_title",
            "notify.transfer_failed_body",
        ),
    };
    let amount = amount_text(language, note, hide_amounts);
    NotificationText {
        title: i18n::tr(language, title).into_owned(),
        body: i18n::tr_with(
            language,
            body,
            &[("amount", &amount), ("id", &short_id(&note.id))],
        ),
    }
}
