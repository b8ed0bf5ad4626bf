//! The client side of the wire: the signer, the JSON of every resource, the
//! client against a scripted server on loopback (`support`), the send-once
//! and reconcile paths of orders and account forms against that server, and
//! the command line as the real binary.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../shared/child_guard.rs"]
mod child_guard;
#[path = "../shared/fault_proxy.rs"]
#[allow(dead_code, reason = "these tests use one of the faults")]
mod fault_proxy_server;
mod support;

mod cli;
mod cli_outcomes;
mod client;
mod extrato;
mod fuzz_regressions;
mod journal_outcomes;
#[cfg(unix)]
mod journal_pending;
mod list_budget;
mod orders_reconcile;
mod payouts;
mod payouts_once;
#[cfg(unix)]
mod private_files;
mod profile_cli;
mod signer;
mod submit_reconcile;
mod tax_report;
mod update_cli;
mod webhook_gate;
mod wire_fixtures;
