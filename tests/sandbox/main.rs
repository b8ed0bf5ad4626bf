//! The embedded sandbox over HTTP on loopback: authentication (spec 5), each
//! endpoint through the real client, the control endpoints, the ledger under
//! racing requests, the order state machine, the rules of spec 4 and bad
//! input. `support` starts a sandbox and signs requests by hand.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../shared/fault_proxy.rs"]
#[allow(dead_code, reason = "the app tests use the filtered faults")]
mod fault_proxy_server;
mod support;

mod auth;
mod bcb_fixtures;
mod client;
mod control;
mod fault_proxy;
mod ledger;
mod orders;
mod payout;
mod properties;
mod ptax;
mod rules;
mod selic;
mod validation;
