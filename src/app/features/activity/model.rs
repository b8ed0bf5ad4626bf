//! The extrato's model, with no egui in it: every movement of money from the
//! account's lists as one timeline, newest first ([`build_timeline`]); the
//! person's filters over it ([`ActivityFilter`]); what the filtered range
//! shows ([`filter_timeline`]): its lines grouped by day and the totals in
//! and out per asset, exact.
//!
//! A movement keeps only what sorting, filtering and totals need (its time,
//! kind, legs) and where its record is; the record's words are read from the
//! shared list when its row is drawn, so a list of a million records costs
//! one compact entry each, built once per list change.
//!
//! Days and months are UTC days and months, as every time in the app is
//! shown in UTC and the service's tax-exemption month is a calendar month.

use std::collections::BTreeMap;
use std::sync::Arc;

use rust_decimal::Decimal;
use time::{Date, OffsetDateTime};
use uuid::Uuid;

use crate::api::model::{
    Asset, Claim, Deposit, DepositAsset, Order, OrderState, Transfer, TransferState, Wallet,
    Withdrawal, WithdrawalMethod, WithdrawalState,
};
use crate::app::resources::{DEPOSIT_ASSETS, Rows};

/// What kind of record a movement is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, strum::EnumIter)]
pub enum MovementKind {
    /// An order (a conversion).
    Order,
    /// A token transfer.
    Transfer,
    /// A withdrawal (PIX, TED or tokens).
    Withdrawal,
    /// A deposit.
    Deposit,
    /// A claim on reward certificates.
    Claim,
}

impl MovementKind {
    /// The language-free name a search finds (`order`, `transfer`…).
    pub fn wire(self) -> &'static str {
        match self {
            MovementKind::Order => "order",
            MovementKind::Transfer => "transfer",
            MovementKind::Withdrawal => "withdrawal",
            MovementKind::Deposit => "deposit",
            MovementKind::Claim => "claim",
        }
    }
}

/// Which way a leg moves money, seen from the account.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Money the account receives.
    In,
    /// Money the account pays.
    Out,
    /// Money moved between the account's own wallets: neither in nor out.
    Within,
}

/// One amount of one asset moving one way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    /// In, out or within.
    pub direction: Direction,
    /// The asset.
    pub asset: Asset,
    /// The amount, as the service wrote it.
    pub amount: Decimal,
}

/// Where a movement's record is in the lists it was built from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// `orders[i]`.
    Order(u32),
    /// `transfers[i]`.
    Transfer(u32),
    /// `withdrawals[i]`.
    Withdrawal(u32),
    /// `deposits[list][i]`, `list` an index into [`DEPOSIT_ASSETS`].
    Deposit(u8, u32),
    /// `claims[i]`.
    Claim(u32),
}

/// One movement of money in the timeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movement {
    /// Its kind.
    pub kind: MovementKind,
    /// Its record's id.
    pub id: Uuid,
    /// When it happened; `None` when the service sent no time (listed last).
    pub at: Option<OffsetDateTime>,
    /// What moved: an order has two legs (pays, receives), the rest one.
    /// Empty when the service sent no amount.
    pub legs: Vec<Leg>,
    /// Whether it counts in the totals: not when its state says no money
    /// moved or it was undone (an expired or returned order, a brcode order
    /// still awaiting its PIX, a failed transfer or withdrawal).
    pub counts: bool,
    /// Where its record is.
    pub source: Source,
}

/// The lists a timeline is built from, shared with the panels (no copy).
#[derive(Clone, Debug, Default)]
pub struct Sources {
    /// Orders.
    pub orders: Rows<Order>,
    /// Transfers.
    pub transfers: Rows<Transfer>,
    /// Withdrawals.
    pub withdrawals: Rows<Withdrawal>,
    /// Deposits, one list per [`DEPOSIT_ASSETS`] entry.
    pub deposits: [Rows<Deposit>; 4],
    /// The account's wallets: a transfer between two of them moves nothing
    /// in or out.
    pub wallets: Rows<Wallet>,
    /// Claims made from this device (the service lists none).
    pub claims: Arc<Vec<Claim>>,
}

/// The asset a deposit list is in: BRL and USD are the fiat assets; the
/// deposit path names USDC and USDT without their chain, so they stay
/// `usdc` and `usdt` (their ticker and scale are still right).
pub fn deposit_asset(asset: &DepositAsset) -> Asset {
    match asset {
        DepositAsset::Brl => Asset::FiatBrl,
        DepositAsset::Usd => Asset::FiatUsd,
        other => Asset::from_wire(other.as_str()),
    }
}

fn index(position: usize) -> u32 {
    u32::try_from(position).unwrap_or(u32::MAX)
}

fn leg(direction: Direction, asset: Option<&Asset>, amount: Option<Decimal>) -> Option<Leg> {
    Some(Leg {
        direction,
        asset: asset?.clone(),
        amount: amount?,
    })
}

/// An order pays its `source-amount` of `source-asset` ("asset paid in",
/// spec 2.2) and receives its `target-amount` of `target-asset` ("asset
/// received"). The fee is not a third leg: `effective-rate` is the rate
/// after fee, so the fee is already inside the two amounts.
fn order_movement(position: usize, order: &Order) -> Movement {
    let legs = [
        leg(
            Direction::Out,
            order.source_asset.as_ref(),
            order.source_amount,
        ),
        leg(
            Direction::In,
            order.target_asset.as_ref(),
            order.target_amount,
        ),
    ];
    Movement {
        kind: MovementKind::Order,
        id: order.id,
        at: order.created_at,
        legs: legs.into_iter().flatten().collect(),
        // Expired: "the order is undone" (spec 3.1); payment-returned: the
        // late PIX goes back to the payer. Neither moved the account's money,
        // and neither has a brcode order still awaiting its PIX (one funded
        // from the balance has taken it at acceptance, spec 4.1).
        counts: match order.state {
            Some(OrderState::Expired | OrderState::PaymentReturned) => false,
            Some(OrderState::Created) => order.brcode.is_none(),
            _ => true,
        },
        source: Source::Order(index(position)),
    }
}

/// A transfer moves tokens "from one EVM wallet address to another" (spec
/// 1); the list holds "transfers of the authenticated user" (4.2), sent from
/// one of the account's wallets. So it is money out, unless the target is
/// also one of the account's wallets: then the account holds the same
/// amount before and after, and it is shown as moved within, in no total.
fn transfer_movement(position: usize, transfer: &Transfer, own: &[&str]) -> Movement {
    let is_own = |address: Option<&str>| {
        address.is_some_and(|address| own.iter().any(|own| own.eq_ignore_ascii_case(address)))
    };
    let direction = match (
        is_own(transfer.source_address.as_deref()),
        is_own(transfer.target_address.as_deref()),
    ) {
        (true, true) => Direction::Within,
        // Only when the wallets say the source is not ours and the target is.
        (false, true) => Direction::In,
        _ => Direction::Out,
    };
    Movement {
        kind: MovementKind::Transfer,
        id: transfer.id,
        at: transfer.created_at,
        legs: leg(direction, transfer.asset.as_ref(), transfer.amount)
            .into_iter()
            .collect(),
        counts: transfer.state != Some(TransferState::Failed),
        source: Source::Transfer(index(position)),
    }
}

/// A withdrawal pays out (spec 1: "pay out fiat BRL (PIX or TED) or
/// tokens"): always money out. A record of the deprecated per-asset list
/// has no `asset`; PIX and TED pay only BRL (4.4), so it is BRL there.
fn withdrawal_movement(position: usize, withdrawal: &Withdrawal) -> Movement {
    let asset = withdrawal.asset.clone().or_else(|| {
        matches!(
            withdrawal.method,
            Some(WithdrawalMethod::Pix | WithdrawalMethod::Ted)
        )
        .then_some(Asset::FiatBrl)
    });
    Movement {
        kind: MovementKind::Withdrawal,
        id: withdrawal.id,
        at: withdrawal.created_at,
        legs: leg(Direction::Out, asset.as_ref(), withdrawal.amount)
            .into_iter()
            .collect(),
        counts: withdrawal.state != Some(WithdrawalState::Failed),
        source: Source::Withdrawal(index(position)),
    }
}

/// A deposit is money in, in its list's asset.
fn deposit_movement(list: u8, asset: &Asset, position: usize, deposit: &Deposit) -> Movement {
    Movement {
        kind: MovementKind::Deposit,
        id: deposit.id,
        at: deposit.created_at.or(deposit.processed_at),
        legs: leg(Direction::In, Some(asset), deposit.amount)
            .into_iter()
            .collect(),
        counts: true,
        source: Source::Deposit(list, index(position)),
    }
}

/// A claim is money in: its `net-amount` ("amount after tax and fees", spec
/// 2.6) is what arrives. The claim record does not say whether it was paid
/// as BRL or BRLV; its amounts are BRL values (the claims form and panel
/// write them in reais), so it is counted in BRL.
fn claim_movement(position: usize, claim: &Claim) -> Movement {
    Movement {
        kind: MovementKind::Claim,
        id: claim.id,
        at: claim.updated_at,
        legs: leg(Direction::In, Some(&Asset::FiatBrl), claim.net_amount)
            .into_iter()
            .collect(),
        counts: true,
        source: Source::Claim(index(position)),
    }
}

/// Every movement of `sources`, newest first; movements without a time
/// last. Stable: movements of the same moment keep their lists' order.
pub fn build_timeline(sources: &Sources) -> Vec<Movement> {
    let own: Vec<&str> = sources
        .wallets
        .iter()
        .map(|wallet| wallet.address.as_str())
        .collect();
    let deposit_count: usize = sources.deposits.iter().map(|rows| rows.len()).sum();
    let mut timeline = Vec::with_capacity(
        sources.orders.len()
            + sources.transfers.len()
            + sources.withdrawals.len()
            + deposit_count
            + sources.claims.len(),
    );
    timeline.extend(
        sources
            .orders
            .iter()
            .enumerate()
            .map(|(position, order)| order_movement(position, order)),
    );
    timeline.extend(
        sources
            .transfers
            .iter()
            .enumerate()
            .map(|(position, transfer)| transfer_movement(position, transfer, &own)),
    );
    timeline.extend(
        sources
            .withdrawals
            .iter()
            .enumerate()
            .map(|(position, withdrawal)| withdrawal_movement(position, withdrawal)),
    );
    for (list, (asset, rows)) in DEPOSIT_ASSETS.iter().zip(&sources.deposits).enumerate() {
        let asset = deposit_asset(asset);
        let list = u8::try_from(list).unwrap_or(u8::MAX);
        timeline.extend(
            rows.iter()
                .enumerate()
                .map(|(position, deposit)| deposit_movement(list, &asset, position, deposit)),
        );
    }
    timeline.extend(
        sources
            .claims
            .iter()
            .enumerate()
            .map(|(position, claim)| claim_movement(position, claim)),
    );
    timeline.sort_by_key(|movement| std::cmp::Reverse(movement.at));
    timeline
}

/// The person's filters: a range of days (both ends included, either
/// open), a kind, an asset and a text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ActivityFilter {
    /// The first day shown.
    pub from: Option<Date>,
    /// The last day shown.
    pub to: Option<Date>,
    /// Only this kind.
    pub kind: Option<MovementKind>,
    /// Only movements with a leg in this asset.
    pub asset: Option<Asset>,
    /// Only movements whose record contains this text (case-insensitive).
    pub text: String,
}

/// Money in and out of one asset over a range, exact.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Received.
    pub money_in: Decimal,
    /// Paid.
    pub money_out: Decimal,
}

impl Totals {
    /// In minus out.
    pub fn net(&self) -> Decimal {
        self.money_in - self.money_out
    }
}

/// One line of the extrato: a day's header, or a movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// The day the movements under it happened; `None` for those without a time.
    Day(Option<Date>),
    /// `timeline[i]`.
    Movement(u32),
}

/// The filtered range: its lines, newest day first, and its totals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filtered {
    /// Day headers and movements, in the order shown.
    pub lines: Vec<Line>,
    /// How many movements matched.
    pub count: usize,
    /// In and out per asset, over the matching movements that count; with
    /// an asset filter, that asset only.
    pub totals: BTreeMap<Asset, Totals>,
}

fn day_of(movement: &Movement) -> Option<Date> {
    movement
        .at
        .map(|at| at.to_offset(time::UtcOffset::UTC).date())
}

/// Whether `movement` passes the filters other than the text.
fn passes(movement: &Movement, filter: &ActivityFilter) -> bool {
    if filter.kind.is_some_and(|kind| kind != movement.kind) {
        return false;
    }
    if let Some(asset) = &filter.asset
        && !movement.legs.iter().any(|leg| &leg.asset == asset)
    {
        return false;
    }
    if filter.from.is_none() && filter.to.is_none() {
        return true;
    }
    // A movement with no time cannot be placed in a range.
    let Some(day) = day_of(movement) else {
        return false;
    };
    filter.from.is_none_or(|from| day >= from) && filter.to.is_none_or(|to| day <= to)
}

/// The movements of `timeline` that pass `filter`, grouped by day, with
/// the totals per asset. `timeline` is newest first, so each day's
/// movements are together.
pub fn filter_timeline(
    timeline: &[Movement],
    sources: &Sources,
    filter: &ActivityFilter,
) -> Filtered {
    let needle = filter.text.trim().to_lowercase();
    let mut text = String::new();
    let mut filtered = Filtered::default();
    let mut current_day: Option<Option<Date>> = None;
    for (position, movement) in timeline.iter().enumerate() {
        if !passes(movement, filter) {
            continue;
        }
        if !needle.is_empty() {
            text.clear();
            if let Some(record) = sources.record(movement.source) {
                record.search_text(movement.kind, &mut text);
            }
            if !text.to_lowercase().contains(&needle) {
                continue;
            }
        }
        let day = day_of(movement);
        if current_day != Some(day) {
            filtered.lines.push(Line::Day(day));
            current_day = Some(day);
        }
        filtered.lines.push(Line::Movement(index(position)));
        filtered.count += 1;
        if !movement.counts {
            continue;
        }
        for leg in &movement.legs {
            if filter
                .asset
                .as_ref()
                .is_some_and(|asset| asset != &leg.asset)
            {
                continue;
            }
            let totals = filtered.totals.entry(leg.asset.clone()).or_default();
            match leg.direction {
                Direction::In => totals.money_in += leg.amount,
                Direction::Out => totals.money_out += leg.amount,
                Direction::Within => {}
            }
        }
    }
    filtered
}

/// The assets that appear in `timeline`, in a stable order (for the asset filter).
pub fn assets_in(timeline: &[Movement]) -> Vec<Asset> {
    let mut assets: Vec<Asset> = timeline
        .iter()
        .flat_map(|movement| movement.legs.iter().map(|leg| leg.asset.clone()))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    // BRL first: the asset most people think in.
    assets.sort_by_key(|asset| (asset != &Asset::FiatBrl, asset.clone()));
    assets
}
