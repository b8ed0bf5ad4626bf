//! Which resources the app keeps up to date ([`ResourceKey`]): each
//! declared once, with whether money moving changes it and whether the
//! Overview waits for it. [`ResourceKey::polled`] is derived from the enum
//! itself, so a declared resource is always polled.

use strum::IntoEnumIterator;

use brlv_core::api::model::DepositAsset;

/// Something the app fetches and keeps up to date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, strum::EnumIter)]
pub enum ResourceKey {
    /// `GET /assets/brl/balance`.
    BalanceBrl,
    /// `GET /assets/usdc/balance`.
    BalanceUsdc,
    /// `GET /assets/brlv/balance`.
    BalanceBrlv,
    /// `GET /tax-exemption/progress`.
    TaxExemption,
    /// `GET /orders`.
    Orders,
    /// `GET /transfers`.
    Transfers,
    /// `GET /withdrawals`.
    Withdrawals,
    /// `GET /wallets`.
    Wallets,
    /// `GET /claims` and `GET /wallets/{address}/claims` for each wallet.
    Claimable,
    /// `GET /assets/brl/deposits`.
    DepositsBrl,
    /// `GET /assets/usd/deposits`.
    DepositsUsd,
    /// `GET /assets/usdc/deposits`.
    DepositsUsdc,
    /// `GET /assets/usdt/deposits`.
    DepositsUsdt,
    /// `GET /orders/{id}`: the order whose detail is open, polled only while it is.
    Order(uuid::Uuid),
    /// `GET /orders/{id}`: an order in motion in a list too big to re-read
    /// as often as it moves, followed alone until it settles (see
    /// [`crate::app::schedule::Schedule::follow`]).
    OrderInMotion(uuid::Uuid),
}

/// What a resource holds, which decides how it is kept up to date.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceRole {
    /// A figure that money moving changes and the Overview shows: a
    /// balance, the month's tax-exemption use.
    Figure,
    /// What can be claimed: money moving changes it; its own panel shows it.
    Claimable,
    /// A list of movements, whose ones in motion the Overview shows:
    /// orders, transfers, withdrawals.
    Movements,
    /// A list shown in its own panel only: wallets, deposits.
    List,
    /// One order, fetched alone: the open detail, or one followed in motion.
    OneOrder,
}

impl ResourceKey {
    /// What it holds: each resource's one place in the table.
    pub fn role(self) -> ResourceRole {
        match self {
            ResourceKey::BalanceBrl
            | ResourceKey::BalanceUsdc
            | ResourceKey::BalanceBrlv
            | ResourceKey::TaxExemption => ResourceRole::Figure,
            ResourceKey::Claimable => ResourceRole::Claimable,
            ResourceKey::Orders | ResourceKey::Transfers | ResourceKey::Withdrawals => {
                ResourceRole::Movements
            }
            ResourceKey::Wallets
            | ResourceKey::DepositsBrl
            | ResourceKey::DepositsUsd
            | ResourceKey::DepositsUsdc
            | ResourceKey::DepositsUsdt => ResourceRole::List,
            ResourceKey::Order(_) | ResourceKey::OrderInMotion(_) => ResourceRole::OneOrder,
        }
    }

    /// Every resource kept up to date while an account is open: all of them
    /// but single orders, which come and go with the open detail and with
    /// what is in motion.
    pub fn polled() -> Vec<ResourceKey> {
        ResourceKey::iter()
            .filter(|key| key.role() != ResourceRole::OneOrder)
            .collect()
    }

    /// Whether money moving changes it: these are re-read at once when
    /// something stops being in motion.
    pub fn changes_with_money(self) -> bool {
        matches!(self.role(), ResourceRole::Figure | ResourceRole::Claimable)
    }

    /// Whether the overview shows it (and waits for it before a screenshot).
    pub fn on_overview(self) -> bool {
        matches!(self.role(), ResourceRole::Figure | ResourceRole::Movements)
    }
}

/// The four deposit assets, in the order the Deposits panel offers them.
pub const DEPOSIT_ASSETS: [DepositAsset; 4] = [
    DepositAsset::Brl,
    DepositAsset::Usd,
    DepositAsset::Usdc,
    DepositAsset::Usdt,
];
