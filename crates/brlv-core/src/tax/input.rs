//! What the ledger is built from, filled the same way by the app, the
//! command line and the benchmark: the account's lists as fetched
//! (borrowed, never copied: a million orders cost nothing extra), the
//! claims this device made, and what the person typed.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};

use rust_decimal::Decimal;
use time::OffsetDateTime;
use uuid::Uuid;

use super::brasilia::YearMonth;
use crate::api::model::{
    Asset, Claim, ClaimTarget, Deposit, DepositAsset, Order, Transfer, Wallet, Withdrawal,
};

/// A claim this device made, with what it was paid in (the claim record
/// does not say; the request that made it does).
#[derive(Clone, Debug, PartialEq)]
pub struct ClaimMade {
    /// The claim as the service answered it.
    pub claim: Claim,
    /// BRL or BRLV, as asked.
    pub paid_as: ClaimTarget,
}

/// One deposit list: the deposits of one asset (`GET /assets/{asset}/deposits`).
#[derive(Clone, Copy, Debug)]
pub struct DepositList<'a> {
    /// The asset the list is of.
    pub asset: &'a DepositAsset,
    /// Its deposits.
    pub deposits: &'a [Deposit],
}

impl DepositList<'_> {
    /// Whether the list holds tokens (USDC, USDT), not money (BRL, USD).
    pub fn is_tokens(&self) -> bool {
        !matches!(self.asset, DepositAsset::Brl | DepositAsset::Usd)
    }
}

/// The deposit lists that can hold tokens arriving from outside (the BRL
/// and USD lists are money, which the ledger passes over).
pub const TOKEN_DEPOSIT_ASSETS: [DepositAsset; 2] = [DepositAsset::Usdc, DepositAsset::Usdt];

/// Everything the ledger reads. Records are borrowed.
#[derive(Clone, Copy, Debug)]
pub struct LedgerInput<'a> {
    /// The account's orders.
    pub orders: &'a [Order],
    /// The account's transfers.
    pub transfers: &'a [Transfer],
    /// The account's withdrawals.
    pub withdrawals: &'a [Withdrawal],
    /// The deposit lists; those of money (BRL, USD) are passed over.
    pub deposits: &'a [DepositList<'a>],
    /// The claims this device made (the service lists none).
    pub claims: &'a [ClaimMade],
    /// The account's wallets: moving tokens between them is no sale.
    pub wallets: &'a [Wallet],
    /// What the person typed.
    pub typed: &'a TypedValues,
    /// The service's prices, for orders with no leg in reais.
    pub prices: &'a ServicePrices,
    /// The dollar's PTAX of the days of orders with a leg in dollars or a
    /// dollar stablecoin and none in reais ([`days_needing_dollar_rates`]).
    pub dollar_rates: &'a super::ptax::DollarRates,
}

/// A Bens e Direitos code of group 08.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BensCode {
    /// 01: Bitcoin.
    Bitcoin,
    /// 02: other crypto-assets.
    OtherCrypto,
    /// 03: stablecoins.
    Stablecoin,
    /// 10: NFTs.
    Nft,
    /// 99: others.
    Others,
}

impl BensCode {
    /// The two digits the declaration asks for.
    pub fn code(self) -> &'static str {
        match self {
            BensCode::Bitcoin => "01",
            BensCode::OtherCrypto => "02",
            BensCode::Stablecoin => "03",
            BensCode::Nft => "10",
            BensCode::Others => "99",
        }
    }

    /// Reads `01`, `02`, `03`, `10` or `99`.
    pub fn parse(text: &str) -> Option<BensCode> {
        Some(match text.trim() {
            "01" => BensCode::Bitcoin,
            "02" => BensCode::OtherCrypto,
            "03" => BensCode::Stablecoin,
            "10" => BensCode::Nft,
            "99" => BensCode::Others,
            _ => return None,
        })
    }
}

/// What tokens that left to an address that is not the account's were,
/// as the person answered (RIR/2018 art. 128 §4: a disposal "a qualquer
/// título" counts; moving to one's own wallet is none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutflowAnswer {
    /// A payment or a sale (dação em pagamento): a disposal at its value in
    /// reais on its day, counted in the month's sales, its gain taxed. What
    /// an outflow with no answer is counted as.
    Payment,
    /// To the person's own wallet elsewhere (self-custody): no disposal; it
    /// stays in the holdings with its cost, declared as "custódia própria".
    OwnWallet,
    /// A gift (doação): out of the holdings at its cost, no gain; gifts
    /// follow their own rules (the receiver's ITCMD).
    Gift,
}

impl OutflowAnswer {
    /// Every answer, in the order they are offered.
    pub const ALL: [OutflowAnswer; 3] = [
        OutflowAnswer::Payment,
        OutflowAnswer::OwnWallet,
        OutflowAnswer::Gift,
    ];

    /// The name the journal, the exports and the command line use.
    pub fn key(self) -> &'static str {
        match self {
            OutflowAnswer::Payment => "payment",
            OutflowAnswer::OwnWallet => "own",
            OutflowAnswer::Gift => "gift",
        }
    }

    /// Reads `payment`, `own` or `gift` (case and spaces aside).
    pub fn parse(text: &str) -> Option<OutflowAnswer> {
        let text = text.trim();
        OutflowAnswer::ALL
            .into_iter()
            .find(|answer| answer.key().eq_ignore_ascii_case(text))
    }
}

/// One thing the person typed, as the journal keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TaxInput {
    /// The month's DARF marked paid (or not).
    Paid {
        /// The month of the sales.
        month: YearMonth,
        /// Paid or not.
        paid: bool,
    },
    /// What tokens that arrived from outside cost, in reais (a deposit's
    /// or an incoming transfer's id); `None` clears it.
    ArrivedCost {
        /// The deposit or transfer.
        record: Uuid,
        /// The cost.
        brl: Option<Decimal>,
    },
    /// An order's value in reais, for an order with no leg in reais; `None` clears it.
    OrderValue {
        /// The order.
        order: Uuid,
        /// The value.
        brl: Option<Decimal>,
    },
    /// What tokens that left to an address not the account's were (a
    /// transfer's or a token withdrawal's id); `None` clears the answer
    /// (the outflow counts as a payment again, flagged).
    OutflowAnswer {
        /// The transfer or withdrawal.
        record: Uuid,
        /// The answer.
        answer: Option<OutflowAnswer>,
    },
    /// An outflow's value in reais on its day, typed (a payment's value
    /// when no price of the day is known); `None` clears it.
    OutflowValue {
        /// The transfer or withdrawal.
        record: Uuid,
        /// The value.
        brl: Option<Decimal>,
    },
    /// An address the person says is theirs (or no longer).
    OwnAddress {
        /// The 0x address.
        address: String,
        /// Theirs or not.
        own: bool,
    },
    /// The custodian's name and CNPJ for Discriminação; `None` restores the default.
    Custodian(Option<String>),
    /// The custodian's CNPJ for its own field of Bens e Direitos, as typed
    /// (checked where it is shown); `None` clears it.
    CustodianCnpj(Option<String>),
    /// The Bens e Direitos code the person chose for an asset; `None` restores the suggestion.
    Code {
        /// The asset's ticker (`WBRLY`).
        asset: String,
        /// The code.
        code: Option<BensCode>,
    },
}

/// The journal's kind of an answer given at sending, kept beside its POST
/// until the service's id for the send is known (`tax::journal`): not
/// something the person typed about a record yet, so [`TypedValues`]
/// passes over it.
pub const ANSWER_AT_SEND: &str = "outflow-answer-at-send";

/// The journal's names of a [`TaxInput`]'s kinds.
mod kinds {
    pub const PAID: &str = "paid";
    pub const ARRIVED_COST: &str = "arrived-cost-brl";
    pub const ORDER_VALUE: &str = "order-value-brl";
    pub const OWN_ADDRESS: &str = "own-address";
    pub const OUTFLOW_ANSWER: &str = "outflow-answer";
    pub const OUTFLOW_VALUE: &str = "outflow-value-brl";
    pub const CUSTODIAN: &str = "custodian";
    pub const CODE: &str = "bens-code";
    pub const CUSTODIAN_CNPJ: &str = "custodian-cnpj";
}

impl TaxInput {
    /// As the journal keeps it: kind, subject and value (none clears).
    pub fn to_record(&self, at: OffsetDateTime) -> crate::journal::TaxInputRecord {
        let (kind, subject, value) = match self {
            TaxInput::Paid { month, paid } => (kinds::PAID, month.iso(), Some(paid.to_string())),
            TaxInput::ArrivedCost { record, brl } => (
                kinds::ARRIVED_COST,
                record.to_string(),
                brl.map(|brl| brl.to_string()),
            ),
            TaxInput::OrderValue { order, brl } => (
                kinds::ORDER_VALUE,
                order.to_string(),
                brl.map(|brl| brl.to_string()),
            ),
            TaxInput::OutflowAnswer { record, answer } => (
                kinds::OUTFLOW_ANSWER,
                record.to_string(),
                answer.map(|answer| answer.key().to_owned()),
            ),
            TaxInput::OutflowValue { record, brl } => (
                kinds::OUTFLOW_VALUE,
                record.to_string(),
                brl.map(|brl| brl.to_string()),
            ),
            TaxInput::OwnAddress { address, own } => (
                kinds::OWN_ADDRESS,
                address.to_ascii_lowercase(),
                Some(own.to_string()),
            ),
            TaxInput::Custodian(text) => (kinds::CUSTODIAN, String::new(), text.clone()),
            TaxInput::CustodianCnpj(cnpj) => (
                kinds::CUSTODIAN_CNPJ,
                String::new(),
                cnpj.as_deref().map(|cnpj| cnpj.trim().to_owned()),
            ),
            TaxInput::Code { asset, code } => (
                kinds::CODE,
                asset.to_ascii_uppercase(),
                code.map(|code| code.code().to_owned()),
            ),
        };
        crate::journal::TaxInputRecord {
            at,
            kind: kind.to_owned(),
            subject,
            value,
        }
    }

    /// Reads a journal record back; `None` for one this version cannot read
    /// (a newer kind, a damaged value).
    pub fn from_record(record: &crate::journal::TaxInputRecord) -> Option<TaxInput> {
        let value = record.value.as_deref();
        let decimal = || -> Option<Option<Decimal>> {
            match value {
                None => Some(None),
                Some(text) => text.parse().ok().map(Some),
            }
        };
        let flag = || value?.parse::<bool>().ok();
        Some(match record.kind.as_str() {
            kinds::PAID => TaxInput::Paid {
                month: YearMonth::parse(&record.subject)?,
                paid: flag()?,
            },
            kinds::ARRIVED_COST => TaxInput::ArrivedCost {
                record: Uuid::parse_str(&record.subject).ok()?,
                brl: decimal()?,
            },
            kinds::ORDER_VALUE => TaxInput::OrderValue {
                order: Uuid::parse_str(&record.subject).ok()?,
                brl: decimal()?,
            },
            kinds::OUTFLOW_ANSWER => TaxInput::OutflowAnswer {
                record: Uuid::parse_str(&record.subject).ok()?,
                answer: match value {
                    None => None,
                    Some(text) => Some(OutflowAnswer::parse(text)?),
                },
            },
            kinds::OUTFLOW_VALUE => TaxInput::OutflowValue {
                record: Uuid::parse_str(&record.subject).ok()?,
                brl: decimal()?,
            },
            kinds::OWN_ADDRESS => TaxInput::OwnAddress {
                address: record.subject.clone(),
                own: flag()?,
            },
            kinds::CUSTODIAN => TaxInput::Custodian(value.map(str::to_owned)),
            kinds::CUSTODIAN_CNPJ => TaxInput::CustodianCnpj(value.map(str::to_owned)),
            kinds::CODE => TaxInput::Code {
                asset: record.subject.clone(),
                code: match value {
                    None => None,
                    Some(text) => Some(BensCode::parse(text)?),
                },
            },
            _ => return None,
        })
    }
}

/// What the person typed about one outflow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TypedOutflow {
    /// What it was; `None`: not answered (counted as a payment).
    pub answer: Option<OutflowAnswer>,
    /// Its value in reais on its day, typed.
    pub brl: Option<Decimal>,
}

/// What the person typed, the latest of each kept (the journal keeps every
/// change; the last one counts).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TypedValues {
    /// Months whose DARF the person marked paid.
    pub paid: BTreeMap<YearMonth, bool>,
    /// What tokens that arrived from outside cost, per deposit or transfer id.
    pub arrived_costs: HashMap<Uuid, Decimal>,
    /// Orders' values in reais, per order id.
    pub order_values: HashMap<Uuid, Decimal>,
    /// Addresses the person marked as theirs, lower-case.
    pub own_addresses: HashSet<String>,
    /// What outflows were and their values typed, per transfer or
    /// withdrawal id (one map: the app's messages carry this whole struct).
    pub outflows: HashMap<Uuid, TypedOutflow>,
    /// The custodian for Discriminação, when the person wrote one.
    pub custodian: Option<String>,
    /// The codes the person chose, per ticker.
    pub codes: HashMap<String, BensCode>,
    /// The custodian's CNPJ for its own field of Bens e Direitos, as typed
    /// ([`custodian_cnpj_record`] keeps it; checked where it is shown).
    pub custodian_cnpj: Option<String>,
}

/// The journal's record of the custodian's CNPJ typed once (`None` clears
/// it): [`TaxInput::CustodianCnpj`]'s.
pub fn custodian_cnpj_record(
    cnpj: Option<&str>,
    at: OffsetDateTime,
) -> crate::journal::TaxInputRecord {
    TaxInput::CustodianCnpj(cnpj.map(str::to_owned)).to_record(at)
}

impl TypedValues {
    /// Applies one change.
    pub fn apply(&mut self, input: TaxInput) {
        match input {
            TaxInput::Paid { month, paid } => {
                self.paid.insert(month, paid);
            }
            TaxInput::ArrivedCost { record, brl } => match brl {
                Some(brl) => {
                    self.arrived_costs.insert(record, brl);
                }
                None => {
                    self.arrived_costs.remove(&record);
                }
            },
            TaxInput::OrderValue { order, brl } => match brl {
                Some(brl) => {
                    self.order_values.insert(order, brl);
                }
                None => {
                    self.order_values.remove(&order);
                }
            },
            TaxInput::OutflowAnswer { record, answer } => {
                let outflow = self.outflows.entry(record).or_default();
                outflow.answer = answer;
                if *outflow == TypedOutflow::default() {
                    self.outflows.remove(&record);
                }
            }
            TaxInput::OutflowValue { record, brl } => {
                let outflow = self.outflows.entry(record).or_default();
                outflow.brl = brl;
                if *outflow == TypedOutflow::default() {
                    self.outflows.remove(&record);
                }
            }
            TaxInput::OwnAddress { address, own } => {
                let address = address.to_ascii_lowercase();
                if own {
                    self.own_addresses.insert(address);
                } else {
                    self.own_addresses.remove(&address);
                }
            }
            TaxInput::Custodian(text) => {
                self.custodian = text.filter(|text| !text.trim().is_empty());
            }
            TaxInput::CustodianCnpj(cnpj) => {
                self.custodian_cnpj = cnpj.filter(|text| !text.trim().is_empty());
            }
            TaxInput::Code { asset, code } => {
                let asset = asset.to_ascii_uppercase();
                match code {
                    Some(code) => {
                        self.codes.insert(asset, code);
                    }
                    None => {
                        self.codes.remove(&asset);
                    }
                }
            }
        }
    }

    /// The values the journal's records hold, oldest first; also how many
    /// records could not be read (written by a newer version).
    pub fn from_records(records: &[crate::journal::TaxInputRecord]) -> (TypedValues, usize) {
        let mut typed = TypedValues::default();
        let mut unread = 0;
        for record in records
            .iter()
            .filter(|record| record.kind != ANSWER_AT_SEND)
        {
            match TaxInput::from_record(record) {
                Some(input) => typed.apply(input),
                None => unread += 1,
            }
        }
        (typed, unread)
    }

    /// What the person answered an outflow (a transfer's or withdrawal's
    /// id) was; `None`: not answered, counted as a payment.
    pub fn outflow_answer(&self, record: &Uuid) -> Option<OutflowAnswer> {
        self.outflows.get(record).and_then(|outflow| outflow.answer)
    }

    /// The value in reais on its day the person typed for an outflow.
    pub fn outflow_value(&self, record: &Uuid) -> Option<Decimal> {
        self.outflows.get(record).and_then(|outflow| outflow.brl)
    }

    /// Whether the month's DARF is marked paid.
    pub fn is_paid(&self, month: YearMonth) -> bool {
        self.paid.get(&month).copied().unwrap_or(false)
    }
}

/// The service's price in reais of one unit of an asset, as quoted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServicePrice {
    /// The asset's ticker (`USDC`).
    pub ticker: String,
    /// Reais per unit, before the service's fee.
    pub brl_per_unit: Decimal,
}

/// The service's prices, asked when the report is made (a quote is today's
/// price, not the price on an old order's day: the report says so).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServicePrices {
    /// The prices, per ticker.
    pub prices: Vec<ServicePrice>,
    /// When they were quoted.
    pub quoted_at: Option<OffsetDateTime>,
}

impl ServicePrices {
    /// The price of `ticker`, when quoted.
    pub fn of(&self, ticker: &str) -> Option<Decimal> {
        self.prices
            .iter()
            .find(|price| price.ticker == ticker)
            .map(|price| price.brl_per_unit)
    }
}

/// The tokens a service price is wanted for: the assets of completed orders
/// with no leg in reais and no value typed (one of each, in a stable order).
pub fn assets_needing_prices(orders: &[Order], typed: &TypedValues) -> Vec<Asset> {
    let mut wanted: Vec<Asset> = Vec::new();
    for order in orders {
        if order.state != Some(crate::api::model::OrderState::Completed)
            || typed.order_values.contains_key(&order.id)
        {
            continue;
        }
        let (Some(source), Some(target)) = (&order.source_asset, &order.target_asset) else {
            continue;
        };
        if *source == Asset::FiatBrl || *target == Asset::FiatBrl {
            continue;
        }
        for asset in [source, target] {
            if !asset.is_fiat() && !wanted.iter().any(|known| known == asset) {
                wanted.push(asset.clone());
            }
        }
    }
    wanted
}

/// The Brasília days whose dollar PTAX the ledger may use: those of the
/// completed orders with no leg in reais and no value typed, with a leg in
/// dollars or in a dollar stablecoin.
pub fn days_needing_dollar_rates(
    orders: &[Order],
    typed: &TypedValues,
) -> std::collections::BTreeSet<time::Date> {
    let is_dollar = |asset: &Asset| {
        *asset == Asset::FiatUsd
            || (!asset.is_fiat() && matches!(ticker_of(asset).as_ref(), "USDC" | "USDT"))
    };
    let mut days = std::collections::BTreeSet::new();
    for order in orders {
        if order.state != Some(crate::api::model::OrderState::Completed)
            || typed.order_values.contains_key(&order.id)
        {
            continue;
        }
        let (Some(source), Some(target)) = (&order.source_asset, &order.target_asset) else {
            continue;
        };
        if *source == Asset::FiatBrl || *target == Asset::FiatBrl {
            continue;
        }
        if !(is_dollar(source) || is_dollar(target)) {
            continue;
        }
        let moment = order.state_updated_at.or(order.created_at);
        if let Some(moment) = moment {
            days.insert(super::brasilia::date_at(moment.get()));
        }
    }
    days
}

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
