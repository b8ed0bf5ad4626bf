//! A note as the system shows it: a title and a line in the person's
//! language, naming the amount (or a mask, when amounts are hidden) and the
//! record's short id.

use crate::app::format::{AmountFormat, short_id};
use crate::app::i18n::{self, Language};

use super::notifier::NotificationText;
use super::rules::{DesktopNote, Happening};

/// The amount as a notification names it, written as every view writes
/// amounts (every place the value carries, or the mask while amounts are
/// hidden); nothing when the record has none.
fn amount_text(language: Language, note: &DesktopNote, hide_amounts: bool) -> String {
    let format = AmountFormat {
        language,
        hidden: hide_amounts,
    };
    note.amount.map_or_else(String::new, |amount| {
        format.of_asset(amount, note.asset.as_ref()).text()
    })
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

/// The title and line of `note` while the window is locked: what kind of
/// movement changed, and nothing else (no amount, no id, no outcome), since
/// whoever sees the screen of a locked window may not be its owner.
pub fn locked_notification_text(language: Language, note: &DesktopNote) -> NotificationText {
    let title = match note.happening {
        Happening::OrderPaid | Happening::OrderExpired | Happening::RefundInitiated => {
            "notify.locked_order_title"
        }
        Happening::WithdrawalCompleted => "notify.locked_withdrawal_title",
        Happening::TransferFailed => "notify.locked_transfer_title",
    };
    NotificationText {
        title: i18n::tr(language, title).into_owned(),
        body: i18n::tr(language, "notify.locked_body").into_owned(),
    }
}
