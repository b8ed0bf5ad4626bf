//! How the window is opened: what the command line asked for at start.

use crate::app::features::orders::state::OrderSelector;
use crate::app::i18n::Language;
use crate::app::screenshot::ScreenshotRequest;
use crate::app::view::View;

/// How the window is opened.
#[derive(Clone, Debug, Default)]
pub struct GuiOptions {
    /// Start the embedded sandbox and connect to it.
    pub sandbox: bool,
    /// Take a screenshot and exit.
    pub screenshot: Option<ScreenshotRequest>,
    /// Override the language (otherwise the saved choice or the system's).
    pub language: Option<Language>,
    /// The view to open at start (otherwise the one shown last), and an
    /// order's detail to open in it.
    pub start_view: Option<(View, Option<OrderSelector>)>,
    /// The interface's scale (1 = 100 %), otherwise the one remembered.
    pub zoom: Option<f32>,
    /// Light, dark or the system's theme, otherwise the one remembered.
    pub theme: Option<egui::ThemePreference>,
    /// Start with every amount hidden (otherwise as remembered).
    pub hide_amounts: bool,
    /// Scroll the Overview to its charts at start (`--view overview:charts`).
    pub charts_in_view: bool,
    /// Scroll the Taxes view to a part at start (`--view taxes:declaration`, `taxes:bens`).
    pub taxes_part_in_view: Option<crate::app::features::taxes::state::TaxesPart>,
    /// A file of payouts to open in the Withdrawals view, checked, once the
    /// account is connected (`--payouts-file`).
    pub payouts_file: Option<std::path::PathBuf>,
    /// With `sandbox`: the instant the embedded sandbox's clock, and the
    /// window's "now" with it, start at (`--clock-start`), so a screenshot
    /// or a walk shows the same day whatever day it is taken.
    pub clock_start: Option<time::OffsetDateTime>,
}
