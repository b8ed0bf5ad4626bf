//! Each endpoint's normal path through brlv-desk's real client
//! (`api::Client`, signing every request) against the sandbox on loopback.

use brlv_core::api::model::*;
use brlv_core::pix::BrCode;
use brlv_sandbox::{WHITELISTED_ADDRESS, WHITELISTED_FX_ADDRESS};
use rust_decimal::Decimal;

use crate::support::TestSandbox;

fn dec(raw: &str) -> Decimal {
    raw.parse().unwrap()
}

async fn main_wallet(client: &brlv_core::api::Client) -> String {
    let wallets = client
        .list_wallets(&WalletFilter {
            assets: vec![Asset::EthBaseBrlv],
            addresses: vec![],
        })
        .await
        .unwrap();
    assert_eq!(wallets.len(), 1, "{wallets:?}");
    wallets[0].address.clone()
}

#[tokio::test]
async fn an_order_funded_from_the_balance_completes_and_credits_the_wallet() {
    let sandbox = TestSandbox::start(true).await;
    let client = sandbox.client();
    let main = main_wallet(&client).await;
    let brl_before = client
        .balance(&BalanceAsset::Brl)
        .await
        .unwrap()
        .running_balance;
    let brlv_before = client
        .balance(&BalanceAsset::Brlv)
        .await
        .unwrap()
        .running_balance;
    assert_eq!(brl_before, dec("25000.00"));
    assert_eq!(brl_before.scale(), 2);
    assert_eq!(brlv_before.scale(), 18);

    let quote = client
        .create_quote(&CreateQuote::paying(
            Asset::FiatBrl,
            Asset::EthBaseBrlv,
            dec("100.00"),
        ))
        .await
        .unwrap();
    assert_eq!(quote.target_amount, Some(dec("99.5")));
    assert_eq!(quote.fee_amount, Some(dec("0.5")));
    assert_eq!(quote.fee_asset, Some(Asset::EthBaseBrlv));
    assert!(quote.expiration.unwrap() > sandbox.sandbox.now());

    let order = client
        .create_order(&CreateOrder {
            quote_id: quote.id,
            source_wallet_address: None,
            target_wallet_address: Some(main.clone()),
            target_end_user_pix_key: None,
            source_payment_method: None,
        })
        .await
        .unwrap();
    assert_eq!(order.state, Some(OrderState::Created));
    assert_eq!(order.quote_id, Some(quote.id));
    assert_eq!(order.source_amount(), Some(dec("100.00")));
    assert_eq!(order.brcode, None);
    // Debited at once.
    let brl = client
        .balance(&BalanceAsset::Brl)
        .await
        .unwrap()
        .running_balance;
    assert_eq!(brl, dec("24900.00"));

    sandbox.advance(3);
    let order = client.get_order(order.id).await.unwrap();
    assert_eq!(order.state, Some(OrderState::Completed));
    let brlv = client
        .balance(&BalanceAsset::Brlv)
        .await
        .unwrap()
        .running_balance;
    assert_eq!(brlv - brlv_before, dec("99.5"));
    let orders = client.list_orders().await.unwrap();
    assert_eq!(orders[0].id, order.id, "newest first");
    // The demo's 16 (5 in every state, 11 of the year's trading) and this one.
    assert_eq!(orders.len(), 17);

    // The quote is used up.
    let again = client
        .create_order(&CreateOrder {
            quote_id: quote.id,
            source_wallet_address: None,
            target_wallet_address: Some(main),
            target_end_user_pix_key: None,
            source_payment_method: None,
        })
        .await
        .unwrap_err();
    assert!(again.to_string().contains("quote-already-used"), "{again}");
}

#[tokio::test]
async fn a_brcode_order_carries_a_real_br_code_and_qr() {
    let sandbox = TestSandbox::start(true).await;
    let client = sandbox.client();
    let quote = client
        .create_quote(&CreateQuote::receiving(
            Asset::FiatBrl,
            Asset::EthBaseUsdc,
            dec("100"),
        ))
        .await
        .unwrap();
    let source_amount = quote.source_amount.unwrap();
    let order = client
        .create_order(&CreateOrder {
            quote_id: quote.id,
            source_wallet_address: None,
            target_wallet_address: Some(WHITELISTED_FX_ADDRESS.to_owned()),
            target_end_user_pix_key: None,
            source_payment_method: Some(PaymentMethod::Brcode),
        })
        .await
        .unwrap();
    let brcode = order.brcode.clone().unwrap();
    let parsed = BrCode::parse(&brcode).unwrap();
    assert_eq!(parsed.amount, Some(source_amount));
    brlv_core::pix::verify_payment_code(&brcode, source_amount).unwrap();
    use base64::Engine as _;
    let png = base64::engine::general_purpose::STANDARD
        .decode(order.qr_code_base64.as_ref().unwrap().as_bytes())
        .unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let window = order.expiration().unwrap() - order.created_at().unwrap();
    assert_eq!(window.whole_seconds(), 600);
    // Nothing is debited for a brcode order.
    let brl = client
        .balance(&BalanceAsset::Brl)
        .await
        .unwrap()
        .running_balance;
    assert_eq!(brl, dec("25000.00"));
}

#[tokio::test]
async fn wallets_and_transfers() {
    let sandbox = TestSandbox::start(true).await;
    let client = sandbox.client();
    let main = main_wallet(&client).await;
    let mut metadata = JsonObject::new();
    metadata.insert("team".into(), "ops".into());
    let created = client
        .create_wallet(&CreateWallet {
            wallet_name: "Second Base".into(),
            chain: Some(Chain::EthBase),
            metadata: Some(metadata.clone()),
            ui_enabled: None,
        })
        .await
        .unwrap();
    assert_eq!(
        created.assets,
        vec![Asset::EthBaseBrlv, Asset::EthBaseWbrly]
    );
    brlv_core::address::validate_evm_address(&created.address).unwrap();
    let listed = client
        .list_wallets(&WalletFilter {
            assets: vec![],
            addresses: vec![created.address.clone()],
        })
        .await
        .unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].name.as_deref(), Some("Second Base"));
    assert_eq!(listed[0].ui_enabled, Some(false));
    assert_eq!(listed[0].metadata, Some(metadata));
    let tempo = client
        .list_wallets(&WalletFilter {
            assets: vec![Asset::TempoBrlv],
            addresses: vec![],
        })
        .await
        .unwrap();
    assert_eq!(tempo.len(), 1);

    let transfer = client
        .create_transfer(&CreateTransfer {
            source_address: main.clone(),
            asset: Asset::EthBaseBrlv,
            amount: dec("10.5"),
            target_address: created.address.clone(),
        })
        .await
        .unwrap();
    assert_eq!(transfer.state, Some(TransferState::Created));
    assert_eq!(transfer.tx_hash, None);
    sandbox.advance(2);
    let pending = client
        .list_transfers(&TransferFilter {
            state: Some(TransferState::Pending),
            target_address: Some(created.address.clone()),
            ..TransferFilter::default()
        })
        .await
        .unwrap();
    assert_eq!(pending.len(), 1);
    brlv_core::address::validate_tx_hash(&pending[0].tx_hash.as_ref().unwrap().to_string())
        .unwrap();
    // In flight: taken from the source, not yet at the target.
    let in_flight = sandbox
        .sandbox
        .balance(crate::support::API_KEY, &Asset::EthBaseBrlv)
        .unwrap();
    assert_eq!(in_flight, dec("12490.00"));
    sandbox.advance(8);
    let completed = client
        .list_transfers(&TransferFilter {
            source_address: Some(main.clone()),
            asset: Some(Asset::EthBaseBrlv),
            state: Some(TransferState::Completed),
            ..TransferFilter::default()
        })
        .await
        .unwrap();
    assert!(completed.iter().any(|t| t.id == transfer.id));
    // Own wallet to own wallet: the account's total is unchanged (the demo
    // transfer that was pending at start had been debited already).
    let brlv = sandbox
        .sandbox
        .balance(crate::support::API_KEY, &Asset::EthBaseBrlv)
        .unwrap();
    assert_eq!(brlv, dec("12500.50"));
    let all = client
        .list_transfers(&TransferFilter::default())
        .await
        .unwrap();
    assert!(all.iter().any(|t| t.state == Some(TransferState::Failed)));
    assert!(
        all.iter()
            .any(|t| t.target_address.as_deref() == Some(WHITELISTED_ADDRESS))
    );
}

#[tokio::test]
async fn withdrawals_by_pix_ted_and_token() {
    let sandbox = TestSandbox::start(true).await;
    let client = sandbox.client();
    let pix = client
        .create_withdrawal(&CreateWithdrawal {
            asset: Asset::FiatBrl,
            method: WithdrawalMethod::Pix,
            amount: dec("1000.00"),
            pix_key: Some("+55 11 98765-4321".into()),
            ted_account: None,
            target_address: None,
        })
        .await
        .unwrap();
    assert_eq!(pix.state, Some(WithdrawalState::Created));
    let token = client
        .create_withdrawal(&CreateWithdrawal {
            asset: Asset::EthMainnetUsdt,
            method: WithdrawalMethod::Token,
            amount: dec("100"),
            pix_key: None,
            ted_account: None,
            target_address: Some(WHITELISTED_ADDRESS.into()),
        })
        .await
        .unwrap();
    assert_eq!(token.asset, Some(Asset::EthMainnetUsdt));
    assert_eq!(
        client
            .balance(&BalanceAsset::Brl)
            .await
            .unwrap()
            .running_balance,
        dec("24000.00")
    );
    sandbox.advance(2);
    let brl = client
        .list_withdrawals(Some(&Asset::FiatBrl))
        .await
        .unwrap();
    assert_eq!(brl[0].id, pix.id);
    assert_eq!(brl[0].state, Some(WithdrawalState::PendingPayment));
    assert!(brl.iter().all(|w| w.asset == Some(Asset::FiatBrl)));
    let all = client.list_withdrawals(None).await.unwrap();
    assert_eq!(all.len(), 5);
    let deprecated = client
        .list_asset_withdrawals(&Asset::FiatBrl)
        .await
        .unwrap();
    assert_eq!(deprecated.len(), brl.len());
    assert_eq!(deprecated[0].id, pix.id);
    sandbox.advance(30);
    let done = client
        .list_withdrawals(Some(&Asset::FiatBrl))
        .await
        .unwrap();
    assert_eq!(done[0].state, Some(WithdrawalState::Completed));
}

#[tokio::test]
async fn claims_deposits_and_the_tax_exemption_progress() {
    let sandbox = TestSandbox::start(true).await;
    let client = sandbox.client();
    let main = main_wallet(&client).await;
    let progress_before = client.tax_exemption_progress().await.unwrap();
    assert_eq!(progress_before.limit, Some(dec("35000")));

    assert_eq!(
        client.claimable_balance().await.unwrap().available_balance,
        dec("4450.50")
    );
    assert_eq!(
        client
            .wallet_claimable_balance(&main)
            .await
            .unwrap()
            .available_balance,
        dec("1250.50")
    );
    let claim = client
        .create_claim(&CreateClaim {
            amount: dec("100.00"),
            target_asset_code: ClaimTarget::Brl,
        })
        .await
        .unwrap();
    assert_eq!(claim.status, Some(ClaimStatus::Created));
    assert_eq!(claim.fees, Some(dec("1.00")));
    assert_eq!(claim.tax_amount, Some(dec("0.00")));
    assert_eq!(claim.net_amount, Some(dec("99.00")));
    assert_eq!(
        client
            .balance(&BalanceAsset::Brl)
            .await
            .unwrap()
            .running_balance,
        dec("25099.00")
    );
    // The account form took the oldest certificate (at the account), not the wallet's.
    assert_eq!(
        client
            .wallet_claimable_balance(&main)
            .await
            .unwrap()
            .available_balance,
        dec("1250.50")
    );
    let brlv_before = client
        .balance(&BalanceAsset::Brlv)
        .await
        .unwrap()
        .running_balance;
    let wallet_claim = client
        .create_wallet_claim(
            &main,
            &CreateClaim {
                amount: dec("900.00"),
                target_asset_code: ClaimTarget::Brlv,
            },
        )
        .await
        .unwrap();
    assert_eq!(wallet_claim.net_amount, Some(dec("891.00")));
    assert_eq!(
        client
            .wallet_claimable_balance(&main)
            .await
            .unwrap()
            .available_balance,
        dec("350.50")
    );
    assert_eq!(
        client.claimable_balance().await.unwrap().available_balance,
        dec("3450.50")
    );
    let brlv = client
        .balance(&BalanceAsset::Brlv)
        .await
        .unwrap()
        .running_balance;
    assert_eq!(brlv - brlv_before, dec("891"));

    let progress = client.tax_exemption_progress().await.unwrap();
    assert_eq!(
        progress.claims_amount.unwrap() - progress_before.claims_amount.unwrap(),
        dec("1000.00")
    );
    assert_eq!(
        progress.total_used.unwrap() + progress.remaining.unwrap(),
        dec("35000")
    );

    let deposits = client.list_deposits(&DepositAsset::Brl).await.unwrap();
    assert_eq!(deposits.len(), 3);
    let coordinates = deposits[0].coordinates.clone().unwrap();
    assert!(coordinates.source_tax_id.is_some() && coordinates.target.is_some());
    assert_eq!(deposits[0].status, Some(DepositStatus::Credited));
    assert!(
        client
            .list_deposits(&DepositAsset::Usdc)
            .await
            .unwrap()
            .is_empty()
    );
    let usdc = client
        .balance(&BalanceAsset::Usdc)
        .await
        .unwrap()
        .running_balance;
    assert_eq!(usdc.scale(), 6);
    assert_eq!(usdc, dec("3000"), "2,000 on Base + 1,000 on mainnet");
}

#[tokio::test]
async fn the_client_follows_the_moved_clock_through_the_date_header() {
    let sandbox = TestSandbox::start(false).await;
    let client = sandbox.client();
    client.list_orders().await.unwrap();
    // Two minutes ahead: the client's first token is refused as issued too
    // early, it learns the offset from `Date`, and signs again.
    sandbox.advance(120);
    client.list_orders().await.unwrap();
    assert!(
        (client.clock_offset_secs() - 120).abs() <= 2,
        "{}",
        client.clock_offset_secs()
    );
}
