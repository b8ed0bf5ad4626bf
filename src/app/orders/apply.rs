//! How [`AppState`] takes in the orders half's Events, and what it does when
//! a list or a watched order arrives: newest first, a notice when an order
//! moved to `expired` or `payment-returned`, the command line's order opened.

use uuid::Uuid;

use crate::api::Error;
use crate::api::model::{Order, OrderState};
use crate::app::clock::Millis;
use crate::app::command::{Command, Notice, NoticeDetail, NoticeKind};
use crate::app::error_text::Localize;
use crate::app::i18n::{self, Language};
use crate::app::state::AppState;
use crate::webhook::ListenError;

use super::form_state::FormOutcome;
use super::{
    ListenerStatus, OrderOutcome, OrderSelector, OrdersCommand, OrdersEvent, OrdersNotice,
    ReceivedEvent, ServiceFailure, sort_newest_first,
};

/// The first 8 characters of an id, as lists show it.
pub fn short_id(id: &Uuid) -> String {
    id.to_string().chars().take(8).collect()
}

fn orders_notice(kind: OrdersNotice, detail: NoticeDetail) -> Notice {
    Notice {
        kind: NoticeKind::Orders(kind),
        detail,
    }
}

/// Why the listener did not start, in the person's language; the system's
/// own reason is quoted as it came.
fn listen_error_text(language: Language, error: &ListenError) -> String {
    match error {
        ListenError::NotLoopback(address) => i18n::tr_with(
            language,
            "events.error_not_loopback",
            &[("address", &address.to_string())],
        ),
        ListenError::Bind { address, reason } => i18n::tr_with(
            language,
            "events.error_bind",
            &[("port", &address.port().to_string()), ("reason", reason)],
        ),
    }
}

/// The notice owed when an order moved from `before` to its current state.
fn move_notice(before: &OrderState, order: &Order) -> Option<OrdersNotice> {
    let id = short_id(&order.id);
    match (before, order.state.as_ref()?) {
        (OrderState::Created, OrderState::Expired) => Some(OrdersNotice::OrderExpired(id)),
        (OrderState::Created | OrderState::Expired, OrderState::PaymentReturned) => {
            Some(OrdersNotice::PaymentReturned(id))
        }
        _ => None,
    }
}

impl AppState {
    /// Opens `selector`'s order now if the list has it, else once it arrives.
    pub fn open_order(&mut self, selector: OrderSelector) {
        let picked = self
            .data
            .orders
            .value()
            .and_then(|orders| selector.pick(orders));
        match (picked, selector) {
            (Some(id), _) => self.select_order(Some(id)),
            (None, OrderSelector::Id(id)) => {
                // It may be missing from the list and still exist: fetch it alone.
                self.orders.pending_selector = None;
                self.select_order(Some(id));
            }
            (None, OrderSelector::AwaitingBrcode) => self.orders.pending_selector = Some(selector),
        }
    }

    /// Shows `id`'s detail (or the list) and tells the worker which order to keep fresh.
    pub fn select_order(&mut self, id: Option<Uuid>) {
        if self.orders.selected != id {
            self.orders.selected = id;
            self.orders.detail = Default::default();
            self.orders.qr_check = None;
            self.push(Command::Orders(OrdersCommand::Watch(id)));
        }
    }

    /// Another account was opened: its orders are not this one's.
    pub(crate) fn orders_session_changed(&mut self) {
        self.select_order(None);
        self.orders.pending_selector = None;
        self.orders.awaiting_or_expired.clear();
        self.orders.form.reset();
    }

    /// Takes in a fresh order list: sorted newest first, notices for orders
    /// that expired or had a late payment returned since the last one.
    pub(crate) fn orders_arriving(&mut self, orders: &mut [Order]) {
        sort_newest_first(orders);
        for order in orders.iter() {
            self.observe_order(order);
        }
        if let Some(selector) = self.orders.pending_selector
            && let Some(id) = selector.pick(orders)
        {
            self.orders.pending_selector = None;
            self.select_order(Some(id));
        }
    }

    /// Notes `order`'s state, whichever fetch brought it (list, detail,
    /// creation), and raises the notice owed if it moved since last seen.
    fn observe_order(&mut self, order: &Order) {
        let seen = &mut self.orders.awaiting_or_expired;
        let notice = seen
            .get(&order.id)
            .and_then(|before| move_notice(before, order));
        match &order.state {
            Some(state @ (OrderState::Created | OrderState::Expired)) => {
                seen.insert(order.id, state.clone());
            }
            _ => {
                seen.remove(&order.id);
            }
        }
        if let Some(notice) = notice {
            self.add_notice(orders_notice(notice, NoticeDetail::None));
        }
    }

    /// Takes in the watched order's fetch.
    pub(crate) fn order_fetched(&mut self, result: Result<Order, Error>, at: Millis, next: Millis) {
        let Some(selected) = self.orders.selected else {
            return;
        };
        if let Ok(order) = &result {
            if order.id != selected {
                return;
            }
            self.observe_order(order);
        }
        self.orders.detail.finish(result, at, next);
    }

    /// Takes in what the worker reports for orders and events.
    pub(crate) fn apply_orders(&mut self, event: OrdersEvent) {
        let language = self.language;
        let form = &mut self.orders.form;
        match event {
            OrdersEvent::QuoteReceived(result) => {
                form.quote_in_flight = false;
                match result {
                    Ok(quote) => {
                        form.quote_error = None;
                        // Tied to the request sent, not to what was typed since.
                        if let Some(asked) = form.quote_asked.take() {
                            form.quote = Some((asked, quote));
                        }
                    }
                    Err(error) => form.quote_error = Some(ServiceFailure::new(&error, language)),
                }
            }
            OrdersEvent::OrderCreated(outcome) => {
                form.order_in_flight = false;
                let created = match outcome {
                    OrderOutcome::Created(order) => Some(order),
                    OrderOutcome::FoundAfterFailure { order, error } => {
                        let id = short_id(&order.id);
                        let notice = orders_notice(
                            OrdersNotice::FoundAfterFailure(id),
                            NoticeDetail::Client(error),
                        );
                        self.notices.push(notice);
                        Some(order)
                    }
                    OrderOutcome::NotCreated(error) => {
                        form.outcome = Some(FormOutcome::NotCreated(ServiceFailure::new(
                            &error, language,
                        )));
                        None
                    }
                    OrderOutcome::Unknown { error, reread } => {
                        let mut failure = ServiceFailure::new(&error, language);
                        failure.message =
                            format!("{}; {}", failure.message, reread.localize(language));
                        form.outcome = Some(FormOutcome::Unknown(failure));
                        None
                    }
                    OrderOutcome::Refused(error) => {
                        form.outcome =
                            Some(FormOutcome::Refused(ServiceFailure::new(&error, language)));
                        None
                    }
                };
                if let Some(order) = created {
                    form.reset();
                    self.observe_order(&order);
                    let id = order.id;
                    let at = self.now;
                    self.orders.selected = None;
                    self.select_order(Some(id));
                    self.orders.detail.finish(Ok(order), at, at);
                }
            }
            OrdersEvent::Exported(result) => {
                self.orders.exporting = false;
                let notice = match result {
                    Ok(path) => orders_notice(
                        OrdersNotice::Exported,
                        NoticeDetail::Text(path.display().to_string()),
                    ),
                    Err(reason) => {
                        orders_notice(OrdersNotice::NotExported, NoticeDetail::Text(reason))
                    }
                };
                self.add_notice(notice);
            }
            OrdersEvent::QrSaved(result) => {
                self.orders.saving_qr = false;
                let notice = match result {
                    Ok(path) => orders_notice(
                        OrdersNotice::QrSaved,
                        NoticeDetail::Text(path.display().to_string()),
                    ),
                    Err(reason) => {
                        orders_notice(OrdersNotice::QrNotSaved, NoticeDetail::Text(reason))
                    }
                };
                self.add_notice(notice);
            }
            OrdersEvent::Listening(url) => {
                // The port actually bound (a free one under --sandbox).
                if let Some(port) = url::Url::parse(&url).ok().and_then(|url| url.port()) {
                    self.events.port = port.to_string();
                }
                self.events.status = ListenerStatus::Listening(url);
            }
            OrdersEvent::ListenFailed(error) => {
                self.events.status = ListenerStatus::Failed(listen_error_text(language, &error));
            }
            OrdersEvent::ListenerStopped => self.events.status = ListenerStatus::Off,
            OrdersEvent::Received { at, event } => {
                if event.is_refund_initiated() {
                    let id = event
                        .order
                        .as_ref()
                        .map(|order| short_id(&order.id))
                        .unwrap_or_default();
                    self.add_notice(orders_notice(
                        OrdersNotice::RefundInitiated(id),
                        NoticeDetail::None,
                    ));
                }
                self.events.received.insert(
                    0,
                    ReceivedEvent {
                        received_at: at,
                        event,
                    },
                );
                // The open event stays open: it moved down by one.
                if let Some(selected) = self.events.selected.as_mut() {
                    *selected += 1;
                }
            }
        }
    }
}
