//! What an order about to be sent makes of the month's sales against the
//! R$35,000 exemption, for its confirmation: the Brasília month's sales as
//! the ledger counts them, plus this order's sale value. What counts as a
//! sale is what the ledger counts: a token given for reais (or dollars), or
//! for another token (a swap); buying a token is no sale.

use rust_decimal::Decimal;
use time::OffsetDateTime;

use brlv_core::api::model::{Asset, MONTHLY_TAX_EXEMPTION_LIMIT_BRL, Quote};
use brlv_core::tax::ledger::ticker_of;
use brlv_core::tax::{Ledger, ServicePrices};

use super::monthly::this_month_sales;

/// What an order makes of the month's sales.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaleEffect {
    /// Not a sale (reais or dollars for a token): the month's sales stay.
    NotASale {
        /// The month's sales so far.
        month_sales: Decimal,
    },
    /// A swap or a sale in dollars whose value in reais is not known here
    /// (no price from the service): it counts at that value.
    ValueUnknown {
        /// The month's sales so far.
        month_sales: Decimal,
    },
    /// A sale of `value`.
    Sale {
        /// Its sale value in reais, before its fee.
        value: Decimal,
        /// The month's sales before it.
        before: Decimal,
        /// The month's sales with it.
        after: Decimal,
    },
}

impl SaleEffect {
    /// Whether this order takes the month from exempt to taxable.
    pub fn crosses_the_limit(&self) -> bool {
        matches!(self, SaleEffect::Sale { before, after, .. }
            if *before <= MONTHLY_TAX_EXEMPTION_LIMIT_BRL && *after > MONTHLY_TAX_EXEMPTION_LIMIT_BRL)
    }

    /// Whether the month was already taxable before this order.
    pub fn already_over(&self) -> bool {
        let before = match self {
            SaleEffect::NotASale { month_sales } | SaleEffect::ValueUnknown { month_sales } => {
                *month_sales
            }
            SaleEffect::Sale { before, .. } => *before,
        };
        before > MONTHLY_TAX_EXEMPTION_LIMIT_BRL
    }
}

/// What the order `quote` would make of the Brasília month's sales as of
/// `now`, the month's sales read from `ledger`. A sale's value is what it
/// sells for before its fee (the fee charged in reais added back), as the
/// ledger counts it; a swap's, the service's price of the token given (or
/// received) when it is known.
pub fn sale_effect(
    ledger: &Ledger,
    prices: &ServicePrices,
    quote: &Quote,
    now: OffsetDateTime,
) -> SaleEffect {
    let month_sales = this_month_sales(ledger, now);
    let (Some(source), Some(target)) = (&quote.source_asset, &quote.target_asset) else {
        return SaleEffect::ValueUnknown { month_sales };
    };
    if source.is_fiat() {
        return SaleEffect::NotASale { month_sales };
    }
    let fee_in_target = quote.fee_asset.as_ref().is_none_or(|asset| asset == target);
    let fee = if fee_in_target {
        quote.fee_amount.unwrap_or(Decimal::ZERO)
    } else {
        Decimal::ZERO
    };
    let value = if *target == Asset::FiatBrl {
        quote.target_amount.map(|received| received + fee)
    } else {
        let priced = |asset: &Asset, amount: Option<Decimal>| {
            let price = prices.of(&ticker_of(asset))?;
            amount?.checked_mul(price)
        };
        priced(source, quote.source_amount).or_else(|| {
            let gross = quote.target_amount.map(|received| received + fee);
            (!target.is_fiat()).then(|| priced(target, gross)).flatten()
        })
    };
    match value {
        Some(value) => {
            let value = value
                .round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
            SaleEffect::Sale {
                value,
                before: month_sales,
                after: month_sales + value,
            }
        }
        None => SaleEffect::ValueUnknown { month_sales },
    }
}

/// How much an order's line says: a plain note, or a warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaleTone {
    /// Nothing changes for the month, or it stays exempt.
    Plain,
    /// The month is taxable already.
    Warning,
    /// This order makes the month taxable.
    Crossing,
}

/// What `effect` means for the month, in a sentence, and how loudly to say it.
pub fn sale_effect_text(
    amounts: crate::app::format::AmountFormat,
    effect: &SaleEffect,
) -> (String, SaleTone) {
    use crate::app::i18n::tr_with;
    let language = amounts.language;
    let limit = amounts.brl(MONTHLY_TAX_EXEMPTION_LIMIT_BRL);
    match effect {
        SaleEffect::NotASale { month_sales } => (
            tr_with(
                language,
                "taxes.sale.not_a_sale",
                &[("before", &amounts.brl(*month_sales)), ("limit", &limit)],
            ),
            SaleTone::Plain,
        ),
        SaleEffect::ValueUnknown { month_sales } => (
            tr_with(
                language,
                "taxes.sale.unknown",
                &[("before", &amounts.brl(*month_sales)), ("limit", &limit)],
            ),
            if effect.already_over() {
                SaleTone::Warning
            } else {
                SaleTone::Plain
            },
        ),
        SaleEffect::Sale { before, after, .. } => {
            let args = [
                ("before", amounts.brl(*before)),
                ("after", amounts.brl(*after)),
                ("limit", limit),
            ];
            let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let (key, tone) = if effect.already_over() {
                ("taxes.sale.already_over", SaleTone::Warning)
            } else if effect.crosses_the_limit() {
                ("taxes.sale.crosses", SaleTone::Crossing)
            } else {
                ("taxes.sale.within", SaleTone::Plain)
            };
            (tr_with(language, key, &args), tone)
        }
    }
}
