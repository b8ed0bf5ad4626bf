//! The egui front end. Data flows one way round (docs/architecture.md):
//! each panel draws from its own state and the shared half
//! ([`panel::Shared`]) and asks for [`message::Command`]s through its
//! outbox; the [`worker`] runs them on its own thread and sends
//! [`message::Event`]s back, which [`state::AppState::apply`] takes in once
//! per frame and routes to the shared half or to the panel they are about.
//!
//! The app is built in layers, bottom to top, and a file imports only from
//! its own layer and those below it; the crates it is built on (`brlv_core`,
//! `brlv_sandbox`) are below them all. The layers are listed in one place,
//! `crates/brlv-layers/src/layers.rs`, whose test (`cargo test -p
//! brlv-layers`, run first by `.ci/run`) fails on any circle of imports,
//! on any import from a layer up to a higher one, and on any feature that
//! names another feature's module but its messages.

pub mod cache;
pub mod clock;
pub mod dialog;
pub mod error_text;
pub mod export;
pub mod features;
pub mod form;
pub mod format;
pub mod frame_stats;
pub mod i18n;
pub mod known_states;
pub mod message;
pub mod movement;
pub mod overwrite;
pub mod panel;
pub mod panels;
pub mod receipt;
pub mod recipient_book;
pub mod remote;
pub mod repeat_check;
pub mod resources;
pub mod schedule;
pub mod screenshot;
pub mod search;
pub mod selection;
pub mod session;
pub mod shell;
pub mod state;
pub mod submit;
pub mod tax_year;
pub mod ted;
pub mod ui;
pub mod view;
pub mod worker;

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

pub use shell::options::GuiOptions;

/// The app icon (the same one the packages install), for the window.
pub fn window_icon() -> Option<egui::IconData> {
    const PNG: &[u8] = include_bytes!("../../assets/icons/png/256x256/brlv-desk.png");
    eframe::icon_data::from_png_bytes(PNG)
        .map_err(|error| tracing::warn!("the window icon could not be decoded: {error}"))
        .ok()
}

/// Opens the window and runs until it closes. Exit code 0, or 1 when a
/// screenshot run did not get its picture, 2 when the window could not open.
pub fn run_gui(options: GuiOptions) -> ExitCode {
    let exit_code = Arc::new(AtomicU8::new(0));
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("brlv-desk")
        // Matches the .desktop entry, so Wayland docks show the right icon.
        .with_app_id("brlv-desk")
        .with_inner_size([1180.0, 760.0])
        .with_min_inner_size([760.0, 480.0]);
    if let Some(icon) = window_icon() {
        viewport = viewport.with_icon(icon);
    }
    let native = eframe::NativeOptions {
        viewport,
        // A screenshot run (perhaps at --scale 2, where the window is half as
        // many points wide) must not change the next normal run's window.
        persist_window: options.screenshot.is_none(),
        ..eframe::NativeOptions::default()
    };
    // Asked before the window exists: on a CPU adapter another renderer
    // draws (see `shell::graphics`).
    let asked = shell::graphics::Asked::from_env();
    let on_cpu = shell::graphics::adapter_is_cpu(
        asked
            .backends
            .unwrap_or(eframe::wgpu::Backends::PRIMARY | eframe::wgpu::Backends::GL),
    );
    // Taken by the app when it is created; still here, the window never
    // opened and the next renderer may try.
    let options = std::cell::RefCell::new(Some(options));
    let outcome = shell::graphics::open_window(
        &native,
        &shell::graphics::attempts(asked, on_cpu),
        on_cpu,
        |native| {
            let app_exit_code = Arc::clone(&exit_code);
            let options = &options;
            eframe::run_native(
                "brlv-desk",
                native,
                Box::new(move |creation| {
                    let options = options
                        .borrow_mut()
                        .take()
                        .ok_or("the app was already created")?;
                    let app = shell::BrlvApp::new(creation, options, app_exit_code)?;
                    Ok(Box::new(app))
                }),
            )
        },
        || options.borrow().is_none(),
    );
    match outcome {
        Ok(()) => ExitCode::from(exit_code.load(Ordering::SeqCst)),
        Err(error) => {
            eprintln!("error: the window could not open: {error}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_window_icon_is_the_packaged_256_pixel_icon() {
        let icon = super::window_icon().expect("the embedded icon decodes");
        assert_eq!((icon.width, icon.height), (256, 256));
        assert_eq!(icon.rgba.len(), 256 * 256 * 4);
    }
}
