//! The colours that carry meaning beyond a badge, one set per theme, each
//! readable as text on the panel (see `theme.rs` and its test).

use egui::{Color32, Theme, Visuals};

use super::badge::Tone;

/// The colours that carry meaning beyond a badge, per theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// A refused field or request.
    pub error: Color32,
    /// A request that went through; plenty left.
    pub success: Color32,
    /// "Not sure what happened"; getting close.
    pub warning: Color32,
}

impl Palette {
    /// The palette of a theme.
    pub const fn of(theme: Theme) -> Palette {
        match theme {
            Theme::Dark => Palette {
                error: Color32::from_rgb(0xff, 0x7a, 0x7a),
                success: Color32::from_rgb(0x4c, 0xc3, 0x7e),
                warning: Color32::from_rgb(0xf0, 0xb0, 0x40),
            },
            Theme::Light => Palette {
                error: Color32::from_rgb(0xb0, 0x1e, 0x1e),
                success: Color32::from_rgb(0x1a, 0x6e, 0x3d),
                warning: Color32::from_rgb(0x8a, 0x55, 0x00),
            },
        }
    }

    /// The palette of the theme `visuals` belong to.
    pub fn from_visuals(visuals: &Visuals) -> Palette {
        Palette::of(theme_of(visuals))
    }
}

/// The theme `visuals` belong to.
pub fn theme_of(visuals: &Visuals) -> Theme {
    if visuals.dark_mode {
        Theme::Dark
    } else {
        Theme::Light
    }
}

/// The palette of the theme `ui` is drawn in.
pub fn of(ui: &egui::Ui) -> Palette {
    Palette::from_visuals(ui.visuals())
}

impl Palette {
    /// The colour of a tone used as text or a status mark; neutral is `neutral`.
    pub fn tone(self, tone: Tone, neutral: Color32) -> Color32 {
        match tone {
            Tone::Success => self.success,
            Tone::Warning => self.warning,
            Tone::Danger => self.error,
            Tone::Neutral | Tone::Info => neutral,
        }
    }
}
