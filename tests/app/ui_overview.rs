//! The overview and the shell, headless: balances at their scales, the tax
//! gauge's figures, things in motion with a countdown, the offline
//! indicator, the refresh shortcut, and the same screen in both languages.

use egui_kittest::kittest::Queryable;

use brlv_core::api::model::TaxExemptionProgress;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::resources::{Fetched, ResourceKey};
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::tax_year::gauge::{GaugeLevel, TaxGauge};

use crate::support::ui::{SESSION, connected_state, dec, deliver, harness, settle};

fn progress(claims: &str, other: &str) -> TaxExemptionProgress {
    serde_json::from_value(serde_json::json!({
        "claims-amount": claims,
        "other-disposals-amount": other,
        "limit": "35000.00",
    }))
    .unwrap()
}

/// An account with balances, 82 % of the exemption used, an order awaiting
/// payment that expires in 2 min 05 s, a pending transfer and a pending withdrawal.
fn loaded_state(language: Language) -> AppState {
    let mut state = connected_state(language);
    state.shared.now = 10_000;
    state.shared.wall_now = time::macros::datetime!(2026-03-10 12:00:00 UTC);
    deliver(&mut state, Fetched::BalanceBrl(dec("1234.5")), 9_000);
    deliver(&mut state, Fetched::BalanceUsdc(dec("10.5")), 9_000);
    deliver(
        &mut state,
        Fetched::BalanceBrlv(dec("0.000000000000000001")),
        9_000,
    );
    deliver(
        &mut state,
        Fetched::TaxExemption(progress("20000.00", "8700.00")),
        9_000,
    );
    let order = serde_json::from_value(serde_json::json!({
        "id": "5b0d1a9e-7c1c-4a8e-9a53-0c3b8d6f1e21",
        "state": "created",
        "source-asset": "fiat/brl",
        "target-asset": "eth-base/brlv",
        "source-amount": "500.00",
        "target-amount": "500.000000000000000000",
        "expiration": "2026-03-10T12:02:05Z",
    }))
    .unwrap();
    deliver(&mut state, Fetched::Orders(vec![order].into()), 9_000);
    let transfer = serde_json::from_value(serde_json::json!({
        "id": "7a1e0c52-0000-4000-8000-000000000001",
        "state": "pending",
        "asset": "eth-base/brlv",
        "amount": "12.5",
        "source-address": "0x1111111111111111111111111111111111111111",
        "target-address": "0x2222222222222222222222222222222222222222",
    }))
    .unwrap();
    deliver(&mut state, Fetched::Transfers(vec![transfer].into()), 9_000);
    let withdrawal = serde_json::from_value(serde_json::json!({
        "id": "9c2f0c52-0000-4000-8000-000000000002",
        "state": "pending-payment",
        "asset": "fiat/brl",
        "method": "pix",
        "amount": "250.00",
    }))
    .unwrap();
    deliver(
        &mut state,
        Fetched::Withdrawals(vec![withdrawal].into()),
        9_000,
    );
    state
}

#[test]
fn balances_are_shown_at_two_places_with_thousands_grouped() {
    let mut harness = harness(loaded_state(Language::En));
    settle(&mut harness);
    // Read as a person says them: value and currency, two places each; a
    // dust of BRLV reads as nothing rather than as eighteen places.
    harness.get_by_label("1,234.50 reais");
    harness.get_by_label("10.50 USDC");
    harness.get_by_label("0.00 BRLV");
    harness.get_by_label("Online · up to date");
}

#[test]
fn the_gauge_shows_its_figures_and_warns_past_80_percent() {
    let mut harness = harness(loaded_state(Language::En));
    settle(&mut harness);
    harness.get_by_label("R$28,700.00 used of R$35,000.00 (82 %)");
    harness.get_by_label("Remaining this month: R$6,300.00");
    harness.get_by_label("Claims R$20,000.00 · other disposals R$8,700.00");
    harness.get_by_label("More than 80 % of the exemption is used.");
}

#[test]
fn the_gauge_levels_follow_the_exact_figures() {
    let comfortable = TaxGauge::from_progress(&progress("20000.00", "8000.00"));
    assert_eq!(
        comfortable.level,
        GaugeLevel::Comfortable,
        "exactly 80 % is not past it"
    );
    let close = TaxGauge::from_progress(&progress("20000.00", "8000.01"));
    assert_eq!(close.level, GaugeLevel::Close);
    let at_limit = TaxGauge::from_progress(&progress("35000.00", "0"));
    assert_eq!(at_limit.level, GaugeLevel::AtLimit);
    assert_eq!(at_limit.remaining, dec("0"));
    let over = TaxGauge::from_progress(&progress("35000.00", "10.00"));
    assert_eq!(over.bar_fraction(), 1.0);
    assert_eq!(over.remaining, dec("0"), "remaining never goes below zero");
}

#[test]
fn things_in_motion_show_a_live_countdown() {
    let mut harness = harness(loaded_state(Language::En));
    settle(&mut harness);
    // What, how much, then the id last.
    harness.get_by_label("Order");
    harness.get_by_label("5b0d1a9e");
    harness.get_by_label("expires in 2 min 05 s");
    harness.get_by_label("R$500.00 to 500.00 BRLV");
    harness.get_by_label("7a1e0c52");
    harness.get_by_label("pending");
    harness.get_by_label("9c2f0c52");
    harness.get_by_label("pending payment");

    harness.state_mut().shared.wall_now = time::macros::datetime!(2026-03-10 12:01:00 UTC);
    settle(&mut harness);
    harness.get_by_label("expires in 1 min 05 s");
    harness.state_mut().shared.wall_now = time::macros::datetime!(2026-03-10 12:03:00 UTC);
    settle(&mut harness);
    harness.get_by_label("payment window closed");
}

#[test]
fn the_top_bar_says_offline_and_when_it_retries_keeping_the_balances() {
    let mut state = loaded_state(Language::En);
    state.apply(Event::FetchFinished {
        session: SESSION,
        resource: ResourceKey::BalanceBrl,
        result: Err(brlv_core::api::Error::Network {
            message: "connection refused".to_owned(),
            maybe_delivered: false,
        }),
        at: 10_000,
        next_at: 18_000,
    });
    let mut harness = harness(state);
    settle(&mut harness);
    // The top bar says when the balance it keeps was last true.
    harness.get_by_label_contains("Offline · balance as of ");
    harness.get_by_label_contains(" · retrying in 8 s");
    harness.get_by_label("1,234.50 reais");
    // Kept, and said to be as of when it last arrived, not today's.
    harness.get_by_label_contains("Balances as of ");

    harness.state_mut().shared.now = 15_500;
    settle(&mut harness);
    harness.get_by_label_contains(" · retrying in 3 s");
}

#[test]
fn the_same_screen_in_both_languages() {
    let mut english = harness(loaded_state(Language::En));
    settle(&mut english);
    let mut portuguese = harness(loaded_state(Language::PtBr));
    settle(&mut portuguese);
    for (en, pt) in [
        ("Overview", "Visão geral"),
        ("Balances", "Saldos"),
        ("1,234.50 reais", "1.234,50 reais"),
        ("10.50 USDC", "10,50 USDC"),
        (
            "R$28,700.00 used of R$35,000.00 (82 %)",
            "R$ 28.700,00 usados de R$ 35.000,00 (82 %)",
        ),
        (
            "Remaining this month: R$6,300.00",
            "Restante neste mês: R$ 6.300,00",
        ),
        ("expires in 2 min 05 s", "expira em 2 min 05 s"),
        ("Online · up to date", "Online · atualizado"),
        ("Refresh", "Atualizar"),
        ("Settings", "Configurações"),
    ] {
        assert!(
            english.query_all_by_label(en).next().is_some(),
            "{en} missing"
        );
        assert!(
            portuguese.query_all_by_label(pt).next().is_some(),
            "{pt} missing"
        );
        assert!(
            english.query_all_by_label(pt).next().is_none(),
            "{pt} shown in English"
        );
        assert!(
            portuguese.query_all_by_label(en).next().is_none(),
            "{en} shown in Portuguese"
        );
    }
    // The service's API notice is for whoever maintains the set-up: a line
    // in Settings' Advanced section, not on every screen.
    assert!(english.query_by_label_contains("API v0").is_none());
    assert!(portuguese.query_by_label_contains("API v0").is_none());
}

#[test]
fn refresh_by_button_f5_and_ctrl_r() {
    let mut harness = harness(loaded_state(Language::En));
    settle(&mut harness);
    harness.get_by_label("Refresh").click();
    settle(&mut harness);
    assert!(matches!(
        harness.state_mut().take_commands().as_slice(),
        [Command::Refresh]
    ));
    harness.key_press(egui::Key::F5);
    settle(&mut harness);
    assert!(matches!(
        harness.state_mut().take_commands().as_slice(),
        [Command::Refresh]
    ));
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::R);
    settle(&mut harness);
    assert!(matches!(
        harness.state_mut().take_commands().as_slice(),
        [Command::Refresh]
    ));
}

#[test]
fn the_sandbox_wears_its_badge_and_other_views_say_what_comes_next() {
    let mut state = loaded_state(Language::En);
    if let Some(session) = state.shared.session.as_mut() {
        session.kind = brlv_desk::app::session::ProfileKind::Sandbox;
    }
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("SANDBOX");
    harness.get_by_label("Orders").click();
    settle(&mut harness);
    assert_eq!(harness.state().view, View::Orders);
    // Orders are no longer a placeholder: the panel offers a new order.
    harness.get_by_label("New order");
}

#[test]
fn settings_switch_the_language_and_delete_a_profile_only_after_confirming() {
    let mut state = loaded_state(Language::En);
    state.apply(Event::ProfilesLoaded(brlv_core::profile::ProfileBook {
        profiles: vec![
            brlv_core::profile::Profile {
                name: "Empresa".to_owned(),
                base_url: "https://api.example.com".to_owned(),
            },
            brlv_core::profile::Profile {
                name: "Pessoal".to_owned(),
                base_url: "https://api.example.com".to_owned(),
            },
        ],
        last_used: Some("Empresa".to_owned()),
        ..Default::default()
    }));
    state.view = View::Settings;
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("in use");
    let delete_buttons = harness.get_all_by_label("Delete").count();
    assert_eq!(delete_buttons, 2);
    harness.get_all_by_label("Delete").nth(1).unwrap().click();
    settle(&mut harness);
    assert!(
        harness.state().pending_commands().is_empty(),
        "one click never deletes"
    );
    harness.get_by_label("Yes, delete").click();
    settle(&mut harness);
    let commands = harness.state_mut().take_commands();
    assert!(
        matches!(commands.as_slice(), [Command::DeleteProfile(name)] if name == "Pessoal"),
        "{commands:?}"
    );

    // The profile in use cannot be opened again; the other one can.
    harness.get_all_by_label("Open").nth(1).unwrap().click();
    settle(&mut harness);
    let commands = harness.state_mut().take_commands();
    assert!(
        matches!(commands.as_slice(), [Command::OpenProfile(name)] if name == "Pessoal"),
        "{commands:?}"
    );

    harness.get_by_label("Português (Brasil)").click();
    settle(&mut harness);
    assert_eq!(harness.state().shared.language, Language::PtBr);
    harness.get_by_label("Idioma");
}

#[test]
fn the_gauge_and_the_badges_describe_themselves_to_screen_readers() {
    for (language, gauge, badge) in [
        (
            Language::En,
            "Tax exemption this month: R$28,700.00 used of R$35,000.00 (82 %), R$6,300.00 remaining",
            "pending, under way",
        ),
        (
            Language::PtBr,
            "Isenção de imposto neste mês: R$ 28.700,00 usados de R$ 35.000,00 (82 %), faltam R$ 6.300,00",
            "pendente, em andamento",
        ),
    ] {
        let mut harness = harness(loaded_state(language));
        settle(&mut harness);
        harness.get_by_role_and_label(egui::accesskit::Role::ProgressIndicator, gauge);
        // The badge's colour is said in words too (nothing told by colour alone).
        harness.get(
            egui_kittest::kittest::By::new()
                .predicate(|node| node.description().as_deref() == Some(badge)),
        );
    }
}
