//! `--screenshot FILE`: wait until the view's data has loaded, let the layout
//! settle, take a screenshot of the real window, write it as PNG, and close.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc;

use egui::ColorImage;

use super::clock::Millis;
use super::features::orders::state::OrderSelector;
use super::features::taxes::state::TaxesPart;
use super::state::{AppState, View};

/// How long the data may take before the run fails.
pub const LOAD_TIMEOUT_MS: Millis = 60_000;
/// Frames drawn with the data present before the picture is taken, so
/// layout, fonts and sizes have settled.
const SETTLE_FRAMES: u32 = 5;

/// What to photograph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScreenshotRequest {
    /// Where the PNG goes.
    pub path: PathBuf,
    /// The view to show.
    pub view: View,
    /// The order whose detail to show (`--view order:ID`, `order:brcode` or `order:completed`).
    pub order: Option<OrderSelector>,
    /// The first screen (`--view welcome`), taken once start-up is over and
    /// no account is open: run without `--sandbox` and with no saved profile.
    pub first_screen: bool,
}

/// Reads `--view`: a view's name, or `order:ID` / `order:brcode` for one
/// order's detail (`brcode`: the newest brcode order awaiting payment), or
/// `overview:charts`, or `taxes:declaration` / `taxes:bens`.
pub fn parse_view(raw: &str) -> Option<(View, Option<OrderSelector>)> {
    match raw.trim().split_once(':') {
        Some((prefix, order)) if prefix.eq_ignore_ascii_case("order") => {
            OrderSelector::parse(order).map(|selector| (View::Orders, Some(selector)))
        }
        Some(_) if wants_charts(raw) => Some((View::Overview, None)),
        Some(_) if taxes_part(raw).is_some() => Some((View::Taxes, None)),
        Some(_) => None,
        None => View::from_name(raw).map(|view| (view, None)),
    }
}

/// The `--view` value of the first screen, shown before any account is open.
pub const FIRST_SCREEN: &str = "welcome";

/// Whether `--view` asks for the first screen (`welcome`).
pub fn wants_first_screen(raw: &str) -> bool {
    raw.trim().eq_ignore_ascii_case(FIRST_SCREEN)
}

/// Whether `--view` asks for the Overview scrolled to its charts (`overview:charts`).
pub fn wants_charts(raw: &str) -> bool {
    raw.trim().eq_ignore_ascii_case("overview:charts")
}

/// The part of the Taxes view `--view` asks it scrolled to:
/// `taxes:declaration` (DeCripto, then the declaration) or `taxes:bens`
/// (Bens e Direitos with both columns, the CNPJ, the money at the service).
pub fn taxes_part(raw: &str) -> Option<TaxesPart> {
    match raw.trim().to_ascii_lowercase().as_str() {
        "taxes:declaration" => Some(TaxesPart::Declaration),
        "taxes:bens" => Some(TaxesPart::Bens),
        _ => None,
    }
}

/// The screenshot in progress.
pub struct ScreenshotJob {
    request: ScreenshotRequest,
    deadline: Millis,
    settled_frames: u32,
    receiver: Option<mpsc::Receiver<Arc<ColorImage>>>,
    finished: bool,
}

impl ScreenshotJob {
    /// Starts waiting at `now`.
    pub fn new(request: ScreenshotRequest, now: Millis) -> ScreenshotJob {
        ScreenshotJob {
            request,
            deadline: now.saturating_add(LOAD_TIMEOUT_MS),
            settled_frames: 0,
            receiver: None,
            finished: false,
        }
    }

    /// Advances by one frame; `Some(exit code)` once, when the window should close.
    pub fn step(&mut self, ctx: &egui::Context, state: &AppState, now: Millis) -> Option<u8> {
        let outcome = self.advance(ctx, state, now);
        if self.finished {
            return None;
        }
        self.finished = outcome.is_some();
        outcome
    }

    fn advance(&mut self, ctx: &egui::Context, state: &AppState, now: Millis) -> Option<u8> {
        if self.finished {
            return None;
        }
        if self.receiver.is_some() || self.settled_frames > 0 {
            // Settling or waiting for the picture: draw at once.
            ctx.request_repaint();
        } else {
            // Waiting for data: the worker wakes the UI when Events arrive;
            // this only keeps the deadline checked (software rendering is dear).
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
        if let Some(receiver) = &self.receiver {
            return match receiver.try_recv() {
                Ok(image) => Some(self.write(&image)),
                Err(mpsc::TryRecvError::Empty) if now <= self.deadline => None,
                Err(_) => {
                    eprintln!("error: the window's screenshot never arrived");
                    Some(1)
                }
            };
        }
        if now > self.deadline {
            eprintln!(
                "error: the {} view's data did not load within {} s",
                self.request.view.name(),
                LOAD_TIMEOUT_MS / 1000
            );
            return Some(1);
        }
        let ready = if self.request.first_screen {
            state.startup_finished && state.shows_onboarding() && !state.sandbox_starting
        } else {
            state.view_loaded(self.request.view) && state.view == self.request.view
        };
        if ready {
            self.settled_frames += 1;
        } else {
            self.settled_frames = 0;
        }
        if self.settled_frames >= SETTLE_FRAMES {
            let (sender, receiver) = mpsc::channel();
            ctx.request_screenshot(move |image| {
                let _ = sender.send(image);
            });
            self.receiver = Some(receiver);
        }
        None
    }

    fn write(&self, image: &ColorImage) -> u8 {
        if looks_blank(image) {
            eprintln!("error: the screenshot is blank (the window drew nothing)");
            return 1;
        }
        let [width, height] = image.size;
        let bytes: Vec<u8> = image
            .pixels
            .iter()
            .flat_map(|pixel| pixel.to_srgba_unmultiplied())
            .collect();
        let (Ok(width), Ok(height)) = (u32::try_from(width), u32::try_from(height)) else {
            eprintln!("error: the screenshot is too large");
            return 1;
        };
        let Some(buffer) = image::RgbaImage::from_raw(width, height, bytes) else {
            eprintln!("error: the screenshot has an unexpected size");
            return 1;
        };
        // A screenshot shows balances: written owner-only, like every file the app writes.
        let mut png = std::io::Cursor::new(Vec::new());
        let written = buffer
            .write_to(&mut png, image::ImageFormat::Png)
            .map_err(|error| error.to_string())
            .and_then(|()| {
                brlv_core::private_file::write(&self.request.path, png.into_inner())
                    .map_err(|error| error.to_string())
            });
        match written {
            Ok(()) => {
                eprintln!("wrote {}", self.request.path.display());
                0
            }
            Err(error) => {
                eprintln!(
                    "error: cannot write {}: {error}",
                    self.request.path.display()
                );
                1
            }
        }
    }
}

/// Whether an image has (almost) one color only: a window that drew nothing.
/// A dashboard with text has hundreds of shades from anti-aliasing alone.
pub fn looks_blank(image: &ColorImage) -> bool {
    let mut colors = std::collections::HashSet::new();
    for pixel in &image.pixels {
        colors.insert(pixel.to_array());
        if colors.len() > 16 {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::looks_blank;
    use egui::{Color32, ColorImage};

    #[test]
    fn a_uniform_image_is_blank_and_a_drawn_one_is_not() {
        let mut image = ColorImage::filled([64, 64], Color32::from_gray(27));
        assert!(looks_blank(&image));
        for (index, pixel) in image.pixels.iter_mut().enumerate().take(40) {
            *pixel = Color32::from_gray(u8::try_from(index * 5).unwrap_or(0));
        }
        assert!(!looks_blank(&image));
    }
}
