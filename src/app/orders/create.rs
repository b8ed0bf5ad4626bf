//! Creating an order without ever creating it twice. The interface has no
//! idempotency key, so a POST is never retried; when its answer is lost the
//! list is re-read and the order looked for by its `quote-id` (a quote can
//! be accepted only once) before anyone is told what happened.

use uuid::Uuid;

use crate::api::Client;
use crate::api::model::{CreateOrder, Order};

use super::OrderOutcome;

/// Sends `request` once; after a failure that may have been applied anyway,
/// re-reads the orders and reconciles by quote id.
pub async fn create_order_reconciled(client: &Client, request: &CreateOrder) -> OrderOutcome {
    let error = match client.create_order(request).await {
        Ok(order) => return OrderOutcome::Created(order),
        Err(error) if !error.outcome_unknown() => return OrderOutcome::Refused(error),
        Err(error) => error,
    };
    match client.list_orders().await {
        Ok(orders) => match find_by_quote(orders, request.quote_id) {
            Some(order) => OrderOutcome::FoundAfterFailure { order, error },
            None => OrderOutcome::NotCreated(error),
        },
        Err(reread) => OrderOutcome::Unknown { error, reread },
    }
}

/// The order made from `quote_id`, if the list has it.
fn find_by_quote(orders: Vec<Order>, quote_id: Uuid) -> Option<Order> {
    orders
        .into_iter()
        .find(|order| order.quote_id == Some(quote_id))
}
