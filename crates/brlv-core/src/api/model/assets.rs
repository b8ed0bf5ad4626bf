//! Asset identifiers and chains (spec 2.1), and amounts read at an asset's
//! scale (spec 2.8).

use rust_decimal::Decimal;

use crate::api::wire_enum::wire_enum;

wire_enum! {
    /// An asset identifier of spec section 2.1.
    pub enum Asset {
        /// BRLV on the Tempo chain.
        TempoBrlv => "tempo/brlv",
        /// BRLV on Base.
        EthBaseBrlv => "eth-base/brlv",
        /// BRLV on Ethereum mainnet.
        EthMainnetBrlv => "eth-mainnet/brlv",
        /// Brazilian reais, paid in and out over PIX and TED.
        FiatBrl => "fiat/brl",
        /// USDT on Base.
        EthBaseUsdt => "eth-base/usdt",
        /// US dollars.
        FiatUsd => "fiat/usd",
        /// USDT on Ethereum mainnet.
        EthMainnetUsdt => "eth-mainnet/usdt",
        /// USDC on Ethereum mainnet.
        EthMainnetUsdc => "eth-mainnet/usdc",
        /// Wrapped BRLY on Base.
        EthBaseWbrly => "eth-base/wbrly",
        /// USDC on Base.
        EthBaseUsdc => "eth-base/usdc",
        /// BRLY on Base.
        EthBaseBrly => "eth-base/brly",
    }
}

impl Asset {
    /// Fiat money (`fiat/…`): never needs a wallet address.
    pub fn is_fiat(&self) -> bool {
        self.as_str().starts_with("fiat/")
    }

    /// The three assets spec 2.1 names as tokens.
    pub fn is_listed_token(&self) -> bool {
        matches!(
            self,
            Asset::EthBaseBrlv | Asset::EthMainnetBrlv | Asset::EthBaseWbrly
        )
    }

    /// Whether an order on this side needs a wallet address.
    ///
    /// Spec 2.1 lists three tokens, but 4.1 also makes the target wallet of a
    /// BRL→USDC order a whitelisted one, so every on-chain asset carries one:
    /// tokens cannot be delivered without an address.
    pub fn needs_wallet_address(&self) -> bool {
        !self.is_fiat()
    }

    /// Assets the transfer endpoint accepts (spec 4.2).
    pub fn is_transferable(&self) -> bool {
        matches!(self, Asset::EthBaseBrlv | Asset::EthBaseWbrly)
    }

    /// The chain of an on-chain asset, from its prefix.
    pub fn chain(&self) -> Option<Chain> {
        let (prefix, _) = self.as_str().split_once('/')?;
        let chain = Chain::from_wire(prefix);
        chain.is_known().then_some(chain)
    }

    /// The ticker after the slash, upper-cased: `BRLV`, `USDC`, `BRL`.
    pub fn ticker(&self) -> String {
        let raw = self.as_str();
        raw.rsplit_once('/')
            .map_or(raw, |(_, ticker)| ticker)
            .to_uppercase()
    }

    /// Decimal places amounts of this asset carry.
    ///
    /// Spec 2.8 gives brl 2, usdc 6 and brlv 18; the rest follow their
    /// families (USD like BRL, USDT like USDC, BRLY and wBRLY like BRLV).
    /// An unknown asset gets 18, the widest, so no typed digit is refused
    /// for want of a rule.
    pub fn scale(&self) -> u32 {
        match self.ticker().as_str() {
            "BRL" | "USD" => 2,
            "USDC" | "USDT" => 6,
            _ => 18,
        }
    }
}

wire_enum! {
    /// A chain a wallet can be created on (spec 4.3).
    pub enum Chain {
        /// Tempo.
        Tempo => "tempo",
        /// Ethereum mainnet.
        EthMainnet => "eth-mainnet",
        /// Base.
        EthBase => "eth-base",
    }
}

/// Parses an amount as the wire carries it (`"12.50"`), refusing more places
/// than `scale` allows. Only plain decimal notation is accepted: `1e3` and
/// `+5` parse as numbers elsewhere but are not what the spec's strings hold.
pub fn parse_wire_amount(raw: &str, scale: u32) -> Result<Decimal, AmountError> {
    let trimmed = raw.trim();
    let digits = trimmed.strip_prefix('-').unwrap_or(trimmed);
    let plain = !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
        && digits.matches('.').count() <= 1
        && digits.chars().any(|c| c.is_ascii_digit());
    if !plain {
        return Err(AmountError::NotADecimal(raw.to_owned()));
    }
    let value: Decimal = trimmed
        .parse()
        .map_err(|_| AmountError::NotADecimal(raw.to_owned()))?;
    if value.scale() > scale && value.normalize().scale() > scale {
        return Err(AmountError::TooManyPlaces {
            places: value.normalize().scale(),
            scale,
        });
    }
    if value <= Decimal::ZERO {
        return Err(AmountError::NotPositive);
    }
    Ok(value)
}

/// Why an amount string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AmountError {
    /// Not a decimal number at all.
    #[error("{0:?} is not a decimal number")]
    NotADecimal(String),
    /// Zero or negative.
    #[error("the amount must be greater than zero")]
    NotPositive,
    /// More decimal places than the asset carries.
    #[error("the amount has {places} decimal places; this asset allows at most {scale}")]
    TooManyPlaces {
        /// Places given.
        places: u32,
        /// Places allowed.
        scale: u32,
    },
}

/// The sides of a conversion that a fee can be valued from: what is paid,
/// what is received, and the base rate (target per source unit, before the
/// fee).
#[derive(Clone, Copy, Debug)]
pub struct FeeSides<'a> {
    /// The fee charged.
    pub fee: Decimal,
    /// The asset the fee is charged in.
    pub fee_asset: &'a Asset,
    /// The asset paid in.
    pub source_asset: &'a Asset,
    /// The asset received.
    pub target_asset: &'a Asset,
    /// Target units per source unit, before the fee.
    pub base_rate: Option<Decimal>,
}

/// What a fee is worth in reais, so a person compares it with what their
/// bank charges: a fee in reais as it is; one in BRLV at R$1.00 a token
/// (its backing, as the tax year counts it); one in the other side of a
/// conversion from or to reais at the base rate. Rounded to the nearest
/// centavo: the rate is itself rounded, so a centavo more would be noise,
/// not caution. `None` when nothing on the order gives its value in reais.
pub fn fee_in_brl(sides: FeeSides<'_>) -> Option<Decimal> {
    let FeeSides {
        fee,
        fee_asset,
        source_asset,
        target_asset,
        base_rate,
    } = sides;
    let in_brl = match fee_asset.ticker().as_str() {
        "BRL" | "BRLV" => Some(fee),
        _ if source_asset.ticker() == "BRL" && fee_asset == target_asset => base_rate
            .filter(|rate| !rate.is_zero())
            .and_then(|rate| fee.checked_div(rate)),
        _ if target_asset.ticker() == "BRL" && fee_asset == source_asset => {
            base_rate.and_then(|rate| fee.checked_mul(rate))
        }
        _ => None,
    }?;
    Some(in_brl.round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero))
}

#[cfg(test)]
mod fee_tests {
    use super::{Asset, FeeSides, fee_in_brl};
    use rust_decimal::Decimal;

    fn dec(text: &str) -> Decimal {
        text.parse().unwrap_or_default()
    }

    fn sides<'a>(
        fee: &str,
        fee_asset: &'a Asset,
        source: &'a Asset,
        target: &'a Asset,
    ) -> FeeSides<'a> {
        FeeSides {
            fee: dec(fee),
            fee_asset,
            source_asset: source,
            target_asset: target,
            base_rate: Some(dec("0.185185")),
        }
    }

    #[test]
    fn a_fee_is_valued_in_reais_from_the_side_that_is_reais() {
        let (brl, brlv, usdc) = (Asset::FiatBrl, Asset::EthBaseBrlv, Asset::EthBaseUsdc);
        assert_eq!(
            fee_in_brl(sides("1.25", &brlv, &brl, &brlv)),
            Some(dec("1.25"))
        );
        assert_eq!(
            fee_in_brl(sides("2.70", &brl, &usdc, &brl)),
            Some(dec("2.70"))
        );
        // R$540 bought 99.5 USDC at 0.185185 USDC a real: the 0.5 USDC fee is R$2.70.
        assert_eq!(
            fee_in_brl(sides("0.5", &usdc, &brl, &usdc)),
            Some(dec("2.70"))
        );
        // A fee in the USDC paid for reais, at 5.40 reais a USDC.
        let mut paid_in_usdc = sides("0.5", &usdc, &usdc, &brl);
        paid_in_usdc.base_rate = Some(dec("5.41"));
        assert_eq!(fee_in_brl(paid_in_usdc), Some(dec("2.71")));
        // Neither side in reais: no value is guessed.
        assert_eq!(
            fee_in_brl(sides("0.5", &usdc, &Asset::EthMainnetUsdt, &usdc)),
            None
        );
        let mut no_rate = sides("0.5", &usdc, &brl, &usdc);
        no_rate.base_rate = None;
        assert_eq!(fee_in_brl(no_rate), None);
    }
}
