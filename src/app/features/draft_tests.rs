//! The drafts of every form, validated as a person types them.

use std::str::FromStr;

use rust_decimal::Decimal;
use uuid::Uuid;

use crate::app::form::{Field, FieldError};
use brlv_core::address::AddressError;
use brlv_core::api::model::{Asset, Chain, ClaimTarget, PaymentMethod, WithdrawalMethod};

use super::claims::state::ClaimDraft;
use super::orders::draft::{OrderDraft, QuoteDraft, QuoteSide};
use super::transfers::state::TransferDraft;
use super::wallets::state::WalletDraft;
use super::withdrawals::state::WithdrawalDraft;
use crate::app::ted::TedDraft;

const WALLET: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const OTHER: &str = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";

fn dec(raw: &str) -> Decimal {
    Decimal::from_str(raw).unwrap()
}

#[test]
fn a_quote_takes_either_style_and_checks_the_fixed_side_scale() {
    let mut draft = QuoteDraft {
        amount: "1.234,56".into(),
        ..QuoteDraft::default()
    };
    assert_eq!(
        draft.validate().unwrap().source_amount,
        Some(dec("1234.56"))
    );
    draft.amount = "10.001".into();
    assert!(matches!(
        draft.validate().unwrap_err().get(Field::Amount),
        Some(FieldError::Amount(_))
    ));
    // Receiving BRLV fixes 18 places.
    draft.side = QuoteSide::Receive;
    draft.amount = "10.000000000000000001".into();
    assert_eq!(
        draft.validate().unwrap().target_amount,
        Some(dec("10.000000000000000001"))
    );
    draft.target_asset = Asset::FiatBrl;
    assert_eq!(
        draft.validate().unwrap_err().get(Field::Asset),
        Some(&FieldError::SameAsset)
    );
}

#[test]
fn order_wallet_fields_count_only_where_the_assets_need_them() {
    let draft = OrderDraft {
        quote_id: Uuid::nil().to_string(),
        ..OrderDraft::default()
    };
    let errors = draft
        .validate(&Asset::FiatBrl, &Asset::EthBaseBrlv)
        .unwrap_err();
    assert_eq!(errors.get(Field::TargetWallet), Some(&FieldError::Required));
    assert!(errors.get(Field::SourceWallet).is_none());

    let with_target = OrderDraft {
        target_wallet: format!(" {WALLET} "),
        source_wallet: "ignored for a fiat source".into(),
        ..draft.clone()
    };
    let order = with_target
        .validate(&Asset::FiatBrl, &Asset::EthBaseBrlv)
        .unwrap();
    assert_eq!(order.target_wallet_address.as_deref(), Some(WALLET));
    assert_eq!(order.source_wallet_address, None);

    let selling = draft
        .validate(&Asset::EthBaseBrlv, &Asset::FiatBrl)
        .unwrap_err();
    assert_eq!(
        selling.get(Field::SourceWallet),
        Some(&FieldError::Required)
    );
}

#[test]
fn order_third_party_pix_key_only_when_selling_usdc_or_brlv() {
    let draft = OrderDraft {
        quote_id: Uuid::nil().to_string(),
        source_wallet: WALLET.into(),
        target_wallet: WALLET.into(),
        third_party_pix_key: "529.982.247-25".into(),
        payment: None,
    };
    let order = draft
        .validate(&Asset::EthBaseUsdc, &Asset::FiatBrl)
        .unwrap();
    assert_eq!(
        order.target_end_user_pix_key.as_deref(),
        Some("52998224725")
    );
    let refused = draft
        .validate(&Asset::FiatBrl, &Asset::EthBaseBrlv)
        .unwrap_err();
    assert_eq!(
        refused.get(Field::PixKey),
        Some(&FieldError::PixKeyNotAllowed)
    );
    let bad = OrderDraft {
        third_party_pix_key: "529.982.247-26".into(),
        ..draft
    };
    assert!(matches!(
        bad.validate(&Asset::EthBaseBrlv, &Asset::FiatBrl)
            .unwrap_err()
            .get(Field::PixKey),
        Some(FieldError::PixKey(_))
    ));
}

#[test]
fn order_quote_id_and_brcode_rules() {
    let draft = OrderDraft {
        quote_id: "not-a-uuid".into(),
        target_wallet: WALLET.into(),
        payment: Some(PaymentMethod::Brcode),
        ..OrderDraft::default()
    };
    let errors = draft
        .validate(&Asset::FiatBrl, &Asset::EthBaseBrlv)
        .unwrap_err();
    assert_eq!(errors.get(Field::QuoteId), Some(&FieldError::QuoteId));
    assert!(errors.get(Field::Payment).is_none(), "brcode pays BRL");
    let selling = OrderDraft {
        quote_id: Uuid::nil().to_string(),
        source_wallet: WALLET.into(),
        ..draft
    };
    let errors = selling
        .validate(&Asset::EthBaseBrlv, &Asset::FiatBrl)
        .unwrap_err();
    assert_eq!(
        errors.get(Field::Payment),
        Some(&FieldError::BrcodeNeedsBrl)
    );
}

#[test]
fn wallet_metadata_rows_become_an_object_and_bad_rows_are_named() {
    let draft = WalletDraft {
        name: "Tesouraria".into(),
        chain: Chain::Tempo,
        metadata: vec![
            ("team".into(), "ops".into()),
            (String::new(), String::new()),
        ],
        ui_enabled: true,
    };
    let wallet = draft.validate().unwrap();
    assert_eq!(wallet.metadata.unwrap()["team"], "ops");
    assert_eq!(wallet.ui_enabled, Some(true));

    let bad = WalletDraft {
        name: "  ".into(),
        metadata: vec![("a".into(), "1".into()), ("a".into(), "2".into())],
        ..draft.clone()
    };
    let errors = bad.validate().unwrap_err();
    assert_eq!(errors.get(Field::Name), Some(&FieldError::Required));
    assert_eq!(
        errors.get(Field::Metadata),
        Some(&FieldError::MetadataKeyRepeated("a".into()))
    );
    let orphan = WalletDraft {
        metadata: vec![(String::new(), "value".into())],
        ..draft
    };
    assert_eq!(
        orphan.validate().unwrap_err().get(Field::Metadata),
        Some(&FieldError::MetadataKeyMissing { row: 1 })
    );
}

#[test]
fn transfers_check_asset_addresses_checksum_and_scale() {
    let draft = TransferDraft {
        source: WALLET.into(),
        asset: Asset::EthBaseBrlv,
        amount: "0.000000000000000001".into(),
        target: OTHER.into(),
    };
    assert_eq!(
        draft.validate().unwrap().amount,
        dec("0.000000000000000001")
    );
    // One letter's case flipped: still hex, but the EIP-55 checksum fails.
    let flipped = OTHER.replacen("fB69", "fb69", 1);
    let wrong_case = TransferDraft {
        target: flipped,
        ..draft.clone()
    };
    assert_eq!(
        wrong_case.validate().unwrap_err().get(Field::TargetWallet),
        Some(&FieldError::Address(AddressError::BadChecksum))
    );
    let same = TransferDraft {
        target: WALLET.to_lowercase(),
        ..draft.clone()
    };
    assert_eq!(
        same.validate().unwrap_err().get(Field::TargetWallet),
        Some(&FieldError::SameAddress)
    );
    let usdc = TransferDraft {
        asset: Asset::EthBaseUsdc,
        ..draft
    };
    assert!(matches!(
        usdc.validate().unwrap_err().get(Field::Asset),
        Some(FieldError::NotTransferable(_))
    ));
}

#[test]
fn withdrawals_match_method_and_asset_and_normalise_the_pix_key() {
    let pix = WithdrawalDraft {
        amount: "320,50".into(),
        pix_key: "+55 (11) 98765-4321".into(),
        ..WithdrawalDraft::default()
    };
    let request = pix.validate().unwrap();
    assert_eq!(request.pix_key.as_deref(), Some("+5511987654321"));
    assert_eq!(request.amount, dec("320.50"));

    let ted_with_token = WithdrawalDraft {
        method: WithdrawalMethod::Ted,
        asset: Asset::EthBaseUsdc,
        ..pix.clone()
    };
    assert!(matches!(
        ted_with_token.validate().unwrap_err().get(Field::Asset),
        Some(FieldError::MethodAssetMismatch { .. })
    ));
    let unaddressed_ted = WithdrawalDraft {
        method: WithdrawalMethod::Ted,
        pix_key: String::new(),
        ..pix.clone()
    };
    let errors = unaddressed_ted.validate().unwrap_err();
    for field in [
        Field::BankCode,
        Field::Branch,
        Field::BankAccount,
        Field::HolderDocument,
        Field::HolderName,
    ] {
        assert_eq!(errors.get(field), Some(&FieldError::Required), "{field:?}");
    }
    let ted = WithdrawalDraft {
        ted: TedDraft {
            bank_code: "001".into(),
            branch: "0001".into(),
            account: "12345-X".into(),
            document: "11.222.333/0001-81".into(),
            name: "Empresa Ltda".into(),
            ..TedDraft::default()
        },
        ..unaddressed_ted
    };
    let request = ted.validate().unwrap();
    assert_eq!(request.pix_key, None);
    let account = request.ted_account.unwrap();
    assert_eq!(
        account.document, "11222333000181",
        "sent without punctuation"
    );
    assert_eq!(account.account, "12345-X");
    let token = WithdrawalDraft {
        method: WithdrawalMethod::Token,
        asset: Asset::EthBaseUsdc,
        amount: "12.1234567".into(),
        ..pix
    };
    assert!(matches!(
        token.validate().unwrap_err().get(Field::Amount),
        Some(FieldError::Amount(_))
    ));
}

#[test]
fn claims_are_refused_above_what_is_claimable() {
    let draft = ClaimDraft {
        amount: "100,01".into(),
        target: ClaimTarget::Brlv,
    };
    assert_eq!(
        draft
            .validate(Some(dec("100.00")))
            .unwrap_err()
            .get(Field::Amount),
        Some(&FieldError::AboveClaimable {
            available: dec("100.00")
        })
    );
    assert_eq!(
        draft.validate(None).unwrap_err().get(Field::Amount),
        Some(&FieldError::ClaimableUnknown)
    );
    let claim = draft.validate(Some(dec("100.01"))).unwrap();
    assert_eq!(claim.amount, dec("100.01"));
    assert_eq!(claim.target_asset_code, ClaimTarget::Brlv);
}
