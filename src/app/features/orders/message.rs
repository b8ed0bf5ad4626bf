//! What the Orders feature asks the worker for beyond the shared paths
//! (creating an order goes through [`crate::app::submit`], its CSV through
//! [`crate::app::export`]), and what the worker answers.

use std::path::PathBuf;

use uuid::Uuid;

use crate::app::export::FileError;
use crate::app::session::SessionId;
use brlv_core::api::Error;
use brlv_core::api::model::{CreateQuote, Quote};

use super::qr_memory::{AcceptedQuote, QrMemory, Receiver};

/// Something the Orders panel asks the worker to do.
#[derive(Debug)]
pub enum OrdersCommand {
    /// Keep this order's detail fresh with `GET /orders/{id}` (`None`: stop).
    Watch(Option<Uuid>),
    /// Ask the service for a quote.
    RequestQuote(CreateQuote),
    /// Write the QR code of `brcode` as a PNG to `path`.
    SaveQrPng {
        /// Where.
        path: PathBuf,
        /// The payload, already checked by the detail view.
        brcode: String,
    },
    /// Keep in the journal that the person accepted this quote.
    KeepAccepted(AcceptedQuote),
    /// Keep in the journal the first receiver seen in a checked code (the
    /// journal keeps the first it was given, whatever comes after).
    RememberReceiver(Receiver),
}

/// What the worker reports to the Orders panel.
#[derive(Debug)]
pub enum OrdersEvent {
    /// A quote request ended.
    QuoteReceived(Result<Quote, Error>),
    /// The QR PNG was written (or not).
    QrSaved(Result<PathBuf, FileError>),
    /// What codes are checked against, read from the journal of `session`
    /// as it opened.
    QrMemoryRestored {
        /// The connection whose journal it is.
        session: SessionId,
        /// What it holds.
        memory: QrMemory,
    },
}
