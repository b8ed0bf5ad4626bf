//! Inputs the fuzzers (`fuzz/`) found crashing, minimised, fed to the very
//! check the fuzz target runs (`fuzz/checks.rs`), so a fixed panic stays fixed.
//! Each file under `tests/fixtures/fuzz/TARGET/` is one input of that target.

#[path = "../../fuzz/checks.rs"]
mod checks;

use std::path::PathBuf;

fn fixture(target: &str, name: &str) -> Vec<u8> {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "tests/fixtures/fuzz",
        target,
        name,
    ]
    .iter()
    .collect();
    std::fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// Every kept input of `target`, so that one added without its own test is
/// still run.
fn all(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests/fixtures/fuzz", target]
        .iter()
        .collect();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut inputs: Vec<_> = entries
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect();
    inputs.sort();
    inputs
}

/// A fuzz target's check.
type Check = fn(&[u8]);

#[test]
fn every_kept_input_passes_its_targets_check() {
    let targets: [(&str, Check); 7] = [
        ("brcode", checks::brcode),
        ("pix_key", checks::pix_key),
        ("amount", checks::amount),
        ("address", checks::address),
        ("api_models", checks::api_models),
        ("sandbox_body", checks::sandbox_body),
        ("sandbox_jwt", checks::sandbox_jwt),
    ];
    let mut count = 0;
    for (target, check) in targets {
        for (name, input) in all(target) {
            let outcome = std::panic::catch_unwind(|| check(&input));
            assert!(outcome.is_ok(), "{target}/{name} panics again");
            count += 1;
        }
    }
    assert!(
        count > 0,
        "no kept fuzz input found under tests/fixtures/fuzz"
    );
}

/// `{"metadata": {"": [2.3333333397530988]}}` in a wallet body: serde_json's
/// fast float parser read the sandbox's own rewriting of that number as a
/// different float, so stored metadata could come back with other digits.
#[test]
fn a_float_in_wallet_metadata_reads_back_unchanged() {
    let input = fixture("sandbox_body", "wallet-metadata-float");
    checks::sandbox_body(&input);
    let value: serde_json::Value = serde_json::from_slice(&input[1..]).unwrap();
    let number = &value["metadata"][""][0];
    let written = serde_json::to_string(number).unwrap();
    let again: serde_json::Value = serde_json::from_str(&written).unwrap();
    assert_eq!(&again, number, "{written}");
}

/// An order whose `created-at` is `9999-12-31T23:59:59-01:00`: valid, but in
/// UTC it falls in the year 10000, which `time` cannot hold, and writing it
/// (cache, CSV export) panicked in `to_offset`. A record now holds its
/// times in UTC within the years RFC 3339 can write, so it is clamped to the
/// last instant of 9999.
#[test]
fn a_timestamp_whose_utc_date_is_out_of_range_is_written_not_panicked_on() {
    let input = fixture("api_models", "year-end-with-negative-offset");
    checks::api_models(&input);
    let envelope: brlv_core::api::model::OrderEnvelope =
        serde_json::from_slice(&input[1..]).unwrap();
    let created = envelope.order.created_at().unwrap();
    assert_eq!(
        brlv_core::api::timestamp::format(&created),
        "9999-12-31T23:59:59.999999Z"
    );
}

/// Claims with `iat` -7.9e28 and `exp` 7.9e28 (both fit a Decimal, their
/// difference does not): `exp - iat` panicked in the sandbox's middleware.
/// Anyone may register a key, so anyone could sign such claims.
#[test]
fn claims_whose_lifetime_overflows_are_refused_as_too_long() {
    checks::sandbox_jwt(&fixture("sandbox_jwt", "lifetime-overflow"));
    let claims: serde_json::Value =
        serde_json::from_slice(&fixture("sandbox_jwt", "lifetime-overflow")[1..]).unwrap();
    let context = brlv_sandbox::TokenContext {
        api_key: "fuzz",
        path: "/api/v0/orders",
        body: b"",
        now: 1_800_000_000,
    };
    let refused = brlv_sandbox::check_token_claims(&claims, &context).unwrap_err();
    assert_eq!(refused.code, "lifetime-too-long");
}
