//! The Taxes view's declaration from the core's figures, headless: Bens e
//! Direitos with 31/12 of the year before and today, an asset sold out in
//! the year at R$0.00, the custodian's CNPJ typed once into its own field
//! and kept; and a DARF not paid by its due date with its late fine and the
//! Selic interest from the Banco Central's figure, computed here by hand.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use time::macros::datetime;

use brlv_core::api::model::Order;
use brlv_core::tax::{TaxInput, TypedValues, YearMonth};
use brlv_desk::app::features::journal::message::JournalEvent;
use brlv_desk::app::features::taxes::central_bank::{CentralBankAnswer, CentralBankRequest};
use brlv_desk::app::features::taxes::message::{TaxesCommand, TaxesEvent};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::{
    SESSION, connected_state, dec, deliver_tax_lists, harness, settle, type_into,
};

fn order(n: u128, at: &str, pay: (&str, &str), get: (&str, &str)) -> Order {
    crate::support::ui::listed_order(n, at, "completed", pay, get)
}

/// On 20 May 2026 (Brasília): 2,000 USDC bought in June 2025 for
/// R$10,000.00, all sold on 10 February 2026 for R$40,000.00 (taxable: a
/// gain of R$30,000.00, a DARF of R$4,500.00 due 31 March 2026, not paid).
fn declaration_state(language: Language) -> AppState {
    let mut state = connected_state(language);
    state.view = View::Taxes;
    state.shared.now = 10_000;
    state.shared.wall_now = datetime!(2026-05-20 15:00:00 UTC);
    let orders = vec![
        order(
            2,
            "2026-02-10T15:00:00Z",
            ("2000", "eth-base/usdc"),
            ("40000.00", "fiat/brl"),
        ),
        order(
            1,
            "2025-06-05T15:00:00Z",
            ("10000.00", "fiat/brl"),
            ("2000", "eth-base/usdc"),
        ),
    ];
    deliver_tax_lists(&mut state, orders, vec![], vec![], TypedValues::default());
    state
}

fn says(harness: &Harness<'static, AppState>, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}

#[test]
fn the_declaration_has_both_columns_the_cnpj_field_and_the_late_darf_with_selic_interest() {
    let mut harness = harness(declaration_state(Language::En));
    settle(&mut harness);
    // Bens e Direitos: USDC held on 31/12/2025, sold out by today.
    assert!(says(&harness, "Bens e Direitos (group 08), both columns"));
    assert!(
        says(
            &harness,
            "USDC on 31 Dec 2025: 2,000 held, cost R$10,000.00"
        ),
        "the first column"
    );
    assert!(
        says(&harness, "USDC on 20 May 2026: 0 held, cost R$0.00"),
        "the second column at zero"
    );
    assert!(says(&harness, "sold out in the year"));
    assert!(says(
        &harness,
        "under R$5,000 now, at or above it a year before"
    ));
    assert!(says(
        &harness,
        "each sale goes through the Receita's GCAP program"
    ));

    // The DARF is late: the figures ask the Banco Central for April's
    // Selic (the month after the due date, before the month of payment).
    let april = YearMonth::new(2026, 4).unwrap();
    let asked = harness.state_mut().take_commands();
    assert!(
        asked.iter().any(|command| matches!(
            command,
            Command::Taxes(TaxesCommand::CentralBank(request)) if request.months.contains(&april)
        )),
        "April's Selic asked"
    );
    // While it is asked, the panel says so; the figures stay drawn.
    assert!(says(
        &harness,
        "Asking the Banco Central for the dollar's PTAX (days: 0) and the Selic (months: 1)"
    ));
    // 31 March to 20 May: 50 days late, 16.5 % of R$4,500.00 = R$742.50.
    assert!(says(
        &harness,
        "February 2026: DARF 4600 of R$4,500.00, due 31 Mar 2026, 50 days late"
    ));
    assert!(says(&harness, "February 2026: late fine R$742.50"));
    assert!(says(
        &harness,
        "February 2026: the Selic interest is not final: the Banco Central's Selic is missing for April 2026"
    ));
    // April's Selic, 0.90 %, plus 1 % for May: 1.90 % of R$4,500.00 = R$85.50.
    let mut answer = CentralBankAnswer {
        asked: CentralBankRequest {
            months: [april].into(),
            ..CentralBankRequest::default()
        },
        ..CentralBankAnswer::default()
    };
    answer.selic.insert(april, dec("0.90"));
    harness
        .state_mut()
        .apply(Event::Taxes(TaxesEvent::CentralBank {
            session: SESSION,
            answer: Box::new(answer),
        }));
    settle(&mut harness);
    assert!(says(&harness, "February 2026: Selic interest R$85.50"));
    assert!(says(
        &harness,
        "February 2026: total to pay today R$5,328.00"
    ));
    assert!(!says(&harness, "the Selic interest is not final"));
    assert!(!says(&harness, "Asking the Banco Central"));

    // The custodian's CNPJ, in its own field: a wrong one is refused.
    let field = "Custodian's CNPJ (its own field since IRPF 2024)";
    assert!(says(&harness, "No CNPJ kept yet"));
    type_into(&mut harness, field, "11.222.333/0001-00");
    assert!(says(&harness, "not a valid CNPJ"));
    let _ = harness.state_mut().take_commands();
    harness.get_by_label("Keep the CNPJ").click_accesskit();
    settle(&mut harness);
    assert!(
        !harness
            .state_mut()
            .take_commands()
            .iter()
            .any(|command| matches!(command, Command::Journal(_))),
        "an invalid CNPJ is not kept"
    );
    harness.get_by_label(field).focus();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.key_press(egui::Key::Backspace);
    settle(&mut harness);
    type_into(&mut harness, field, "11.222.333/0001-81");
    harness.get_by_label("Keep the CNPJ").click_accesskit();
    settle(&mut harness);
    let kept = crate::support::ui::kept_tax_inputs(harness.state_mut());
    assert_eq!(
        kept,
        vec![TaxInput::CustodianCnpj(Some("11222333000181".to_owned()))]
    );
    for input in kept {
        harness
            .state_mut()
            .apply(Event::Journal(JournalEvent::TaxInputKept {
                session: SESSION,
                input,
            }));
    }
    settle(&mut harness);
    assert!(says(
        &harness,
        "CNPJ kept for Bens e Direitos: 11.222.333/0001-81"
    ));
}

#[test]
fn the_declaration_speaks_portuguese() {
    let mut harness = harness(declaration_state(Language::PtBr));
    settle(&mut harness);
    assert!(says(
        &harness,
        "Bens e Direitos (grupo 08), as duas colunas"
    ));
    assert!(says(&harness, "vendido por inteiro no ano"));
    assert!(says(&harness, "DARFs em atraso, se pagos hoje"));
    assert!(says(&harness, "CNPJ da custodiante"));
}

#[test]
fn the_custodians_name_typed_in_the_view_is_kept_and_written_beside_its_cnpj() {
    let mut harness = harness(declaration_state(Language::En));
    settle(&mut harness);
    harness
        .state_mut()
        .apply(Event::Journal(JournalEvent::TaxInputKept {
            session: SESSION,
            input: TaxInput::CustodianCnpj(Some("11222333000181".to_owned())),
        }));
    settle(&mut harness);
    // Its CNPJ kept, the name is still asked for.
    assert!(
        usdc_discriminacao(&mut harness).contains("(informe o nome), CNPJ 11.222.333/0001-81"),
        "{}",
        usdc_discriminacao(&mut harness)
    );
    let field = "Custodian's name in Discriminação (its CNPJ has a field of its own, under Bens e Direitos)";
    type_into(&mut harness, field, "Prestadora Exemplo Ltda.");
    let _ = harness.state_mut().take_commands();
    harness.get_by_label("Keep the custodian").click_accesskit();
    settle(&mut harness);
    let kept = crate::support::ui::kept_tax_inputs(harness.state_mut());
    assert_eq!(
        kept,
        vec![TaxInput::Custodian(Some(
            "Prestadora Exemplo Ltda.".to_owned()
        ))]
    );
    for input in kept {
        harness
            .state_mut()
            .apply(Event::Journal(JournalEvent::TaxInputKept {
                session: SESSION,
                input,
            }));
    }
    settle(&mut harness);
    assert!(
        usdc_discriminacao(&mut harness)
            .ends_with("Custodiante: Prestadora Exemplo Ltda., CNPJ 11.222.333/0001-81."),
        "{}",
        usdc_discriminacao(&mut harness)
    );
}

/// Discriminação of USDC's line of Bens e Direitos, as the view's figures have it.
fn usdc_discriminacao(harness: &mut Harness<'static, AppState>) -> String {
    let ctx = harness.ctx.clone();
    let (figures, _) = harness.state_mut().tax_figures(&ctx);
    let declaration = figures.declaration.as_deref().expect("the declaration");
    declaration
        .lines
        .iter()
        .find(|line| line.asset == "USDC")
        .expect("USDC's line")
        .discriminacao
        .clone()
}
