//! A row of the extrato opens its record where the record lives: its panel,
//! with it selected, and that panel's filters cleared so the record is in
//! the list shown.

use uuid::Uuid;

use crate::app::resources::DEPOSIT_ASSETS;
use crate::app::state::{AppState, View};

use super::model::Source;

impl AppState {
    /// Shows the record `source` points at (of id `id`) in its own panel.
    pub fn open_movement(&mut self, source: Source, id: Uuid) {
        match source {
            Source::Order(_) => {
                self.view = View::Orders;
                self.select_order(Some(id));
            }
            Source::Transfer(_) => {
                self.view = View::Transfers;
                let transfers = &mut self.transfers;
                transfers.source_filter.clear();
                transfers.target_filter.clear();
                transfers.asset_filter = None;
                transfers.state_filter = None;
                transfers.selected = Some(id);
            }
            Source::Withdrawal(_) => {
                self.view = View::Withdrawals;
                self.withdrawals.asset_filter = None;
                self.withdrawals.selected = Some(id);
            }
            Source::Deposit(list, _) => {
                self.view = View::Deposits;
                if let Some(asset) = DEPOSIT_ASSETS.get(usize::from(list)) {
                    self.deposits.asset = asset.clone();
                }
                self.deposits.selected = Some(id);
            }
            Source::Claim(_) => {
                self.view = View::Claims;
                self.claims.selected = Some(id);
            }
        }
    }
}
