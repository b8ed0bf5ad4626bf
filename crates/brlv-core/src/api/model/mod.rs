//! The resources of spec section 2, the request bodies of section 4 and the
//! response envelopes, exactly as they cross the wire (kebab-case keys).
//!
//! The spec does not say which response fields are always present, so every
//! field is optional except the identifier a resource cannot be used without.
//! Amounts and rates are [`Decimal`](rust_decimal::Decimal) carried as JSON
//! strings; timestamps are parsed into
//! [`OffsetDateTime`](time::OffsetDateTime). The list records (orders,
//! transfers, withdrawals, deposits), held by the million, keep theirs packed
//! ([`PackedDecimal`](super::PackedDecimal), [`UtcMicros`](super::UtcMicros)) and give them back through readers
//! named as the fields (`order.source_amount()`). An optional field that is
//! `None` is left out of what is written (`skip_serializing_none`), never
//! sent as `null`: the service's bodies and the sandbox's answers carry only
//! what is known.
//!
//! Each resource has its own file, named for its part of the spec; every
//! type is also here, so `model::Order` reads the same from any file.

mod assets;
mod balances;
mod claims;
mod common;
mod deposits;
mod error_object;
mod orders;
mod quotes;
mod tax_exemption;
mod transfers;
mod wallets;
mod withdrawals;

pub use super::payout::{
    BankAccountType, MAX_ACCOUNT_DIGITS, MAX_BRANCH_DIGITS, MAX_HOLDER_NAME_CHARS,
    TED_ACCOUNT_FIELDS, TedAccount, TedFieldError,
};
pub use assets::{AmountError, Asset, Chain, FeeSides, fee_in_brl, parse_wire_amount};
pub use balances::{Balance, BalanceAsset, BalanceEnvelope, ClaimableBalance};
pub use claims::{Claim, ClaimEnvelope, ClaimStatus, ClaimTarget, CreateClaim};
pub use common::decimal_str;
pub use deposits::{Deposit, DepositAsset, DepositCoordinates, DepositStatus, DepositsEnvelope};
pub use error_object::{ErrorBody, ServiceErrorObject};
pub use orders::{CreateOrder, Order, OrderEnvelope, OrderState, OrdersEnvelope, PaymentMethod};
pub use quotes::{CreateQuote, Quote, QuoteEnvelope, TradeReason};
pub use tax_exemption::{
    MONTHLY_TAX_EXEMPTION_LIMIT_BRL, TaxExemptionProgress, TaxExemptionProgressEnvelope,
};
pub use transfers::{
    CreateTransfer, Transfer, TransferEnvelope, TransferFilter, TransferState, TransfersEnvelope,
};
pub use wallets::{
    CreateWallet, CreatedWallet, CreatedWalletEnvelope, JsonObject, Wallet, WalletFilter,
    WalletsEnvelope,
};
pub use withdrawals::{
    CreateWithdrawal, PerAssetWithdrawal, PerAssetWithdrawalsEnvelope, Withdrawal,
    WithdrawalEnvelope, WithdrawalMethod, WithdrawalState, WithdrawalsEnvelope, destination_keys,
};

#[cfg(test)]
mod tests {
    use super::{
        Deposit, DepositCoordinates, Order, PerAssetWithdrawal, Transfer, Wallet, Withdrawal,
    };

    /// A million of each record may be held at once: each byte here is a
    /// megabyte there. Before the compact fields (a `String` per text, a
    /// `BTreeMap` for a withdrawal's other fields) → with them → with packed
    /// amounts and times (`PackedDecimal`: an optional amount 16 bytes, not
    /// 20; `UtcMicros`: an optional time 8, not 16), in bytes:
    /// Order 272 → 240 → 200, Transfer 160 → 144 → 120 (two 8-byte shared
    /// addresses and a 40-byte inline hash where three `String`s were, and no
    /// longer 176 bytes of heap beside), Withdrawal 120 → 112 → 88,
    /// PerAssetWithdrawal 112 → 104 → 80, Deposit 248 → 144 → 120,
    /// DepositCoordinates 144 → 48. A field added to any of them has to move
    /// these figures, on purpose.
    #[test]
    fn list_records_stay_within_their_measured_sizes() {
        use std::mem::size_of;
        let records = [
            ("Order", size_of::<Order>(), 200),
            ("Transfer", size_of::<Transfer>(), 120),
            ("Withdrawal", size_of::<Withdrawal>(), 88),
            ("PerAssetWithdrawal", size_of::<PerAssetWithdrawal>(), 80),
            ("Deposit", size_of::<Deposit>(), 120),
            ("DepositCoordinates", size_of::<DepositCoordinates>(), 48),
        ];
        for (name, size, at_most) in records {
            assert!(size <= at_most, "{name} takes {size} bytes, over {at_most}");
        }
    }

    /// The packed amounts and times write back exactly what the service
    /// wrote (UTC, to the microsecond): scale and sign kept, times as RFC
    /// 3339 in UTC, an absent or null field left out.
    #[test]
    fn packed_fields_write_back_what_was_read() {
        let order = concat!(
            r#"{"id":"6f1c2b3a-0d4e-4f5a-8b6c-7d8e9f0a1b2c","state":"completed","#,
            r#""state-updated-at":"2025-03-04T05:06:07.123456Z","created-at":"2025-03-04T05:00:00Z","#,
            r#""source-asset":"fiat/brl","target-asset":"eth-base/brlv","#,
            r#""source-amount":"100.00","target-amount":"99.500000000000000000","#,
            r#""base-rate":"1","effective-rate":"0.995","fee-amount":"0.50","#,
            r#""expiration":"2025-03-04T05:15:00.5Z"}"#
        );
        let read: Order = serde_json::from_str(order).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(serde_json::to_string(&read).ok().as_deref(), Some(order));
        assert_eq!(read.source_amount().map(|amount| amount.scale()), Some(2));
        assert_eq!(
            read.expiration(),
            Some(time::macros::datetime!(2025-03-04 05:15:00.5 UTC))
        );

        // A null amount or time inside a withdrawal (whose other fields are
        // flattened) reads as absent, and an escaped time is read as well.
        let withdrawal = concat!(
            r#"{"id":"6f1c2b3a-0d4e-4f5a-8b6c-7d8e9f0a1b2c","amount":null,"#,
            r#""created-at":"\u0032025-03-04T05:00:00Z","state-updated-at":null,"pix-key":"k"}"#
        );
        let read: Withdrawal =
            serde_json::from_str(withdrawal).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(read.amount, None);
        assert_eq!(read.state_updated_at, None);
        assert_eq!(
            serde_json::to_string(&read).ok().as_deref(),
            Some(concat!(
                r#"{"id":"6f1c2b3a-0d4e-4f5a-8b6c-7d8e9f0a1b2c","#,
                r#""created-at":"2025-03-04T05:00:00Z","pix-key":"k"}"#
            ))
        );
    }

    #[test]
    fn a_wallet_and_a_deposit_are_read_safe_to_show() {
        let safe = |text: &str| !text.chars().any(crate::api::safe_text::needs_escape);
        let wallet = serde_json::json!({
            "name": "Caixa\u{0}\u{202e}",
            "address": "0x\u{2066}ab",
            "metadata": {"no\u{7}te": ["\u{200f}x", {"k": "y\nz"}]},
        });
        let read: Wallet = serde_json::from_value(wallet).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(read.name.as_deref(), Some("Caixa\\u{0}\\u{202e}"));
        assert_eq!(read.address, "0x\\u{2066}ab");
        let metadata = serde_json::to_string(&read.metadata).unwrap_or_default();
        assert!(
            safe(&metadata) && !metadata.contains("\\u0007"),
            "{metadata}"
        );
        assert!(metadata.contains(r"no\\u{7}te"), "{metadata}");

        let deposit = serde_json::json!({
            "id": "6f1c2b3a-0d4e-4f5a-8b6c-7d8e9f0a1b2c",
            "type": "pix\u{0}",
            "coordinates": {"source-tax-id": "\u{202e}123", "target": "t".repeat(2_000)},
        });
        let read: Deposit =
            serde_json::from_value(deposit).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(read.kind.as_deref(), Some("pix\\u{0}"));
        let coordinates = read.coordinates.unwrap_or_default();
        assert_eq!(coordinates.source_tax_id.as_deref(), Some("\\u{202e}123"));
        assert_eq!(
            coordinates.target.map(|target| target.chars().count()),
            Some(crate::api::safe_text::LABEL_MAX_CHARS)
        );
    }
}
