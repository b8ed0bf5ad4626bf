//! The outflow question asked at the moment of sending: in a transfer's or
//! a token withdrawal's review, what the tokens leaving are for (a payment
//! or sale, a move to the person's own wallet elsewhere, a gift). The
//! service names the record only once it is created, so the answer waits
//! here until then and is kept in the journal under that record's id: the
//! same record the Taxes view's ledger and `tax-report --outflow` keep, so
//! the ledger shows it for that outflow once the service lists it.
//! Unanswered, nothing is kept and the outflow counts as a payment,
//! flagged, as every unanswered one does.

use uuid::Uuid;

use brlv_core::tax::{OutflowAnswer, TaxInput};

/// What the person answered in a review, not yet kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutflowQuestion {
    /// The answer picked; `None`: not answered.
    pub answer: Option<OutflowAnswer>,
}

impl OutflowQuestion {
    /// The service created `record`: the answer to keep for it, if any
    /// (taken, so the next review starts unanswered).
    pub fn kept_for(&mut self, record: Uuid) -> Option<TaxInput> {
        self.answer.take().map(|answer| TaxInput::OutflowAnswer {
            record,
            answer: Some(answer),
        })
    }

    /// The review closed without a record (back to the form, refused, not
    /// known): the answer is dropped, as the destination may change.
    pub fn clear(&mut self) {
        self.answer = None;
    }
}

/// The answers' translation keys, in the order they are offered.
pub fn answer_key(answer: OutflowAnswer) -> &'static str {
    match answer {
        OutflowAnswer::Payment => "taxes.outflow.payment",
        OutflowAnswer::OwnWallet => "taxes.outflow.own_wallet",
        OutflowAnswer::Gift => "taxes.outflow.gift",
    }
}
