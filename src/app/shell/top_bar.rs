//! The top bar: the profile, a SANDBOX badge, the connection state, the
//! refresh button (the service's v0 API being deprecated is a line in
//! Settings' Advanced section, for whoever maintains the set-up).

use egui::{Color32, RichText, Ui};

use crate::app::clock::Millis;
use crate::app::i18n;
use crate::app::message::Command;
use crate::app::panel::shared::ConnectionStatus;
use crate::app::schedule::SLOW_INTERVAL_MS;
use crate::app::session::ProfileKind;
use crate::app::state::AppState;
use crate::app::ui::shortcuts::{HIDE_AMOUNTS, shortcut_text};
use crate::app::ui::{Tone, badge_ui, live_region, palette};

/// How long after the last answer the connection still reads "up to date":
/// longer than the interval of resources at rest, so a healthy connection
/// never shows a clock that ticks (and never needs a frame to tick it).
pub const UP_TO_DATE_MS: Millis = 2 * SLOW_INTERVAL_MS;

/// The connection state in words, and how good it is (its dot's colour).
pub fn connection_text(state: &AppState) -> (String, Tone) {
    let seconds_until = |at: u64| {
        at.saturating_sub(state.shared.now)
            .div_ceil(1000)
            .to_string()
    };
    match state.shared.connection_status() {
        ConnectionStatus::NoSession => (
            state.shared.t("status.no_session").into_owned(),
            Tone::Neutral,
        ),
        ConnectionStatus::Connecting => (
            state.shared.t("status.connecting").into_owned(),
            Tone::Neutral,
        ),
        ConnectionStatus::Online { last_refreshed } => {
            let age = state.shared.now.saturating_sub(last_refreshed);
            if age < UP_TO_DATE_MS {
                return (
                    state.shared.t("status.online_up_to_date").into_owned(),
                    Tone::Success,
                );
            }
            let ago = i18n::seconds_ago(state.shared.language, age / 1000);
            (
                state.shared.t_with("status.online", &[("ago", &ago)]),
                Tone::Success,
            )
        }
        // What is shown is what was last true: the balance says when.
        ConnectionStatus::Offline { retry_at } => {
            let shared = &state.shared;
            let retry = seconds_until(retry_at);
            let text = match shared.last_true(&shared.data.balance_brl) {
                Some(at) => shared.t_with(
                    "status.offline_balance_as_of",
                    &[("n", &retry), ("time", &shared.as_of_text(at))],
                ),
                None => shared.t_with("status.offline", &[("n", &retry)]),
            };
            (text, Tone::Warning)
        }
        ConnectionStatus::Refused { retry_at, .. } => (
            state
                .shared
                .t_with("status.refused", &[("n", &seconds_until(retry_at))]),
            Tone::Danger,
        ),
        ConnectionStatus::Unreadable { retry_at, .. } => (
            state
                .shared
                .t_with("status.unreadable", &[("n", &seconds_until(retry_at))]),
            Tone::Danger,
        ),
    }
}

/// When the connection's words change next by themselves: every second
/// while a retry counts down; once when "up to date" turns into "refreshed
/// N min ago", then each minute. `None` while nothing ticks.
pub fn connection_text_changes_in(state: &AppState) -> Option<std::time::Duration> {
    let millis = match state.shared.connection_status() {
        ConnectionStatus::NoSession | ConnectionStatus::Connecting => return None,
        ConnectionStatus::Offline { .. }
        | ConnectionStatus::Refused { .. }
        | ConnectionStatus::Unreadable { .. } => 1_000,
        ConnectionStatus::Online { last_refreshed } => {
            let age = state.shared.now.saturating_sub(last_refreshed);
            match UP_TO_DATE_MS.checked_sub(age) {
                Some(until_stale) if until_stale > 0 => until_stale,
                _ => 60_000 - age % 60_000,
            }
        }
    };
    Some(std::time::Duration::from_millis(millis))
}

/// Draws the bar: who and where on the left, the connection's state after
/// them, the controls on the right. When the width is short (200 %, a
/// narrow window) the left side wraps onto a second line, never under the
/// controls.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
pub fn top_bar_ui(ui: &mut Ui, state: &mut AppState) {
    ui.add_space(4.0);
    let controls_width_id = egui::Id::unique("top_bar_controls_width");
    // The controls' width as last drawn; a first frame guesses it.
    let controls_width = ui
        .data(|data| data.get_temp::<f32>(controls_width_id))
        .unwrap_or(260.0);
    let bar = ui.available_rect_before_wrap();
    let row_height = ui.spacing().interact_size.y;
    let gap = ui.spacing().item_spacing.x * 2.0;
    let left_rect = bar
        .with_max_x((bar.right() - controls_width - gap).max(bar.left()))
        .with_max_y(bar.top() + row_height);
    let mut left = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(left_rect)
            .layout(egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true)),
    );
    who_and_status_ui(&mut left, state);
    let controls_rect = egui::Rect::from_min_max(
        egui::pos2(left_rect.right(), bar.top()),
        egui::pos2(bar.right(), bar.top() + row_height),
    );
    let mut controls = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(controls_rect)
            .layout(egui::Layout::right_to_left(egui::Align::Center)),
    );
    hide_amounts_toggle_ui(&mut controls, state);
    let refresh = controls
        .add_enabled(
            state.shared.session.is_some(),
            egui::Button::new(state.shared.t("top.refresh").as_ref()),
        )
        .on_hover_text(state.shared.t("top.refresh_hint").as_ref());
    if refresh.clicked() {
        state.push(Command::Refresh);
    }
    let drawn = controls.min_rect().width();
    if (drawn - controls_width).abs() > 0.5 {
        ui.data_mut(|data| data.insert_temp(controls_width_id, drawn));
        ui.ctx()
            .request_discard("the top bar's controls changed width");
    }
    ui.advance_cursor_after_rect(left.min_rect() | controls.min_rect());
    ui.add_space(2.0);
}

/// The left of the bar: the app, the profile and the service it talks to,
/// then the connection's state.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
fn who_and_status_ui(ui: &mut Ui, state: &AppState) {
    ui.label(RichText::new("brlv-desk").strong().size(17.0));
    ui.separator();
    if let Some(session) = &state.shared.session {
        ui.label(RichText::new(&session.profile.name).strong())
            .on_hover_text(&session.profile.base_url);
        // The service every request goes to, always in sight: a profile
        // pointed elsewhere shows here before anything is sent.
        let host = crate::app::format::service_host(&session.profile.base_url);
        let spoken = state.shared.t_with("top.service", &[("host", &host)]);
        ui.label(RichText::new(&host).monospace().weak())
            .on_hover_text(&session.profile.base_url)
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &spoken));
        // The machine in between, when there is one: the profile chose it.
        if let Some(proxy) = &session.route.proxy {
            let shown = state.shared.t_with("top.via_proxy", &[("proxy", proxy)]);
            let spoken = state
                .shared
                .t_with("top.via_proxy_spoken", &[("proxy", proxy)]);
            ui.label(RichText::new(&shown).monospace().weak())
                .on_hover_text(&spoken)
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &spoken));
        }
        match session.kind {
            ProfileKind::Sandbox => {
                badge_ui(ui, state.shared.t("badge.sandbox").as_ref(), Tone::Warning);
            }
            ProfileKind::Environment => {
                badge_ui(ui, state.shared.t("badge.environment").as_ref(), Tone::Info)
                    .on_hover_text(state.shared.t("badge.environment_hint").as_ref());
            }
            ProfileKind::Unsaved => {
                badge_ui(ui, state.shared.t("badge.unsaved").as_ref(), Tone::Neutral)
                    .on_hover_text(state.shared.t("badge.unsaved_hint").as_ref());
            }
            ProfileKind::Saved => {}
        }
    }
    let (text, tone) = connection_text(state);
    let color = palette::of(ui).tone(tone, ui.visuals().weak_text_color());
    // The dot's name changes only when the connection does (the text
    // beside it counts seconds): going offline, or back, is announced once.
    let unreadable = matches!(
        state.shared.connection_status(),
        ConnectionStatus::Unreadable { .. }
    );
    let word_key = match tone {
        Tone::Success => "a11y.connection_online",
        Tone::Warning => "a11y.connection_offline",
        Tone::Danger if unreadable => "a11y.connection_unreadable",
        Tone::Danger => "a11y.connection_refused",
        Tone::Neutral | Tone::Info => "a11y.connection_none",
    };
    // The dot and its words stay together: when they do not fit the rest
    // of the line, both start the next one.
    let words = egui::WidgetText::from(text.as_str()).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Body,
    );
    let needed = words.size().x + ui.spacing().interact_size.y + ui.spacing().item_spacing.x;
    if ui.available_size_before_wrap().x < needed + ui.spacing().item_spacing.x * 2.0 {
        ui.end_row();
    } else if state.shared.session.is_some() {
        ui.separator();
    }
    let dot = status_dot_ui(ui, color, &state.shared.t(word_key));
    live_region(&dot, tone == Tone::Danger);
    let status = ui.add(egui::Label::new(&text).truncate());
    match state.shared.connection_status() {
        ConnectionStatus::Refused { message, .. }
        | ConnectionStatus::Unreadable { message, .. } => {
            status.on_hover_text(message);
        }
        ConnectionStatus::Online { last_refreshed } => {
            let ago = i18n::seconds_ago(
                state.shared.language,
                state.shared.now.saturating_sub(last_refreshed) / 1000,
            );
            status.on_hover_text(state.shared.t_with("status.online", &[("ago", &ago)]));
        }
        _ => {}
    }
    if let Some(wait) = connection_text_changes_in(state) {
        ui.ctx().request_repaint_after(wait);
    }
    saved_copy_status_ui(ui, state);
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

/// The eye that hides every amount on screen: a switch, lit while amounts
/// are hidden (the eye then struck through); a screen reader hears "Hide
/// amounts" and whether it is on.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
pub fn hide_amounts_toggle_ui(ui: &mut Ui, state: &mut AppState) {
    let hidden = state.shared.hide_amounts;
    let words = state.shared.t("hide.hide");
    let shortcut = shortcut_text(ui.ctx(), &HIDE_AMOUNTS);
    // Room for the painted eye before the words (the bundled fonts have no eye glyph).
    let icon = 18.0;
    let response = ui
        .add(egui::Button::selectable(
            hidden,
            format!("{}{words}", " ".repeat(7)),
        ))
        .on_hover_text(state.shared.t_with("hide.hint", &[("shortcut", &shortcut)]));
    response.widget_info(|| {
        egui::WidgetInfo::selected(egui::Role::CheckBox, true, hidden, words.as_ref())
    });
    let color = ui
        .style()
        .interact_selectable(&response, hidden)
        .fg_stroke
        .color;
    let center = egui::pos2(
        response.rect.left() + ui.spacing().button_padding.x + icon / 2.0,
        response.rect.center().y,
    );
    let painter = ui.painter();
    let stroke = egui::Stroke::new(1.5, color);
    let half_width = icon / 2.0;
    let half_height = icon / 4.0;
    // Two arcs for the lids, a dot for the pupil.
    let lid = |sign: f32| -> Vec<egui::Pos2> {
        (0..=12)
            .map(|step| {
                let t = step as f32 / 12.0 * std::f32::consts::PI;
                egui::pos2(
                    center.x - half_width * t.cos(),
                    center.y - sign * half_height * t.sin(),
                )
            })
            .collect()
    };
    painter.add(egui::Shape::line(lid(1.0), stroke));
    painter.add(egui::Shape::line(lid(-1.0), stroke));
    painter.circle_filled(center, half_height * 0.8, color);
    if hidden {
        painter.line_segment(
            [
                center + egui::vec2(-half_width * 0.8, half_height * 1.6),
                center + egui::vec2(half_width * 0.8, -half_height * 1.6),
            ],
            stroke,
        );
    }
    if response.clicked() {
        state.shared.hide_amounts = !hidden;
    }
}

/// While any list shown is a copy from an earlier run: the oldest such
/// copy's time, so the person knows how old what they see may be.
fn saved_copy_status_ui(ui: &mut Ui, state: &AppState) {
    let oldest = state
        .shared
        .data
        .polled_freshness()
        .iter()
        .filter_map(|resource| resource.saved_at)
        .min();
    if let Some(saved_at) = oldest {
        ui.separator();
        ui.label(
            RichText::new(state.shared.t_with(
                "journal.top_saved",
                &[("time", &state.shared.moments().exact(saved_at))],
            ))
            .weak(),
        );
    }
}
