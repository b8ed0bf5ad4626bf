//! The tax year's figures without a window: built once per change of a
//! list or of what the person typed (a paid mark only redoes the year's
//! report, never the ledger), on a thread of its own for a long account;
//! the month's sales in Brasília's months with swaps; what an order makes
//! of them; and the report for an accountant.

use std::sync::Arc;

use serde_json::json;
use time::macros::datetime;

use brlv_core::api::model::{Order, Quote};
use brlv_core::tax::{LedgerDetail, ServicePrice, ServicePrices, TaxInput, YearMonth};
use brlv_desk::app::features::taxes::report::{build_report, plain_text, render};
use brlv_desk::app::features::taxes::state::TaxesState;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::receipt::pdf::win_ansi;
use brlv_desk::app::resources::{AccountData, Fetched};
use brlv_desk::app::tax_year::monthly::{MonthUse, last_months, monthly_sales};
use brlv_desk::app::tax_year::sale::{SaleEffect, sale_effect};
use brlv_desk::app::ui::Tone;

use crate::support::ui::dec;

fn id(n: u128) -> uuid::Uuid {
    uuid::Uuid::from_u128(n)
}

fn order(n: u128, at: &str, pay: (&str, &str), get: (&str, &str)) -> Order {
    serde_json::from_value(json!({
        "id": id(n), "state": "completed", "created-at": at, "state-updated-at": at,
        "source-asset": pay.1, "source-amount": pay.0,
        "target-asset": get.1, "target-amount": get.0,
    }))
    .unwrap()
}

fn with_orders(data: &mut AccountData, orders: Vec<Order>) {
    let fetched = Fetched::Orders(orders.into());
    data.finish(fetched.key(), Ok(fetched), 1, 2);
}

/// R$10,000.00 of USDC bought in January, half sold in February (Brasília).
fn orders() -> Vec<Order> {
    vec![
        order(
            2,
            "2026-02-10T12:00:00Z",
            ("1000", "eth-base/usdc"),
            ("6000.00", "fiat/brl"),
        ),
        order(
            1,
            "2026-01-10T12:00:00Z",
            ("10000.00", "fiat/brl"),
            ("2000", "eth-base/usdc"),
        ),
    ]
}

const NOW: time::OffsetDateTime = datetime!(2026-03-10 15:00 UTC);

#[test]
fn the_overview_builds_the_months_sums_alone_and_the_taxes_view_the_entries_once() {
    let ctx = egui::Context::default();
    let mut data = AccountData::default();
    with_orders(&mut data, orders());
    let mut taxes = TaxesState::default();
    // The Overview's chart, its notice and an order's effect on the month:
    // the months' sums, no entry kept, nothing of the declaration built.
    let (sums, _) = taxes.figures_with(&ctx, &data, NOW, LedgerDetail::MonthSums);
    assert_eq!(sums.ledger.detail, LedgerDetail::MonthSums);
    assert!(sums.ledger.entries.is_empty());
    assert!(sums.declaration.is_none());
    let february = YearMonth::new(2026, 2).unwrap();
    assert_eq!(
        sums.ledger.month(february).map(|month| month.sales_brl()),
        Some(dec("6000.00"))
    );
    // The Taxes view wants the entries: built again, with them.
    let (whole, _) = taxes.figures(&ctx, &data, NOW);
    assert_eq!(taxes.generation(), 2);
    assert_eq!(
        whole.ledger.entries.len(),
        2,
        "the USDC bought, the USDC sold"
    );
    assert!(whole.declaration.is_some());
    assert_eq!(whole.ledger.months, sums.ledger.months);
    // Back on the Overview, the whole figures serve it: nothing rebuilt.
    let (again, _) = taxes.figures_with(&ctx, &data, NOW, LedgerDetail::MonthSums);
    assert!(Arc::ptr_eq(&whole, &again));
    assert_eq!(taxes.generation(), 2);
}

#[test]
fn the_ledger_is_built_once_per_change_of_what_it_reads_never_per_frame() {
    let ctx = egui::Context::default();
    let mut data = AccountData::default();
    with_orders(&mut data, orders());
    let mut taxes = TaxesState::default();
    let (first, busy) = taxes.figures(&ctx, &data, NOW);
    assert!(!busy);
    assert_eq!(taxes.generation(), 1);
    let (again, _) = taxes.figures(&ctx, &data, NOW);
    assert!(
        Arc::ptr_eq(&first, &again),
        "nothing changed, nothing computed"
    );

    // An answer identical to the last keeps its rows: nothing rebuilt.
    data.unchanged(brlv_desk::app::resources::ResourceKey::Orders, 3, 4);
    let (same, _) = taxes.figures(&ctx, &data, NOW);
    assert!(Arc::ptr_eq(&first, &same));

    // A month marked paid redoes the year's report, not the ledger.
    let february = YearMonth::new(2026, 2).unwrap();
    taxes.kept(TaxInput::Paid {
        month: february,
        paid: true,
    });
    let (paid, _) = taxes.figures(&ctx, &data, NOW);
    assert_eq!(taxes.generation(), 1, "the ledger is kept");
    assert!(Arc::ptr_eq(&first.ledger, &paid.ledger));
    let marked = paid.year.as_ref().unwrap();
    assert!(
        marked
            .months
            .iter()
            .any(|month| month.month == february && month.paid)
    );

    // A value typed for an order is read by the ledger: built again, once.
    taxes.kept(TaxInput::OrderValue {
        order: id(2),
        brl: Some(dec("6100.00")),
    });
    let _ = taxes.figures(&ctx, &data, NOW);
    let _ = taxes.figures(&ctx, &data, NOW);
    assert_eq!(taxes.generation(), 2);

    // So are the service's prices, and a new list.
    taxes.prices_arrived(ServicePrices {
        prices: vec![ServicePrice {
            ticker: "USDC".to_owned(),
            brl_per_unit: dec("5.50"),
        }],
        quoted_at: Some(NOW),
    });
    let _ = taxes.figures(&ctx, &data, NOW);
    assert_eq!(taxes.generation(), 3);
    let mut more = orders();
    more.push(order(
        3,
        "2026-03-01T12:00:00Z",
        ("100", "eth-base/usdc"),
        ("600.00", "fiat/brl"),
    ));
    with_orders(&mut data, more);
    let (newer, _) = taxes.figures(&ctx, &data, NOW);
    assert_eq!(taxes.generation(), 4);
    assert_eq!(newer.ledger.entries.len(), 3);

    // Another year shown: its report, from the same ledger.
    taxes.year = Some(2025);
    let (earlier, _) = taxes.figures(&ctx, &data, NOW);
    assert_eq!(taxes.generation(), 4);
    assert_eq!(earlier.year.as_ref().map(|year| year.year), Some(2025));
    assert!(Arc::ptr_eq(&newer.ledger, &earlier.ledger));
}

#[test]
fn a_long_account_is_built_on_a_thread_of_its_own_the_last_figures_shown_meanwhile() {
    let ctx = egui::Context::default();
    let mut data = AccountData::default();
    let count = brlv_desk::app::cache::INLINE_ROWS + 1;
    let template = order(
        0,
        "2026-01-10T12:00:00Z",
        ("10.00", "fiat/brl"),
        ("2", "eth-base/usdc"),
    );
    let rows: Vec<Order> = (0..count)
        .map(|n| Order {
            id: id(n as u128 + 1),
            ..template.clone()
        })
        .collect();
    with_orders(&mut data, rows);
    let mut taxes = TaxesState::default();
    let (shown, busy) = taxes.figures(&ctx, &data, NOW);
    assert!(busy, "computed where the window does not wait");
    assert!(
        shown.ledger.entries.is_empty(),
        "the last figures meanwhile"
    );
    assert_eq!(taxes.threads_started(), 1);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let figures = loop {
        let (figures, busy) = taxes.figures(&ctx, &data, NOW);
        if !busy {
            break figures;
        }
        assert!(std::time::Instant::now() < deadline, "the thread delivered");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert_eq!(figures.ledger.entries.len(), count);
    assert_eq!(
        taxes.threads_started(),
        1,
        "one computation, not one per frame"
    );
    let _ = taxes.figures(&ctx, &data, NOW);
    assert_eq!(taxes.threads_started(), 1);
}

#[test]
fn the_months_sales_are_brasilias_and_count_swaps_at_their_value_in_reais() {
    let ctx = egui::Context::default();
    let mut data = AccountData::default();
    let mut rows = orders();
    // 23:30 on 28 February in Brasília, already March in UTC: February's.
    rows.push(order(
        3,
        "2026-03-01T02:30:00Z",
        ("100", "eth-base/usdc"),
        ("600.00", "fiat/brl"),
    ));
    // A swap: a sale of 200 USDC, valued on its day.
    rows.push(order(
        4,
        "2026-03-05T12:00:00Z",
        ("200", "eth-base/usdc"),
        ("199", "eth-mainnet/usdt"),
    ));
    with_orders(&mut data, rows);
    let mut taxes = TaxesState::default();
    let (figures, _) = taxes.figures(&ctx, &data, NOW);
    assert_eq!(
        figures.wanted_prices.as_slice(),
        &[
            "eth-base/usdc"
                .parse::<brlv_core::api::model::Asset>()
                .unwrap(),
            "eth-mainnet/usdt".parse().unwrap()
        ],
        "a price is wanted for the swap"
    );
    assert_eq!(
        taxes.prices_to_ask(&figures).map(|assets| assets.len()),
        Some(2)
    );
    assert_eq!(taxes.prices_to_ask(&figures), None, "asked once");
    taxes.prices_arrived(ServicePrices {
        prices: vec![ServicePrice {
            ticker: "USDC".to_owned(),
            brl_per_unit: dec("5.40"),
        }],
        quoted_at: Some(NOW),
    });
    let (figures, _) = taxes.figures(&ctx, &data, NOW);
    let months = last_months(NOW, 3);
    assert_eq!(
        months,
        vec![
            YearMonth::new(2026, 1).unwrap(),
            YearMonth::new(2026, 2).unwrap(),
            YearMonth::new(2026, 3).unwrap(),
        ]
    );
    let uses = monthly_sales(&figures.ledger, &months);
    let used: Vec<_> = uses.iter().map(|month| month.used()).collect();
    // The swap's 200 USDC are valued on their own day, at the account's last
    // order of USDC in reais before it (100 sold for R$600.00 on 28 February:
    // R$6.00 each), not at the service's price of today (R$5.40).
    assert_eq!(used, vec![dec("0"), dec("6600.00"), dec("1200.00")]);
}

fn quote(pay: (&str, &str), get: (&str, &str), fee: (&str, &str)) -> Quote {
    serde_json::from_value(json!({
        "id": id(99),
        "source-asset": pay.1, "source-amount": pay.0,
        "target-asset": get.1, "target-amount": get.0,
        "fee-amount": fee.0, "fee-asset": fee.1,
    }))
    .unwrap()
}

#[test]
fn an_order_adds_its_sale_value_before_the_fee_to_the_months_sales() {
    let ctx = egui::Context::default();
    let mut data = AccountData::default();
    // R$29,000.00 sold this month already.
    with_orders(
        &mut data,
        vec![
            order(
                2,
                "2026-03-02T12:00:00Z",
                ("5000", "eth-base/usdc"),
                ("29000.00", "fiat/brl"),
            ),
            order(
                1,
                "2026-01-10T12:00:00Z",
                ("30000.00", "fiat/brl"),
                ("6000", "eth-base/usdc"),
            ),
        ],
    );
    let mut taxes = TaxesState::default();
    let (figures, _) = taxes.figures(&ctx, &data, NOW);
    let prices = ServicePrices::default();
    let effect = |quote: &Quote| sale_effect(&figures.ledger, &prices, quote, NOW);
    // Exactly R$35,000.00 with it (R$5,990.00 received, R$10.00 of fee): exempt.
    let exactly = effect(&quote(
        ("1000", "eth-base/usdc"),
        ("5990.00", "fiat/brl"),
        ("10.00", "fiat/brl"),
    ));
    assert_eq!(
        exactly,
        SaleEffect::Sale {
            value: dec("6000.00"),
            before: dec("29000.00"),
            after: dec("35000.00"),
        }
    );
    assert!(!exactly.crosses_the_limit());
    // One centavo more crosses it.
    let over = effect(&quote(
        ("1000", "eth-base/usdc"),
        ("5990.01", "fiat/brl"),
        ("10.00", "fiat/brl"),
    ));
    assert!(over.crosses_the_limit());
    assert!(!over.already_over());
    // Buying is no sale.
    let buying = effect(&quote(
        ("100.00", "fiat/brl"),
        ("18", "eth-base/usdc"),
        ("0.1", "eth-base/usdc"),
    ));
    assert_eq!(
        buying,
        SaleEffect::NotASale {
            month_sales: dec("29000.00")
        }
    );
    // A swap with no price known: its value is not, and it says so.
    let swap = quote(
        ("100", "eth-base/usdc"),
        ("99.5", "eth-mainnet/usdt"),
        ("0.5", "eth-mainnet/usdt"),
    );
    assert_eq!(
        effect(&swap),
        SaleEffect::ValueUnknown {
            month_sales: dec("29000.00")
        }
    );
    // With the service's price of the token given, it is a sale.
    let priced = ServicePrices {
        prices: vec![ServicePrice {
            ticker: "USDC".to_owned(),
            brl_per_unit: dec("5.40"),
        }],
        quoted_at: None,
    };
    assert_eq!(
        sale_effect(&figures.ledger, &priced, &swap, NOW),
        SaleEffect::Sale {
            value: dec("540.00"),
            before: dec("29000.00"),
            after: dec("29540.00"),
        }
    );
}

#[test]
fn the_report_for_an_accountant_holds_the_year_under_the_disclaimer() {
    let ctx = egui::Context::default();
    let mut data = AccountData::default();
    with_orders(&mut data, orders());
    let mut taxes = TaxesState::default();
    let (figures, _) = taxes.figures(&ctx, &data, NOW);
    let money = figures.money_held(None, Language::PtBr, NOW);
    let report = build_report(&figures, Language::PtBr, "Conta PJ", NOW, &money).unwrap();
    let text = plain_text(&report);
    for expected in [
        "Relatório de impostos 2026: criptoativos",
        "Conta Conta PJ",
        "Um auxílio para a declaração",
        "fevereiro de 2026",
        "R$ 6.000,00",
        "Bens e Direitos: posições em 10/03/2026",
        "08 / 03",
        "Discriminação de USDC: 1.000 stablecoin USDC em 10/03/2026.",
        "Ganhos isentos para Rendimentos Isentos e Não Tributáveis: R$ 1.000,00",
        "custo médio ponderado [prática, não lei]",
        "Lei 8.981/1995 art. 21",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
    let pdf = render(&report);
    crate::receipts::assert_valid_pdf(&pdf);
    // The words are in the file as text, not drawn: a reader can search them.
    let shown = crate::receipts::pdf_shown_strings(&pdf);
    for line in [
        "Relatório de impostos 2026: criptoativos",
        "Discriminação de USDC: 1.000 stablecoin USDC em 10/03/2026.",
        "Um auxílio para a declaração",
    ] {
        let line = win_ansi(line);
        assert!(
            shown.iter().any(|text| text.starts_with(&line)),
            "{line:?} not shown in the PDF"
        );
    }
}

#[test]
fn a_month_at_exactly_the_limit_is_drawn_exempt_and_one_centavo_over_taxable() {
    let limit = dec("35000.00");
    let month = |claims: &str, sales: &str| MonthUse {
        month: YearMonth::new(2026, 8).unwrap(),
        claims: dec(claims),
        sales: dec(sales),
    };
    assert_eq!(month("0", "28000.00").tone(limit), Tone::Success);
    assert_eq!(month("0", "28000.01").tone(limit), Tone::Warning);
    assert_eq!(month("1000.00", "34000.00").tone(limit), Tone::Warning);
    assert_eq!(month("1000.00", "34000.01").tone(limit), Tone::Danger);
}
