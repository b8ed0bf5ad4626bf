//! The wire format pinned by JSON written by hand from the spec: every
//! resource decodes (all fields, some fields, unknown values), and every body
//! the client sends has exactly the spec's keys.

use std::collections::BTreeSet;
use std::str::FromStr;

use brlv_core::api::model::*;
use rust_decimal::Decimal;
use serde::de::DeserializeOwned;
use time::macros::datetime;
use uuid::Uuid;

fn fixture<T: DeserializeOwned>(name: &str) -> T {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("{name}: {error}"))
}

fn dec(raw: &str) -> Decimal {
    Decimal::from_str(raw).unwrap()
}

fn keys(value: &impl serde::Serialize) -> BTreeSet<String> {
    serde_json::to_value(value)
        .unwrap()
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|name| (*name).to_owned()).collect()
}

#[test]
fn order_with_every_field() {
    let order = fixture::<OrderEnvelope>("order-full.json").order;
    assert_eq!(
        order.id,
        Uuid::from_str("5f0c3b1e-8a4d-4c1f-9e2a-7b6d5c4e3f21").unwrap()
    );
    assert_eq!(order.state, Some(OrderState::Created));
    assert_eq!(order.source_asset, Some(Asset::FiatBrl));
    assert_eq!(order.target_asset, Some(Asset::EthBaseBrlv));
    assert_eq!(order.source_amount(), Some(dec("1500.00")));
    // The scale the service wrote is kept, so 18 places stay 18 places.
    assert_eq!(order.target_amount().unwrap().scale(), 18);
    assert_eq!(order.effective_rate(), Some(dec("0.995")));
    assert_eq!(order.fee_amount(), Some(dec("7.50")));
    assert_eq!(order.fee_asset, Some(Asset::FiatBrl));
    assert_eq!(order.expiration(), Some(datetime!(2026-11-20 14:13:11 UTC)));
    assert_eq!(order.created_at(), Some(datetime!(2026-11-20 14:03:11 UTC)));
    assert!(order.brcode.unwrap().starts_with("000201"));
    assert!(order.qr_code_base64.is_some());
    assert!(order.quote_id.is_some() && order.state_updated_at.is_some());
    assert!(order.base_rate.is_some() && order.target_amount.is_some());
}

#[test]
fn order_with_only_some_fields() {
    let order = fixture::<OrderEnvelope>("order-partial.json").order;
    assert_eq!(order.state, Some(OrderState::Expired));
    assert_eq!(order.source_amount, None);
    assert_eq!(order.brcode, None);
}

#[test]
fn unknown_states_and_assets_are_kept_as_they_came() {
    let orders = fixture::<OrdersEnvelope>("orders-unknown-values.json").orders;
    assert_eq!(
        orders[0].state,
        Some(OrderState::Other("awaiting-settlement".into()))
    );
    assert_eq!(
        orders[0].source_asset,
        Some(Asset::Other("eth-arbitrum/brlv".into()))
    );
    assert_eq!(orders[1].state, Some(OrderState::PaymentReturned));
    // And they go back out unchanged.
    let again = serde_json::to_value(&orders[0]).unwrap();
    assert_eq!(again["state"], "awaiting-settlement");
}

#[test]
fn transfer_full_and_partial() {
    let transfer = fixture::<TransferEnvelope>("transfer-full.json").transfer;
    assert_eq!(transfer.asset, Some(Asset::EthBaseBrlv));
    assert_eq!(transfer.amount(), Some(dec("250")));
    assert_eq!(transfer.state, Some(TransferState::Pending));
    let tx_hash = transfer.tx_hash.as_ref().unwrap();
    assert_eq!(tx_hash.to_string().len(), 66);
    assert!(tx_hash.bytes().is_some(), "held as its 32 bytes");
    assert!(transfer.source_address.is_some() && transfer.target_address.is_some());
    assert!(transfer.created_at.is_some() && transfer.state_updated_at.is_some());

    let partial = fixture::<TransfersEnvelope>("transfers-partial.json").transfers;
    assert_eq!(
        partial[0].state,
        Some(TransferState::Other("reverted".into()))
    );
    assert_eq!(partial[0].amount, None);
}

#[test]
fn wallets_list_and_creation_form() {
    let wallets = fixture::<WalletsEnvelope>("wallets.json").wallets;
    assert_eq!(wallets[0].name.as_deref(), Some("Treasury"));
    assert_eq!(wallets[0].ui_enabled, Some(true));
    assert_eq!(wallets[0].metadata.as_ref().unwrap()["team"], "ops");
    assert_eq!(wallets[1].name, None);
    assert_eq!(
        wallets[1].assets[1],
        Asset::Other("eth-polygon/brlv".into())
    );

    let created = fixture::<CreatedWalletEnvelope>("wallet-created.json").wallet;
    assert_eq!(
        created.assets,
        vec![Asset::EthBaseBrlv, Asset::EthBaseWbrly]
    );
}

#[test]
fn withdrawal_with_asset_and_the_deprecated_form_without() {
    let withdrawal = fixture::<WithdrawalEnvelope>("withdrawal-full.json").withdrawal;
    assert_eq!(withdrawal.asset, Some(Asset::FiatBrl));
    assert_eq!(withdrawal.method, Some(WithdrawalMethod::Pix));
    assert_eq!(withdrawal.state, Some(WithdrawalState::PendingPayment));
    assert_eq!(withdrawal.amount(), Some(dec("320.50")));
    assert!(withdrawal.extra.is_empty());

    let listed = fixture::<PerAssetWithdrawalsEnvelope>("withdrawals-per-asset.json").withdrawals;
    assert_eq!(listed[0].method, Some(WithdrawalMethod::Ted));
    // A TED record's own fields are kept for the detail view.
    assert_eq!(listed[0].extra.get_str("bank-code"), Some("341"));
    assert_eq!(
        listed[1].state,
        Some(WithdrawalState::Other("settled".into()))
    );
    let full = listed[0].clone().with_asset(Asset::FiatBrl);
    assert_eq!(full.asset, Some(Asset::FiatBrl));
}

#[test]
fn claim_keeps_fractional_seconds() {
    let claim = fixture::<ClaimEnvelope>("claim-full.json").claim;
    assert_eq!(claim.gross_amount, Some(dec("1000.00")));
    assert_eq!(claim.net_amount, Some(dec("845.00")));
    assert_eq!(claim.tax_amount, Some(dec("150.00")));
    assert_eq!(claim.fees, Some(dec("5.00")));
    assert_eq!(claim.status, Some(ClaimStatus::Created));
    assert_eq!(
        claim.updated_at,
        Some(datetime!(2026-11-21 16:45:12.483921 UTC))
    );
}

#[test]
fn deposits_with_coordinates() {
    let deposits = fixture::<DepositsEnvelope>("deposits.json").deposits;
    let first = &deposits[0];
    assert_eq!(first.kind.as_deref(), Some("pix"));
    assert_eq!(first.status, Some(DepositStatus::Credited));
    let coordinates = first.coordinates.as_ref().unwrap();
    assert_eq!(coordinates.source_tax_id.as_deref(), Some("52998224725"));
    assert_eq!(coordinates.source_bank_code.as_deref(), Some("260"));
    assert_eq!(coordinates.source_type.as_deref(), Some("checking"));
    assert_eq!(
        coordinates.source_account_number.as_deref(),
        Some("12345-6")
    );
    assert_eq!(coordinates.source_branch_code.as_deref(), Some("0001"));
    assert_eq!(coordinates.target.as_deref(), Some("brlv-desk-account"));
    assert!(first.processed_at.is_some());
    assert_eq!(
        deposits[1].status,
        Some(DepositStatus::Other("under-review".into()))
    );
    assert_eq!(deposits[1].coordinates, None);
}

#[test]
fn balances_keep_their_scale() {
    let brl = fixture::<BalanceEnvelope>("balance-brl.json").balance;
    assert_eq!(brl.running_balance.to_string(), "12345.67");
    let brlv = fixture::<BalanceEnvelope>("balance-brlv.json").balance;
    assert_eq!(brlv.running_balance.to_string(), "1500.123456789012345678");
    assert_eq!(brlv.running_balance.scale(), 18);
}

#[test]
fn claimable_balance_and_tax_exemption_progress() {
    let claimable = fixture::<ClaimableBalance>("claimable.json");
    assert_eq!(claimable.available_balance, dec("4210.37"));
    let progress = fixture::<TaxExemptionProgressEnvelope>("tax-exemption-progress.json").progress;
    assert_eq!(progress.claims_amount, Some(dec("12000")));
    assert_eq!(progress.other_disposals_amount, Some(dec("16500")));
    assert_eq!(progress.total_used, Some(dec("28500")));
    assert_eq!(progress.limit, Some(MONTHLY_TAX_EXEMPTION_LIMIT_BRL));
    assert_eq!(progress.remaining, Some(dec("6500")));
}

#[test]
fn error_object_and_quote() {
    let error = fixture::<ErrorBody>("error.json").error;
    assert_eq!(error.kind, "invalid_request_error");
    assert_eq!(error.code, "invalid-amount");
    assert_eq!(error.message, "amount must be greater than zero");

    let quote = fixture::<QuoteEnvelope>("quote.json").quote;
    assert_eq!(quote.target_asset, Some(Asset::EthBaseUsdc));
    assert_eq!(quote.target_amount, Some(dec("99.5")));
    assert!(quote.expiration.is_some() && quote.fee_asset.is_some());
}

#[test]
fn amounts_are_written_as_json_strings() {
    let body = CreateWithdrawal {
        asset: Asset::FiatBrl,
        method: WithdrawalMethod::Pix,
        amount: dec("10.50"),
        pix_key: Some("52998224725".into()),
        ted_account: None,
        target_address: None,
    };
    let value = serde_json::to_value(&body).unwrap();
    assert_eq!(value["amount"], serde_json::json!("10.50"));
}

#[test]
fn order_body_has_exactly_the_spec_keys() {
    let minimal = CreateOrder {
        quote_id: Uuid::nil(),
        source_wallet_address: None,
        target_wallet_address: None,
        target_end_user_pix_key: None,
        source_payment_method: None,
    };
    assert_eq!(keys(&minimal), set(&["quote-id"]));
    let full = CreateOrder {
        quote_id: Uuid::nil(),
        source_wallet_address: Some("0x1".into()),
        target_wallet_address: Some("0x2".into()),
        target_end_user_pix_key: Some("k".into()),
        source_payment_method: Some(PaymentMethod::Brcode),
    };
    assert_eq!(
        keys(&full),
        set(&[
            "quote-id",
            "source-wallet-address",
            "target-wallet-address",
            "target-end-user-pix-key",
            "source-payment-method"
        ])
    );
    assert_eq!(
        serde_json::to_value(&full).unwrap()["source-payment-method"],
        "brcode"
    );
}

#[test]
fn transfer_wallet_withdrawal_claim_and_quote_bodies_have_exactly_the_spec_keys() {
    let transfer = CreateTransfer {
        source_address: "0x1".into(),
        asset: Asset::EthBaseBrlv,
        amount: dec("1"),
        target_address: "0x2".into(),
    };
    assert_eq!(
        keys(&transfer),
        set(&["source-address", "asset", "amount", "target-address"])
    );

    let wallet = CreateWallet {
        wallet_name: "Ops".into(),
        chain: Some(Chain::EthBase),
        metadata: Some(JsonObject::new()),
        ui_enabled: Some(false),
    };
    assert_eq!(
        keys(&wallet),
        set(&["wallet-name", "chain", "metadata", "ui-enabled"])
    );

    let withdrawal = CreateWithdrawal {
        asset: Asset::FiatBrl,
        method: WithdrawalMethod::Pix,
        amount: dec("1"),
        pix_key: Some("a@b.co".into()),
        ted_account: None,
        target_address: None,
    };
    assert_eq!(
        keys(&withdrawal),
        set(&["asset", "method", "amount", "pix-key"])
    );
    let ted = CreateWithdrawal {
        method: WithdrawalMethod::Ted,
        pix_key: None,
        ..withdrawal
    };
    assert_eq!(keys(&ted), set(&["asset", "method", "amount"]));

    let claim = CreateClaim {
        amount: dec("1"),
        target_asset_code: ClaimTarget::Brlv,
    };
    assert_eq!(keys(&claim), set(&["amount", "target-asset-code"]));
    assert_eq!(
        serde_json::to_value(&claim).unwrap()["target-asset-code"],
        "brlv"
    );

    let quote = CreateQuote::paying(Asset::FiatBrl, Asset::EthBaseBrlv, dec("100"));
    assert_eq!(
        keys(&quote),
        set(&["source-asset", "target-asset", "source-amount"])
    );
    let quote = CreateQuote::receiving(Asset::FiatBrl, Asset::EthBaseBrlv, dec("100"));
    assert_eq!(
        keys(&quote),
        set(&["source-asset", "target-asset", "target-amount"])
    );
}

#[test]
fn filters_become_query_pairs_with_repeated_array_keys() {
    let filter = WalletFilter {
        assets: vec![Asset::EthBaseBrlv, Asset::EthBaseWbrly],
        addresses: vec!["0xa".into()],
    };
    assert_eq!(
        filter.to_query(),
        vec![
            ("assets", "eth-base/brlv".to_owned()),
            ("assets", "eth-base/wbrly".to_owned()),
            ("addresses", "0xa".to_owned())
        ]
    );
    let transfers = TransferFilter {
        source_address: Some("0xa".into()),
        target_address: Some("0xb".into()),
        asset: Some(Asset::EthBaseBrlv),
        state: Some(TransferState::Pending),
    };
    let names: Vec<_> = transfers
        .to_query()
        .into_iter()
        .map(|(key, _)| key)
        .collect();
    assert_eq!(
        names,
        ["source-address", "target-address", "asset", "state"]
    );
}

#[test]
fn asset_facts_of_spec_2_1() {
    assert_eq!(Asset::KNOWN.len(), 11);
    let tokens: Vec<_> = Asset::KNOWN
        .iter()
        .filter(|asset| asset.is_listed_token())
        .collect();
    assert_eq!(
        tokens,
        [
            &Asset::EthBaseBrlv,
            &Asset::EthMainnetBrlv,
            &Asset::EthBaseWbrly
        ]
    );
    assert!(Asset::FiatBrl.is_fiat() && Asset::FiatUsd.is_fiat());
    assert!(!Asset::FiatBrl.needs_wallet_address());
    assert!(Asset::EthBaseUsdc.needs_wallet_address());
    assert_eq!(Chain::KNOWN.len(), 3);
    assert_eq!(Asset::EthBaseBrlv.chain(), Some(Chain::EthBase));
    assert_eq!(Asset::FiatBrl.chain(), None);
    assert_eq!(
        DepositAsset::KNOWN
            .iter()
            .map(|a| a.as_str())
            .collect::<Vec<_>>(),
        ["brl", "usd", "usdc", "usdt"]
    );
    let scales: Vec<_> = BalanceAsset::KNOWN
        .iter()
        .map(|a| (a.as_str(), a.scale()))
        .collect();
    assert_eq!(scales, [("brl", 2), ("usdc", 6), ("brlv", 18)]);
    assert_eq!(Asset::FiatBrl.scale(), 2);
    assert_eq!(Asset::EthBaseUsdc.scale(), 6);
    assert_eq!(Asset::EthBaseBrlv.scale(), 18);
    assert!(Asset::EthBaseWbrly.is_transferable() && !Asset::EthMainnetBrlv.is_transferable());
}

#[test]
fn wire_amounts_are_plain_positive_decimals_within_scale() {
    assert_eq!(parse_wire_amount("12.50", 2), Ok(dec("12.50")));
    assert_eq!(
        parse_wire_amount("12.500", 2),
        Ok(dec("12.500")),
        "trailing zeros are not places"
    );
    assert_eq!(
        parse_wire_amount("12.505", 2),
        Err(AmountError::TooManyPlaces {
            places: 3,
            scale: 2
        })
    );
    for bad in ["1e3", "+5", "", ".", "1.2.3", "12,50", "0x10", "NaN"] {
        assert!(
            matches!(parse_wire_amount(bad, 18), Err(AmountError::NotADecimal(_))),
            "{bad:?}"
        );
    }
    assert_eq!(parse_wire_amount("0", 2), Err(AmountError::NotPositive));
    assert_eq!(parse_wire_amount("-1", 2), Err(AmountError::NotPositive));
}

/// Decodes `name` as `T` and encodes it again, compact, as the sandbox and
/// the client write it.
fn re_encoded<T: DeserializeOwned + serde::Serialize>(name: &str) -> String {
    serde_json::to_string(&fixture::<T>(name)).unwrap()
}

/// Compares `actual` with `tests/fixtures/encoded/{name}`, byte for byte.
fn assert_encoded(name: &str, actual: &str) {
    let path = format!(
        "{}/tests/fixtures/encoded/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{path}: {error}; it should hold {actual}"));
    assert_eq!(
        actual, expected,
        "{name} is no longer encoded byte for byte as pinned"
    );
}

#[test]
fn every_resource_and_body_encodes_byte_for_byte_as_pinned() {
    let resources = [
        (
            "order-full.json",
            re_encoded::<OrderEnvelope>("order-full.json"),
        ),
        (
            "order-partial.json",
            re_encoded::<OrderEnvelope>("order-partial.json"),
        ),
        (
            "orders-unknown-values.json",
            re_encoded::<OrdersEnvelope>("orders-unknown-values.json"),
        ),
        (
            "transfer-full.json",
            re_encoded::<TransferEnvelope>("transfer-full.json"),
        ),
        (
            "transfers-partial.json",
            re_encoded::<TransfersEnvelope>("transfers-partial.json"),
        ),
        (
            "wallets.json",
            re_encoded::<WalletsEnvelope>("wallets.json"),
        ),
        (
            "wallet-created.json",
            re_encoded::<CreatedWalletEnvelope>("wallet-created.json"),
        ),
        (
            "withdrawal-full.json",
            re_encoded::<WithdrawalEnvelope>("withdrawal-full.json"),
        ),
        (
            "withdrawals-per-asset.json",
            re_encoded::<PerAssetWithdrawalsEnvelope>("withdrawals-per-asset.json"),
        ),
        (
            "claim-full.json",
            re_encoded::<ClaimEnvelope>("claim-full.json"),
        ),
        (
            "deposits.json",
            re_encoded::<DepositsEnvelope>("deposits.json"),
        ),
        (
            "balance-brl.json",
            re_encoded::<BalanceEnvelope>("balance-brl.json"),
        ),
        (
            "balance-brlv.json",
            re_encoded::<BalanceEnvelope>("balance-brlv.json"),
        ),
        (
            "claimable.json",
            re_encoded::<ClaimableBalance>("claimable.json"),
        ),
        (
            "tax-exemption-progress.json",
            re_encoded::<TaxExemptionProgressEnvelope>("tax-exemption-progress.json"),
        ),
        ("error.json", re_encoded::<ErrorBody>("error.json")),
        ("quote.json", re_encoded::<QuoteEnvelope>("quote.json")),
    ];
    for (name, actual) in &resources {
        assert_encoded(name, actual);
    }

    let order: CreateOrder = serde_json::from_value(serde_json::json!({
        "quote-id": "0b9e8d7c-6f5a-4b3c-8d2e-1f0a9b8c7d6e",
        "source-wallet-address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        "target-wallet-address": "0xfeedfacefeedfacefeedfacefeedfacefeedface",
        "target-end-user-pix-key": "52998224725",
        "source-payment-method": "brcode",
    }))
    .unwrap();
    let minimal_order: CreateOrder = serde_json::from_value(serde_json::json!({
        "quote-id": "0b9e8d7c-6f5a-4b3c-8d2e-1f0a9b8c7d6e",
    }))
    .unwrap();
    let transfer: CreateTransfer = serde_json::from_value(serde_json::json!({
        "source-address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        "asset": "eth-base/brlv",
        "amount": "250.000000000000000000",
        "target-address": "0xfeedfacefeedfacefeedfacefeedfacefeedface",
    }))
    .unwrap();
    let wallet: CreateWallet = serde_json::from_value(serde_json::json!({
        "wallet-name": "Ops",
        "chain": "eth-base",
        "metadata": {"team": "ops"},
        "ui-enabled": true,
    }))
    .unwrap();
    let pix: CreateWithdrawal = serde_json::from_value(serde_json::json!({
        "asset": "fiat/brl",
        "method": "pix",
        "amount": "320.50",
        "pix-key": "52998224725",
    }))
    .unwrap();
    let claim: CreateClaim = serde_json::from_value(serde_json::json!({
        "amount": "100.00",
        "target-asset-code": "brlv",
    }))
    .unwrap();
    let quote = CreateQuote::receiving(Asset::FiatBrl, Asset::EthBaseUsdc, dec("99.500000"));
    let bodies = [
        ("body-order.json", serde_json::to_string(&order).unwrap()),
        (
            "body-order-minimal.json",
            serde_json::to_string(&minimal_order).unwrap(),
        ),
        (
            "body-transfer.json",
            serde_json::to_string(&transfer).unwrap(),
        ),
        ("body-wallet.json", serde_json::to_string(&wallet).unwrap()),
        (
            "body-withdrawal-pix.json",
            serde_json::to_string(&pix).unwrap(),
        ),
        ("body-claim.json", serde_json::to_string(&claim).unwrap()),
        ("body-quote.json", serde_json::to_string(&quote).unwrap()),
    ];
    for (name, actual) in &bodies {
        assert_encoded(name, actual);
    }
}

/// A fixture's text without its final newline: request bodies are compared
/// with what the client writes, byte for byte.
fn fixture_bytes(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    text.strip_suffix('\n').unwrap_or(&text).to_owned()
}

fn ted_account(name: &str) -> TedAccount {
    TedAccount {
        bank_code: "341".into(),
        branch: "0001".into(),
        account: "12345-6".into(),
        account_type: BankAccountType::Checking,
        document: "52998224725".into(),
        name: name.into(),
    }
}

#[test]
fn payout_bodies_are_written_byte_for_byte_as_the_fixtures() {
    let ted = CreateWithdrawal::ted(dec("1500.00"), ted_account("Maria Silva"));
    assert_eq!(
        serde_json::to_string(&ted).unwrap(),
        fixture_bytes("body-withdrawal-ted.json")
    );
    let token = CreateWithdrawal::token(
        Asset::EthBaseUsdc,
        dec("250.5"),
        "0xfeedfacefeedfacefeedfacefeedfacefeedface".into(),
    );
    assert_eq!(
        serde_json::to_string(&token).unwrap(),
        fixture_bytes("body-withdrawal-token.json")
    );
    let wallet = CreateWallet {
        wallet_name: "Payouts".into(),
        chain: None,
        metadata: None,
        ui_enabled: None,
    };
    assert_eq!(
        serde_json::to_string(&wallet).unwrap(),
        fixture_bytes("body-wallet-without-chain.json")
    );
    let quote = CreateQuote::paying(Asset::FiatBrl, Asset::EthBaseUsdc, dec("540.00"))
        .with_trade_reason(TradeReason::PurchaseOrSaleOfComputingServices);
    assert_eq!(
        serde_json::to_string(&quote).unwrap(),
        fixture_bytes("body-quote-trade-reason.json")
    );

    // And each reads back as the same request.
    for (name, expected) in [
        ("body-withdrawal-ted.json", &ted),
        ("body-withdrawal-token.json", &token),
    ] {
        let read: CreateWithdrawal = serde_json::from_str(&fixture_bytes(name)).unwrap();
        assert_eq!(&read, expected, "{name}");
    }
    let read: CreateQuote =
        serde_json::from_str(&fixture_bytes("body-quote-trade-reason.json")).unwrap();
    assert_eq!(read, quote);
}

#[test]
fn the_service_clients_ted_body_is_the_same_request_in_json_dumps_form() {
    // Its own spacing and escapes, no `asset` (it posts to the per-asset path).
    let text = fixture_bytes("python-client-withdrawal-ted.json");
    assert!(text.contains(r#""method": "ted", "bank-code": "341""#));
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let account: TedAccount = serde_json::from_value(value.clone()).unwrap();
    assert_eq!(account, ted_account("José da Silva"));
    assert_eq!(account.validate(), Ok(()));
    let keys: BTreeSet<String> = value.as_object().unwrap().keys().cloned().collect();
    let mut expected = set(&TED_ACCOUNT_FIELDS);
    expected.extend(set(&["amount", "method"]));
    assert_eq!(keys, expected);
}

#[test]
fn withdrawal_records_carry_their_destinations() {
    let listed = fixture::<WithdrawalsEnvelope>("withdrawals-with-destinations.json").withdrawals;
    assert_eq!(listed[0].ted_account(), Some(ted_account("José da Silva")));
    assert_eq!(listed[0].target_address(), None);
    assert_eq!(
        listed[1].target_address(),
        Some("0xfeedfacefeedfacefeedfacefeedfacefeedface")
    );
    assert_eq!(
        listed[1].source_address(),
        Some("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
    );
    assert_eq!(listed[1].ted_account(), None);
    // A partial record is no account, but every field it has is kept as it came.
    assert_eq!(listed[2].ted_account(), None);
    assert_eq!(listed[2].extra.get_str("account-type"), Some("current"));
    assert_eq!(listed[2].extra.len(), 2);
    // Unknown values of the new enums are kept, not refused.
    let kind: BankAccountType = serde_json::from_str(r#""salary""#).unwrap();
    assert_eq!(kind, BankAccountType::Other("salary".into()));
    let reason: TradeReason = serde_json::from_str(r#""gift""#).unwrap();
    assert_eq!(reason.as_str(), "gift");
}
