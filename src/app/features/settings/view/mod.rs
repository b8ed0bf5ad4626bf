//! Settings: the language, the theme, the account's holder, the lock, notifications, the saved
//! recipients (their own panel, drawn here by the shell), the list budget,
//! the saved profiles (open, delete, add) and the journal's export.

pub mod budget;
pub mod holder;

use egui::{RichText, Ui};

use crate::app::message::Command;
use crate::app::panel::profiles::{drop_gone_profile, profiles_ui};
use crate::app::panel::{Ask, Outbox, Panel, Setting, Shared};
use crate::app::session::ProfileKind;
use crate::app::ui::{Tone, language_picker_ui};

use super::state::{SettingsState, SettingsTold};

impl Panel for SettingsState {
    type Event = SettingsTold;

    /// The top of Settings: the language and the theme (the lock's
    /// settings and the notifications' switch follow, drawn by the shell).
    fn ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        ui.heading(cx.t("nav.settings").as_ref());
        ui.add_space(8.0);

        ui.label(RichText::new(cx.t("settings.language").as_ref()).strong());
        if let Some(language) = language_picker_ui(ui, cx.language) {
            out.ask(Ask::Set(Setting::Language(language)));
        }
        ui.add_space(12.0);

        ui.label(RichText::new(cx.t("settings.theme").as_ref()).strong());
        let mut preference = ui.ctx().options(|options| options.theme_preference);
        let before = preference;
        ui.horizontal(|ui| {
            ui.radio_value(
                &mut preference,
                egui::ThemePreference::System,
                cx.t("settings.theme_system").as_ref(),
            );
            ui.radio_value(
                &mut preference,
                egui::ThemePreference::Light,
                cx.t("settings.theme_light").as_ref(),
            );
            ui.radio_value(
                &mut preference,
                egui::ThemePreference::Dark,
                cx.t("settings.theme_dark").as_ref(),
            );
        });
        if preference != before {
            ui.ctx().set_theme(preference);
        }
        ui.add_space(12.0);
        holder::account_holder_ui(ui, self, cx, out);
    }

    fn apply(&mut self, event: SettingsTold, cx: &Shared, out: &mut Outbox) {
        match event {
            // A question about a profile that is gone is dropped.
            SettingsTold::ProfilesChanged => drop_gone_profile(&mut self.confirm_delete, cx),
            SettingsTold::ListBudgetRestored(mib) => {
                out.command(budget::set_list_budget(self, mib));
            }
        }
    }

    fn close_one(&mut self, _cx: &Shared, _out: &mut Outbox) -> bool {
        self.confirm_delete.take().is_some()
    }
}

/// The part of Settings under the saved recipients: the list budget, the
/// profiles, adding one, and the shortcuts.
pub fn settings_lower_ui(ui: &mut Ui, settings: &mut SettingsState, cx: &Shared, out: &mut Outbox) {
    ui.add_space(12.0);
    network_path_ui(ui, cx);
    profiles_ui(ui, cx, &mut settings.confirm_delete, out);
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        if ui.button(cx.t("settings.add_profile").as_ref()).clicked() {
            out.ask(Ask::Set(Setting::AddProfile));
        }
        if !cx.sandbox() && ui.button(cx.t("onboarding.try_sandbox").as_ref()).clicked() {
            out.command(Command::StartSandbox);
        }
    });
    ui.add_space(12.0);
}

/// How the open connection's requests reach the service: straight or
/// through the profile's proxy, which authorities are trusted, what of the
/// environment was left unused, and how the path is changed.
fn network_path_ui(ui: &mut Ui, cx: &Shared) {
    let Some(session) = &cx.session else {
        return;
    };
    ui.label(RichText::new(cx.t("settings.network").as_ref()).strong());
    let host = crate::app::format::service_host(&session.profile.base_url);
    let route = &session.route;
    ui.label(match &route.proxy {
        Some(proxy) => cx.t_with(
            "settings.network_proxy",
            &[("host", &host), ("proxy", proxy)],
        ),
        None => cx.t_with("settings.network_direct", &[("host", &host)]),
    });
    let trust = if route.own_certificate {
        cx.t("settings.network_trust_own")
    } else {
        cx.t("settings.network_trust")
    };
    ui.label(trust.as_ref());
    if !route.ignored.is_empty() {
        let names = route.ignored.join(", ");
        ui.label(
            RichText::new(cx.t_with("settings.network_ignored", &[("names", &names)])).color(
                crate::app::ui::palette::of(ui).tone(Tone::Warning, ui.visuals().text_color()),
            ),
        );
    }
    if session.kind == ProfileKind::Saved {
        ui.label(RichText::new(cx.t("settings.network_change").as_ref()).weak());
    }
    ui.add_space(12.0);
}

/// Settings' Advanced section, closed until opened: what is for whoever
/// maintains the set-up rather than for moving money (the webhooks' events,
/// the list budget, typed file paths, technical values such as the assets'
/// ids, the service's API notice).
pub fn advanced_ui(
    ui: &mut Ui,
    settings: &mut SettingsState,
    cx: &Shared,
    out: &mut Outbox,
    webhook: impl FnOnce(&mut Ui),
) {
    ui.add_space(12.0);
    egui::CollapsingHeader::new(RichText::new(cx.t("advanced.title").as_ref()).strong())
        .id_salt("settings_advanced")
        .show(ui, |ui| {
            // Settings scrolls sideways at 200 %: its text wraps at what is in sight.
            ui.set_max_width(width_in_sight(ui));
            ui.add(egui::Label::new(RichText::new(cx.t("advanced.intro").as_ref()).weak()).wrap());
            ui.add_space(8.0);
            if !settings.api_notice_dismissed {
                ui.horizontal_wrapped(|ui| {
                    ui.label(cx.t("top.deprecated_notice").as_ref());
                    if ui
                        .button(cx.t("advanced.dismiss_notice").as_ref())
                        .clicked()
                    {
                        settings.api_notice_dismissed = true;
                    }
                });
                ui.add_space(8.0);
            }
            ui.label(RichText::new(cx.t("advanced.events").as_ref()).strong());
            ui.add(egui::Label::new(cx.t("advanced.events_text").as_ref()).wrap());
            if ui
                .add_enabled(
                    cx.connected(),
                    egui::Button::new(cx.t("advanced.open_events").as_ref()),
                )
                .clicked()
            {
                out.ask(Ask::Show(crate::app::view::View::Events));
            }
            webhook(ui);
            ui.add_space(12.0);
            budget::list_budget_ui(ui, settings, cx, out);
            ui.add_space(12.0);
            ui.label(RichText::new(cx.t("advanced.files").as_ref()).strong());
            crate::app::ui::typed_paths_setting_ui(ui, cx.language);
            ui.add_space(12.0);
            ui.label(RichText::new(cx.t("advanced.technical").as_ref()).strong());
            crate::app::ui::technical_values_setting_ui(ui, cx.language);
        });
}

/// What is in sight from here to the view's right edge (never under 240 points).
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
fn width_in_sight(ui: &Ui) -> f32 {
    (ui.clip_rect().right() - ui.cursor().min.x).max(240.0)
}

/// The part of Settings at its foot, under the journal: the shortcuts.
pub fn shortcuts_ui(ui: &mut Ui, cx: &Shared) {
    ui.add_space(12.0);
    ui.label(RichText::new(cx.t("shortcuts.title").as_ref()).strong());
    crate::app::ui::shortcuts::shortcuts_list_ui(ui, cx.language);
}

/// The switch for desktop notifications, with what it does.
pub fn notifications_setting_ui(ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
    ui.add_space(12.0);
    ui.label(RichText::new(cx.t("notify.settings_title").as_ref()).strong());
    let mut enabled = cx.notifications;
    let label = cx.t("notify.settings_switch");
    if ui.checkbox(&mut enabled, label.as_ref()).changed() {
        out.ask(Ask::Set(Setting::Notifications(enabled)));
    }
    ui.label(RichText::new(cx.t("notify.settings_hint").as_ref()).weak());
}

/// How many days back a payment under review is compared with the
/// service's records for a repeat (1 to 365; the command line's
/// `--duplicate-days`), with what it does.
pub fn duplicate_days_setting_ui(ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
    ui.add_space(12.0);
    let title = cx.t("repeats.settings_title");
    ui.label(RichText::new(title.as_ref()).strong());
    let mut days = cx.duplicate_days;
    let changed = ui
        .horizontal(|ui| {
            let name = ui.label(cx.t("repeats.settings_days").as_ref());
            ui.add(egui::DragValue::new(&mut days).range(1..=365).speed(0.2))
                .labelled_by(name.id)
                .changed()
        })
        .inner;
    if changed {
        out.ask(Ask::Set(Setting::DuplicateDays(days)));
    }
    ui.label(RichText::new(cx.t("repeats.settings_hint").as_ref()).weak());
}
