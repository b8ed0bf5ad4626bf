//! What an accountant would still refuse to sign, each shown in the window,
//! the PDF and the workbook on an account worked out by hand: an order in a
//! state the report does not know named before the figures it leaves out;
//! May's DARF, never paid, said as what it comes to today (R$206.63, not
//! R$164.06) in the months' table, the PDF and the Overview; the cost of
//! tokens back from the person's own wallet typed in the view; and the
//! year's workbook saved from the Taxes view.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use serde_json::json;
use time::macros::datetime;

use brlv_core::api::model::{Transfer, Wallet};
use brlv_core::tax::{TaxInput, TypedValues, YearMonth};
use brlv_desk::app::features::journal::message::JournalEvent;
use brlv_desk::app::features::taxes::central_bank::{CentralBankAnswer, CentralBankRequest};
use brlv_desk::app::features::taxes::message::TaxesEvent;
use brlv_desk::app::features::taxes::report::{build_report, plain_text, render};
use brlv_desk::app::features::taxes::task::write_xlsx;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::{
    SESSION, connected_state, dec, deliver_tax_lists, harness, listed_order as order, settle,
    type_into,
};

const MAIN: &str = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";
const COLD: &str = "0x1111111111111111111111111111111111111111";

/// On 1 December 2026 at noon in Brasília:
/// - 40,000 BRLV bought for R$38,906.25 on 2 April 2026 and sold for
///   R$40,000.00 on 20 May: a taxable month with a gain of R$1,093.75, a
///   DARF of 15 % = 164.0625 → R$164.06, due Tuesday 30 June, never paid;
/// - an order of 10,000 BRLV in a state the report does not know
///   (`settled`) on 10 June;
/// - 5,000 BRLV arriving on 10 November from the person's own wallet
///   (`COLD`, marked as theirs), which never went there from here.
///
/// Paid today the DARF is 154 days late (1 July through 1 December): the
/// fine at its cap, 20 % = 32.812 → 32.81; the Selic of July to November
/// (0.97 + 0.98 + 0.99 + 1.00 + 1.01 = 4.95 %) and 1 % for December:
/// 5.95 % = 9.76157 → 9.76. 164.06 + 32.81 + 9.76 = R$206.63.
fn overdue_state(language: Language) -> AppState {
    let mut state = connected_state(language);
    state.view = View::Taxes;
    state.shared.now = 10_000;
    state.shared.wall_now = datetime!(2026-12-01 15:00:00 UTC);
    let orders = vec![
        order(
            3,
            "2026-06-10T15:00:00Z",
            "settled",
            ("10000", "eth-base/brlv"),
            ("10000.00", "fiat/brl"),
        ),
        order(
            2,
            "2026-05-20T15:00:00Z",
            "completed",
            ("40000", "eth-base/brlv"),
            ("40000.00", "fiat/brl"),
        ),
        order(
            1,
            "2026-04-02T15:00:00Z",
            "completed",
            ("38906.25", "fiat/brl"),
            ("40000", "eth-base/brlv"),
        ),
    ];
    let back: Transfer = serde_json::from_value(json!({
        "id": uuid::Uuid::from_u128(20), "asset": "eth-base/brlv", "amount": "5000",
        "source-address": COLD, "target-address": MAIN, "state": "completed",
        "created-at": "2026-11-10T15:00:00Z", "state-updated-at": "2026-11-10T15:00:00Z",
    }))
    .unwrap();
    let main: Wallet =
        serde_json::from_value(json!({"name": "Main", "address": MAIN, "assets": []})).unwrap();
    let mut typed = TypedValues::default();
    typed.apply(TaxInput::OwnAddress {
        address: COLD.into(),
        own: true,
    });
    deliver_tax_lists(&mut state, orders, vec![back], vec![main], typed);
    // The Banco Central's Selic of July to November, as the worker brings it.
    let months: Vec<YearMonth> = (7..=11)
        .map(|month| YearMonth::new(2026, month).unwrap())
        .collect();
    let mut answer = CentralBankAnswer {
        asked: CentralBankRequest {
            months: months.iter().copied().collect(),
            ..CentralBankRequest::default()
        },
        ..CentralBankAnswer::default()
    };
    for (month, percent) in months.iter().zip(["0.97", "0.98", "0.99", "1.00", "1.01"]) {
        answer.selic.insert(*month, dec(percent));
    }
    state.apply(Event::Taxes(TaxesEvent::CentralBank {
        session: SESSION,
        answer: Box::new(answer),
    }));
    state
}

fn says(harness: &Harness<'static, AppState>, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}

/// The report for an accountant as its text, its lines joined again.
fn report_text(state: &mut AppState, language: Language) -> (String, Vec<u8>) {
    let ctx = egui::Context::default();
    let (figures, _) = state.tax_figures(&ctx);
    let money = figures.money_held(Some(dec("1093.75")), language, state.shared.wall_now);
    let report = build_report(
        &figures,
        language,
        "Conta PF",
        state.shared.wall_now,
        &money,
    )
    .unwrap();
    (plain_text(&report).replace('\n', " "), render(&report))
}

#[test]
fn an_order_in_an_unknown_state_is_named_in_the_view_and_the_pdf_in_both_languages() {
    let mut harness = harness(overdue_state(Language::En));
    settle(&mut harness);
    let notice =
        "1 order in a state the report does not know (`settled`): its sales were not counted";
    assert!(says(&harness, notice), "{notice:?} not in the view");
    assert!(says(&harness, "1 not counted"), "the month's badge");

    let (text, pdf) = report_text(harness.state_mut(), Language::En);
    assert!(text.contains(notice), "{text}");
    assert!(text.contains("June 2026: 1 not counted"), "{text}");
    // The PDF's text is searchable: the notice is in its content stream.
    let fragment = b"in a state the report does not know";
    assert!(
        pdf.windows(fragment.len()).any(|window| window == fragment),
        "the notice in the PDF's bytes"
    );

    let (text, _) = report_text(&mut overdue_state(Language::PtBr), Language::PtBr);
    assert!(
        text.contains(
            "1 ordem em um estado que o relatório não conhece (`settled`): suas vendas não foram contadas"
        ),
        "{text}"
    );
}

#[test]
fn the_late_darf_says_what_it_comes_to_today_in_the_months_table_and_the_pdf() {
    let mut harness = harness(overdue_state(Language::En));
    settle(&mut harness);
    // The months' table: not R$164.06, the DARF's own amount, but today's.
    assert!(says(
        &harness,
        "DARF of May 2026: overdue 154 days · R$206.63 today"
    ));
    assert!(says(&harness, "May 2026: total to pay today R$206.63"));

    let (text, _) = report_text(harness.state_mut(), Language::En);
    for expected in [
        "not paid: overdue 154 days · R$206.63 today",
        "May 2026: DARF 4600 of R$164.06, due 30 Jun 2026, 154 days late if paid on 1 Dec 2026",
        "May 2026: late fine R$32.81 (20%, the cap)",
        "May 2026: Selic interest R$9.76 (5.95% over 6 months, the month of payment at 1%)",
        "May 2026: total to pay today R$206.63",
        "Lei 9.430/1996 art. 61",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
    // In Portuguese, numbers and dates as Brazil writes them.
    let (text, _) = report_text(&mut overdue_state(Language::PtBr), Language::PtBr);
    for expected in [
        "não pago: vencido há 154 dias · R$ 206,63 hoje",
        "maio de 2026: DARF 4600 de R$ 164,06, vencido em 30/06/2026, 154 dias de atraso se pago em 01/12/2026",
        "maio de 2026: juros Selic R$ 9,76 (5,95 % em 6 meses, o mês do pagamento a 1 %)",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
}

#[test]
fn a_late_darf_fits_its_months_table_in_the_windows_default_width() {
    // 1180 points is the window's first size (and most of a 1280-pixel
    // screen); a late May's line used to run past the table's right edge.
    for (language, late, owed, paid) in [
        (
            Language::En,
            "overdue 154 days",
            "DARF of May 2026: overdue 154 days · R$206.63 today",
            "DARF of May 2026 paid",
        ),
        (
            Language::PtBr,
            "vencido há 154 dias",
            "DARF de maio de 2026: vencido há 154 dias · R$ 206,63 hoje",
            "DARF de maio de 2026 pago",
        ),
    ] {
        let mut harness = Harness::builder()
            .with_size([1180.0, 1400.0])
            .with_max_steps(12)
            .build_ui_state(
                |ui, state: &mut AppState| brlv_desk::app::shell::shell_ui(ui, state),
                overdue_state(language),
            );
        settle(&mut harness);
        // The badge under the due date, the amount under the DARF's and the
        // month's Pago checkbox: each inside the window.
        for text in [late, owed, paid] {
            let node = harness.get_by_label(text);
            let right = node.rect().max.x;
            assert!(
                right <= 1180.0 - 8.0,
                "{text:?} ends at {right}, past the window's 1180"
            );
        }
    }
}

#[test]
fn the_overview_says_what_the_overdue_darfs_come_to_today_and_leads_to_the_taxes_view() {
    let mut state = overdue_state(Language::En);
    state.view = View::Overview;
    let mut harness = harness(state);
    settle(&mut harness);
    let notice = "Overdue: 1 DARF not marked paid by its due date comes to R$206.63 if paid \
                  today, the late fine and the Selic interest included.";
    assert!(says(&harness, notice), "{notice:?} not on the Overview");
    // What today's amount is made of: the DARF, its fine, the Selic.
    let line = "May 2026: R$164.06 + late fine R$32.81 + Selic interest R$9.76 = R$206.63 \
                today (due 30 Jun 2026, 154 days late)";
    assert!(says(&harness, line), "{line:?} not on the Overview");
    harness
        .get_by_label_contains("See it in the Taxes view")
        .click();
    settle(&mut harness);
    assert_eq!(harness.state().view, View::Taxes);

    // Marked paid, the notice is gone.
    harness
        .state_mut()
        .apply(Event::Journal(JournalEvent::TaxInputKept {
            session: SESSION,
            input: TaxInput::Paid {
                month: YearMonth::new(2026, 5).unwrap(),
                paid: true,
            },
        }));
    harness.state_mut().view = View::Overview;
    settle(&mut harness);
    assert!(!says(&harness, "Overdue:"));
}

#[test]
fn the_overview_says_what_the_overdue_darf_comes_to_today_in_portuguese() {
    let mut state = overdue_state(Language::PtBr);
    state.view = View::Overview;
    let mut harness = harness(state);
    settle(&mut harness);
    for expected in [
        "Em atraso: 1 DARF não marcado como pago até o vencimento soma R$ 206,63 se pago hoje, \
         com a multa de mora e os juros Selic.",
        "maio de 2026: R$ 164,06 + multa de mora R$ 32,81 + juros Selic R$ 9,76 = R$ 206,63 \
         hoje (vencido em 30/06/2026, 154 dias de atraso)",
    ] {
        assert!(says(&harness, expected), "{expected:?} not on the Overview");
    }
    assert!(!says(&harness, "DARF(s)"));
    harness
        .get_by_label_contains("Ver na tela Impostos")
        .click();
    settle(&mut harness);
    assert_eq!(harness.state().view, View::Taxes);
}

#[test]
fn tokens_back_from_the_own_wallet_take_the_cost_typed_in_the_view() {
    let mut harness = harness(overdue_state(Language::En));
    settle(&mut harness);
    assert!(says(&harness, "What they cost, in reais"));
    type_into(&mut harness, "What they cost, in reais", "5000.00");
    harness.state_mut().take_commands();
    harness.get_by_label("Keep the cost").click_accesskit();
    settle(&mut harness);
    let kept = crate::support::ui::kept_tax_inputs(harness.state_mut());
    assert_eq!(
        kept,
        vec![TaxInput::ArrivedCost {
            record: uuid::Uuid::from_u128(20),
            brl: Some(dec("5000.00")),
        }]
    );
}

#[test]
fn the_years_workbook_written_from_the_view_holds_its_months_and_late_darf() {
    use calamine::Reader;
    let mut state = overdue_state(Language::PtBr);
    let ctx = egui::Context::default();
    let (figures, _) = state.tax_figures(&ctx);
    let money = figures.money_held(None, Language::PtBr, state.shared.wall_now);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("impostos-2026.xlsx");
    write_xlsx(
        &path,
        &figures,
        money,
        brlv_core::tax::Language::PortugueseBrazil,
    )
    .unwrap();
    let mut workbook: calamine::Xlsx<_> = calamine::open_workbook(&path).unwrap();
    let months = workbook.worksheet_range("Meses").unwrap();
    // A heading and twelve months, January to December.
    assert_eq!(months.rows().count(), 13);
    let may: Vec<String> = months
        .rows()
        .nth(5)
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        (may[1].as_str(), may[4].as_str(), may[6].as_str()),
        ("40000", "164.06", "164.06")
    );
    assert_eq!(may[14], "0", "{may:?}");
    let june: Vec<String> = months
        .rows()
        .nth(6)
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(june[14], "1", "June's order not counted: {june:?}");
    let late = workbook.worksheet_range("DARFs em atraso").unwrap();
    let row: Vec<String> = late
        .rows()
        .nth(1)
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    // The total, fine and interest; the days late.
    assert_eq!(
        (
            row[5].as_str(),
            row[7].as_str(),
            row[9].as_str(),
            row[10].as_str()
        ),
        ("154", "32.81", "9.76", "206.63")
    );
}

/// The central-bank asks among `commands`.
fn central_bank_asks(commands: Vec<Command>) -> Vec<CentralBankRequest> {
    use brlv_desk::app::features::taxes::message::TaxesCommand;
    commands
        .into_iter()
        .filter_map(|command| match command {
            Command::Taxes(TaxesCommand::CentralBank(request)) => Some(request),
            _ => None,
        })
        .collect()
}

/// Tuesday 1 December 2026 at 11:00 in Brasília, before the closing
/// bulletin: 1,000 USDC bought for R$5,000.00 in November and sold today
/// at 10:00 for US$995.00. Monday's PTAX (buying 5.3000) values the sale
/// for now: 995 × 5.3000 = R$5,273.50; today's (buying 5.4000), once out,
/// makes it 995 × 5.4000 = R$5,373.00.
#[test]
fn a_sale_for_dollars_today_is_provisional_until_the_bulletin_then_valued_again() {
    use brlv_core::tax::ptax::{DayRate, DollarRate, RateStanding};
    use time::macros::date;
    let today = date!(2026 - 12 - 01);
    let mut state = connected_state(Language::En);
    state.view = View::Taxes;
    state.shared.now = 10_000;
    state.shared.wall_now = datetime!(2026-12-01 14:00:00 UTC);
    let orders = vec![
        order(
            2,
            "2026-12-01T13:00:00Z",
            "completed",
            ("1000", "eth-base/usdc"),
            ("995.00", "fiat/usd"),
        ),
        order(
            1,
            "2026-11-10T15:00:00Z",
            "completed",
            ("5000.00", "fiat/brl"),
            ("1000", "eth-base/usdc"),
        ),
    ];
    deliver_tax_lists(&mut state, orders, vec![], vec![], TypedValues::default());
    let mut harness = harness(state);
    settle(&mut harness);
    let asked = central_bank_asks(harness.state_mut().take_commands());
    assert!(
        asked.iter().any(|request| request.days.contains(&today)),
        "today's rate asked: {asked:?}"
    );
    // The worker's answer before the bulletin: Monday's rate, provisional.
    let mut answer = CentralBankAnswer {
        asked: CentralBankRequest {
            days: [today].into(),
            ..CentralBankRequest::default()
        },
        ..CentralBankAnswer::default()
    };
    let monday = DollarRate {
        published_on: date!(2026 - 11 - 30),
        buying: dec("5.3000"),
        selling: dec("5.3006"),
    };
    answer.rates.set(
        today,
        Ok(DayRate {
            rate: monday,
            standing: RateStanding::Provisional,
        }),
    );
    harness
        .state_mut()
        .apply(Event::Taxes(TaxesEvent::CentralBank {
            session: SESSION,
            answer: Box::new(answer),
        }));
    settle(&mut harness);
    assert!(says(&harness, "Today's PTAX is not out yet"));
    let sale_value = |harness: &mut Harness<'static, AppState>| {
        let ctx = harness.ctx.clone();
        let (figures, _) = harness.state_mut().tax_figures(&ctx);
        figures
            .ledger
            .entries
            .iter()
            .find(|entry| entry.kind == brlv_core::tax::ledger::EntryKind::Sell)
            .map(|entry| entry.value_brl)
    };
    assert_eq!(sale_value(&mut harness), Some(dec("5273.50")));

    // Whether today's bulletin is out is asked at once: not yet.
    let provisional_asked = |harness: &mut Harness<'static, AppState>| {
        central_bank_asks(harness.state_mut().take_commands())
            .iter()
            .any(|request| request.provisional.contains(&today))
    };
    assert!(provisional_asked(&mut harness), "asked at once");
    let not_yet = CentralBankAnswer {
        asked: CentralBankRequest {
            provisional: [today].into(),
            ..CentralBankRequest::default()
        },
        ..CentralBankAnswer::default()
    };
    harness
        .state_mut()
        .apply(Event::Taxes(TaxesEvent::CentralBank {
            session: SESSION,
            answer: Box::new(not_yet),
        }));
    settle(&mut harness);
    assert!(says(&harness, "Today's PTAX is not out yet"));
    assert_eq!(sale_value(&mut harness), Some(dec("5273.50")));
    // Five minutes on, nothing is asked; ten minutes or more on (here 13:20
    // in Brasília, after the bulletin), it is asked again.
    harness.state_mut().shared.wall_now = datetime!(2026-12-01 14:05:00 UTC);
    settle(&mut harness);
    assert!(!provisional_asked(&mut harness), "not before ten minutes");
    harness.state_mut().shared.wall_now = datetime!(2026-12-01 16:20:00 UTC);
    settle(&mut harness);
    assert!(provisional_asked(&mut harness), "asked again");
    // The bulletin is out (13:10 in Brasília): the sale is valued again.
    let mut answer = CentralBankAnswer {
        asked: CentralBankRequest {
            provisional: [today].into(),
            ..CentralBankRequest::default()
        },
        ..CentralBankAnswer::default()
    };
    answer.rates.insert(
        today,
        DollarRate {
            published_on: today,
            buying: dec("5.4000"),
            selling: dec("5.4006"),
        },
    );
    harness
        .state_mut()
        .apply(Event::Taxes(TaxesEvent::CentralBank {
            session: SESSION,
            answer: Box::new(answer),
        }));
    settle(&mut harness);
    assert!(!says(&harness, "Today's PTAX is not out yet"));
    assert_eq!(sale_value(&mut harness), Some(dec("5373.00")));
}
