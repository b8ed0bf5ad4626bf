//! The app's dark and light themes, readable: every text colour at least
//! 4.5:1 against the fill it is drawn on, control outlines and large text
//! at least 3:1 (WCAG 2.1 AA). egui's own defaults fall short in places
//! (weak text at 2.7:1, pure red errors at 4.3:1 on dark and 3.7:1 on light).
//! [`contrast_pairs`] lists every text colour the app draws with the fill
//! under it, so a test can hold each theme to those minimums.

use egui::{Color32, Stroke, Theme, Visuals};

use super::badge::Tone;
use super::palette::Palette;

/// egui's visuals of `theme`, adjusted to the contrast minimums.
pub fn visuals(theme: Theme) -> Visuals {
    let gray = Color32::from_gray;
    let palette = Palette::of(theme);
    let mut visuals = match theme {
        Theme::Dark => Visuals::dark(),
        Theme::Light => Visuals::light(),
    };
    let widgets = &mut visuals.widgets;
    match theme {
        Theme::Dark => {
            widgets.noninteractive.fg_stroke.color = gray(205);
            visuals.weak_text_color = Some(gray(165));
            // Striped rows: an opaque shade, so the pair can be measured.
            visuals.faint_bg_color = gray(33);
            visuals.code_bg_color = gray(45);
            widgets.hovered.bg_fill = gray(58);
            widgets.hovered.weak_bg_fill = gray(62);
            // The outline that tells a control from the panel: 3:1.
            widgets.inactive.bg_stroke = Stroke::new(1.0, gray(120));
            visuals.hyperlink_color = Color32::from_rgb(110, 180, 255);
            visuals.selection.bg_fill = Color32::from_rgb(0, 56, 88);
            visuals.selection.stroke.color = Color32::from_rgb(220, 236, 255);
        }
        Theme::Light => {
            widgets.noninteractive.fg_stroke.color = gray(40);
            visuals.weak_text_color = Some(gray(92));
            visuals.faint_bg_color = gray(238);
            visuals.code_bg_color = gray(232);
            widgets.inactive.fg_stroke.color = gray(30);
            widgets.inactive.bg_stroke = Stroke::new(1.0, gray(128));
            widgets.hovered.bg_fill = gray(222);
            widgets.hovered.weak_bg_fill = gray(222);
            widgets.active.weak_bg_fill = gray(190);
            widgets.active.bg_fill = gray(190);
            visuals.hyperlink_color = Color32::from_rgb(0, 85, 170);
            visuals.selection.bg_fill = Color32::from_rgb(190, 222, 255);
            visuals.selection.stroke.color = Color32::from_rgb(0, 50, 90);
        }
    }
    visuals.error_fg_color = palette.error;
    visuals.warn_fg_color = palette.warning;
    visuals
}

/// Installs both themes in `ctx`; which one shows follows the preference
/// (the system's unless the person chose in Settings).
pub fn install(ctx: &egui::Context) {
    for theme in [Theme::Dark, Theme::Light] {
        ctx.style_mut_of(theme, |style| style.visuals = visuals(theme));
    }
}

/// How much contrast a pair must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Minimum {
    /// Text of normal size: 4.5:1.
    Text,
    /// Large or bold headings, control outlines, a gauge's fill: 3:1.
    Large,
}

impl Minimum {
    /// The ratio, times ten (4.5:1 is 45).
    pub const fn tenths(self) -> u32 {
        match self {
            Minimum::Text => 45,
            Minimum::Large => 30,
        }
    }
}

/// A colour drawn on a fill, named for a failing test's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContrastPair {
    /// What is drawn where.
    pub what: String,
    /// The foreground.
    pub foreground: Color32,
    /// What is behind it.
    pub background: Color32,
    /// The minimum it must reach.
    pub minimum: Minimum,
}

/// Every text colour the app draws in `theme`, with the fill it is drawn on.
pub fn contrast_pairs(theme: Theme) -> Vec<ContrastPair> {
    let visuals = visuals(theme);
    let palette = Palette::of(theme);
    let mut pairs = Vec::new();
    let mut add = |what: &str, foreground: Color32, background: Color32, minimum| {
        pairs.push(ContrastPair {
            what: what.to_owned(),
            foreground,
            background,
            minimum,
        });
    };
    let text = Minimum::Text;
    let surfaces = [
        ("panel", visuals.panel_fill),
        ("window", visuals.window_fill),
        ("striped row", visuals.faint_bg_color),
        ("text field", visuals.text_edit_bg_color()),
        ("hovered row", visuals.widgets.hovered.bg_fill),
    ];
    for (surface, fill) in surfaces {
        for (name, color) in [
            ("text", visuals.text_color()),
            ("weak text (captions)", visuals.weak_text_color()),
            ("strong text", visuals.strong_text_color()),
            ("error text", palette.error),
            ("success text", palette.success),
            ("warning text", palette.warning),
            ("link", visuals.hyperlink_color),
        ] {
            add(&format!("{name} on {surface}"), color, fill, text);
        }
    }
    add(
        "code text on code background",
        visuals.text_color(),
        visuals.code_bg_color,
        text,
    );
    let selected = visuals.selection.bg_fill;
    add(
        "selected row or button text",
        visuals.selection.stroke.color,
        selected,
        text,
    );
    add(
        "weak text on a selected row",
        visuals.weak_text_color(),
        selected,
        text,
    );
    let widgets = &visuals.widgets;
    for (state, widget) in [
        ("inactive", widgets.inactive),
        ("hovered", widgets.hovered),
        ("pressed", widgets.active),
        ("open", widgets.open),
    ] {
        add(
            &format!("{state} button text"),
            widget.text_color(),
            widget.weak_bg_fill,
            text,
        );
        add(
            &format!("{state} check box mark"),
            widget.text_color(),
            widget.bg_fill,
            text,
        );
    }
    add(
        "control outline on panel",
        widgets.inactive.bg_stroke.color,
        visuals.panel_fill,
        Minimum::Large,
    );
    add(
        "text field outline on panel",
        widgets.inactive.bg_stroke.color,
        visuals.panel_fill,
        Minimum::Large,
    );
    add(
        "focused field outline on panel",
        visuals.selection.stroke.color,
        visuals.panel_fill,
        Minimum::Large,
    );
    let dark = theme == Theme::Dark;
    for tone in [
        Tone::Neutral,
        Tone::Info,
        Tone::Success,
        Tone::Warning,
        Tone::Danger,
    ] {
        add(
            &format!("{tone:?} badge or notice text"),
            tone.text(dark),
            tone.fill(dark),
            text,
        );
    }
    for (name, color) in [
        ("gauge fill, plenty left", palette.success),
        ("gauge fill, close", palette.warning),
        ("gauge fill, at the limit", palette.error),
    ] {
        add(name, color, visuals.extreme_bg_color, Minimum::Large);
    }
    pairs
}

/// The WCAG contrast ratio of two opaque colours, times ten, rounded down
/// (4.5:1 is 45).
#[expect(
    clippy::float_arithmetic,
    reason = "colour science on screen colours, never money"
)]
pub fn contrast_tenths(a: Color32, b: Color32) -> u32 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    let (light, dark) = if la >= lb { (la, lb) } else { (lb, la) };
    let ratio = (light + 0.05) / (dark + 0.05);
    // A ratio lies between 1 and 21: the cast cannot overflow.
    #[expect(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let tenths = (ratio * 10.0).floor() as u32;
    tenths
}

/// WCAG 2.1's relative luminance of an sRGB colour.
#[expect(
    clippy::float_arithmetic,
    reason = "colour science on screen colours, never money"
)]
fn relative_luminance(color: Color32) -> f64 {
    let channel = |value: u8| {
        let c = f64::from(value) / 255.0;
        if c <= 0.040_45 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(color.r()) + 0.7152 * channel(color.g()) + 0.0722 * channel(color.b())
}

#[cfg(test)]
mod tests {
    use egui::Color32;

    use super::contrast_tenths;

    #[test]
    fn contrast_matches_wcag_reference_values() {
        assert_eq!(contrast_tenths(Color32::BLACK, Color32::WHITE), 210);
        // egui's weak text on its dark panel: 2.696:1 (2.7 rounded), under 4.5.
        assert_eq!(
            contrast_tenths(Color32::from_gray(95), Color32::from_gray(27)),
            26
        );
        assert_eq!(contrast_tenths(Color32::WHITE, Color32::WHITE), 10);
    }
}
