//! The egui front end. Data flows one way round (see `design.md`):
//! panels read [`state::AppState`] and push [`command::Command`]s; the
//! [`worker`] runs them on its own thread and sends [`command::Event`]s back,
//! which [`state::AppState::apply`] takes in once per frame.

pub mod clock;
pub mod command;
pub mod i18n;
pub mod onboarding_state;
pub mod orders;
pub mod panels;
pub mod remote;
pub mod sandbox_link;
pub mod schedule;
pub mod screenshot;
pub mod shell;
pub mod state;
pub mod widgets;
pub mod worker;

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

use i18n::Language;
use screenshot::ScreenshotRequest;

/// How the window is opened.
#[derive(Clone, Debug, Default)]
pub struct GuiOptions {
    /// Start the embedded sandbox and connect to it.
    pub sandbox: bool,
    /// Take a screenshot and exit.
    pub screenshot: Option<ScreenshotRequest>,
    /// Override the language (otherwise the saved choice or the system's).
    pub language: Option<Language>,
}

/// Opens the window and runs until it closes. Exit code 0, or 1 when a
/// screenshot run did not get its picture, 2 when the window could not open.
pub fn run_gui(options: GuiOptions) -> ExitCode {
    let exit_code = Arc::new(AtomicU8::new(0));
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("brlv-desk")
            .with_inner_size([1180.0, 760.0])
            .with_min_inner_size([760.0, 480.0]),
        ..eframe::NativeOptions::default()
    };
    let app_exit_code = Arc::clone(&exit_code);
    let outcome = eframe::run_native(
        "brlv-desk",
        native,
        Box::new(move |creation| {
            let app = shell::BrlvApp::new(creation, options, app_exit_code)?;
            Ok(Box::new(app))
        }),
    );
    match outcome {
        Ok(()) => ExitCode::from(exit_code.load(Ordering::SeqCst)),
        Err(error) => {
            eprintln!("error: the window could not open: {error}");
            ExitCode::from(2)
        }
    }
}
