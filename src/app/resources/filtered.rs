//! The lists fetched with filters the API applies ([`ListQuery`],
//! [`Listed`]), kept beside the full list they narrow ([`Narrowed`]).

use std::sync::Arc;

use crate::app::clock::Millis;
use crate::app::remote::Remote;
use brlv_core::api::Error;
use brlv_core::api::model::{Asset, Transfer, TransferFilter, Wallet, WalletFilter, Withdrawal};

use super::fetched::Rows;

/// A list fetched with filters the API applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListQuery {
    /// `GET /wallets?assets=…&addresses=…`.
    Wallets(WalletFilter),
    /// `GET /transfers` with its four filters.
    Transfers(TransferFilter),
    /// `GET /withdrawals?asset=…`.
    Withdrawals(Option<Asset>),
}

/// A filtered list as it arrived, with the filters it answers.
#[derive(Debug)]
pub enum Listed {
    /// Wallets.
    Wallets(WalletFilter, Result<Vec<Wallet>, Error>),
    /// Transfers.
    Transfers(TransferFilter, Result<Vec<Transfer>, Error>),
    /// Withdrawals.
    Withdrawals(Option<Asset>, Result<Vec<Withdrawal>, Error>),
}

impl Listed {
    /// The same list, newest first, as a full list is kept: a list the
    /// service sent oldest first is turned round (wallets have no time and
    /// keep the service's order).
    pub fn newest_first(mut self) -> Listed {
        match &mut self {
            Listed::Transfers(_, Ok(rows)) => {
                super::fetched::newest_first(rows, |row| row.created_at)
            }
            Listed::Withdrawals(_, Ok(rows)) => {
                super::fetched::newest_first(rows, |row| row.created_at);
            }
            _ => {}
        }
        self
    }
}

/// A list fetched with filters, with the filters it answers.
#[derive(Clone, Debug)]
pub struct FilteredList<Q, T> {
    /// The filters sent.
    pub query: Q,
    /// The rows.
    pub list: Remote<Rows<T>>,
}

/// A panel's list: the full one, narrowed by filters the API applies while
/// any is set.
#[derive(Clone, Debug)]
pub struct Narrowed<Q, T> {
    /// The filtered list, while a filter is set.
    pub filtered: Option<FilteredList<Q, T>>,
}

impl<Q, T> Default for Narrowed<Q, T> {
    fn default() -> Self {
        Narrowed { filtered: None }
    }
}

impl<Q: Clone + PartialEq, T> Narrowed<Q, T> {
    /// The list to show: the filtered one while a filter is set, else `full`.
    pub fn shown<'a>(&'a self, full: &'a Remote<Rows<T>>) -> &'a Remote<Rows<T>> {
        self.filtered
            .as_ref()
            .map_or(full, |filtered| &filtered.list)
    }

    /// Keeps the filtered list in step with the filters the person set:
    /// `None` (no filter) shows the full list; a new filter is asked for once
    /// (the query to send is returned).
    pub fn sync(&mut self, wanted: Option<Q>) -> Option<Q> {
        let Some(query) = wanted else {
            self.filtered = None;
            return None;
        };
        if self
            .filtered
            .as_ref()
            .is_some_and(|list| list.query == query)
        {
            return None;
        }
        self.filtered = Some(FilteredList {
            query: query.clone(),
            list: Remote::Loading { previous: None },
        });
        Some(query)
    }

    /// The filters to ask for again after the full list refreshed, so the
    /// filtered one is never older than the full one.
    pub fn refresh(&self) -> Option<Q> {
        self.filtered
            .as_ref()
            .map(|filtered| filtered.query.clone())
    }

    /// Takes in an answer to `query`; one to filters changed meanwhile is dropped.
    pub fn arrived(&mut self, query: &Q, result: Result<Vec<T>, Error>, at: Millis) {
        if let Some(list) = self.filtered.as_mut().filter(|list| &list.query == query) {
            list.list.finish(result.map(Arc::new), at, at);
        }
    }
}
