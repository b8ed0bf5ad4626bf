//! The orders and events half of the app's plain data: what the Orders and
//! Events panels ask the worker for ([`OrdersCommand`]), what it answers
//! ([`OrdersEvent`]), and the panels' own state ([`OrdersUi`], [`EventsUi`]).
//! Each travels inside one variant of the shared `Command`, `Event` and
//! `NoticeKind`, so the shared enums stay small.

mod apply;
mod create;
mod events_state;
mod form_state;
mod orders_state;

use std::path::PathBuf;

use time::OffsetDateTime;
use uuid::Uuid;

use crate::api::Error;
use crate::api::model::{CreateOrder, CreateQuote, Order, Quote};
use crate::webhook::{ListenError, WebhookEvent};

pub use apply::short_id;
pub use create::create_order_reconciled;
pub use events_state::{EventsUi, ListenerStatus, ReceivedEvent};
pub use form_state::{FormOutcome, OrderForm, QuoteSource, ServiceFailure};
pub use orders_state::{OrderSelector, OrdersUi, QrCheck, sort_newest_first};

/// The port the webhook listener proposes until the person picks another.
pub const DEFAULT_WEBHOOK_PORT: u16 = 8788;

/// Something the Orders or Events panel asks the worker to do.
#[must_use = "a Command does nothing until it is sent to the worker"]
#[derive(Debug)]
pub enum OrdersCommand {
    /// Keep this order's detail fresh with `GET /orders/{id}` (`None`: stop).
    Watch(Option<Uuid>),
    /// Ask the service for a quote.
    RequestQuote(CreateQuote),
    /// Accept a quote: `POST /orders`, never retried.
    CreateOrder(CreateOrder),
    /// Write these orders as CSV to `path`.
    ExportCsv {
        /// Where.
        path: PathBuf,
        /// What, in the order shown.
        orders: Vec<Order>,
    },
    /// Write the QR code of `brcode` as a PNG to `path`.
    SaveQrPng {
        /// Where.
        path: PathBuf,
        /// The payload, already checked by the detail view.
        brcode: String,
    },
    /// Listen for webhook POSTs on this loopback port (0: any free one).
    StartListener(u16),
    /// Stop listening.
    StopListener,
}

/// How an order creation ended, as the person is told.
#[derive(Debug)]
pub enum OrderOutcome {
    /// The service created it.
    Created(Order),
    /// The answer was lost, but re-reading the list found an order for the quote.
    FoundAfterFailure {
        /// The order found by its `quote-id`.
        order: Order,
        /// The failure that made the outcome unclear.
        error: Error,
    },
    /// The answer was lost and re-reading the list shows no order for the quote:
    /// it was not created, so sending again is safe.
    NotCreated(Error),
    /// The answer was lost and the list could not be re-read: nobody knows yet.
    Unknown {
        /// The failure of the POST.
        error: Error,
        /// Why the list could not be re-read.
        reread: Error,
    },
    /// The service refused (or the request never left): nothing was created.
    Refused(Error),
}

/// What the worker reports to the Orders and Events panels.
#[derive(Debug)]
pub enum OrdersEvent {
    /// A quote request ended.
    QuoteReceived(Result<Quote, Error>),
    /// An order creation ended.
    OrderCreated(OrderOutcome),
    /// The CSV export ended.
    Exported(Result<PathBuf, String>),
    /// The QR PNG was written (or not).
    QrSaved(Result<PathBuf, String>),
    /// The listener is up at this URL.
    Listening(String),
    /// The listener could not start.
    ListenFailed(ListenError),
    /// The listener stopped.
    ListenerStopped,
    /// A webhook event arrived.
    Received {
        /// When it arrived (wall clock).
        at: OffsetDateTime,
        /// The event.
        event: WebhookEvent,
    },
}

/// The notices of the orders half; each has its own translated heading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrdersNotice {
    /// An order's funding window closed unpaid; nothing was charged.
    OrderExpired(String),
    /// A late PIX for an order is being returned to the payer.
    PaymentReturned(String),
    /// The service asked the bank to return a late payment (webhook event).
    RefundInitiated(String),
    /// An order's creation answer was lost, but re-reading found it created.
    FoundAfterFailure(String),
    /// The orders were written as CSV.
    Exported,
    /// The CSV could not be written.
    NotExported,
    /// The QR code was saved as PNG.
    QrSaved,
    /// The QR code could not be saved.
    QrNotSaved,
}
