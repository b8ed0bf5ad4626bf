//! A local emulator of the service's v0 interface: a real HTTP server on
//! loopback that verifies every request as spec section 5 demands, keeps a
//! ledger per API key, runs the order, transfer, withdrawal and claim state
//! machines on a clock tests can move, and POSTs webhook events.
//!
//! `brlv-desk sandbox` runs it headless; the GUI embeds the same
//! server: [`Sandbox::start`], then [`RunningSandbox::register_account`] with a
//! key from [`generate_key_pair`]. `docs/sandbox.md` documents its rules.
//!
//! Beyond the spec, the sandbox decides (and documents) what the spec leaves
//! open: prices and fees ([`FEE_RATE`]), timings, the claim tax rule, and
//! what every account is given ([`WHITELISTED_ADDRESS`] and its kin).
//!
//! This file only names the parts: the server and its handle are in
//! `server.rs`, registration in `accounts.rs`, each endpoint's handlers in
//! the file of its resource.
#![forbid(unsafe_code)]

mod accounts;
mod auth;
mod body;
mod claims;
mod clock;
mod control;
mod defaults;
mod demo;
mod error;
mod keys;
mod ledger;
mod nonces;
mod orders;
mod params;
mod ptax;
mod rates;
mod reads;
mod records;
mod routes;
mod selic;
mod server;
mod state;
mod transfers;
mod update_feed;
mod webhook;
mod withdrawals;

pub use auth::{
    MAX_BODY_BYTES, MAX_TOKEN_LIFETIME_SECS, TokenContext, VerifiedToken, check_token_claims,
    verify_token,
};
pub use body::{RequestBody, RequestKind, decode_request_body};
pub use claims::{CLAIM_FEE_RATE, CLAIM_TAX_RATE};
pub use defaults::{
    DEFAULT_WALLET_CHAIN, DEMO_TAX_ID, SANDBOX_RECEIVING_PIX_KEY, WHITELISTED_ADDRESS,
    WHITELISTED_FX_ADDRESS,
};
pub use demo::{OWN_COLD_WALLET, SUPPLIER_ADDRESS};
pub use error::{ApiError, ERROR_CODES, SandboxError};
pub use keys::{
    DemoCredentials, GeneratedKeyPair, MIN_RSA_BITS, generate_api_key, generate_demo_credentials,
    generate_key_pair,
};
pub use nonces::CLOCK_LEEWAY_SECS;
pub use ptax::{PAGE_CAP as PTAX_PAGE_CAP, sandbox_dollar_rate};
pub use rates::{FEE_RATE, USD_STABLECOIN_PRICE_BRL};
pub use selic::sandbox_selic;
pub use server::{RunningSandbox, Sandbox, SandboxConfig};
pub use state::{
    CLAIM_COMPLETE_SECS, CentralBankEdges, ORDER_SETTLE_SECS, TRANSFER_CONFIRM_SECS,
    TRANSFER_SUBMIT_SECS, WITHDRAWAL_PAYOUT_SECS, WITHDRAWAL_PROCESS_SECS,
};
pub use update_feed::{DEMO_FEED_PATH, DEMO_UPDATE_VERSION};
pub use webhook::WebhookRetryPolicy;
