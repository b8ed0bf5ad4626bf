//! The Deposits panel, headless: per asset, newest first, with every
//! coordinate of the selected deposit; and the CSV export every list shares:
//! Save sends the rows shown to the worker, and its answer is shown.

use std::path::PathBuf;

use egui_kittest::kittest::Queryable;

use brlv_core::api::model::Deposit;
use brlv_desk::app::export::ExportRecords;
use brlv_desk::app::export::{ExportKind, ExportRequest, FileError, FileErrorKind};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::{connected_state, deliver, harness, settle};

fn deposit(index: u32, amount: &str, day: u32) -> Deposit {
    serde_json::from_value(serde_json::json!({
        "id": format!("d0000000-0000-4000-8000-{index:012}"),
        "type": "pix",
        "amount": amount,
        "status": "credited",
        "created-at": format!("2026-03-{day:02}T09:00:00Z"),
        "processed-at": format!("2026-03-{day:02}T09:00:05Z"),
        "coordinates": {
            "source-tax-id": "12345678909",
            "source-bank-code": "341",
            "source-type": "checking",
            "source-account-number": "12345-6",
            "source-branch-code": "0001",
            "target": "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
        },
    }))
    .unwrap()
}

fn deposits_state(language: Language) -> AppState {
    let mut state = connected_state(language);
    state.view = View::Deposits;
    deliver(
        &mut state,
        Fetched::DepositsBrl(
            vec![
                deposit(1, "1500.00", 1),
                deposit(2, "250.75", 3),
                deposit(3, "99.90", 2),
            ]
            .into(),
        ),
        1_000,
    );
    deliver(
        &mut state,
        Fetched::DepositsUsdc(vec![deposit(4, "10.5", 4)].into()),
        1_000,
    );
    state
}

#[test]
fn deposits_are_listed_per_asset_newest_first_with_every_coordinate() {
    let mut state = deposits_state(Language::En);
    let ids: Vec<String> = state
        .shared
        .data
        .deposits_brl
        .value()
        .unwrap()
        .iter()
        .map(|d| d.id.to_string())
        .collect();
    assert_eq!(
        ids[0], "d0000000-0000-4000-8000-000000000002",
        "newest first"
    );
    state.panels.deposits.records.selected = Some(ids[0].parse().unwrap());
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("1,500.00 reais");
    harness.get_by_label("99.90 reais");
    assert_eq!(
        harness.query_all_by_label("250.75 reais").count(),
        2,
        "row and details"
    );
    assert_eq!(
        harness.query_all_by_label("credited").count(),
        4,
        "3 badges and details"
    );
    assert_eq!(
        harness
            .query_all_by_label("7d9f0335-8dcc-4054-9bf9-0dbd61d36906")
            .count(),
        2,
        "where the last deposit was paid to, and the details"
    );
    for value in [
        "Itaú Unibanco (341)",
        "Checking account",
        "0001",
        "12345-6",
        "3 Mar 2026 09:00:05",
    ] {
        harness.get_by_label(value);
    }

    harness.get_by_label("USDC").click();
    settle(&mut harness);
    // A token's amount with the places that carry value (exact on hover).
    harness.get_by_label("10.50 USDC");
    assert!(harness.query_by_label("99.90 reais").is_none());
}

#[test]
fn the_payers_cpf_is_masked_its_bank_named_and_its_account_type_in_words_in_both_languages() {
    for (language, account_type) in [
        (Language::En, "Checking account"),
        (Language::PtBr, "Conta corrente"),
    ] {
        let mut state = deposits_state(language);
        let selected = state.shared.data.deposits_brl.value().unwrap()[0].id;
        state.panels.deposits.records.selected = Some(selected);
        let mut harness = harness(state);
        settle(&mut harness);
        // Three rows and the details, never the whole number.
        assert_eq!(harness.query_all_by_label("***.456.789-**").count(), 4);
        assert!(harness.query_by_label_contains("12345678909").is_none());
        assert!(harness.query_by_label_contains("123.456.789-09").is_none());
        harness.get_by_label("Itaú Unibanco (341)");
        harness.get_by_label(account_type);
        assert!(harness.query_by_label("CACC").is_none());
    }
}

#[test]
fn save_sends_the_rows_shown_and_the_answer_is_shown() {
    let mut harness = harness(deposits_state(Language::PtBr));
    settle(&mut harness);
    // The system's dialog is the way; no typed path is offered beside it
    // (Settings' Advanced section turns typed paths on).
    harness.get_by_label("Salvar como CSV…");
    assert!(harness.query_by_label("Salvar como CSV").is_none());
    brlv_desk::app::ui::set_typed_paths(&harness.ctx, true);
    settle(&mut harness);
    let field = harness.get_by_label("Salvar como CSV");
    field.focus();
    field.type_text("/tmp/depositos.csv");
    settle(&mut harness);
    harness.get_by_label("Salvar").click();
    settle(&mut harness);
    let commands = harness.state_mut().take_commands();
    let exports: Vec<(PathBuf, ExportRecords)> = commands
        .into_iter()
        .filter_map(|command| match command {
            Command::Export(ExportRequest { path, records }) => Some((path, records)),
            _ => None,
        })
        .collect();
    assert_eq!(exports.len(), 1);
    assert_eq!(exports[0].0, PathBuf::from("/tmp/depositos.csv"));
    let ExportRecords::Deposits(rows) = &exports[0].1 else {
        panic!("expected deposits, got {:?}", exports[0].1);
    };
    assert_eq!(rows.len(), 3);
    // The CSV keeps the exact amounts, in the service's notation.
    let csv = exports[0].1.to_csv().unwrap();
    assert!(csv.contains(",250.75,"), "{csv}");

    harness.get_by_label("Salvar").click();
    settle(&mut harness);
    assert!(
        harness.state_mut().take_commands().is_empty(),
        "one write at a time"
    );
    harness.state_mut().apply(Event::Exported {
        kind: ExportKind::Deposits,
        result: Err(FileError {
            path: "/root/depositos.csv".into(),
            kind: FileErrorKind::PermissionDenied,
        }),
    });
    settle(&mut harness);
    harness.get_by_label_contains(
        "O arquivo CSV não foi salvo: Você não tem permissão para usar /root/depositos.csv.",
    );
    harness.state_mut().apply(Event::Exported {
        kind: ExportKind::Deposits,
        result: Ok("/tmp/depositos.csv".into()),
    });
    settle(&mut harness);
    harness.get_by_label("Salvo em /tmp/depositos.csv.");
}
