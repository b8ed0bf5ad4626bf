//! Everyone can use it: every view reached by its shortcut, a Pix withdrawal
//! completed with the keyboard alone, Esc closing a confirmation and a
//! detail, the interface scaled with Ctrl+Plus, notices announced, and every
//! text colour of both themes measured against the fill it is drawn on.

use egui::{Key, Modifiers, Theme};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};

use brlv_core::api::model::{Asset, CreateWithdrawal, WithdrawalMethod};
use brlv_desk::app::i18n::{self, Language};
use brlv_desk::app::message::{Notice, NoticeKind};
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::SubmitRequest;
use brlv_desk::app::ui::theme::{contrast_pairs, contrast_tenths, install, visuals};
use brlv_desk::app::view::IntoEnumIterator;

use crate::support::ui::{Sent, connected_without_payments, dec, harness, sent, settle};

/// Ctrl+1…9 in the navigation's order, then Ctrl+T for Taxes and
/// Ctrl+Comma for Settings.
const DIGITS: [Key; 11] = [
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
    Key::T,
    Key::Comma,
];

fn press(harness: &mut Harness<'static, AppState>, modifiers: Modifiers, key: Key) {
    harness.key_press_modifiers(modifiers, key);
    settle(harness);
}

/// The name of the control that has the keyboard focus.
fn focused(harness: &Harness<'static, AppState>) -> Option<String> {
    harness
        .query(By::new().predicate(|node| node.is_focused()))
        .map(|node| node.accesskit_node().label().unwrap_or_default())
}

/// Presses Tab until the control named `name` has the focus.
fn tab_to(harness: &mut Harness<'static, AppState>, name: &str) {
    for _ in 0..40 {
        if focused(harness).as_deref() == Some(name) {
            return;
        }
        press(harness, Modifiers::NONE, Key::Tab);
    }
    panic!(
        "Tab never reached {name:?}; the focus is on {:?}",
        focused(harness)
    );
}

fn type_text(harness: &mut Harness<'static, AppState>, text: &str) {
    harness.event(egui::Event::Text(text.to_owned()));
    settle(harness);
}

#[test]
fn every_view_is_reached_by_its_shortcut_ctrl_1_to_9_t_and_comma_listed_in_settings() {
    let mut harness = harness(connected_without_payments(Language::En));
    settle(&mut harness);
    let views: Vec<View> = View::iter().collect();
    assert_eq!(views.len(), DIGITS.len(), "one digit per view");
    // Backwards, so that no view is already the current one when its key is pressed.
    for (view, key) in views.iter().zip(DIGITS).rev() {
        press(&mut harness, Modifiers::COMMAND, key);
        assert_eq!(harness.state().view, *view, "Ctrl+{key:?}");
    }
    // Settings lists them.
    press(&mut harness, Modifiers::COMMAND, Key::Comma);
    assert_eq!(harness.state().view, View::Settings);
    harness.get_by_label("Keyboard shortcuts");
    harness.get_by_label("Ctrl+5");
    harness.get_by_label("Open Withdrawals");
    harness.get_by_label("Ctrl+T");
    harness.get_by_label("Open Taxes");
    harness.get_by_label("Search the list");
}

#[test]
fn a_form_opened_by_its_shortcut_starts_at_its_amount() {
    let mut harness = harness(connected_without_payments(Language::En));
    settle(&mut harness);
    for (key, amount) in [
        (Key::Num5, "Amount to withdraw"),
        (Key::Num4, "Amount to send"),
        (Key::Num6, "Amount to claim"),
    ] {
        press(&mut harness, Modifiers::COMMAND, key);
        assert_eq!(focused(&harness).as_deref(), Some(amount), "Ctrl+{key:?}");
    }
    // A view with no amount takes nothing, and the ask does not wait for
    // the next form opened another way.
    press(&mut harness, Modifiers::COMMAND, Key::Num7);
    assert_eq!(harness.state().view, View::Deposits);
    harness.state_mut().view = View::Withdrawals;
    settle(&mut harness);
    assert_ne!(focused(&harness).as_deref(), Some("Amount to withdraw"));
}

#[test]
fn a_pix_withdrawal_is_completed_with_the_keyboard_alone() {
    let mut harness = harness(connected_without_payments(Language::En));
    settle(&mut harness);
    press(&mut harness, Modifiers::COMMAND, Key::Num5);
    assert_eq!(harness.state().view, View::Withdrawals);

    tab_to(&mut harness, "Amount to withdraw");
    type_text(&mut harness, "320.50");
    tab_to(&mut harness, "Pix key");
    type_text(&mut harness, "529.982.247-25");
    // Enter in the form's field reviews it, as the button would.
    press(&mut harness, Modifiers::NONE, Key::Enter);
    assert!(
        harness.state().panels.withdrawals.confirming.is_some(),
        "Enter opened the confirmation"
    );
    harness.get_by_label("Pix key (CPF): 529.982.247-25");
    assert!(
        sent(harness.state_mut()).is_empty(),
        "not before confirming"
    );

    // Esc goes back to the form with what was typed; Enter reviews again.
    press(&mut harness, Modifiers::NONE, Key::Escape);
    assert!(harness.state().panels.withdrawals.confirming.is_none());
    assert_eq!(harness.state().panels.withdrawals.draft.amount, "320.50");
    tab_to(&mut harness, "Review withdrawal");
    press(&mut harness, Modifiers::NONE, Key::Enter);
    assert!(harness.state().panels.withdrawals.confirming.is_some());

    tab_to(&mut harness, "Confirm");
    press(&mut harness, Modifiers::NONE, Key::Enter);
    // A plain key: the word shown is typed in the field that has the focus.
    assert_eq!(focused(&harness).as_deref(), Some("Type SEND to confirm"));
    harness.event(egui::Event::Text("SEND".to_owned()));
    settle(&mut harness);
    press(&mut harness, Modifiers::NONE, Key::Enter);
    assert_eq!(
        sent(harness.state_mut()),
        vec![Sent::Submit(SubmitRequest::Withdrawal(CreateWithdrawal {
            asset: Asset::FiatBrl,
            method: WithdrawalMethod::Pix,
            amount: dec("320.50"),
            pix_key: Some("52998224725".into()),
            ted_account: None,
            target_address: None,
        }))]
    );
}

#[test]
fn esc_closes_an_open_order_and_a_pending_deletion() {
    let mut state = connected_without_payments(Language::En);
    state.view = View::Orders;
    let id = uuid::Uuid::from_u128(7);
    state.select_order(Some(id));
    let mut harness = harness(state);
    settle(&mut harness);
    press(&mut harness, Modifiers::NONE, Key::Escape);
    assert_eq!(harness.state().panels.orders.selected, None);

    harness.state_mut().view = View::Settings;
    harness.state_mut().panels.settings.confirm_delete = Some("Empresa".to_owned());
    settle(&mut harness);
    press(&mut harness, Modifiers::NONE, Key::Escape);
    assert_eq!(harness.state().panels.settings.confirm_delete, None);
}

#[test]
fn ctrl_plus_minus_and_zero_scale_the_whole_interface() {
    let mut harness = harness(connected_without_payments(Language::En));
    settle(&mut harness);
    let zoom = |harness: &Harness<'static, AppState>| harness.ctx.zoom_factor();
    assert_eq!(zoom(&harness), 1.0);
    press(&mut harness, Modifiers::COMMAND, Key::Plus);
    let larger = zoom(&harness);
    assert!(larger > 1.0, "Ctrl+Plus: {larger}");
    press(&mut harness, Modifiers::COMMAND, Key::Minus);
    press(&mut harness, Modifiers::COMMAND, Key::Minus);
    assert!(zoom(&harness) < 1.0, "Ctrl+Minus");
    press(&mut harness, Modifiers::COMMAND, Key::Num0);
    assert_eq!(zoom(&harness), 1.0, "Ctrl+0");
}

#[test]
fn a_notice_that_appears_without_a_click_is_announced() {
    let mut state = connected_without_payments(Language::En);
    state.notices.push(Notice {
        kind: NoticeKind::SandboxFailed,
        detail: Default::default(),
    });
    let mut harness = harness(state);
    settle(&mut harness);
    let heading = i18n::tr(Language::En, "notice.sandbox_failed");
    let node = harness.get_by_label(heading.as_ref());
    assert_eq!(
        node.accesskit_node().live(),
        egui::accesskit::Live::Assertive,
        "an error is announced at once"
    );
}

#[test]
fn every_text_colour_of_both_themes_reaches_its_contrast_minimum() {
    let mut failures = Vec::new();
    for theme in [Theme::Dark, Theme::Light] {
        let pairs = contrast_pairs(theme);
        assert!(pairs.len() > 40, "{theme:?}: {} pairs", pairs.len());
        for pair in pairs {
            let tenths = contrast_tenths(pair.foreground, pair.background);
            if tenths < pair.minimum.tenths() {
                failures.push(format!(
                    "{theme:?}: {} is {}.{}:1, under {}.{}:1 ({:?} on {:?})",
                    pair.what,
                    tenths / 10,
                    tenths % 10,
                    pair.minimum.tenths() / 10,
                    pair.minimum.tenths() % 10,
                    pair.foreground,
                    pair.background,
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_app_installs_the_measured_themes_and_egui_defaults_would_fail() {
    let ctx = egui::Context::default();
    install(&ctx);
    for theme in [Theme::Dark, Theme::Light] {
        assert_eq!(ctx.style_of(theme).visuals, visuals(theme), "{theme:?}");
    }
    // The measurement can fail: egui's own dark weak text is the 2.7:1.
    let dark = egui::Visuals::dark();
    assert!(contrast_tenths(dark.weak_text_color(), dark.panel_fill) < 45);
}

#[test]
fn a_control_focused_with_tab_below_the_fold_is_scrolled_into_view() {
    // A short window: the Settings' last button is below the fold.
    let mut state = connected_without_payments(Language::En);
    state.view = View::Settings;
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1280.0, 260.0])
        .with_max_steps(12)
        .build_ui_state(
            |ui, state: &mut AppState| brlv_desk::app::shell::shell_ui(ui, state),
            state,
        );
    settle(&mut harness);
    let window = harness.ctx.content_rect();
    let button = "Try the sandbox";
    assert!(
        !window.contains_rect(harness.get_by_label(button).rect()),
        "below the fold at first"
    );
    tab_to(&mut harness, button);
    settle(&mut harness);
    let rect = harness.get_by_label(button).rect();
    assert!(
        window.contains_rect(rect),
        "the focused button {rect:?} is in the window {window:?}"
    );
}

#[test]
fn ctrl_f_puts_the_keyboard_in_the_lists_search_box() {
    let mut state = connected_without_payments(Language::En);
    state.view = View::Orders;
    let orders: Vec<brlv_core::api::model::Order> = ["completed", "expired"]
        .iter()
        .enumerate()
        .map(|(index, order_state)| {
            serde_json::from_value(serde_json::json!({
                "id": uuid::Uuid::from_u128(index as u128 + 1).to_string(),
                "state": order_state,
                "created-at": "2026-03-10T11:55:05Z",
                "source-asset": "fiat/brl",
                "target-asset": "eth-base/brlv",
                "source-amount": "500.00",
                "target-amount": "497.500000000000000000",
            }))
            .unwrap()
        })
        .collect();
    crate::support::ui::deliver(
        &mut state,
        brlv_desk::app::resources::Fetched::Orders(orders.into()),
        9_000,
    );
    let mut harness = harness(state);
    settle(&mut harness);
    let search_name = "Search".to_owned();
    harness.get_by_label(&search_name);
    assert_ne!(focused(&harness).as_deref(), Some(search_name.as_str()));

    press(&mut harness, Modifiers::COMMAND, Key::F);
    assert_eq!(focused(&harness), Some(search_name));
    type_text(&mut harness, "expired");
    // The search runs off the UI thread; its answer arrives within frames.
    for _ in 0..50 {
        if harness.query_by_label("1 of 2").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        harness.step();
    }
    assert!(
        harness.query_by_label("1 of 2").is_some(),
        "the list is searched as the person types"
    );
}
