//! The worker's orders half: quotes, order creation (never retried; an
//! ambiguous failure is reconciled by re-reading the list), the watched
//! order's detail, CSV and PNG files, and the webhook listener (wired to the
//! embedded sandbox when there is one).

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use time::OffsetDateTime;
use uuid::Uuid;

use crate::api::Client;
use crate::app::command::Event;
use crate::app::orders::{OrderOutcome, OrdersCommand, OrdersEvent, create_order_reconciled};
use crate::webhook::{ListenError, WebhookEvent, WebhookListener};

use super::{Done, ResourceKey, Worker, blocking};

/// What an orders task hands back to the worker's loop.
pub(super) enum OrdersDone {
    /// Tell the UI.
    Report(OrdersEvent),
    /// An order was created (or found): tell the UI and refresh the list.
    Created(OrderOutcome),
    /// The listener started (or not); `for_sandbox` when the embedded sandbox posts to it.
    ListenerStarted {
        result: Result<WebhookListener, ListenError>,
        for_sandbox: bool,
    },
}

fn orders_event(event: OrdersEvent) -> Event {
    Event::Orders(Box::new(event))
}

fn report(event: OrdersEvent) -> Done {
    Done::Orders(OrdersDone::Report(event))
}

fn write_file(path: PathBuf, bytes: Vec<u8>) -> Result<PathBuf, String> {
    std::fs::write(&path, bytes)
        .map(|()| path.clone())
        .map_err(|error| format!("{}: {error}", path.display()))
}

impl Worker {
    pub(super) fn handle_orders(&mut self, command: OrdersCommand) {
        match command {
            OrdersCommand::Watch(id) => self.watch_order(id),
            OrdersCommand::RequestQuote(request) => {
                let Some(client) = self.client() else { return };
                self.spawn(async move {
                    report(OrdersEvent::QuoteReceived(
                        client.create_quote(&request).await,
                    ))
                });
            }
            OrdersCommand::CreateOrder(request) => {
                let Some(client) = self.client() else { return };
                self.spawn(async move {
                    Done::Orders(OrdersDone::Created(
                        create_order_reconciled(&client, &request).await,
                    ))
                });
            }
            OrdersCommand::ExportCsv { path, orders } => {
                self.spawn(async move {
                    let written = blocking(move || {
                        let csv = crate::export::to_csv_string(&orders)
                            .map_err(|error| error.to_string())?;
                        write_file(path, csv.into_bytes())
                    })
                    .await
                    .and_then(|result| result);
                    report(OrdersEvent::Exported(written))
                });
            }
            OrdersCommand::SaveQrPng { path, brcode } => {
                self.spawn(async move {
                    let written = blocking(move || {
                        let png = crate::pix::render_qr_png(&brcode, QR_PNG_MODULE_PIXELS)
                            .map_err(|error| error.to_string())?;
                        write_file(path, png)
                    })
                    .await
                    .and_then(|result| result);
                    report(OrdersEvent::QrSaved(written))
                });
            }
            OrdersCommand::StartListener(port) => {
                self.start_listener(SocketAddr::from((Ipv4Addr::LOCALHOST, port)), false);
            }
            OrdersCommand::StopListener => {
                if let Some(listener) = self.webhooks.listener.take() {
                    listener.stop();
                }
                if let Some(sandbox) = &self.sandbox {
                    sandbox.set_webhook_url(None);
                }
                self.emit(orders_event(OrdersEvent::ListenerStopped));
            }
        }
    }

    pub(super) fn finished_orders(&mut self, done: OrdersDone) {
        match done {
            OrdersDone::Report(event) => self.emit(orders_event(event)),
            OrdersDone::Created(outcome) => {
                if matches!(
                    outcome,
                    OrderOutcome::Created(_) | OrderOutcome::FoundAfterFailure { .. }
                ) {
                    self.refresh_orders();
                }
                self.emit(orders_event(OrdersEvent::OrderCreated(outcome)));
            }
            OrdersDone::ListenerStarted {
                result,
                for_sandbox,
            } => match result {
                Ok(listener) => {
                    let url = listener.url();
                    if let Some(previous) = self.webhooks.listener.replace(listener) {
                        previous.stop();
                    }
                    if let Some(sandbox) = self.sandbox.as_ref().filter(|_| for_sandbox) {
                        sandbox.set_webhook_url(Some(&url));
                    }
                    self.emit(orders_event(OrdersEvent::Listening(url)));
                }
                Err(reason) => self.emit(orders_event(OrdersEvent::ListenFailed(reason))),
            },
        }
    }

    /// Keeps `id`'s detail fresh (3 s while it awaits payment, like the list), in
    /// this session and the next ones.
    fn watch_order(&mut self, id: Option<Uuid>) {
        let now = self.config.clock.now_ms();
        if let Some(session) = self.session.as_mut() {
            if let Some(previous) = self.webhooks.watched_order {
                session.schedule.remove(ResourceKey::Order(previous));
            }
            if let Some(id) = id {
                session.schedule.add(ResourceKey::Order(id), now);
            }
        }
        self.webhooks.watched_order = id;
    }

    /// Adds the watched order to a new session's schedule.
    pub(super) fn watch_in_new_session(&mut self) {
        let now = self.config.clock.now_ms();
        if let (Some(session), Some(id)) = (self.session.as_mut(), self.webhooks.watched_order) {
            session.schedule.add(ResourceKey::Order(id), now);
        }
    }

    /// Under `--sandbox` the listener is on from the start and the sandbox posts to it.
    pub(super) fn wire_sandbox_webhooks(&mut self) {
        if self.webhooks.listener.is_none() {
            self.start_listener(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)), true);
        } else if let (Some(sandbox), Some(listener)) = (&self.sandbox, &self.webhooks.listener) {
            sandbox.set_webhook_url(Some(&listener.url()));
        }
    }

    fn start_listener(&mut self, address: SocketAddr, for_sandbox: bool) {
        let sender = self.webhooks.sender.clone();
        let wire_sandbox = for_sandbox || self.sandbox.is_some();
        self.spawn(async move {
            let result = WebhookListener::start(address, sender).await;
            Done::Orders(OrdersDone::ListenerStarted {
                result,
                for_sandbox: wire_sandbox,
            })
        });
    }

    /// A webhook event arrived: show it, and re-read what it is about.
    pub(super) fn webhook_received(&mut self, event: WebhookEvent) {
        if event.order.is_some() {
            self.refresh_orders();
        }
        self.emit(orders_event(OrdersEvent::Received {
            at: OffsetDateTime::now_utc(),
            event,
        }));
    }

    fn refresh_orders(&mut self) {
        let now = self.config.clock.now_ms();
        let watched = self.webhooks.watched_order;
        if let Some(session) = self.session.as_mut() {
            session.schedule.due_now(ResourceKey::Orders, now);
            if let Some(id) = watched {
                session.schedule.due_now(ResourceKey::Order(id), now);
            }
        }
    }

    fn client(&self) -> Option<Client> {
        self.session.as_ref().map(|session| session.client.clone())
    }
}

/// Pixels per module of a saved QR PNG: about 450 px wide, sharp when printed.
const QR_PNG_MODULE_PIXELS: u32 = 8;

/// The worker's webhook plumbing and the order it keeps fresh.
pub(super) struct Webhooks {
    /// The running listener.
    pub(super) listener: Option<WebhookListener>,
    /// Where listeners send events; the loop reads the other end.
    pub(super) sender: tokio::sync::mpsc::UnboundedSender<WebhookEvent>,
    /// The order whose detail is open.
    pub(super) watched_order: Option<Uuid>,
}
