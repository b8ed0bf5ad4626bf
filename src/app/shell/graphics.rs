//! Which graphics backend draws the window, and the next one tried when it
//! fails.
//!
//! wgpu picks a backend itself: Direct3D 12 first on Windows, Vulkan (else
//! GL) on Linux, Metal on macOS. Where the one it picks is present but does
//! not work, the window never opens: Direct3D 12 under wine fails with
//! "Parent device is lost" (gfx-rs/wgpu#1854), and virtual machines and
//! remote desktops can offer a driver that starts and then fails. eframe
//! reports that as an error before the app exists, so the window is tried
//! again with the next backend alone (Vulkan, then GL), instead of the
//! program exiting. A backend chosen with `WGPU_BACKEND` is tried alone: a
//! person or a test asked for it.

use eframe::egui_wgpu::WgpuSetup;
use eframe::wgpu::Backends;

/// The backends to try, in order: wgpu's own choice among all of them, then
/// Vulkan alone, then GL alone; or only `chosen` (from `WGPU_BACKEND`).
pub fn attempts(chosen: Option<Backends>) -> Vec<Backends> {
    match chosen {
        Some(backends) => vec![backends],
        None => vec![
            Backends::PRIMARY | Backends::GL,
            Backends::VULKAN,
            Backends::GL,
        ],
    }
}

/// `options` drawing with `backends` only.
pub fn with_backends(
    mut options: eframe::NativeOptions,
    backends: Backends,
) -> eframe::NativeOptions {
    if let WgpuSetup::CreateNew(create_new) = &mut options.wgpu_options.wgpu_setup {
        create_new.instance_descriptor.backends = backends;
    }
    options
}

/// Runs the window with `run`, on each backend of `attempts` in turn until
/// one opens. A failure after `app_started` says the app was created (the
/// window drew, then failed) ends the run: it is not a backend that cannot
/// start, and the app is not created twice.
pub fn open_window(
    options: &eframe::NativeOptions,
    attempts: &[Backends],
    mut run: impl FnMut(eframe::NativeOptions) -> eframe::Result,
    app_started: impl Fn() -> bool,
) -> eframe::Result {
    let mut outcome = Ok(());
    for (index, backends) in attempts.iter().enumerate() {
        outcome = run(with_backends(options.clone(), *backends));
        let Err(error) = &outcome else {
            return outcome;
        };
        if app_started() {
            return outcome;
        }
        if let Some(next) = attempts.get(index + 1) {
            tracing::warn!(
                "the window could not open with the graphics backends {backends:?} ({error}); \
                 trying {next:?}"
            );
        }
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::{Cell, RefCell};

    fn failure() -> eframe::Error {
        eframe::Error::Wgpu(
            eframe::egui_wgpu::WgpuError::CustomNativeAdapterSelectionError(
                "Parent device is lost".to_owned(),
            ),
        )
    }

    fn backends_of(options: &eframe::NativeOptions) -> Backends {
        match &options.wgpu_options.wgpu_setup {
            WgpuSetup::CreateNew(create_new) => create_new.instance_descriptor.backends,
            WgpuSetup::Existing(_) => Backends::empty(),
        }
    }

    #[test]
    fn a_backend_that_fails_to_start_gives_way_to_the_next() {
        let tried = RefCell::new(Vec::new());
        let outcome = open_window(
            &eframe::NativeOptions::default(),
            &attempts(None),
            |options| {
                tried.borrow_mut().push(backends_of(&options));
                if backends_of(&options) == Backends::VULKAN {
                    Ok(())
                } else {
                    Err(failure())
                }
            },
            || false,
        );
        assert!(outcome.is_ok());
        assert_eq!(
            tried.into_inner(),
            [Backends::PRIMARY | Backends::GL, Backends::VULKAN]
        );
    }

    /// Every backend fails; `app_started` answers as given. How many runs
    /// were made, and the outcome.
    fn run_always_failing(app_started: bool) -> (usize, eframe::Result) {
        let runs = Cell::new(0);
        let outcome = open_window(
            &eframe::NativeOptions::default(),
            &attempts(None),
            |_| {
                runs.set(runs.get() + 1);
                Err(failure())
            },
            || app_started,
        );
        (runs.get(), outcome)
    }

    #[test]
    fn when_every_backend_fails_the_last_error_is_reported() {
        let (runs, outcome) = run_always_failing(false);
        assert_eq!(runs, 3);
        assert!(outcome.unwrap_err().to_string().contains("Parent device"));
    }

    #[test]
    fn a_failure_after_the_app_started_is_not_retried() {
        let (runs, outcome) = run_always_failing(true);
        assert_eq!(runs, 1);
        assert!(outcome.is_err());
    }

    #[test]
    fn a_backend_chosen_by_the_environment_is_tried_alone() {
        assert_eq!(attempts(Some(Backends::GL)), [Backends::GL]);
    }
}
