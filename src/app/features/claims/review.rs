//! The claim's review, in place of the form ([`crate::app::ui::review`]):
//! the amount large in R$, what it is paid in, whose certificates it draws
//! on (the wallet by its name), what stays claimable after it, the service,
//! and that tax and fees come out of it and it cannot be undone.

use egui::Ui;

use crate::app::panel::review::{address_line, service_line};
use crate::app::panel::{Outbox, Shared};
use crate::app::submit::SubmitRequest;
use crate::app::ui::review::{NoteTone, Review, ReviewChoice, ReviewLine, review_ui};
use crate::app::ui::submit_status_ui;
use brlv_core::api::model::{ClaimTarget, CreateClaim};

use super::state::ClaimsState;

/// What the review of `request`, drawn on `wallet`'s certificates (the
/// account's when `None`), shows.
fn claim_review(cx: &Shared, wallet: Option<&str>, request: &CreateClaim) -> Review {
    let amounts = cx.amounts();
    let paid_in = match request.target_asset_code {
        ClaimTarget::Brlv => "BRLV".into(),
        // Reais by their name, never the code "BRL" beside R$ amounts.
        _ => cx.t("money.reais"),
    };
    let mut lines = vec![ReviewLine::new(cx.t("review.claim_paid_in"), paid_in)];
    lines.push(match wallet {
        Some(address) => address_line(cx, "review.claim_from", address),
        None => ReviewLine::new(cx.t("review.claim_from"), cx.t("review.claim_account")),
    });
    let available = cx
        .data
        .claimable
        .value()
        .and_then(|balances| balances.available(wallet));
    if let Some(available) = available {
        lines.push(ReviewLine::new(
            cx.t("review.claimable"),
            amounts.brl(available),
        ));
        lines.push(ReviewLine::new(
            cx.t("review.claimable_after"),
            amounts.brl(available - request.amount),
        ));
    }
    lines.extend(service_line(cx));
    Review {
        id: "claim_review",
        title: cx.t("review.title").into(),
        headline_label: cx.t("review.you_claim").into(),
        headline: Some(amounts.brl(request.amount)),
        headline_detail: None,
        lines,
        notes: vec![
            (cx.t("review.claim_withheld").into(), NoteTone::Plain),
            (cx.t("review.claim_final").into(), NoteTone::Warning),
        ],
        back: cx.t("review.back").into(),
        confirm: cx.t("review.confirm").into(),
        can_confirm: true,
        renew: None,
    }
}

/// Draws the review of the claim waiting in the form; "Confirmar" sends it
/// through the lock's step, "Voltar" returns to the form as typed.
pub fn claim_review_ui(ui: &mut Ui, claims: &mut ClaimsState, cx: &Shared, out: &mut Outbox) {
    let Some((wallet, request)) = claims.reviewing.clone() else {
        return;
    };
    let mut review = claim_review(cx, wallet.as_deref(), &request);
    review.can_confirm = !claims.submit.is_sending();
    match review_ui(ui, &review) {
        Some(ReviewChoice::Confirm) => out.submit(SubmitRequest::Claim {
            wallet_address: wallet,
            request,
        }),
        Some(ReviewChoice::Back) => claims.reviewing = None,
        _ => {}
    }
    submit_status_ui(ui, cx.language, &claims.submit, "");
}
