//! Something on its way (a list loading, a request in flight, a check
//! running), shown without costing a frame every frame.
//!
//! egui's own spinner asks for the next frame as soon as it is drawn: while
//! a request hung, the window drew 13 to 23 frames a second, and where the
//! CPU draws every pixel (llvmpipe, WARP, a virtual machine) that took a
//! whole core. This spinner moves one step [`STEPS_PER_SECOND`] times a
//! second and asks for a frame only when its next step is due. Every
//! spinner on screen steps on the same beat (the window's clock, not when
//! each appeared), so two of them still cost one frame a step.

use std::time::Duration;

use egui::{Color32, Rect, Response, Sense, Stroke, Ui, WidgetInfo, vec2};

/// How often a spinner moves: a few times a second reads as busy, and each
/// step is one frame.
pub const STEPS_PER_SECOND: u32 = 3;

/// The spokes of the wheel; one lit at a time, the ones behind it fading.
const SPOKES: u32 = 8;

/// A busy wheel the size of a line of controls, for something in progress.
/// A screen reader finds it as a progress indicator (as egui's spinner).
pub fn spinner_ui(ui: &mut Ui) -> Response {
    let size = ui.style().spacing.interact_size.y;
    spinner_of_size_ui(ui, size)
}

/// [`spinner_ui`], `size` points wide and high.
pub fn spinner_of_size_ui(ui: &mut Ui, size: f32) -> Response {
    let (rect, response) = ui.allocate_exact_size(vec2(size, size), Sense::hover());
    response.widget_info(|| WidgetInfo::new(egui::accesskit::Role::ProgressIndicator));
    if ui.is_rect_visible(rect) {
        let millis = seconds_to_millis(ui.input(|input| input.time));
        paint_wheel(ui, rect, step_at(millis));
        ui.ctx().request_repaint_after(until_next_step(millis));
    }
    response
}

/// The window's clock (egui's input time, in seconds) in whole milliseconds.
#[expect(
    clippy::float_arithmetic,
    reason = "egui's clock is seconds as f64; only the beat is read from it"
)]
fn seconds_to_millis(seconds: f64) -> u64 {
    // `as` saturates: a negative or absurd clock reads as 0 or u64::MAX.
    (seconds * 1000.0) as u64
}

const STEP_MILLIS: u64 = 1000 / STEPS_PER_SECOND as u64;

/// Which spoke is lit at `millis` on the window's clock.
fn step_at(millis: u64) -> u32 {
    u32::try_from((millis / STEP_MILLIS) % u64::from(SPOKES)).unwrap_or(0)
}

/// How long from `millis` until the next step is due; a few milliseconds
/// late, so the frame lands past the boundary and draws the new step.
pub fn until_next_step(millis: u64) -> Duration {
    Duration::from_millis(STEP_MILLIS - millis % STEP_MILLIS + 5)
}

#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry: the spokes' ends and their fading"
)]
fn paint_wheel(ui: &Ui, rect: Rect, lit: u32) {
    let color = ui.visuals().strong_text_color();
    let center = rect.center();
    let outer = rect.height().min(rect.width()) * 0.5 - 2.0;
    let inner = outer * 0.45;
    let painter = ui.painter();
    for spoke in 0..SPOKES {
        // 0 for the lit spoke, then 1, 2… for the ones it has passed.
        let behind = (lit + SPOKES - spoke) % SPOKES;
        let alpha = match behind {
            0 => 1.0,
            1 => 0.6,
            2 => 0.4,
            _ => 0.2,
        };
        let angle = std::f32::consts::TAU * spoke as f32 / SPOKES as f32;
        let direction = vec2(angle.cos(), angle.sin());
        painter.line_segment(
            [center + direction * inner, center + direction * outer],
            Stroke::new(2.5, faded(color, alpha)),
        );
    }
}

fn faded(color: Color32, alpha: f32) -> Color32 {
    color.gamma_multiply(alpha)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{spinner_ui, step_at, until_next_step};

    /// How long after a frame showing a spinner at `seconds` on the
    /// window's clock the window asks for the next one.
    fn next_frame_after(seconds: f64) -> Duration {
        let ctx = egui::Context::default();
        let frame = || {
            let input = egui::RawInput {
                time: Some(seconds),
                ..egui::RawInput::default()
            };
            let mut output = ctx.run_ui(input, |ui| {
                spinner_ui(ui);
            });
            // The font atlas is not uploaded anywhere here.
            output.textures_delta.clear();
            output
        };
        // egui's first frame sends the window its theme, which asks for the
        // next two frames at once; the third is the spinner's own.
        frame();
        frame();
        let output = frame();
        output
            .viewport_output
            .get(&egui::ViewportId::ROOT)
            .map_or(Duration::MAX, |viewport| viewport.repaint_delay)
    }

    #[test]
    fn a_spinner_on_screen_asks_for_a_frame_a_step_later_not_at_once() {
        // egui's own spinner answers zero here: the next frame at once.
        assert_eq!(next_frame_after(10.0), Duration::from_millis(328));
        assert_eq!(next_frame_after(10.3), Duration::from_millis(28));
    }

    #[test]
    fn the_next_frame_comes_when_the_next_step_is_due() {
        // Three steps a second: boundaries at 0, 333, 666, 999 ms…
        assert_eq!(until_next_step(0).as_millis(), 338);
        assert_eq!(until_next_step(300).as_millis(), 38);
        assert_eq!(until_next_step(333).as_millis(), 338);
    }

    #[test]
    fn each_step_lights_the_next_spoke_and_the_wheel_turns_round() {
        assert_eq!(step_at(0), 0);
        assert_eq!(step_at(332), 0);
        assert_eq!(step_at(333), 1);
        assert_eq!(step_at(333 * 8), 0);
    }
}
