//! The Taxes view, headless: every figure found by the name a screen
//! reader hears, the disclaimer and the labels of the rules that are not
//! law, the service's figure beside the report's with why they differ, the
//! "paid" mark and a typed cost going to the journal (and the ledger
//! changing once it is kept), the files asked of the worker; and an
//! order's confirmation saying what the month's sales become with it.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use serde_json::json;
use time::macros::datetime;

use brlv_core::api::model::{ClaimTarget, Order, Quote, TaxExemptionProgress};
use brlv_core::tax::{ClaimMade, TaxInput, YearMonth};
use brlv_desk::app::features::journal::message::{JournalEvent, TaxJournal};
use brlv_desk::app::features::orders::message::OrdersEvent;
use brlv_desk::app::features::taxes::message::TaxesCommand;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::SubmitRequest;

use crate::support::ui::{
    SESSION, answer_passphrase_checks, connected_state, dec, deliver, harness, seal_session,
    settle, type_into,
};

fn from_json<T: serde::de::DeserializeOwned>(value: serde_json::Value) -> T {
    serde_json::from_value(value).unwrap()
}

fn id(n: u128) -> uuid::Uuid {
    uuid::Uuid::from_u128(n)
}

/// A completed order at `at`.
fn order(n: u128, at: &str, pay: (&str, &str), get: (&str, &str), fee: &str) -> Order {
    from_json(json!({
        "id": id(n), "state": "completed", "created-at": at, "state-updated-at": at,
        "source-asset": pay.1, "source-amount": pay.0,
        "target-asset": get.1, "target-amount": get.0,
        "fee-amount": fee, "fee-asset": get.1,
    }))
}

/// The USDT deposit that arrived from outside (its cost unknown).
const DEPOSIT: u128 = 90;

/// An account on 10 March 2026 (Brasília): 4,000 USDC bought in January at
/// R$5.00; 3,000 sold in February for R$36,000.00 (before a R$30.00 fee:
/// taxable, a gain of R$20,970.00); 500 sold in March for R$6,000.00; 100
/// USDT deposited from outside in February. The service counts R$5,000.00
/// of other disposals this month.
pub(crate) fn taxes_state(language: Language) -> AppState {
    let mut state = connected_state(language);
    state.view = View::Taxes;
    state.shared.now = 10_000;
    state.shared.wall_now = datetime!(2026-03-10 15:00:00 UTC);
    let orders = vec![
        order(
            3,
            "2026-03-05T15:00:00Z",
            ("500", "eth-base/usdc"),
            ("5970.00", "fiat/brl"),
            "30.00",
        ),
        order(
            2,
            "2026-02-10T15:00:00Z",
            ("3000", "eth-base/usdc"),
            ("35970.00", "fiat/brl"),
            "30.00",
        ),
        order(
            1,
            "2026-01-05T15:00:00Z",
            ("20000.00", "fiat/brl"),
            ("4000", "eth-base/usdc"),
            "0",
        ),
    ];
    deliver(&mut state, Fetched::Orders(orders.into()), 9_000);
    deliver(&mut state, Fetched::Transfers(vec![].into()), 9_000);
    deliver(&mut state, Fetched::Withdrawals(vec![].into()), 9_000);
    deliver(&mut state, Fetched::Wallets(vec![].into()), 9_000);
    deliver(&mut state, Fetched::DepositsUsdc(vec![].into()), 9_000);
    deliver(
        &mut state,
        Fetched::DepositsUsdt(
            vec![from_json(json!({
                "id": id(DEPOSIT), "type": "token", "status": "credited",
                "created-at": "2026-02-20T15:00:00Z", "amount": "100",
            }))]
            .into(),
        ),
        9_000,
    );
    deliver(
        &mut state,
        Fetched::TaxExemption(from_json::<TaxExemptionProgress>(json!({
            "claims-amount": "0.00",
            "other-disposals-amount": "5000.00",
            "limit": "35000.00",
        }))),
        9_000,
    );
    state.apply(Event::Journal(JournalEvent::Restored {
        session: SESSION,
        lists: Vec::new(),
        claims: Vec::new(),
        orders_sent: Vec::new(),
        tax: TaxJournal::default(),
    }));
    state
}

use crate::support::ui::kept_tax_inputs as kept;

/// Plays the journal's part: each kept input comes back as kept.
fn journal_keeps(harness: &mut Harness<'static, AppState>, inputs: Vec<TaxInput>) {
    for input in inputs {
        harness
            .state_mut()
            .apply(Event::Journal(JournalEvent::TaxInputKept {
                session: SESSION,
                input,
            }));
    }
    settle(harness);
}

#[test]
fn every_figure_is_there_under_the_name_a_screen_reader_hears() {
    let mut harness = harness(taxes_state(Language::En));
    settle(&mut harness);
    harness.get_by_label(
        "A help for the declaration, computed from the account's own records; not tax advice. \
         Rules marked practice or unclear are readings, not law: check them with an accountant.",
    );
    // February: 3,000 USDC at R$5.00 sold for R$36,000.00 before the fee.
    harness.get_by_label("Sales in February 2026: R$36,000.00");
    harness.get_by_label("Gain or loss in February 2026: R$20,970.00");
    harness.get_by_label("Tax of February 2026: R$3,145.50");
    harness.get_by_label("DARF 4600 of February 2026: R$3,145.50");
    harness.get_by_label("DARF of February 2026 due on 31 Mar 2026");
    harness.get_by_label("USDC sales in February 2026: R$36,000.00");
    harness.get_by_label("Cost of the USDC sold in February 2026: R$15,000.00");
    harness.get_by_label("Fees of the USDC sales in February 2026: R$30.00");
    // January: a purchase, no sale; March so far exempt.
    harness.get_by_label("Sales in January 2026: R$0.00");
    harness.get_by_label("Sales in March 2026: R$6,000.00");
    // What is held today, for Bens e Direitos.
    harness.get_by_label("USDC held: 500");
    harness.get_by_label("USDC average cost: R$5");
    harness.get_by_label("USDC total cost: R$2,500.00");
    harness.get_by_label("USDC Bens e Direitos group and code: 08 / 03");
    harness.get_by_label("USDT total cost: R$0.00");
    // March's gain so far, exempt: R$6,000.00 - R$30.00 - 500 × R$5.00.
    harness.get_by_label("Exempt gains for Rendimentos Isentos e Não Tributáveis: R$3,470.00");
    harness.get_by_label("February 2026: DARF 4600, R$3,145.50, due 31 Mar 2026, not marked paid");
    // The rules that are practice, not law, labelled where used.
    assert!(
        harness
            .query_all_by_label("practice, not law: weighted average cost")
            .count()
            >= 2
    );
    harness.get_by_label_contains("unclear: losses not offset");
    harness.get_by_label("Copy the Discriminação of USDC");
}

#[test]
fn this_months_sales_stand_beside_the_services_figure_with_why_they_differ() {
    let mut harness = harness(taxes_state(Language::En));
    settle(&mut harness);
    harness.get_by_label("Other sales, The report counts: R$6,000.00");
    harness.get_by_label("Other sales, The service counts: R$5,000.00");
    harness.get_by_label("Against the limit, The report counts: R$6,000.00");
    harness.get_by_label("Against the limit, The service counts: R$5,000.00");
    harness.get_by_label("The two figures differ. Neither is picked for you; why they may differ:");
    harness.get_by_label_contains("The service counts the other sales differently");
}

#[test]
fn marking_a_darf_paid_goes_to_the_journal_and_shows_once_kept() {
    let mut harness = harness(taxes_state(Language::En));
    settle(&mut harness);
    let _ = harness.state_mut().take_commands();
    harness.get_by_label("DARF of February 2026 paid").click();
    settle(&mut harness);
    let inputs = kept(harness.state_mut());
    let february = YearMonth::new(2026, 2).unwrap();
    assert_eq!(
        inputs,
        vec![TaxInput::Paid {
            month: february,
            paid: true
        }]
    );
    assert!(!harness.state().panels.taxes.inputs.typed.is_paid(february));
    journal_keeps(&mut harness, inputs);
    harness.get_by_label("February 2026: DARF 4600, R$3,145.50, due 31 Mar 2026, paid");
}

#[test]
fn a_typed_cost_goes_to_the_journal_and_changes_the_ledger_once_kept() {
    let mut state = taxes_state(Language::En);
    state.panels.taxes.ledger_asset = Some("USDT".to_owned());
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("USDT total cost: R$0.00");
    let says = |harness: &Harness<'static, AppState>, text: &str| {
        harness.query_all_by_label_contains(text).next().is_some()
    };
    assert!(says(&harness, "cost not typed: counted as zero"));
    let built = harness.state().panels.taxes.generation();
    let _ = harness.state_mut().take_commands();
    type_into(&mut harness, "What they cost, in reais", "R$ 512,30");
    harness.get_by_label("Keep the cost").click();
    settle(&mut harness);
    let inputs = kept(harness.state_mut());
    assert_eq!(
        inputs,
        vec![TaxInput::ArrivedCost {
            record: id(DEPOSIT),
            brl: Some(dec("512.30")),
        }]
    );
    assert_eq!(
        harness.state().panels.taxes.generation(),
        built,
        "nothing changes before it is kept"
    );
    journal_keeps(&mut harness, inputs);
    assert_eq!(harness.state().panels.taxes.generation(), built + 1);
    harness.get_by_label("USDT total cost: R$512.30");
    harness.get_by_label("USDT average cost: R$5.123");
    assert!(says(&harness, "value typed by you"));
    assert!(!says(&harness, "cost not typed: counted as zero"));
    // What was typed can be cleared again.
    let _ = harness.state_mut().take_commands();
    harness.get_by_label("Clear what was typed").click();
    settle(&mut harness);
    assert_eq!(
        kept(harness.state_mut()),
        vec![TaxInput::ArrivedCost {
            record: id(DEPOSIT),
            brl: None,
        }]
    );
}

#[test]
fn the_files_are_asked_of_the_worker_for_the_year_shown() {
    let mut harness = harness(taxes_state(Language::En));
    settle(&mut harness);
    let folder = tempfile::tempdir().unwrap();
    let pdf = folder.path().join("report.pdf");
    {
        let state = harness.state_mut();
        state.panels.taxes.csv.path = folder.path().display().to_string();
        state.save_tax_csv();
        state.panels.taxes.pdf.path = pdf.display().to_string();
        state.save_tax_pdf();
    }
    let commands = harness.state_mut().take_commands();
    let mut saw_csv = false;
    let mut saw_pdf = false;
    for command in commands {
        match command {
            Command::Taxes(TaxesCommand::SaveCsv {
                folder: asked,
                figures,
                ..
            }) => {
                assert_eq!(asked, folder.path());
                assert_eq!(figures.year.as_ref().map(|year| year.year), Some(2026));
                saw_csv = true;
            }
            Command::Taxes(TaxesCommand::SavePdf { path, report }) => {
                assert_eq!(path, pdf);
                assert_eq!(report.title, "Tax report 2026: crypto-assets");
                assert!(report.disclaimer.contains("not tax advice"));
                saw_pdf = true;
            }
            _ => {}
        }
    }
    assert!(saw_csv && saw_pdf);
}

#[test]
fn the_view_speaks_portuguese() {
    let mut harness = harness(taxes_state(Language::PtBr));
    settle(&mut harness);
    harness.get_by_label("Vendas em fevereiro de 2026: R$ 36.000,00");
    harness.get_by_label("DARF 4600 de fevereiro de 2026: R$ 3.145,50");
    harness.get_by_label("DARF de fevereiro de 2026 vence em 31/03/2026");
    assert!(
        harness
            .query_all_by_label_contains("prática, não lei: custo médio ponderado")
            .next()
            .is_some()
    );
    harness.get_by_label_contains("Um auxílio para a declaração");
}

/// The order form with a quote received for selling `usdc` USDC for
/// `brl` reais (a R$30.00 fee besides).
fn selling(state: &mut AppState, usdc: &str, brl: &str) {
    state.view = View::Orders;
    state.panels.orders.form.open = true;
    let draft = &mut state.panels.orders.form.quote_draft;
    draft.source_asset = "eth-base/usdc".parse().unwrap();
    draft.target_asset = "fiat/brl".parse().unwrap();
    draft.amount = usdc.to_owned();
    let request = state.panels.orders.form.quote_request().unwrap();
    state.panels.orders.form.quote_asked = Some(request);
    let quote: Quote = from_json(json!({
        "id": id(77),
        "source-asset": "eth-base/usdc",
        "target-asset": "fiat/brl",
        "source-amount": usdc,
        "target-amount": brl,
        "base-rate": "6",
        "effective-rate": "5.97",
        "fee-amount": "30.00",
        "fee-asset": "fiat/brl",
        "expiration": "2026-03-10T15:05:00Z",
    }));
    state.apply(Event::Orders(OrdersEvent::QuoteReceived(Ok(quote))));
    state.panels.orders.form.order_draft.source_wallet =
        "0xfeedfacefeedfacefeedfacefeedfacefeedface".to_owned();
}

#[test]
fn a_sale_that_crosses_the_limit_says_the_whole_month_becomes_taxable() {
    let mut state = taxes_state(Language::En);
    // R$6,000.00 so far; a sale of R$30,000.00 before its fee.
    selling(&mut state, "5000", "29970.00");
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label(
        "With this sale this month's sales become R$36,000.00, over R$35,000.00 \
         (R$6,000.00 before): every gain of the month becomes taxable, those of the month's \
         earlier sales included.",
    );
}

#[test]
fn a_sale_within_the_limit_says_the_month_stays_exempt() {
    let mut state = taxes_state(Language::En);
    // Exactly R$35,000.00 with it: still exempt.
    selling(&mut state, "4833.333334", "28970.00");
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label(
        "With this sale this month's sales become R$35,000.00 of R$35,000.00 \
         (R$6,000.00 before): still exempt.",
    );
    // Buying tokens is no sale.
    let state = harness.state_mut();
    state.panels.orders.form.quote_draft.source_asset = "fiat/brl".parse().unwrap();
    state.panels.orders.form.quote_draft.target_asset = "eth-base/usdc".parse().unwrap();
    state.panels.orders.form.quote_draft.amount = "100.00".to_owned();
    let request = state.panels.orders.form.quote_request().unwrap();
    state.panels.orders.form.quote_asked = Some(request);
    let quote: Quote = from_json(json!({
        "id": id(78), "source-asset": "fiat/brl", "target-asset": "eth-base/usdc",
        "source-amount": "100.00", "target-amount": "16.5", "fee-amount": "0.1",
        "fee-asset": "eth-base/usdc", "expiration": "2026-03-10T15:05:00Z",
    }));
    state.apply(Event::Orders(OrdersEvent::QuoteReceived(Ok(quote))));
    settle(&mut harness);
    harness.get_by_label(
        "Buying tokens is not a sale: this month's sales stay at R$6,000.00 of R$35,000.00 \
         (Brasília's month, as the Taxes view counts them).",
    );
}

#[test]
fn the_passphrase_step_of_a_crossing_sale_says_so_before_it_leaves() {
    let mut state = taxes_state(Language::En);
    seal_session(&mut state);
    selling(&mut state, "5000", "29970.00");
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Create order").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    harness.get_by_label("Confirm with your passphrase");
    // Said in the form, and again at the passphrase step.
    assert_eq!(
        harness
            .query_all_by_label_contains("every gain of the month becomes taxable")
            .count(),
        2
    );
    assert!(
        !harness
            .state()
            .pending_commands()
            .iter()
            .any(|command| matches!(
                command,
                Command::Submit {
                    request: SubmitRequest::Order(_),
                    ..
                }
            )),
        "nothing leaves before the passphrase"
    );
    answer_passphrase_checks(harness.state_mut());
}

#[test]
fn claims_made_here_count_at_their_gross_amount_in_their_month() {
    let mut state = taxes_state(Language::En);
    state.apply(Event::Journal(JournalEvent::TaxRead {
        session: SESSION,
        tax: TaxJournal {
            claims: vec![ClaimMade {
                claim: from_json(json!({
                    "id": id(60), "updated-at": "2026-03-02T12:00:00Z",
                    "gross-amount": "1000.00", "tax-amount": "150.00", "net-amount": "850.00",
                    "status": "completed",
                })),
                paid_as: ClaimTarget::Brl,
            }],
            ..TaxJournal::default()
        },
    }));
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Sales in March 2026: R$7,000.00");
    harness.get_by_label("Claims, The report counts: R$1,000.00");
    harness.get_by_label("Tax withheld by the service on claims this year: R$150.00");
}
