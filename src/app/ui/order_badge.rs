//! An order's state as the list, the detail and the Events panel show it:
//! its name in the person's language, its badge's color, and the seconds
//! left to pay a brcode order awaiting payment.

use super::badge::Tone;
use crate::app::format::state_label;
use crate::app::i18n::Language;
use brlv_core::api::model::{Order, OrderState};

/// An order state as the language names it (an order is feminine in
/// Portuguese: "criada"); an unknown one as it came.
pub fn order_state_label(language: Language, state: &OrderState) -> String {
    state_label(language, "order", state.as_str())
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

/// Seconds left to pay a brcode order awaiting payment; `None` for any other order.
pub fn seconds_to_pay(now: time::OffsetDateTime, order: &Order) -> Option<i64> {
    let awaiting = order.state.as_ref() == Some(&OrderState::Created) && order.brcode.is_some();
    let expiration = order.expiration().filter(|_| awaiting)?;
    Some((expiration - now).whole_seconds().max(0))
}
