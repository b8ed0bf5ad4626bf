//! The extrato and the Overview's charts, headless: the filters (a typed
//! range, kind, asset, text) narrowing the timeline with the right totals, a
//! row opening its record in its own panel, the day headers in the person's
//! language, and each chart's figures said in words.

use egui::accesskit::Role;
use egui_kittest::kittest::{By, NodeT, Queryable};
use serde_json::json;

use brlv_core::api::model::{Asset, Claim, TaxExemptionProgress};
use brlv_desk::app::clock::LocalZone;
use brlv_desk::app::export::ExtratoFormat;
use brlv_desk::app::features::activity::export::{ExtratoFileRequest, write_extrato_file};
use brlv_desk::app::features::activity::state::RangePreset;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::movement::MovementKind;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::{connected_state, dec, deliver, harness, settle, type_into};

const OWN: &str = "0x1111111111111111111111111111111111111111";
const OTHER: &str = "0x3333333333333333333333333333333333333333";
const TRANSFER_ID: &str = "7a1e0c52-0000-4000-8000-000000000003";

fn from_json<T: serde::de::DeserializeOwned>(value: serde_json::Value) -> T {
    serde_json::from_value(value).unwrap()
}

/// An account on 10 March 2026: a completed BRL→BRLV order and a deposit
/// on the 10th, a transfer out on the 9th, a Pix withdrawal and a failed
/// one on the 8th, a deposit in February; a claim made on this device.
pub fn extrato_state(language: Language) -> AppState {
    let mut state = connected_state(language);
    state.shared.now = 10_000;
    state.shared.wall_now = time::macros::datetime!(2026-03-10 20:00:00 UTC);
    deliver(
        &mut state,
        Fetched::Orders(
            vec![from_json(json!({
                "id": "5b0d1a9e-7c1c-4a8e-9a53-0c3b8d6f1e21",
                "state": "completed",
                "created-at": "2026-03-10T12:00:00Z",
                "state-updated-at": "2026-03-10T12:01:00Z",
                "source-asset": "fiat/brl",
                "target-asset": "eth-base/brlv",
                "source-amount": "500.00",
                "target-amount": "499.500000000000000000",
            }))]
            .into(),
        ),
        9_000,
    );
    deliver(
        &mut state,
        Fetched::Transfers(
            vec![from_json(json!({
                "id": TRANSFER_ID,
                "state": "completed",
                "created-at": "2026-03-09T09:00:00Z",
                "asset": "eth-base/brlv",
                "amount": "12.5",
                "source-address": OWN,
                "target-address": OTHER,
                "tx-hash": "0xabababababababababababababababababababababababababababababababab",
            }))]
            .into(),
        ),
        9_000,
    );
    deliver(
        &mut state,
        Fetched::Withdrawals(
            vec![
                from_json(json!({
                    "id": "9c2f0c52-0000-4000-8000-000000000002",
                    "state": "completed",
                    "created-at": "2026-03-08T15:00:00Z",
                    "asset": "fiat/brl",
                    "method": "pix",
                    "amount": "320.50",
                })),
                from_json(json!({
                    "id": "9c2f0c52-0000-4000-8000-000000000004",
                    "state": "failed",
                    "created-at": "2026-03-08T14:00:00Z",
                    "asset": "fiat/brl",
                    "method": "pix",
                    "amount": "99.00",
                })),
            ]
            .into(),
        ),
        9_000,
    );
    deliver(
        &mut state,
        Fetched::DepositsBrl(
            vec![
                from_json(json!({
                    "id": "d0000000-0000-4000-8000-000000000005",
                    "type": "pix",
                    "status": "credited",
                    "created-at": "2026-03-10T08:00:00Z",
                    "amount": "1000.00",
                    "coordinates": {"source-tax-id": "12345678909"},
                })),
                from_json(json!({
                    "id": "d0000000-0000-4000-8000-000000000006",
                    "type": "pix",
                    "status": "credited",
                    "created-at": "2026-02-15T08:00:00Z",
                    "amount": "250.00",
                    "coordinates": {"source-tax-id": "98765432100"},
                })),
            ]
            .into(),
        ),
        9_000,
    );
    deliver(
        &mut state,
        Fetched::Wallets(
            vec![from_json(
                json!({"address": OWN, "name": "Main", "assets": ["eth-base/brlv"]}),
            )]
            .into(),
        ),
        9_000,
    );
    let claim: Claim = from_json(json!({
        "id": "c0000000-0000-4000-8000-000000000007",
        "updated-at": "2026-02-03T10:00:00Z",
        "gross-amount": "100.00",
        "net-amount": "99.00",
        "status": "completed",
    }));
    state.shared.data.claims_made = std::sync::Arc::new(vec![claim]);
    state.view = View::Activity;
    state
}

/// Whether some node reads `label` (an amount may be both a row's and a total's).
fn has(harness: &egui_kittest::Harness<'static, AppState>, label: &str) -> bool {
    harness.query_all_by_label(label).next().is_some()
}

/// Opens what came in and went out per asset, below the period's result.
fn open_in_and_out(harness: &mut egui_kittest::Harness<'static, AppState>) {
    harness.get_by_label("In and out per asset").click();
    settle(harness);
}

#[test]
fn every_movement_is_listed_by_day_with_the_totals_in_and_out_per_asset() {
    let mut harness = harness(extrato_state(Language::En));
    settle(&mut harness);
    open_in_and_out(&mut harness);
    harness.get_by_label("Movements: 7");
    harness.get_by_label("Tuesday, 10 March 2026");
    harness.get_by_label("Monday, 9 March 2026");
    harness.get_by_label("Sunday, 8 March 2026");
    harness.get_by_label("Sunday, 15 February 2026");
    // BRL in: deposits 1,000.00 + 250.00 + the claim's net 99.00; out: the
    // order's 500.00 + the withdrawal's 320.50, not the failed 99.00.
    assert!(has(&harness, "R$1,349.00"), "R$1,349.00");
    assert!(has(&harness, "R$820.50"), "R$820.50");
    assert!(has(&harness, "R$528.50"), "R$528.50");
    // BRLV in from the order, out by the transfer, at the places that count.
    assert!(has(&harness, "499.50 BRLV"), "499.50 BRLV");
    assert!(has(&harness, "487.00 BRLV"), "487.00 BRLV");
}

#[test]
fn a_typed_range_narrows_the_timeline_and_its_totals() {
    let mut state = extrato_state(Language::En);
    state.panels.activity.preset = RangePreset::Custom;
    state.panels.activity.from_text = String::new();
    state.panels.activity.to_text = String::new();
    let mut harness = harness(state);
    settle(&mut harness);
    type_into(&mut harness, "From", "08/03/2026");
    type_into(&mut harness, "To", "2026-03-09");
    open_in_and_out(&mut harness);
    harness.get_by_label("Movements: 3");
    assert!(!has(&harness, "Tuesday, 10 March 2026"));
    // Out: the withdrawal R$320.50 (the failed one listed, not counted) and
    // the transfer's 12.50 BRLV; nothing in.
    assert!(has(&harness, "R$320.50"), "R$320.50");
    assert!(has(&harness, "-R$320.50"), "-R$320.50");
    assert!(has(&harness, "12.50 BRLV"), "12.50 BRLV");
    assert!(has(&harness, "-12.50 BRLV"), "-12.50 BRLV");

    // A day that is not one says so, and the range stays open.
    type_into(&mut harness, "To", "x");
    harness.get_by_label("The last day is not a date (2026-03-09 or 09/03/2026).");
}

#[test]
fn kind_asset_and_text_narrow_it_too() {
    let mut harness = harness(extrato_state(Language::En));
    settle(&mut harness);
    open_in_and_out(&mut harness);
    harness.state_mut().panels.activity.kind = Some(MovementKind::Deposit);
    settle(&mut harness);
    harness.get_by_label("Movements: 2");
    assert!(has(&harness, "R$1,250.00"), "R$1,250.00");
    assert!(!has(&harness, "499.50 BRLV"), "no order shown");

    harness.state_mut().panels.activity.kind = None;
    harness.state_mut().panels.activity.asset = Some(Asset::EthBaseBrlv);
    settle(&mut harness);
    harness.get_by_label("Movements: 2");
    assert!(!has(&harness, "R$1,349.00"), "only BRLV's totals");
    assert!(has(&harness, "487.00 BRLV"), "487.00 BRLV");

    harness.state_mut().panels.activity.asset = None;
    type_into(&mut harness, "Search the activity", "98765432100");
    harness.get_by_label("Movements: 1");
    assert!(has(&harness, "R$250.00"), "R$250.00");
    harness.get_by_label("Sunday, 15 February 2026");
}

#[test]
fn a_row_opens_its_record_in_its_own_panel() {
    let mut state = extrato_state(Language::En);
    // A filter in the Transfers panel that would hide it is cleared.
    state.panels.transfers.state_filter = Some(brlv_core::api::model::TransferState::Failed);
    let mut harness = harness(state);
    settle(&mut harness);
    let row = harness.get(
        By::new()
            .role(Role::Button)
            .label_contains("Transfer, 9 Mar 2026 09:00, To 0x333333...333333"),
    );
    assert!(
        row.accesskit_node()
            .label()
            .unwrap_or_default()
            .ends_with("Out 12.50 BRLV, paid"),
        "the row says what moved, then its state"
    );
    row.click();
    settle(&mut harness);
    let state = harness.state();
    assert_eq!(state.view, View::Transfers);
    assert_eq!(
        state
            .panels
            .transfers
            .records
            .selected
            .map(|id| id.to_string())
            .as_deref(),
        Some(TRANSFER_ID)
    );
    assert_eq!(state.panels.transfers.state_filter, None);
    harness.get_by_label("Details");
    harness.get_by_label("0xabababababababababababababababababababababababababababababababab");
}

#[test]
fn the_extrato_speaks_portuguese() {
    let mut harness = harness(extrato_state(Language::PtBr));
    settle(&mut harness);
    harness.get_by_label("terça-feira, 10 de março de 2026");
    harness.get_by_label("Resultado do período:");
    harness.get_by_label("Entradas e saídas por ativo").click();
    settle(&mut harness);
    assert!(has(&harness, "R$ 1.349,00"), "R$ 1.349,00");
    // The payer's CPF masked on screen as banks show it, whole in the file.
    assert!(has(&harness, "Pix de ***.456.789-**"), "masked payer");
    assert!(harness.query_by_label_contains("12345678909").is_none());
}

#[test]
fn the_extrato_puts_the_movements_first_filters_as_chips_and_the_result_in_one_line() {
    let mut harness = harness(extrato_state(Language::PtBr));
    settle(&mut harness);
    // The period's result per asset, said whole for a screen reader.
    harness.get_by_label("BRL: entradas R$ 1.349,00, saídas R$ 820,50, resultado R$ 528,50");
    // In and out per asset wait behind one click.
    assert!(
        harness.query_by_label("Saídas").is_some(),
        "the list's column"
    );
    assert!(
        harness.query_all_by_label("Entradas").count() == 1,
        "only the list's column until the totals are opened"
    );
    // Chips: one click filters, the chosen one is marked selected.
    harness
        .get_by_role_and_label(Role::Button, "Depósito")
        .click();
    settle(&mut harness);
    assert_eq!(
        harness.state().panels.activity.kind,
        Some(MovementKind::Deposit)
    );
    assert_eq!(
        harness
            .get_by_role_and_label(Role::Button, "Depósito")
            .accesskit_node()
            .toggled(),
        Some(egui::accesskit::Toggled::True)
    );
    harness
        .get_by_role_and_label(Role::Button, "Últimos 30 dias")
        .click();
    settle(&mut harness);
    assert_eq!(
        harness.state().panels.activity.preset,
        RangePreset::Last30Days
    );
    harness.get_by_role_and_label(Role::Button, "Todos").click();
    settle(&mut harness);
    assert_eq!(harness.state().panels.activity.kind, None);
}

#[test]
fn the_extrato_is_exported_from_a_menu_through_the_systems_dialog() {
    let mut harness = harness(extrato_state(Language::PtBr));
    settle(&mut harness);
    harness.state_mut().take_commands();
    assert!(
        harness.query_by_label("Exportar OFX…").is_none(),
        "inside the menu"
    );
    assert!(harness.query_by_label("Digitar o caminho").is_none());
    harness.get_by_label("Exportar").click();
    settle(&mut harness);
    harness.get_by_label("Exportar CSV…");
    harness.get_by_label("Exportar OFX…").click();
    settle(&mut harness);
    let asked: Vec<_> = harness
        .state_mut()
        .take_commands()
        .into_iter()
        .filter(|command| matches!(command, Command::ChooseFile { .. }))
        .collect();
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(
        harness.query_by_label("Exportar CSV…").is_none(),
        "the menu closed"
    );
}

fn overview_state() -> AppState {
    let mut state = extrato_state(Language::En);
    state.view = View::Overview;
    deliver(
        &mut state,
        Fetched::TaxExemption(from_json::<TaxExemptionProgress>(json!({
            "claims-amount": "20000.00",
            "other-disposals-amount": "8700.00",
            "limit": "35000.00",
        }))),
        9_000,
    );
    state
}

#[test]
fn the_money_chart_says_its_monthly_figures() {
    let mut harness = harness(overview_state());
    settle(&mut harness);
    harness.get_by_role_and_label(
        Role::Image,
        "Money in and out of Reais (R$) per month, last 12 months: \
         Feb 2026: in R$349.00, out R$0.00; \
         Mar 2026: in R$1,000.00, out R$820.50; \
         no movement in the other months.",
    );
}

#[test]
fn the_tax_chart_says_each_months_sales_as_the_tax_report_counts_them() {
    let mut state = overview_state();
    // The claim made here, as the journal keeps it: with what it was paid in.
    let claim = state.shared.data.claims_made[0].clone();
    state.apply(brlv_desk::app::message::Event::Journal(
        brlv_desk::app::features::journal::message::JournalEvent::Restored {
            session: crate::support::ui::SESSION,
            lists: Vec::new(),
            claims: Vec::new(),
            orders_sent: Vec::new(),
            tax: brlv_desk::app::features::journal::message::TaxJournal {
                claims: vec![brlv_core::tax::ClaimMade {
                    claim,
                    paid_as: brlv_core::api::model::ClaimTarget::Brl,
                }],
                ..Default::default()
            },
        },
    ));
    let mut harness = harness(state);
    settle(&mut harness);
    // February: the claim's gross 100.00; March: the 12.50 BRLV sent to
    // someone else's address, which until the person says what it was
    // counts as a payment in tokens (a disposal at R$1.00 a BRLV), whatever
    // the service counts: its figure is the gauge's, and the difference is
    // said, not silently taken.
    harness.get_by_role_and_label(
        Role::Image,
        "Tax-exemption use per month against the R$35,000.00 limit, last 12 months: \
         Feb 2026: R$100.00 (0 %); Mar 2026: R$12.50 (0 %); nothing used in the other months.",
    );
    harness.get_by_label(
        "This month the report counts R$12.50; the service counts R$28,700.00 (the gauge above).",
    );
    harness.get_by_label("See both in the Taxes view");
    // The gauge links to the Taxes view, where both are explained.
    harness
        .get_by_label("The month as the tax report counts it: open the Taxes view (Ctrl+T)")
        .click();
    settle(&mut harness);
    assert_eq!(harness.state().view, View::Taxes);
}

#[test]
fn every_kind_of_row_opens_in_its_own_panel_with_the_record_selected() {
    use brlv_core::api::model::DepositAsset;
    use brlv_desk::app::features::activity::model::Source;
    let id = uuid::Uuid::from_u128(42);
    let mut state = extrato_state(Language::En);
    state.open_movement(Source::Order(0), id);
    assert_eq!(
        (state.view, state.panels.orders.selected),
        (View::Orders, Some(id))
    );
    state.panels.withdrawals.asset_filter = Some(Asset::EthBaseUsdc);
    state.open_movement(Source::Withdrawal(0), id);
    assert_eq!(
        (
            state.view,
            state.panels.withdrawals.records.selected,
            state.panels.withdrawals.asset_filter.clone()
        ),
        (View::Withdrawals, Some(id), None)
    );
    // A deposit of the USD list: the Deposits panel shows that list.
    state.open_movement(Source::Deposit(1, 0), id);
    assert_eq!(
        (
            state.view,
            state.panels.deposits.records.selected,
            state.panels.deposits.asset.clone()
        ),
        (View::Deposits, Some(id), DepositAsset::Usd)
    );
    state.open_movement(Source::Claim(0), id);
    assert_eq!(
        (state.view, state.panels.claims.records.selected),
        (View::Claims, Some(id))
    );
}

/// An account in São Paulo on 2 April 2026 (pt-BR): a Pix received at
/// 22:30 on 31 March there, which is 01:30 on 1 April in UTC.
fn late_pix_state() -> AppState {
    let mut state = connected_state(Language::PtBr);
    state.shared.zone = LocalZone::named("America/Sao_Paulo").unwrap();
    state.shared.now = 10_000;
    state.shared.wall_now = time::macros::datetime!(2026-04-02 15:00:00 UTC);
    for empty in [
        Fetched::Orders(Vec::new().into()),
        Fetched::Transfers(Vec::new().into()),
        Fetched::Withdrawals(Vec::new().into()),
        Fetched::Wallets(Vec::new().into()),
    ] {
        deliver(&mut state, empty, 9_000);
    }
    deliver(
        &mut state,
        Fetched::DepositsBrl(
            vec![from_json(json!({
                "id": "d0000000-0000-4000-8000-000000000031",
                "type": "pix",
                "status": "credited",
                "created-at": "2026-04-01T01:30:00Z",
                "amount": "250.00",
                "coordinates": {"source-tax-id": "12345678909"},
            }))]
            .into(),
        ),
        9_000,
    );
    deliver(&mut state, Fetched::BalanceBrl(dec("1250.00")), 9_000);
    state.view = View::Activity;
    state
}

#[test]
fn a_pix_late_at_night_is_listed_on_its_own_day_at_its_own_time() {
    let mut harness = harness(late_pix_state());
    settle(&mut harness);
    harness.get_by_label("terça-feira, 31 de março de 2026");
    assert!(!has(&harness, "quarta-feira, 1 de abril de 2026"));
    harness.get_by_label("Hora");
    harness.get_by_label("22:30");
    harness.get(
        By::new()
            .role(Role::Button)
            .label_contains("Depósito, 31/03/2026 22:30"),
    );
    // "Este mês" is April there: the Pix of 31 March is not in it.
    harness.state_mut().panels.activity.preset = RangePreset::ThisMonth;
    settle(&mut harness);
    harness.get_by_label("Nenhuma movimentação corresponde a estes filtros.");
}

#[test]
fn the_extrato_shown_is_saved_as_ofx_and_csv_with_local_times_and_offsets() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = late_pix_state();
    // Where the system has no file dialog the save bar stands open, its
    // typed path ready.
    state.dialogs.unavailable = true;
    let mut harness = harness(state);
    settle(&mut harness);
    assert!(harness.query_by_label("Exportar").is_none(), "no menu");
    let ofx = dir.path().join("extrato.ofx");
    type_into(
        &mut harness,
        "Arquivo do extrato",
        &ofx.display().to_string(),
    );
    harness
        .get_by_role_and_label(Role::Button, "Salvar como OFX")
        .click();
    settle(&mut harness);
    let commands = harness.state_mut().take_commands();
    let request = commands
        .into_iter()
        .find_map(|command| match command {
            Command::ExportExtrato(request) => Some(request),
            _ => None,
        })
        .expect("the extrato sent to be written");
    assert_eq!(request.format, ExtratoFormat::Ofx);
    assert_eq!(request.path, ofx);
    assert!(harness.state().panels.activity.export.writing);
    // What the worker does with it.
    let written = write_extrato_file(&request).unwrap();
    let text = std::fs::read_to_string(&written).unwrap();
    assert!(text.contains("<ACCTID>BRL\n"), "{text}");
    assert!(
        text.contains("<DTPOSTED>20260331223000[-3:BRT]\n"),
        "{text}"
    );
    assert!(
        text.contains("<TRNAMT>250.00\n<FITID>deposit-d0000000-0000-4000-8000-000000000031-in\n"),
        "{text}"
    );
    assert!(
        text.contains("<BALAMT>1250.00\n"),
        "the service's balance: {text}"
    );
    harness.state_mut().apply(Event::Exported {
        kind: brlv_desk::app::export::ExportKind::Extrato,
        result: Ok(written.clone()),
    });
    settle(&mut harness);
    harness.get_by_label_contains(&written.display().to_string());

    let csv = ExtratoFileRequest {
        path: dir.path().join("extrato.csv"),
        format: ExtratoFormat::Csv,
        snapshot: request.snapshot,
    };
    let text = std::fs::read_to_string(write_extrato_file(&csv).unwrap()).unwrap();
    assert_eq!(
        text,
        "time,kind,id,state,direction,asset,amount,counted,description\n\
         2026-03-31T22:30:00-03:00,deposit,d0000000-0000-4000-8000-000000000031,credited,in,\
         fiat/brl,250.00,true,Pix de 12345678909\n"
    );
}
