//! How [`AppState`] takes in what concerns orders: a list or the watched
//! order arriving (newest first, a notice when an order moved to `expired`
//! or `payment-returned`, the command line's order opened), an order
//! created, a quote, the QR code's PNG.

use uuid::Uuid;

use crate::app::format::short_id;
use crate::app::message::{Command, Notice, NoticeDetail, NoticeKind};
use crate::app::state::AppState;
use brlv_core::api::model::{Order, OrderState};

use super::form::ServiceFailure;
use super::message::{OrdersCommand, OrdersEvent};
use super::state::OrderSelector;

fn notice_of(kind: NoticeKind) -> Notice {
    Notice {
        kind,
        detail: NoticeDetail::None,
    }
}

/// The notice owed when an order moved from `before` to its current state.
fn move_notice(before: &OrderState, order: &Order) -> Option<NoticeKind> {
    let id = short_id(&order.id);
    match (before, order.state.as_ref()?) {
        (OrderState::Created, OrderState::Expired) => Some(NoticeKind::OrderExpired(id)),
        (OrderState::Created | OrderState::Expired, OrderState::PaymentReturned) => {
            Some(NoticeKind::PaymentReturned(id))
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
            (None, OrderSelector::AwaitingBrcode | OrderSelector::Completed) => {
                self.orders.pending_selector = Some(selector);
            }
        }
    }

    /// Shows `id`'s detail (or the list) and tells the worker which order to keep fresh.
    pub fn select_order(&mut self, id: Option<Uuid>) {
        if self.orders.selected != id {
            self.orders.selected = id;
            self.orders.receipt_path.clear();
            self.data.order = Default::default();
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

    /// Takes in a fresh order list (newest first): notices for orders
    /// that expired or had a late payment returned since the last one.
    pub(crate) fn orders_arriving(&mut self, orders: &[Order]) {
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
    pub(crate) fn observe_order(&mut self, order: &Order) {
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
            self.add_notice(notice_of(notice));
        }
    }

    /// An order was created (or found after its answer was lost): the form
    /// starts afresh and the new order opens.
    pub(crate) fn order_created(&mut self, order: &Order, after_unknown: bool) {
        self.orders.form.reset();
        if after_unknown {
            self.add_notice(notice_of(NoticeKind::FoundAfterFailure(short_id(
                &order.id,
            ))));
        }
        self.observe_order(order);
        let at = self.now;
        self.orders.selected = None;
        self.select_order(Some(order.id));
        self.data.order.finish(Ok(order.clone()), at, at);
    }

    /// Takes in what the worker reports for orders.
    pub(crate) fn apply_orders(&mut self, event: OrdersEvent) {
        let language = self.language;
        match event {
            OrdersEvent::QuoteReceived(result) => {
                let form = &mut self.orders.form;
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
            OrdersEvent::QrSaved(result) => {
                self.orders.saving_qr = false;
                self.add_notice(match result {
                    Ok(path) => Notice {
                        kind: NoticeKind::QrSaved,
                        detail: NoticeDetail::Text(path.display().to_string()),
                    },
                    Err(error) => Notice {
                        kind: NoticeKind::QrNotSaved,
                        detail: NoticeDetail::File(error),
                    },
                });
            }
        }
    }
}
