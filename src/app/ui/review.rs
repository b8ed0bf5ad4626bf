//! The review before money moves, in the shape bank apps use ("Confira os
//! dados"): the amount large with its other currency under it, then line by
//! line who receives it, the fee, the balance before and after, the
//! service, and what cannot be undone; "Voltar" and "Confirmar" under it.
//! It is drawn in the panel, in place of the form (whose draft stays as
//! typed), never as a window the keyboard cannot leave. It takes plain
//! values, so every money-moving form can draw its review with it.

use egui::{RichText, Ui};

use super::live::live_region;
use super::palette;

/// One line of a review: what it names, the value as a person reads it,
/// and under it the exact technical value (an address, a key), if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewLine {
    /// What the line names ("Para", "Tarifa").
    pub label: String,
    /// Its value as a person reads it (a name, an amount in R$).
    pub value: String,
    /// The exact value under it, in monospace (an address).
    pub detail: Option<String>,
}

impl ReviewLine {
    /// A line with no exact value under it.
    pub fn new(label: impl Into<String>, value: impl Into<String>) -> ReviewLine {
        ReviewLine {
            label: label.into(),
            value: value.into(),
            detail: None,
        }
    }

    /// The same line with `detail` under its value.
    pub fn with_detail(mut self, detail: impl Into<String>) -> ReviewLine {
        self.detail = Some(detail.into());
        self
    }
}

/// How a note under the lines is said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteTone {
    /// Information (a countdown).
    Plain,
    /// What cannot be undone.
    Warning,
    /// Why it cannot be confirmed now; announced when it appears.
    Blocking,
}

/// Everything a review shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// Keeps this review's state (its first frame) apart from another's.
    pub id: &'static str,
    /// "Confira os dados".
    pub title: String,
    /// What the large amount is ("Você envia").
    pub headline_label: String,
    /// The amount, large; `None` when it is not known (a pasted quote id).
    pub headline: Option<String>,
    /// Under the amount: the same amount in the asset, or its rate.
    pub headline_detail: Option<String>,
    /// The lines, in order.
    pub lines: Vec<ReviewLine>,
    /// Notes under the lines, in order.
    pub notes: Vec<(String, NoteTone)>,
    /// The button back to the form.
    pub back: String,
    /// The button that sends (through the passphrase when the key is sealed).
    pub confirm: String,
    /// Whether it may be confirmed now.
    pub can_confirm: bool,
    /// A third button that fixes what blocks it ("Pedir nova cotação").
    pub renew: Option<String>,
}

/// What the person chose on a review this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewChoice {
    /// Back to the form, everything typed kept.
    Back,
    /// Send what was reviewed.
    Confirm,
    /// The third button.
    Renew,
}

/// Draws `review`; what the person pressed, if anything. On its first frame
/// the keyboard focus goes to "Voltar", so Tab reaches "Confirmar" next and
/// a held Enter from the form never confirms by itself.
pub fn review_ui(ui: &mut Ui, review: &Review) -> Option<ReviewChoice> {
    review_with_ui(ui, review, |_| {})
}

/// [`review_ui`] with `between` drawn under the notes, above the buttons:
/// a question that belongs to what is reviewed and never blocks it.
pub fn review_with_ui(
    ui: &mut Ui,
    review: &Review,
    between: impl FnOnce(&mut Ui),
) -> Option<ReviewChoice> {
    let colors = palette::of(ui);
    let mut choice = None;
    let in_sight = width_in_sight(ui);
    egui::Frame::group(ui.style())
        .inner_margin(egui::Margin::same(12))
        .show(ui, |ui| {
            // A wide neighbour (a list of full addresses) makes the view
            // scroll sideways; the review stays within what is in sight, its
            // notes and questions wrapped, so at 200 % none of it is cut off.
            ui.set_max_width(inner_width(in_sight));
            let heading = ui.heading(review.title.as_str());
            ui.add_space(8.0);
            ui.label(RichText::new(review.headline_label.as_str()).weak());
            if let Some(amount) = &review.headline {
                ui.label(RichText::new(amount.as_str()).size(28.0).strong());
            }
            if let Some(detail) = &review.headline_detail {
                ui.label(RichText::new(detail.as_str()).weak());
            }
            ui.add_space(8.0);
            // Inside a view that scrolls sideways a wrapped value would
            // never wrap: a column is at most what is in sight, so a long
            // line (when it arrives) wraps instead of running off at 200 %.
            let label_width = label_column_width(ui);
            egui::Grid::new((review.id, "lines"))
                .num_columns(2)
                .spacing([24.0, 8.0])
                .max_col_width(column_in_sight(ui))
                .show(ui, |ui| {
                    for line in &review.lines {
                        // Both cells from the top, so a label sits level with its value.
                        // A name takes at most a third of the room, so a long
                        // one ("BRLV balance (all your wallets)") wraps at
                        // 200 % instead of pushing the values out of sight.
                        ui.vertical(|ui| {
                            ui.set_max_width(label_width);
                            ui.add(
                                egui::Label::new(RichText::new(line.label.as_str()).weak()).wrap(),
                            )
                        });
                        ui.vertical(|ui| {
                            ui.add(
                                egui::Label::new(RichText::new(line.value.as_str()).strong())
                                    .wrap(),
                            );
                            if let Some(detail) = &line.detail {
                                ui.add(
                                    egui::Label::new(RichText::new(detail.as_str()).monospace())
                                        .selectable(true),
                                );
                            }
                        });
                        ui.end_row();
                    }
                });
            ui.add_space(8.0);
            for (text, tone) in &review.notes {
                let rich = RichText::new(text.as_str());
                let rich = match tone {
                    NoteTone::Plain => rich,
                    NoteTone::Warning => rich.color(colors.warning),
                    NoteTone::Blocking => rich.color(colors.error).strong(),
                };
                let response = ui.add(egui::Label::new(rich).wrap());
                if *tone == NoteTone::Blocking {
                    live_region(&response, true);
                }
            }
            between(ui);
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                let back = ui.button(review.back.as_str());
                let frames = frames_shown(ui, review.id);
                if frames == 0 {
                    back.request_focus();
                }
                // The amount is what is read first, whatever the focus scrolled
                // to: asked again for the frames the focus's own scroll may
                // take, or a review taller than the view opens at its buttons.
                if frames < 3 {
                    // Up and down only, with the frame's edge in sight: a
                    // sideways scroll would cut the frame's left edge off.
                    let rows = heading.rect.y_range().expand(16.0);
                    let target = egui::Rect::from_x_y_ranges(ui.clip_rect().x_range(), rows);
                    ui.scroll_to_rect(target, Some(egui::Align::Min));
                }
                if back.clicked() {
                    choice = Some(ReviewChoice::Back);
                }
                // The one filled button: the step forward, as bank apps draw it.
                let confirm = egui::Button::new(RichText::new(review.confirm.as_str()).strong())
                    .fill(ui.visuals().selection.bg_fill);
                if ui.add_enabled(review.can_confirm, confirm).clicked() {
                    choice = Some(ReviewChoice::Confirm);
                }
                if let Some(renew) = &review.renew
                    && ui.button(renew.as_str()).clicked()
                {
                    choice = Some(ReviewChoice::Renew);
                }
            });
        });
    choice
}

/// The widest a column may be: 60 % of what is in sight from here to the
/// view's right edge (never under 144 points).
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
fn column_in_sight(ui: &Ui) -> f32 {
    width_in_sight(ui) * 0.6
}

/// What is in sight from here to the view's right edge (never under 240
/// points).
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
fn width_in_sight(ui: &Ui) -> f32 {
    (ui.clip_rect().right() - ui.cursor().min.x).max(240.0)
}

/// The room inside the review's frame when the frame is `outer` wide: less
/// its margins and border.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
fn inner_width(outer: f32) -> f32 {
    (outer - 2.0 * 12.0 - 2.0).max(120.0)
}

/// The widest a line's name may be: a third of what is in sight, and never
/// less than a short name needs.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
fn label_column_width(ui: &Ui) -> f32 {
    (width_in_sight(ui) / 3.0).max(120.0)
}

/// How many frames this review has been drawn in a row before this one (0:
/// it has just appeared).
fn frames_shown(ui: &Ui, id: &'static str) -> u64 {
    let key = egui::Id::unique(id).with("shown-since");
    let pass = ui.ctx().cumulative_pass_nr();
    let since = ui.data(|data| data.get_temp::<(u64, u64)>(key));
    let first = match since {
        Some((first, last)) if last.saturating_add(1) >= pass => first,
        _ => pass,
    };
    ui.data_mut(|data| data.insert_temp(key, (first, pass)));
    pass - first
}
