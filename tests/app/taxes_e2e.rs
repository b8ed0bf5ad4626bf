//! The tax year end to end on the embedded sandbox, through the real worker
//! and the journal's thread: the demo's swap priced by the service's quote,
//! a value typed for it kept in the journal and read back by the ledger,
//! and the year's CSV files and the PDF report written where asked.

use brlv_core::tax::ledger::{EntryKind, Flags};
use brlv_core::tax::{TaxInput, YearMonth};
use brlv_desk::app::features::journal::message::JournalCommand;
use brlv_desk::app::features::taxes::message::TaxesCommand;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Command;
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::dec;
use crate::support::worker::{on_sandbox, pump_until};

/// The demo's swap (500 USDC for USDT), as the ledger shows it now.
fn swap_flags(state: &mut AppState, ctx: &egui::Context) -> Option<(uuid::Uuid, Flags)> {
    let (figures, _) = state.tax_figures(ctx);
    figures
        .ledger
        .entries
        .iter()
        .find(|entry| entry.kind == EntryKind::SwapOut)
        .and_then(|entry| Some((figures.sources.record_id(entry.record)?, entry.flags)))
}

#[test]
fn the_demo_swap_is_valued_on_its_day_then_by_the_value_typed_and_the_files_written() {
    let (_dir, worker) = on_sandbox();
    let mut state = AppState::new(Language::En);
    // The shell sets it every frame.
    state.shared.wall_now = time::OffsetDateTime::now_utc();
    let ctx = egui::Context::default();
    pump_until(&worker, &mut state, "the demo's lists", |state| {
        state.view_loaded(View::Taxes)
    });
    // Drawing the figures asks the service for the swap's price, once.
    let _ = state.tax_figures(&ctx);
    let asked = state
        .pending_commands()
        .iter()
        .filter(|command| matches!(command, Command::Taxes(TaxesCommand::Prices(_))))
        .count();
    assert_eq!(asked, 1, "the prices, asked once");
    pump_until(&worker, &mut state, "the service's prices", |state| {
        !state.panels.taxes.inputs.prices.prices.is_empty()
    });
    // Valued on its own day (a practice the ledger names), not at the
    // service's price of today, which comes last.
    let (swap, flags) = swap_flags(&mut state, &ctx).expect("the demo's swap");
    assert!(flags.contains(Flags::PRACTICE_VALUE), "{flags:?}");
    assert!(!flags.contains(Flags::SERVICE_PRICE), "{flags:?}");

    // The person types the swap's value on its day: kept, then read back.
    assert!(worker.send(Command::Journal(JournalCommand::KeepTaxInput(
        TaxInput::OrderValue {
            order: swap,
            brl: Some(dec("2650.00")),
        }
    ))));
    pump_until(&worker, &mut state, "the typed value kept", |state| {
        state
            .panels
            .taxes
            .inputs
            .typed
            .order_values
            .contains_key(&swap)
    });
    let (_, flags) = swap_flags(&mut state, &ctx).expect("the demo's swap");
    assert!(flags.contains(Flags::TYPED), "{flags:?}");
    assert!(!flags.contains(Flags::SERVICE_PRICE));
    assert!(!flags.contains(Flags::PRACTICE_VALUE));

    // A month marked paid goes through the journal's thread as well.
    let month = YearMonth::in_brasilia(state.shared.wall_now);
    assert!(worker.send(Command::Journal(JournalCommand::KeepTaxInput(
        TaxInput::Paid { month, paid: true }
    ))));
    pump_until(&worker, &mut state, "the paid mark kept", |state| {
        state.panels.taxes.inputs.typed.is_paid(month)
    });

    // The files of the year shown.
    let folder = tempfile::tempdir().unwrap();
    let pdf = folder.path().join("report.pdf");
    let _ = state.tax_figures(&ctx);
    state.panels.taxes.csv.path = folder.path().display().to_string();
    state.save_tax_csv();
    state.panels.taxes.pdf.path = pdf.display().to_string();
    state.save_tax_pdf();
    pump_until(&worker, &mut state, "both files written", |state| {
        state.panels.taxes.csv.result.is_some() && state.panels.taxes.pdf.result.is_some()
    });
    assert_eq!(
        state.panels.taxes.csv.result,
        Some(Ok(folder.path().to_owned()))
    );
    assert_eq!(state.panels.taxes.pdf.result, Some(Ok(pdf.clone())));
    let year = state.panels.taxes.shown_year(state.shared.wall_now);
    for (name, header) in [
        (format!("ledger-{year}.csv"), "date,month,order_id,"),
        (
            format!("months-{year}.csv"),
            "month,sales_brl,exempt,gain_brl,tax_brl,darf_due",
        ),
        (
            format!("positions-{year}.csv"),
            "asset,quantity,average_cost_brl,total_cost_brl",
        ),
        (
            format!("bens-e-direitos-{year}.csv"),
            "asset,bens_group,bens_code,",
        ),
        (
            format!("gcap-sales-{year}.csv"),
            "date,month,asset,nature,quantity,",
        ),
        (
            format!("late-darfs-{year}.csv"),
            "month,darf_code,darf_brl,due,",
        ),
    ] {
        let text = std::fs::read_to_string(folder.path().join(&name)).unwrap();
        assert!(text.starts_with(header), "{name}: {text}");
    }
    let ledger = std::fs::read_to_string(folder.path().join(format!("ledger-{year}.csv"))).unwrap();
    assert!(
        ledger.lines().count() > 1,
        "the demo's movements of the year: {ledger}"
    );
    let months = std::fs::read_to_string(folder.path().join(format!("months-{year}.csv"))).unwrap();
    // The `paid` column, by its header's name (columns after it may come).
    let paid_column = months
        .lines()
        .next()
        .and_then(|header| header.split(',').position(|column| column == "paid"))
        .expect("months.csv names a paid column");
    assert!(
        months.lines().any(|line| line.starts_with(&month.iso())
            && line.split(',').nth(paid_column) == Some("true")),
        "the month marked paid: {months}"
    );
    let bytes = std::fs::read(&pdf).unwrap();
    crate::receipts::assert_valid_pdf(&bytes);
}
