//! The year for the declaration (IRPF): the positions on 31 December (or
//! today, for the current year) with their suggested Bens e Direitos code
//! and the Discriminação text ready to copy, the exempt gains for
//! Rendimentos Isentos e Não Tributáveis, and the months with tax due.

use rust_decimal::Decimal;
use time::{Date, OffsetDateTime};

use super::brasilia::{self, YearMonth};
pub use super::custodian::{DEFAULT_CUSTODIAN, custody_text};
use super::custodian::{cnpj_field, custodian_text};
use super::input::{BensCode, TypedValues};
use super::ledger::{Holding, Ledger};
use super::months::{MonthReport, month_reports};
use super::rules::Reading;
use crate::api::UtcMicros;
use crate::money::{NumberFormat, format_amount};

/// The group of Bens e Direitos crypto-assets are declared in.
pub const BENS_GROUP: &str = "08";

/// The code suggested for an asset, and whether the choice is uncertain.
pub fn suggested_code(ticker: &str) -> (BensCode, bool) {
    match ticker {
        "BTC" | "WBTC" => (BensCode::Bitcoin, false),
        "BRLV" | "USDC" | "USDT" => (BensCode::Stablecoin, false),
        // A yield token: a stablecoin or "others", the person chooses.
        "WBRLY" | "BRLY" => (BensCode::Others, true),
        _ => (BensCode::OtherCrypto, false),
    }
}

/// What the token is, in Discriminação's words.
pub fn description(ticker: &str, code: BensCode) -> String {
    match code {
        BensCode::Stablecoin => format!("stablecoin {ticker}"),
        BensCode::Bitcoin => "Bitcoin".to_owned(),
        BensCode::Nft => format!("NFT {ticker}"),
        BensCode::OtherCrypto | BensCode::Others => format!("criptoativo {ticker}"),
    }
}

/// One asset held at the year's end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The ticker.
    pub asset: String,
    /// The quantity held.
    pub quantity: Decimal,
    /// The weighted average cost per unit, in reais.
    pub average_cost_brl: Decimal,
    /// What it cost, in reais: the figure to declare.
    pub total_cost_brl: Decimal,
    /// The Bens e Direitos code (group 08).
    pub code: BensCode,
    /// The code is the person's choice, not the suggestion.
    pub code_chosen: bool,
    /// The suggestion is uncertain: the person should choose.
    pub code_uncertain: bool,
    /// The Discriminação text, in Portuguese as the declaration is.
    pub discriminacao: String,
}

/// The year's report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YearReport {
    /// The year.
    pub year: i32,
    /// The day the positions are of: 31 December, or today for the current year.
    pub positions_on: Date,
    /// Its months, January through December (through the current one for
    /// the current year).
    pub months: Vec<MonthReport>,
    /// What is held on `positions_on`, by asset; assets held at zero are left out.
    pub positions: Vec<Position>,
    /// The gains of the exempt months (Rendimentos Isentos e Não Tributáveis).
    pub exempt_gains_brl: Decimal,
    /// The tax withheld on claims in the year (shown; the service paid it).
    pub claims_tax_withheld_brl: Decimal,
    /// Tax under R$10 not yet paid at the year's end, carried on.
    pub carried_at_end_brl: Decimal,
    /// The readings the year's figures rest on.
    pub readings: Vec<Reading>,
}

impl YearReport {
    /// The months with a DARF due.
    pub fn months_with_tax(&self) -> impl Iterator<Item = &MonthReport> {
        self.months.iter().filter(|month| month.darf.is_some())
    }
}

/// What was held of each asset at `until` (the last entry of each before it).
pub fn holdings_at(ledger: &Ledger, until: UtcMicros) -> Vec<(u16, Holding)> {
    let end = ledger.entries.partition_point(|entry| entry.at <= until);
    let mut holdings: Vec<(u16, Holding)> = Vec::new();
    for entry in ledger.entries[..end].iter().rev() {
        if holdings.iter().any(|(asset, _)| *asset == entry.asset) {
            continue;
        }
        holdings.push((
            entry.asset,
            Holding {
                quantity: entry.quantity_after,
                total_cost: entry.total_cost_after,
            },
        ));
        if holdings.len() == ledger.assets.len() {
            break;
        }
    }
    holdings.sort_by_key(|(asset, _)| *asset);
    holdings
}

/// The year's report from `ledger`. `now` says which year is current
/// (its positions are today's and its months stop at this one).
pub fn year_report(
    ledger: &Ledger,
    typed: &TypedValues,
    year: i32,
    now: OffsetDateTime,
) -> YearReport {
    let this_month = YearMonth::in_brasilia(now);
    let december = YearMonth { year, month: 12 };
    let last_month = if this_month.year == year {
        this_month
    } else {
        december
    };
    let all = month_reports(ledger, typed, last_month);
    let months: Vec<MonthReport> = (1..=last_month.month)
        .filter_map(|month| YearMonth::new(year, month))
        .map(|month| {
            all.iter()
                .find(|report| report.month == month)
                .cloned()
                .unwrap_or_else(|| empty_month(month, &all, typed))
        })
        .collect();
    let (until, positions_on) = if this_month.year == year {
        (UtcMicros::new(now), brasilia::date_at(now))
    } else {
        // The last microsecond before 1 January of the next year in Brasília.
        let end = YearMonth::new(year + 1, 1)
            .and_then(YearMonth::start_in_brasilia)
            .map_or(UtcMicros::LATEST, |start| {
                UtcMicros::from_unix_micros(UtcMicros::new(start).unix_micros() - 1)
            });
        (
            end,
            december
                .last_day()
                .unwrap_or_else(|| brasilia::date_at(now)),
        )
    };
    let custodian = custodian_text(
        typed.custodian.as_deref(),
        &cnpj_field(typed.custodian_cnpj.as_deref()),
    );
    let positions = holdings_at(ledger, until)
        .into_iter()
        .filter(|(asset, holding)| ledger.is_crypto(*asset) && !holding.quantity.is_zero())
        .map(|(asset, holding)| {
            position(
                ledger.asset_name(asset),
                holding,
                ledger.self_custody_at(asset, until),
                typed,
                &custodian,
                positions_on,
            )
        })
        .collect::<Vec<_>>();
    let mut readings = vec![
        Reading::ExemptionLimit,
        Reading::BrasiliaMonth,
        Reading::WeightedAverageCost,
        Reading::SaleFee,
        Reading::OneAssetAcrossChains,
        Reading::LossesNotOffset,
        Reading::Rates,
        Reading::SameAssetParts,
        Reading::Darf,
        Reading::DarfUnderTen,
        Reading::BusinessDays,
        Reading::BensCodes,
        Reading::Custodian,
        Reading::ExemptGains,
        Reading::MoneyAtTheService,
    ];
    if months.iter().any(|month| !month.claims_gross_brl.is_zero()) {
        readings.extend([
            Reading::ClaimsAtGross,
            Reading::ClaimTaxWithheld,
            Reading::ClaimAsBrlv,
        ]);
    }
    if positions.iter().any(|position| position.code_uncertain) {
        readings.push(Reading::YieldTokenCode);
    }
    if months.iter().any(|month| month.decripto.is_some()) {
        readings.push(Reading::DeCripto);
    }
    if ledger.unknown_state_orders() > 0 {
        readings.push(Reading::UnknownOrderState);
    }
    readings.extend(year_flag_readings(ledger, year));
    readings.sort();
    readings.dedup();
    YearReport {
        year,
        positions_on,
        exempt_gains_brl: months.iter().map(|month| month.exempt_gain_brl).sum(),
        claims_tax_withheld_brl: months
            .iter()
            .map(|month| month.claims_tax_withheld_brl)
            .sum(),
        carried_at_end_brl: months
            .last()
            .map_or(Decimal::ZERO, |month| month.carried_out_brl),
        months,
        positions,
        readings,
    }
}

/// A month with nothing in it, carrying what the month before carried.
fn empty_month(month: YearMonth, all: &[MonthReport], typed: &TypedValues) -> MonthReport {
    let carried = all
        .iter()
        .rev()
        .find(|report| report.month < month)
        .map_or(Decimal::ZERO, |report| report.carried_out_brl);
    MonthReport {
        month,
        sales_brl: Decimal::ZERO,
        claims_gross_brl: Decimal::ZERO,
        claims_tax_withheld_brl: Decimal::ZERO,
        exempt: true,
        assets: Vec::new(),
        gain_brl: Decimal::ZERO,
        taxable_gain_brl: Decimal::ZERO,
        exempt_gain_brl: Decimal::ZERO,
        tax_brl: Decimal::ZERO,
        tax_by_asset: Vec::new(),
        external_brl: Decimal::ZERO,
        external_unvalued: 0,
        decripto: None,
        carried_in_brl: carried,
        darf: None,
        carried_out_brl: carried,
        paid: typed.is_paid(month),
        flagged: 0,
        not_counted: 0,
    }
}

/// The readings of the flags on the year's entries, and of a swap.
fn year_flag_readings(ledger: &Ledger, year: i32) -> Vec<Reading> {
    let mut readings = Vec::new();
    for entry in ledger
        .entries
        .iter()
        .filter(|entry| entry.month.year == year)
    {
        readings.extend(entry.flags.readings());
        if entry.kind.is_sale()
            && entry.source != super::ledger::ValueSource::OrderInReais
            && entry.value_brl - entry.cost_brl - entry.gain_brl != Decimal::ZERO
        {
            readings.push(Reading::FeeInForeignCurrency);
        }
        match entry.kind {
            super::ledger::EntryKind::SwapOut | super::ledger::EntryKind::SwapIn => {
                readings.push(Reading::Swap);
            }
            super::ledger::EntryKind::OwnMove => readings.push(Reading::OwnMove),
            super::ledger::EntryKind::Payment | super::ledger::EntryKind::Outflow => {
                readings.push(Reading::PaymentInTokens);
            }
            super::ledger::EntryKind::Gift => readings.push(Reading::Gift),
            super::ledger::EntryKind::ToOwnWallet | super::ledger::EntryKind::FromOwnWallet => {
                readings.push(Reading::SelfCustody);
            }
            _ => {}
        }
        if readings.len() > 64 {
            readings.sort();
            readings.dedup();
        }
    }
    readings
}

fn position(
    ticker: &str,
    holding: Holding,
    self_custody: Decimal,
    typed: &TypedValues,
    custodian: &str,
    on: Date,
) -> Position {
    let (suggested, uncertain) = suggested_code(ticker);
    let chosen = typed.codes.get(ticker).copied();
    let code = chosen.unwrap_or(suggested);
    let average = holding.average_cost();
    let format = NumberFormat::Brazilian;
    let quantity = format_amount(holding.quantity.normalize(), 0, format);
    let discriminacao = format!(
        "{quantity} {description}. {custody} Custo de aquisição (custo médio \
         ponderado) em {day:02}/{month:02}/{year}: R$ {total}, média de R$ {average} por unidade.",
        description = description(ticker, code),
        custody = custody_text(holding.quantity, self_custody, custodian),
        day = on.day(),
        month = u8::from(on.month()),
        year = on.year(),
        total = format_amount(holding.total_cost, 2, format),
        average = format_amount(average, 2, format),
    );
    Position {
        asset: ticker.to_owned(),
        quantity: holding.quantity,
        average_cost_brl: average,
        total_cost_brl: holding.total_cost,
        code,
        code_chosen: chosen.is_some(),
        code_uncertain: uncertain && chosen.is_none(),
        discriminacao,
    }
}
