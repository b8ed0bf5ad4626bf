//! The app's values as journal records and back: a form's POST and how it
//! ended, a polled list's snapshot (cut to the size bound, newest rows
//! kept), the notices about money found by comparing a list with the last
//! one, a webhook's event, and the claims history read from the journal.
//!
//! What is written is the request's body and the service's answers only:
//! the signer (API key, private key, JWT) never reaches these values, and
//! any text that came from outside (an error's excerpt of a body, a webhook
//! event) is scrubbed of anything shaped like a token or a PEM block before
//! it is kept.

use std::sync::Arc;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use uuid::Uuid;

use crate::app::resources::{ClaimableBalances, Fetched, ResourceKey, WalletClaimable};
use crate::app::submit::{Created, FormKind, SubmitOutcome, SubmitRequest};
use crate::webhook::WebhookEvent;
use brlv_core::api::API_PREFIX;
use brlv_core::api::model::{
    Claim, CreateOrder, CreateQuote, Deposit, Order, Transfer, Wallet, Withdrawal,
};
use brlv_core::journal::{
    NoticeRecord, Outcome, OutcomeRecord, PostEntry, PostRecord, SNAPSHOT_MAX_BYTES,
    SnapshotRecord, SnapshotRows,
};

/// The form's name as the journal and the activity export write it.
pub fn form_name(form: FormKind) -> &'static str {
    match form {
        FormKind::Wallet => "wallet",
        FormKind::Transfer => "transfer",
        // Each row of a file is journaled as the withdrawal it is.
        FormKind::Withdrawal | FormKind::Batch => "withdrawal",
        FormKind::Claim => "claim",
        FormKind::Order => "order",
    }
}

/// The name of a quote request in the journal.
pub const QUOTE_FORM: &str = "quote";

fn json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|error| format!("{{\"unwritable\":{:?}}}", error.to_string()))
}

/// Removes from text that came from outside anything shaped like a JWT
/// (`eyJ…`) or a PEM block: an error page or an event could echo a request's
/// headers, and the journal must never hold them.
pub fn scrub(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let token = rest.find("eyJ");
        let pem = rest.find("-----BEGIN");
        let (start, is_pem) = match (token, pem) {
            (Some(t), Some(p)) if p < t => (p, true),
            (Some(t), _) => (t, false),
            (None, Some(p)) => (p, true),
            (None, None) => {
                out.push_str(rest);
                return out;
            }
        };
        out.push_str(&rest[..start]);
        let tail = &rest[start..];
        let end = if is_pem {
            out.push_str("[key removed]");
            tail.find("-----END")
                .map(|at| {
                    let after = &tail[at + "-----END".len()..];
                    let close = after.find("-----").map_or(after.len(), |c| c + 5);
                    at + "-----END".len() + close
                })
                .unwrap_or(tail.len())
        } else {
            out.push_str("[token removed]");
            tail.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
                .unwrap_or(tail.len())
        };
        rest = &tail[end..];
    }
}

/// The endpoint and body of a form's POST.
fn endpoint_and_body(request: &SubmitRequest) -> (String, String) {
    match request {
        SubmitRequest::Wallet(body) => (format!("{API_PREFIX}/wallets"), json(body)),
        SubmitRequest::Transfer(body) => (format!("{API_PREFIX}/transfers"), json(body)),
        SubmitRequest::Withdrawal(body) => (format!("{API_PREFIX}/withdrawals"), json(body)),
        SubmitRequest::Claim {
            wallet_address: None,
            request,
        } => (format!("{API_PREFIX}/claims"), json(request)),
        SubmitRequest::Claim {
            wallet_address: Some(address),
            request,
        } => (
            format!("{API_PREFIX}/wallets/{address}/claims"),
            json(request),
        ),
        SubmitRequest::Order(body) => (format!("{API_PREFIX}/orders"), json(body)),
        // A batch is journaled row by row by the core's runner; this names
        // the whole of it should it ever be written as one.
        SubmitRequest::Batch(request) => (
            brlv_core::payouts::run::ENDPOINT.to_owned(),
            json(
                &request
                    .batch
                    .rows
                    .iter()
                    .map(|row| &row.request)
                    .collect::<Vec<_>>(),
            ),
        ),
    }
}

/// A form's POST, as it is about to be sent.
pub fn post_record(request: &SubmitRequest, sent_at: OffsetDateTime) -> PostRecord {
    let (endpoint, body) = endpoint_and_body(request);
    PostRecord {
        id: Uuid::new_v4(),
        sent_at,
        form: form_name(request.form()).to_owned(),
        method: "POST".to_owned(),
        endpoint,
        body,
    }
}

/// A quote request, as it is about to be sent.
pub fn quote_record(request: &CreateQuote, sent_at: OffsetDateTime) -> PostRecord {
    PostRecord {
        id: Uuid::new_v4(),
        sent_at,
        form: QUOTE_FORM.to_owned(),
        method: "POST".to_owned(),
        endpoint: format!("{API_PREFIX}/quotes"),
        body: json(request),
    }
}

/// What was created, as JSON; `None` when only a balance showed it.
fn created_json(record: &Created) -> Option<String> {
    match record {
        Created::Wallet(wallet) => Some(json(wallet)),
        Created::Transfer(transfer) => Some(json(transfer)),
        Created::Withdrawal(withdrawal) => Some(json(withdrawal)),
        Created::Claim(claim) => claim.as_ref().map(json),
        Created::Order(order) => Some(json(order)),
    }
}

/// How a form's POST ended, for the journal.
pub fn outcome_record(post_id: Uuid, outcome: &SubmitOutcome, at: OffsetDateTime) -> OutcomeRecord {
    let text = |error: &brlv_core::api::Error| scrub(&error.to_string());
    let (kind, answer_lost, answer, error, reread_error) = match outcome {
        SubmitOutcome::Created {
            record,
            after_unknown,
        } => (
            Outcome::Created,
            *after_unknown,
            created_json(record),
            None,
            None,
        ),
        SubmitOutcome::Refused(error) => (Outcome::Refused, false, None, Some(text(error)), None),
        // Nothing left this computer: not applied, and no answer was lost.
        SubmitOutcome::NotSent(error) => {
            (Outcome::NotApplied, false, None, Some(text(error)), None)
        }
        SubmitOutcome::NotApplied(error) => {
            (Outcome::NotApplied, true, None, Some(text(error)), None)
        }
        SubmitOutcome::Unknown { error, reread } => (
            Outcome::Unknown,
            true,
            None,
            Some(text(error)),
            reread.as_ref().map(text),
        ),
        // Kept pending (no answer): the journal's settling tells it once the
        // service can no longer accept it.
        SubmitOutcome::NotYetKnown { error, .. } => {
            (Outcome::Unknown, true, None, Some(text(error)), None)
        }
        // The worker journals the settling's own verdict, with its
        // candidates, before this is told.
        SubmitOutcome::CannotTell(cannot_tell) => (
            Outcome::Unknown,
            true,
            None,
            Some(text(&cannot_tell.error)),
            None,
        ),
    };
    OutcomeRecord {
        post_id,
        at,
        outcome: kind,
        answer_lost,
        answer,
        error,
        reread_error,
    }
}

/// How a quote request ended: answered, refused, or its answer lost (a
/// quote changes nothing, so there is nothing to re-read).
pub fn quote_outcome(
    post_id: Uuid,
    result: &Result<brlv_core::api::model::Quote, brlv_core::api::Error>,
    at: OffsetDateTime,
) -> OutcomeRecord {
    let (outcome, answer_lost, answer, error) = match result {
        Ok(quote) => (Outcome::Created, false, Some(json(quote)), None),
        Err(error) if error.outcome_unknown() => (
            Outcome::Unknown,
            true,
            None,
            Some(scrub(&error.to_string())),
        ),
        Err(error) => (
            Outcome::Refused,
            false,
            None,
            Some(scrub(&error.to_string())),
        ),
    };
    OutcomeRecord {
        post_id,
        at,
        outcome,
        answer_lost,
        answer,
        error,
        reread_error: None,
    }
}

/// The sends of `form` the service created, each with its answer (the
/// created record, as JSON), oldest first.
fn created_by(entries: &[PostEntry], form: FormKind) -> impl Iterator<Item = (&PostEntry, &str)> {
    entries
        .iter()
        .filter(move |entry| entry.post.form == form_name(form))
        .filter_map(|entry| {
            let outcome = entry.outcome.as_ref()?;
            if outcome.outcome != Outcome::Created {
                return None;
            }
            Some((entry, outcome.answer.as_deref()?))
        })
}

/// The claims made from this device, newest first, as the service
/// answered them (the service lists none).
pub fn claims_history(entries: &[PostEntry]) -> Vec<Claim> {
    let mut claims: Vec<Claim> = created_by(entries, FormKind::Claim)
        .filter_map(|(_, answer)| serde_json::from_str(answer).ok())
        .collect();
    claims.reverse();
    claims
}

/// The orders this device sent (created, by the service's answer), each
/// with the body it sent, oldest first: the body is where the order's
/// proceeds go, which the service's order record does not say.
pub fn orders_sent(entries: &[PostEntry]) -> Vec<(Uuid, CreateOrder)> {
    created_by(entries, FormKind::Order)
        .filter_map(|(entry, answer)| {
            let order: Order = serde_json::from_str(answer).ok()?;
            let body: CreateOrder = serde_json::from_str(&entry.post.body).ok()?;
            Some((order.id, body))
        })
        .collect()
}

/// The stable name of a polled resource in the journal; `None` for the one
/// order watched while its detail is open (the orders list holds it).
pub fn resource_name(key: ResourceKey) -> Option<&'static str> {
    Some(match key {
        ResourceKey::BalanceBrl => "balance-brl",
        ResourceKey::BalanceUsdc => "balance-usdc",
        ResourceKey::BalanceBrlv => "balance-brlv",
        ResourceKey::TaxExemption => "tax-exemption",
        ResourceKey::Orders => "orders",
        ResourceKey::Transfers => "transfers",
        ResourceKey::Withdrawals => "withdrawals",
        ResourceKey::Wallets => "wallets",
        ResourceKey::Claimable => "claimable",
        ResourceKey::DepositsBrl => "deposits-brl",
        ResourceKey::DepositsUsd => "deposits-usd",
        ResourceKey::DepositsUsdc => "deposits-usdc",
        ResourceKey::DepositsUsdt => "deposits-usdt",
        ResourceKey::Order(_) | ResourceKey::OrderInMotion(_) => return None,
    })
}

/// The claimable balances as written in a snapshot.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
struct SavedClaimable {
    #[serde(with = "rust_decimal::serde::str")]
    account: Decimal,
    wallets: Vec<SavedWalletClaimable>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
struct SavedWalletClaimable {
    address: String,
    name: Option<String>,
    #[serde(with = "rust_decimal::serde::str")]
    available: Decimal,
}

#[derive(Serialize, Deserialize)]
struct SavedAmount(#[serde(with = "rust_decimal::serde::str")] Decimal);

/// A list's rows as JSON within the size bound: the newest rows that fit.
/// Written row by row and stopped at the bound, so a million rows cost what
/// the bound does, never the whole list written out to be cut.
fn list_body<T: Serialize>(rows: &[T]) -> (String, SnapshotRows) {
    let total = u64::try_from(rows.len()).unwrap_or(u64::MAX);
    let mut body = String::from("[");
    let mut kept = 0usize;
    for row in rows {
        let written = json(row);
        let separator = usize::from(kept > 0);
        // The closing bracket must fit too.
        if body.len() + separator + written.len() + 1 > SNAPSHOT_MAX_BYTES {
            break;
        }
        if separator == 1 {
            body.push(',');
        }
        body.push_str(&written);
        kept += 1;
    }
    body.push(']');
    let rows = SnapshotRows {
        total,
        kept: u64::try_from(kept).unwrap_or(u64::MAX),
    };
    (body, rows)
}

/// A polled resource's answer as a snapshot; lists newest first, cut to the
/// size bound. `None` for the watched order.
pub fn snapshot_of(fetched: Fetched, fetched_at: OffsetDateTime) -> Option<SnapshotRecord> {
    let resource = resource_name(fetched.key())?.to_owned();
    let (body, rows) = match fetched.newest_first() {
        Fetched::BalanceBrl(value) | Fetched::BalanceUsdc(value) | Fetched::BalanceBrlv(value) => {
            (json(&SavedAmount(value)), None)
        }
        Fetched::TaxExemption(progress) => (json(&progress), None),
        Fetched::Claimable(balances) => (
            json(&SavedClaimable {
                account: balances.account,
                wallets: balances
                    .wallets
                    .into_iter()
                    .map(|wallet| SavedWalletClaimable {
                        address: wallet.address,
                        name: wallet.name,
                        available: wallet.available,
                    })
                    .collect(),
            }),
            None,
        ),
        Fetched::Orders(rows) => {
            let (body, rows) = list_body(&rows);
            (body, Some(rows))
        }
        Fetched::Transfers(rows) => {
            let (body, rows) = list_body(&rows);
            (body, Some(rows))
        }
        Fetched::Withdrawals(rows) => {
            let (body, rows) = list_body(&rows);
            (body, Some(rows))
        }
        Fetched::Wallets(rows) => {
            let (body, rows) = list_body(&rows);
            (body, Some(rows))
        }
        Fetched::DepositsBrl(rows)
        | Fetched::DepositsUsd(rows)
        | Fetched::DepositsUsdc(rows)
        | Fetched::DepositsUsdt(rows) => {
            let (body, rows) = list_body(&rows);
            (body, Some(rows))
        }
        Fetched::Order(_) => return None,
    };
    Some(SnapshotRecord {
        resource,
        fetched_at,
        body,
        rows,
    })
}

/// A snapshot read back as the resource's data; `None` when it no longer
/// reads (written by a build whose types differed): it is then fetched anew.
pub fn fetched_of(record: &SnapshotRecord) -> Option<Fetched> {
    let body = record.body.as_str();
    let amount = || {
        serde_json::from_str::<SavedAmount>(body)
            .ok()
            .map(|amount| amount.0)
    };
    Some(match record.resource.as_str() {
        "balance-brl" => Fetched::BalanceBrl(amount()?),
        "balance-usdc" => Fetched::BalanceUsdc(amount()?),
        "balance-brlv" => Fetched::BalanceBrlv(amount()?),
        "tax-exemption" => Fetched::TaxExemption(serde_json::from_str(body).ok()?),
        "orders" => Fetched::Orders(serde_json::from_str::<Vec<Order>>(body).ok()?.into()),
        "transfers" => Fetched::Transfers(serde_json::from_str::<Vec<Transfer>>(body).ok()?.into()),
        "withdrawals" => {
            Fetched::Withdrawals(serde_json::from_str::<Vec<Withdrawal>>(body).ok()?.into())
        }
        "wallets" => Fetched::Wallets(serde_json::from_str::<Vec<Wallet>>(body).ok()?.into()),
        "claimable" => {
            let saved: SavedClaimable = serde_json::from_str(body).ok()?;
            Fetched::Claimable(ClaimableBalances {
                account: saved.account,
                wallets: saved
                    .wallets
                    .into_iter()
                    .map(|wallet| WalletClaimable {
                        address: wallet.address,
                        name: wallet.name,
                        available: wallet.available,
                    })
                    .collect(),
            })
        }
        "deposits-brl" => {
            Fetched::DepositsBrl(serde_json::from_str::<Vec<Deposit>>(body).ok()?.into())
        }
        "deposits-usd" => {
            Fetched::DepositsUsd(serde_json::from_str::<Vec<Deposit>>(body).ok()?.into())
        }
        "deposits-usdc" => {
            Fetched::DepositsUsdc(serde_json::from_str::<Vec<Deposit>>(body).ok()?.into())
        }
        "deposits-usdt" => {
            Fetched::DepositsUsdt(serde_json::from_str::<Vec<Deposit>>(body).ok()?.into())
        }
        _ => return None,
    })
}

/// The last known state of every movement in a list, by id, as the wire
/// writes it: what the next answer is compared with.
pub use crate::app::known_states::KnownStates;

/// The states of the movements in `fetched` (orders, transfers, withdrawals).
pub fn states_of(fetched: &Fetched) -> Option<KnownStates> {
    Some(match fetched {
        Fetched::Orders(rows) => KnownStates::of_rows(
            Arc::clone(rows),
            |row: &Order| row.id,
            |row| row.state.as_ref().map(|state| state.as_str()),
        ),
        Fetched::Transfers(rows) => KnownStates::of_rows(
            Arc::clone(rows),
            |row: &Transfer| row.id,
            |row| row.state.as_ref().map(|state| state.as_str()),
        ),
        Fetched::Withdrawals(rows) => KnownStates::of_rows(
            Arc::clone(rows),
            |row: &Withdrawal| row.id,
            |row| row.state.as_ref().map(|state| state.as_str()),
        ),
        _ => return None,
    })
}

/// The notice owed when a movement of `kind` (`order`, `transfer`,
/// `withdrawal`) reached `state`: the final states that mean money moved or
/// did not.
fn notice_kind(kind: &str, state: &str) -> Option<String> {
    let owed = matches!(
        (kind, state),
        ("order", "expired" | "payment-returned" | "completed")
            | ("transfer" | "withdrawal", "completed" | "failed")
    );
    owed.then(|| format!("{kind}-{state}"))
}

/// The notices about money owed between the last known states and a fresh
/// answer: a movement that reached a final state since, or that appeared
/// already final. Nothing when there is no earlier answer to compare with
/// (the first ever fetch is history, not news).
pub fn money_notices(
    known: Option<&KnownStates>,
    fetched: &Fetched,
    at: OffsetDateTime,
) -> Vec<NoticeRecord> {
    let Some(known) = known else {
        return Vec::new();
    };
    let mut notices = Vec::new();
    // The record is written out only for a notice: a list of a million
    // rows has a handful that moved.
    let mut check = |kind: &str, id: Uuid, state: Option<&str>, detail: &dyn Fn() -> String| {
        let Some(state) = state else { return };
        if known.get(&id) == Some(state) {
            return;
        }
        if let Some(kind) = notice_kind(kind, state) {
            notices.push(NoticeRecord {
                at,
                kind,
                subject: id.to_string(),
                detail: Some(detail()),
            });
        }
    };
    match fetched {
        Fetched::Orders(rows) => {
            for row in rows.iter() {
                let state = row.state.as_ref().map(|state| state.as_str());
                check("order", row.id, state, &|| json(row));
            }
        }
        Fetched::Transfers(rows) => {
            for row in rows.iter() {
                let state = row.state.as_ref().map(|state| state.as_str());
                check("transfer", row.id, state, &|| json(row));
            }
        }
        Fetched::Withdrawals(rows) => {
            for row in rows.iter() {
                let state = row.state.as_ref().map(|state| state.as_str());
                check("withdrawal", row.id, state, &|| json(row));
            }
        }
        _ => {}
    }
    notices
}

/// A webhook event as a notice: its kind (`order-refund-initiated`), the
/// order it is about, the body as it came (scrubbed).
pub fn webhook_notice(event: &WebhookEvent, at: OffsetDateTime) -> NoticeRecord {
    NoticeRecord {
        at,
        kind: format!("webhook:{}", event.kind.as_deref().unwrap_or("unknown")),
        subject: event
            .order
            .as_ref()
            .map(|order| order.id.to_string())
            .or_else(|| event.id.clone())
            .unwrap_or_default(),
        detail: Some(scrub(&event.raw.to_string())),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn tokens_and_pem_blocks_are_scrubbed_and_the_rest_kept() {
        // A PEM block made here (its body is no key: four bytes that
        // base64 writes as `MIIEvg==`, as a real key's opening does).
        let block = pem::encode_config(
            &pem::Pem::new("PRIVATE KEY", vec![0x30, 0x82, 0x04, 0xbe]),
            pem::EncodeConfig::new().set_line_ending(pem::LineEnding::LF),
        );
        let text = format!(
            "bad gateway; Authorization: Bearer eyJhbGciOi.eyJzdWIi.c2ln end {} after",
            block.trim_end()
        );
        let clean = scrub(&text);
        assert!(!clean.contains("eyJ"), "{clean}");
        assert!(
            !clean.contains("BEGIN") && !clean.contains("MIIE"),
            "{clean}"
        );
        assert!(clean.starts_with("bad gateway; Authorization: Bearer [token removed] end"));
        assert!(clean.ends_with("[key removed] after"), "{clean}");
        assert_eq!(scrub("nothing here"), "nothing here");
    }

    #[test]
    fn a_list_above_the_bound_keeps_its_newest_rows_that_fit() {
        let rows: Vec<String> = (0..40_000).map(|n| format!("{n:0>200}")).collect();
        let (body, kept) = list_body(&rows);
        assert!(body.len() <= SNAPSHOT_MAX_BYTES);
        assert_eq!(kept.total, 40_000);
        assert!(kept.kept > 10_000 && kept.kept < 40_000, "{kept:?}");
        let back: Vec<String> = serde_json::from_str(&body).unwrap();
        assert_eq!(back[0], rows[0], "the newest first");
    }

    #[test]
    fn a_list_far_above_the_bound_is_cut_from_its_newest_rows_too() {
        // 100 bytes each: 1,000,000 rows are 25 times the bound.
        let rows: Vec<String> = (0..1_000_000).map(|n| format!("{n:0>96}")).collect();
        let (body, kept) = list_body(&rows);
        assert!(body.len() <= SNAPSHOT_MAX_BYTES);
        assert_eq!(kept.total, 1_000_000);
        // Every row that fits is kept: one more (a comma and 98 bytes) would not.
        assert!(body.len() + 1 + 98 > SNAPSHOT_MAX_BYTES, "{kept:?}");
        assert_eq!(kept.kept, (SNAPSHOT_MAX_BYTES as u64 - 1) / 99);
        let back: Vec<String> = serde_json::from_str(&body).unwrap();
        assert_eq!(back[0], rows[0], "the newest first");
    }

    #[test]
    fn only_a_move_to_a_final_state_is_a_notice() {
        let order = |id: u128, state: &str| -> Order {
            serde_json::from_value(serde_json::json!({"id": Uuid::from_u128(id), "state": state}))
                .unwrap()
        };
        let before = Fetched::Orders(vec![order(1, "created"), order(2, "created")].into());
        let known = states_of(&before).unwrap();
        let after = Fetched::Orders(
            vec![
                order(1, "expired"),
                order(2, "created"),
                order(3, "completed"),
            ]
            .into(),
        );
        let at = OffsetDateTime::UNIX_EPOCH;
        let notices = money_notices(Some(&known), &after, at);
        let kinds: Vec<(&str, String)> = notices
            .iter()
            .map(|notice| (notice.kind.as_str(), notice.subject.clone()))
            .collect();
        assert_eq!(
            kinds,
            vec![
                ("order-expired", Uuid::from_u128(1).to_string()),
                ("order-completed", Uuid::from_u128(3).to_string()),
            ]
        );
        assert!(
            money_notices(None, &after, at).is_empty(),
            "no earlier answer"
        );
    }
}
