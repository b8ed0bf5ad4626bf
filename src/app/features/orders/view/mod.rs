//! The Orders panel: the list ([`list`]), one order's detail with its PIX QR
//! code ([`detail`]) and the new-order form ([`form`]); how both the list
//! and the detail show an order's state is the design system's
//! (`ui::order_badge`), which the Events panel draws too.

pub mod detail;
pub mod form;
pub mod list;
pub mod review;

use crate::app::receipt::build::OrderDestination;
use egui::Ui;

use uuid::Uuid;

use crate::app::dialog::{DialogPurpose, FileAnswer, WriteKind};
use crate::app::features::orders::message::{OrdersCommand, OrdersEvent};
use crate::app::features::orders::state::{OrderMove, OrdersState, OrdersTold};
use crate::app::format::short_id;
use crate::app::message::{Command, Notice, NoticeDetail, NoticeKind};
use crate::app::panel::record_panel::export_answer;
use crate::app::panel::{Ask, Outbox, Panel, Shared};
use crate::app::submit::{Created, SubmitOutcome, SubmitStatus};
use crate::app::ui::focus::keep_focus_in_view;
use brlv_core::api::model::Order;

impl Panel for OrdersState {
    type Event = OrdersTold;

    fn ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        orders_ui(ui, self, cx, out);
    }

    fn apply(&mut self, event: OrdersTold, cx: &Shared, out: &mut Outbox) {
        match event {
            OrdersTold::Worker(event) => self.worker_event(event, cx, out),
            OrdersTold::ListArrived(orders) => {
                for order in orders.iter() {
                    self.observe_noticing(order, out);
                }
                if let Some(id) = self.waited_for(&orders) {
                    self.select(Some(id), out);
                }
            }
            OrdersTold::Restored(orders) => {
                for order in orders.iter() {
                    self.observe_noticing(order, out);
                }
            }
            OrdersTold::SentBefore(sent) => {
                for (id, body) in &sent {
                    if let Some(destination) = OrderDestination::of(body) {
                        self.sent_to.entry(*id).or_insert(destination);
                    }
                }
            }
            OrdersTold::Fetched(order) => self.observe_noticing(&order, out),
            OrdersTold::Sending => self.form.submit = SubmitStatus::Sending,
            OrdersTold::Submitted(outcome) => {
                if let SubmitOutcome::Created {
                    record: Created::Order(order),
                    after_unknown,
                } = &outcome
                {
                    self.created(order, *after_unknown, out);
                }
                self.form.submit = SubmitStatus::Finished(outcome);
            }
            OrdersTold::FoundAfterRestart(id) => {
                self.found_after_restart.insert(id);
            }
            OrdersTold::Open(selector) => {
                let list = cx.data.orders.value().map(|rows| rows.as_slice());
                if let Some(id) = self.pick(selector, list) {
                    self.select(Some(id), out);
                }
            }
            OrdersTold::Select(id) => self.select(id, out),
            OrdersTold::NewQuote => review::ask_new_quote(self, out),
            OrdersTold::SessionStarted { had_one } => {
                if had_one {
                    self.select(None, out);
                    self.session_changed();
                }
                // Another profile's accepted quotes and receiver are not this one's.
                self.qr_memory = Default::default();
            }
            OrdersTold::File(answer) => {
                let Some(answer) = export_answer(&mut self.export, answer, out) else {
                    return;
                };
                match answer {
                    // The system's Save dialog asked before replacing it.
                    FileAnswer::Chosen(DialogPurpose::SaveQr { brcode }, path) => {
                        self.qr_path = path.display().to_string();
                        self.saving_qr = true;
                        out.command(Command::Orders(OrdersCommand::SaveQrPng { path, brcode }));
                    }
                    FileAnswer::Kept(WriteKind::QrPng) => self.saving_qr = false,
                    _ => {}
                }
            }
        }
    }

    fn close_one(&mut self, _cx: &Shared, out: &mut Outbox) -> bool {
        if self.form.reviewing.take().is_some() {
            return true;
        }
        let open = self.selected.is_some();
        self.select(None, out);
        open
    }
}

impl OrdersState {
    /// Shows `id`'s detail (or the list); the worker keeps that order fresh.
    pub fn select(&mut self, id: Option<Uuid>, out: &mut Outbox) {
        if self.selected != id {
            self.selected = id;
            self.receipt_path.clear();
            self.qr_path.clear();
            self.qr_check = None;
            out.ask(Ask::WatchOrder(id));
        }
    }

    /// Notes `order`'s state, whichever fetch brought it, and raises the
    /// notice owed if it moved since last seen.
    fn observe_noticing(&mut self, order: &Order, out: &mut Outbox) {
        let kind = match self.observe(order) {
            Some(OrderMove::Expired(id)) => NoticeKind::OrderExpired(short_id(&id)),
            Some(OrderMove::PaymentReturned(id)) => NoticeKind::PaymentReturned(short_id(&id)),
            None => return,
        };
        out.ask(Ask::Notice(Notice {
            kind,
            detail: NoticeDetail::None,
        }));
    }

    /// An order was created (or found after its answer was lost): the form
    /// starts afresh and the new order opens.
    fn created(&mut self, order: &Order, after_unknown: bool, out: &mut Outbox) {
        // Where it was sent, for its receipt: the order record does not say.
        if let Some(destination) = self.form.reviewing.as_ref().and_then(OrderDestination::of) {
            self.sent_to.insert(order.id, destination);
        }
        self.form.reset();
        if after_unknown {
            out.ask(Ask::Notice(Notice {
                kind: NoticeKind::FoundAfterFailure(short_id(&order.id)),
                detail: NoticeDetail::None,
            }));
        }
        self.observe_noticing(order, out);
        self.selected = None;
        self.select(Some(order.id), out);
    }

    /// Takes in what the worker reports for orders: a quote, the QR's PNG,
    /// what codes are checked against.
    fn worker_event(&mut self, event: OrdersEvent, cx: &Shared, out: &mut Outbox) {
        match event {
            OrdersEvent::QuoteReceived(result) => self.quote_received(result, cx.language),
            OrdersEvent::QrSaved(result) => {
                self.saving_qr = false;
                out.ask(Ask::Notice(match result {
                    Ok(path) => Notice {
                        kind: NoticeKind::QrSaved,
                        detail: NoticeDetail::Text(path.display().to_string()),
                    },
                    Err(error) => Notice {
                        kind: NoticeKind::QrNotSaved,
                        detail: NoticeDetail::File(error),
                    },
                }));
            }
            OrdersEvent::QrMemoryRestored { memory, .. } => self.qr_memory.merge_restored(memory),
        }
    }
}

/// Draws the Orders panel: the form, an order's detail, or the list.
fn orders_ui(ui: &mut Ui, orders: &mut OrdersState, cx: &Shared, out: &mut Outbox) {
    if orders.form.open {
        egui::ScrollArea::both()
            .id_salt("order_form")
            .show(ui, |ui| {
                form::order_form_ui(ui, orders, cx, out);
                keep_focus_in_view(ui);
            });
    } else if orders.selected.is_some() {
        egui::ScrollArea::both()
            .id_salt("order_detail")
            .show(ui, |ui| {
                detail::order_detail_ui(ui, orders, cx, out);
                keep_focus_in_view(ui);
            });
    } else {
        list::orders_list_ui(ui, orders, cx, out);
    }
}
