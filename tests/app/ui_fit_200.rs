//! At 200 % in a window of 1280 × 800 pixels (640 × 400 points) nothing
//! lies beyond the window's right edge: the Overview fits its width, the
//! Transferências list folds its columns, a payouts file's rows fold into
//! blocks and an order's notes wrap; in the default window (1180 × 760
//! pixels, 590 × 380 points) the extrato's stage badge is whole.

use egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};

use brlv_desk::app::i18n::Language;
use brlv_desk::app::state::{AppState, View};

use crate::ui_hide_amounts::demo_state;

/// A 1280 × 800 window at 200 %, in points.
const WINDOW: Vec2 = Vec2::new(640.0, 400.0);

/// The window's right edge, with half a point for rounding.
const RIGHT_EDGE: f32 = 640.5;

fn at_200(state: AppState) -> Harness<'static, AppState> {
    crate::support::ui::harness_at_200(state, WINDOW)
}

/// Every node drawn past the window's right edge, with its text.
fn beyond_the_right_edge(harness: &Harness<'static, AppState>) -> Vec<String> {
    harness
        .query_all_by(|node| node.bounding_box().is_some())
        .filter_map(|node| {
            let rect = node.rect();
            let node = node.accesskit_node();
            let text = node.value().or_else(|| node.label()).unwrap_or_default();
            (rect.right() > RIGHT_EDGE && rect.width() > 0.0)
                .then(|| format!("{:?} {text:?} {rect:?}", node.role()))
        })
        .collect()
}

fn shown_at_200(language: Language, view: View) -> Harness<'static, AppState> {
    let mut state = demo_state(language);
    state.view = view;
    at_200(state)
}

/// The nodes past the right edge, but a table's row, whose rect spans its
/// table's scrolled width while each of its cells is in view.
fn cut_off(harness: &Harness<'static, AppState>) -> Vec<String> {
    beyond_the_right_edge(harness)
        .into_iter()
        .filter(|node| !node.starts_with("Row "))
        .collect()
}

#[test]
fn the_overview_fits_its_width_at_200_percent() {
    for language in [Language::PtBr, Language::En] {
        let harness = shown_at_200(language, View::Overview);
        // The things in motion, folded to two lines each, are in view.
        let in_motion = match language {
            Language::PtBr => "Transferência",
            Language::En => "Transfer",
        };
        assert!(
            harness.query_all_by_label(in_motion).next().is_some(),
            "{language:?}"
        );
        assert_eq!(
            beyond_the_right_edge(&harness),
            Vec::<String>::new(),
            "{language:?}"
        );
    }
}

#[test]
fn the_transfers_list_folds_its_columns_at_200_percent() {
    for (language, when_state, to_from, hash) in [
        (
            Language::PtBr,
            "Criado em · Situação",
            "Para · De",
            "Hash da transação",
        ),
        (
            Language::En,
            "Created · State",
            "To · From",
            "Transaction hash",
        ),
    ] {
        let harness = shown_at_200(language, View::Transfers);
        harness.get_by_label(when_state);
        harness.get_by_label(to_from);
        assert!(
            harness
                .query_by_role_and_label(egui::accesskit::Role::Button, hash)
                .is_none(),
            "{language:?}: the hash is in the transfer's fields, not a column"
        );
        assert_eq!(cut_off(&harness), Vec::<String>::new(), "{language:?}");
    }
}

#[test]
fn an_orders_title_and_notes_fit_the_window_at_200_percent() {
    for (language, note) in [
        (Language::PtBr, "Nenhuma cotação desta ordem"),
        (Language::En, "No quote was reviewed"),
    ] {
        let mut state = demo_state(language);
        state.view = View::Orders;
        let awaiting = state
            .shared
            .data
            .orders
            .value()
            .and_then(|orders| {
                orders.iter().find(|order| {
                    order.brcode.is_some()
                        && order.state == Some(brlv_core::api::model::OrderState::Created)
                })
            })
            .map(|order| order.id);
        state.panels.orders.selected = awaiting;
        let harness = at_200(state);
        harness.get_by_label_contains(note);
        assert_eq!(cut_off(&harness), Vec::<String>::new(), "{language:?}");
    }
}

#[test]
fn a_payouts_files_rows_fold_into_blocks_at_200_percent() {
    use brlv_desk::app::features::withdrawals::batch::BatchEvent;
    use brlv_desk::app::message::Event;
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/payouts/checked.csv"
    ))
    .unwrap();
    for (language, row) in [(Language::PtBr, "Linha 3"), (Language::En, "Row 3")] {
        let mut state = crate::support::ui::connected_state(language);
        state.view = View::Withdrawals;
        state.apply(Event::Batch(BatchEvent::Checked(Ok(
            crate::ui_batch::checked(&text),
        ))));
        let harness = at_200(state);
        // Each row a block that names it, the bank account wrapping inside
        // the window.
        harness.get_by_label(row);
        harness.get_by_label_contains("Ana Souza");
        assert_eq!(cut_off(&harness), Vec::<String>::new(), "{language:?}");
    }
}

/// The folded extrato's amounts column, in points (as the view lays it out).
const FOLDED_AMOUNT_WIDTH: f32 = 132.0;

#[test]
fn the_extratos_stage_badge_is_whole_at_200_percent() {
    use egui::accesskit::Role;
    use egui_kittest::kittest::By;
    for (language, stage, kinds) in [
        (
            Language::PtBr,
            "enviado ao serviço",
            ["Transferência, ", "Saque, "],
        ),
        (
            Language::En,
            "sent to the service",
            ["Transfer, ", "Withdrawal, "],
        ),
    ] {
        // The default window (1180 x 760 pixels) at 200 %: narrower than
        // the 640-point one above, where the badge fitted beside the kind.
        let mut state = demo_state(language);
        state.view = View::Activity;
        let harness = crate::support::ui::harness_at_200(state, Vec2::new(590.0, 380.0));
        let lines: Vec<egui::Rect> = harness
            .query_all(By::new().role(Role::Button))
            .filter(|node| {
                let label = node.accesskit_node().label().unwrap_or_default();
                kinds.iter().any(|kind| label.starts_with(kind))
            })
            .map(|node| node.rect())
            .collect();
        let badges: Vec<egui::Rect> = harness
            .query_all(By::new().role(Role::Label))
            .filter(|node| node.accesskit_node().value().as_deref() == Some(stage))
            .map(|node| node.rect())
            .collect();
        assert!(!badges.is_empty(), "{language:?}: no stage badge in view");
        for badge in badges {
            let Some(line) = lines.iter().find(|line| line.contains(badge.center())) else {
                continue;
            };
            // Whole inside what moved, never under the amounts' column.
            let amounts_left = line.right() - FOLDED_AMOUNT_WIDTH;
            assert!(
                badge.right() <= amounts_left,
                "{language:?}: the badge at {badge:?} runs under the amounts from {amounts_left}"
            );
        }
    }
}
