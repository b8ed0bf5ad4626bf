//! What a transfer's review shows ([`crate::app::ui::review`]): the amount
//! in R$ and in the token, who receives it by name, the account's BRLV
//! balance before and after, the service, and that it cannot be reversed.

use crate::app::format::asset_name;
use crate::app::panel::Shared;
use crate::app::panel::review::{address_line, at_par_with_brl, balance_lines, service_line};
use crate::app::ui::review::{NoteTone, Review};
use brlv_core::api::model::CreateTransfer;

/// The review of `request`.
pub fn transfer_review(cx: &Shared, request: &CreateTransfer) -> Review {
    let amounts = cx.amounts();
    let in_asset = amounts
        .of_asset(request.amount, Some(&request.asset))
        .text();
    let (headline, headline_detail) = if at_par_with_brl(&request.asset) {
        (
            amounts.brl(request.amount),
            Some(cx.t_with("review.brlv_at_par", &[("amount", &in_asset)])),
        )
    } else {
        (
            in_asset,
            Some(asset_name(cx.language, Some(&request.asset))),
        )
    };
    let mut lines = vec![
        address_line(cx, "review.to", &request.target_address),
        address_line(cx, "review.from", &request.source_address),
    ];
    lines.extend(balance_lines(
        cx,
        "review.available_brlv",
        request.amount,
        &request.asset,
    ));
    lines.extend(service_line(cx));
    Review {
        id: "transfer_review",
        title: cx.t("review.title").into(),
        headline_label: cx.t("review.you_send").into(),
        headline: Some(headline),
        headline_detail,
        lines,
        notes: vec![(cx.t("review.transfer_final").into(), NoteTone::Warning)],
        back: cx.t("review.back").into(),
        confirm: cx.t("review.confirm").into(),
        can_confirm: true,
        renew: None,
    }
}
