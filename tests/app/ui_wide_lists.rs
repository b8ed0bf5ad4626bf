//! At 200 % in the default window (1180 × 760 pixels, so 590 × 380
//! points) the lists fit the width: the Orders list and the extrato fold
//! their columns instead of scrolling sideways, their amounts stay inside
//! the window, and the top bar's connection state never lies under its
//! controls. The extrato reads meaning first: when, what, how much, then
//! the state and the reference.

use egui::accesskit::Role;
use egui::{Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};

use brlv_desk::app::i18n::Language;
use brlv_desk::app::shell::shell_ui;
use brlv_desk::app::shell::top_bar::connection_text;
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::settle;
use crate::ui_activity::extrato_state;
use crate::ui_hide_amounts::demo_state;

/// The default window at 200 %, in points.
const AT_200: Vec2 = Vec2::new(590.0, 380.0);

/// The whole shell in the default window at 200 %.
fn harness_at_200(state: AppState) -> Harness<'static, AppState> {
    crate::support::ui::harness_at_200(state, AT_200)
}

/// The rects of the nodes of `role` whose label `matches`.
fn rects_of(
    harness: &Harness<'static, AppState>,
    role: Role,
    matches: impl Fn(&str) -> bool,
) -> Vec<(String, Rect)> {
    harness
        .query_all(By::new().role(role))
        .filter_map(|node| {
            let rect = node.rect();
            // AccessKit keeps a label's text in its value.
            let node = node.accesskit_node();
            let label = if role == Role::Label {
                node.value()
            } else {
                node.label()
            }
            .unwrap_or_default();
            matches(&label).then_some((label, rect))
        })
        .collect()
}

/// Whether `rect` lies inside the window's width at 200 %.
fn within_width(rect: Rect) -> bool {
    within(AT_200, rect)
}

/// Whether a label reads as an amount of money (a screen reader's
/// "250.00 reais", or a ticker after the digits).
fn is_amount(label: &str) -> bool {
    label.chars().any(|character| character.is_ascii_digit())
        && ["reais", "R$", "BRLV", "USDC", "USDT", "WBRLY", "BRL"]
            .iter()
            .any(|unit| label.contains(unit))
}

#[test]
fn the_orders_amounts_and_states_fit_the_window_at_200_percent() {
    for language in [Language::PtBr, Language::En] {
        let mut state = demo_state(language);
        state.view = View::Orders;
        let harness = harness_at_200(state);
        let rows = rects_of(&harness, Role::Row, |_| true);
        assert!(rows.len() >= 2, "{language:?}: rows laid out: {rows:?}");
        for (label, rect) in &rows {
            assert!(
                within_width(*rect),
                "{language:?}: the row {label} at {rect:?}"
            );
        }
        let amounts = rects_of(&harness, Role::Label, is_amount);
        // What is paid and what is received, in every row in view.
        assert!(
            amounts.len() >= 2 * rows.len(),
            "{language:?}: {amounts:?} for {} rows",
            rows.len()
        );
        for (label, rect) in &amounts {
            assert!(within_width(*rect), "{language:?}: {label} at {rect:?}");
        }
        // The state of each row in view is there too, inside the window.
        let state_word = match language {
            Language::PtBr => "concluída",
            Language::En => "completed",
        };
        let states = rects_of(&harness, Role::Label, |label| label == state_word);
        for (label, rect) in &states {
            assert!(within_width(*rect), "{language:?}: {label} at {rect:?}");
        }
    }
}

#[test]
fn the_extrato_lines_and_their_amounts_fit_the_window_at_200_percent() {
    for language in [Language::PtBr, Language::En] {
        let mut state = demo_state(language);
        state.view = View::Activity;
        let harness = harness_at_200(state);
        // Each movement's line is a button that reads as one sentence.
        let kinds: &[&str] = match language {
            Language::PtBr => &[
                "Ordem, ",
                "Transferência, ",
                "Saque, ",
                "Depósito, ",
                "Resgate, ",
            ],
            Language::En => &[
                "Order, ",
                "Transfer, ",
                "Withdrawal, ",
                "Deposit, ",
                "Claim, ",
            ],
        };
        let movement = |label: &str| kinds.iter().any(|kind| label.starts_with(kind));
        let lines = rects_of(&harness, Role::Button, movement);
        assert!(lines.len() >= 2, "{language:?}: lines in view: {lines:?}");
        for (label, rect) in &lines {
            assert!(
                within_width(*rect),
                "{language:?}: the line {label} at {rect:?}"
            );
        }
        let amounts = rects_of(&harness, Role::Label, is_amount);
        // The last line may be cut by the list's bottom edge, its amounts
        // not drawn.
        assert!(
            amounts.len() + 1 >= lines.len(),
            "{language:?}: {amounts:?} for {} lines",
            lines.len()
        );
        for (label, rect) in &amounts {
            assert!(within_width(*rect), "{language:?}: {label} at {rect:?}");
        }
        // The folded header: when, what, how much.
        let header = |title: &str| harness.get_by_label(title).rect().left();
        let (when, what, how_much) = match language {
            Language::PtBr => ("Hora", "Movimentação", "Valor"),
            Language::En => ("Time", "What", "Amount"),
        };
        assert!(header(when) < header(what) && header(what) < header(how_much));
        assert!(within_width(harness.get_by_label(how_much).rect()));
    }
}

#[test]
fn the_top_bars_state_never_lies_under_its_controls() {
    for language in [Language::PtBr, Language::En] {
        for (size, pixels_per_point) in [(AT_200, 2.0), (Vec2::new(1180.0, 760.0), 1.0)] {
            let mut state = demo_state(language);
            state.view = View::Orders;
            let mut harness = Harness::builder()
                .with_size(size)
                .with_pixels_per_point(pixels_per_point)
                .with_max_steps(12)
                .build_ui_state(|ui, state: &mut AppState| shell_ui(ui, state), state);
            settle(&mut harness);
            let (status, _) = connection_text(harness.state());
            let status = harness.get_by_label(&status).rect();
            let refresh = match language {
                Language::PtBr => "Atualizar",
                Language::En => "Refresh",
            };
            let hide = match language {
                Language::PtBr => "Ocultar valores",
                Language::En => "Hide amounts",
            };
            let controls = [
                harness.get_by_role_and_label(Role::Button, refresh).rect(),
                harness.get_by_role_and_label(Role::CheckBox, hide).rect(),
            ];
            for control in controls {
                assert!(
                    !control.intersects(status),
                    "{language:?} at {pixels_per_point}: the state at {status:?}, a control at {control:?}"
                );
                assert!(within(size, control), "{control:?} inside {size:?}");
            }
            assert!(within(size, status), "{status:?} inside {size:?}");
        }
    }
}

/// Whether `rect` lies inside a window `size` wide (a hair of rounding spared).
fn within(size: Vec2, rect: Rect) -> bool {
    let window = Rect::from_min_size(egui::Pos2::ZERO, size)
        .expand(0.5)
        .x_range();
    window.contains(rect.left()) && window.contains(rect.right())
}

#[test]
fn the_extrato_reads_when_what_how_much_then_state_and_reference() {
    for (language, titles) in [
        (
            Language::PtBr,
            [
                "Hora",
                "Movimentação",
                "Entradas",
                "Saídas",
                "Situação",
                "Detalhes",
            ],
        ),
        (
            Language::En,
            ["Time", "What", "In", "Out", "State", "Details"],
        ),
    ] {
        let mut harness = crate::support::ui::harness(extrato_state(language));
        settle(&mut harness);
        let lefts: Vec<f32> = titles
            .iter()
            .map(|title| harness.get_by_label(title).rect().left())
            .collect();
        assert!(
            lefts.windows(2).all(|pair| pair[0] < pair[1]),
            "{language:?}: {titles:?} at {lefts:?}"
        );
    }
    // A line says it in the same order: what and when, with whom, how
    // much, its state last.
    let mut harness = crate::support::ui::harness(extrato_state(Language::En));
    settle(&mut harness);
    harness.get_by_role_and_label(
        Role::Button,
        "Transfer, 9 Mar 2026 09:00, To 0x333333...333333, Out 12.50 BRLV, paid",
    );
}

#[test]
fn each_review_a_screenshot_asks_for_opens_on_the_demo_account_with_nothing_sent() {
    use brlv_desk::app::message::Command;
    use brlv_desk::app::screenshot::{ReviewShot, review_shot};
    use std::time::{Duration, Instant};

    let (_dir, worker) = crate::support::worker::on_sandbox();
    let mut state = AppState::new(Language::En);
    let shots = [
        ReviewShot::Order,
        ReviewShot::Transfer,
        ReviewShot::Withdrawal,
        ReviewShot::Claim,
    ];
    for shot in shots {
        state.view = shot.view();
        let start = Instant::now();
        while !shot.is_open(&state) {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "{shot:?} never opened"
            );
            shot.stage(&mut state).unwrap();
            for command in state.take_commands() {
                assert!(
                    !matches!(command, Command::Submit { .. }),
                    "{shot:?} sent {command:?}"
                );
                assert!(worker.send(command));
            }
            if let Some(event) = worker.recv_timeout(Duration::from_millis(200)) {
                state.apply(event);
            }
        }
    }
    // Payouts from a file need the file: without one the run says so.
    assert!(
        ReviewShot::Batch
            .stage(&mut state)
            .unwrap_err()
            .contains("--payouts-file")
    );
    assert_eq!(
        review_shot("review:withdrawal"),
        Some(ReviewShot::Withdrawal)
    );
    assert_eq!(review_shot("review:nothing"), None);
    // Each is drawn as the review, in its own view.
    let mut harness = crate::support::ui::harness(state);
    for shot in shots {
        harness.state_mut().view = shot.view();
        settle(&mut harness);
        harness.get_by_label("Check the details");
        assert!(
            !crate::support::ui::submit_pending(harness.state()),
            "{shot:?}: nothing leaves on review"
        );
    }
}

#[test]
fn the_extratos_in_and_out_per_asset_stays_inside_the_window_at_200_percent() {
    for language in [Language::PtBr, Language::En] {
        let mut state = demo_state(language);
        state.view = View::Activity;
        let mut harness = harness_at_200(state);
        let (filters, in_and_out) = match language {
            Language::PtBr => (
                "Filtros e resultado do período",
                "Entradas e saídas por ativo",
            ),
            Language::En => ("Filters and the period's result", "In and out per asset"),
        };
        harness.get_by_label_contains(filters).click();
        settle(&mut harness);
        harness.get_by_label(in_and_out).click();
        settle(&mut harness);
        let (came_in, went_out) = match language {
            Language::PtBr => ("Entradas", "Saídas"),
            Language::En => ("In", "Out"),
        };
        // Each asset's figures one under the other: the names are there once
        // per asset, inside the window.
        let names = rects_of(&harness, Role::Label, |label| {
            label == came_in || label == went_out
        });
        assert!(names.len() >= 4, "{language:?}: {names:?}");
        let amounts = rects_of(&harness, Role::Label, is_amount);
        assert!(!amounts.is_empty(), "{language:?}: no amount in view");
        for (label, rect) in names.iter().chain(&amounts) {
            assert!(within_width(*rect), "{language:?}: {label} at {rect:?}");
        }
    }
}
