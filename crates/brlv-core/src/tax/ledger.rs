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
//!   acquisition of the one received at the same value, taken on the
//!   order's day (Brasília's), the first of ([`ValueSource`]): what the
//!   person typed; BRLV at R$1.00 (practice); a leg in dollars at that day's
//!   PTAX, the buying rate for dollars received, the selling rate for dollars
//!   paid (IN SRF 118/2000 art. 2); a dollar stablecoin the same way
//!   (practice, by analogy); the account's own last order of the token with
//!   a leg in reais before that day (practice); the service's price today
//!   (flagged: today's price, not the day's); else missing (zero, flagged).
//!   A PTAX that could not be had is flagged on the figure that replaced it;
//! - a claim this device made: its gross amount counts in the month's sales,
//!   its gain is not computed (the service withholds its tax); paid as BRLV it
//!   is an acquisition of BRLV at the net amount;
//! - orders in a state the report does not know (not `completed`, `created`,
//!   `expired`, `payment-returned`) are counted nowhere and listed in
//!   [`Ledger::unknown_states`];
//! - tokens that arrived from outside (a USDC or USDT deposit, a transfer into
//!   the account's wallets): an acquisition at the cost the person typed, zero
//!   until then (flagged);
//! - tokens that left (a transfer, a token withdrawal) to an address that is
//!   not the account's, read as the person answered ([`OutflowAnswer`], kept
//!   in the journal): a payment is a sale at its value in reais on its day
//!   (typed; BRLV at R$1.00; a dollar stablecoin at the day's PTAX buying
//!   rate; the account's last order of the token before the day; today's
//!   price; none), with no answer it counts as one (flagged); a gift leaves at
//!   average cost with no gain; to the person's own wallet elsewhere it stays
//!   held with its cost, in self-custody ([`Ledger::self_custody`]);
//! - to an address the person marked as theirs: self-custody, as answered so;
//!   from one: what went to self-custody comes back with its cost, more than
//!   that enters at the cost typed (zero until then, flagged); between the
//!   account's wallets: nothing changes;
//! - every movement to or from outside the service adds its value of the day
//!   to its month's DeCripto figure ([`MonthSums::external_brl`]).
//!
//! A sale of more than is held never makes a negative quantity: what is held
//! is sold at its cost and the excess at cost zero (flagged).
//!
//! Money in reais is kept to the centavo: what a purchase cost, a sale's
//! value and the cost of what is sold (the average cost's share, rounded
//! half away from zero), so the total cost left is always an exact sum.

use std::collections::HashSet;

use rust_decimal::{Decimal, RoundingStrategy};
use time::Date;

use super::brasilia::{MonthFinder, YearMonth};
use super::input::{LedgerInput, OutflowAnswer, ServicePrices, TypedValues};
use super::ptax::{DollarRates, RateOnDay, RateStanding};
use super::rules::{Language, Reading, Standing};
use crate::api::UtcMicros;
use crate::api::model::{
    Asset, ClaimTarget, DepositStatus, Order, OrderState, TransferState, WithdrawalMethod,
    WithdrawalState,
};

pub use super::input::ticker_of;

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
    /// Left to an address that is not the account's, with no answer yet:
    /// counted as a payment (a disposal at its value on its day), flagged.
    Outflow,
    /// Moved between the account's own addresses: nothing changes.
    OwnMove,
    /// Left as a payment or a sale, as the person answered: a disposal at
    /// its value in reais on its day.
    Payment,
    /// Left as a gift, as the person answered: out at its cost, no gain.
    Gift,
    /// Left to the person's own wallet elsewhere (self-custody): still
    /// held, with its cost.
    ToOwnWallet,
    /// Came in from an address that is the person's own: what went to
    /// self-custody comes back with its cost kept; more than that enters
    /// at the cost typed (zero until then, flagged).
    FromOwnWallet,
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
            EntryKind::Payment => "payment",
            EntryKind::Gift => "gift",
            EntryKind::ToOwnWallet => "to-own-wallet",
            EntryKind::FromOwnWallet => "from-own-wallet",
        }
    }

    /// A sale: its value counts against R$35,000 and it has a gain (an
    /// outflow with no answer is counted as a payment, the law's default).
    pub fn is_sale(self) -> bool {
        matches!(
            self,
            EntryKind::Sell | EntryKind::SwapOut | EntryKind::Payment | EntryKind::Outflow
        )
    }

    /// Adds to what is held.
    pub fn is_acquisition(self) -> bool {
        matches!(
            self,
            EntryKind::Buy
                | EntryKind::SwapIn
                | EntryKind::Arrived
                | EntryKind::Claim
                | EntryKind::FromOwnWallet
        )
    }

    /// Tokens that left to an address that is not one of the account's
    /// wallets: the entries that take (or took) an [`OutflowAnswer`].
    pub fn is_outflow(self) -> bool {
        matches!(
            self,
            EntryKind::Outflow | EntryKind::Payment | EntryKind::Gift | EntryKind::ToOwnWallet
        )
    }

    /// The answer an outflow's kind stands for; `None` for an outflow with
    /// no answer and for every other kind.
    pub fn outflow_answer(self) -> Option<OutflowAnswer> {
        match self {
            EntryKind::Payment => Some(OutflowAnswer::Payment),
            EntryKind::Gift => Some(OutflowAnswer::Gift),
            EntryKind::ToOwnWallet => Some(OutflowAnswer::OwnWallet),
            _ => None,
        }
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
    /// Tokens left to an address not the account's and the person has not
    /// said what it was: counted as a payment until they do.
    pub const OUTFLOW: Flags = Flags(1 << 5);
    /// Still in motion: counted as gone.
    pub const IN_MOTION: Flags = Flags(1 << 6);
    /// The record had no completion time: placed at its creation.
    pub const CREATION_TIME: Flags = Flags(1 << 7);
    /// The value of the day is practice, not law (BRLV at R$1.00, a
    /// stablecoin at the dollar's PTAX, the account's last order): its
    /// [`ValueSource`] says which.
    pub const PRACTICE_VALUE: Flags = Flags(1 << 8);
    /// The dollar's PTAX of the day could not be had: the figure came from
    /// a later source (the reason is the day's in [`DollarRates`]).
    pub const RATE_FAILED: Flags = Flags(1 << 9);
    /// The day had no PTAX of its own (a weekend, a holiday, a day with no
    /// banking): the previous business day's was used.
    pub const RATE_PREVIOUS_DAY: Flags = Flags(1 << 10);
    /// Today, before the Banco Central's closing bulletin: the previous
    /// business day's PTAX for now, valued again once today's is out.
    pub const RATE_PROVISIONAL: Flags = Flags(1 << 11);

    /// Each flag, its export name, and the reading that explains it (the
    /// value's own source explains the ones without).
    const ALL: [(Flags, &'static str, Option<Reading>); 12] = [
        (
            Flags::SERVICE_PRICE,
            "service-price",
            Some(Reading::ServicePrice),
        ),
        (Flags::TYPED, "typed-value", Some(Reading::TypedValue)),
        (
            Flags::VALUE_MISSING,
            "value-missing",
            Some(Reading::ValueMissing),
        ),
        (
            Flags::COST_MISSING,
            "cost-missing",
            Some(Reading::ArrivedCost),
        ),
        (Flags::OVERSOLD, "oversold", Some(Reading::Oversold)),
        (
            Flags::OUTFLOW,
            "outflow-to-others",
            Some(Reading::OutflowToOthers),
        ),
        (Flags::IN_MOTION, "in-motion", Some(Reading::InMotion)),
        (
            Flags::CREATION_TIME,
            "creation-time",
            Some(Reading::BrasiliaMonth),
        ),
        (Flags::PRACTICE_VALUE, "value-by-practice", None),
        (Flags::RATE_FAILED, "dollar-rate-failed", None),
        (
            Flags::RATE_PREVIOUS_DAY,
            "rate-of-previous-business-day",
            Some(Reading::PtaxPreviousBusinessDay),
        ),
        (
            Flags::RATE_PROVISIONAL,
            "provisional-rate",
            Some(Reading::ProvisionalRate),
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
            .filter_map(|(.., reading)| reading)
    }
}

/// Where an entry's value in reais came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ValueSource {
    /// Typed by the person.
    Typed,
    /// The order's own leg in reais.
    OrderInReais,
    /// BRLV at R$1.00 per token, its backing (practice).
    BrlvAtPar,
    /// A leg in dollars at the day's PTAX (IN SRF 118/2000 art. 2).
    DollarPtax,
    /// A dollar stablecoin at the day's PTAX (practice, by analogy).
    StablecoinPtax,
    /// The account's own last order of the token with a leg in reais
    /// before the day (practice).
    LastOrder,
    /// The service's price when the report was made: today's price, not the day's.
    TodaysPrice,
    /// The claim's record (its gross and net amounts).
    ClaimRecord,
    /// What left, at its average cost (no value of its own).
    AverageCost,
    /// None is known: zero until the person types one.
    #[default]
    Missing,
}

impl ValueSource {
    /// Every source, in the order the ledger tries an order's.
    pub const ALL: [ValueSource; 10] = [
        ValueSource::Typed,
        ValueSource::OrderInReais,
        ValueSource::BrlvAtPar,
        ValueSource::DollarPtax,
        ValueSource::StablecoinPtax,
        ValueSource::LastOrder,
        ValueSource::TodaysPrice,
        ValueSource::ClaimRecord,
        ValueSource::AverageCost,
        ValueSource::Missing,
    ];

    /// The name the exports write.
    pub fn key(self) -> &'static str {
        match self {
            ValueSource::Typed => "typed",
            ValueSource::OrderInReais => "order-in-reais",
            ValueSource::BrlvAtPar => "brlv-at-par",
            ValueSource::DollarPtax => "dollar-ptax",
            ValueSource::StablecoinPtax => "stablecoin-ptax",
            ValueSource::LastOrder => "last-order",
            ValueSource::TodaysPrice => "todays-price",
            ValueSource::ClaimRecord => "claim-record",
            ValueSource::AverageCost => "average-cost",
            ValueSource::Missing => "missing",
        }
    }

    /// How firm a value from it is.
    pub fn standing(self) -> Standing {
        match self {
            ValueSource::OrderInReais | ValueSource::DollarPtax => Standing::InForce,
            ValueSource::BrlvAtPar
            | ValueSource::StablecoinPtax
            | ValueSource::LastOrder
            | ValueSource::ClaimRecord
            | ValueSource::AverageCost => Standing::Practice,
            ValueSource::Typed | ValueSource::TodaysPrice | ValueSource::Missing => {
                Standing::Notice
            }
        }
    }

    /// Where the rule comes from, in `language`.
    pub fn source(self, language: Language) -> &'static str {
        let english = language == Language::English;
        match self {
            ValueSource::Typed if english => "typed by the person",
            ValueSource::Typed => "digitado pela pessoa",
            ValueSource::OrderInReais if english => "the order's record",
            ValueSource::OrderInReais => "o registro da ordem",
            ValueSource::BrlvAtPar if english => "the token's backing",
            ValueSource::BrlvAtPar => "o lastro do token",
            ValueSource::DollarPtax if english => "IN SRF 118/2000 art. 2; PTAX, Banco Central",
            ValueSource::DollarPtax => "IN SRF 118/2000 art. 2º; PTAX, Banco Central",
            ValueSource::StablecoinPtax if english => {
                "IN SRF 118/2000 art. 2 by analogy; PTAX, Banco Central"
            }
            ValueSource::StablecoinPtax => {
                "IN SRF 118/2000 art. 2º por analogia; PTAX, Banco Central"
            }
            ValueSource::LastOrder if english => "the account's own orders",
            ValueSource::LastOrder => "as ordens da própria conta",
            ValueSource::TodaysPrice if english => "the service's quote",
            ValueSource::TodaysPrice => "a cotação do serviço",
            ValueSource::ClaimRecord if english => "the claim record",
            ValueSource::ClaimRecord => "o registro do resgate",
            ValueSource::AverageCost if english => "weighted average cost",
            ValueSource::AverageCost => "custo médio ponderado",
            ValueSource::Missing if english => "no value in reais",
            ValueSource::Missing => "sem valor em reais",
        }
    }

    /// Where the value came from, in words.
    pub fn text(self, language: Language) -> &'static str {
        let portuguese = language == Language::PortugueseBrazil;
        match (self, portuguese) {
            (ValueSource::Typed, false) => "typed by the person",
            (ValueSource::Typed, true) => "digitado pela pessoa",
            (ValueSource::OrderInReais, false) => "the order's own amount in reais",
            (ValueSource::OrderInReais, true) => "o próprio valor em reais da ordem",
            (ValueSource::BrlvAtPar, false) => "BRLV at R$1.00, its backing (practice)",
            (ValueSource::BrlvAtPar, true) => "BRLV a R$ 1,00, seu lastro (prática)",
            (ValueSource::DollarPtax, false) => {
                "dollars at the day's PTAX (buying rate for what a sale brings in, selling rate for what an acquisition costs)"
            }
            (ValueSource::DollarPtax, true) => {
                "dólares pela PTAX do dia (compra para o que a venda traz, venda para o que a aquisição custa)"
            }
            (ValueSource::StablecoinPtax, false) => {
                "a dollar stablecoin at the day's PTAX (practice, by analogy with dollars)"
            }
            (ValueSource::StablecoinPtax, true) => {
                "stablecoin de dólar pela PTAX do dia (prática, por analogia com o dólar)"
            }
            (ValueSource::LastOrder, false) => {
                "the price of the account's last order of the token before that day (practice)"
            }
            (ValueSource::LastOrder, true) => {
                "o preço da última ordem da conta com o token antes daquele dia (prática)"
            }
            (ValueSource::TodaysPrice, false) => "today's price, not the day's",
            (ValueSource::TodaysPrice, true) => "preço de hoje, não o do dia",
            (ValueSource::ClaimRecord, false) => "the claim's record",
            (ValueSource::ClaimRecord, true) => "o registro do resgate",
            (ValueSource::AverageCost, false) => "at average cost",
            (ValueSource::AverageCost, true) => "pelo custo médio",
            (ValueSource::Missing, false) => "no value known: zero until one is typed",
            (ValueSource::Missing, true) => "nenhum valor conhecido: zero até ser digitado",
        }
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
    /// Where its value in reais came from.
    pub source: ValueSource,
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
    /// Of the sales, tokens that left as payments (answered so, or not
    /// answered at all): their value on their day.
    pub payments_brl: Decimal,
    /// Cost of what left as a gift (no sale, no gain).
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
    /// The value in reais on their day of the tokens sent to or received
    /// from addresses outside the service (payments, gifts, self-custody,
    /// deposits and transfers from outside): what DeCripto's monthly line
    /// is measured on.
    pub external_brl: Decimal,
    /// Of those movements, how many had no value of their day (today's
    /// price or none): `external_brl` may be off by them.
    pub external_unvalued: u32,
    /// Orders of the month in a state the report does not know: their sales
    /// are not in the month's figures.
    pub not_counted: u32,
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

/// Orders in a state the report does not know: counted nowhere, shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownState {
    /// The state as the service wrote it (`settled`), or `(none)`.
    pub state: String,
    /// How many orders are in it.
    pub orders: usize,
}

/// An order in a state the report does not know, counted nowhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotCounted {
    /// The order.
    pub record: RecordRef,
    /// When it last changed (`state-updated-at`, else `created-at`).
    pub at: Option<UtcMicros>,
    /// Its Brasília month, when it has a time.
    pub month: Option<YearMonth>,
    /// Its state, an index into [`Ledger::unknown_states`].
    pub state: u16,
}

/// A change of what the person keeps in self-custody of an asset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfCustodyChange {
    /// When.
    pub at: UtcMicros,
    /// The asset, an index into [`Ledger::assets`].
    pub asset: u16,
    /// The quantity in self-custody after it (part of the entries'
    /// `quantity_after`, which counts every holding of the asset).
    pub quantity_after: Decimal,
}

/// How much of the ledger a build keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum LedgerDetail {
    /// The months' sums and what is said of the whole (skipped records,
    /// unknown states, self-custody), not the entries: what the month's
    /// gauge, the monthly chart, an order's effect on the month and the
    /// overdue DARFs read. A million-record account's entries are about
    /// 130 bytes each per movement and leg, most of the memory of its
    /// figures; the sums are a few per month.
    MonthSums,
    /// Every entry as well: the Taxes view, the files and the declaration.
    #[default]
    Entries,
}

/// The ledger.
#[derive(Clone, Debug, Default)]
pub struct Ledger {
    /// What this build kept: with [`LedgerDetail::MonthSums`], `entries`
    /// is empty and everything else is as a whole build's.
    pub detail: LedgerDetail,
    /// The assets, by ticker (`BRLV`), in the order first seen; an entry's
    /// `asset` is a position here. `BRL` appears for claims paid in reais.
    pub assets: Vec<String>,
    /// Every entry, oldest first (none when `detail` is
    /// [`LedgerDetail::MonthSums`]).
    pub entries: Vec<Entry>,
    /// Each month with a movement, oldest first.
    pub months: Vec<MonthSums>,
    /// Records that could not be placed.
    pub skipped: Vec<Skipped>,
    /// Orders in states the report does not know (not `completed`,
    /// `created`, `expired`, `payment-returned`): their sales are not
    /// counted. One line per state, in the order first seen.
    pub unknown_states: Vec<UnknownState>,
    /// Each of those orders, in the lists' order: shown in the ledger's file
    /// and counted in its month (`MonthSums::not_counted`).
    pub not_counted: Vec<NotCounted>,
    /// Every change of the quantity held in self-custody (sent to the
    /// person's own wallet elsewhere), oldest first.
    pub self_custody: Vec<SelfCustodyChange>,
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

    /// What of the asset was in self-custody at `until` (the last change
    /// before or at it); declared as "custódia própria".
    pub fn self_custody_at(&self, asset: u16, until: UtcMicros) -> Decimal {
        let end = self
            .self_custody
            .partition_point(|change| change.at <= until);
        self.self_custody[..end]
            .iter()
            .rev()
            .find(|change| change.asset == asset)
            .map_or(Decimal::ZERO, |change| change.quantity_after)
    }

    /// How many orders are in a state the report does not know.
    pub fn unknown_state_orders(&self) -> usize {
        self.unknown_states.iter().map(|state| state.orders).sum()
    }

    /// The state of an order not counted, as the service wrote it.
    pub fn not_counted_state(&self, order: &NotCounted) -> &str {
        self.unknown_states
            .get(usize::from(order.state))
            .map_or("?", |state| state.state.as_str())
    }

    /// The line that says orders were left out for their state, when any
    /// were: "N orders are in a state the report does not know (`settled`):
    /// their sales were not counted".
    pub fn unknown_states_notice(&self, language: Language) -> Option<String> {
        let orders = self.unknown_state_orders();
        if orders == 0 {
            return None;
        }
        let states = self
            .unknown_states
            .iter()
            .map(|state| format!("`{}`", state.state))
            .collect::<Vec<_>>()
            .join(", ");
        Some(match (language, orders) {
            (Language::English, 1) => format!(
                "1 order in a state the report does not know ({states}): its sales were not counted"
            ),
            (Language::English, _) => format!(
                "{orders} orders in a state the report does not know ({states}): their sales were not counted"
            ),
            (Language::PortugueseBrazil, 1) => format!(
                "1 ordem em um estado que o relatório não conhece ({states}): suas vendas não foram contadas"
            ),
            (Language::PortugueseBrazil, _) => format!(
                "{orders} ordens em um estado que o relatório não conhece ({states}): suas vendas não foram contadas"
            ),
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
fn place(
    input: &LedgerInput<'_>,
    skipped: &mut Vec<Skipped>,
    unknown: &mut Vec<UnknownState>,
    not_counted: &mut Vec<NotCounted>,
) -> Vec<Placed> {
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
        match &order.state {
            Some(OrderState::Completed) => {
                put(RecordRef::Order(position(index)), order_moment(order));
            }
            Some(OrderState::Created | OrderState::Expired | OrderState::PaymentReturned) => {}
            other => {
                let state = note_unknown_state(
                    unknown,
                    other.as_ref().map_or("(none)", OrderState::as_str),
                );
                not_counted.push(NotCounted {
                    record: RecordRef::Order(position(index)),
                    at: order_moment(order).map(|(micros, _)| UtcMicros::from_unix_micros(micros)),
                    month: None,
                    state,
                });
            }
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

/// Counts one more order in `state`; its index among the states.
fn note_unknown_state(unknown: &mut Vec<UnknownState>, state: &str) -> u16 {
    let index = match unknown.iter().position(|known| known.state == state) {
        Some(index) => {
            unknown[index].orders += 1;
            index
        }
        None => {
            unknown.push(UnknownState {
                state: state.to_owned(),
                orders: 1,
            });
            unknown.len() - 1
        }
    };
    u16::try_from(index).unwrap_or(u16::MAX)
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

/// Whose an address is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Whose {
    /// One of the account's wallets at the service.
    Account,
    /// The person's own elsewhere (self-custody): marked as theirs, or the
    /// target of an outflow they answered "to my own wallet".
    Person,
    /// Anyone else's, or unknown.
    Other,
}

/// The addresses that are the account's (its wallets) and the person's
/// own elsewhere (marked, or answered so).
struct OwnAddresses<'a> {
    wallets: Vec<&'a str>,
    typed: &'a TypedValues,
    answered: HashSet<String>,
}

impl<'a> OwnAddresses<'a> {
    fn of(input: &LedgerInput<'a>) -> OwnAddresses<'a> {
        let typed = input.typed;
        let mut answered = HashSet::new();
        if typed
            .outflows
            .values()
            .any(|outflow| outflow.answer == Some(OutflowAnswer::OwnWallet))
        {
            let own_wallet =
                |id: &uuid::Uuid| typed.outflow_answer(id) == Some(OutflowAnswer::OwnWallet);
            answered.extend(
                input
                    .transfers
                    .iter()
                    .filter(|transfer| own_wallet(&transfer.id))
                    .filter_map(|transfer| transfer.target_address.as_deref())
                    .chain(
                        input
                            .withdrawals
                            .iter()
                            .filter(|withdrawal| own_wallet(&withdrawal.id))
                            .filter_map(|withdrawal| withdrawal.target_address()),
                    )
                    .map(str::to_ascii_lowercase),
            );
        }
        OwnAddresses {
            wallets: input
                .wallets
                .iter()
                .map(|wallet| wallet.address.as_str())
                .collect(),
            typed,
            answered,
        }
    }

    fn whose(&self, address: Option<&str>) -> Whose {
        let Some(address) = address else {
            return Whose::Other;
        };
        if self
            .wallets
            .iter()
            .any(|own| own.eq_ignore_ascii_case(address))
        {
            return Whose::Account;
        }
        if self.typed.own_addresses.is_empty() && self.answered.is_empty() {
            return Whose::Other;
        }
        let lower = address.to_ascii_lowercase();
        if self.typed.own_addresses.contains(&lower) || self.answered.contains(&lower) {
            Whose::Person
        } else {
            Whose::Other
        }
    }
}

/// The ledger as it is built.
struct Builder<'a> {
    ledger: Ledger,
    holdings: Vec<Holding>,
    /// Per asset, what of the holding is in self-custody.
    self_custody: Vec<Decimal>,
    finder: MonthFinder,
    days: DayFinder,
    typed: &'a TypedValues,
    prices: &'a ServicePrices,
    dollar_rates: &'a DollarRates,
    /// Per asset, its last order with a leg in reais.
    last_orders: Vec<Option<LastOrder>>,
}

/// An asset's last order with a leg in reais: reais and quantity (the
/// price is divided out only when asked), on its Brasília day, and the
/// last one of an earlier day.
#[derive(Clone, Copy, Debug)]
struct LastOrder {
    day: Date,
    brl: Decimal,
    quantity: Decimal,
    earlier_day: Option<(Decimal, Decimal)>,
}

impl LastOrder {
    /// Reais per unit of the last order before `day`.
    fn price_before(&self, day: Date) -> Option<Decimal> {
        let (brl, quantity) = if self.day < day {
            (self.brl, self.quantity)
        } else {
            self.earlier_day?
        };
        brl.checked_div(quantity)
    }
}

/// The Brasília day of a moment, the last day's bounds kept: records come
/// in time order, so the zone is read once a day, not once a record.
#[derive(Default)]
struct DayFinder {
    cached: Option<(i64, i64, Date)>,
}

impl DayFinder {
    fn day_of(&mut self, unix_micros: i64) -> Option<Date> {
        if let Some((start, end, day)) = self.cached
            && (start..end).contains(&unix_micros)
        {
            return Some(day);
        }
        let moment = UtcMicros::from_unix_micros(unix_micros).get();
        let day = super::brasilia::date_at(moment);
        let micros = |date: Date| super::brasilia::start_of(date).map(micros_of);
        if let (Some(start), Some(end)) = (micros(day), day.next_day().and_then(micros)) {
            self.cached = Some((start, end, day));
        }
        Some(day)
    }
}

/// Which way a dollar amount goes in an order, for its PTAX.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DollarSide {
    /// Dollars (or a stablecoin given) a sale brings in: the buying rate.
    SaleProceeds,
    /// Dollars (or a stablecoin received) an acquisition costs: the selling rate.
    AcquisitionCost,
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
        (flags, source): (Flags, ValueSource),
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
        if self.ledger.detail < LedgerDetail::Entries {
            return;
        }
        self.ledger.entries.push(Entry {
            at: movement.at,
            month: movement.month,
            record: movement.record,
            asset,
            kind,
            flags,
            source,
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
        valued: (Flags, ValueSource),
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
            valued,
            quantity,
            cost,
            cost,
            Decimal::ZERO,
        );
    }

    /// Takes `quantity` out of what is held at average cost; the cost of
    /// what left, and whether more left than was held.
    fn take(&mut self, movement: &Move, asset: u16, quantity: Decimal) -> (Decimal, Flags) {
        let holding = self.holding(asset);
        if quantity <= holding.quantity {
            let cost = share(holding.total_cost, quantity, holding.quantity);
            holding.quantity -= quantity;
            holding.total_cost -= cost;
            if holding.quantity.is_zero() {
                holding.total_cost = Decimal::ZERO;
            }
            let left = holding.quantity;
            self.cap_custody(movement, asset, left);
            (cost, Flags::default())
        } else {
            let cost = holding.total_cost;
            *holding = Holding::default();
            self.cap_custody(movement, asset, Decimal::ZERO);
            (cost, Flags::OVERSOLD)
        }
    }

    /// What is in self-custody is part of what is held: never more.
    fn cap_custody(&mut self, movement: &Move, asset: u16, held: Decimal) {
        if self.custody(asset) > held {
            self.set_custody(movement, asset, held);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn sell(
        &mut self,
        movement: &Move,
        asset: u16,
        kind: EntryKind,
        (flags, source): (Flags, ValueSource),
        quantity: Decimal,
        value: Decimal,
        fee: Decimal,
    ) {
        let (cost, oversold) = self.take(movement, asset, quantity);
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
            (flags.with(oversold), source),
            quantity,
            value,
            cost,
            gain,
        );
    }

    /// Tokens that left to an address that is not the person's, read as
    /// the person answered: a payment (no answer counts as one, flagged) is
    /// a sale at its value on its day; a gift leaves at its cost.
    fn outflow(
        &mut self,
        movement: &Move,
        asset: u16,
        quantity: Decimal,
        answer: Option<OutflowAnswer>,
        typed_value: Option<Decimal>,
    ) {
        let (value, valued) = self.token_value(movement, asset, quantity, typed_value);
        self.external(movement, value, valued.1);
        match answer {
            Some(OutflowAnswer::OwnWallet) => self.sent_to_own_wallet(movement, asset, quantity),
            Some(OutflowAnswer::Gift) => {
                let (cost, oversold) = self.take(movement, asset, quantity);
                self.month_sums(movement.month)
                    .asset_mut(asset)
                    .outflow_cost_brl += cost;
                self.push(
                    movement,
                    asset,
                    EntryKind::Gift,
                    (oversold, ValueSource::AverageCost),
                    quantity,
                    cost,
                    cost,
                    Decimal::ZERO,
                );
            }
            Some(OutflowAnswer::Payment) | None => {
                let (kind, unanswered) = match answer {
                    None => (EntryKind::Outflow, Flags::OUTFLOW),
                    Some(_) => (EntryKind::Payment, Flags::default()),
                };
                self.month_sums(movement.month)
                    .asset_mut(asset)
                    .payments_brl += value;
                let (flags, source) = valued;
                self.sell(
                    movement,
                    asset,
                    kind,
                    (flags.with(unanswered), source),
                    quantity,
                    value,
                    Decimal::ZERO,
                );
            }
        }
    }

    /// Tokens sent to the person's own wallet elsewhere: still held with
    /// their cost; the self-custody part of the holding grows.
    /// Tokens (`quantity` of `asset`, the transfer's or withdrawal's `id`)
    /// that left the account's wallets for `target`: a move between the
    /// account's own addresses; to the person's own wallet elsewhere
    /// (self-custody, its value on its day counted outside the service); or
    /// to someone else, an outflow that counts as what the person answered
    /// it was (a payment until they do). One rule for transfers and token
    /// withdrawals alike.
    fn left(
        &mut self,
        movement: &Move,
        id: uuid::Uuid,
        asset: u16,
        quantity: Decimal,
        target: Whose,
    ) {
        let typed_value = self.typed.outflow_value(&id);
        match target {
            Whose::Account => self.own_move(movement, asset, quantity),
            Whose::Person => {
                let (value, valued) = self.token_value(movement, asset, quantity, typed_value);
                self.external(movement, value, valued.1);
                self.sent_to_own_wallet(movement, asset, quantity);
            }
            Whose::Other => {
                let answer = self.typed.outflow_answer(&id);
                self.outflow(movement, asset, quantity, answer, typed_value);
            }
        }
    }

    fn sent_to_own_wallet(&mut self, movement: &Move, asset: u16, quantity: Decimal) {
        let holding = *self.holding(asset);
        let (cost, oversold) = if quantity <= holding.quantity {
            (
                share(holding.total_cost, quantity, holding.quantity),
                Flags::default(),
            )
        } else {
            (holding.total_cost, Flags::OVERSOLD)
        };
        let kept = (self.custody(asset) + quantity).min(holding.quantity);
        self.set_custody(movement, asset, kept);
        self.push(
            movement,
            asset,
            EntryKind::ToOwnWallet,
            (oversold, ValueSource::AverageCost),
            quantity,
            cost,
            cost,
            Decimal::ZERO,
        );
    }

    /// Tokens that came in from the person's own wallet elsewhere: up to
    /// what went there, back with the cost it kept (nothing changes); the
    /// rest enters at the cost typed for the record, zero until then.
    fn back_from_own_wallet(
        &mut self,
        movement: &Move,
        record: uuid::Uuid,
        asset: u16,
        quantity: Decimal,
    ) {
        let (value, valued) = self.token_value(movement, asset, quantity, None);
        self.external(movement, value, valued.1);
        let kept = self.custody(asset);
        let back = quantity.min(kept);
        self.set_custody(movement, asset, kept - back);
        let new = quantity - back;
        let (cost, valued) = if new.is_zero() {
            (Decimal::ZERO, (Flags::default(), ValueSource::AverageCost))
        } else {
            match self.typed.arrived_costs.get(&record) {
                Some(cost) => (centavos(*cost), (Flags::TYPED, ValueSource::Typed)),
                None => (Decimal::ZERO, (Flags::COST_MISSING, ValueSource::Missing)),
            }
        };
        let holding = self.holding(asset);
        holding.quantity += new;
        holding.total_cost += cost;
        self.push(
            movement,
            asset,
            EntryKind::FromOwnWallet,
            valued,
            quantity,
            cost,
            cost,
            Decimal::ZERO,
        );
    }

    fn custody(&self, asset: u16) -> Decimal {
        self.self_custody
            .get(usize::from(asset))
            .copied()
            .unwrap_or(Decimal::ZERO)
    }

    fn set_custody(&mut self, movement: &Move, asset: u16, quantity: Decimal) {
        let index = usize::from(asset);
        if self.self_custody.len() <= index {
            self.self_custody.resize(index + 1, Decimal::ZERO);
        }
        if self.self_custody[index] == quantity {
            return;
        }
        self.self_custody[index] = quantity;
        self.ledger.self_custody.push(SelfCustodyChange {
            at: movement.at,
            asset,
            quantity_after: quantity,
        });
    }

    /// Adds a movement to or from outside the service to its month's
    /// DeCripto figure.
    fn external(&mut self, movement: &Move, value: Decimal, source: ValueSource) {
        let sums = self.month_sums(movement.month);
        sums.external_brl += value;
        if matches!(source, ValueSource::TodaysPrice | ValueSource::Missing) {
            sums.external_unvalued += 1;
        }
    }

    /// The value in reais on its day of `quantity` of a token that moved
    /// without an order, in the ledger's order of sources: typed; BRLV at
    /// R$1.00; a dollar stablecoin at the day's PTAX buying rate (what the
    /// disposal brings in, by analogy); the account's last order of the
    /// token before the day; the service's price today; else none.
    fn token_value(
        &mut self,
        movement: &Move,
        asset: u16,
        quantity: Decimal,
        typed: Option<Decimal>,
    ) -> (Decimal, (Flags, ValueSource)) {
        if let Some(value) = typed {
            return (centavos(value), (Flags::TYPED, ValueSource::Typed));
        }
        let ticker = self.ledger.asset_name(asset);
        if ticker == "BRLV" {
            return (
                centavos(quantity),
                (Flags::PRACTICE_VALUE, ValueSource::BrlvAtPar),
            );
        }
        let is_stablecoin = matches!(ticker, "USDC" | "USDT");
        let price_today = self.prices.of(ticker);
        let day = self.days.day_of(movement.at.unix_micros());
        let mut failed = Flags::default();
        if let (true, Some(day)) = (is_stablecoin, day) {
            match self.dollar_rates.on(day) {
                RateOnDay::Known(day_rate) => {
                    if let Some(value) = quantity.checked_mul(day_rate.rate.buying) {
                        return (
                            centavos(value),
                            (
                                Flags::PRACTICE_VALUE.with(rate_flags(day_rate)),
                                ValueSource::StablecoinPtax,
                            ),
                        );
                    }
                }
                RateOnDay::Failed(_) => failed = Flags::RATE_FAILED,
                RateOnDay::NotAsked => {}
            }
        }
        if let Some(price) = day.and_then(|day| {
            self.last_orders
                .get(usize::from(asset))
                .copied()
                .flatten()
                .and_then(|last| last.price_before(day))
        }) && let Some(value) = quantity.checked_mul(price)
        {
            return (
                centavos(value),
                (Flags::PRACTICE_VALUE.with(failed), ValueSource::LastOrder),
            );
        }
        match price_today.and_then(|price| quantity.checked_mul(price)) {
            Some(value) => (
                centavos(value),
                (Flags::SERVICE_PRICE.with(failed), ValueSource::TodaysPrice),
            ),
            None => (
                Decimal::ZERO,
                (Flags::VALUE_MISSING.with(failed), ValueSource::Missing),
            ),
        }
    }

    fn own_move(&mut self, movement: &Move, asset: u16, quantity: Decimal) {
        self.push(
            movement,
            asset,
            EntryKind::OwnMove,
            (Flags::default(), ValueSource::AverageCost),
            quantity,
            Decimal::ZERO,
            Decimal::ZERO,
            Decimal::ZERO,
        );
    }

    /// The value in reais of an order with no leg in reais, on its day
    /// (see this module's documentation for the order of the sources).
    fn order_value(
        &mut self,
        movement: &Move,
        order: &Order,
        fee_in_target: bool,
    ) -> (Decimal, (Flags, ValueSource)) {
        if let Some(value) = self.typed.order_values.get(&order.id) {
            return (centavos(*value), (Flags::TYPED, ValueSource::Typed));
        }
        let gross_target = order
            .target_amount()
            .map(|amount| amount + fee_if(fee_in_target, order));
        let given = (order.source_asset.as_ref(), order.source_amount());
        let received = (order.target_asset.as_ref(), gross_target);
        let legs = [token_leg(given), token_leg(received)];
        for (asset, amount) in legs.into_iter().flatten() {
            if ticker_of(asset) == "BRLV" {
                return (
                    centavos(amount),
                    (Flags::PRACTICE_VALUE, ValueSource::BrlvAtPar),
                );
            }
        }
        let day = self.days.day_of(movement.at.unix_micros());
        let mut failed = Flags::default();
        let dollar_legs = [
            (received, DollarSide::SaleProceeds),
            (given, DollarSide::AcquisitionCost),
        ];
        let stablecoin_legs = [
            (given, DollarSide::SaleProceeds),
            (received, DollarSide::AcquisitionCost),
        ];
        let dollars = dollar_legs
            .into_iter()
            .filter(|((asset, _), _)| *asset == Some(&Asset::FiatUsd))
            .map(|((_, amount), side)| (amount, side, ValueSource::DollarPtax));
        let stablecoins = stablecoin_legs
            .into_iter()
            .filter(|((asset, _), _)| {
                asset.is_some_and(|asset| matches!(ticker_of(asset).as_ref(), "USDC" | "USDT"))
            })
            .map(|((_, amount), side)| (amount, side, ValueSource::StablecoinPtax));
        let ptax_legs: Vec<_> = dollars.chain(stablecoins).collect();
        if let (Some(day), false) = (day, ptax_legs.is_empty()) {
            match self.dollar_rates.on(day) {
                RateOnDay::Known(day_rate) => {
                    for (amount, side, source) in &ptax_legs {
                        let rate = match side {
                            DollarSide::SaleProceeds => day_rate.rate.buying,
                            DollarSide::AcquisitionCost => day_rate.rate.selling,
                        };
                        if let Some(value) = amount.and_then(|amount| amount.checked_mul(rate)) {
                            let flags = if *source == ValueSource::StablecoinPtax {
                                Flags::PRACTICE_VALUE
                            } else {
                                Flags::default()
                            };
                            return (centavos(value), (flags.with(rate_flags(day_rate)), *source));
                        }
                    }
                }
                RateOnDay::Failed(_) => failed = Flags::RATE_FAILED,
                RateOnDay::NotAsked => {}
            }
        }
        if let Some(day) = day {
            for (asset, amount) in legs.into_iter().flatten() {
                let Some(price) = self
                    .asset_index(&ticker_of(asset))
                    .and_then(|index| self.last_orders.get(usize::from(index)).copied().flatten())
                    .and_then(|last| last.price_before(day))
                else {
                    continue;
                };
                if let Some(value) = amount.checked_mul(price) {
                    return (
                        centavos(value),
                        (Flags::PRACTICE_VALUE.with(failed), ValueSource::LastOrder),
                    );
                }
            }
        }
        let priced = |asset: &Option<Asset>, amount: Option<Decimal>| {
            let asset = asset.as_ref().filter(|asset| !asset.is_fiat())?;
            let price = self.prices.of(&ticker_of(asset))?;
            amount?.checked_mul(price).map(centavos)
        };
        priced(&order.source_asset, order.source_amount())
            .or_else(|| priced(&order.target_asset, gross_target))
            .map_or(
                (
                    Decimal::ZERO,
                    (Flags::VALUE_MISSING.with(failed), ValueSource::Missing),
                ),
                |value| {
                    (
                        value,
                        (Flags::SERVICE_PRICE.with(failed), ValueSource::TodaysPrice),
                    )
                },
            )
    }

    fn asset_index(&self, ticker: &str) -> Option<u16> {
        self.ledger
            .assets
            .iter()
            .position(|known| known == ticker)
            .and_then(|position| u16::try_from(position).ok())
    }

    /// Notes an order of `asset` with a leg in reais, for the orders
    /// after it that have none.
    fn note_last_order(&mut self, movement: &Move, asset: u16, brl: Decimal, quantity: Decimal) {
        if quantity.is_zero() {
            return;
        }
        let Some(day) = self.days.day_of(movement.at.unix_micros()) else {
            return;
        };
        let index = usize::from(asset);
        if self.last_orders.len() <= index {
            self.last_orders.resize(index + 1, None);
        }
        let slot = &mut self.last_orders[index];
        *slot = Some(match *slot {
            Some(last) if last.day == day => LastOrder {
                brl,
                quantity,
                ..last
            },
            Some(last) => LastOrder {
                day,
                brl,
                quantity,
                earlier_day: Some((last.brl, last.quantity)),
            },
            None => LastOrder {
                day,
                brl,
                quantity,
                earlier_day: None,
            },
        });
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
        let in_reais = (Flags::default(), ValueSource::OrderInReais);
        if *source == Asset::FiatBrl {
            let asset = self.asset(&ticker_of(target));
            // The price per unit before the fee, as a sale's value is.
            let gross = received + fee_if(fee_in_target, order);
            self.note_last_order(movement, asset, paid, gross);
            self.acquire(
                movement,
                asset,
                EntryKind::Buy,
                in_reais,
                received,
                centavos(paid),
            );
        } else if *target == Asset::FiatBrl {
            let asset = self.asset(&ticker_of(source));
            let fee = fee_if(fee_in_target, order);
            self.note_last_order(movement, asset, received + fee, paid);
            self.sell(
                movement,
                asset,
                EntryKind::Sell,
                in_reais,
                paid,
                centavos(received + fee),
                centavos(fee),
            );
        } else {
            let (value, flags) = self.order_value(movement, order, fee_in_target);
            let mut fee = Decimal::ZERO;
            if !source.is_fiat() {
                let asset = self.asset(&ticker_of(source));
                let kind = if target.is_fiat() {
                    EntryKind::Sell
                } else {
                    EntryKind::SwapOut
                };
                fee = fee_in_reais(order, value, fee_in_target);
                self.sell(movement, asset, kind, flags, paid, value, fee);
            }
            if !target.is_fiat() {
                let asset = self.asset(&ticker_of(target));
                let kind = if source.is_fiat() {
                    EntryKind::Buy
                } else {
                    EntryKind::SwapIn
                };
                // The fee lowered the sale's gain: what was received is worth
                // the value less it (counted once, not again in its cost).
                self.acquire(movement, asset, kind, flags, received, value - fee);
            }
        }
        Ok(())
    }

    fn arrived(&mut self, movement: &Move, record: uuid::Uuid, asset: u16, quantity: Decimal) {
        let (value, valued) = self.token_value(movement, asset, quantity, None);
        self.external(movement, value, valued.1);
        let (cost, flags) = match self.typed.arrived_costs.get(&record) {
            Some(cost) => (centavos(*cost), (Flags::TYPED, ValueSource::Typed)),
            None => (Decimal::ZERO, (Flags::COST_MISSING, ValueSource::Missing)),
        };
        self.acquire(movement, asset, EntryKind::Arrived, flags, quantity, cost);
    }
}

/// What a PTAX's standing adds to the entry valued with it.
fn rate_flags(day_rate: &super::ptax::DayRate) -> Flags {
    match day_rate.standing {
        RateStanding::OfTheDay => Flags::default(),
        RateStanding::PreviousBusinessDay => Flags::RATE_PREVIOUS_DAY,
        RateStanding::Provisional => Flags::RATE_PROVISIONAL,
    }
}

/// A leg of an order when it is a token, with its amount.
fn token_leg((asset, amount): (Option<&Asset>, Option<Decimal>)) -> Option<(&Asset, Decimal)> {
    Some((asset.filter(|asset| !asset.is_fiat())?, amount?))
}

/// The fee of an order with no leg in reais, in reais on its day at the
/// rate its value was taken at: in reais as charged; in one of the order's
/// legs, that leg's value per unit (the order's value over the leg's amount,
/// the fee included) times the fee. A fee in any other asset has no value
/// here and lowers nothing (the gain is not understated).
fn fee_in_reais(order: &Order, value: Decimal, fee_in_target: bool) -> Decimal {
    let Some(fee) = order.fee_amount().filter(|fee| *fee > Decimal::ZERO) else {
        return Decimal::ZERO;
    };
    if order.fee_asset.as_ref() == Some(&Asset::FiatBrl) {
        return centavos(fee).min(value);
    }
    let leg = if fee_in_target {
        order.target_amount().map(|received| received + fee)
    } else if order.fee_asset.is_some() && order.fee_asset == order.source_asset {
        order.source_amount()
    } else {
        None
    };
    leg.filter(|amount| !amount.is_zero())
        .and_then(|amount| value.checked_mul(fee)?.checked_div(amount))
        .map_or(Decimal::ZERO, |fee| centavos(fee).min(value))
}

fn fee_if(fee_in_target: bool, order: &Order) -> Decimal {
    if fee_in_target {
        order.fee_amount().unwrap_or(Decimal::ZERO)
    } else {
        Decimal::ZERO
    }
}

/// The token movements to or from outside the service (not between the
/// account's wallets) with no value typed: each with its asset's ticker
/// and its Brasília day, for the values of the day they need.
fn external_movements<'a>(
    input: &'a LedgerInput<'a>,
) -> impl Iterator<Item = (Option<&'a Asset>, std::borrow::Cow<'static, str>, Date)> + 'a {
    let own = OwnAddresses::of(input);
    let day = |moment: Option<UtcMicros>| moment.map(|at| super::brasilia::date_at(at.get()));
    let typed = input.typed;
    let transfers = input
        .transfers
        .iter()
        .filter(move |transfer| {
            transfer.state != Some(TransferState::Failed)
                && typed.outflow_value(&transfer.id).is_none()
                && !matches!(
                    (
                        own.whose(transfer.source_address.as_deref()),
                        own.whose(transfer.target_address.as_deref()),
                    ),
                    (Whose::Account, Whose::Account) | (Whose::Person, Whose::Person)
                )
        })
        .filter_map(move |transfer| {
            let asset = transfer.asset.as_ref()?;
            Some((
                Some(asset),
                ticker_of(asset),
                day(transfer.created_at.or(transfer.state_updated_at))?,
            ))
        });
    let own = OwnAddresses::of(input);
    let withdrawals = input
        .withdrawals
        .iter()
        .filter(move |withdrawal| {
            withdrawal.state != Some(WithdrawalState::Failed)
                && typed.outflow_value(&withdrawal.id).is_none()
                && own.whose(withdrawal.target_address()) != Whose::Account
        })
        .filter_map(move |withdrawal| {
            let asset = withdrawal.asset.as_ref().filter(|asset| !asset.is_fiat())?;
            Some((
                Some(asset),
                ticker_of(asset),
                day(withdrawal.created_at.or(withdrawal.state_updated_at))?,
            ))
        });
    let deposits = input
        .deposits
        .iter()
        .filter(|list| list.is_tokens())
        .flat_map(move |list| {
            let ticker: std::borrow::Cow<'static, str> =
                std::borrow::Cow::Owned(list.asset.as_str().to_ascii_uppercase());
            list.deposits
                .iter()
                .filter(|deposit| {
                    deposit
                        .status
                        .as_ref()
                        .is_none_or(|status| *status == DepositStatus::Credited)
                })
                .filter_map(move |deposit| {
                    Some((
                        None,
                        ticker.clone(),
                        day(deposit.processed_at.or(deposit.created_at))?,
                    ))
                })
        });
    transfers.chain(withdrawals).chain(deposits)
}

/// The Brasília days whose dollar PTAX the ledger may use: the orders'
/// ([`super::input::days_needing_dollar_rates`]) and those of dollar
/// stablecoins that moved to or from outside the service with no value
/// typed (a payment's value, DeCripto's monthly figure).
pub fn dollar_rate_days(input: &LedgerInput<'_>) -> std::collections::BTreeSet<Date> {
    let mut days = super::input::days_needing_dollar_rates(input.orders, input.typed);
    days.extend(
        external_movements(input)
            .filter(|(_, ticker, _)| matches!(ticker.as_ref(), "USDC" | "USDT"))
            .map(|(.., day)| day),
    );
    days
}

/// The tokens the service's price of today may be wanted for, the last of
/// the sources of a value: the orders' ([`super::input::assets_needing_prices`])
/// and the tokens other than BRLV that moved to or from outside the service.
pub fn assets_needing_prices(input: &LedgerInput<'_>) -> Vec<Asset> {
    let mut wanted = super::input::assets_needing_prices(input.orders, input.typed);
    for (asset, ticker, _) in external_movements(input) {
        if let Some(asset) = asset
            && ticker != "BRLV"
            && !wanted.contains(asset)
        {
            wanted.push(asset.clone());
        }
    }
    wanted
}

/// Builds the ledger of `input` (see this module's documentation).
pub fn build(input: &LedgerInput<'_>) -> Ledger {
    build_with(input, LedgerDetail::Entries)
}

/// Builds the ledger of `input`, keeping its entries or its months' sums
/// alone (`detail`); the sums are the same either way.
pub fn build_with(input: &LedgerInput<'_>, detail: LedgerDetail) -> Ledger {
    let mut skipped = Vec::new();
    let mut unknown_states = Vec::new();
    let mut not_counted = Vec::new();
    let mut placed = place(input, &mut skipped, &mut unknown_states, &mut not_counted);
    placed.sort_unstable_by_key(|placed| (placed.micros, placed.record));
    let own = OwnAddresses::of(input);
    let mut builder = Builder {
        ledger: Ledger {
            detail,
            entries: match detail {
                LedgerDetail::Entries => Vec::with_capacity(placed.len()),
                LedgerDetail::MonthSums => Vec::new(),
            },
            skipped,
            unknown_states,
            ..Ledger::default()
        },
        holdings: Vec::new(),
        self_custody: Vec::new(),
        finder: MonthFinder::default(),
        days: DayFinder::default(),
        typed: input.typed,
        prices: input.prices,
        dollar_rates: input.dollar_rates,
        last_orders: Vec::new(),
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
    for order in &mut not_counted {
        order.month = order
            .at
            .and_then(|at| builder.finder.month_of(at.unix_micros()));
        if let Some(month) = order.month {
            builder.month_sums(month).not_counted += 1;
        }
    }
    builder.ledger.not_counted = not_counted;
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
                (Flags::default(), ValueSource::ClaimRecord),
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
            let target = own.whose(transfer.target_address.as_deref());
            match (own.whose(transfer.source_address.as_deref()), target) {
                (Whose::Account, Whose::Account) | (Whose::Person, Whose::Person) => {
                    builder.own_move(&movement, asset, amount);
                }
                (Whose::Person, Whose::Account) => {
                    builder.back_from_own_wallet(&movement, transfer.id, asset, amount);
                }
                (Whose::Other, Whose::Account | Whose::Person) => {
                    builder.arrived(&movement, transfer.id, asset, amount);
                }
                (Whose::Account, Whose::Person) | (_, Whose::Other) => {
                    builder.left(&movement, transfer.id, asset, amount, target);
                }
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
            let target = own.whose(withdrawal.target_address());
            builder.left(&movement, withdrawal.id, asset, amount, target);
            Ok(())
        }
    }
}
