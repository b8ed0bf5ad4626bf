//! The colors that carry meaning beyond a badge.

use egui::Color32;

/// Red for a refused field or request.
pub const ERROR: Color32 = Color32::from_rgb(0xd0, 0x3a, 0x3a);
/// Green for a request that went through.
pub const SUCCESS: Color32 = Color32::from_rgb(0x2e, 0x9e, 0x5b);
/// Amber for "not sure what happened".
pub const WARNING: Color32 = Color32::from_rgb(0xe0, 0x9a, 0x1a);
