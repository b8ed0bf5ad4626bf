//! The stage of a payment, decided once: what every front (the lists, the
//! reviews, the batch screen, receipts, notifications, the result file and
//! the command line) says a withdrawal or a transfer has reached.
//!
//! The service accepting a payout is not the payout being paid: a
//! withdrawal the service holds as `created` or `pending-payment` has left
//! this machine and has not reached its recipient. Only `completed` is
//! *paid*; `failed` is *failed*; every other state, one this version does
//! not know included, is *sent to the service* with the service's own
//! state beside it. A state the service may add later is never read as
//! paid: the reading that cannot make a person tell a supplier they were
//! paid when they were not.
//!
//! The words are looked up by key (`stage.*` in the app's locale file), in
//! English and pt-BR, by the window and the command line alike.

use serde_json::Value;

use crate::api::model::{TransferState, WithdrawalState};
use crate::journal::settle::Settlement;

/// How far a payment has gone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentStage {
    /// Nothing left this machine (refused before sending, not sent, or
    /// settled as never applied).
    NotSent,
    /// The service holds it and has not paid it yet.
    Sent {
        /// The service's state as it wrote it (`created`,
        /// `pending-payment`, `pending`, or a value this version does not
        /// know), made safe to show; `None` when the record carries none.
        service_state: Option<String>,
    },
    /// The service says it is paid (`completed`).
    Paid,
    /// The service says it did not go through (`failed`).
    Failed,
    /// It was sent and its answer never came: whether the service holds it
    /// is not known (yet).
    NoAnswer,
}

/// The service's word for a paid withdrawal or transfer.
const PAID_STATE: &str = "completed";
/// The service's word for one that did not go through.
const FAILED_STATE: &str = "failed";

impl PaymentStage {
    /// The stage of a record the service holds, from its state as written
    /// on the wire; a record with no state is sent, not paid.
    pub fn of_state(state: Option<&str>) -> PaymentStage {
        match state {
            Some(PAID_STATE) => PaymentStage::Paid,
            Some(FAILED_STATE) => PaymentStage::Failed,
            other => PaymentStage::Sent {
                service_state: other.map(|state| crate::api::safe_text::label(state).into_owned()),
            },
        }
    }

    /// The stage of a withdrawal the service holds.
    pub fn of_withdrawal(state: Option<&WithdrawalState>) -> PaymentStage {
        PaymentStage::of_state(state.map(WithdrawalState::as_str))
    }

    /// The stage of a transfer the service holds.
    pub fn of_transfer(state: Option<&TransferState>) -> PaymentStage {
        PaymentStage::of_state(state.map(TransferState::as_str))
    }

    /// The stage of a record as a list returns it (its `state` field).
    pub fn of_record(record: &Value) -> PaymentStage {
        PaymentStage::of_state(record.get("state").and_then(Value::as_str))
    }

    /// The stage of a send whose answer was lost, as the settling left it.
    pub fn of_settlement(settlement: &Settlement) -> PaymentStage {
        match settlement {
            Settlement::Done { record, .. } => PaymentStage::of_record(record),
            Settlement::NotDone => PaymentStage::NotSent,
            Settlement::NotYetKnown { .. } | Settlement::CannotTell(_) => PaymentStage::NoAnswer,
        }
    }

    /// Whether the recipient has been paid.
    pub fn is_paid(&self) -> bool {
        matches!(self, PaymentStage::Paid)
    }

    /// Whether the service holds it (paid, failed, or on its way).
    pub fn reached_service(&self) -> bool {
        matches!(
            self,
            PaymentStage::Sent { .. } | PaymentStage::Paid | PaymentStage::Failed
        )
    }

    /// Whether the service can still move it on by itself: sent and not
    /// final, so it is worth reading again.
    pub fn may_change(&self) -> bool {
        matches!(self, PaymentStage::Sent { .. } | PaymentStage::NoAnswer)
    }

    /// Its name in files and machine-read output (`sent`, `paid`…).
    pub fn as_str(&self) -> &'static str {
        match self {
            PaymentStage::NotSent => "not-sent",
            PaymentStage::Sent { .. } => "sent",
            PaymentStage::Paid => "paid",
            PaymentStage::Failed => "failed",
            PaymentStage::NoAnswer => "no-answer",
        }
    }

    /// The locale key of its words: `stage.sent` is "sent to the service"
    /// / "enviado ao serviço"; the service's state is said beside it
    /// ([`PaymentStage::service_state_key`]).
    pub fn key(&self) -> &'static str {
        match self {
            PaymentStage::NotSent => "stage.not_sent",
            PaymentStage::Sent { .. } => "stage.sent",
            PaymentStage::Paid => "stage.paid",
            PaymentStage::Failed => "stage.failed",
            PaymentStage::NoAnswer => "stage.no_answer",
        }
    }

    /// The service's state while sent, as it wrote it.
    pub fn service_state(&self) -> Option<&str> {
        match self {
            PaymentStage::Sent { service_state } => service_state.as_deref(),
            _ => None,
        }
    }

    /// The locale key of the service's state while sent, for the states
    /// the interface names (`stage.state.created`,
    /// `stage.state.pending-payment`, `stage.state.pending`); `None` for a
    /// state this version does not know, shown as the service wrote it.
    pub fn service_state_key(&self) -> Option<&'static str> {
        match self.service_state()? {
            "created" => Some("stage.state.created"),
            "pending-payment" => Some("stage.state.pending-payment"),
            "pending" => Some("stage.state.pending"),
            _ => None,
        }
    }
}

/// How many of a set of payments reached the service, and how many of
/// those are paid: "4 sent, 0 paid yet".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StageCounts {
    /// The service holds them (paid, failed and on their way).
    pub sent: usize,
    /// Paid.
    pub paid: usize,
    /// Failed at the service.
    pub failed: usize,
    /// Their answer never came.
    pub no_answer: usize,
    /// Nothing left.
    pub not_sent: usize,
}

impl StageCounts {
    /// The counts of `stages`.
    pub fn of<'a>(stages: impl IntoIterator<Item = &'a PaymentStage>) -> StageCounts {
        let mut counts = StageCounts::default();
        for stage in stages {
            match stage {
                PaymentStage::NotSent => counts.not_sent += 1,
                PaymentStage::NoAnswer => counts.no_answer += 1,
                PaymentStage::Sent { .. } => counts.sent += 1,
                PaymentStage::Paid => {
                    counts.sent += 1;
                    counts.paid += 1;
                }
                PaymentStage::Failed => {
                    counts.sent += 1;
                    counts.failed += 1;
                }
            }
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_created_or_pending_record_is_sent_never_paid() {
        for state in ["created", "pending-payment", "pending"] {
            let stage = PaymentStage::of_state(Some(state));
            assert!(!stage.is_paid(), "{state} read as paid");
            assert_eq!(stage.as_str(), "sent");
            assert_eq!(stage.service_state(), Some(state));
            assert!(stage.may_change());
        }
        assert!(!PaymentStage::of_withdrawal(Some(&WithdrawalState::Created)).is_paid());
        assert!(!PaymentStage::of_withdrawal(Some(&WithdrawalState::PendingPayment)).is_paid());
        assert!(!PaymentStage::of_transfer(Some(&TransferState::Pending)).is_paid());
        assert!(!PaymentStage::of_record(&json!({"id": "w1", "state": "created"})).is_paid());
    }

    #[test]
    fn only_completed_is_paid_and_failed_is_failed() {
        assert_eq!(
            PaymentStage::of_withdrawal(Some(&WithdrawalState::Completed)),
            PaymentStage::Paid
        );
        assert_eq!(
            PaymentStage::of_transfer(Some(&TransferState::Failed)),
            PaymentStage::Failed
        );
        assert!(!PaymentStage::Failed.may_change());
        assert!(!PaymentStage::Paid.may_change());
    }

    #[test]
    fn an_unknown_or_missing_state_is_never_paid() {
        for state in ["settled", "paid", "COMPLETED", "completed ", ""] {
            let stage = PaymentStage::of_state(Some(state));
            assert!(!stage.is_paid(), "{state:?} read as paid");
            assert_eq!(stage.service_state_key(), None);
        }
        assert!(!PaymentStage::of_state(None).is_paid());
        assert!(!PaymentStage::of_record(&json!({"id": "w1"})).is_paid());
        let unknown = PaymentStage::of_withdrawal(Some(&WithdrawalState::from_wire("settled")));
        assert_eq!(unknown.service_state(), Some("settled"));
    }

    #[test]
    fn a_lost_answer_is_no_answer_until_the_service_shows_the_record() {
        use time::macros::datetime;
        assert_eq!(
            PaymentStage::of_settlement(&Settlement::NotYetKnown {
                until: datetime!(2026-12-01 16:25 UTC)
            }),
            PaymentStage::NoAnswer
        );
        assert_eq!(
            PaymentStage::of_settlement(&Settlement::NotDone),
            PaymentStage::NotSent
        );
        let done = Settlement::Done {
            id: "w1".into(),
            record: json!({"id": "w1", "state": "created"}),
            unconfirmed: Vec::new(),
        };
        assert_eq!(
            PaymentStage::of_settlement(&done),
            PaymentStage::Sent {
                service_state: Some("created".into())
            }
        );
    }

    #[test]
    fn counts_say_how_many_sent_and_how_many_of_them_paid() {
        let stages = [
            PaymentStage::of_state(Some("created")),
            PaymentStage::of_state(Some("pending-payment")),
            PaymentStage::Paid,
            PaymentStage::Failed,
            PaymentStage::NotSent,
            PaymentStage::NoAnswer,
        ];
        let counts = StageCounts::of(&stages);
        assert_eq!(counts.sent, 4);
        assert_eq!(counts.paid, 1);
        assert_eq!(counts.failed, 1);
        assert_eq!(counts.not_sent, 1);
        assert_eq!(counts.no_answer, 1);
    }
}
