//! The tax report's side of the journal: the claims this device made (with
//! what each was paid in, which only the request says), what the person
//! typed (read and written as [`TaxInput`]s), and the dollar's rates
//! already fetched (a day is asked of the Banco Central once, ever).

use std::collections::{BTreeMap, BTreeSet};

use time::{Date, OffsetDateTime};

use super::input::{ClaimMade, TaxInput, TypedValues};
use super::ptax::{self, DollarRate, PtaxClient};
use crate::api::model::{Claim, CreateClaim};
use crate::journal::{DollarRateRecord, JournalError, Outcome, PostEntry, Store};

/// The journal's name of the claim form's POSTs.
pub const CLAIM_FORM: &str = "claim";

/// The claims this device made, oldest first, as the service answered
/// them, each with what it was paid in (from the request's
/// `target-asset-code`). A claim whose answer or request cannot be read is
/// left out.
pub fn claims_made(entries: &[PostEntry]) -> Vec<ClaimMade> {
    entries
        .iter()
        .filter(|entry| entry.post.form == CLAIM_FORM)
        .filter_map(|entry| {
            let outcome = entry.outcome.as_ref()?;
            if outcome.outcome != Outcome::Created {
                return None;
            }
            let claim: Claim = serde_json::from_str(outcome.answer.as_deref()?).ok()?;
            let request: CreateClaim = serde_json::from_str(&entry.post.body).ok()?;
            Some(ClaimMade {
                claim,
                paid_as: request.target_asset_code,
            })
        })
        .collect()
}

/// The claims the journal holds.
pub fn read_claims(store: &Store) -> Result<Vec<ClaimMade>, JournalError> {
    Ok(claims_made(&store.posts(Some(CLAIM_FORM))?))
}

/// What the person typed, the latest of each; also how many records this
/// version could not read.
pub fn read_typed(store: &Store) -> Result<(TypedValues, usize), JournalError> {
    Ok(TypedValues::from_records(&store.tax_inputs()?))
}

/// Keeps one thing the person typed.
pub fn write_typed(
    store: &mut Store,
    input: &TaxInput,
    at: OffsetDateTime,
) -> Result<(), JournalError> {
    store.append_tax_input(&input.to_record(at))
}

/// The dollar's rates the journal keeps for `days`; a row this version
/// cannot read is left out (asked again).
pub fn read_dollar_rates(
    store: &Store,
    days: &BTreeSet<Date>,
) -> Result<BTreeMap<Date, DollarRate>, JournalError> {
    let (Some(first), Some(last)) = (days.first(), days.last()) else {
        return Ok(BTreeMap::new());
    };
    let records = store.dollar_rates(&ptax::iso_day(*first), &ptax::iso_day(*last))?;
    Ok(records
        .iter()
        .filter_map(|record| {
            let day = ptax::parse_iso_day(&record.day)?;
            let rate = DollarRate {
                published_on: ptax::parse_iso_day(&record.published_on)?,
                buying: record.buying.parse().ok()?,
                selling: record.selling.parse().ok()?,
            };
            days.contains(&day).then_some((day, rate))
        })
        .collect())
}

/// Keeps the dollar's rates of some days, fetched at `at`.
pub fn keep_dollar_rates(
    store: &mut Store,
    rates: &[(Date, DollarRate)],
    at: OffsetDateTime,
) -> Result<usize, JournalError> {
    let records: Vec<DollarRateRecord> = rates
        .iter()
        .map(|(day, rate)| DollarRateRecord {
            day: ptax::iso_day(*day),
            published_on: ptax::iso_day(rate.published_on),
            buying: rate.buying.to_string(),
            selling: rate.selling.to_string(),
            fetched_at: at,
        })
        .collect();
    store.keep_dollar_rates(&records)
}

/// The dollar's rate of every day of `needed`: the journal's when kept,
/// else asked of `client`, and what was learnt kept in the journal. `today`
/// is Brasília's date. A journal that cannot be read or written costs
/// requests, never a figure: the error comes back beside the rates.
pub async fn dollar_rates_through(
    client: &PtaxClient,
    store: Option<&mut Store>,
    needed: &BTreeSet<Date>,
    today: Date,
) -> (ptax::Completed, Option<JournalError>) {
    let mut journal_error = None;
    let cached = match store.as_deref() {
        Some(store) => read_dollar_rates(store, needed).unwrap_or_else(|error| {
            journal_error = Some(error);
            BTreeMap::new()
        }),
        None => BTreeMap::new(),
    };
    let completed = ptax::complete(client, needed, &cached, today).await;
    if let Some(store) = store
        && !completed.to_keep.is_empty()
        && let Err(error) = keep_dollar_rates(store, &completed.to_keep, OffsetDateTime::now_utc())
    {
        journal_error = Some(error);
    }
    (completed, journal_error)
}
