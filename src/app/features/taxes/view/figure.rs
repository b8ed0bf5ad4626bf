//! The Taxes view's small pieces: a figure with its accessible name, and
//! the label of a rule that is not law beside what rests on it.

use egui::{RichText, Ui};

use crate::app::i18n::Language;
use crate::app::ui::{Tone, badge_ui};
use brlv_core::tax::{Reading, Standing};

use super::super::words::{reading_name, reading_text, standing_text};

/// A figure: its text, and what a screen reader hears (`name`: what the
/// figure is, then its value).
pub(super) fn figure_ui(ui: &mut Ui, text: &str, name: &str) -> egui::Response {
    let response = ui.label(RichText::new(text).monospace());
    let name = name.to_owned();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &name));
    response
}

/// The label beside a figure of a rule it rests on that is not law (the
/// rule, its standing and source on hover and to a screen reader); rules
/// in force are listed with the others at the foot of the view.
pub(super) fn rule_tag_ui(ui: &mut Ui, language: Language, reading: Reading) {
    let tone = match reading.standing() {
        Standing::InForce => return,
        Standing::Practice => Tone::Warning,
        Standing::Unclear => Tone::Danger,
        Standing::Notice => Tone::Info,
    };
    let text = tag_text(language, reading);
    badge_ui(ui, &text, tone).on_hover_text(reading_text(language, reading));
}

/// The rules a part of the view rests on that are not law, in a row that
/// wraps.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
pub(super) fn rule_tags_ui(ui: &mut Ui, language: Language, readings: &[Reading]) {
    ui.horizontal_wrapped(|ui| {
        // A label that does not fit goes to the next row whole, never
        // broken into a column of letters.
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        let row_start = ui.available_size_before_wrap().x;
        for reading in readings {
            if reading.standing() == Standing::InForce {
                continue;
            }
            let text = tag_text(language, *reading);
            let font = egui::TextStyle::Body.resolve(ui.style());
            let width = ui
                .painter()
                .layout_no_wrap(text, font, egui::Color32::WHITE)
                .size()
                .x
                + TAG_MARGINS;
            let left = ui.available_size_before_wrap().x;
            if width > left && left < row_start {
                ui.end_row();
            }
            rule_tag_ui(ui, language, *reading);
        }
    });
}

/// A tag's frame and the space after it, in points.
const TAG_MARGINS: f32 = 24.0;

fn tag_text(language: Language, reading: Reading) -> String {
    format!(
        "{}: {}",
        standing_text(language, reading.standing()),
        reading_name(language, reading)
    )
}

/// The width of a grid's column of figures: its heading (in the headings'
/// font) or its widest figure, so its figures can end in line at its right
/// edge, as a table's amounts do.
pub(super) fn figure_column_width<'a>(
    ui: &Ui,
    heading: &str,
    figures: impl IntoIterator<Item = &'a str>,
) -> f32 {
    let width_in = |text: &str, style: egui::TextStyle| {
        ui.painter()
            .layout_no_wrap(
                text.to_owned(),
                style.resolve(ui.style()),
                egui::Color32::WHITE,
            )
            .size()
            .x
    };
    figures
        .into_iter()
        .map(|figure| width_in(figure, egui::TextStyle::Monospace))
        .fold(width_in(heading, egui::TextStyle::Body), f32::max)
}

/// A cell `width` wide whose content ends at its right edge: a column of
/// figures measured by [`figure_column_width`], or its heading.
pub(super) fn right_aligned_ui<R>(ui: &mut Ui, width: f32, add: impl FnOnce(&mut Ui) -> R) -> R {
    let height = ui.spacing().interact_size.y;
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        egui::Layout::right_to_left(egui::Align::Center),
        |ui| {
            ui.set_min_width(width);
            add(ui)
        },
    )
    .inner
}

/// Keeps the part of the view that starts at `top` at the window's top (a
/// screenshot of it: `--view taxes:declaration`).
pub(super) fn scroll_to_top(ui: &Ui, top: egui::Pos2) {
    let bottom = egui::pos2(ui.max_rect().right(), ui.cursor().min.y);
    // At once, not animated: the screenshot is taken when the data is in.
    ui.scroll_to_rect_animation(
        egui::Rect::from_min_max(top, bottom.max(top)),
        Some(egui::Align::TOP),
        egui::style::ScrollAnimation::none(),
    );
}
