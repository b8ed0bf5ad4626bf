//! The ledger: every movement of a crypto-asset, oldest first, with the
//! asset's quantity and weighted average cost after it, in exact decimals;
//! and each Brasília month's sales and gains per asset.
//!
//! How each record is read (the readings are in [`super::reading`]):
//! - only completed orders count, at the moment they completed
//!   (`state-updated-at`; `created-at` when the record has no other);
//! - BRL → token: an acquisition at the reais paid (`source-amount`, the
//!   fee inside);
//! - token → BRL: a sale; its value is what it sold for before its fee
//!   (`target-amount` plus a fee charged in BRL), and the fee lowers the gain;
//! - token → token (and any order with no leg in reais, such as one in
//!   dollars): a sale of the token given at its value in reais and an
//!   acquisition of the one received at the same value. The value is the
//!   person's, else the service's price of the token given (or received),
//!   else missing (zero, flagged);
//! - a claim this device made: its gross amount counts in the month's sales,
//!   its gain is not computed (the service withholds its tax); paid as BRLV it
//!   is an acquisition of BRLV at the net amount;
//! - tokens that arrived from outside (a USDC or USDT deposit, a transfer into
//!   the account's wallets): an acquisition at the cost the person typed, zero
//!   until then (flagged);
//! - tokens that left (a transfer, a token withdrawal) to an address that is
//!   not the account's: the quantity falls at average cost, no sale (flagged
//!   for the person to judge); to one of its own addresses: nothing changes.
//!
//! A sale of more than is held never makes a negative quantity: what is held
//! is sold at its cost and the excess at cost zero (flagged).
//!
//! Money in reais is kept to the centavo: what a purchase cost, a sale's
//! value and the cost of what is sold (the average cost's share, rounded
//! half away from zero), so the total cost left is always an exact sum.

use std::borrow::Cow;
use std::collections::HashSet;

use rust_decimal::{Decimal, RoundingStrategy};

use super::brasilia::{MonthFinder, YearMonth};
use super::input::{LedgerInput, ServicePrices, TypedValues};
use super::reading::Reading;
use crate::api::UtcMicros;
use crate::api::model::{
    Asset, ClaimTarget, DepositStatus, Order, OrderState, TransferState, WithdrawalMethod,
    WithdrawalState,
};

/// The ticker of `asset`, upper-case, without allocating for the assets the
/// interface names: the ledger reads it once per record.
pub fn ticker_of(asset: &Asset) -> Cow<'static, str> {
    Cow::Borrowed(match asset {
        Asset::TempoBrlv | Asset::EthBaseBrlv | Asset::EthMainnetBrlv => "BRLV",
        Asset::FiatBrl => "BRL",
        Asset::FiatUsd => "USD",
        Asset::EthBaseUsdt | Asset::EthMainnetUsdt => "USDT",
        Asset::EthBaseUsdc | Asset::EthMainnetUsdc => "USDC",
        Asset::EthBaseWbrly => "WBRLY",
        Asset::EthBaseBrly => "BRLY",
        other => return Cow::Owned(other.ticker()),
    })
}

/// What a ledger entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EntryKind {
    /// Bought with reais.
    Buy,
    /// Sold for reais (or for dollars).
    Sell,
    /// Given in a swap: a sale at its value in reais.
    SwapOut,
    /// Received in a swap: an acquisition at the same value.
    SwapIn,
    /// Arrived from outside: an acquisition at the typed cost.
    Arrived,
    /// A claim on reward certificates.
    Claim,
    /// Left to an address that is not the account's.
    Outflow,
    /// Moved between the account's own addresses: nothing changes.
    OwnMove,
}

impl EntryKind {
    /// The name the exports write.
    pub fn key(self) -> &'static str {
        match self {
            EntryKind::Buy => "buy",
            EntryKind::Sell => "sell",
            EntryKind::SwapOut => "swap-out",
            EntryKind::SwapIn => "swap-in",
            EntryKind::Arrived => "arrived",
            EntryKind::Claim => "claim",
            EntryKind::Outflow => "outflow",
            EntryKind::OwnMove => "own-move",
        }
    }

    /// A sale: its value counts against R$35,000 and it has a gain.
    pub fn is_sale(self) -> bool {
        matches!(self, EntryKind::Sell | EntryKind::SwapOut)
    }

    /// Adds to what is held.
    pub fn is_acquisition(self) -> bool {
        matches!(
            self,
            EntryKind::Buy | EntryKind::SwapIn | EntryKind::Arrived | EntryKind::Claim
        )
    }
}

/// Where an entry's record is in the input's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum RecordRef {
    /// `orders[i]`.
    Order(u32),
    /// `claims[i]`.
    Claim(u32),
    /// `deposits[list].deposits[i]`.
    Deposit(u16, u32),
    /// `transfers[i]`.
    Transfer(u32),
    /// `withdrawals[i]`.
    Withdrawal(u32),
}

/// What is unusual about an entry (bits), each with the reading that explains it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags(u16);

impl Flags {
    /// The value in reais came from the service's current price.
    pub const SERVICE_PRICE: Flags = Flags(1);
    /// The value or cost in reais was typed by the person.
    pub const TYPED: Flags = Flags(1 << 1);
    /// No value in reais is known: counted as zero.
    pub const VALUE_MISSING: Flags = Flags(1 << 2);
    /// Tokens arrived from outside with no cost typed: cost zero.
    pub const COST_MISSING: Flags = Flags(1 << 3);
    /// More was sold than held: the excess at cost zero.
    pub const OVERSOLD: Flags = Flags(1 << 4);
    /// Tokens left to someone else: a disposal the person must judge.
    pub const OUTFLOW: Flags = Flags(1 << 5);
    /// Still in motion: counted as gone.
    pub const IN_MOTION: Flags = Flags(1 << 6);
    /// The record had no completion time: placed at its creation.
    pub const CREATION_TIME: Flags = Flags(1 << 7);

    const ALL: [(Flags, &'static str, Reading); 8] = [
        (Flags::SERVICE_PRICE, "service-price", Reading::ServicePrice),
        (Flags::TYPED, "typed-value", Reading::TypedValue),
        (Flags::VALUE_MISSING, "value-missing", Reading::ValueMissing),
        (Flags::COST_MISSING, "cost-missing", Reading::ArrivedCost),
        (Flags::OVERSOLD, "oversold", Reading::Oversold),
        (
            Flags::OUTFLOW,
            "outflow-to-others",
            Reading::OutflowToOthers,
        ),
        (Flags::IN_MOTION, "in-motion", Reading::InMotion),
        (
            Flags::CREATION_TIME,
            "creation-time",
            Reading::BrasiliaMonth,
        ),
    ];

    /// Whether every flag of `other` is set.
    pub fn contains(self, other: Flags) -> bool {
        self.0 & other.0 == other.0
    }

    /// No flag.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    fn with(self, other: Flags) -> Flags {
        Flags(self.0 | other.0)
    }

    /// The flags' names, for exports (`cost-missing;oversold`).
    pub fn keys(self) -> impl Iterator<Item = &'static str> {
        Flags::ALL
            .into_iter()
            .filter(move |(flag, ..)| self.contains(*flag))
            .map(|(_, key, _)| key)
    }

    /// The readings that explain the flags.
    pub fn readings(self) -> impl Iterator<Item = Reading> {
        Flags::ALL
            .into_iter()
            .filter(move |(flag, ..)| self.contains(*flag))
            .map(|(.., reading)| reading)
    }
}

/// One movement of one asset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// When it counts (an order's completion).
    pub at: UtcMicros,
    /// Its Brasília month.
    pub month: YearMonth,
    /// Its record.
    pub record: RecordRef,
    /// The asset, an index into [`Ledger::assets`].
    pub asset: u16,
    /// What it is.
    pub kind: EntryKind,
    /// What is unusual about it.
    pub flags: Flags,
    /// The quantity that moved (always positive).
    pub quantity: Decimal,
    /// In reais: an acquisition's cost; a sale's value before its fee (what
    /// counts against R$35,000); a claim's gross amount; an outflow's cost.
    pub value_brl: Decimal,
    /// In reais: the cost of what left (a sale's, an outflow's); an
    /// acquisition's cost; a claim's tax withheld.
    pub cost_brl: Decimal,
    /// A sale's gain (negative: a loss), after its fee; zero for the rest.
    pub gain_brl: Decimal,
    /// The quantity held after it.
    pub quantity_after: Decimal,
    /// The total cost of what is held after it.
    pub total_cost_after: Decimal,
}

/// Places the average cost per unit is given at.
pub const AVERAGE_COST_PLACES: u32 = 10;

/// `total_cost / quantity` at [`AVERAGE_COST_PLACES`], zero when nothing is held.
pub fn average_cost(total_cost: Decimal, quantity: Decimal) -> Decimal {
    if quantity.is_zero() {
        return Decimal::ZERO;
    }
    total_cost
        .checked_div(quantity)
        .map_or(Decimal::ZERO, |average| {
            average
                .round_dp_with_strategy(AVERAGE_COST_PLACES, RoundingStrategy::MidpointAwayFromZero)
                .normalize()
        })
}

impl Entry {
    /// The average cost per unit after it.
    pub fn average_cost_after(&self) -> Decimal {
        average_cost(self.total_cost_after, self.quantity_after)
    }
}

/// What was held of an asset: a quantity and its total cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Holding {
    /// The quantity.
    pub quantity: Decimal,
    /// What it cost, in reais.
    pub total_cost: Decimal,
}

impl Holding {
    /// The average cost per unit.
    pub fn average_cost(&self) -> Decimal {
        average_cost(self.total_cost, self.quantity)
    }
}

/// One asset in one month.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AssetMonth {
    /// The asset, an index into [`Ledger::assets`].
    pub asset: u16,
    /// Sale values (before fees).
    pub sales_brl: Decimal,
    /// Fees of the sales.
    pub fees_brl: Decimal,
    /// Cost of what was sold.
    pub cost_brl: Decimal,
    /// Gains minus losses of its sales.
    pub gain_brl: Decimal,
    /// Cost of what left to someone else (not a sale).
    pub outflow_cost_brl: Decimal,
}

impl AssetMonth {
    /// Whether the asset was sold in the month (not only sent away).
    pub fn sold(&self) -> bool {
        !self.sales_brl.is_zero() || !self.cost_brl.is_zero() || !self.gain_brl.is_zero()
    }
}

/// One Brasília month's movements, summed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MonthSums {
    /// The month.
    pub month: Option<YearMonth>,
    /// Per asset that moved.
    pub assets: Vec<AssetMonth>,
    /// Gross amount of the claims.
    pub claims_gross_brl: Decimal,
    /// Tax the service withheld on the claims.
    pub claims_tax_withheld_brl: Decimal,
    /// Entries flagged in the month.
    pub flagged: u32,
}

impl MonthSums {
    /// Sales of all assets plus claims: what is held against R$35,000.
    pub fn sales_brl(&self) -> Decimal {
        self.assets
            .iter()
            .map(|asset| asset.sales_brl)
            .sum::<Decimal>()
            + self.claims_gross_brl
    }

    fn asset_mut(&mut self, asset: u16) -> &mut AssetMonth {
        let position = match self.assets.iter().position(|known| known.asset == asset) {
            Some(position) => position,
            None => {
                self.assets.push(AssetMonth {
                    asset,
                    ..AssetMonth::default()
                });
                self.assets.len() - 1
            }
        };
        &mut self.assets[position]
    }
}

/// A record the ledger could not place, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// The record.
    pub record: RecordRef,
    /// Why.
    pub reason: SkipReason,
}

/// Why a record is not in the ledger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkipReason {
    /// It has no time at all: no month to count it in.
    NoTime,
    /// An amount or an asset is missing.
    Incomplete,
}

/// The ledger.
#[derive(Clone, Debug, Default)]
pub struct Ledger {
    /// The assets, by ticker (`BRLV`), in the order first seen; an entry's
    /// `asset` is a position here. `BRL` appears for claims paid in reais.
    pub assets: Vec<String>,
    /// Every entry, oldest first.
    pub entries: Vec<Entry>,
    /// Each month with a movement, oldest first.
    pub months: Vec<MonthSums>,
    /// Records that could not be placed.
    pub skipped: Vec<Skipped>,
}

impl Ledger {
    /// The asset's ticker.
    pub fn asset_name(&self, asset: u16) -> &str {
        self.assets
            .get(usize::from(asset))
            .map_or("?", String::as_str)
    }

    /// Whether the asset is a crypto-asset (not the reais of a claim paid in BRL).
    pub fn is_crypto(&self, asset: u16) -> bool {
        self.asset_name(asset) != "BRL"
    }

    /// The month's sums, when anything moved in it.
    pub fn month(&self, month: YearMonth) -> Option<&MonthSums> {
        self.months
            .binary_search_by_key(&Some(month), |sums| sums.month)
            .ok()
            .and_then(|position| self.months.get(position))
    }

    /// What was held of the asset of `entries[index]` just before it
    /// (the previous entry of the same asset; nothing before the first).
    pub fn holding_before(&self, index: usize) -> Holding {
        let Some(entry) = self.entries.get(index) else {
            return Holding::default();
        };
        self.entries[..index]
            .iter()
            .rev()
            .find(|earlier| earlier.asset == entry.asset)
            .map_or_else(Holding::default, |earlier| Holding {
                quantity: earlier.quantity_after,
                total_cost: earlier.total_cost_after,
            })
    }

    /// The readings the flagged entries rest on, once each.
    pub fn flag_readings(&self) -> Vec<Reading> {
        let mut seen = Flags::default();
        for entry in &self.entries {
            seen = seen.with(entry.flags);
        }
        seen.readings().collect()
    }
}

/// A record placed in time, before the ledger reads it.
#[derive(Clone, Copy, Debug)]
struct Placed {
    micros: i64,
    record: RecordRef,
    creation_time: bool,
}

fn position(index: usize) -> u32 {
    u32::try_from(index).unwrap_or(u32::MAX)
}

/// The moment a completed order counts: when it completed, else when it
/// was made (flagged); `None` without either.
fn order_moment(order: &Order) -> Option<(i64, bool)> {
    match (order.state_updated_at, order.created_at) {
        (Some(completed), _) => Some((completed.unix_micros(), false)),
        (None, Some(created)) => Some((created.unix_micros(), true)),
        (None, None) => None,
    }
}

fn micros_of(moment: time::OffsetDateTime) -> i64 {
    UtcMicros::new(moment).unix_micros()
}

/// Every record the ledger reads, placed in time; the ones with no time in `skipped`.
fn place(input: &LedgerInput<'_>, skipped: &mut Vec<Skipped>) -> Vec<Placed> {
    let mut placed = Vec::with_capacity(input.orders.len());
    let mut put = |record: RecordRef, moment: Option<(i64, bool)>| match moment {
        Some((micros, creation_time)) => placed.push(Placed {
            micros,
            record,
            creation_time,
        }),
        None => skipped.push(Skipped {
            record,
            reason: SkipReason::NoTime,
        }),
    };
    for (index, order) in input.orders.iter().enumerate() {
        if order.state == Some(OrderState::Completed) {
            put(RecordRef::Order(position(index)), order_moment(order));
        }
    }
    for (index, claim) in input.claims.iter().enumerate() {
        put(
            RecordRef::Claim(position(index)),
            claim.claim.updated_at.map(|at| (micros_of(at), false)),
        );
    }
    for (list_index, list) in input.deposits.iter().enumerate() {
        if !list.is_tokens() {
            continue;
        }
        let list_index = u16::try_from(list_index).unwrap_or(u16::MAX);
        for (index, deposit) in list.deposits.iter().enumerate() {
            if deposit
                .status
                .as_ref()
                .is_some_and(|status| *status != DepositStatus::Credited)
            {
                continue;
            }
            let moment = match (deposit.processed_at, deposit.created_at) {
                (Some(at), _) => Some((at.unix_micros(), false)),
                (None, Some(at)) => Some((at.unix_micros(), true)),
                (None, None) => None,
            };
            put(RecordRef::Deposit(list_index, position(index)), moment);
        }
    }
    for (index, transfer) in input.transfers.iter().enumerate() {
        if transfer.state == Some(TransferState::Failed) {
            continue;
        }
        let moment = transfer
            .created_at
            .or(transfer.state_updated_at)
            .map(|at| (at.unix_micros(), false));
        put(RecordRef::Transfer(position(index)), moment);
    }
    for (index, withdrawal) in input.withdrawals.iter().enumerate() {
        let is_tokens = withdrawal.method == Some(WithdrawalMethod::Token)
            || withdrawal
                .asset
                .as_ref()
                .is_some_and(|asset| !asset.is_fiat());
        if !is_tokens || withdrawal.state == Some(WithdrawalState::Failed) {
            continue;
        }
        let moment = withdrawal
            .created_at
            .or(withdrawal.state_updated_at)
            .map(|at| (at.unix_micros(), false));
        put(RecordRef::Withdrawal(position(index)), moment);
    }
    placed
}

/// Reais at the centavo, half away from zero.
fn centavos(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

/// The share of `total` that `part` of `whole` carries, at the centavo.
fn share(total: Decimal, part: Decimal, whole: Decimal) -> Decimal {
    if part >= whole {
        return total;
    }
    part.checked_div(whole)
        .and_then(|ratio| total.checked_mul(ratio))
        .map_or(total, centavos)
        .min(total)
}

/// The addresses that are the account's: its wallets' and the ones the person marked.
struct OwnAddresses<'a> {
    wallets: Vec<&'a str>,
    typed: &'a HashSet<String>,
}

impl OwnAddresses<'_> {
    fn holds(&self, address: Option<&str>) -> bool {
        let Some(address) = address else {
            return false;
        };
        self.wallets
            .iter()
            .any(|own| own.eq_ignore_ascii_case(address))
            || (!self.typed.is_empty() && self.typed.contains(&address.to_ascii_lowercase()))
    }
}

/// The ledger as it is built.
struct Builder<'a> {
    ledger: Ledger,
    holdings: Vec<Holding>,
    finder: MonthFinder,
    typed: &'a TypedValues,
    prices: &'a ServicePrices,
}

/// One movement, before it is applied.
struct Move {
    at: UtcMicros,
    month: YearMonth,
    record: RecordRef,
    flags: Flags,
}

impl Move {
    /// The same move, flagged as still in motion when `in_motion`.
    fn in_motion_if(&self, in_motion: bool) -> Move {
        let flags = if in_motion {
            self.flags.with(Flags::IN_MOTION)
        } else {
            self.flags
        };
        Move { flags, ..*self }
    }
}

impl Builder<'_> {
    fn asset(&mut self, ticker: &str) -> u16 {
        if let Some(position) = self.ledger.assets.iter().position(|known| known == ticker) {
            return u16::try_from(position).unwrap_or(u16::MAX);
        }
        self.ledger.assets.push(ticker.to_owned());
        self.holdings.push(Holding::default());
        u16::try_from(self.ledger.assets.len() - 1).unwrap_or(u16::MAX)
    }

    fn holding(&mut self, asset: u16) -> &mut Holding {
        let index = usize::from(asset).min(self.holdings.len().saturating_sub(1));
        &mut self.holdings[index]
    }

    fn month_sums(&mut self, month: YearMonth) -> &mut MonthSums {
        if self.ledger.months.last().and_then(|sums| sums.month) != Some(month) {
            // Records are in time order, so a month once left never returns,
            // except for ties the sort placed otherwise: found by search.
            match self
                .ledger
                .months
                .binary_search_by_key(&Some(month), |sums| sums.month)
            {
                Ok(_) => {}
                Err(at) => self.ledger.months.insert(
                    at,
                    MonthSums {
                        month: Some(month),
                        ..MonthSums::default()
                    },
                ),
            }
        }
        let position = self
            .ledger
            .months
            .binary_search_by_key(&Some(month), |sums| sums.month)
            .unwrap_or(0);
        &mut self.ledger.months[position]
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        movement: &Move,
        asset: u16,
        kind: EntryKind,
        flags: Flags,
        quantity: Decimal,
        value_brl: Decimal,
        cost_brl: Decimal,
        gain_brl: Decimal,
    ) {
        let holding = *self.holding(asset);
        let flags = movement.flags.with(flags);
        if !flags.is_empty() {
            self.month_sums(movement.month).flagged += 1;
        }
        self.ledger.entries.push(Entry {
            at: movement.at,
            month: movement.month,
            record: movement.record,
            asset,
            kind,
            flags,
            quantity,
            value_brl,
            cost_brl,
            gain_brl,
            quantity_after: holding.quantity,
            total_cost_after: holding.total_cost,
        });
    }

    fn acquire(
        &mut self,
        movement: &Move,
        asset: u16,
        kind: EntryKind,
        flags: Flags,
        quantity: Decimal,
        cost: Decimal,
    ) {
        let holding = self.holding(asset);
        holding.quantity += quantity;
        holding.total_cost += cost;
        self.push(
            movement,
            asset,
            kind,
            flags,
            quantity,
            cost,
            cost,
            Decimal::ZERO,
        );
    }

    /// Takes `quantity` out of what is held at average cost; the cost of
    /// what left, and whether more left than was held.
    fn take(&mut self, asset: u16, quantity: Decimal) -> (Decimal, Flags) {
        let holding = self.holding(asset);
        if quantity <= holding.quantity {
            let cost = share(holding.total_cost, quantity, holding.quantity);
            holding.quantity -= quantity;
            holding.total_cost -= cost;
            if holding.quantity.is_zero() {
                holding.total_cost = Decimal::ZERO;
            }
            (cost, Flags::default())
        } else {
            let cost = holding.total_cost;
            *holding = Holding::default();
            (cost, Flags::OVERSOLD)
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn sell(
        &mut self,
        movement: &Move,
        asset: u16,
        kind: EntryKind,
        flags: Flags,
        quantity: Decimal,
        value: Decimal,
        fee: Decimal,
    ) {
        let (cost, oversold) = self.take(asset, quantity);
        let gain = value - fee - cost;
        let sums = self.month_sums(movement.month).asset_mut(asset);
        sums.sales_brl += value;
        sums.fees_brl += fee;
        sums.cost_brl += cost;
        sums.gain_brl += gain;
        self.push(
            movement,
            asset,
            kind,
            flags.with(oversold),
            quantity,
            value,
            cost,
            gain,
        );
    }

    fn outflow(&mut self, movement: &Move, asset: u16, quantity: Decimal) {
        let (cost, oversold) = self.take(asset, quantity);
        self.month_sums(movement.month)
            .asset_mut(asset)
            .outflow_cost_brl += cost;
        self.push(
            movement,
            asset,
            EntryKind::Outflow,
            Flags::OUTFLOW.with(oversold),
            quantity,
            cost,
            cost,
            Decimal::ZERO,
        );
    }

    fn own_move(&mut self, movement: &Move, asset: u16, quantity: Decimal) {
        self.push(
            movement,
            asset,
            EntryKind::OwnMove,
            Flags::default(),
            quantity,
            Decimal::ZERO,
            Decimal::ZERO,
            Decimal::ZERO,
        );
    }

    /// The value in reais of an order with no leg in reais.
    fn order_value(&self, order: &Order, fee_in_target: bool) -> (Decimal, Flags) {
        if let Some(value) = self.typed.order_values.get(&order.id) {
            return (centavos(*value), Flags::TYPED);
        }
        let priced = |asset: &Option<Asset>, amount: Option<Decimal>| {
            let asset = asset.as_ref().filter(|asset| !asset.is_fiat())?;
            let price = self.prices.of(&ticker_of(asset))?;
            amount?.checked_mul(price).map(centavos)
        };
        let gross_target = order
            .target_amount()
            .map(|amount| amount + fee_if(fee_in_target, order));
        priced(&order.source_asset, order.source_amount())
            .or_else(|| priced(&order.target_asset, gross_target))
            .map_or((Decimal::ZERO, Flags::VALUE_MISSING), |value| {
                (value, Flags::SERVICE_PRICE)
            })
    }

    fn order(&mut self, movement: &Move, order: &Order) -> Result<(), SkipReason> {
        let (Some(source), Some(target)) = (&order.source_asset, &order.target_asset) else {
            return Err(SkipReason::Incomplete);
        };
        let (Some(paid), Some(received)) = (order.source_amount(), order.target_amount()) else {
            return Err(SkipReason::Incomplete);
        };
        if source.is_fiat() && target.is_fiat() {
            return Ok(());
        }
        let fee_in_target = order.fee_asset.as_ref().is_none_or(|asset| asset == target);
        if *source == Asset::FiatBrl {
            let asset = self.asset(&ticker_of(target));
            self.acquire(
                movement,
                asset,
                EntryKind::Buy,
                Flags::default(),
                received,
                centavos(paid),
            );
        } else if *target == Asset::FiatBrl {
            let asset = self.asset(&ticker_of(source));
            let fee = fee_if(fee_in_target, order);
            self.sell(
                movement,
                asset,
                EntryKind::Sell,
                Flags::default(),
                paid,
                centavos(received + fee),
                centavos(fee),
            );
        } else {
            let (value, flags) = self.order_value(order, fee_in_target);
            if !source.is_fiat() {
                let asset = self.asset(&ticker_of(source));
                let kind = if target.is_fiat() {
                    EntryKind::Sell
                } else {
                    EntryKind::SwapOut
                };
                self.sell(movement, asset, kind, flags, paid, value, Decimal::ZERO);
            }
            if !target.is_fiat() {
                let asset = self.asset(&ticker_of(target));
                let kind = if source.is_fiat() {
                    EntryKind::Buy
                } else {
                    EntryKind::SwapIn
                };
                self.acquire(movement, asset, kind, flags, received, value);
            }
        }
        Ok(())
    }

    fn arrived(&mut self, movement: &Move, record: uuid::Uuid, asset: u16, quantity: Decimal) {
        let (cost, flags) = match self.typed.arrived_costs.get(&record) {
            Some(cost) => (centavos(*cost), Flags::TYPED),
            None => (Decimal::ZERO, Flags::COST_MISSING),
        };
        self.acquire(movement, asset, EntryKind::Arrived, flags, quantity, cost);
    }
}

fn fee_if(fee_in_target: bool, order: &Order) -> Decimal {
    if fee_in_target {
        order.fee_amount().unwrap_or(Decimal::ZERO)
    } else {
        Decimal::ZERO
    }
}

/// Builds the ledger of `input` (see this module's documentation).
pub fn build(input: &LedgerInput<'_>) -> Ledger {
    let mut skipped = Vec::new();
    let mut placed = place(input, &mut skipped);
    placed.sort_unstable_by_key(|placed| (placed.micros, placed.record));
    let own = OwnAddresses {
        wallets: input
            .wallets
            .iter()
            .map(|wallet| wallet.address.as_str())
            .collect(),
        typed: &input.typed.own_addresses,
    };
    let mut builder = Builder {
        ledger: Ledger {
            entries: Vec::with_capacity(placed.len()),
            skipped,
            ..Ledger::default()
        },
        holdings: Vec::new(),
        finder: MonthFinder::default(),
        typed: input.typed,
        prices: input.prices,
    };
    for placed in placed {
        let Some(month) = builder.finder.month_of(placed.micros) else {
            builder.ledger.skipped.push(Skipped {
                record: placed.record,
                reason: SkipReason::NoTime,
            });
            continue;
        };
        let movement = Move {
            at: UtcMicros::from_unix_micros(placed.micros),
            month,
            record: placed.record,
            flags: if placed.creation_time {
                Flags::CREATION_TIME
            } else {
                Flags::default()
            },
        };
        if let Err(reason) = read_record(&mut builder, input, &own, &movement) {
            builder.ledger.skipped.push(Skipped {
                record: placed.record,
                reason,
            });
        }
    }
    builder.ledger
}

fn read_record(
    builder: &mut Builder<'_>,
    input: &LedgerInput<'_>,
    own: &OwnAddresses<'_>,
    movement: &Move,
) -> Result<(), SkipReason> {
    let at = |index: u32| usize::try_from(index).unwrap_or(usize::MAX);
    match movement.record {
        RecordRef::Order(index) => {
            let order = input.orders.get(at(index)).ok_or(SkipReason::Incomplete)?;
            builder.order(movement, order)
        }
        RecordRef::Claim(index) => {
            let made = input.claims.get(at(index)).ok_or(SkipReason::Incomplete)?;
            let (Some(gross), Some(net)) = (made.claim.gross_amount, made.claim.net_amount) else {
                return Err(SkipReason::Incomplete);
            };
            let withheld = made.claim.tax_amount.unwrap_or(Decimal::ZERO);
            let sums = builder.month_sums(movement.month);
            sums.claims_gross_brl += gross;
            sums.claims_tax_withheld_brl += withheld;
            let paid_in_brlv = made.paid_as == ClaimTarget::Brlv;
            let asset = builder.asset(if paid_in_brlv { "BRLV" } else { "BRL" });
            let cost = if paid_in_brlv {
                let holding = builder.holding(asset);
                holding.quantity += net;
                holding.total_cost += centavos(net);
                centavos(net)
            } else {
                Decimal::ZERO
            };
            builder.push(
                movement,
                asset,
                EntryKind::Claim,
                Flags::default(),
                net,
                gross,
                cost,
                Decimal::ZERO,
            );
            Ok(())
        }
        RecordRef::Deposit(list, index) => {
            let list = input
                .deposits
                .get(usize::from(list))
                .ok_or(SkipReason::Incomplete)?;
            let deposit = list.deposits.get(at(index)).ok_or(SkipReason::Incomplete)?;
            let amount = deposit.amount().ok_or(SkipReason::Incomplete)?;
            let asset = builder.asset(&list.asset.as_str().to_ascii_uppercase());
            builder.arrived(movement, deposit.id, asset, amount);
            Ok(())
        }
        RecordRef::Transfer(index) => {
            let transfer = input
                .transfers
                .get(at(index))
                .ok_or(SkipReason::Incomplete)?;
            let (Some(asset), Some(amount)) = (&transfer.asset, transfer.amount()) else {
                return Err(SkipReason::Incomplete);
            };
            let asset = builder.asset(&ticker_of(asset));
            let in_motion = transfer
                .state
                .as_ref()
                .is_some_and(TransferState::is_in_motion);
            let movement = movement.in_motion_if(in_motion);
            match (
                own.holds(transfer.source_address.as_deref()),
                own.holds(transfer.target_address.as_deref()),
            ) {
                (true, true) => builder.own_move(&movement, asset, amount),
                (false, true) => builder.arrived(&movement, transfer.id, asset, amount),
                _ => builder.outflow(&movement, asset, amount),
            }
            Ok(())
        }
        RecordRef::Withdrawal(index) => {
            let withdrawal = input
                .withdrawals
                .get(at(index))
                .ok_or(SkipReason::Incomplete)?;
            let (Some(asset), Some(amount)) = (&withdrawal.asset, withdrawal.amount()) else {
                return Err(SkipReason::Incomplete);
            };
            let asset = builder.asset(&ticker_of(asset));
            let in_motion = withdrawal
                .state
                .as_ref()
                .is_some_and(WithdrawalState::is_in_motion);
            let movement = movement.in_motion_if(in_motion);
            if own.holds(withdrawal.target_address()) {
                builder.own_move(&movement, asset, amount);
            } else {
                builder.outflow(&movement, asset, amount);
            }
            Ok(())
        }
    }
}
