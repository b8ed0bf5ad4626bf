//! Saving over a file that is already there asks first: a typed path that
//! names an existing file holds the write behind "Replace the file?", whose
//! first focused button keeps the file; Escape keeps it too; only Replace
//! lets the write go. A path with nothing there is written at once.

use std::path::{Path, PathBuf};

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

use brlv_desk::app::export::ExportRequest;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Command;
use brlv_desk::app::receipt::ReceiptFormat;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};

use crate::receipts::{TRANSFER_ID, transfer};
use crate::support::ui::{connected_state, deliver, harness, settle};

fn exports_to(commands: &[Command]) -> Vec<PathBuf> {
    commands
        .iter()
        .filter_map(|command| match command {
            Command::Export(ExportRequest { path, .. }) => Some(path.clone()),
            _ => None,
        })
        .collect()
}

fn transfers_list(language: Language) -> AppState {
    let mut state = connected_state(language);
    state.view = View::Transfers;
    deliver(
        &mut state,
        Fetched::Transfers(vec![transfer("completed")].into()),
        1_000,
    );
    state
}

fn type_path(harness: &mut egui_kittest::Harness<'static, AppState>, label: &str, path: &Path) {
    let field = harness.get_by_label(label);
    field.focus();
    field.type_text(&path.display().to_string());
    settle(harness);
}

#[test]
fn an_export_over_an_existing_file_asks_and_keeps_it_unless_told_to_replace() {
    let dir = tempfile::tempdir().unwrap();
    let existing = dir.path().join("transferencias.csv");
    std::fs::write(&existing, "what the person had").unwrap();
    let mut harness = harness(transfers_list(Language::PtBr));
    settle(&mut harness);
    // Typed paths, chosen in Settings' Advanced section.
    brlv_desk::app::ui::set_typed_paths(&harness.ctx, true);
    settle(&mut harness);
    type_path(&mut harness, "Salvar como CSV", &existing);
    harness.state_mut().take_commands();

    harness.get_by_label("Salvar").click();
    settle(&mut harness);
    harness.get_by_label("Substituir o arquivo?");
    assert!(
        exports_to(&harness.state_mut().take_commands()).is_empty(),
        "nothing written before the answer"
    );
    // Enter on the button focused first keeps the file.
    let keep = harness.get_by_role_and_label(Role::Button, "Manter o arquivo");
    assert!(keep.is_focused(), "keeping the file is focused first");
    harness.key_press(Key::Enter);
    settle(&mut harness);
    assert!(harness.query_by_label("Substituir o arquivo?").is_none());
    assert!(exports_to(&harness.state_mut().take_commands()).is_empty());
    assert!(harness.state().replace_question.is_none());
    assert!(
        !harness.state().transfers.records.export.writing,
        "can be tried again"
    );
    assert_eq!(
        std::fs::read_to_string(&existing).unwrap(),
        "what the person had"
    );

    // Escape keeps it too.
    harness.get_by_label("Salvar").click();
    settle(&mut harness);
    harness.get_by_label("Substituir o arquivo?");
    harness.key_press(Key::Escape);
    settle(&mut harness);
    assert!(harness.query_by_label("Substituir o arquivo?").is_none());
    assert!(exports_to(&harness.state_mut().take_commands()).is_empty());

    // From the keyboard alone: back to Replace, then Enter.
    harness.get_by_label("Salvar").click();
    settle(&mut harness);
    harness.key_press_modifiers(egui::Modifiers::SHIFT, Key::Tab);
    settle(&mut harness);
    assert!(
        harness
            .get_by_role_and_label(Role::Button, "Substituir")
            .is_focused()
    );
    harness.key_press(Key::Enter);
    settle(&mut harness);
    assert_eq!(exports_to(&harness.state_mut().take_commands()), [existing]);
}

#[test]
fn an_export_to_a_new_file_is_written_without_a_question() {
    let dir = tempfile::tempdir().unwrap();
    let new = dir.path().join("transfers.csv");
    let mut harness = harness(transfers_list(Language::En));
    settle(&mut harness);
    // Typed paths, chosen in Settings' Advanced section.
    brlv_desk::app::ui::set_typed_paths(&harness.ctx, true);
    settle(&mut harness);
    type_path(&mut harness, "Save as CSV", &new);
    harness.state_mut().take_commands();
    harness.get_by_label("Save").click();
    settle(&mut harness);
    assert!(harness.query_by_label("Replace the file?").is_none());
    assert_eq!(exports_to(&harness.state_mut().take_commands()), [new]);
}

#[test]
fn a_receipt_over_an_existing_file_asks_first_and_replace_writes_it() {
    let dir = tempfile::tempdir().unwrap();
    let existing = dir.path().join("order-receipt.pdf");
    std::fs::write(&existing, "%PDF another movement's receipt").unwrap();
    let mut state = transfers_list(Language::En);
    state.transfers.records.selected = Some(TRANSFER_ID.parse().unwrap());
    state.dialogs.unavailable = true;
    let mut harness = harness(state);
    settle(&mut harness);
    // The typed path of this document starts empty.
    assert_eq!(harness.state().transfers.records.receipt_path, "");
    type_path(&mut harness, "Receipt file", &existing);
    harness.state_mut().take_commands();
    harness.get_by_label("Save PDF").click();
    settle(&mut harness);
    harness.get_by_label("Replace the file?");
    harness.get_by_label_contains("already exists");
    assert!(harness.state_mut().take_commands().is_empty());
    harness
        .get_by_role_and_label(Role::Button, "Replace")
        .click();
    settle(&mut harness);
    let commands = harness.state_mut().take_commands();
    assert!(
        matches!(commands.as_slice(), [Command::SaveReceipt(request)]
            if request.path == existing && request.format == ReceiptFormat::Pdf),
        "{commands:?}"
    );
}
