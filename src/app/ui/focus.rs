//! Keeping the keyboard's focus in sight: egui moves the focus with Tab
//! but scrolls only to a text cursor, so the views bring a newly focused
//! control into view, leaving the panels that never scroll alone.

use egui::Ui;

fn fixed_panels_id() -> egui::Id {
    egui::Id::unique("brlv-desk-fixed-panels")
}

/// Records where the panels that never scroll (top bar, navigation) are,
/// so [`keep_focus_in_view`] leaves their controls alone.
pub fn set_fixed_panels(ctx: &egui::Context, panels: Vec<egui::Rect>) {
    ctx.data_mut(|data| data.insert_temp(fixed_panels_id(), panels));
}

/// Brings the control that just took the keyboard focus into view: egui
/// moves the focus with Tab but scrolls only to a text cursor, so a button
/// below the fold would be focused unseen. Called inside a view's scroll
/// area, after its contents (where the area takes its scroll target).
pub fn keep_focus_in_view(ui: &Ui) {
    let last_focus_id = egui::Id::unique("brlv-desk-last-focus");
    let focused = ui.memory(|memory| memory.focused());
    let last: Option<egui::Id> = ui.data(|data| data.get_temp(last_focus_id)).flatten();
    if focused == last {
        return;
    }
    ui.data_mut(|data| data.insert_temp(last_focus_id, focused));
    let fixed: Vec<egui::Rect> = ui
        .data(|data| data.get_temp(fixed_panels_id()))
        .unwrap_or_default();
    let rect = focused
        .and_then(|id| ui.ctx().read_response(id))
        .map(|response| response.rect)
        .filter(|rect| !fixed.iter().any(|panel| panel.contains_rect(*rect)));
    if let Some(rect) = rect {
        ui.scroll_to_rect(rect, None);
    }
}
