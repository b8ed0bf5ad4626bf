//! The tax year computed from the lists: the ledger ([`brlv_core::tax::build`]),
//! the report of the year shown, each asset's entries of that year, the
//! entries to check, and the tokens an order needs a price for. Kept by the
//! app's [`Cache`](crate::app::cache::Cache): keyed
//! on the lists' `Arc`s and on counters of what the person typed, so it is
//! rebuilt once per change of a list it reads or of a typed value, never per
//! frame; up to `INLINE_ROWS` records in the frame, past it on a thread of
//! its own (a million orders: 245 ms, `cargo bench --bench tables -- tax`),
//! the previous figures shown meanwhile.

use std::sync::Arc;

use rust_decimal::Decimal;
use time::{Date, OffsetDateTime};
use uuid::Uuid;

use crate::app::cache::{Figures, identity, length, shared};
use crate::app::i18n::{Language, tr};
use crate::app::resources::{AccountData, Rows};
use brlv_core::api::model::DepositAsset;
use brlv_core::api::model::{Asset, Deposit, Order, Transfer, Wallet, Withdrawal};
use brlv_core::tax::darf::{self, LateDarf, Overdue};
use brlv_core::tax::declaration::{self, Declaration, MoneyHeld};
use brlv_core::tax::input::TOKEN_DEPOSIT_ASSETS;
use brlv_core::tax::ledger::{
    Holding, RecordRef, assets_needing_prices, dollar_rate_days, ticker_of,
};
use brlv_core::tax::money::{self, DollarCost, MoneyMoves, MoneyRecords};
use brlv_core::tax::ptax::DollarRates;
use brlv_core::tax::selic::SelicMonths;
use brlv_core::tax::{
    ClaimMade, DepositList, Ledger, LedgerDetail, LedgerInput, ServicePrices, TypedValues,
    YearMonth, YearReport, brasilia, build_with, year_report,
};

/// What the ledger reads, shared: the lists as fetched, the claims this
/// device made, what the person typed and the service's prices.
#[derive(Clone, Debug)]
pub struct TaxSources {
    /// The orders.
    pub orders: Rows<Order>,
    /// The transfers.
    pub transfers: Rows<Transfer>,
    /// The withdrawals.
    pub withdrawals: Rows<Withdrawal>,
    /// The wallets: moving tokens between them is no sale.
    pub wallets: Rows<Wallet>,
    /// The token deposit lists, in the order of [`TOKEN_DEPOSIT_ASSETS`].
    pub deposits: [Rows<Deposit>; 2],
    /// The deposits of reais and of dollars, when their lists were read:
    /// the money held on a past day is read back from them.
    pub money_deposits: [Option<Rows<Deposit>>; 2],
    /// The claims this device made, with what each was paid in.
    pub claims: Arc<Vec<ClaimMade>>,
    /// What the person typed.
    pub typed: Arc<TypedValues>,
    /// The service's prices for orders with no leg in reais.
    pub prices: Arc<ServicePrices>,
    /// The dollar's PTAX of the days orders in dollars need.
    pub dollar_rates: Arc<DollarRates>,
    /// The monthly Selic a late DARF's interest needs.
    pub selic: Arc<SelicMonths>,
    /// When they were taken: the current year's months stop at this one.
    pub now: OffsetDateTime,
}

impl Default for TaxSources {
    fn default() -> Self {
        TaxSources {
            orders: Rows::default(),
            transfers: Rows::default(),
            withdrawals: Rows::default(),
            wallets: Rows::default(),
            deposits: Default::default(),
            money_deposits: Default::default(),
            claims: Arc::default(),
            typed: Arc::default(),
            prices: Arc::default(),
            dollar_rates: Arc::default(),
            selic: Arc::default(),
            now: OffsetDateTime::UNIX_EPOCH,
        }
    }
}

/// The deposit lists of money (reais, dollars), in the order of
/// [`TaxSources::money_deposits`].
const MONEY_DEPOSIT_ASSETS: [DepositAsset; 2] = [DepositAsset::Brl, DepositAsset::Usd];

/// What the person's side of the ledger holds besides the lists.
#[derive(Clone, Debug, Default)]
pub struct TaxInputs {
    /// The claims this device made.
    pub claims: Arc<Vec<ClaimMade>>,
    /// What the person typed.
    pub typed: Arc<TypedValues>,
    /// The service's prices.
    pub prices: Arc<ServicePrices>,
    /// The dollar's PTAX of the days orders in dollars need.
    pub dollar_rates: Arc<DollarRates>,
    /// The monthly Selic a late DARF's interest needs.
    pub selic: Arc<SelicMonths>,
}

impl TaxSources {
    /// The lists of `data` with `inputs`, shared, as of `now`.
    pub fn of(data: &AccountData, inputs: &TaxInputs, now: OffsetDateTime) -> TaxSources {
        TaxSources {
            orders: shared(&data.orders),
            transfers: shared(&data.transfers),
            withdrawals: shared(&data.withdrawals),
            wallets: shared(&data.wallets),
            deposits: TOKEN_DEPOSIT_ASSETS.map(|asset| shared(data.deposits(&asset))),
            money_deposits: MONEY_DEPOSIT_ASSETS
                .map(|asset| data.deposits(&asset).value().map(Arc::clone)),
            claims: Arc::clone(&inputs.claims),
            typed: Arc::clone(&inputs.typed),
            prices: Arc::clone(&inputs.prices),
            dollar_rates: Arc::clone(&inputs.dollar_rates),
            selic: Arc::clone(&inputs.selic),
            now,
        }
    }

    /// The identities of the lists the ledger reads in `data`.
    pub fn lists_key(data: &AccountData) -> [Option<usize>; 8] {
        let [usdc, usdt] = TOKEN_DEPOSIT_ASSETS.map(|asset| identity(data.deposits(&asset)));
        let [brl, usd] = MONEY_DEPOSIT_ASSETS.map(|asset| identity(data.deposits(&asset)));
        [
            identity(&data.orders),
            identity(&data.transfers),
            identity(&data.withdrawals),
            identity(&data.wallets),
            usdc,
            usdt,
            brl,
            usd,
        ]
    }

    /// The movements of reais and dollars at the service, each read from
    /// these lists (the deposits of each when read).
    pub fn money_moves(&self) -> [MoneyMoves; 2] {
        let [brl, usd] = &self.money_deposits;
        [(Asset::FiatBrl, brl), (Asset::FiatUsd, usd)].map(|(currency, deposits)| {
            MoneyMoves::of(
                &currency,
                &MoneyRecords {
                    orders: &self.orders,
                    withdrawals: &self.withdrawals,
                    deposits: deposits.as_ref().map(|rows| rows.as_slice()),
                    claims: &self.claims,
                },
            )
        })
    }

    /// The records the dollars at the service are read from (their
    /// deposits when that list was read).
    fn dollar_records(&self) -> MoneyRecords<'_> {
        MoneyRecords {
            orders: &self.orders,
            withdrawals: &self.withdrawals,
            deposits: self.money_deposits[1].as_ref().map(|rows| rows.as_slice()),
            claims: &self.claims,
        }
    }

    /// The dollars at the service at their cost in reais, from these lists
    /// and the `ledger` built from them.
    pub fn dollar_cost(&self, ledger: &Ledger) -> DollarCost {
        DollarCost::of(&self.dollar_records(), ledger, &self.dollar_rates)
    }

    /// The days whose PTAX the money held at the service needs for `year`'s
    /// declaration (dollar deposits, both 31/12).
    pub fn money_dollar_days(&self, year: i32) -> std::collections::BTreeSet<Date> {
        money::dollar_rate_days(&self.dollar_records(), year, brasilia::date_at(self.now))
    }

    /// How many records the ledger reads in `data`.
    pub fn rows(data: &AccountData) -> usize {
        length(&data.orders)
            + length(&data.transfers)
            + length(&data.withdrawals)
            + TOKEN_DEPOSIT_ASSETS
                .iter()
                .map(|asset| length(data.deposits(asset)))
                .sum::<usize>()
    }

    /// The id of the record `record` points at.
    pub fn record_id(&self, record: RecordRef) -> Option<Uuid> {
        let at = |index: u32| usize::try_from(index).ok();
        match record {
            RecordRef::Order(index) => self.orders.get(at(index)?).map(|order| order.id),
            RecordRef::Claim(index) => self.claims.get(at(index)?).map(|made| made.claim.id),
            RecordRef::Deposit(list, index) => self
                .deposits
                .get(usize::from(list))?
                .get(at(index)?)
                .map(|deposit| deposit.id),
            RecordRef::Transfer(index) => {
                self.transfers.get(at(index)?).map(|transfer| transfer.id)
            }
            RecordRef::Withdrawal(index) => self
                .withdrawals
                .get(at(index)?)
                .map(|withdrawal| withdrawal.id),
        }
    }

    /// Where the tokens of a transfer or a token withdrawal went.
    pub fn destination(&self, record: RecordRef) -> Option<String> {
        let at = |index: u32| usize::try_from(index).ok();
        match record {
            RecordRef::Transfer(index) => self
                .transfers
                .get(at(index)?)?
                .target_address
                .as_deref()
                .map(str::to_owned),
            RecordRef::Withdrawal(index) => self
                .withdrawals
                .get(at(index)?)?
                .target_address()
                .map(str::to_owned),
            _ => None,
        }
    }

    /// Lends the ledger's input, borrowed from these lists, to `read`.
    pub fn with_input<R>(&self, read: impl FnOnce(&LedgerInput<'_>) -> R) -> R {
        let [usdc, usdt] = &self.deposits;
        let deposits = [
            DepositList {
                asset: &TOKEN_DEPOSIT_ASSETS[0],
                deposits: usdc,
            },
            DepositList {
                asset: &TOKEN_DEPOSIT_ASSETS[1],
                deposits: usdt,
            },
        ];
        read(&LedgerInput {
            orders: &self.orders,
            transfers: &self.transfers,
            withdrawals: &self.withdrawals,
            deposits: &deposits,
            claims: &self.claims,
            wallets: &self.wallets,
            typed: &self.typed,
            prices: &self.prices,
            dollar_rates: &self.dollar_rates,
        })
    }
}

/// What the figures are computed for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TaxRequest {
    /// The identities of the lists the ledger reads.
    pub lists: [Option<usize>; 8],
    /// Counts the changes of what the ledger reads besides the lists: the
    /// claims made here, the costs and values typed, the addresses marked
    /// as one's own, the service's prices.
    pub ledger_inputs: u64,
    /// Counts the changes of what only the report reads: the months marked
    /// paid, the codes chosen, the custodian.
    pub report_inputs: u64,
    /// The year shown.
    pub year: i32,
    /// Today, in Brasília: the current year's months stop at this one's
    /// and its positions are today's.
    pub today: Option<Date>,
    /// What is wanted of the ledger: the months' sums (the Overview, an
    /// order's effect on the month) or every entry (the Taxes view, the
    /// files). Figures with entries serve a request for the sums.
    pub detail: LedgerDetail,
}

/// One asset's entries in the year shown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AssetYear {
    /// The asset, an index into the ledger's assets.
    pub asset: u16,
    /// What was held of it when the year began.
    pub opening: Holding,
    /// Its entries in the year, oldest first (indices into the ledger's entries).
    pub entries: Vec<u32>,
}

impl AssetYear {
    /// The average cost per unit before its `position`-th entry of the year.
    pub fn average_cost_before(&self, ledger: &Ledger, position: usize) -> rust_decimal::Decimal {
        match position.checked_sub(1) {
            None => self.opening.average_cost(),
            Some(previous) => self
                .entries
                .get(previous)
                .and_then(|index| ledger.entries.get(usize::try_from(*index).ok()?))
                .map_or_else(
                    || self.opening.average_cost(),
                    |entry| entry.average_cost_after(),
                ),
        }
    }
}

/// Everything the Taxes view, the Overview's chart and an order's
/// confirmation read, computed for one request.
#[derive(Clone, Debug, Default)]
pub struct TaxFigures {
    /// What it was computed for.
    pub request: TaxRequest,
    /// What it was computed from (the ledger's records point into it).
    pub sources: TaxSources,
    /// The ledger of every year.
    pub ledger: Arc<Ledger>,
    /// The report of the year shown; `None` before the first computation.
    pub year: Option<Arc<YearReport>>,
    /// The years with a movement, and the current one, oldest first.
    pub years: Arc<Vec<i32>>,
    /// Each asset's entries in the year shown, in the ledger's order of assets.
    pub assets: Arc<Vec<AssetYear>>,
    /// The entries of the year shown that are flagged for the person
    /// (indices into the ledger's entries), oldest first.
    pub to_check: Arc<Vec<u32>>,
    /// The year's tokens that left to an address not the account's (each
    /// asks what it was), indices into the ledger's entries, oldest first.
    pub outflows: Arc<Vec<u32>>,
    /// The tokens of orders with no leg in reais (and of tokens moved
    /// outside the service) that have no price and no typed value: the
    /// service is asked for their price.
    pub wanted_prices: Arc<Vec<Asset>>,
    /// The Brasília days whose dollar PTAX the ledger may use: the Banco
    /// Central is asked for them.
    pub dollar_days: Arc<std::collections::BTreeSet<Date>>,
    /// The days whose PTAX the money held at the service needs for the
    /// year shown (dollar deposits, both 31/12): asked with `dollar_days`.
    pub money_dollar_days: Arc<std::collections::BTreeSet<Date>>,
    /// The months whose Selic the late DARFs of every year need when paid today.
    pub selic_needed: Arc<std::collections::BTreeSet<YearMonth>>,
    /// Every DARF of the history not marked paid by its due date, as it
    /// comes to if paid today: what the months' table, the PDF and the
    /// Overview's notice say.
    pub overdue: Arc<Overdue>,
    /// The year's DARFs not marked paid by their due date, as they come to
    /// when paid today (fine and Selic interest).
    pub late_darfs: Arc<Vec<LateDarf>>,
    /// Bens e Direitos whole for the year shown (both columns, the
    /// custodian's CNPJ, the GCAP months); the money at the service is the
    /// view's to say (the balances are not among what the ledger reads).
    pub declaration: Option<Arc<Declaration>>,
    /// The movements of reais and of dollars at the service, in time: the
    /// view reads the money held on 31/12 back from today's balance with them.
    pub money: Arc<[MoneyMoves; 2]>,
    /// The dollars at the service at their cost in reais, in time.
    pub dollar_cost: Arc<DollarCost>,
    generation: u64,
}

impl TaxFigures {
    /// The BRL and USD held at the service in both columns of the
    /// declaration (31/12 of the year before; 31/12, or `now` for the
    /// current year), each with how it was read: from today's BRL balance
    /// `balance_brl` when it was read, and, the interface giving no balance
    /// in dollars, the dollars from their movements, at their cost in reais
    /// with the PTAX of 31/12 beside. The view and the PDF both read them here.
    pub fn money_held(
        &self,
        balance_brl: Option<Decimal>,
        language: Language,
        now: OffsetDateTime,
    ) -> Vec<MoneyHeld> {
        let Some(declaration) = &self.declaration else {
            return Vec::new();
        };
        self.money
            .iter()
            .map(|moves| {
                let balance = match moves.currency {
                    "BRL" => {
                        balance_brl.ok_or_else(|| tr(language, "taxes.bens.money.balance_not_read"))
                    }
                    _ => Err(tr(language, "taxes.bens.money.no_usd_balance")),
                };
                let cost = (moves.currency == "USD").then_some(&*self.dollar_cost);
                moves.held_in_declaration(
                    balance.map_err(|reason| reason.into_owned()),
                    declaration.year,
                    now,
                    cost,
                    &self.sources.dollar_rates,
                )
            })
            .collect()
    }
}

impl Figures for TaxFigures {
    type Request = TaxRequest;
    type Sources = TaxSources;
    const THREAD: &'static str = "brlv-tax-ledger";

    fn request(&self) -> &TaxRequest {
        &self.request
    }

    fn serves(&self, wanted: &TaxRequest) -> bool {
        let as_wanted = TaxRequest {
            detail: wanted.detail,
            ..self.request.clone()
        };
        as_wanted == *wanted && self.ledger.detail >= wanted.detail
    }

    fn generation(&self) -> u64 {
        self.generation
    }

    fn compute(previous: Option<&TaxFigures>, request: TaxRequest, sources: TaxSources) -> Self {
        compute(previous, request, sources)
    }
}

/// Computes `request` from `sources`, reusing the ledger `previous` built
/// when neither the lists nor what the ledger reads besides changed.
pub fn compute(
    previous: Option<&TaxFigures>,
    request: TaxRequest,
    sources: TaxSources,
) -> TaxFigures {
    let generation = previous.map_or(0, |previous| previous.generation);
    let same_ledger = previous.filter(|previous| {
        previous.generation > 0
            && previous.request.lists == request.lists
            && previous.request.ledger_inputs == request.ledger_inputs
            && previous.ledger.detail >= request.detail
    });
    let (ledger, wanted_prices, dollar_days, generation) = match same_ledger {
        Some(previous) => (
            Arc::clone(&previous.ledger),
            Arc::clone(&previous.wanted_prices),
            Arc::clone(&previous.dollar_days),
            generation,
        ),
        None => {
            let (ledger, wanted, days) = sources.with_input(|input| {
                let wanted: Vec<Asset> = assets_needing_prices(input)
                    .into_iter()
                    .filter(|asset| input.prices.of(&ticker_of(asset)).is_none())
                    .collect();
                (
                    build_with(input, request.detail),
                    wanted,
                    dollar_rate_days(input),
                )
            });
            (
                Arc::new(ledger),
                Arc::new(wanted),
                Arc::new(days),
                generation + 1,
            )
        }
    };
    let same_year = previous.filter(|previous| {
        same_ledger.is_some()
            && previous.year.is_some()
            && previous.request.year == request.year
            && previous.request.today == request.today
            && previous.request.report_inputs == request.report_inputs
    });
    let (year, assets, (to_check, outflows), (selic_needed, late_darfs, overdue), declaration) =
        match same_year {
            Some(previous) => (
                previous.year.clone(),
                Arc::clone(&previous.assets),
                (
                    Arc::clone(&previous.to_check),
                    Arc::clone(&previous.outflows),
                ),
                (
                    Arc::clone(&previous.selic_needed),
                    Arc::clone(&previous.late_darfs),
                    Arc::clone(&previous.overdue),
                ),
                previous.declaration.clone(),
            ),
            None => {
                let report = year_report(&ledger, &sources.typed, request.year, sources.now);
                // Built from the months' sums alone, there are no entries
                // to list and no positions to declare: the Taxes view asks
                // for the entries, and these are computed then.
                let with_entries = ledger.detail == LedgerDetail::Entries;
                let (assets, to_check, outflows) = if with_entries {
                    year_entries(&ledger, request.year)
                } else {
                    Default::default()
                };
                // A DARF not paid yet comes to more each day: valued as if paid today.
                let paid_on = request
                    .today
                    .unwrap_or_else(|| brasilia::date_at(sources.now));
                // Every year's: a DARF of last year still owed is owed today.
                let selic_needed = Overdue::selic_needed(&ledger, &sources.typed, paid_on);
                let overdue = Overdue::of(&ledger, &sources.typed, paid_on, &sources.selic);
                let late = darf::late_darfs(&report.months, paid_on, &sources.selic);
                let declared = with_entries.then(|| {
                    Arc::new(declaration::declaration(
                        &ledger,
                        &sources.typed,
                        &report,
                        Vec::new(),
                        sources.now,
                    ))
                });
                (
                    Some(Arc::new(report)),
                    Arc::new(assets),
                    (Arc::new(to_check), Arc::new(outflows)),
                    (Arc::new(selic_needed), Arc::new(late), Arc::new(overdue)),
                    declared,
                )
            }
        };
    let (money, dollar_cost) = match same_ledger {
        Some(previous) => (
            Arc::clone(&previous.money),
            Arc::clone(&previous.dollar_cost),
        ),
        // The money at the service is the declaration's: read with the entries.
        None if ledger.detail == LedgerDetail::MonthSums => (Arc::default(), Arc::default()),
        None => (
            Arc::new(sources.money_moves()),
            Arc::new(sources.dollar_cost(&ledger)),
        ),
    };
    let money_dollar_days = Arc::new(if ledger.detail == LedgerDetail::Entries {
        sources.money_dollar_days(request.year)
    } else {
        Default::default()
    });
    let years = Arc::new(years_of(&ledger, request.year, sources.now));
    TaxFigures {
        request,
        sources,
        ledger,
        year,
        years,
        assets,
        to_check,
        outflows,
        wanted_prices,
        dollar_days,
        selic_needed,
        money_dollar_days,
        late_darfs,
        overdue,
        declaration,
        money,
        dollar_cost,
        generation,
    }
}

/// The years from the ledger's first through its last, with the current
/// one and `shown`.
fn years_of(ledger: &Ledger, shown: i32, now: OffsetDateTime) -> Vec<i32> {
    let current = brlv_core::tax::YearMonth::in_brasilia(now).year;
    let first = ledger
        .months
        .first()
        .and_then(|sums| sums.month)
        .map_or(current, |month| month.year);
    let last = ledger
        .months
        .last()
        .and_then(|sums| sums.month)
        .map_or(current, |month| month.year);
    let (low, high) = (first.min(current).min(shown), last.max(current).max(shown));
    (low..=high).collect()
}

/// Each asset's entries of `year` with what was held when it began, the
/// year's flagged entries, and its outflows to others.
fn year_entries(ledger: &Ledger, year: i32) -> (Vec<AssetYear>, Vec<u32>, Vec<u32>) {
    let start = ledger
        .entries
        .partition_point(|entry| entry.month.year < year);
    let end = ledger
        .entries
        .partition_point(|entry| entry.month.year <= year);
    let index = |at: usize| u32::try_from(at).unwrap_or(u32::MAX);
    let mut assets: Vec<AssetYear> = (0..ledger.assets.len())
        .map(|asset| AssetYear {
            asset: u16::try_from(asset).unwrap_or(u16::MAX),
            ..AssetYear::default()
        })
        .collect();
    // What each asset held when the year began: its last entry before it.
    let mut opened = vec![false; assets.len()];
    let mut left = assets.len();
    for entry in ledger.entries[..start].iter().rev() {
        if left == 0 {
            break;
        }
        if let Some(slot) = opened.get_mut(usize::from(entry.asset))
            && !*slot
        {
            *slot = true;
            left -= 1;
            if let Some(asset) = assets.get_mut(usize::from(entry.asset)) {
                asset.opening = Holding {
                    quantity: entry.quantity_after,
                    total_cost: entry.total_cost_after,
                };
            }
        }
    }
    let mut to_check = Vec::new();
    let mut outflows = Vec::new();
    for (at, entry) in ledger.entries[start..end].iter().enumerate() {
        let at = start + at;
        if let Some(asset) = assets.get_mut(usize::from(entry.asset)) {
            asset.entries.push(index(at));
        }
        if !entry.flags.is_empty() {
            to_check.push(index(at));
        }
        if entry.kind.is_outflow() {
            outflows.push(index(at));
        }
    }
    assets.retain(|asset| !asset.entries.is_empty() || !asset.opening.quantity.is_zero());
    (assets, to_check, outflows)
}
