//! The Receipt control, headless: offered under a completed movement's
//! detail (Save as PDF…, Save as PNG…, Copy as text) and not under a pending
//! one, which says why; Save asks the system's dialog and the answer's
//! outcome is shown; with no dialog on the system the typed path opens with
//! a note, and saving from it sends the receipt to the worker.

use std::path::{Path, PathBuf};

use egui_kittest::kittest::Queryable;

use brlv_desk::app::dialog::{DialogAnswer, DialogPurpose};
use brlv_desk::app::features::orders::state::OrderSelector;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::receipt::{ReceiptFormat, ReceiptKind};
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::state::{AppState, View};

use crate::receipts::{ORDER_ID, TRANSFER_ID, order, transfer};
use crate::support::ui::{connected_state, deliver, harness, settle};

fn transfers_with(state_name: &str, language: Language) -> AppState {
    let mut state = connected_state(language);
    state.view = View::Transfers;
    deliver(
        &mut state,
        Fetched::Transfers(vec![transfer(state_name)].into()),
        1_000,
    );
    state.panels.transfers.records.selected = Some(TRANSFER_ID.parse().unwrap());
    state
}

fn order_detail_with(state_name: &str) -> AppState {
    let mut state = connected_state(Language::En);
    state.view = View::Orders;
    deliver(
        &mut state,
        Fetched::Orders(vec![order(state_name)].into()),
        1_000,
    );
    state.open_order(OrderSelector::Id(ORDER_ID.parse().unwrap()));
    state
}

#[test]
fn a_completed_transfer_offers_its_receipt_and_a_pending_one_says_when() {
    let mut harness = harness(transfers_with("completed", Language::En));
    settle(&mut harness);
    harness.get_by_label("Receipt");
    harness.get_by_label("Save as PDF…");
    harness.get_by_label("Save as PNG…");
    harness.get_by_label("Copy as text");
    assert!(
        harness
            .query_by_label("No receipt until it completes.")
            .is_none()
    );

    let harness = harness_for(transfers_with("pending", Language::PtBr));
    harness.get_by_label("Comprovante");
    harness.get_by_label("Sem comprovante até a conclusão.");
    assert!(harness.query_by_label("Salvar como PDF…").is_none());
}

fn harness_for(state: AppState) -> egui_kittest::Harness<'static, AppState> {
    let mut harness = harness(state);
    settle(&mut harness);
    harness
}

#[test]
fn a_completed_orders_detail_offers_its_receipt_and_an_awaiting_one_does_not() {
    let harness = harness_for(order_detail_with("completed"));
    harness.get_by_label("Save as PDF…");
    let harness = harness_for(order_detail_with("created"));
    harness.get_by_label("No receipt until it completes.");
    assert!(harness.query_by_label("Save as PDF…").is_none());
}

#[test]
fn save_as_pdf_asks_the_dialog_and_shows_where_the_receipt_went() {
    let mut harness = harness_for(transfers_with("completed", Language::En));
    harness.state_mut().take_commands();
    harness.get_by_label("Save as PDF…").click();
    settle(&mut harness);
    let asked: Vec<_> = harness
        .state_mut()
        .take_commands()
        .into_iter()
        .filter_map(|command| match command {
            Command::ChooseFile { purpose, request } => Some((purpose, request)),
            _ => None,
        })
        .collect();
    assert_eq!(asked.len(), 1);
    let (purpose, request) = asked.into_iter().next().unwrap();
    let DialogPurpose::SaveReceipt { receipt, format } = &purpose else {
        panic!("{purpose:?}");
    };
    assert_eq!(*format, ReceiptFormat::Pdf);
    assert_eq!(receipt.kind, ReceiptKind::Transfer);
    assert_eq!(
        request.file_name.as_deref(),
        Some("receipt-transfer-7a1e0c52.pdf")
    );
    // While the dialog is open the window says so and asks for no second one.
    // (The list's CSV bar below says so too.)
    assert!(
        harness
            .query_all_by_label_contains("A file dialog is open")
            .count()
            >= 1
    );
    harness.get_by_label("Save as PNG…").click();
    settle(&mut harness);
    assert!(harness.state_mut().take_commands().is_empty());

    let movement = receipt.id;
    harness.state_mut().apply(Event::FileChosen {
        purpose,
        answer: DialogAnswer::Chosen(PathBuf::from("/tmp/receipts/r.pdf")),
    });
    settle(&mut harness);
    let commands = harness.state_mut().take_commands();
    assert!(
        matches!(commands.as_slice(), [Command::SaveReceipt(request)]
            if request.path == Path::new("/tmp/receipts/r.pdf") && request.format == ReceiptFormat::Pdf),
        "{commands:?}"
    );
    harness.get_by_label("Saving the receipt…");
    harness.state_mut().apply(Event::ReceiptSaved {
        movement,
        result: Ok(PathBuf::from("/tmp/receipts/r.pdf")),
    });
    settle(&mut harness);
    harness.get_by_label("Receipt saved to /tmp/receipts/r.pdf.");
}

#[test]
fn with_no_dialog_on_the_system_the_typed_path_saves_the_receipt() {
    let mut state = transfers_with("completed", Language::En);
    state.dialogs.unavailable = true;
    let mut harness = harness_for(state);
    assert!(
        harness
            .query_all_by_label_contains("This system has no file dialog")
            .count()
            >= 1
    );
    let field = harness.get_by_label("Receipt file");
    field.focus();
    field.type_text("/tmp/r.png");
    settle(&mut harness);
    harness.state_mut().take_commands();
    harness.get_by_label("Save PNG").click();
    settle(&mut harness);
    let commands = harness.state_mut().take_commands();
    assert!(
        matches!(commands.as_slice(), [Command::SaveReceipt(request)]
            if request.path == Path::new("/tmp/r.png") && request.format == ReceiptFormat::Png),
        "{commands:?}"
    );
}
