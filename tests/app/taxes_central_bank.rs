//! The tax year's outside figures in the window, end to end on the embedded
//! sandbox through the real worker and the journal's thread: the dollar's
//! PTAX of an order's own day (the sandbox's emulation of the Banco
//! Central), the Taxes panel telling which days are missing when the Banco
//! Central cannot be reached, and the question each outflow asks, answered
//! in the panel and counted in its month's sales.

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use rust_decimal::Decimal;
use time::Date;

use brlv_core::tax::ledger::{Entry, EntryKind, Flags, ValueSource};
use brlv_core::tax::ptax::RateOnDay;
use brlv_core::tax::{OutflowAnswer, brasilia};
use brlv_desk::app::features::taxes::message::TaxesCommand;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Command;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::worker::{CentralBankAddresses, WorkerHandle};

use crate::support::ui::{dec, harness, settle};
use crate::support::worker::{on_sandbox, on_sandbox_with_central_bank, pump_until};

/// The demo's swap (500 USDC given for USDT), as the figures hold it now.
fn demo_swap(state: &mut AppState, ctx: &egui::Context) -> Entry {
    let (figures, _) = state.tax_figures(ctx);
    figures
        .ledger
        .entries
        .iter()
        .find(|entry| entry.kind == EntryKind::SwapOut)
        .cloned()
        .expect("the demo's swap")
}

/// The sandbox's PTAX buying rate for `day`: its own, else the last
/// business day's before it (as the Banco Central's is read).
fn sandbox_buying_rate(mut day: Date) -> Decimal {
    loop {
        if let Some((buying, _)) = brlv_sandbox::sandbox_dollar_rate(day) {
            return buying;
        }
        day = day.previous_day().unwrap();
    }
}

/// A state on the sandbox with its Taxes lists loaded and the Banco
/// Central's answer in (or its failure).
fn loaded(worker: &WorkerHandle) -> (AppState, egui::Context) {
    let mut state = AppState::new(Language::En);
    state.shared.wall_now = time::OffsetDateTime::now_utc();
    state.view = View::Taxes;
    let ctx = egui::Context::default();
    pump_until(worker, &mut state, "the demo's lists", |state| {
        state.view_loaded(View::Taxes)
    });
    // Drawing the figures asks for what they need, once.
    let _ = state.tax_figures(&ctx);
    let asked: Vec<_> = state
        .pending_commands()
        .iter()
        .filter_map(|command| match command {
            Command::Taxes(TaxesCommand::CentralBank(request)) => Some(request.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(asked.len(), 1, "the Banco Central, asked once: {asked:?}");
    let swap_day = brasilia::date_at(demo_swap(&mut state, &ctx).at.get());
    assert!(
        asked[0].days.contains(&swap_day),
        "the swap's day is asked: {:?}",
        asked[0].days
    );
    pump_until(worker, &mut state, "the Banco Central's answer", |state| {
        state.panels.taxes.central_bank.pending.is_none()
            && !state.panels.taxes.inputs.dollar_rates.is_empty()
    });
    (state, ctx)
}

#[test]
fn the_years_figures_take_the_ptax_of_the_orders_own_day_from_the_sandboxs_banco_central() {
    let (_dir, worker) = on_sandbox();
    let (mut state, ctx) = loaded(&worker);
    let swap = demo_swap(&mut state, &ctx);
    let day = brasilia::date_at(swap.at.get());
    let buying = sandbox_buying_rate(day);
    assert!(
        matches!(state.panels.taxes.inputs.dollar_rates.on(day), RateOnDay::Known(rate) if rate.rate.buying == buying),
        "the day's rate is kept for the figures"
    );
    // 500 USDC given, valued at that day's buying rate (practice, by
    // analogy with dollars), not at the service's price of today.
    assert_eq!(swap.source, ValueSource::StablecoinPtax);
    assert_eq!(swap.value_brl, (dec("500") * buying).round_dp(2));
    assert!(
        !swap.flags.contains(Flags::SERVICE_PRICE),
        "{:?}",
        swap.flags
    );
    assert!(!swap.flags.contains(Flags::RATE_FAILED), "{:?}", swap.flags);
    pump_until(&worker, &mut state, "the service's prices", |state| {
        !state.panels.taxes.prices_pending
    });
    if let Some(today) = state.panels.taxes.inputs.prices.of("USDC") {
        assert_ne!(
            swap.value_brl,
            (dec("500") * today).round_dp(2),
            "the day's value, not today's"
        );
    }
    // The month's sales hold that value.
    let (figures, _) = state.tax_figures(&ctx);
    if figures.year.as_ref().map(|year| year.year) == Some(swap.month.year) {
        let month = figures
            .year
            .as_ref()
            .and_then(|year| year.months.iter().find(|month| month.month == swap.month))
            .expect("the swap's month");
        assert!(month.sales_brl >= swap.value_brl);
    }
    // Nothing is asked again once known.
    let _ = state.take_commands();
    let _ = state.tax_figures(&ctx);
    assert!(
        !state
            .pending_commands()
            .iter()
            .any(|command| matches!(command, Command::Taxes(TaxesCommand::CentralBank(_)))),
        "asked once a session"
    );
}

#[test]
fn with_the_banco_central_unreachable_the_panel_names_the_missing_days_and_says_not_final() {
    let unreachable = "http://127.0.0.1:1".to_owned();
    let (_dir, worker) = on_sandbox_with_central_bank(CentralBankAddresses {
        ptax: Some(unreachable.clone()),
        selic: Some(unreachable),
    });
    let (mut state, ctx) = loaded(&worker);
    let swap = demo_swap(&mut state, &ctx);
    let day = brasilia::date_at(swap.at.get());
    assert!(matches!(
        state.panels.taxes.inputs.dollar_rates.on(day),
        RateOnDay::Failed(_)
    ));
    // No silent fallback: the figure says its PTAX failed.
    assert!(swap.flags.contains(Flags::RATE_FAILED), "{:?}", swap.flags);
    assert_ne!(swap.source, ValueSource::StablecoinPtax);
    // The swap's year is the one shown.
    state.panels.taxes.year = Some(swap.month.year);
    let mut harness = harness(state);
    // A year before this one needs days of its own (its sales, its 31/12):
    // they are asked, and fail, before the button is pressed, as in the
    // window, where the worker answers each ask.
    pump_drawn(&worker, &mut harness, "the shown year's days", |state| {
        state.panels.taxes.central_bank.pending.is_none()
    });
    let says = |harness: &Harness<'static, AppState>, text: &str| {
        harness.query_all_by_label_contains(text).next().is_some()
    };
    assert!(says(&harness, "Figures that are not final"));
    let day_text = brlv_desk::app::features::taxes::words::date_text(Language::En, day);
    let missing = harness
        .query_all_by_label_contains("The dollar's PTAX of these days is missing")
        .next()
        .expect("the missing days are named")
        .accesskit_node()
        .value()
        .unwrap_or_default();
    assert!(missing.contains(&day_text), "{missing} names {day_text}");
    assert!(missing.contains("not final"), "{missing}");
    assert!(says(&harness, "Reason:"));
    // Asking again is one press away.
    let _ = harness.state_mut().take_commands();
    harness.get_by_label("Ask the Banco Central again").click();
    settle(&mut harness);
    assert!(
        harness
            .state_mut()
            .take_commands()
            .iter()
            .any(|command| matches!(command, Command::Taxes(TaxesCommand::CentralBank(request)) if request.days.contains(&day))),
        "the missing days are asked again"
    );
}

/// Draws the harness, hands the worker what it asked, takes in its Events,
/// until `done` holds.
fn pump_drawn(
    worker: &WorkerHandle,
    harness: &mut Harness<'static, AppState>,
    what: &str,
    done: impl Fn(&AppState) -> bool,
) {
    let start = Instant::now();
    loop {
        harness.step();
        for command in harness.state_mut().take_commands() {
            assert!(worker.send(command));
        }
        if done(harness.state()) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        if let Some(event) = worker.recv_timeout(Duration::from_millis(100)) {
            harness.state_mut().apply(event);
        }
    }
    settle(harness);
}

/// The demo's transfer of 150 BRLV to an outside address, and its month's sales.
fn outflow_and_sales(state: &mut AppState, ctx: &egui::Context) -> (Entry, Decimal) {
    let (figures, _) = state.tax_figures(ctx);
    let entry = figures
        .ledger
        .entries
        .iter()
        .find(|entry| entry.kind.is_outflow() && entry.quantity == dec("150"))
        .cloned()
        .expect("the demo's 150 BRLV transfer");
    let sales = figures
        .ledger
        .month(entry.month)
        .map_or(Decimal::ZERO, |sums| sums.sales_brl());
    (entry, sales)
}

#[test]
fn answering_payment_for_a_sandbox_outflow_moves_its_months_sales_by_its_value_that_day() {
    let (_dir, worker) = on_sandbox();
    let mut state = AppState::new(Language::En);
    state.view = View::Taxes;
    pump_until(&worker, &mut state, "the demo's lists", |state| {
        state.view_loaded(View::Taxes)
    });
    let ctx = egui::Context::default();
    state.shared.wall_now = time::OffsetDateTime::now_utc();
    let (entry, _) = outflow_and_sales(&mut state, &ctx);
    state.panels.taxes.year = Some(entry.month.year);
    let id = {
        let (figures, _) = state.tax_figures(&ctx);
        figures.sources.record_id(entry.record).unwrap()
    };
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Tokens sent outside the service");
    let question = "Was this a payment (a disposal) or a move to your own wallet?";
    assert!(harness.query_all_by_label(question).next().is_some());
    assert!(
        harness
            .query_all_by_label_contains("Not answered yet: counted as a payment")
            .next()
            .is_some()
    );
    let radio = |harness: &Harness<'static, AppState>, answer: &str| {
        harness
            .query_all_by_label_contains(answer)
            .find(|node| {
                node.accesskit_node()
                    .label()
                    .is_some_and(|label| label.contains("150") && label.contains("BRLV"))
            })
            .map(|node| node.accesskit_node().label().unwrap_or_default())
            .expect("the outflow's answer, named with the outflow")
    };

    // What the figures ask of the service and the Banco Central arrives
    // first, so that only the answer moves them.
    pump_drawn(&worker, &mut harness, "the prices and the PTAX", |state| {
        !state.panels.taxes.prices_pending
            && state.panels.taxes.central_bank.pending.is_none()
            && !state.panels.taxes.inputs.dollar_rates.is_empty()
    });
    // Every answer is offered for it, each named with the outflow.
    radio(&harness, "To my own wallet elsewhere: ");
    // A gift: out at its cost, no disposal: out of the month's sales.
    let ctx = harness.ctx.clone();
    let (_, unanswered_sales) = outflow_and_sales(harness.state_mut(), &ctx);
    let gift = radio(&harness, "A gift: ");
    // As a screen reader presses it (the row may be below the fold).
    harness.get_by_label(&gift).click_accesskit();
    pump_drawn(&worker, &mut harness, "the gift answer kept", |state| {
        state.panels.taxes.inputs.typed.outflow_answer(&id) == Some(OutflowAnswer::Gift)
    });
    let (given, gift_sales) = outflow_and_sales(harness.state_mut(), &ctx);
    assert_eq!(given.kind, EntryKind::Gift);
    assert_eq!(gift_sales, unanswered_sales - dec("150.00"));

    // A payment, answered by keyboard: a disposal at its value that day
    // (BRLV at R$1.00), back in the month's sales.
    let payment = radio(&harness, "A payment or sale: ");
    let node = harness.get_by_label(&payment);
    node.focus();
    harness.run_steps(1);
    harness.key_press(egui::Key::Space);
    pump_drawn(&worker, &mut harness, "the payment answer kept", |state| {
        state.panels.taxes.inputs.typed.outflow_answer(&id) == Some(OutflowAnswer::Payment)
    });
    let (paid, paid_sales) = outflow_and_sales(harness.state_mut(), &ctx);
    assert_eq!(paid.kind, EntryKind::Payment);
    assert_eq!(paid.source, ValueSource::BrlvAtPar);
    assert_eq!(paid.value_brl, dec("150.00"));
    assert_eq!(paid_sales, gift_sales + paid.value_brl);
    assert!(
        !paid.flags.contains(Flags::OUTFLOW),
        "answered: {:?}",
        paid.flags
    );
    // The panel shows the answer as chosen.
    let chosen = harness.get_by_label(&payment);
    assert_eq!(
        chosen.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
}
