//! Sending again what an earlier run left *not done*: the journaled body
//! read back as the request its form makes, so that form can be filled
//! exactly as it was sent. Filling a form sends nothing: the person reviews
//! it and passes the lock as for anything typed.
//!
//! Offered for the forms whose request can be sent again as it was: a
//! withdrawal (PIX, TED, token) and a transfer. An order accepted a quote
//! that has long expired by the time a restart tells it was not applied,
//! and a claim is never told *not done* (the service lists no claims).

use std::collections::BTreeSet;
use std::sync::Arc;

use uuid::Uuid;

use brlv_core::api::model::{CreateTransfer, CreateWithdrawal};
use brlv_core::journal::settle::{ListKind, Settles, settles_by};
use brlv_core::journal::{PostEntry, PostRecord};

use super::message::{SendOutcome, SettledSend};

/// A request an earlier run left not done, to fill its form with.
#[derive(Clone, Debug, PartialEq)]
pub enum Resend {
    /// The withdrawal form.
    Withdrawal(CreateWithdrawal),
    /// The transfer form.
    Transfer(CreateTransfer),
}

/// The form to fill to send `send` again, when it was not done and its
/// form can hold it; `None` otherwise (done, cannot tell, still pending,
/// or a body this build cannot read back).
pub fn resend_of(send: &SettledSend) -> Option<Resend> {
    if send.outcome != SendOutcome::NotDone {
        return None;
    }
    request_of(send)
}

/// What `send` asked for, read back from its journaled body as its form's
/// request, whatever became of it; `None` for a form that cannot hold it
/// or a body this build cannot read back.
pub fn request_of(send: &SettledSend) -> Option<Resend> {
    request_in(&send.endpoint, &send.body)
}

/// What a POST to `endpoint` with `body` asked for, read back as its
/// form's request; `None` for a form that cannot hold it or a body this
/// build cannot read back.
pub fn request_in(endpoint: &str, body: &str) -> Option<Resend> {
    match settles_by(endpoint) {
        Settles::List(ListKind::Withdrawals) => {
            serde_json::from_str(body).ok().map(Resend::Withdrawal)
        }
        Settles::List(ListKind::Transfers) => serde_json::from_str(body).ok().map(Resend::Transfer),
        _ => None,
    }
}

/// This device's sends whose outcome is not known, after the journal told
/// `told` (what its settling made of some sends): each told send replaces
/// what was kept of it, and only those it could not tell (cannot tell, or
/// still pending) are kept.
pub fn unsettled_after(kept: &[PostEntry], told: &[SettledSend]) -> Arc<Vec<PostEntry>> {
    let told_ids: BTreeSet<Uuid> = told.iter().map(|send| send.post_id).collect();
    let still = kept
        .iter()
        .filter(|entry| !told_ids.contains(&entry.post.id))
        .cloned();
    let unsettled = told
        .iter()
        .filter(|send| {
            matches!(
                send.outcome,
                SendOutcome::CannotTell(_) | SendOutcome::Pending
            )
        })
        .map(|send| PostEntry {
            post: PostRecord {
                id: send.post_id,
                sent_at: send.sent_at,
                form: send.form.clone(),
                method: "POST".to_owned(),
                endpoint: send.endpoint.clone(),
                body: send.body.clone(),
            },
            // No outcome: the core counts it as one whose answer never came.
            outcome: None,
            context: Default::default(),
        });
    Arc::new(still.chain(unsettled).collect())
}
