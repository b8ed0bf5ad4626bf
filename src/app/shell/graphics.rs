//! What draws the window, and what is tried next when it fails.
//!
//! Two renderers: eframe's wgpu renderer and its glow (OpenGL) renderer.
//! Where the adapter wgpu would draw on is the CPU itself (Mesa's llvmpipe
//! in a virtual machine or under a remote desktop, Windows' WARP), every
//! pixel is computed by the processor, and glow draws a frame of this
//! window for far less: its fragment shader is a texture read and a
//! multiply, straight into the window's buffer, where wgpu's shader
//! carries dithering and branches that llvmpipe runs for every pixel and
//! its GL backend copies each frame once more before showing it
//! (docs/performance.md, "A frame on the CPU"). So the adapter is asked
//! first, and on a CPU adapter glow draws, without dithering.
//!
//! wgpu picks a backend itself: Direct3D 12 first on Windows, Vulkan (else
//! GL) on Linux, Metal on macOS. Where the one it picks is present but does
//! not work, the window never opens: Direct3D 12 under wine fails with
//! "Parent device is lost" (gfx-rs/wgpu#1854), and virtual machines and
//! remote desktops can offer a driver that starts and then fails. eframe
//! reports that as an error before the app exists, so the window is tried
//! again with the next renderer (wgpu on Vulkan alone, then on GL alone,
//! then glow), instead of the program exiting. A backend chosen with
//! `WGPU_BACKEND`, or a renderer with `BRLV_RENDERER`, is tried alone: a
//! person or a test asked for it.

use eframe::egui_wgpu::WgpuSetup;
use eframe::wgpu::{self, Backends};

/// The environment variable that chooses the renderer: `glow` or `wgpu`.
pub const ENV_RENDERER: &str = "BRLV_RENDERER";

/// One way of drawing the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Renderer {
    /// eframe's wgpu renderer, on these backends.
    Wgpu(Backends),
    /// eframe's OpenGL renderer.
    Glow,
}

/// The renderer a person chose with `BRLV_RENDERER`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChosenRenderer {
    /// `wgpu`: wgpu's backends only.
    Wgpu,
    /// `glow`: OpenGL only.
    Glow,
}

impl ChosenRenderer {
    /// The choice written in `value` (any case), or `None` with a warning
    /// for anything else.
    pub fn parse(value: &str) -> Option<ChosenRenderer> {
        match value.trim().to_ascii_lowercase().as_str() {
            "wgpu" => Some(ChosenRenderer::Wgpu),
            "glow" | "gl" | "opengl" => Some(ChosenRenderer::Glow),
            "" => None,
            other => {
                tracing::warn!("{ENV_RENDERER}={other:?} is neither glow nor wgpu; ignored");
                None
            }
        }
    }

    /// The choice in `BRLV_RENDERER`, if any.
    pub fn from_env() -> Option<ChosenRenderer> {
        std::env::var(ENV_RENDERER)
            .ok()
            .and_then(|value| ChosenRenderer::parse(&value))
    }
}

/// What the person asked for in the environment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Asked {
    /// `BRLV_RENDERER`.
    pub renderer: Option<ChosenRenderer>,
    /// `WGPU_BACKEND`.
    pub backends: Option<Backends>,
}

impl Asked {
    /// What the environment asks for.
    pub fn from_env() -> Asked {
        Asked {
            renderer: ChosenRenderer::from_env(),
            backends: Backends::from_env(),
        }
    }
}

/// wgpu's own choice among all its backends, then Vulkan alone, then GL alone.
const WGPU_ATTEMPTS: [Backends; 3] = [
    Backends::PRIMARY.union(Backends::GL),
    Backends::VULKAN,
    Backends::GL,
];

/// The renderers to try, in order. What the person asked for is tried
/// alone. Otherwise, on a CPU adapter (`on_cpu`), glow first and wgpu's
/// attempts after it; on a graphics card wgpu's attempts, and glow last.
pub fn attempts(asked: Asked, on_cpu: bool) -> Vec<Renderer> {
    let wgpu_attempts = || WGPU_ATTEMPTS.iter().copied().map(Renderer::Wgpu);
    match (asked.renderer, asked.backends) {
        (Some(ChosenRenderer::Glow), _) => vec![Renderer::Glow],
        (_, Some(backends)) => vec![Renderer::Wgpu(backends)],
        (Some(ChosenRenderer::Wgpu), None) => wgpu_attempts().collect(),
        (None, None) if on_cpu => std::iter::once(Renderer::Glow)
            .chain(wgpu_attempts())
            .collect(),
        (None, None) => wgpu_attempts()
            .chain(std::iter::once(Renderer::Glow))
            .collect(),
    }
}

/// Whether the adapter wgpu would draw on is the processor itself: asked
/// the way eframe asks (its backends, its power preference, both as the
/// environment may set them), before any window exists. False when no
/// adapter answers: the window's own attempts then report what fails.
pub fn adapter_is_cpu(backends: Backends) -> bool {
    // Timed: it is asked before the window exists, so it is start-up time.
    let started = std::time::Instant::now();
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
        backends,
        flags: wgpu::InstanceFlags::from_build_config().with_env(),
        backend_options: wgpu::BackendOptions::from_env_or_default(),
        memory_budget_thresholds: wgpu::MemoryBudgetThresholds::default(),
        display: None,
    });
    let asked = instance.request_adapter(&wgpu::RequestAdapterOptions {
        power_preference: wgpu::PowerPreference::from_env()
            .unwrap_or(wgpu::PowerPreference::HighPerformance),
        ..wgpu::RequestAdapterOptions::default()
    });
    let on_cpu = match pollster::block_on(asked) {
        Ok(adapter) => {
            let info = adapter.get_info();
            tracing::debug!(
                "graphics adapter: {} ({:?}, {:?})",
                info.name,
                info.device_type,
                info.backend
            );
            info.device_type == wgpu::DeviceType::Cpu
        }
        Err(error) => {
            tracing::debug!("no graphics adapter answered before the window opened: {error}");
            false
        }
    };
    tracing::debug!(
        target: "brlv_timing",
        "graphics adapter asked in {} ms",
        started.elapsed().as_millis()
    );
    on_cpu
}

/// `options` drawing with `renderer`; on a CPU adapter (`on_cpu`) without
/// dithering, a per-pixel cost that a flat interface does not need.
pub fn with_renderer(
    mut options: eframe::NativeOptions,
    renderer: Renderer,
    on_cpu: bool,
) -> eframe::NativeOptions {
    match renderer {
        Renderer::Wgpu(backends) => {
            options.renderer = eframe::Renderer::Wgpu;
            if let WgpuSetup::CreateNew(create_new) = &mut options.wgpu_options.wgpu_setup {
                create_new.instance_descriptor.backends = backends;
            }
        }
        Renderer::Glow => options.renderer = eframe::Renderer::Glow,
    }
    if on_cpu {
        options.dithering = false;
    }
    options
}

/// Runs the window with `run`, with each renderer of `attempts` in turn
/// until one opens. A failure after `app_started` says the app was created
/// (the window drew, then failed) ends the run: it is not a renderer that
/// cannot start, and the app is not created twice.
pub fn open_window(
    options: &eframe::NativeOptions,
    attempts: &[Renderer],
    on_cpu: bool,
    mut run: impl FnMut(eframe::NativeOptions) -> eframe::Result,
    app_started: impl Fn() -> bool,
) -> eframe::Result {
    let mut outcome = Ok(());
    for (index, renderer) in attempts.iter().enumerate() {
        outcome = run(with_renderer(options.clone(), *renderer, on_cpu));
        let Err(error) = &outcome else {
            return outcome;
        };
        if app_started() {
            return outcome;
        }
        if let Some(next) = attempts.get(index + 1) {
            tracing::warn!(
                "the window could not open with {renderer:?} ({error}); trying {next:?}"
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

    fn renderer_of(options: &eframe::NativeOptions) -> Renderer {
        match (options.renderer, &options.wgpu_options.wgpu_setup) {
            (eframe::Renderer::Glow, _) => Renderer::Glow,
            (eframe::Renderer::Wgpu, WgpuSetup::CreateNew(create_new)) => {
                Renderer::Wgpu(create_new.instance_descriptor.backends)
            }
            (eframe::Renderer::Wgpu, WgpuSetup::Existing(_)) => Renderer::Wgpu(Backends::empty()),
        }
    }

    const NOTHING_ASKED: Asked = Asked {
        renderer: None,
        backends: None,
    };

    #[test]
    fn a_renderer_that_fails_to_start_gives_way_to_the_next() {
        let tried = RefCell::new(Vec::new());
        let outcome = open_window(
            &eframe::NativeOptions::default(),
            &attempts(NOTHING_ASKED, false),
            false,
            |options| {
                tried.borrow_mut().push(renderer_of(&options));
                if renderer_of(&options) == Renderer::Wgpu(Backends::VULKAN) {
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
            [
                Renderer::Wgpu(Backends::PRIMARY | Backends::GL),
                Renderer::Wgpu(Backends::VULKAN)
            ]
        );
    }

    #[test]
    fn on_a_cpu_adapter_glow_draws_first_without_dithering_and_wgpu_stays_behind() {
        assert_eq!(
            attempts(NOTHING_ASKED, true),
            [
                Renderer::Glow,
                Renderer::Wgpu(Backends::PRIMARY | Backends::GL),
                Renderer::Wgpu(Backends::VULKAN),
                Renderer::Wgpu(Backends::GL),
            ]
        );
        let options = with_renderer(eframe::NativeOptions::default(), Renderer::Glow, true);
        assert_eq!(options.renderer, eframe::Renderer::Glow);
        assert!(!options.dithering);
    }

    #[test]
    fn on_a_graphics_card_wgpu_draws_with_dithering_and_glow_is_the_last_resort() {
        let tried = attempts(NOTHING_ASKED, false);
        assert_eq!(
            tried.first(),
            Some(&Renderer::Wgpu(Backends::PRIMARY | Backends::GL))
        );
        assert_eq!(tried.last(), Some(&Renderer::Glow));
        let options = with_renderer(eframe::NativeOptions::default(), tried[0], false);
        assert_eq!(options.renderer, eframe::Renderer::Wgpu);
        assert!(options.dithering);
    }

    /// Every renderer fails; `app_started` answers as given. How many runs
    /// were made, and the outcome.
    fn run_always_failing(app_started: bool) -> (usize, eframe::Result) {
        let runs = Cell::new(0);
        let outcome = open_window(
            &eframe::NativeOptions::default(),
            &attempts(NOTHING_ASKED, false),
            false,
            |_| {
                runs.set(runs.get() + 1);
                Err(failure())
            },
            || app_started,
        );
        (runs.get(), outcome)
    }

    #[test]
    fn when_every_renderer_fails_the_last_error_is_reported() {
        let (runs, outcome) = run_always_failing(false);
        assert_eq!(runs, 4);
        assert!(outcome.unwrap_err().to_string().contains("Parent device"));
    }

    #[test]
    fn a_failure_after_the_app_started_is_not_retried() {
        let (runs, outcome) = run_always_failing(true);
        assert_eq!(runs, 1);
        assert!(outcome.is_err());
    }

    #[test]
    fn what_the_environment_chooses_is_tried_alone() {
        let backend = Asked {
            renderer: None,
            backends: Some(Backends::GL),
        };
        assert_eq!(attempts(backend, true), [Renderer::Wgpu(Backends::GL)]);
        let glow = Asked {
            renderer: Some(ChosenRenderer::Glow),
            backends: None,
        };
        assert_eq!(attempts(glow, false), [Renderer::Glow]);
        let wgpu = Asked {
            renderer: Some(ChosenRenderer::Wgpu),
            backends: None,
        };
        assert!(!attempts(wgpu, true).contains(&Renderer::Glow));
    }

    #[test]
    fn the_renderer_is_named_in_any_case_and_a_wrong_name_is_ignored() {
        assert_eq!(ChosenRenderer::parse("GLOW"), Some(ChosenRenderer::Glow));
        assert_eq!(ChosenRenderer::parse(" wgpu "), Some(ChosenRenderer::Wgpu));
        assert_eq!(ChosenRenderer::parse("vulkan"), None);
    }
}
