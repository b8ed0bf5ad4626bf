//! The worker's orders and webhook plumbing: quotes, the watched order's
//! detail, the QR code's PNG, and the webhook listener (wired to the
//! embedded sandbox when there is one). Creating an order goes through the
//! shared submit path.

use std::net::{Ipv4Addr, SocketAddr};

use time::OffsetDateTime;
use uuid::Uuid;

use crate::app::export::FileError;
use crate::app::features::events::message::{EventsCommand, EventsEvent};
use crate::app::features::journal::task::quote_journaled;
use crate::app::features::orders::message::{OrdersCommand, OrdersEvent};
use crate::app::features::orders::task::save_qr_png;
use crate::app::message::Event;
use crate::app::resources::ResourceKey;
use crate::app::session::ProfileKind;
use crate::webhook::{WebhookEvent, WebhookListener};

use super::state::{Done, WebhooksDone, Worker, blocking};

fn report(event: OrdersEvent) -> Done {
    Done::Report(Event::Orders(event))
}

impl Worker {
    pub(super) fn handle_orders(&mut self, command: OrdersCommand) {
        match command {
            OrdersCommand::Watch(id) => self.watch_order(id),
            OrdersCommand::RequestQuote(request) => {
                let (Some((_, client)), Some(journal)) =
                    (self.session_client(), self.session_journal())
                else {
                    return;
                };
                self.spawn(async move {
                    let (result, problem) = quote_journaled(&client, &journal, request).await;
                    let answered = report(OrdersEvent::QuoteReceived(result));
                    match super::journal::problem_notice(problem) {
                        Some(told) => Done::Sequence(vec![answered, told]),
                        None => answered,
                    }
                });
            }
            OrdersCommand::SaveQrPng { path, brcode } => {
                self.spawn(async move {
                    let target = path.clone();
                    let result = blocking(move || save_qr_png(&path, &brcode))
                        .await
                        .unwrap_or_else(|reason| Err(FileError::lost(&target, reason)));
                    report(OrdersEvent::QrSaved(result))
                });
            }
            OrdersCommand::KeepAccepted(accepted) => self.keep_accepted(accepted),
            OrdersCommand::RememberReceiver(receiver) => self.remember_receiver(receiver),
        }
    }

    pub(super) fn handle_events(&mut self, command: EventsCommand) {
        match command {
            EventsCommand::StartListener(port) => {
                self.start_listener(SocketAddr::from((Ipv4Addr::LOCALHOST, port)), false);
            }
            EventsCommand::StopListener => {
                if let Some(listener) = self.webhooks.listener.take() {
                    listener.stop();
                }
                if let Some(sandbox) = &self.sandbox {
                    sandbox.set_webhook_url(None);
                }
                self.emit(Event::Events(EventsEvent::ListenerStopped));
            }
        }
    }

    pub(super) fn finished_webhooks(&mut self, done: WebhooksDone) {
        match done {
            WebhooksDone::ListenerStarted {
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
                    self.emit(Event::Events(EventsEvent::Listening(url)));
                }
                Err(reason) => self.emit(Event::Events(EventsEvent::ListenFailed(reason))),
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
                // Its panel starts empty next time: the next answer is news.
                session.fingerprints.remove(&ResourceKey::Order(previous));
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
        // A saved profile keeps its secret path, so the address given to the
        // service stays the same from run to run; the sandbox and a profile
        // not saved get one for this run.
        let kept = match (&self.session, &self.config.profile_path) {
            (Some(session), Some(book)) if session.kind == ProfileKind::Saved && !wire_sandbox => {
                Some((book.clone(), session.profile.name.clone()))
            }
            _ => None,
        };
        self.spawn(async move {
            let secret = match kept {
                Some((book, name)) => tokio::task::spawn_blocking(move || {
                    crate::webhook::profile_secret(&book, &name)
                })
                .await
                .ok()
                .and_then(|secret| {
                    secret
                        .map_err(|error| {
                            tracing::warn!("the webhook path of this profile is not kept: {error}");
                        })
                        .ok()
                }),
                None => None,
            };
            let result = match secret {
                Some(secret) => WebhookListener::start_with_secret(address, secret, sender).await,
                None => WebhookListener::start(address, sender).await,
            };
            Done::Webhooks(WebhooksDone::ListenerStarted {
                result,
                for_sandbox: wire_sandbox,
            })
        });
    }

    /// A webhook event arrived: show it, and re-read what it is about.
    pub(super) fn webhook_received(&mut self, event: WebhookEvent) {
        self.journal_webhook(&event);
        if event.order.is_some() {
            self.refresh_orders();
        }
        self.emit(Event::Events(EventsEvent::Received {
            at: OffsetDateTime::now_utc(),
            event: Box::new(event),
        }));
    }

    fn refresh_orders(&mut self) {
        let now = self.config.clock.now_ms();
        let watched = self.webhooks.watched_order;
        if let Some(session) = self.session.as_mut() {
            session.schedule.refresh_one(ResourceKey::Orders, now);
            if let Some(id) = watched {
                session.schedule.refresh_one(ResourceKey::Order(id), now);
            }
        }
    }
}
