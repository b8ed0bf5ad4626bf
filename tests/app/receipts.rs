//! Receipts and the file dialogs: a receipt for each kind of movement,
//! rendered as text, PDF and PNG and read back (the PDF's structure and
//! text, the PNG decoded with its text chunk: there is no OCR here, so what
//! the image holds is read from the chunk written beside the pixels); each
//! save or open asking the dialog with the right name and folder; the
//! answer handed to the path that writes the file, by the real worker.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use brlv_core::api::model::{Claim, Deposit, DepositAsset, Order, Transfer, Withdrawal};
use brlv_desk::app::clock::LocalZone;
use brlv_desk::app::dialog::{DialogAnswer, DialogMode, DialogPurpose, RecordingDialogs};
use brlv_desk::app::export::{ExportRecords, ExportRequest, ExtratoFormat};
use brlv_desk::app::features::onboarding::message::OnboardingCommand;
use brlv_desk::app::features::orders::message::OrdersCommand;
use brlv_desk::app::format::MomentFormat;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::receipt::build::{
    claim_receipt, deposit_receipt, order_receipt, transfer_receipt, withdrawal_receipt,
};
use brlv_desk::app::receipt::pdf::win_ansi;
use brlv_desk::app::receipt::{Parties, Receipt, ReceiptFormat, ReceiptKind, ReceiptRequest};
use brlv_desk::app::state::AppState;
use brlv_desk::app::worker::WorkerConfig;
use time::macros::datetime;

use crate::support::ui::connected_state;
use crate::support::worker::{pump_until, spawn};

pub const ORDER_ID: &str = "5b0d1a9e-7c1c-4a8e-9a53-0c3b8d6f1e21";
const QUOTE_ID: &str = "0b9e8d7c-6f5a-4b3c-8d2e-1f0a9b8c7d6e";
pub const TRANSFER_ID: &str = "7a1e0c52-1111-4000-8000-000000000001";
pub(crate) const WITHDRAWAL_ID: &str = "9c2f1b63-2222-4000-8000-000000000002";
const DEPOSIT_ID: &str = "3d4e5f60-3333-4000-8000-000000000003";
const CLAIM_ID: &str = "4e5f6071-4444-4000-8000-000000000004";
pub(crate) const MAIN: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const OTHER: &str = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
const TX: &str = "0x8f3c1a0e0d7b6a5948372615049382716afbecd1234567890abcdef12345678";

/// Moments read in UTC, written as `language` writes them: these tests are
/// about what a receipt holds, not the person's clock.
pub(crate) fn utc(language: Language) -> MomentFormat {
    MomentFormat::new(language, LocalZone::utc())
}

/// A completed BRL → BRLV order (or in `state`).
pub fn order(state: &str) -> Order {
    serde_json::from_value(serde_json::json!({
        "id": ORDER_ID,
        "quote-id": QUOTE_ID,
        "state": state,
        "state-updated-at": "2026-03-10T11:58:00Z",
        "created-at": "2026-03-10T11:55:05Z",
        "source-asset": "fiat/brl",
        "target-asset": "eth-base/brlv",
        "source-amount": "1234.56",
        "target-amount": "1228.387200000000000000",
        "effective-rate": "0.995",
        "fee-amount": "6.1728",
        "fee-asset": "eth-base/brlv",
    }))
    .unwrap()
}

/// A transfer of 12.50 BRLV in `state`.
pub fn transfer(state: &str) -> Transfer {
    serde_json::from_value(serde_json::json!({
        "id": TRANSFER_ID,
        "state": state,
        "asset": "eth-base/brlv",
        "amount": "12.5",
        "source-address": MAIN,
        "target-address": OTHER,
        "tx-hash": TX,
        "created-at": "2026-03-10T11:00:00Z",
        "state-updated-at": "2026-03-10T11:01:00Z",
    }))
    .unwrap()
}

pub(crate) fn pix_withdrawal() -> Withdrawal {
    serde_json::from_value(serde_json::json!({
        "id": WITHDRAWAL_ID,
        "state": "completed",
        "asset": "fiat/brl",
        "method": "pix",
        "amount": "350.00",
        "pix-key": "joana@example.com",
        "end-to-end-id": "E18236120202603101200s0123456789",
        "created-at": "2026-03-10T12:00:00Z",
        "state-updated-at": "2026-03-10T12:00:09Z",
    }))
    .unwrap()
}

pub(crate) fn ted_withdrawal() -> Withdrawal {
    serde_json::from_value(serde_json::json!({
        "id": WITHDRAWAL_ID,
        "state": "completed",
        "asset": "fiat/brl",
        "method": "ted",
        "amount": "10000.00",
        "bank-code": "341",
        "branch": "1234",
        "account": "56789-0",
        "account-type": "checking",
        "document": "11144477735",
        "name": "Joana da Silva",
        "created-at": "2026-03-10T12:00:00Z",
        "state-updated-at": "2026-03-10T15:00:00Z",
    }))
    .unwrap()
}

fn deposit() -> Deposit {
    serde_json::from_value(serde_json::json!({
        "id": DEPOSIT_ID,
        "type": "pix",
        "status": "credited",
        "amount": "800.00",
        "coordinates": {
            "source-tax-id": "11144477735",
            "source-bank-code": "260",
            "source-branch-code": "0001",
            "source-account-number": "1234567-8",
            "source-type": "checking",
            "target": "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
        },
        "created-at": "2026-03-09T09:00:00Z",
        "processed-at": "2026-03-09T09:00:02Z",
    }))
    .unwrap()
}

fn claim(status: &str) -> Claim {
    serde_json::from_value(serde_json::json!({
        "id": CLAIM_ID,
        "status": status,
        "gross-amount": "1000.00",
        "tax-amount": "150.00",
        "fees": "5.00",
        "net-amount": "845.00",
        "updated-at": "2026-03-08T10:00:00Z",
    }))
    .unwrap()
}

/// One receipt of each kind, with what each must show: its amount and identifiers.
fn every_kind(language: Language) -> Vec<(Receipt, Vec<&'static str>, Vec<&'static str>)> {
    let (brl_1234, brl_350, brl_800, brl_845) = match language {
        Language::PtBr => ("R$ 1.234,56", "R$ 350,00", "R$ 800,00", "R$ 845,00"),
        Language::En => ("R$1,234.56", "R$350.00", "R$800.00", "R$845.00"),
    };
    let brlv = match language {
        Language::PtBr => "12,50 BRLV",
        Language::En => "12.50 BRLV",
    };
    vec![
        (
            order_receipt(
                &utc(language),
                &order("completed"),
                &Parties::default(),
                None,
            )
            .unwrap(),
            vec![brl_1234],
            vec![ORDER_ID, QUOTE_ID],
        ),
        (
            transfer_receipt(&utc(language), &transfer("completed"), &Parties::default()).unwrap(),
            vec![brlv],
            vec![TRANSFER_ID, TX, MAIN, OTHER],
        ),
        (
            withdrawal_receipt(&utc(language), &pix_withdrawal(), &Parties::default()).unwrap(),
            vec![brl_350],
            vec![
                WITHDRAWAL_ID,
                "jo***@example.com",
                "E18236120202603101200s0123456789",
            ],
        ),
        (
            deposit_receipt(&utc(language), &DepositAsset::Brl, &deposit()).unwrap(),
            vec![brl_800],
            vec![DEPOSIT_ID, "***.444.777-**"],
        ),
        (
            claim_receipt(&utc(language), &claim("completed")).unwrap(),
            vec![brl_845],
            vec![CLAIM_ID],
        ),
    ]
}

/// The strings a PDF's content shows (`(…) Tj` and `<…> Tj`), as bytes.
pub(crate) fn pdf_shown_strings(pdf: &[u8]) -> Vec<Vec<u8>> {
    let mut shown = Vec::new();
    let mut at = 0;
    while at < pdf.len() {
        let (bytes, end) = match pdf[at] {
            b'(' => {
                // A literal string may hold balanced parentheses unescaped.
                let mut bytes = Vec::new();
                let mut index = at + 1;
                let mut depth = 0;
                while pdf[index] != b')' || depth > 0 {
                    match pdf[index] {
                        b'\\' => index += 1,
                        b'(' => depth += 1,
                        b')' => depth -= 1,
                        _ => {}
                    }
                    bytes.push(pdf[index]);
                    index += 1;
                }
                (bytes, index + 1)
            }
            b'<' if pdf.get(at + 1) != Some(&b'<') && at > 0 && pdf[at - 1] != b'<' => {
                let close = at + pdf[at..].iter().position(|&b| b == b'>').unwrap();
                let hex = std::str::from_utf8(&pdf[at + 1..close]).unwrap();
                let bytes = (0..hex.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(b'?'))
                    .collect();
                (bytes, close + 1)
            }
            _ => {
                at += 1;
                continue;
            }
        };
        if pdf[end..].starts_with(b" Tj") {
            shown.push(bytes);
        }
        at = end;
    }
    shown
}

/// Checks a PDF's frame: header, every cross-reference entry pointing at its
/// object, the trailer naming the catalog, `startxref` pointing at the table.
pub(crate) fn assert_valid_pdf(pdf: &[u8]) {
    assert!(pdf.starts_with(b"%PDF-1."), "a PDF header");
    let text = String::from_utf8_lossy(pdf);
    assert!(text.trim_end().ends_with("%%EOF"));
    let startxref = text.rfind("startxref").expect("startxref");
    let offset: usize = text[startxref + "startxref".len()..]
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        pdf[offset..].starts_with(b"xref"),
        "startxref points at the table"
    );
    let table = String::from_utf8_lossy(&pdf[offset..]);
    let mut lines = table.lines().skip(1);
    let header: Vec<usize> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    let (first, count) = (header[0], header[1]);
    assert!(count >= 6, "catalog, pages, page, content, info and fonts");
    for number in first..first + count {
        let entry = lines.next().unwrap();
        let fields: Vec<&str> = entry.split_whitespace().collect();
        if fields[2] == "n" {
            let at: usize = fields[0].parse().unwrap();
            assert!(
                pdf[at..].starts_with(format!("{number} 0 obj").as_bytes()),
                "object {number} is where the table says"
            );
        }
    }
    let trailer = &text[text.rfind("trailer").unwrap()..];
    assert!(trailer.contains("/Root 1 0 R"));
    assert!(trailer.contains(&format!("/Size {count}")));
}

/// The text a receipt's PNG carries in its `Description` chunk.
pub(crate) fn png_description(png: &[u8]) -> String {
    let reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap();
    reader
        .info()
        .utf8_text
        .iter()
        .find(|chunk| chunk.keyword == "Description")
        .unwrap()
        .get_text()
        .unwrap()
}

pub(crate) fn joined(strings: &[Vec<u8>], separator: &[u8]) -> Vec<u8> {
    strings.join(separator)
}

pub(crate) fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

#[test]
fn a_receipt_of_each_kind_holds_its_amount_and_identifiers_as_text_pdf_and_png() {
    let dir = tempfile::tempdir().unwrap();
    for language in Language::ALL {
        for (receipt, amounts, identifiers) in every_kind(language) {
            let kind = receipt.kind.slug();
            let text = receipt.to_text();
            for needle in amounts.iter().chain(&identifiers) {
                assert!(text.contains(needle), "{kind} text holds {needle}:\n{text}");
            }

            let path = dir.path().join(receipt.file_name(ReceiptFormat::Pdf));
            let request = ReceiptRequest {
                receipt: receipt.clone(),
                format: ReceiptFormat::Pdf,
                path: path.clone(),
            };
            assert_eq!(
                brlv_desk::app::receipt::write_receipt(&request).unwrap(),
                path
            );
            let pdf = std::fs::read(&path).unwrap();
            assert_valid_pdf(&pdf);
            let shown = pdf_shown_strings(&pdf);
            let lines = joined(&shown, b"\n");
            let unwrapped = joined(&shown, b"");
            for amount in &amounts {
                assert!(
                    contains(&lines, &win_ansi(amount)),
                    "{kind} PDF shows {amount}"
                );
            }
            for identifier in &identifiers {
                assert!(
                    contains(&unwrapped, identifier.as_bytes()),
                    "{kind} PDF shows {identifier}"
                );
            }
            assert!(contains(&lines, &win_ansi(&receipt.title)));

            let path = dir.path().join(receipt.file_name(ReceiptFormat::Png));
            brlv_desk::app::receipt::write_receipt(&ReceiptRequest {
                receipt: receipt.clone(),
                format: ReceiptFormat::Png,
                path: path.clone(),
            })
            .unwrap();
            let png = std::fs::read(&path).unwrap();
            let image = image::load_from_memory(&png).unwrap().to_rgb8();
            assert_eq!(image.width(), 840, "420 pt at two pixels a point");
            assert!((500..4000).contains(&image.height()), "{}", image.height());
            let inked = image.pixels().filter(|pixel| pixel.0[0] < 100).count();
            assert!(inked > 20_000, "{kind} PNG has text and its band: {inked}");
            assert_eq!(png_description(&png), text, "{kind} PNG carries its text");
        }
    }
}

#[test]
fn a_receipt_writes_its_moments_in_the_persons_clock_with_the_offset_in_every_format() {
    let sao_paulo = LocalZone::named("America/Sao_Paulo").unwrap();
    let receipt = order_receipt(
        &MomentFormat::new(Language::PtBr, sao_paulo),
        &order("completed"),
        &Parties::default(),
        None,
    )
    .unwrap();
    // 11:58 in UTC is 08:58 in São Paulo; the offset travels with the receipt.
    let completed = "Data da conclusão: 10/03/2026 08:58:00 (UTC-03:00)";
    let created = "10/03/2026 08:55:05 (UTC-03:00)";
    let text = receipt.to_text();
    assert!(text.contains(completed), "{text}");
    assert!(text.contains(created), "{text}");

    let dir = tempfile::tempdir().unwrap();
    let pdf_path = dir.path().join("receipt.pdf");
    brlv_desk::app::receipt::write_receipt(&ReceiptRequest {
        receipt: receipt.clone(),
        format: ReceiptFormat::Pdf,
        path: pdf_path.clone(),
    })
    .unwrap();
    let shown = pdf_shown_strings(&std::fs::read(&pdf_path).unwrap());
    let lines = joined(&shown, b"\n");
    for moment in ["10/03/2026 08:58:00 (UTC-03:00)", created] {
        assert!(
            contains(&lines, &win_ansi(moment)),
            "the PDF shows {moment}: {:?}",
            String::from_utf8_lossy(&lines)
        );
    }

    let png_path = dir.path().join("receipt.png");
    brlv_desk::app::receipt::write_receipt(&ReceiptRequest {
        receipt,
        format: ReceiptFormat::Png,
        path: png_path.clone(),
    })
    .unwrap();
    let png = std::fs::read(&png_path).unwrap();
    let reader = png::Decoder::new(std::io::Cursor::new(&png))
        .read_info()
        .unwrap();
    let described = reader
        .info()
        .utf8_text
        .iter()
        .find(|chunk| chunk.keyword == "Description")
        .unwrap()
        .get_text()
        .unwrap();
    assert!(described.contains(completed), "{described}");
}

#[test]
fn file_names_say_what_and_which() {
    let receipt = transfer_receipt(
        &utc(Language::En),
        &transfer("completed"),
        &Parties::default(),
    )
    .unwrap();
    assert_eq!(
        receipt.file_name(ReceiptFormat::Pdf),
        "receipt-transfer-7a1e0c52.pdf"
    );
    assert_eq!(
        receipt.file_name(ReceiptFormat::Png),
        "receipt-transfer-7a1e0c52.png"
    );
    let kinds: Vec<ReceiptKind> = every_kind(Language::En)
        .iter()
        .map(|(receipt, _, _)| receipt.kind)
        .collect();
    assert_eq!(kinds, ReceiptKind::ALL);
}

#[test]
fn only_a_completed_movement_has_a_receipt() {
    let language = Language::En;
    for state in ["created", "expired", "payment-returned"] {
        assert!(
            order_receipt(&utc(language), &order(state), &Parties::default(), None).is_none(),
            "{state}"
        );
    }
    for state in ["created", "pending", "failed"] {
        assert!(
            transfer_receipt(&utc(language), &transfer(state), &Parties::default()).is_none(),
            "{state}"
        );
    }
    let mut pending = pix_withdrawal();
    pending.state = Some(brlv_core::api::model::WithdrawalState::PendingPayment);
    assert!(withdrawal_receipt(&utc(language), &pending, &Parties::default()).is_none());
    let mut uncredited = deposit();
    uncredited.status = None;
    assert!(deposit_receipt(&utc(language), &DepositAsset::Brl, &uncredited).is_none());
    assert!(claim_receipt(&utc(language), &claim("created")).is_none());
}

#[test]
fn receipts_speak_the_persons_language_and_name_where_the_money_went() {
    let ted =
        withdrawal_receipt(&utc(Language::PtBr), &ted_withdrawal(), &Parties::default()).unwrap();
    let text = ted.to_text();
    assert!(
        text.starts_with("Comprovante de saque\nSaque por TED\n"),
        "{text}"
    );
    assert!(text.contains("Valor: R$ 10.000,00"), "{text}");
    assert!(text.contains("Para (nome): Joana da Silva"), "{text}");
    assert!(
        text.contains("Itaú Unibanco (341), agência 1234, conta 56789-0"),
        "{text}"
    );
    // A person's CPF is masked as Pix receipts mask it; the full number is not shared.
    assert!(text.contains("Para (CPF/CNPJ): ***.444.777-**"), "{text}");
    assert!(!text.contains("11144477735"), "{text}");
    let order = order_receipt(
        &utc(Language::En),
        &order("completed"),
        &Parties::default(),
        None,
    )
    .unwrap();
    let text = order.to_text();
    assert!(text.contains("Conversion of BRL to BRLV"), "{text}");
    assert!(text.contains("To: BRLV on Base"), "{text}");
    assert!(text.contains("Received: 1,228.3872 BRLV"), "{text}");
    assert!(text.contains("Fee: 6.1728 BRLV (R$6.17)"), "{text}");
    assert!(
        text.contains("Completed at: 10 Mar 2026 11:58:00 (UTC+00:00)"),
        "{text}"
    );
    assert!(text.contains("Rate: 0.995"), "{text}");
    let text = order_receipt(
        &utc(Language::PtBr),
        &self::order("completed"),
        &Parties::default(),
        None,
    )
    .unwrap()
    .to_text();
    assert!(text.contains("Cotação: 0,995"), "{text}");
}

fn dialog_state(folder: Option<&Path>) -> AppState {
    let mut state = connected_state(Language::En);
    state.shared.wall_now = datetime!(2026-11-22 18:30:00 UTC);
    state.dialogs.last_folder = folder.map(Path::to_path_buf);
    state
}

/// The one dialog request `state` queued, with its purpose.
fn asked(state: &mut AppState) -> (DialogPurpose, brlv_desk::app::dialog::FileDialogRequest) {
    let mut asked: Vec<_> = state
        .take_commands()
        .into_iter()
        .filter_map(|command| match command {
            Command::ChooseFile { purpose, request } => Some((purpose, request)),
            _ => None,
        })
        .collect();
    assert_eq!(asked.len(), 1, "one dialog asked for");
    asked.remove(0)
}

#[test]
fn every_save_asks_with_a_dated_or_named_file_in_the_last_folder() {
    let folder = PathBuf::from("/home/joana/Documentos");
    let receipt = transfer_receipt(
        &utc(Language::En),
        &transfer("completed"),
        &Parties::default(),
    )
    .unwrap();
    let order_id = ORDER_ID.parse().unwrap();
    let cases: Vec<(DialogPurpose, &str, &str)> = vec![
        (
            DialogPurpose::Export(ExportRecords::Orders(vec![])),
            "orders-2026-11-22.csv",
            "csv",
        ),
        (
            DialogPurpose::Export(ExportRecords::Withdrawals(vec![])),
            "withdrawals-2026-11-22.csv",
            "csv",
        ),
        (
            DialogPurpose::ExportJournal,
            "activity-2026-11-22.csv",
            "csv",
        ),
        (
            DialogPurpose::ExportExtrato(ExtratoFormat::Ofx),
            "extrato-2026-11-22.ofx",
            "ofx",
        ),
        (
            DialogPurpose::ExportExtrato(ExtratoFormat::Csv),
            "extrato-2026-11-22.csv",
            "csv",
        ),
        (
            DialogPurpose::SaveQr {
                brcode: "000201".to_owned(),
            },
            "qr-5b0d1a9e.png",
            "png",
        ),
        (
            DialogPurpose::SavePublicKey {
                pem: "-----BEGIN PUBLIC KEY-----".to_owned(),
            },
            "public-key.pem",
            "pem",
        ),
        (
            DialogPurpose::SaveReceipt {
                receipt: Box::new(receipt.clone()),
                format: ReceiptFormat::Pdf,
            },
            "receipt-transfer-7a1e0c52.pdf",
            "pdf",
        ),
        (
            DialogPurpose::SaveReceipt {
                receipt: Box::new(receipt),
                format: ReceiptFormat::Png,
            },
            "receipt-transfer-7a1e0c52.png",
            "png",
        ),
    ];
    for (purpose, name, extension) in cases {
        let mut state = dialog_state(Some(&folder));
        state.panels.orders.selected = Some(order_id);
        state.choose_file(purpose.clone());
        assert!(state.dialogs.dialog_open, "the UI shows a dialog is open");
        state.choose_file(purpose.clone());
        let (back, request) = asked(&mut state);
        assert_eq!(back, purpose);
        assert_eq!(request.mode, DialogMode::Save);
        assert_eq!(request.file_name.as_deref(), Some(name));
        assert_eq!(request.folder.as_deref(), Some(folder.as_path()));
        let (_, extensions) = request.filter.unwrap();
        assert_eq!(extensions, [extension]);
    }
    let mut state = dialog_state(None);
    state.choose_file(DialogPurpose::LoadKey);
    let (_, request) = asked(&mut state);
    assert_eq!(request.mode, DialogMode::Open);
    assert_eq!(request.file_name, None);
    assert_eq!(
        request.folder, None,
        "no folder yet: the system's own choice"
    );
}

#[test]
fn a_chosen_file_goes_where_it_was_asked_for_and_its_folder_is_remembered() {
    let mut state = dialog_state(None);
    let rows = vec![order("completed")];
    state.choose_file(DialogPurpose::Export(ExportRecords::Orders(rows.clone())));
    let (purpose, _) = asked(&mut state);
    state.apply(Event::FileChosen {
        purpose,
        answer: DialogAnswer::Chosen(PathBuf::from("/tmp/out/orders-2026-11-22.csv")),
    });
    assert!(!state.dialogs.dialog_open);
    assert_eq!(state.dialogs.last_folder, Some(PathBuf::from("/tmp/out")));
    assert!(state.panels.orders.export.writing);
    let commands = state.take_commands();
    assert!(
        matches!(
            commands.as_slice(),
            [Command::Export(ExportRequest { path, records: ExportRecords::Orders(sent) })]
                if path == Path::new("/tmp/out/orders-2026-11-22.csv") && *sent == rows
        ),
        "{commands:?}"
    );

    let answer = |state: &mut AppState, purpose, path: &str| {
        state.apply(Event::FileChosen {
            purpose,
            answer: DialogAnswer::Chosen(PathBuf::from(path)),
        });
        state.take_commands()
    };
    let commands = answer(
        &mut state,
        DialogPurpose::SaveQr {
            brcode: "000201".to_owned(),
        },
        "/tmp/qr/qr-5b0d1a9e.png",
    );
    assert!(matches!(
        commands.as_slice(),
        [Command::Orders(OrdersCommand::SaveQrPng { path, brcode })]
            if path == Path::new("/tmp/qr/qr-5b0d1a9e.png") && brcode == "000201"
    ));
    assert!(state.panels.orders.saving_qr);
    let commands = answer(&mut state, DialogPurpose::LoadKey, "/keys/private.pem");
    assert!(matches!(
        commands.as_slice(),
        [Command::Onboarding(OnboardingCommand::LoadKeyFile(path))] if path == Path::new("/keys/private.pem")
    ));
    assert_eq!(state.panels.onboarding.key_path, "/keys/private.pem");
    assert_eq!(state.dialogs.last_folder, Some(PathBuf::from("/keys")));

    // Cancelled: nothing is written, nothing changes but the dialog closing.
    state.choose_file(DialogPurpose::LoadKey);
    let (purpose, _) = asked(&mut state);
    state.apply(Event::FileChosen {
        purpose,
        answer: DialogAnswer::Cancelled,
    });
    assert!(!state.dialogs.dialog_open);
    assert!(state.take_commands().is_empty());
    assert!(!state.dialogs.unavailable);

    // No dialog on this system: the typed path is the way, with its note.
    state.choose_file(DialogPurpose::LoadKey);
    let (purpose, _) = asked(&mut state);
    state.apply(Event::FileChosen {
        purpose,
        answer: DialogAnswer::Unavailable,
    });
    assert!(state.dialogs.unavailable);
    assert!(state.take_commands().is_empty());
}

#[test]
fn the_worker_asks_the_dialog_and_writes_the_receipt_where_it_answered() {
    let dir = tempfile::tempdir().unwrap();
    let chosen = dir.path().join("comprovante.pdf");
    let dialogs = RecordingDialogs::answering(vec![DialogAnswer::Chosen(chosen.clone())]);
    let (_profiles, worker) = {
        let profiles = tempfile::tempdir().unwrap();
        let mut config = WorkerConfig::system(brlv_desk::app::clock::Clock::new());
        config.secrets = brlv_desk::app::worker::SecretSource::Store(Arc::new(
            brlv_core::keystore::MemoryStore::default(),
        ));
        config.profile_path = Some(profiles.path().join("profiles.json"));
        config.environment = brlv_desk::app::worker::EnvironmentProfile::Ignore;
        config.journal_dir = None;
        config.dialogs = Arc::new(dialogs.clone());
        (profiles, spawn(config))
    };
    let mut state = dialog_state(Some(dir.path()));
    let receipt = transfer_receipt(
        &utc(Language::PtBr),
        &transfer("completed"),
        &Parties::default(),
    )
    .unwrap();
    state.choose_file(DialogPurpose::SaveReceipt {
        receipt: Box::new(receipt.clone()),
        format: ReceiptFormat::Pdf,
    });
    pump_until(&worker, &mut state, "the receipt written", |state| {
        state.shared.receipt.result.is_some()
    });
    let asked = dialogs.asked();
    assert_eq!(asked.len(), 1);
    assert_eq!(
        asked[0].file_name.as_deref(),
        Some("receipt-transfer-7a1e0c52.pdf")
    );
    assert_eq!(asked[0].folder.as_deref(), Some(dir.path()));
    assert_eq!(
        state.shared.receipt.result.clone().unwrap().unwrap(),
        chosen
    );
    assert_eq!(state.shared.receipt.movement, Some(receipt.id));
    let pdf = std::fs::read(&chosen).unwrap();
    assert_valid_pdf(&pdf);
}

#[test]
fn a_cpf_is_masked_and_a_cnpj_kept_whole() {
    use brlv_desk::app::receipt::build::masked_document;
    assert_eq!(masked_document("111.444.777-35"), "***.444.777-**");
    assert_eq!(masked_document("11144477735"), "***.444.777-**");
    assert_eq!(masked_document("11.222.333/0001-81"), "11.222.333/0001-81");
}

#[test]
fn the_last_folder_survives_a_restart_and_an_older_saved_state_still_loads() {
    use brlv_desk::app::shell::PersistedUi;
    let saved = PersistedUi {
        last_folder: Some(PathBuf::from("/home/joana/Comprovantes")),
        ..PersistedUi::default()
    };
    let mut value = serde_json::to_value(&saved).unwrap();
    let back: PersistedUi = serde_json::from_value(value.clone()).unwrap();
    assert_eq!(back.last_folder, saved.last_folder);
    value.as_object_mut().unwrap().remove("last_folder");
    let older: PersistedUi = serde_json::from_value(value).unwrap();
    assert_eq!(older.last_folder, None);
}
