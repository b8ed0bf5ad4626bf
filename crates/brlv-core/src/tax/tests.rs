//! Worked examples, each figure computed by hand in the test's comments.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use rust_decimal::Decimal;
use serde_json::json;
use time::macros::{date, datetime};
use time::{Date, OffsetDateTime};
use uuid::Uuid;

use super::calendar::{DayOff, Holiday, NoBanking, darf_due, day_off, easter, is_business_day};
use super::input::{DepositList, ServicePrice};
use super::ledger::{EntryKind, Flags, ValueSource};
use super::months::compare_with_service;
use super::ptax::{DollarRate, DollarRates};
use super::*;
use crate::api::UtcMicros;
use crate::api::model::{
    Claim, ClaimTarget, Deposit, DepositAsset, Order, TaxExemptionProgress, Transfer, Wallet,
    Withdrawal,
};

fn dec(text: &str) -> Decimal {
    text.parse().unwrap()
}

fn stamp(moment: OffsetDateTime) -> String {
    crate::api::timestamp::format(&moment)
}

/// A completed order; the fee in the target asset unless `fee_asset` says.
fn order(
    id: u128,
    completed: OffsetDateTime,
    (source, paid): (&str, &str),
    (target, received): (&str, &str),
    (fee, fee_asset): (&str, &str),
) -> Order {
    serde_json::from_value(json!({
        "id": Uuid::from_u128(id),
        "state": "completed",
        "created-at": stamp(completed - time::Duration::seconds(2)),
        "state-updated-at": stamp(completed),
        "source-asset": source,
        "target-asset": target,
        "source-amount": paid,
        "target-amount": received,
        "fee-amount": fee,
        "fee-asset": fee_asset,
    }))
    .unwrap()
}

fn buy(id: u128, at: OffsetDateTime, brl: &str, token: &str, received: &str) -> Order {
    order(id, at, ("fiat/brl", brl), (token, received), ("0", token))
}

fn sell(id: u128, at: OffsetDateTime, token: &str, sold: &str, brl: &str, fee: &str) -> Order {
    order(id, at, (token, sold), ("fiat/brl", brl), (fee, "fiat/brl"))
}

/// The lists of one test, owned, lent to the ledger.
#[derive(Default)]
struct Account {
    orders: Vec<Order>,
    transfers: Vec<Transfer>,
    withdrawals: Vec<Withdrawal>,
    usdt_deposits: Vec<Deposit>,
    claims: Vec<ClaimMade>,
    wallets: Vec<Wallet>,
    typed: TypedValues,
    prices: ServicePrices,
    dollar_rates: DollarRates,
}

impl Account {
    fn ledger(&self) -> Ledger {
        let deposits = [DepositList {
            asset: &DepositAsset::Usdt,
            deposits: &self.usdt_deposits,
        }];
        build(&self.input(&deposits))
    }

    fn input<'a>(&'a self, deposits: &'a [DepositList<'a>]) -> LedgerInput<'a> {
        LedgerInput {
            orders: &self.orders,
            transfers: &self.transfers,
            withdrawals: &self.withdrawals,
            deposits,
            claims: &self.claims,
            wallets: &self.wallets,
            typed: &self.typed,
            prices: &self.prices,
            dollar_rates: &self.dollar_rates,
        }
    }

    fn months(&self, last: YearMonth) -> Vec<MonthReport> {
        month_reports(&self.ledger(), &self.typed, last)
    }
}

fn month(year: i32, month: u8) -> YearMonth {
    YearMonth::new(year, month).unwrap()
}

fn report_of(reports: &[MonthReport], wanted: YearMonth) -> &MonthReport {
    reports
        .iter()
        .find(|report| report.month == wanted)
        .unwrap()
}

const OWN: &str = "0x1111111111111111111111111111111111111111";
const OTHER_OWN: &str = "0x2222222222222222222222222222222222222222";
const SOMEONE: &str = "0x3333333333333333333333333333333333333333";
const FRIEND: &str = "0x5555555555555555555555555555555555555555";

fn wallet(address: &str) -> Wallet {
    serde_json::from_value(json!({"name": "w", "address": address})).unwrap()
}

// ---------------------------------------------------------------------------
// Calendar
// ---------------------------------------------------------------------------

#[test]
fn easter_falls_on_the_known_sundays() {
    assert_eq!(easter(2017), Some(date!(2017 - 04 - 16)));
    assert_eq!(easter(2018), Some(date!(2018 - 04 - 01)));
    assert_eq!(easter(2024), Some(date!(2024 - 03 - 31)));
    assert_eq!(easter(2025), Some(date!(2025 - 04 - 20)));
    assert_eq!(easter(2026), Some(date!(2026 - 04 - 05)));
}

#[test]
fn january_2017_is_due_on_24_february_across_a_weekend_and_carnival() {
    // February 2017 ends on Tuesday the 28th: Carnival Tuesday (Easter 16
    // April − 47 days); Monday the 27th is Carnival Monday; the 25th and
    // 26th are a weekend. The last business day is Friday the 24th.
    assert_eq!(
        day_off(date!(2017 - 02 - 28)),
        Some(DayOff::NoBanking(NoBanking::CarnivalTuesday))
    );
    assert_eq!(
        day_off(date!(2017 - 02 - 27)),
        Some(DayOff::NoBanking(NoBanking::CarnivalMonday))
    );
    assert_eq!(darf_due(month(2017, 1)), Some(date!(2017 - 02 - 24)));
}

#[test]
fn due_dates_step_back_over_good_friday_year_end_and_weekends() {
    // March 2018: Saturday the 31st, Good Friday the 30th (Easter 1 April):
    // Thursday the 29th.
    assert_eq!(darf_due(month(2018, 2)), Some(date!(2018 - 03 - 29)));
    // December 2025: Wednesday the 31st has no banking: Tuesday the 30th.
    assert_eq!(darf_due(month(2025, 11)), Some(date!(2025 - 12 - 30)));
    // May 2026: Sunday the 31st, Saturday the 30th: Friday the 29th.
    assert_eq!(darf_due(month(2026, 4)), Some(date!(2026 - 05 - 29)));
    // March 2026 ends on a Tuesday that is a business day.
    assert_eq!(darf_due(month(2026, 2)), Some(date!(2026 - 03 - 31)));
}

#[test]
fn twentieth_of_november_is_a_holiday_from_2024_only() {
    assert_eq!(
        day_off(date!(2024 - 11 - 20)),
        Some(DayOff::Holiday(Holiday::BlackConsciousness))
    );
    // Monday 20 November 2023: before Lei 14.759/2023 took effect.
    assert!(is_business_day(date!(2023 - 11 - 20)));
    assert_eq!(
        day_off(date!(2026 - 06 - 04)),
        Some(DayOff::NoBanking(NoBanking::CorpusChristi))
    );
}

// ---------------------------------------------------------------------------
// Brasília's months
// ---------------------------------------------------------------------------

#[test]
fn a_sale_late_at_night_on_the_last_day_counts_in_brasilias_month() {
    // 02:30 UTC on 1 April is 23:30 on 31 March in Brasília (UTC−3).
    let late = datetime!(2026-04-01 02:30 UTC);
    assert_eq!(YearMonth::in_brasilia(late), month(2026, 3));
    // In the summer of 2017–2018 Brasília kept daylight saving (UTC−2):
    // 02:30 UTC on 1 February 2018 was 00:30 on 1 February there.
    assert_eq!(
        YearMonth::in_brasilia(datetime!(2018-02-01 02:30 UTC)),
        month(2018, 2)
    );
    assert_eq!(
        brasilia::offset_at(datetime!(2018-02-01 02:30 UTC)).whole_hours(),
        -2
    );
}

// ---------------------------------------------------------------------------
// The exemption line, fees, gains
// ---------------------------------------------------------------------------

/// Bought in January: R$40,000.00 paid for 39,800 BRLV (a fee of 200 BRLV
/// kept by the service: the purchase costs the reais paid). In February,
/// 30,000 BRLV sold for `received` reais after a R$175.00 fee.
fn at_the_line(received: &str) -> Account {
    Account {
        orders: vec![
            order(
                1,
                datetime!(2026-01-05 15:00 UTC),
                ("fiat/brl", "40000.00"),
                ("eth-base/brlv", "39800"),
                ("200", "eth-base/brlv"),
            ),
            sell(
                2,
                datetime!(2026-02-10 15:00 UTC),
                "eth-base/brlv",
                "30000",
                received,
                "175.00",
            ),
        ],
        ..Account::default()
    }
}

#[test]
fn a_month_at_exactly_35000_is_exempt() {
    let account = at_the_line("34825.00");
    let reports = account.months(month(2026, 3));
    let february = report_of(&reports, month(2026, 2));
    // Sale value before the fee: 34,825.00 + 175.00 = 35,000.00.
    assert_eq!(february.sales_brl, dec("35000.00"));
    assert!(february.exempt);
    // Cost: 40,000.00 × 30,000 / 39,800 = 30,150.7537… → 30,150.75.
    // Gain: 35,000.00 − 175.00 − 30,150.75 = 4,674.25.
    assert_eq!(february.gain_brl, dec("4674.25"));
    assert_eq!(february.exempt_gain_brl, dec("4674.25"));
    assert_eq!(february.tax_brl, Decimal::ZERO);
    assert_eq!(february.darf, None);
}

#[test]
fn one_centavo_over_35000_makes_the_months_gain_taxable() {
    let account = at_the_line("34825.01");
    let reports = account.months(month(2026, 3));
    let february = report_of(&reports, month(2026, 2));
    assert_eq!(february.sales_brl, dec("35000.01"));
    assert!(!february.exempt);
    // Gain 4,674.26 at 15 %: 701.139 → 701.14, due 31 March 2026.
    assert_eq!(february.taxable_gain_brl, dec("4674.26"));
    assert_eq!(february.tax_brl, dec("701.14"));
    let darf = february.darf.as_ref().unwrap();
    assert_eq!(darf.code, "4600");
    assert_eq!(darf.amount_brl, dec("701.14"));
    assert_eq!(darf.due, Some(date!(2026 - 03 - 31)));
    assert_eq!(february.exempt_gain_brl, Decimal::ZERO);
}

#[test]
fn the_purchase_fee_is_in_the_cost_and_the_sale_fee_lowers_the_gain() {
    let ledger = at_the_line("34825.00").ledger();
    let bought = &ledger.entries[0];
    assert_eq!(bought.kind, EntryKind::Buy);
    // 39,800 BRLV at R$40,000.00: 1.0050251256… each.
    assert_eq!(bought.total_cost_after, dec("40000.00"));
    assert_eq!(bought.average_cost_after(), dec("1.0050251256"));
    let sold = &ledger.entries[1];
    assert_eq!(sold.kind, EntryKind::Sell);
    assert_eq!(sold.value_brl, dec("35000.00"));
    assert_eq!(sold.cost_brl, dec("30150.75"));
    assert_eq!(sold.gain_brl, dec("4674.25"));
    // 9,800 BRLV left at 40,000.00 − 30,150.75 = 9,849.25: the average holds.
    assert_eq!(sold.quantity_after, dec("9800"));
    assert_eq!(sold.total_cost_after, dec("9849.25"));
    assert_eq!(sold.average_cost_after(), dec("1.0050255102"));
}

#[test]
fn a_loss_on_one_asset_is_shown_but_not_subtracted_from_anothers_gain() {
    let account = Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-01-05 12:00 UTC),
                "20000.00",
                "eth-base/brlv",
                "20000",
            ),
            buy(
                2,
                datetime!(2026-01-06 12:00 UTC),
                "10000.00",
                "eth-base/usdc",
                "2000",
            ),
            sell(
                3,
                datetime!(2026-02-03 12:00 UTC),
                "eth-base/brlv",
                "20000",
                "27000.00",
                "0",
            ),
            sell(
                4,
                datetime!(2026-02-04 12:00 UTC),
                "eth-base/usdc",
                "2000",
                "9000.00",
                "0",
            ),
        ],
        ..Account::default()
    };
    let reports = account.months(month(2026, 2));
    let february = report_of(&reports, month(2026, 2));
    // Sales 27,000 + 9,000 = 36,000: taxable. BRLV gains 7,000, USDC loses 1,000.
    assert_eq!(february.sales_brl, dec("36000.00"));
    assert!(!february.exempt);
    assert_eq!(february.gain_brl, dec("6000.00"));
    assert_eq!(february.taxable_gain_brl, dec("7000.00"));
    // 15 % of 7,000.00, the loss not subtracted.
    assert_eq!(february.tax_brl, dec("1050.00"));
    let usdc = february
        .assets
        .iter()
        .find(|asset| asset.gain_brl < Decimal::ZERO)
        .unwrap();
    assert_eq!(usdc.gain_brl, dec("-1000.00"));
    assert!(usdc.sold());
}

#[test]
fn parcels_above_five_million_are_taxed_at_their_own_rates() {
    // 5,000,000 × 15 % + 1,000,000 × 17.5 % = 750,000 + 175,000.
    assert_eq!(tax_on_gain(dec("6000000")), dec("925000.00"));
    // + 5M × 17.5 % + 20M × 20 % + 1M × 22.5 %.
    assert_eq!(tax_on_gain(dec("31000000")), dec("5850000.00"));
    assert_eq!(tax_on_gain(dec("5000000")), dec("750000.00"));
    assert_eq!(tax_on_gain(dec("-10")), Decimal::ZERO);
    // Through the ledger: 7,000,000 BRLV bought at 1.00 and sold at 2.00
    // (R$14,000,000.00): a gain of 7,000,000.00.
    let account = Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-01-05 12:00 UTC),
                "7000000.00",
                "eth-base/brlv",
                "7000000",
            ),
            sell(
                2,
                datetime!(2026-01-20 12:00 UTC),
                "eth-base/brlv",
                "7000000",
                "14000000.00",
                "0",
            ),
        ],
        ..Account::default()
    };
    let january = account.months(month(2026, 1)).remove(0);
    // 750,000 + 2,000,000 × 17.5 % = 750,000 + 350,000.
    assert_eq!(january.tax_brl, dec("1100000.00"));
}

#[test]
fn a_darf_under_ten_reais_is_carried_until_the_total_reaches_ten() {
    let account = Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-01-05 12:00 UTC),
                "100000.00",
                "eth-base/brlv",
                "100000",
            ),
            // Each: 36,000 BRLV (cost 36,000.00) sold for 36,040.00: a gain
            // of 40.00, taxable (over 35,000), 15 % = 6.00 < 10.00.
            sell(
                2,
                datetime!(2026-02-10 12:00 UTC),
                "eth-base/brlv",
                "36000",
                "36040.00",
                "0",
            ),
            sell(
                3,
                datetime!(2026-04-10 12:00 UTC),
                "eth-base/brlv",
                "36000",
                "36040.00",
                "0",
            ),
        ],
        ..Account::default()
    };
    let reports = account.months(month(2026, 5));
    let february = report_of(&reports, month(2026, 2));
    assert_eq!(february.tax_brl, dec("6.00"));
    assert_eq!(february.darf, None);
    assert_eq!(february.carried_out_brl, dec("6.00"));
    // March has no tax: the 6.00 waits.
    let march = report_of(&reports, month(2026, 3));
    assert_eq!(march.carried_in_brl, dec("6.00"));
    assert_eq!(march.darf, None);
    // April: 6.00 + 6.00 = 12.00, paid by April's due date (29 May 2026).
    let april = report_of(&reports, month(2026, 4));
    let darf = april.darf.as_ref().unwrap();
    assert_eq!(darf.amount_brl, dec("12.00"));
    assert_eq!(darf.due, Some(date!(2026 - 05 - 29)));
    assert_eq!(april.carried_out_brl, Decimal::ZERO);
}

// ---------------------------------------------------------------------------
// Swaps, prices, typed values
// ---------------------------------------------------------------------------

/// 995 USDC bought for R$5,400.00; then, the same day (so no earlier
/// order prices it) and with no dollar rate given, 500 USDC swapped for
/// 497.5 USDT (a fee of 2.5 USDT kept by the service).
fn swap_account() -> Account {
    Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-03-02 12:00 UTC),
                "5400.00",
                "eth-base/usdc",
                "995",
            ),
            order(
                2,
                datetime!(2026-03-02 18:00 UTC),
                ("eth-base/usdc", "500"),
                ("eth-base/usdt", "497.5"),
                ("2.5", "eth-base/usdt"),
            ),
        ],
        ..Account::default()
    }
}

#[test]
fn a_swap_sells_the_token_given_at_the_services_price_and_buys_the_other_at_that_value() {
    let mut account = swap_account();
    account.prices = ServicePrices {
        prices: vec![ServicePrice {
            ticker: "USDC".into(),
            brl_per_unit: dec("5.50"),
        }],
        quoted_at: None,
    };
    let ledger = account.ledger();
    let given = &ledger.entries[1];
    let received = &ledger.entries[2];
    assert_eq!(given.kind, EntryKind::SwapOut);
    assert_eq!(received.kind, EntryKind::SwapIn);
    // 500 × 5.50 = 2,750.00; cost 5,400.00 × 500 / 995 = 2,713.5678… → 2,713.57.
    // The fee, 2.5 USDT of the 500 the swap gave, at the swap's value of
    // 2,750.00 / 500 = 5.50 each: 13.75, a cost of the sale. Gain:
    // 2,750.00 − 13.75 − 2,713.57 = 22.68.
    assert_eq!(given.value_brl, dec("2750.00"));
    assert_eq!(given.cost_brl, dec("2713.57"));
    assert_eq!(given.gain_brl, dec("22.68"));
    assert!(given.flags.contains(Flags::SERVICE_PRICE));
    assert_eq!(given.source, ValueSource::TodaysPrice);
    assert_eq!(given.total_cost_after, dec("2686.43"));
    assert_eq!(ledger.asset_name(received.asset), "USDT");
    assert_eq!(received.quantity_after, dec("497.5"));
    // What was received is worth the value less the fee already deducted.
    assert_eq!(received.total_cost_after, dec("2736.25"));
    // The swap is a sale: its value counts against the R$35,000.
    let march = account.months(month(2026, 3)).remove(0);
    assert_eq!(march.sales_brl, dec("2750.00"));
}

#[test]
fn a_typed_value_wins_over_the_service_price_and_none_at_all_is_flagged() {
    let mut account = swap_account();
    account.typed.apply(TaxInput::OrderValue {
        order: Uuid::from_u128(2),
        brl: Some(dec("2700.00")),
    });
    account.prices.prices.push(ServicePrice {
        ticker: "USDC".into(),
        brl_per_unit: dec("5.50"),
    });
    let ledger = account.ledger();
    // 2,700.00 less the fee (2.5 × 2,700.00 / 500 = 13.50) less 2,713.57:
    // a loss of 27.07.
    assert_eq!(ledger.entries[1].gain_brl, dec("-27.07"));
    assert!(ledger.entries[1].flags.contains(Flags::TYPED));

    let unpriced = swap_account().ledger();
    assert!(unpriced.entries[1].flags.contains(Flags::VALUE_MISSING));
    assert_eq!(unpriced.entries[1].value_brl, Decimal::ZERO);
}

#[test]
fn brlv_on_every_chain_is_one_asset_with_one_average_cost() {
    let account = Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-03-02 12:00 UTC),
                "1000.00",
                "eth-base/brlv",
                "1000",
            ),
            buy(
                2,
                datetime!(2026-03-03 12:00 UTC),
                "2100.00",
                "eth-mainnet/brlv",
                "2000",
            ),
            sell(
                3,
                datetime!(2026-03-04 12:00 UTC),
                "tempo/brlv",
                "1500",
                "1600.00",
                "0",
            ),
        ],
        ..Account::default()
    };
    let ledger = account.ledger();
    assert_eq!(ledger.assets, vec!["BRLV".to_owned()]);
    // 3,000 BRLV for 3,100.00; 1,500 cost 1,550.00.
    assert_eq!(ledger.entries[2].cost_brl, dec("1550.00"));
    assert_eq!(ledger.entries[2].gain_brl, dec("50.00"));
}

#[test]
fn selling_more_than_held_never_goes_negative_and_is_flagged() {
    let account = Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-03-02 12:00 UTC),
                "100.00",
                "eth-base/brlv",
                "100",
            ),
            sell(
                2,
                datetime!(2026-03-04 12:00 UTC),
                "eth-base/brlv",
                "150",
                "150.00",
                "0",
            ),
        ],
        ..Account::default()
    };
    let sold = &account.ledger().entries[1];
    assert!(sold.flags.contains(Flags::OVERSOLD));
    // What was held (100 for 100.00) is sold at its cost, the excess at zero.
    assert_eq!(sold.cost_brl, dec("100.00"));
    assert_eq!(sold.gain_brl, dec("50.00"));
    assert_eq!(sold.quantity_after, Decimal::ZERO);
    assert_eq!(sold.total_cost_after, Decimal::ZERO);
}

#[test]
fn only_completed_orders_count() {
    let mut expired = buy(
        1,
        datetime!(2026-03-02 12:00 UTC),
        "100.00",
        "eth-base/brlv",
        "100",
    );
    expired.state = Some(crate::api::model::OrderState::Expired);
    let account = Account {
        orders: vec![expired],
        ..Account::default()
    };
    assert!(account.ledger().entries.is_empty());
}

// ---------------------------------------------------------------------------
// Claims, arrivals, transfers
// ---------------------------------------------------------------------------

fn claim(id: u128, at: OffsetDateTime, gross: &str, net: &str, tax: &str) -> Claim {
    serde_json::from_value(json!({
        "id": Uuid::from_u128(id),
        "gross-amount": gross,
        "net-amount": net,
        "tax-amount": tax,
        "fees": "10.00",
        "status": "completed",
        "updated-at": stamp(at),
    }))
    .unwrap()
}

#[test]
fn a_claim_counts_at_its_gross_amount_and_paid_as_brlv_is_an_acquisition() {
    let account = Account {
        claims: vec![
            ClaimMade {
                claim: claim(
                    1,
                    datetime!(2026-03-02 12:00 UTC),
                    "1000.00",
                    "990.00",
                    "0.00",
                ),
                paid_as: ClaimTarget::Brlv,
            },
            ClaimMade {
                claim: claim(
                    2,
                    datetime!(2026-03-03 12:00 UTC),
                    "500.00",
                    "480.00",
                    "15.00",
                ),
                paid_as: ClaimTarget::Brl,
            },
        ],
        ..Account::default()
    };
    let ledger = account.ledger();
    let brlv = &ledger.entries[0];
    assert_eq!(ledger.asset_name(brlv.asset), "BRLV");
    assert_eq!(brlv.quantity_after, dec("990.00"));
    assert_eq!(brlv.total_cost_after, dec("990.00"));
    let march = account.months(month(2026, 3)).remove(0);
    assert_eq!(march.sales_brl, dec("1500.00"));
    assert_eq!(march.claims_gross_brl, dec("1500.00"));
    assert_eq!(march.claims_tax_withheld_brl, dec("15.00"));
    // No gain is computed for a claim.
    assert_eq!(march.gain_brl, Decimal::ZERO);
}

fn usdt_deposit(id: u128, at: OffsetDateTime, amount: &str) -> Deposit {
    serde_json::from_value(json!({
        "id": Uuid::from_u128(id),
        "type": "crypto",
        "amount": amount,
        "status": "credited",
        "created-at": stamp(at),
        "processed-at": stamp(at),
    }))
    .unwrap()
}

#[test]
fn tokens_that_arrived_from_outside_cost_zero_until_the_person_types_a_cost() {
    let mut account = Account {
        usdt_deposits: vec![usdt_deposit(9, datetime!(2026-03-02 12:00 UTC), "100")],
        ..Account::default()
    };
    let arrived = account.ledger().entries.remove(0);
    assert_eq!(arrived.kind, EntryKind::Arrived);
    assert!(arrived.flags.contains(Flags::COST_MISSING));
    assert_eq!(arrived.total_cost_after, Decimal::ZERO);
    account.typed.apply(TaxInput::ArrivedCost {
        record: Uuid::from_u128(9),
        brl: Some(dec("540.00")),
    });
    let arrived = account.ledger().entries.remove(0);
    assert!(arrived.flags.contains(Flags::TYPED));
    assert_eq!(arrived.total_cost_after, dec("540.00"));
}

fn transfer(id: u128, at: OffsetDateTime, from: &str, to: &str, amount: &str) -> Transfer {
    serde_json::from_value(json!({
        "id": Uuid::from_u128(id),
        "asset": "eth-base/brlv",
        "amount": amount,
        "source-address": from,
        "target-address": to,
        "state": "completed",
        "created-at": stamp(at),
    }))
    .unwrap()
}

#[test]
fn tokens_sent_to_someone_else_with_no_answer_count_as_a_payment_flagged() {
    let account = Account {
        orders: vec![buy(
            1,
            datetime!(2026-03-02 12:00 UTC),
            "1100.00",
            "eth-base/brlv",
            "1000",
        )],
        transfers: vec![
            transfer(2, datetime!(2026-03-03 12:00 UTC), OWN, SOMEONE, "100"),
            transfer(3, datetime!(2026-03-04 12:00 UTC), OWN, OTHER_OWN, "300"),
        ],
        wallets: vec![wallet(OWN), wallet(OTHER_OWN)],
        ..Account::default()
    };
    let ledger = account.ledger();
    let out = &ledger.entries[1];
    assert_eq!(out.kind, EntryKind::Outflow);
    assert!(out.kind.is_sale());
    assert!(out.flags.contains(Flags::OUTFLOW));
    // 100 BRLV at R$1.00 (its backing) is the value; 100 of 1,000 bought
    // for 1,100.00 is the cost, 110.00: a loss of 10.00.
    assert_eq!(out.source, ValueSource::BrlvAtPar);
    assert_eq!(out.value_brl, dec("100.00"));
    assert_eq!(out.cost_brl, dec("110.00"));
    assert_eq!(out.gain_brl, dec("-10.00"));
    assert_eq!(out.quantity_after, dec("900"));
    let moved = &ledger.entries[2];
    assert_eq!(moved.kind, EntryKind::OwnMove);
    assert_eq!(moved.quantity_after, dec("900"));
    assert_eq!(moved.total_cost_after, dec("990.00"));
    let march = account.months(month(2026, 3)).remove(0);
    assert_eq!(march.sales_brl, dec("100.00"));
    assert_eq!(march.assets[0].payments_brl, dec("100.00"));
    assert!(march.assets[0].sold());
    // Both the payment and the move between the account's wallets: only
    // the payment left the service.
    assert_eq!(march.external_brl, dec("100.00"));
}

#[test]
fn an_address_the_person_marks_as_theirs_is_self_custody_not_an_outflow() {
    let mut account = Account {
        orders: vec![buy(
            1,
            datetime!(2026-03-02 12:00 UTC),
            "1000.00",
            "eth-base/brlv",
            "1000",
        )],
        transfers: vec![transfer(
            2,
            datetime!(2026-03-03 12:00 UTC),
            OWN,
            SOMEONE,
            "100",
        )],
        wallets: vec![wallet(OWN)],
        ..Account::default()
    };
    account.typed.apply(TaxInput::OwnAddress {
        address: SOMEONE.to_ascii_uppercase().replace("0X", "0x"),
        own: true,
    });
    let ledger = account.ledger();
    let moved = &ledger.entries[1];
    assert_eq!(moved.kind, EntryKind::ToOwnWallet);
    assert_eq!(moved.quantity_after, dec("1000"));
    assert_eq!(moved.total_cost_after, dec("1000.00"));
    assert_eq!(
        ledger.self_custody_at(moved.asset, UtcMicros::LATEST),
        dec("100")
    );
}

// ---------------------------------------------------------------------------
// Outflows answered: payment, own wallet, gift; own-wallet arrivals
// ---------------------------------------------------------------------------

/// 40,000 BRLV bought for R$39,200.00 in March (R$0.98 each); 20,000
/// sold for R$20,000.00; then 16,000 sent to a supplier (transfer 3).
fn brlv_payment_account() -> Account {
    Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-03-02 12:00 UTC),
                "39200.00",
                "eth-base/brlv",
                "40000",
            ),
            sell(
                2,
                datetime!(2026-03-10 12:00 UTC),
                "eth-base/brlv",
                "20000",
                "20000.00",
                "0",
            ),
        ],
        transfers: vec![transfer(
            3,
            datetime!(2026-03-20 12:00 UTC),
            OWN,
            SOMEONE,
            "16000",
        )],
        wallets: vec![wallet(OWN)],
        ..Account::default()
    }
}

#[test]
fn a_payment_in_brlv_crosses_35000_and_its_gain_is_taxed() {
    let mut account = brlv_payment_account();
    account.typed.apply(TaxInput::OutflowAnswer {
        record: Uuid::from_u128(3),
        answer: Some(OutflowAnswer::Payment),
    });
    let ledger = account.ledger();
    let payment = &ledger.entries[2];
    assert_eq!(payment.kind, EntryKind::Payment);
    assert!(!payment.flags.contains(Flags::OUTFLOW));
    // 16,000 BRLV at R$1.00 = 16,000.00; cost 16,000 × 0.98 = 15,680.00.
    assert_eq!(payment.value_brl, dec("16000.00"));
    assert_eq!(payment.cost_brl, dec("15680.00"));
    assert_eq!(payment.gain_brl, dec("320.00"));
    let march = account.months(month(2026, 3)).remove(0);
    // Sales 20,000.00 + 16,000.00 = 36,000.00: over R$35,000.
    assert_eq!(march.sales_brl, dec("36000.00"));
    assert!(!march.exempt);
    // Gains: sale 20,000 − 19,600 = 400; payment 320: 720 × 15 % = 108.00.
    assert_eq!(march.taxable_gain_brl, dec("720.00"));
    assert_eq!(march.tax_brl, dec("108.00"));
    // Under R$30,000 left the service (March 2026: IN 1.888's line).
    assert_eq!(march.external_brl, dec("16000.00"));
    assert!(march.decripto.is_none());

    // Unanswered, it counts the same, flagged for the person.
    let unanswered = brlv_payment_account();
    let entry = unanswered.ledger().entries.remove(2);
    assert_eq!(entry.kind, EntryKind::Outflow);
    assert!(entry.flags.contains(Flags::OUTFLOW));
    assert_eq!(
        unanswered.months(month(2026, 3)).remove(0).tax_brl,
        dec("108.00")
    );

    // A gift leaves at cost: the month's sales stay at 20,000.00, exempt.
    account.typed.apply(TaxInput::OutflowAnswer {
        record: Uuid::from_u128(3),
        answer: Some(OutflowAnswer::Gift),
    });
    let gift = account.ledger().entries.remove(2);
    assert_eq!(gift.kind, EntryKind::Gift);
    assert_eq!(gift.cost_brl, dec("15680.00"));
    assert_eq!(gift.gain_brl, Decimal::ZERO);
    assert_eq!(gift.quantity_after, dec("4000"));
    let march = account.months(month(2026, 3)).remove(0);
    assert_eq!(march.sales_brl, dec("20000.00"));
    assert!(march.exempt);
    assert_eq!(march.assets[0].outflow_cost_brl, dec("15680.00"));
    assert_eq!(march.tax_brl, Decimal::ZERO);
}

#[test]
fn a_payment_in_usdc_is_valued_at_the_days_ptax_and_a_typed_value_wins() {
    let mut account = Account {
        orders: vec![buy(
            1,
            datetime!(2026-03-02 12:00 UTC),
            "5000.00",
            "eth-base/usdc",
            "1000",
        )],
        transfers: vec![Transfer {
            asset: Some(crate::api::model::Asset::EthBaseUsdc),
            ..transfer(2, datetime!(2026-04-15 15:00 UTC), OWN, SOMEONE, "1000")
        }],
        wallets: vec![wallet(OWN)],
        dollar_rates: rates_on(date!(2026 - 04 - 15), "6.19", "6.20"),
        ..Account::default()
    };
    let payment = account.ledger().entries.remove(1);
    // 1,000 USDC × 6.19 (buying: what the disposal brings in).
    assert_eq!(payment.source, ValueSource::StablecoinPtax);
    assert_eq!(payment.value_brl, dec("6190.00"));
    assert_eq!(payment.gain_brl, dec("1190.00"));
    account.typed.apply(TaxInput::OutflowValue {
        record: Uuid::from_u128(2),
        brl: Some(dec("6000.00")),
    });
    let payment = account.ledger().entries.remove(1);
    assert_eq!(payment.source, ValueSource::Typed);
    assert_eq!(payment.gain_brl, dec("1000.00"));
    let input_days = {
        let deposits = [];
        super::ledger::dollar_rate_days(&account.input(&deposits))
    };
    // The typed value needs no rate; without it the day would be asked.
    assert!(input_days.is_empty());
}

#[test]
fn an_own_wallet_round_trip_keeps_the_cost() {
    let mut account = Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-04-01 12:00 UTC),
                "1100.00",
                "eth-base/brlv",
                "1000",
            ),
            sell(
                4,
                datetime!(2026-06-01 12:00 UTC),
                "eth-base/brlv",
                "1000",
                "1200.00",
                "0",
            ),
        ],
        transfers: vec![
            transfer(2, datetime!(2026-04-10 12:00 UTC), OWN, SOMEONE, "400"),
            // Back from the same address, which the answer made the person's.
            transfer(3, datetime!(2026-05-10 12:00 UTC), SOMEONE, OWN, "400"),
        ],
        wallets: vec![wallet(OWN)],
        ..Account::default()
    };
    account.typed.apply(TaxInput::OutflowAnswer {
        record: Uuid::from_u128(2),
        answer: Some(OutflowAnswer::OwnWallet),
    });
    let ledger = account.ledger();
    let out = &ledger.entries[1];
    assert_eq!(out.kind, EntryKind::ToOwnWallet);
    // Still held, with its cost: 1,000 for 1,100.00.
    assert_eq!(out.quantity_after, dec("1000"));
    assert_eq!(out.total_cost_after, dec("1100.00"));
    // 400 of 1,000 at 1.10: 440.00 of the cost is in self-custody.
    assert_eq!(out.cost_brl, dec("440.00"));
    let in_may = datetime!(2026-05-01 12:00 UTC);
    assert_eq!(
        ledger.self_custody_at(out.asset, UtcMicros::new(in_may)),
        dec("400")
    );
    let back = &ledger.entries[2];
    assert_eq!(back.kind, EntryKind::FromOwnWallet);
    assert!(back.flags.is_empty());
    assert_eq!(back.quantity_after, dec("1000"));
    assert_eq!(back.total_cost_after, dec("1100.00"));
    assert_eq!(
        ledger.self_custody_at(out.asset, UtcMicros::LATEST),
        Decimal::ZERO
    );
    // Sold whole in June: 1,200.00 − 1,100.00, nothing oversold.
    let sale = &ledger.entries[3];
    assert_eq!(sale.gain_brl, dec("100.00"));
    assert!(!sale.flags.contains(Flags::OVERSOLD));
    // No sale in April or May.
    let reports = account.months(month(2026, 6));
    assert_eq!(report_of(&reports, month(2026, 4)).sales_brl, Decimal::ZERO);
    assert_eq!(report_of(&reports, month(2026, 5)).sales_brl, Decimal::ZERO);
}

#[test]
fn tokens_from_an_own_address_enter_at_the_typed_cost_zero_until_then() {
    const MINE: &str = "0x4444444444444444444444444444444444444444";
    let mut account = Account {
        transfers: vec![transfer(
            2,
            datetime!(2026-04-10 12:00 UTC),
            MINE,
            OWN,
            "500",
        )],
        orders: vec![sell(
            3,
            datetime!(2026-04-20 12:00 UTC),
            "eth-base/brlv",
            "500",
            "500.00",
            "0",
        )],
        wallets: vec![wallet(OWN)],
        ..Account::default()
    };
    account.typed.apply(TaxInput::OwnAddress {
        address: MINE.into(),
        own: true,
    });
    let ledger = account.ledger();
    let arrived = &ledger.entries[0];
    assert_eq!(arrived.kind, EntryKind::FromOwnWallet);
    assert!(arrived.flags.contains(Flags::COST_MISSING));
    assert_eq!(arrived.quantity_after, dec("500"));
    assert_eq!(arrived.total_cost_after, Decimal::ZERO);
    // Sold at cost zero but not oversold: the tokens are in the holdings.
    assert!(!ledger.entries[1].flags.contains(Flags::OVERSOLD));
    account.typed.apply(TaxInput::ArrivedCost {
        record: Uuid::from_u128(2),
        brl: Some(dec("450.00")),
    });
    let ledger = account.ledger();
    assert!(ledger.entries[0].flags.contains(Flags::TYPED));
    assert_eq!(ledger.entries[0].total_cost_after, dec("450.00"));
    assert_eq!(ledger.entries[1].gain_brl, dec("50.00"));
}

#[test]
fn outflow_answers_and_values_survive_the_journal() {
    let mut store = crate::journal::Store::in_memory().unwrap();
    let at = datetime!(2026-04-01 12:00 UTC);
    for input in [
        TaxInput::OutflowAnswer {
            record: Uuid::from_u128(3),
            answer: Some(OutflowAnswer::Gift),
        },
        TaxInput::OutflowAnswer {
            record: Uuid::from_u128(3),
            answer: Some(OutflowAnswer::Payment),
        },
        TaxInput::OutflowAnswer {
            record: Uuid::from_u128(4),
            answer: Some(OutflowAnswer::OwnWallet),
        },
        TaxInput::OutflowAnswer {
            record: Uuid::from_u128(4),
            answer: None,
        },
        TaxInput::OutflowValue {
            record: Uuid::from_u128(3),
            brl: Some(dec("16000.00")),
        },
    ] {
        journal::write_typed(&mut store, &input, at).unwrap();
    }
    let (typed, unread) = journal::read_typed(&store).unwrap();
    assert_eq!(unread, 0);
    assert_eq!(
        typed.outflow_answer(&Uuid::from_u128(3)),
        Some(OutflowAnswer::Payment)
    );
    assert!(!typed.outflows.contains_key(&Uuid::from_u128(4)));
    assert_eq!(
        typed.outflow_value(&Uuid::from_u128(3)),
        Some(dec("16000.00"))
    );
    // The ledger reads the answer kept.
    let account = Account {
        typed,
        ..brlv_payment_account()
    };
    assert_eq!(account.ledger().entries[2].kind, EntryKind::Payment);
    assert_eq!(
        OutflowAnswer::parse(" OWN "),
        Some(OutflowAnswer::OwnWallet)
    );
    assert_eq!(OutflowAnswer::parse("sale"), None);
}

// ---------------------------------------------------------------------------
// Unknown order states, §3, DeCripto
// ---------------------------------------------------------------------------

#[test]
fn an_order_in_an_unknown_state_is_counted_nowhere_and_said() {
    let mut settled = sell(
        2,
        datetime!(2026-03-10 12:00 UTC),
        "eth-base/brlv",
        "40000",
        "40000.00",
        "0",
    );
    settled.state = Some("settled".parse().unwrap());
    let mut also_settled = settled.clone();
    also_settled.id = Uuid::from_u128(3);
    let account = Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-03-02 12:00 UTC),
                "40000.00",
                "eth-base/brlv",
                "40000",
            ),
            settled,
            also_settled,
        ],
        ..Account::default()
    };
    let ledger = account.ledger();
    assert_eq!(ledger.entries.len(), 1);
    assert_eq!(
        ledger.unknown_states,
        vec![super::ledger::UnknownState {
            state: "settled".into(),
            orders: 2,
        }]
    );
    assert_eq!(
        ledger.unknown_states_notice(Language::English).unwrap(),
        "2 orders in a state the report does not know (`settled`): their sales were not counted"
    );
    assert!(
        ledger
            .unknown_states_notice(Language::PortugueseBrazil)
            .unwrap()
            .starts_with("2 ordens em um estado que o relatório não conhece (`settled`): suas vendas não foram contadas")
    );
    let march = account.months(month(2026, 3)).remove(0);
    assert_eq!(march.sales_brl, Decimal::ZERO);
    // Counted in their month as left out, and each one a row of the ledger's file.
    assert_eq!(march.not_counted, 2);
    assert_eq!(ledger.not_counted.len(), 2);
    assert_eq!(ledger.not_counted[0].month, Some(month(2026, 3)));
    let deposits = [];
    let mut file = Vec::new();
    super::export::write_ledger(&mut file, &ledger, &account.input(&deposits), Some(2026)).unwrap();
    let file = String::from_utf8(file).unwrap();
    let left_out: Vec<&str> = file
        .lines()
        .filter(|line| line.contains(",not-counted,"))
        .collect();
    assert_eq!(left_out.len(), 2, "{file}");
    assert!(
        left_out[0].starts_with(&format!(
            "2026-03-10T09:00:00-03:00,2026-03,{},order,BRLV,not-counted,40000,",
            Uuid::from_u128(2)
        )),
        "{}",
        left_out[0]
    );
    assert!(
        left_out[0].contains(",unknown-state:settled,"),
        "{}",
        left_out[0]
    );
    let mut months = Vec::new();
    super::export::write_months(&mut months, std::slice::from_ref(&march)).unwrap();
    assert!(
        String::from_utf8(months)
            .unwrap()
            .lines()
            .nth(1)
            .unwrap()
            .ends_with(",2")
    );
    let year = year_report(
        &ledger,
        &account.typed,
        2026,
        datetime!(2026-12-01 12:00 UTC),
    );
    assert!(year.readings.contains(&Reading::UnknownOrderState));
    // Known states that are not done say nothing.
    let expired = Account {
        orders: vec![{
            let mut order = buy(
                1,
                datetime!(2026-03-02 12:00 UTC),
                "10.00",
                "eth-base/brlv",
                "10",
            );
            order.state = Some(crate::api::model::OrderState::Expired);
            order
        }],
        ..Account::default()
    };
    assert!(
        expired
            .ledger()
            .unknown_states_notice(Language::English)
            .is_none()
    );
}

#[test]
fn later_sales_of_the_same_asset_add_up_for_the_parcels_across_months() {
    let account = Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-01-05 12:00 UTC),
                "10000000.00",
                "eth-base/wbrly",
                "10000000",
            ),
            buy(
                2,
                datetime!(2026-01-06 12:00 UTC),
                "1000000.00",
                "eth-base/brlv",
                "1000000",
            ),
            // January: 4,000,000 of WBRLY for 8,000,000: gain 4,000,000.
            sell(
                3,
                datetime!(2026-01-20 12:00 UTC),
                "eth-base/wbrly",
                "4000000",
                "8000000.00",
                "0",
            ),
            // February: 2,000,000 of WBRLY for 4,000,000: gain 2,000,000;
            // and 1,000,000 BRLV for 2,000,000: gain 1,000,000.
            sell(
                4,
                datetime!(2026-02-20 12:00 UTC),
                "eth-base/wbrly",
                "2000000",
                "4000000.00",
                "0",
            ),
            sell(
                5,
                datetime!(2026-02-21 12:00 UTC),
                "eth-base/brlv",
                "1000000",
                "2000000.00",
                "0",
            ),
            // March 2028, after the window of 2026 and 2027: 1,000,000 of
            // WBRLY for 2,000,000, a gain of 1,000,000 on its own.
            sell(
                6,
                datetime!(2028-03-20 12:00 UTC),
                "eth-base/wbrly",
                "1000000",
                "2000000.00",
                "0",
            ),
        ],
        ..Account::default()
    };
    let reports = account.months(month(2028, 3));
    let january = report_of(&reports, month(2026, 1));
    // 4,000,000 × 15 %.
    assert_eq!(january.tax_brl, dec("600000.00"));
    let february = report_of(&reports, month(2026, 2));
    // WBRLY: its 2,000,000 on top of January's 4,000,000 reaches 6,000,000:
    // tax on 6M (750,000 + 175,000) less tax on 4M (600,000) = 325,000.00
    // (on its own it would be 300,000.00). BRLV's 1,000,000 is its own:
    // 150,000.00, never added to WBRLY's. Total 475,000.00.
    let wbrly = &february.tax_by_asset[0];
    assert_eq!(wbrly.earlier_gain_brl, dec("4000000.00"));
    assert_eq!(wbrly.tax_brl, dec("325000.00"));
    let brlv = &february.tax_by_asset[1];
    assert_eq!(brlv.earlier_gain_brl, Decimal::ZERO);
    assert_eq!(brlv.tax_brl, dec("150000.00"));
    assert_eq!(february.tax_brl, dec("475000.00"));
    // The month-total reading would have taxed 3,000,000 at 15 %: 450,000.00.
    assert_eq!(tax_on_gain(dec("3000000")), dec("450000.00"));
    let march_2028 = report_of(&reports, month(2028, 3));
    assert_eq!(march_2028.tax_by_asset[0].earlier_gain_brl, Decimal::ZERO);
    assert_eq!(march_2028.tax_brl, dec("150000.00"));
}

#[test]
fn a_month_whose_tokens_outside_the_service_pass_the_line_may_owe_a_decripto() {
    let mut account = Account {
        orders: vec![buy(
            1,
            datetime!(2026-05-04 12:00 UTC),
            "100000.00",
            "eth-base/brlv",
            "100000",
        )],
        transfers: vec![
            // June 2026, IN 1.888's line of R$30,000: 31,000 out passes it.
            transfer(2, datetime!(2026-06-10 12:00 UTC), OWN, SOMEONE, "31000"),
            // July 2026, DeCripto's R$35,000: 31,000 back does not.
            transfer(3, datetime!(2026-07-10 12:00 UTC), SOMEONE, OWN, "31000"),
            // August: 35,000.01 given away passes it.
            transfer(4, datetime!(2026-08-10 12:00 UTC), OWN, FRIEND, "35000.01"),
        ],
        wallets: vec![wallet(OWN)],
        ..Account::default()
    };
    account.typed.apply(TaxInput::OutflowAnswer {
        record: Uuid::from_u128(2),
        answer: Some(OutflowAnswer::OwnWallet),
    });
    account.typed.apply(TaxInput::OutflowAnswer {
        record: Uuid::from_u128(4),
        answer: Some(OutflowAnswer::Gift),
    });
    let reports = account.months(month(2026, 8));
    let june = report_of(&reports, month(2026, 6));
    // Self-custody is no sale: exempt, no tax; but it left the service.
    assert!(june.exempt);
    assert_eq!(june.sales_brl, Decimal::ZERO);
    assert_eq!(june.external_brl, dec("31000.00"));
    let decripto = june.decripto.unwrap();
    assert_eq!(decripto.rule, DeCriptoRule::In1888);
    assert_eq!(decripto.limit_brl, dec("30000"));
    let july = report_of(&reports, month(2026, 7));
    assert_eq!(july.external_brl, dec("31000.00"));
    assert!(july.decripto.is_none());
    let august = report_of(&reports, month(2026, 8));
    assert_eq!(august.external_brl, dec("35000.01"));
    assert_eq!(august.decripto.unwrap().rule, DeCriptoRule::In2291);
    assert!(
        DeCriptoRule::In2291
            .text(Language::English)
            .contains("DeCripto (IN RFB 2.291/2025)")
    );
    let year = year_report(
        &account.ledger(),
        &account.typed,
        2026,
        datetime!(2026-12-01 12:00 UTC),
    );
    assert!(year.readings.contains(&Reading::DeCripto));
    let mut out = Vec::new();
    export::write_months(&mut out, &reports).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.lines().next().unwrap().ends_with(
        ",paid,outside_service_brl,decripto_line_brl,decripto_source,orders_not_counted"
    ));
    assert!(
        text.contains(",31000.00,30000.00,IN RFB 1.888/2019 art. 6 (until 30 June 2026),0\n"),
        "{text}"
    );
    assert!(text.contains(",31000.00,,,0\n"), "{text}");
}

#[test]
fn the_ledger_file_says_what_each_outflow_was_answered() {
    let mut account = brlv_payment_account();
    let deposits = [];
    let write = |account: &Account| {
        let mut out = Vec::new();
        export::write_ledger(&mut out, &account.ledger(), &account.input(&deposits), None).unwrap();
        String::from_utf8(out).unwrap()
    };
    let text = write(&account);
    let payment = text.lines().nth(3).unwrap();
    // Counted as a payment: its fee (none) and gain columns are filled.
    assert!(
        payment.ends_with(",0.00,15680.00,320.00,,4000,0.98,0.98,3920.00,\"outflow-to-others;value-by-practice\",brlv-at-par,unanswered"),
        "{payment}"
    );
    account.typed.apply(TaxInput::OutflowAnswer {
        record: Uuid::from_u128(3),
        answer: Some(OutflowAnswer::OwnWallet),
    });
    let text = write(&account);
    let moved = text.lines().nth(3).unwrap();
    assert!(moved.contains(",BRLV,to-own-wallet,16000,"), "{moved}");
    assert!(moved.ends_with(",average-cost,own"), "{moved}");
}

// ---------------------------------------------------------------------------
// The year, the service's figure, the journal, the files
// ---------------------------------------------------------------------------

#[test]
fn the_years_positions_carry_their_code_and_discriminacao() {
    let mut account = Account {
        orders: vec![
            buy(
                1,
                datetime!(2025-03-02 12:00 UTC),
                "1005.00",
                "eth-base/brlv",
                "1000",
            ),
            buy(
                2,
                datetime!(2025-03-03 12:00 UTC),
                "300.00",
                "eth-base/wbrly",
                "300",
            ),
            // In the next year: not in 2025's positions.
            buy(
                3,
                datetime!(2026-01-03 12:00 UTC),
                "500.00",
                "eth-base/brlv",
                "500",
            ),
        ],
        ..Account::default()
    };
    account.typed.apply(TaxInput::Custodian(Some(
        "Exemplo Serviços Digitais Ltda, CNPJ 00.000.000/0001-00".into(),
    )));
    let ledger = account.ledger();
    let report = year_report(
        &ledger,
        &account.typed,
        2025,
        datetime!(2026-02-01 12:00 UTC),
    );
    assert_eq!(report.positions_on, date!(2025 - 12 - 31));
    assert_eq!(report.months.len(), 12);
    let brlv = &report.positions[0];
    assert_eq!(brlv.asset, "BRLV");
    assert_eq!(brlv.quantity, dec("1000"));
    assert_eq!(brlv.total_cost_brl, dec("1005.00"));
    assert_eq!(brlv.code, BensCode::Stablecoin);
    assert_eq!(
        brlv.discriminacao,
        "1.000 stablecoin BRLV. Custodiante: Exemplo Serviços Digitais Ltda, CNPJ \
         00.000.000/0001-00. Custo de aquisição (custo médio ponderado) em 31/12/2025: \
         R$ 1.005,00, média de R$ 1,005 por unidade."
    );
    let wbrly = &report.positions[1];
    assert_eq!(wbrly.code, BensCode::Others);
    assert!(wbrly.code_uncertain);
    assert!(report.readings.contains(&Reading::YieldTokenCode));
    // The person's choice is kept and no longer uncertain.
    account.typed.apply(TaxInput::Code {
        asset: "wbrly".into(),
        code: Some(BensCode::Stablecoin),
    });
    let chosen = year_report(
        &ledger,
        &account.typed,
        2025,
        datetime!(2026-02-01 12:00 UTC),
    );
    assert_eq!(chosen.positions[1].code, BensCode::Stablecoin);
    assert!(chosen.positions[1].code_chosen);
    assert!(!chosen.readings.contains(&Reading::YieldTokenCode));
}

#[test]
fn the_services_figure_is_compared_and_its_differences_explained() {
    let account = Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-03-02 12:00 UTC),
                "1000.00",
                "eth-base/brlv",
                "1000",
            ),
            sell(
                2,
                datetime!(2026-03-04 12:00 UTC),
                "eth-base/brlv",
                "500",
                "499.00",
                "1.00",
            ),
        ],
        ..Account::default()
    };
    let march = account.months(month(2026, 3)).remove(0);
    let service = TaxExemptionProgress {
        claims_amount: Some(dec("1000.00")),
        other_disposals_amount: Some(dec("500.00")),
        total_used: Some(dec("1500.00")),
        limit: Some(dec("35000.00")),
        remaining: Some(dec("33500.00")),
    };
    let comparison = compare_with_service(&march, &service);
    assert!(comparison.differs);
    assert_eq!(comparison.report_sales_brl, dec("500.00"));
    assert_eq!(
        comparison.reasons,
        vec![months::Difference::ClaimsElsewhere]
    );
}

#[test]
fn typed_values_and_paid_marks_survive_the_journal_and_the_latest_counts() {
    let mut store = crate::journal::Store::in_memory().unwrap();
    let at = datetime!(2026-04-01 12:00 UTC);
    for input in [
        TaxInput::Paid {
            month: month(2026, 2),
            paid: true,
        },
        TaxInput::ArrivedCost {
            record: Uuid::from_u128(9),
            brl: Some(dec("540.00")),
        },
        TaxInput::ArrivedCost {
            record: Uuid::from_u128(9),
            brl: Some(dec("530.00")),
        },
        TaxInput::Paid {
            month: month(2026, 3),
            paid: true,
        },
        TaxInput::Paid {
            month: month(2026, 3),
            paid: false,
        },
        TaxInput::Custodian(Some("Custódia X".into())),
        TaxInput::CustodianCnpj(Some("11.222.333/0001-81".into())),
    ] {
        journal::write_typed(&mut store, &input, at).unwrap();
    }
    // The window's CNPJ and tax-report's are one record: the last kept wins.
    store
        .append_tax_input(&crate::tax::input::custodian_cnpj_record(
            Some(" 11222333000181 "),
            at,
        ))
        .unwrap();
    let (typed, unread) = journal::read_typed(&store).unwrap();
    assert_eq!(unread, 0);
    assert_eq!(typed.custodian_cnpj.as_deref(), Some("11222333000181"));
    assert!(typed.is_paid(month(2026, 2)));
    assert!(!typed.is_paid(month(2026, 3)));
    assert_eq!(typed.arrived_costs[&Uuid::from_u128(9)], dec("530.00"));
    assert_eq!(typed.custodian.as_deref(), Some("Custódia X"));
    // The report reads the mark.
    let account = Account {
        typed,
        ..at_the_line("34825.01")
    };
    let reports = account.months(month(2026, 2));
    assert!(report_of(&reports, month(2026, 2)).paid);
}

#[test]
fn the_claims_history_comes_with_what_each_claim_was_paid_in() {
    use crate::journal::{Outcome, OutcomeRecord, PostRecord};
    let mut store = crate::journal::Store::in_memory().unwrap();
    let at = datetime!(2026-04-01 12:00 UTC);
    let id = Uuid::from_u128(5);
    store
        .append_post(&PostRecord {
            id,
            sent_at: at,
            form: "claim".into(),
            method: "POST".into(),
            endpoint: "/api/v0/claims".into(),
            body: r#"{"amount":"100.00","target-asset-code":"brlv"}"#.into(),
        })
        .unwrap();
    let answer = serde_json::to_string(&claim(1, at, "100.00", "99.00", "0")).unwrap();
    store
        .append_outcome(&OutcomeRecord {
            post_id: id,
            at,
            outcome: Outcome::Created,
            answer_lost: false,
            answer: Some(answer),
            error: None,
            reread_error: None,
        })
        .unwrap();
    let claims = journal::read_claims(&store).unwrap();
    assert_eq!(claims.len(), 1);
    assert_eq!(claims[0].paid_as, ClaimTarget::Brlv);
    assert_eq!(claims[0].claim.gross_amount, Some(dec("100.00")));
}

#[test]
fn the_csv_files_have_their_columns_and_plain_decimals() {
    let account = at_the_line("34825.01");
    let ledger = account.ledger();
    let deposits = [];
    let input = account.input(&deposits);
    let mut out = Vec::new();
    export::write_ledger(&mut out, &ledger, &input, Some(2026)).unwrap();
    let text = String::from_utf8(out).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next().unwrap(), export::LEDGER_COLUMNS.join(","));
    assert_eq!(
        lines.next().unwrap(),
        "2026-01-05T12:00:00-03:00,2026-01,00000000-0000-0000-0000-000000000001,order,BRLV,buy,\
         39800,40000.00,,40000.00,,,39800,0,1.0050251256,40000.00,,order-in-reais,"
    );
    assert_eq!(
        lines.next().unwrap(),
        "2026-02-10T12:00:00-03:00,2026-02,00000000-0000-0000-0000-000000000002,order,BRLV,sell,\
         30000,35000.01,175.00,30150.75,4674.26,,9800,1.0050251256,1.0050255102,9849.25,,order-in-reais,"
    );
    let reports = account.months(month(2026, 2));
    let mut out = Vec::new();
    export::write_months(&mut out, &reports).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("month,sales_brl,exempt,gain_brl,tax_brl,darf_due,"));
    assert!(
        text.contains("\n2026-02,35000.01,false,4674.26,701.14,2026-03-31,"),
        "{text}"
    );
}

#[test]
fn every_reading_has_both_languages_a_source_and_a_unique_key() {
    let mut keys = std::collections::HashSet::new();
    for reading in Reading::ALL {
        assert!(keys.insert(reading.key()), "{:?}", reading);
        assert!(!reading.source(Language::English).is_empty());
        // The Portuguese source is said in Portuguese: none of the English
        // words the English sources use.
        let fonte = reading.source(Language::PortugueseBrazil);
        for english in [
            "the ",
            " of ",
            "instructions",
            "wording",
            "calendar",
            "rule",
            "only",
            "typed",
            "from ",
            "until",
            "guides",
            "quote",
            "value in",
            "disposal",
            "holder",
        ] {
            assert!(!fonte.contains(english), "{reading:?}: {fonte}");
        }
        assert_ne!(
            reading.text(Language::English),
            reading.text(Language::PortugueseBrazil)
        );
    }
}

#[test]
fn days_and_months_round_trip() {
    assert_eq!(YearMonth::parse("2026-03"), Some(month(2026, 3)));
    assert_eq!(YearMonth::parse("2026-13"), None);
    assert_eq!(month(2026, 12).next(), month(2027, 1));
    let start: Date = month(2026, 3).first_day().unwrap();
    assert_eq!(start, date!(2026 - 03 - 01));
    assert_eq!(
        month(2026, 3).start_in_brasilia(),
        Some(datetime!(2026-03-01 03:00 UTC))
    );
}

// ---------------------------------------------------------------------------
// Each value on its own day
// ---------------------------------------------------------------------------

fn rates_on(day: Date, buying: &str, selling: &str) -> DollarRates {
    let mut rates = DollarRates::default();
    rates.insert(
        day,
        DollarRate {
            published_on: day,
            buying: dec(buying),
            selling: dec(selling),
        },
    );
    rates
}

/// The worked example of the tax year's review: 6,000 USDC bought at
/// R$5.00 in March; in April sold for 6,000 dollars when the PTAX buying
/// rate was 6.19, while the service quotes R$5.35 today.
fn usdc_sold_for_dollars() -> Account {
    Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-03-02 12:00 UTC),
                "30000.00",
                "eth-base/usdc",
                "6000",
            ),
            order(
                2,
                datetime!(2026-04-15 15:00 UTC),
                ("eth-base/usdc", "6000"),
                ("fiat/usd", "6000"),
                ("0", "fiat/usd"),
            ),
        ],
        prices: ServicePrices {
            prices: vec![ServicePrice {
                ticker: "USDC".into(),
                brl_per_unit: dec("5.35"),
            }],
            quoted_at: None,
        },
        dollar_rates: rates_on(date!(2026 - 04 - 15), "6.19", "6.20"),
        ..Account::default()
    }
}

#[test]
fn usdc_sold_for_dollars_is_valued_at_that_days_ptax_buying_rate_not_todays_price() {
    let account = usdc_sold_for_dollars();
    let ledger = account.ledger();
    let sale = &ledger.entries[1];
    assert_eq!(sale.kind, EntryKind::Sell);
    // 6,000 dollars × 6.19 (the buying rate: what a sale brings in) = 37,140.00;
    // at today's 5.35 it would read 32,100.00 and the month exempt.
    assert_eq!(sale.value_brl, dec("37140.00"));
    assert_eq!(sale.source, ValueSource::DollarPtax);
    assert!(!sale.flags.contains(Flags::SERVICE_PRICE));
    // Cost 30,000.00: a gain of 7,140.00.
    assert_eq!(sale.cost_brl, dec("30000.00"));
    assert_eq!(sale.gain_brl, dec("7140.00"));
    let april = report_of(&account.months(month(2026, 4)), month(2026, 4)).clone();
    assert_eq!(april.sales_brl, dec("37140.00"));
    assert!(!april.exempt, "37,140.00 is above R$35,000.00");
    // 15 % of 7,140.00 = 1,071.00.
    assert_eq!(april.tax_brl, dec("1071.00"));
    assert_eq!(april.darf.as_ref().unwrap().amount_brl, dec("1071.00"));
}

#[test]
fn dollars_paid_for_a_token_cost_the_selling_rate_and_a_stablecoin_given_the_buying_rate() {
    let day = date!(2026 - 04 - 15);
    let account = Account {
        orders: vec![
            order(
                1,
                datetime!(2026-04-15 15:00 UTC),
                ("fiat/usd", "1000"),
                ("eth-base/usdc", "1000"),
                ("0", "eth-base/usdc"),
            ),
            order(
                2,
                datetime!(2026-04-15 16:00 UTC),
                ("eth-base/usdc", "400"),
                ("eth-base/wbrly", "2400"),
                ("0", "eth-base/wbrly"),
            ),
        ],
        dollar_rates: rates_on(day, "6.19", "6.20"),
        ..Account::default()
    };
    let ledger = account.ledger();
    // 1,000 dollars paid × 6.20 (selling: what an acquisition costs).
    let bought = &ledger.entries[0];
    assert_eq!(bought.kind, EntryKind::Buy);
    assert_eq!(bought.value_brl, dec("6200.00"));
    assert_eq!(bought.source, ValueSource::DollarPtax);
    assert!(!bought.flags.contains(Flags::PRACTICE_VALUE));
    // 400 USDC given × 6.19 (buying: what the sale brings in), by analogy.
    let given = &ledger.entries[1];
    assert_eq!(given.kind, EntryKind::SwapOut);
    assert_eq!(given.value_brl, dec("2476.00"));
    assert_eq!(given.source, ValueSource::StablecoinPtax);
    assert!(given.flags.contains(Flags::PRACTICE_VALUE));
    // Its cost: 6,200.00 × 400 / 1,000 = 2,480.00, a loss of 4.00.
    assert_eq!(given.gain_brl, dec("-4.00"));
    // The WBRLY received costs the same 2,476.00.
    assert_eq!(ledger.entries[2].total_cost_after, dec("2476.00"));
    assert_eq!(ledger.entries[2].source, ValueSource::StablecoinPtax);
}

#[test]
fn brlv_in_a_swap_is_valued_at_par_before_any_dollar_rate() {
    let account = Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-04-01 15:00 UTC),
                "1000.00",
                "eth-base/usdc",
                "200",
            ),
            order(
                2,
                datetime!(2026-04-15 15:00 UTC),
                ("eth-base/usdc", "100"),
                ("eth-base/brlv", "612.50"),
                ("0", "eth-base/brlv"),
            ),
        ],
        dollar_rates: rates_on(date!(2026 - 04 - 15), "6.19", "6.20"),
        ..Account::default()
    };
    let ledger = account.ledger();
    let given = &ledger.entries[1];
    // 612.50 BRLV received at R$1.00.
    assert_eq!(given.value_brl, dec("612.50"));
    assert_eq!(given.source, ValueSource::BrlvAtPar);
    assert!(given.flags.contains(Flags::PRACTICE_VALUE));
}

#[test]
fn a_failed_dollar_rate_falls_to_the_last_order_of_an_earlier_day_flagged_never_zero() {
    let mut account = usdc_sold_for_dollars();
    account.dollar_rates = DollarRates::default();
    account.dollar_rates.fail(
        date!(2026 - 04 - 15),
        ptax::RateProblem::Service(ptax::PtaxError::Status(500)),
    );
    // A later purchase of USDC, on another day, sets the last price: 5.10.
    account.orders.insert(
        1,
        buy(
            3,
            datetime!(2026-04-10 15:00 UTC),
            "510.00",
            "eth-base/usdc",
            "100",
        ),
    );
    let ledger = account.ledger();
    let sale = ledger
        .entries
        .iter()
        .find(|entry| entry.kind == EntryKind::Sell)
        .unwrap();
    // 6,000 × 5.10 = 30,600.00, from the account's own last order.
    assert_eq!(sale.value_brl, dec("30600.00"));
    assert_eq!(sale.source, ValueSource::LastOrder);
    assert!(sale.flags.contains(Flags::RATE_FAILED));
    assert!(sale.flags.contains(Flags::PRACTICE_VALUE));
    assert!(sale.flags.keys().any(|key| key == "dollar-rate-failed"));

    // With no earlier order either, today's price, flagged so; never zero.
    let mut alone = usdc_sold_for_dollars();
    alone.dollar_rates = DollarRates::default();
    alone.dollar_rates.fail(
        date!(2026 - 04 - 15),
        ptax::RateProblem::Service(ptax::PtaxError::Unreachable("unreachable".into())),
    );
    alone.orders[0] = buy(
        1,
        datetime!(2026-04-15 12:00 UTC),
        "30000.00",
        "eth-base/usdc",
        "6000",
    );
    let ledger = alone.ledger();
    let sale = &ledger.entries[1];
    // 6,000 × 5.35 = 32,100.00: today's price, not the day's.
    assert_eq!(sale.value_brl, dec("32100.00"));
    assert_eq!(sale.source, ValueSource::TodaysPrice);
    assert!(sale.flags.contains(Flags::SERVICE_PRICE));
    assert!(sale.flags.contains(Flags::RATE_FAILED));
}

#[test]
fn the_days_an_order_in_dollars_needs_are_brasilias() {
    let account = usdc_sold_for_dollars();
    // 15 April 02:30 UTC is still the 14th in Brasília.
    let mut orders = account.orders.clone();
    orders.push(order(
        4,
        datetime!(2026-04-15 02:30 UTC),
        ("eth-base/usdt", "10"),
        ("fiat/usd", "10"),
        ("0", "fiat/usd"),
    ));
    let days = input::days_needing_dollar_rates(&orders, &TypedValues::default());
    assert_eq!(
        days.into_iter().collect::<Vec<_>>(),
        vec![date!(2026 - 04 - 14), date!(2026 - 04 - 15)]
    );
    // A value typed for the order: no rate needed.
    let mut typed = TypedValues::default();
    typed.apply(TaxInput::OrderValue {
        order: Uuid::from_u128(2),
        brl: Some(dec("1")),
    });
    assert_eq!(
        input::days_needing_dollar_rates(&account.orders, &typed).len(),
        0
    );
}

#[test]
fn the_ledger_file_says_where_each_value_came_from() {
    let account = usdc_sold_for_dollars();
    let ledger = account.ledger();
    let deposits = [];
    let input = account.input(&deposits);
    let mut out = Vec::new();
    export::write_ledger(&mut out, &ledger, &input, None).unwrap();
    let text = String::from_utf8(out).unwrap();
    let mut lines = text.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .ends_with(",warnings,value_source,outflow_answer")
    );
    assert!(lines.next().unwrap().ends_with(",order-in-reais,"));
    let sale = lines.next().unwrap();
    assert!(sale.contains(",37140.00,"), "{sale}");
    assert!(sale.ends_with(",dollar-ptax,"), "{sale}");
}

// ---------------------------------------------------------------------------
// Part two: fees in dollars, the PTAX's days, typed arrival costs, late
// DARFs on several days, the §3 window from the first sale
// ---------------------------------------------------------------------------

#[test]
fn a_fee_in_dollars_is_converted_on_its_day_and_deducted_from_the_sales_gain() {
    // 6,000 USDC bought for R$30,000.00; sold for 5,970 dollars after a fee
    // of 30 dollars, on a day whose PTAX buying rate is 6.19.
    let mut account = usdc_sold_for_dollars();
    account.orders[1] = order(
        2,
        datetime!(2026-04-15 15:00 UTC),
        ("eth-base/usdc", "6000"),
        ("fiat/usd", "5970"),
        ("30", "fiat/usd"),
    );
    let ledger = account.ledger();
    let sale = &ledger.entries[1];
    // The value before the fee: (5,970 + 30) × 6.19 = 37,140.00.
    assert_eq!(sale.value_brl, dec("37140.00"));
    // The fee at the same day's rate: 30 × 6.19 = 185.70, a cost of the sale:
    // 37,140.00 − 185.70 − 30,000.00 = 6,954.30 (not 7,140.00).
    assert_eq!(
        sale.value_brl - sale.cost_brl - sale.gain_brl,
        dec("185.70")
    );
    assert_eq!(sale.gain_brl, dec("6954.30"));
    let april = report_of(&account.months(month(2026, 4)), month(2026, 4)).clone();
    assert_eq!(april.assets[0].fees_brl, dec("185.70"));
    // 15 % of 6,954.30 = 1,043.145 → 1,043.15 (it was 1,071.00 with the fee left out).
    assert_eq!(april.tax_brl, dec("1043.15"));
    // The ledger's file shows it in `fee_brl`.
    let deposits = [];
    let mut file = Vec::new();
    export::write_ledger(&mut file, &ledger, &account.input(&deposits), Some(2026)).unwrap();
    let file = String::from_utf8(file).unwrap();
    assert!(
        file.contains(",USDC,sell,6000,37140.00,185.70,30000.00,6954.30,"),
        "{file}"
    );
    let year = year_report(
        &ledger,
        &account.typed,
        2026,
        datetime!(2026-12-01 12:00 UTC),
    );
    assert!(year.readings.contains(&Reading::FeeInForeignCurrency));
}

#[test]
fn a_sale_on_saturday_takes_fridays_ptax_and_one_in_a_gap_takes_none() {
    // 3,000 USDC bought for R$15,000.00; 1,000 sold for 1,000 dollars on
    // Saturday 10 January 2026, and 1,000 on Wednesday the 14th, inside a
    // gap of five business days with no PTAX (12 to 16 January).
    let friday = DollarRate {
        published_on: date!(2026 - 01 - 09),
        buying: dec("5.30"),
        selling: dec("5.31"),
    };
    let today = date!(2026 - 02 - 02);
    let mut rates = DollarRates::default();
    for day in [date!(2026 - 01 - 10), date!(2026 - 01 - 14)] {
        rates.set(day, ptax::classify(day, Some(&friday), today));
    }
    let account = Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-01-05 12:00 UTC),
                "15000.00",
                "eth-base/usdc",
                "3000",
            ),
            order(
                2,
                datetime!(2026-01-10 15:00 UTC),
                ("eth-base/usdc", "1000"),
                ("fiat/usd", "1000"),
                ("0", "fiat/usd"),
            ),
            order(
                3,
                datetime!(2026-01-14 15:00 UTC),
                ("eth-base/usdc", "1000"),
                ("fiat/usd", "1000"),
                ("0", "fiat/usd"),
            ),
        ],
        dollar_rates: rates,
        ..Account::default()
    };
    let ledger = account.ledger();
    let saturday = &ledger.entries[1];
    // Friday's buying rate, flagged as another day's: 1,000 × 5.30.
    assert_eq!(saturday.value_brl, dec("5300.00"));
    assert_eq!(saturday.source, ValueSource::DollarPtax);
    assert!(saturday.flags.contains(Flags::RATE_PREVIOUS_DAY));
    assert!(
        saturday
            .flags
            .keys()
            .any(|key| key == "rate-of-previous-business-day")
    );
    // In the gap, never Friday's: the next source (the account's last
    // order in reais before the day, 5.00 a unit) and the failure flagged.
    let in_gap = &ledger.entries[2];
    assert_ne!(in_gap.source, ValueSource::DollarPtax);
    assert_eq!(in_gap.source, ValueSource::LastOrder);
    assert_eq!(in_gap.value_brl, dec("5000.00"));
    assert!(in_gap.flags.contains(Flags::RATE_FAILED));
}

#[test]
fn a_sale_for_dollars_today_before_the_bulletin_is_provisional() {
    // Tuesday 10 March 2026, before 13:10 in Brasília: 1,000 USDC sold for
    // 1,000 dollars; only Monday's PTAX (buying 5.70) is out.
    let monday = DollarRate {
        published_on: date!(2026 - 03 - 09),
        buying: dec("5.70"),
        selling: dec("5.71"),
    };
    let today = date!(2026 - 03 - 10);
    let mut rates = DollarRates::default();
    rates.set(today, ptax::classify(today, Some(&monday), today));
    let mut account = Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-03-02 12:00 UTC),
                "5000.00",
                "eth-base/usdc",
                "1000",
            ),
            order(
                2,
                datetime!(2026-03-10 14:00 UTC),
                ("eth-base/usdc", "1000"),
                ("fiat/usd", "1000"),
                ("0", "fiat/usd"),
            ),
        ],
        dollar_rates: rates,
        ..Account::default()
    };
    let sale = account.ledger().entries[1].clone();
    // 1,000 × 5.70 for now, marked provisional.
    assert_eq!(sale.value_brl, dec("5700.00"));
    assert!(sale.flags.contains(Flags::RATE_PROVISIONAL));
    assert!(
        sale.flags
            .readings()
            .any(|reading| reading == Reading::ProvisionalRate)
    );
    // Once today's bulletin is out (buying 5.80), valued again: final.
    account.dollar_rates.insert(
        today,
        DollarRate {
            published_on: today,
            buying: dec("5.80"),
            selling: dec("5.81"),
        },
    );
    let sale = account.ledger().entries[1].clone();
    assert_eq!(sale.value_brl, dec("5800.00"));
    assert!(!sale.flags.contains(Flags::RATE_PROVISIONAL));
}

#[test]
fn a_typed_cost_of_tokens_back_from_the_own_wallet_changes_a_taxable_month() {
    // 40,000 BRLV bought for R$40,000.00 in February 2026; in March 5,000
    // more arrive from the person's own wallet that never went there from
    // here (bought elsewhere for R$5,000.00); in April all 45,000 are sold
    // for R$45,000.00: a taxable month.
    const MINE: &str = "0x4444444444444444444444444444444444444444";
    let mut account = Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-02-02 12:00 UTC),
                "40000.00",
                "eth-base/brlv",
                "40000",
            ),
            sell(
                3,
                datetime!(2026-04-20 12:00 UTC),
                "eth-base/brlv",
                "45000",
                "45000.00",
                "0",
            ),
        ],
        transfers: vec![transfer(
            2,
            datetime!(2026-03-10 12:00 UTC),
            MINE,
            OWN,
            "5000",
        )],
        wallets: vec![wallet(OWN)],
        ..Account::default()
    };
    account.typed.apply(TaxInput::OwnAddress {
        address: MINE.into(),
        own: true,
    });
    // Untyped: the 5,000 cost nothing, so 45,000.00 − 40,000.00 = 5,000.00
    // of gain, 750.00 of tax.
    let april = report_of(&account.months(month(2026, 4)), month(2026, 4)).clone();
    assert!(!april.exempt);
    assert_eq!(april.gain_brl, dec("5000.00"));
    assert_eq!(april.tax_brl, dec("750.00"));
    // Typed, as the view's cost field and `tax-report --inflow-cost` keep it:
    // 45,000.00 − 45,000.00: no gain, no tax.
    account.typed.apply(TaxInput::ArrivedCost {
        record: Uuid::from_u128(2),
        brl: Some(dec("5000.00")),
    });
    let ledger = account.ledger();
    assert_eq!(ledger.entries[1].kind, EntryKind::FromOwnWallet);
    assert!(ledger.entries[1].flags.contains(Flags::TYPED));
    let april = report_of(&account.months(month(2026, 4)), month(2026, 4)).clone();
    assert_eq!(april.gain_brl, Decimal::ZERO);
    assert_eq!(april.tax_brl, Decimal::ZERO);
    assert!(april.darf.is_none());
}

/// May 2026: 40,000 BRLV that cost R$38,906.25 sold for R$40,000.00, a
/// gain of 1,093.75 in a taxable month: a DARF of 15 % = 164.0625 → R$164.06,
/// due Tuesday 30 June 2026.
fn may_darf_account() -> Account {
    Account {
        orders: vec![
            buy(
                1,
                datetime!(2026-04-02 12:00 UTC),
                "38906.25",
                "eth-base/brlv",
                "40000",
            ),
            sell(
                2,
                datetime!(2026-05-20 12:00 UTC),
                "eth-base/brlv",
                "40000",
                "40000.00",
                "0",
            ),
        ],
        ..Account::default()
    }
}

#[test]
fn a_late_darf_paid_on_three_dates_comes_to_three_amounts() {
    let account = may_darf_account();
    let ledger = account.ledger();
    // The Selic of July to November 2026 (0.97, 0.98, 0.99, 1.00, 1.01).
    let mut selic = selic::SelicMonths::default();
    for (number, percent) in [
        (7, "0.97"),
        (8, "0.98"),
        (9, "0.99"),
        (10, "1.00"),
        (11, "1.01"),
    ] {
        selic.insert(month(2026, number), dec(percent));
    }
    let on = |day: Date| darf::Overdue::of(&ledger, &account.typed, day, &selic);
    // On its due date it is not late.
    assert!(on(date!(2026 - 06 - 30)).is_empty());
    // 15 July: 15 days × 0.33 % = 4.95 %, 8.12097 → 8.12; interest only the
    // 1 % of the month of payment, 1.6406 → 1.64. 164.06 + 8.12 + 1.64.
    let july = on(date!(2026 - 07 - 15));
    let darf = july.of_month(month(2026, 5)).unwrap();
    assert_eq!(darf.amount_brl, dec("164.06"));
    assert_eq!(darf.due, date!(2026 - 06 - 30));
    assert_eq!((darf.days_late, darf.fine_brl), (15, dec("8.12")));
    assert_eq!(darf.interest_brl, Some(dec("1.64")));
    assert_eq!(july.total_brl(), Some(dec("173.82")));
    // 20 August: 51 days × 0.33 % = 16.83 %, 27.611298 → 27.61; July's
    // 0.97 % + 1 % = 1.97 %, 3.231982 → 3.23. 164.06 + 27.61 + 3.23.
    let august = on(date!(2026 - 08 - 20));
    assert_eq!(august.darfs[0].fine_brl, dec("27.61"));
    assert_eq!(august.darfs[0].interest_brl, Some(dec("3.23")));
    assert_eq!(august.total_brl(), Some(dec("194.90")));
    // 1 December, 154 days late: the fine at its cap, 20 % = 32.812 →
    // 32.81; July to November 4.95 % + 1 % = 5.95 %, 9.76157 → 9.76.
    // R$206.63 due that day, not the R$164.06 the DARF reads.
    let december = on(date!(2026 - 12 - 01));
    assert_eq!(december.most_days_late(), 154);
    assert!(december.darfs[0].fine_capped);
    assert_eq!(december.darfs[0].interest_percent, Some(dec("5.95")));
    assert_eq!(december.total_brl(), Some(dec("206.63")));
    assert_eq!(december.principal_brl(), dec("164.06"));
    // Marked paid, nothing is overdue.
    let mut paid = may_darf_account();
    paid.typed.apply(TaxInput::Paid {
        month: month(2026, 5),
        paid: true,
    });
    let paid_ledger = paid.ledger();
    assert!(darf::Overdue::of(&paid_ledger, &paid.typed, date!(2026 - 12 - 01), &selic).is_empty());
    // A month's Selic missing: the total is unknown, the known part said.
    let mut partial = selic.clone();
    partial.fail(
        month(2026, 11),
        selic::SelicProblem::NotPublished {
            last_published: Some(month(2026, 10)),
        },
    );
    let unknown = darf::Overdue::of(&ledger, &account.typed, date!(2026 - 12 - 01), &partial);
    assert_eq!(unknown.total_brl(), None);
    // 164.06 + 32.81, no interest counted.
    assert_eq!(unknown.known_part_brl(), dec("196.87"));
    assert_eq!(
        darf::Overdue::selic_needed(&ledger, &account.typed, date!(2026 - 12 - 01)),
        (7..=11).map(|number| month(2026, number)).collect()
    );
}

#[test]
fn a_darf_of_last_year_still_owed_is_overdue_in_the_next() {
    // November 2025's DARF (due 30 December 2025), never marked paid, is
    // owed on 2 March 2026 whatever year the view shows.
    let mut account = may_darf_account();
    account.orders[0] = buy(
        1,
        datetime!(2025-10-02 12:00 UTC),
        "38906.25",
        "eth-base/brlv",
        "40000",
    );
    account.orders[1] = sell(
        2,
        datetime!(2025-11-20 12:00 UTC),
        "eth-base/brlv",
        "40000",
        "40000.00",
        "0",
    );
    let ledger = account.ledger();
    let overdue = darf::Overdue::of(
        &ledger,
        &account.typed,
        date!(2026 - 03 - 02),
        &selic::SelicMonths::default(),
    );
    assert_eq!(overdue.darfs.len(), 1);
    assert_eq!(overdue.darfs[0].month, month(2025, 11));
    assert_eq!(overdue.darfs[0].due, date!(2025 - 12 - 30));
}

#[test]
fn the_parcels_window_opens_at_the_first_sale_even_an_exempt_one() {
    let account = Account {
        orders: vec![
            buy(
                1,
                datetime!(2025-01-05 12:00 UTC),
                "10000000.00",
                "eth-base/wbrly",
                "10000000",
            ),
            // December 2025: 10,000 WBRLY sold for R$20,000.00, an exempt month.
            sell(
                2,
                datetime!(2025-12-10 12:00 UTC),
                "eth-base/wbrly",
                "10000",
                "20000.00",
                "0",
            ),
            // January 2026: 4,000,000 for 8,000,000.00, a gain of 4,000,000.00.
            sell(
                3,
                datetime!(2026-01-20 12:00 UTC),
                "eth-base/wbrly",
                "4000000",
                "8000000.00",
                "0",
            ),
            // March 2027: 2,000,000 for 4,000,000.00, a gain of 2,000,000.00.
            sell(
                4,
                datetime!(2027-03-20 12:00 UTC),
                "eth-base/wbrly",
                "2000000",
                "4000000.00",
                "0",
            ),
        ],
        ..Account::default()
    };
    let reports = account.months(month(2027, 3));
    // The first sale was December 2025's (exempt): its window runs through
    // 2026. January 2026 is in it, with no gain taxed before: 15 % of
    // 4,000,000 = 600,000.00.
    let january = report_of(&reports, month(2026, 1));
    assert_eq!(january.tax_by_asset[0].window_from, 2025);
    assert_eq!(january.tax_brl, dec("600000.00"));
    // March 2027 is past that window: a new one, not added to January's
    // 4,000,000: 15 % of 2,000,000 = 300,000.00 (counted from the first
    // taxed sale it would have been 325,000.00).
    let march = report_of(&reports, month(2027, 3));
    assert_eq!(march.tax_by_asset[0].window_from, 2027);
    assert_eq!(march.tax_by_asset[0].earlier_gain_brl, Decimal::ZERO);
    assert_eq!(march.tax_brl, dec("300000.00"));
}

#[test]
fn a_ledger_of_month_sums_alone_has_every_sum_of_the_whole_one_and_no_entry() {
    // Orders, a swap, payments in tokens, a sale for dollars and a late
    // DARF: built whole and from the sums alone, the months, what was
    // skipped or not counted and self-custody are the same, and so is every
    // month's report; only the entries are left out.
    for account in [
        swap_account(),
        brlv_payment_account(),
        usdc_sold_for_dollars(),
        may_darf_account(),
        at_the_line("35000.01"),
    ] {
        let deposits = [DepositList {
            asset: &DepositAsset::Usdt,
            deposits: &account.usdt_deposits,
        }];
        let input = account.input(&deposits);
        let whole = build_with(&input, LedgerDetail::Entries);
        let sums = build_with(&input, LedgerDetail::MonthSums);
        assert!(!whole.entries.is_empty());
        assert!(sums.entries.is_empty());
        assert_eq!(sums.detail, LedgerDetail::MonthSums);
        assert_eq!(sums.assets, whole.assets);
        assert_eq!(sums.months, whole.months);
        assert_eq!(sums.skipped.len(), whole.skipped.len());
        assert_eq!(sums.not_counted, whole.not_counted);
        assert_eq!(sums.self_custody, whole.self_custody);
        let last = month(2026, 12);
        assert_eq!(
            month_reports(&sums, &account.typed, last),
            month_reports(&whole, &account.typed, last)
        );
    }
}
