//! The Orders panel's state: which order is open, its freshest copy, the
//! checked QR code, the export and PNG paths.

use std::collections::HashMap;

use uuid::Uuid;

use crate::app::export::ExportDraft;
use crate::app::remote::Remote;
use brlv_core::api::model::{Order, OrderState};
use brlv_core::pix::{self, BrCodeError, QrMatrix};

use super::form::OrderForm;

/// Which order to open, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderSelector {
    /// This one.
    Id(Uuid),
    /// The newest brcode order awaiting payment (`--view order:brcode`), so a
    /// demo or CI run can show a QR code without knowing an id.
    AwaitingBrcode,
    /// The newest completed order (`--view order:completed`): its receipt.
    Completed,
}

impl OrderSelector {
    /// Reads `ID`, `brcode` or `completed` (the part after `order:`).
    pub fn parse(raw: &str) -> Option<OrderSelector> {
        let raw = raw.trim();
        if raw.eq_ignore_ascii_case("brcode") {
            return Some(OrderSelector::AwaitingBrcode);
        }
        if raw.eq_ignore_ascii_case("completed") {
            return Some(OrderSelector::Completed);
        }
        Uuid::parse_str(raw).ok().map(OrderSelector::Id)
    }

    /// The order of `orders` it picks, if present.
    pub fn pick(self, orders: &[Order]) -> Option<Uuid> {
        match self {
            OrderSelector::Id(id) => orders.iter().any(|order| order.id == id).then_some(id),
            OrderSelector::AwaitingBrcode => orders
                .iter()
                .find(|order| {
                    order.brcode.is_some() && order.state.as_ref() == Some(&OrderState::Created)
                })
                .map(|order| order.id),
            OrderSelector::Completed => orders
                .iter()
                .find(|order| order.state.as_ref() == Some(&OrderState::Completed))
                .map(|order| order.id),
        }
    }
}

/// A brcode checked against its order's amount, with the QR modules when it passed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QrCheck {
    /// The payload checked.
    pub brcode: String,
    /// The amount it was checked against (as text, to compare exactly).
    pub expected: Option<String>,
    /// The modules to paint, or why the code must not be paid.
    pub outcome: Result<QrMatrix, BrCodeError>,
    /// Who receives the payment (the code's merchant name), said to screen readers.
    pub receiver: Option<String>,
}

impl QrCheck {
    /// Checks `brcode` against `expected`; a code is never drawn without an amount to compare.
    pub fn new(brcode: &str, expected: Option<rust_decimal::Decimal>) -> QrCheck {
        let checked = match expected {
            Some(amount) => pix::verify_payment_code(brcode, amount).and_then(|code| {
                pix::qr_modules(brcode).map(|matrix| (matrix, code.merchant_name))
            }),
            None => Err(BrCodeError::MissingAmount),
        };
        let (outcome, receiver) = match checked {
            Ok((matrix, receiver)) => (Ok(matrix), receiver),
            Err(error) => (Err(error), None),
        };
        QrCheck {
            brcode: brcode.to_owned(),
            expected: expected.map(|amount| amount.to_string()),
            outcome,
            receiver,
        }
    }

    /// Whether this check is about `brcode` and `expected`.
    pub fn is_for(&self, brcode: &str, expected: Option<rust_decimal::Decimal>) -> bool {
        self.brcode == brcode && self.expected == expected.map(|amount| amount.to_string())
    }
}

/// The order `id`: the detail fetch when it is about that order, else the
/// list's copy, whichever is fresher. It borrows only the account's data, so
/// the panel's own state stays free to change while it is drawn.
pub fn open_order<'a>(
    id: Uuid,
    list: Option<&'a [Order]>,
    detail: &'a Remote<Order>,
) -> Option<&'a Order> {
    let fetched = detail.value().filter(|order| order.id == id);
    let listed = || list.and_then(|orders| orders.iter().find(|order| order.id == id));
    match (fetched, listed()) {
        // The fresher of the two: a state change may reach either first.
        (Some(fetched), Some(listed)) if listed.state_updated_at > fetched.state_updated_at => {
            Some(listed)
        }
        (Some(fetched), _) => Some(fetched),
        (None, listed) => listed,
    }
}

/// The Orders panel's state.
#[derive(Clone, Debug, Default)]
pub struct OrdersState {
    /// The order whose detail is shown.
    pub selected: Option<Uuid>,
    /// An order to open once the list has arrived (from the command line).
    pub pending_selector: Option<OrderSelector>,
    /// The last brcode check, kept so it is not redone every frame.
    pub qr_check: Option<QrCheck>,
    /// CSV export of the list.
    pub export: ExportDraft,
    /// Where "Save QR as PNG" writes.
    pub qr_path: String,
    /// A PNG is being written.
    pub saving_qr: bool,
    /// When the copy-and-paste code was last copied (app clock), for the "Copied" note.
    pub copied_at: Option<crate::app::clock::Millis>,
    /// The new-order form.
    pub form: OrderForm,
    /// The path typed for the open order's receipt.
    pub receipt_path: String,
    /// The last state seen of each order awaiting payment or expired: the
    /// ones whose next move (expired, payment-returned) earns a notice.
    pub awaiting_or_expired: HashMap<Uuid, OrderState>,
}

impl OrdersState {
    /// The open order: the detail fetch when it is about that order, else the list's copy.
    pub fn open_order<'a>(
        &self,
        list: Option<&'a [Order]>,
        detail: &'a Remote<Order>,
    ) -> Option<&'a Order> {
        open_order(self.selected?, list, detail)
    }

    /// Whether what the panel shows has arrived (for `--screenshot`).
    pub fn loaded(
        &self,
        list: &Remote<crate::app::resources::Rows<Order>>,
        detail: &Remote<Order>,
    ) -> bool {
        if !list.settled() || self.pending_selector.is_some() {
            return false;
        }
        self.selected.is_none()
            || self
                .open_order(list.value().map(|rows| rows.as_slice()), detail)
                .is_some()
    }
}

/// An order's move that earns a notice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderMove {
    /// An order awaiting payment expired.
    Expired(Uuid),
    /// A late payment to an order was returned.
    PaymentReturned(Uuid),
}

impl OrdersState {
    /// Notes `order`'s state, whichever fetch brought it (list, detail,
    /// creation); the move it made since last seen, when one earns a notice.
    pub fn observe(&mut self, order: &Order) -> Option<OrderMove> {
        let moved = self.awaiting_or_expired.get(&order.id).and_then(|before| {
            match (before, order.state.as_ref()?) {
                (OrderState::Created, OrderState::Expired) => Some(OrderMove::Expired(order.id)),
                (OrderState::Created | OrderState::Expired, OrderState::PaymentReturned) => {
                    Some(OrderMove::PaymentReturned(order.id))
                }
                _ => None,
            }
        });
        match &order.state {
            Some(state @ (OrderState::Created | OrderState::Expired)) => {
                self.awaiting_or_expired.insert(order.id, state.clone());
            }
            _ => {
                self.awaiting_or_expired.remove(&order.id);
            }
        }
        moved
    }

    /// The order `selector` picks in `list`, when it is there; otherwise it
    /// waits for the list (an id is opened at once: it may be missing from
    /// the list and still exist, and is fetched alone).
    pub fn pick(&mut self, selector: OrderSelector, list: Option<&[Order]>) -> Option<Uuid> {
        if let Some(id) = list.and_then(|orders| selector.pick(orders)) {
            return Some(id);
        }
        match selector {
            OrderSelector::Id(id) => {
                self.pending_selector = None;
                Some(id)
            }
            OrderSelector::AwaitingBrcode | OrderSelector::Completed => {
                self.pending_selector = Some(selector);
                None
            }
        }
    }

    /// The order waited for, now that `orders` arrived, if they hold it.
    pub fn waited_for(&mut self, orders: &[Order]) -> Option<Uuid> {
        let id = self.pending_selector?.pick(orders)?;
        self.pending_selector = None;
        Some(id)
    }

    /// Another account was opened: its orders are not this one's (the
    /// detail is closed by the root).
    pub fn session_changed(&mut self) {
        self.pending_selector = None;
        self.awaiting_or_expired.clear();
        self.form.reset();
    }

    /// A quote answered the form (or why not), in `language`'s words.
    pub fn quote_received(
        &mut self,
        result: Result<brlv_core::api::model::Quote, brlv_core::api::Error>,
        language: crate::app::i18n::Language,
    ) {
        let form = &mut self.form;
        form.quote_in_flight = false;
        match result {
            Ok(quote) => {
                form.quote_error = None;
                // Tied to the request sent, not to what was typed since.
                if let Some(asked) = form.quote_asked.take() {
                    form.quote = Some((asked, quote));
                }
            }
            Err(error) => {
                form.quote_error = Some(super::form::ServiceFailure::new(&error, language))
            }
        }
    }
}
