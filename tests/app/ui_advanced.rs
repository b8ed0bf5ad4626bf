//! Settings' Advanced section: closed until opened, it holds what is for
//! whoever maintains the set-up (the service's API notice, dismissible; the
//! Events view's door; the webhook's address; the list budget), and the
//! main menu and every other screen are free of them. It sits at Settings'
//! foot, below the test window's edge: its controls are pressed as a screen
//! reader presses them.

use egui_kittest::kittest::Queryable;

use brlv_desk::app::i18n::Language;
use brlv_desk::app::state::View;

use crate::support::ui::{connected_state, harness, settle};

#[test]
fn the_advanced_section_opens_by_keyboard_and_holds_the_developer_parts() {
    let mut state = connected_state(Language::En);
    state.view = View::Settings;
    let mut harness = harness(state);
    settle(&mut harness);
    // Closed: none of it in the way.
    assert!(harness.query_by_label_contains("API v0").is_none());
    assert!(harness.query_by_label("Open events").is_none());
    assert!(harness.query_by_label("Memory for lists").is_none());

    // A named control a keyboard reaches: focused and opened with Enter.
    harness.get_by_label("Advanced").focus();
    settle(&mut harness);
    harness.key_press(egui::Key::Enter);
    settle(&mut harness);
    harness.get_by_label_contains("Nothing here is needed to move money");
    harness.get_by_label("The service's API v0 is deprecated; brlv-desk will move to v1.");
    harness.get_by_label("Events (webhooks)");
    harness.get_by_label("Webhook address");
    harness.get_by_label("Memory for lists");

    harness.get_by_label("Dismiss").click_accesskit();
    settle(&mut harness);
    assert!(harness.query_by_label_contains("API v0").is_none());
    assert!(harness.state().panels.settings.api_notice_dismissed);

    harness.get_by_label("Open events").click_accesskit();
    settle(&mut harness);
    assert_eq!(harness.state().view, View::Events);
}

#[test]
fn in_portuguese_the_section_is_avancado() {
    let mut state = connected_state(Language::PtBr);
    state.view = View::Settings;
    let mut harness = harness(state);
    settle(&mut harness);
    assert!(
        harness.query_by_label("Eventos").is_none(),
        "not in the menu"
    );
    harness.get_by_label("Avançado").click_accesskit();
    settle(&mut harness);
    harness.get_by_label("A API v0 do serviço está descontinuada; o brlv-desk passará para a v1.");
    harness.get_by_label("Dispensar");
    harness.get_by_label("Eventos (webhooks)");
    harness.get_by_label("Abrir eventos");
}

#[test]
fn typed_paths_are_chosen_in_advanced_not_beside_every_save_button() {
    let mut state = connected_state(Language::En);
    state.view = View::Deposits;
    let mut harness = harness(state);
    settle(&mut harness);
    // The system's dialog is there: no typed path beside its button.
    harness.get_by_label("Save as CSV…");
    assert!(harness.query_by_label_contains("Type").is_none());
    assert!(harness.query_by_label("Save as CSV").is_none());

    harness.state_mut().view = View::Settings;
    settle(&mut harness);
    harness.get_by_label("Advanced").click_accesskit();
    settle(&mut harness);
    harness
        .get_by_label("Type file paths instead of using the system's file dialog")
        .click_accesskit();
    settle(&mut harness);
    harness.state_mut().view = View::Deposits;
    settle(&mut harness);
    // Now every save bar has its typed field.
    harness.get_by_label("Save as CSV");
}
