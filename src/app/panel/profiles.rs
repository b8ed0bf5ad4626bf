//! The saved profiles with Open and Delete, as Settings and the first
//! screen list them.

use egui::{RichText, Ui};

use crate::app::message::Command;
use crate::app::session::ProfileKind;
use crate::app::ui::{Tone, badge_ui};

use super::{Outbox, Shared};

/// The saved profiles with Open and Delete (after a confirming click,
/// whose question `confirm_delete` holds).
pub fn profiles_ui(
    ui: &mut Ui,
    cx: &Shared,
    confirm_delete: &mut Option<String>,
    out: &mut Outbox,
) {
    ui.label(RichText::new(cx.t("settings.profiles").as_ref()).strong());
    if cx.profiles.is_empty() {
        ui.label(RichText::new(cx.t("settings.no_profiles").as_ref()).weak());
    }
    let open_name = cx
        .session
        .as_ref()
        .filter(|session| session.kind == ProfileKind::Saved)
        .map(|session| session.profile.name.as_str());
    egui::Grid::new("profiles")
        .num_columns(3)
        .spacing([16.0, 6.0])
        .show(ui, |ui| {
            for profile in &cx.profiles {
                let is_open = open_name == Some(profile.name.as_str());
                ui.horizontal(|ui| {
                    ui.label(RichText::new(&profile.name).strong());
                    if is_open {
                        badge_ui(ui, cx.t("settings.in_use").as_ref(), Tone::Success);
                    }
                });
                ui.label(RichText::new(&profile.base_url).monospace().weak());
                ui.horizontal(|ui| {
                    if confirm_delete.as_deref() == Some(profile.name.as_str()) {
                        ui.label(cx.t("settings.delete_confirm").as_ref());
                        if ui.button(cx.t("settings.delete_yes").as_ref()).clicked() {
                            out.command(Command::DeleteProfile(profile.name.clone()));
                            *confirm_delete = None;
                        }
                        if ui.button(cx.t("settings.delete_no").as_ref()).clicked() {
                            *confirm_delete = None;
                        }
                    } else {
                        if ui
                            .add_enabled(
                                !is_open,
                                egui::Button::new(cx.t("settings.open").as_ref()),
                            )
                            .clicked()
                        {
                            out.command(Command::OpenProfile(profile.name.clone()));
                        }
                        if ui.button(cx.t("settings.delete").as_ref()).clicked() {
                            *confirm_delete = Some(profile.name.clone());
                        }
                    }
                });
                ui.end_row();
            }
        });
}

/// Drops a question about deleting a profile that is no longer saved.
pub fn drop_gone_profile(confirm_delete: &mut Option<String>, cx: &Shared) {
    if confirm_delete
        .as_ref()
        .is_some_and(|name| !cx.profiles.iter().any(|profile| &profile.name == name))
    {
        *confirm_delete = None;
    }
}
