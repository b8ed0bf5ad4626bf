//! Saving over a file that is already there asks first: a typed path that
//! names an existing file holds the write behind "Replace the file?", whose
//! first focused button keeps the file; Escape keeps it too; only Replace
//! lets the write go. A path with nothing there is written at once. Every
//! file the person names goes this way: lists, receipts, the tax year's CSV
//! files and PDF (a folder chosen in the dialog too, which asks nothing of
//! the files put in it), a payouts file's result, the public key, the
//! journal, the Pix QR code.

use std::path::{Path, PathBuf};

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable};

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
        !harness.state().panels.transfers.records.export.writing,
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
    state.panels.transfers.records.selected = Some(TRANSFER_ID.parse().unwrap());
    state.dialogs.unavailable = true;
    let mut harness = harness(state);
    settle(&mut harness);
    // The typed path of this document starts empty.
    assert_eq!(harness.state().panels.transfers.records.receipt_path, "");
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

/// Answers the question on screen with `button`, and checks it closed.
fn answer(harness: &mut egui_kittest::Harness<'static, AppState>, title: &str, button: &str) {
    harness.get_by_label(title);
    harness.get_by_role_and_label(Role::Button, button).click();
    settle(harness);
    assert!(harness.query_by_label(title).is_none());
    assert!(harness.state().replace_question.is_none());
}

/// The file writes queued, by the file each names (the tax year's CSV
/// files by their folder).
fn writes_to(commands: &[Command]) -> Vec<PathBuf> {
    use brlv_desk::app::features::onboarding::message::OnboardingCommand;
    use brlv_desk::app::features::taxes::message::TaxesCommand;
    use brlv_desk::app::features::withdrawals::batch::BatchCommand;
    commands
        .iter()
        .filter_map(|command| match command {
            Command::Taxes(TaxesCommand::SaveCsv { folder, .. }) => Some(folder.clone()),
            Command::Taxes(TaxesCommand::SavePdf { path, .. })
            | Command::Taxes(TaxesCommand::SaveXlsx { path, .. })
            | Command::Batch(BatchCommand::SaveResult { path, .. })
            | Command::Onboarding(OnboardingCommand::SavePublicKey { path, .. }) => {
                Some(path.clone())
            }
            _ => None,
        })
        .collect()
}

/// The one enabled button named `label` (a disabled one beside it, of an
/// empty save bar, is not the one meant).
fn enabled_button<'h>(
    harness: &'h egui_kittest::Harness<'static, AppState>,
    label: &'h str,
) -> egui_kittest::Node<'h> {
    let mut enabled: Vec<_> = harness
        .get_all_by_role_and_label(Role::Button, label)
        .filter(|node| !node.accesskit_node().is_disabled())
        .collect();
    assert_eq!(enabled.len(), 1, "one enabled “{label}”");
    enabled.remove(0)
}

#[test]
fn the_tax_years_files_over_existing_ones_ask_and_are_kept_unless_replaced() {
    let dir = tempfile::tempdir().unwrap();
    // One of the CSV files is there already, last year's PDF and workbook.
    let months = dir.path().join("months-2026.csv");
    std::fs::write(&months, "the accountant's copy").unwrap();
    let pdf = dir.path().join("relatorio.pdf");
    std::fs::write(&pdf, "%PDF the report sent before").unwrap();
    let xlsx = dir.path().join("planilha.xlsx");
    std::fs::write(&xlsx, "the workbook sent before").unwrap();
    let mut harness = harness(crate::ui_taxes::taxes_state(Language::PtBr));
    settle(&mut harness);
    brlv_desk::app::ui::set_typed_paths(&harness.ctx, true);
    settle(&mut harness);
    type_path(&mut harness, "Pasta", dir.path());
    type_path(&mut harness, "Arquivo PDF", &pdf);
    type_path(&mut harness, "Arquivo da planilha", &xlsx);
    harness.state_mut().take_commands();
    let title = "Substituir o arquivo?";

    // The CSV files: the question names the file already there.
    let saves: Vec<_> = harness
        .get_all_by_role_and_label(Role::Button, "Salvar")
        .collect();
    assert_eq!(
        saves.len(),
        3,
        "one save for the CSV files, one for the PDF, one for the workbook"
    );
    saves[0].click();
    settle(&mut harness);
    harness.get_by_label_contains("months-2026.csv já existe");
    assert!(writes_to(&harness.state_mut().take_commands()).is_empty());
    answer(&mut harness, title, "Manter o arquivo");
    assert!(writes_to(&harness.state_mut().take_commands()).is_empty());
    assert!(
        !harness.state().panels.taxes.csv.writing,
        "can be tried again"
    );
    assert_eq!(
        std::fs::read_to_string(&months).unwrap(),
        "the accountant's copy"
    );
    harness
        .get_all_by_role_and_label(Role::Button, "Salvar")
        .next()
        .unwrap()
        .click();
    settle(&mut harness);
    answer(&mut harness, title, "Substituir");
    assert_eq!(
        writes_to(&harness.state_mut().take_commands()),
        [dir.path().to_path_buf()]
    );

    // The PDF.
    harness
        .get_all_by_role_and_label(Role::Button, "Salvar")
        .nth(1)
        .unwrap()
        .click();
    settle(&mut harness);
    harness.get_by_label_contains("relatorio.pdf já existe");
    answer(&mut harness, title, "Manter o arquivo");
    assert!(writes_to(&harness.state_mut().take_commands()).is_empty());
    assert!(
        !harness.state().panels.taxes.pdf.writing,
        "can be tried again"
    );
    harness
        .get_all_by_role_and_label(Role::Button, "Salvar")
        .nth(1)
        .unwrap()
        .click();
    settle(&mut harness);
    answer(&mut harness, title, "Substituir");
    assert_eq!(writes_to(&harness.state_mut().take_commands()), [pdf]);

    // The workbook.
    harness
        .get_all_by_role_and_label(Role::Button, "Salvar")
        .nth(2)
        .unwrap()
        .click();
    settle(&mut harness);
    harness.get_by_label_contains("planilha.xlsx já existe");
    answer(&mut harness, title, "Manter o arquivo");
    assert!(writes_to(&harness.state_mut().take_commands()).is_empty());
    assert!(
        !harness.state().panels.taxes.xlsx.writing,
        "can be tried again"
    );
    assert_eq!(
        std::fs::read_to_string(&xlsx).unwrap(),
        "the workbook sent before"
    );
    harness
        .get_all_by_role_and_label(Role::Button, "Salvar")
        .nth(2)
        .unwrap()
        .click();
    settle(&mut harness);
    answer(&mut harness, title, "Substituir");
    assert_eq!(writes_to(&harness.state_mut().take_commands()), [xlsx]);
}

#[test]
fn a_folder_chosen_in_the_dialog_for_the_tax_files_asks_before_replacing_them() {
    use brlv_desk::app::dialog::{DialogAnswer, DialogPurpose};
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ledger-2026.csv"), "kept").unwrap();
    let mut harness = harness(crate::ui_taxes::taxes_state(Language::En));
    // The figures are made for the view shown.
    settle(&mut harness);
    let state = harness.state_mut();
    state.take_commands();
    // A folder's dialog says nothing of the files put in it.
    state.file_chosen(
        DialogPurpose::TaxCsv { year: 2026 },
        DialogAnswer::Chosen(dir.path().to_path_buf()),
    );
    assert!(writes_to(&state.take_commands()).is_empty());
    assert!(state.replace_question.is_some());
    state.answer_replace(false);
    assert!(writes_to(&state.take_commands()).is_empty());
    assert!(!state.panels.taxes.csv.writing);
}

#[test]
fn a_payouts_result_file_over_an_existing_one_asks_and_is_kept_unless_replaced() {
    use brlv_core::payouts::run::RowOutcome;
    use brlv_desk::app::features::withdrawals::batch::{BatchEvent, BatchReport};
    use brlv_desk::app::message::Event;
    let dir = tempfile::tempdir().unwrap();
    let result = dir.path().join("payouts.csv.result.csv");
    std::fs::write(&result, "the last run's result").unwrap();
    let mut harness =
        crate::ui_batch::shown_file(Language::En, &crate::ui_batch::csv(&crate::ui_batch::THREE));
    let rows = (1..=3)
        .map(|n| RowOutcome::Done {
            id: format!("00000000-0000-4000-8000-00000000000{n}"),
        })
        .collect();
    harness
        .state_mut()
        .apply(Event::Batch(BatchEvent::Finished(Ok(BatchReport {
            rows,
            sent: 3,
            cancelled: false,
            finished: true,
        }))));
    brlv_desk::app::ui::set_typed_paths(&harness.ctx, true);
    settle(&mut harness);
    harness.state_mut().panels.withdrawals.batch.result_path = result.display().to_string();
    settle(&mut harness);
    harness.state_mut().take_commands();
    let title = "Replace the file?";

    enabled_button(&harness, "Save").click();
    settle(&mut harness);
    assert!(writes_to(&harness.state_mut().take_commands()).is_empty());
    answer(&mut harness, title, "Keep the file");
    assert!(writes_to(&harness.state_mut().take_commands()).is_empty());
    assert!(
        !harness.state().panels.withdrawals.batch.saving_result,
        "can be tried again"
    );
    assert_eq!(
        std::fs::read_to_string(&result).unwrap(),
        "the last run's result"
    );

    enabled_button(&harness, "Save").click();
    settle(&mut harness);
    answer(&mut harness, title, "Replace");
    assert_eq!(writes_to(&harness.state_mut().take_commands()), [result]);
}

#[test]
fn the_public_key_over_an_existing_file_asks_and_is_kept_unless_replaced() {
    use crate::support::ui::{fixture_pem, onboarding_state};
    use brlv_core::api::PrivateKey;
    use brlv_desk::app::features::onboarding::message::OnboardingEvent;
    use brlv_desk::app::message::Event;
    let dir = tempfile::tempdir().unwrap();
    let existing = dir.path().join("chave-publica.pem");
    std::fs::write(&existing, "another account's public key").unwrap();
    let mut state = onboarding_state(Language::PtBr);
    let key = PrivateKey::from_pem(&fixture_pem("test-only-rsa2048-pkcs8.pem")).unwrap();
    state.apply(Event::Onboarding(OnboardingEvent::KeyGenerated(Ok(key))));
    let mut harness = harness(state);
    brlv_desk::app::ui::set_typed_paths(&harness.ctx, true);
    settle(&mut harness);
    harness.state_mut().panels.onboarding.public_key_path = existing.display().to_string();
    settle(&mut harness);
    harness.state_mut().take_commands();
    let title = "Substituir o arquivo?";

    enabled_button(&harness, "Salvar").click();
    settle(&mut harness);
    assert!(writes_to(&harness.state_mut().take_commands()).is_empty());
    answer(&mut harness, title, "Manter o arquivo");
    assert!(writes_to(&harness.state_mut().take_commands()).is_empty());
    assert_eq!(
        std::fs::read_to_string(&existing).unwrap(),
        "another account's public key"
    );

    enabled_button(&harness, "Salvar").click();
    settle(&mut harness);
    answer(&mut harness, title, "Substituir");
    assert_eq!(writes_to(&harness.state_mut().take_commands()), [existing]);

    // Another key is another file: its typed path starts empty.
    let key = PrivateKey::from_pem(&fixture_pem("test-only-rsa2048-pkcs8.pem")).unwrap();
    harness
        .state_mut()
        .apply(Event::Onboarding(OnboardingEvent::KeyGenerated(Ok(key))));
    assert_eq!(harness.state().panels.onboarding.public_key_path, "");
}

#[test]
fn the_journal_and_the_qr_code_over_existing_files_wait_for_the_answer_too() {
    use brlv_desk::app::features::journal::message::JournalCommand;
    use brlv_desk::app::features::orders::message::OrdersCommand;
    use brlv_desk::app::panel::Outbox;
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("journal.csv");
    let qr = dir.path().join("pix.png");
    std::fs::write(&journal, "kept").unwrap();
    std::fs::write(&qr, "kept").unwrap();
    let mut state = connected_state(Language::En);
    state.take_commands();

    state.panels.journal.export.writing = true;
    let mut out = Outbox::default();
    out.write_file(Command::Journal(JournalCommand::ExportCsv(journal.clone())));
    state.answer(out);
    assert!(state.take_commands().is_empty(), "held for the answer");
    state.answer_replace(false);
    assert!(state.take_commands().is_empty());
    assert!(!state.panels.journal.export.writing, "can be tried again");

    state.panels.orders.saving_qr = true;
    let mut out = Outbox::default();
    out.write_file(Command::Orders(OrdersCommand::SaveQrPng {
        path: qr.clone(),
        brcode: "000201".to_owned(),
    }));
    state.answer(out);
    assert!(state.take_commands().is_empty(), "held for the answer");
    state.answer_replace(true);
    assert!(matches!(
        state.take_commands().as_slice(),
        [Command::Orders(OrdersCommand::SaveQrPng { path, .. })] if *path == qr
    ));

    // A file that is not there yet is written at once.
    let new = dir.path().join("new.csv");
    let mut out = Outbox::default();
    out.write_file(Command::Journal(JournalCommand::ExportCsv(new.clone())));
    state.answer(out);
    assert!(state.replace_question.is_none());
    assert!(matches!(
        state.take_commands().as_slice(),
        [Command::Journal(JournalCommand::ExportCsv(path))] if *path == new
    ));
}
