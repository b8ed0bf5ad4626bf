//! A withdrawal's review, in place of the form ([`crate::app::ui::review`]):
//! the amount large in R$ (and in the token for a token withdrawal), who
//! receives it as a person reads it (the saved name, the institution and a
//! masked CPF for PIX and TED; the wallet's or recipient's name for an
//! address), how it is paid and when it arrives, the fee, the balance before
//! and after, the service, and that it cannot be undone.

use egui::Ui;

use crate::app::format::asset_name;
use crate::app::panel::outflow_question::outflow_question_ui;
use crate::app::panel::repeats::repeats_ui;
use crate::app::panel::review::{
    address_line, at_par_with_brl, balance_lines, money_text, service_line,
};
use crate::app::panel::{Outbox, Shared};
use crate::app::receipt::build::masked_document;
use crate::app::submit::SubmitRequest;
use crate::app::ted::bank_label;
use crate::app::ui::review::{NoteTone, Review, ReviewChoice, ReviewLine, review_with_ui};
use crate::app::ui::submit_status_ui;
use brlv_core::api::model::{CreateWithdrawal, WithdrawalMethod};
use brlv_core::api::payout::{BankAccountType, TedAccount};
use brlv_core::journal::settle::ListKind;
use brlv_core::pix::PixKey;
use brlv_core::recipients::Destination;

use super::state::WithdrawalsState;

/// The fee the newest withdrawal of the same method and asset showed, and
/// when it was made, when its record carries one: the interface names no
/// fee for withdrawals, but a record may bring one all the same.
fn last_fee_of_kind(
    cx: &Shared,
    request: &CreateWithdrawal,
) -> Option<(time::OffsetDateTime, rust_decimal::Decimal)> {
    let listed = cx.data.withdrawals.value()?;
    let last = listed
        .iter()
        .filter(|withdrawal| {
            withdrawal.method.as_ref() == Some(&request.method)
                && withdrawal.asset.as_ref() == Some(&request.asset)
        })
        .filter_map(|withdrawal| Some((withdrawal.created_at?.get(), withdrawal)))
        .max_by_key(|(at, _)| *at)?;
    let (at, withdrawal) = last;
    let fee = ["fee-amount", "fee", "fees"]
        .iter()
        .find_map(|field| withdrawal.extra.get_str(field))
        .and_then(|text| text.parse().ok())?;
    Some((at, fee))
}

/// A PIX key as a review shows it: its kind, and the key whole (a CPF
/// written as one), so the person checks every digit of what they are
/// about to pay; masking is for lists and receipts. `key` is the request's
/// (eleven bare digits there are a CPF: a phone is sent `+55…`).
fn pix_key_text(cx: &Shared, key: &str) -> String {
    let Ok(parsed) = PixKey::parse_wire(key) else {
        return key.to_owned();
    };
    let (kind, shown) = match &parsed {
        PixKey::Cpf(_) => (
            "withdrawals.kind_cpf",
            crate::app::format::document_formatted(parsed.as_str()),
        ),
        PixKey::Cnpj(_) => ("withdrawals.kind_cnpj", parsed.as_str().to_owned()),
        PixKey::Email(_) => ("withdrawals.kind_email", parsed.as_str().to_owned()),
        PixKey::Phone(_) => ("withdrawals.kind_phone", parsed.as_str().to_owned()),
        PixKey::Random(_) => ("withdrawals.kind_random", parsed.as_str().to_owned()),
    };
    cx.t_with(
        "review.withdrawal_pix_key",
        &[("kind", &cx.t(kind)), ("key", &shown)],
    )
}

/// The name `destination` was saved under, if it was.
fn saved_name(cx: &Shared, destination: &Destination) -> Option<String> {
    crate::app::recipient_book::saved_as(&cx.recipients, destination)
        .map(|recipient| cx.t_with("review.saved_recipient", &[("name", &recipient.name)]))
}

/// The lines naming a PIX's recipient.
fn pix_lines(cx: &Shared, key: &str) -> Vec<ReviewLine> {
    let name = saved_name(
        cx,
        &Destination::Pix {
            key: key.to_owned(),
        },
    )
    .unwrap_or_else(|| cx.t("review.unnamed_pix").into());
    vec![ReviewLine::new(cx.t("review.to"), name).with_detail(pix_key_text(cx, key))]
}

/// The lines naming a TED's recipient: the holder, the institution, branch
/// and account, the masked document.
fn ted_lines(cx: &Shared, account: &TedAccount) -> Vec<ReviewLine> {
    let holder = match saved_name(cx, &Destination::Ted(account.clone())) {
        Some(saved) => format!("{} · {saved}", account.name),
        None => account.name.clone(),
    };
    let kind = match account.account_type {
        BankAccountType::Savings => cx.t("review.withdrawal_savings"),
        _ => cx.t("review.withdrawal_checking"),
    };
    vec![
        ReviewLine::new(cx.t("review.to"), holder),
        ReviewLine::new(
            cx.t("review.withdrawal_institution"),
            bank_label(&account.bank_code),
        ),
        ReviewLine::new(
            cx.t("review.withdrawal_branch_account"),
            cx.t_with(
                "review.withdrawal_branch_account_value",
                &[
                    ("branch", &account.branch),
                    ("account", &account.account),
                    ("kind", &kind),
                ],
            ),
        ),
        ReviewLine::new(
            cx.t("review.withdrawal_document"),
            masked_document(&account.document),
        ),
    ]
}

/// What the review of `request` shows.
pub fn withdrawal_review(cx: &Shared, request: &CreateWithdrawal) -> Review {
    let amounts = cx.amounts();
    let (headline, headline_detail) = if request.asset.is_fiat() {
        (money_text(cx, request.amount, &request.asset), None)
    } else {
        let in_asset = amounts
            .of_asset(request.amount, Some(&request.asset))
            .text();
        if at_par_with_brl(&request.asset) {
            (
                amounts.brl(request.amount),
                Some(cx.t_with("review.brlv_at_par", &[("amount", &in_asset)])),
            )
        } else {
            (
                in_asset,
                Some(asset_name(cx.language, Some(&request.asset))),
            )
        }
    };
    let (method, arrives, final_note) = match request.method {
        WithdrawalMethod::Pix => (
            "review.withdrawal_by_pix",
            "review.withdrawal_arrives_pix",
            "review.withdrawal_final_pix",
        ),
        WithdrawalMethod::Ted => (
            "review.withdrawal_by_ted",
            "review.withdrawal_arrives_ted",
            "review.withdrawal_final_ted",
        ),
        _ => (
            "review.withdrawal_by_token",
            "review.withdrawal_arrives_token",
            "review.withdrawal_final_token",
        ),
    };
    // The interface gives no way to look up a PIX key's holder: a name is
    // asked to be checked only when one is shown (a saved recipient's).
    let final_note = match (&request.method, &request.pix_key) {
        (WithdrawalMethod::Pix, Some(key))
            if saved_name(cx, &Destination::Pix { key: key.clone() }).is_none() =>
        {
            "review.withdrawal_final_pix_key"
        }
        _ => final_note,
    };
    let mut lines = match (&request.method, &request.ted_account) {
        (WithdrawalMethod::Pix, _) => pix_lines(cx, request.pix_key.as_deref().unwrap_or_default()),
        (WithdrawalMethod::Ted, Some(account)) => ted_lines(cx, account),
        _ => match &request.target_address {
            Some(address) => vec![address_line(cx, "review.to", address)],
            None => Vec::new(),
        },
    };
    lines.push(ReviewLine::new(
        cx.t("review.withdrawal_method"),
        cx.t(method),
    ));
    lines.push(ReviewLine::new(
        cx.t("review.withdrawal_arrives"),
        cx.t(arrives),
    ));
    // The interface names no withdrawal fee: none is made up, and none is
    // promised to be zero; what the last withdrawal of this kind showed, if
    // its record carried one, is said beside it.
    let mut fee = ReviewLine::new(
        cx.t("review.fee"),
        cx.t("review.withdrawal_fee_none_reported"),
    );
    if let Some((at, last_fee)) = last_fee_of_kind(cx, request) {
        fee = fee.with_detail(cx.t_with(
            "review.withdrawal_fee_last",
            &[
                ("day", &cx.moments().day(cx.zone.date_of(at))),
                ("fee", &money_text(cx, last_fee, &request.asset)),
            ],
        ));
    }
    lines.push(fee);
    let balance_label = if at_par_with_brl(&request.asset) {
        "review.available_brlv"
    } else {
        "review.available"
    };
    lines.extend(balance_lines(
        cx,
        balance_label,
        request.amount,
        &request.asset,
    ));
    lines.extend(service_line(cx));
    Review {
        id: "withdrawal_review",
        title: cx.t("review.title").into(),
        headline_label: cx.t("review.you_withdraw").into(),
        headline: Some(headline),
        headline_detail,
        lines,
        notes: vec![(cx.t(final_note).into(), NoteTone::Warning)],
        back: cx.t("review.back").into(),
        confirm: cx.t("review.confirm").into(),
        can_confirm: true,
        renew: None,
    }
}

/// Draws the review of the withdrawal waiting in the form; "Confirmar"
/// sends it through the lock's step, "Voltar" returns to the form as typed.
pub fn withdrawal_review_ui(
    ui: &mut Ui,
    withdrawals: &mut WithdrawalsState,
    cx: &Shared,
    out: &mut Outbox,
) {
    let Some(request) = withdrawals.confirming.clone() else {
        return;
    };
    let mut review = withdrawal_review(cx, &request);
    let body = serde_json::to_string(&request).unwrap_or_default();
    // This device's sends whose answer never came count too, and the rows
    // of a payouts file this window is sending.
    let mut unsettled = crate::app::repeat_check::unsettled_here(
        &cx.data.unsettled_sends,
        &withdrawals.submit,
        "withdrawal",
    );
    let rows_in_flight = withdrawals.batch.rows_in_flight(cx.wall_now);
    withdrawals.repeats.rows_in_flight = rows_in_flight
        .iter()
        .map(|one| (one.send.post.id, one.row))
        .collect();
    unsettled.extend(rows_in_flight.into_iter().map(|one| one.send));
    let repeats = &mut withdrawals.repeats;
    repeats.compare(
        cx.wall_now,
        cx.duplicate_days,
        ListKind::Withdrawals.path(),
        &body,
        &cx.data.withdrawals,
        &unsettled,
    );
    review.can_confirm = !withdrawals.submit.is_sending() && repeats.allows_send();
    // A token withdrawal to an address outside the account asks, for the
    // tax year, what it was (PIX and TED ask nothing: they have no address).
    let target = request.target_address.as_deref();
    let outflow = &mut withdrawals.outflow;
    match review_with_ui(ui, &review, |ui| {
        repeats_ui(ui, cx, "withdrawal", repeats);
        outflow_question_ui(ui, cx, target, outflow);
    }) {
        Some(ReviewChoice::Confirm) => {
            withdrawals.repeats.clear();
            out.submit(SubmitRequest::Withdrawal(request));
        }
        Some(ReviewChoice::Back) => {
            withdrawals.confirming = None;
            withdrawals.outflow.clear();
            withdrawals.repeats.clear();
        }
        _ => {}
    }
    submit_status_ui(ui, cx.language, &withdrawals.submit, "");
}

/// Who receives `request`, in one line, as the passphrase's dialog repeats
/// it after the review: the saved name or the holder, with the masked key
/// or the institution; a wallet by its name.
pub fn recipient_text(cx: &Shared, request: &CreateWithdrawal) -> String {
    match (&request.method, &request.ted_account) {
        (WithdrawalMethod::Pix, _) => {
            let key = request.pix_key.as_deref().unwrap_or_default();
            let shown = pix_key_text(cx, key);
            let saved = Destination::Pix {
                key: key.to_owned(),
            };
            match saved_name(cx, &saved) {
                Some(name) => format!("{name} · {shown}"),
                None => shown,
            }
        }
        (WithdrawalMethod::Ted, Some(account)) => {
            let mut lines = ted_lines(cx, account).into_iter();
            let holder = lines.next().map(|line| line.value).unwrap_or_default();
            let bank = lines.next().map(|line| line.value).unwrap_or_default();
            format!("{holder} · {bank}")
        }
        _ => request
            .target_address
            .as_deref()
            .map(|address| crate::app::panel::review::address_text(cx, address))
            .unwrap_or_default(),
    }
}
