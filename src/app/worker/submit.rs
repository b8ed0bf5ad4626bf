//! A form's POST sent by the feature it belongs to: each feature's task
//! says how to send it and what it changes.

use crate::app::features::{claims, orders, transfers, wallets, withdrawals};
use crate::app::resources::ResourceKey;
use crate::app::submit::{FormKind, SubmitOutcome, SubmitRequest};
use brlv_core::api::Client;

/// Sends a form's POST once and settles how it ended; with what it changes,
/// to re-read at once.
pub async fn submit(
    client: &Client,
    request: SubmitRequest,
) -> (SubmitOutcome, &'static [ResourceKey]) {
    match request {
        SubmitRequest::Wallet(request) => (
            wallets::task::create(client, &request).await,
            wallets::task::REFRESH_AFTER,
        ),
        SubmitRequest::Transfer(request) => (
            transfers::task::create(client, &request).await,
            transfers::task::REFRESH_AFTER,
        ),
        SubmitRequest::Withdrawal(request) => (
            withdrawals::task::create(client, &request).await,
            withdrawals::task::REFRESH_AFTER,
        ),
        SubmitRequest::Claim {
            wallet_address,
            request,
        } => (
            claims::task::create(client, wallet_address.as_deref(), &request).await,
            claims::task::REFRESH_AFTER,
        ),
        SubmitRequest::Order(request) => (
            orders::task::create(client, &request).await,
            orders::task::REFRESH_AFTER,
        ),
        // The worker hands a batch to the core's runner (`worker/batch.rs`),
        // row by row, journaled; it never reaches this one-POST path.
        SubmitRequest::Batch(_) => (
            SubmitOutcome::Refused(brlv_core::api::Error::Config(
                "a file of payouts is sent row by row, not as one request".to_owned(),
            )),
            &[],
        ),
    }
}

/// What a form's POST changes, to re-read once it is known to be done.
pub fn refresh_after(form: FormKind) -> &'static [ResourceKey] {
    match form {
        FormKind::Wallet => wallets::task::REFRESH_AFTER,
        FormKind::Transfer => transfers::task::REFRESH_AFTER,
        FormKind::Withdrawal | FormKind::Batch => withdrawals::task::REFRESH_AFTER,
        FormKind::Claim => claims::task::REFRESH_AFTER,
        FormKind::Order => orders::task::REFRESH_AFTER,
    }
}
