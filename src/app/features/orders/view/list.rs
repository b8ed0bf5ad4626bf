//! The orders list: newest first, virtualized rows (only the visible ones are
//! laid out, so 10,000 orders scroll smoothly), a state badge, amounts at
//! their scales, the countdown of orders awaiting payment; CSV export.

use egui::{RichText, Sense, Ui};
use egui_extras::{Column, TableBuilder};
use uuid::Uuid;

use crate::api::model::{Order, OrderState};
use crate::app::error_text::Localize;
use crate::app::export::{ExportRecords, export_bar_ui};
use crate::app::state::AppState;
use crate::app::ui::table::row_sentence;
use crate::app::ui::{
    Cell, asset_amount_text, asset_amount_ui, badge_ui, format_countdown, format_moment,
};

use super::super::apply::short_id;
use super::{order_state_label, order_state_tone};

/// Height of one table row.
const ROW_HEIGHT: f32 = 26.0;

/// Draws the toolbar and the table.
pub fn orders_list_ui(ui: &mut Ui, state: &mut AppState) {
    ui.horizontal(|ui| {
        ui.heading(state.t("nav.orders").as_ref());
        ui.add_space(16.0);
        if ui.button(state.t("orders.new_order").as_ref()).clicked() {
            state.orders.form.open = true;
        }
    });
    ui.add_space(6.0);
    export_ui(ui, state);
    ui.add_space(6.0);
    let Some(orders) = state.data.orders.value() else {
        ui.horizontal(|ui| {
            if state.data.orders.is_loading() {
                ui.spinner();
            }
            ui.label(state.t("orders.loading").as_ref());
        });
        if let Some(error) = state.data.orders.error() {
            ui.colored_label(ui.visuals().error_fg_color, error.localize(state.language));
        }
        return;
    };
    if orders.is_empty() {
        ui.weak(state.t("orders.none").as_ref());
        return;
    }
    ui.label(state.t_with("orders.count", &[("n", &orders.len().to_string())]));
    if let Some(id) = orders_table_ui(ui, state, orders) {
        state.select_order(Some(id));
    }
}

/// The path field and the Save button of the CSV export, as every list has.
fn export_ui(ui: &mut Ui, state: &mut AppState) {
    if export_bar_ui(ui, state.language, &mut state.orders.export)
        && let Some(orders) = state.data.orders.value()
    {
        state.export(ExportRecords::Orders(orders.clone()));
    }
}

/// The table; returns the order clicked.
fn orders_table_ui(ui: &mut Ui, state: &AppState, orders: &[Order]) -> Option<Uuid> {
    let mut clicked = None;
    // Selectable text would take a click on a cell's text for itself, so the
    // row would not open; the table's own text is not for selecting.
    let selectable_before = ui.style().interaction.selectable_labels;
    ui.style_mut().interaction.selectable_labels = false;
    let language = state.language;
    let headers = [
        "orders.col_id",
        "orders.col_created",
        "orders.col_state",
        "orders.col_pair",
        "orders.col_source",
        "orders.col_target",
        "orders.col_expires",
    ];
    let mut ticking = false;
    TableBuilder::new(ui)
        .id_salt("orders_table")
        .striped(true)
        .sense(Sense::click())
        .max_scroll_height(f32::INFINITY)
        .column(Column::auto().at_least(80.0))
        .column(Column::auto().at_least(170.0))
        .column(Column::auto().at_least(120.0))
        .column(Column::auto().at_least(110.0))
        .column(Column::initial(220.0).resizable(true).clip(true))
        .column(Column::initial(260.0).resizable(true).clip(true))
        .column(Column::remainder().at_least(90.0))
        .header(ROW_HEIGHT, |mut header| {
            for key in headers {
                header.col(|ui| {
                    ui.strong(state.t(key).as_ref());
                });
            }
        })
        .body(|body| {
            body.rows(ROW_HEIGHT, orders.len(), |mut row| {
                let Some(order) = orders.get(row.index()) else {
                    return;
                };
                let short = short_id(&order.id);
                row.col(|ui| {
                    if ui.link(RichText::new(&short).monospace()).clicked() {
                        clicked = Some(order.id);
                    }
                });
                row.col(|ui| {
                    ui.label(order.created_at.map(format_moment).unwrap_or_default());
                });
                row.col(|ui| {
                    if let Some(order_state) = &order.state {
                        badge_ui(
                            ui,
                            &order_state_label(language, order_state),
                            order_state_tone(order_state),
                        );
                    }
                });
                row.col(|ui| {
                    let ticker = |asset: Option<&crate::api::model::Asset>| {
                        asset.map(|asset| asset.ticker()).unwrap_or_default()
                    };
                    ui.label(format!(
                        "{} / {}",
                        ticker(order.source_asset.as_ref()),
                        ticker(order.target_asset.as_ref())
                    ));
                });
                row.col(|ui| {
                    asset_amount_ui(
                        ui,
                        language,
                        order.source_amount,
                        order.source_asset.as_ref(),
                    );
                });
                row.col(|ui| {
                    asset_amount_ui(
                        ui,
                        language,
                        order.target_amount,
                        order.target_asset.as_ref(),
                    );
                });
                row.col(|ui| {
                    if let Some(left) = seconds_to_pay(state, order) {
                        ticking = true;
                        ui.label(format_countdown(left));
                    }
                });
                let response = row.response();
                // The row as one sentence for screen readers (only rows in view are built).
                response.widget_info(|| {
                    let ticker = |asset: Option<&crate::api::model::Asset>| {
                        asset.map(|asset| asset.ticker()).unwrap_or_default()
                    };
                    let amount = |value, asset| asset_amount_text(language, value, asset);
                    let cells = [
                        short.clone(),
                        order.created_at.map(format_moment).unwrap_or_default(),
                        order
                            .state
                            .as_ref()
                            .map(|s| order_state_label(language, s))
                            .unwrap_or_default(),
                        format!(
                            "{} / {}",
                            ticker(order.source_asset.as_ref()),
                            ticker(order.target_asset.as_ref())
                        ),
                        amount(order.source_amount, order.source_asset.as_ref()),
                        amount(order.target_amount, order.target_asset.as_ref()),
                        seconds_to_pay(state, order)
                            .map(format_countdown)
                            .unwrap_or_default(),
                    ]
                    .map(Cell::Text);
                    let titles = headers.map(|key| state.t(key));
                    let titles: Vec<&str> = titles.iter().map(AsRef::as_ref).collect();
                    egui::WidgetInfo::labeled(
                        egui::Role::Row,
                        true,
                        row_sentence(language, &titles, &cells),
                    )
                });
                if response.clicked() {
                    clicked = Some(order.id);
                }
            });
        });
    if ticking {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs(1));
    }
    ui.style_mut().interaction.selectable_labels = selectable_before;
    clicked
}

/// Seconds left to pay a brcode order awaiting payment; `None` for any other order.
pub fn seconds_to_pay(state: &AppState, order: &Order) -> Option<i64> {
    let awaiting = order.state.as_ref() == Some(&OrderState::Created) && order.brcode.is_some();
    let expiration = order.expiration.filter(|_| awaiting)?;
    Some((expiration - state.wall_now).whole_seconds().max(0))
}
