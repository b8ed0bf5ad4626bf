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
//! - three PIX deposits with their coordinates; the US$1,000.00 held,
//!   deposited twelve months ago (so the dollars' movements explain the
//!   dollars held, as the service refuses `usd` as a balance asset); one
//!   claim this month;
//! - reward certificates worth R$4,450.50: R$1,200.00 at the account, R$800.00
//!   and R$450.50 at "Main wallet", R$2,000.00 at "Treasury".
//!
//! - a year of trading history for the tax report, in Brasília's calendar
//!   months before this one (each at 12:00 Brasília on the day named), priced
//!   as the market stood then (USDC at R$5.00 to R$5.60, wBRLY at R$1.00 to
//!   R$1.08; BRLV always R$1.00; the 0.5 % fee as today):
//!
//!   | month | what | the month against R$35,000 |
//!   |---|---|---|
//!   | 11 months ago | day 5: R$80,000.00 → 79,600 BRLV; day 20: R$25,000.00 → 4,975 USDC (at 5.00) | no sale |
//!   | 10 months ago | day 8: R$10,000.00 → 9,950 wBRLY (at 1.00) | no sale |
//!   | 9 months ago | day 12: 1,000 USDC → R$5,472.50 (at 5.50, R$5,500.00 before the fee) | exempt, a gain |
//!   | 8 months ago | day 15: 500 USDT deposited from outside (no cost known) | no sale |
//!   | 7 months ago | day 10: 2,000 USDC → R$11,144.00 (at 5.60); day 11: 25,000 BRLV → R$24,875.00 | R$36,200.00: taxable, the USDC gain taxed, the BRLV loss not subtracted |
//!   | 5 months ago | day 10: a swap, 500 USDC → 497.5 USDT | a sale of USDC at its value in reais |
//!   | 3 months ago | day 9: 9,950 wBRLY → R$10,692.27 (at 1.08); day 10: 24,254 BRLV → R$24,132.73 | exactly R$35,000.00: exempt |
//!   | 4 months ago | day 10: 1,000 USDC → 995 dollars (USDC and the dollar at 5.35; valued on its day at the PTAX) | a sale of USDC at its value in reais |
//!   | 2 months ago | day 10: 200 USDT → R$1,084.55 (at 5.45) | exempt |
//!   | 1 month ago | day 5: 5,000 BRLV from "Main wallet" to the holder's own wallet elsewhere ([`OWN_COLD_WALLET`]); day 12: 2,000 BRLV paid to a supplier ([`SUPPLIER_ADDRESS`]); day 20: the 5,000 BRLV back to "Main wallet" | the payment a sale at R$1.00 a token; the round trip none, once answered as the holder's own wallet |
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
use brlv_core::api::model::{
    Asset, BankAccountType, Chain, ClaimStatus, DepositCoordinates, OrderState, TedAccount,
    TradeReason, TransferState, WithdrawalState,
};

/// The supplier the demo pays in BRLV (an address outside the service).
pub const SUPPLIER_ADDRESS: &str = "0x4b0897b0513fdc7c541b6d9d7e929c4e5364d2db";

/// The demo holder's own wallet outside the service (self-custody), where
/// BRLV goes and comes back from.
pub const OWN_COLD_WALLET: &str = "0x8ba1f109551bd432803012645ac136ddd64dba72";

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

    match demo_history(&main, &treasury, now) {
        Some(orders) => data.orders.extend(orders),
        None => tracing::warn!("sandbox could not price its demo history"),
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

    // The month before this one: BRLV to the holder's own wallet and back,
    // and a payment to a supplier between (see the table above).
    let history_transfer = |day: u8, units: i64, source: &str, target: &str| {
        let created_at = history_moment(now, 1, day)?;
        Some(TransferRecord {
            id: Uuid::new_v4(),
            asset: Asset::EthBaseBrlv,
            amount: amount(units, 0),
            source_address: source.to_owned(),
            target_address: target.to_owned(),
            tx_hash: Some(random_tx_hash()),
            state: TransferState::Completed,
            state_updated_at: plus_seconds(created_at, TRANSFER_CONFIRM_SECS),
            created_at,
        })
    };
    data.transfers.extend(
        [
            history_transfer(5, 5_000, &main, OWN_COLD_WALLET),
            history_transfer(12, 2_000, &main, SUPPLIER_ADDRESS),
            history_transfer(20, 5_000, OWN_COLD_WALLET, &main),
        ]
        .into_iter()
        .flatten(),
    );

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

    // The dollars held at start arrived once, a year ago: a deposit the
    // lists show, so the money at the service is explained by its movements.
    if let Some(arrived_at) = history_moment(now, 12, 3) {
        data.deposits.push(DepositRecord {
            id: Uuid::new_v4(),
            asset: Asset::FiatUsd,
            kind: "wire".to_owned(),
            amount: amount(100_000, 2),
            coordinates: demo_coordinates("001"),
            created_at: arrived_at,
            processed_at: plus_seconds(arrived_at, 3),
        });
    }

    if let Some(arrived_at) = history_moment(now, 8, 15) {
        data.deposits.push(DepositRecord {
            id: Uuid::new_v4(),
            asset: Asset::EthBaseUsdt,
            kind: "token".to_owned(),
            amount: amount(500, 0),
            coordinates: DepositCoordinates {
                target: Some(treasury.as_str().into()),
                ..DepositCoordinates::default()
            },
            created_at: arrived_at,
            processed_at: plus_seconds(arrived_at, 3),
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

/// Brasília's offset: the demo's history is dated after 2019, when Brazil
/// stopped daylight saving.
const BRASILIA: time::UtcOffset = time::macros::offset!(-3);

/// 12:00 in Brasília on `day` of the month `months_ago` months before `now`'s.
pub(crate) fn history_moment(
    now: OffsetDateTime,
    months_ago: i32,
    day: u8,
) -> Option<OffsetDateTime> {
    let local = now.to_offset(BRASILIA);
    let months = local.year() * 12 + i32::from(u8::from(local.month())) - 1 - months_ago;
    let month = time::Month::try_from(u8::try_from(months.rem_euclid(12) + 1).ok()?).ok()?;
    let date = time::Date::from_calendar_date(months.div_euclid(12), month, day).ok()?;
    Some(
        date.with_hms(12, 0, 0)
            .ok()?
            .assume_offset(BRASILIA)
            .to_offset(time::UtcOffset::UTC),
    )
}

/// A completed order of the history, priced with `prices` (BRL per unit of
/// a ticker; the sandbox's own price for the rest).
fn past_order(
    (source, source_amount): (Asset, Decimal),
    target: Asset,
    at: OffsetDateTime,
    prices: &[(&str, Decimal)],
    delivery: Delivery,
) -> Option<OrderRecord> {
    let price_of = |asset: &Asset| {
        let ticker = asset.ticker();
        prices
            .iter()
            .find(|(known, _)| *known == ticker)
            .map(|(_, price)| *price)
            .or_else(|| rates::brl_price(asset))
    };
    let pricing =
        rates::price_at(&source, &target, FixedSide::Source(source_amount), price_of).ok()?;
    Some(OrderRecord {
        id: Uuid::new_v4(),
        quote_id: Uuid::new_v4(),
        state: OrderState::Completed,
        state_updated_at: plus_seconds(at, 2),
        created_at: at,
        source_asset: source,
        target_asset: target,
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

/// The year of history in this module's doc, oldest first.
fn demo_history(main: &str, treasury: &str, now: OffsetDateTime) -> Option<Vec<OrderRecord>> {
    let usdc = |units: i64| (Asset::EthBaseUsdc, amount(units, 0));
    let brl = |cents: i64| (Asset::FiatBrl, amount(cents, 2));
    let to_main = || Delivery::OwnWallet(main.to_owned());
    let usd_at = |cents: i64| [("USDC", amount(cents, 2)), ("USDT", amount(cents, 2))];
    let wbrly_at = |cents: i64| [("WBRLY", amount(cents, 2))];
    let at = |months_ago: i32, day: u8| history_moment(now, months_ago, day);
    Some(vec![
        past_order(
            brl(8_000_000),
            Asset::EthBaseBrlv,
            at(11, 5)?,
            &[],
            to_main(),
        )?,
        past_order(
            brl(2_500_000),
            Asset::EthBaseUsdc,
            at(11, 20)?,
            &usd_at(500),
            to_main(),
        )?,
        past_order(
            brl(1_000_000),
            Asset::EthBaseWbrly,
            at(10, 8)?,
            &wbrly_at(100),
            to_main(),
        )?,
        past_order(
            usdc(1_000),
            Asset::FiatBrl,
            at(9, 12)?,
            &usd_at(550),
            Delivery::AccountBalance,
        )?,
        past_order(
            usdc(2_000),
            Asset::FiatBrl,
            at(7, 10)?,
            &usd_at(560),
            Delivery::AccountBalance,
        )?,
        past_order(
            (Asset::EthBaseBrlv, amount(25_000, 0)),
            Asset::FiatBrl,
            at(7, 11)?,
            &[],
            Delivery::AccountBalance,
        )?,
        past_order(
            usdc(500),
            Asset::EthMainnetUsdt,
            at(5, 10)?,
            &usd_at(540),
            Delivery::OwnWallet(treasury.to_owned()),
        )?,
        past_order(
            (Asset::EthBaseWbrly, amount(9_950, 0)),
            Asset::FiatBrl,
            at(3, 9)?,
            &wbrly_at(108),
            Delivery::AccountBalance,
        )?,
        past_order(
            (Asset::EthBaseBrlv, amount(24_254, 0)),
            Asset::FiatBrl,
            at(3, 10)?,
            &[],
            Delivery::AccountBalance,
        )?,
        past_order(
            usdc(1_000),
            Asset::FiatUsd,
            at(4, 10)?,
            &[("USDC", amount(535, 2)), ("USD", amount(535, 2))],
            Delivery::AccountBalance,
        )?,
        past_order(
            (Asset::EthMainnetUsdt, amount(200, 0)),
            Asset::FiatBrl,
            at(2, 10)?,
            &usd_at(545),
            Delivery::AccountBalance,
        )?,
    ])
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
            brcode: brlv_core::pix::build_brcode(&super::orders::brcode_spec(
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
/// withdrawals and PIX deposits, spread over the year before the oldest
/// demo record (so what is in motion stays the newest). Balances are not
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
    // Spread over a year, ending a day before the oldest demo record (the
    // demo's own year of trading is newer, and what is in motion newest).
    let span = 365 * DAY;
    let step = (span / i64::try_from(count).unwrap_or(i64::MAX)).max(1);
    let oldest = data
        .orders
        .iter()
        .map(|order| order.created_at)
        .min()
        .map_or(plus_seconds(now, -4 * DAY), |oldest| {
            plus_seconds(oldest, -DAY)
        });
    let oldest = whole_seconds(oldest);
    let moment = |index: usize| {
        let back = span - step * i64::try_from(index).unwrap_or(0);
        plus_seconds(oldest, -back)
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
