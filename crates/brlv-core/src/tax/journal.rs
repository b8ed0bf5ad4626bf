//! The tax report's side of the journal: the claims this device made (with
//! what each was paid in, which only the request says) and what the person
//! typed (read and written as [`TaxInput`]s).

use time::OffsetDateTime;

use super::input::{ClaimMade, TaxInput, TypedValues};
use crate::api::model::{Claim, CreateClaim};
use crate::journal::{JournalError, Outcome, PostEntry, Store};

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
