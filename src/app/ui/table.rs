//! A list of records as a table that stays smooth at any length: only the
//! rows in view are laid out (egui_extras' virtualized `rows`), a click
//! selects a row, and the selected one is highlighted; under it, the
//! selected record's every field ([`record_list_ui`]).

use super::waiting::spinner_ui;
use std::sync::Arc;

use egui::{RichText, Sense, Ui};
use egui_extras::{Column, TableBuilder};

use crate::app::error_text::Localize;
use crate::app::i18n::{Language, tr, tr_with};
use crate::app::remote::Remote;

use crate::app::format::ShownAmount;

use super::amount::amount_cell_ui;
use super::arrange::{Arranged, Arrangement, arranged, search_field_ui, sort_header_ui};
use super::badge::{Tone, badge_ui};
use super::detail::{DetailRow, copy_button_ui};
use super::fields::{error_text_ui, note_ui};

/// Height of one row: a line of text plus a badge's margin.
pub const ROW_HEIGHT: f32 = 22.0;

/// How tall the table may grow before it scrolls.
pub const MAX_TABLE_HEIGHT: f32 = 320.0;

/// What a table is called and what heads its columns.
#[derive(Clone, Copy, Debug)]
pub struct TableHead<'a> {
    /// Keeps this table's widths and scrolling apart from other tables'.
    pub id_salt: &'a str,
    /// The columns' titles.
    pub headers: &'a [&'a str],
    /// The id of a sortable table: a click on a header sorts it by its column.
    pub sorted_by: Option<egui::Id>,
    /// The columns holding amounts: their titles go to the right, over the
    /// amounts' right-aligned digits.
    pub amount_columns: &'a [usize],
    /// The last column is as wide as its content, the table scrolling
    /// sideways when it does not fit, instead of taking only the room
    /// left: for short labels that must not be cut.
    pub last_fits_content: bool,
    /// Lines of text in a row: more than one for a folded table.
    pub row_lines: usize,
}

/// Draws `row_count` rows under `head.headers`; `cell_ui(row, column, ui)` draws
/// one cell; `row_name(row)` is the row as one sentence for screen readers
/// (see [`row_sentence`]); `row_copies(row)` what the row's context menu
/// (a right click) offers to copy, as (what, exact value). Returns the row
/// clicked this frame. With `sorted_by`, a click on a header sorts the
/// table of that id by its column.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
pub fn resource_table_ui(
    ui: &mut Ui,
    head: TableHead<'_>,
    row_count: usize,
    selected: Option<usize>,
    mut cell_ui: impl FnMut(usize, usize, &mut Ui),
    row_name: impl Fn(usize) -> String,
    row_copies: impl Fn(usize) -> Vec<(String, String)>,
) -> Option<usize> {
    let TableHead {
        id_salt,
        headers,
        sorted_by,
        amount_columns,
        last_fits_content,
        row_lines,
    } = head;
    let row_height = ROW_HEIGHT * row_lines.max(1) as f32;
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
                // The last column takes the room left, unless it holds
                // amounts (they end at their column's right edge) or must
                // fit its content: then it keeps its own width and an empty
                // column takes the rest.
                let last_keeps_width =
                    last_fits_content || amount_columns.contains(&headers.len().saturating_sub(1));
                for index in 0..headers.len() {
                    builder = if index + 1 == headers.len() && !last_keeps_width {
                        builder.column(Column::remainder().at_least(80.0))
                    } else {
                        builder.column(Column::auto().at_least(70.0).clip(true))
                    };
                }
                if last_keeps_width {
                    builder = builder.column(Column::remainder());
                }
                builder
                    .header(ROW_HEIGHT, |mut header| {
                        for (column, title) in headers.iter().enumerate() {
                            header.col(|ui| {
                                header_cell_ui(ui, amount_columns.contains(&column), |ui| {
                                    match sorted_by {
                                        Some(table) => sort_header_ui(ui, table, column, title),
                                        None => {
                                            ui.strong(*title);
                                        }
                                    }
                                });
                            });
                        }
                        if last_keeps_width {
                            header.col(|_| {});
                        }
                    })
                    .body(|body| {
                        body.rows(row_height, row_count, |mut row| {
                            let index = row.index();
                            row.set_selected(selected == Some(index));
                            for column in 0..headers.len() {
                                row.col(|ui| cell_ui(index, column, ui));
                            }
                            if last_keeps_width {
                                row.col(|_| {});
                            }
                            let response = row.response();
                            // The row's first cell speaks for the row (it takes
                            // the focus first): "State: completed, Amount: …".
                            response.widget_info(|| {
                                let mut info = egui::WidgetInfo::labeled(
                                    egui::Role::Row,
                                    true,
                                    row_name(index),
                                );
                                info.selected = Some(selected == Some(index));
                                info
                            });
                            if response.clicked() {
                                clicked = Some(index);
                            }
                            copy_menu_ui(&response, || row_copies(index));
                        });
                    });
            });
    });
    clicked
}

/// The context menu of a row: one entry per exact value it can copy
/// (amounts at their full scale, whole ids and addresses).
pub fn copy_menu_ui(response: &egui::Response, copies: impl Fn() -> Vec<(String, String)>) {
    response.context_menu(|ui| {
        let language = super::context::language(ui);
        for (what, value) in copies() {
            let label = tr_with(language, "tables.copy_exact", &[("what", &what)]);
            if ui.button(label).on_hover_text(&value).clicked() {
                ui.ctx().copy_text(value);
                ui.close();
            }
        }
    });
}

/// A header cell's title, from the cell's right edge over a column of amounts.
pub fn header_cell_ui(ui: &mut Ui, amounts: bool, add: impl FnOnce(&mut Ui)) {
    if amounts {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), add);
    } else {
        add(ui);
    }
}

/// A list's loading state: a spinner until its first rows arrive (a reload
/// keeps the rows and says nothing, so a list refreshed every few seconds
/// does not flicker), the error after a failure (the last rows stay shown).
pub fn list_status_ui<T>(ui: &mut Ui, language: Language, remote: &Remote<T>) {
    saved_copy_ui(ui, language, remote);
    if remote.is_loading() && remote.value().is_none() {
        ui.horizontal(|ui| {
            spinner_ui(ui);
            ui.label(tr(language, "accounts.loading").as_ref());
        });
    } else if let Some(error) = remote.error() {
        error_text_ui(
            ui,
            &tr_with(
                language,
                "accounts.load_failed",
                &[("reason", &error.localize(language))],
            ),
        );
    }
}

/// A note over a list shown from the journal (an earlier run's copy): when
/// it was fetched, until the service confirms it again.
pub fn saved_copy_ui<T>(ui: &mut Ui, language: Language, remote: &Remote<T>) {
    let Some(loaded) = remote.loaded() else {
        return;
    };
    if let Some(saved_at) = loaded.saved_at {
        note_ui(
            ui,
            &tr_with(
                language,
                "journal.saved_copy",
                &[("time", &super::context::moments(ui).exact(saved_at))],
            ),
        );
    }
    if let Some(partial) = loaded.saved_partial {
        note_ui(
            ui,
            &tr_with(
                language,
                "journal.saved_partial",
                &[
                    ("kept", &partial.kept.to_string()),
                    ("total", &partial.total.to_string()),
                ],
            ),
        );
    }
}

/// One cell of a record table.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// Plain text.
    Text(String),
    /// Digits, addresses, hashes: monospace.
    Mono(String),
    /// An address, shortened in monospace with a Copy button beside it
    /// that copies it whole.
    Copyable(String),
    /// A state in words, colored by its tone.
    Badge(String, Tone),
    /// An amount, right-aligned on its decimal point, exact on hover.
    Amount(ShownAmount),
    /// A long id or address shortened (first), whole on hover and in the
    /// row's copy menu (second).
    Clipped(String, String),
    /// Cells one above the other in one column: a folded row, where two
    /// columns share the width of one.
    Lines(Vec<Cell>),
}

impl Cell {
    /// What a screen reader says of the cell.
    pub fn spoken(&self) -> std::borrow::Cow<'_, str> {
        match self {
            Cell::Text(value)
            | Cell::Mono(value)
            | Cell::Copyable(value)
            | Cell::Badge(value, _)
            | Cell::Clipped(value, _) => value.into(),
            Cell::Amount(amount) => amount.spoken.as_str().into(),
            Cell::Lines(cells) => cells
                .iter()
                .map(Cell::spoken)
                .collect::<Vec<_>>()
                .join(", ")
                .into(),
        }
    }

    /// How many lines of text the cell takes.
    pub fn lines(&self) -> usize {
        match self {
            Cell::Lines(cells) => cells.len().max(1),
            _ => 1,
        }
    }

    /// The exact value a copy of the cell gives, if it has one beyond its text.
    pub fn exact(&self) -> Option<&str> {
        match self {
            Cell::Amount(amount) => amount.exact.as_deref(),
            Cell::Clipped(_, whole) | Cell::Copyable(whole) => Some(whole),
            // Its first exact value: the detail below the list has them all.
            Cell::Lines(cells) => cells.iter().find_map(Cell::exact),
            Cell::Text(_) | Cell::Mono(_) | Cell::Badge(..) => None,
        }
    }
}

/// A list of records as every list panel shows it: how it loads, the table
/// (or a note that it is empty), and the selected record's every field.
pub struct RecordList<'a, T: 'static, K, C, D> {
    /// Distinguishes this table's state from the others'.
    pub id: &'a str,
    /// The columns' titles, as locale keys.
    pub headers: &'a [&'static str],
    /// Loading state and error of the list shown.
    pub remote: Option<&'a Remote<std::sync::Arc<Vec<T>>>>,
    /// The rows, in the order shown.
    pub rows: &'a [T],
    /// What to say when there are none.
    pub empty: &'a str,
    /// The selected record's key.
    pub selected: Option<&'a K>,
    /// A record's key.
    pub key: fn(&T) -> K,
    /// A record's cells, one per header.
    pub cells: C,
    /// A record's every field.
    pub detail: D,
    /// Search and sort: the rows shared (the same as `rows`) and how they
    /// arrange. `None` for a short list kept by the app (claims made here).
    pub arrange: Option<(&'a Arc<Vec<T>>, &'static Arrangement<T>)>,
}

/// Draws `list`; returns the key of the row clicked this frame.
pub fn record_list_ui<T, K, C, D>(
    ui: &mut Ui,
    language: Language,
    list: RecordList<'_, T, K, C, D>,
) -> Option<K>
where
    T: Send + Sync + 'static,
    K: PartialEq,
    C: Fn(&T) -> Vec<Cell>,
    D: Fn(&T) -> Vec<DetailRow>,
{
    let titles: Vec<String> = list
        .headers
        .iter()
        .map(|key| tr(language, key).into_owned())
        .collect();
    let headers: Vec<&str> = titles.iter().map(String::as_str).collect();
    if let Some(remote) = list.remote {
        list_status_ui(ui, language, remote);
    }
    if list.rows.is_empty() {
        note_ui(ui, list.empty);
        return None;
    }
    let table = egui::Id::unique(list.id);
    let arranged = list
        .arrange
        .map(|(rows, arrangement)| arranged(ui, table, rows, arrangement));
    if let Some(arranged) = &arranged {
        search_field_ui(ui, table, "list.search_hint", arranged.busy);
        if arranged.len() != arranged.rows.len() {
            ui.label(tr_with(
                language,
                "list.count_of",
                &[
                    ("shown", &arranged.len().to_string()),
                    ("n", &arranged.rows.len().to_string()),
                ],
            ));
        }
    }
    let shown = arranged.as_ref().map_or(list.rows.len(), Arranged::len);
    let row_at = |position: usize| match &arranged {
        Some(arranged) => arranged.get(position),
        None => list.rows.get(position),
    };
    let selected = list.selected.and_then(|key| {
        (0..shown).find(|position| row_at(*position).is_some_and(|row| (list.key)(row) == *key))
    });
    // A folded list's rows are as tall as the first row's tallest cell.
    let row_lines = row_at(0).map_or(1, |record| {
        (list.cells)(record)
            .iter()
            .map(Cell::lines)
            .max()
            .unwrap_or(1)
    });
    // The columns of amounts, as the first row shows them.
    let amount_columns: Vec<usize> = row_at(0)
        .map(|record| {
            (list.cells)(record)
                .iter()
                .enumerate()
                .filter(|(_, cell)| matches!(cell, Cell::Amount(_)))
                .map(|(column, _)| column)
                .collect()
        })
        .unwrap_or_default();
    let clicked = resource_table_ui(
        ui,
        TableHead {
            id_salt: list.id,
            headers: &headers,
            sorted_by: arranged.as_ref().map(|_| table),
            amount_columns: &amount_columns,
            last_fits_content: false,
            row_lines,
        },
        shown,
        selected,
        |row, column, ui| {
            let Some(record) = row_at(row) else {
                return;
            };
            let cells = (list.cells)(record);
            if let Some(cell) = cells.into_iter().nth(column) {
                cell_ui(ui, language, amount_column_id(list.id, column), cell);
            }
        },
        // `row` is a position in the order shown, which sorting and
        // searching make different from the row's place in the list.
        |row| {
            row_at(row).map_or_else(String::new, |record| {
                row_sentence(language, &headers, &(list.cells)(record))
            })
        },
        |row| {
            row_at(row).map_or_else(Vec::new, |record| {
                row_copies(&headers, &(list.cells)(record))
            })
        },
    );
    if let Some(record) = selected.and_then(row_at) {
        ui.add_space(6.0);
        ui.label(RichText::new(tr(language, "accounts.details").as_ref()).strong());
        super::detail::record_detail_ui(ui, language, list.id, &(list.detail)(record));
    }
    clicked.and_then(row_at).map(|row| (list.key)(row))
}

/// A row as one sentence: "Created: 1 Mar 2026 10:00, State: completed, …".
pub fn row_sentence(language: Language, headers: &[&str], cells: &[Cell]) -> String {
    headers
        .iter()
        .zip(cells)
        .map(|(header, cell)| {
            tr_with(
                language,
                "a11y.row",
                &[("header", header), ("value", &cell.spoken())],
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A table row's accessible name: its cells as one sentence, under the
/// headers given by their translation keys.
pub fn row_info(
    language: Language,
    header_keys: &[&'static str],
    cells: &[Cell],
) -> egui::WidgetInfo {
    let titles: Vec<_> = header_keys.iter().map(|key| tr(language, key)).collect();
    let titles: Vec<&str> = titles.iter().map(AsRef::as_ref).collect();
    egui::WidgetInfo::labeled(
        egui::Role::Row,
        true,
        row_sentence(language, &titles, cells),
    )
}

/// What a row's context menu copies: each cell with an exact value, named
/// by its column.
pub fn row_copies(headers: &[&str], cells: &[Cell]) -> Vec<(String, String)> {
    headers
        .iter()
        .zip(cells)
        .filter_map(|(header, cell)| Some(((*header).to_owned(), cell.exact()?.to_owned())))
        .collect()
}

/// The id under which a column of amounts keeps the room its places take.
pub fn amount_column_id(table: &str, column: usize) -> egui::Id {
    egui::Id::unique(("amount-column", table, column))
}

/// Draws one cell as every record table does; `column` keeps an amount
/// column's decimal points in line.
pub fn cell_ui(ui: &mut Ui, language: Language, column: egui::Id, cell: Cell) {
    match cell {
        Cell::Text(text) => {
            ui.label(text);
        }
        Cell::Mono(text) => {
            ui.monospace(text);
        }
        Cell::Copyable(text) => {
            // Shortened like every address in a list, so the Copy button
            // beside it stays in sight; the whole is on hover and copied.
            ui.monospace(crate::app::format::short_hex(Some(&text)))
                .on_hover_text(&text);
            copy_button_ui(ui, language, &text);
        }
        Cell::Badge(text, tone) => {
            badge_ui(ui, &text, tone);
        }
        Cell::Amount(amount) => {
            amount_cell_ui(ui, column, &amount);
        }
        Cell::Clipped(short, whole) => {
            ui.monospace(short).on_hover_text(whole);
        }
        Cell::Lines(cells) => {
            ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                ui.spacing_mut().item_spacing.y = 2.0;
                for cell in cells {
                    cell_ui(ui, language, column, cell);
                }
            });
        }
    }
}
