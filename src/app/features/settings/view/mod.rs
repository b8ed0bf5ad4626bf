//! Settings: the language, the theme, and the saved profiles (open, delete, add).

pub mod budget;

use egui::{RichText, Ui};

use crate::app::i18n::Language;
use crate::app::message::Command;
use crate::app::session::ProfileKind;
use crate::app::state::AppState;
use crate::app::ui::{Tone, badge_ui};

/// Draws the settings.
pub fn settings_ui(ui: &mut Ui, state: &mut AppState) {
    ui.heading(state.t("nav.settings").as_ref());
    ui.add_space(8.0);

    ui.label(RichText::new(state.t("settings.language").as_ref()).strong());
    language_picker_ui(ui, state);
    ui.add_space(12.0);

    ui.label(RichText::new(state.t("settings.theme").as_ref()).strong());
    let mut preference = ui.ctx().options(|options| options.theme_preference);
    let before = preference;
    ui.horizontal(|ui| {
        ui.radio_value(
            &mut preference,
            egui::ThemePreference::System,
            state.t("settings.theme_system").as_ref(),
        );
        ui.radio_value(
            &mut preference,
            egui::ThemePreference::Light,
            state.t("settings.theme_light").as_ref(),
        );
        ui.radio_value(
            &mut preference,
            egui::ThemePreference::Dark,
            state.t("settings.theme_dark").as_ref(),
        );
    });
    if preference != before {
        ui.ctx().set_theme(preference);
    }
    ui.add_space(12.0);

    lock_settings_ui(ui, state);
    notifications_setting_ui(ui, state);
    {
        let mut out = crate::app::panel::Outbox::default();
        let (cx, recipients) = state.recipients_panel();
        crate::app::panel::Panel::ui(recipients, ui, &cx, &mut out);
        state.answer(out);
    }
    ui.add_space(12.0);
    budget::list_budget_ui(ui, state);
    ui.add_space(12.0);

    profiles_ui(ui, state);
    ui.add_space(8.0);
    add_profile_ui(ui, state);
    ui.add_space(12.0);
    ui.label(RichText::new(state.t("shortcuts.title").as_ref()).strong());
    crate::app::ui::shortcuts::shortcuts_list_ui(ui, state.language);
}

fn add_profile_ui(ui: &mut Ui, state: &mut AppState) {
    ui.horizontal(|ui| {
        if ui
            .button(state.t("settings.add_profile").as_ref())
            .clicked()
        {
            state.adding_profile = true;
        }
        if !state.is_sandbox()
            && ui
                .button(state.t("onboarding.try_sandbox").as_ref())
                .clicked()
        {
            state.push(Command::StartSandbox);
        }
    });
    ui.add_space(12.0);
    crate::app::features::journal::view::journal_ui(ui, state);
}

/// The saved profiles with Open and Delete (after a confirming click).
pub fn profiles_ui(ui: &mut Ui, state: &mut AppState) {
    ui.label(RichText::new(state.t("settings.profiles").as_ref()).strong());
    if state.profiles.is_empty() {
        ui.label(RichText::new(state.t("settings.no_profiles").as_ref()).weak());
    }
    let open_name = state
        .session
        .as_ref()
        .filter(|session| session.kind == ProfileKind::Saved)
        .map(|session| session.profile.name.clone());
    let mut commands = Vec::new();
    let mut confirm_delete = state.settings.confirm_delete.clone();
    egui::Grid::new("profiles")
        .num_columns(3)
        .spacing([16.0, 6.0])
        .show(ui, |ui| {
            for profile in &state.profiles {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(&profile.name).strong());
                    if open_name.as_deref() == Some(profile.name.as_str()) {
                        badge_ui(ui, state.t("settings.in_use").as_ref(), Tone::Success);
                    }
                });
                ui.label(RichText::new(&profile.base_url).monospace().weak());
                ui.horizontal(|ui| {
                    if confirm_delete.as_deref() == Some(profile.name.as_str()) {
                        ui.label(state.t("settings.delete_confirm").as_ref());
                        if ui.button(state.t("settings.delete_yes").as_ref()).clicked() {
                            commands.push(Command::DeleteProfile(profile.name.clone()));
                            confirm_delete = None;
                        }
                        if ui.button(state.t("settings.delete_no").as_ref()).clicked() {
                            confirm_delete = None;
                        }
                    } else {
                        let is_open = open_name.as_deref() == Some(profile.name.as_str());
                        if ui
                            .add_enabled(
                                !is_open,
                                egui::Button::new(state.t("settings.open").as_ref()),
                            )
                            .clicked()
                        {
                            commands.push(Command::OpenProfile(profile.name.clone()));
                        }
                        if ui.button(state.t("settings.delete").as_ref()).clicked() {
                            confirm_delete = Some(profile.name.clone());
                        }
                    }
                });
                ui.end_row();
            }
        });
    state.settings.confirm_delete = confirm_delete;
    for command in commands {
        state.push(command);
    }
}

/// One radio button per language, each named in itself.
pub fn language_picker_ui(ui: &mut Ui, state: &mut AppState) {
    ui.horizontal(|ui| {
        for language in Language::ALL {
            ui.radio_value(&mut state.language, language, language.native_name());
        }
    });
}

/// The idle lock's time, the button to lock now, and sealing a plain key.
fn lock_settings_ui(ui: &mut Ui, state: &mut AppState) {
    ui.label(RichText::new(state.t("lock.settings_title").as_ref()).strong());
    ui.horizontal(|ui| {
        let label = ui.label(state.t("lock.idle_minutes").as_ref());
        ui.add(egui::DragValue::new(&mut state.guard.idle_lock_minutes).range(1..=120))
            .labelled_by(label.id);
    });
    if state.requires_passphrase() {
        if ui.button(state.t("lock.lock_now").as_ref()).clicked() {
            state.lock_now();
        }
    } else if state
        .session
        .as_ref()
        .is_some_and(|session| session.kind == ProfileKind::Saved)
        && matches!(
            state.guard.seal_offer,
            crate::app::features::guard::state::SealOffer::None
        )
        && ui.button(state.t("lock.seal_now").as_ref()).clicked()
    {
        state.guard.seal_offer =
            crate::app::features::guard::state::SealOffer::Open(Default::default());
    }
}

/// The switch for desktop notifications, with what it does.
fn notifications_setting_ui(ui: &mut Ui, state: &mut AppState) {
    ui.add_space(12.0);
    ui.label(RichText::new(state.t("notify.settings_title").as_ref()).strong());
    let label = state.t("notify.settings_switch");
    ui.checkbox(&mut state.notify.enabled, label.as_ref());
    ui.label(RichText::new(state.t("notify.settings_hint").as_ref()).weak());
    ui.add_space(12.0);
}
