//! The Orders feature's calls. Creating an order never creates it twice: a
//! quote can be accepted only once, so after a lost answer the order list is
//! re-read and the order looked for by its `quote-id` before anyone is told
//! what happened.

use uuid::Uuid;

use crate::app::export::{FileError, write_file};
use crate::app::resources::ResourceKey;
use crate::app::submit::{Created, SubmitOutcome, settle};
use brlv_core::api::Client;
use brlv_core::api::model::{CreateOrder, Order};

/// What a new order changes, re-read at once afterwards.
pub const REFRESH_AFTER: &[ResourceKey] = &[ResourceKey::Orders];

/// Pixels per module of a saved QR PNG: about 450 px wide, sharp when printed.
pub const QR_PNG_MODULE_PIXELS: u32 = 8;

/// `POST /orders`, once; after a lost answer, reconciled by quote id.
pub async fn create(client: &Client, request: &CreateOrder) -> SubmitOutcome {
    let sent = client.create_order(request).await;
    let created = |order: Order| Created::Order(Box::new(order));
    settle(sent, created, || async {
        let orders = client.list_orders().await.map_err(Some)?;
        Ok(find_by_quote(orders, request.quote_id).map(created))
    })
    .await
}

/// The order made from `quote_id`, if the list has it.
fn find_by_quote(orders: Vec<Order>, quote_id: Uuid) -> Option<Order> {
    orders
        .into_iter()
        .find(|order| order.quote_id == Some(quote_id))
}

/// Writes the QR code of `brcode` as a PNG; blocking, for the worker's blocking pool.
pub fn save_qr_png(path: &std::path::Path, brcode: &str) -> Result<std::path::PathBuf, FileError> {
    let png = brlv_core::pix::render_qr_png(brcode, QR_PNG_MODULE_PIXELS)
        .map_err(|error| FileError::encode(path, error))?;
    write_file(path, &png)
}
