//! The sandbox over HTTP on loopback: authentication (spec 5), each
//! endpoint through the core's client, the control endpoints, the ledger
//! under racing requests, the order state machine, the rules of spec 4 and
//! bad input. `support` starts a sandbox and signs requests by hand. They
//! build the sandbox and the core alone: a change to the app rebuilds none
//! of them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

// The proxy is shared with the app's own test binaries.
#[path = "../../../../tests/shared/fault_proxy.rs"]
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
