//! A small colored label for a state or a kind (SANDBOX, pending, expired).

use egui::{Color32, CornerRadius, Frame, Margin, Response, RichText, Ui};

/// What a badge says about the thing it labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Nothing to worry about.
    Neutral,
    /// Under way.
    Info,
    /// Done well.
    Success,
    /// Look at it.
    Warning,
    /// Went wrong.
    Danger,
}

impl Tone {
    /// The badge's fill in light and dark themes.
    pub fn fill(self, dark_mode: bool) -> Color32 {
        match (self, dark_mode) {
            (Tone::Neutral, true) => Color32::from_rgb(0x4a, 0x4f, 0x57),
            (Tone::Neutral, false) => Color32::from_rgb(0xd8, 0xdb, 0xe0),
            (Tone::Info, true) => Color32::from_rgb(0x1f, 0x4e, 0x8c),
            (Tone::Info, false) => Color32::from_rgb(0xcf, 0xe2, 0xff),
            (Tone::Success, true) => Color32::from_rgb(0x1e, 0x5e, 0x3a),
            (Tone::Success, false) => Color32::from_rgb(0xcd, 0xef, 0xd9),
            (Tone::Warning, true) => Color32::from_rgb(0x7a, 0x52, 0x0c),
            (Tone::Warning, false) => Color32::from_rgb(0xff, 0xe4, 0xb0),
            (Tone::Danger, true) => Color32::from_rgb(0x8a, 0x22, 0x22),
            (Tone::Danger, false) => Color32::from_rgb(0xff, 0xd2, 0xd2),
        }
    }

    /// What the colour says, in words (for screen readers: nothing is told
    /// by colour alone); `None` for neutral.
    pub fn meaning_key(self) -> Option<&'static str> {
        match self {
            Tone::Neutral => None,
            Tone::Info => Some("a11y.tone_info"),
            Tone::Success => Some("a11y.tone_success"),
            Tone::Warning => Some("a11y.tone_warning"),
            Tone::Danger => Some("a11y.tone_danger"),
        }
    }

    /// Text color readable on [`Tone::fill`].
    pub fn text(self, dark_mode: bool) -> Color32 {
        if dark_mode {
            Color32::from_rgb(0xf2, 0xf2, 0xf2)
        } else {
            Color32::from_rgb(0x1a, 0x1a, 0x1a)
        }
    }
}

/// Left and right inner margin of a badge, in points.
const BADGE_MARGIN_X: i8 = 6;

/// The width [`badge_ui`] takes for `text`: for a layout that puts a badge
/// where it fits whole.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
pub fn badge_width(ui: &Ui, text: &str) -> f32 {
    text_width(ui, text, true) + 2.0 * f32::from(BADGE_MARGIN_X)
}

/// The width of `text` on one line in the body font, `strong` or not.
pub fn text_width(ui: &Ui, text: &str, strong: bool) -> f32 {
    let mut rich = RichText::new(text);
    if strong {
        rich = rich.strong();
    }
    egui::WidgetText::from(rich)
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::TextStyle::Body,
        )
        .size()
        .x
}

/// A rounded, filled label: the word is the state; a screen reader also
/// hears what its colour means, as its description ("State: pending, under way").
pub fn badge_ui(ui: &mut Ui, text: &str, tone: Tone) -> Response {
    let dark = ui.visuals().dark_mode;
    let language = super::context::language(ui);
    let response = Frame::new()
        .fill(tone.fill(dark))
        .corner_radius(CornerRadius::same(6))
        .inner_margin(Margin::symmetric(BADGE_MARGIN_X, 1))
        .show(ui, |ui| {
            ui.label(RichText::new(text).strong().color(tone.text(dark)))
        })
        .inner;
    let description = match tone.meaning_key() {
        Some(key) => crate::app::i18n::tr_with(
            language,
            "a11y.badge_with_meaning",
            &[
                ("text", text),
                ("meaning", &crate::app::i18n::tr(language, key)),
            ],
        ),
        None => crate::app::i18n::tr_with(language, "a11y.badge", &[("text", text)]),
    };
    ui.ctx()
        .accesskit_node_builder(response.id, |node| node.set_description(description));
    response
}

/// The badge color of a state, by its wire name: done, failed, under way, or unknown.
pub fn state_tone(wire: &str) -> Tone {
    match wire {
        "completed" | "credited" => Tone::Success,
        "failed" => Tone::Danger,
        "created" | "pending" | "pending-payment" => Tone::Info,
        _ => Tone::Neutral,
    }
}
