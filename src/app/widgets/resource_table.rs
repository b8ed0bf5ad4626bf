//! A list of records as a table that stays smooth at any length: only the
//! rows in view are laid out (egui_extras' virtualized `rows`), a click
//! selects a row, and the selected one is highlighted.

use egui::{Sense, Ui};
use egui_extras::{Column, TableBuilder};

/// Height of one row: a line of text plus a badge's margin.
pub const ROW_HEIGHT: f32 = 22.0;

/// How tall the table may grow before it scrolls.
pub const MAX_TABLE_HEIGHT: f32 = 320.0;

/// Draws `row_count` rows under `headers`; `cell_ui(row, column, ui)` draws
/// one cell. Returns the row clicked this frame.
pub fn resource_table_ui(
    ui: &mut Ui,
    id_salt: &str,
    headers: &[&str],
    row_count: usize,
    selected: Option<usize>,
    mut cell_ui: impl FnMut(usize, usize, &mut Ui),
) -> Option<usize> {
    let mut clicked = None;
    ui.push_id(id_salt, |ui| {
        // Selectable text would take the click for itself, so a click on a
        // cell's text would not select its row.
        ui.style_mut().interaction.selectable_labels = false;
        // Wide columns (full addresses, asset lists) scroll sideways instead
        // of pushing the panel past the window's edge.
        egui::ScrollArea::horizontal()
            .id_salt((id_salt, "horizontal"))
            .show(ui, |ui| {
                let mut builder = TableBuilder::new(ui)
                    .id_salt(id_salt)
                    .striped(true)
                    .resizable(true)
                    .sense(Sense::click())
                    .max_scroll_height(MAX_TABLE_HEIGHT)
                    .auto_shrink([false, true])
                    .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
                for index in 0..headers.len() {
                    builder = if index + 1 == headers.len() {
                        builder.column(Column::remainder().at_least(80.0))
                    } else {
                        builder.column(Column::auto().at_least(70.0).clip(true))
                    };
                }
                builder
                    .header(ROW_HEIGHT, |mut header| {
                        for title in headers {
                            header.col(|ui| {
                                ui.strong(*title);
                            });
                        }
                    })
                    .body(|body| {
                        body.rows(ROW_HEIGHT, row_count, |mut row| {
                            let index = row.index();
                            row.set_selected(selected == Some(index));
                            for column in 0..headers.len() {
                                row.col(|ui| cell_ui(index, column, ui));
                            }
                            if row.response().clicked() {
                                clicked = Some(index);
                            }
                        });
                    });
            });
    });
    clicked
}
