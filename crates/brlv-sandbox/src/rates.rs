//! Sandbox prices and the quote arithmetic.
//!
//! Prices, in BRL per unit:
//!
//! | Asset family | Price |
//! |---|---|
//! | `fiat/brl` | 1 |
//! | BRLV (`tempo/brlv`, `eth-base/brlv`, `eth-mainnet/brlv`), BRLY, wBRLY | 1 |
//! | USDC, USDT (every chain) | 5.40 |
//!
//! Pairs: `fiat/brl` to any token above, and any token above to `fiat/brl`.
//! `fiat/usd` and token-to-token pairs are refused (`unsupported-pair`).
//!
//! `base-rate` is target units per source unit before the fee; `effective-rate`
//! is `target-amount / source-amount`, both rounded to 10 places. The fee is
//! 0.5 % of the gross target amount, in the target asset, rounded *up* at the
//! target asset's scale; the gross target amount is rounded *down* at that
//! scale, and a source amount computed from a fixed target amount is rounded
//! *up* at the source scale: every rounding favours the service.
//! A quote can be accepted for [`super::SandboxConfig::quote_lifetime`]
//! (60 s by default).

use rust_decimal::{Decimal, RoundingStrategy};

use super::error::ApiError;
use brlv_core::api::model::Asset;

/// BRL per USDC or USDT in the sandbox.
pub const USD_STABLECOIN_PRICE_BRL: Decimal = Decimal::from_parts(540, 0, 0, false, 2);

/// The conversion fee: 0.5 % of the gross target amount.
pub const FEE_RATE: Decimal = Decimal::from_parts(5, 0, 0, false, 3);

/// Places `base-rate` and `effective-rate` are rounded to.
const RATE_PLACES: u32 = 10;

/// The BRL price of one unit of `asset`, or `None` when the sandbox does not trade it.
pub(crate) fn brl_price(asset: &Asset) -> Option<Decimal> {
    if *asset == Asset::FiatBrl {
        return Some(Decimal::ONE);
    }
    if asset.is_fiat() || !asset.is_known() {
        return None;
    }
    match asset.ticker().as_str() {
        "BRLV" | "BRLY" | "WBRLY" => Some(Decimal::ONE),
        "USDC" | "USDT" => Some(USD_STABLECOIN_PRICE_BRL),
        _ => None,
    }
}

/// Whether the sandbox quotes `source` → `target`.
pub(crate) fn is_supported_pair(source: &Asset, target: &Asset) -> bool {
    let brl_to_token = *source == Asset::FiatBrl && !target.is_fiat();
    let token_to_brl = *target == Asset::FiatBrl && !source.is_fiat();
    (brl_to_token || token_to_brl) && brl_price(source).is_some() && brl_price(target).is_some()
}

/// Whether an order on this pair is an FX order (BRL to or from a dollar stablecoin),
/// for which spec 4.1 wants an FX-whitelisted target wallet.
pub(crate) fn is_fx_pair(source: &Asset, target: &Asset) -> bool {
    let dollar = |asset: &Asset| matches!(asset.ticker().as_str(), "USDC" | "USDT");
    dollar(source) || dollar(target)
}

/// Which side of a quote the caller fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FixedSide {
    /// The amount paid in.
    Source(Decimal),
    /// The amount received.
    Target(Decimal),
}

/// The priced conversion a quote carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pricing {
    /// Amount paid in, at the source scale.
    pub source_amount: Decimal,
    /// Amount received, at the target scale.
    pub target_amount: Decimal,
    /// Target per source unit before the fee.
    pub base_rate: Decimal,
    /// Target per source unit after the fee.
    pub effective_rate: Decimal,
    /// Fee, in the target asset.
    pub fee_amount: Decimal,
    /// Value of the gross target amount in BRL (for the tax-exemption report).
    pub brl_value: Decimal,
}

fn too_large() -> ApiError {
    ApiError::unprocessable("amount-too-large", "the amount is too large to price")
}

fn round_down(value: Decimal, scale: u32) -> Decimal {
    value.round_dp_with_strategy(scale, RoundingStrategy::ToZero)
}

fn round_up(value: Decimal, scale: u32) -> Decimal {
    value.round_dp_with_strategy(scale, RoundingStrategy::AwayFromZero)
}

/// Prices `source` → `target` with one side fixed, by the rules in this module's doc.
pub(crate) fn price(source: &Asset, target: &Asset, fixed: FixedSide) -> Result<Pricing, ApiError> {
    if !is_supported_pair(source, target) {
        return Err(unsupported(source, target));
    }
    price_at(source, target, fixed, brl_price)
}

/// [`price`] at other prices (BRL per unit of each asset): the demo's
/// history, priced as the market stood months ago. Any pair both of whose
/// prices are known, token to token included.
pub(crate) fn price_at(
    source: &Asset,
    target: &Asset,
    fixed: FixedSide,
    brl_price: impl Fn(&Asset) -> Option<Decimal>,
) -> Result<Pricing, ApiError> {
    let (Some(source_price), Some(target_price)) = (brl_price(source), brl_price(target)) else {
        return Err(unsupported(source, target));
    };
    let base_rate = source_price
        .checked_div(target_price)
        .ok_or_else(too_large)?;
    let (source_scale, target_scale) = (source.scale(), target.scale());
    let (source_amount, gross_target, fee_amount, target_amount) = match fixed {
        FixedSide::Source(source_amount) => {
            let gross = round_down(
                source_amount.checked_mul(base_rate).ok_or_else(too_large)?,
                target_scale,
            );
            let fee = round_up(
                gross.checked_mul(FEE_RATE).ok_or_else(too_large)?,
                target_scale,
            );
            (source_amount, gross, fee, gross - fee)
        }
        FixedSide::Target(target_amount) => {
            // gross = target + fee and fee = FEE_RATE × gross, so fee = target × r / (1 − r).
            let fee = round_up(
                target_amount
                    .checked_mul(FEE_RATE)
                    .and_then(|value| value.checked_div(Decimal::ONE - FEE_RATE))
                    .ok_or_else(too_large)?,
                target_scale,
            );
            let gross = target_amount.checked_add(fee).ok_or_else(too_large)?;
            let source_amount = round_up(
                gross.checked_div(base_rate).ok_or_else(too_large)?,
                source_scale,
            );
            (source_amount, gross, fee, target_amount)
        }
    };
    if target_amount <= Decimal::ZERO || source_amount <= Decimal::ZERO {
        return Err(ApiError::unprocessable(
            "amount-too-small",
            "after the 0.5 % fee nothing would be received; quote a larger amount",
        ));
    }
    let effective_rate = target_amount
        .checked_div(source_amount)
        .ok_or_else(too_large)?;
    let brl_value = gross_target
        .checked_mul(target_price)
        .ok_or_else(too_large)?
        .round_dp(2);
    Ok(Pricing {
        source_amount: at_scale(source_amount, source_scale),
        target_amount: at_scale(target_amount, target_scale),
        base_rate: base_rate.round_dp(RATE_PLACES).normalize(),
        effective_rate: effective_rate.round_dp(RATE_PLACES).normalize(),
        fee_amount: at_scale(fee_amount, target_scale),
        brl_value,
    })
}

/// The amount written with exactly the asset's places (`99.5` BRLV as
/// `99.500000000000000000`), as the service writes balances (spec 2.8).
fn at_scale(mut value: Decimal, scale: u32) -> Decimal {
    if value.scale() <= scale {
        value.rescale(scale);
    }
    value
}

fn unsupported(source: &Asset, target: &Asset) -> ApiError {
    ApiError::unprocessable(
        "unsupported-pair",
        format!(
            "the sandbox does not convert {} to {}; it converts fiat/brl to and from BRLV, BRLY, wBRLY, USDC and USDT",
            source.as_str(),
            target.as_str()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(raw: &str) -> Decimal {
        raw.parse().unwrap()
    }

    #[test]
    fn brl_to_brlv_charges_half_a_percent_in_brlv() {
        let pricing = price(
            &Asset::FiatBrl,
            &Asset::EthBaseBrlv,
            FixedSide::Source(dec("1000.00")),
        )
        .unwrap();
        assert_eq!(pricing.target_amount, dec("995"));
        assert_eq!(pricing.fee_amount, dec("5"));
        assert_eq!(pricing.base_rate, Decimal::ONE);
        assert_eq!(pricing.effective_rate, dec("0.995"));
    }

    #[test]
    fn brl_to_usdc_rounds_in_the_services_favour() {
        let pricing = price(
            &Asset::FiatBrl,
            &Asset::EthBaseUsdc,
            FixedSide::Source(dec("100.00")),
        )
        .unwrap();
        // 100 / 5.40 = 18.518518518... → gross 18.518518 (down), fee 0.092593 (up).
        assert_eq!(pricing.fee_amount, dec("0.092593"));
        assert_eq!(pricing.target_amount, dec("18.425925"));
    }

    #[test]
    fn a_fixed_target_is_delivered_exactly_and_costs_enough() {
        let pricing = price(
            &Asset::FiatBrl,
            &Asset::EthBaseUsdc,
            FixedSide::Target(dec("100")),
        )
        .unwrap();
        assert_eq!(pricing.target_amount, dec("100"));
        let forward = price(
            &Asset::FiatBrl,
            &Asset::EthBaseUsdc,
            FixedSide::Source(pricing.source_amount),
        )
        .unwrap();
        assert!(forward.target_amount >= dec("100"), "{forward:?}");
    }

    #[test]
    fn unsupported_pairs_are_refused() {
        assert!(
            price(
                &Asset::FiatUsd,
                &Asset::EthBaseBrlv,
                FixedSide::Source(Decimal::ONE)
            )
            .is_err()
        );
        assert!(
            price(
                &Asset::EthBaseUsdc,
                &Asset::EthBaseBrlv,
                FixedSide::Source(Decimal::ONE)
            )
            .is_err()
        );
        assert!(
            price(
                &Asset::EthBaseUsdc,
                &Asset::FiatBrl,
                FixedSide::Source(Decimal::ONE)
            )
            .is_ok()
        );
        // 0.000001 USDC is worth less than a centavo: nothing would arrive.
        assert_eq!(
            price(
                &Asset::EthBaseUsdc,
                &Asset::FiatBrl,
                FixedSide::Source(dec("0.000001"))
            )
            .unwrap_err()
            .code,
            "amount-too-small"
        );
    }
}
