//! The Orders panel's state: which order is open, its freshest copy, the
//! checked QR code, the export and PNG paths.

use std::collections::HashMap;

use rust_decimal::Decimal;
use uuid::Uuid;

use crate::app::dialog::FileAnswer;
use crate::app::export::ExportDraft;
use crate::app::remote::Remote;
use crate::app::resources::Rows;
use crate::app::submit::SubmitOutcome;
use brlv_core::api::model::{Asset, CreateOrder, Order, OrderState};
use brlv_core::pix::{self, BrCodeError, QrMatrix};

use super::form::OrderForm;
use super::message::OrdersEvent;
use super::qr_memory::{AcceptedQuote, QrMemory, Receiver};

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

/// Why a code is not drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QrRefusal {
    /// The code itself failed its check (structure, CRC, amount against the
    /// order's own figure).
    Code(BrCodeError),
    /// The order asks for another amount (or asset) than the quote the
    /// person accepted here.
    OrderNotAccepted {
        /// What was accepted.
        accepted: AcceptedQuote,
        /// What the order asks.
        order_amount: Option<Decimal>,
        /// In what.
        order_asset: Option<Asset>,
    },
    /// The code asks for another amount than the quote the person accepted.
    CodeNotAccepted {
        /// What was accepted.
        accepted: AcceptedQuote,
        /// What the code asks.
        in_code: Decimal,
    },
}

/// What a code's amount was compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckedAgainst {
    /// The quote the person accepted in this app, and the order's figure.
    Accepted,
    /// Only the order's own figure, from the same answer as the code (an
    /// order made elsewhere).
    ServiceOnly,
}

/// A brcode checked against what the person accepted (or, for an order
/// made elsewhere, the order's own amount) and against the receiver paid
/// before, with the QR modules when it passed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QrCheck {
    /// The payload checked.
    pub brcode: String,
    /// The order's amount it was checked against (as text, to compare exactly).
    pub expected: Option<String>,
    /// The accepted quote it was checked against, when there is one.
    pub accepted: Option<AcceptedQuote>,
    /// What the amount was compared with.
    pub against: CheckedAgainst,
    /// The modules to paint, or why the code must not be paid.
    pub outcome: Result<QrMatrix, QrRefusal>,
    /// Who receives the payment, as the code says (when it passed).
    pub receiver: Option<Receiver>,
    /// The profile's remembered receiver when the check was made.
    pub remembered: Option<Receiver>,
    /// The person pressed "Show the code anyway" after the warning that
    /// this code pays someone else than before.
    pub shown_anyway: bool,
}

impl QrCheck {
    /// Checks `brcode` of `order` against what `memory` holds; a code is
    /// never drawn without an amount to compare.
    pub fn new(brcode: &str, order: &Order, memory: &QrMemory) -> QrCheck {
        let expected = order.source_amount();
        let accepted = order
            .quote_id
            .and_then(|id| memory.accepted.get(&id))
            .cloned();
        let checked = match (&accepted, expected) {
            (Some(accepted), order_amount)
                if order_amount != Some(accepted.source_amount)
                    || order.source_asset.as_ref() != Some(&accepted.source_asset) =>
            {
                Err(QrRefusal::OrderNotAccepted {
                    accepted: accepted.clone(),
                    order_amount,
                    order_asset: order.source_asset.clone(),
                })
            }
            (Some(accepted), _) => pix::verify_payment_code(brcode, accepted.source_amount)
                .map_err(|error| match error {
                    BrCodeError::AmountMismatch { in_code, .. } => QrRefusal::CodeNotAccepted {
                        accepted: accepted.clone(),
                        in_code,
                    },
                    other => QrRefusal::Code(other),
                }),
            (None, Some(amount)) => {
                pix::verify_payment_code(brcode, amount).map_err(QrRefusal::Code)
            }
            (None, None) => Err(QrRefusal::Code(BrCodeError::MissingAmount)),
        };
        let checked = checked.and_then(|code| {
            pix::qr_modules(brcode)
                .map(|matrix| (matrix, Receiver::of(&code)))
                .map_err(QrRefusal::Code)
        });
        let (outcome, receiver) = match checked {
            Ok((matrix, receiver)) => (Ok(matrix), Some(receiver)),
            Err(error) => (Err(error), None),
        };
        QrCheck {
            brcode: brcode.to_owned(),
            expected: expected.map(|amount| amount.to_string()),
            against: if accepted.is_some() {
                CheckedAgainst::Accepted
            } else {
                CheckedAgainst::ServiceOnly
            },
            accepted,
            outcome,
            receiver,
            remembered: memory.first_receiver.clone(),
            shown_anyway: false,
        }
    }

    /// Whether this check is about `brcode` of `order` with what `memory` holds now.
    pub fn is_for(&self, brcode: &str, order: &Order, memory: &QrMemory) -> bool {
        let accepted = order.quote_id.and_then(|id| memory.accepted.get(&id));
        self.brcode == brcode
            && self.expected == order.source_amount().map(|amount| amount.to_string())
            && self.accepted.as_ref() == accepted
            && self.remembered == memory.first_receiver
    }

    /// The receiver remembered for the profile, when this code pays someone else.
    pub fn receiver_changed(&self) -> Option<&Receiver> {
        let now = self.receiver.as_ref()?;
        self.remembered
            .as_ref()
            .filter(|before| !before.same_as(now))
    }

    /// Whether the code may be shown to pay: it passed, and it pays the
    /// receiver paid before or the person chose to see it anyway.
    pub fn payable(&self) -> bool {
        self.outcome.is_ok() && (self.receiver_changed().is_none() || self.shown_anyway)
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
    /// What codes are checked against: the quotes accepted here, the
    /// receiver paid before.
    pub qr_memory: QrMemory,
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
    /// Orders whose answer an earlier run never had, found in the list as
    /// the connection opened: their rows say so.
    pub found_after_restart: std::collections::BTreeSet<Uuid>,
    /// Where the orders created in this window during this run sent what
    /// they buy (the order record does not say), for their receipts.
    pub sent_to: HashMap<Uuid, crate::app::receipt::build::OrderDestination>,
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
            || (self.qr_memory.loaded
                && self
                    .open_order(list.value().map(|rows| rows.as_slice()), detail)
                    .is_some())
    }
}

/// What the Orders panel is told.
#[derive(Debug)]
pub enum OrdersTold {
    /// What the worker reports for orders: a quote, the QR code's PNG, what
    /// codes are checked against.
    Worker(OrdersEvent),
    /// A fresh order list arrived (newest first): its orders' moves, and
    /// the order the command line asked to open.
    ListArrived(Rows<Order>),
    /// The order list as the journal kept it, read back as the connection
    /// opened: its orders' states are known from then on.
    Restored(Rows<Order>),
    /// The orders this device sent with this profile, each with the body
    /// it sent, read back from the journal as the connection opened: where
    /// their proceeds went, for their receipts (the service's order record
    /// does not say).
    SentBefore(Vec<(Uuid, CreateOrder)>),
    /// The detail's order, fetched alone.
    Fetched(Box<Order>),
    /// The order form's POST left.
    Sending,
    /// How the order form's POST ended.
    Submitted(SubmitOutcome),
    /// An order an earlier run sent and never heard back about, found in
    /// the list as the connection opened.
    FoundAfterRestart(Uuid),
    /// Open the order `selector` picks, now or once the list holds it.
    Open(OrderSelector),
    /// Show this order's detail (`None`: the list).
    Select(Option<Uuid>),
    /// The quote under review expired: ask the service for a new one.
    NewQuote,
    /// A connection opened (`had_one`: in place of another): another
    /// account's orders, form and accepted quotes are not this one's.
    SessionStarted {
        /// A connection was open before.
        had_one: bool,
    },
    /// What became of a file it asked for: its CSV export, a QR code's PNG.
    File(FileAnswer),
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
        self.qr_check = None;
        self.qr_memory = QrMemory::default();
        self.sent_to.clear();
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

impl OrdersState {
    /// The check of `order`'s code, redone only when the code, the order's
    /// amount or what the memory holds changed. The receiver of the first
    /// code that passed for the profile is remembered: it is returned, to
    /// be kept in the journal.
    pub fn check_qr(&mut self, brcode: &str, order: &Order) -> (QrCheck, Option<Receiver>) {
        let fresh = self
            .qr_check
            .as_ref()
            .is_some_and(|check| check.is_for(brcode, order, &self.qr_memory));
        if !fresh {
            self.qr_check = Some(QrCheck::new(brcode, order, &self.qr_memory));
        }
        let mut check = self
            .qr_check
            .clone()
            .unwrap_or_else(|| QrCheck::new(brcode, order, &self.qr_memory));
        let first_seen = match (&self.qr_memory.first_receiver, &check.receiver) {
            (None, Some(receiver)) if self.qr_memory.loaded => Some(receiver.clone()),
            _ => None,
        };
        if let Some(receiver) = &first_seen {
            self.qr_memory.first_receiver = Some(receiver.clone());
            // The same check, now knowing whom it was compared with.
            check.remembered = Some(receiver.clone());
            self.qr_check = Some(check.clone());
        }
        (check, first_seen)
    }

    /// The person chose to see the code of the open check despite the
    /// warning that it pays someone else than before.
    pub fn show_code_anyway(&mut self) {
        if let Some(check) = &mut self.qr_check {
            check.shown_anyway = true;
        }
    }

    /// The quote reviewed in the form, as the person accepts it by pressing create.
    pub fn accept_quote(&mut self, accepted: AcceptedQuote) {
        self.qr_memory.accepted.insert(accepted.quote_id, accepted);
    }
}
