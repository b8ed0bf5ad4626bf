//! The app without a window: `AppState` fed Events, the panels drawn headless
//! with egui_kittest (`ui_*`), the real worker end to end on the embedded
//! sandbox, the error texts in both languages, the webhook receiver and CSV
//! export. Helpers are in `support/`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../shared/child_guard.rs"]
mod child_guard;
#[path = "../shared/fault_proxy.rs"]
#[allow(dead_code, reason = "the sandbox tests use the other faults")]
mod fault_proxy_server;
mod support;

mod a11y;
mod accounts_state;
mod big_accounts;
mod error_text;
mod faults_e2e;
mod journal;
mod locale_words;
mod notifications;
mod orders_e2e;
mod panels;
mod qr_memory_journal;
mod receipts;
mod repeats_in_session;
mod resend_restart;
mod seal_at_start;
mod shell;
mod state;
mod taxes_central_bank;
mod taxes_e2e;
mod taxes_state;
mod ui_activity;
mod ui_advanced;
mod ui_asset_names;
mod ui_authorization_host;
mod ui_available;
mod ui_batch;
mod ui_batch_counts;
mod ui_cannot_tell;
mod ui_claims;
mod ui_comprovante;
mod ui_deposits;
mod ui_events;
mod ui_fit_200;
mod ui_hide_amounts;
mod ui_journal;
mod ui_lock;
mod ui_offline;
mod ui_onboarding;
mod ui_order_form;
mod ui_orders;
mod ui_outflow_at_send;
mod ui_overview;
mod ui_qr_check;
mod ui_quote_id_review;
mod ui_receipts;
mod ui_recipients;
mod ui_repeats;
mod ui_replace_file;
mod ui_reviews;
mod ui_secrets;
mod ui_sent_in_words;
mod ui_settled_sends;
mod ui_tables;
mod ui_taxes;
mod ui_taxes_declaration;
mod ui_taxes_declaration_whole;
mod ui_taxes_part_two;
mod ui_transfers;
mod ui_wallets;
mod ui_who_received;
mod ui_wide_lists;
mod ui_withdrawals;
mod updates;
mod webhook_and_export;
mod webhook_settings;
mod worker;
mod worker_accounts;
