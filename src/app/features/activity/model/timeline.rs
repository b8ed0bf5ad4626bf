//! The extrato's timeline, with no egui in it: every movement of money from
//! the account's lists as one timeline, newest first ([`build_timeline`]).
//! The person's filters over it are `filter.rs`.
//!
//! A movement keeps only where its record is and what sorting, filtering
//! and totals need that the record cannot give back cheaply (its moment,
//! whether it counts, a transfer's direction): 16 bytes, no heap. Its kind
//! is its source's; its id, words and legs are read from the shared list
//! when needed, so a list of a million records costs one compact entry
//! each, built once per list change. The filtered range keeps positions,
//! not copies, and nothing per movement when every movement matches.
//!
//! Days and months are the person's own, in their time zone
//! ([`ActivityFilter::zone`]): a PIX paid at 22:30 in São Paulo on 31 March
//! is on 31 March. A movement keeps its instant (its UTC second), so the
//! timeline does not depend on the zone; its day is found when the lines
//! are grouped, the zone's rules read once per day, not per movement
//! ([`LocalDays`]).

use std::sync::{Arc, LazyLock};

use rust_decimal::Decimal;
use time::{Date, OffsetDateTime};

use crate::app::clock::LocalDays;
use crate::app::movement::{MovementKind, Record};
use crate::app::resources::{DEPOSIT_ASSETS, Rows};
use brlv_core::api::model::{
    Asset, Claim, Deposit, DepositAsset, Order, OrderState, Transfer, TransferState, Wallet,
    Withdrawal, WithdrawalMethod, WithdrawalState,
};

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

impl Source {
    /// The kind of record it points at.
    pub fn kind(self) -> MovementKind {
        match self {
            Source::Order(_) => MovementKind::Order,
            Source::Transfer(_) => MovementKind::Transfer,
            Source::Withdrawal(_) => MovementKind::Withdrawal,
            Source::Deposit(..) => MovementKind::Deposit,
            Source::Claim(_) => MovementKind::Claim,
        }
    }
}

/// The second a movement without a time sorts at: below every real one
/// (a time's second fits in far fewer than 55 bits, even with the `time`
/// crate's large dates).
const NO_TIME: i64 = i64::MIN >> MARK_BITS;
/// The latest second a stamp holds.
const LAST_SECOND: i64 = i64::MAX >> MARK_BITS;
/// The low bits of a stamp that hold its marks.
const MARK_BITS: u32 = 8;
const KIND_MASK: u8 = 0b0000_0111;
const LIST_SHIFT: u32 = 3;
const LIST_MASK: u8 = 0b0000_0011;
const DIRECTION_SHIFT: u32 = 5;
const DIRECTION_MASK: u8 = 0b0000_0011;
const COUNTS_BIT: u8 = 0b1000_0000;

/// One movement of money in the timeline: 16 bytes and no heap, so a list
/// of a million records costs 16 MB here. It keeps only what the record
/// cannot give back cheaply: where its record is, its moment (to sort and
/// group without reading the record), whether it counts, and a transfer's
/// direction (which needs the wallets). Its kind is its source's; its id,
/// words and legs are read from the record ([`Movement::legs`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Movement {
    /// Its UTC second since 1970 ([`NO_TIME`] without a time) shifted left
    /// by [`MARK_BITS`]; the low bits: the source's kind (3 bits), the
    /// deposit list (2), a transfer's direction (2) and whether it counts (1).
    stamp: i64,
    /// The nanosecond within that second.
    nanos: u32,
    /// Its record's position in its list.
    index: u32,
}

impl std::fmt::Debug for Movement {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Movement")
            .field("source", &self.source())
            .field("at", &self.at())
            .field("counts", &self.counts())
            .field("direction", &self.transfer_direction())
            .finish()
    }
}

fn direction_bits(direction: Direction) -> u8 {
    match direction {
        Direction::Out => 0,
        Direction::In => 1,
        Direction::Within => 2,
    }
}

impl Movement {
    /// A movement of the record at `source`, happened `at`; `counts` in the
    /// totals; `direction` is a transfer's (ignored for other kinds, whose
    /// direction their kind says).
    pub fn new(
        source: Source,
        at: Option<OffsetDateTime>,
        counts: bool,
        direction: Direction,
    ) -> Movement {
        let (kind, list, index) = match source {
            Source::Order(index) => (0, 0, index),
            Source::Transfer(index) => (1, 0, index),
            Source::Withdrawal(index) => (2, 0, index),
            Source::Deposit(list, index) => (3, list, index),
            Source::Claim(index) => (4, 0, index),
        };
        let direction = match source {
            Source::Transfer(_) => direction_bits(direction),
            _ => 0,
        };
        let marks = kind
            | ((list & LIST_MASK) << LIST_SHIFT)
            | (direction << DIRECTION_SHIFT)
            | if counts { COUNTS_BIT } else { 0 };
        let (second, nanos) = at.map_or((NO_TIME, 0), |at| {
            (
                at.unix_timestamp().clamp(NO_TIME + 1, LAST_SECOND),
                at.nanosecond(),
            )
        });
        Movement {
            stamp: (second << MARK_BITS) | i64::from(marks),
            nanos,
            index,
        }
    }

    fn marks(&self) -> u8 {
        // The low byte of the stamp, whatever its sign.
        self.stamp.to_le_bytes()[0]
    }

    fn second(&self) -> Option<i64> {
        let second = self.stamp >> MARK_BITS;
        (second != NO_TIME).then_some(second)
    }

    /// Where its record is.
    pub fn source(&self) -> Source {
        let marks = self.marks();
        match marks & KIND_MASK {
            0 => Source::Order(self.index),
            1 => Source::Transfer(self.index),
            2 => Source::Withdrawal(self.index),
            3 => Source::Deposit((marks >> LIST_SHIFT) & LIST_MASK, self.index),
            _ => Source::Claim(self.index),
        }
    }

    /// Its kind.
    pub fn kind(&self) -> MovementKind {
        self.source().kind()
    }

    /// Whether it counts in the totals: not when its state says no money
    /// moved or it was undone (an expired or returned order, a brcode order
    /// still awaiting its PIX, a failed transfer or withdrawal).
    pub fn counts(&self) -> bool {
        self.marks() & COUNTS_BIT != 0
    }

    /// A transfer's direction (out, in, or within the account's wallets);
    /// `None` for the other kinds.
    pub fn transfer_direction(&self) -> Option<Direction> {
        if self.kind() != MovementKind::Transfer {
            return None;
        }
        Some(match (self.marks() >> DIRECTION_SHIFT) & DIRECTION_MASK {
            1 => Direction::In,
            2 => Direction::Within,
            _ => Direction::Out,
        })
    }

    /// When it happened, in UTC; `None` when the service sent no time (or
    /// one the UTC calendar cannot hold: the record still has it).
    pub fn at(&self) -> Option<OffsetDateTime> {
        let at = OffsetDateTime::from_unix_timestamp(self.second()?).ok()?;
        at.replace_nanosecond(self.nanos).ok()
    }

    /// Its second since 1970, in UTC; `None` without a time.
    pub fn unix_second(&self) -> Option<i64> {
        self.second()
    }

    /// Its day in the zone `days` finds days in; `None` without a time.
    pub fn day_in(&self, days: &mut LocalDays<'_>) -> Option<Date> {
        days.day_of(self.second()?)
    }

    /// Newest first, the ones without a time last (a sort by this key, descending).
    fn moment_key(&self) -> (i64, u32) {
        (self.stamp >> MARK_BITS, self.nanos)
    }

    /// Its place among movements of the same moment: its list (in the order
    /// [`movements`] reads the lists), then its position in it.
    fn list_place(&self) -> (u8, u8, u32) {
        let marks = self.marks();
        (
            marks & KIND_MASK,
            (marks >> LIST_SHIFT) & LIST_MASK,
            self.index,
        )
    }

    /// What moved, read from its record in `sources`: an order pays one leg
    /// and receives the other, the rest move one; none when the service
    /// sent no amount (or the record is gone).
    pub fn legs(&self, sources: &Sources) -> impl Iterator<Item = Leg> + use<> {
        self.leg_pair(sources).into_iter().flatten()
    }

    /// [`Movement::legs`] in a fixed pair (no allocation).
    pub fn leg_pair(&self, sources: &Sources) -> [Option<Leg>; 2] {
        let Some(record) = sources.record(self.source()) else {
            return [None, None];
        };
        match record {
            Record::Order(order) => order_legs(order),
            Record::Transfer(transfer) => [
                leg(
                    self.transfer_direction().unwrap_or(Direction::Out),
                    transfer.asset.as_ref(),
                    transfer.amount(),
                ),
                None,
            ],
            Record::Withdrawal(withdrawal) => [withdrawal_leg(withdrawal), None],
            Record::Deposit(deposit) => {
                let asset = match self.source() {
                    Source::Deposit(list, _) => deposit_list_asset(list),
                    _ => None,
                };
                [leg(Direction::In, asset, deposit.amount()), None]
            }
            Record::Claim(claim) => [claim_leg(claim), None],
        }
    }
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

impl Sources {
    /// The record `source` points at.
    pub fn record(&self, source: Source) -> Option<Record<'_>> {
        let at = |position: u32| usize::try_from(position).ok();
        Some(match source {
            Source::Order(position) => Record::Order(self.orders.get(at(position)?)?),
            Source::Transfer(position) => Record::Transfer(self.transfers.get(at(position)?)?),
            Source::Withdrawal(position) => {
                Record::Withdrawal(self.withdrawals.get(at(position)?)?)
            }
            Source::Deposit(list, position) => {
                Record::Deposit(self.deposits.get(usize::from(list))?.get(at(position)?)?)
            }
            Source::Claim(position) => Record::Claim(self.claims.get(at(position)?)?),
        })
    }
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

/// The asset of the deposit list `list` ([`DEPOSIT_ASSETS`]), worked out
/// once: a leg is read from its record every time it is needed.
fn deposit_list_asset(list: u8) -> Option<&'static Asset> {
    static ASSETS: LazyLock<[Asset; 4]> =
        LazyLock::new(|| DEPOSIT_ASSETS.each_ref().map(deposit_asset));
    ASSETS.get(usize::from(list))
}

pub(super) fn index(position: usize) -> u32 {
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
fn order_legs(order: &Order) -> [Option<Leg>; 2] {
    [
        leg(
            Direction::Out,
            order.source_asset.as_ref(),
            order.source_amount(),
        ),
        leg(
            Direction::In,
            order.target_asset.as_ref(),
            order.target_amount(),
        ),
    ]
}

/// Expired: "the order is undone" (spec 3.1); payment-returned: the late
/// PIX goes back to the payer. Neither moved the account's money, and
/// neither has a brcode order still awaiting its PIX (one funded from the
/// balance has taken it at acceptance, spec 4.1).
fn order_counts(order: &Order) -> bool {
    match order.state {
        Some(OrderState::Expired | OrderState::PaymentReturned) => false,
        Some(OrderState::Created) => order.brcode.is_none(),
        _ => true,
    }
}

/// A transfer moves tokens "from one EVM wallet address to another" (spec
/// 1); the list holds "transfers of the authenticated user" (4.2), sent from
/// one of the account's wallets. So it is money out, unless the target is
/// also one of the account's wallets: then the account holds the same
/// amount before and after, and it is shown as moved within, in no total.
fn transfer_direction(transfer: &Transfer, own: &[&str]) -> Direction {
    let is_own = |address: Option<&str>| {
        address.is_some_and(|address| own.iter().any(|own| own.eq_ignore_ascii_case(address)))
    };
    match (
        is_own(transfer.source_address.as_deref()),
        is_own(transfer.target_address.as_deref()),
    ) {
        (true, true) => Direction::Within,
        // Only when the wallets say the source is not ours and the target is.
        (false, true) => Direction::In,
        _ => Direction::Out,
    }
}

/// A withdrawal pays out (spec 1: "pay out fiat BRL (PIX or TED) or
/// tokens"): always money out. A record of the deprecated per-asset list
/// has no `asset`; PIX and TED pay only BRL (4.4), so it is BRL there.
fn withdrawal_leg(withdrawal: &Withdrawal) -> Option<Leg> {
    let asset = withdrawal.asset.clone().or_else(|| {
        matches!(
            withdrawal.method,
            Some(WithdrawalMethod::Pix | WithdrawalMethod::Ted)
        )
        .then_some(Asset::FiatBrl)
    });
    leg(Direction::Out, asset.as_ref(), withdrawal.amount())
}

/// A claim is money in: its `net-amount` ("amount after tax and fees", spec
/// 2.6) is what arrives. The claim record does not say whether it was paid
/// as BRL or BRLV; its amounts are BRL values (the claims form and panel
/// write them in reais), so it is counted in BRL.
fn claim_leg(claim: &Claim) -> Option<Leg> {
    leg(Direction::In, Some(&Asset::FiatBrl), claim.net_amount)
}

/// Every movement of `sources`, list after list (orders, transfers,
/// withdrawals, the deposit lists, claims), each in its list's order. What
/// sums need (the charts), without the timeline's memory and sort.
/// A deposit is money in, in its list's asset; a withdrawal money out; a
/// transfer as [`transfer_direction`] says; failed transfers and
/// withdrawals and undone orders do not count.
pub fn movements(sources: &Sources) -> impl Iterator<Item = Movement> + '_ {
    let own: Vec<&str> = sources
        .wallets
        .iter()
        .map(|wallet| wallet.address.as_str())
        .collect();
    let orders = sources.orders.iter().enumerate().map(|(position, order)| {
        Movement::new(
            Source::Order(index(position)),
            order.created_at(),
            order_counts(order),
            Direction::Out,
        )
    });
    let transfers = sources
        .transfers
        .iter()
        .enumerate()
        .map(move |(position, transfer)| {
            Movement::new(
                Source::Transfer(index(position)),
                transfer.created_at(),
                transfer.state != Some(TransferState::Failed),
                transfer_direction(transfer, &own),
            )
        });
    let withdrawals = sources
        .withdrawals
        .iter()
        .enumerate()
        .map(|(position, withdrawal)| {
            Movement::new(
                Source::Withdrawal(index(position)),
                withdrawal.created_at(),
                withdrawal.state != Some(WithdrawalState::Failed),
                Direction::Out,
            )
        });
    let deposits = sources
        .deposits
        .iter()
        .enumerate()
        .flat_map(|(list, rows)| {
            let list = u8::try_from(list).unwrap_or(u8::MAX);
            rows.iter().enumerate().map(move |(position, deposit)| {
                Movement::new(
                    Source::Deposit(list, index(position)),
                    deposit.created_at().or(deposit.processed_at()),
                    true,
                    Direction::In,
                )
            })
        });
    let claims = sources.claims.iter().enumerate().map(|(position, claim)| {
        Movement::new(
            Source::Claim(index(position)),
            claim.updated_at,
            true,
            Direction::In,
        )
    });
    orders
        .chain(transfers)
        .chain(withdrawals)
        .chain(deposits)
        .chain(claims)
}

/// Every movement of `sources`, newest first; movements without a time
/// last. Movements of the same moment keep their lists' order, as
/// [`movements`] reads them.
pub fn build_timeline(sources: &Sources) -> Vec<Movement> {
    let deposit_count: usize = sources.deposits.iter().map(|rows| rows.len()).sum();
    let mut timeline = Vec::with_capacity(
        sources.orders.len()
            + sources.transfers.len()
            + sources.withdrawals.len()
            + deposit_count
            + sources.claims.len(),
    );
    timeline.extend(movements(sources));
    // The same order as a stable sort by moment (each movement's place is
    // unique), without a stable sort's buffer of half the timeline.
    timeline.sort_unstable_by_key(|movement| {
        (
            std::cmp::Reverse(movement.moment_key()),
            movement.list_place(),
        )
    });
    timeline
}
