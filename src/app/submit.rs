//! The one path every form's POST takes. A POST is sent once and never
//! retried: the interface has no idempotency key, so a repeated POST could
//! pay twice. When its answer is lost ([`Error::outcome_unknown`]) the
//! feature re-reads what the POST would have changed and hands it, with
//! what it read just before sending, to the core's one settling
//! ([`settle_lost`], [`brlv_core::journal::settle`]); only then is the
//! person told whether it was applied. Read at once, before the service
//! could no longer accept the request, a list that shows nothing is "not
//! yet known", never "not done": the journal keeps the send pending and
//! settles it later. Each feature's `task.rs` says how to send and how to
//! look; [`settle`] decides, and [`SubmitStatus`] is where a form shows it
//! (drawn by `ui::submit`).

use std::collections::BTreeSet;

use brlv_core::api::Error;
use brlv_core::api::model::{
    Claim, CreateClaim, CreateOrder, CreateTransfer, CreateWallet, CreateWithdrawal, CreatedWallet,
    Order, Transfer, Withdrawal,
};
use brlv_core::journal::settle::{self as core_settle, ListKind, ListRead, Sent, Settlement};
use time::OffsetDateTime;

/// A POST a form asks for, exactly as reviewed.
#[derive(Debug, Clone, PartialEq)]
pub enum SubmitRequest {
    /// `POST /wallets`.
    Wallet(CreateWallet),
    /// `POST /transfers`.
    Transfer(CreateTransfer),
    /// `POST /withdrawals`.
    Withdrawal(CreateWithdrawal),
    /// `POST /claims` (no wallet) or `POST /wallets/{address}/claims`.
    Claim {
        /// The wallet whose certificates are claimed; `None` for the account's.
        wallet_address: Option<String>,
        /// Amount and payout asset.
        request: CreateClaim,
    },
    /// `POST /orders`: accepting a quote.
    Order(CreateOrder),
    /// Payouts from a file: one `POST /withdrawals` per row, sent by the
    /// core's batch runner; the lock's one proof covers the whole batch.
    Batch(Box<BatchRequest>),
}

/// A file of payouts to send, as checked and confirmed.
#[derive(Debug, Clone, PartialEq)]
pub struct BatchRequest {
    /// Its rows, in the file's order, and its hash.
    pub batch: brlv_core::payouts::Batch,
    /// Pay a finished file again; stop at the first failure.
    pub options: brlv_core::payouts::run::Options,
    /// How many days back the service's withdrawals are compared for a
    /// repeated row (Settings, as the forms' reviews).
    pub duplicate_days: u32,
    /// The rows (places in the batch) the person chose to send although
    /// they repeat an earlier payout; the others that repeat are skipped.
    pub send_anyway: std::collections::BTreeSet<usize>,
}

impl SubmitRequest {
    /// Whether it moves money out of the account or a wallet, and so asks
    /// for the transaction password: a withdrawal, a transfer, a claim, and an
    /// order paid from the balance or a wallet (one paid by a PIX BR Code is
    /// paid from outside; a new wallet moves nothing).
    pub fn moves_money(&self) -> bool {
        match self {
            SubmitRequest::Wallet(_) => false,
            SubmitRequest::Transfer(_)
            | SubmitRequest::Withdrawal(_)
            | SubmitRequest::Claim { .. }
            | SubmitRequest::Batch(_) => true,
            SubmitRequest::Order(order) => {
                order.source_payment_method != Some(brlv_core::api::model::PaymentMethod::Brcode)
            }
        }
    }

    /// The form that sent it.
    pub fn form(&self) -> FormKind {
        match self {
            SubmitRequest::Wallet(_) => FormKind::Wallet,
            SubmitRequest::Transfer(_) => FormKind::Transfer,
            SubmitRequest::Withdrawal(_) => FormKind::Withdrawal,
            SubmitRequest::Claim { .. } => FormKind::Claim,
            SubmitRequest::Order(_) => FormKind::Order,
            SubmitRequest::Batch(_) => FormKind::Batch,
        }
    }
}

/// The forms that create something.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FormKind {
    /// New wallet.
    Wallet,
    /// New transfer.
    Transfer,
    /// New withdrawal.
    Withdrawal,
    /// New claim.
    Claim,
    /// New order.
    Order,
    /// Payouts from a file.
    Batch,
}

/// What a POST created.
#[derive(Debug, Clone, PartialEq)]
pub enum Created {
    /// The new wallet's address and assets.
    Wallet(CreatedWallet),
    /// The new transfer.
    Transfer(Transfer),
    /// The new withdrawal.
    Withdrawal(Withdrawal),
    /// The claim; `None` when only the claimable balance showed it was applied
    /// (the service lists no claims to find it again by).
    Claim(Option<Claim>),
    /// The new order.
    Order(Box<Order>),
}

/// How a POST ended, decided once by the worker.
#[derive(Debug, Clone)]
pub enum SubmitOutcome {
    /// Created; `after_unknown` when the answer was lost and the re-read
    /// showed it anyway.
    Created {
        /// What was created.
        record: Created,
        /// The POST's answer was lost; the re-read found it.
        after_unknown: bool,
    },
    /// The service refused it: nothing was created, and what was typed
    /// needs correcting.
    Refused(Error),
    /// The service could not be reached ([`Error::not_sent`]): the request
    /// never left this computer, nothing was refused and nothing was
    /// created. The form keeps what was typed, to send once the connection
    /// is back.
    NotSent(Error),
    /// The answer was lost and the re-read shows nothing new: it was not
    /// applied, so sending again is safe.
    NotApplied(Error),
    /// The answer was lost and the re-read shows nothing yet, but the
    /// service could still accept the request until `until`: never "not
    /// applied" before then. The journal keeps it pending, and its settling
    /// tells it after that moment.
    NotYetKnown {
        /// The failure of the POST.
        error: Error,
        /// When the service can no longer accept it
        /// ([`brlv_core::journal::settle::Sent::horizon`]).
        until: OffsetDateTime,
        /// What was sent, as the core compares it: the worker settles it
        /// again by itself once `until` has passed
        /// ([`brlv_core::journal_send::settle_once_known`]).
        sent: Box<Sent>,
    },
    /// The answer was lost and the list read once the service could no
    /// longer accept it shows two or more identical records, or one it
    /// cannot compare: whether it was applied cannot be told, and sending
    /// it again blindly could pay twice.
    CannotTell(Box<CannotTell>),
    /// The answer was lost and the re-read could not tell: it may or may not
    /// have been applied.
    Unknown {
        /// The failure of the POST.
        error: Error,
        /// Why the re-read could not tell, when it was tried.
        reread: Option<Error>,
    },
}

/// A send whose outcome cannot be told, as its form names it: what was
/// sent and each record at the service that could be it.
#[derive(Debug, Clone)]
pub struct CannotTell {
    /// The failure of the POST.
    pub error: Error,
    /// Where it was sent (`/api/v0/withdrawals`).
    pub endpoint: String,
    /// What was sent, as the journal keeps it (its JSON body).
    pub body: String,
    /// Each record at the service that could be it, as the core's
    /// settling found them; none when it could not compare one.
    pub candidates: Vec<core_settle::Candidate>,
}

/// Decides how a POST ended. `sent` is its answer; after an ambiguous
/// failure `reread` looks again: `Ok(Some)` found what the POST created,
/// `Ok(None)` shows it was not applied, `Err` could not tell (with the
/// re-read's own failure, if it got that far).
pub async fn settle<T, F>(
    sent: Result<T, Error>,
    created: impl FnOnce(T) -> Created,
    reread: impl FnOnce() -> F,
) -> SubmitOutcome
where
    F: Future<Output = Result<Option<Created>, Option<Error>>>,
{
    match sent {
        Ok(value) => SubmitOutcome::Created {
            record: created(value),
            after_unknown: false,
        },
        Err(error) if error.not_sent() => SubmitOutcome::NotSent(error),
        Err(error) if !error.outcome_unknown() => SubmitOutcome::Refused(error),
        Err(error) => match reread().await {
            Ok(Some(record)) => SubmitOutcome::Created {
                record,
                after_unknown: true,
            },
            Ok(None) => SubmitOutcome::NotApplied(error),
            Err(reread) => SubmitOutcome::Unknown { error, reread },
        },
    }
}

/// What a form's lost send compares: what it sent and when, and the
/// list's records read just before it left.
#[derive(Debug, Clone)]
pub struct LostSend<'a, R> {
    /// The list it adds to.
    pub list: ListKind,
    /// The JSON body it sent.
    pub body: String,
    /// When it left, on this computer's clock.
    pub sent_at: OffsetDateTime,
    /// When its connection closed (the answer was lost or timed out).
    pub closed_at: OffsetDateTime,
    /// The list as read just before it left.
    pub before: &'a [R],
}

fn as_values<R: serde::Serialize>(records: &[R]) -> Vec<serde_json::Value> {
    records
        .iter()
        .filter_map(|record| serde_json::to_value(record).ok())
        .collect()
}

/// What a form's lost send sent, as the core compares it: its body, when
/// it left and closed, and the ids its list held just before.
fn lost_sent<R: serde::Serialize>(lost: &LostSend<'_, R>) -> Sent {
    let mut sent = Sent::from_body(
        uuid::Uuid::nil(),
        lost.sent_at,
        lost.list.path(),
        &lost.body,
    );
    sent.closed_at = Some(lost.closed_at);
    let before = as_values(lost.before);
    sent.listed_before = Some(
        before
            .iter()
            .filter_map(|record| core_settle::record_id(lost.list, record))
            .collect(),
    );
    sent
}

/// Settles a form's lost send by the core's one rule
/// ([`brlv_core::journal::settle::settle`]) against `after`, the list read
/// now.
pub fn settle_lost<R: serde::Serialize>(
    lost: &LostSend<'_, R>,
    after: &[R],
    read_at: OffsetDateTime,
) -> Settlement {
    let list = ListRead {
        records: as_values(after),
        read_at,
    };
    core_settle::settle(&lost_sent(lost), Ok(&list), &BTreeSet::new())
}

/// What a record the settling found is, as the form that sent it shows
/// it; `None` for a list no form settles this way or a record that does
/// not read as one.
fn found_record(kind: ListKind, record: serde_json::Value) -> Option<Created> {
    match kind {
        ListKind::Withdrawals => serde_json::from_value(record).ok().map(Created::Withdrawal),
        ListKind::Transfers => serde_json::from_value(record).ok().map(Created::Transfer),
        ListKind::Orders | ListKind::Wallets => None,
    }
}

/// How a form's send whose answer was lost (`error`) ended, as the core's
/// one settling decided it for `sent` (whose JSON body was `body`).
pub fn settled_outcome(
    error: Error,
    sent: &Sent,
    body: &str,
    settlement: Settlement,
) -> SubmitOutcome {
    let endpoint = match sent.settles {
        core_settle::Settles::List(kind) => kind.path(),
        core_settle::Settles::Unlisted(_) => "",
    };
    let cannot_tell = |error, candidates| {
        SubmitOutcome::CannotTell(Box::new(CannotTell {
            error,
            endpoint: endpoint.to_owned(),
            body: body.to_owned(),
            candidates,
        }))
    };
    let core_settle::Settles::List(kind) = sent.settles else {
        return cannot_tell(error, Vec::new());
    };
    match settlement {
        Settlement::Done { record, .. } => match found_record(kind, record) {
            Some(record) => SubmitOutcome::Created {
                record,
                after_unknown: true,
            },
            None => cannot_tell(error, Vec::new()),
        },
        Settlement::NotDone => SubmitOutcome::NotApplied(error),
        Settlement::NotYetKnown { until } => SubmitOutcome::NotYetKnown {
            error,
            until,
            sent: Box::new(sent.clone()),
        },
        Settlement::CannotTell(why) if why.is_final() => {
            cannot_tell(error, why.candidates().to_vec())
        }
        // The list could not be read: it may have been done.
        Settlement::CannotTell(why) => SubmitOutcome::Unknown {
            error,
            reread: Some(Error::Config(why.to_string())),
        },
    }
}

/// Sends a form's POST once (`send`) and settles how it ended: `list`
/// reads the list it adds to, once before it leaves and again after a lost
/// answer, for the core's one settling; `created` takes the answer.
pub async fn send_settled<T, R, S, L, LF>(
    kind: ListKind,
    body: String,
    send: S,
    list: L,
    created: impl FnOnce(T) -> Created,
) -> SubmitOutcome
where
    R: serde::Serialize,
    S: Future<Output = Result<T, Error>>,
    L: Fn() -> LF,
    LF: Future<Output = Result<Vec<R>, Error>>,
{
    let before = list().await.ok();
    let sent_at = OffsetDateTime::now_utc();
    let sent = send.await;
    let closed_at = OffsetDateTime::now_utc();
    let error = match sent {
        Ok(value) => {
            return SubmitOutcome::Created {
                record: created(value),
                after_unknown: false,
            };
        }
        Err(error) if error.not_sent() => return SubmitOutcome::NotSent(error),
        Err(error) if !error.outcome_unknown() => return SubmitOutcome::Refused(error),
        Err(error) => error,
    };
    let Some(before) = before else {
        return SubmitOutcome::Unknown {
            error,
            reread: None,
        };
    };
    let read_at = OffsetDateTime::now_utc();
    let after = match list().await {
        Ok(after) => after,
        Err(reread) => {
            return SubmitOutcome::Unknown {
                error,
                reread: Some(reread),
            };
        }
    };
    let lost = LostSend {
        list: kind,
        body,
        sent_at,
        closed_at,
        before: &before,
    };
    let sent = lost_sent(&lost);
    match settle_lost(&lost, &after, read_at) {
        // Two new look-alikes within seconds: read again once the service
        // can no longer accept this one.
        Settlement::CannotTell(why) if why.is_final() => SubmitOutcome::NotYetKnown {
            error,
            until: sent.horizon(),
            sent: Box::new(sent),
        },
        settlement => settled_outcome(error, &sent, &lost.body, settlement),
    }
}

/// Where a form's request stands.
#[derive(Clone, Debug, Default)]
pub enum SubmitStatus {
    /// Nothing sent (or the result was dismissed).
    #[default]
    Idle,
    /// Sent; the send button stays disabled until it ends.
    Sending,
    /// Ended.
    Finished(SubmitOutcome),
}

impl SubmitStatus {
    /// Whether a request is in flight.
    pub fn is_sending(&self) -> bool {
        matches!(self, SubmitStatus::Sending)
    }

    /// What was created, once it was.
    pub fn created(&self) -> Option<&Created> {
        match self {
            SubmitStatus::Finished(SubmitOutcome::Created { record, .. }) => Some(record),
            _ => None,
        }
    }
}
