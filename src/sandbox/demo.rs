//! Demo data, so a first run shows a live dashboard.
//!
//! Every account registered without `--empty` starts with:
//! - balances: R$25,000.00 and US$1,000.00; wallet "Main wallet" (eth-base)
//!   with 12,500.50 BRLV, 300 wBRLY and 2,000 USDC; "Treasury" (eth-mainnet)
//!   with 5,000 BRLV, 1,000 USDC and 500 USDT; "Tempo payments" (tempo) with
//!   750 BRLV;
//! - orders in each state: a brcode order awaiting payment (its window ends
//!   `order_expiry` after start), two completed, one expired, one
//!   payment-returned;
//! - transfers completed, failed, pending (completes a few seconds after start)
//!   and just created; withdrawals completed, pending-payment and created;
//! - three PIX deposits with their coordinates; one claim this month;
//! - reward certificates worth R$4,450.50: R$1,200.00 at the account, R$800.00
//!   and R$450.50 at "Main wallet", R$2,000.00 at "Treasury".
//!
//! Records dated in the past are already reflected in the balances above; the
//! ones still in motion follow the normal timings from the start.

use std::time::Duration;

use rust_decimal::Decimal;
use serde_json::{Map, Value};
use time::OffsetDateTime;
use uuid::Uuid;

use super::clock::{plus, plus_seconds, whole_micros, whole_seconds};
use super::defaults::{DEMO_TAX_ID, SANDBOX_RECEIVING_PIX_KEY, WHITELISTED_ADDRESS};
use super::ledger::Holder;
use super::orders::issue_brcode;
use super::rates::{self, FixedSide};
use super::records::{
    ClaimRecord, Delivery, DepositRecord, Funding, OrderRecord, Payout, RewardCertificate,
    TransferRecord, WalletRecord, WithdrawalRecord, default_assets, random_address, random_tx_hash,
};
use super::state::{
    AccountData, TRANSFER_CONFIRM_SECS, TRANSFER_SUBMIT_SECS, WITHDRAWAL_PAYOUT_SECS,
    WITHDRAWAL_PROCESS_SECS,
};
use crate::api::model::{
    Asset, BankAccountType, Chain, ClaimStatus, DepositCoordinates, OrderState, TedAccount,
    TradeReason, TransferState, WithdrawalState,
};

const MINUTE: i64 = 60;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;

fn amount(units: i64, scale: u32) -> Decimal {
    Decimal::new(units, scale)
}

/// Fills `data` with the demo records described in this module's doc.
pub(crate) fn seed(data: &mut AccountData, now: OffsetDateTime, order_expiry: Duration) {
    let now = whole_seconds(now);
    let ago = |seconds: i64| plus_seconds(now, -seconds);

    let main = wallet(data, "Main wallet", Chain::EthBase, true);
    let treasury = wallet(data, "Treasury", Chain::EthMainnet, false);
    let tempo = wallet(data, "Tempo payments", Chain::Tempo, false);
    let holdings = [
        (Holder::Account, Asset::FiatBrl, amount(2_500_000, 2)),
        (Holder::Account, Asset::FiatUsd, amount(100_000, 2)),
        (
            Holder::wallet(&main),
            Asset::EthBaseBrlv,
            amount(1_250_050, 2),
        ),
        (Holder::wallet(&main), Asset::EthBaseWbrly, amount(300, 0)),
        (Holder::wallet(&main), Asset::EthBaseUsdc, amount(2_000, 0)),
        (
            Holder::wallet(&treasury),
            Asset::EthMainnetBrlv,
            amount(5_000, 0),
        ),
        (
            Holder::wallet(&treasury),
            Asset::EthMainnetUsdc,
            amount(1_000, 0),
        ),
        (
            Holder::wallet(&treasury),
            Asset::EthMainnetUsdt,
            amount(500, 0),
        ),
        (Holder::wallet(&tempo), Asset::TempoBrlv, amount(750, 0)),
    ];
    for (holder, asset, value) in holdings {
        // Seed amounts are small constants; a credit cannot overflow.
        let _ = data.ledger.credit(&holder, &asset, value);
    }

    match demo_orders(&main, now, order_expiry) {
        Some(orders) => data.orders.extend(orders),
        None => tracing::warn!("sandbox could not price its demo orders"),
    }

    let transfer = |created_at: OffsetDateTime,
                    asset: Asset,
                    units: Decimal,
                    target: String,
                    state: TransferState| {
        let tx_hash =
            matches!(state, TransferState::Pending | TransferState::Completed).then(random_tx_hash);
        TransferRecord {
            id: Uuid::new_v4(),
            asset,
            amount: units,
            source_address: main.clone(),
            target_address: target,
            tx_hash,
            state_updated_at: match state {
                TransferState::Completed => plus_seconds(created_at, TRANSFER_CONFIRM_SECS),
                TransferState::Pending | TransferState::Failed => {
                    plus_seconds(created_at, TRANSFER_SUBMIT_SECS)
                }
                _ => created_at,
            },
            state,
            created_at,
        }
    };
    data.transfers.extend([
        transfer(
            ago(DAY),
            Asset::EthBaseBrlv,
            amount(150, 0),
            WHITELISTED_ADDRESS.to_owned(),
            TransferState::Completed,
        ),
        transfer(
            ago(12 * HOUR),
            Asset::EthBaseWbrly,
            amount(10_000, 0),
            random_address(),
            TransferState::Failed,
        ),
        transfer(
            ago(4),
            Asset::EthBaseBrlv,
            amount(2_500, 2),
            WHITELISTED_ADDRESS.to_owned(),
            TransferState::Pending,
        ),
        transfer(
            ago(1),
            Asset::EthBaseWbrly,
            amount(5, 0),
            random_address(),
            TransferState::Created,
        ),
    ]);

    let withdrawal = |created_at: OffsetDateTime,
                      asset: Asset,
                      units: Decimal,
                      payout: Payout,
                      state: WithdrawalState| {
        WithdrawalRecord {
            id: Uuid::new_v4(),
            asset,
            amount: units,
            payout,
            state_updated_at: match state {
                WithdrawalState::Completed => plus_seconds(created_at, WITHDRAWAL_PAYOUT_SECS),
                WithdrawalState::PendingPayment => {
                    plus_seconds(created_at, WITHDRAWAL_PROCESS_SECS)
                }
                _ => created_at,
            },
            state,
            created_at,
        }
    };
    data.withdrawals.extend([
        withdrawal(
            ago(2 * DAY),
            Asset::FiatBrl,
            amount(50_000, 2),
            Payout::Pix {
                pix_key: "financeiro@example.com.br".to_owned(),
            },
            WithdrawalState::Completed,
        ),
        withdrawal(
            ago(10),
            Asset::FiatBrl,
            amount(120_000, 2),
            Payout::Ted(TedAccount {
                bank_code: "341".to_owned(),
                branch: "0001".to_owned(),
                account: "12345-6".to_owned(),
                account_type: BankAccountType::Checking,
                document: DEMO_TAX_ID.to_owned(),
                name: "Titular da Conta Demo".to_owned(),
            }),
            WithdrawalState::PendingPayment,
        ),
        withdrawal(
            ago(0),
            Asset::EthBaseUsdc,
            amount(50, 0),
            Payout::Token {
                source_address: main.clone(),
                target_address: WHITELISTED_ADDRESS.to_owned(),
            },
            WithdrawalState::Created,
        ),
    ]);

    for (age, cents, bank) in [
        (3 * DAY, 500_000, "260"),
        (DAY, 125_075, "341"),
        (2 * HOUR, 30_000, "001"),
    ] {
        let created_at = ago(age);
        data.deposits.push(DepositRecord {
            id: Uuid::new_v4(),
            asset: Asset::FiatBrl,
            kind: "pix".to_owned(),
            amount: amount(cents, 2),
            coordinates: demo_coordinates(bank),
            created_at,
            processed_at: plus_seconds(created_at, 3),
        });
    }

    let claimed_at = whole_micros(plus_seconds(now, -HOUR));
    data.claims.push(ClaimRecord {
        id: Uuid::new_v4(),
        gross_amount: amount(100_000, 2),
        net_amount: amount(99_000, 2),
        tax_amount: Decimal::ZERO,
        fees: amount(1_000, 2),
        status: ClaimStatus::Completed,
        created_at: claimed_at,
        updated_at: claimed_at,
    });

    for (wallet, cents, age) in [
        (None, 120_000, 60 * DAY),
        (Some(main.clone()), 80_000, 45 * DAY),
        (Some(main.clone()), 45_050, 30 * DAY),
        (Some(treasury.clone()), 200_000, 20 * DAY),
    ] {
        data.certificates.push(RewardCertificate {
            wallet,
            remaining: amount(cents, 2),
            issued_at: ago(age),
        });
    }
}

/// The payer of a demo deposit: the account holder's own bank account.
pub(crate) fn demo_coordinates(bank_code: &str) -> DepositCoordinates {
    DepositCoordinates {
        source_tax_id: Some(DEMO_TAX_ID.into()),
        source_bank_code: Some(bank_code.into()),
        source_type: Some("CACC".into()),
        source_account_number: Some("12345678".into()),
        source_branch_code: Some("0001".into()),
        target: Some(SANDBOX_RECEIVING_PIX_KEY.into()),
    }
}

fn wallet(data: &mut AccountData, name: &str, chain: Chain, ui_enabled: bool) -> String {
    let address = random_address();
    let mut metadata = Map::new();
    metadata.insert("seeded".to_owned(), Value::Bool(true));
    data.wallets.push(WalletRecord {
        name: name.to_owned(),
        address: address.clone(),
        default_assets: default_assets(&chain),
        chain,
        ui_enabled,
        metadata,
    });
    address
}

/// A demo order priced like a real quote; `None` if pricing refuses it (it cannot for these constants).
fn order(
    source: Asset,
    target: Asset,
    source_amount: Decimal,
    created_at: OffsetDateTime,
    state: OrderState,
    delivery: Delivery,
) -> Option<OrderRecord> {
    let pricing = rates::price(&source, &target, FixedSide::Source(source_amount)).ok()?;
    Some(OrderRecord {
        id: Uuid::new_v4(),
        quote_id: Uuid::new_v4(),
        state,
        state_updated_at: plus_seconds(created_at, 2),
        created_at,
        source_asset: source,
        target_asset: target.clone(),
        source_amount: pricing.source_amount,
        target_amount: pricing.target_amount,
        base_rate: pricing.base_rate,
        effective_rate: pricing.effective_rate,
        fee_amount: pricing.fee_amount,
        brl_value: pricing.brl_value,
        expiration: None,
        funding: Funding::AccountBalance,
        delivery,
        trade_reason: None,
    })
}

/// Orders in each state: completed (two), expired, payment-returned, and one
/// awaiting payment whose window ends `order_expiry` after `now`.
fn demo_orders(
    main: &str,
    now: OffsetDateTime,
    order_expiry: Duration,
) -> Option<Vec<OrderRecord>> {
    let ago = |seconds: i64| plus_seconds(now, -seconds);
    let to_main = || Delivery::OwnWallet(main.to_owned());
    let brlv_order = |created_at: OffsetDateTime, brl: Decimal, state: OrderState| {
        order(
            Asset::FiatBrl,
            Asset::EthBaseBrlv,
            brl,
            created_at,
            state,
            to_main(),
        )
    };
    let completed = brlv_order(ago(3 * DAY), amount(100_000, 2), OrderState::Completed)?;
    let sold_usdc = order(
        Asset::EthBaseUsdc,
        Asset::FiatBrl,
        amount(100, 0),
        ago(2 * DAY),
        OrderState::Completed,
        Delivery::AccountBalance,
    )?;
    let mut expired = order(
        Asset::FiatBrl,
        Asset::EthBaseUsdc,
        amount(54_000, 2),
        ago(DAY),
        OrderState::Expired,
        to_main(),
    )?;
    // What the service's own client declares on BRL↔USDC quotes.
    expired.trade_reason = Some(TradeReason::PurchaseOrSaleOfComputingServices);
    let expired_at = plus(expired.created_at, order_expiry);
    make_brcode(&mut expired, expired_at);
    expired.state_updated_at = whole_seconds(expired_at);
    let mut returned = brlv_order(ago(5 * HOUR), amount(7_500, 2), OrderState::PaymentReturned)?;
    let returned_at = plus(returned.created_at, order_expiry);
    make_brcode(&mut returned, returned_at);
    returned.state_updated_at = plus_seconds(whole_seconds(returned_at), 20 * MINUTE);
    let mut awaiting = brlv_order(ago(MINUTE), amount(25_000, 2), OrderState::Created)?;
    awaiting.state_updated_at = awaiting.created_at;
    make_brcode(&mut awaiting, plus(now, order_expiry));
    Some(vec![completed, sold_usdc, expired, returned, awaiting])
}

/// Turns a demo order into a brcode order with the given funding window end.
fn make_brcode(order: &mut OrderRecord, expiration: OffsetDateTime) {
    order.expiration = Some(whole_seconds(expiration));
    order.funding = issue_brcode(order.id, order.source_amount).unwrap_or_else(|error| {
        tracing::warn!(%error, "sandbox could not render a demo QR code");
        Funding::Brcode {
            brcode: crate::pix::build_brcode(&super::orders::brcode_spec(
                order.id,
                order.source_amount,
            )),
            qr_code_base64: String::new(),
        }
    });
}

/// The most records of each kind one seeding may add.
pub(crate) const MAX_SEEDED_RECORDS: usize = 5_000_000;

/// Adds a big account's history: `count` completed orders, transfers,
/// withdrawals and PIX deposits, spread over the year before the demo
/// records (so what is in motion stays the newest). Balances are not
/// touched: this is history, as if already reflected in them. Records are
/// cloned from a few priced templates, so a million take a second or two.
pub(crate) fn seed_history(data: &mut AccountData, now: OffsetDateTime, count: usize) {
    let count = count.min(MAX_SEEDED_RECORDS);
    if count == 0 {
        return;
    }
    let now = whole_seconds(now);
    let main = data
        .wallets
        .first()
        .map_or_else(random_address, |wallet| wallet.address.clone());
    let templates: Vec<OrderRecord> = [(10_000, 2), (25_050, 2), (1_234_567, 2), (99, 0)]
        .into_iter()
        .filter_map(|(units, scale)| {
            order(
                Asset::FiatBrl,
                Asset::EthBaseBrlv,
                amount(units, scale),
                now,
                OrderState::Completed,
                Delivery::OwnWallet(main.clone()),
            )
        })
        .collect();
    // Spread over a year, ending four days ago (before every demo record).
    let span = 365 * DAY;
    let step = (span / i64::try_from(count).unwrap_or(i64::MAX)).max(1);
    let moment = |index: usize| {
        let back = 4 * DAY + span - step * i64::try_from(index).unwrap_or(0);
        plus_seconds(now, -back)
    };
    let orders = (0..count).filter_map(|index| {
        let template = templates.get(index % templates.len().max(1))?;
        let created_at = moment(index);
        Some(OrderRecord {
            id: Uuid::new_v4(),
            quote_id: Uuid::new_v4(),
            created_at,
            state_updated_at: plus_seconds(created_at, 2),
            ..template.clone()
        })
    });
    data.orders.splice(0..0, orders);
    let transfers = (0..count).map(|index| {
        let created_at = moment(index);
        TransferRecord {
            id: Uuid::new_v4(),
            asset: Asset::EthBaseBrlv,
            amount: amount(i64::try_from(index % 10_000).unwrap_or(0) + 1, 2),
            source_address: main.clone(),
            target_address: WHITELISTED_ADDRESS.to_owned(),
            tx_hash: Some(random_tx_hash()),
            state: TransferState::Completed,
            state_updated_at: plus_seconds(created_at, TRANSFER_CONFIRM_SECS),
            created_at,
        }
    });
    data.transfers.splice(0..0, transfers);
    let withdrawals = (0..count).map(|index| {
        let created_at = moment(index);
        WithdrawalRecord {
            id: Uuid::new_v4(),
            asset: Asset::FiatBrl,
            amount: amount(i64::try_from(index % 100_000).unwrap_or(0) + 100, 2),
            payout: Payout::Pix {
                pix_key: "financeiro@example.com.br".to_owned(),
            },
            state: WithdrawalState::Completed,
            state_updated_at: plus_seconds(created_at, WITHDRAWAL_PAYOUT_SECS),
            created_at,
        }
    });
    data.withdrawals.splice(0..0, withdrawals);
    let coordinates = demo_coordinates("260");
    let deposits = (0..count).map(|index| {
        let created_at = moment(index);
        DepositRecord {
            id: Uuid::new_v4(),
            asset: Asset::FiatBrl,
            kind: "pix".to_owned(),
            amount: amount(i64::try_from(index % 100_000).unwrap_or(0) + 1_000, 2),
            coordinates: coordinates.clone(),
            created_at,
            processed_at: plus_seconds(created_at, 3),
        }
    });
    data.deposits.splice(0..0, deposits);
}
