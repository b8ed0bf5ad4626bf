//! The ledger of one account: who holds how much of which asset.
//!
//! Fiat (`fiat/brl`, `fiat/usd`) is held by the account itself; tokens are held
//! by the account's wallets, one amount per (wallet, asset). The balance
//! endpoint sums an asset over the account's wallets. Every change here runs
//! with the sandbox's single lock held, in the same critical section as the
//! check that allows it, so concurrent requests can never overdraw a balance.

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use brlv_core::api::model::Asset;

/// Who holds an amount.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Holder {
    /// The account itself (fiat money).
    Account,
    /// One of the account's wallets, by lower-case address.
    Wallet(String),
}

impl Holder {
    /// The holder of an on-chain amount at `address`.
    pub(crate) fn wallet(address: &str) -> Self {
        Holder::Wallet(address.to_ascii_lowercase())
    }

    /// Where an asset lives for an account: fiat at the account, tokens at a wallet.
    pub(crate) fn for_asset(asset: &Asset, wallet_address: Option<&str>) -> Option<Self> {
        if asset.is_fiat() {
            Some(Holder::Account)
        } else {
            wallet_address.map(Holder::wallet)
        }
    }
}

/// Why the ledger refused a change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LedgerError {
    /// Not enough of the asset.
    Insufficient {
        /// What the holder has.
        available: Decimal,
    },
    /// The balance would exceed what rust_decimal represents.
    Overflow,
}

/// Amounts per holder and asset; absent means zero.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ledger {
    holdings: BTreeMap<(Holder, Asset), Decimal>,
}

impl Ledger {
    /// What `holder` has of `asset`.
    pub(crate) fn balance(&self, holder: &Holder, asset: &Asset) -> Decimal {
        self.holdings
            .get(&(holder.clone(), asset.clone()))
            .copied()
            .unwrap_or(Decimal::ZERO)
    }

    /// The sum over all holders of the assets `include` selects.
    pub(crate) fn total(&self, include: impl Fn(&Asset) -> bool) -> Decimal {
        self.holdings
            .iter()
            .filter(|((_, asset), _)| include(asset))
            .fold(Decimal::ZERO, |sum, (_, amount)| {
                sum.checked_add(*amount).unwrap_or(sum)
            })
    }

    /// Assets `holder` has a positive amount of.
    pub(crate) fn assets_held(&self, holder: &Holder) -> Vec<Asset> {
        self.holdings
            .iter()
            .filter(|((who, _), amount)| who == holder && **amount > Decimal::ZERO)
            .map(|((_, asset), _)| asset.clone())
            .collect()
    }

    /// Adds `amount` (positive) to `holder`'s `asset`.
    pub(crate) fn credit(
        &mut self,
        holder: &Holder,
        asset: &Asset,
        amount: Decimal,
    ) -> Result<(), LedgerError> {
        let current = self.balance(holder, asset);
        let updated = current.checked_add(amount).ok_or(LedgerError::Overflow)?;
        self.holdings
            .insert((holder.clone(), asset.clone()), updated);
        Ok(())
    }

    /// Takes `amount` from `holder`'s `asset`, refusing (and changing nothing) when short.
    pub(crate) fn debit(
        &mut self,
        holder: &Holder,
        asset: &Asset,
        amount: Decimal,
    ) -> Result<(), LedgerError> {
        let available = self.balance(holder, asset);
        if available < amount {
            return Err(LedgerError::Insufficient { available });
        }
        self.holdings
            .insert((holder.clone(), asset.clone()), available - amount);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_debit_changes_nothing() {
        let mut ledger = Ledger::default();
        let a = Holder::wallet("0xAA");
        ledger
            .credit(&a, &Asset::EthBaseBrlv, Decimal::from(3))
            .unwrap();
        assert_eq!(
            ledger.debit(&a, &Asset::EthBaseBrlv, Decimal::from(4)),
            Err(LedgerError::Insufficient {
                available: Decimal::from(3)
            })
        );
        assert_eq!(ledger.balance(&a, &Asset::EthBaseBrlv), Decimal::from(3));
        ledger
            .debit(&a, &Asset::EthBaseBrlv, Decimal::from(2))
            .unwrap();
        assert_eq!(
            ledger.balance(&Holder::wallet("0xaa"), &Asset::EthBaseBrlv),
            Decimal::ONE,
            "an address is one holder whatever its case"
        );
        assert_eq!(ledger.total(|asset| !asset.is_fiat()), Decimal::ONE);
    }
}
