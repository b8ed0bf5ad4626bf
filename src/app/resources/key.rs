//! Which resources the app keeps up to date ([`ResourceKey`]): each
//! declared once, with whether money moving changes it and whether the
//! Overview waits for it. [`ResourceKey::polled`] is derived from the enum
//! itself, so a declared resource is always polled.

use strum::IntoEnumIterator;

use crate::api::model::DepositAsset;

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

impl ResourceKey {
    /// Every resource kept up to date while an account is open: all of them
    /// but single orders, which come and go with the open detail and with
    /// what is in motion.
    pub fn polled() -> Vec<ResourceKey> {
        ResourceKey::iter()
            .filter(|key| !matches!(key, ResourceKey::Order(_) | ResourceKey::OrderInMotion(_)))
            .collect()
    }

    /// Whether money moving changes it: these are re-read at once when
    /// something stops being in motion.
    pub fn changes_with_money(self) -> bool {
        match self {
            ResourceKey::BalanceBrl
            | ResourceKey::BalanceUsdc
            | ResourceKey::BalanceBrlv
            | ResourceKey::TaxExemption
            | ResourceKey::Claimable => true,
            ResourceKey::Orders
            | ResourceKey::Transfers
            | ResourceKey::Withdrawals
            | ResourceKey::Wallets
            | ResourceKey::DepositsBrl
            | ResourceKey::DepositsUsd
            | ResourceKey::DepositsUsdc
            | ResourceKey::DepositsUsdt
            | ResourceKey::Order(_)
            | ResourceKey::OrderInMotion(_) => false,
        }
    }

    /// Whether the overview shows it (and waits for it before a screenshot).
    pub fn on_overview(self) -> bool {
        match self {
            ResourceKey::BalanceBrl
            | ResourceKey::BalanceUsdc
            | ResourceKey::BalanceBrlv
            | ResourceKey::TaxExemption
            | ResourceKey::Orders
            | ResourceKey::Transfers
            | ResourceKey::Withdrawals => true,
            ResourceKey::Wallets
            | ResourceKey::Claimable
            | ResourceKey::DepositsBrl
            | ResourceKey::DepositsUsd
            | ResourceKey::DepositsUsdc
            | ResourceKey::DepositsUsdt
            | ResourceKey::Order(_)
            | ResourceKey::OrderInMotion(_) => false,
        }
    }
}

/// The four deposit assets, in the order the Deposits panel offers them.
pub const DEPOSIT_ASSETS: [DepositAsset; 4] = [
    DepositAsset::Brl,
    DepositAsset::Usd,
    DepositAsset::Usdc,
    DepositAsset::Usdt,
];
