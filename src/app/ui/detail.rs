//! A record's every field: a grid of labels and values, long values copyable.

use egui::{RichText, Ui};

use crate::app::i18n::{Language, tr};

use crate::app::format::{MISSING, MomentFormat, ShownAmount};

use super::amount::amount_ui;

/// One row of a record's detail grid.
#[derive(Clone, Debug, PartialEq)]
pub struct DetailRow {
    /// The field's name, in the person's language.
    pub label: String,
    /// Its value as written for a person.
    pub value: String,
    /// Whether a Copy button goes beside it.
    pub copy: bool,
    /// An amount, drawn as amounts are (compact, exact on hover; its Copy
    /// button copies the exact value).
    pub amount: Option<ShownAmount>,
    /// The field's key and value as the service wrote them, for support
    /// (on hover, and shown under "Show technical values").
    pub wire: Option<String>,
}

impl DetailRow {
    /// A row; `copy` adds a Copy button.
    pub fn new(label: impl Into<String>, value: impl Into<String>, copy: bool) -> DetailRow {
        DetailRow {
            label: label.into(),
            value: value.into(),
            copy,
            amount: None,
            wire: None,
        }
    }

    /// A row holding an amount.
    pub fn amount(label: impl Into<String>, amount: Option<ShownAmount>) -> DetailRow {
        let value = amount
            .as_ref()
            .map_or_else(|| MISSING.to_owned(), ShownAmount::text);
        DetailRow {
            amount,
            ..DetailRow::new(label, value, true)
        }
    }

    /// A row holding a moment, to the second in the person's clock; its
    /// technical value is the service's own (`created-at: 2026-…Z`).
    pub fn moment(
        label: impl Into<String>,
        moments: &MomentFormat,
        wire_key: &str,
        moment: Option<time::OffsetDateTime>,
    ) -> DetailRow {
        let wire = moment
            .as_ref()
            .map_or_else(|| MISSING.to_owned(), brlv_core::api::timestamp::format);
        DetailRow::new(label, moments.exact_or_missing(moment), false)
            .wire(format!("{wire_key}: {wire}"))
    }

    /// The same row with the service's own key and value (`state-updated-at:
    /// 2026-…`), for support.
    #[must_use]
    pub fn wire(mut self, wire: impl Into<String>) -> DetailRow {
        self.wire = Some(wire.into());
        self
    }
}

/// How long "Copied" shows after a copy button was clicked, in seconds.
const COPIED_NOTE_SECS: f64 = 2.0;

/// A small Copy button for `value`; says "Copied" for a moment after a click.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
pub fn copy_button_ui(ui: &mut Ui, language: Language, value: &str) {
    // Keyed by the value: every Copy button of the same text says it was copied.
    let id = egui::Id::unique(("copied", value));
    let now = ui.input(|input| input.time);
    if ui
        .small_button(tr(language, "accounts.copy").as_ref())
        .clicked()
    {
        ui.ctx().copy_text(value.to_owned());
        ui.data_mut(|data| data.insert_temp(id, now));
    }
    let copied_at: Option<f64> = ui.data(|data| data.get_temp(id));
    if copied_at.is_some_and(|at| now - at < COPIED_NOTE_SECS) {
        ui.label(RichText::new(tr(language, "accounts.copied").as_ref()).weak());
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(COPIED_NOTE_SECS));
    }
}

/// One row of a detail grid; `copy` adds a Copy button for the value.
pub fn detail_row_ui(ui: &mut Ui, language: Language, label: &str, value: &str, copy: bool) {
    ui.label(RichText::new(label).weak());
    ui.horizontal(|ui| {
        ui.add(egui::Label::new(RichText::new(value).monospace()).wrap());
        if copy && value != MISSING {
            copy_button_ui(ui, language, value);
        }
    });
    ui.end_row();
}

/// A grid of every field of a record.
pub fn detail_grid_ui(ui: &mut Ui, id: &str, add_rows: impl FnOnce(&mut Ui)) {
    egui::Grid::new(id)
        .num_columns(2)
        .spacing([16.0, 4.0])
        .striped(true)
        .show(ui, add_rows);
}

/// Whether the technical values are shown: each field's key and value as
/// the service wrote them in the details, and the assets' ids beside their
/// names in forms and filters (one switch for all, kept while the window is
/// open; a detail's checkbox and Settings' Advanced section both turn it).
fn technical_values_id() -> egui::Id {
    egui::Id::unique("brlv-desk-show-technical-values")
}

/// Whether the technical values are shown (see [`technical_values_id`]).
pub fn technical_values_shown(ui: &Ui) -> bool {
    ui.data(|data| data.get_temp(technical_values_id()).unwrap_or(false))
}

/// Shows (or hides) the technical values everywhere.
pub fn set_technical_values(ctx: &egui::Context, shown: bool) {
    ctx.data_mut(|data| data.insert_temp(technical_values_id(), shown));
}

/// Settings' choice of the technical values, in its Advanced section.
pub fn technical_values_setting_ui(ui: &mut Ui, language: Language) {
    let mut shown = technical_values_shown(ui);
    if ui
        .checkbox(
            &mut shown,
            tr(language, "advanced.technical_values").as_ref(),
        )
        .changed()
    {
        set_technical_values(ui.ctx(), shown);
    }
}

/// The share of the width a field's value may take, its name beside it.
const VALUE_SHARE_OF_WIDTH: f32 = 0.45;

/// The narrowest a value's column gets.
const MIN_VALUE_WIDTH: f32 = 160.0;

/// A record's every field in the person's words; an amount compact with its
/// exact value on hover and on its Copy button; each field's wire key and
/// value on hover of its name, and in a third column with "Show technical
/// values" on.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
pub fn record_detail_ui(ui: &mut Ui, language: Language, id: &str, rows: &[DetailRow]) {
    let mut technical: bool = ui.data(|data| data.get_temp(technical_values_id()).unwrap_or(false));
    let has_wire = rows.iter().any(|row| row.wire.is_some());
    if has_wire
        && ui
            .checkbox(
                &mut technical,
                tr(language, "tables.show_technical").as_ref(),
            )
            .changed()
    {
        ui.data_mut(|data| data.insert_temp(technical_values_id(), technical));
    }
    // A whole address or hash folds onto a second line in a narrow view
    // (at 200 %) instead of pushing its Copy button past the window's edge.
    let widest_value = (ui.available_width() * VALUE_SHARE_OF_WIDTH).max(MIN_VALUE_WIDTH);
    egui::Grid::new(format!("{id}_detail"))
        .num_columns(if technical { 3 } else { 2 })
        .spacing([16.0, 4.0])
        .max_col_width(widest_value)
        .striped(true)
        .show(ui, |ui| {
            for row in rows {
                let label = ui.label(RichText::new(&row.label).weak());
                if let Some(wire) = &row.wire {
                    label.on_hover_text(wire);
                }
                ui.horizontal_wrapped(|ui| match &row.amount {
                    Some(amount) => {
                        amount_ui(ui, amount);
                        if let Some(exact) = &amount.exact {
                            copy_button_ui(ui, language, exact);
                        }
                    }
                    None => {
                        ui.add(egui::Label::new(RichText::new(&row.value).monospace()).wrap());
                        if row.copy && row.value != MISSING {
                            copy_button_ui(ui, language, &row.value);
                        }
                    }
                });
                if technical {
                    ui.label(
                        RichText::new(row.wire.as_deref().unwrap_or(""))
                            .monospace()
                            .weak(),
                    );
                }
                ui.end_row();
            }
        });
}
