//! The Orders feature: the list, one order's detail with its PIX QR code,
//! the new-order form (a quote, then the order), and what they ask the worker.

pub mod draft;
pub mod form;
pub mod message;
pub mod qr_memory;
pub mod state;
pub mod task;
pub mod view;
