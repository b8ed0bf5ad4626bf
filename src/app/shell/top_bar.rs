//! The top bar: the profile, a SANDBOX badge, the connection state, the
//! refresh button, and a quiet note that the service's v0 API is deprecated.

use egui::{Color32, RichText, Ui};

use crate::app::i18n;
use crate::app::message::{Command, ProfileKind};
use crate::app::state::{AppState, ConnectionStatus};
use crate::app::ui::{Tone, badge_ui, live_region, palette};

/// The connection state in words, and how good it is (its dot's colour).
pub fn connection_text(state: &AppState) -> (String, Tone) {
    let seconds_until = |at: u64| at.saturating_sub(state.now).div_ceil(1000).to_string();
    match state.connection_status() {
        ConnectionStatus::NoSession => (state.t("status.no_session").into_owned(), Tone::Neutral),
        ConnectionStatus::Connecting => (state.t("status.connecting").into_owned(), Tone::Neutral),
        ConnectionStatus::Online { last_refreshed } => {
            let ago = i18n::seconds_ago(
                state.language,
                state.now.saturating_sub(last_refreshed) / 1000,
            );
            (
                state.t_with("status.online", &[("ago", &ago)]),
                Tone::Success,
            )
        }
        ConnectionStatus::Offline { retry_at } => (
            state.t_with("status.offline", &[("n", &seconds_until(retry_at))]),
            Tone::Warning,
        ),
        ConnectionStatus::Refused { retry_at, .. } => (
            state.t_with("status.refused", &[("n", &seconds_until(retry_at))]),
            Tone::Danger,
        ),
    }
}

/// Draws the bar.
pub fn top_bar_ui(ui: &mut Ui, state: &mut AppState) {
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        ui.label(RichText::new("brlv-desk").strong().size(17.0));
        ui.separator();
        if let Some(session) = &state.session {
            ui.label(RichText::new(&session.profile.name).strong())
                .on_hover_text(&session.profile.base_url);
            match session.kind {
                ProfileKind::Sandbox => {
                    badge_ui(ui, state.t("badge.sandbox").as_ref(), Tone::Warning);
                }
                ProfileKind::Environment => {
                    badge_ui(ui, state.t("badge.environment").as_ref(), Tone::Info)
                        .on_hover_text(state.t("badge.environment_hint").as_ref());
                }
                ProfileKind::Unsaved => {
                    badge_ui(ui, state.t("badge.unsaved").as_ref(), Tone::Neutral)
                        .on_hover_text(state.t("badge.unsaved_hint").as_ref());
                }
                ProfileKind::Saved => {}
            }
            ui.separator();
        }
        let (text, tone) = connection_text(state);
        let color = palette::of(ui).tone(tone, ui.visuals().weak_text_color());
        // The dot's name changes only when the connection does (the text
        // beside it counts seconds): going offline, or back, is announced once.
        let word_key = match tone {
            Tone::Success => "a11y.connection_online",
            Tone::Warning => "a11y.connection_offline",
            Tone::Danger => "a11y.connection_refused",
            Tone::Neutral | Tone::Info => "a11y.connection_none",
        };
        let dot = status_dot_ui(ui, color, &state.t(word_key));
        live_region(&dot, tone == Tone::Danger);
        let status = ui.label(&text);
        if let ConnectionStatus::Refused { message, .. } = state.connection_status() {
            status.on_hover_text(message);
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let refresh = ui
                .add_enabled(
                    state.session.is_some(),
                    egui::Button::new(state.t("top.refresh").as_ref()),
                )
                .on_hover_text(state.t("top.refresh_hint").as_ref());
            if refresh.clicked() {
                state.push(Command::Refresh);
            }
        });
    });
    ui.label(
        // Body size: at the small size it was 9 px high.
        RichText::new(state.t("top.deprecated_notice").as_ref()).weak(),
    );
    ui.add_space(2.0);
}

/// A small filled circle in the status color (painted: the bundled fonts
/// have no bullet glyph).
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
fn status_dot_ui(ui: &mut Ui, color: Color32, word: &str) -> egui::Response {
    let size = ui.spacing().interact_size.y * 0.45;
    let (rect, response) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Status, true, word));
    ui.painter().circle_filled(rect.center(), size / 2.0, color);
    response
}
