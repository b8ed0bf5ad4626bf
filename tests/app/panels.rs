//! Panels drawn alone: each built from its own state and a context of
//! account data, with no `AppState` and no shell. What a panel asks for is
//! read from its outbox; what it is told goes through its `apply`.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use brlv_core::api::model::{Asset, Claim, ClaimTarget, CreateClaim, Order, WithdrawalMethod};
use brlv_core::tax::TaxInput;
use brlv_desk::app::clock::LocalZone;
use brlv_desk::app::dialog::DialogPurpose;
use brlv_desk::app::export::ExportRecords;
use brlv_desk::app::features::claims::state::{ClaimsEvent, ClaimsState};
use brlv_desk::app::features::journal::message::JournalCommand;
use brlv_desk::app::features::taxes::state::{TaxesState, TaxesTold};
use brlv_desk::app::features::withdrawals::state::{WithdrawalsEvent, WithdrawalsState};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Command;
use brlv_desk::app::panel::{Ask, Outbox, Panel, Shared};
use brlv_desk::app::resources::{ClaimableBalances, Fetched, WalletClaimable};
use brlv_desk::app::submit::{Created, SubmitOutcome, SubmitRequest};

use crate::support::ui::dec;

/// One panel and the shared half it is drawn beside.
struct Bench<P> {
    panel: P,
    cx: Shared,
    /// Everything the panel asked for, frame after frame.
    asked: Vec<Ask>,
}

impl<P: Panel> Bench<P> {
    fn new(panel: P, language: Language) -> Bench<P> {
        let mut cx = Shared::new(language);
        cx.now = 2_000;
        cx.wall_now = time::macros::datetime!(2026-03-15 12:00 UTC);
        cx.zone = LocalZone::utc();
        Bench {
            panel,
            cx,
            asked: Vec::new(),
        }
    }

    fn deliver(&mut self, fetched: Fetched) {
        self.cx
            .data
            .finish_newest_first(fetched.key(), Ok(fetched), 1_000, 31_000);
    }

    /// Tells the panel `event`; the commands it asked for.
    fn apply(&mut self, event: P::Event) -> Vec<Command> {
        let mut out = Outbox::default();
        self.panel.apply(event, &self.cx, &mut out);
        out.into_commands()
    }

    fn draw(&mut self, ui: &mut egui::Ui) {
        let mut out = Outbox::default();
        self.panel.ui(ui, &self.cx, &mut out);
        self.asked.extend(out.into_asks());
    }

    fn submits(&mut self) -> Vec<SubmitRequest> {
        std::mem::take(&mut self.asked)
            .into_iter()
            .filter_map(|ask| match ask {
                Ask::Submit(request) => Some(request),
                _ => None,
            })
            .collect()
    }
}

fn harness<P: Panel + 'static>(bench: Bench<P>) -> Harness<'static, Bench<P>> {
    let mut harness = Harness::builder()
        .with_size([1280.0, 6000.0])
        .with_max_steps(12)
        .build_ui_state(
            |ui, bench: &mut Bench<P>| {
                egui::ScrollArea::both().show(ui, |ui| bench.draw(ui));
            },
            bench,
        );
    let _ = harness.run_ok();
    harness.run_steps(2);
    harness
}

fn settle<P: Panel + 'static>(harness: &mut Harness<'static, Bench<P>>) {
    let _ = harness.run_ok();
    harness.run_steps(2);
}

fn type_into<P: Panel + 'static>(
    harness: &mut Harness<'static, Bench<P>>,
    label: &str,
    text: &str,
) {
    harness.get_by_label(label).click();
    settle(harness);
    harness.get_by_label(label).type_text(text);
    settle(harness);
}

const MAIN: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

fn claims_bench(language: Language) -> Bench<ClaimsState> {
    let mut bench = Bench::new(ClaimsState::default(), language);
    bench.deliver(Fetched::Claimable(ClaimableBalances {
        account: dec("1200.00"),
        wallets: vec![WalletClaimable {
            address: MAIN.to_owned(),
            name: Some("Main wallet".to_owned()),
            available: dec("1250.50"),
        }],
    }));
    bench
}

fn claim(status: &str) -> Claim {
    serde_json::from_value(serde_json::json!({
        "id": "c1a1a000-0000-4000-8000-000000000001",
        "gross-amount": "1000.00",
        "tax-amount": "150.00",
        "fees": "12.34",
        "net-amount": "837.66",
        "status": status,
        "updated-at": "2026-03-10T12:00:00.123Z",
    }))
    .unwrap()
}

#[test]
fn the_claims_panel_alone_refuses_above_the_claimable_and_asks_for_the_exact_claim() {
    let mut harness = harness(claims_bench(Language::En));
    harness.get_by_label("R$1,200.00");
    harness.get_by_label(MAIN);
    type_into(&mut harness, "Amount to claim", "1.200,01");
    harness.get_by_label("At most R$1,200.00 can be claimed.");
    harness.get_by_label("Claim now").click();
    settle(&mut harness);
    assert!(harness.state_mut().submits().is_empty());

    harness.state_mut().panel.draft.amount = "1200".into();
    settle(&mut harness);
    harness.get_by_label("Claim now").click();
    settle(&mut harness);
    assert!(
        harness.state_mut().submits().is_empty(),
        "the review comes first"
    );
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    assert_eq!(
        harness.state_mut().submits(),
        vec![SubmitRequest::Claim {
            wallet_address: None,
            request: CreateClaim {
                amount: dec("1200"),
                target_asset_code: ClaimTarget::Brl,
            },
        }]
    );
}

#[test]
fn the_claims_panel_told_of_a_claim_shows_it_and_asks_the_journal_for_the_tax_year() {
    let mut bench = claims_bench(Language::PtBr);
    assert!(bench.apply(ClaimsEvent::Sending).is_empty());
    // The root keeps the claim with the account's data, then tells the panel.
    bench.cx.data.claim_made(claim("completed"));
    let commands = bench.apply(ClaimsEvent::Submitted(SubmitOutcome::Created {
        record: Created::Claim(Some(claim("completed"))),
        after_unknown: false,
    }));
    assert!(
        matches!(
            commands.as_slice(),
            [Command::Journal(JournalCommand::ReadTax)]
        ),
        "{commands:?}"
    );
    let mut harness = harness(bench);
    // The result and the list of claims made here, its receipt offered.
    harness.get_by_label("R$ 837,66");
    harness.get_by_label("Salvar como PDF…");
    harness.get_by_label("Salvar como CSV…").click();
    settle(&mut harness);
    let asked = std::mem::take(&mut harness.state_mut().asked);
    assert!(
        asked
            .iter()
            .any(|ask| matches!(ask, Ask::ChooseFile(DialogPurpose::Export(ExportRecords::Claims(rows))) if rows.len() == 1)),
        "{asked:?}"
    );
}

fn withdrawals_bench(language: Language) -> Bench<WithdrawalsState> {
    let mut bench = Bench::new(WithdrawalsState::default(), language);
    let rows = serde_json::from_value::<Vec<_>>(serde_json::json!([
        {"id": "9c2f0c52-0000-4000-8000-000000000001", "state": "completed", "asset": "fiat/brl",
         "method": "pix", "amount": "1000.00", "created-at": "2026-03-01T10:00:00Z",
         "pix-key": "52998224725"},
        {"id": "9c2f0c52-0000-4000-8000-000000000002", "state": "pending-payment", "asset": "fiat/brl",
         "method": "pix", "amount": "250.00", "created-at": "2026-03-02T10:00:00Z"},
    ]))
    .unwrap();
    bench.deliver(Fetched::Withdrawals(rows.into()));
    bench
}

#[test]
fn the_withdrawals_panel_alone_reviews_then_asks_once_and_closes_the_review_when_told() {
    let mut harness = harness(withdrawals_bench(Language::En));
    type_into(&mut harness, "Amount to withdraw", "320,50");
    type_into(&mut harness, "Pix key", "529.982.247-25");
    harness.get_by_label("Review withdrawal").click();
    settle(&mut harness);
    assert!(
        harness.state_mut().submits().is_empty(),
        "not before confirming"
    );
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    let sent = harness.state_mut().submits();
    assert!(
        matches!(
            sent.as_slice(),
            [SubmitRequest::Withdrawal(request)]
                if request.amount == dec("320.50")
                    && request.method == WithdrawalMethod::Pix
                    && request.asset == Asset::FiatBrl
                    && request.pix_key.as_deref() == Some("52998224725")
        ),
        "{sent:?}"
    );
    // The root tells it the POST left and how it ended.
    let bench = harness.state_mut();
    assert!(bench.apply(WithdrawalsEvent::Sending).is_empty());
    assert!(bench.panel.confirming.is_some());
    bench.apply(WithdrawalsEvent::Submitted(SubmitOutcome::Created {
        record: Created::Withdrawal(
            serde_json::from_value(serde_json::json!({
                "id": "9c2f0c52-0000-4000-8000-000000000003", "state": "pending-payment",
                "asset": "fiat/brl", "method": "pix", "amount": "320.50",
            }))
            .unwrap(),
        ),
        after_unknown: false,
    }));
    let panel = &bench.panel;
    assert!(panel.confirming.is_none());
    assert!(panel.draft.amount.is_empty());
    assert_eq!(
        panel.records.selected.map(|id| id.to_string()).as_deref(),
        Some("9c2f0c52-0000-4000-8000-000000000003")
    );
}

#[test]
fn the_withdrawals_panel_shows_the_selected_ones_receipt_and_asks_for_its_dialog() {
    let mut bench = withdrawals_bench(Language::En);
    bench.apply(WithdrawalsEvent::Show(
        "9c2f0c52-0000-4000-8000-000000000001".parse().unwrap(),
    ));
    let mut harness = harness(bench);
    harness.get_by_label("Details");
    harness.get_by_label("Save as PDF…").click();
    settle(&mut harness);
    let asked = std::mem::take(&mut harness.state_mut().asked);
    assert!(
        asked.iter().any(|ask| matches!(ask, Ask::ChooseFile(_))),
        "{asked:?}"
    );
}

fn tax_order(n: u128, at: &str, pay: (&str, &str), get: (&str, &str), fee: &str) -> Order {
    serde_json::from_value(serde_json::json!({
        "id": uuid::Uuid::from_u128(n), "state": "completed", "created-at": at,
        "state-updated-at": at, "source-asset": pay.1, "source-amount": pay.0,
        "target-asset": get.1, "target-amount": get.0, "fee-amount": fee, "fee-asset": get.1,
    }))
    .unwrap()
}

/// 4,000 USDC bought in January 2026 at R$5.00 and 3,000 sold in February
/// for R$36,000.00 before a R$30.00 fee: a taxable month.
fn taxes_bench() -> Bench<TaxesState> {
    let mut bench = Bench::new(TaxesState::default(), Language::En);
    bench.deliver(Fetched::Orders(
        vec![
            tax_order(
                2,
                "2026-02-10T15:00:00Z",
                ("3000", "eth-base/usdc"),
                ("35970.00", "fiat/brl"),
                "30.00",
            ),
            tax_order(
                1,
                "2026-01-05T15:00:00Z",
                ("20000.00", "fiat/brl"),
                ("4000", "eth-base/usdc"),
                "0",
            ),
        ]
        .into(),
    ));
    for empty in [
        Fetched::Transfers(vec![].into()),
        Fetched::Withdrawals(vec![].into()),
        Fetched::Wallets(vec![].into()),
        Fetched::DepositsUsdc(vec![].into()),
        Fetched::DepositsUsdt(vec![].into()),
    ] {
        bench.deliver(empty);
    }
    bench.apply(TaxesTold::Restored(Box::default()));
    bench
}

/// Frames until the figures, computed off the frame, are drawn.
fn until_figures(harness: &mut Harness<'static, Bench<TaxesState>>, label: &str) {
    for _ in 0..200 {
        if harness.query_by_label(label).is_some() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        harness.run_steps(1);
    }
    harness.get_by_label(label);
}

#[test]
fn the_taxes_panel_alone_draws_the_months_and_asks_for_its_paid_mark_and_files() {
    let mut harness = harness(taxes_bench());
    until_figures(&mut harness, "Sales in February 2026: R$36,000.00");
    harness.get_by_label("Gain or loss in February 2026: R$20,970.00");
    harness.get_by_label("DARF 4600 of February 2026: R$3,145.50");
    harness.state_mut().asked.clear();
    harness.get_by_label("DARF of February 2026 paid").click();
    settle(&mut harness);
    harness.get_by_label("Save the report as PDF…").click();
    settle(&mut harness);
    harness.get_by_label("Save workbook (.xlsx)…").click();
    settle(&mut harness);
    let asked = std::mem::take(&mut harness.state_mut().asked);
    assert!(
        asked.iter().any(|ask| matches!(
            ask,
            Ask::Command(Command::Journal(JournalCommand::KeepTaxInput(
                TaxInput::Paid { .. }
            )))
        )),
        "{asked:?}"
    );
    assert!(
        asked
            .iter()
            .any(|ask| matches!(ask, Ask::ChooseFile(DialogPurpose::TaxPdf { year: 2026 }))),
        "{asked:?}"
    );
    assert!(
        asked
            .iter()
            .any(|ask| matches!(ask, Ask::ChooseFile(DialogPurpose::TaxXlsx { year: 2026 }))),
        "{asked:?}"
    );
}
