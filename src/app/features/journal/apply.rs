//! How [`AppState`] takes in what the journal kept: every list shown at once
//! as it was last fetched (marked with that time until the service confirms
//! it; a list fetched meanwhile wins), and the claims made from this device.

use crate::app::features::taxes::state::TaxesTold;
use crate::app::resources::{AccountData, Fetched};
use crate::app::state::AppState;

use super::message::{JournalEvent, RestoredList};

/// Puts a list kept from an earlier run where the panels read it.
fn restore(data: &mut AccountData, list: RestoredList) {
    let at = list.fetched_at;
    let partial = list.partial;
    match list.fetched {
        Fetched::BalanceBrl(value) => data.balance_brl.restore(value, at, partial),
        Fetched::BalanceUsdc(value) => data.balance_usdc.restore(value, at, partial),
        Fetched::BalanceBrlv(value) => data.balance_brlv.restore(value, at, partial),
        Fetched::TaxExemption(value) => data.tax_exemption.restore(value, at, partial),
        Fetched::Orders(rows) => {
            // A list fetched meanwhile wins, its orders in motion with it.
            if data.orders.value().is_none() {
                data.orders_listed(&rows);
            }
            data.orders.restore(rows, at, partial);
        }
        Fetched::Transfers(rows) => {
            if data.transfers.value().is_none() {
                data.transfers_listed(&rows);
            }
            data.transfers.restore(rows, at, partial);
        }
        Fetched::Withdrawals(rows) => {
            if data.withdrawals.value().is_none() {
                data.withdrawals_listed(&rows);
            }
            data.withdrawals.restore(rows, at, partial);
        }
        Fetched::Wallets(rows) => data.wallets.restore(rows, at, partial),
        Fetched::Claimable(value) => data.claimable.restore(value, at, partial),
        Fetched::DepositsBrl(rows) => data.deposits_brl.restore(rows, at, partial),
        Fetched::DepositsUsd(rows) => data.deposits_usd.restore(rows, at, partial),
        Fetched::DepositsUsdc(rows) => data.deposits_usdc.restore(rows, at, partial),
        Fetched::DepositsUsdt(rows) => data.deposits_usdt.restore(rows, at, partial),
        // The watched order is never kept alone; the orders list holds it.
        Fetched::Order(_) => {}
    }
}

impl AppState {
    /// Takes in what the worker read from the journal.
    pub(crate) fn apply_journal(&mut self, event: JournalEvent) {
        match event {
            JournalEvent::Restored {
                session,
                lists,
                claims,
                tax,
            } => {
                if self.session.as_ref().is_none_or(|open| open.id != session) {
                    return;
                }
                for list in lists {
                    if let Fetched::Orders(orders) = &list.fetched {
                        // Known states, so an order that expired while the
                        // app was closed raises its notice on the next fetch.
                        for order in orders.iter() {
                            self.observe_order(order);
                        }
                    }
                    restore(&mut self.data, list);
                }
                self.data.restore_claims(claims);
                self.tell(|state| &mut state.taxes, TaxesTold::Restored(Box::new(tax)));
            }
            JournalEvent::TaxRead { session, tax } => {
                if self.session.as_ref().is_some_and(|open| open.id == session) {
                    self.tell(|state| &mut state.taxes, TaxesTold::Restored(Box::new(tax)));
                }
            }
            JournalEvent::TaxInputKept { session, input } => {
                if self.session.as_ref().is_some_and(|open| open.id == session) {
                    self.tell(|state| &mut state.taxes, TaxesTold::InputKept(input));
                }
            }
        }
    }
}
