//! The declaration whole in the Taxes view, headless, on an account worked
//! out by hand: the BRL held at the service on 31/12 read back from today's
//! balance and the movements since (flagged so), dollars summed from their
//! movements, what is in the person's own wallet declared in "custódia
//! própria", and the month whose tokens outside the service pass DeCripto's
//! R$35,000 said with its source, in the view (both languages) and the PDF.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use serde_json::json;
use time::macros::datetime;

use brlv_core::api::model::{Deposit, Order, Transfer, Wallet, Withdrawal};
use brlv_core::tax::{TaxInput, TypedValues};
use brlv_desk::app::features::journal::message::{JournalEvent, TaxJournal};
use brlv_desk::app::features::taxes::report::{
    ReportBlock, ReportSection, TaxReport, build_report, plain_text,
};
use brlv_desk::app::features::taxes::state::csv_names;
use brlv_desk::app::features::taxes::task::write_csv_files;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Event;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::{SESSION, connected_state, dec, deliver, harness, settle};

const MAIN: &str = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";
const SUPPLIER: &str = "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359";
const OWN: &str = "0x1111111111111111111111111111111111111111";

fn order(n: u128, at: &str, pay: (&str, &str), get: (&str, &str)) -> Order {
    crate::support::ui::listed_order(n, at, "completed", pay, get)
}

fn transfer(n: u128, at: &str, amount: &str, target: &str) -> Transfer {
    serde_json::from_value(json!({
        "id": uuid::Uuid::from_u128(n), "asset": "eth-base/brlv", "amount": amount,
        "source-address": MAIN, "target-address": target, "state": "completed",
        "created-at": at, "state-updated-at": at,
    }))
    .unwrap()
}

fn deposit(n: u128, at: &str, amount: &str) -> Deposit {
    serde_json::from_value(json!({
        "id": uuid::Uuid::from_u128(n), "type": "pix", "amount": amount,
        "status": "credited", "created-at": at, "processed-at": at,
    }))
    .unwrap()
}

/// On 1 February 2027, the year 2026 shown:
/// - R$60,000.00 deposited on 1 Nov 2025, R$50,000.00 of it paid for
///   50,000 BRLV on 1 Dec 2025 (from the balance);
/// - 5,000 BRLV sold for R$5,000.00 on 10 Mar 2026;
/// - 36,000 BRLV paid to a supplier on 10 Aug 2026 (unanswered: a payment
///   at R$1.00, R$36,000.00 outside the service, over DeCripto's R$35,000);
/// - 4,000 BRLV moved to the person's own wallet on 10 Oct 2026;
/// - R$1,000.00 deposited on 15 Jan 2027 and R$500.00 withdrawn on 20 Jan.
///
/// Today's BRL balance: 60,000 − 50,000 + 5,000 + 1,000 − 500 = 15,500.00;
/// on 31/12/2026: 15,500 less the two movements since (+1,000, −500) =
/// R$15,000.00. Held at the end of 2026: 9,000 BRLV, 5,000 with the
/// custodian and 4,000 in custódia própria.
fn whole_state(language: Language) -> AppState {
    let mut typed = TypedValues {
        custodian: Some("Prestadora Exemplo".into()),
        ..TypedValues::default()
    };
    typed.apply(TaxInput::OwnAddress {
        address: OWN.into(),
        own: true,
    });
    account_state(
        language,
        Account {
            orders: vec![
                order(
                    2,
                    "2026-03-10T15:00:00Z",
                    ("5000", "eth-base/brlv"),
                    ("5000.00", "fiat/brl"),
                ),
                order(
                    1,
                    "2025-12-01T15:00:00Z",
                    ("50000.00", "fiat/brl"),
                    ("50000", "eth-base/brlv"),
                ),
            ],
            transfers: vec![
                transfer(11, "2026-10-10T15:00:00Z", "4000", OWN),
                transfer(10, "2026-08-10T15:00:00Z", "36000", SUPPLIER),
            ],
            withdrawal_brl: ("500.00", "2027-01-20T15:00:00Z"),
            deposits_brl: vec![
                deposit(30, "2025-11-01T15:00:00Z", "60000.00"),
                deposit(31, "2027-01-15T15:00:00Z", "1000.00"),
            ],
            balance_brl: "15500.00",
            typed,
        },
    )
}

/// What a test account holds, as the service and the journal give it.
struct Account {
    orders: Vec<Order>,
    transfers: Vec<Transfer>,
    /// One completed Pix withdrawal of reais: its amount and when.
    withdrawal_brl: (&'static str, &'static str),
    deposits_brl: Vec<Deposit>,
    balance_brl: &'static str,
    typed: TypedValues,
}

/// The Taxes view of 2026 on 1 February 2027, with `account` read (its
/// one wallet `MAIN`, no deposits in tokens or dollars) and its journal
/// restored.
fn account_state(language: Language, account: Account) -> AppState {
    let mut state = connected_state(language);
    state.view = View::Taxes;
    state.shared.now = 10_000;
    state.shared.wall_now = datetime!(2027-02-01 15:00:00 UTC);
    state.panels.taxes.year = Some(2026);
    let (amount, at) = account.withdrawal_brl;
    let withdrawals: Vec<Withdrawal> = vec![
        serde_json::from_value(json!({
            "id": uuid::Uuid::from_u128(20), "asset": "fiat/brl", "amount": amount,
            "method": "pix", "state": "completed", "created-at": at,
        }))
        .unwrap(),
    ];
    let wallets: Vec<Wallet> = vec![
        serde_json::from_value(json!({"name": "Main", "address": MAIN, "assets": []})).unwrap(),
    ];
    deliver(&mut state, Fetched::Orders(account.orders.into()), 9_000);
    deliver(
        &mut state,
        Fetched::Transfers(account.transfers.into()),
        9_000,
    );
    deliver(&mut state, Fetched::Withdrawals(withdrawals.into()), 9_000);
    deliver(&mut state, Fetched::Wallets(wallets.into()), 9_000);
    deliver(&mut state, Fetched::DepositsUsdc(vec![].into()), 9_000);
    deliver(&mut state, Fetched::DepositsUsdt(vec![].into()), 9_000);
    deliver(&mut state, Fetched::DepositsUsd(vec![].into()), 9_000);
    deliver(
        &mut state,
        Fetched::DepositsBrl(account.deposits_brl.into()),
        9_000,
    );
    deliver(
        &mut state,
        Fetched::BalanceBrl(dec(account.balance_brl)),
        9_000,
    );
    state.apply(Event::Journal(JournalEvent::Restored {
        session: SESSION,
        lists: Vec::new(),
        claims: Vec::new(),
        orders_sent: Vec::new(),
        tax: TaxJournal {
            typed: account.typed,
            ..TaxJournal::default()
        },
    }));
    state
}

fn says(harness: &Harness<'static, AppState>, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}

#[test]
fn the_money_held_custodia_propria_and_decripto_are_said_in_the_view() {
    let mut harness = harness(whole_state(Language::En));
    settle(&mut harness);
    for expected in [
        "Reporting to the Receita (DeCripto)",
        "August 2026: R$36,000.00 outside the service, over R$35,000.00.",
        "a DeCripto (IN RFB 2.291/2025) may be due for these operations",
        "IN RFB 2.291/2025, DeCripto (from 1 July 2026)",
        "BRL held at the service on 31 Dec 2026: R$15,000.00",
        "Read back from today's balance (R$15,500.00, read on 1 Feb 2027) less what moved since (deposits, withdrawals, orders, claims made here; movements: 2)",
        "reconstructed",
        "USD held at the service on 31 Dec 2026: 0.00 USD",
        "the service gives no balance in dollars",
        // No CNPJ kept: Discriminação asks for it, and for it alone.
        "Custodiante: Prestadora Exemplo (informe o CNPJ), 5.000; custódia própria (carteira do \
         próprio titular): 4.000.",
    ] {
        assert!(says(&harness, expected), "{expected:?} not in the view");
    }
    // Only August passes: October's 4,000 to the person's own wallet does not.
    assert!(!says(
        &harness,
        "October 2026: R$4,000.00 outside the service"
    ));
}

#[test]
fn the_whole_declaration_speaks_brazilian_portuguese() {
    let mut harness = harness(whole_state(Language::PtBr));
    settle(&mut harness);
    for expected in [
        "Informação à Receita (DeCripto)",
        "R$ 36.000,00 fora do serviço, acima de R$ 35.000,00.",
        "uma DeCripto (IN RFB 2.291/2025) pode ser devida",
        "BRL mantidos no serviço em 31/12/2026: R$ 15.000,00",
        "Reconstituído do saldo de hoje (R$ 15.500,00, lido em 01/02/2027) menos o que se movimentou desde então (depósitos, saques, ordens, resgates feitos aqui; movimentações: 2)",
        "reconstituído",
        "o serviço não dá saldo em dólares",
    ] {
        assert!(says(&harness, expected), "{expected:?} not in the view");
    }
}

#[test]
fn the_pdf_says_which_month_may_owe_a_decripto_with_its_source() {
    let mut state = whole_state(Language::En);
    let ctx = egui::Context::default();
    let (figures, _) = state.tax_figures(&ctx);
    let august = figures
        .year
        .as_ref()
        .unwrap()
        .months
        .iter()
        .find(|month| month.month.month == 8)
        .unwrap()
        .decripto
        .unwrap();
    assert_eq!(august.external_brl, dec("36000.00"));
    assert_eq!(august.limit_brl, dec("35000"));
    let money = figures.money_held(Some(dec("15500.00")), Language::En, state.shared.wall_now);
    let report = build_report(
        &figures,
        Language::En,
        "Conta PJ",
        state.shared.wall_now,
        &money,
    )
    .unwrap();
    let text = plain_text(&report);
    for expected in [
        "Reporting to the Receita (DeCripto)",
        "August 2026: R$36,000.00 outside the service, over R$35,000.00.",
        "(IN RFB 2.291/2025, DeCripto (from 1 July 2026))",
        // The PDF's text wraps: the line's start.
        "Custodiante: Prestadora Exemplo (informe o CNPJ), 5.000; custódia",
        // The money at the service, read back from today's balance and flagged.
        "BRL held at the service on 31 Dec 2026: R$15,000.00 [reconstructed]",
        "USD held at the service on 31 Dec 2026: 0.00 USD [from the movements]",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
}

/// On 1 February 2027, the year 2026 in the report for an accountant:
/// - R$20,000.00 deposited on 1 Nov 2025;
/// - 8,000 BRLV bought for R$8,000.00 on 1 Dec 2025 (from the balance);
/// - 1,000 USDC bought for R$5,350.00 on 2 Feb 2026;
/// - the 8,000 BRLV sold for R$8,000.00 on 10 Mar 2026: sold out;
/// - R$650.00 withdrawn on 20 Jan 2027.
///
/// Bens e Direitos: BRLV 8,000 at R$8,000.00 on 31/12/2025 and 0 at
/// R$0,00 on 31/12/2026 (under R$5,000 now, over it a year before); USDC
/// none on 31/12/2025 and 1,000 at R$5,350.00 (over R$5,000). BRL at the
/// service today: 20,000 − 8,000 − 5,350 + 8,000 − 650 = R$14,000.00; on
/// 31/12/2026, less the one movement since: 14,000 + 650 = R$14,650.00.
/// Dollars: none moved, R$0.00 summed from the movements.
fn sold_out_state(language: Language) -> AppState {
    account_state(
        language,
        Account {
            orders: vec![
                order(
                    3,
                    "2026-03-10T15:00:00Z",
                    ("8000", "eth-base/brlv"),
                    ("8000.00", "fiat/brl"),
                ),
                order(
                    2,
                    "2026-02-02T15:00:00Z",
                    ("5350.00", "fiat/brl"),
                    ("1000", "eth-base/usdc"),
                ),
                order(
                    1,
                    "2025-12-01T15:00:00Z",
                    ("8000.00", "fiat/brl"),
                    ("8000", "eth-base/brlv"),
                ),
            ],
            transfers: Vec::new(),
            withdrawal_brl: ("650.00", "2027-01-20T15:00:00Z"),
            deposits_brl: vec![deposit(30, "2025-11-01T15:00:00Z", "20000.00")],
            balance_brl: "14000.00",
            typed: TypedValues {
                custodian: Some("Prestadora Exemplo".into()),
                custodian_cnpj: Some("11222333000181".into()),
                ..TypedValues::default()
            },
        },
    )
}

/// The Bens e Direitos section of `report`.
fn bens_section(report: &TaxReport) -> &ReportSection {
    report
        .sections
        .iter()
        .find(|section| section.heading.starts_with("Bens e Direitos (gr"))
        .expect("the report has a Bens e Direitos section")
}

#[test]
fn the_pdf_holds_bens_e_direitos_whole_with_an_asset_sold_out_at_zero() {
    let mut state = sold_out_state(Language::En);
    let ctx = egui::Context::default();
    let (figures, _) = state.tax_figures(&ctx);
    let balance = state.shared.data.balance_brl.value().copied();
    let money = figures.money_held(balance, Language::En, state.shared.wall_now);
    let report = build_report(
        &figures,
        Language::En,
        "Conta PJ",
        state.shared.wall_now,
        &money,
    )
    .unwrap();
    let bens = bens_section(&report);
    assert_eq!(bens.heading, "Bens e Direitos (group 08), both columns");
    let ReportBlock::Table { columns, rows } = &bens.blocks[1] else {
        panic!(
            "the section's table comes after its note: {:?}",
            bens.blocks
        );
    };
    assert_eq!(columns[2].heading, "On 31 Dec 2025: quantity · cost");
    assert_eq!(columns[3].heading, "On 31 Dec 2026: quantity · cost");
    assert_eq!(
        rows,
        &vec![
            vec![
                "BRLV".to_owned(),
                "08 / 03".to_owned(),
                "8,000 · R$8,000.00".to_owned(),
                "0 · R$0.00".to_owned(),
                "sold out in the year; under R$5,000 now, at or above it a year before: \
                 keep the line to show the change"
                    .to_owned(),
            ],
            vec![
                "USDC".to_owned(),
                "08 / 03".to_owned(),
                "0 · R$0.00".to_owned(),
                "1,000 · R$5,350.00".to_owned(),
                "cost reaches R$5,000: declare it".to_owned(),
            ],
        ]
    );
    let text = plain_text(&report);
    for expected in [
        "Bens e Direitos (group 08), both columns",
        "8,000 · R$8,000.00",
        "0 · R$0.00",
        "1,000 · R$5,350.00",
        // The PDF's table wraps its cells: the cell's first line.
        "sold out in the year; under",
        "cost reaches R$5,000: declare it",
        "Custodian's CNPJ (its own field since IRPF 2024): 11.222.333/0001-81",
        "Discriminação of BRLV: Saldo zero em 31/12/2026",
        "BRL held at the service on 31 Dec 2026: R$14,650.00 [reconstructed]",
        "Read back from today's balance (R$14,000.00, read on 1 Feb 2027) less what",
        "movements: 1",
        "USD held at the service on 31 Dec 2026: 0.00 USD [from the movements]",
        "the service gives no balance in dollars",
        "Money at the service belongs in Bens e Direitos too",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
    // March's R$8,000.00 of sales is under R$35,000: no month goes through GCAP.
    assert!(!text.contains("goes through the Receita's GCAP"), "{text}");
}

#[test]
fn the_pdfs_bens_e_direitos_speaks_brazilian_portuguese() {
    let mut state = sold_out_state(Language::PtBr);
    let ctx = egui::Context::default();
    let (figures, _) = state.tax_figures(&ctx);
    let balance = state.shared.data.balance_brl.value().copied();
    let money = figures.money_held(balance, Language::PtBr, state.shared.wall_now);
    let report = build_report(
        &figures,
        Language::PtBr,
        "Conta PJ",
        state.shared.wall_now,
        &money,
    )
    .unwrap();
    let text = plain_text(&report);
    for expected in [
        "Bens e Direitos (grupo 08), as duas colunas",
        "8.000 · R$ 8.000,00",
        "0 · R$ 0,00",
        "vendido por inteiro no ano",
        "custo atinge R$ 5.000: declare",
        "CNPJ da custodiante (campo próprio desde o IRPF 2024): 11.222.333/0001-81",
        "BRL mantidos no serviço em 31/12/2026: R$ 14.650,00 [reconstituído]",
        "USD mantidos no serviço em 31/12/2026",
        "[pelas movimentações]",
        // The sources are said in Portuguese too.
        "Receita Federal, instruções do IRPF: Bens e Direitos, situação em 31/12",
        "na redação da Lei 13.259/2016",
        "calendário bancário nacional",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
    for english in [
        "IRPF instructions",
        "in the wording of",
        "national banking calendar",
        "program, imported",
    ] {
        assert!(!text.contains(english), "{english:?} in:\n{text}");
    }
}

#[test]
fn the_windows_csv_files_carry_bens_e_direitos_with_the_money_held_and_the_sales_for_gcap() {
    let mut state = sold_out_state(Language::En);
    let ctx = egui::Context::default();
    let (figures, _) = state.tax_figures(&ctx);
    let balance = state.shared.data.balance_brl.value().copied();
    let money = figures.money_held(balance, Language::En, state.shared.wall_now);
    let folder = tempfile::tempdir().unwrap();
    let written = write_csv_files(
        folder.path(),
        &figures,
        money,
        brlv_core::tax::Language::English,
    )
    .unwrap();
    assert_eq!(written, folder.path());
    for name in csv_names(2026) {
        assert!(
            folder.path().join(&name).is_file(),
            "{name} was not written"
        );
    }
    let bens = std::fs::read_to_string(folder.path().join("bens-e-direitos-2026.csv")).unwrap();
    let rows: Vec<&str> = bens.lines().collect();
    assert!(rows[0].starts_with("asset,bens_group,bens_code"), "{bens}");
    // BRLV sold out: 8,000 at R$8,000.00 on 31/12/2025, nothing on 31/12/2026.
    assert!(
        rows.iter().any(|row| row.starts_with("BRLV,08,03,")
            && row.contains(",2025-12-31,8000,8000.00,2026-12-31,0,0.00,")
            && row.contains("11.222.333/0001-81")),
        "{bens}"
    );
    // The BRL at the service on 31/12/2026, read back from today's R$14,000.00
    // plus the R$650.00 withdrawn in January: R$14,650.00, with its reading;
    // and in the first column, on 31/12/2025, R$12,000.00.
    assert!(
        rows.iter()
            // Quoted: the reading holds a ';', a separator to Excel in pt-BR.
            .any(|row| row.starts_with("BRL,,,\"previous: reconstructed:")
                && row.contains(",2025-12-31,12000.00,12000.00,2026-12-31,14650.00,14650.00,")),
        "{bens}"
    );
    // The month's R$8,000.00 of sales is under R$35,000: the GCAP file has
    // its header and nothing to carry.
    let gcap = std::fs::read_to_string(folder.path().join("gcap-sales-2026.csv")).unwrap();
    assert_eq!(gcap.lines().count(), 1, "{gcap}");
    assert!(
        gcap.starts_with("date,month,asset,nature,quantity"),
        "{gcap}"
    );
}
