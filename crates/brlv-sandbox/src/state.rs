//! The sandbox's whole state behind one lock, and the timed state machines.
//!
//! One `std::sync::Mutex` guards every account: a handler locks it, settles the
//! transitions that fell due on the sandbox clock, checks and applies its change,
//! and unlocks, without awaiting in between. Webhook events produced meanwhile
//! are handed to the delivery task after the lock is released.
//!
//! Timings on the sandbox clock, counted from a record's creation:
//!
//! | Record | Step | After |
//! |---|---|---|
//! | order funded from the balance | `created` → `completed` (target credited) | 2 s |
//! | brcode order | `created` → `expired` | at its `expiration` (10 min by default) |
//! | transfer | `created` → `pending` (tx-hash) or `failed` (source short) | 2 s |
//! | transfer | `pending` → `completed` (own target wallet credited) | 10 s |
//! | withdrawal | `created` → `pending-payment` | 2 s |
//! | withdrawal | `pending-payment` → `completed` (a token payout to an own wallet credited) | 30 s |
//! | claim | `created` → `completed` | 5 s |
//!
//! Transitions are applied in the order they fell due, each stamped with the
//! time it fell due rather than the time it was noticed, so moving the clock an
//! hour at once gives the same history as living through the hour.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use jsonwebtoken::DecodingKey;
use time::OffsetDateTime;
use uuid::Uuid;

use super::clock::{SandboxClock, plus_seconds};
use super::error::ApiError;
use super::ledger::{Holder, Ledger};
use super::nonces::NonceStore;
use super::records::{
    ClaimRecord, Delivery, DepositRecord, OrderRecord, Payout, QuoteRecord, RewardCertificate,
    TransferRecord, WalletRecord, WithdrawalRecord, random_tx_hash,
};
use super::webhook::{EventKind, EventSink, WebhookEvent, WebhookUrl};
use brlv_core::api::model::{ClaimStatus, OrderState, TransferState, WithdrawalState};

/// Seconds until an order funded from the balance completes.
pub const ORDER_SETTLE_SECS: i64 = 2;
/// Seconds until a transfer is submitted on chain (or fails).
pub const TRANSFER_SUBMIT_SECS: i64 = 2;
/// Seconds until a transfer is confirmed.
pub const TRANSFER_CONFIRM_SECS: i64 = 10;
/// Seconds until a withdrawal is being paid.
pub const WITHDRAWAL_PROCESS_SECS: i64 = 2;
/// Seconds until a withdrawal is paid out.
pub const WITHDRAWAL_PAYOUT_SECS: i64 = 30;
/// Seconds until a claim is paid.
pub const CLAIM_COMPLETE_SECS: i64 = 5;
/// Quotes are forgotten this long after they expire; an older id is "unknown".
const QUOTE_MEMORY_SECS: i64 = 3600;

/// Everything the sandbox knows.
#[derive(Default)]
pub(crate) struct World {
    /// Accounts by API key.
    pub accounts: BTreeMap<String, Account>,
}

/// One registered API key and its data.
pub(crate) struct Account {
    /// The registered public key, as given.
    pub public_key_pem: String,
    /// The same key, ready to verify signatures.
    pub decoding_key: Arc<DecodingKey>,
    /// Whether resets seed demo data.
    pub seed_demo: bool,
    /// The account holder's CPF, for the `target-end-user-pix-key` rule.
    pub tax_id: String,
    /// Nonces of tokens not yet expired.
    pub nonces: NonceStore,
    /// Balances and records.
    pub data: AccountData,
}

/// Balances and records of one account.
#[derive(Default)]
pub(crate) struct AccountData {
    /// Who holds what.
    pub ledger: Ledger,
    /// Wallets, oldest first.
    pub wallets: Vec<WalletRecord>,
    /// Quotes handed out and not yet forgotten.
    pub quotes: HashMap<Uuid, QuoteRecord>,
    /// Orders, oldest first.
    pub orders: Vec<OrderRecord>,
    /// Transfers, oldest first.
    pub transfers: Vec<TransferRecord>,
    /// Withdrawals, oldest first.
    pub withdrawals: Vec<WithdrawalRecord>,
    /// Claims, oldest first.
    pub claims: Vec<ClaimRecord>,
    /// Deposits, oldest first.
    pub deposits: Vec<DepositRecord>,
    /// Reward certificates, in any order (claims sort them by issue time).
    pub certificates: Vec<RewardCertificate>,
}

/// A transition that falls due at some time.
#[derive(Clone, Copy, Debug)]
enum Step {
    ExpireOrder(usize),
    CompleteOrder(usize),
    SubmitTransfer(usize),
    ConfirmTransfer(usize),
    AdvanceWithdrawal(usize),
    CompleteClaim(usize),
}

impl AccountData {
    /// The wallet of this account at `address`, if any.
    pub(crate) fn wallet(&self, address: &str) -> Option<&WalletRecord> {
        self.wallets.iter().find(|wallet| wallet.is(address))
    }

    /// The earliest transition that is due at some time, with that time.
    fn next_step(&self) -> Option<(OffsetDateTime, Step)> {
        let orders = self.orders.iter().enumerate().filter_map(|(index, order)| {
            if order.state != OrderState::Created {
                return None;
            }
            match order.expiration {
                Some(expiration) if order.is_brcode() => {
                    Some((expiration, Step::ExpireOrder(index)))
                }
                _ => Some((
                    plus_seconds(order.created_at, ORDER_SETTLE_SECS),
                    Step::CompleteOrder(index),
                )),
            }
        });
        let transfers = self
            .transfers
            .iter()
            .enumerate()
            .filter_map(|(index, transfer)| match transfer.state {
                TransferState::Created => Some((
                    plus_seconds(transfer.created_at, TRANSFER_SUBMIT_SECS),
                    Step::SubmitTransfer(index),
                )),
                TransferState::Pending => Some((
                    plus_seconds(transfer.created_at, TRANSFER_CONFIRM_SECS),
                    Step::ConfirmTransfer(index),
                )),
                _ => None,
            });
        let withdrawals = self
            .withdrawals
            .iter()
            .enumerate()
            .filter_map(|(index, withdrawal)| {
                let after = match withdrawal.state {
                    WithdrawalState::Created => WITHDRAWAL_PROCESS_SECS,
                    WithdrawalState::PendingPayment => WITHDRAWAL_PAYOUT_SECS,
                    _ => return None,
                };
                Some((
                    plus_seconds(withdrawal.created_at, after),
                    Step::AdvanceWithdrawal(index),
                ))
            });
        let claims = self
            .claims
            .iter()
            .enumerate()
            .filter(|(_, claim)| claim.status == ClaimStatus::Created)
            .map(|(index, claim)| {
                (
                    plus_seconds(claim.created_at, CLAIM_COMPLETE_SECS),
                    Step::CompleteClaim(index),
                )
            });
        orders
            .chain(transfers)
            .chain(withdrawals)
            .chain(claims)
            .min_by_key(|(due, _)| *due)
    }

    /// Applies, in order, every transition due at or before `now`.
    pub(crate) fn settle(&mut self, now: OffsetDateTime, events: &mut Vec<WebhookEvent>) {
        while let Some((due, step)) = self.next_step() {
            if due > now {
                break;
            }
            self.apply(due, step, events);
        }
        self.quotes
            .retain(|_, quote| plus_seconds(quote.expiration, QUOTE_MEMORY_SECS) > now);
    }

    fn apply(&mut self, at: OffsetDateTime, step: Step, events: &mut Vec<WebhookEvent>) {
        match step {
            Step::ExpireOrder(index) => {
                if let Some(order) = self.orders.get_mut(index) {
                    // Nothing was taken from the account for an unpaid brcode
                    // order, so undoing it is just closing it.
                    order.state = OrderState::Expired;
                    order.state_updated_at = at;
                    events.push(WebhookEvent::about_order(
                        EventKind::OrderExpired,
                        at,
                        order,
                    ));
                }
            }
            Step::CompleteOrder(index) => self.complete_order(index, at, events),
            Step::SubmitTransfer(index) => self.submit_transfer(index, at),
            Step::ConfirmTransfer(index) => self.confirm_transfer(index, at),
            Step::AdvanceWithdrawal(index) => self.advance_withdrawal(index, at),
            Step::CompleteClaim(index) => {
                if let Some(claim) = self.claims.get_mut(index) {
                    claim.status = ClaimStatus::Completed;
                    claim.updated_at = at;
                }
            }
        }
    }

    /// Completes a funded order: delivers its target amount.
    pub(crate) fn complete_order(
        &mut self,
        index: usize,
        at: OffsetDateTime,
        events: &mut Vec<WebhookEvent>,
    ) {
        let Some(order) = self.orders.get_mut(index) else {
            return;
        };
        let holder = match &order.delivery {
            Delivery::AccountBalance => Some(Holder::Account),
            Delivery::OwnWallet(address) => Some(Holder::wallet(address)),
            // The amount leaves the sandbox: nothing to credit.
            Delivery::ExternalWallet(_) | Delivery::PixKey(_) => None,
        };
        if let Some(holder) = holder
            && let Err(error) =
                self.ledger
                    .credit(&holder, &order.target_asset, order.target_amount)
        {
            tracing::warn!(order = %order.id, ?error, "sandbox could not credit a completed order");
        }
        order.state = OrderState::Completed;
        order.state_updated_at = at;
        events.push(WebhookEvent::about_order(
            EventKind::OrderCompleted,
            at,
            order,
        ));
    }

    fn submit_transfer(&mut self, index: usize, at: OffsetDateTime) {
        let Some(transfer) = self.transfers.get_mut(index) else {
            return;
        };
        let source = Holder::wallet(&transfer.source_address);
        match self.ledger.debit(&source, &transfer.asset, transfer.amount) {
            Ok(()) => {
                transfer.state = TransferState::Pending;
                transfer.tx_hash = Some(random_tx_hash());
            }
            Err(_) => transfer.state = TransferState::Failed,
        }
        transfer.state_updated_at = at;
    }

    fn confirm_transfer(&mut self, index: usize, at: OffsetDateTime) {
        let Some(transfer) = self.transfers.get_mut(index) else {
            return;
        };
        let own_target = self
            .wallets
            .iter()
            .any(|wallet| wallet.is(&transfer.target_address));
        if own_target
            && let Err(error) = self.ledger.credit(
                &Holder::wallet(&transfer.target_address),
                &transfer.asset,
                transfer.amount,
            )
        {
            tracing::warn!(transfer = %transfer.id, ?error, "sandbox could not credit a transfer");
        }
        transfer.state = TransferState::Completed;
        transfer.state_updated_at = at;
    }

    /// Moves a withdrawal one step on; a token payout to one of the account's
    /// own wallets arrives there when it completes, as a transfer would.
    fn advance_withdrawal(&mut self, index: usize, at: OffsetDateTime) {
        let Some(withdrawal) = self.withdrawals.get_mut(index) else {
            return;
        };
        withdrawal.state = match withdrawal.state {
            WithdrawalState::Created => WithdrawalState::PendingPayment,
            _ => WithdrawalState::Completed,
        };
        withdrawal.state_updated_at = at;
        let Payout::Token { target_address, .. } = &withdrawal.payout else {
            return;
        };
        if withdrawal.state != WithdrawalState::Completed
            || !self.wallets.iter().any(|wallet| wallet.is(target_address))
        {
            return;
        }
        if let Err(error) = self.ledger.credit(
            &Holder::wallet(target_address),
            &withdrawal.asset,
            withdrawal.amount,
        ) {
            tracing::warn!(withdrawal = %withdrawal.id, ?error, "sandbox could not credit a withdrawal");
        }
    }

    /// Forgets all balances and records (reset).
    pub(crate) fn clear(&mut self) {
        *self = AccountData::default();
    }
}

impl OrderRecord {
    /// Funded by a PIX BR Code.
    pub(crate) fn is_brcode(&self) -> bool {
        matches!(self.funding, super::records::Funding::Brcode { .. })
    }
}

/// Tunables the handlers read.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// Funding window of brcode orders.
    pub order_expiry: Duration,
    /// Acceptance window of quotes.
    pub quote_lifetime: Duration,
}

/// How the emulated Banco Central answers where its real services answer
/// otherwise than "here are the figures".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CentralBankEdges {
    /// Simplified for the demo: today's PTAX all day, an empty list for
    /// months not published.
    #[default]
    Simple,
    /// As the real services answer: no PTAX of today before the closing
    /// bulletin (13:10 in Brasília, by the sandbox's clock), a long period
    /// read in pages of at most 100 rows with `@odata.nextLink`; the SGS
    /// answers HTTP 404 to a range that starts after today and, to a range
    /// after its last published month, that month's figure alone (its "last
    /// value" answer).
    AsPublished,
}

/// The state every handler shares.
pub(crate) struct Shared {
    /// All accounts, behind the one lock.
    pub world: Mutex<World>,
    /// The sandbox clock.
    pub clock: SandboxClock,
    /// Tunables from the configuration.
    pub settings: Settings,
    /// Where events go to be delivered.
    pub events: EventSink,
    /// Where they are delivered to.
    pub webhook_url: WebhookUrl,
    /// Requests for the dollar's rates (the Banco Central's emulation), so
    /// that a test can tell a rate kept from a rate asked again.
    pub dollar_rate_requests: std::sync::atomic::AtomicU64,
    /// Requests for the monthly Selic (the Banco Central's emulation), so
    /// that a test can tell a month kept from a month asked again.
    pub selic_requests: std::sync::atomic::AtomicU64,
    /// How the Banco Central's emulation answers at its edges.
    pub central_bank: CentralBankEdges,
}

impl Shared {
    /// Locks the world. A panic while it was held cannot have left money half
    /// moved (every change is checked before it is applied), so a poisoned lock
    /// is taken over rather than turned into a crash of every later request.
    pub(crate) fn lock(&self) -> MutexGuard<'_, World> {
        self.world.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `change` on the account of `api_key` after settling what fell due,
    /// then hands the events it produced to the webhook delivery.
    pub(crate) fn with_account<T>(
        &self,
        api_key: &str,
        change: impl FnOnce(&mut Account, OffsetDateTime, &mut Vec<WebhookEvent>) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let now = self.clock.now();
        let mut events = Vec::new();
        let result = {
            let mut world = self.lock();
            let account = world.accounts.get_mut(api_key).ok_or_else(|| {
                ApiError::unauthorized("unknown-api-key", "this API key is not registered")
            })?;
            account.data.settle(now, &mut events);
            change(account, now, &mut events)
        };
        self.events.send_all(events);
        result
    }

    /// Settles every account up to now (the background tick and clock moves).
    pub(crate) fn settle_all(&self) {
        let now = self.clock.now();
        let mut events = Vec::new();
        {
            let mut world = self.lock();
            for account in world.accounts.values_mut() {
                account.data.settle(now, &mut events);
                account.nonces.prune(now.unix_timestamp());
            }
        }
        self.events.send_all(events);
    }
}
